import RosterModel

/// The fields `createTeam` and `updateTeam` send (both write all of them).
package struct TeamValues: Sendable, Equatable {
    package var name: String
    package var lead: PlannedPerson
    /// Members in the order sent; the server appends the lead when it is missing.
    package var members: [PlannedPerson]
}
