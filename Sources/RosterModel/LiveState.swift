/// Everything the roster manages in one space, read in one request.
package struct LiveState: Sendable {
    /// The space the data belongs to.
    package var space: LiveSpace
    package var users: [LiveUser]
    package var teams: [LiveTeam]
    /// Levels that have a limit set, in the server's order.
    package var levels: [(level: JobLevel, limitMonths: Int)]
    /// Who may open the space besides its owner; read only for the caller's own space (MPS
    /// answers `spaceMembers` for it whatever space is asked for), nil otherwise.
    package var members: [LiveMember]?
    /// What this server lacks (an older MPS): the state holds nothing of it.
    package var lacking: Set<ServerFeature> = []

    package init(
        space: LiveSpace, users: [LiveUser], teams: [LiveTeam], levels: [(level: JobLevel, limitMonths: Int)],
        members: [LiveMember]? = nil
    ) {
        self.space = space
        self.users = users
        self.teams = teams
        self.levels = levels
        self.members = members
    }
}

extension LiveState {
    /// The values of the space this roster does not know, each once, sorted: what a roster of
    /// the space declares under `newValues`.
    package var newValues: [String] { Self.newValues(of: users, levels: levels.map(\.level)) }

    /// The values of `users` and `levels` this roster does not know, each once, sorted.
    package static func newValues(of users: [LiveUser], levels: [JobLevel] = []) -> [String] {
        var values = Set<String>()
        for user in users {
            for value in [
                user.craft.isKnown ? nil : user.craft.rawValue, user.level.isKnown ? nil : user.level.rawValue,
                user.focus.isKnown ? nil : user.focus.rawValue,
            ] {
                if let value { values.insert(value) }
            }
        }
        for level in levels where !level.isKnown { values.insert(level.rawValue) }
        return values.sorted()
    }

    /// The values of the space that this roster does not know (a newer MPS): `level
    /// Distinguished (2 people)`, in field order, then by value.
    package var unknownValues: [String] {
        var counts: [String: [String: Int]] = [:]
        func count(_ field: String, _ value: some RosterEnum) {
            if !value.isKnown { counts[field, default: [:]][value.rawValue, default: 0] += 1 }
        }
        for user in users {
            count(Craft.fieldName, user.craft)
            count(JobLevel.fieldName, user.level)
            count(Focus.fieldName, user.focus)
        }
        for limit in levels where !limit.level.isKnown {
            counts[JobLevel.fieldName, default: [:]][limit.level.rawValue, default: 0] += 0
        }
        return [Craft.fieldName, JobLevel.fieldName, Focus.fieldName].flatMap { field in
            (counts[field] ?? [:]).sorted { $0.key < $1.key }.map { value, n in
                n == 0
                    ? "\(field) \(value) (a level limit)" : "\(field) \(value) (\(n) \(n == 1 ? "person" : "people"))"
            }
        }
    }
}
