import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// The people view is the plan told person by person: every membership change of the plan is in
/// exactly one story, and no story is without a change of the plan.
@Suite struct PeopleViewTests {
    /// Each membership change of a plan's team changes: (team, person, joins or leaves).
    static func memberships(_ plan: Plan) -> [String] {
        // A renamed person leaves under their live name and is told under their new one.
        var renamed: [String: String] = [:]
        for change in plan.changes where change.kind == .person {
            for case .name(let from, let to) in change.updates where renamed[from] == nil { renamed[from] = to }
        }
        var out: [String] = []
        for change in plan.changes where change.kind == .team {
            switch change.action {
            case .create:
                out += PeopleView.names(change.after[.members]).map { "\(change.name)|\($0)|+" }
            case .delete:
                out += PeopleView.names(change.before[.members]).map { "\(change.name)|\(renamed[$0] ?? $0)|-" }
            case .update:
                var old = change.name
                for case .name(let from, _) in change.updates { old = from }
                for case .members(let added, let removed) in change.updates {
                    out +=
                        added.map { "\(change.name)|\($0.name)|+" }
                        + removed.map { "\(old)|\(renamed[$0.name] ?? $0.name)|-" }
                }
            case .unmanaged: break
            }
        }
        return out.sorted()
    }

    /// The same, told by the stories (role changes within a team left aside).
    static func told(_ view: PeopleView) -> [String] {
        view.stories.flatMap { story in
            // A role change stays in one team (by its id), and is no membership change.
            let roleOnly = Set(story.from.compactMap(\.teamID)).intersection(story.to.compactMap(\.teamID))
            let from = story.from.filter { $0.teamID.map { !roleOnly.contains($0) } ?? true }
            let to = story.to.filter { $0.teamID.map { !roleOnly.contains($0) } ?? true }
            return from.map { "\($0.team)|\(story.name)|-" } + to.map { "\($0.team)|\(story.name)|+" }
        }.sorted()
    }

    @Test func everyMembershipChangeIsInExactlyOneStoryAndEveryStoryHasAChange() {
        var checked = 0
        for seed in UInt64(1)...500 {
            var rng = SplitMix64(seed: seed)
            let scenario = Scenario.random(&rng)
            guard let plan = Planner.plan(roster: scenario.roster, live: scenario.live, prune: true).0 else { continue }
            let view = PeopleView(plan)
            #expect(Self.told(view) == Self.memberships(plan), "seed \(seed)")
            #expect(Set(view.stories.map(\.name)).count == view.stories.count, "seed \(seed): one story a person")
            for story in view.stories {
                let changed =
                    story.joinsSpace || story.leavesSpace || !story.updates.isEmpty || !story.from.isEmpty
                    || !story.to.isEmpty
                #expect(changed, "seed \(seed): \(story.name) has no change")
            }
            let people = plan.changes.filter { $0.kind == .person && $0.action != .unmanaged }.map(\.name).sorted()
            #expect(
                people
                    == view.stories.filter { $0.joinsSpace || $0.leavesSpace || !$0.updates.isEmpty }.map(\.name)
                    .sorted(), "seed \(seed)")
            checked += 1
        }
        #expect(checked > 400)
    }

    static let space = LiveSpace(id: "u", name: "U", isOwner: true)

    static func user(_ id: Int, _ name: String, _ level: JobLevel = .mid) -> LiveUser {
        LiveUser(id: id, name: name, craft: .engineering, level: level, focus: .backend, levelStartDate: nil)
    }

    static func entry(_ name: String, _ level: JobLevel = .mid) -> PersonEntry {
        let at = SourceLocation(file: "r.yaml", line: 1, column: 1)
        return PersonEntry(
            name: Located(name, at: at), craft: .engineering, level: level, focus: .backend, levelStartDate: .unmanaged,
            location: at)
    }

    static func team(_ name: String, lead: String, _ members: [String]) -> TeamEntry {
        let at = SourceLocation(file: "r.yaml", line: 1, column: 1)
        return TeamEntry(
            name: Located(name, at: at), lead: Located(PersonReference(parsing: lead), at: at),
            members: members.map { Located(PersonReference(parsing: $0), at: at) }, location: at)
    }

    static let users = [
        user(1, "Leo Santos"), user(2, "Grace Tanaka"), user(3, "Maya Patel"), user(4, "David Kim", .junior),
        user(5, "Ana Lima"), user(6, "Bo Berg"),
    ]

    /// Three teams: Frontend Platform (Ana; Leo), Backend Services (Bo; Grace), Design Systems
    /// (David; Maya).
    static let live = LiveState(
        space: space, users: users,
        teams: [
            LiveTeam(id: 10, name: "Frontend Platform", leadID: 5, memberIDs: [5, 1]),
            LiveTeam(id: 11, name: "Backend Services", leadID: 6, memberIDs: [6, 2]),
            LiveTeam(id: 12, name: "Design Systems", leadID: 4, memberIDs: [4, 3]),
        ], levels: [])

    /// The reorganisation: Leo moves, Grace leaves to lead a new team, Maya joins it, David is promoted.
    @Test func aReorganisationToldByPerson() throws {
        let (users, live) = (Self.users, Self.live)
        var roster = Roster()
        roster.people = users.map { Self.entry($0.name, $0.name == "David Kim" ? .mid : .mid) }
        roster.teams = [
            Self.team("Frontend Platform", lead: "Ana Lima", []),
            Self.team("Backend Services", lead: "Bo Berg", ["Leo Santos"]),
            Self.team("Design Systems", lead: "David Kim", []),
            Self.team("Platform Infra", lead: "Grace Tanaka", ["Maya Patel"]),
        ]
        let plan = try #require(Planner.plan(roster: roster, live: live, prune: false).0)
        let view = PeopleView(plan)
        let byName = Dictionary(uniqueKeysWithValues: view.stories.map { ($0.name, $0) })
        #expect(byName["Leo Santos"]?.from == [.init(team: "Frontend Platform", role: .member, teamID: 10)])
        #expect(byName["Leo Santos"]?.to == [.init(team: "Backend Services", role: .member, teamID: 11)])
        #expect(byName["Grace Tanaka"]?.to == [.init(team: "Platform Infra", role: .lead)])
        #expect(byName["Maya Patel"]?.kind == .moves)
        #expect(byName["David Kim"]?.kind == .promoted)
        #expect(view.count(.moves) == 3 && view.count(.promoted) == 1)
    }

    /// Two people of one name who both change team are two stories, each with their own id and
    /// moves (a story is a person, never a name).
    @Test func namesakesWhoBothMoveAreTwoStories() throws {
        let users = [
            Self.user(1, "Maria García"), Self.user(2, "Maria García"), Self.user(5, "Ana Lima"),
            Self.user(6, "Bo Berg"),
        ]
        let live = LiveState(
            space: Self.space, users: users,
            teams: [
                LiveTeam(id: 10, name: "Red", leadID: 5, memberIDs: [5, 1]),
                LiveTeam(id: 11, name: "Blue", leadID: 6, memberIDs: [6, 2]),
            ], levels: [])
        var roster = Roster()
        roster.people = users.map { Self.entry($0.name) }
        for i in 0..<2 { roster.people[i].id = Located(users[i].id, at: roster.people[i].location) }
        roster.teams = [
            Self.team("Red", lead: "Ana Lima", ["Maria García (#2)"]),
            Self.team("Blue", lead: "Bo Berg", ["Maria García (#1)"]),
        ]
        let plan = try #require(Planner.plan(roster: roster, live: live, prune: false).0)
        let stories = PeopleView(plan).stories
        #expect(stories.count == 2 && stories.allSatisfy { $0.name == "Maria García" && $0.kind == .moves })
        let byID = Dictionary(uniqueKeysWithValues: stories.compactMap { s in s.id.map { ($0, s) } })
        #expect(byID[1]?.from.map(\.team) == ["Red"] && byID[1]?.to.map(\.team) == ["Blue"])
        #expect(byID[2]?.from.map(\.team) == ["Blue"] && byID[2]?.to.map(\.team) == ["Red"])
    }

    /// `--only person:Leo Santos` moves Leo, and nobody else: the teams are focused on him.
    @Test func aSelectionOfOnePersonMovesOnlyThem() throws {
        let (users, live) = (Self.users, Self.live)
        var roster = Roster()
        roster.people = users.map { Self.entry($0.name, .mid) }
        roster.teams = [
            Self.team("Frontend Platform", lead: "Ana Lima", []),
            Self.team("Backend Services", lead: "Bo Berg", ["Leo Santos", "Maya Patel"]),
            Self.team("Design Systems", lead: "David Kim", []),
            Self.team("Platform Infra", lead: "Grace Tanaka", []),
        ]
        var selection = PlanSelection()
        selection.only = try PlanSelection.parse("person:Leo Santos").get()
        let focus = try selection.focus(roster, live: live)
        let full = try #require(Planner.plan(roster: focus.roster, live: live, prune: false).0)
        let plan = try selection.apply(to: full, focus: focus)
        let view = PeopleView(plan)
        #expect(view.stories.map(\.name) == ["Leo Santos"])
        #expect(view.stories.first?.to == [.init(team: "Backend Services", role: .member, teamID: 11)])
        #expect(plan.changes.filter { $0.kind == .person }.isEmpty)
        // Excluding Leo: everyone else's changes, Leo stays where he is.
        var excluding = PlanSelection()
        excluding.exclude = try PlanSelection.parse("person:Leo Santos").get()
        let rest = try excluding.focus(roster, live: live)
        let restPlan = try excluding.apply(
            to: try #require(Planner.plan(roster: rest.roster, live: live, prune: false).0), focus: rest)
        #expect(!PeopleView(restPlan).stories.map(\.name).contains("Leo Santos"))
        #expect(PeopleView(restPlan).stories.map(\.name).contains("Maya Patel"))
    }

    /// Leo, renamed (with `previously:`) and moved: one story, under his new name.
    @Test func aRenamedPersonWhoMovesIsOneStory() throws {
        var roster = Roster()
        roster.people = Self.users.map { Self.entry($0.name, $0.name == "David Kim" ? .junior : .mid) }
        roster.people[0].name = Located("Leonardo Santos", at: roster.people[0].location)
        roster.people[0].key = NameKey("Leonardo Santos")
        roster.people[0].previously = [Located("Leo Santos", at: roster.people[0].location)]
        roster.teams = [
            Self.team("Frontend Platform", lead: "Ana Lima", []),
            Self.team("Backend Services", lead: "Bo Berg", ["Grace Tanaka", "Leonardo Santos"]),
            Self.team("Design Systems", lead: "David Kim", ["Maya Patel"]),
        ]
        let plan = try #require(Planner.plan(roster: roster, live: Self.live, prune: false).0)
        let view = PeopleView(plan)
        #expect(view.stories.map(\.name) == ["Leonardo Santos"])
        #expect(view.stories.first?.from.map(\.team) == ["Frontend Platform"])
        #expect(view.stories.first?.to.map(\.team) == ["Backend Services"])
    }
}
