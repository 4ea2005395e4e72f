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
