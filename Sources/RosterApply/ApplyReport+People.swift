import RosterReconcile

extension ApplyReport {
    /// For each of `view`'s stories, whether every operation behind it was applied: the person's
    /// own (by id, or by name for someone created) and those of the teams they leave and join.
    /// One pass over the entries, then one look-up per story and team.
    package func done(_ view: PeopleView) -> [Bool] {
        var people: [Int: Bool] = [:], newPeople: [String: Bool] = [:]
        var teams: [Int: Bool] = [:], newTeams: [String: Bool] = [:]
        for entry in entries {
            let applied = entry.status == .applied
            let op = entry.operation
            switch op.entity {
            case .person(let id): people[id] = (people[id] ?? true) && applied
            case .newPerson: newPeople[op.name] = (newPeople[op.name] ?? true) && applied
            case .team(let id): teams[id] = (teams[id] ?? true) && applied
            case .newTeam: newTeams[op.name] = (newTeams[op.name] ?? true) && applied
            case .level, .member, .newMember: break
            }
        }
        return view.stories.map { story in
            var behind: [Bool] = []
            if let id = story.id, let ok = people[id] { behind.append(ok) }
            if story.id == nil, let ok = newPeople[story.name] { behind.append(ok) }
            for place in story.from + story.to {
                if let id = place.teamID, let ok = teams[id] { behind.append(ok) }
                if place.teamID == nil, let ok = newTeams[place.team] { behind.append(ok) }
            }
            return !behind.isEmpty && behind.allSatisfy { $0 }
        }
    }
}
