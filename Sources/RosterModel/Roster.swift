import RosterCore

/// The desired state of one MPS space, merged from one or more files.
package struct Roster: Sendable {
    var version: Int = 1
    package var space: Located<String>?
    // A change to the people or the teams drops the references resolved for them.
    package var people: [PersonEntry] = [] { didSet { teamPeople = nil } }
    package var teams: [TeamEntry] = [] { didSet { teamPeople = nil } }
    package var levels: [LevelLimitEntry] = []
    package var policy = Policy()
    /// Who besides the owner may open the space; nil when the roster does not manage access.
    package var access: AccessPolicy?
    /// The organisation's own rules; nil when the roster states none.
    package var rules: Rules?
    /// Values of a newer MPS the roster's files declare (`newValues`), each where it is written.
    package var newValues: [Located<String>] = []
    /// The files the roster was read from, in load order.
    package var files: [String] = []
    /// Every team's people as the validator resolved them; nil for a roster built in code, and
    /// again as soon as its people or teams change (``TeamPeople/of(_:)`` then resolves them).
    var teamPeople: TeamPeople?

    package init() {}

    /// Whether a plan deletes live entities the roster lacks: when asked (`--prune`) or when the
    /// roster's policy says so.
    package func prunes(asked: Bool) -> Bool { asked || policy.prune }
}
