/// A user of the live space.
package struct LiveUser: Sendable, Hashable {
    package var id: Int
    package var name: String { didSet { key = NameKey(name) } }
    package var craft: Craft
    package var level: JobLevel
    package var focus: Focus
    package var levelStartDate: String?

    package init(id: Int, name: String, craft: Craft, level: JobLevel, focus: Focus, levelStartDate: String? = nil) {
        self.id = id
        self.name = name
        self.key = NameKey(name)
        self.craft = craft
        self.level = level
        self.focus = focus
        self.levelStartDate = levelStartDate
    }

    /// The name's key, kept with the name: every plan matches by it, several times over.
    package private(set) var key: NameKey
}
