/// The fields roster manages for a team: the table, a row per field (``row``), as for a person
/// (``PersonField``). The mutation inputs, saved plans, fingerprints and export follow it.
package enum TeamField: String, Sendable, CaseIterable {
    case name, lead, members

    /// Every fact of one field.
    struct Row: Sendable {
        /// The roster format's key.
        var key: RosterFormat.TeamKey
        /// MPS's name for it in `CreateTeamInput`/`UpdateTeamInput`.
        var input: MPSField.Team
        var kind: FieldKind
        var absence: FieldAbsence
    }

    /// The field's row of the table.
    var row: Row {
        switch self {
        case .name: Row(key: .name, input: .name, kind: .freeText, absence: .required)
        case .lead: Row(key: .lead, input: .teamLeadId, kind: .person, absence: .required)
        case .members: Row(key: .members, input: .memberIds, kind: .people, absence: .empty)
        }
    }

    /// The roster format's key.
    package var key: RosterFormat.TeamKey { row.key }
    /// MPS's name for it in `CreateTeamInput`/`UpdateTeamInput`.
    package var input: MPSField.Team { row.input }
    var kind: FieldKind { row.kind }
}
