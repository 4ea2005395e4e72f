import RosterCore

/// One person of the roster.
public struct PersonEntry: Sendable {
    public var name: Located<String>
    public var key: NameKey
    public var id: Located<Int>?
    public var craft: Craft
    public var level: JobLevel
    public var focus: Focus
    public var levelStartDate: LevelStartDate
    public var previously: [Located<String>]
    /// Where the entry starts.
    public var location: SourceLocation

    public init(
        name: Located<String>, id: Located<Int>? = nil, craft: Craft, level: JobLevel, focus: Focus = .notApplicable,
        levelStartDate: LevelStartDate = .unmanaged, previously: [Located<String>] = [], location: SourceLocation
    ) {
        self.name = name
        self.key = NameKey(name.value)
        self.id = id
        self.craft = craft
        self.level = level
        self.focus = focus
        self.levelStartDate = levelStartDate
        self.previously = previously
        self.location = location
    }

    /// `Name` or, when the id is pinned, `Name (#id)`.
    public var reference: String { id.map { "\(name.value) (#\($0.value))" } ?? name.value }
}
