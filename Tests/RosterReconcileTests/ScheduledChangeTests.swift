import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// A level whose start date is after the plan's day is scheduled, not planned: the live level
/// and its date stay until that day, and the first plan made on or after it applies them.
@Suite struct ScheduledChangeTests {
    static let live = LiveState(
        space: LiveSpace(id: "s", name: "S", isOwner: true),
        users: [
            LiveUser(
                id: 1, name: "Chris López", craft: .engineering, level: .mid, focus: .backend,
                levelStartDate: "2024-03-01"),
            LiveUser(
                id: 2, name: "Zoë Müller", craft: .engineering, level: .junior, focus: .frontend,
                levelStartDate: "2025-01-01"),
        ],
        teams: [], levels: [])

    static let rosterText = """
        version: 1
        people:
          - { name: Chris López, craft: Engineering, level: Senior, focus: Fullstack, levelStartDate: 2027-01-01 }
          - { name: Zoë Müller, craft: Engineering, level: Mid, focus: Frontend, levelStartDate: 2026-11-01 }
        """

    static func plan(asOf: Day?, only: String? = nil) throws -> Plan {
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(rosterText.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        let plan = try #require(Planner.plan(roster: loaded.roster, live: live, prune: false, asOf: asOf).0)
        guard let only else { return plan }
        var selection = PlanSelection()
        selection.only = try PlanSelection.parse(only).get()
        return try selection.apply(to: plan)
    }

    static func sentLevel(_ plan: Plan, id: Int) -> (JobLevel, String?)? {
        for op in plan.steps.joined() {
            if case .updateUser(id, let fields) = op.payload { return (fields.level, fields.levelStartDate) }
        }
        return nil
    }

    @Test func theDayBeforeTheLevelWaitsAndTheRestIsDue() throws {
        let plan = try Self.plan(asOf: Day("2026-12-31"))
        #expect(plan.scheduled.map(\.on) == [Day("2027-01-01")])
        #expect(plan.scheduled[0].change.updates.map(\.field) == [.level, .levelStartDate])
        // Chris's focus is due now; the update keeps the live level and date until the day.
        let chris = try #require(plan.changes.first { $0.id == 1 })
        #expect(chris.updates.map(\.field) == [.focus])
        #expect(Self.sentLevel(plan, id: 1)! == (.mid, "2024-03-01"))
        // Zoë's promotion is dated in the past: due.
        #expect(Self.sentLevel(plan, id: 2)! == (.mid, "2026-11-01"))
    }

    @Test func onTheDayAndAfterItIsDue() throws {
        for day in ["2027-01-01", "2027-06-30"] {
            let plan = try Self.plan(asOf: Day(day))
            #expect(plan.scheduled.isEmpty)
            #expect(Self.sentLevel(plan, id: 1)! == (.senior, "2027-01-01"))
        }
    }

    @Test func withoutADayEveryChangeIsDue() throws {
        let plan = try Self.plan(asOf: nil)
        #expect(plan.scheduled.isEmpty)
        #expect(Self.sentLevel(plan, id: 1)! == (.senior, "2027-01-01"))
    }

    @Test func aSelectionKeepsTheScheduledChangesItSelects() throws {
        #expect(try Self.plan(asOf: Day("2026-11-27"), only: "person:Chris López").scheduled.count == 1)
        #expect(try Self.plan(asOf: Day("2026-11-27"), only: "person:Zoë Müller").scheduled.isEmpty)
    }

    @Test func aSavedPlanKeepsItsDayWhenItSchedules() throws {
        let plan = try Self.plan(asOf: Day("2026-11-27"))
        let files = SavedPlan.RosterFiles(paths: ["r.yaml"], files: ["r.yaml"], sha256: "x", prune: false)
        let saved = SavedPlan(
            plan, fingerprint: plan.fingerprint, maxDeletes: .standard, roster: files, selection: SelectionText())
        #expect(try SavedPlan(reading: saved.json).asOf == Day("2026-11-27"))
        // Nothing scheduled: the day changes nothing, and is not written.
        let due = try Self.plan(asOf: Day("2027-02-01"))
        let unscheduled = SavedPlan(
            due, fingerprint: due.fingerprint, maxDeletes: .standard, roster: files, selection: SelectionText())
        #expect(unscheduled.json["asOf"] == nil)
    }
}
