/// The fields roster manages for a team, declared once: the mutation inputs, saved plans,
/// fingerprints and export follow this list through exhaustive switches.
package enum TeamField: String, Sendable, CaseIterable {
    case name, lead, members

    /// The roster format's key.
    package var key: RosterFormat.TeamKey {
        switch self {
        case .name: .name
        case .lead: .lead
        case .members: .members
        }
    }

    /// MPS's name for it in `CreateTeamInput`/`UpdateTeamInput`.
    package var input: MPSField.Team {
        switch self {
        case .name: .name
        case .lead: .teamLeadId
        case .members: .memberIds
        }
    }
}
