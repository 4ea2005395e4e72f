import RosterCore
import RosterModel

/// `--only person:NAME` and `--exclude person:NAME` speak of people, team memberships included.
/// A team update replaces the team's whole member list, so the selection cannot be made from
/// the full plan's operations: the roster's teams are focused first. The people the selection
/// keeps are placed in teams as the roster places them; everyone else as the live space has
/// them. The focused roster is planned as any roster is, so every team update it makes moves
/// only the kept people. What a kept person's story needs comes along, whole people, so nobody
/// is ever in two teams: a new team they join or lead brings its lead and every person it names
/// (each then leaves the team they were in); a team whose live lead leaves brings its new lead.
/// An excluded person never comes along: they stay exactly where the live space has them, out of
/// a new team that names them; an excluded person a kept story needs as a lead is refused.
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
    /// The people the selection did not name who came along, and why, in the order they came.
    private(set) var along: [PlanWarning] = []
    /// Who `--exclude` keeps where the live space has them, by roster index.
    let excluded: Set<Int>

    /// The focus of `selection` on `roster`; nil when it names no person (nothing to focus).
    init?(_ selection: PlanSelection, roster: Roster, live: LiveState) throws(SelectionError) {
        let only = selection.only.compactMap { if case .entity(.person, let key) = $0 { key } else { nil } }
        let out = selection.exclude.compactMap { if case .entity(.person, let key) = $0 { key } else { nil } }
        guard !only.isEmpty || !out.isEmpty else { return nil }
        // A person selector beside others (`team:X`, `levels`): the others select as they always do.
        guard selection.only.allSatisfy({ if case .entity(.person, _) = $0 { true } else { false } }) else {
            return nil
        }
        self.roster = roster
        matching = Matching(roster: roster, live: live, asOf: nil)
        people = TeamPeople.of(roster)
        let teams = Dictionary(live.teams.map { ($0.id, $0) }) { first, _ in first }
        current = matching.teams.map { $0.flatMap { teams[$0.id] } }
        var rosterIndex: [Int: Int] = [:]
        for (i, match) in matching.people.enumerated() { if let match { rosterIndex[match.id] = i } }
        self.rosterIndex = rosterIndex
        let onlyKeys = Set(only), excludedKeys = Set(out)
        let excluded = Set(roster.people.indices.filter { excludedKeys.contains(roster.people[$0].key) })
        self.excluded = excluded
        kept = Set(
            roster.people.indices.filter { i in
                (onlyKeys.isEmpty || onlyKeys.contains(roster.people[i].key)) && !excluded.contains(i)
            })
        try keepWhatTheyNeed()
    }

    /// The roster with its teams focused, the teams whose updates the selection keeps, and who
    /// came along, with why.
    func focused() -> PlanSelection.Focus {
        var focused = roster
        focused.teams = roster.teams.indices.compactMap(team)
        return PlanSelection.Focus(roster: focused, teams: Set(focused.teams.map(\.key)), along: along)
    }

    /// What the kept people's stories need, until nothing more is: a new team a kept person joins
    /// or leads is created with its lead and everyone it names but the excluded; a team whose live
    /// lead is kept (and leaves), or not in the roster at all, needs the roster's lead.
    private mutating func keepWhatTheyNeed() throws(SelectionError) {
        var changed = true
        while changed {
            changed = false
            for t in roster.teams.indices {
                for (person, asLead) in try needed(byTeam: t) where !kept.contains(person) {
                    kept.insert(person)
                    along.append(
                        .comesAlong(
                            person: roster.people[person].name.value, team: roster.teams[t].name.value, lead: asLead))
                    changed = true
                }
            }
        }
    }

    /// The people roster team `t` needs, given who is kept so far, each with whether as its lead.
    private func needed(byTeam t: Int) throws(SelectionError) -> [(person: Int, lead: Bool)] {
        let lead = people.lead(ofTeam: t)
        let members: [Int] = people.members(ofTeam: t).compactMap { $0 >= 0 && Int($0) != lead ? Int($0) : nil }
        let needsLead: Bool
        var needed: [(person: Int, lead: Bool)] = []
        if let current = current[t] {
            // A live lead who is kept (and so may leave) needs a successor; one the roster does not
            // list cannot lead a roster team: either way the roster's lead comes along.
            needsLead = lead != nil && (rosterIndex[current.leadID].map(kept.contains) ?? true)
        } else {
            needsLead = (members + (lead.map { [$0] } ?? [])).contains(where: kept.contains)
            if needsLead { needed = members.filter { !excluded.contains($0) }.map { ($0, false) } }
        }
        guard needsLead, let lead else { return needed }
        if excluded.contains(lead) {
            let name = { (i: Int) in roster.people[i].name.value }
            // Who needs the team: a new team's people, or a live team's lead who leaves it.
            let movers = (current[t].flatMap { rosterIndex[$0.leadID] }.map { [$0] } ?? members)
                .filter(kept.contains).map(name)
            let who = movers.isEmpty ? "the people the selection moves" : movers.joined(separator: ", ")
            throw SelectionError(
                message:
                    "team \"\(roster.teams[t].name.value)\" needs its lead \(name(lead)) for \(who), and --exclude "
                    + "keeps \(name(lead)) where the live space has them; exclude "
                    + (movers.isEmpty ? "them" : movers.map { "person:\($0)" }.joined(separator: ",")) + " too, "
                    + "or leave \(name(lead)) in the selection")
        }
        return [(lead, true)] + needed
    }

    /// Roster team `t` focused: its live members as they are, the kept people as the roster says;
    /// nil for a new team no kept person joins.
    func team(_ t: Int) -> TeamEntry? {
        let entry = roster.teams[t]
        let rosterPeople = Set(people.members(ofTeam: t).filter { $0 >= 0 }.map(Int.init))
            .union(people.lead(ofTeam: t).map { [$0] } ?? [])
        guard let current = current[t] else {
            // A new team: the people it brings along, the excluded left where they are.
            guard rosterPeople.contains(where: kept.contains), let lead = people.lead(ofTeam: t) else { return nil }
            var focused = entry
            focused.members = zip(entry.members, people.members(ofTeam: t)).filter { _, person in
                person >= 0 && kept.contains(Int(person)) && Int(person) != lead
            }.map(\.0)
            return focused
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
