/// A user of the live space: their id and every field the space keeps for them
/// (``PersonValues``, which `updateUser` writes back whole).
package struct LiveUser: Sendable, Hashable {
    package var id: Int
    /// What the space holds for the person: an update starts from all of it.
    private(set) var values: PersonValues
    /// The name's key, kept with the name: every plan matches by it, several times over.
    package private(set) var key: NameKey

    package init(id: Int, _ values: PersonValues) {
        self.id = id
        self.values = values
        self.key = NameKey(values.fullName)
    }

    package init(id: Int, name: String, craft: Craft, level: JobLevel, focus: Focus, levelStartDate: String?) {
        self.init(
            id: id,
            PersonValues(fullName: name, craft: craft, level: level, focus: focus, levelStartDate: levelStartDate))
    }

    package var name: String {
        get { values.fullName }
        set {
            values.fullName = newValue
            key = NameKey(newValue)
        }
    }
    package var craft: Craft {
        get { values.craft }
        set { values.craft = newValue }
    }
    package var level: JobLevel {
        get { values.level }
        set { values.level = newValue }
    }
    package var focus: Focus {
        get { values.focus }
        set { values.focus = newValue }
    }
    package var levelStartDate: String? {
        get { values.levelStartDate }
        set { values.levelStartDate = newValue }
    }

    /// One field as MPS spells it; nil: none.
    func text(_ field: PersonField) -> String? { values.text(field) }
}
