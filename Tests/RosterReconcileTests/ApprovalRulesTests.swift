import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// The planner's rules that keep an approval true: a plan that no longer holds after a fresh
/// read, selectors and policy names that match nothing.
@Suite struct ApprovalRulesTests {
    static let at = SourceLocation(file: "roster.yaml", line: 3, column: 5)

    static let live = LiveState(
        space: LiveSpace(id: "u", name: "U", isOwner: true),
        users: [
            LiveUser(
                id: 1, name: "Bob Martinez", craft: .engineering, level: .staff, focus: .backend, levelStartDate: nil),
            LiveUser(
                id: 2, name: "James Wright", craft: .productManagement, level: .staff, focus: .notApplicable,
                levelStartDate: nil),
            LiveUser(id: 3, name: "Ana Lima", craft: .design, level: .mid, focus: .mobile, levelStartDate: nil),
        ],
        teams: [LiveTeam(id: 10, name: "Backend", leadID: 1, memberIDs: [1, 3])], levels: [])

    /// Bob promoted; the roster sets no dates.
    static var roster: Roster {
        var roster = Roster()
        roster.people = [
            PersonEntry(
                name: Located("Bob Martinez", at: at), craft: .engineering, level: .principal, focus: .backend,
                levelStartDate: .unmanaged, location: at),
            PersonEntry(
                name: Located("Ana Lima", at: at), craft: .design, level: .mid, focus: .mobile,
                levelStartDate: .unmanaged, location: at),
        ]
        return roster
    }

    func plan(_ live: LiveState, _ roster: Roster = Self.roster) throws -> Plan {
        try #require(Planner.plan(roster: roster, live: live, prune: false, endpoint: "x").0)
    }

    @Test func aPlanHoldsWhenNothingItTouchesChanged() throws {
        var later = Self.live
        later.users[1].level = .principal  // James: unmanaged, untouched
        #expect(PlanStaleness.changes(approved: try plan(Self.live), fresh: try plan(later)).isEmpty)
    }

    @Test func aFieldTheRosterLeavesAloneMakesThePlanStale() throws {
        var later = Self.live
        later.users[0].levelStartDate = "2025-01-01"
        let changes = PlanStaleness.changes(approved: try plan(Self.live), fresh: try plan(later))
        #expect(changes == ["person \"Bob Martinez\" (#1): levelStartDate none → 2025-01-01 since the plan was shown"])
    }

    @Test func anEntityOnlyTheFreshPlanTouchesMakesThePlanStale() throws {
        var later = Self.live
        later.users[2].focus = .frontend  // Ana: in sync before, an update now
        let changes = PlanStaleness.changes(approved: try plan(Self.live), fresh: try plan(later))
        #expect(changes == ["person \"Ana Lima\" (#3): focus Mobile → Frontend since the plan was shown"])
    }

    @Test func selectorsMustNameARosterEntryOrALiveEntity() throws {
        var selection = PlanSelection()
        selection.only = try PlanSelection.parse("person:James Wright,person:Bob Martinez,level:Mid,teams").get()
        #expect(selection.unmatched(roster: Self.roster, live: Self.live).isEmpty)
        selection.exclude = try PlanSelection.parse("person:Nobody,team:Backnd,level:Senoir").get()
        #expect(
            selection.unmatched(roster: Self.roster, live: Self.live) == [
                "--exclude: `person:Nobody` names no person of the roster or the live space",
                "--exclude: `team:Backnd` names no team of the roster or the live space; did you mean `team:Backend`?",
                "--exclude: `level:Senoir` names no level of the roster or the live space; did you mean `level:Senior`?",
            ])
    }

    @Test func policyNamesMustMatchSomething() throws {
        var roster = Self.roster
        roster.policy.protectedPeople = [Located("James Wrigth", at: Self.at), Located("Ana Lima", at: Self.at)]
        roster.policy.ignoreTeams = [Located("Backend", at: Self.at), Located("Front", at: Self.at)]
        let diagnostics = PolicyNames.check(roster, Self.live)
        #expect(
            diagnostics.map(\.message) == [
                "policy.protected.people names \"James Wrigth\", but no person of the roster or the live space has "
                    + "that name; did you mean \"James Wright\"? (nothing was sent)",
                "policy.ignore.teams names \"Front\", but no team of the roster or the live space has that name "
                    + "(nothing was sent)",
            ])
        #expect(diagnostics.allSatisfy { $0.location == Self.at })
    }
}
