import Foundation
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

extension Matching {
    /// A pull's match of a person renamed in the app: a roster person in the space on the pull's day
    /// no live person matches by id, name or former name, and a live person no roster person claims,
    /// with the same craft, level, focus and (where the entry states it) level start date, whose name
    /// shares a word with theirs. The pair must be the only one either way; else none is taken (the
    /// entry goes and the live person comes, as before).
    /// `roster plan` warns of the same pairs (`noteUndeclaredRenames`); pull writes them as renames.
    static func matchRenamedPeople(
        _ roster: Roster, _ users: [LiveUser], asOf: Day?, _ matches: inout [(id: Int, via: Via)?],
        _ claimed: inout Set<Int>
    ) {
        let unmatched = roster.people.indices.filter { matches[$0] == nil && roster.people[$0].id == nil }
        let open = users.filter { !claimed.contains($0.id) }
        guard !unmatched.isEmpty, !open.isEmpty else { return }
        let pairs = unmatched.map { p in
            roster.people[p].presence.status(on: asOf) == .present ? open.filter { isRename(roster.people[p], $0) } : []
        }
        for (i, p) in unmatched.enumerated() where pairs[i].count == 1 {
            let id = pairs[i][0].id
            guard pairs.filter({ $0.contains { $0.id == id } }).count == 1 else { continue }
            matches[p] = (id, .renamed)
            claimed.insert(id)
        }
    }

    /// Whether live `user` is `person` under another name.
    static func isRename(_ person: PersonEntry, _ user: LiveUser) -> Bool {
        guard user.key != person.key, user.craft == person.craft, user.level == person.level,
            user.focus == person.focus
        else { return false }
        if case .value(let day) = person.levelStartDate, user.levelStartDate != day.description { return false }
        let words = { (name: String) in
            Set(name.lowercased().folding(options: .diacriticInsensitive, locale: nil).split { !$0.isLetter })
        }
        return !words(person.name.value).isDisjoint(with: words(user.name))
    }
}
