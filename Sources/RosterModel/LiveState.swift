/// Everything the roster manages in one space, read in one request.
package struct LiveState: Sendable {
    /// The space the data belongs to.
    package var space: LiveSpace
    package var users: [LiveUser]
    package var teams: [LiveTeam]
    /// Levels that have a limit set, in the server's order.
    package var levels: [(level: JobLevel, limitMonths: Int)]
    /// Who may open the space besides its owner; read only for the caller's own space (MPS
    /// answers `spaceMembers` for it whatever space is asked for), nil otherwise.
    package var members: [LiveMember]?

    package init(
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
