import Foundation
import RosterTestSupport
import Testing

/// The example GitHub workflow (`examples/ci/`): its shape, and the scripts it runs, run here
/// against the sandbox with a stand-in `gh` that records its calls and answers from the test.
@Suite(.serialized, .scratchFolder) struct CIExampleTests {
    static let ci = TestSupport.packageRoot.appendingPathComponent("examples/ci")

    /// A folder with a fake `gh` first on the PATH, and the PATH to use.
    func fakeGitHub() throws -> (folder: URL, path: String) {
        let folder = ScratchFolder.url.appendingPathComponent("gh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let gh = """
            #!/usr/bin/env bash
            echo "$*" >> "$GH_LOG"
            case "$*" in
              *"/comments --paginate"*) echo "${FAKE_COMMENT_ID:-}" ;;
              *"/pulls --jq"*) echo "${FAKE_PR:-}" ;;
              "pr view"*) echo "headsha" ;;
              "run list"*) echo "${FAKE_RUN:-}" ;;
              "run download"*) mkdir -p "$7"; cp "$FAKE_PLAN" "$7/plan.json" ;;
              "pr list"*) echo "${FAKE_OPEN_PR:-}" ;;
            esac
            """
        let script = folder.appendingPathComponent("gh")
        try gh.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let roster = URL(fileURLWithPath: RosterBinary.path).deletingLastPathComponent().path
        return (folder, "\(folder.path):\(roster):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")")
    }

    func run(
        _ script: String, _ arguments: [String], env: [String: String], in directory: URL
    ) throws -> RosterBinary.Result {
        try RosterBinary.run(
            ["/bin/bash", Self.ci.appendingPathComponent("scripts/\(script)").path] + arguments, environment: env,
            direct: true, directory: directory)
    }

    @Test func aPullRequestGetsOneCommentAndTheReviewedPlanIsAppliedOnMerge() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let (folder, path) = try fakeGitHub()
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = folder.appendingPathComponent("repo")
        try FileManager.default.createDirectory(
            at: repo.appendingPathComponent("roster"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml"),
            to: repo.appendingPathComponent("roster/acme.yaml"))
        var env = [
            "PATH": path, "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token,
            "GH_LOG": folder.appendingPathComponent("log").path, "GITHUB_REPOSITORY": "org/people",
        ]
        let planned = try run("plan-comment.sh", ["roster/", ".roster-plan"], env: env, in: repo)
        #expect(planned.code == 0, "\(planned.stderr)")
        let comment = try String(contentsOf: repo.appendingPathComponent(".roster-plan/comment.md"), encoding: .utf8)
        #expect(comment.hasPrefix("<!-- roster-plan -->\n### Roster plan for space"), "\(comment)")
        #expect(
            try run("upsert-comment.sh", ["7", ".roster-plan/comment.md"], env: env, in: repo).stdout
                == "posted a new comment\n")
        env["FAKE_COMMENT_ID"] = "42"
        #expect(
            try run("upsert-comment.sh", ["7", ".roster-plan/comment.md"], env: env, in: repo).stdout
                == "updated comment 42\n")
        let log = try String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)
        #expect(log.contains("api --method POST repos/org/people/issues/7/comments -F body=@.roster-plan/comment.md"))
        #expect(log.contains("api --method PATCH repos/org/people/issues/comments/42"))
        // The merge: the reviewed plan, downloaded as the artifact, is applied exactly.
        let reviewed = folder.appendingPathComponent("reviewed.json")
        try FileManager.default.copyItem(at: repo.appendingPathComponent(".roster-plan/plan.json"), to: reviewed)
        env.merge(["FAKE_PR": "7", "FAKE_RUN": "99", "FAKE_PLAN": reviewed.path, "GITHUB_SHA": "mergesha"]) { _, new in
            new
        }
        let applied = try run("apply-reviewed.sh", ["roster.yml"], env: env, in: repo)
        #expect(applied.code == 0, "\(applied.stdout)\(applied.stderr)")
        #expect(applied.stdout.contains("Apply complete: 4 created, 5 updated, 0 deleted."))
        env["FAKE_PR"] = ""
        let direct = try run("apply-reviewed.sh", ["roster.yml"], env: env, in: repo)
        #expect(direct.code == 1 && direct.stderr.contains("came from no pull request"))
    }

    @Test func nightlyDriftBecomesOnePullRequestMadeByPull() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let (folder, path) = try fakeGitHub()
        defer { try? FileManager.default.removeItem(at: folder) }
        let repo = folder.appendingPathComponent("repo"), remote = folder.appendingPathComponent("remote.git")
        let env = [
            "PATH": path, "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token,
            "GH_LOG": folder.appendingPathComponent("log").path,
        ]
        let setup = """
            set -e
            git init -q --bare "$1"; git init -q "$2"; cd "$2"; mkdir roster; cp "$3" roster/acme.yaml
            git -c user.name=t -c user.email=t@x add . && git -c user.name=t -c user.email=t@x commit -q -m init
            git remote add origin "$1"; git push -q origin HEAD:main
            """
        let made = try RosterBinary.run(
            [
                "/bin/bash", "-c", setup, "setup", remote.path, repo.path,
                TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml").path,
            ], direct: true)
        #expect(made.code == 0, "\(made.stderr)")
        #expect(
            try RosterBinary.run(
                ["apply", "--auto-approve", repo.appendingPathComponent("roster").path], environment: env
            ).code == 0)
        try sandbox.graphql(
            "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, jobLevel: Senior, craftFocus: Fullstack}) { id } }"
        )
        let drift = try run("drift-pr.sh", ["roster/"], env: env, in: repo)
        #expect(drift.code == 0, "\(drift.stdout)\(drift.stderr)")
        let log = try String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)
        #expect(log.contains("pr create --head roster/drift"), "\(log)")
        let pushed = try RosterBinary.run(
            ["/usr/bin/git", "-C", remote.path, "show", "roster/drift:roster/acme.yaml"], direct: true)
        #expect(pushed.stdout.contains("{ name: David Kim,      level: Senior,"), "\(pushed.stdout)\(pushed.stderr)")
        let again = try run("drift-pr.sh", ["roster/"], env: env, in: repo)
        #expect(again.stdout.contains("no drift"), "\(again.stdout)\(again.stderr)")
    }
}
