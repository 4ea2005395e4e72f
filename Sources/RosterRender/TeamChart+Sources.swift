import RosterModel

extension TeamChart {
    /// The teams of a roster, each lead first; people who share a name are drawn with their ids
    /// (`Maria García (#12)`), each where they are.
    package init(roster: Roster) {
        let places = TeamPeople.of(roster)
        var repeated: [NameKey: Int] = [:]
        for person in roster.people { repeated[person.key, default: 0] += 1 }
        let name = { (p: Int) in
            let person = roster.people[p]
            return (repeated[person.key] ?? 0) > 1 ? person.reference : person.name.value
        }
        var placed = Set<Int>()
        let teams = roster.teams.indices.map { t in
            let lead = places.lead(ofTeam: t)
            let members = places.members(ofTeam: t).filter { $0 >= 0 && Int($0) != lead }.map(Int.init)
            placed.formUnion(members + (lead.map { [$0] } ?? []))
            return TeamChart.Team(
                name: roster.teams[t].name.value, lead: lead.map(name) ?? roster.teams[t].lead.value.text,
                members: members.map(name))
        }
        let alone = roster.people.indices.filter { !placed.contains($0) }.map(name)
        self.init(teams: teams, withoutTeam: alone)
    }

    /// The teams of a live space, by name; people who share a name with their ids.
    package init(live: LiveState) {
        var repeated: [NameKey: Int] = [:]
        for user in live.users { repeated[user.key, default: 0] += 1 }
        let names = Dictionary(
            live.users.map { ($0.id, (repeated[$0.key] ?? 0) > 1 ? "\($0.name) (#\($0.id))" : $0.name) }
        ) { first, _ in first }
        let teams = live.teams.sorted { ($0.key, $0.id) < ($1.key, $1.id) }.map { team in
            TeamChart.Team(
                name: team.name, lead: names[team.leadID] ?? "#\(team.leadID)",
                members: team.memberSet.subtracting([team.leadID]).compactMap { names[$0] }.sorted())
        }
        let placed = Set(live.teams.flatMap(\.memberSet))
        self.init(
            teams: teams,
            withoutTeam: live.users.filter { !placed.contains($0.id) }.compactMap { names[$0.id] }.sorted())
    }

    /// The chart of the team named `team` alone (none when no team has that name).
    package func only(team: String) -> TeamChart {
        TeamChart(teams: teams.filter { NameKey($0.name) == NameKey(team) }, withoutTeam: [])
    }

    /// How many people the chart draws.
    package var people: Int { teams.reduce(withoutTeam.count) { $0 + 1 + $1.members.count } }
}
