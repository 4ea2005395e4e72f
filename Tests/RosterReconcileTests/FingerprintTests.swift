import Testing

@testable import RosterModel
@testable import RosterReconcile

/// A plan's fingerprint: the live entities as read, which a saved plan carries and apply checks.
@Suite struct FingerprintTests {
    static func plan(_ users: [LiveUser], teams: [LiveTeam] = []) throws -> Plan {
        let live = LiveState(space: PlannerRulesTests.space, users: users, teams: teams, levels: [(.mid, 12)])
        let (plan, problems) = Planner.plan(roster: Roster(), live: live, prune: false, endpoint: "http://test")
        return try #require(plan, "\(problems.map(\.message))")
    }

    static let users = [PlannerRulesTests.user(1, "Ada"), PlannerRulesTests.user(2, "Bo")]
    static let team = LiveTeam(id: 7, name: "Core", leadID: 1, memberIDs: [1, 2])

    @Test func theSameSpaceReadInAnotherOrderHasTheSameFingerprint() throws {
        let one = try Self.plan(Self.users, teams: [Self.team]).fingerprint
        let other = try Self.plan(Self.users.reversed(), teams: [Self.team]).fingerprint
        #expect(one.digest == other.digest && one.digest.hasPrefix("sha256:"))
        #expect(one.changes(since: other).isEmpty)
    }

    @Test func aChangedFieldAnAddedAndADeletedEntityAreNamed() throws {
        let before = try Self.plan(Self.users, teams: [Self.team]).fingerprint
        var users = Self.users
        users[1].level = .staff
        users.append(PlannerRulesTests.user(3, "Cy"))
        let after = try Self.plan(users).fingerprint
        #expect(before.digest != after.digest)
        let changes = before.changes(since: after)
        #expect(changes.contains("person \"Bo\" (#2): level Senior → Staff since the plan was saved"), "\(changes)")
        #expect(changes.contains("person \"Cy\" (#3) was added since the plan was saved"), "\(changes)")
        #expect(changes.contains("team \"Core\" (#7) was deleted since the plan was saved"), "\(changes)")
    }

    /// A fingerprint holds live entities only: their keys read back; a new entity's never reads as a live one.
    @Test func everyLiveEntityKeyReadsBackAsItself() {
        for entity in [EntityID.person(4), .team(2), .level(.mid), .member("auth|1")] {
            #expect(EntityID(savedKey: entity.savedKey) == entity)
        }
        for entity in [EntityID.newPerson(rosterIndex: 0), .newTeam(rosterIndex: 3), .newMember("a@b.c")] {
            #expect(EntityID(savedKey: entity.savedKey) == nil)
        }
    }
}
