import RosterCore
import RosterModel
import RosterReconcile

extension ThreeWayPull {
    /// The base's, the files' and the space's value of what `decision` changes; nil for what is
    /// always adopted (an id pinned where names now repeat).
    func values(_ decision: PullDecision) -> Values? {
        switch decision {
        case .set(let at, let key, _, _): return entryValues(at, key)
        case .remove(let at, let key): return entryValues(at, key)
        case .levelLimit(let level, let months, _):
            let limit = { (roster: Roster) in roster.levels.first { $0.level == level }.map { String($0.limitMonths) } }
            return Values(
                kind: .level, name: level.rawValue, field: "limitMonths", base: limit(base), files: limit(files),
                space: months.map(String.init))
        case .accessMembers(_, let members):
            let listed = { (roster: Roster) in
                roster.access.map { $0.members.map { AccessPolicy.key($0.value) }.sorted().joined(separator: ", ") }
            }
            return Values(
                kind: .access, name: "", field: "members", base: listed(base), files: listed(files),
                space: members.map(AccessPolicy.key).sorted().joined(separator: ", "))
        default: return nil
        }
    }

    /// The values of a person's or a team's field, the entry starting at `at` in the files.
    func entryValues(_ at: SourceLocation, _ key: String) -> Values? {
        if let i = index.filesPeople[at] {
            guard let field = PersonField(rawValue: key), let id = ours.people[i]?.id, let user = users[id] else {
                return nil
            }
            let person = files.people[i]
            let was = index.basePeople[id].map { base.people[$0] }
            let space = liveText(user, field)
            return Values(
                kind: .person, name: person.name.value, field: key,
                // Someone the base does not list: the files' entry is new, all of it kept.
                base: was.map { Self.statedText($0, field) } ?? space, files: Self.statedText(person, field),
                space: space)
        }
        guard let t = index.filesTeams[at], let id = ours.teams[t]?.id,
            let current = teams[id], let field = TeamField(rawValue: key)
        else { return nil }
        let b = index.baseTeams[id]
        let space = teamText(current, field)
        return Values(
            kind: .team, name: files.teams[t].name.value, field: key,
            base: b.map { teamText(base, index.baseTeamPeople, theirs, $0, field) } ?? space,
            files: teamText(files, index.filesTeamPeople, ours, t, field),
            space: space)
    }

    func liveText(_ user: LiveUser, _ field: PersonField) -> String? {
        field == .name ? user.key.value : PersonValues(user).text(field)
    }

    /// A live team's field: its name's key, its lead's id, its members' ids (the lead aside).
    func teamText(_ team: LiveTeam, _ field: TeamField) -> String? {
        switch field {
        case .name: team.key.value
        case .lead: "#\(team.leadID)"
        case .members: team.memberSet.subtracting([team.leadID]).sorted().map { "#\($0)" }.joined(separator: ", ")
        }
    }

    /// A roster team's field, its people by the live ids `matching` gives them.
    func teamText(
        _ roster: Roster, _ people: TeamPeople, _ matching: Matching, _ t: Int, _ field: TeamField
    ) -> String? {
        let lead = people.lead(ofTeam: t).flatMap { matching.people[$0]?.id }
        switch field {
        case .name: return roster.teams[t].key.value
        case .lead: return lead.map { "#\($0)" }
        case .members:
            let ids = people.members(ofTeam: t).compactMap { $0 >= 0 ? matching.people[Int($0)]?.id : nil }
            return Set(ids).subtracting(lead.map { [$0] } ?? []).sorted().map { "#\($0)" }.joined(separator: ", ")
        }
    }
}
