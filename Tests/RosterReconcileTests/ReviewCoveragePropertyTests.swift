import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// `apply --reviewed` on random rosters and spaces, with a random part of the plan reviewed: what
/// runs is reviewed, every operation is accepted, nobody is in two teams after any operation and
/// nobody loses their team for one they never join; all reviewed runs all; and planning again
/// after the rest converges.
@Suite struct ReviewCoveragePropertyTests {
    @Test(arguments: 0..<3)
    func whatRunsWasReviewedAndKeepsEveryRule(_ shard: Int) throws {
        let seed = 0x5EE_0055 + UInt64(shard)
        var rng = SplitMix64(seed: seed)
        var (narrowed, whole) = (0, 0)
        for round in 0..<300 {
            let scenario = Scenario.random(&rng)
            let context = "seed \(seed) round \(round)"
            guard let full = Planner.plan(roster: scenario.roster, live: scenario.live, prune: true).0 else { continue }
            let facts = full.changes.flatMap(ReviewFact.facts)
            let share = Double.random(in: 0...1, using: &rng)
            let reviewed = Set(facts.filter { _ in Double.random(in: 0..<1, using: &rng) < share })
            let plan = ReviewCoverage.narrow(full, reviewed: reviewed)
            if reviewed.count == Set(facts).count {
                whole += 1
                #expect(plan.operationCount == full.operationCount && plan.heldBack.isEmpty, "\(context)")
            } else if plan.operationCount < full.operationCount {
                narrowed += 1
            }
            for change in plan.changes {
                let missing = ReviewFact.facts(of: change).filter { !reviewed.contains($0) }
                #expect(missing.isEmpty, "\(context): \(change.name) runs unreviewed \(missing.map(\.description))")
            }
            var server = ServerModel(scenario.live)
            let teamless = Set(scenario.live.teams.flatMap(\.memberSet))
            let declared = plan.warnings.contains { $0.step != nil }
            for op in plan.steps.joined() {
                do { try server.apply(op) } catch {
                    Issue.record("\(context): \(op.mutation) \(op.name) refused: \(error)")
                }
                if !declared && !server.peopleInTwoTeams.isEmpty {
                    Issue.record("\(context): \(server.peopleInTwoTeams) in two teams after \(op.mutation) \(op.name)")
                }
            }
            // Nobody who had a team and stays in the space ends in none unless the roster says so.
            let inTeams = Set(server.teams.values.flatMap(\.memberSet))
            let fullAfter = fullResult(full, scenario.live)
            for id in teamless where server.users[id] != nil && !inTeams.contains(id) {
                #expect(!fullAfter.contains(id), "\(context): #\(id) lost their team for one they never joined")
            }
            let rest = try #require(Planner.plan(roster: scenario.roster, live: server.state, prune: true).0)
            var after = server
            for op in rest.steps.joined() { try? after.apply(op) }
            let left =
                Planner.plan(roster: scenario.roster, live: after.state, prune: true).0?.changes
                .filter { $0.action != .unmanaged } ?? []
            #expect(left.isEmpty, "\(context): left after the rest: \(left.map(\.name))")
        }
        #expect(whole > 10 && narrowed > 100, "whole \(whole), narrowed \(narrowed)")
    }

    /// Who is in a team after the whole plan.
    func fullResult(_ plan: Plan, _ live: LiveState) -> Set<Int> {
        var server = ServerModel(live)
        for op in plan.steps.joined() { try? server.apply(op) }
        return Set(server.teams.values.flatMap(\.memberSet))
    }
}
