import RosterCore
import RosterModel

/// A plan told person by person: who joins, who leaves, who moves from team to team, whose level
/// changes, what else changes for whom. Derived from the plan's changes alone (never a second
/// planner): every membership change of the plan is in exactly one person's story, and every
/// story is made of the plan's changes.
package struct PeopleView: Sendable {
    package private(set) var stories: [PersonStory] = []

    /// The stories of `plan`, grouped by kind (joiners, leavers, moves, level changes, other) and
    /// by name within a group. A story is a person's: a live user, or a roster person the plan
    /// creates; two people of one name are two stories.
    package init(_ plan: Plan) { self.init(changes: plan.changes) }

    /// The stories of `changes`: a plan's, or those it schedules for one day.
    package init(changes: [Change]) {
        var builder = Builder()
        for change in changes where change.kind == .person { builder.add(person: change) }
        for change in changes where change.kind == .team { builder.add(team: change) }
        // By kind, then by name's bytes (String's `<` normalizes at every comparison).
        let all = builder.stories
        let kinds = all.map(\.kind.rawValue)
        let order = NameOrder(count: all.count) { all[$0].name }
        stories = all.indices.sorted { a, b in
            kinds[a] != kinds[b] ? kinds[a] < kinds[b] : order.compare(a, b) < 0
        }.map { all[$0] }
    }

    /// How many people's stories hold `kind`, for a summary line: as many as ``section(_:)`` lists.
    package func count(_ kind: PersonStory.Kind) -> Int { stories.lazy.filter { $0.kinds.contains(kind) }.count }

    /// The stories that hold `kind`, by name: a group of the people view.
    package func section(_ kind: PersonStory.Kind) -> [PersonStory] {
        let within = stories.filter { $0.kinds.contains(kind) }
        guard within.contains(where: { $0.kind != kind }) else { return within }
        let order = NameOrder(count: within.count) { within[$0].name }
        return within.indices.sorted { order.compare($0, $1) < 0 }.map { within[$0] }
    }

    /// Builds the stories, one per person (by identity, never by name).
    struct Builder {
        var stories: [PersonStory] = []
        var index: [PlannedPerson: Int] = [:]

        /// The story of `person`, begun under `name` when it is new.
        mutating func story(_ person: PlannedPerson, _ name: String) -> Int {
            if let i = index[person] { return i }
            var story = PersonStory(name: name)
            if case .live(let id) = person { story.id = id }
            stories.append(story)
            index[person] = stories.count - 1
            return stories.count - 1
        }

        mutating func story(_ member: TeamMember) -> Int { story(member.person, member.name) }

        mutating func add(person change: Change) {
            guard change.action != .unmanaged, let person = change.person else { return }
            let i = story(person, change.name)
            switch change.action {
            case .create: stories[i].joinsSpace = true
            case .delete:
                stories[i].leavesSpace = true
                stories[i].lastDay = change.lastDay
            default: stories[i].updates = change.updates
            }
            if change.action == .create { stories[i].created = change.after }
        }

        mutating func add(team change: Change) {
            switch change.action {
            case .create:
                for (n, member) in change.teamPeople.enumerated() {
                    let i = story(member)
                    stories[i].to.append(PersonStory.Placement(team: change.name, role: n == 0 ? .lead : .member))
                }
            case .delete:
                for (n, member) in change.teamPeople.enumerated() {
                    let i = story(member)
                    stories[i].from.append(
                        PersonStory.Placement(team: change.name, role: n == 0 ? .lead : .member, teamID: change.id))
                }
            case .update: add(teamUpdate: change)
            case .unmanaged: break
            }
        }

        /// Who joins and leaves a team, and who becomes or stops being its lead.
        mutating func add(teamUpdate change: Change) {
            var oldName = change.name
            var leads: (from: TeamMember, to: TeamMember)?
            var members: (added: [TeamMember], removed: [TeamMember]) = ([], [])
            for update in change.updates {
                switch update {
                case .name(let from, _): oldName = from
                case .lead(let from, let to): leads = (from, to)
                case .members(let added, let removed): members = (added, removed)
                default: break
                }
            }
            for member in members.removed {
                let i = story(member)
                let role: PersonStory.Placement.Role = member.person == leads?.from.person ? .lead : .member
                stories[i].from.append(.init(team: oldName, role: role, teamID: change.id))
            }
            for member in members.added {
                let i = story(member)
                let role: PersonStory.Placement.Role = member.person == leads?.to.person ? .lead : .member
                stories[i].to.append(.init(team: change.name, role: role, teamID: change.id))
            }
            guard let leads else { return }
            // A lead who stays in the team becomes a member; a member who becomes lead changes role.
            if !members.removed.contains(where: { $0.person == leads.from.person }) {
                let i = story(leads.from)
                stories[i].from.append(.init(team: oldName, role: .lead, teamID: change.id))
                stories[i].to.append(.init(team: change.name, role: .member, teamID: change.id))
            }
            if !members.added.contains(where: { $0.person == leads.to.person }) {
                let i = story(leads.to)
                stories[i].from.append(.init(team: oldName, role: .member, teamID: change.id))
                stories[i].to.append(.init(team: change.name, role: .lead, teamID: change.id))
            }
        }
    }

    /// The names of a team change's member list (`after` or `before`).
    package static func names(_ value: JSONValue?) -> [String] {
        guard case .array(let items) = value else { return [] }
        return items.compactMap(\.stringValue)
    }
}

/// What a plan does to one person.
package struct PersonStory: Sendable {
    /// The group a story is shown in, in the order groups are shown.
    package enum Kind: Int, Sendable, Comparable, CaseIterable {
        case joins, leaves, leavesTeam, moves, promoted, levelChanged, other

        package static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }

        /// How the group is headed.
        package var title: String {
            switch self {
            case .joins: "Joining"
            case .leaves: "Leaving the space"
            case .leavesTeam: "Leaving their team (in no team now)"
            case .moves: "Moving"
            case .promoted: "Promoted"
            case .levelChanged: "Other level changes"
            case .other: "Other changes"
            }
        }

        /// The JSON name.
        package var key: String {
            switch self {
            case .joins: "joins"
            case .leaves: "leaves"
            case .leavesTeam: "leavesTeam"
            case .moves: "moves"
            case .promoted: "promoted"
            case .levelChanged: "levelChanged"
            case .other: "other"
            }
        }
    }

    /// A place in a team.
    package struct Placement: Sendable, Equatable {
        package enum Role: String, Sendable { case lead, member }
        package var team: String
        package var role: Role
        /// The live team's id; nil for a team the plan creates.
        package var teamID: Int?

        init(team: String, role: Role, teamID: Int? = nil) {
            self.team = team
            self.role = role
            self.teamID = teamID
        }
    }

    package var name: String
    /// The live id; nil for someone the plan creates.
    package var id: Int?
    /// Created or deleted by the plan.
    package var joinsSpace = false
    package var leavesSpace = false
    /// The last day the roster states for someone who leaves; nil: pruned.
    package var lastDay: Day?
    /// What a created person will be.
    package var created: EntityValues = [:]
    /// The teams they leave and the teams they join (a role change is both, in one team).
    package var from: [Placement] = []
    package var to: [Placement] = []
    /// Their own fields that change (level, date, focus, craft, name).
    package var updates: [FieldChange] = []

    init(name: String) { self.name = name }

    /// The level change, if any.
    package var level: (from: JobLevel, to: JobLevel)? {
        for case .level(let a, let b) in updates { return (a, b) }
        return nil
    }

    /// Every kind of change the story holds, in the order groups are shown: joining or leaving
    /// the space, leaving a team for none, moving, a level change (up: promoted); the rest only
    /// when there is nothing else. Someone promoted and moved is both, and counted in both.
    package var kinds: [Kind] {
        var kinds: [Kind] = []
        if joinsSpace {
            kinds.append(.joins)
        } else if leavesSpace {
            kinds.append(.leaves)
        } else if !from.isEmpty && to.isEmpty {
            kinds.append(.leavesTeam)
        } else if !from.isEmpty || !to.isEmpty {
            kinds.append(.moves)
        }
        if !joinsSpace && !leavesSpace, let level { kinds.append(level.to > level.from ? .promoted : .levelChanged) }
        return kinds.isEmpty ? [.other] : kinds
    }

    /// The group the story is shown in first.
    package var kind: Kind { kinds[0] }
}
