import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

extension PlanWarning {
    /// Whether a declared one-team break ("… in step J … until step K …") spans `step`.
    func covers(step: Int) -> Bool {
        guard let start = self.step, let range = message.range(of: "until step ") else { return false }
        let end = Int(message[range.upperBound...].prefix { $0.isNumber }) ?? start
        return (start...max(start, end)).contains(step)
    }
}

@Suite struct PlannerPropertyTests {
    /// Random live states and rosters: the steps, run on the model server, reach the roster;
    /// every operation is one the server accepts; nobody is in two teams after any operation
    /// unless the plan says so; and planning again finds nothing to do.
    @Test(arguments: 0..<4)
    func stepsReachTheRosterThroughAcceptedStates(_ shard: Int) throws {
        var rng = SplitMix64(seed: 0xC0FFEE + UInt64(shard))
        var declared = 0
        for round in 0..<500 {
            let scenario = Scenario.random(&rng)
            let (plan, diagnostics) = Planner.plan(
                roster: scenario.roster, live: scenario.live, prune: true, endpoint: "http://test")
            guard let plan else {
                Issue.record("round \(round): no plan: \(diagnostics.map(\.message))")
                continue
            }
            var server = ServerModel(scenario.live)
            let oneTeamWarnings = plan.warnings.filter { $0.step != nil }
            declared += oneTeamWarnings.isEmpty ? 0 : 1
            for (s, step) in plan.steps.enumerated() {
                for op in step {
                    do { try server.apply(op) } catch {
                        Issue.record(
                            "shard \(shard) round \(round) step \(s + 1): \(op.mutation) \(op.name) refused: \(error)")
                    }
                    if !server.peopleInTwoTeams.isEmpty && !oneTeamWarnings.contains(where: { $0.covers(step: s + 1) })
                    {
                        Issue.record(
                            "shard \(shard) round \(round) step \(s + 1) after \(op.mutation) \(op.name): \(server.peopleInTwoTeams) in two teams"
                        )
                    }
                }
            }
            let (again, _) = Planner.plan(
                roster: scenario.roster, live: server.state, prune: true, endpoint: "http://test")
            #expect(
                again?.hasChanges == false,
                "shard \(shard) round \(round): still to do: \(again?.changes.filter { $0.action != .unmanaged }.map { "\($0.action) \($0.kind) \($0.name) \($0.updates)" } ?? [])"
            )
        }
        // Cycles with nobody to lead in between are possible but rare.
        #expect(declared < 25)
    }

    /// The planner takes the team references the validator resolved; a roster built in code
    /// has none and is resolved afresh. Both give the same plan.
    @Test func validatedReferencesPlanAsReferencesResolvedAfresh() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let scenario = Scenario.random(&rng)
            var validated = scenario.roster
            validated.teamPeople = TeamPeople(ReferenceResolver(validated, PersonIndex(validated.people)))
            let afresh = Planner.plan(roster: scenario.roster, live: scenario.live, prune: true, endpoint: "x").0
            let stored = Planner.plan(roster: validated, live: scenario.live, prune: true, endpoint: "x").0
            #expect(afresh?.steps == stored?.steps)
            #expect(
                afresh?.changes.map {
                    "\($0.action) \($0.kind) \($0.name) \($0.updates)"
                }
                    == stored?.changes.map {
                        "\($0.action) \($0.kind) \($0.name) \($0.updates)"
                    })
        }
    }

    /// Operations sort by the bytes of their names' NFC forms, which is `<` on NFC strings,
    /// whatever scripts, marks and lengths the names mix.
    @Test func nameOrderIsStringOrderOfNFCForms() {
        var rng = SplitMix64(seed: 11)
        let pieces = [
            "a", "b", "Z", " ", "0", "é", "e\u{301}", "Å", "A\u{30A}", "\u{212B}", "ß", "ø", "o\u{308}", "Ö", "ñ",
            "n\u{303}",
            "😀", "ﬁ", "\u{1E9B}\u{323}", "한", "\u{1100}\u{1161}\u{11A8}", "ǅ", "\u{0344}", "Ł", "ḁ",
        ]
        let names = (0..<400).map { _ in
            (0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
        }
        let order = NameOrder(count: names.count) { names[$0] }
        let composed = names.map(\.precomposedStringWithCanonicalMapping)
        for i in names.indices {
            for j in names.indices {
                let expected = composed[i] < composed[j] ? -1 : composed[i] == composed[j] ? 0 : 1
                let got = order.compare(i, j)
                #expect(
                    (got < 0 ? -1 : got == 0 ? 0 : 1) == expected,
                    "\(names[i].unicodeScalars.map(\.value)) vs \(names[j].unicodeScalars.map(\.value))")
            }
        }
    }

    @Test func planningIsDeterministic() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<100 {
            let scenario = Scenario.random(&rng)
            let a = Planner.plan(roster: scenario.roster, live: scenario.live, prune: true, endpoint: "x").0
            let b = Planner.plan(roster: scenario.roster, live: scenario.live, prune: true, endpoint: "x").0
            #expect(a?.steps == b?.steps)
        }
    }
}
