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
    }

    public var entries: [Entry] = []
    /// Changes still left after the final read (empty when the space matches the roster).
    public var remaining: [Change] = []
    /// Whether the final read could be made.
    public var verified = false
    /// Why apply stopped early, if it did (server down, token expired).
    public var aborted: String?

    public init() {}

    /// Entities created, updated and deleted (a team updated twice, release then final, counts once).
    public var created: Int { distinct { [.createUser, .createTeam].contains($0.mutation) || ($0.mutation == .setJobLevelLimit && $0.purpose != "update") } }
    public var updated: Int { distinct { [.updateUser, .updateTeam].contains($0.mutation) || ($0.mutation == .setJobLevelLimit && $0.purpose == "update") } }
    public var deleted: Int { distinct { [.deleteUser, .deleteTeam].contains($0.mutation) } }
    public var failed: Int { entries.filter { if case .failed = $0.status { return true } else { return false } }.count }
    public var skipped: Int { entries.filter { if case .skipped = $0.status { return true } else { return false } }.count }

    private func distinct(_ kind: (PlanOperation) -> Bool) -> Int {
        var keys = Set<String>()
        for entry in entries {
            guard case .applied = entry.status, kind(entry.operation) else { continue }
            keys.insert("\(entry.operation.kind.rawValue):\(entry.operation.name)")
        }
        return keys.count
    }

    /// Everything applied, nothing left, nothing stopped.
    public var complete: Bool { failed == 0 && skipped == 0 && aborted == nil && verified && remaining.isEmpty }
}
