import RosterModel
import RosterReconcile

/// Plan operations the tests build without planning.
package enum OperationFixtures {
    /// Creating person `i` (or `name`), with a level start date for every other one.
    package static func person(_ i: Int, name: String? = nil) -> PlanOperation {
        PlanOperation(
            payload: .createUser(
                rosterIndex: i,
                PersonValues(
                    fullName: name ?? "Person \(i)", craft: .engineering, level: .mid,
                    focus: .backend, levelStartDate: i % 2 == 0 ? "2024-01-0\(i % 9 + 1)" : nil)),
            name: name ?? "Person \(i)")
    }

    /// Updating person `id`.
    package static func update(_ id: Int) -> PlanOperation {
        PlanOperation(
            payload: .updateUser(
                id: id,
                PersonValues(fullName: "U\(id)", craft: .design, level: .senior, focus: .mobile, levelStartDate: nil)),
            name: "U\(id)")
    }

    /// A plan holding `steps` and nothing else, for a space of the caller's own.
    package static func plan(_ steps: [[PlanOperation]]) -> Plan {
        let space = LiveSpace(id: "u_test", name: "Test", isOwner: true)
        return Plan(
            endpoint: "x", space: space, changes: [], steps: steps, warnings: [], deletes: [],
            live: LiveState(space: space, users: [], teams: [], levels: []))
    }
}
