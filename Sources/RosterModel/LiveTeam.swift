/// A team of the live space, its member rows as the server lists them (repeats included).
package struct LiveTeam: Sendable, Hashable {
    package var id: Int
    package var name: String { didSet { key = NameKey(name) } }
    package var leadID: Int { didSet { memberSet = Self.members(memberIDs, leadID) } }
    package var memberIDs: [Int] { didSet { memberSet = Self.members(memberIDs, leadID) } }

    package init(id: Int, name: String, leadID: Int, memberIDs: [Int]) {
        self.id = id
        self.name = name
        self.key = NameKey(name)
        self.leadID = leadID
        self.memberIDs = memberIDs
        self.memberSet = Self.members(memberIDs, leadID)
    }

    /// The name's key, kept with the name.
    package private(set) var key: NameKey

    /// The members as a set, the lead included (the server's lists may repeat or lack the
    /// lead); kept with them, as a plan asks for it several times a team.
    package private(set) var memberSet: Set<Int>

    private static func members(_ ids: [Int], _ lead: Int) -> Set<Int> {
        var set = Set(ids)
        set.insert(lead)
        return set
    }
}
