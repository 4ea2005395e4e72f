import Foundation
import Testing

@testable import MPSClient
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// `--only` and `--exclude` through plan, a saved plan and apply, against the sandbox.
@Suite(.serialized, .scratchFolder) struct SelectionEndToEndTests {
    @Test func targetedPlansApplyWhatTheyNeedAndRefuseWhatTheyCannot() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let env = sandbox.environment
        let only = ["--only", "team:Platform Infra"]
        let plan = try RosterBinary.run(
            ["plan", "examples/acme.yaml", "--view", "resources"] + only, environment: env)
        #expect(
            plan.stdout.contains("members: − Leo Santos (only its release, which the selection needs)"),
            "\(plan.stdout)")
        #expect(plan.stdout.contains("members: − Grace Tanaka (needed by the selection)"))
        #expect(plan.stdout.contains("Plan: 1 to create, 2 to update, 0 to delete."))
        let refused = try RosterBinary.run(
            ["plan", "examples/acme.yaml"] + only + ["--exclude", "team:Backend Services"], environment: env)
        #expect(refused.code == 3 && refused.stderr.contains("which --exclude leaves out"), "\(refused.stderr)")
        let bad = try RosterBinary.run(["plan", "examples/acme.yaml", "--only", "human:x"], environment: env)
        #expect(bad.code == 1 && bad.stderr.contains("`human:x` is not a selector"))
        let planFile = ScratchFolder.url.appendingPathComponent("only-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: planFile) }
        #expect(
            try RosterBinary.run(["plan", "examples/acme.yaml", "--out", planFile] + only, environment: env).code == 0)
        let applied = try RosterBinary.run(["apply", planFile], environment: env)
        #expect(applied.code == 0, "\(applied.stdout)\(applied.stderr)")
        #expect(applied.stdout.contains("Apply complete: 1 created, 2 updated, 0 deleted."))
        let rest = try RosterBinary.run(["apply", "--auto-approve", "examples/acme.yaml"], environment: env)
        #expect(rest.stdout.contains("Apply complete: 3 created, 4 updated, 0 deleted."), "\(rest.stdout)")
    }

    static let people = [
        "Alice Chen", "Bob Martinez", "Carol Nguyen", "David Kim", "Elena Popov", "Frank O'Brien", "Grace Tanaka",
        "Hassan Ali", "Iris Johansson", "James Wright", "Karen Liu", "Leo Santos", "Maya Patel", "Nathan Fischer",
        "Olivia Dupont", "Zoë Müller",
    ]
    static let teams = [
        "Frontend Platform", "Backend Services", "Design Systems", "Data & Analytics", "Platform Infra",
    ]

    /// Every `--only` and `--exclude` of a person, a team and a level of the README's example,
    /// applied from a reset demo space: nobody is in two teams after any mutation, apply says
    /// "Verified" only when it is, and the next plan of the same selection has nothing to do. A
    /// selection that cannot be made is refused with its reason (exit 3) and sends nothing.
    @Test func everySelectionOfTheExampleKeepsOneTeamAndConverges() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        let env = sandbox.environment
        let selectors =
            Self.people.map { "person:\($0)" } + Self.teams.map { "team:\($0)" } + ["level:Junior", "level:Mid"]
        var refused: [String] = []
        for selector in selectors {
            for option in ["--only", "--exclude"] {
                let what = "\(option) \(selector)"
                // A reset space: the demo data seeded anew on the token's first request.
                _ = try sandbox.hook("reset", "{}")
                _ = try sandbox.hook("token", #"{"token": "\#(sandbox.token)", "id": "u_8f3k2", "name": "Jane Doe"}"#)
                _ = try RosterBinary.run(["plan", "examples/demo-space.yaml"], environment: env)
                _ = try sandbox.hook("audit", #"{"enabled": true}"#)
                let applied = try RosterBinary.run(
                    ["apply", "--auto-approve", "examples/acme.yaml", option, selector], environment: env)
                if applied.code == 3 {
                    refused.append(what)
                    #expect(applied.stderr.contains("--exclude"), "\(what): \(applied.stderr)")
                    #expect(try auditEntries(sandbox).isEmpty, "\(what): a refused selection sent mutations")
                    continue
                }
                #expect(applied.code == 0, "\(what): \(applied.stdout)\(applied.stderr)")
                #expect(
                    applied.stdout.contains("Verified: the space matches the roster.")
                        || applied.stdout.contains("No changes"), "\(what): \(applied.stdout)")
                let violations = try twoTeamViolations(sandbox)
                #expect(violations.isEmpty, "\(what): \(violations)")
                let again = try RosterBinary.run(
                    ["plan", "--format", "json", "examples/acme.yaml", option, selector], environment: env)
                let summary =
                    (try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])?[
                        "summary"] as? [String: Int]
                #expect(
                    summary?["create"] == 0 && summary?["update"] == 0 && summary?["delete"] == 0,
                    "\(what): the next plan: \(again.stdout)\(again.stderr)")
            }
        }
        // Only what truly cannot be done: the new team's lead kept where she is while its member
        // goes, and the new team without the releases it needs from the teams it takes people from.
        #expect(
            refused == [
                "--exclude person:Grace Tanaka", "--exclude team:Frontend Platform", "--exclude team:Backend Services",
            ],
            "\(refused)")
    }

    /// "Verified" is said of the whole space: after a selection, someone the roster would never put
    /// in two teams (the apps did) is reported, and the apply is not complete.
    @Test func verificationChecksTheOneTeamRuleOfTheWholeSpace() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let env = sandbox.environment
        _ = try RosterBinary.run(["plan", "examples/demo-space.yaml"], environment: env)
        let twice = try sandbox.graphql(
            "mutation { updateTeam(id: 2, input: {name: \"Backend Services\", teamLeadId: 2, memberIds: [2, 6, 7, 14, 12]}) { id } }"
        )
        #expect(twice["errors"] == nil, "\(twice)")
        let applied = try RosterBinary.run(
            ["apply", "--auto-approve", "examples/acme.yaml", "--only", "person:David Kim"], environment: env)
        #expect(applied.code == 1, "\(applied.stdout)\(applied.stderr)")
        #expect(!applied.stdout.contains("Verified"), "\(applied.stdout)")
        #expect(
            applied.stdout.contains(
                "Not verified: the space breaks the one-team rule the roster keeps:\n  live user Leo Santos (#12) is in 2 teams"
            ),
            "\(applied.stdout)")
        #expect(applied.stdout.contains("Apply incomplete: 0 created, 1 updated, 0 deleted."), "\(applied.stdout)")
        let json = try RosterBinary.run(
            ["apply", "--auto-approve", "--format", "json", "examples/acme.yaml", "--only", "person:David Kim"],
            environment: env)
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((report?["broken"] as? [String])?.first?.hasPrefix("live user Leo Santos (#12) is in 2 teams") == true)
        #expect(report?["complete"] as? Bool == false, "\(json.stdout)")
    }

    func auditEntries(_ sandbox: SandboxProcess) throws -> [[String: Any]] {
        try sandbox.read("audit")["entries"] as? [[String: Any]] ?? []
    }

    /// Audit entries after which someone is in two teams.
    func twoTeamViolations(_ sandbox: SandboxProcess) throws -> [String] {
        try auditEntries(sandbox).flatMap { entry -> [String] in
            let memberships = entry["memberships"] as? [String: Any] ?? [:]
            var seen: [Int: String] = [:]
            var out: [String] = []
            for (team, list) in memberships.sorted(by: { $0.key < $1.key }) {
                for member in Set((list as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.intValue }) {
                    if let other = seen[member] {
                        out.append("after \(entry["mutation"] ?? "?"): #\(member) in \(other), \(team)")
                    }
                    seen[member] = team
                }
            }
            return out
        }
    }
}
