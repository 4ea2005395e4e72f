import RosterModel

/// An operation's identity across plans: see ``PlanOperation/key``.
package struct OperationKey: Hashable, Sendable {
    package var entity: EntityID
    package var mutation: PlanOperation.Mutation
    package var role: OperationRole
}
