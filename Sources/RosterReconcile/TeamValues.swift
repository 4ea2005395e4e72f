import RosterModel

/// The fields `createTeam` and `updateTeam` send (both write all of them).
package struct TeamValues: Sendable, Equatable {
    package var name: String
    package var lead: PlannedPerson
    /// Members in the order sent; the server appends the lead when it is missing.
    package var members: [PlannedPerson]

    /// Every field given (no memberwise defaults, which an optional field would get): a new field
    /// makes the compiler name each place that builds the values.
    init(name: String, lead: PlannedPerson, members: [PlannedPerson]) {
        self.name = name
        self.lead = lead
        self.members = members
    }

    /// The same values with other people: a release update's interim lead and the members who
    /// stay, every other field as the final update sends it.
    func with(lead: PlannedPerson, members: [PlannedPerson]) -> TeamValues {
        var values = self
        values.lead = lead
        values.members = members
        return values
    }
}
