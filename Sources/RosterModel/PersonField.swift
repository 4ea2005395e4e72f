/// The fields roster manages for a person: the table, a row per field (``row``), each with its
/// roster key, its MPS name, its kind, what its absence means and the edit option that sets it.
/// The decoder, the diff and its fingerprint, the mutation inputs, the renderers, export, pull and
/// the edit options follow the rows; adding a field is its row, then each place the compiler
/// points at (docs/architecture.md, "Adding a person field"), and `PersonFieldCoverageTests`
/// fails, from the row alone, for each place that drops it.
package enum PersonField: String, Sendable, CaseIterable {
    case name, craft, level, focus, levelStartDate

    /// Every fact of one field.
    package struct Row: Sendable {
        /// The roster format's key.
        package var key: RosterFormat.PersonKey
        /// MPS's name for it, in `User` and the user inputs.
        package var wire: MPSField.User
        package var kind: FieldKind
        package var absence: FieldAbsence
        /// The edit commands' option that sets it (`roster set person NAME --craft C`); nil when a
        /// command of its own does (`rename`).
        package var option: String?
    }

    /// The field's row of the table.
    package var row: Row {
        switch self {
        case .name: Row(key: .name, wire: .fullName, kind: .freeText, absence: .required, option: nil)
        case .craft:
            Row(key: .craft, wire: .craftAbility, kind: .of(Craft.self), absence: .required, option: "--craft")
        case .level: Row(key: .level, wire: .jobLevel, kind: .of(JobLevel.self), absence: .required, option: "--level")
        case .focus:
            Row(
                key: .focus, wire: .craftFocus, kind: .of(Focus.self),
                absence: .defaults(to: Focus.notApplicable.rawValue), option: "--focus")
        case .levelStartDate:
            Row(key: .levelStartDate, wire: .levelStartDate, kind: .date, absence: .unmanaged, option: "--since")
        }
    }

    /// The roster format's key.
    package var key: RosterFormat.PersonKey { row.key }
    /// MPS's name for it, in `User` and the user inputs.
    package var wire: MPSField.User { row.wire }
    package var kind: FieldKind { row.kind }
}

extension FieldKind {
    /// The fixed set of an MPS enum.
    static func of<E: RosterEnum>(_: E.Type) -> FieldKind { .fixedSet(E.allCases.map(\.rawValue)) }
}
