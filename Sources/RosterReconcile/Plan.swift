import RosterCore
import RosterModel

/// What it takes to make the live space match the roster: the changes to show, the operations
/// in dependency-ordered steps, and what the reader must be warned about.
package struct Plan: Sendable {
    package var endpoint: String
    package var space: LiveSpace
    package var changes: [Change]
    /// Steps of independent operations; each step runs after the one before has finished.
    package var steps: [[PlanOperation]]
    package var warnings: [PlanWarning]
    /// Deletes per kind against `maxDeletes`, for apply's safety rail.
    package var deletes: [DeleteCount]
    /// What the fingerprint covers: the live state and what `policy.ignore` leaves out.
    package internal(set) var live: LiveState
    var ignoredUsers: Set<Int> = []
    var ignoredTeams: Set<Int> = []
    /// The live id each roster person and team was matched to (nil: to be created).
    var matchedPeople: [Int?] = []
    var matchedTeams: [Int?] = []
    /// Whether the roster has `access:`, so the space's members are part of what the plan read.
    package var managesAccess = false

    /// The live id of `entity`, when it exists in the state this plan was made from.
    package func liveID(of entity: EntityID) -> Int? {
        switch entity {
        case .newPerson(let index): return matchedPeople.indices.contains(index) ? matchedPeople[index] : nil
        case .newTeam(let index): return matchedTeams.indices.contains(index) ? matchedTeams[index] : nil
        default: return entity.liveID
        }
    }

    /// The name of the roster person a plan operation creates.
    func personName(rosterIndex: Int) -> String {
        for op in steps.joined() {
            if case .createUser(let index, let fields) = op.payload, index == rosterIndex { return fields.fullName }
        }
        return "#\(rosterIndex + 1) of the roster"
    }

    /// What the plan read of the live space. Computed when asked: apply's re-plans and its
    /// verification never need it, and hashing 10,000 people is not free.
    package var fingerprint: Fingerprint {
        Fingerprint(live: live, ignoredUsers: ignoredUsers, ignoredTeams: ignoredTeams, members: managesAccess)
    }

    /// How many requests apply sends, as the executor packs them; the command line fills it in
    /// (MPSClient's `MutationBatcher.requestCount`), since only the wire format knows.
    package var requests = 0

    package struct Summary: Sendable, Equatable {
        package var create = 0, update = 0, delete = 0, unmanaged = 0
    }

    package var summary: Summary {
        var s = Summary()
        for change in changes {
            switch change.action {
            case .create: s.create += 1
            case .update: s.update += 1
            case .delete: s.delete += 1
            case .unmanaged: s.unmanaged += 1
            }
        }
        return s
    }

    /// Whether applying would change anything.
    package var hasChanges: Bool { !steps.isEmpty }

    package var operationCount: Int { steps.reduce(0) { $0 + $1.count } }
}

extension Plan {
    /// A plan of the given steps and changes, with no roster entries matched: for an executor or
    /// a test that runs operations it made itself. The planner makes every other plan.
    package init(
        endpoint: String, space: LiveSpace, changes: [Change], steps: [[PlanOperation]], warnings: [PlanWarning],
        deletes: [DeleteCount], live: LiveState
    ) {
        self.endpoint = endpoint
        self.space = space
        self.changes = changes
        self.steps = steps
        self.warnings = warnings
        self.deletes = deletes
        self.live = live
    }
}
