import RosterCore

/// A change a team states for a day, under its `changes:`: from that day on, its lead, its
/// members, or both are these (each a whole value, as the entry's own are).
package struct TeamChange: Sendable {
    package var on: Located<Day>
    package var lead: Located<PersonReference>?
    package var members: [Located<PersonReference>]?
    /// Where the change starts.
    var location: SourceLocation

    package init(
        on: Located<Day>, lead: Located<PersonReference>? = nil, members: [Located<PersonReference>]? = nil,
        location: SourceLocation
    ) {
        self.on = on
        self.lead = lead
        self.members = members
        self.location = location
    }
}
