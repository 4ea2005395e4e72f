/// `roster report teams`: each team with its lead, headcount, levels and crafts, and the people
/// over their level's limit; the leads whose span of control (the people of the teams they lead,
/// themselves aside) passes a number; how many people are in no team.
package struct TeamReport: Sendable {
    package struct Row: Sendable {
        package var name: String
        package var id: Int?
        package var lead: String
        /// Everyone in the team, the lead included.
        package var headcount: Int
        /// How many of each level and craft, in the order of their kinds.
        package var levels: [(value: String, count: Int)]
        package var crafts: [(value: String, count: Int)]
        /// The people over their level's limit on the report's day, by name.
        package var over: [String]
    }

    package struct Lead: Sendable {
        package var name: String
        package var people: Int
        package var teams: [String]
    }

    package var asOf: Day
    package var span: Int
    package var rows: [Row] = []
    package var wideLeads: [Lead] = []
    package var inNoTeam = 0

    /// A person as the report reads them: their level, craft, level start date and teams.
    struct Person: Sendable {
        var name: String
        var level: JobLevel
        var craft: Craft
        var since: String?
    }

    /// A team as the report reads it: its lead's and members' places in `people`.
    struct Team: Sendable {
        var name: String
        var id: Int?
        var lead: Int
        var members: [Int]
    }

    init(people: [Person], teams: [Team], limits: [JobLevel: Int], asOf: Day, span: Int) {
        self.asOf = asOf
        self.span = span
        var placed = Set<Int>()
        var led: [Int: (people: Set<Int>, teams: [String])] = [:]
        for team in teams {
            let everyone = [team.lead] + team.members.filter { $0 != team.lead }
            placed.formUnion(everyone)
            led[team.lead, default: ([], [])].people.formUnion(everyone.dropFirst())
            led[team.lead, default: ([], [])].teams.append(team.name)
            let over = everyone.filter { p in
                guard let limit = limits[people[p].level], limit > 0, let since = people[p].since.flatMap(Day.init)
                else { return false }
                return since.months(until: asOf) >= limit
            }
            rows.append(
                Row(
                    name: team.name, id: team.id, lead: people[team.lead].name, headcount: everyone.count,
                    levels: Self.counts(everyone.map { people[$0].level }),
                    crafts: Self.counts(everyone.map { people[$0].craft }),
                    over: over.map { people[$0].name }.sorted()))
        }
        rows.sort { ($0.name, $0.id ?? 0) < ($1.name, $1.id ?? 0) }
        wideLeads = led.filter { $0.value.people.count > span }.map {
            Lead(name: people[$0.key].name, people: $0.value.people.count, teams: $0.value.teams)
        }
        .sorted { ($1.people, $0.name) < ($0.people, $1.name) }
        inNoTeam = people.count - placed.count
    }

    /// How many of each value, in the order of the value's kind (a newer server's values last).
    static func counts<Value: RosterEnum>(_ values: [Value]) -> [(value: String, count: Int)] {
        var counts: [String: Int] = [:]
        for value in values { counts[value.rawValue, default: 0] += 1 }
        let known = Value.allCases.map(\.rawValue).filter { counts[$0] != nil }
        let newer = counts.keys.filter { !known.contains($0) }.sorted()
        return (known + newer).map { ($0, counts[$0] ?? 0) }
    }

    /// The report of a roster as it stands on the report's day (who has started and not left, the
    /// teams as their dated changes make them), its limits from its `levels`.
    package static func of(_ dated: Roster, asOf: Day, span: Int) -> TeamReport {
        let roster = dated.on(asOf)
        let places = TeamPeople.of(roster)
        var index = [Int](repeating: -1, count: roster.people.count)
        var people: [Person] = []
        for (p, entry) in roster.people.enumerated() where entry.presence.status(on: asOf) == .present {
            index[p] = people.count
            let since: String? = if case .value(let d) = entry.levelStartDate { d.description } else { nil }
            people.append(Person(name: entry.name.value, level: entry.level, craft: entry.craft, since: since))
        }
        let teams = roster.teams.indices.compactMap { t -> Team? in
            guard roster.teams[t].presence.status(on: asOf) == .present, let lead = places.lead(ofTeam: t),
                index[lead] >= 0
            else { return nil }
            return Team(
                name: roster.teams[t].name.value, id: roster.teams[t].id?.value, lead: index[lead],
                members: places.members(ofTeam: t).compactMap { $0 >= 0 && index[Int($0)] >= 0 ? index[Int($0)] : nil })
        }
        let limits = Dictionary(roster.levels.map { ($0.level, $0.limitMonths) }) { _, last in last }
        return TeamReport(people: people, teams: teams, limits: limits, asOf: asOf, span: span)
    }

    /// The report of a live space, its limits the space's.
    package static func of(_ live: LiveState, asOf: Day, span: Int) -> TeamReport {
        var index: [Int: Int] = [:]
        for (p, user) in live.users.enumerated() { index[user.id] = p }
        let people = live.users.map {
            Person(name: $0.name, level: $0.level, craft: $0.craft, since: $0.levelStartDate)
        }
        let teams = live.teams.compactMap { team -> Team? in
            guard let lead = index[team.leadID] else { return nil }
            return Team(name: team.name, id: team.id, lead: lead, members: team.memberIDs.compactMap { index[$0] })
        }
        let limits = Dictionary(live.levels.map { ($0.level, $0.limitMonths) }) { _, last in last }
        return TeamReport(people: people, teams: teams, limits: limits, asOf: asOf, span: span)
    }
}
