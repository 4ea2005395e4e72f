import RosterCore
import RosterModel

extension PersonValues {
    /// What a plan sends for `person`: over a live person, every live value, with the roster's in
    /// place of those it manages (``PersonField``), so that no field roster does not manage is
    /// erased by `updateUser`'s full replacement; for a new person, the roster's values.
    static func planned(_ person: PersonEntry, over user: LiveUser?) -> PersonValues {
        var fields =
            user.map(PersonValues.init)
            ?? PersonValues(
                fullName: person.name.value, craft: person.craft, level: person.level, focus: person.focus,
                levelStartDate: nil)
        for field in PersonField.all {
            switch field {
            // The live spelling stays when the roster's name has its key (outer or doubled white
            // space, escapes).
            case .name: fields.fullName = user.flatMap { $0.key == person.key ? $0.name : nil } ?? person.name.value
            case .craft: fields.craft = person.craft
            case .level: fields.level = person.level
            case .focus: fields.focus = person.focus
            case .levelStartDate:
                switch person.levelStartDate {
                case .unmanaged: break
                case .clear: fields.levelStartDate = nil
                case .value(let day): fields.levelStartDate = day.description
                }
            }
        }
        return fields
    }

    /// What changes, field by field, from these fields to `other`.
    func changes(to other: PersonValues) -> [FieldChange] {
        PersonField.all.compactMap { field in
            switch field {
            case .name: fullName == other.fullName ? nil : .name(from: fullName, to: other.fullName)
            case .craft: craft == other.craft ? nil : .craft(from: craft, to: other.craft)
            case .level: level == other.level ? nil : .level(from: level, to: other.level)
            case .focus: focus == other.focus ? nil : .focus(from: focus, to: other.focus)
            case .levelStartDate:
                levelStartDate == other.levelStartDate
                    ? nil : .levelStartDate(from: levelStartDate, to: other.levelStartDate)
            }
        }
    }

    /// The fields as a plan shows a created or deleted person's values.
    var values: EntityValues {
        EntityValues(PersonField.all.map { (PlanField($0), json($0)) })
    }
}
