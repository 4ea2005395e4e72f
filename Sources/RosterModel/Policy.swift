import RosterCore

/// The roster's `policy` section, with its defaults.
public struct Policy: Sendable {
    public var oneTeamPerPerson = true
    public var prune = false
    public var ignorePeople: [Located<String>] = []
    public var ignoreTeams: [Located<String>] = []
    public var protectedPeople: [Located<String>] = []
    public var protectedTeams: [Located<String>] = []
    public var maxDeletes: DeleteLimit = .percent(25)
    /// Where the section was written, when it was.
    public var location: SourceLocation?

    public init() {}
}
