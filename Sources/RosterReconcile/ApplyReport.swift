import RosterDiagnostics

/// What apply did with each operation, and what was left afterwards.
public struct ApplyReport: Sendable {
    public enum Status: Sendable, Equatable {
        case applied(id: Int?)
        case failed(String)
        case skipped(String)
    }

    public struct Entry: Sendable {
        public var operation: PlanOperation
        public var status: Status

        public init(operation: PlanOperation, status: Status) {
            self.operation = operation
            self.status = status
        }
    }

    public var entries: [Entry] = []
    /// Changes still left after the final read (empty when the space matches the roster).
    public var remaining: [Change] = []
    /// Whether the final read could be made.
    public var verified = false
    /// Why apply stopped early, if it did (server down, token expired).
    public var aborted: String?

    public init() {}

    /// What the entries add up to, counted in one pass.
    public struct Tally: Sendable, Equatable {
        /// Entities created, updated and deleted (a team updated twice, release then final, counts once).
        public var created = 0, updated = 0, deleted = 0
        public var failed = 0, skipped = 0
    }

    public var tally: Tally {
        var tally = Tally()
        // A team's release and final updates are one entity updated; every other operation is
        // its own entity (names are not unique, so they cannot tell entities apart).
        var updatedTeams = Set<Int>()
        for entry in entries {
            switch entry.status {
            case .failed: tally.failed += 1
            case .skipped: tally.skipped += 1
            case .applied:
                switch entry.operation.payload {
                case .createUser, .createTeam: tally.created += 1
                case .updateUser: tally.updated += 1
                case .updateTeam(let id, _): if updatedTeams.insert(id).inserted { tally.updated += 1 }
                case .deleteUser, .deleteTeam: tally.deleted += 1
                case .setJobLevelLimit:
                    if entry.operation.purpose == "update" { tally.updated += 1 } else { tally.created += 1 }
                }
            }
        }
        return tally
    }

    /// Everything applied, nothing left, nothing stopped.
    public var complete: Bool {
        aborted == nil && verified && remaining.isEmpty
            && !entries.contains { if case .applied = $0.status { return false } else { return true } }
    }
}
