import Foundation
import RosterTestSupport
import Testing

/// Issue 69 on GitHub's side: a job never applies the past, and a failure is a failure.
extension CIExampleTests {
    /// Three pull requests merged and applied, their plans reviewed: the stand-in's world for a job
    /// on main, with the deployments given.
    struct Merged {
        let merges: MergeHistory
        var env: [String: String]
        var state: [String: Any]
        let folder: URL
    }

    func mergedAndReviewed(_ sandbox: SandboxProcess, _ name: String) throws -> Merged {
        let (folder, path) = try fakeGitHub()
        let merges = try MergeHistory(sandbox, folder.appendingPathComponent(name))
        let env = [
            "PATH": path, "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token,
            "GH_LOG": folder.appendingPathComponent("log").path, "GITHUB_REPOSITORY": "org/people",
            "GITHUB_REF_NAME": "main", "GITHUB_REF": "refs/heads/main", "RUNNER_TEMP": folder.path,
            "GITHUB_WORKFLOW_REF": "org/people/.github/workflows/roster.yml@refs/heads/main",
        ]
        var pulls: [String: Any] = [:], heads: [String: String] = [:], runs: [String: String] = [:]
        var plans: [String: String] = [:]
        for (n, change) in merges.changes.enumerated() {
            try merges.checkout(change.branch)
            let out = folder.appendingPathComponent("plan-\(n + 1)")
            let planned = try run("plan-comment.sh", ["roster/", out.path], env: env, in: merges.repo)
            #expect(planned.code == 2, "\(planned.stderr)")
            let head = try merges.git("rev-parse HEAD")
            (heads["\(n + 1)"], runs[head]) = (head, "\(500 + n)")
            plans["\(500 + n)"] = out.appendingPathComponent("plan.json").path
            pulls[change.merged] = [["number": n + 1, "merged_at": "2026-11-27T10:0\(n):00Z", "base": ["ref": "main"]]]
        }
        let state: [String: Any] = [
            "commit_pulls": pulls, "pr_heads": heads, "runs": runs, "artifacts": plans, "default_branch": "main",
            "branch_heads": ["main": merges.changes[2].merged],
        ]
        return Merged(merges: merges, env: env, state: state, folder: folder)
    }

    /// Runs COMMAND (apply or drift) as the job of merge N, with `deployments` on record.
    func job(
        _ merged: inout Merged, _ command: String, at n: Int, deployments: [[String: Any]],
        extra: [String: Any] = [:]
    ) throws -> RosterBinary.Result {
        try merged.merges.checkout(merged.merges.changes[n].merged)
        merged.state["deployments"] = deployments
        var state = merged.state
        state.merge(extra) { $1 }
        var env = merged.env
        env["FAKE_GH_WORLD"] = try world(merged.folder, state)
        env["GITHUB_SHA"] = merged.merges.changes[n].merged
        env["ROSTER_COMMAND"] = command
        env["GITHUB_EVENT_PATH"] = merged.folder.appendingPathComponent("none.json").path
        return try run("run.sh", [], env: env, in: merged.merges.repo)
    }

    /// PR #1 applied, then #2 and #3 by the newest apply. Someone re-runs #1's apply, then the
    /// drift job of that old commit: each says which commit's job covers it and changes nothing;
    /// the re-run's success on record does not make the next apply take #2 and #3 again.
    @Test func anOldApplyOrDriftRunAgainChangesNothing() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        var merged = try mergedAndReviewed(sandbox, "rerun")
        let changes = merged.merges.changes
        merged.state["branch_heads"] = ["main": changes[0].merged]
        #expect(try job(&merged, "apply", at: 0, deployments: []).code == 0)
        merged.state["branch_heads"] = ["main": changes[2].merged]
        let newest = try job(
            &merged, "apply", at: 2, deployments: [["id": 1, "sha": changes[0].merged, "state": "success"]])
        #expect(newest.code == 0 && newest.stdout.contains("(3 2)"), "\(newest.stdout)\(newest.stderr)")
        let before = try MergeHistory.space(sandbox)
        let logged = try String(contentsOf: merged.folder.appendingPathComponent("log"), encoding: .utf8).count
        for command in ["apply", "drift"] {
            let old = try job(
                &merged, command, at: 0, deployments: [["id": 2, "sha": changes[2].merged, "state": "success"]])
            #expect(old.code == 0, "\(command): \(old.stdout)\(old.stderr)")
            #expect(old.stdout.contains("no longer the head of main (\(changes[2].merged) is)"), "\(old.stdout)")
            #expect(!old.stdout.contains("applying") && !old.stdout.contains("Apply complete"), "\(old.stdout)")
            #expect(try MergeHistory.space(sandbox) == before, "\(command) of an old commit changed the space")
        }
        let log = try String(contentsOf: merged.folder.appendingPathComponent("log"), encoding: .utf8).dropFirst(logged)
        #expect(!log.contains("pr create") && !log.contains("run download") && !log.contains("push"), "\(log)")
        // The re-run succeeded and is on record, newest: the last apply is still the newest commit's.
        let again = try job(
            &merged, "apply", at: 2,
            deployments: [
                ["id": 3, "sha": changes[0].merged, "state": "success"],
                ["id": 2, "sha": changes[2].merged, "state": "success"],
            ])
        #expect(
            again.code == 0 && again.stdout.contains("was applied by an earlier run"), "\(again.stdout)\(again.stderr)")
    }

    /// Each call the apply job makes to GitHub failing (an HTTP error, an answer that is not
    /// JSON, a list cut short) fails the job before anything is applied: the host then records
    /// no successful deployment.
    @Test func eachFailingCallStopsTheJobBeforeAnythingIsApplied() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        var merged = try mergedAndReviewed(sandbox, "failing")
        let changes = merged.merges.changes
        let deployed: [[String: Any]] = [["id": 1, "sha": changes[0].merged, "state": "success"]]
        let before = try MergeHistory.space(sandbox)
        let calls = [
            "branches/main", "deployments?", "deployments/1/statuses", "commits/\(changes[2].merged)/pulls",
            "commits/\(changes[1].merged)/pulls", "pr view 3", "run list", "runs/502/artifacts", "run download 502",
        ]
        for call in calls {
            for how in call.hasPrefix("run download") ? ["error"] : ["error", "nonjson", "truncated"] {
                let result = try job(&merged, "apply", at: 2, deployments: deployed, extra: ["fail": [call: how]])
                #expect(result.code == 1, "\(call) \(how): \(result.stdout)\(result.stderr)")
                #expect(result.stderr.contains("error: "), "\(call) \(how): \(result.stderr)")
                #expect(!result.stdout.contains("Apply complete"), "\(call) \(how): \(result.stdout)")
                #expect(try MergeHistory.space(sandbox) == before, "\(call) \(how) applied something")
            }
        }
        // And the drift job: its default branch, from the API.
        var drift = merged
        drift.state["default_branch"] = nil
        let failed = try job(
            &drift, "drift", at: 2, deployments: deployed, extra: ["fail": ["repos/org/people --jq": "error"]])
        #expect(failed.code == 1 && failed.stderr.contains("default branch"), "\(failed.stdout)\(failed.stderr)")
        // Nothing failing, the same job applies #2 and #3 (#1, on record as applied, it holds back).
        let fine = try job(&merged, "apply", at: 2, deployments: deployed)
        #expect(fine.code == 3 && fine.stdout.contains("✓ createUser \"Nina Hires\""), "\(fine.stdout)\(fine.stderr)")
    }
}

extension CIExampleTests {
    /// docs/ci.md's recovery on GitHub, step by step: #2 and #3's plans expired, so the newest apply
    /// and the nightly drift hold them back (and fail: nothing is recorded as applied that was not).
    /// A branch of main with an empty commit; its pull request planned by running the workflow by
    /// hand with `pull-request` (its paths filter runs no plan for a branch that changes nothing
    /// under roster/); merged; the workflow run by hand on main: its drift job applies it.
    @Test func theRecoveryPlansAgainFromABranchAndApplies() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        var merged = try mergedAndReviewed(sandbox, "recovery")
        let changes = merged.merges.changes
        merged.state["branch_heads"] = ["main": changes[0].merged]
        #expect(try job(&merged, "apply", at: 0, deployments: []).code == 0)
        merged.state["artifacts"] = [:] as [String: String]
        merged.state["branch_heads"] = ["main": changes[2].merged]
        let deployed: [[String: Any]] = [["id": 1, "sha": changes[0].merged, "state": "success"]]
        let lost = try job(&merged, "apply", at: 2, deployments: deployed)
        #expect(lost.code == 3 && lost.stderr.contains("When apply refuses or finds no plan"), "\(lost.stderr)")
        try merged.merges.git("init -q --bare ../remote.git && git remote add origin ../remote.git")
        let night = try job(&merged, "drift", at: 2, deployments: deployed, extra: ["open_prs": [21]])
        #expect(night.code == 3 && night.stderr.contains("not all of it is applied"), "\(night.stdout)\(night.stderr)")
        try merged.merges.git("checkout -q -f \(changes[2].merged)")
        // 1. A branch with an empty commit, and its pull request (#9).
        try merged.merges.git("checkout -q -b replan && git commit -q --allow-empty -m 'Plan the roster again'")
        let replan = try merged.merges.git("rev-parse HEAD")
        // 2. Actions › roster › Run workflow on replan, with pull-request 9: the plan job.
        let event = merged.folder.appendingPathComponent("dispatch.json")
        try #"{"inputs": {"pull-request": "9"}}"#.write(to: event, atomically: true, encoding: .utf8)
        var plan = merged.env
        plan.merge([
            "ROSTER_COMMAND": "plan", "GITHUB_EVENT_PATH": event.path, "GITHUB_SHA": replan, "GITHUB_RUN_ID": "600",
            "FAKE_GH_WORLD": try world(merged.folder, merged.state),
        ]) { $1 }
        let planned = try run("run.sh", [], env: plan, in: merged.merges.repo)
        #expect(
            planned.code == 0 && planned.stdout.contains("posted a new comment"), "\(planned.stdout)\(planned.stderr)")
        let saved = merged.folder.appendingPathComponent("replan.json")
        try FileManager.default.copyItem(at: merged.folder.appendingPathComponent("roster-plan/plan.json"), to: saved)
        // 3. Merged into main.
        try merged.merges.git("checkout -q main && git merge -q --no-ff replan -m 'Merge pull request #9'")
        let head = try merged.merges.git("rev-parse HEAD")
        var pulls = merged.state["commit_pulls"] as? [String: Any] ?? [:]
        pulls[head] = [["number": 9, "merged_at": "2026-11-28T10:00:00Z", "base": ["ref": "main"]]]
        var heads = merged.state["pr_heads"] as? [String: String] ?? [:]
        heads["9"] = replan
        merged.state.merge([
            "commit_pulls": pulls, "pr_heads": heads, "runs": [replan: "600"], "artifacts": ["600": saved.path],
            "branch_heads": ["main": head],
        ]) { $1 }
        // 4. Run workflow on main: the drift job applies what #9's plan holds.
        var env = merged.env
        env.merge([
            "ROSTER_COMMAND": "drift", "GITHUB_SHA": head, "FAKE_GH_WORLD": try world(merged.folder, merged.state),
            "GITHUB_EVENT_PATH": merged.folder.appendingPathComponent("none.json").path,
        ]) { $1 }
        merged.state["deployments"] = deployed
        env["FAKE_GH_WORLD"] = try world(merged.folder, merged.state)
        let applied = try run("run.sh", [], env: env, in: merged.merges.repo)
        #expect(applied.code == 0, "\(applied.stdout)\(applied.stderr)")
        #expect(applied.stdout.contains("Leo Santos moved to Backend Services."), "\(applied.stdout)")
        #expect(applied.stdout.contains("Nina Hires joined"), "\(applied.stdout)")
    }
}
