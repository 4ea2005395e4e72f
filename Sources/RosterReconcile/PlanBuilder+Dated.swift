import RosterModel

/// What a roster dates after the plan's day (first days, last days, team changes), scheduled on
/// its day, worded as a plan words the change: derived from the roster's own states on those
/// days, each against the one before, never from a second plan against the space.
extension PlanBuilder {
    /// Schedules each day's changes of `dated` (the roster before it was resolved to the plan's day).
    mutating func scheduleDated(_ dated: Roster) {
        guard let asOf else { return }
        var before = (day: asOf, people: TeamPeople.of(roster), teams: roster.teams)
        var entries = roster.people
        for day in dated.changeDays(after: asOf) {
            let state = dated.on(day)
            let after = (day: day, people: TeamPeople.of(state), teams: state.teams)
            for i in dated.people.indices {
                schedulePerson(i, dated.people[i].presence, from: before.day, to: day)
                if dated.people[i].changes.contains(where: { $0.on.value == day }) {
                    scheduleLevel(i, from: entries[i], to: state.people[i], on: day)
                }
            }
            entries = state.people
            for t in dated.teams.indices {
                scheduleTeam(t, dated.teams[t].presence, from: (before.people, before.day), to: (after.people, day))
            }
            before = after
        }
    }

    private mutating func schedulePerson(_ i: Int, _ presence: Presence, from: Day, to day: Day) {
        let (was, will) = (presence.status(on: from), presence.status(on: day))
        guard was != will else { return }
        let person = roster.people[i]
        let ref = personRefs[i]
        if will == .present, case .created = ref {
            var change = Change(action: .create, kind: .person, name: person.name.value)
            change.person = ref
            change.after = PersonValues.planned(person, over: nil).values
            scheduled.append(ScheduledChange(on: day, change: change))
        } else if was == .present, will == .gone,
            !roster.policy.protectedPeople.contains(where: { NameKey($0.value) == person.key })
        {
            // A protected person stays in the space on their day: only their team changes, as the
            // teams' own scheduled changes say.
            var change = Change(action: .delete, kind: .person, name: name(ref))
            change.person = ref
            if case .live(let id) = ref, let user = usersByID[id] {
                change.id = id
                change.before = PersonValues(user).values
            }
            change.lastDay = presence.lastDay?.value
            scheduled.append(ScheduledChange(on: day, change: change))
        }
    }

    /// Warns of each day whose dated deletes of people or teams pass `policy.maxDeletes`, counted
    /// against the space as it is: the plan that holds them is their review.
    mutating func noteScheduledDeletes() {
        let limit = roster.policy.maxDeletes
        let totals: [Change.Kind: Int] = [
            .person: live.users.count - matching.ignoredUsers.count,
            .team: live.teams.count - matching.ignoredTeams.count,
        ]
        for (day, changes) in Dictionary(grouping: scheduled, by: \.on).sorted(by: { $0.key < $1.key }) {
            for (kind, counted) in [(Change.Kind.person, DeleteCount.Kind.people), (.team, .teams)] {
                let deletes = changes.filter { $0.change.action == .delete && $0.change.kind == kind }.count
                let total = totals[kind] ?? 0
                let count = DeleteCount(
                    kind: counted, count: deletes, liveTotal: total, allowed: limit.allowed(ofLiveTotal: total))
                if count.exceeded { warnings.append(.scheduledDeletes(day: day, count, limit: limit)) }
            }
        }
    }

    /// A person's level change of `day` (their `changes:`), worded as a plan words an update.
    private mutating func scheduleLevel(_ i: Int, from old: PersonEntry, to new: PersonEntry, on day: Day) {
        guard new.presence.status(on: day) == .present else { return }
        let ref = personRefs[i]
        let user: LiveUser? = if case .live(let id) = ref { usersByID[id] } else { nil }
        let (was, will) = (PersonValues.planned(old, over: user), PersonValues.planned(new, over: user))
        guard was != will else { return }
        var change = Change(action: .update, kind: .person, name: new.name.value, id: user?.id)
        change.person = ref
        change.updates = was.changes(to: will)
        scheduled.append(ScheduledChange(on: day, change: change))
    }

    private mutating func scheduleTeam(
        _ t: Int, _ presence: Presence, from: (people: TeamPeople, day: Day), to: (people: TeamPeople, day: Day)
    ) {
        let (was, will) = (presence.status(on: from.day), presence.status(on: to.day))
        let team = roster.teams[t]
        let id = matching.teams[t]?.id
        if was != .present, will == .present {
            var change = Change(action: .create, kind: .team, name: team.name.value)
            change.teamPeople = everyone(t, to.people).map { member($0, desired: true) }
            change.after = [
                .name: .string(team.name.value), .lead: .string(change.teamPeople.first?.name ?? ""),
                .members: .array(change.teamPeople.map { .string($0.name) }),
            ]
            scheduled.append(ScheduledChange(on: to.day, change: change))
        } else if was == .present, will == .gone {
            var change = Change(action: .delete, kind: .team, name: team.name.value, id: id)
            change.teamPeople = everyone(t, from.people).map { member($0, desired: true) }
            change.lastDay = presence.lastDay?.value
            scheduled.append(ScheduledChange(on: to.day, change: change))
        } else if was == .present, will == .present {
            scheduleUpdate(t, id: id, from: from.people, to: to)
        }
    }

    /// A team that stays and changes its lead or members on `to.day`.
    private mutating func scheduleUpdate(_ t: Int, id: Int?, from: TeamPeople, to: (people: TeamPeople, day: Day)) {
        let (old, new) = (everyone(t, from), everyone(t, to.people))
        var change = Change(action: .update, kind: .team, name: roster.teams[t].name.value, id: id)
        if let a = old.first, let b = new.first, a != b {
            change.updates.append(.lead(from: member(a, desired: true), to: member(b, desired: true)))
        }
        let (oldSet, newSet) = (Set(old), Set(new))
        let added = new.filter { !oldSet.contains($0) }, removed = old.filter { !newSet.contains($0) }
        if !added.isEmpty || !removed.isEmpty {
            change.updates.append(
                .members(
                    added: added.map { member($0, desired: true) }.sortedByName(),
                    removed: removed.map { member($0, desired: true) }.sortedByName()))
        }
        guard !change.updates.isEmpty else { return }
        scheduled.append(ScheduledChange(on: to.day, change: change))
    }

    /// A team's lead, then its members, once each, as the plan refers to them.
    private func everyone(_ t: Int, _ people: TeamPeople) -> [PlannedPerson] {
        var seen = Set<PlannedPerson>(), out: [PlannedPerson] = []
        let indices = [people.lead(ofTeam: t)].compactMap { $0 } + people.members(ofTeam: t).map { Int($0) }
        for p in indices where p >= 0 && seen.insert(personRefs[p]).inserted { out.append(personRefs[p]) }
        return out
    }
}
