import RosterCore
import RosterModel

/// `--only person:NAME` and `--exclude person:NAME` speak of people, team memberships included.
/// A team update replaces the team's whole member list, so the selection cannot be made from
/// the full plan's operations: the roster's teams are focused first. The people the selection
/// keeps are placed in teams as the roster places them; everyone else as the live space has
/// them. The focused roster is planned as any roster is, so every team update it makes moves
/// only the kept people (and the lead a team they join or leave needs, which comes along).
struct PeopleFocus {
    let roster: Roster
    let matching: Matching
    /// Who leads and who is in each roster team, by roster index.
    let people: TeamPeople
    /// The live team each roster team is, by roster team index.
    let current: [LiveTeam?]
    /// The roster person each live user is, by live id.
    let rosterIndex: [Int: Int]
    /// Who the roster places as it says, by roster index.
    private(set) var kept: Set<Int>

    /// The focus of `selection` on `roster`; nil when it names no person (nothing to focus).
    init?(_ selection: PlanSelection, roster: Roster, live: LiveState) {
        let only = selection.only.compactMap { if case .entity(.person, let key) = $0 { key } else { nil } }
        let excluded = selection.exclude.compactMap { if case .entity(.person, let key) = $0 { key } else { nil } }
        guard !only.isEmpty || !excluded.isEmpty else { return nil }
        // A person selector beside others (`team:X`, `levels`): the others select as they always do.
        guard selection.only.allSatisfy({ if case .entity(.person, _) = $0 { true } else { false } }) else {
            return nil
        }
        self.roster = roster
        matching = Matching(roster: roster, live: live)
        people = TeamPeople.of(roster)
        let teams = Dictionary(live.teams.map { ($0.id, $0) }) { first, _ in first }
        current = matching.teams.map { $0.flatMap { teams[$0.id] } }
        var rosterIndex: [Int: Int] = [:]
        for (i, match) in matching.people.enumerated() { if let match { rosterIndex[match.id] = i } }
        self.rosterIndex = rosterIndex
        let onlyKeys = Set(only), excludedKeys = Set(excluded)
        kept = Set(
            roster.people.indices.filter { i in
                let key = roster.people[i].key
                return (onlyKeys.isEmpty || onlyKeys.contains(key)) && !excludedKeys.contains(key)
            })
        keepWhatTheyNeed()
    }

    /// The roster with its teams focused, and their names: the teams whose updates the
    /// selection keeps.
    func focused() -> (roster: Roster, teams: Set<NameKey>) {
        var focused = roster
        focused.teams = roster.teams.indices.compactMap(team)
        return (focused, Set(focused.teams.map(\.key)))
    }

    /// A new team a kept person joins needs its lead; a team whose live lead is kept and leaves
    /// needs the roster's lead: they come along, until nothing more is needed.
    private mutating func keepWhatTheyNeed() {
        var changed = true
        while changed {
            changed = false
            for t in roster.teams.indices {
                guard let lead = people.lead(ofTeam: t), !kept.contains(lead) else { continue }
                let everyone = people.members(ofTeam: t).filter { $0 >= 0 }.map(Int.init)
                let needed =
                    if let current = current[t] {
                        rosterIndex[current.leadID].map(kept.contains) ?? false
                    } else {
                        everyone.contains(where: kept.contains)
                    }
                if needed {
                    kept.insert(lead)
                    changed = true
                }
            }
        }
    }

    /// Roster team `t` focused: its live members as they are, the kept people as the roster says;
    /// nil for a new team no kept person joins.
    func team(_ t: Int) -> TeamEntry? {
        let entry = roster.teams[t]
        let rosterPeople = Set(people.members(ofTeam: t).filter { $0 >= 0 }.map(Int.init))
            .union(people.lead(ofTeam: t).map { [$0] } ?? [])
        guard let current = current[t] else {
            return rosterPeople.contains(where: kept.contains) ? entry : nil
        }
        let livePeople = Set(current.memberSet.compactMap { rosterIndex[$0] })
        let members = livePeople.filter { !kept.contains($0) }.union(rosterPeople.filter(kept.contains))
        let leadIndex =
            people.lead(ofTeam: t).flatMap { kept.contains($0) ? $0 : nil }
            ?? rosterIndex[current.leadID]
        guard let leadIndex else { return entry }
        let at = entry.location
        // The live name: a rename is the team's change, not the people's.
        return TeamEntry(
            name: Located(current.name, at: entry.name.location), id: entry.id,
            lead: Located(reference(leadIndex), at: at),
            members: members.sorted().filter { $0 != leadIndex }.map { Located(reference($0), at: at) },
            previously: entry.previously, location: at)
    }

    /// How the focused roster names roster person `i`: pinned by id when the roster pins them.
    func reference(_ i: Int) -> PersonReference {
        PersonReference(parsing: roster.people[i].reference)
    }
}
