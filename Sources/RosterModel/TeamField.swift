/// The fields roster manages for a team: the table, a row per field (``row``), as for a person
/// (``PersonField``). The live read's query, the values a plan sends (``TeamValues``, built once
/// per team), the mutation inputs, saved plans, fingerprints, export and a new team's plan line
/// follow it; `TeamFieldCoverageTests` check each place from the table.
package enum TeamField: String, Sendable, CaseIterable {
    case name, lead, members

    /// Every fact of one field.
    struct Row: Sendable {
        /// The roster format's key.
        var key: RosterFormat.TeamKey
        /// MPS's name for it in `CreateTeamInput`/`UpdateTeamInput`.
        var input: MPSField.Team
        /// MPS's name for it in `Team`, which the live read asks for (a person by their `id`).
        var read: MPSField.Team
        var kind: FieldKind
        var absence: FieldAbsence
        /// The edit commands' option that sets it (`roster add team NAME --lead P`); nil when a
        /// command of its own does (`rename`). `let`, as ``feature``.
        let option: String?
        /// The part of MPS's schema an older server lacks, which the field needs; nil: every
        /// server has it (as for a person, ``PersonField/Row/feature``); `let`, so that every row
        /// states it.
        let feature: ServerFeature?
    }

    /// The field's row of the table.
    var row: Row {
        switch self {
        case .name:
            Row(
                key: .name, input: .name, read: .name, kind: .freeText, absence: .required, option: nil, feature: nil)
        case .lead:
            Row(
                key: .lead, input: .teamLeadId, read: .teamLead, kind: .person, absence: .required, option: "--lead",
                feature: nil)
        case .members:
            Row(
                key: .members, input: .memberIds, read: .members, kind: .people, absence: .empty,
                option: "--members", feature: nil)
        }
    }

    /// The roster format's key.
    package var key: RosterFormat.TeamKey { row.key }
    /// MPS's name for it in `CreateTeamInput`/`UpdateTeamInput`.
    package var input: MPSField.Team { row.input }
    /// MPS's name for it in `Team`.
    package var read: MPSField.Team { row.read }
    package var kind: FieldKind { row.kind }
    package var absence: FieldAbsence { row.absence }
    /// The edit commands' option that sets it; nil when a command of its own does.
    package var option: String? { row.option }
    /// The server feature the field needs; nil: every server has it.
    package var feature: ServerFeature? { row.feature }
}
