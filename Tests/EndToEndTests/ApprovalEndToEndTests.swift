import Foundation
import Testing

/// What the person approved is what runs: changes made in the MPS apps while apply waits for
/// "yes" are never erased by an update computed before them, and the options and names that
/// shape a plan never silently do nothing.
@Suite(.serialized, .scratchFolder) struct ApprovalEndToEndTests {
    /// Bob promoted, David promoted, Leo out of Frontend Platform; nothing about dates.
    static let roster = """
        version: 1
        defaults: { craft: Engineering }
        people:
          - { name: Alice Chen, level: Senior, focus: Frontend }
          - { name: Bob Martinez, level: Principal, focus: Backend }
          - { name: David Kim, level: Mid, focus: Fullstack }
          - { name: Iris Johansson, level: Mid, focus: Mobile }
          - { name: Leo Santos, level: Junior, focus: Frontend }
        teams:
          - { name: Frontend Platform, lead: Alice Chen, members: [David Kim, Iris Johansson] }
        """

    /// Another client, while the prompt waits: Bob's level start date set (a field this roster
    /// leaves alone), David's focus changed, Maya added to Frontend Platform.
    func editInTheApps(_ sandbox: SandboxProcess) throws {
        try sandbox.graphql(
            "mutation { updateUser(id: 2, input: {fullName: \"Bob Martinez\", craftAbility: Engineering, "
                + "jobLevel: Staff, craftFocus: Backend, levelStartDate: \"2025-01-01\"}) { id } }")
        try sandbox.graphql(
            "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, "
                + "jobLevel: Junior, craftFocus: Backend}) { id } }")
        try sandbox.graphql(
            "mutation { updateTeam(id: 1, input: {name: \"Frontend Platform\", teamLeadId: 1, "
                + "memberIds: [1, 4, 9, 12, 13]}) { id } }")
    }

    func user(_ sandbox: SandboxProcess, _ id: Int) throws -> [String: Any] {
        let data = try sandbox.graphql("{ user(id: \(id)) { fullName jobLevel craftFocus levelStartDate } }")
        return (data["data"] as? [String: Any])?["user"] as? [String: Any] ?? [:]
    }

    func members(_ sandbox: SandboxProcess, team: String) throws -> Set<String> {
        let data = try sandbox.graphql("{ teams { name members { fullName } } }")
        let teams = (data["data"] as? [String: Any])?["teams"] as? [[String: Any]] ?? []
        let found = teams.first { $0["name"] as? String == team }?["members"] as? [[String: Any]] ?? []
        return Set(found.compactMap { $0["fullName"] as? String })
    }

    @Test func changesMadeWhileThePromptWaitsAreShownAndNeverErased() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let roster = try ScratchFolder.roster(Self.roster)
        let run = try TerminalRun.run(
            ["apply", roster], answers: ["yes", "no"],
            beforeAnswer: { prompt in if prompt == 0 { try editInTheApps(sandbox) } }, environment: sandbox.environment)
        #expect(run.code == 1, "\(run.stdout)")
        #expect(run.stdout.contains("The live space changed while the plan waited for \"yes\"; nothing was sent"))
        #expect(
            run.stdout.contains(
                "person \"Bob Martinez\" (#2): levelStartDate none → 2025-01-01 since the plan was shown"),
            "\(run.stdout)")
        #expect(run.stdout.contains("person \"David Kim\" (#4): focus Fullstack → Backend since the plan was shown"))
        #expect(run.stdout.contains("team \"Frontend Platform\" (#1): members"))
        // The new plan was shown before the second question: David's focus would go back.
        #expect(run.stdout.contains("focus: Backend → Fullstack"), "\(run.stdout)")
        #expect(run.stdout.contains("Apply cancelled."))
        // Nothing was sent: every change made meanwhile is still there.
        let bob = try user(sandbox, 2)
        #expect(bob["levelStartDate"] as? String == "2025-01-01" && bob["jobLevel"] as? String == "Staff")
        #expect(try user(sandbox, 4)["craftFocus"] as? String == "Backend")
        #expect(try members(sandbox, team: "Frontend Platform").contains("Maya Patel"))
    }

    @Test func approvingTheNewPlanKeepsWhatTheRosterLeavesAloneAndConverges() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let roster = try ScratchFolder.roster(Self.roster)
        let run = try TerminalRun.run(
            ["apply", roster], answers: ["yes", "yes"],
            beforeAnswer: { prompt in if prompt == 0 { try editInTheApps(sandbox) } }, environment: sandbox.environment)
        #expect(run.code == 0, "\(run.stdout)")
        #expect(run.stdout.contains("Apply complete:"), "\(run.stdout)")
        let bob = try user(sandbox, 2)
        #expect(bob["levelStartDate"] as? String == "2025-01-01", "the date set in the apps was erased: \(bob)")
        #expect(bob["jobLevel"] as? String == "Principal")
        #expect(try members(sandbox, team: "Frontend Platform") == ["Alice Chen", "David Kim", "Iris Johansson"])
        let again = try RosterBinary.run(["plan", "--format", "json", roster], environment: sandbox.environment)
        let summary = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any]
        let counts = summary?["summary"] as? [String: Int] ?? [:]
        #expect(counts["create"] == 0 && counts["update"] == 0 && counts["delete"] == 0, "\(again.stdout)")
    }

    @Test func aSavedPlanRefusesTheOptionsThatShapeAPlan() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let planFile = ScratchFolder.url.appendingPathComponent("plan-\(UUID().uuidString).json").path
        #expect(
            try RosterBinary.run(["plan", "examples/acme.yaml", "--out", planFile], environment: sandbox.environment)
                .code == 0
        )
        for option in [["--exclude", "teams"], ["--only", "people"], ["--prune"]] {
            let run = try RosterBinary.run(["apply", planFile] + option, environment: sandbox.environment)
            #expect(run.code == 1, "\(option): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("\(option[0]) shapes a plan"), "\(run.stderr)")
            #expect(!run.stdout.contains("Apply complete"))
        }
        let plan = try RosterBinary.run(
            ["plan", "--detailed-exitcode", "examples/acme.yaml"], environment: sandbox.environment)
        #expect(plan.code == 2, "something was applied: \(plan.stdout)")
    }

    @Test func aSelectorThatMatchesNothingIsAnError() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let nobody = try RosterBinary.run(
            ["plan", "examples/acme.yaml", "--only", "person:Nobody", "--detailed-exitcode"],
            environment: sandbox.environment)
        #expect(nobody.code == 1, "\(nobody.stdout)")
        #expect(nobody.stderr.contains("`person:Nobody` names no person of the roster or the live space"))
        #expect(!nobody.stdout.contains("No changes"))
        let typo = try RosterBinary.run(
            ["apply", "--auto-approve", "examples/acme.yaml", "--exclude", "team:Platform Infr"],
            environment: sandbox.environment)
        #expect(typo.code == 1)
        #expect(typo.stderr.contains("did you mean `team:Platform Infra`?"), "\(typo.stderr)")
        // A selector may name a live entity the roster does not list, or a roster entry not yet live.
        let live = try RosterBinary.run(
            ["plan", "examples/acme.yaml", "--only", "person:Zoë Müller,team:Platform Infra"],
            environment: sandbox.environment)
        #expect(live.code == 0, "\(live.stderr)")
    }

    @Test func aProtectedOrIgnoredNameThatMatchesNothingStopsPlanAndApply() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let text = try String(contentsOfFile: "examples/acme.yaml", encoding: .utf8)
            .replacingOccurrences(of: "  - { name: James Wright,", with: "#")
            .replacingOccurrences(of: "people: [Alice Chen, Bob Martinez]", with: "people: [James Wrigth]")
        let roster = try ScratchFolder.roster(text + "  ignore:\n    teams: [Data and Analytics]\n")
        let plan = try RosterBinary.run(["plan", "--prune", roster], environment: sandbox.environment)
        #expect(plan.code == 1, "\(plan.stdout)")
        #expect(plan.stderr.contains("policy.protected.people names \"James Wrigth\""), "\(plan.stderr)")
        #expect(plan.stderr.contains("did you mean \"James Wright\"?"))
        #expect(plan.stderr.contains("policy.ignore.teams names \"Data and Analytics\""))
        let apply = try RosterBinary.run(
            ["apply", "--prune", "--auto-approve", "--allow-large-changes", roster], environment: sandbox.environment)
        #expect(apply.code == 1)
        let users = try sandbox.graphql("{ users { fullName } }")
        #expect("\(users)".contains("James Wright"), "James Wright was deleted")
    }
}
