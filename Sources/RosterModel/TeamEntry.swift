import RosterCore

/// One team of the roster. Members exclude nothing: the lead may or may not be listed.
public struct TeamEntry: Sendable {
    public var name: Located<String>
    public var key: NameKey
    public var id: Located<Int>?
    public var lead: Located<PersonReference>
    public var members: [Located<PersonReference>]
    public var previously: [Located<String>]
    public var location: SourceLocation

    public init(
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
