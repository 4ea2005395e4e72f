/// A user of the live space.
public struct LiveUser: Sendable, Hashable {
    public var id: Int
    public var name: String { didSet { key = NameKey(name) } }
    public var craft: Craft
    public var level: JobLevel
    public var focus: Focus
    public var levelStartDate: String?

    public init(id: Int, name: String, craft: Craft, level: JobLevel, focus: Focus, levelStartDate: String? = nil) {
        self.id = id
        self.name = name
        self.key = NameKey(name)
        self.craft = craft
        self.level = level
        self.focus = focus
        self.levelStartDate = levelStartDate
    }

    /// The name's key, kept with the name: every plan matches by it, several times over.
    public private(set) var key: NameKey
}
