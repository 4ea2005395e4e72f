import RosterCore

/// One team of the roster. Members exclude nothing: the lead may or may not be listed.
package struct TeamEntry: Sendable {
    package var name: Located<String>
    package var key: NameKey
    package var id: Located<Int>?
    package var lead: Located<PersonReference>
    package var members: [Located<PersonReference>]
    package var previously: [Located<String>]
    /// The days the team is in the space (`starts`, `lastDay`).
    package var presence = Presence()
    /// Its lead and members from later days, by day (`changes:`).
    package var changes: [TeamChange] = []
    package var location: SourceLocation

    package init(
        name: Located<String>, id: Located<Int>? = nil, lead: Located<PersonReference>,
        members: [Located<PersonReference>],
        previously: [Located<String>] = [], location: SourceLocation
    ) {
        self.name = name
        self.key = NameKey(name.value)
        self.id = id
        self.lead = lead
        self.members = members
        self.previously = previously
        self.location = location
    }
}
