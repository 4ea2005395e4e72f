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

    /// Every field is given (no defaults): a new field makes the compiler name each place that
    /// builds an entry.
    package init(
        name: Located<String>, id: Located<Int>? = nil, craft: Craft, level: JobLevel, focus: Focus,
        levelStartDate: LevelStartDate, previously: [Located<String>] = [], location: SourceLocation
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

    /// A live person as an entry pinned to their id, stating every value the space holds (a
    /// date that is no day is left out, as export leaves it).
    package init(live user: LiveUser, at location: SourceLocation) {
        self.init(
            name: Located(user.name, at: location), id: Located(user.id, at: location), craft: user.craft,
            level: user.level, focus: user.focus,
            levelStartDate: user.levelStartDate.map { Day($0).map(Stated.value) ?? .unmanaged } ?? .clear,
            location: location)
    }

    /// What the entry states for `field`, as MPS spells it: a value, `null` (``Stated/clear``), or
    /// nothing (``Stated/unmanaged``: only a field whose absence leaves the live value alone, as
    /// its row says). Pull, the edit commands and the server check read absence here, whatever
    /// the field.
    package func stated(_ field: PersonField) -> Stated<String> {
        switch field {
        case .name: .value(name.value)
        case .craft: .value(craft.rawValue)
        case .level: .value(level.rawValue)
        case .focus: .value(focus.rawValue)
        case .levelStartDate: levelStartDate.map(\.description)
        }
    }

    /// What the entry states for `field`, as MPS spells it; nil: none (stated empty, or left out:
    /// ``stated(_:)`` tells which).
    package func text(_ field: PersonField) -> String? { stated(field).value }
}
