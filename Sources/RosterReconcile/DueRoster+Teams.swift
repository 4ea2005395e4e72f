import RosterCore
import RosterModel

extension DueRoster {
    /// Teams that start or end, leads that are due, and the people whose team is due moved: out of
    /// every live team they are in, into their team of the day. Nobody is put in a second team: a
    /// new team whose lead cannot come is not created, and its joiners stay where they are.
    mutating func teams() {
        let created = newTeams()
        let leads = settleLeads()
        for (t, team) in today.teams.enumerated() {
            guard let id = matching.teams[t]?.id, let e = teamEntry[id] else {
                if created.contains(t), let lead = timelines.people(ofTeam: t).lead {
                    due.teams.append(
                        TeamEntry(
                            name: team.name, lead: located(lead), members: joiners(of: t).map(located),
                            location: team.location))
                }
                continue
            }
            if timelines.presence(ofTeam: t, exists: true) == .due {
                due.teams[e].presence.lastDay = team.presence.lastDay
                continue
            }
            guard team.presence.status(on: timelines.asOf) == .present else { continue }
            due.teams[e].members.removeAll { $0.value.id.map(moving.contains) ?? false }
            due.teams[e].members += joiners(of: t).map(located)
            if let lead = leads[t] { due.teams[e].lead = located(lead) }
        }
    }

    /// The new lead of each live team whose lead is due and can come; until nothing changes, a
    /// person whose team is due but who leads a live team that keeps them as its lead stays (they
    /// would be in two teams), which may keep another team's new lead from coming.
    private mutating func settleLeads() -> [Int: Int] {
        var leads: [Int: Int] = [:]
        while true {
            leads = [:]
            var blocked: [Int] = []
            for t in today.teams.indices where today.teams[t].presence.status(on: timelines.asOf) == .present {
                guard let id = matching.teams[t]?.id, let current = liveTeams[id] else { continue }
                if let lead = newLead(of: t, current) { leads[t] = lead }
                if moving.contains(current.leadID) && leads[t] == nil { blocked.append(current.leadID) }
            }
            guard !blocked.isEmpty else { break }
            for id in blocked {
                moving.remove(id)
                if let p = person[id] { conflicts.append(teamConflict(p, [], leading: true)) }
            }
        }
        for (t, team) in today.teams.enumerated() where team.presence.status(on: timelines.asOf) == .present {
            guard let id = matching.teams[t]?.id, let current = liveTeams[id], leads[t] == nil else { continue }
            let standing = timelines.lead(ofTeam: t, live: person[current.leadID])
            if standing == .due || standing == .conflict { conflicts.append(leadConflict(t, current)) }
        }
        return leads
    }

    /// Team `t`'s lead of the day, when its lead is due and they come to it (or are in it already).
    private func newLead(of t: Int, _ current: LiveTeam) -> Int? {
        guard timelines.lead(ofTeam: t, live: person[current.leadID]) == .due,
            let lead = timelines.people(ofTeam: t).lead
        else { return nil }
        let leadID = matching.people[lead]?.id
        let inTeam = leadID.map { current.memberSet.contains($0) && !moving.contains($0) } ?? false
        return inTeam || joiners(of: t).contains(lead) ? lead : nil
    }

    /// The roster teams whose first day came and that the space lacks, whose lead can come to them;
    /// the joiners of those whose lead cannot stay where they are.
    private mutating func newTeams() -> Set<Int> {
        var created = Set<Int>()
        for (t, team) in today.teams.enumerated()
        where matching.teams[t] == nil && timelines.presence(ofTeam: t, exists: false) == .due {
            let (lead, _) = timelines.people(ofTeam: t)
            if let lead, joiners(of: t).contains(lead) {
                created.insert(t)
                continue
            }
            for p in joiners(of: t) { if let id = matching.people[p]?.id { moving.remove(id) } }
            let name = lead.map { today.people[$0].name.value } ?? "nobody"
            conflicts.append(
                Conflict(
                    entity: "team \"\(team.name.value)\"", field: "first day",
                    space: "\(name), who is to lead it, is not free to", roster: "it starts \(starts(team))"))
        }
        return created
    }

    /// The roster people who come into team `t` today: those whose team is due, and hires created today.
    func joiners(of t: Int) -> [Int] {
        let (lead, members) = timelines.people(ofTeam: t)
        return ([lead].compactMap { $0 } + members).filter { p in
            joining.contains(p) || (matching.people[p].map { moving.contains($0.id) } ?? false)
        }
    }

    /// A team's lead the apps changed, or one that is due and cannot come: left as it is.
    func leadConflict(_ t: Int, _ current: LiveTeam) -> Conflict {
        let lead = timelines.people(ofTeam: t).lead.map { today.people[$0].name.value } ?? "nobody"
        return Conflict(
            entity: "team \"\(today.teams[t].name.value)\"", field: "lead", space: name(current.leadID),
            roster: lead + from(timelines.leadChangeDays(ofTeam: t)))
    }

    /// A change of a person's level the apps made, that meets one the roster dates.
    func levelConflict(_ p: Int, _ user: LiveUser) -> Conflict {
        let entry = today.people[p]
        let date = user.levelStartDate.map { " since \($0)" } ?? ""
        let days = timelines.dated.people[p].changes.map(\.on.value)
        return Conflict(
            entity: "person \"\(entry.name.value)\"", field: "level", space: user.level.rawValue + date,
            roster: entry.level.rawValue + from(days.isEmpty ? [entry.levelStartDate.value].compactMap { $0 } : days))
    }

    /// A move the apps made, that meets one the roster dates.
    func teamConflict(_ p: Int, _ slots: Set<Timelines.Slot>, leading: Bool = false) -> Conflict {
        let names = slots.map { slot -> String in
            switch slot {
            case .team(let t): today.teams[t].name.value
            case .unmanaged(let id): liveTeams[id]?.name ?? "#\(id)"
            }
        }.sorted()
        let space =
            leading
            ? "leads a team whose lead does not change" : names.isEmpty ? "no team" : names.joined(separator: " and ")
        let wanted = timelines.teams(ofPerson: p).map { today.teams[$0].name.value }.sorted()
        return Conflict(
            entity: "person \"\(today.people[p].name.value)\"", field: "team",
            space: space,
            roster: (wanted.isEmpty ? "no team" : wanted.joined(separator: " and "))
                + from(timelines.teamChangeDays(ofPerson: p)))
    }

    /// ` (dated 2027-01-01, 2027-04-01)` for the days a field changes.
    func from(_ days: [Day]) -> String {
        days.isEmpty ? "" : " (dated " + days.map(\.description).joined(separator: ", ") + ")"
    }

    func starts(_ team: TeamEntry) -> String { team.presence.starts.map { "on \($0.value)" } ?? "today" }

    /// A live person's name, for the words of a conflict.
    func name(_ id: Int) -> String { users[id]?.name ?? "#\(id)" }

    func located(_ person: Int) -> Located<PersonReference> { Located(references[person], at: location) }
}
