import RosterCore

/// A person's fields as MPS keeps them: what `createUser` and `updateUser` send (both write all
/// of them, so an update starts from every live value and changes only what the roster says).
package struct PersonValues: Sendable, Hashable {
    package var fullName: String
    package var craft: Craft
    package var level: JobLevel
    package var focus: Focus
    /// nil: no date.
    package var levelStartDate: String?

    package init(fullName: String, craft: Craft, level: JobLevel, focus: Focus, levelStartDate: String?) {
        self.fullName = fullName
        self.craft = craft
        self.level = level
        self.focus = focus
        self.levelStartDate = levelStartDate
    }

    /// What a live person holds now, as `updateUser` would write it back.
    package init(_ user: LiveUser) { self = user.values }

    /// One field's value as MPS spells it; nil: none.
    package func text(_ field: PersonField) -> String? {
        switch field {
        case .name: fullName
        case .craft: craft.rawValue
        case .level: level.rawValue
        case .focus: focus.rawValue
        case .levelStartDate: levelStartDate
        }
    }

    /// One field's value as JSON: a string, or null for none.
    package func json(_ field: PersonField) -> JSONValue {
        text(field).map(JSONValue.string) ?? .null
    }
}
