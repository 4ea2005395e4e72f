import RosterModel

extension TeamChart {
    /// The teams of a roster, each lead first.
    package init(roster: Roster) {
        var placed = Set<String>()
        let teams = roster.teams.map { team in
            let members = team.members.map(\.value.text).filter { NameKey($0) != team.lead.value.key }
            placed.formUnion([team.lead.value.text] + members)
            return TeamChart.Team(name: team.name.value, lead: team.lead.value.text, members: members)
        }
        let alone = roster.people.map(\.name.value).filter { !placed.contains($0) }
        self.init(teams: teams, withoutTeam: alone)
    }

    /// The teams of a live space, by name.
    package init(live: LiveState) {
        let names = Dictionary(live.users.map { ($0.id, $0.name) }) { first, _ in first }
        let teams = live.teams.sorted { ($0.key, $0.id) < ($1.key, $1.id) }.map { team in
            TeamChart.Team(
                name: team.name, lead: names[team.leadID] ?? "#\(team.leadID)",
                members: team.memberSet.subtracting([team.leadID]).compactMap { names[$0] }.sorted())
        }
        let placed = Set(live.teams.flatMap(\.memberSet))
        self.init(teams: teams, withoutTeam: live.users.filter { !placed.contains($0.id) }.map(\.name).sorted())
    }

    /// The chart of the team named `team` alone (none when no team has that name).
    package func only(team: String) -> TeamChart {
        TeamChart(teams: teams.filter { NameKey($0.name) == NameKey(team) }, withoutTeam: [])
    }
}
