import RosterCore
import RosterModel

/// The access part of a plan: accounts the roster lists that are no members yet (added), and
/// members it does not list (removed with prune, else reported as unmanaged drift). Emails
/// compare without regard to case and are sent in lower case.
struct AccessPlanner {
    var changes: [Change] = []
    var operations: [PlanOperation] = []
    /// Members removed, and members there are now, for `maxDeletes`.
    var removed = 0
    var liveTotal = 0

    init(access: AccessPolicy, members: [LiveMember], prune: Bool) {
        liveTotal = members.count
        let listed = Set(access.members.map { AccessPolicy.key($0.value) })
        let present = Set(members.map { AccessPolicy.key($0.email) })
        // Sent in lower case: MPS accounts hold emails so, and look them up as written.
        for email in access.members.map({ AccessPolicy.key($0.value) }) where !present.contains(email) {
            var change = Change(action: .create, kind: .access, name: email)
            change.after = [.email: .string(email)]
            changes.append(change)
            operations.append(PlanOperation(payload: .addSpaceMember(email: email), name: email))
        }
        for member in members.sorted(by: { $0.email < $1.email }) where !listed.contains(AccessPolicy.key(member.email))
        {
            let removing = prune || access.prune
            var change = Change(action: removing ? .delete : .unmanaged, kind: .access, name: member.email)
            change.authID = member.authID
            change.before = [.name: .string(member.name)]
            changes.append(change)
            guard removing else { continue }
            removed += 1
            operations.append(PlanOperation(payload: .removeSpaceMember(authID: member.authID), name: member.email))
        }
    }
}
