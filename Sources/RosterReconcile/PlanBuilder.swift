import RosterCore
import RosterModel

/// Builds a plan's changes and operations; ``StepScheduler`` orders the operations.
struct PlanBuilder {
    let roster: Roster
    let live: LiveState
    let matching: Matching
    let prune: Bool
    /// The plan's day: what the roster dates after it is scheduled, not planned; nil: every
    /// dated change is due.
    let asOf: Day?

    var changes: [Change] = []
    var scheduled: [ScheduledChange] = []
    var steps: [[PlanOperation]] = []
    var warnings: [PlanWarning] = []

    var usersByID: [Int: LiveUser] = [:]
    var teamsByID: [Int: LiveTeam] = [:]
    /// Roster person index → reference used by operations, and back for live users.
    var personRefs: [PlannedPerson] = []
    var rosterIndexOfUser: [Int: Int] = [:]
    /// Live teams the roster manages (matched, or deleted by prune), and their people.
    var managedTeams: [Int] = []
    var scheduler = StepScheduler()
    var deletedUsers: [Int] = []
    var deletedTeams: [Int] = []
    /// The live people each managed live team will hold (teams left alone keep theirs), and
    /// those new teams take in: who is in a team after the plan, for `maxDeletes`.
    var finalMembers: [Int: Set<Int>] = [:]
    var newTeamMembers = Set<Int>()
    /// The operations of each managed live team, and the joins that must follow a leave.
    var teamOps: [Int: TeamOps] = [:]
    /// Access removals and the members there are now.
    var accessCount = (removed: 0, liveTotal: 0)
    var joins: [(op: Int, person: Int, team: String)] = []
    /// Whether a live person is someone the roster has not started yet (``keepWaiting(_:in:)``).
    var waiting = false
    /// Live people whose last day the roster states has passed, deleted whatever `prune` says.
    var leavers: [(user: LiveUser, lastDay: Day)] = []
    /// The managed live teams of each live user, built when a move first needs it (a space in
    /// sync never does); see ``teamsOfUser()``.
    var liveTeamsOfUser: [Int: [Int]]?

    init(roster: Roster, live: LiveState, matching: Matching, prune: Bool, asOf: Day? = nil) {
        self.roster = roster
        self.live = live
        self.matching = matching
        self.prune = prune
        self.asOf = asOf
        // Sized once: 10,000 users grown into a table one at a time rehash it a dozen times.
        usersByID.reserveCapacity(live.users.count)
        teamsByID.reserveCapacity(live.teams.count)
        rosterIndexOfUser.reserveCapacity(min(live.users.count, roster.people.count))
        personRefs.reserveCapacity(roster.people.count)
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
        noteNearNames()
        noteUndeclaredRenames()
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
    func name(_ ref: PlannedPerson) -> String {
        switch ref {
        case .live(let id): return usersByID[id]?.name ?? "#\(id)"
        case .created(let i): return roster.people[i].name.value
        }
    }

    /// A person's name as the roster writes it, for the state a change leads to.
    func desiredName(_ ref: PlannedPerson) -> String {
        if case .live(let id) = ref, let index = rosterIndexOfUser[id] { return roster.people[index].name.value }
        return name(ref)
    }

    /// A person as a team change names them: as the space names them now, or (`desired`) as the
    /// roster does.
    func member(_ ref: PlannedPerson, desired: Bool = false) -> TeamMember {
        TeamMember(desired ? desiredName(ref) : name(ref), ref)
    }

    private mutating func planPeople() {
        for (i, person) in roster.people.enumerated() {
            let user = matching.people[i].flatMap { usersByID[$0.id] }
            if let user {
                personRefs.append(.live(user.id))
                rosterIndexOfUser[user.id] = i
            } else {
                personRefs.append(.created(i))
            }
            switch person.presence.status(on: asOf) {
            case .present:
                if let user { planUpdate(person, of: user) } else { planCreate(person, rosterIndex: i) }
            case .pending: if user != nil { waiting = true }  // its live match is left as it is until the day
            case .gone: if let user, let last = person.presence.lastDay { leavers.append((user, last.value)) }
            }
        }
    }

    private mutating func planCreate(_ person: PersonEntry, rosterIndex: Int) {
        let fields = PersonValues.planned(person, over: nil)
        var change = Change(action: .create, kind: .person, name: person.name.value)
        change.person = .created(rosterIndex)
        change.after = fields.values
        changes.append(change)
        scheduler.add(PlanOperation(payload: .createUser(rosterIndex: rosterIndex, fields), name: person.name.value))
    }

    private mutating func planUpdate(_ person: PersonEntry, of user: LiveUser) {
        // updateUser replaces every field: what the roster does not manage is sent as it is live.
        let current = PersonValues(user)
        var fields = PersonValues.planned(person, over: user)
        // Most people of a roster in sync change nothing: they cost one comparison.
        guard fields != current else { return }
        if let asOf, case .value(let day) = person.levelStartDate, day > asOf {
            fields = deferLevel(fields, current: current, until: day, person, user)
            guard fields != current else { return }
        }
        var change = Change(action: .update, kind: .person, name: person.name.value, id: user.id)
        change.person = .live(user.id)
        change.updates = current.changes(to: fields)
        changes.append(change)
        if current.level != fields.level && current.levelStartDate == fields.levelStartDate {
            warnings.append(
                .levelWithoutDate(
                    person: person.name.value, id: user.id, from: current.level, to: fields.level,
                    date: fields.levelStartDate))
        }
        scheduler.add(PlanOperation(payload: .updateUser(id: user.id, fields), name: person.name.value))
    }

    /// A level whose start date is after the plan's day is not due: the live level and its date
    /// stay until then, and the change is scheduled for that day.
    private mutating func deferLevel(
        _ fields: PersonValues, current: PersonValues, until day: Day, _ person: PersonEntry, _ user: LiveUser
    ) -> PersonValues {
        var due = fields
        (due.level, due.levelStartDate) = (current.level, current.levelStartDate)
        var change = Change(action: .update, kind: .person, name: person.name.value, id: user.id)
        change.person = .live(user.id)
        change.updates = due.changes(to: fields)
        // Another field changing beside a level already live (and dated) schedules nothing.
        if !change.updates.isEmpty { scheduled.append(ScheduledChange(on: day, change: change)) }
        return due
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
                change.updates = [.limitMonths(from: current, to: level.limitMonths)]
            } else {
                change.after = [.limitMonths: .int(level.limitMonths)]
            }
            changes.append(change)
            scheduler.add(
                PlanOperation(
                    payload: .setJobLevelLimit(level.level, level.limitMonths), name: level.level.rawValue,
                    replacesLimit: current != nil))
        }
    }

    // MARK: deletes and unmanaged

    func isProtected(person: LiveUser) -> Bool {
        roster.policy.protectedPeople.contains { NameKey($0.value) == person.key }
    }

    func isProtected(team: LiveTeam) -> Bool {
        roster.policy.protectedTeams.contains { NameKey($0.value) == team.key }
    }

    private mutating func planDeletes(_ teamOps: [Int: TeamOps]) {
        var unmanaged: [Change] = []
        for team in matching.unclaimedTeams where !(prune && !isProtected(team: team)) {
            unmanaged.append(unmanagedChange(.team, name: team.name, id: team.id))
        }
        for (user, lastDay) in leavers {
            retire(user, teamOps, lastDay: lastDay, unmanaged: &unmanaged)
        }
        for user in matching.unclaimedUsers {
            if !prune {
                unmanaged.append(unmanagedChange(.person, name: user.name, id: user.id))
            } else {
                retire(user, teamOps, unmanaged: &unmanaged)
            }
        }
        changes += unmanaged
    }

    /// Deletes `user` (pruned, or past the `lastDay` the roster states) unless they are protected
    /// or lead a team only the roster could give a new lead.
    private mutating func retire(
        _ user: LiveUser, _ teamOps: [Int: TeamOps], lastDay: Day? = nil, unmanaged: inout [Change]
    ) {
        if isProtected(person: user) {
            var change = Change(action: .unmanaged, kind: .person, name: user.name, id: user.id)
            change.note = "protected"
            unmanaged.append(change)
        } else if let stuck = teamLedOutsideTheRoster(by: user, teamOps) {
            var change = Change(action: .unmanaged, kind: .person, name: user.name, id: user.id)
            change.note = "leads team \"\(stuck.name)\", which the roster does not manage"
            unmanaged.append(change)
            warnings.append(.leadOfUnmanagedTeam(person: user.name, id: user.id, team: stuck.name))
        } else {
            planDelete(user, teamOps, lastDay: lastDay)
        }
    }

    /// A live entity the roster leaves alone: unmanaged, or protected from `--prune`.
    private func unmanagedChange(_ kind: Change.Kind, name: String, id: Int) -> Change {
        var change = Change(action: .unmanaged, kind: kind, name: name, id: id)
        change.note = prune ? "protected" : nil
        return change
    }

    /// A team `user` leads that only the roster could give a new lead, when the roster does not
    /// manage it: deleteUser refuses a lead, so such a person cannot be deleted.
    private func teamLedOutsideTheRoster(by user: LiveUser, _ teamOps: [Int: TeamOps]) -> LiveTeam? {
        live.teams.first { $0.leadID == user.id && !matching.ignoredTeams.contains($0.id) && teamOps[$0.id] == nil }
            ?? live.teams.first { $0.leadID == user.id && matching.ignoredTeams.contains($0.id) }
    }

    /// Deletes `user` after every change to the teams they are in.
    private mutating func planDelete(_ user: LiveUser, _ teamOps: [Int: TeamOps], lastDay: Day?) {
        let op = scheduler.add(PlanOperation(payload: .deleteUser(id: user.id), name: user.name))
        deletedUsers.append(user.id)
        for team in live.teams where team.memberSet.contains(user.id) {
            guard let ops = teamOps[team.id] else { continue }
            for prerequisite in [ops.delete, ops.release, ops.final].compactMap({ $0 }) {
                scheduler.depend(op, on: prerequisite)
            }
        }
        var change = Change(action: .delete, kind: .person, name: user.name, id: user.id)
        change.person = .live(user.id)
        change.before = PersonValues(user).values
        change.lastDay = lastDay
        changes.append(change)
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
        // Sized for everyone at once: growing a set of 10,000 ids rehashes it a dozen times.
        var now = Set<Int>(minimumCapacity: live.users.count)
        var after = newTeamMembers
        after.reserveCapacity(live.users.count)
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
            noteAnomalies(of: team)
            for id in team.memberSet {
                if let first = firstTeamOf.updateValue(team.name, forKey: id) {
                    firstTeamOf[id] = first
                    teamsOf[id, default: [first]].append(team.name)
                }
            }
        }
        for (id, teams) in teamsOf.sorted(by: { $0.key < $1.key }) {
            warnings.append(.inSeveralTeams(person: name(.live(id)), id: id, teams: teams))
        }
        for count in deleteCounts() where count.exceeded {
            warnings.append(.tooManyDeletes(count, limit: roster.policy.maxDeletes))
        }
    }

    /// A live team listing a member more than once, or without its lead among its members.
    private mutating func noteAnomalies(of team: LiveTeam) {
        let leadListed = team.memberIDs.contains(team.leadID)
        if team.memberSet.count - (leadListed ? 0 : 1) < team.memberIDs.count {
            var counts: [Int: Int] = [:]
            for id in team.memberIDs { counts[id, default: 0] += 1 }
            for (id, n) in counts.sorted(by: { $0.key < $1.key }) where n > 1 {
                warnings.append(.memberRepeated(team: team.name, id: team.id, member: name(.live(id)), times: n))
            }
        }
        if !leadListed {
            warnings.append(.leadNotAMember(team: team.name, id: team.id, lead: name(.live(team.leadID))))
        }
    }
}
