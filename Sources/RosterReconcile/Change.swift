import RosterCore
import RosterModel

/// One difference between the roster and the live space, as the plan shows it.
package struct Change: Sendable {
    package enum Action: String, Sendable { case create, update, delete, unmanaged }
    package enum Kind: String, Sendable { case person, team, level, access }

    package var action: Action
    package var kind: Kind
    /// The name the entity will have (for deletes and unmanaged: its live name).
    package var name: String
    /// The live id, when the entity exists.
    package var id: Int?
    /// For access: the member's auth id, when they are a member now.
    package var authID: String?
    /// What an update changes, in the roster's field order.
    package var updates: [FieldChange] = []
    /// What a deleted (or unmanaged) entity has: for access, the member's name.
    package var before: EntityValues = [:]
    /// What a created entity will have.
    package var after: EntityValues = [:]
    /// Why an unmanaged entity stays ("protected"), or other context.
    package var note: String?
    /// A delete the roster dates (`lastDay`): the entity's last day, for "leaves the space
    /// (last day …)" rather than a prune.
    package var lastDay: Day?
    /// A person change's person: the live user, or the roster person created.
    var person: PlannedPerson?
    /// A team created or deleted: the people it will have or had, its lead first.
    var teamPeople: [TeamMember] = []

    init(action: Action, kind: Kind, name: String, id: Int? = nil) {
        self.action = action
        self.kind = kind
        self.name = name
        self.id = id
    }
}
