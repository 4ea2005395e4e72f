/// The fields roster manages for a person, declared once. Every place that reads, compares,
/// sends, saves, exports or pulls a person's fields goes through this list and the exhaustive
/// switches beside it, so adding a field is this case, then each place the compiler points at
/// (docs/architecture.md, "Adding a person field").
package enum PersonField: String, Sendable, CaseIterable {
    case name, craft, level, focus, levelStartDate

    /// The roster format's key.
    package var key: RosterFormat.PersonKey {
        switch self {
        case .name: .name
        case .craft: .craft
        case .level: .level
        case .focus: .focus
        case .levelStartDate: .levelStartDate
        }
    }

    /// MPS's name for it, in `User` and the user inputs.
    package var wire: MPSField.User {
        switch self {
        case .name: .fullName
        case .craft: .craftAbility
        case .level: .jobLevel
        case .focus: .craftFocus
        case .levelStartDate: .levelStartDate
        }
    }
}
