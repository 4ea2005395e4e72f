import Foundation
import RosterTestSupport
import Testing

/// Each defect of issue 68 on its own, in a repository the test writes: `roster log` and
/// `roster diff` tell each event once, where it happened, wherever the roster lived.
@Suite(.scratchFolder) struct HistoryDefectTests {
    static let team = "  - name: Search X\n    lead: Ana Lima\n    members: [Ben Okafor, Cy Núñez, Dee Müller]\n"

    static func people(_ overrides: [String: String] = [:]) -> [String] {
        ["Ana Lima", "Ben Okafor", "Cy Núñez", "Dee Müller"].map { name in
            "{ name: \(name), level: Mid\(overrides[name].map { ", " + $0 } ?? "") }"
        }
    }

    /// 1. A dated change is told when decided and on its day, never again at later commits.
    @Test func aDatedChangeIsToldOnceDecidedAndOnceOnItsDay() throws {
        let repo = try HistoryRepository("dated-once")
        try repo.commit(
            "base", on: "2026-03-01", ["roster.yaml": HistoryRepository.roster(Self.people(), teams: Self.team)])
        let dated =
            "  - name: Search X\n    lead: Ana Lima\n    members: [Ben Okafor, Cy Núñez, Dee Müller]\n"
            + "    changes:\n      - { on: 2026-04-15, members: [Ben Okafor, Dee Müller] }\n"
            + "      - { on: 2099-07-01, members: [Dee Müller] }\n"
        var people = ["Ben Okafor": "lastDay: 2099-06-30", "Cy Núñez": "lastDay: 2026-04-14"]
        try repo.commit(
            "two leave", on: "2026-03-02", ["roster.yaml": HistoryRepository.roster(Self.people(people), teams: dated)])
        people["Dee Müller"] = "focus: Frontend"
        try repo.commit(
            "focus only", on: "2026-03-10", ["roster.yaml": HistoryRepository.roster(Self.people(people), teams: dated)]
        )
        people["Ana Lima"] = "focus: Frontend"
        try repo.commit(
            "focus again", on: "2026-05-01",
            ["roster.yaml": HistoryRepository.roster(Self.people(people), teams: dated)])
        let log = try repo.json(["log"])
        let commits = HistoryRepository.commits(log)
        let scheduled = (commits["two leave"]?["scheduled"] as? [[String: Any]] ?? []).map {
            "\($0["on"] ?? "") \(HistoryRepository.people($0["people"]))"
        }
        #expect(scheduled == ["2026-04-15 [\"Cy Núñez\": [\"leaves\"]]", "2099-07-01 [\"Ben Okafor\": [\"leaves\"]]"])
        for subject in ["focus only", "focus again"] {
            #expect((commits[subject]?["scheduled"] as? [Any])?.isEmpty == true, "\(subject) decides nothing")
            #expect(HistoryRepository.people(commits[subject]?["people"]).values.allSatisfy { $0 == ["other"] })
        }
        let days = (log["days"] as? [[String: Any]] ?? []).map {
            "\($0["day"] ?? "") \(HistoryRepository.people($0["people"]))"
        }
        // The day it took effect, once; 2099 has not come.
        #expect(days == ["2026-04-15 [\"Cy Núñez\": [\"leaves\"]]"])
        let leaves = (log["periods"] as? [[String: Any]] ?? []).reduce(0) { $0 + ($1["leaves"] as? Int ?? 0) }
        #expect(leaves == 1)
        let focus = try repo.json(["diff", "HEAD~2..HEAD~1"])
        #expect((focus["scheduled"] as? [Any])?.isEmpty == true, "a focus-only commit schedules nothing again")
        let decided = try repo.json(["diff", "HEAD~3..HEAD~2"])
        #expect(HistoryRepository.people(decided["people"]) == ["Cy Núñez": ["leaves"]])
        #expect((decided["scheduled"] as? [Any])?.count == 1, "Ben's leave, decided there")
    }

    /// 2. A merged branch is one entry at its merge, with its commits' subjects; nothing of it is
    /// credited to the commits after; nobody is in no team.
    @Test func aMergedBranchIsOneEntryAtItsMerge() throws {
        let repo = try HistoryRepository("merge")
        let teams = { (x: String, y: String) in
            "  - name: Search X\n    lead: Ana Lima\n    members: [\(x)]\n"
                + "  - name: Search Y\n    lead: Eve Sá\n    members: [\(y)]\n"
        }
        let everyone = Self.people() + ["{ name: Eve Sá, level: Senior }", "{ name: Fil Ng, level: Junior }"]
        try repo.commit(
            "base", on: "2026-09-01",
            [
                "roster.yaml": HistoryRepository.roster(
                    everyone, teams: teams("Ben Okafor, Cy Núñez, Dee Müller", "Fil Ng"))
            ])
        try repo.git(["checkout", "-q", "-b", "reorg"])
        try repo.commit(
            "Ben and Cy move", on: "2026-09-02",
            [
                "roster.yaml": HistoryRepository.roster(
                    everyone, teams: teams("Dee Müller", "Ben Okafor, Cy Núñez, Fil Ng"))
            ])
        try repo.commit(
            "Dee moves", on: "2026-09-03",
            [
                "roster.yaml": HistoryRepository.roster(
                    everyone, teams: teams("", "Ben Okafor, Cy Núñez, Dee Müller, Fil Ng"))
            ])
        try repo.git(["checkout", "-q", "main"])
        try repo.git(
            ["merge", "-q", "--no-ff", "reorg", "-m", "Merge the reorganisation"], at: "2026-09-04T10:00:00+00:00")
        var later = everyone
        later[4] = "{ name: Eve Sá, level: Senior, focus: Frontend }"
        try repo.commit(
            "nightly", on: "2026-09-05",
            [
                "roster.yaml": HistoryRepository.roster(
                    later, teams: teams("", "Ben Okafor, Cy Núñez, Dee Müller, Fil Ng"))
            ])
        let log = try repo.json(["log"])
        let commits = HistoryRepository.commits(log)
        let merge = try #require(commits["Merge the reorganisation"])
        #expect(
            HistoryRepository.people(merge["people"]) == [
                "Ben Okafor": ["moves"], "Cy Núñez": ["moves"], "Dee Müller": ["moves"],
            ])
        #expect(
            (merge["merged"] as? [[String: Any]] ?? []).compactMap { $0["subject"] as? String } == [
                "Dee moves", "Ben and Cy move",
            ])
        #expect(HistoryRepository.people(commits["nightly"]?["people"]) == ["Eve Sá": ["other"]])
        #expect(commits.count == 3)
        #expect((log["periods"] as? [[String: Any]])?.first?["moves"] as? Int == 3)
        #expect((log["inNoTeam"] as? [String]) == [])
        let text = try repo.roster(["log"])
        #expect(
            text.stdout.contains("Merged 2 commits:") && text.stdout.contains("In no team now: 0"), "\(text.stdout)")
    }

    /// 3. Moves into a team that starts on a day are moves, on that day; a team's log holds its
    /// story under its current name and any former one.
    @Test func movesIntoANewTeamAreMovesAndATeamIsFoundByAnyName() throws {
        let repo = try HistoryRepository("new-team")
        let others = "  - name: Search Y\n    lead: Eve Sá\n    members: [Fil Ng]\n"
        let everyone = Self.people() + ["{ name: Eve Sá, level: Senior }", "{ name: Fil Ng, level: Junior }"]
        try repo.commit(
            "base", on: "2026-01-05", ["roster.yaml": HistoryRepository.roster(everyone, teams: Self.team + others)])
        let discovery =
            "  - name: Search X\n    lead: Ana Lima\n    members: [Ben Okafor, Cy Núñez, Dee Müller]\n"
            + "    changes:\n      - { on: 2026-02-10, members: [Dee Müller] }\n"
            + "  - name: Discovery Α\n    starts: 2026-02-10\n    lead: Ben Okafor\n    members: [Cy Núñez]\n"
        try repo.commit(
            "Discovery starts", on: "2026-02-01",
            ["roster.yaml": HistoryRepository.roster(everyone, teams: discovery + others)])
        let renamed = "  - name: Search Why\n    previously: [Search Y]\n    lead: Eve Sá\n    members: [Fil Ng]\n"
        try repo.commit(
            "rename", on: "2026-03-01", ["roster.yaml": HistoryRepository.roster(everyone, teams: discovery + renamed)])
        let log = try repo.json(["log", "--team", "Discovery Α"])
        let days = log["days"] as? [[String: Any]] ?? []
        #expect(days.count == 1 && days.first?["day"] as? String == "2026-02-10")
        #expect(HistoryRepository.people(days.first?["people"]) == ["Ben Okafor": ["moves"], "Cy Núñez": ["moves"]])
        for name in ["Search Why", "Search Y"] {
            let team = HistoryRepository.commits(try repo.json(["log", "--team", name]))
            #expect(Set(team.keys) == ["base", "rename"], "\(name): \(team.keys)")
        }
        let text = try repo.roster(["log"])
        #expect(text.stdout.contains("Search X → Discovery Α (lead)"), "\(text.stdout)")
    }
}

extension HistoryDefectTests {
    /// 15 people in three teams, as YAML: `promoted` are Senior.
    static func company(promoted: Set<Int> = []) -> (people: String, teams: String) {
        let names = (0..<15).map { "Person \($0) Ölander" }
        let people = names.enumerated().map { i, name in
            "  - { name: \(name), level: \(promoted.contains(i) ? "Senior" : "Mid") }\n"
        }.joined()
        let teams = (0..<3).map { t in
            let members = names[t * 5 + 1..<t * 5 + 5].joined(separator: ", ")
            return "  - name: Team \(t)\n    lead: \(names[t * 5])\n    members: [\(members)]\n"
        }.joined()
        return ("version: 1\ndefaults: { craft: Engineering, focus: Backend }\npeople:\n" + people, "teams:\n" + teams)
    }

    /// 4. The roster followed wherever it lived: split into a folder, turned into JSON; the move
    /// tells nobody joining or leaving, with no path or with an old or a new one.
    @Test func theRosterIsFollowedWhereverItLived() throws {
        let repo = try HistoryRepository("moved")
        let first = Self.company()
        try repo.commit("base", on: "2026-01-05", ["roster.yaml": first.people + first.teams])
        let second = Self.company(promoted: [1])
        try repo.commit("a promotion", on: "2026-01-06", ["roster.yaml": second.people + second.teams])
        try FileManager.default.createDirectory(
            at: repo.url.appendingPathComponent("roster"), withIntermediateDirectories: true)
        try repo.git(["mv", "roster.yaml", "roster/people.yaml"])
        try repo.commit(
            "split", on: "2026-01-07",
            ["roster/people.yaml": second.people, "roster/teams.yaml": "version: 1\n" + second.teams])
        let third = Self.company(promoted: [1, 2])
        try repo.commit("another promotion", on: "2026-01-08", ["roster/people.yaml": third.people])
        for arguments in [["log"], ["log", "roster/"]] {
            let subjects = HistoryRepository.commits(try repo.json(arguments)).keys.sorted()
            #expect(subjects == ["a promotion", "another promotion", "base"], "\(arguments): \(subjects)")
        }
        let old = try repo.roster(["log", "roster.yaml", "--format", "json"])
        #expect(old.code == 0, "\(old.stderr)")
        let oldLog = try JSONSerialization.jsonObject(with: Data(old.stdout.utf8)) as? [String: Any] ?? [:]
        let kinds = HistoryRepository.commits(oldLog).values.flatMap { HistoryRepository.people($0["people"]).values }
        #expect(!kinds.contains(["leaves"]), "the split is no one leaving: \(old.stdout)")
        #expect(HistoryRepository.commits(oldLog).keys.sorted() == ["a promotion", "base"])
        #expect(old.stdout.contains("moved or deleted"), "\(old.stdout)")
        let across = try repo.json(["diff", "HEAD~2..HEAD~1", "roster.yaml", "roster/"])
        #expect(HistoryRepository.people(across["people"]).isEmpty)
        // Turned into JSON: plain `roster log` follows it there too.
        try repo.commit(
            "as JSON", on: "2026-01-09",
            ["roster/people.yaml": nil, "roster/teams.yaml": nil, "roster.json": Self.jsonCompany(promoted: [1, 2])])
        let all = HistoryRepository.commits(try repo.json(["log"]))
        #expect(all.keys.sorted() == ["a promotion", "another promotion", "base"], "\(all.keys)")
        let diff = try repo.json(["diff", "HEAD~3..HEAD"])
        #expect(HistoryRepository.people(diff["people"]) == ["Person 2 Ölander": ["promoted"]])
    }

    static func jsonCompany(promoted: Set<Int>) -> String {
        let names = (0..<15).map { "Person \($0) Ölander" }
        let people = names.enumerated().map { i, name in
            "{\"name\": \"\(name)\", \"level\": \"\(promoted.contains(i) ? "Senior" : "Mid")\"}"
        }
        let teams = (0..<3).map { t in
            "{\"name\": \"Team \(t)\", \"lead\": \"\(names[t * 5])\", \"members\": ["
                + names[t * 5 + 1..<t * 5 + 5].map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
        }
        return "{\"version\": 1, \"defaults\": {\"craft\": \"Engineering\", \"focus\": \"Backend\"},\n"
            + "\"people\": [\n" + people.joined(separator: ",\n") + "],\n\"teams\": [\n"
            + teams.joined(separator: ",\n")
            + "]}\n"
    }

    /// 5. A history command never checks ids against a space: an id the newer version pins and
    /// the older lacks is someone new.
    @Test func aPinnedIdTheOlderVersionLacksIsSomeoneNew() throws {
        let repo = try HistoryRepository("pins")
        try repo.commit("base", on: "2026-01-05", ["roster.yaml": HistoryRepository.roster(Self.people())])
        let more = Self.people() + ["{ name: Zoë Ndiaye, id: 2004, level: Junior }"]
        try repo.commit("hire", on: "2026-01-06", ["roster.yaml": HistoryRepository.roster(more)])
        let diff = try repo.json(["diff", "HEAD~1..HEAD"])
        #expect(HistoryRepository.people(diff["people"]) == ["Zoë Ndiaye": ["joins"]])
    }
}

extension HistoryDefectTests {
    /// 6. JSON ids are pinned ids or null; `--since DAY` is the whole day in UTC; a level dated
    /// ahead reads "since DATE"; a name no version has gets a did-you-mean and exit 1.
    @Test func idsDaysWordsAndUnknownNames() throws {
        let repo = try HistoryRepository("words")
        try repo.commit(
            "base", on: "2026-09-30", ["roster.yaml": HistoryRepository.roster(Self.people(), teams: Self.team)])
        let grown =
            ["{ name: Ana Lima, level: Senior, levelStartDate: 2099-01-01 }"] + Self.people().dropFirst()
            + ["{ name: Leo Silva, level: Junior }"]
        let teams = Self.team + "  - name: Search Z\n    lead: Leo Silva\n"
        try repo.commit(
            "just after midnight", on: "2026-10-02T00:00:01+00:00",
            ["roster.yaml": HistoryRepository.roster(grown, teams: teams)])
        let moved =
            Self.team.replacingOccurrences(of: ", Dee Müller", with: "")
            + "  - name: Search Z\n    lead: Leo Silva\n    members: [Dee Müller]\n"
        // 23:30 in New York on the 1st is the 2nd in UTC.
        try repo.commit(
            "late in New York", on: "2026-10-01T23:30:00-05:00",
            ["roster.yaml": HistoryRepository.roster(grown, teams: moved)])
        let since = HistoryRepository.commits(try repo.json(["log", "--since", "2026-10-02"]))
        #expect(since.keys.sorted() == ["just after midnight", "late in New York"])
        let until = HistoryRepository.commits(try repo.json(["log", "--until", "2026-10-01"]))
        #expect(until.keys.sorted() == ["base"])
        let diff = try repo.json(["diff", "HEAD~2..HEAD"])
        let changes = (diff["changes"] as? [[String: Any]] ?? []) + (diff["people"] as? [[String: Any]] ?? [])
        #expect(changes.allSatisfy { $0["id"] is NSNull }, "nothing pinned: every id is null: \(changes)")
        let text = try repo.roster(["diff", "HEAD~2..HEAD"])
        #expect(text.stdout.contains("level: Mid → Senior since 2099-01-01"), "\(text.stdout)")
        #expect(!text.stdout.contains("levelStartDate: none"), "\(text.stdout)")
        let unknown = try repo.roster(["log", "--person", "Leo Sliva"])
        #expect(unknown.code == 1 && unknown.stderr.contains("did you mean \"Leo Silva\"?"), "\(unknown.stderr)")
        let team = try repo.roster(["log", "--team", "Search Q"])
        #expect(team.code == 1 && team.stderr.contains("did you mean"), "\(team.stderr)")
        let bad = try repo.roster(["log", "--since", "October"])
        #expect(bad.code != 0 && bad.stderr.contains("YYYY-MM-DD"), "\(bad.stderr)")
    }

    /// 7. `report promotions` reports promotions, with the level before; a hire and a corrected
    /// date in the period are labelled as what they are.
    @Test func promotionsAreToldFromHiresAndCorrections() throws {
        let repo = try HistoryRepository("promotions")
        let base = ["{ name: Ann Ek, level: Junior }", "{ name: Ben Oz, level: Mid, levelStartDate: 2025-01-01 }"]
        try repo.commit("base", on: "2026-06-01", ["roster.yaml": HistoryRepository.roster(base)])
        let later = [
            "{ name: Ann Ek, level: Mid, levelStartDate: 2026-08-01 }",
            "{ name: Ben Oz, level: Mid, levelStartDate: 2026-08-03 }",
            "{ name: Cy Ueda, level: Senior, levelStartDate: 2026-08-01 }",
        ]
        try repo.commit("August", on: "2026-08-04", ["roster.yaml": HistoryRepository.roster(later)])
        let report = try repo.json(["report", "promotions", "--since", "2026-07-01", "--as-of", "2026-11-23"])
        let rows = (report["people"] as? [[String: Any]] ?? []).map {
            "\($0["name"] ?? "") \($0["change"] ?? "") \($0["from"] is NSNull ? "-" : "\($0["from"] ?? "")")"
        }
        #expect(rows == ["Ann Ek promotion Junior", "Ben Oz dateCorrection -", "Cy Ueda hire -"], "\(rows)")
        let text = try repo.roster(["report", "promotions", "--since", "2026-07-01", "--as-of", "2026-11-23"])
        let parts = text.stdout.components(separatedBy: "Not level changes")
        #expect(parts.count == 2 && parts[0].contains("Ann Ek") && !parts[0].contains("Cy Ueda"), "\(text.stdout)")
        #expect(parts.last?.contains("hire") == true && parts.last?.contains("date correction") == true)
        #expect(text.stdout.contains("1 promotion; 1 hire; 1 date correction"), "\(text.stdout)")
    }
}
