import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore
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
