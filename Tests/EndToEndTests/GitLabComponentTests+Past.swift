import Foundation
import RosterModel
import RosterTestSupport
import Testing

/// Issue 69 on GitLab's side: a job never applies the past (a retried old deploy job, which
/// GitLab allows as a "rollback" even with "Prevent outdated deployment jobs"), and a failure is
/// a failure.
extension GitLabComponentTests {
    /// Three merge requests merged, each reviewed on its branch: the stand-in's state.
    func mergedAndReviewed(_ sandbox: SandboxProcess, _ api: StandIn, _ name: String) throws -> MergeHistory {
        let merges = try MergeHistory(sandbox, ScratchFolder.url.appendingPathComponent(name))
        var plans: [String: Any] = [:], pipelines: [String: Any] = [:], jobs: [String: Any] = [:]
        var mrs: [String: Any] = [:], commits: [String: Any] = [:]
        for (n, change) in merges.changes.enumerated() {
            let iid = n + 1
            try merges.checkout(change.branch)
            var review = job(sandbox, api, merges.repo, Self.mergeRequest)
            (review["CI_MERGE_REQUEST_IID"], review["CI_PIPELINE_ID"]) = ("\(iid)", "\(700 + iid)")
            #expect(try loop(["run", "plan"], review, in: merges.repo).code == 0)
            let saved = ScratchFolder.url.appendingPathComponent("\(name)-\(iid).json")
            try? FileManager.default.removeItem(at: saved)
            try FileManager.default.copyItem(at: merges.repo.appendingPathComponent("roster-plan/plan.json"), to: saved)
            mrs["\(iid)"] = ["iid": iid, "sha": "head\(iid)", "target_branch": "main"]
            pipelines["\(iid)"] = [["id": 800 + iid, "sha": "head\(iid)", "status": "success"]]
            jobs["\(800 + iid)"] = [["id": 900 + iid, "name": "roster-plan", "status": "success"]]
            plans["\(900 + iid)"] = ["roster-plan/plan.json": saved.path]
            commits[change.merged] = [["iid": iid, "state": "merged", "target_branch": "main"]]
        }
        try api.set([
            "mrs": mrs, "mr_pipelines": pipelines, "pipeline_jobs": jobs, "artifacts": plans, "commit_mrs": commits,
        ])
        return merges
    }

    /// Runs COMMAND as the job of merge N (its commit checked out), the branch's head `head`.
    func job(
        _ sandbox: SandboxProcess, _ api: StandIn, _ merges: MergeHistory, _ command: String, at n: Int, head: Int
    ) throws -> RosterBinary.Result {
        let commit = merges.changes[n].merged
        try merges.checkout(commit)
        let source = command == "drift" ? "schedule" : "push"
        let env = job(
            sandbox, api, merges.repo,
            ["CI_PIPELINE_SOURCE": source, "CI_COMMIT_SHA": commit, "CI_COMMIT_BRANCH": "main"])
        try api.set(["pinned_heads": ["main": merges.changes[head].merged]])
        return try loop(["run", command], env, in: merges.repo)
    }

    func deployed(_ api: StandIn, _ shas: [String]) throws {
        let list = shas.enumerated().map {
            ["id": $0.offset + 1, "sha": $0.element, "status": "success", "environment": "mps"]
        }
        try api.set(["deployments": list])
    }

    /// The first merge's apply retried after the third was applied, and a drift pipeline of that
    /// old commit: nothing is applied, nothing pulled, and the job says which commit covers it.
    @Test func anOldDeployJobRetriedChangesNothing() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let merges = try mergedAndReviewed(sandbox, api, "retried")
        #expect(try job(sandbox, api, merges, "apply", at: 0, head: 0).code == 0)
        try deployed(api, [merges.changes[0].merged])
        let newest = try job(sandbox, api, merges, "apply", at: 2, head: 2)
        #expect(newest.code == 0 && newest.stdout.contains("(3 2)"), "\(newest.stdout)\(newest.stderr)")
        try deployed(api, [merges.changes[0].merged, merges.changes[2].merged])
        let before = try MergeHistory.space(sandbox)
        let requests = api.requests.count
        for command in ["apply", "drift"] {
            let old = try job(sandbox, api, merges, command, at: 0, head: 2)
            #expect(old.code == 0, "\(command): \(old.stdout)\(old.stderr)")
            #expect(old.stdout.contains("no longer the head of main (\(merges.changes[2].merged) is)"), "\(old.stdout)")
            #expect(try MergeHistory.space(sandbox) == before, "\(command) of an old commit changed the space")
        }
        let since = api.requests.dropFirst(requests).map { "\($0["method"] ?? "") \($0["path"] ?? "")" }
        #expect(since.allSatisfy { $0.hasSuffix("/repository/branches/main") }, "\(since)")
        // The retried job succeeded too, and GitLab recorded it last: the newest commit's still counts.
        try deployed(api, [merges.changes[2].merged, merges.changes[0].merged])
        let again = try job(sandbox, api, merges, "apply", at: 2, head: 2)
        #expect(
            again.code == 0 && again.stdout.contains("was applied by an earlier run"), "\(again.stdout)\(again.stderr)")
    }

    /// Each request the apply job makes failing (HTTP 500, a page that is not JSON, a list cut
    /// short) fails the job before anything is applied.
    @Test func eachFailingRequestStopsTheJobBeforeAnythingIsApplied() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let merges = try mergedAndReviewed(sandbox, api, "failing")
        try deployed(api, [merges.changes[0].merged])
        let before = try MergeHistory.space(sandbox)
        let requests = [
            "repository/branches/main", "deployments?", "commits/\(merges.changes[2].merged)/merge_requests",
            "merge_requests/3?", "merge_requests/3/pipelines", "pipelines/803/jobs", "jobs/903/artifacts",
            "merge_requests/2/pipelines",
        ]
        for request in requests {
            for how in ["error", "nonjson", "truncated"] {
                try api.set(["fail": [request: how]])
                let result = try job(sandbox, api, merges, "apply", at: 2, head: 2)
                #expect(result.code == 1, "\(request) \(how): \(result.stdout)\(result.stderr)")
                #expect(result.stderr.contains("error: "), "\(request) \(how): \(result.stderr)")
                #expect(try MergeHistory.space(sandbox) == before, "\(request) \(how) applied something")
            }
        }
        try api.set(["fail": [:] as [String: String]])
        let fine = try job(sandbox, api, merges, "apply", at: 2, head: 2)
        #expect(fine.code == 3 && fine.stdout.contains("✓ createUser \"Nina Hires\""), "\(fine.stdout)\(fine.stderr)")
    }
}

extension GitLabComponentTests {
    /// A missed week of nightly runs, then two nights with a change made in the apps between
    /// them: the first night applies each change that became due in the week, once; the second
    /// applies nothing again and leaves the apps' change alone (the pull after it offers it).
    @Test func aMissedWeekThenTwoNightsWithTheAppsBetween() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let (repo, remote) = try exampleCheckout(ScratchFolder.url.appendingPathComponent("week"))
        let roster = repo.appendingPathComponent("roster").path
        #expect(try RosterBinary.run(["apply", "--auto-approve", roster], environment: sandbox.environment).code == 0)
        let edits = [
            ["set", "person", "David Kim", "--level", "Senior", "--on", Day.today.adding(days: -5).description],
            ["move", "Leo Santos", "--to", "Backend Services", "--on", Day.today.adding(days: -2).description],
        ]
        for edit in edits { #expect(try RosterBinary.run(edit + [roster]).code == 0) }
        let commit = "git -c user.name=t -c user.email=t@x commit -q -am 'dated' && git push -q origin HEAD:main"
        #expect(try RosterBinary.run(["/bin/bash", "-c", commit], direct: true, directory: repo).code == 0)
        let night = ["CI_PIPELINE_SOURCE": "schedule", "CI_COMMIT_BRANCH": "main"]
        let first = try loop(["run", "drift"], job(sandbox, api, repo, night), in: repo)
        #expect(
            first.code == 0 && first.stdout.contains("Applied what is due on \(Day.today)"),
            "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("David Kim") && first.stdout.contains("Leo Santos"), "\(first.stdout)")
        // Between the nights, the apps make David Staff.
        _ = try sandbox.graphql(
            "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, jobLevel: Staff, "
                + "craftFocus: Fullstack}) { id } }")
        let second = try loop(["run", "drift"], job(sandbox, api, repo, night), in: repo)
        #expect(
            second.code == 0 && second.stdout.contains("Nothing is due on \(Day.today)"),
            "\(second.stdout)\(second.stderr)")
        let exported = try RosterBinary.run(["export"], environment: sandbox.environment).stdout
        let david = exported.split(separator: "\n").first { $0.contains("name: David Kim") } ?? ""
        #expect(david.contains("Staff"), "the apps' change stays: \(david)")
        #expect(exported.contains("Leo Santos"), "\(exported)")
        let pushed = try RosterBinary.run(
            ["/usr/bin/git", "-C", remote.path, "show", "roster/drift:roster/acme.yaml"], direct: true)
        let line = pushed.stdout.split(separator: "\n").first { $0.contains("name: David Kim") } ?? ""
        #expect(line.contains("Staff"), "the drift merge request offers it: \(pushed.stdout)\(pushed.stderr)")
    }
}

extension GitLabComponentTests {
    /// The site command writes the organisation page where GitLab Pages publishes from, with no
    /// token of any kind; the loop on GitHub writes the same and names it in the step's outputs.
    @Test func theSiteCommandWritesThePageForPages() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let (repo, _) = try exampleCheckout(ScratchFolder.url.appendingPathComponent("site"))
        var env = job(sandbox, api, repo, ["CI_PIPELINE_SOURCE": "push", "CI_COMMIT_BRANCH": "main"])
        (env["SECRET_MPS_TOKEN"], env["ROSTER_GITLAB_TOKEN"]) = ("", "")
        let result = try loop(["run", "site"], env, in: repo)
        #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
        let page = try String(contentsOf: repo.appendingPathComponent("public/index.html"), encoding: .utf8)
        #expect(page.contains("<h1>The organisation of") && page.contains("Headcount at the end of each month"))
        #expect(api.requests.isEmpty, "no request to GitLab")
        let output = ScratchFolder.url.appendingPathComponent("github-output")
        let github = try RosterBinary.run(
            ["/bin/bash", Self.loop, "github", "run", "site"],
            environment: ["PATH": env["PATH"] ?? "", "GITHUB_OUTPUT": output.path, "ROSTER_PATH": "roster/"],
            direct: true, directory: repo)
        #expect(github.code == 0, "\(github.stderr)")
        #expect(try String(contentsOf: output, encoding: .utf8).contains("site-file=public/index.html"))
    }
}
