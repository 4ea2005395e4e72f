import Foundation
import RosterTestSupport
import Testing

@testable import RosterModel

/// The GitHub Action (`action.yml`, `scripts/action/`): the scripts it runs, run here against the
/// sandbox with a stand-in `gh` that records its calls and answers from the test.
@Suite(.serialized, .scratchFolder) struct CIExampleTests {
    static let scripts = TestSupport.packageRoot.appendingPathComponent("scripts/action")

    /// A folder with a stand-in `gh` first on the PATH (`Tests/Servers/gh_standin.py`: the calls
    /// answered from the test's world, each logged in `GH_LOG`), and the PATH to use.
    func fakeGitHub() throws -> (folder: URL, path: String) {
        let folder = ScratchFolder.url.appendingPathComponent("gh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let standIn = TestSupport.packageRoot.appendingPathComponent("Tests/Servers/gh_standin.py").path
        let script = folder.appendingPathComponent("gh")
        try "#!/bin/sh\nexec python3 \"\(standIn)\" \"$@\"\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let roster = URL(fileURLWithPath: RosterBinary.path).deletingLastPathComponent().path
        return (folder, "\(folder.path):\(roster):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")")
    }

    func run(
        _ script: String, _ arguments: [String], env: [String: String], in directory: URL
    ) throws -> RosterBinary.Result {
        try RosterBinary.run(
            ["/bin/bash", Self.scripts.appendingPathComponent(script).path] + arguments, environment: env,
            direct: true, directory: directory)
    }

    @Test func aPullRequestGetsOneCommentAndTheReviewedPlanIsAppliedOnMerge() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let (folder, path) = try fakeGitHub()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (repo, _) = try repository(folder)
        var env = [
            "PATH": path, "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token,
            "GH_LOG": folder.appendingPathComponent("log").path, "GITHUB_REPOSITORY": "org/people",
        ]
        let planned = try run("plan-comment.sh", ["roster/", ".roster-plan"], env: env, in: repo)
        #expect(planned.code == 2, "changes to apply: \(planned.stderr)")
        let comment = try String(contentsOf: repo.appendingPathComponent(".roster-plan/comment.md"), encoding: .utf8)
        #expect(comment.hasPrefix("<!-- roster-plan -->\n### Roster plan for space"), "\(comment)")
        #expect(
            try run("upsert-comment.sh", ["7", ".roster-plan/comment.md"], env: env, in: repo).stdout
                == "posted a new comment\n")
        env["FAKE_COMMENTS"] = Self.comments([(42, "github-actions[bot]", "<!-- roster-plan -->\nold")])
        #expect(
            try run("upsert-comment.sh", ["7", ".roster-plan/comment.md"], env: env, in: repo).stdout
                == "updated comment 42\n")
        let log = try String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)
        #expect(log.contains("api --method POST repos/org/people/issues/7/comments -F body=@.roster-plan/comment.md"))
        #expect(log.contains("api --method PATCH repos/org/people/issues/comments/42"))
        // The merge: the reviewed plan, downloaded as the artifact, is applied exactly.
        let reviewed = folder.appendingPathComponent("reviewed.json")
        try FileManager.default.copyItem(at: repo.appendingPathComponent(".roster-plan/plan.json"), to: reviewed)
        env.merge([
            "FAKE_PULLS": Self.merged(7), "FAKE_RUN": "99", "FAKE_PLAN": reviewed.path, "GITHUB_SHA": "mergesha",
            "GITHUB_REF_NAME": "main",
        ]) { _, new in
            new
        }
        let applied = try run("apply-reviewed.sh", ["roster.yml"], env: env, in: repo)
        #expect(applied.code == 0, "\(applied.stdout)\(applied.stderr)")
        #expect(applied.stdout.contains("Apply complete: 4 created, 5 updated, 0 deleted."))
        env["FAKE_PULLS"] = "[]"
        let direct = try run("apply-reviewed.sh", ["roster.yml"], env: env, in: repo)
        #expect(direct.code == 1 && direct.stderr.contains("came from no pull request merged into main"))
        // A commit is listed with every pull request that holds it: an open one (anyone's, with a
        // plan of their own) or one merged elsewhere is never the reviewed one.
        let open = #"[{"number": 9, "merged_at": null, "base": {"ref": "main"}}]"#
        for pulls in [open, Self.merged(7, into: "release")] {
            env["FAKE_PULLS"] = pulls
            let unmerged = try run("apply-reviewed.sh", ["roster.yml"], env: env, in: repo)
            #expect(unmerged.code == 1 && unmerged.stderr.contains("came from no pull request merged into main"))
        }
    }

    @Test func nightlyDriftBecomesOnePullRequestMadeByPull() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let (folder, path) = try fakeGitHub()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (repo, remote) = try exampleCheckout(folder)
        let env = [
            "PATH": path, "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token,
            "GH_LOG": folder.appendingPathComponent("log").path, "GITHUB_REPOSITORY": "org/people",
            "GITHUB_WORKFLOW_REF": "org/people/.github/workflows/roster.yml@refs/heads/main",
        ]
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
        // A pull request made with the workflow's token starts no run: its plan is dispatched.
        #expect(drift.stdout.contains("opened the drift pull request #21"), "\(drift.stdout)")
        #expect(log.contains("workflow run roster.yml --ref roster/drift -f pull-request=21"), "\(log)")
        let pushed = try RosterBinary.run(
            ["/usr/bin/git", "-C", remote.path, "show", "roster/drift:roster/acme.yaml"], direct: true)
        #expect(pushed.stdout.contains("{ name: David Kim,      level: Senior,"), "\(pushed.stdout)\(pushed.stderr)")
        let again = try run("drift-pr.sh", ["roster/"], env: env, in: repo)
        #expect(again.stdout.contains("no drift"), "\(again.stdout)\(again.stderr)")
    }

    /// The nightly drift the day after a promotion's date: it applies what became due since the
    /// last apply (three days ago), and only that; what the apps changed meanwhile stays drift,
    /// offered back by the pull after it, which never takes the promotion back.
    @Test func aScheduledDriftAppliesWhatBecameDueAndNothingElse() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let (folder, path) = try fakeGitHub()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (repo, remote) = try exampleCheckout(folder)
        let (yesterday, lastApply) = (Day.today.adding(days: -1), Day.today.adding(days: -3))
        var env = [
            "PATH": path, "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token,
            "GH_LOG": folder.appendingPathComponent("log").path, "GITHUB_REPOSITORY": "org/people",
            "GITHUB_REF_NAME": "main", "GITHUB_WORKFLOW_REF": "org/people/.github/workflows/roster.yml@refs/heads/main",
        ]
        let roster = repo.appendingPathComponent("roster").path
        #expect(try RosterBinary.run(["apply", "--auto-approve", roster], environment: env).code == 0)
        let applied = try RosterBinary.run(["/usr/bin/git", "-C", repo.path, "rev-parse", "HEAD"], direct: true)
        // Merged since: David Kim Senior from yesterday (its apply never ran, or ran before the day).
        let edit = try RosterBinary.run(
            ["set", "person", "David Kim", "--level", "Senior", "--on", yesterday.description, roster])
        #expect(edit.code == 0, "\(edit.stderr)")
        let commit = "git -c user.name=t -c user.email=t@x commit -q -am promote && git push -q origin HEAD:main"
        #expect(try RosterBinary.run(["/bin/bash", "-c", commit], direct: true, directory: repo).code == 0)
        // Meanwhile, in the apps: his focus.
        _ = try sandbox.graphql(
            "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, jobLevel: Mid, "
                + "craftFocus: Backend, levelStartDate: \"2026-10-01\"}) { id } }")
        env["FAKE_GH_WORLD"] = try world(
            folder,
            [
                "default_branch": "main",
                "deployments": [
                    [
                        "id": 1, "sha": applied.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                        "state": "success", "created_at": "\(lastApply)T05:17:00Z",
                    ]
                ],
            ])
        let drift = try run("drift-pr.sh", ["roster/"], env: env, in: repo)
        #expect(drift.code == 0, "\(drift.stdout)\(drift.stderr)")
        // Due by the rule of days alone: the deployment on record (three days ago) counts for nothing.
        #expect(drift.stdout.contains("Applied what is due on \(Day.today)"), "\(drift.stdout)\(drift.stderr)")
        #expect(drift.stdout.contains("David Kim"), "\(drift.stdout)")
        // The space: Senior from yesterday, and the focus the app set.
        let exported = try RosterBinary.run(["export"], environment: env)
        let david = exported.stdout.split(separator: "\n").first { $0.contains("name: David Kim") } ?? ""
        #expect(
            david.contains("Senior") && david.contains("Backend") && david.contains(yesterday.description), "\(david)")
        // The drift request holds the focus only: the promotion is the roster's already.
        let pushed = try RosterBinary.run(
            ["/usr/bin/git", "-C", remote.path, "show", "roster/drift:roster/acme.yaml"], direct: true)
        let line = pushed.stdout.split(separator: "\n").first { $0.contains("name: David Kim") } ?? ""
        #expect(line.contains("Senior") && line.contains("Backend"), "\(pushed.stdout)\(pushed.stderr)")
        try nextNightAppliesNothingMore(env, folder, repo)
    }

    /// The night after (run again, today's apply on record or not): nothing more is due.
    func nextNightAppliesNothingMore(_ env: [String: String], _ folder: URL, _ repo: URL) throws {
        var env = env
        env["FAKE_GH_WORLD"] = try world(
            folder,
            [
                "default_branch": "main", "open_prs": [21],
                "deployments": [["id": 2, "sha": "x", "state": "success", "created_at": "\(Day.today)T05:17:00Z"]],
            ])
        let next = try run("drift-pr.sh", ["roster/"], env: env, in: repo)
        #expect(
            next.code == 0 && next.stdout.contains("Nothing is due on \(Day.today)"), "\(next.stdout)\(next.stderr)")
    }

    /// The pull requests GitHub lists for a commit: pull request `number`, merged into `branch`.
    static func merged(_ number: Int, into branch: String = "main") -> String {
        #"[{"number": \#(number), "merged_at": "2026-11-27T10:00:00Z", "base": {"ref": "\#(branch)"}}]"#
    }

    /// A pull request's comments as GitHub's REST API lists them: id, author's login and body.
    static func comments(_ comments: [(id: Int, login: String, body: String)]) -> String {
        let list = comments.map {
            ["id": $0.id, "user": ["login": $0.login, "type": "Bot"], "body": $0.body] as [String: Any]
        }
        let data = (try? JSONSerialization.data(withJSONObject: list)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A repository folder with the example roster, and an event file for pull request `number`
    /// from `head` (a fork when it is not org/people).
    func repository(_ folder: URL, number: Int = 7, head: String = "org/people") throws -> (URL, URL) {
        let repo = folder.appendingPathComponent("repo")
        try FileManager.default.createDirectory(
            at: repo.appendingPathComponent("roster"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml"),
            to: repo.appendingPathComponent("roster/acme.yaml"))
        let event = folder.appendingPathComponent("event.json")
        try #"{"pull_request": {"number": \#(number), "head": {"repo": {"full_name": "\#(head)"}}}}"#.write(
            to: event, atomically: true, encoding: .utf8)
        return (repo, event)
    }

    @Test func theActionPlansIntoOneCommentTheSummaryAndItsOutputs() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let (folder, path) = try fakeGitHub()
        let (repo, event) = try repository(folder)
        let output = folder.appendingPathComponent("output"), summary = folder.appendingPathComponent("summary")
        var env = [
            "PATH": path, "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token, "ROSTER_COMMAND": "plan",
            "GH_LOG": folder.appendingPathComponent("log").path, "GITHUB_REPOSITORY": "org/people",
            "GITHUB_EVENT_PATH": event.path, "GITHUB_OUTPUT": output.path, "GITHUB_STEP_SUMMARY": summary.path,
            "RUNNER_TEMP": folder.path,
        ]
        let first = try run("run.sh", [], env: env, in: repo)
        #expect(first.code == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("::add-mask::\(sandbox.token)"))
        #expect(first.stdout.contains("posted a new comment"), "\(first.stdout)")
        let outputs = try String(contentsOf: output, encoding: .utf8)
        let planFile = "\(folder.path)/roster-plan/plan.json"
        #expect(outputs.contains("changes=true\nexitcode=2\nplan-file=\(planFile)"), "\(outputs)")
        #expect(try String(contentsOf: summary, encoding: .utf8).hasPrefix("### Roster plan for space"))
        // A second push: the comment the first run posted is found by its marker and updated.
        env["FAKE_COMMENTS"] = Self.comments([(42, "github-actions[bot]", "<!-- roster-plan -->\nold")])
        let second = try run("run.sh", [], env: env, in: repo)
        #expect(second.code == 0 && second.stdout.contains("updated comment 42"), "\(second.stdout)\(second.stderr)")
        let log = try String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)
        #expect(log.components(separatedBy: "--method POST").count == 2, "one comment posted: \(log)")
        #expect(!log.contains(sandbox.token) && !first.stderr.contains(sandbox.token))
    }

    @Test func aForkIsValidatedOnlyAndAStaleReviewedPlanIsRefused() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let (folder, path) = try fakeGitHub()
        let (repo, event) = try repository(folder, head: "someone/people")
        var env = [
            "PATH": path, "MPS_ENDPOINT": sandbox.url, "ROSTER_COMMAND": "plan", "GITHUB_REPOSITORY": "org/people",
            "GH_LOG": folder.appendingPathComponent("log").path, "GITHUB_EVENT_PATH": event.path,
            "RUNNER_TEMP": folder.path,
        ]
        let fork = try run("run.sh", [], env: env, in: repo)
        #expect(fork.code == 0 && fork.stdout.contains("validating only") && fork.stdout.contains("valid roster"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("log").path), "gh was called")
        // Reviewed, then the space changed before the merge: apply refuses the stale plan.
        env.merge(["MPS_TOKEN": sandbox.token, "GITHUB_EVENT_PATH": ""]) { _, new in new }
        #expect(try run("run.sh", [], env: env, in: repo).code == 0)
        try sandbox.graphql(
            "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, jobLevel: Senior, craftFocus: Fullstack}) { id } }"
        )
        env.merge([
            "ROSTER_COMMAND": "apply", "FAKE_PULLS": Self.merged(7), "FAKE_RUN": "99", "GITHUB_SHA": "mergesha",
            "GITHUB_REF_NAME": "main",
            "FAKE_PLAN": folder.appendingPathComponent("roster-plan/plan.json").path,
            "GITHUB_WORKFLOW_REF": "org/people/.github/workflows/roster.yml@refs/heads/main",
        ]) { _, new in new }
        let stale = try run("run.sh", [], env: env, in: repo)
        #expect(stale.code == 3, "\(stale.stdout)\(stale.stderr)")
        let log = try String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)
        #expect(log.contains("run list --workflow roster.yml --commit headsha"), "\(log)")
    }

    /// The same fixes as the GitLab component's: drift refuses to run off the default branch whoever
    /// calls it, and an older run never overwrites the comment of a newer one.
    @Test func driftStaysOnTheDefaultBranchAndAnOlderRunLeavesTheComment() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let (folder, path) = try fakeGitHub()
        let (repo, _) = try repository(folder)
        let event = folder.appendingPathComponent("dispatch.json")
        try #"{"repository": {"default_branch": "main"}}"#.write(to: event, atomically: true, encoding: .utf8)
        var env = [
            "PATH": path, "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token, "ROSTER_COMMAND": "drift",
            "GH_LOG": folder.appendingPathComponent("log").path, "GITHUB_REPOSITORY": "org/people",
            "GITHUB_EVENT_PATH": event.path, "GITHUB_REF": "refs/heads/feature", "GITHUB_REF_NAME": "feature",
            "RUNNER_TEMP": folder.path,
        ]
        let off = try run("run.sh", [], env: env, in: repo)
        #expect(off.code == 1, "\(off.stdout)\(off.stderr)")
        #expect(off.stderr.contains("drift runs on the default branch (main), not on \"feature\""), "\(off.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("log").path), "gh was called")
        // A comment that run 900 posted is left by run 899, finishing later.
        let (_, prEvent) = try repository(folder.appendingPathComponent("pr"))
        env.merge([
            "ROSTER_COMMAND": "plan", "GITHUB_EVENT_PATH": prEvent.path, "GITHUB_RUN_ID": "899",
            "FAKE_COMMENTS": Self.comments([
                (42, "github-actions[bot]", "<!-- roster-plan -->\nplan\n<!-- roster-plan-run: 900 -->\n")
            ]),
        ]) { _, new in new }
        let older = try run("run.sh", [], env: env, in: repo)
        #expect(older.code == 0, "\(older.stdout)\(older.stderr)")
        #expect(
            older.stdout.contains("left comment 42 as it is: run 900, newer than this one (899)"), "\(older.stdout)")
        let log = try String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)
        #expect(!log.contains("--method PATCH") && !log.contains("--method POST"), "\(log)")
        let comment = try String(contentsOf: folder.appendingPathComponent("roster-plan/comment.md"), encoding: .utf8)
        #expect(comment.contains("\n_Planned in run 899. The plan above is saved with this run;"), "\(comment)")
        #expect(comment.hasSuffix("space changed)._\n<!-- roster-plan-run: 899 -->\n"), "\(comment)")
    }

    /// Comments by anyone else that carry the marker, with or without a far newer run, are never
    /// found: the plan is posted in the bot's own comment, and the next push edits that one only.
    @Test func aMarkerInSomeoneElsesCommentIsIgnored() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let (folder, path) = try fakeGitHub()
        let (repo, event) = try repository(folder)
        let forged = [
            (12, "mallory", "<!-- roster-plan -->\nNo changes.\n<!-- roster-plan-run: 9999999999 -->\n"),
            (13, "mallory", "<!-- roster-plan -->\nNo changes."),
        ]
        var env = [
            "PATH": path, "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token, "ROSTER_COMMAND": "plan",
            "GH_LOG": folder.appendingPathComponent("log").path, "GITHUB_REPOSITORY": "org/people",
            "GITHUB_EVENT_PATH": event.path, "GITHUB_RUN_ID": "100", "RUNNER_TEMP": folder.path,
            "FAKE_COMMENTS": Self.comments(forged),
        ]
        let first = try run("run.sh", [], env: env, in: repo)
        #expect(first.code == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("posted a new comment") && !first.stdout.contains("left comment"))
        env["FAKE_COMMENTS"] = Self.comments(forged + [(14, "github-actions[bot]", "<!-- roster-plan -->\nplan")])
        let second = try run("run.sh", [], env: env, in: repo)
        #expect(second.stdout.contains("updated comment 14"), "\(second.stdout)\(second.stderr)")
        let log = try String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)
        #expect(!log.contains("comments/12") && !log.contains("comments/13"), "\(log)")
    }

    /// The reviewed plan's artifact is gone (expired): apply says so and applies nothing.
    @Test func anExpiredPlanIsNamedAndNothingApplied() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let (folder, path) = try fakeGitHub()
        let (repo, _) = try repository(folder)
        let env = [
            "PATH": path, "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token, "ROSTER_COMMAND": "apply",
            "GH_LOG": folder.appendingPathComponent("log").path, "GITHUB_REPOSITORY": "org/people",
            "FAKE_PULLS": Self.merged(7), "FAKE_RUN": "99", "GITHUB_SHA": "mergesha", "RUNNER_TEMP": folder.path,
            "GITHUB_REF_NAME": "main",
            "FAKE_PLAN": folder.appendingPathComponent("expired.json").path,
            "GITHUB_WORKFLOW_REF": "org/people/.github/workflows/roster.yml@refs/heads/main",
        ]
        let result = try run("run.sh", [], env: env, in: repo)
        #expect(result.code == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("the plan that run 99 saved for pull request #7 is gone: its artifact expired"))
        #expect(result.stderr.contains("When apply refuses or finds no plan"), "\(result.stderr)")
    }

    /// Writes the stand-in's world (``fakeGitHub()``) as JSON; its path, for FAKE_GH_WORLD.
    func world(_ folder: URL, _ value: [String: Any]) throws -> String {
        let file = folder.appendingPathComponent("world.json")
        try JSONSerialization.data(withJSONObject: value).write(to: file)
        return file.path
    }

    /// Three merges in a minute; GitHub cancels the middle apply (a concurrency group keeps one
    /// pending job, and a newer one replaces it). The third apply applies the second's reviewed
    /// changes and its own: every pull request merged since the environment's last successful
    /// deployment, as far as their reviewed plans hold it.
    @Test func threeMergesWithTheMiddleApplyCancelledAreAllApplied() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        var merged = try mergedAndReviewed(sandbox, "three")
        let changes = merged.merges.changes
        merged.state["branch_heads"] = ["main": changes[0].merged]
        let first = try job(&merged, "apply", at: 0, deployments: [])
        #expect(first.code == 0 && first.stdout.contains("David Kim is now Mid."), "\(first.stdout)\(first.stderr)")
        // The job's deployment of the environment succeeded; the second apply was cancelled.
        merged.state["branch_heads"] = ["main": changes[2].merged]
        let third = try job(
            &merged, "apply", at: 2, deployments: [["id": 1, "sha": changes[0].merged, "state": "success"]])
        #expect(third.code == 0, "\(third.stdout)\(third.stderr)")
        #expect(third.stdout.contains("pull requests merged since the last apply hold (3 2)"), "\(third.stdout)")
        #expect(third.stdout.contains("Leo Santos moved to Backend Services."), "\(third.stdout)")
        #expect(third.stdout.contains("Nina Hires joined, in Design Systems."), "\(third.stdout)")
        // Nothing is left: the nightly drift finds no drift, and proposes taking nothing back.
        let drift = try job(
            &merged, "drift", at: 2, deployments: [["id": 2, "sha": changes[2].merged, "state": "success"]])
        #expect(drift.code == 0 && drift.stdout.contains("no drift"), "\(drift.stdout)\(drift.stderr)")
    }

    /// The nightly drift of a schedule, whose event names no repository (so no default branch):
    /// the default branch comes from the API, and drift runs there; merged changes not applied yet
    /// (their apply was cancelled) are applied first, so the drift request never takes them back.
    @Test func aScheduledDriftRunsAndAppliesWhatWasMergedFirst() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let (folder, path) = try fakeGitHub()
        let merges = try MergeHistory(sandbox, folder.appendingPathComponent("drift"))
        let schedule = folder.appendingPathComponent("schedule.json")
        try #"{"schedule": "17 5 * * *"}"#.write(to: schedule, atomically: true, encoding: .utf8)
        var pulls: [String: Any] = [:], heads: [String: String] = [:], runs: [String: String] = [:]
        var plans: [String: String] = [:]
        var env = [
            "PATH": path, "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token, "ROSTER_COMMAND": "drift",
            "GH_LOG": folder.appendingPathComponent("log").path, "GITHUB_REPOSITORY": "org/people",
            "GITHUB_EVENT_PATH": schedule.path, "GITHUB_REF": "refs/heads/feature", "GITHUB_REF_NAME": "feature",
            "GITHUB_WORKFLOW_REF": "org/people/.github/workflows/roster.yml@refs/heads/main",
            "RUNNER_TEMP": folder.path,
        ]
        for (n, change) in merges.changes.enumerated() {
            try merges.checkout(change.branch)
            let out = folder.appendingPathComponent("plan-\(n + 1)")
            #expect(try run("plan-comment.sh", ["roster/", out.path], env: env, in: merges.repo).code == 2)
            let head = try merges.git("rev-parse HEAD")
            (heads["\(n + 1)"], runs[head]) = (head, "\(500 + n)")
            plans["\(500 + n)"] = out.appendingPathComponent("plan.json").path
            pulls[change.merged] = [["number": n + 1, "merged_at": "2026-11-27T10:00:00Z", "base": ["ref": "main"]]]
        }
        env["FAKE_GH_WORLD"] = try world(
            folder,
            ["commit_pulls": pulls, "pr_heads": heads, "runs": runs, "artifacts": plans, "default_branch": "main"])
        // Off the default branch (from the API: the schedule's event has none), refused.
        let off = try run("run.sh", [], env: env, in: merges.repo)
        #expect(off.code == 1 && off.stderr.contains("drift runs on the default branch (main), not on \"feature\""))
        // On it, with the first merge applied and the others' applies lost: they go out first.
        try merges.checkout(merges.changes[0].merged)
        env.merge(["GITHUB_REF": "refs/heads/main", "GITHUB_REF_NAME": "main", "GITHUB_SHA": merges.changes[0].merged])
        {
            $1
        }
        let first = try run("apply-reviewed.sh", [], env: env, in: merges.repo)
        #expect(first.code == 0 && first.stdout.contains("David Kim is now Mid."), "\(first.stdout)\(first.stderr)")
        env["FAKE_GH_WORLD"] = try world(
            folder,
            [
                "commit_pulls": pulls, "pr_heads": heads, "runs": runs, "artifacts": plans, "default_branch": "main",
                "deployments": [["id": 1, "sha": merges.changes[0].merged, "state": "success"]],
            ])
        try merges.checkout(merges.changes[2].merged)
        env["GITHUB_SHA"] = merges.changes[2].merged
        let drift = try run("run.sh", [], env: env, in: merges.repo)
        #expect(drift.code == 0 && drift.stdout.contains("no drift"), "\(drift.stdout)\(drift.stderr)")
        #expect(drift.stdout.contains("Leo Santos moved to Backend Services."), "\(drift.stdout)")
        let log = try String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)
        #expect(!log.contains("pr create"), "a drift request that takes the merges back: \(log)")
    }

    /// A pull request from a fork was validated only: nothing of it was reviewed. Apply says so, by
    /// its number, and holds back what it changed, never "the plan expired".
    @Test func aForksMergeIsNamedAndHeldBack() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let (folder, path) = try fakeGitHub()
        let (repo, _) = try repository(folder)
        let env = [
            "PATH": path, "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token, "ROSTER_COMMAND": "apply",
            "GH_LOG": folder.appendingPathComponent("log").path, "GITHUB_REPOSITORY": "org/people",
            "GITHUB_SHA": "mergesha", "GITHUB_REF_NAME": "main", "RUNNER_TEMP": folder.path,
            "GITHUB_WORKFLOW_REF": "org/people/.github/workflows/roster.yml@refs/heads/main",
            "FAKE_GH_WORLD": try world(
                folder,
                [
                    "commit_pulls": [
                        "*": [["number": 9, "merged_at": "2026-11-27T10:00:00Z", "base": ["ref": "main"]]]
                    ], "forks": [9],
                ]),
        ]
        let result = try run("run.sh", [], env: env, in: repo)
        #expect(result.code == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("pull request #9 came from a fork"), "\(result.stderr)")
        #expect(!result.stderr.contains("expired"), "\(result.stderr)")
    }
}

extension CIExampleTests {
    /// A fork's pull request gets no token: the job validates, and shows what the change does
    /// person by person (`roster diff` of its base against its head) as the job's summary, posting
    /// nothing with its read-only token. Without a token in this repository's own pull request
    /// (the secret not set), the diff is also posted as the comment.
    @Test func aForksPullRequestGetsTheDiffAsItsSummary() throws {
        let (folder, path) = try fakeGitHub()
        let (repo, _) = try repository(folder)
        let git = { (command: String) throws in
            let result = try RosterBinary.run(
                ["/bin/bash", "-c", "git -c user.name=t -c user.email=t@x " + command], direct: true, directory: repo)
            #expect(result.code == 0, "git \(command): \(result.stderr)")
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try git("init -q -b main && git add . && git commit -q -m base")
        let base = try git("rev-parse HEAD")
        let moved = try RosterBinary.run(
            ["move", "Leo Santos", "--to", "Backend Services", "roster/"], directory: repo)
        #expect(moved.code == 0, "\(moved.stderr)")
        _ = try git("commit -q -am 'Leo moves'")
        for (head, posts) in [("someone/people", false), ("org/people", true)] {
            let event = folder.appendingPathComponent("event-\(posts).json")
            try
                #"{"pull_request": {"number": 7, "head": {"repo": {"full_name": "\#(head)"}}, "base": {"sha": "\#(base)"}}}"#
                .write(to: event, atomically: true, encoding: .utf8)
            let summary = folder.appendingPathComponent("summary-\(posts)"),
                log = folder.appendingPathComponent("log-\(posts)"),
                output = folder.appendingPathComponent("output-\(posts)")
            let env = [
                "PATH": path, "ROSTER_COMMAND": "plan", "GITHUB_REPOSITORY": "org/people", "GH_LOG": log.path,
                "GITHUB_EVENT_PATH": event.path, "GITHUB_STEP_SUMMARY": summary.path, "RUNNER_TEMP": folder.path,
                "GITHUB_OUTPUT": output.path,
            ]
            let result = try run("run.sh", [], env: env, in: repo)
            #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
            let shown = (try? String(contentsOf: summary, encoding: .utf8)) ?? ""
            #expect(shown.contains("### Roster changes:") && shown.contains("Leo Santos"), "\(shown)")
            #expect(shown.contains("Platform Infra → Backend Services"), "\(shown)")
            let called = FileManager.default.fileExists(atPath: log.path)
            #expect(called == posts, "\(head): gh \(called ? "was" : "was not") called")
            // Nothing is saved for a later job: the comment workflow computes the diff itself.
            let outputs = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            #expect(!outputs.contains("diff-file"), "\(outputs)")
        }
    }

    /// A fork's pull request, as a job of this repository sees it after the fork's run: a checkout of
    /// the default branch (the example roster), the fork's commit made by `edit` (bash, with the
    /// roster binary as $1) pushed to origin as pull requests 7 and 8, the `workflow_run` event of
    /// the fork's run, and the environment of `comment-diff` with a stand-in `gh`.
    struct ForkRun {
        var folder: URL, repo: URL, base: String, head: String, env: [String: String]

        /// The world of a stand-in `gh` where `pulls` are open with head `sha` and the fork's base.
        func world(_ sha: String, pulls: [Int]) throws -> String {
            let file = folder.appendingPathComponent("world-\(sha.prefix(4))-\(pulls.count).json")
            let listed = pulls.map {
                #"{"number": \#($0), "head": {"sha": "\#(sha)", "repo": {"owner": {"login": "someone"}}}, "#
                    + #""base": {"sha": "\#(base)"}}"#
            }
            try #"{"pulls": [\#(listed.joined(separator: ","))], "comments": []}"#.write(
                to: file, atomically: true, encoding: .utf8)
            return file.path
        }

        func body(_ number: Int) throws -> String {
            try String(
                contentsOf: folder.appendingPathComponent("roster-plan/diff-4321-\(number)/comment.md"), encoding: .utf8
            )
        }
    }

    func forkRun(_ edit: String) throws -> ForkRun {
        let (folder, path) = try fakeGitHub()
        let (repo, remote) = try exampleCheckout(folder)
        let fork = """
            set -e; git clone -q -b main "$1" fork; cd fork; base=$(git rev-parse HEAD)
            \(edit)
            git add -A; git -c user.name=f -c user.email=f@x commit -q -m 'The fork changes the roster'
            git push -q origin "HEAD:refs/pull/7/head" "HEAD:refs/pull/8/head"; echo "$base $(git rev-parse HEAD)"
            """
        let made = try RosterBinary.run(
            ["/bin/bash", "-c", fork, RosterBinary.path, remote.path], direct: true, directory: folder)
        #expect(made.code == 0, "\(made.stderr)")
        let shas = made.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
        try #require(shas.count == 2)
        let event = folder.appendingPathComponent("workflow_run.json")
        try #"""
        {"workflow_run": {"id": 4321, "event": "pull_request", "head_sha": "\#(shas[1])", "head_branch": "fix/names&teams",
         "head_repository": {"full_name": "someone/people", "owner": {"login": "someone"}}}}
        """#.write(to: event, atomically: true, encoding: .utf8)
        var run = ForkRun(folder: folder, repo: repo, base: shas[0], head: shas[1], env: [:])
        run.env = [
            "PATH": path, "ROSTER_COMMAND": "comment-diff", "GITHUB_REPOSITORY": "org/people",
            "GH_LOG": folder.appendingPathComponent("log").path, "GITHUB_EVENT_PATH": event.path,
            "RUNNER_TEMP": folder.path, "GITHUB_RUN_ID": "5000", "FAKE_GH_WORLD": try run.world(shas[1], pulls: [7]),
        ]
        return run
    }

    /// After a fork's run, `comment-diff` (examples/ci/roster-comment.yml), in a checkout of this
    /// repository, fetches the pull request's commits as objects and posts what they change, person by
    /// person, computed by this repository's roster: names that would mention, link or imitate the
    /// plan comment are inert; each open pull request of that head gets the diff against its own base;
    /// one pushed again since gets nothing; a run of no pull request posts nothing.
    @Test func aForksCommitsAreDiffedHereAndPosted() throws {
        let hostile = "@org/everyone [click](https://evil.example) ### Roster plan <!-- roster-plan -->"
        var fork = try forkRun(
            """
            "$0" move "Leo Santos" --to "Backend Services" roster/ > /dev/null
            "$0" hire '\(hostile)' --craft Design --level Junior roster/ > /dev/null
            """)
        let log = URL(fileURLWithPath: fork.env["GH_LOG"] ?? "")
        let posted = try run("run.sh", [], env: fork.env, in: fork.repo)
        #expect(posted.code == 0 && posted.stdout.contains("posted a new comment"), "\(posted.stdout)\(posted.stderr)")
        let calls = try String(contentsOf: log, encoding: .utf8)
        #expect(calls.contains("pulls?state=open&per_page=100&head=someone%3Afix%2Fnames%26teams"), "\(calls)")
        #expect(calls.contains("api --method POST repos/org/people/issues/7/comments"), "\(calls)")
        let body = try fork.body(7)
        #expect(body.hasPrefix("<!-- roster-plan -->\n<!-- roster-plan-run: 4321 -->\n> From a fork"), "\(body)")
        #expect(body.contains("Leo Santos") && body.contains("Roster plan"), "\(body)")
        #expect(body.components(separatedBy: "<!--").count == 3, "only the header's markers: \(body)")
        #expect(!body.contains("@org") && !body.contains("](https://") && !body.contains("https://evil"), "\(body)")
        let headings = body.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(headings.count == 2 && !headings.contains { $0.contains("Roster plan") }, "\(body)")
        // The branch has two open pull requests: each gets the diff against its own base.
        fork.env["FAKE_GH_WORLD"] = try fork.world(fork.head, pulls: [7, 8])
        let both = try run("run.sh", [], env: fork.env, in: fork.repo)
        #expect(both.code == 0, "\(both.stdout)\(both.stderr)")
        #expect(try String(contentsOf: log, encoding: .utf8).contains("issues/8/comments"))
        #expect(try fork.body(8).contains("Leo Santos"))
        fork.env["FAKE_GH_WORLD"] = try fork.world(String(repeating: "cd", count: 20), pulls: [7])
        let moved = try run("run.sh", [], env: fork.env, in: fork.repo)
        #expect(moved.code == 0 && moved.stdout.contains("no open pull request has head"), "\(moved.stdout)")
        let event = URL(fileURLWithPath: fork.env["GITHUB_EVENT_PATH"] ?? "")
        try #"{"workflow_run": {"id": 4321, "event": "push"}}"#.write(to: event, atomically: true, encoding: .utf8)
        let push = try run("run.sh", [], env: fork.env, in: fork.repo)
        #expect(push.code == 0 && push.stdout.contains("nothing to post"), "\(push.stdout)\(push.stderr)")
    }

    /// A fork hires 1,500 people whose names grow when escaped (`<` is `&lt;`, a mention gets a
    /// zero-width space): the body is escaped first and measured after, and stays within what GitHub
    /// takes (65,536 characters), saying what it left out.
    @Test func aForksHugeDiffIsMeasuredAfterEscaping() throws {
        let fork = try forkRun(
            """
            { echo 'version: 1'; echo 'defaults: {craft: Engineering, level: Mid}'; echo 'people:'
              for i in $(seq 1 1500); do echo "  - {name: '@everyone <!-- Zoë Müller-Lüdenscheid $i --> <b>'}"; done
            } > roster/hires.yaml
            """)
        let posted = try run("run.sh", [], env: fork.env, in: fork.repo)
        #expect(posted.code == 0 && posted.stdout.contains("posted a new comment"), "\(posted.stdout)\(posted.stderr)")
        let body = try fork.body(7)
        #expect(body.unicodeScalars.count <= 65_536, "\(body.unicodeScalars.count) characters")
        #expect(body.contains("left out") && !body.contains("<b>"), "\(body.suffix(600))")
    }
}
