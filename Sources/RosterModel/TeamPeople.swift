/// Each team's lead and members as indices into `Roster.people`, resolved once by the
/// validator so the planner (which runs again to verify an apply) does not resolve 10,000
/// references twice more.
package struct TeamPeople: Sendable {
    /// Each team's references, lead first (-1: names nobody).
    let resolved: [Int32]
    /// Where each team's references start in `resolved`; one more entry than there are teams.
    let offsets: [Int]

    /// The references `resolver` resolved.
    init(_ resolver: ReferenceResolver) {
        resolved = resolver.resolved
        offsets = resolver.offsets
    }

    /// The people of `roster`'s teams: as the validator resolved them, or resolved now (by the
    /// one ``ReferenceResolver``) for a roster built or changed in code since.
    package static func of(_ roster: Roster) -> TeamPeople {
        if let stored = roster.teamPeople { return stored }
        return TeamPeople(ReferenceResolver(roster, PersonIndex(roster.people)))
    }

    /// The person who leads team `t`, or nil when the reference names nobody.
    package func lead(ofTeam t: Int) -> Int? {
        let person = resolved[offsets[t]]
        return person >= 0 ? Int(person) : nil
    }

    /// The people team `t` lists in `members`, in order (-1 for a reference naming nobody).
    package func members(ofTeam t: Int) -> ArraySlice<Int32> {
        resolved[(offsets[t] + 1)..<offsets[t + 1]]
    }
}
