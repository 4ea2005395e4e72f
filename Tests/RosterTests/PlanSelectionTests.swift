import Foundation
import MPSClient
import RosterCore
import Testing

@testable import RosterModel
@testable import RosterReconcile

/// `--only` and `--exclude`: random selections of random plans, run on the model server, keep
/// every invariant the full plan keeps (every operation accepted, nobody in two teams unless the
/// full plan says so), or are refused with a reason.
@Suite struct PlanSelectionTests {
    @Test func selectorsParse() throws {
        let parsed = try PlanSelection.parse("person:Ana Lima, teams,level:Mid,access:Eve@X.com").get()
        #expect(
            parsed == [
                .entity(.person, NameKey("Ana Lima")), .kind(.team), .entity(.level, NameKey("Mid")),
                .entity(.access, NameKey("eve@x.com")),
            ])
        #expect(throws: SelectionError.self) { try PlanSelection.parse("human:Bob").get() }
    }

    @Test(arguments: 0..<3)
    func targetedPlansKeepTheFullPlansInvariants(_ shard: Int) {
        var rng = SplitMix64(seed: 0x5E1EC7 + UInt64(shard))
        var refused = 0
        for round in 0..<300 {
            let scenario = Scenario.random(&rng)
            guard let full = Planner.plan(roster: scenario.roster, live: scenario.live, prune: true, endpoint: "x").0,
                let pick = full.changes.filter({ $0.action != .unmanaged }).randomElement(using: &rng)
            else { continue }
            var selection = PlanSelection()
            let selector = PlanSelection.Selector.entity(pick.kind, NameKey(pick.name))
            if Bool.random(using: &rng) { selection.only = [selector] } else { selection.exclude = [selector] }
            let subset: Plan
            do throws(SelectionError) { subset = try selection.apply(to: full) } catch {
                refused += 1
                #expect(error.message.contains("--exclude leaves out"), "round \(round): \(error.message)")
                continue
            }
            var server = ServerModel(scenario.live)
            let declared = full.warnings.filter { $0.step != nil }
            for op in subset.steps.joined() {
                do { try server.apply(op) } catch {
                    Issue.record("shard \(shard) round \(round): \(op.mutation) \(op.name) refused: \(error)")
                }
                if !server.peopleInTwoTeams.isEmpty && declared.isEmpty {
                    Issue.record(
                        "shard \(shard) round \(round): \(server.peopleInTwoTeams) in two teams after \(op.mutation) \(op.name)"
                    )
                }
            }
            if !selection.only.isEmpty {
                #expect(subset.changes.contains { $0.kind == pick.kind && NameKey($0.name) == NameKey(pick.name) })
            }
        }
        #expect(refused < 300)
    }
}

/// `--only` and `--exclude` through plan, a saved plan and apply, against the sandbox.
@Suite(.serialized) struct SelectionEndToEndTests {
    @Test func targetedPlansApplyWhatTheyNeedAndRefuseWhatTheyCannot() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let env = ["MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token]
        let only = ["--only", "team:Platform Infra"]
        let plan = try RosterBinary.run(["plan", "examples/acme.yaml"] + only, environment: env)
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
        let planFile = FileManager.default.temporaryDirectory.appendingPathComponent("only-\(UUID().uuidString).json")
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
}
