import RosterCore
import RosterModel

/// The roster `apply --due` plans: the live space as it is, with every field the roster's
/// timelines make due (``Timelines``) brought to the plan's day's value — a hire whose first day
/// came, a leaver whose last day passed, a team that starts or ends, a level, a team or a lead the
/// space still has as the roster had it earlier. A value the apps changed is left as they made it:
/// drift for pull; where it meets a change the roster dates, a conflict, told in names. So it does
/// the same whenever it runs — twice a night, after a week missed, across midnight.
package struct DueRoster {
    /// A change made in the apps that meets one the roster dates: left as the apps made it.
    package struct Conflict: Sendable, Equatable, CustomStringConvertible {
        /// `person "Leo Santos"`, `team "Mobile"`.
        package var entity: String
        /// `team`, `level`, `lead`, `first day`.
        package var field: String
        /// What the space says, and what the roster says with its day.
        package var space: String
        package var roster: String

        /// `person "Leo Santos" team: the space says Payments; the roster says Backend Services from 2027-01-01`.
        package var description: String {
            "\(entity) \(field): the space says \(space); the roster says \(roster)"
        }
    }

    let timelines: Timelines
    let live: LiveState
    let today: Roster
    let matching: Matching
    let location: SourceLocation
    var due = Roster()
    var conflicts: [Conflict] = []
    /// Each roster person's reference in the due roster.
    var references: [PersonReference] = []
    /// The due roster's entry of each live user and team, by id; the roster person of each user.
    var userEntry: [Int: Int] = [:]
    var teamEntry: [Int: Int] = [:]
    var person: [Int: Int] = [:]
    let users: [Int: LiveUser]
    let liveTeams: [Int: LiveTeam]
    /// Live users whose team is due (they leave every live team and join today's), and roster
    /// people created today (they join today's team).
    var moving: Set<Int> = []
    var joining: Set<Int> = []

    /// The due roster of `roster` against `live` on `asOf`, and the conflicts it leaves alone.
    package static func make(_ roster: Roster, live: LiveState, asOf: Day) -> (roster: Roster, conflicts: [Conflict]) {
        var made = DueRoster(Timelines(roster, asOf: asOf), live: live)
        made.liveAsEntries()
        made.people()
        made.teams()
        return (made.due, made.conflicts)
    }

    private init(_ timelines: Timelines, live: LiveState) {
        self.timelines = timelines
        self.live = live
        today = timelines.current
        matching = Matching(roster: today, live: live, asOf: timelines.asOf)
        location = .file(today.files.first ?? "")
        due.space = today.space
        due.files = today.files
        due.policy = today.policy
        due.policy.prune = false
        for (i, match) in matching.people.enumerated() { if let match { person[match.id] = i } }
        users = Dictionary(live.users.map { ($0.id, $0) }) { first, _ in first }
        liveTeams = Dictionary(live.teams.map { ($0.id, $0) }) { first, _ in first }
    }

    /// Every live person and team (but those `policy.ignore` hides) as the space has them.
    private mutating func liveAsEntries() {
        for user in live.users where !matching.ignoredUsers.contains(user.id) {
            userEntry[user.id] = due.people.count
            due.people.append(PersonEntry(live: user, at: location))
        }
        for team in live.teams where !matching.ignoredTeams.contains(team.id) {
            teamEntry[team.id] = due.teams.count
            due.teams.append(
                TeamEntry(
                    name: Located(team.name, at: location), id: Located(team.id, at: location),
                    lead: reference(team.leadID), members: team.memberIDs.map(reference), location: location))
        }
    }

    /// A live person as the due roster refers to them.
    private func reference(_ id: Int) -> Located<PersonReference> {
        let name = userEntry[id].map { due.people[$0].name.value } ?? ""
        return Located(PersonReference(parsing: "\(name) (#\(id))"), at: location)
    }

    /// Hires whose first day came, leavers whose last day passed, levels and teams that are due.
    private mutating func people() {
        let slots = liveSlots()
        for (i, entry) in today.people.enumerated() {
            guard let id = matching.people[i]?.id, let e = userEntry[id] else {
                references.append(PersonReference(parsing: entry.reference))
                guard timelines.presence(ofPerson: i, exists: false) == .due else { continue }
                var hire = entry
                hire.presence = Presence()
                due.people.append(hire)
                joining.insert(i)
                continue
            }
            references.append(PersonReference(parsing: due.people[e].reference))
            if timelines.presence(ofPerson: i, exists: true) == .due {
                due.people[e].presence.lastDay = entry.presence.lastDay
                continue
            }
            guard entry.presence.status(on: timelines.asOf) == .present, let user = users[id] else { continue }
            switch timelines.level(ofPerson: i, level: user.level, date: user.levelStartDate) {
            case .due: (due.people[e].level, due.people[e].levelStartDate) = (entry.level, entry.levelStartDate)
            case .conflict: conflicts.append(levelConflict(i, user))
            default: break
            }
            switch timelines.team(ofPerson: i, live: slots[id] ?? []) {
            case .due: moving.insert(id)
            case .conflict: conflicts.append(teamConflict(i, slots[id] ?? []))
            default: break
            }
        }
    }

    /// Each live user's teams, as the roster's teams or live teams it does not manage.
    private func liveSlots() -> [Int: Set<Timelines.Slot>] {
        var rosterTeam: [Int: Int] = [:]
        for (t, match) in matching.teams.enumerated() { if let match { rosterTeam[match.id] = t } }
        var slots: [Int: Set<Timelines.Slot>] = [:]
        for team in live.teams where !matching.ignoredTeams.contains(team.id) {
            let slot = rosterTeam[team.id].map(Timelines.Slot.team) ?? .unmanaged(team.id)
            for id in team.memberSet { slots[id, default: []].insert(slot) }
        }
        return slots
    }
}
