import Foundation
import RosterModel
import RosterTestSupport
import Testing

/// A generated history (issue 68): a seeded generator writes a roster's git history commit by
/// commit with known events — 220 people and more, 45 commits: joins, leaves, moves, promotions,
/// renames of people and teams, leaves and promotions dated ahead, merged branches, a namesake,
/// the roster split into a folder and turned into JSON, reformatting only — and `roster log` and
/// `roster diff` must tell exactly that truth: every event once, at its commit (a merge's at the
/// merge), a dated change where it was decided and on its day, nothing invented, the quarters'
/// counts those of the truth, who is in no team now as the last version has it.
@Suite(.scratchFolder) struct HistoryPropertyTests {
    @Test(arguments: [68 as UInt64, 1_068, 20_261_128])
    func logAndDiffTellTheGeneratedTruth(seed: UInt64) throws {
        let repo = ScratchFolder.url.appendingPathComponent("history-\(seed)")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        let history = HistoryGenerator(repo: repo, seed: seed, start: Day("2026-01-05") ?? .distantPast)
        history.git(["init", "-q", "-b", "main"])
        history.run(commits: 45)
        // The generator made every kind of event it promises.
        let kinds = Set(history.truths.flatMap { $0.people.values.flatMap { $0 } + $0.decided.map(\.kind) })
        #expect(kinds == ["joins", "leaves", "moves", "promoted", "other"])
        #expect(history.truths.contains { !$0.renamedTeams.isEmpty } && history.truths.contains { $0.merged > 0 })
        #expect(history.truths.contains { !$0.decided.isEmpty } && history.present.count >= 200)
        let result = try RosterBinary.run(["log", "--format", "json"], environment: Self.offline, directory: repo)
        #expect(result.code == 0, "\(result.stderr)")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        try expectCommits(log, history)
        expectDays(log, history)
        expectCounts(log, history)
        let inNoTeam = Set(history.present.filter { $0.team == nil }.map(\.name))
        #expect(Set(log["inNoTeam"] as? [String] ?? []) == inNoTeam)
        try expectDiffs(history, repo)
    }

    static let offline = ["MPS_TOKEN": "", "MPS_ENDPOINT": ""]

    /// Each story of a JSON list: name → kinds.
    static func people(_ value: Any?) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for story in value as? [[String: Any]] ?? [] {
            out[story["name"] as? String ?? "", default: []] += story["kinds"] as? [String] ?? []
        }
        return out
    }

    func expectCommits(_ log: [String: Any], _ history: HistoryGenerator) throws {
        let commits = log["commits"] as? [[String: Any]] ?? []
        let bySubject = Dictionary(commits.map { ($0["subject"] as? String ?? "", $0) }) { a, _ in a }
        #expect(commits.count == bySubject.count, "each commit once")
        let told = history.truths.filter { !$0.people.isEmpty || !$0.renamedTeams.isEmpty || !$0.decided.isEmpty }
        #expect(Set(bySubject.keys) == Set(told.map(\.subject)), "no commit without events, none left out")
        for truth in told {
            let commit = try #require(bySubject[truth.subject], "\(truth.subject)")
            #expect(commit["day"] as? String == truth.day.description, "\(truth.subject)")
            #expect(Self.people(commit["people"]) == truth.people, "\(truth.subject)")
            let renamed = (commit["changes"] as? [[String: Any]] ?? []).filter {
                $0["kind"] as? String == "team" && ($0["fields"] as? [String] ?? []).contains("name")
            }.compactMap { $0["name"] as? String }
            #expect(Set(renamed) == Set(truth.renamedTeams), "\(truth.subject)")
            var decided: [String] = []
            for day in commit["scheduled"] as? [[String: Any]] ?? [] {
                for (name, kinds) in Self.people(day["people"]) {
                    decided += kinds.map { "\(day["on"] as? String ?? "") \(name) \($0)" }
                }
            }
            #expect(decided.sorted() == truth.decided.map { "\($0.day) \($0.name) \($0.kind)" }.sorted())
            #expect((commit["merged"] as? [Any])?.count == truth.merged, "\(truth.subject)")
        }
    }

    func expectDays(_ log: [String: Any], _ history: HistoryGenerator) {
        var truth: [String: [String: [String]]] = [:]
        for decided in history.truths.flatMap(\.decided) {
            truth[decided.day.description, default: [:]][decided.name, default: []].append(decided.kind)
        }
        var told: [String: [String: [String]]] = [:]
        for day in log["days"] as? [[String: Any]] ?? [] {
            let key = day["day"] as? String ?? ""
            #expect(told[key] == nil, "each day once")
            told[key] = Self.people(day["people"])
            #expect((day["decidedIn"] as? [String] ?? []).count >= 1, "\(key)")
        }
        #expect(told == truth)
    }

    /// The quarters' counts are the truth's: a commit's events in its quarter, a dated one in its day's.
    func expectCounts(_ log: [String: Any], _ history: HistoryGenerator) {
        var truth: [String: [String: Int]] = [:]
        func quarter(_ day: Day) -> String {
            let text = day.description
            return "\(text.prefix(4)) Q\(((Int(text.dropFirst(5).prefix(2)) ?? 1) - 1) / 3 + 1)"
        }
        for commit in history.truths {
            for kinds in commit.people.values {
                for kind in kinds { truth[quarter(commit.day), default: [:]][kind, default: 0] += 1 }
            }
            for decided in commit.decided { truth[quarter(decided.day), default: [:]][decided.kind, default: 0] += 1 }
        }
        for period in log["periods"] as? [[String: Any]] ?? [] {
            let name = period["period"] as? String ?? ""
            for kind in ["joins", "leaves", "moves", "promoted", "other"] {
                #expect(period[kind] as? Int == truth[name]?[kind] ?? 0, "\(name) \(kind)")
            }
        }
    }

    /// `roster diff` of single first-parent commits: what the commit did, as it stands today
    /// (what it dated has taken effect); nothing scheduled again.
    func expectDiffs(_ history: HistoryGenerator, _ repo: URL) throws {
        let list = try RosterBinary.run(
            ["/usr/bin/env", "git", "rev-list", "--first-parent", "--reverse", "HEAD"], direct: true, directory: repo)
        let hashes = list.stdout.split(separator: "\n").map(String.init)
        #expect(hashes.count == history.truths.count)
        let picked = history.truths.indices.dropFirst().filter { i in
            let t = history.truths[i]
            return t.merged > 0 || t.subject.contains("roster") || !t.decided.isEmpty || i % 9 == 0
        }
        for i in picked where i < hashes.count {
            let result = try RosterBinary.run(
                ["diff", "\(hashes[i - 1])..\(hashes[i])", "--format", "json"], environment: Self.offline,
                directory: repo)
            #expect(result.code == 0, "\(history.truths[i].subject): \(result.stderr)")
            let diff = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            var expected = history.truths[i].people
            for decided in history.truths[i].decided { expected[decided.name, default: []].append(decided.kind) }
            #expect(Self.people(diff?["people"]) == expected, "\(history.truths[i].subject)")
            #expect((diff?["scheduled"] as? [Any])?.isEmpty == true, "\(history.truths[i].subject)")
        }
    }
}
