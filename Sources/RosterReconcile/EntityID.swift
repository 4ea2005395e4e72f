import RosterModel

/// The entity an operation acts on: its live id, or its roster entry when it does not exist
/// yet. Never its name: MPS names repeat.
package enum EntityID: Hashable, Sendable {
    /// A live user, by id.
    case person(Int)
    /// A person the plan creates: the roster person at this index.
    case newPerson(rosterIndex: Int)
    /// A live team, by id.
    case team(Int)
    /// A team the plan creates: the roster team at this index.
    case newTeam(rosterIndex: Int)
    /// A job level's time-in-level limit.
    case level(JobLevel)
    /// A member of the space, by auth id.
    case member(String)
    /// An account the plan gives access to, by its email's key (lowercase).
    case newMember(String)

    /// The live id, when the entity exists.
    package var liveID: Int? {
        switch self {
        case .person(let id), .team(let id): return id
        case .newPerson, .newTeam, .level, .member, .newMember: return nil
        }
    }
}
