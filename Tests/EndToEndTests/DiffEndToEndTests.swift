import Foundation
import RosterTestSupport
import Testing

/// `roster diff` in a repository the test makes: a reorganisation over three commits (a move and
/// a promotion, a rename of a person and of a team, a namesake hired), read with no server and no
/// token, between any two versions and against the working tree.
@Suite(.scratchFolder) struct DiffEndToEndTests {
    func git(_ arguments: [String], in folder: URL) throws {
        let result = try RosterBinary.run(
            ["/usr/bin/env", "git", "-c", "user.name=T", "-c", "user.email=t@example.com"] + arguments, direct: true,
            directory: folder)
        #expect(result.code == 0, "git \(arguments): \(result.stderr)")
    }

    func roster(_ arguments: [String], in folder: URL) throws -> RosterBinary.Result {
        // No endpoint and no token: a reviewer of a fork's pull request has neither.
        try RosterBinary.run(arguments, environment: ["MPS_TOKEN": "", "MPS_ENDPOINT": ""], directory: folder)
    }

    func edit(_ arguments: [String], in folder: URL) throws {
        let result = try roster(arguments + ["roster.yaml"], in: folder)
        #expect(result.code == 0, "\(arguments): \(result.stderr)")
    }

    func people(_ json: String) throws -> [String: [String]] {
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        var kinds: [String: [String]] = [:]
        for person in document?["people"] as? [[String: Any]] ?? [] {
            kinds[person["name"] as? String ?? ""] = person["kinds"] as? [String]
        }
        return kinds
    }

    /// A new repository whose main branch holds examples/acme.yaml as `roster.yaml`, as applied.
    func acmeRepository() throws -> URL {
        let folder = ScratchFolder.url.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let acme = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml"), encoding: .utf8)
        try acme.write(to: folder.appendingPathComponent("roster.yaml"), atomically: true, encoding: .utf8)
        try git(["init", "-q", "-b", "main"], in: folder)
        try git(["add", "."], in: folder)
        try git(["commit", "-q", "-m", "applied"], in: folder)
        return folder
    }

    @Test func aQuarterInThreeCommitsIsToldPersonByPerson() throws {
        let folder = try acmeRepository()
        try git(["checkout", "-q", "-b", "quarter"], in: folder)
        try edit(["move", "Leo Santos", "--to", "Backend Services"], in: folder)
        try edit(["set", "person", "Leo Santos", "--level", "Mid", "--since", "2026-10-01"], in: folder)
        try git(["commit", "-q", "-am", "Leo moves and is promoted"], in: folder)
        try edit(["rename", "person", "David Kim", "David Kimura"], in: folder)
        try edit(["rename", "team", "Design Systems", "Design"], in: folder)
        try git(["commit", "-q", "-am", "renames"], in: folder)
        try edit(["set", "person", "Maya Patel", "--id", "13"], in: folder)
        try edit(
            ["hire", "Maya Patel", "--namesake", "--craft", "Design", "--level", "Junior", "--team", "Design"],
            in: folder)
        // Against the default branch, before the last commit: the working tree counts.
        let text = try roster(["diff"], in: folder)
        #expect(text.code == 0, "\(text.stderr)")
        #expect(text.stdout.contains("People: 1 join, 0 leave, 1 move, 1 promoted, 1 other change"), "\(text.stdout)")
        #expect(text.stdout.contains("Leo Santos") && text.stdout.contains("renamed from \"David Kim\""))
        #expect(text.stdout.contains("team \"Design\"") && text.stdout.contains("renamed from \"Design Systems\""))
        try git(["commit", "-q", "-am", "a namesake"], in: folder)
        let range = try roster(["diff", "main..HEAD~1", "--format", "json"], in: folder)
        #expect(range.code == 0, "\(range.stderr)")
        let kinds = try people(range.stdout)
        #expect(kinds["Leo Santos"] == ["moves", "promoted"], "\(kinds)")
        #expect(kinds["David Kimura"] == ["other"])
        #expect(kinds["Maya Patel"] == nil, "the namesake came after HEAD~1")
        let last = try people(try roster(["diff", "HEAD~1", "--format", "json"], in: folder).stdout)
        #expect(last == ["Maya Patel": ["joins"]], "\(last)")
        let markdown = try roster(["diff", "main..HEAD", "--format", "markdown"], in: folder)
        #expect(markdown.stdout.hasPrefix("### Roster changes: main ("), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("| ➕ | Maya Patel |"), "\(markdown.stdout)")
        try expectLog(in: folder)
        let unknown = try roster(["diff", "no-such-revision"], in: folder)
        #expect(unknown.code == 64 || unknown.code == 2 || unknown.code == 1)
        #expect(unknown.stderr.contains("no git revision no-such-revision"))
    }

    /// `roster log` of the same history: each commit with its people; one person's story and one
    /// team's across their renames; the quarters' counts; JSON.
    func expectLog(in folder: URL) throws {
        let all = try roster(["log"], in: folder)
        #expect(all.code == 0, "\(all.stderr)")
        #expect(all.stdout.contains("Leo moves and is promoted") && all.stdout.contains("a namesake"), "\(all.stdout)")
        let david = try roster(["log", "--person", "David Kimura", "--format", "json"], in: folder)
        let commits = try JSONSerialization.jsonObject(with: Data(david.stdout.utf8)) as? [String: Any]
        let subjects = (commits?["commits"] as? [[String: Any]] ?? []).compactMap { $0["subject"] as? String }
        #expect(subjects == ["applied", "renames"], "David Kim joined, then was renamed: \(subjects)")
        let design = try roster(["log", "--team", "Design"], in: folder)
        #expect(design.stdout.contains("applied") && design.stdout.contains("a namesake"), "\(design.stdout)")
        #expect(!design.stdout.contains("Leo moves"), "\(design.stdout)")
        let periods = (commits?["periods"] as? [[String: Any]]) ?? []
        #expect(periods.count == 1 && (periods.first?["period"] as? String)?.contains(" Q") == true)
        #expect(all.stdout.contains("Summary\n  "), "\(all.stdout)")
    }

    /// `report promotions` dates a level change by the commit that made it when the entry states
    /// no level start date, following a rename; a namesake is left undated, and outside git the
    /// report counts such people as undated.
    @Test func promotionsWithoutDatesAreDatedByTheirCommit() throws {
        let folder = ScratchFolder.url.appendingPathComponent("promotions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("roster.yaml")
        func commit(_ text: String, _ day: String, _ subject: String) throws {
            try ("version: 1\ndefaults: { craft: Engineering }\n" + text).write(
                to: file, atomically: true, encoding: .utf8)
            try git(["add", "."], in: folder)
            try git(["commit", "-q", "--date", "\(day)T12:00:00+00:00", "-m", subject], in: folder)
        }
        try git(["init", "-q", "-b", "main"], in: folder)
        try commit(
            "people:\n  - { name: Zoë Ndiaye, level: Junior }\n  - { name: Sam Lee, id: 1, level: Junior }\n"
                + "  - { name: Sam Lee, id: 2, level: Junior }\n  - { name: Ann, level: Mid, levelStartDate: 2026-09-01 }\n",
            "2026-01-10", "hires")
        try commit(
            "people:\n  - { name: Zoë Ndiaye, level: Mid }\n  - { name: Sam Lee, id: 1, level: Mid }\n"
                + "  - { name: Sam Lee, id: 2, level: Junior }\n  - { name: Ann, level: Mid, levelStartDate: 2026-09-01 }\n",
            "2026-08-15", "promotions")
        try commit(
            "people:\n  - { name: Zoë Ndiaye-Sow, level: Mid, previously: [Zoë Ndiaye] }\n"
                + "  - { name: Sam Lee, id: 1, level: Mid }\n  - { name: Sam Lee, id: 2, level: Junior }\n"
                + "  - { name: Ann, level: Mid, levelStartDate: 2026-09-01 }\n",
            "2026-10-01", "a rename")
        let report = try roster(
            ["report", "promotions", "--since", "2026-07-01", "--as-of", "2026-11-23", "--format", "json"], in: folder)
        #expect(report.code == 0, "\(report.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
        let rows = (document?["people"] as? [[String: Any]] ?? []).map {
            "\($0["name"] ?? "") \($0["levelStartDate"] ?? "") \(($0["commit"] as? String)?.count ?? 0) "
                + "\($0["change"] ?? "") \($0["from"] ?? "")"
        }
        // Ann's level start date falls in the period, but her level came with her hire: not a promotion.
        #expect(
            rows == ["Zoë Ndiaye-Sow 2026-08-15 12 promotion Junior", "Ann 2026-09-01 0 hire <null>"],
            "\(report.stdout)")
        #expect(document?["undated"] as? Int == 3)
        let text = try roster(["report", "promotions", "--since", "2026-07-01", "--as-of", "2026-11-23"], in: folder)
        #expect(text.stdout.contains("2026-08-15 (git "), "\(text.stdout)")
        #expect(
            text.stdout.contains(
                "1 promotion; 1 hire; 3 state no level start date, 1 of them dated"
            ),
            "\(text.stdout)")
        #expect(text.stdout.contains("Not level changes"), "\(text.stdout)")
        let before = try roster(
            ["report", "promotions", "--since", "2026-07-01", "--as-of", "2026-08-14", "--format", "json"], in: folder)
        #expect(!before.stdout.contains("Zoë"), "a commit after --as-of does not count: \(before.stdout)")
    }
}

extension DiffEndToEndTests {
    /// A promotion dated ahead is told under Scheduled, with its day, in every format.
    @Test func aPromotionDatedAheadIsToldAsScheduled() throws {
        let folder = try acmeRepository()
        try edit(["set", "person", "Leo Santos", "--level", "Mid", "--since", "2099-01-01"], in: folder)
        let text = try roster(["diff"], in: folder)
        #expect(text.code == 0 && text.stdout.contains("Scheduled: 1 change"), "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("  2099-01-01\n") && text.stdout.contains("Leo Santos"), "\(text.stdout)")
        let markdown = try roster(["diff", "--format", "markdown"], in: folder)
        #expect(markdown.stdout.contains("#### Scheduled") && markdown.stdout.contains("| 2099-01-01 | Leo Santos"))
        let json = try roster(["diff", "--format", "json"], in: folder)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let scheduled = try #require(document?["scheduled"] as? [[String: Any]])
        #expect(scheduled.first?["on"] as? String == "2099-01-01")
    }
}
