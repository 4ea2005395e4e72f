import Foundation
import RosterTestSupport
import Testing

/// A small git repository for one history test: files written and committed on given days (UTC
/// unless a time says otherwise), and roster run in it with no server.
struct HistoryRepository {
    let url: URL

    init(_ name: String) throws {
        url = ScratchFolder.url.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"])
    }

    @discardableResult
    func git(_ arguments: [String], at stamp: String = "2026-01-01T10:00:00+00:00") throws -> String {
        let result = try RosterBinary.run(
            ["/usr/bin/env", "git", "-c", "user.name=T", "-c", "user.email=t@example.com"] + arguments,
            environment: ["GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp], direct: true, directory: url)
        #expect(result.code == 0, "git \(arguments): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes `files` (path → text; nil removes it) and commits them as `subject` on `day`
    /// (`YYYY-MM-DD`, 10:00 UTC, or a whole git date).
    func commit(_ subject: String, on day: String, _ files: [String: String?]) throws {
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            if let text {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            } else {
                try? FileManager.default.removeItem(at: file)
            }
        }
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", subject], at: day.count == 10 ? "\(day)T10:00:00+00:00" : day)
    }

    func roster(_ arguments: [String]) throws -> RosterBinary.Result {
        try RosterBinary.run(arguments, environment: ["MPS_TOKEN": "", "MPS_ENDPOINT": ""], directory: url)
    }

    /// `roster ARGUMENTS --format json`, parsed.
    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try roster(arguments + ["--format", "json"])
        #expect(result.code == 0, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    /// A roster of `people` (`{…}` entries) and `teams` (block entries), as YAML.
    static func roster(_ people: [String], teams: String = "") -> String {
        "version: 1\ndefaults: { craft: Engineering, focus: Backend }\npeople:\n"
            + people.map { "  - \($0)\n" }.joined() + (teams.isEmpty ? "" : "teams:\n" + teams)
    }

    /// A log's or diff's stories: name → kinds.
    static func people(_ value: Any?) -> [String: [String]] {
        HistoryPropertyTests.people(value)
    }

    /// The log's commits by subject.
    static func commits(_ log: [String: Any]) -> [String: [String: Any]] {
        Dictionary((log["commits"] as? [[String: Any]] ?? []).map { ($0["subject"] as? String ?? "", $0) }) { a, _ in
            a
        }
    }
}
