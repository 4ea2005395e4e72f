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

/// `apply --due` plans what the roster's timelines make due, whenever it runs, and nothing the apps changed.
@Suite struct DueRosterTests {
    static func due(_ live: LiveState, _ day: String) throws -> (Plan, [DueRoster.Conflict]) {
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(DatedQuarter.text.utf8))])
        #expect(loaded.isValid)
        let asOf = try #require(Day(day))
        let due = DueRoster.make(loaded.roster, live: live, asOf: asOf)
        return (try #require(Planner.plan(roster: due.roster, live: live, prune: false, asOf: asOf).0), due.conflicts)
    }

    @Test func whatIsDueIsPlannedWheneverItRunsAndDriftIsNot() throws {
        var live = DatedQuarter.before
        // Drift: Bo's level changed in the app, and someone was added there.
        live.users[1].level = .senior
        live.users.append(DatedQuarter.user(9, "Zed App"))
        // The night of the 4th, and a week later after missed nights: the same.
        for day in ["2027-01-04", "2027-01-11"] {
            let (plan, conflicts) = try Self.due(live, day)
            #expect(
                DatedEntriesTests.summary(plan.changes) == [
                    "create person Dee New", "create team Platform", "delete person Ed Old last 2026-12-31",
                    "update team Payments members",
                ], "\(day)")
            #expect(conflicts.isEmpty)
        }
        // Once applied, nothing is due, night after night: the drift stays as the apps made it.
        var after = DatedQuarter.after
        after.users[1].level = .senior
        let (again, conflicts) = try Self.due(after, "2027-01-05")
        #expect(DatedEntriesTests.summary(again.changes).isEmpty && conflicts.isEmpty)
    }

    @Test func aHireTheAppMadeEarlyInNoTeamJoinsOnTheirFirstDay() throws {
        // The space as the job left it on 1 January (Ed gone, Chris out of Payments), and Dee made
        // early in the app, in no team.
        var live = DatedQuarter.before
        live.users.removeAll { $0.name == "Ed Old" }
        live.users.append(DatedQuarter.user(6, "Dee New", .junior, craft: .design))
        live.teams[0].memberIDs = [1, 2]
        let (plan, conflicts) = try Self.due(live, "2027-01-04")
        // Not a second Dee: she leads the new Platform, with Chris.
        #expect(DatedEntriesTests.summary(plan.changes) == ["create team Platform"])
        #expect(conflicts.isEmpty)
        let (early, _) = try Self.due(live, "2027-01-03")
        #expect(DatedEntriesTests.summary(early.changes).isEmpty)
    }

    /// Dee made early in the app, as a Senior engineer, in Payments: where she is, and the level
    /// the apps gave her, are the apps'. On her first day nothing puts her in a second team: Platform,
    /// which she is to lead, waits with Chris, and both are told in names.
    @Test func aHireTheAppPlacedElsewhereIsAConflictNeverTwoTeams() throws {
        var live = DatedQuarter.before
        live.users.removeAll { $0.name == "Ed Old" }
        live.users.append(DatedQuarter.user(6, "Dee New", .senior))
        live.teams[0].memberIDs = [1, 2, 6]
        let (plan, conflicts) = try Self.due(live, "2027-01-04")
        #expect(DatedEntriesTests.summary(plan.changes).isEmpty)
        #expect(
            conflicts.map(\.description) == [
                "person \"Dee New\" team: the space says Payments; the roster says Platform (dated 2027-01-04)",
                "team \"Platform\" first day: the space says Dee New, who is to lead it, is not free to; "
                    + "the roster says it starts on 2027-01-04",
            ])
    }

    /// The apps move Chris before his dated move: on the day he stays where they put him, and is
    /// never added to a second team.
    @Test func aMoveTheAppsMadeFirstIsLeftAndTold() throws {
        var live = DatedQuarter.before
        live.teams.append(LiveTeam(id: 12, name: "Apps Team", leadID: 1, memberIDs: [1, 3]))
        live.teams[0].memberIDs = [1, 2, 5]
        let (plan, conflicts) = try Self.due(live, "2027-01-04")
        #expect(!plan.changes.contains { $0.name == "Apps Team" })
        let platform = try #require(plan.changes.first { $0.name == "Platform" })
        #expect(platform.after[.members] == .array([.string("Dee New")]))
        #expect(conflicts.map(\.field) == ["team"])
    }

    @Test func aPromotionWhoseDayCameIsItsLevelAloneOverTheLiveValues() throws {
        let text = """
            version: 1
            people:
              - {name: Ana Souza, craft: Engineering, level: Senior, levelStartDate: 2024-01-01, changes: [{on: 2027-01-01, level: Staff}]}
            """
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(text.utf8))])
        var live = LiveState(
            space: LiveSpace(id: "s", name: "S", isOwner: true),
            users: [
                LiveUser(
                    id: 1, name: "Ana Souza", craft: .engineering, level: .senior, focus: .mobile,
                    levelStartDate: "2024-01-01")
            ], teams: [], levels: [])
        let day = try #require(Day("2027-01-01"))
        let due = DueRoster.make(loaded.roster, live: live, asOf: day)
        let plan = try #require(Planner.plan(roster: due.roster, live: live, prune: false, asOf: day).0)
        // The level and its date; the focus the app set stays (drift is pull's to report).
        #expect(plan.changes.first?.updates.map(\.field) == [.level, .levelStartDate])
        // Made Principal in the apps after the roster's day: drift, never set back.
        live.users[0].level = .principal
        live.users[0].levelStartDate = "2027-01-02"
        let later = DueRoster.make(loaded.roster, live: live, asOf: try #require(Day("2027-01-03")))
        #expect(try #require(Planner.plan(roster: later.roster, live: live, prune: false).0).changes.isEmpty)
        #expect(later.conflicts.isEmpty)
        // Made Mid in the apps before the roster's day: a conflict, left as the apps made it.
        live.users[0].level = .mid
        live.users[0].levelStartDate = "2026-12-10"
        let before = DueRoster.make(loaded.roster, live: live, asOf: day)
        #expect(try #require(Planner.plan(roster: before.roster, live: live, prune: false).0).changes.isEmpty)
        #expect(
            before.conflicts.map(\.description) == [
                "person \"Ana Souza\" level: the space says Mid since 2026-12-10; the roster says Staff (dated 2027-01-01)"
            ])
    }
}
