import RosterModel

/// One mutation of a plan.
package struct PlanOperation: Sendable, Equatable {
    package enum Mutation: String, Sendable, CaseIterable {
        case removeSpaceMember, deleteTeam, deleteUser, createUser, updateUser, setJobLevelLimit, createTeam, updateTeam
        case addSpaceMember
    }

    package enum Payload: Sendable, Equatable {
        case createUser(rosterIndex: Int, PersonValues)
        case updateUser(id: Int, PersonValues)
        case deleteUser(id: Int)
        case createTeam(rosterIndex: Int, TeamValues)
        case updateTeam(id: Int, TeamValues)
        case deleteTeam(id: Int)
        case setJobLevelLimit(JobLevel, Int)
        case addSpaceMember(email: String)
        case removeSpaceMember(authID: String)
    }

    package var payload: Payload
    /// The entity's display name.
    package var name: String
    /// A release update, or the entity's final operation.
    var role: OperationRole
    /// For a level limit: whether the space had set one before (an update, not a create).
    package var replacesLimit: Bool
    /// The operation's number in its plan, and the numbers of the operations it must follow:
    /// apply skips an operation whose prerequisite failed.
    package var id = 0
    package var after: [Int] = []

    package init(payload: Payload, name: String, role: OperationRole = .final, replacesLimit: Bool = false) {
        self.payload = payload
        self.name = name
        self.role = role
        self.replacesLimit = replacesLimit
    }

    /// The entity this operation acts on.
    package var entity: EntityID {
        switch payload {
        case .createUser(let index, _): return .newPerson(rosterIndex: index)
        case .updateUser(let id, _), .deleteUser(let id): return .person(id)
        case .createTeam(let index, _): return .newTeam(rosterIndex: index)
        case .updateTeam(let id, _), .deleteTeam(let id): return .team(id)
        case .setJobLevelLimit(let level, _): return .level(level)
        case .addSpaceMember(let email): return .newMember(AccessPolicy.key(email))
        case .removeSpaceMember(let authID): return .member(authID)
        }
    }

    /// What identifies this operation across plans of one roster: its entity, its mutation and
    /// its role. Apply recognises an operation again in a plan made after a fresh read by it.
    package var key: OperationKey { OperationKey(entity: entity, mutation: mutation, role: role) }

    /// The `purpose` a saved plan and the JSON outputs write: "release", or "update" for a
    /// level limit that existed; nil otherwise.
    package var purpose: String? {
        if role == .release { return "release" }
        return replacesLimit ? "update" : nil
    }

    package var mutation: Mutation {
        switch payload {
        case .createUser: return .createUser
        case .updateUser: return .updateUser
        case .deleteUser: return .deleteUser
        case .createTeam: return .createTeam
        case .updateTeam: return .updateTeam
        case .deleteTeam: return .deleteTeam
        case .setJobLevelLimit: return .setJobLevelLimit
        case .addSpaceMember: return .addSpaceMember
        case .removeSpaceMember: return .removeSpaceMember
        }
    }

    package var kind: Change.Kind {
        switch payload {
        case .createUser, .updateUser, .deleteUser: return .person
        case .createTeam, .updateTeam, .deleteTeam: return .team
        case .setJobLevelLimit: return .level
        case .addSpaceMember, .removeSpaceMember: return .access
        }
    }

    /// The people the operation names (lead and members of a team operation).
    package var people: [PlannedPerson] {
        switch payload {
        case .createTeam(_, let t), .updateTeam(_, let t): return [t.lead] + t.members
        default: return []
        }
    }
}

/// Why an operation exists: the entity's final state, or a release update that lets people
/// leave a team before others take them in (the same team's final update follows).
package enum OperationRole: String, Sendable, Hashable {
    case final
    case release
}

/// An operation's identity across plans: see ``PlanOperation/key``.
package struct OperationKey: Hashable, Sendable {
    var entity: EntityID
    var mutation: PlanOperation.Mutation
    var role: OperationRole
}
