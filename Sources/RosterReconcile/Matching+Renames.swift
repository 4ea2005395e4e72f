import RosterModel

extension Matching {
    /// A pull's match of a team renamed in the app: a roster team no live team matches by id or
    /// name, and a live team no roster team claims, led by the same person, with most of the
    /// roster team's members. Each such pair must be the only one for that lead; else none is
    /// taken (the roster team goes and the live one comes, as before).
    static func matchRenamedTeams(
        _ roster: Roster, _ live: [LiveTeam], people: [(id: Int, via: Via)?],
        _ matches: inout [(id: Int, via: Via)?], _ claimed: inout Set<Int>
    ) {
        let unmatched = roster.teams.indices.filter { matches[$0] == nil && roster.teams[$0].id == nil }
        guard !unmatched.isEmpty else { return }
        let open = live.filter { !claimed.contains($0.id) }
        guard !open.isEmpty else { return }
        let teamPeople = TeamPeople.of(roster)
        let liveLead = { (t: Int) in teamPeople.lead(ofTeam: t).flatMap { people[$0]?.id } }
        var byLead: [Int: [Int]] = [:]
        for t in unmatched { if let lead = liveLead(t) { byLead[lead, default: []].append(t) } }
        for (lead, rosterTeams) in byLead where rosterTeams.count == 1 {
            let candidates = open.filter { $0.leadID == lead }
            guard candidates.count == 1, let team = candidates.first else { continue }
            let t = rosterTeams[0]
            let members = Set(teamPeople.members(ofTeam: t).compactMap { $0 >= 0 ? people[Int($0)]?.id : nil })
            // Most of the members stay with a renamed team; a new team of the same lead differs.
            guard members.isEmpty || members.intersection(team.memberSet).count * 2 >= members.count else { continue }
            matches[t] = (team.id, .lead)
            claimed.insert(team.id)
        }
    }
}
