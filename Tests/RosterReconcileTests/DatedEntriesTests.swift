import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// A hire's first day, a leaver's last day, a team that starts and a team change on a day: each
/// is planned on its day and scheduled before it, from the roster's own states on those days.
@Suite struct DatedEntriesTests {
    static let (before, after) = (DatedQuarter.before, DatedQuarter.after)

    static func plan(_ day: String?, live: LiveState = before, prune: Bool = false) throws -> Plan {
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(DatedQuarter.text.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        return try #require(
            Planner.plan(roster: loaded.roster, live: live, prune: prune, asOf: day.flatMap(Day.init)).0)
    }

    static func summary(_ changes: [Change]) -> [String] {
        changes.filter { $0.action != .unmanaged }.map { change in
            "\(change.action) \(change.kind) \(change.name)"
                + change.updates.map { " \($0.field)" }.joined() + (change.lastDay.map { " last \($0)" } ?? "")
        }.sorted()
    }

    @Test func beforeTheQuarterEverythingIsScheduledByDay() throws {
        let plan = try Self.plan("2026-12-15")
        #expect(Self.summary(plan.changes).isEmpty)
        let days = plan.scheduledDays
        #expect(days.map(\.day) == [Day("2027-01-01"), Day("2027-01-04")].compactMap { $0 })
        #expect(
            Self.summary(days[0].changes) == [
                "delete person Ed Old last 2026-12-31", "update team Payments members",
            ])
        #expect(Self.summary(days[1].changes) == ["create person Dee New", "create team Platform"])
        let payments = try #require(days[0].changes.first { $0.kind == .team })
        guard case .members(let added, let removed) = payments.updates.first else { throw Failure.unexpected }
        #expect(added.isEmpty && removed.map(\.name) == ["Chris López", "Ed Old"])
    }

    @Test func onEachDayWhatIsDueIsPlannedAndTheRestWaits() throws {
        let first = try Self.plan("2027-01-01")
        #expect(
            Self.summary(first.changes) == ["delete person Ed Old last 2026-12-31", "update team Payments members"])
        #expect(first.scheduledDays.map(\.day) == [Day("2027-01-04")].compactMap { $0 })
        let fourth = try Self.plan("2027-01-04")
        #expect(
            Self.summary(fourth.changes) == [
                "create person Dee New", "create team Platform", "delete person Ed Old last 2026-12-31",
                "update team Payments members",
            ])
        #expect(fourth.scheduled.isEmpty)
    }

    @Test func onceAppliedTheSpaceIsInSync() throws {
        for day in ["2027-01-04", "2027-03-01", nil] {
            let plan = try Self.plan(day, live: Self.after)
            #expect(Self.summary(plan.changes).isEmpty, "\(day ?? "nil")")
            #expect(plan.scheduled.isEmpty)
        }
    }

    @Test func aHireMadeEarlyInTheAppIsLeftAloneUntilTheDayEvenWithPrune() throws {
        var live = Self.before
        live.users.append(
            LiveUser(
                id: 6, name: "Dee New", craft: .engineering, level: .mid, focus: .notApplicable, levelStartDate: nil))
        // …and put in a team already: she stays in it until her day.
        live.teams[0].memberIDs.append(6)
        let plan = try Self.plan("2026-12-15", live: live, prune: true)
        #expect(!plan.changes.contains { $0.name == "Dee New" })
        #expect(!plan.hasChanges, "\(Self.summary(plan.changes))")
        // On the day, the roster's values are hers.
        let onTheDay = try Self.plan("2027-01-04", live: live)
        #expect(Self.summary(onTheDay.changes).contains("update person Dee New craft level"))
    }

    @Test func aLeaverIsDeletedWithoutPruneAndTheTextSaysTheirLastDay() throws {
        let due = try Self.plan("2027-01-02")
        #expect(due.changes.contains { $0.action == .delete && $0.id == 5 && $0.lastDay == Day("2026-12-31") })
    }

    enum Failure: Error { case unexpected }
}

/// `apply --due-since DAY` plans what became due after DAY and nothing the apps changed.
@Suite struct DueRosterTests {
    @Test func whatBecameDueIsPlannedAndDriftIsNot() throws {
        var live = DatedQuarter.before
        // Drift: Bo's level changed in the app, and someone was added there.
        live.users[1].level = .senior
        live.users.append(DatedQuarter.user(9, "Zed App"))
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(DatedQuarter.text.utf8))])
        #expect(loaded.isValid)
        let due = DueRoster.make(
            loaded.roster, live: live, since: try #require(Day("2026-12-31")), asOf: try #require(Day("2027-01-04")))
        let plan = try #require(Planner.plan(roster: due, live: live, prune: false, asOf: Day("2027-01-04")).0)
        #expect(
            DatedEntriesTests.summary(plan.changes) == [
                "create person Dee New", "create team Platform", "delete person Ed Old last 2026-12-31",
                "update team Payments members",
            ])
        // Nothing became due between two days without dates: nothing to do, drift or not.
        let quiet = DueRoster.make(
            loaded.roster, live: live, since: try #require(Day("2027-01-05")), asOf: try #require(Day("2027-02-01")))
        let none = try #require(Planner.plan(roster: quiet, live: live, prune: false, asOf: Day("2027-02-01")).0)
        #expect(DatedEntriesTests.summary(none.changes).isEmpty)
    }

    @Test func aHireTheAppMadeEarlyTakesTheRostersValuesAndPlaceOnTheirFirstDay() throws {
        // The space as the job left it on 1 January (Ed gone, Chris out of Payments), and Dee made
        // early in the app, as a Senior, in Payments.
        var live = DatedQuarter.before
        live.users.removeAll { $0.name == "Ed Old" }
        live.users.append(DatedQuarter.user(6, "Dee New", .senior))
        live.teams[0].memberIDs = [1, 2, 6]
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(DatedQuarter.text.utf8))])
        let due = DueRoster.make(
            loaded.roster, live: live, since: try #require(Day("2027-01-03")), asOf: try #require(Day("2027-01-04")))
        let plan = try #require(Planner.plan(roster: due, live: live, prune: false, asOf: Day("2027-01-04")).0)
        // Her craft and level as the roster gives them, not a second Dee; she leads the new Platform
        // and leaves Payments, where only the app had put her.
        #expect(
            DatedEntriesTests.summary(plan.changes) == [
                "create team Platform", "update person Dee New craft level", "update team Payments members",
            ])
        // The day before, nothing of hers is due.
        let early = DueRoster.make(
            loaded.roster, live: live, since: try #require(Day("2027-01-02")), asOf: try #require(Day("2027-01-03")))
        let none = try #require(Planner.plan(roster: early, live: live, prune: false, asOf: Day("2027-01-03")).0)
        #expect(DatedEntriesTests.summary(none.changes).isEmpty)
    }

    @Test func aPromotionWhoseDayCameIsItsLevelAloneOverTheLiveValues() throws {
        let text = """
            version: 1
            people:
              - {name: Ana Souza, craft: Engineering, level: Staff, focus: Backend, levelStartDate: 2027-01-01}
            """
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(text.utf8))])
        let live = LiveState(
            space: LiveSpace(id: "s", name: "S", isOwner: true),
            users: [
                LiveUser(
                    id: 1, name: "Ana Souza", craft: .engineering, level: .senior, focus: .mobile,
                    levelStartDate: "2024-01-01")
            ], teams: [], levels: [])
        let due = DueRoster.make(
            loaded.roster, live: live, since: try #require(Day("2026-12-31")), asOf: try #require(Day("2027-01-01")))
        let plan = try #require(Planner.plan(roster: due, live: live, prune: false, asOf: Day("2027-01-01")).0)
        // The level and its date; the focus the app set stays (drift is pull's to report).
        #expect(plan.changes.first?.updates.map(\.field) == [.level, .levelStartDate])
    }
}
