import RosterCore

/// The desired state of one MPS space, merged from one or more files.
public struct Roster: Sendable {
    public var version: Int = 1
    public var space: Located<String>?
    public var people: [PersonEntry] = []
    public var teams: [TeamEntry] = []
    public var levels: [LevelLimitEntry] = []
    public var policy = Policy()
    /// Who besides the owner may open the space; nil when the roster does not manage access.
    public var access: AccessPolicy?
    /// The organisation's own rules; nil when the roster states none.
    public var rules: Rules?
    /// The files the roster was read from, in load order.
    public var files: [String] = []
    /// Every team's people as the validator resolved them; nil for a roster built in code.
    /// Code that renames people or changes a team's references after validation sets it to
    /// nil: ``TeamPeople/of(_:)`` notices changed counts, not changed names.
    public var teamPeople: TeamPeople?

    public init() {}
}
