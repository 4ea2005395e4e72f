/// A user of the live space.
public struct LiveUser: Sendable, Hashable {
    public var id: Int
    public var name: String { didSet { key = NameKey(name) } }
    public var craft: Craft
    public var level: JobLevel
    public var focus: Focus
    public var levelStartDate: String?

    public init(id: Int, name: String, craft: Craft, level: JobLevel, focus: Focus, levelStartDate: String? = nil) {
        self.id = id
        self.name = name
        self.key = NameKey(name)
        self.craft = craft
        self.level = level
        self.focus = focus
        self.levelStartDate = levelStartDate
    }

    /// The name's key, kept with the name: every plan matches by it, several times over.
    public private(set) var key: NameKey
}

/// A team of the live space, its member rows as the server lists them (repeats included).
public struct LiveTeam: Sendable, Hashable {
    public var id: Int
    public var name: String { didSet { key = NameKey(name) } }
    public var leadID: Int { didSet { memberSet = Self.members(memberIDs, leadID) } }
    public var memberIDs: [Int] { didSet { memberSet = Self.members(memberIDs, leadID) } }

    public init(id: Int, name: String, leadID: Int, memberIDs: [Int]) {
        self.id = id
        self.name = name
        self.key = NameKey(name)
        self.leadID = leadID
        self.memberIDs = memberIDs
        self.memberSet = Self.members(memberIDs, leadID)
    }

    /// The name's key, kept with the name.
    public private(set) var key: NameKey

    /// The members as a set, the lead included (the server's lists may repeat or lack the
    /// lead); kept with them, as a plan asks for it several times a team.
    public private(set) var memberSet: Set<Int>

    private static func members(_ ids: [Int], _ lead: Int) -> Set<Int> {
        var set = Set(ids)
        set.insert(lead)
        return set
    }
}

/// A space the token can use.
public struct LiveSpace: Sendable, Hashable {
    public var id: String
    public var name: String
    public var isOwner: Bool

    public init(id: String, name: String, isOwner: Bool) {
        self.id = id
        self.name = name
        self.isOwner = isOwner
    }
}

/// An account that may open the space besides its owner (`spaceMembers`).
public struct LiveMember: Sendable, Hashable {
    public var authID: String
    public var email: String
    public var name: String

    public init(authID: String, email: String, name: String) {
        self.authID = authID
        self.email = email
        self.name = name
    }
}

/// Everything the roster manages in one space, read in one request.
public struct LiveState: Sendable {
    /// The space the data belongs to.
    public var space: LiveSpace
    public var users: [LiveUser]
    public var teams: [LiveTeam]
    /// Levels that have a limit set, in the server's order.
    public var levels: [(level: JobLevel, limitMonths: Int)]
    /// Who may open the space besides its owner; read only for the caller's own space (MPS
    /// answers `spaceMembers` for it whatever space is asked for), nil otherwise.
    public var members: [LiveMember]?

    public init(
        space: LiveSpace, users: [LiveUser], teams: [LiveTeam], levels: [(level: JobLevel, limitMonths: Int)],
        members: [LiveMember]? = nil
    ) {
        self.space = space
        self.users = users
        self.teams = teams
        self.levels = levels
        self.members = members
    }
}
