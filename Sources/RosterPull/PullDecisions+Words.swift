import RosterCore
import RosterModel

extension PullDecisions {
    /// What the pull adopts, a line each, in the roster's words: `Alice Chen: level → Staff`,
    /// `new in the space: Nina Hires`, `James Wright: gone from the space, removed`. Ids pinned
    /// where names now repeat are bookkeeping, and left unsaid.
    package var adopted: [String] {
        var names: [SourceLocation: String] = [:]
        for person in roster.people { names[person.location] = person.name.value }
        for team in roster.teams { names[team.location] = "team \(team.name.value)" }
        let name = { (at: SourceLocation) in names[at] ?? "an entry" }
        return decisions.compactMap { decision -> String? in
            switch decision {
            case .set(let at, let key, let value, _):
                guard key != RosterFormat.PersonKey.id.name else { return nil }
                return "\(name(at)): \(key) → \(value.rendered(json: false))"
            case .remove(let at, let key): return "\(name(at)): \(key) left out (free text in the space)"
            case .members(let at, let members):
                return "\(name(at)): members now " + (members.isEmpty ? "none" : members.joined(separator: ", "))
            case .removeEntry(let at): return "\(name(at)): gone from the space, removed"
            case .append(let section, let entries, _):
                let added = entries.compactMap { entry in entry.fields.first?.value.rendered(json: false) }
                return "new in the space (\(section.name)): " + added.joined(separator: ", ")
            case .levelLimit(let level, let months, _):
                return months.map { "level \(level.rawValue): limitMonths → \($0)" }
                    ?? "level \(level.rawValue): no limit in the space, removed"
            case .accessMembers(_, let members): return "access: members now " + members.joined(separator: ", ")
            case .oneTeamRuleOff: return "policy.oneTeamPerPerson: false (someone is in two teams in the space)"
            }
        }
    }
}
