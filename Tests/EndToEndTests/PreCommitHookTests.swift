import Foundation
import RosterTestSupport
import Testing

/// The pre-commit hook (`.pre-commit-hooks.yaml`, `scripts/pre-commit/roster-validate.sh`), run by
/// pre-commit itself (PyPI's `pre-commit`, installed by scripts/setup.sh) on a repository that keeps
/// a roster split over several files, as docs/ci.md tells a user to set it up.
@Suite(.serialized, .scratchFolder) struct PreCommitHookTests {
    static let root = TestSupport.packageRoot

    /// The environment of a user with roster on the PATH, pre-commit's cache in the scratch folder.
    var environment: [String: String] {
        let roster = URL(fileURLWithPath: RosterBinary.path).deletingLastPathComponent().path
        return [
            "PATH": "\(roster):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")",
            "PRE_COMMIT_HOME": ScratchFolder.url.appendingPathComponent("pre-commit-home").path,
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@x", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@x",
        ]
    }

    func shell(_ script: String, in folder: URL) throws -> RosterBinary.Result {
        try RosterBinary.run(
            ["/bin/bash", "-c", "set -e\n" + script], environment: environment, direct: true, timeout: 180,
            directory: folder)
    }

    /// A user's repository holding examples/multi as roster/ (people in two files, teams in a
    /// third), committed.
    func repository(_ name: String) throws -> URL {
        let repo = ScratchFolder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        let made = try shell(
            "git init -q; cp -R \"$0\" roster; git add .; git commit -q -m roster",
            in: repo, arguments: [Self.root.appendingPathComponent("examples/multi").path])
        #expect(made.code == 0, "\(made.stderr)")
        return repo
    }

    func shell(_ script: String, in folder: URL, arguments: [String]) throws -> RosterBinary.Result {
        try RosterBinary.run(
            ["/bin/bash", "-c", "set -e\n" + script] + arguments, environment: environment, direct: true,
            timeout: 180, directory: folder)
    }

    static let teams = "roster/teams/teams.json"

    @Test func tryRepoPassesAWholeRosterAndRefusesABrokenOneWithItsDiagnostics() throws {
        let repo = try repository("try-repo")
        // Only the teams file changes; its people are in the other files, so the roster is
        // validated whole or not at all.
        let renamed = try shell(
            "sed -i 's/\"Platform Infra\"/\"Platform Infrastructure\"/' \(Self.teams); git add \(Self.teams)\n"
                + "pre-commit try-repo \"$0\" roster-validate", in: repo, arguments: [Self.root.path])
        #expect(renamed.code == 0, "\(renamed.stdout)\(renamed.stderr)")
        #expect(renamed.stdout.contains("roster validate") && renamed.stdout.contains("Passed"), "\(renamed.stdout)")
        let broken = try shell(
            "sed -i 's/\"lead\": \"Grace Tanaka\"/\"lead\": \"Grace Tanka\"/' \(Self.teams); git add \(Self.teams)\n"
                + "pre-commit try-repo \"$0\" roster-validate", in: repo, arguments: [Self.root.path])
        #expect(broken.code == 1, "\(broken.stdout)\(broken.stderr)")
        #expect(broken.stdout.contains("Failed"), "\(broken.stdout)")
        #expect(
            broken.stdout.contains(
                "roster/teams/teams.json:8:49: error: unknown person \"Grace Tanka\" as lead of team "
                    + "\"Platform Infrastructure\"; did you mean \"Grace Tanaka\"?"),
            "\(broken.stdout)")
    }

    /// A staged file whose name reads like an option (`--endpoint=x/roster.yaml`, `--roster=y/…`) is
    /// a file: it is validated, and its diagnostics fail the commit.
    @Test func aFileNamedLikeAnOptionIsValidated() throws {
        let repo = try repository("option-names")
        let staged = try shell(
            "mkdir -p -- --endpoint=x --roster=y\n"
                + "printf 'version: 1\\npeople: [{name: Ana, craft: Enginering, level: Mid}]\\n' > --endpoint=x/roster.yaml\n"
                + "cp -- --endpoint=x/roster.yaml --roster=y/roster.yaml\n"
                + "git add -- --endpoint=x/roster.yaml --roster=y/roster.yaml\n"
                + "pre-commit try-repo \"$0\" roster-validate", in: repo, arguments: [Self.root.path])
        #expect(staged.code == 1, "\(staged.stdout)\(staged.stderr)")
        for file in ["--endpoint=x/roster.yaml", "--roster=y/roster.yaml"] {
            #expect(staged.stdout.contains("\(file):2:29: error: invalid craft"), "\(file): \(staged.stdout)")
        }
    }

    /// The .pre-commit-config.yaml of docs/ci.md, pointed at a clone of this repository: the
    /// commit of a broken roster is refused with the diagnostics, the fixed one goes in.
    @Test func theDocumentedConfigRefusesTheCommitOfABrokenRoster() throws {
        let repo = try repository("commit")
        let hooks = ScratchFolder.url.appendingPathComponent("roster-clone")
        let config = try String(
            contentsOf: Self.root.appendingPathComponent("examples/ci/pre-commit-config.yaml"), encoding: .utf8)
        let cloned = try shell(
            "rm -rf \"$1\"; git clone -q \"$0\" \"$1\"; git -C \"$1\" rev-parse HEAD", in: repo,
            arguments: [Self.root.path, hooks.path])
        #expect(cloned.code == 0, "\(cloned.stderr)")
        let head = cloned.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let local =
            config
            .replacingOccurrences(of: "https://github.com/roster-dev/roster", with: hooks.path)
            .replacingOccurrences(of: "rev: 0.1.0", with: "rev: \(head)")
        try local.write(to: repo.appendingPathComponent(".pre-commit-config.yaml"), atomically: true, encoding: .utf8)
        #expect(try shell("pre-commit install", in: repo).code == 0)
        let refused = try shell(
            "sed -i 's/\"lead\": \"Grace Tanaka\"/\"lead\": \"Grace Tanka\"/' \(Self.teams)\n"
                + "git add -A; git commit -q -m 'A typo'", in: repo)
        #expect(refused.code != 0, "the commit went in: \(refused.stdout)\(refused.stderr)")
        #expect(
            (refused.stdout + refused.stderr).contains("roster/teams/teams.json:8:40: error: unknown person"),
            "\(refused.stdout)\(refused.stderr)")
        let accepted = try shell(
            "sed -i 's/Grace Tanka/Grace Tanaka/' \(Self.teams); git add -A; git commit -q -m 'Fixed'", in: repo)
        #expect(accepted.code == 0, "\(accepted.stdout)\(accepted.stderr)")
    }

    /// Which roster a file belongs to: a named folder, the outermost roster/ folder, or itself.
    @Test func eachTouchedRosterIsValidatedOnceAndWhole() throws {
        let repo = try repository("rosters")
        let hook = Self.root.appendingPathComponent("scripts/pre-commit/roster-validate.sh").path
        // Staged: the hook reads what the commit will hold.
        let made = try shell(
            "cp \"$0\" roster.yaml; mkdir people; cp \"$0\" people/all.yaml; git add roster.yaml people", in: repo,
            arguments: [Self.root.appendingPathComponent("examples/acme.yaml").path])
        #expect(made.code == 0)
        let result = try shell(
            "\"$0\" --roster people/ \(Self.teams) roster/engineering.yaml roster.yaml people/all.yaml", in: repo,
            arguments: [hook])
        #expect(result.code == 0, "\(result.stderr)")
        let validated = result.stdout.split(separator: "\n").map { $0.prefix { $0 != ":" } }
        #expect(validated == ["roster/", "roster.yaml", "people/"], "\(result.stdout)")
    }

    /// The documented config installed in a repository: what `git commit` runs.
    func installed(_ name: String) throws -> URL {
        let repo = try repository(name)
        let hooks = ScratchFolder.url.appendingPathComponent("roster-clone-\(name)")
        let config = try String(
            contentsOf: Self.root.appendingPathComponent("examples/ci/pre-commit-config.yaml"), encoding: .utf8)
        let cloned = try shell(
            "rm -rf \"$1\"; git clone -q \"$0\" \"$1\"; git -C \"$1\" rev-parse HEAD", in: repo,
            arguments: [Self.root.path, hooks.path])
        let local = config.replacingOccurrences(of: "https://github.com/roster-dev/roster", with: hooks.path)
            .replacingOccurrences(
                of: "rev: 0.1.0", with: "rev: \(cloned.stdout.trimmingCharacters(in: .whitespacesAndNewlines))")
        try local.write(to: repo.appendingPathComponent(".pre-commit-config.yaml"), atomically: true, encoding: .utf8)
        #expect(
            try shell("pre-commit install; git add .pre-commit-config.yaml; git commit -q -m hook", in: repo).code == 0)
        return repo
    }

    /// Deleting a roster file that others still name is refused, though pre-commit passes the
    /// hook no deleted file.
    @Test func aDeletedRosterFileIsSeen() throws {
        let repo = try installed("deleted")
        let removed = try shell("git rm -q roster/engineering.yaml; git commit -q -m 'Remove engineering'", in: repo)
        #expect(removed.code != 0, "the commit went in: \(removed.stdout)\(removed.stderr)")
        #expect(
            (removed.stdout + removed.stderr).contains("error: unknown person"), "\(removed.stdout)\(removed.stderr)")
    }

    /// A file not added is not part of the commit: a staged team that names someone only an
    /// untracked file lists is refused.
    @Test func anUntrackedFileIsNotRead() throws {
        let repo = try installed("untracked")
        let result = try shell(
            "printf 'version: 1\\npeople:\\n  - {name: Nia Ford, craft: Design, level: Mid}\\n' > roster/new.yaml\n"
                + "sed -i 's/\"Maya Patel\"]/\"Maya Patel\", \"Nia Ford\"]/' \(Self.teams)\n"
                + "git add \(Self.teams); git commit -q -m 'Nia joins'", in: repo)
        #expect(result.code != 0, "the commit went in: \(result.stdout)\(result.stderr)")
        #expect(
            (result.stdout + result.stderr).contains("unknown person \"Nia Ford\""), "\(result.stdout)\(result.stderr)")
        let added = try shell("git add roster/new.yaml; git commit -q -m 'Nia joins'", in: repo)
        #expect(added.code == 0, "\(added.stdout)\(added.stderr)")
    }
}
