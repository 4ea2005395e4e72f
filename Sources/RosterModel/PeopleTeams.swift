/// The teams each person leads or is in, by name, for the reports: of a roster (by the people's
/// places) or of a live space (by id).
package enum PeopleTeams {
    /// For each person of `roster`, their teams in roster order.
    static func of(_ roster: Roster) -> [[String]] {
        let people = TeamPeople.of(roster)
        var teams = [[String]](repeating: [], count: roster.people.count)
        for t in roster.teams.indices {
            let listed = Set(
                [people.lead(ofTeam: t)].compactMap { $0 } + people.members(ofTeam: t).filter { $0 >= 0 }.map(Int.init))
            for p in listed.sorted() { teams[p].append(roster.teams[t].name.value) }
        }
        return teams
    }

    /// The people of `roster` in the space on `day` who lead or are in none of its teams that
    /// day, by name in roster order: `roster log`'s "in no team now".
    package static func inNoTeam(_ roster: Roster, on day: Day) -> [String] {
        var state = roster.on(day)
        state.teams = state.teams.filter { $0.presence.status(on: day) == .present }
        let teams = of(state)
        return state.people.indices.filter { p in
            teams[p].isEmpty && state.people[p].presence.status(on: day) == .present
        }.map { state.people[$0].name.value }
    }

    /// For each live user's id, their teams in live order.
    static func of(_ live: LiveState) -> [Int: [String]] {
        var teams: [Int: [String]] = [:]
        for team in live.teams { for id in team.memberSet { teams[id, default: []].append(team.name) } }
        return teams
    }

    /// The people of team `name` (by its name's key), or everyone without one.
    static func only(_ name: String?, _ people: [LevelReport.Person]) -> [LevelReport.Person] {
        guard let name else { return people }
        let key = NameKey(name)
        return people.filter { $0.teams.contains { NameKey($0) == key } }
    }
}
