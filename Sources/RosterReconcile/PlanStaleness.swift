import RosterCore
import RosterModel

/// Whether a plan a person approved still holds once the space is read again. MPS's updates are
/// full replacements, so an update built before a change made in the apps would erase it: the
/// plan holds only when every entity either plan touches reads as it did, every field of it
/// (not only those the roster sets), and the fresh plan runs the same operations.
package enum PlanStaleness {
    /// What changed between the read `approved` was built on and the read `fresh` was built on,
    /// in the plan's own words (`person "Bob Martinez" (#2): levelStartDate none → 2025-01-01
    /// since the plan was shown`); empty when `fresh` runs exactly what was approved.
    package static func changes(approved: Plan, fresh: Plan) -> [String] {
        let touched = entities(of: approved).union(entities(of: fresh))
        let before = approved.fingerprint(of: touched)
        let after = fresh.fingerprint(of: touched)
        let changes = before.changes(since: after, when: "since the plan was shown")
        guard changes.isEmpty else { return changes }
        guard SavedPlan.steps(approved) == SavedPlan.steps(fresh) else {
            return ["the plan made from the fresh read runs other operations than the plan shown"]
        }
        return []
    }

    /// The live entities `plan`'s operations act on.
    static func entities(of plan: Plan) -> Set<EntityID> {
        Set(plan.steps.joined().map(\.entity).filter(\.exists))
    }
}

extension EntityID {
    /// Whether the entity is one the space has (not one a plan creates).
    var exists: Bool {
        switch self {
        case .person, .team, .level, .member: return true
        case .newPerson, .newTeam, .newMember: return false
        }
    }
}

extension Plan {
    /// The fingerprint of some of the entities this plan read.
    func fingerprint(of entities: Set<EntityID>) -> Fingerprint {
        Fingerprint(
            live: live, ignoredUsers: ignoredUsers, ignoredTeams: ignoredTeams, members: managesAccess, only: entities)
    }
}
