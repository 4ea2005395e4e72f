import RosterCore
import RosterModel

/// The roster `apply --due-since DAY` plans: the live space as it is, with what the roster dates
/// in (DAY, asOf] laid over it (first days, last days, levels whose start date came, the teams'
/// changes of those days), so that the plan holds what became due and nothing the apps changed:
/// that stays drift, for pull to report.
package struct DueRoster {
    let roster: Roster
    let live: LiveState
    let since: Day
    let asOf: Day
    /// The roster on the day after the last apply, and on the plan's day.
    let before: Roster
    let after: Roster
    let matching: Matching
    let location: SourceLocation
    var due = Roster()
    /// Each roster person's reference in the due roster.
    var references: [PersonReference] = []
    /// The due roster's entry of each live user and team, by id.
    var userEntry: [Int: Int] = [:]
    var teamEntry: [Int: Int] = [:]
    /// The live ids of hires the apps made before their first day, which came in these days.
    var earlyHires: Set<Int> = []

    /// The due roster of `roster` against `live`.
    package static func make(_ roster: Roster, live: LiveState, since: Day, asOf: Day) -> Roster {
        var made = DueRoster(roster: roster, live: live, since: since, asOf: asOf)
        made.liveAsEntries()
        made.people()
        made.teams()
        return made.due
    }

    private init(roster: Roster, live: LiveState, since: Day, asOf: Day) {
        (self.roster, self.live, self.since, self.asOf) = (roster, live, since, asOf)
        // The day after the last apply is the first whose changes it did not apply.
        before = roster.on(since)
        after = roster.on(asOf)
        matching = Matching(roster: after, live: live)
        location = .file(roster.files.first ?? "")
        due.space = roster.space
        due.files = roster.files
        due.policy = roster.policy
        due.policy.prune = false
    }

    /// Whether a day is one the due roster applies: after the last apply, up to the plan's day.
    func isDue(_ day: Day) -> Bool { since < day && day <= asOf }

    /// Every live person and team (but those `policy.ignore` hides) as the space has them.
    private mutating func liveAsEntries() {
        for user in live.users where !matching.ignoredUsers.contains(user.id) {
            userEntry[user.id] = due.people.count
            let date: LevelStartDate = user.levelStartDate.map { Day($0).map(Stated.value) ?? .unmanaged } ?? .clear
            due.people.append(
                PersonEntry(
                    name: Located(user.name, at: location), id: Located(user.id, at: location), craft: user.craft,
                    level: user.level, focus: user.focus, levelStartDate: date, location: location))
        }
        let names = Dictionary(live.users.map { ($0.id, $0.name) }) { first, _ in first }
        func reference(_ id: Int) -> Located<PersonReference> {
            Located(PersonReference(parsing: "\(names[id] ?? "") (#\(id))"), at: location)
        }
        for team in live.teams where !matching.ignoredTeams.contains(team.id) {
            teamEntry[team.id] = due.teams.count
            due.teams.append(
                TeamEntry(
                    name: Located(team.name, at: location), id: Located(team.id, at: location),
                    lead: reference(team.leadID), members: team.memberIDs.map(reference), location: location))
        }
    }

    /// Hires whose first day came, leavers whose last day passed, levels whose start date came.
    private mutating func people() {
        for (i, person) in after.people.enumerated() {
            let (was, now) = (person.presence.status(on: since), person.presence.status(on: asOf))
            guard let id = matching.people[i]?.id, let e = userEntry[id] else {
                references.append(PersonReference(parsing: person.reference))
                if was != .present && now == .present {
                    var hire = person
                    hire.presence = Presence()
                    due.people.append(hire)
                }
                continue
            }
            if was != .present && now == .present {
                hired(person, over: e)
                earlyHires.insert(id)
            }
            references.append(PersonReference(parsing: due.people[e].reference))
            if was == .present && now == .gone { due.people[e].presence.lastDay = person.presence.lastDay }
            if case .value(let day) = person.levelStartDate, isDue(day) {
                (due.people[e].level, due.people[e].levelStartDate) = (person.level, person.levelStartDate)
            }
        }
    }

    /// A hire the apps made before their first day: the day makes the roster's entry due, laid over
    /// the live person by id (the name as well, should the apps have spelled it otherwise), and
    /// their place with it (``teams()``).
    private mutating func hired(_ person: PersonEntry, over e: Int) {
        var entry = person
        entry.id = due.people[e].id
        entry.presence = Presence()
        due.people[e] = entry
    }

    /// Teams that start or end in these days, and the leads and members the teams' changes of
    /// these days give or take, laid over the live teams.
    private mutating func teams() {
        let (was, now) = (TeamPeople.of(before), TeamPeople.of(after))
        for (t, team) in after.teams.enumerated() {
            let (then, today) = (team.presence.status(on: since), team.presence.status(on: asOf))
            guard let id = matching.teams[t]?.id, let e = teamEntry[id] else {
                if then != .present && today == .present, let lead = now.lead(ofTeam: t) {
                    due.teams.append(
                        TeamEntry(
                            name: team.name, lead: located(lead), members: everyone(now, t).map(located),
                            location: team.location))
                }
                continue
            }
            if then == .present && today == .gone { due.teams[e].presence.lastDay = team.presence.lastDay }
            guard then == .present && today == .present else { continue }
            let (old, new) = (Set(everyone(was, t)), Set(everyone(now, t)))
            // Who leaves: those the day's change takes out, and an early hire the apps put here that
            // the roster does not (they stayed until their first day, not after it).
            let staying = Set(new.compactMap { matching.people[$0]?.id })
            let leaving = Set(old.subtracting(new).compactMap { matching.people[$0]?.id })
                .union(earlyHires.subtracting(staying))
            due.teams[e].members.removeAll { $0.value.id.map(leaving.contains) ?? false }
            due.teams[e].members += new.subtracting(old).sorted().map(located)
            if let lead = now.lead(ofTeam: t), lead != was.lead(ofTeam: t) { due.teams[e].lead = located(lead) }
        }
    }

    /// A team's lead and members, once each, as roster people.
    private func everyone(_ people: TeamPeople, _ t: Int) -> [Int] {
        var seen = Set<Int>()
        return ([people.lead(ofTeam: t)].compactMap { $0 } + people.members(ofTeam: t).map { Int($0) }).filter {
            $0 >= 0 && seen.insert($0).inserted
        }
    }

    private func located(_ person: Int) -> Located<PersonReference> { Located(references[person], at: location) }
}
