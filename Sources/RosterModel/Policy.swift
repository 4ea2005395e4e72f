import RosterCore

/// The roster's `policy` section, with its defaults.
package struct Policy: Sendable {
    package var oneTeamPerPerson = true
    package var prune = false
    package var ignorePeople: [Located<String>] = []
    package var ignoreTeams: [Located<String>] = []
    package var protectedPeople: [Located<String>] = []
    package var protectedTeams: [Located<String>] = []
    package var maxDeletes = DeleteLimit.standard
    /// Where the section was written, when it was.
    package var location: SourceLocation?

    init() {}
}
