import RosterDiagnostics
import RosterModel

/// Builds a plan's changes and operations; ``StepScheduler`` orders the operations.
struct PlanBuilder {
    let roster: Roster
    let live: LiveState
    let matching: Matching
    let prune: Bool

    var changes: [Change] = []
    var steps: [[PlanOperation]] = []
    var warnings: [PlanWarning] = []

    private var usersByID: [Int: LiveUser] = [:]
    private var teamsByID: [Int: LiveTeam] = [:]
    /// Roster person index → reference used by operations, and back for live users.
    private var personRefs: [PersonRef] = []
    private var rosterIndexOfUser: [Int: Int] = [:]
    /// Live teams the roster manages (matched, or deleted by prune), and their people.
    private var managedTeams: [Int] = []
    private var scheduler = StepScheduler()
    private var deletedUsers: [Int] = []
    private var deletedTeams: [Int] = []
    /// The live people each managed live team will hold (teams left alone keep theirs), and
    /// those new teams take in: who is in a team after the plan, for `maxDeletes`.
    private var finalMembers: [Int: Set<Int>] = [:]
    private var newTeamMembers = Set<Int>()
    /// The operations of each managed live team, and the joins that must follow a leave.
    private var teamOps: [Int: TeamOps] = [:]
    /// Access removals and the members there are now.
    private var accessCount = (removed: 0, liveTotal: 0)
    private var joins: [(op: Int, person: Int, team: String)] = []

    init(roster: Roster, live: LiveState, matching: Matching, prune: Bool) {
        self.roster = roster
        self.live = live
        self.matching = matching
        self.prune = prune
        for u in live.users { usersByID[u.id] = u }
        for t in live.teams { teamsByID[t.id] = t }
    }

    mutating func build() {
        planAccess()
        planPeople()
        planLevels()
        let teamOps = planTeams()
        planDeletes(teamOps)
        noteAnomalies()
        let (ordered, stepWarnings) = scheduler.steps()
        steps = ordered
        warnings = stepWarnings + warnings
    }

    // MARK: access

    /// Access is planned only where the live members were read (the caller's own space).
    private mutating func planAccess() {
        guard let access = roster.access, let members = live.members else { return }
        let planner = AccessPlanner(access: access, members: members, prune: prune)
        changes += planner.changes
        for operation in planner.operations { scheduler.add(operation) }
        accessCount = (planner.removed, planner.liveTotal)
    }

    // MARK: people

    /// A person's live name (what the space says now).
    private func name(_ ref: PersonRef) -> String {
        switch ref {
        case .live(let id): return usersByID[id]?.name ?? "#\(id)"
        case .created(let i): return roster.people[i].name.value
        }
    }

    /// A person's name as the roster writes it, for the state a change leads to.
    private func desiredName(_ ref: PersonRef) -> String {
        if case .live(let id) = ref, let index = rosterIndexOfUser[id] { return roster.people[index].name.value }
        return name(ref)
    }

    private mutating func planPeople() {
        for (i, person) in roster.people.enumerated() {
            if let match = matching.people[i], let user = usersByID[match.id] {
                personRefs.append(.live(user.id))
                rosterIndexOfUser[user.id] = i
                planUpdate(person, of: user)
            } else {
                personRefs.append(.created(i))
                planCreate(person, rosterIndex: i)
            }
        }
    }

    private mutating func planCreate(_ person: PersonEntry, rosterIndex: Int) {
        let date: String? = if case .date(let d) = person.levelStartDate { d } else { nil }
        var change = Change(action: .create, kind: .person, name: person.name.value)
        change.after = [
            ("name", .string(person.name.value)), ("craft", .string(person.craft.rawValue)),
            ("level", .string(person.level.rawValue)), ("focus", .string(person.focus.rawValue)),
            ("levelStartDate", date.map(JSONValue.string) ?? .null),
        ]
        changes.append(change)
        let fields = PersonFields(
            fullName: person.name.value, craft: person.craft, level: person.level, focus: person.focus,
            levelStartDate: date)
        scheduler.add(PlanOperation(payload: .createUser(rosterIndex: rosterIndex, fields), name: person.name.value))
    }

    private mutating func planUpdate(_ person: PersonEntry, of user: LiveUser) {
        var change = Change(action: .update, kind: .person, name: person.name.value, id: user.id)
        func field(_ name: String, _ before: String?, _ after: String?) {
            change.fields.append(name)
            change.before.append((name, before.map(JSONValue.string) ?? .null))
            change.after.append((name, after.map(JSONValue.string) ?? .null))
        }
        if user.key != person.key { field("name", user.name, person.name.value) }
        if user.craft != person.craft { field("craft", user.craft.rawValue, person.craft.rawValue) }
        if user.level != person.level { field("level", user.level.rawValue, person.level.rawValue) }
        if user.focus != person.focus { field("focus", user.focus.rawValue, person.focus.rawValue) }
        var date = user.levelStartDate
        switch person.levelStartDate {
        case .unmanaged: break
        case .clear:
            if user.levelStartDate != nil { field("levelStartDate", user.levelStartDate, nil) }
            date = nil
        case .date(let d):
            if user.levelStartDate != d { field("levelStartDate", user.levelStartDate, d) }
            date = d
        }
        guard !change.fields.isEmpty else { return }
        changes.append(change)
        // updateUser replaces every field: unmanaged ones are sent as they are live.
        let fields = PersonFields(
            fullName: person.name.value, craft: person.craft, level: person.level, focus: person.focus,
            levelStartDate: date)
        scheduler.add(PlanOperation(payload: .updateUser(id: user.id, fields), name: person.name.value))
    }

    // MARK: levels

    private mutating func planLevels() {
        var liveLimits: [JobLevel: Int] = [:]
        for entry in live.levels { liveLimits[entry.level] = entry.limitMonths }
        for level in roster.levels.sorted(by: { $0.level < $1.level }) {
            let current = liveLimits[level.level]
            guard current != level.limitMonths else { continue }
            var change = Change(action: current == nil ? .create : .update, kind: .level, name: level.level.rawValue)
            if let current {
                change.fields = ["limitMonths"]
                change.before = [("limitMonths", .int(current))]
            }
            change.after = [("limitMonths", .int(level.limitMonths))]
            changes.append(change)
            scheduler.add(
                PlanOperation(
                    payload: .setJobLevelLimit(level.level, level.limitMonths), name: level.level.rawValue,
                    replacesLimit: current != nil))
        }
    }

    // MARK: teams

    /// The operations of each managed live team, for the delete and join orderings.
    struct TeamOps {
        var delete: Int?
        var release: Int?
        var releaseMembers: Set<PersonRef> = []
        var final: Int?
        var finalMembers: Set<PersonRef> = []
    }

    /// A roster team as the plan wants it: its lead and members as the operations name them.
    struct DesiredTeam {
        var rosterIndex: Int
        var name: String
        var lead: PersonRef
        /// Members in roster order, the lead left out.
        var members: [PersonRef]
        /// Everyone in the team, the lead included.
        var everyone: Set<PersonRef>
    }

    private mutating func planTeams() -> [Int: TeamOps] {
        let people = TeamPeople.of(roster)
        let teamOfUser = liveTeamsByUser()
        // Teams to delete first: people they free may lead other teams in between, or join them.
        for team in matching.unclaimedTeams where prune && !isProtected(team: team) { planDelete(team) }
        for (t, team) in roster.teams.enumerated() {
            guard let leadIndex = people.lead(ofTeam: t) else { continue }
            let lead = personRefs[leadIndex]
            var desired = DesiredTeam(rosterIndex: t, name: team.name.value, lead: lead, members: [], everyone: [lead])
            for p in people.members(ofTeam: t) where p >= 0 && desired.everyone.insert(personRefs[Int(p)]).inserted {
                desired.members.append(personRefs[Int(p)])
            }
            if let match = matching.teams[t], let current = teamsByID[match.id] {
                planUpdate(current, to: desired, key: team.key, teamOfUser: teamOfUser)
            } else {
                planCreate(desired)
            }
        }
        orderJoins(joins, ops: teamOps, teamOfUser: teamOfUser)
        return teamOps
    }

    private mutating func planDelete(_ team: LiveTeam) {
        managedTeams.append(team.id)
        var ops = TeamOps()
        ops.delete = scheduler.add(PlanOperation(payload: .deleteTeam(id: team.id), name: team.name))
        teamOps[team.id] = ops
        deletedTeams.append(team.id)
        finalMembers[team.id] = []
        var change = Change(action: .delete, kind: .team, name: team.name, id: team.id)
        change.before = [
            ("name", .string(team.name)), ("lead", .string(name(.live(team.leadID)))),
            ("members", .array(team.memberSet.sorted().map { .string(name(.live($0))) })),
        ]
        changes.append(change)
    }

    private mutating func planCreate(_ desired: DesiredTeam) {
        var change = Change(action: .create, kind: .team, name: desired.name)
        change.after = [
            ("name", .string(desired.name)), ("lead", .string(desiredName(desired.lead))),
            ("members", .array(([desired.lead] + desired.members).map { .string(desiredName($0)) })),
        ]
        changes.append(change)
        let fields = TeamFields(name: desired.name, lead: desired.lead, members: desired.members)
        let op = scheduler.add(
            PlanOperation(payload: .createTeam(rosterIndex: desired.rosterIndex, fields), name: desired.name))
        for case .live(let u) in desired.everyone {
            joins.append((op, u, desired.name))
            newTeamMembers.insert(u)
        }
    }

    private mutating func planUpdate(
        _ current: LiveTeam, to desired: DesiredTeam, key: NameKey, teamOfUser: [Int: [Int]]
    ) {
        managedTeams.append(current.id)
        let liveSet = Set(current.memberSet.map(PersonRef.live))
        let leavers = liveSet.subtracting(desired.everyone)
        let joiners = desired.everyone.subtracting(liveSet)
        finalMembers[current.id] = Set(desired.everyone.compactMap { if case .live(let u) = $0 { u } else { nil } })
        let change = teamChange(current, desired, renamed: current.key != key, leavers: leavers, joiners: joiners)
        guard !change.fields.isEmpty else { return }
        changes.append(change)
        // People who leave and people who join in one update would chain teams together (and
        // loop on a ring of moves): first a release update lets the leavers go, then the final
        // update takes the joiners in.
        if roster.policy.oneTeamPerPerson && !leavers.isEmpty && !joiners.isEmpty,
            let interim = interimLead(
                current: current, desired: desired.everyone, lead: desired.lead, members: desired.members,
                teamOfUser: teamOfUser, deleting: teamOps)
        {
            planReleaseAndFinal(current, to: desired, interim: interim, liveSet: liveSet)
        } else {
            let fields = TeamFields(name: desired.name, lead: desired.lead, members: desired.members)
            let final = scheduler.add(PlanOperation(payload: .updateTeam(id: current.id, fields), name: desired.name))
            teamOps[current.id] = TeamOps(final: final, finalMembers: desired.everyone)
            for case .live(let u) in joiners { joins.append((final, u, desired.name)) }
        }
    }

    /// The update's change: the name, the lead and the members that differ.
    private func teamChange(
        _ current: LiveTeam, _ desired: DesiredTeam, renamed: Bool, leavers: Set<PersonRef>, joiners: Set<PersonRef>
    ) -> Change {
        var change = Change(action: .update, kind: .team, name: desired.name, id: current.id)
        if renamed {
            change.fields.append("name")
            change.before.append(("name", .string(current.name)))
            change.after.append(("name", .string(desired.name)))
        }
        if desired.lead != .live(current.leadID) {
            change.fields.append("lead")
            change.before.append(("lead", .string(name(.live(current.leadID)))))
            change.after.append(("lead", .string(desiredName(desired.lead))))
        }
        if !leavers.isEmpty || !joiners.isEmpty {
            change.fields.append("members")
            change.membersAdded = joiners.map(desiredName).sorted()
            change.membersRemoved = leavers.map(name).sorted()
        }
        return change
    }

    /// A release update (the leavers go, `interim` leads), then the final one unless the
    /// release already is the team's final state.
    private mutating func planReleaseAndFinal(
        _ current: LiveTeam, to desired: DesiredTeam, interim: PersonRef, liveSet: Set<PersonRef>
    ) {
        let staying = current.memberIDs.reduce(into: [PersonRef]()) { list, id in
            if desired.everyone.contains(.live(id)) && !list.contains(.live(id)) { list.append(.live(id)) }
        }
        let releaseMembers = staying.filter { $0 != interim }
        let releaseSet = Set(releaseMembers + [interim])
        let releaseFields = TeamFields(name: desired.name, lead: interim, members: releaseMembers)
        let release = scheduler.add(
            PlanOperation(payload: .updateTeam(id: current.id, releaseFields), name: desired.name, role: .release))
        var ops = TeamOps(release: release, releaseMembers: releaseSet, final: release, finalMembers: desired.everyone)
        if releaseSet != desired.everyone || interim != desired.lead {
            let fields = TeamFields(name: desired.name, lead: desired.lead, members: desired.members)
            let final = scheduler.add(PlanOperation(payload: .updateTeam(id: current.id, fields), name: desired.name))
            scheduler.depend(final, on: release)
            ops.final = final
            for case .live(let u) in desired.everyone.subtracting(releaseSet) { joins.append((final, u, desired.name)) }
        }
        for case .live(let u) in releaseSet.subtracting(liveSet) { joins.append((release, u, desired.name)) }
        teamOps[current.id] = ops
    }

    /// Who leads a team between its release and its final update: someone who stays; else a
    /// newcomer whom taking in early puts in no second team (a new person, someone in no team,
    /// or someone whose teams are all deleted first).
    private func interimLead(
        current: LiveTeam, desired: Set<PersonRef>, lead: PersonRef, members: [PersonRef],
        teamOfUser: [Int: [Int]], deleting: [Int: TeamOps]
    ) -> PersonRef? {
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

    /// Live teams (not ignored) of each user, in live order.
    private func liveTeamsByUser() -> [Int: [Int]] {
        var out: [Int: [Int]] = [:]
        for team in live.teams where !matching.ignoredTeams.contains(team.id) {
            for u in team.memberSet.sorted() { out[u, default: []].append(team.id) }
        }
        return out
    }

    /// With `oneTeamPerPerson`, a person joins a team only after leaving the one they are in.
    private mutating func orderJoins(
        _ joins: [(op: Int, person: Int, team: String)], ops: [Int: TeamOps], teamOfUser: [Int: [Int]]
    ) {
        guard roster.policy.oneTeamPerPerson else { return }
        for join in joins {
            for teamID in teamOfUser[join.person] ?? [] {
                guard let teamOps = ops[teamID], teamOps.final != join.op, teamOps.release != join.op else { continue }
                let person = PersonRef.live(join.person)
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
                    PlanWarning(
                        step: nil,
                        message:
                            "\(name(.live(join.person))) joins team \"\(join.team)\" but stays in team "
                            + "\"\(teamsByID[teamID]?.name ?? "")\", which the roster does not manage"
                    ))
            }
        }
    }

    // MARK: deletes and unmanaged

    private func isProtected(person: LiveUser) -> Bool {
        roster.policy.protectedPeople.contains { NameKey($0.value) == person.key }
    }

    private func isProtected(team: LiveTeam) -> Bool {
        roster.policy.protectedTeams.contains { NameKey($0.value) == team.key }
    }

    private mutating func planDeletes(_ teamOps: [Int: TeamOps]) {
        var unmanaged: [Change] = []
        for team in matching.unclaimedTeams where !(prune && !isProtected(team: team)) {
            var change = Change(action: .unmanaged, kind: .team, name: team.name, id: team.id)
            change.note = prune ? "protected" : nil
            unmanaged.append(change)
        }
        for user in matching.unclaimedUsers {
            guard prune && !isProtected(person: user) else {
                var change = Change(action: .unmanaged, kind: .person, name: user.name, id: user.id)
                change.note = prune ? "protected" : nil
                unmanaged.append(change)
                continue
            }
            // deleteUser refuses a lead: every team this person leads must get a new lead (or
            // go) first, which only teams the roster manages can.
            let led = live.teams.filter { $0.leadID == user.id && !matching.ignoredTeams.contains($0.id) }
            if let stuck = led.first(where: { teamOps[$0.id] == nil })
                ?? live.teams.first(where: { $0.leadID == user.id && matching.ignoredTeams.contains($0.id) })
            {
                var change = Change(action: .unmanaged, kind: .person, name: user.name, id: user.id)
                change.note = "leads team \"\(stuck.name)\", which the roster does not manage"
                unmanaged.append(change)
                warnings.append(
                    PlanWarning(
                        step: nil,
                        message:
                            "\(user.name) (#\(user.id)) is not deleted: they lead team \"\(stuck.name)\", which "
                            + "the roster does not manage"
                    ))
                continue
            }
            let op = scheduler.add(PlanOperation(payload: .deleteUser(id: user.id), name: user.name))
            deletedUsers.append(user.id)
            for team in live.teams where team.memberSet.contains(user.id) {
                guard let ops = teamOps[team.id] else { continue }
                for prerequisite in [ops.delete, ops.release, ops.final].compactMap({ $0 }) {
                    scheduler.depend(op, on: prerequisite)
                }
            }
            var change = Change(action: .delete, kind: .person, name: user.name, id: user.id)
            change.before = [
                ("name", .string(user.name)), ("craft", .string(user.craft.rawValue)),
                ("level", .string(user.level.rawValue)),
                ("focus", .string(user.focus.rawValue)),
                ("levelStartDate", user.levelStartDate.map(JSONValue.string) ?? .null),
            ]
            changes.append(change)
        }
        changes += unmanaged
    }

    func deleteCounts() -> [DeleteCount] {
        let limit = roster.policy.maxDeletes
        let users = live.users.count - matching.ignoredUsers.count
        let teams = live.teams.count - matching.ignoredTeams.count
        let (inTeams, losing) = peopleLosingTheirTeam()
        return [
            DeleteCount(
                kind: .people, count: deletedUsers.count, liveTotal: users, allowed: limit.allowed(ofLiveTotal: users)),
            DeleteCount(
                kind: .teams, count: deletedTeams.count, liveTotal: teams, allowed: limit.allowed(ofLiveTotal: teams)),
            DeleteCount(
                kind: .teamMembers, count: losing, liveTotal: inTeams, allowed: limit.allowed(ofLiveTotal: inTeams)),
            DeleteCount(
                kind: .access, count: accessCount.removed, liveTotal: accessCount.liveTotal,
                allowed: limit.allowed(ofLiveTotal: accessCount.liveTotal)),
        ]
    }

    /// People in a team now (the roster's managed teams and the others it leaves alone), and
    /// how many of them are in no team after the plan, deleted people included. A move from one
    /// team to another is no loss.
    private func peopleLosingTheirTeam() -> (inTeams: Int, losing: Int) {
        var now = Set<Int>()
        var after = newTeamMembers
        for team in live.teams {
            if !matching.ignoredTeams.contains(team.id) { now.formUnion(team.memberSet) }
            after.formUnion(finalMembers[team.id] ?? team.memberSet)
        }
        now.subtract(matching.ignoredUsers)
        after.subtract(deletedUsers)
        return (now.count, now.subtracting(after).count)
    }

    /// Live data the apps would never produce, shown so nobody is surprised by it.
    private mutating func noteAnomalies() {
        // Anomalies are rare: the common case costs a set count per team and one dictionary
        // entry per member, no array per person.
        var firstTeamOf: [Int: String] = Dictionary(minimumCapacity: live.users.count)
        var teamsOf: [Int: [String]] = [:]
        for team in live.teams where !matching.ignoredTeams.contains(team.id) {
            let leadListed = team.memberIDs.contains(team.leadID)
            if team.memberSet.count - (leadListed ? 0 : 1) < team.memberIDs.count {
                var counts: [Int: Int] = [:]
                for id in team.memberIDs { counts[id, default: 0] += 1 }
                for (id, n) in counts.sorted(by: { $0.key < $1.key }) where n > 1 {
                    warnings.append(
                        PlanWarning(
                            step: nil,
                            message: "live team \"\(team.name)\" (#\(team.id)) lists \(name(.live(id))) \(n) times"))
                }
            }
            if !leadListed {
                warnings.append(
                    PlanWarning(
                        step: nil,
                        message:
                            "live team \"\(team.name)\" (#\(team.id)): its lead \(name(.live(team.leadID))) is "
                            + "not among its members"
                    ))
            }
            for id in team.memberSet {
                if let first = firstTeamOf.updateValue(team.name, forKey: id) {
                    firstTeamOf[id] = first
                    teamsOf[id, default: [first]].append(team.name)
                }
            }
        }
        for (id, teams) in teamsOf.sorted(by: { $0.key < $1.key }) {
            warnings.append(
                PlanWarning(
                    step: nil,
                    message:
                        "live user \(name(.live(id))) (#\(id)) is in \(teams.count) teams: "
                        + "\(teams.map { "\"\($0)\"" }.joined(separator: ", "))"
                ))
        }
        for count in deleteCounts() where count.exceeded {
            warnings.append(
                PlanWarning(
                    step: nil,
                    message:
                        "the plan \(count.description), past policy.maxDeletes (\(roster.policy.maxDeletes)); "
                        + "apply will refuse without --allow-large-changes"
                ))
        }
    }
}
