import Foundation
import RosterTestSupport
import Testing

/// A repository whose main holds the demo space's roster in roster/ (in sync with the sandbox),
/// and three changes, each reviewed on a branch of its own made from that roster and then merged
/// into main one after another: David Kim promoted, Leo Santos moved to Backend Services, Nina
/// Hires hired into Design Systems. For the CI loop's tests of merges whose applies are lost.
final class MergeHistory {
    struct Change {
        var branch: String
        /// Main's commit once this change is merged (with those before it).
        var merged: String
    }

    let repo: URL
    private(set) var changes: [Change] = []

    static let edits: [(String, [(String, String)])] = [
        (
            "promote",
            [("name: David Kim, craft: Engineering, level: Junior", "name: David Kim, craft: Engineering, level: Mid")]
        ),
        (
            "move",
            [
                ("  - Iris Johansson\n  - Leo Santos\n", "  - Iris Johansson\n"),
                ("  - Grace Tanaka\n  - Nathan Fischer\n", "  - Grace Tanaka\n  - Leo Santos\n  - Nathan Fischer\n"),
            ]
        ),
        (
            "hire",
            [
                (
                    "teams:\n",
                    "- {name: Nina Hires, craft: Design, level: Junior, focus: Mobile, levelStartDate: null}\nteams:\n"
                ),
                ("  - Hassan Ali\n  - Maya Patel\n", "  - Hassan Ali\n  - Maya Patel\n  - Nina Hires\n"),
            ]
        ),
    ]

    init(_ sandbox: SandboxProcess, _ folder: URL) throws {
        repo = folder.appendingPathComponent("repo")
        try FileManager.default.createDirectory(
            at: repo.appendingPathComponent("roster"), withIntermediateDirectories: true)
        let roster = repo.appendingPathComponent("roster/space.yaml")
        let exported = try RosterBinary.run(["export", "--out", roster.path], environment: sandbox.environment)
        #expect(exported.code == 0, "\(exported.stderr)")
        try git("init -q -b main && git add . && git commit -q -m base")
        let base = try String(contentsOf: roster, encoding: .utf8)
        var merged = base
        for (branch, edits) in Self.edits {
            var text = base
            for (old, new) in edits {
                #expect(text.contains(old), "\(branch): \(old)")
                text = text.replacingOccurrences(of: old, with: new)
                merged = merged.replacingOccurrences(of: old, with: new)
            }
            try git("checkout -q -b \(branch) main~\(changes.count)")
            try text.write(to: roster, atomically: true, encoding: .utf8)
            try git("commit -q -am \(branch) && git checkout -q main")
            try merged.write(to: roster, atomically: true, encoding: .utf8)
            try git("commit -q -am 'Merge \(branch)'")
            changes.append(Change(branch: branch, merged: try git("rev-parse HEAD")))
        }
    }

    /// The space as `roster export` writes it: what a job that changes nothing leaves as it was.
    static func space(_ sandbox: SandboxProcess) throws -> String {
        let exported = try RosterBinary.run(["export"], environment: sandbox.environment)
        #expect(exported.code == 0, "\(exported.stderr)")
        return exported.stdout
    }

    /// Checks out a branch or a commit (the job of that pipeline).
    func checkout(_ ref: String) throws { try git("checkout -q \(ref)") }

    @discardableResult
    func git(_ command: String) throws -> String {
        let identity = [
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@x", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@x",
        ]
        let result = try RosterBinary.run(
            ["/bin/bash", "-c", "git " + command], environment: identity, direct: true, directory: repo)
        #expect(result.code == 0, "git \(command): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
