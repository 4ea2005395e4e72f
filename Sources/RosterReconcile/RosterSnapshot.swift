import RosterModel

/// A roster taken as if it were a live space, so that the planner can tell two versions of a
/// roster apart (`roster diff`): the plan from the older to the newer is the newer's changes, and
/// its people view says them in people's words, with no server. A person or team keeps the id it
/// pins; one that pins none takes the id the other version pins for the same name (so a person
/// pinned since is the same person), else a negative id of its own, which no MPS entity has and
/// the renderers never show.
package enum RosterSnapshot {
    /// `roster` as a live space, for a plan of `next` against it.
    package static func live(_ roster: Roster, next: Roster) -> LiveState {
        let personIDs = ids(roster.people, next: next.people)
        let teamIDs = ids(roster.teams, next: next.teams)
        let people = TeamPeople.of(roster)
        // Each entry as the space would hold it once applied: the one rule a plan sends by.
        let users = roster.people.enumerated().map { p, person in
            LiveUser(id: personIDs[p], PersonValues.planned(person, over: nil))
        }
        var teams: [LiveTeam] = []
        for (t, team) in roster.teams.enumerated() {
            guard let lead = people.lead(ofTeam: t) else { continue }
            let members = people.members(ofTeam: t).filter { $0 >= 0 }.map { personIDs[Int($0)] }
            teams.append(
                LiveTeam(
                    id: teamIDs[t], name: team.name.value, leadID: personIDs[lead],
                    memberIDs: [personIDs[lead]] + members))
        }
        return LiveState(
            space: LiveSpace(id: "roster", name: "the roster", isOwner: false), users: users, teams: teams,
            levels: roster.levels.map { (level: $0.level, limitMonths: $0.limitMonths) })
    }

    /// Each entry's id: its own, the next version's for its name, or a negative one.
    static func ids<Entry: NamedEntry>(_ entries: [Entry], next: [Entry]) -> [Int] {
        // The one id the next version pins for a name (a namesake hired since pins none).
        var pinnedNext: [NameKey: [Int]] = [:]
        for entry in next { if let id = entry.id?.value { pinnedNext[entry.key, default: []].append(id) } }
        var used = Set(entries.compactMap { $0.id?.value })
        return entries.enumerated().map { i, entry in
            if let id = entry.id?.value { return id }
            if let pinned = pinnedNext[entry.key], pinned.count == 1, !used.contains(pinned[0]) {
                used.insert(pinned[0])
                return pinned[0]
            }
            return -(i + 1)
        }
    }
}
