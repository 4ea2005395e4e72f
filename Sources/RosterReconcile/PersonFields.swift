import RosterCore
import RosterModel

/// The fields `createUser` and `updateUser` send (both write all of them).
public struct PersonFields: Sendable, Equatable {
    public var fullName: String
    public var craft: Craft
    public var level: JobLevel
    public var focus: Focus
    public var levelStartDate: String?

    public init(fullName: String, craft: Craft, level: JobLevel, focus: Focus, levelStartDate: String?) {
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
