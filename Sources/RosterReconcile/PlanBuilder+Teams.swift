import RosterCore
import RosterModel

/// Teams: deletes of unclaimed teams first, then creates and updates (a release update, then the final one),
/// with joins ordered after leaves under `oneTeamPerPerson`.
extension PlanBuilder {
    /// The operations of each managed live team, for the delete and join orderings.
    struct TeamOps {
        var delete: Int?
        var release: Int?
        var releaseMembers: Set<PlannedPerson> = []
        var final: Int?
        var finalMembers: Set<PlannedPerson> = []
    }

    /// A roster team as the plan wants it: the values its operations send, built once from the
    /// entry (every create and update sends these, a release update with other people).
    struct DesiredTeam {
        var rosterIndex: Int
        var values: TeamValues
        /// Everyone in the team, the lead included.
        var everyone: Set<PlannedPerson>

        var name: String {
            get { values.name }
            set { values.name = newValue }
        }
        var lead: PlannedPerson { values.lead }
        /// Members in roster order, the lead left out.
        var members: [PlannedPerson] { values.members }

        mutating func add(_ member: PlannedPerson) {
            guard everyone.insert(member).inserted else { return }
            values.members.append(member)
        }
    }

    mutating func planTeams() -> [Int: TeamOps] {
        let people = TeamPeople.of(roster)
        // Teams to delete first: people they free may lead other teams in between, or join them.
        for team in matching.unclaimedTeams where prune && !isProtected(team: team) { planDelete(team) }
        for (t, team) in roster.teams.enumerated() where team.presence.status(on: asOf) == .gone {
            guard let match = matching.teams[t], let current = teamsByID[match.id] else { continue }
            if isProtected(team: current) { continue }
            planDelete(current, lastDay: team.presence.lastDay?.value)
        }
        for (t, team) in roster.teams.enumerated() {
            // A team before its first day is neither created nor touched; one past its last, deleted.
            guard team.presence.status(on: asOf) == .present, let leadIndex = people.lead(ofTeam: t) else { continue }
            let lead = personRefs[leadIndex]
            var desired = DesiredTeam(
                rosterIndex: t, values: TeamValues(name: team.name.value, lead: lead, members: []), everyone: [lead])
            for p in people.members(ofTeam: t) where p >= 0 { desired.add(personRefs[Int(p)]) }
            if let match = matching.teams[t], let current = teamsByID[match.id] {
                if waiting { keepWaiting(current, in: &desired) }
                planUpdate(current, to: desired, key: team.key)
            } else {
                planCreate(desired)
            }
        }
        orderJoins(joins, ops: teamOps)
        return teamOps
    }

    /// Someone the apps put in a team before the first day the roster gives them stays in it until
    /// that day: the plan does not touch a live match before its first day.
    private func keepWaiting(_ current: LiveTeam, in desired: inout DesiredTeam) {
        for u in current.memberIDs where !desired.everyone.contains(.live(u)) {
            guard let i = rosterIndexOfUser[u], roster.people[i].presence.status(on: asOf) == .pending else { continue }
            desired.add(.live(u))
        }
    }

    private mutating func planDelete(_ team: LiveTeam, lastDay: Day? = nil) {
        managedTeams.append(team.id)
        var ops = TeamOps()
        ops.delete = scheduler.add(PlanOperation(payload: .deleteTeam(id: team.id), name: team.name))
        teamOps[team.id] = ops
        deletedTeams.append(team.id)
        finalMembers[team.id] = []
        var change = Change(action: .delete, kind: .team, name: team.name, id: team.id)
        change.lastDay = lastDay
        let people = [team.leadID] + team.memberSet.sorted().filter { $0 != team.leadID }
        change.teamPeople = people.map { member(.live($0)) }
        change.before = [
            .name: .string(team.name), .lead: .string(name(.live(team.leadID))),
            .members: .array(team.memberSet.sorted().map { .string(name(.live($0))) }),
        ]
        changes.append(change)
    }

    private mutating func planCreate(_ desired: DesiredTeam) {
        var change = Change(action: .create, kind: .team, name: desired.name)
        change.teamPeople = ([desired.lead] + desired.members).map { member($0, desired: true) }
        change.after = [
            .name: .string(desired.name), .lead: .string(desiredName(desired.lead)),
            .members: .array(([desired.lead] + desired.members).map { .string(desiredName($0)) }),
        ]
        changes.append(change)
        let op = scheduler.add(
            PlanOperation(payload: .createTeam(rosterIndex: desired.rosterIndex, desired.values), name: desired.name))
        for case .live(let u) in desired.everyone {
            joins.append((op, u, desired.name))
            newTeamMembers.insert(u)
        }
    }

    private mutating func planUpdate(
        _ current: LiveTeam, to desired: DesiredTeam, key: NameKey
    ) {
        managedTeams.append(current.id)
        let leavers = Set(current.memberSet.lazy.map(PlannedPerson.live).filter { !desired.everyone.contains($0) })
        let joiners = desired.everyone.filter { ref in
            if case .live(let u) = ref { !current.memberSet.contains(u) } else { true }
        }
        // A team that keeps its people keeps its member set (most teams, in a space in sync).
        finalMembers[current.id] =
            leavers.isEmpty && joiners.isEmpty
            ? current.memberSet : Set(desired.everyone.compactMap { if case .live(let u) = $0 { u } else { nil } })
        let change = teamChange(current, desired, renamed: current.key != key, leavers: leavers, joiners: joiners)
        guard !change.updates.isEmpty else { return }
        changes.append(change)
        // updateTeam replaces the name too: the live spelling stays when the roster's has its key.
        var desired = desired
        if current.key == key { desired.name = current.name }
        // People who leave and people who join in one update would chain teams together (and
        // loop on a ring of moves): first a release update lets the leavers go, then the final
        // update takes the joiners in.
        let moving = roster.policy.oneTeamPerPerson && !leavers.isEmpty && !joiners.isEmpty
        let teamOfUser = moving ? teamsOfUser() : [:]
        if moving,
            let interim = interimLead(
                current: current, desired: desired.everyone, lead: desired.lead, members: desired.members,
                teamOfUser: teamOfUser, deleting: teamOps)
        {
            planReleaseAndFinal(current, to: desired, interim: interim)
        } else {
            let final = scheduler.add(
                PlanOperation(payload: .updateTeam(id: current.id, desired.values), name: desired.name))
            teamOps[current.id] = TeamOps(final: final, finalMembers: desired.everyone)
            for case .live(let u) in joiners { joins.append((final, u, desired.name)) }
        }
    }

    /// The update's change: each field of the table that differs, in the table's order (the
    /// switch names this place when a field is added).
    private func teamChange(
        _ current: LiveTeam, _ desired: DesiredTeam, renamed: Bool, leavers: Set<PlannedPerson>,
        joiners: Set<PlannedPerson>
    ) -> Change {
        var change = Change(action: .update, kind: .team, name: desired.name, id: current.id)
        for field in TeamField.allCases {
            switch field {
            case .name:
                if renamed { change.updates.append(.name(from: current.name, to: desired.name)) }
            case .lead:
                guard desired.lead != .live(current.leadID) else { continue }
                change.updates.append(
                    .lead(from: member(.live(current.leadID)), to: member(desired.lead, desired: true)))
            case .members:
                guard !leavers.isEmpty || !joiners.isEmpty else { continue }
                change.updates.append(
                    .members(
                        added: joiners.map { member($0, desired: true) }.sortedByName(),
                        removed: leavers.map { member($0) }.sortedByName()))
            }
        }
        return change
    }

    /// A release update (the leavers go, `interim` leads), then the final one unless the
    /// release already is the team's final state.
    private mutating func planReleaseAndFinal(
        _ current: LiveTeam, to desired: DesiredTeam, interim: PlannedPerson
    ) {
        let staying = current.memberIDs.reduce(into: [PlannedPerson]()) { list, id in
            if desired.everyone.contains(.live(id)) && !list.contains(.live(id)) { list.append(.live(id)) }
        }
        let releaseMembers = staying.filter { $0 != interim }
        let releaseSet = Set(releaseMembers + [interim])
        let releaseFields = desired.values.with(lead: interim, members: releaseMembers)
        let release = scheduler.add(
            PlanOperation(payload: .updateTeam(id: current.id, releaseFields), name: desired.name, role: .release))
        var ops = TeamOps(release: release, releaseMembers: releaseSet, final: release, finalMembers: desired.everyone)
        if releaseSet != desired.everyone || interim != desired.lead {
            let final = scheduler.add(
                PlanOperation(payload: .updateTeam(id: current.id, desired.values), name: desired.name))
            scheduler.depend(final, on: release)
            ops.final = final
            for case .live(let u) in desired.everyone.subtracting(releaseSet) { joins.append((final, u, desired.name)) }
        }
        for case .live(let u) in releaseSet where !current.memberSet.contains(u) {
            joins.append((release, u, desired.name))
        }
        teamOps[current.id] = ops
    }

    /// Who leads a team between its release and its final update: someone who stays; else a
    /// newcomer whom taking in early puts in no second team (a new person, someone in no team,
    /// or someone whose teams are all deleted first).
    private func interimLead(
        current: LiveTeam, desired: Set<PlannedPerson>, lead: PlannedPerson, members: [PlannedPerson],
        teamOfUser: [Int: [Int]], deleting: [Int: TeamOps]
    ) -> PlannedPerson? {
        let staying = current.memberSet.filter { desired.contains(.live($0)) }
        if case .live(let l) = lead, staying.contains(l) { return lead }
        if staying.contains(current.leadID) { return .live(current.leadID) }
        if let first = current.memberIDs.first(where: { staying.contains($0) }) { return .live(first) }
        for candidate in [lead] + members {
            switch candidate {
            case .created:
                return candidate
            case .live(let u):
                if (teamOfUser[u] ?? []).allSatisfy({ deleting[$0]?.delete != nil }) { return candidate }
            }
        }
        return nil
    }

    /// The live teams each live user is in (ignored teams left out), built once, on first use.
    mutating func teamsOfUser() -> [Int: [Int]] {
        if let built = liveTeamsOfUser { return built }
        var out: [Int: [Int]] = [:]
        for team in live.teams where !matching.ignoredTeams.contains(team.id) {
            for u in team.memberSet.sorted() { out[u, default: []].append(team.id) }
        }
        liveTeamsOfUser = out
        return out
    }

    /// With `oneTeamPerPerson`, a person joins a team only after leaving the one they are in.
    private mutating func orderJoins(
        _ joins: [(op: Int, person: Int, team: String)], ops: [Int: TeamOps]
    ) {
        guard roster.policy.oneTeamPerPerson, !joins.isEmpty else { return }
        let teamOfUser = teamsOfUser()
        for join in joins {
            for teamID in teamOfUser[join.person] ?? [] {
                guard let teamOps = ops[teamID], teamOps.final != join.op, teamOps.release != join.op else { continue }
                let person = PlannedPerson.live(join.person)
                let remover =
                    teamOps.delete
                    ?? (teamOps.release != nil && !teamOps.releaseMembers.contains(person) ? teamOps.release : nil)
                    ?? (teamOps.final != nil && !teamOps.finalMembers.contains(person) ? teamOps.final : nil)
                if let remover {
                    scheduler.depend(
                        join.op, on: remover, movingPerson: name(person), from: teamsByID[teamID]?.name ?? "",
                        to: join.team)
                }
            }
            let unmanaged = (teamOfUser[join.person] ?? []).filter { ops[$0] == nil && !managedTeams.contains($0) }
            for teamID in unmanaged {
                warnings.append(
                    .staysInUnmanagedTeam(
                        person: name(.live(join.person)), joins: join.team, stays: teamsByID[teamID]?.name ?? ""))
            }
        }
    }
}
