import RosterCore

/// One person of the roster.
package struct PersonEntry: Sendable {
    package var name: Located<String>
    package var key: NameKey
    package var id: Located<Int>?
    package var craft: Craft
    package var level: JobLevel
    package var focus: Focus
    package var levelStartDate: LevelStartDate
    package var previously: [Located<String>]
    /// The days the person is in the space (`starts`, `lastDay`).
    package var presence = Presence()
    /// Their dated level changes (`changes:`), as written.
    package var changes: [PersonChange] = []
    /// Where the entry starts.
    package var location: SourceLocation

    package init(
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
    package var reference: String { id.map { "\(name.value) (#\($0.value))" } ?? name.value }

    /// What the entry states for `field`, as MPS spells it; nil: no date (stated empty, or left
    /// out: ``levelStartDate`` tells which).
    package func text(_ field: PersonField) -> String? {
        switch field {
        case .name: name.value
        case .craft: craft.rawValue
        case .level: level.rawValue
        case .focus: focus.rawValue
        case .levelStartDate: if case .value(let day) = levelStartDate { day.description } else { nil }
        }
    }
}
