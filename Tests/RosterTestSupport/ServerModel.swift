import RosterCore
import RosterModel
import RosterReconcile

/// An in-memory MPS with the server's rules: leads appended to members, full replacement,
/// deleteUser refusing leads, unknown ids failing.
package struct ServerModel {
    package var users: [Int: LiveUser] = [:]
    package var teams: [Int: LiveTeam] = [:]
    package var levels: [JobLevel: Int] = [:]
    package var nextID = 1000
    package var created: [Int: Int] = [:]

    package init(_ live: LiveState) {
        for u in live.users { users[u.id] = u }
        for t in live.teams { teams[t.id] = t }
        for l in live.levels { levels[l.level] = l.limitMonths }
        nextID = max(nextID, users.keys.max() ?? 0, teams.keys.max() ?? 0)
    }

    package func resolve(_ ref: PlannedPerson) throws -> Int {
        switch ref {
        case .live(let id):
            guard users[id] != nil else { throw ModelError.refused("unknown user #\(id)") }
            return id
        case .created(let i):
            guard let id = created[i] else { throw ModelError.refused("person \(i) not created yet") }
            return id
        }
    }

    package enum ModelError: Error { case refused(String) }

    package mutating func apply(_ op: PlanOperation) throws {
        switch op.payload {
        case .createUser(let i, let f):
            nextID += 1
            users[nextID] = LiveUser(
                id: nextID, name: f.fullName, craft: f.craft, level: f.level, focus: f.focus,
                levelStartDate: f.levelStartDate)
            created[i] = nextID
        case .updateUser(let id, let f):
            guard users[id] != nil else { throw ModelError.refused("User not found") }
            users[id] = LiveUser(
                id: id, name: f.fullName, craft: f.craft, level: f.level, focus: f.focus,
                levelStartDate: f.levelStartDate)
        case .deleteUser(let id):
            guard users[id] != nil else { throw ModelError.refused("no user") }
            if let led = teams.values.first(where: { $0.leadID == id }) {
                throw ModelError.refused("Cannot delete user: they are the lead of team \"\(led.name)\"")
            }
            for (tid, t) in teams { teams[tid]?.memberIDs = t.memberIDs.filter { $0 != id } }
            users[id] = nil
        case .createTeam(_, let f):
            let lead = try resolve(f.lead)
            var members = try f.members.map(resolve)
            if !members.contains(lead) { members.append(lead) }
            nextID += 1
            teams[nextID] = LiveTeam(id: nextID, name: f.name, leadID: lead, memberIDs: members)
        case .updateTeam(let id, let f):
            guard teams[id] != nil else { throw ModelError.refused("Team not found") }
            let lead = try resolve(f.lead)
            var members = try f.members.map(resolve)
            if !members.contains(lead) { members.append(lead) }
            teams[id] = LiveTeam(id: id, name: f.name, leadID: lead, memberIDs: members)
        case .deleteTeam(let id):
            teams[id] = nil
        case .setJobLevelLimit(let level, let months):
            levels[level] = months
        case .addSpaceMember, .removeSpaceMember:
            break
        }
    }

    /// People in more than one team.
    package var peopleInTwoTeams: [Int] {
        var count: [Int: Int] = [:]
        for t in teams.values { for u in t.memberSet { count[u, default: 0] += 1 } }
        return count.filter { $0.value > 1 }.map(\.key).sorted()
    }

    package var state: LiveState {
        LiveState(
            space: LiveSpace(id: "u_test", name: "Test", isOwner: true), users: users.values.sorted { $0.id < $1.id },
            teams: teams.values.sorted { $0.id < $1.id },
            levels: levels.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
}
