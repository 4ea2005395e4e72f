import RosterCore
import RosterModel

/// The fields `createUser` and `updateUser` send (both write all of them).
package struct PersonFields: Sendable, Equatable {
    package var fullName: String
    package var craft: Craft
    package var level: JobLevel
    package var focus: Focus
    package var levelStartDate: String?

    package init(fullName: String, craft: Craft, level: JobLevel, focus: Focus, levelStartDate: String?) {
        self.fullName = fullName
        self.craft = craft
        self.level = level
        self.focus = focus
        self.levelStartDate = levelStartDate
    }
}

extension PersonFields {
    /// What a live person holds now, as `updateUser` would write it back.
    init(_ user: LiveUser) {
        self.init(
            fullName: user.name, craft: user.craft, level: user.level, focus: user.focus,
            levelStartDate: user.levelStartDate)
    }

    /// The fields as a plan shows a created or deleted person's values.
    var values: FieldValues {
        [
            .name: .string(fullName), .craft: .string(craft.rawValue), .level: .string(level.rawValue),
            .focus: .string(focus.rawValue), .levelStartDate: levelStartDate.map(JSONValue.string) ?? .null,
        ]
    }
}
