import RosterReconcile

extension ApplyReport {
    /// Whether every operation behind `story` was applied: the person's own (by id, or by name
    /// for someone created) and those of the teams they leave and join.
    package func done(_ story: PersonStory) -> Bool {
        let teamIDs = Set((story.from + story.to).compactMap(\.teamID))
        let newTeams = Set(story.to.filter { $0.teamID == nil }.map(\.team))
        let behind = entries.filter { entry in
            let op = entry.operation
            switch op.entity {
            case .person(let id): return id == story.id
            case .newPerson: return op.name == story.name
            case .team(let id): return teamIDs.contains(id)
            case .newTeam: return newTeams.contains(op.name)
            case .level, .member, .newMember: return false
            }
        }
        return !behind.isEmpty && behind.allSatisfy { $0.status == .applied }
    }
}
