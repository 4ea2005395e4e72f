import RosterCore

/// One difference between the roster and the live space, as the plan shows it.
public struct Change: Sendable {
    public enum Action: String, Sendable { case create, update, delete, unmanaged }
    public enum Kind: String, Sendable { case person, team, level, access }

    public var action: Action
    public var kind: Kind
    /// The name the entity will have (for deletes and unmanaged: its live name).
    public var name: String
    /// The live id, when the entity exists.
    public var id: Int?
    /// For access: the member's auth id, when they are a member now.
    public var authID: String?
    /// What an update changes, in the roster's field order.
    public var updates: [FieldChange] = []
    /// What a deleted (or unmanaged) entity has: for access, the member's name.
    public var before: FieldValues = [:]
    /// What a created entity will have.
    public var after: FieldValues = [:]
    /// Why an unmanaged entity stays ("protected"), or other context.
    public var note: String?

    public init(action: Action, kind: Kind, name: String, id: Int? = nil) {
        self.action = action
        self.kind = kind
        self.name = name
        self.id = id
    }
}
