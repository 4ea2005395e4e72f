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
            plan, fingerprint: plan.fingerprint, policy: Policy(), roster: files, selection: SelectionText())
        #expect(try SavedPlan(reading: saved.json).asOf == Day("2026-11-27"))
        // Nothing scheduled: the day changes nothing, and is not written.
        let due = try Self.plan(asOf: Day("2027-02-01"))
        let unscheduled = SavedPlan(
            due, fingerprint: due.fingerprint, policy: Policy(), roster: files, selection: SelectionText())
        #expect(unscheduled.json["asOf"] == nil)
    }
}

extension ScheduledChangeTests {
    /// At company size, with accented names: exactly the levels dated ahead are scheduled, by day,
    /// and the update of everyone else promoted is planned with its date.
    @Test func aCompanyOfTwoThousandSchedulesExactlyWhatIsDatedAhead() throws {
        let first = ["Zoë", "José", "Chloé", "Søren", "Ana", "Łukasz", "Amara", "Siobhán", "Kenji", "Noémie"]
        let last = ["Müller", "García", "Ødegaard", "Nguyễn", "O'Brien", "Kowalczyk", "Okafor", "Dubois"]
        var users: [LiveUser] = []
        var lines = ["version: 1", "people:"]
        var ahead: [Int: Day] = [:]
        var due = Set<Int>()
        for i in 1...2_000 {
            let name = "\(first[i % first.count]) \(last[i % last.count]) \(i)"
            users.append(
                LiveUser(
                    id: i, name: name, craft: .engineering, level: .mid, focus: .backend, levelStartDate: "2024-01-01"))
            var level = "Mid", date = "2024-01-01"
            if i % 7 == 0 {
                let day = try #require(Day("2027-0\(i % 3 + 1)-01"))
                (level, date, ahead[i]) = ("Senior", day.description, day)
            } else if i % 11 == 0 {
                (level, date) = ("Senior", "2026-10-01")
                due.insert(i)
            }
            lines.append(
                "  - { name: \(name), craft: Engineering, level: \(level), focus: Backend, levelStartDate: \(date) }")
        }
        let live = LiveState(space: Self.live.space, users: users, teams: [], levels: [])
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(lines.joined(separator: "\n").utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics.prefix(3))")
        let plan = try #require(
            Planner.plan(roster: loaded.roster, live: live, prune: false, asOf: Day("2026-11-27")).0)
        #expect(Set(plan.scheduled.compactMap(\.change.id)) == Set(ahead.keys))
        #expect(plan.scheduled.map(\.on) == plan.scheduled.map(\.on).sorted())
        #expect(plan.scheduledDays.map(\.day.description) == ["2027-01-01", "2027-02-01", "2027-03-01"])
        #expect(Set(plan.changes.compactMap(\.id)) == due)
        for id in ahead.keys.sorted().prefix(20) { #expect(Self.sentLevel(plan, id: id) == nil) }
    }
}
