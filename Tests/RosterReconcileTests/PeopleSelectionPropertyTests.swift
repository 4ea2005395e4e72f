import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// A selection of people (`--only person:…`, `--exclude person:…`) on random rosters and live
/// spaces, run on the model server: it never puts anyone in two teams, after any operation; and
/// applying the rest of the roster afterwards converges to what the whole plan makes.
@Suite struct PeopleSelectionPropertyTests {
    @Test(arguments: 0..<4)
    func aSelectionOfPeopleKeepsOneTeamAndTheRestConverges(_ shard: Int) throws {
        let seed = 0x5E1EC7_0054 + UInt64(shard)
        var rng = SplitMix64(seed: seed)
        var (planned, refused) = (0, 0)
        for round in 0..<250 {
            let scenario = Scenario.random(&rng)
            let context = "seed \(seed) round \(round)"
            guard !scenario.roster.people.isEmpty else { continue }
            var selection = PlanSelection()
            let picked = scenario.roster.people.shuffled(using: &rng).prefix(Int.random(in: 1...3, using: &rng))
            let selectors = picked.map { PlanSelection.Selector.entity(.person, $0.key) }
            if Bool.random(using: &rng) { selection.only = selectors } else { selection.exclude = selectors }
            let subset: Plan
            do throws(SelectionError) {
                let focus = try selection.focus(scenario.roster, live: scenario.live)
                guard let full = Planner.plan(roster: focus.roster, live: scenario.live, prune: true).0 else {
                    Issue.record("\(context): the focused roster does not plan")
                    continue
                }
                subset = try selection.apply(to: full, focus: focus)
            } catch {
                // Only an excluded lead that a kept story needs, or an excluded prerequisite.
                #expect(error.message.contains("--exclude"), "\(context): \(error.message)")
                refused += 1
                continue
            }
            planned += 1
            var server = ServerModel(scenario.live)
            try run(subset, on: &server, context + " (the selection)")
            // The rest, planned from where the selection left the space, then nothing is left.
            let rest = try #require(Planner.plan(roster: scenario.roster, live: server.state, prune: true).0)
            try run(rest, on: &server, context + " (the rest)")
            let after = try #require(Planner.plan(roster: scenario.roster, live: server.state, prune: true).0)
            let left = after.changes.filter { $0.action != .unmanaged }
            #expect(left.isEmpty, "\(context): left after the rest: \(left.map { "\($0.action) \($0.name)" })")
        }
        #expect(planned > 150 && refused < planned / 4, "planned \(planned), refused \(refused)")
    }

    /// Runs `plan`'s operations on `server`: each accepted, and nobody in two teams after any of
    /// them, unless the plan itself says a step must break the rule (a cycle).
    func run(_ plan: Plan, on server: inout ServerModel, _ context: String) throws {
        let declared = plan.warnings.contains { $0.step != nil }
        for op in plan.steps.joined() {
            do { try server.apply(op) } catch {
                Issue.record("\(context): \(op.mutation) \(op.name) refused: \(error)")
            }
            if !declared && !server.peopleInTwoTeams.isEmpty {
                Issue.record("\(context): \(server.peopleInTwoTeams) in two teams after \(op.mutation) \(op.name)")
            }
        }
    }
}
