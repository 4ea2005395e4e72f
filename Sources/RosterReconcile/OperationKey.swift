import RosterModel

/// An operation's identity across plans: see ``PlanOperation/key``.
public struct OperationKey: Hashable, Sendable {
    public var entity: EntityID
    public var mutation: PlanOperation.Mutation
    public var role: OperationRole
}
