import Foundation
import RosterTestSupport
import Testing

@testable import RosterModel

/// The GitLab CI/CD component (`templates/roster.yml`): the shared loop it runs
/// (`scripts/ci/loop.sh gitlab`), run here against the sandbox and a stand-in of GitLab's REST API
/// (`Tests/Servers/gitlab_standin.py`) with the variables a GitLab job has.
@Suite(.serialized, .scratchFolder) struct GitLabComponentTests {
    static let loop = TestSupport.packageRoot.appendingPathComponent("scripts/ci/loop.sh").path
    static let gitlabToken = "glpat-standin-\(UUID().uuidString.prefix(8))"

    /// The stand-in API with its state file and request log.
    final class StandIn {
        let process = Process()
        let url: String
        let state: URL
        let log: URL

        init(_ folder: URL) throws {
            state = folder.appendingPathComponent("gitlab-state.json")
            log = folder.appendingPathComponent("gitlab-log.jsonl")
            try "{}".write(to: state, atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "Tests/Servers/gitlab_standin.py", "--state", state.path, "--log", log.path, "--token",
                GitLabComponentTests.gitlabToken, "--project", "42",
            ]
            url = try SandboxProcess.start(process)
        }

        /// Merges `values` into the top level of the state.
        func set(_ values: [String: Any]) throws {
            var current = try read()
            current.merge(values) { _, new in new }
            try JSONSerialization.data(withJSONObject: current).write(to: state)
        }

        func read() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: state)) as? [String: Any] ?? [:]
        }

        var requests: [[String: Any]] { JSONLines.read(log) }

        func stop() {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The variables of a GitLab job in project 42, the MPS token in the masked variable
    /// SECRET_MPS_TOKEN that the component's token-variable input names.
    func job(_ sandbox: SandboxProcess, _ api: StandIn, _ repo: URL, _ extra: [String: String]) -> [String: String] {
        let roster = URL(fileURLWithPath: RosterBinary.path).deletingLastPathComponent().path
        var env = [
            "PATH": "\(roster):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")",
            "MPS_ENDPOINT": sandbox.url, "SECRET_MPS_TOKEN": sandbox.token, "ROSTER_TOKEN_VARIABLE": "SECRET_MPS_TOKEN",
            "ROSTER_GITLAB_TOKEN": Self.gitlabToken, "GITLAB_CI": "true", "CI_API_V4_URL": api.url,
            "CI_SERVER_URL": String(api.url.dropLast("/api/v4".count)), "ROSTER_ENDPOINT_INPUT": sandbox.url,
            "CI_PROJECT_ID": "42", "CI_PROJECT_DIR": repo.path, "CI_DEFAULT_BRANCH": "main",
        ]
        env.merge(extra) { _, new in new }
        // The job's commit is its branch's head, as GitLab says, unless a test pins another.
        let head = try? RosterBinary.run(["/usr/bin/env", "git", "rev-parse", "HEAD"], direct: true, directory: repo)
        let sha = extra["CI_COMMIT_SHA"] ?? head?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        try? api.set(["branch_heads": ["main": sha]])
        return env
    }

    static let mergeRequest = [
        "CI_PIPELINE_SOURCE": "merge_request_event", "CI_MERGE_REQUEST_IID": "7", "CI_MERGE_REQUEST_PROJECT_ID": "42",
        "CI_MERGE_REQUEST_SOURCE_PROJECT_ID": "42", "CI_PIPELINE_ID": "500", "CI_COMMIT_SHA": "0123456789abcdef0123",
    ]

    func loop(_ arguments: [String], _ env: [String: String], in repo: URL) throws -> RosterBinary.Result {
        let result = try RosterBinary.run(
            ["/bin/bash", Self.loop, "gitlab"] + arguments, environment: env, direct: true, directory: repo)
        // The tokens are in no log: not in what the job prints, not in what reached the API.
        for token in [env["SECRET_MPS_TOKEN"] ?? "", Self.gitlabToken] {
            #expect(!result.stdout.contains(token) && !result.stderr.contains(token), "a token in the job log")
        }
        return result
    }

    @Test func aMergeRequestGetsOneNoteKeptUpToDateAndTheSavedPlan() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let (repo, _) = try exampleCheckout(ScratchFolder.url.appendingPathComponent("note"))
        let env = job(sandbox, api, repo, Self.mergeRequest)
        let first = try loop(["run", "plan"], env, in: repo)
        #expect(first.code == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("posted a new note"), "\(first.stdout)")
        // The plan in a collapsed section of the job log; saved with its fingerprint; the outputs
        // as a dotenv report.
        #expect(first.stdout.contains("section_start:") && first.stdout.contains("[collapsed=true]"))
        #expect(first.stdout.contains("### Roster plan for space") && first.stdout.contains("section_end:"))
        let saved =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: repo.appendingPathComponent("roster-plan/plan.json"))) as? [String: Any]
        #expect((saved?["fingerprint"] as? String)?.isEmpty == false, "\(saved ?? [:])")
        let dotenv = try String(contentsOf: repo.appendingPathComponent("roster-plan/roster.env"), encoding: .utf8)
        #expect(dotenv.hasPrefix("ROSTER_CHANGES=true\nROSTER_EXITCODE=2\nROSTER_PLAN_FILE="), "\(dotenv)")
        // A second push: the note is found by its marker and edited, not posted again.
        var newer = env
        newer["CI_PIPELINE_ID"] = "502"
        let second = try loop(["run", "plan"], newer, in: repo)
        #expect(second.code == 0 && second.stdout.contains("updated note 1001"), "\(second.stdout)\(second.stderr)")
        let notes = try notes(api)
        #expect(notes.count == 1)
        let body = notes.first?["body"] as? String ?? ""
        #expect(body.hasPrefix("<!-- roster-plan -->\n### Roster plan"))
        // The note names the commit planned and its pipeline.
        #expect(body.contains("Planned from commit `0123456789ab` in pipeline 502."), "\(body)")
        #expect(body.hasSuffix("<!-- roster-plan-run: 502 -->\n"), "\(body)")
        let methods = api.requests.map { "\($0["method"] ?? "") \($0["path"] ?? "")" }
        #expect(methods.filter { $0 == "POST /api/v4/projects/42/merge_requests/7/notes" }.count == 1, "\(methods)")
        #expect(methods.contains("PUT /api/v4/projects/42/merge_requests/7/notes/1001"), "\(methods)")
        #expect(api.requests.allSatisfy { $0["token_ok"] as? Bool == true })
    }

    func notes(_ api: StandIn) throws -> [[String: Any]] {
        (try api.read()["notes"] as? [String: Any])?["7"] as? [[String: Any]] ?? []
    }

    /// An older pipeline that finishes last leaves the newer plan's note; a replaced token (a new bot
    /// user) leaves the old token's note and posts its own, edited from then on.
    @Test func theNoteIsNeverOverwrittenByAnOlderPipelineAndOutlivesAReplacedToken() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let (repo, _) = try exampleCheckout(ScratchFolder.url.appendingPathComponent("order"))
        var env = job(sandbox, api, repo, Self.mergeRequest)
        env["CI_PIPELINE_ID"] = "600"
        #expect(try loop(["run", "plan"], env, in: repo).stdout.contains("posted a new note"))
        let posted = try notes(api).first?["body"] as? String
        env["CI_PIPELINE_ID"] = "599"
        let older = try loop(["run", "plan"], env, in: repo)
        #expect(older.code == 0, "\(older.stderr)")
        #expect(
            older.stdout.contains("left note 1001 as it is: pipeline 600, newer than this one (599)"), "\(older.stdout)"
        )
        #expect(try notes(api).first?["body"] as? String == posted)
        // The token was replaced: the API now answers as another bot user, whose note is not 1001.
        try api.set(["me": ["id": 5151, "username": "project_42_bot_2"]])
        env["CI_PIPELINE_ID"] = "601"
        let replaced = try loop(["run", "plan"], env, in: repo)
        #expect(replaced.code == 0, "\(replaced.stderr)")
        #expect(replaced.stdout.contains("posted a new note"), "\(replaced.stdout)")
        env["CI_PIPELINE_ID"] = "602"
        let next = try loop(["run", "plan"], env, in: repo)
        #expect(next.stdout.contains("updated note 1002"), "\(next.stdout)\(next.stderr)")
        #expect(try notes(api).count == 2)
    }

    /// A note by anyone else that carries the marker and a far newer pipeline is ignored: the plan
    /// is posted in the bot's own note and the other note is never edited.
    @Test func aMarkerInSomeoneElsesNoteIsIgnored() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let (repo, _) = try exampleCheckout(ScratchFolder.url.appendingPathComponent("hostile"))
        let forged = "<!-- roster-plan -->\n### Roster plan\n\nNo changes.\n<!-- roster-plan-run: 9999999999 -->\n"
        try api.set([
            "notes": ["7": [["id": 12, "body": forged, "author": ["id": 77, "username": "mallory"]]]]
        ])
        let env = job(sandbox, api, repo, Self.mergeRequest)
        let planned = try loop(["run", "plan"], env, in: repo)
        #expect(planned.code == 0, "\(planned.stdout)\(planned.stderr)")
        #expect(planned.stdout.contains("posted a new note"), "\(planned.stdout)")
        #expect(!planned.stdout.contains("left note"), "\(planned.stdout)")
        let all = try notes(api)
        #expect(all.count == 2 && all.first?["body"] as? String == forged, "the forged note was edited")
        #expect((all.last?["body"] as? String)?.contains("Roster plan for space") == true)
        #expect(!api.requests.contains { $0["method"] as? String == "PUT" }, "\(api.requests)")
        // The next push edits the bot's note, never the forged one.
        var next = env
        next["CI_PIPELINE_ID"] = "501"
        #expect(try loop(["run", "plan"], next, in: repo).stdout.contains("updated note 1001"))
    }

    @Test func aMergeRequestFromAForkIsValidatedOnly() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let (repo, _) = try exampleCheckout(ScratchFolder.url.appendingPathComponent("fork"))
        var env = job(sandbox, api, repo, Self.mergeRequest)
        env["CI_MERGE_REQUEST_SOURCE_PROJECT_ID"] = "77"
        let fork = try loop(["run", "plan"], env, in: repo)
        #expect(fork.code == 0 && fork.stdout.contains("validating only"), "\(fork.stdout)\(fork.stderr)")
        #expect(fork.stdout.contains("valid roster"))
        // The fork's own pipeline (its project is the source, the merge request the parent's): no secrets.
        env["CI_MERGE_REQUEST_SOURCE_PROJECT_ID"] = "77"
        env["SECRET_MPS_TOKEN"] = nil
        let unsecret = try loop(["run", "plan"], env, in: repo)
        #expect(unsecret.code == 0 && unsecret.stdout.contains("validating only"), "\(unsecret.stdout)")
        #expect(api.requests.isEmpty, "the API was called: \(api.requests)")
        #expect(!FileManager.default.fileExists(atPath: repo.appendingPathComponent("roster-plan/plan.json").path))
    }

    /// Not a fork and no token (a protected MPS_TOKEN never reaches a merge request's pipeline): plan
    /// fails and says what to set, never passing without a plan; plan's own unprotected token plans.
    @Test func aProtectedTokenFailsThePlanLoudlyAndAPlanTokenPlans() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let (repo, _) = try exampleCheckout(ScratchFolder.url.appendingPathComponent("protected"))
        var env = job(sandbox, api, repo, Self.mergeRequest)
        env["SECRET_MPS_TOKEN"] = nil
        let failed = try loop(["run", "plan"], env, in: repo)
        #expect(failed.code == 1, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stderr.contains("the CI/CD variable SECRET_MPS_TOKEN is empty in this merge request pipeline"))
        #expect(failed.stderr.contains("plan-token-variable") && failed.stderr.contains("unprotect SECRET_MPS_TOKEN"))
        #expect(!FileManager.default.fileExists(atPath: repo.appendingPathComponent("roster-plan/plan.json").path))
        env.merge(["ROSTER_PLAN_TOKEN_VARIABLE": "PLAN_MPS_TOKEN", "PLAN_MPS_TOKEN": sandbox.token]) { _, new in new }
        let planned = try loop(["run", "plan"], env, in: repo)
        #expect(planned.code == 0 && planned.stdout.contains("posted a new note"), "\(planned.stdout)\(planned.stderr)")
        #expect(!planned.stdout.contains(sandbox.token))
        // An empty plan token is the one named.
        env["PLAN_MPS_TOKEN"] = ""
        let named = try loop(["run", "plan"], env, in: repo)
        #expect(
            named.code == 1 && named.stderr.contains("the CI/CD variable PLAN_MPS_TOKEN is empty"), "\(named.stderr)")
    }

    /// The merged merge request's pipelines, jobs and artifact, as GitLab lists them.
    func reviewed(_ api: StandIn, plan: URL) throws {
        try api.set([
            "commit_mrs": [
                "mergesha": [
                    ["iid": 6, "state": "merged", "target_branch": "develop"],
                    ["iid": 7, "state": "merged", "target_branch": "main"],
                ]
            ],
            "mrs": [
                "6": ["iid": 6, "sha": "othersha", "target_branch": "develop"],
                "7": ["iid": 7, "sha": "headsha", "target_branch": "main"],
            ],
            "mr_pipelines": [
                "7": [
                    ["id": 56, "sha": "headsha", "status": "failed"],
                    ["id": 55, "sha": "headsha", "status": "success"],
                ]
            ],
            "pipeline_jobs": [
                "55": [
                    ["id": 98, "name": "roster-validate", "status": "success"],
                    ["id": 99, "name": "roster-plan", "status": "success"],
                ]
            ],
            "artifacts": ["99": ["roster-plan/plan.json": plan.path]],
        ])
    }

    /// Plans merge request !7 in a checkout named `name` and makes that plan the one GitLab lists
    /// as reviewed (``reviewed(_:plan:)``); the checkout and the plan's file.
    func plannedAndReviewed(_ sandbox: SandboxProcess, _ api: StandIn, _ name: String) throws -> (URL, URL) {
        let (repo, _) = try exampleCheckout(ScratchFolder.url.appendingPathComponent(name))
        let planned = try loop(["run", "plan"], job(sandbox, api, repo, Self.mergeRequest), in: repo)
        #expect(planned.code == 0, "\(planned.stderr)")
        let plan = ScratchFolder.url.appendingPathComponent("\(name)-plan.json")
        try? FileManager.default.removeItem(at: plan)
        try FileManager.default.copyItem(at: repo.appendingPathComponent("roster-plan/plan.json"), to: plan)
        try reviewed(api, plan: plan)
        return (repo, plan)
    }

    /// The merged change's reviewed plan is applied; what the apps changed since the review is
    /// held back (exit 3) and the rest goes out; planned and reviewed again, it is applied too.
    @Test func theReviewedPlanIsAppliedOnMergeAndWhatNoOneReviewedIsHeldBack() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let (repo, plan) = try plannedAndReviewed(sandbox, api, "apply")
        let push = ["CI_PIPELINE_SOURCE": "push", "CI_COMMIT_SHA": "mergesha", "CI_COMMIT_BRANCH": "main"]
        // The space changed after the review: David Kim was made Senior in the apps.
        try sandbox.graphql(
            "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, jobLevel: Senior, craftFocus: Fullstack}) { id } }"
        )
        let partly = try loop(["run", "apply"], job(sandbox, api, repo, push), in: repo)
        #expect(partly.code == 3, "\(partly.stdout)\(partly.stderr)")
        #expect(partly.stdout.contains("the plan reviewed on merge request !7 (pipeline 55, job 99)"))
        #expect(
            partly.stdout.contains(
                "person \"David Kim\" (#4) is held back: no reviewed plan holds level: Senior → Mid"),
            "\(partly.stdout)")
        #expect(partly.stdout.contains("Applied what was reviewed: 4 created, 4 updated, 0 deleted; 1 held back."))
        // Planned again and reviewed again: what is left is applied.
        let again = try loop(["run", "plan"], job(sandbox, api, repo, Self.mergeRequest), in: repo)
        #expect(again.code == 0, "\(again.stderr)")
        try? FileManager.default.removeItem(at: plan)
        try FileManager.default.copyItem(at: repo.appendingPathComponent("roster-plan/plan.json"), to: plan)
        let applied = try loop(["run", "apply"], job(sandbox, api, repo, push), in: repo)
        #expect(applied.code == 0, "\(applied.stdout)\(applied.stderr)")
        #expect(applied.stdout.contains("Apply complete: 0 created, 1 updated, 0 deleted."), "\(applied.stdout)")
        // With merged results pipelines the plan's pipeline runs on the merged result, not the head;
        // run again, nothing is left to do.
        try api.set([
            "mr_pipelines": [
                "7": [
                    ["id": 57, "sha": "resultsha", "ref": "refs/merge-requests/7/merge", "status": "success"],
                    ["id": 55, "sha": "headsha", "status": "success"],
                ]
            ],
            "pipeline_jobs": ["57": [["id": 100, "name": "roster-plan", "status": "success"]]],
            "artifacts": ["100": ["roster-plan/plan.json": plan.path]],
        ])
        let merged = try loop(["run", "apply"], job(sandbox, api, repo, push), in: repo)
        #expect(merged.stdout.contains("(pipeline 57, job 100)"), "\(merged.stdout)\(merged.stderr)")
        #expect(merged.code == 0 && merged.stdout.contains("No changes"), "\(merged.stdout)\(merged.stderr)")
        // A push that came from no merge request applies nothing.
        let direct = job(sandbox, api, repo, push.merging(["CI_COMMIT_SHA": "directsha"]) { $1 })
        let refused = try loop(["run", "apply"], direct, in: repo)
        #expect(refused.code == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("came from no merge request merged into main"), "\(refused.stderr)")
    }

    /// Which pipeline's plan apply takes: a merged result's before the head's, the newest first,
    /// skipping pipelines whose roster-plan job did not pass (whatever the pipeline's own status);
    /// never a merge train's, which tests the request with those ahead of it after the review; and
    /// what it says when there is none to take.
    @Test func applyTakesTheReviewedPipelinesPlanAndSaysWhyWhenNone() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let (repo, plan) = try plannedAndReviewed(sandbox, api, "train")
        try api.set([
            "mr_pipelines": [
                "7": [
                    ["id": 63, "sha": "headsha", "ref": "refs/merge-requests/7/head", "status": "success"],
                    ["id": 62, "sha": "trainsha", "ref": "refs/merge-requests/7/train", "status": "running"],
                    ["id": 61, "sha": "trainsha", "ref": "refs/merge-requests/7/train", "status": "success"],
                    ["id": 60, "sha": "resultsha", "ref": "refs/merge-requests/7/merge", "status": "failed"],
                ]
            ],
            "pipeline_jobs": [
                "62": [["id": 120, "name": "roster-plan", "status": "running"]],
                "61": [["id": 110, "name": "roster-plan", "status": "success"]],
                "60": [
                    ["id": 100, "name": "roster-plan", "status": "success"],
                    ["id": 101, "name": "lint", "status": "failed"],
                ],
                "63": [["id": 130, "name": "roster-plan", "status": "success"]],
            ],
            "artifacts": ["110": ["roster-plan/plan.json": plan.path], "100": ["roster-plan/plan.json": plan.path]],
        ])
        let push = ["CI_PIPELINE_SOURCE": "push", "CI_COMMIT_SHA": "mergesha", "CI_COMMIT_BRANCH": "main"]
        let applied = try loop(["run", "apply"], job(sandbox, api, repo, push), in: repo)
        #expect(applied.code == 0, "\(applied.stdout)\(applied.stderr)")
        #expect(applied.stdout.contains("the plan reviewed on merge request !7 (pipeline 60, job 100)"))
        // The artifact is gone (expired): said, nothing applied.
        try api.set(["artifacts": [:] as [String: Any]])
        let expired = try loop(["run", "apply"], job(sandbox, api, repo, push), in: repo)
        #expect(expired.code == 3 && expired.stderr.contains("is gone (its artifacts expired"), "\(expired.stderr)")
        #expect(expired.stderr.contains("When apply refuses or finds no plan"))
        // No pipeline ran for what was merged (a fast-forward merge rebased at merge time).
        try api.set(["mr_pipelines": ["7": [["id": 64, "sha": "oldsha", "status": "success"]]]])
        let none = try loop(["run", "apply"], job(sandbox, api, repo, push), in: repo)
        #expect(none.code == 3 && none.stderr.contains("has no pipeline for what was merged"), "\(none.stderr)")
        try api.set(["mr_pipelines": ["7": [["id": 62, "sha": "headsha", "status": "running"]]]])
        let running = try loop(["run", "apply"], job(sandbox, api, repo, push), in: repo)
        #expect(running.code == 3 && running.stderr.contains("none of the 1 pipelines"), "\(running.stderr)")
    }

    /// Three merges in a minute, the middle apply cancelled by GitLab: the third apply applies the
    /// second's reviewed changes and its own, from the environment's last successful deployment.
    @Test func threeMergesWithTheMiddleApplyCancelledAreAllApplied() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        // Each reviewed on its own branch, against the space as it was then.
        let merges = try mergedAndReviewed(sandbox, api, "three")
        func apply(_ n: Int) throws -> RosterBinary.Result { try job(sandbox, api, merges, "apply", at: n, head: n) }
        let first = try apply(0)
        #expect(first.code == 0 && first.stdout.contains("David Kim is now Mid."), "\(first.stdout)\(first.stderr)")
        // GitLab records the job's deployment of the environment; the second apply is cancelled.
        try api.set([
            "deployments": [["id": 1, "sha": merges.changes[0].merged, "status": "success", "environment": "mps"]]
        ])
        let third = try apply(2)
        #expect(third.code == 0, "\(third.stdout)\(third.stderr)")
        #expect(third.stdout.contains("merge requests merged since the last apply hold (3 2)"), "\(third.stdout)")
        #expect(third.stdout.contains("Leo Santos moved to Backend Services."), "\(third.stdout)")
        #expect(third.stdout.contains("Nina Hires joined, in Design Systems."), "\(third.stdout)")
        let plan = try RosterBinary.run(
            ["plan", "--detailed-exitcode", merges.repo.appendingPathComponent("roster").path],
            environment: sandbox.environment)
        #expect(plan.code == 0, "\(plan.stdout)\(plan.stderr)")
    }

    /// The recovery: a person runs a pipeline on the default branch naming the merge request whose
    /// plan to apply; one that targets another branch is refused.
    @Test func aPersonNamesTheMergeRequestWhosePlanToApply() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let (repo, _) = try plannedAndReviewed(sandbox, api, "recovery")
        let web = [
            "CI_PIPELINE_SOURCE": "web", "CI_COMMIT_SHA": "mainsha", "CI_COMMIT_BRANCH": "main",
            "ROSTER_APPLY_MERGE_REQUEST": "6",
        ]
        let other = try loop(["run", "apply"], job(sandbox, api, repo, web), in: repo)
        #expect(other.code == 1 && other.stderr.contains("merge request !6 targets \"develop\", not main"))
        var named = job(sandbox, api, repo, web)
        named["ROSTER_APPLY_MERGE_REQUEST"] = "7"
        let applied = try loop(["run", "apply"], named, in: repo)
        #expect(applied.code == 0 && applied.stdout.contains("Apply complete:"), "\(applied.stdout)\(applied.stderr)")
        named["ROSTER_APPLY_MERGE_REQUEST"] = "7; echo"
        let bad = try loop(["run", "apply"], named, in: repo)
        #expect(bad.code == 1 && bad.stderr.contains("not a merge request number"), "\(bad.stderr)")
    }

    @Test func scheduledDriftOpensOneMergeRequestThenUpdatesIt() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let (repo, remote) = try exampleCheckout(ScratchFolder.url.appendingPathComponent("drift"))
        var env = job(sandbox, api, repo, ["CI_PIPELINE_SOURCE": "schedule", "CI_COMMIT_BRANCH": "feature"])
        // Off the default branch drift would carry that branch's commits: refused, nothing pulled.
        let off = try loop(["run", "drift"], env, in: repo)
        #expect(off.code == 1, "\(off.stdout)\(off.stderr)")
        #expect(off.stderr.contains("drift runs on the default branch (main), not on \"feature\""), "\(off.stderr)")
        env["CI_COMMIT_BRANCH"] = "main"
        #expect(
            try RosterBinary.run(
                ["apply", "--auto-approve", repo.appendingPathComponent("roster").path],
                environment: ["MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token]
            ).code == 0)
        let update = { (level: String) in
            _ = try sandbox.graphql(
                "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, jobLevel: \(level), craftFocus: Fullstack}) { id } }"
            )
        }
        try update("Senior")
        let opened = try loop(["run", "drift"], env, in: repo)
        #expect(opened.code == 0 && opened.stdout.contains("opened the drift merge request !1001"), "\(opened.stderr)")
        let mrs = try api.read()["open_mrs"] as? [[String: Any]] ?? []
        #expect(mrs.count == 1 && mrs.first?["source_branch"] as? String == "roster/drift", "\(mrs)")
        #expect(mrs.first?["target_branch"] as? String == "main")
        // More drift the next night: the same branch is pushed again and its merge request kept.
        try update("Staff")
        let git = { (args: [String]) in try RosterBinary.run(["/usr/bin/git", "-C", repo.path] + args, direct: true) }
        _ = try git(["checkout", "-q", "@{-1}"])  // the next night's job starts from the default branch
        let updated = try loop(["run", "drift"], env, in: repo)
        #expect(updated.code == 0 && updated.stdout.contains("updated the open drift merge request !1001"))
        #expect((try api.read()["open_mrs"] as? [[String: Any]] ?? []).count == 1)
        let pushed = try RosterBinary.run(
            ["/usr/bin/git", "-C", remote.path, "show", "roster/drift:roster/acme.yaml"], direct: true)
        #expect(
            pushed.stdout.contains("name: David Kim,") && pushed.stdout.contains("level: Staff"), "\(pushed.stdout)")
    }

    /// The nightly drift applies what the roster dates after the last deployment's day, and only
    /// that: the app's change stays drift, for the merge request the pull opens.
    @Test func scheduledDriftAppliesWhatBecameDueAndNothingElse() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let (repo, remote) = try exampleCheckout(ScratchFolder.url.appendingPathComponent("due"))
        let env = job(sandbox, api, repo, ["CI_PIPELINE_SOURCE": "schedule", "CI_COMMIT_BRANCH": "main"])
        let roster = repo.appendingPathComponent("roster").path
        let mps = ["MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token]
        #expect(try RosterBinary.run(["apply", "--auto-approve", roster], environment: mps).code == 0)
        let yesterday = Day.today.adding(days: -1)
        let edit = try RosterBinary.run(
            ["set", "person", "David Kim", "--level", "Senior", "--on", yesterday.description, roster])
        #expect(edit.code == 0, "\(edit.stderr)")
        _ = try sandbox.graphql(
            "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, jobLevel: Mid, "
                + "craftFocus: Backend, levelStartDate: \"2026-10-01\"}) { id } }")
        try api.set([
            "deployments": [
                [
                    "id": 1, "sha": "0123", "status": "success", "environment": "mps",
                    "updated_at": "\(Day.today.adding(days: -3))T05:17:00.000Z",
                ]
            ]
        ])
        let drift = try loop(["run", "drift"], env, in: repo)
        #expect(drift.code == 0, "\(drift.stdout)\(drift.stderr)")
        #expect(drift.stdout.contains("Applied what is due on \(Day.today)"), "\(drift.stdout)")
        let pushed = try RosterBinary.run(
            ["/usr/bin/git", "-C", remote.path, "show", "roster/drift:roster/acme.yaml"], direct: true)
        let line = pushed.stdout.split(separator: "\n").first { $0.contains("name: David Kim") } ?? ""
        #expect(line.contains("Senior") && line.contains("Backend"), "\(pushed.stdout)\(pushed.stderr)")
    }

    @Test func withoutAGitLabTokenTheJobSaysWhichVariableToSet() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let (repo, _) = try exampleCheckout(ScratchFolder.url.appendingPathComponent("token"))
        var env = job(sandbox, api, repo, Self.mergeRequest)
        env["ROSTER_GITLAB_TOKEN"] = nil
        let result = try loop(["run", "plan"], env, in: repo)
        #expect(
            result.code == 1 && result.stderr.contains("set the CI/CD variable ROSTER_GITLAB_TOKEN"), "\(result.stderr)"
        )
        env["ROSTER_GITLAB_TOKEN"] = "wrong"
        let refused = try loop(["run", "plan"], env, in: repo)
        #expect(refused.code == 1 && refused.stderr.contains("GitLab answered HTTP 401"), "\(refused.stderr)")
        env["ROSTER_TOKEN_VARIABLE"] = "NOT A NAME; echo"
        let bad = try loop(["run", "plan"], env, in: repo)
        #expect(bad.code == 1 && bad.stderr.contains("is not the name of a CI/CD variable"), "\(bad.stderr)")
    }

    /// The component's header and its jobs agree: every input used is declared and every one
    /// declared is used; each command has its rules; the jobs that write share one resource group.
    /// Whoever may run a pipeline may set variables on it: none of them can send a token elsewhere.
    /// MPS_ENDPOINT against the endpoint input, and a CI_API_V4_URL that is not this GitLab's API,
    /// stop the job before any request.
    @Test func variablesMayNotSendTheTokensElsewhere() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let api = try StandIn(ScratchFolder.url)
        defer { api.stop() }
        let elsewhere = try HostileServer("record")
        defer { elsewhere.stop() }
        let (repo, _) = try exampleCheckout(ScratchFolder.url.appendingPathComponent("redirected"))
        let web = [
            "CI_PIPELINE_SOURCE": "web", "CI_COMMIT_BRANCH": "main", "CI_COMMIT_SHA": "0123456789abcdef0123",
            "ROSTER_APPLY_MERGE_REQUEST": "7",
        ]
        for (name, value) in [("MPS_ENDPOINT", elsewhere.url), ("CI_API_V4_URL", elsewhere.url + "/api/v4")] {
            var env = job(sandbox, api, repo, web)
            env[name] = value
            for command in [["run", "apply"], ["run", "drift"], ["run", "plan"]] {
                let result = try loop(command, env, in: repo)
                #expect(result.code == 1, "\(name) \(command): \(result.stdout)\(result.stderr)")
                #expect(result.stderr.contains("a variable may not change where the"), "\(result.stderr)")
            }
        }
        #expect(elsewhere.events.isEmpty && api.requests.isEmpty, "a request was sent: \(elsewhere.events)")
    }

    /// The install step takes the version and the package URL from the inputs written into its
    /// script: a ROSTER_PACKAGE_URL variable that says otherwise is refused before anything is fetched.
    @Test func thePackageComesFromTheInputsOnly() throws {
        let text = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("templates/roster.yml"), encoding: .utf8)
        let install = try #require(text.components(separatedBy: "    - |\n").dropFirst().first)
        let script = install.components(separatedBy: "\n    - ").first?.replacingOccurrences(of: "\n      ", with: "\n")
            .replacingOccurrences(of: "$[[ inputs.version ]]", with: "0.1.0")
            .replacingOccurrences(of: "$[[ inputs.package-url ]]", with: "https://mirror.example/roster")
        let stubs = ScratchFolder.url.appendingPathComponent("stubs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
        let log = stubs.appendingPathComponent("log")
        for tool in ["apt-get", "curl", "dpkg"] {
            let stub = stubs.appendingPathComponent(tool)
            try "#!/bin/sh\necho \"\(tool) $*\" >> \"\(log.path)\"\n[ \"\(tool)\" != curl ] || exit 7\n"
                .write(to: stub, atomically: true, encoding: .utf8)
            chmod(stub.path, 0o755)
        }
        let path = "\(stubs.path):/usr/bin:/bin"
        for (variable, refused) in [("https://evil.example/roster", true), ("", false)] {
            try? FileManager.default.removeItem(at: log)
            let result = try RosterBinary.run(
                ["/bin/bash", "-c", script ?? "exit 9"], environment: ["PATH": path, "ROSTER_PACKAGE_URL": variable],
                direct: true)
            let calls = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if refused {
                #expect(
                    result.code == 1 && result.stderr.contains("may not change what is installed"), "\(result.stderr)")
                #expect(calls.isEmpty, "\(calls)")
            } else {
                #expect(calls.contains("https://mirror.example/roster/SHA256SUMS"), "\(calls)\(result.stderr)")
                #expect(!calls.contains("evil"))
            }
        }
    }

    @Test func theComponentUsesExactlyTheInputsItDeclares() throws {
        let text = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("templates/roster.yml"), encoding: .utf8)
        let parts = text.components(separatedBy: "\n---\n")
        #expect(parts.count == 2)
        let header = parts[0], jobs = parts.count > 1 ? parts[1] : ""
        let declared = Set(
            header.split(separator: "\n").filter { $0.hasPrefix("    ") && !$0.hasPrefix("     ") && $0.hasSuffix(":") }
                .map { $0.trimmingCharacters(in: .whitespaces).dropLast() }.map(String.init))
        let used = Set(jobs.matches(of: /\$\[\[ inputs\.([a-z-]+) \]\]/).map { String($0.1) })
        #expect(declared == used, "declared \(declared.sorted()), used \(used.sorted())")
        for command in ["validate", "plan", "apply", "drift", "site"] {
            #expect(jobs.contains("\n.roster-$[[ inputs.command ]]-\(command):\n  rules:"), "\(command)")
        }
        let section = { (name: String) in
            jobs.components(separatedBy: "\n.roster-$[[ inputs.command ]]-").first { $0.hasPrefix("\(name):") } ?? ""
        }
        let writers = [section("apply"), section("drift")]
        #expect(writers.allSatisfy { $0.contains("resource_group: roster-write") })
        #expect(writers.allSatisfy { $0.contains("interruptible: false") && $0.contains("GIT_DEPTH: \"0\"") })
        // plan gives way to a newer push; it names no environment (a protected one would keep
        // Developers from planning); the plan is personal data, kept for Developers.
        #expect(section("plan").contains("interruptible: true") && !section("plan").contains("environment:"))
        #expect(section("plan").contains("access: developer"))
        #expect(section("plan").contains("expire_in: $[[ inputs.plan-expire-in ]]"))
        // No second pipeline for a branch with a merge request, without the user's workflow:rules.
        #expect(section("validate").contains("$CI_COMMIT_BRANCH && $CI_OPEN_MERGE_REQUESTS\n      when: never"))
        // apply: a push that changed the roster, or the named recovery; a deployment of the environment.
        #expect(section("apply").contains("changes:\n        - $[[ inputs.path ]]\n        - $[[ inputs.path ]]**/*"))
        #expect(section("apply").contains("$ROSTER_APPLY_MERGE_REQUEST") && section("apply").contains("action: start"))
        // drift: never off the default branch, nor for a schedule that opts out; it reaches the
        // environment (its scoped variables) without a deployment of its own.
        #expect(section("drift").contains("$CI_COMMIT_BRANCH != $CI_DEFAULT_BRANCH || $ROSTER_DRIFT == \"false\""))
        #expect(section("drift").contains("action: access"))
        // site: the page as an artifact for Pages, published only where the user asks (pages: true).
        #expect(section("site").contains("artifacts:\n    paths: [public/]") && !section("site").contains("pages:"))
        // The install step always updates apt's lists: slim images ship without them.
        #expect(jobs.contains("      fi\n      apt-get update -qq\n"))
    }

    /// The component as a repository includes it to apply `roster/`.
    static func applyInclude() throws -> GitLabRules {
        try GitLabRules(
            template: TestSupport.packageRoot.appendingPathComponent("templates/roster.yml"),
            inputs: ["path": "roster/", "command": "apply"])
    }

    /// The component's rules, evaluated as GitLab does, in the pipelines people have: which jobs
    /// run, so that a push never runs two pipelines, apply runs only when the roster changed (or a
    /// person names the merge request to apply), and drift only on the default branch.
    @Test func theRulesRunEachJobWhereItBelongs() throws {
        let rules = try Self.applyInclude()
        let main = ["CI_DEFAULT_BRANCH": "main", "CI_COMMIT_BRANCH": "main"]
        let cases: [(String, [String: String], [String], Set<String>)] = [
            (
                "a merge request", ["CI_PIPELINE_SOURCE": "merge_request_event", "CI_DEFAULT_BRANCH": "main"], [],
                ["validate", "plan"]
            ),
            (
                "a push to its branch",
                [
                    "CI_PIPELINE_SOURCE": "push", "CI_COMMIT_BRANCH": "f", "CI_DEFAULT_BRANCH": "main",
                    "CI_OPEN_MERGE_REQUESTS": "g/p!7",
                ], [], []
            ),
            (
                "a push to a branch without one",
                ["CI_PIPELINE_SOURCE": "push", "CI_COMMIT_BRANCH": "f", "CI_DEFAULT_BRANCH": "main"], [], ["validate"]
            ),
            (
                "a merge that changed the roster", main.merging(["CI_PIPELINE_SOURCE": "push"]) { $1 },
                ["roster/teams/a.yaml"], ["validate", "apply"]
            ),
            (
                "a merge while a merge request from the default branch is open",
                main.merging(["CI_PIPELINE_SOURCE": "push", "CI_OPEN_MERGE_REQUESTS": "g/p!9"]) { $1 },
                ["roster/teams/a.yaml"], ["validate", "apply"]
            ),
            (
                "a push that changed no roster file", main.merging(["CI_PIPELINE_SOURCE": "push"]) { $1 },
                ["README.md"], ["validate"]
            ),
            ("the nightly schedule", main.merging(["CI_PIPELINE_SOURCE": "schedule"]) { $1 }, [], ["drift"]),
            (
                "a schedule that opts out",
                main.merging(["CI_PIPELINE_SOURCE": "schedule", "ROSTER_DRIFT": "false"]) { $1 }, [], []
            ),
            (
                "a schedule of a branch",
                ["CI_PIPELINE_SOURCE": "schedule", "CI_COMMIT_BRANCH": "f", "CI_DEFAULT_BRANCH": "main"], [], []
            ),
            ("Run pipeline on main", main.merging(["CI_PIPELINE_SOURCE": "web"]) { $1 }, [], ["validate", "drift"]),
            (
                "Run pipeline on a branch",
                ["CI_PIPELINE_SOURCE": "web", "CI_COMMIT_BRANCH": "f", "CI_DEFAULT_BRANCH": "main"], [], ["validate"]
            ),
            (
                "the recovery", main.merging(["CI_PIPELINE_SOURCE": "web", "ROSTER_APPLY_MERGE_REQUEST": "8"]) { $1 },
                [], ["validate", "apply"]
            ),
            ("a tag", ["CI_PIPELINE_SOURCE": "push", "CI_COMMIT_TAG": "1.0.0", "CI_DEFAULT_BRANCH": "main"], [], []),
        ]
        for (name, variables, changed, expected) in cases {
            let running = Set(
                ["validate", "plan", "apply", "drift"].filter { rules.runs($0, variables, changed: changed) })
            #expect(running == expected, "\(name): \(running.sorted())")
        }
    }

    /// A merge's pipeline is never cancelled by GitLab's auto-cancel once validate starts:
    /// validate is interruptible in merge request pipelines and on other branches only.
    @Test func onlyPipelinesThatApplyNothingAreInterruptible() throws {
        let rules = try Self.applyInclude()
        let merge = ["CI_DEFAULT_BRANCH": "main", "CI_COMMIT_BRANCH": "main", "CI_PIPELINE_SOURCE": "push"]
        #expect(rules.interruptible("validate", merge, changed: ["roster/a.yaml"]) == false)
        // Also while a merge request from the default branch is open: nothing skips validate there.
        let open = merge.merging(["CI_OPEN_MERGE_REQUESTS": "g/p!9"]) { $1 }
        #expect(rules.runs("validate", open, changed: ["roster/a.yaml"]))
        #expect(rules.interruptible("validate", open, changed: ["roster/a.yaml"]) == false)
        #expect(rules.interruptible("validate", ["CI_PIPELINE_SOURCE": "merge_request_event"]) == true)
        #expect(
            rules.interruptible(
                "validate", ["CI_PIPELINE_SOURCE": "push", "CI_COMMIT_BRANCH": "f", "CI_DEFAULT_BRANCH": "main"])
                == true)
    }

    /// The component is included once per command, and a later include's job of the same name
    /// replaces an earlier one's, hidden ones too (GitLab, "Include the same file multiple
    /// times"): each include's jobs are named after its command, so none replaces another's, and
    /// each include's apply watches its own path.
    @Test func includesOfDifferentCommandsNeverReplaceEachOthersJobs() throws {
        let template = TestSupport.packageRoot.appendingPathComponent("templates/roster.yml")
        var seen: [String: String] = [:]
        for (command, path) in [("validate", "people/"), ("plan", "people/"), ("apply", "roster/"), ("drift", "x/")] {
            let include = try GitLabRules(template: template, inputs: ["path": path, "command": command])
            for name in include.jobNames {
                #expect(seen[name] == nil, "\(name) of the \(command) include replaces the \(seen[name] ?? "")'s")
                seen[name] = command
            }
            #expect(include.jobNames.contains("roster-\(command)"), "\(include.jobNames)")
        }
        let apply = try GitLabRules(template: template, inputs: ["path": "roster/", "command": "apply"])
        let merge = ["CI_PIPELINE_SOURCE": "push", "CI_COMMIT_BRANCH": "main", "CI_DEFAULT_BRANCH": "main"]
        #expect(
            apply.runs("apply", merge, changed: ["roster/a.yaml"])
                && !apply.runs("apply", merge, changed: ["people/a.yaml"]))
    }
}
