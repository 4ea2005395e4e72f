import RosterCore
import RosterModel

extension PullDecisions {
    /// What the pull adopts, a line each, in the roster's words: `Alice Chen: level → Staff`,
    /// `new in the space: Nina Hires`, `James Wright: gone from the space, removed`. Ids pinned
    /// where names now repeat are bookkeeping, and left unsaid.
    var adopted: [String] {
        var names: [SourceLocation: String] = [:]
        for person in roster.people { names[person.location] = person.name.value }
        for team in roster.teams { names[team.location] = "team \(team.name.value)" }
        let name = { (at: SourceLocation) in names[at] ?? "an entry" }
        return decisions.compactMap { decision -> String? in
            switch decision {
            case .set(let at, let key, let value, _):
                // An id pinned is bookkeeping; former names go with the rename's own line.
                guard key != RosterFormat.PersonKey.id.name, key != RosterFormat.TeamKey.previously.name else {
                    return nil
                }
                return "\(name(at)): \(key) → \(value.rendered(json: false))"
            case .remove(let at, let key): return "\(name(at)): \(key) left out (free text in the space)"
            case .members(let at, let members): return membersChange(at, members).map { "\(name(at)): " + $0 }
            case .removeEntry(let at): return "\(name(at)): gone from the space, removed"
            case .fold(let at, let key):
                return "\(name(at)): the day its `\(key)` names has come; written as plain state (git keeps it)"
            case .teamChanges(let at, _):
                return "\(name(at)): dated changes written as the space has them (those whose day has come, as its "
                    + "lead and members)"
            case .personChanges(let at, _):
                return "\(name(at)): level changes whose day has come written as the level and its start date"
            case .append(let section, let entries, _):
                let added = entries.compactMap { entry in entry.fields.first?.value.rendered(json: false) }
                return "new in the space (\(section.name)): " + added.joined(separator: ", ")
            case .levelLimit(let level, let months, _):
                return months.map { "level \(level.rawValue): limitMonths → \($0)" }
                    ?? "level \(level.rawValue): no limit in the space, removed"
            case .accessMembers(_, let members): return "access: members now " + members.joined(separator: ", ")
            }
        }
    }

    /// `Rafael Souza joins, Chris Khan leaves`: who the new members list adds and drops, told
    /// apart by live id (a renamed person neither joins nor leaves).
    func membersChange(_ at: SourceLocation, _ members: [String]) -> String? {
        guard let t = roster.teams.firstIndex(where: { $0.location == at }) else { return "members written again" }
        // Compared with the team's members on the pull's day (a dated change's, where one is in force).
        let people = dayPeople
        let before = zip(day.teams[t].members.map(\.value), people.members(ofTeam: t)).map { reference, p in
            (text: reference.text, who: p >= 0 ? matching.people[Int(p)].map { "#\($0.id)" } : nil)
        }
        let after = members.map(PersonReference.init(parsing:)).map { reference in
            (text: reference.text, who: reference.id.map { "#\($0)" } ?? liveID(named: reference.key).map { "#\($0)" })
        }
        let key = { (entry: (text: String, who: String?)) in entry.who ?? entry.text }
        let (was, now) = (Set(before.map(key)), Set(after.map(key)))
        let joins = after.filter { !was.contains(key($0)) }.map { "\($0.text) joins" }
        let leaves = before.filter { !now.contains(key($0)) }.map { "\($0.text) leaves" }
        let said = joins + leaves
        // The day's members written as they are: a dated change folded, said by its own line.
        if said.isEmpty && before.map(\.text) == members { return nil }
        return said.isEmpty ? "members written again (names as the space spells them)" : said.joined(separator: ", ")
    }

    /// The live person the pull writes as `key`.
    private func liveID(named key: NameKey) -> Int? {
        if let p = roster.people.firstIndex(where: { $0.key == key }), let id = matching.people[p]?.id { return id }
        return entries.names.first { NameKey($0.value) == key }?.key
    }
}
