import Foundation
import Testing

/// `roster apply` against the sandbox, with its test hooks: real mutations, injected faults,
/// and the audit log that shows the memberships after every mutation.
@Suite(.serialized, .scratchFolder) struct ApplyEndToEndTests {
    func apply(_ sandbox: SandboxProcess, _ args: [String]) throws -> RosterBinary.Result {
        try RosterBinary.run(["apply", "--auto-approve"] + args, environment: sandbox.environment)
    }

    func planIsClean(_ sandbox: SandboxProcess, _ paths: [String]) throws -> Bool {
        try RosterBinary.run(["plan", "--detailed-exitcode"] + paths, environment: sandbox.environment).code == 0
    }

    /// Audit entries where someone is in two teams.
    func twoTeamViolations(_ sandbox: SandboxProcess) throws -> [String] {
        var violations: [String] = []
        let entries = try auditEntries(sandbox)
        #expect(entries.contains { $0["memberships"] is [String: Any] }, "the audit log has no memberships")
        for entry in entries {
            var seen: [Int: String] = [:]
            let memberships = entry["memberships"] as? [String: Any] ?? [:]
            for (team, list) in memberships.sorted(by: { $0.key < $1.key }) {
                let members = (list as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.intValue }
                for member in Set(members) {
                    if let other = seen[member] {
                        violations.append(
                            "\(entry["seq"] ?? "?") \(entry["mutation"] ?? "?") \(member) \(other) \(team)")
                    }
                    seen[member] = team
                }
            }
        }
        return violations
    }

    /// The sandbox's audit log: one entry per mutation, with the memberships after it.
    func auditEntries(_ sandbox: SandboxProcess) throws -> [[String: Any]] {
        try sandbox.read("audit")["entries"] as? [[String: Any]] ?? []
    }

    func enableAudit(_ sandbox: SandboxProcess) throws { try sandbox.hook("audit", #"{"enabled": true}"#) }

    /// Five people in two teams and a third team, for the move scenarios.
    func loadTeams(_ sandbox: SandboxProcess, history: Bool = false) throws {
        let people = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"].map {
            "{\"fullName\": \"\($0)\", \"craftAbility\": \"Engineering\", \"jobLevel\": \"Mid\", \"craftFocus\": \"Backend\"\(history && $0 == "Fay" ? ", \"scheduleHistory\": true" : "")}"
        }.joined(separator: ",")
        try sandbox.hook(
            "state",
            """
            {"accounts": [{"token": "\(sandbox.token)", "id": "u_8f3k2", "name": "Jane Doe"}],
             "spaces": {"u_8f3k2": {"people": [\(people)],
               "teams": [{"name": "Red", "lead": 1, "members": [1, 2]}, {"name": "Green", "lead": 3, "members": [3, 4]}, {"name": "Blue", "lead": 5, "members": [5, 6]}]}}}
            """)
    }

    static let people = """
        version: 1
        defaults: { craft: Engineering, level: Mid, focus: Backend }
        people:
          - {name: Ana}
          - {name: Ben}
          - {name: Cy}
          - {name: Dee}
          - {name: Eve}
          - {name: Fay}
        """

    @Test func examplesApplyAndReplanClean() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        // Seeds the space.
        _ = try RosterBinary.run(["plan", "examples/demo-space.yaml"], environment: sandbox.environment)
        try enableAudit(sandbox)
        let result = try apply(sandbox, ["examples/acme.yaml"])
        #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Verified: the space matches the roster.\n"))
        // The report ends in people's words.
        #expect(result.stdout.contains("People: 2 moved, 1 promoted, 1 joined, 0 left, 1 otherwise changed.\n"))
        #expect(result.stdout.contains("  Grace Tanaka moved to Platform Infra, as its lead.\n"))
        #expect(result.stdout.hasSuffix("Apply complete: 4 created, 5 updated, 0 deleted.\n"))
        #expect(try planIsClean(sandbox, ["examples/acme.yaml"]))
        #expect(try planIsClean(sandbox, ["examples/multi"]))
        #expect(try twoTeamViolations(sandbox).isEmpty)
        // Back to the demo space. Without prune, Platform Infra would stay and keep Grace and Leo
        // while they rejoin their old teams: the plan says so.
        let warned = try RosterBinary.run(["plan", "examples/demo-space.yaml"], environment: sandbox.environment)
        #expect(
            warned.stdout.contains(
                "joins team \"Backend Services\" but stays in team \"Platform Infra\", which the roster does not manage"
            ))
        // With prune, Platform Infra goes first, and nobody is ever in two teams.
        try enableAudit(sandbox)
        let back = try apply(sandbox, ["examples/demo-space.yaml", "--prune", "--allow-large-changes"])
        #expect(back.code == 0, "\(back.stdout)\(back.stderr)")
        #expect(
            try RosterBinary.run(
                ["plan", "--prune", "--detailed-exitcode", "examples/demo-space.yaml"], environment: sandbox.environment
            ).code == 0)
        #expect(try twoTeamViolations(sandbox).isEmpty)
    }

    /// "What happens to Leo?": `--only person:Leo Santos` of a reorganisation applies exactly his
    /// move; everyone else stays as they were, and nobody is in two teams after any mutation.
    @Test func aSelectionOfOnePersonAppliesExactlyTheirMove() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        let demo = try String(contentsOfFile: "examples/demo-space.yaml", encoding: .utf8)
        let reorganised =
            demo
            .replacingOccurrences(
                of: "members: [David Kim, Iris Johansson, Leo Santos]", with: "members: [David Kim, Iris Johansson]"
            )
            .replacingOccurrences(
                of: "members: [Frank O'Brien, Grace Tanaka, Nathan Fischer]",
                with: "members: [Frank O'Brien, Grace Tanaka, Nathan Fischer, Leo Santos]"
            )
            .replacingOccurrences(of: "members: [Hassan Ali, Maya Patel]", with: "members: [Hassan Ali]")
            .replacingOccurrences(
                of: "members: [Elena Popov, Olivia Dupont]", with: "members: [Elena Popov, Olivia Dupont, Maya Patel]"
            )
            .replacingOccurrences(of: "level: Junior,    focus: Fullstack", with: "level: Mid,       focus: Fullstack")
        let roster = try ScratchFolder.roster(reorganised)
        let plan = try RosterBinary.run(
            ["plan", roster, "--only", "person:Leo Santos"], environment: sandbox.environment)
        #expect(plan.stdout.contains("People: 0 join, 0 leave, 1 move, 0 promoted"), "\(plan.stdout)")
        #expect(plan.stdout.contains("Frontend Platform → Backend Services"), "\(plan.stdout)")
        try enableAudit(sandbox)
        let applied = try apply(sandbox, [roster, "--only", "person:Leo Santos"])
        #expect(applied.code == 0, "\(applied.stdout)\(applied.stderr)")
        #expect(applied.stdout.contains("Leo Santos moved to Backend Services."), "\(applied.stdout)")
        #expect(try twoTeamViolations(sandbox).isEmpty)
        // What is left is everyone else's change, untouched: Maya's move and David's promotion.
        let rest = try RosterBinary.run(["plan", roster, "--format", "json"], environment: sandbox.environment)
        let people = try JSONSerialization.jsonObject(with: Data(rest.stdout.utf8)) as? [String: Any]
        let names = (people?["people"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }.sorted()
        #expect(names == ["David Kim", "Maya Patel"], "\(rest.stdout)")
    }

    @Test func swapsChainsAndNewTeamsNeverPutAnyoneInTwoTeams() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        let scenarios = [
            // Two teams swap leads and members.
            "teams: [{name: Red, lead: Cy, members: [Dee]}, {name: Green, lead: Ana, members: [Ben]}, {name: Blue, lead: Eve, members: [Fay]}]",
            // A chain of moves: Red → Green → Blue → Red.
            "teams: [{name: Red, lead: Ana, members: [Fay]}, {name: Green, lead: Cy, members: [Ben]}, {name: Blue, lead: Eve, members: [Dee]}]",
            // A new team whose lead comes from another team.
            "teams: [{name: Red, lead: Ana, members: [Ben]}, {name: Green, lead: Dee}, {name: Blue, lead: Eve, members: [Fay]}, {name: Gold, lead: Cy}]",
            // Every team takes all its people from the others.
            "teams: [{name: Red, lead: Eve, members: [Fay]}, {name: Green, lead: Ana, members: [Ben]}, {name: Blue, lead: Cy, members: [Dee]}]",
        ]
        for scenario in scenarios {
            try loadTeams(sandbox)
            try enableAudit(sandbox)
            let roster = try ScratchFolder.roster(Self.people + "\n" + scenario + "\npolicy: { maxDeletes: 100% }\n")
            defer { try? FileManager.default.removeItem(atPath: roster) }
            let result = try apply(sandbox, [roster])
            #expect(result.code == 0, "\(scenario)\n\(result.stdout)\(result.stderr)")
            #expect(try planIsClean(sandbox, [roster]), "\(scenario)")
            let violations = try twoTeamViolations(sandbox)
            #expect(violations.isEmpty || result.stdout.contains("warning: step"), "\(scenario): \(violations)")
        }
    }

    @Test func pruneRespectsProtectedThresholdsAndLeads() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try loadTeams(sandbox, history: true)
        // Ana (Red's lead) goes: Red must get its new lead Ben before she can be deleted. Blue
        // goes, and its lead Eve is protected. Fay has schedule history: her delete fails.
        let roster = try ScratchFolder.roster(
            """
            version: 1
            defaults: { craft: Engineering, level: Mid, focus: Backend }
            people: [{name: Ben}, {name: Cy}, {name: Dee}]
            teams: [{name: Red, lead: Ben}, {name: Green, lead: Cy, members: [Dee]}]
            policy:
              prune: true
              protected: { people: [Eve] }
              maxDeletes: 1
            """)
        defer { try? FileManager.default.removeItem(atPath: roster) }
        let refused = try apply(sandbox, [roster])
        #expect(refused.code == 3, "\(refused.stdout)\(refused.stderr)")
        #expect(
            refused.stderr.contains("refusing to apply: the plan deletes 2 of 6 people (allowed 1)"),
            "\(refused.stderr)")
        #expect(try !planIsClean(sandbox, [roster]))
        try enableAudit(sandbox)
        let result = try apply(sandbox, [roster, "--allow-large-changes"])
        #expect(result.code == 1)
        #expect(result.stdout.contains("✓ deleteTeam \"Blue\""))
        #expect(result.stdout.contains("✓ updateTeam \"Red\""))
        #expect(result.stdout.contains("✓ deleteUser \"Ana\""))
        #expect(
            result.stdout.contains(
                "✗ deleteUser \"Fay\" (#6): MPS keeps this person: they have schedule or work history"),
            "\(result.stdout)")
        #expect(result.stdout.contains("      server said: Failed query: delete from \"users\""))
        #expect(!result.stdout.contains("params: 14\n"))
        #expect(result.stdout.contains("not in the roster (protected)"))
        #expect(
            result.stdout.contains("Apply incomplete: 0 created, 1 updated, 2 deleted; 1 failed."), "\(result.stdout)")
        // Red's new lead came before Ana's delete (the server would have refused otherwise).
        let order = try auditEntries(sandbox).map { entry in
            "\(entry["mutation"] as? String ?? "?")\(entry["ok"] as? Bool == true ? "+" : "-")"
        }
        let log = order.joined(separator: " ")
        #expect(
            order.firstIndex(of: "updateTeam+").map { $0 < (order.firstIndex(of: "deleteUser+") ?? 0) } == true,
            "\(log)")
        #expect(try twoTeamViolations(sandbox).isEmpty)
    }

    @Test func aFailingMutationInABatchIsReportedAndARerunConverges() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try loadTeams(sandbox)
        try enableAudit(sandbox)
        let roster = try ScratchFolder.roster(
            Self.people + """

                  - {name: Gus}
                  - {name: Hal}
                  - {name: Ivy}
                teams: [{name: Red, lead: Ana, members: [Ben, Gus]}, {name: Green, lead: Cy, members: [Dee, Hal]}, {name: Blue, lead: Eve, members: [Fay]}, {name: Gold, lead: Ivy}]
                """)
        defer { try? FileManager.default.removeItem(atPath: roster) }
        // The second mutation (the second createUser) fails.
        try sandbox.hook("faults", #"{"faults": [{"kind": "mutation", "n": 2, "message": "injected failure"}]}"#)
        let result = try RosterBinary.run(
            ["apply", "--auto-approve", "--format", "json", roster], environment: sandbox.environment)
        #expect(result.code == 1, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["complete"] as? Bool == false)
        let operations = try #require(report["operations"] as? [[String: Any]])
        let failed = operations.filter { $0["status"] as? String == "failed" }
        #expect(failed.count == 1)
        #expect(failed.first?["error"] as? String == "injected failure")
        let failedName = try #require(failed.first?["name"] as? String)
        let skipped = operations.filter { $0["status"] as? String == "skipped" }
        #expect(skipped.allSatisfy { ($0["reason"] as? String)?.contains(failedName) == true })
        #expect(!(report["remaining"] as? [Any] ?? []).isEmpty)
        // Run again: it converges, and nobody was created twice.
        let again = try apply(sandbox, [roster])
        #expect(again.code == 0, "\(again.stdout)\(again.stderr)")
        #expect(try planIsClean(sandbox, [roster]))
        let users = try RosterBinary.run(["export", "--format", "json"], environment: sandbox.environment).stdout
        #expect(users.components(separatedBy: "\"Gus\"").count == 2 + 1)  // the person and Red's member list
        #expect(try twoTeamViolations(sandbox).isEmpty)
    }

    @Test(arguments: [
        #"{"kind": "status", "n": 1, "status": 503, "retryAfter": 1}"#,
        #"{"kind": "status", "n": 1, "status": 429}"#,
        #"{"kind": "close-before", "n": 1}"#,
        #"{"kind": "close-after", "n": 1}"#,
    ])
    func networkFaultsNeverDuplicateAndConverge(_ fault: String) throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try loadTeams(sandbox)
        let roster = try ScratchFolder.roster(
            Self.people
                + "\n  - {name: Gus}\nteams: [{name: Red, lead: Ana, members: [Ben, Gus]}, {name: Green, lead: Cy, members: [Dee]}, {name: Blue, lead: Eve, members: [Fay]}]\n"
        )
        defer { try? FileManager.default.removeItem(atPath: roster) }
        // Request 1 is apply's read of the live state; request 2 is its first mutation document.
        try sandbox.hook("faults", "{\"faults\": [\(fault.replacingOccurrences(of: "\"n\": 1", with: "\"n\": 2"))]}")
        try enableAudit(sandbox)
        let result = try apply(sandbox, [roster])
        if fault.contains("close-before") {
            // The connection dropped: the outcome is unknown, so nothing more is sent, and the
            // next apply finishes the work.
            #expect(result.code == 1 && result.stdout.contains("unknown outcome"), "\(result.stdout)\(result.stderr)")
            #expect(try apply(sandbox, [roster]).code == 0)
        } else {
            #expect(result.code == 0, "\(fault)\n\(result.stdout)\(result.stderr)")
        }
        if fault.contains("status") { #expect(result.stderr.contains("server busy (HTTP"), "\(result.stderr)") }
        #expect(try planIsClean(sandbox, [roster]))
        let export = try RosterBinary.run(["export", "--format", "json"], environment: sandbox.environment).stdout
        #expect(
            export.components(separatedBy: "{\n      \"name\": \"Gus\"").count == 2,
            "\(fault): Gus created twice?\n\(export)")
        #expect(try twoTeamViolations(sandbox).isEmpty)
    }

    /// Six leavers MPS keeps (they have schedule history), a hire and a new team led by the hire:
    /// the refused deletes cost only themselves, everything else applies in the same run.
    @Test func refusedDeletesNeverBlockIndependentChanges() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let text = try String(contentsOfFile: "examples/demo-space.yaml", encoding: .utf8)
        let leavers = ["David Kim", "Elena Popov", "Grace Tanaka", "Hassan Ali", "Nathan Fischer", "Olivia Dupont"]
        var kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            !leavers.contains { line.contains("name: \($0),") }
        }.joined(separator: "\n")
        for leaver in leavers {
            for form in ["\(leaver), ", ", \(leaver)", "[\(leaver)]"] {
                kept = kept.replacingOccurrences(of: form, with: form.hasPrefix("[") ? "[]" : "")
            }
        }
        kept = kept.replacingOccurrences(
            of: "\nteams:\n",
            with: "  - { name: Zed New, craft: Engineering, level: Senior, focus: Backend }\n\nteams:\n"
                + "  - { name: Platform, lead: Zed New }\n")
        let roster = try ScratchFolder.roster(kept + "policy: { prune: true }\n")
        let result = try apply(sandbox, ["--allow-large-changes", "--format", "json", roster])
        #expect(result.code == 1, "\(result.stdout)\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let operations = report["operations"] as? [[String: Any]] ?? []
        let status = { (name: String) in
            operations.filter { ($0["name"] as? String) == name }.map { $0["status"] as? String ?? "" }
        }
        for leaver in leavers { #expect(status(leaver) == ["failed"], "\(leaver): \(status(leaver))") }
        #expect(status("Zed New") == ["applied"] && status("Platform") == ["applied"], "\(result.stdout)")
        #expect(!operations.contains { ($0["status"] as? String) == "not-run" }, "\(result.stdout)")
        let plan = try RosterBinary.run(["plan", "--format", "json", roster], environment: sandbox.environment)
        let changes =
            (try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])?["changes"]
            as? [[String: Any]] ?? []
        #expect(changes.map { $0["action"] as? String ?? "" } == Array(repeating: "delete", count: 6), "\(plan.stdout)")
        #expect(Set(changes.compactMap { $0["name"] as? String }) == Set(leavers))
    }

    @Test func approvalOnATerminalAndWithoutOne() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let no = try TerminalRun.run(["apply", "examples/acme.yaml"], answer: "no", environment: sandbox.environment)
        #expect(no.code == 1)
        #expect(no.stdout.contains("Apply cancelled."))
        #expect(try !planIsClean(sandbox, ["examples/acme.yaml"]))
        let closed = try RosterBinary.run(["apply", "examples/acme.yaml"], environment: sandbox.environment)
        #expect(closed.code == 1 && closed.stderr.contains("standard input is not a terminal"))
        let yes = try TerminalRun.run(["apply", "examples/acme.yaml"], answer: "yes", environment: sandbox.environment)
        #expect(yes.code == 0, "\(yes.stdout)")
        #expect(yes.stdout.contains("Apply complete: 4 created, 5 updated, 0 deleted."))
        #expect(try planIsClean(sandbox, ["examples/acme.yaml"]))
    }

    @Test func autoApproveOnATerminalShowsTheWholePlanBeforeAnyProgress() throws {
        // Apply starts sending while the plan is still being printed: progress must wait.
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let run = try TerminalRun.run(
            ["apply", "--auto-approve", "examples/acme.yaml"], environment: sandbox.environment)
        #expect(run.code == 0, "\(run.stdout)")
        let planEnd = try #require(run.stdout.range(of: "Apply runs "))
        let firstStep = try #require(run.stdout.range(of: "roster: step 1/"))
        #expect(planEnd.upperBound < firstStep.lowerBound, "\(run.stdout)")
        #expect(run.stdout.contains("Apply complete: 4 created, 5 updated, 0 deleted."))
    }

    @Test func verboseLogsWaitUntilTheWholePlanIsShown() throws {
        // One tiny mutation answered within milliseconds, and a plan of 20,000 unmanaged people
        // that takes longer than that to render: with --format json the plan and the request log
        // share standard error, and the mutation's log line must come after the plan, not before
        // it (where only the read's may be) or inside it.
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        let people = (0..<20_000).map {
            "{\"fullName\": \"Person \($0)\", \"craftAbility\": \"Design\", \"jobLevel\": \"Mid\", \"craftFocus\": \"Mobile\"}"
        }
        try sandbox.hook(
            "state",
            """
            {"accounts": [{"token": "\(sandbox.token)", "id": "u_8f3k2", "name": "Jane Doe"}],
             "spaces": {"u_8f3k2": {"people": [\(people.joined(separator: ","))], "teams": [], "levels": {"Junior": 24}}}}
            """)
        let roster = try ScratchFolder.roster("version: 1\nlevels:\n  Junior: { limitMonths: 18 }\n")
        let run = try apply(sandbox, ["--verbose", "--format", "json", roster])
        #expect(run.code == 0, "\(run.stderr.suffix(2000))")
        let planStart = try #require(run.stderr.range(of: "Roster plan for space"))
        let planEnd = try #require(run.stderr.range(of: "Apply runs 1 step in 1 request."))
        let insidePlan = run.stderr[planStart.lowerBound..<planEnd.upperBound]
        #expect(!insidePlan.contains("roster: "), "\(insidePlan.suffix(500))")
        let beforePlan = run.stderr[..<planStart.lowerBound]
        #expect(beforePlan.components(separatedBy: "roster: POST").count == 2, "\(beforePlan)")
        #expect(run.stderr[planEnd.upperBound...].contains("roster: POST"))
    }

    /// A path for a saved plan, and `roster plan examples/acme.yaml --out` it.
    func saveAcmePlan(_ sandbox: SandboxProcess, to path: String? = nil) throws -> String {
        let planFile =
            path ?? ScratchFolder.url.appendingPathComponent("plan-\(UUID().uuidString).json").path
        #expect(
            try RosterBinary.run(["plan", "examples/acme.yaml", "--out", planFile], environment: sandbox.environment)
                .code == 0
        )
        return planFile
    }

    @Test func savedPlansApplyOnlyWhenNothingChanged() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        let planFile = try saveAcmePlan(sandbox)
        defer { try? FileManager.default.removeItem(atPath: planFile) }
        // Someone changes David Kim in the apps: the saved plan is stale.
        try sandbox.graphql(
            "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, "
                + "jobLevel: Senior, craftFocus: Fullstack}) { id } }")
        let stale = try RosterBinary.run(["apply", planFile], environment: sandbox.environment)
        #expect(stale.code == 3, "\(stale.stderr)")
        #expect(stale.stderr.contains("the live space changed since the plan was saved"))
        #expect(
            stale.stderr.contains("person \"David Kim\" (#4): level Junior → Senior since the plan was saved"),
            "\(stale.stderr)")
        // A fresh saved plan applies without asking (no terminal, no --auto-approve).
        _ = try saveAcmePlan(sandbox, to: planFile)
        let fresh = try RosterBinary.run(["apply", planFile], environment: sandbox.environment)
        #expect(fresh.code == 0, "\(fresh.stdout)\(fresh.stderr)")
        #expect(try planIsClean(sandbox, ["examples/acme.yaml"]))
    }

    @Test func aSavedPlanAppliesOnlyTheOperationsItHolds() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        let planFile = try saveAcmePlan(sandbox)
        defer { try? FileManager.default.removeItem(atPath: planFile) }
        // The operations in the file are no longer what this roster plans (as when another
        // version of roster saved them), while the roster and the live space are unchanged.
        try editJSON(planFile) { plan in
            guard var apply = plan["apply"] as? [String: Any], var steps = apply["steps"] as? [[[String: Any]]],
                let s = steps.firstIndex(where: { $0.contains { $0["input"] != nil } }),
                let o = steps[s].firstIndex(where: { $0["input"] != nil })
            else { return }
            steps[s][o]["name"] = "\(steps[s][o]["name"] ?? "") (edited)"
            apply["steps"] = steps
            plan["apply"] = apply
        }
        let edited = try RosterBinary.run(["apply", planFile], environment: sandbox.environment)
        #expect(edited.code == 3, "\(edited.stderr)")
        #expect(edited.stderr.contains("the plan made now differs from the saved one"), "\(edited.stderr)")
        #expect(try !planIsClean(sandbox, ["examples/acme.yaml"]))
        // The same file, reformatted and with its keys in another order, still applies.
        _ = try saveAcmePlan(sandbox, to: planFile)
        try editJSON(planFile, sortedKeys: true) { _ in }
        let reformatted = try RosterBinary.run(["apply", planFile], environment: sandbox.environment)
        #expect(reformatted.code == 0, "\(reformatted.stdout)\(reformatted.stderr)")
        #expect(try planIsClean(sandbox, ["examples/acme.yaml"]))
    }

    /// Rewrites a JSON file after `edit`; `sortedKeys` writes its keys in another order.
    /// A saved plan that lacks a field, or comes from a newer roster, is refused with the field's
    /// name, never read with a silent default.
    @Test func aDamagedOrNewerSavedPlanIsRefusedByName() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let planFile = try saveAcmePlan(sandbox)
        try editJSON(planFile) { plan in
            var apply = plan["apply"] as? [String: Any] ?? [:]
            apply["space"] = nil
            plan["apply"] = apply
        }
        let damaged = try RosterBinary.run(["apply", planFile], environment: sandbox.environment)
        #expect(damaged.code == 3 && damaged.stderr.contains("the saved plan lacks apply.space"), "\(damaged.stderr)")
        _ = try saveAcmePlan(sandbox, to: planFile)
        try editJSON(planFile) { plan in
            var apply = plan["apply"] as? [String: Any] ?? [:]
            #expect(apply["version"] as? Int == 1)
            apply["version"] = 2
            plan["apply"] = apply
        }
        let newer = try RosterBinary.run(["apply", planFile], environment: sandbox.environment)
        #expect(newer.code == 3 && newer.stderr.contains("saved by a newer roster"), "\(newer.stderr)")
        #expect(try !planIsClean(sandbox, ["examples/acme.yaml"]), "nothing was applied")
    }

    func editJSON(_ path: String, sortedKeys: Bool = false, _ edit: (inout [String: Any]) -> Void) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        edit(&object)
        let options: JSONSerialization.WritingOptions = sortedKeys ? [.sortedKeys] : [.prettyPrinted]
        try JSONSerialization.data(withJSONObject: object, options: options).write(to: URL(fileURLWithPath: path))
    }
}
