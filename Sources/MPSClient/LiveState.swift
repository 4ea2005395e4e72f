import RosterModel

/// A user of the live space.
public struct LiveUser: Sendable, Hashable {
    public var id: Int
    public var name: String
    public var craft: Craft
    public var level: JobLevel
    public var focus: Focus
    public var levelStartDate: String?

    public init(id: Int, name: String, craft: Craft, level: JobLevel, focus: Focus, levelStartDate: String? = nil) {
        self.id = id
        self.name = name
        self.craft = craft
        self.level = level
        self.focus = focus
        self.levelStartDate = levelStartDate
    }

    public var key: NameKey { NameKey(name) }
}

/// A team of the live space, its member rows as the server lists them (repeats included).
public struct LiveTeam: Sendable, Hashable {
    public var id: Int
    public var name: String
    public var leadID: Int
    public var memberIDs: [Int]

    public init(id: Int, name: String, leadID: Int, memberIDs: [Int]) {
        self.id = id
        self.name = name
        self.leadID = leadID
        self.memberIDs = memberIDs
    }

    public var key: NameKey { NameKey(name) }

    /// The members as a set, the lead included (the server's lists may repeat or lack the lead).
    public var memberSet: Set<Int> { Set(memberIDs).union([leadID]) }
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

/// Everything the roster manages in one space, read in one request.
public struct LiveState: Sendable {
    /// The space the data belongs to.
    public var space: LiveSpace
    public var users: [LiveUser]
    public var teams: [LiveTeam]
    /// Levels that have a limit set, in the server's order.
    public var levels: [(level: JobLevel, limitMonths: Int)]

    public init(space: LiveSpace, users: [LiveUser], teams: [LiveTeam], levels: [(level: JobLevel, limitMonths: Int)]) {
        self.space = space
        self.users = users
        self.teams = teams
        self.levels = levels
    }
}
