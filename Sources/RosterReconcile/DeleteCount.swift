import RosterCore
import RosterModel

/// Deletes of one kind and the most `policy.maxDeletes` allows.
package struct DeleteCount: Sendable, Equatable, CustomStringConvertible {
    /// People deleted, teams deleted, and people who are in a team now and in none after the
    /// plan (a move is not a loss; a deleted person in a team is one).
    package enum Kind: String, Sendable { case people, teams, teamMembers = "team-members", access }
    var kind: Kind
    var count: Int
    var liveTotal: Int
    var allowed: Int

    package var exceeded: Bool { count > allowed }

    /// `deletes 3 of 15 people (allowed 3)`, as the plan's warning and apply's refusal say it.
    package var description: String {
        switch kind {
        case .people: return "deletes \(count) of \(liveTotal) people (allowed \(allowed))"
        case .teams: return "deletes \(count) of \(liveTotal) teams (allowed \(allowed))"
        case .teamMembers:
            return "leaves \(count) of the \(liveTotal) people in teams in no team (allowed \(allowed))"
        case .access: return "removes \(count) of \(liveTotal) members' access (allowed \(allowed))"
        }
    }
}
