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
