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
        var key: RosterFormat.PersonKey
        /// MPS's name for it, in `User` and the user inputs.
        var wire: MPSField.User
        var kind: FieldKind
        package var absence: FieldAbsence
        /// What a person calls it: "level start date".
        package var label: String
        /// The edit commands' option that sets it (`roster set person NAME --craft C`); nil when a
        /// command of its own does (`rename`).
        /// (`let`: an optional `var` would default to nil in the memberwise initializer, and a new
        /// row could leave it out unnoticed.)
        package let option: String?
        /// The part of MPS's schema an older server lacks, which the field needs; nil: every
        /// server has it. The live read leaves the field out on a server that lacks it, export
        /// writes none of it, and a roster that states it there is an error (a new field a server
        /// may lack declares its ``ServerFeature``).
        package let feature: ServerFeature?
    }

    /// The fields in the table's order, stored once (hot loops read it for every person).
    package static let all = allCases

    /// The field's row of the table.
    package var row: Row { Self.rows[self] ?? makeRow() }

    /// The rows, made once: a row holds its fixed set's values.
    private static let rows = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.makeRow()) })

    /// The row as the table declares it.
    private func makeRow() -> Row {
        switch self {
        case .name:
            Row(
                key: .name, wire: .fullName, kind: .freeText, absence: .required, label: "name", option: nil,
                feature: nil)
        case .craft:
            Row(
                key: .craft, wire: .craftAbility, kind: .of(Craft.self), absence: .required, label: "craft",
                option: "--craft", feature: nil)
        case .level:
            Row(
                key: .level, wire: .jobLevel, kind: .of(JobLevel.self), absence: .required, label: "level",
                option: "--level", feature: nil)
        case .focus:
            Row(
                key: .focus, wire: .craftFocus, kind: .of(Focus.self),
                absence: .defaults(to: Focus.notApplicable.rawValue), label: "focus", option: "--focus",
                feature: nil)
        case .levelStartDate:
            Row(
                key: .levelStartDate, wire: .levelStartDate, kind: .date, absence: .unmanaged,
                label: "level start date", option: "--since", feature: .levelStartDates)
        }
    }

    /// A value as a person types it (any spelling the apps show), in MPS's spelling; nil when the
    /// field does not take it.
    package func parse(_ text: String) -> String? {
        switch self {
        case .name: text
        case .craft: Craft.parse(text)?.rawValue
        case .level: JobLevel.parse(text)?.rawValue
        case .focus: Focus.parse(text)?.rawValue
        case .levelStartDate: Day(text)?.description
        }
    }

    /// The value of the field nearest to `text`, for a did-you-mean.
    package func nearest(to text: String) -> String? {
        switch self {
        case .name, .levelStartDate: nil
        case .craft: Craft.nearest(to: text)?.rawValue
        case .level: JobLevel.nearest(to: text)?.rawValue
        case .focus: Focus.nearest(to: text)?.rawValue
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
