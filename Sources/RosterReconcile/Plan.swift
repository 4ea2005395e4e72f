import RosterCore
import RosterModel

/// What it takes to make the live space match the roster: the changes to show, the operations
/// in dependency-ordered steps, and what the reader must be warned about.
package struct Plan: Sendable {
    package let endpoint: String?
    package let space: LiveSpace
    package let changes: [Change]
    /// Steps of independent operations; each step runs after the one before has finished.
    package let steps: [[PlanOperation]]
    package var warnings: [PlanWarning]
    /// Deletes per kind against `maxDeletes`, for apply's safety rail.
    package let deletes: [DeleteCount]
    /// What the fingerprint covers: the live state and what `policy.ignore` leaves out.
    package let live: LiveState
    let ignoredUsers: Set<Int>
    let ignoredTeams: Set<Int>
    /// The live id each roster person and team was matched to (nil: to be created).
    let matchedPeople: [Int?]
    let matchedTeams: [Int?]
    /// Whether the roster has `access:`, so the space's members are part of what the plan read.
    let managesAccess: Bool
    /// Whether the roster keeps the one-team rule (`policy.oneTeamPerPerson`).
    let keepsOneTeamRule: Bool
    /// What the roster dates after the plan's day, by day then name: not planned, not applied.
    package var scheduled: [ScheduledChange] = []
    /// `apply --due`: the plan holds only what the roster's timelines make due (``DueRoster``), and
    /// these are the changes made in the apps it leaves because they meet a dated one.
    package var due: [DueRoster.Conflict]?
    /// The day the plan was made as on (`--as-of`); nil: every dated change was taken as due.
    package var asOf: Day?

    /// What `apply --reviewed` holds back because no reviewed plan holds it, a message each.
    package var heldBack: [String] {
        warnings.compactMap { if case .notReviewed = $0 { $0.message } else { nil } }
    }

    /// What the live space breaks of the rules the roster keeps: each person in several teams,
    /// when the roster keeps the one-team rule (whatever the plan was narrowed to).
    package var brokenRules: [PlanWarning] {
        guard keepsOneTeamRule else { return [] }
        return warnings.filter { if case .inSeveralTeams = $0 { true } else { false } }
    }

    /// The live id of `entity`, when it exists in the state this plan was made from.
    package func liveID(of entity: EntityID) -> Int? {
        switch entity {
        case .newPerson(let index): return matchedPeople.indices.contains(index) ? matchedPeople[index] : nil
        case .newTeam(let index): return matchedTeams.indices.contains(index) ? matchedTeams[index] : nil
        default: return entity.liveID
        }
    }

    /// The name of the roster person a plan operation creates.
    package func personName(rosterIndex: Int) -> String {
        for op in steps.joined() {
            if case .createUser(let index, let fields) = op.payload, index == rosterIndex { return fields.fullName }
        }
        return "#\(rosterIndex + 1) of the roster"
    }

    /// What the plan read of the live space. Computed when asked: apply's re-plans and its
    /// verification never need it, and hashing 10,000 people is not free.
    package var fingerprint: Fingerprint {
        Fingerprint(live: live, ignoredUsers: ignoredUsers, ignoredTeams: ignoredTeams, members: managesAccess)
    }

    package struct Summary: Sendable, Equatable {
        package var create = 0, update = 0, delete = 0, unmanaged = 0
    }

    package var summary: Summary {
        var s = Summary()
        for change in changes {
            switch change.action {
            case .create: s.create += 1
            case .update: s.update += 1
            case .delete: s.delete += 1
            case .unmanaged: s.unmanaged += 1
            }
        }
        return s
    }

    /// Whether applying would change anything.
    package var hasChanges: Bool { !steps.isEmpty }

    package var operationCount: Int { steps.reduce(0) { $0 + $1.count } }
}

extension Plan {
    /// A plan of the given steps and changes, with no roster entries matched: for an executor or
    /// a test that runs operations it made itself. The planner makes every other plan.
    package init(
        endpoint: String?, space: LiveSpace, changes: [Change], steps: [[PlanOperation]], warnings: [PlanWarning],
        deletes: [DeleteCount], live: LiveState
    ) {
        self.init(
            endpoint: endpoint, space: space, changes: changes, steps: steps, warnings: warnings, deletes: deletes,
            live: live, ignoredUsers: [], ignoredTeams: [], matchedPeople: [], matchedTeams: [], managesAccess: false,
            keepsOneTeamRule: false)
    }

    /// This plan with only `steps` and `changes`, a selection of its own, and what the selection
    /// says besides (`adding`): the rest is the same.
    func keeping(steps: [[PlanOperation]], changes: [Change], adding said: [PlanWarning] = []) -> Plan {
        Plan(
            endpoint: endpoint, space: space, changes: changes, steps: steps, warnings: said + warnings,
            deletes: deletes,
            live: live, ignoredUsers: ignoredUsers, ignoredTeams: ignoredTeams, matchedPeople: matchedPeople,
            matchedTeams: matchedTeams, managesAccess: managesAccess, keepsOneTeamRule: keepsOneTeamRule,
            scheduled: scheduled, asOf: asOf)
    }
}
