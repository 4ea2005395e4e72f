import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// The planner's rules one at a time, on small rosters and spaces: what is updated and with what,
/// what is left alone, in which order, and what the safety rails count.
@Suite struct PlannerRulesTests {
    static let space = LiveSpace(id: "u_1", name: "Acme", isOwner: true)

    static func user(_ id: Int, _ name: String, level: JobLevel = .senior, date: String? = nil) -> LiveUser {
        LiveUser(id: id, name: name, craft: .engineering, level: level, focus: .backend, levelStartDate: date)
    }

    /// The plan of a roster written as YAML (after `version: 1`) against `users` and `teams`.
    static func plan(
        _ yaml: String, _ users: [LiveUser], teams: [LiveTeam] = [], levels: [(JobLevel, Int)] = [], prune: Bool = false
    ) throws -> Plan {
        let (file, diagnostics) = RosterLoader().load(bytes: Array(("version: 1\n" + yaml).utf8), path: "r.yaml")
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.map(\.message))")
        let (roster, merged) = RosterValidator.merge([try #require(file)])
        #expect(!merged.contains { $0.severity == .error }, "\(merged.map(\.message))")
        let live = LiveState(
            space: space, users: users, teams: teams, levels: levels.map { (level: $0.0, limitMonths: $0.1) })
        let (plan, problems) = Planner.plan(roster: roster, live: live, prune: prune, endpoint: "http://test")
        return try #require(plan, "\(problems.map(\.message))")
    }

    static func operations(_ plan: Plan) -> [PlanOperation] { plan.steps.flatMap { $0 } }

    @Test func anUpdateSendsTheWholePersonWithTheLiveValuesTheRosterDoesNotManage() throws {
        let plan = try Self.plan(
            "people:\n  - {name: Ada Park, craft: Engineering, level: Staff, focus: Backend}\n",
            [Self.user(1, "Ada Park", date: "spring 2021")])
        #expect(plan.changes.map(\.updates) == [[.level(from: .senior, to: .staff)]])
        guard case .updateUser(let id, let fields)? = Self.operations(plan).first?.payload else {
            Issue.record("no update: \(Self.operations(plan))")
            return
        }
        // Updates replace the whole person: the free-text date goes back as it was typed.
        #expect(id == 1 && fields.levelStartDate == "spring 2021" && fields.level == .staff)
    }

    @Test func aLevelStartDateIsLeftAloneClearedOrSet() throws {
        let live = [Self.user(1, "Ada Park", date: "2020-01-01")]
        let person = "people:\n  - {name: Ada Park, craft: Engineering, level: Senior, focus: Backend"
        #expect(try Self.plan(person + "}\n", live).hasChanges == false)
        let cleared = try Self.plan(person + ", levelStartDate: null}\n", live)
        #expect(cleared.changes.map(\.updates) == [[.levelStartDate(from: "2020-01-01", to: nil)]])
        let set = try Self.plan(person + ", levelStartDate: 2024-02-29}\n", live)
        #expect(set.changes.map(\.updates) == [[.levelStartDate(from: "2020-01-01", to: "2024-02-29")]])
    }

    @Test func aFormerNameIsARenameAndAPinnedIdWinsOverTheName() throws {
        let renamed = try Self.plan(
            "people:\n  - {name: Ada Lind, previously: Ada Park, craft: Engineering, level: Senior, focus: Backend}\n",
            [Self.user(1, "Ada Park")])
        #expect(renamed.changes.map(\.action) == [.update])
        #expect(renamed.changes.first?.updates == [.name(from: "Ada Park", to: "Ada Lind")])
        let pinned = try Self.plan(
            "people:\n  - {name: Ada Park, id: 2, craft: Engineering, level: Senior, focus: Backend}\n",
            [Self.user(1, "Ada Park"), Self.user(2, "Someone Else")], prune: true)
        #expect(pinned.changes.filter { $0.action == .update }.map(\.id) == [2])
        #expect(pinned.changes.filter { $0.action == .delete }.map(\.id) == [1])
    }

    @Test func anUnlistedPersonIsDriftWithoutPruneAndADeleteWithIt() throws {
        let roster = "people:\n  - {name: Ada Park, craft: Engineering, level: Senior, focus: Backend}\n"
        let live = [Self.user(1, "Ada Park"), Self.user(2, "Bo Lind")]
        let kept = try Self.plan(roster, live)
        #expect(kept.changes.map(\.action) == [.unmanaged] && !kept.hasChanges)
        let pruned = try Self.plan(roster, live, prune: true)
        #expect(pruned.changes.map(\.action) == [.delete])
        #expect(Self.operations(pruned).map(\.payload) == [.deleteUser(id: 2)])
        let ignored = try Self.plan(roster + "policy: {ignore: {people: [Bo Lind]}}\n", live, prune: true)
        #expect(ignored.changes.isEmpty)
    }

    @Test func maxDeletesCountsEachKindAgainstTheLiveTotal() throws {
        let live = (1...4).map { Self.user($0, "P\($0)") }
        let plan = try Self.plan(
            "people:\n  - {name: P1, craft: Engineering, level: Senior, focus: Backend}\npolicy: {maxDeletes: 1}\n",
            live, prune: true)
        let people = try #require(plan.deletes.first { $0.kind == .people })
        #expect(people.count == 3 && people.allowed == 1 && people.exceeded)
        #expect(people.description == "deletes 3 of 4 people (allowed 1)")
    }

    @Test func someoneMovingTeamsIsReleasedBeforeTheOtherTeamTakesThem() throws {
        let live = [Self.user(1, "Ada"), Self.user(2, "Bo"), Self.user(3, "Cy")]
        let teams = [
            LiveTeam(id: 10, name: "A", leadID: 1, memberIDs: [1, 3]),
            LiveTeam(id: 11, name: "B", leadID: 2, memberIDs: [2]),
        ]
        let plan = try Self.plan(
            """
            people:
              - {name: Ada, craft: Engineering, level: Senior, focus: Backend}
              - {name: Bo, craft: Engineering, level: Senior, focus: Backend}
              - {name: Cy, craft: Engineering, level: Senior, focus: Backend}
            teams:
              - {name: A, lead: Ada, members: [Ada]}
              - {name: B, lead: Bo, members: [Bo, Cy]}
            """, live, teams: teams)
        func step(ofTeam id: Int) -> Int? {
            plan.steps.firstIndex { $0.contains { if case .updateTeam(id, _) = $0.payload { true } else { false } } }
        }
        let released = try #require(step(ofTeam: 10)), taken = try #require(step(ofTeam: 11))
        #expect(released < taken, "\(plan.steps.map { $0.map(\.name) })")
        #expect(plan.warnings.isEmpty)
    }

    @Test func aLevelLimitIsSetOnlyWhenItDiffers() throws {
        let roster = "levels: {Senior: {limitMonths: 36}, Mid: {limitMonths: 24}}\n"
        let plan = try Self.plan(roster, [], levels: [(.senior, 36), (.mid, 12)])
        #expect(Self.operations(plan).map(\.payload) == [.setJobLevelLimit(.mid, 24)])
        #expect(plan.changes.map(\.updates) == [[.limitMonths(from: 12, to: 24)]])
    }
}
