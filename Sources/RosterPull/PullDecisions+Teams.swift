import RosterCore
import RosterFiles
import RosterModel
import RosterReconcile

/// The teams' lead and members as the space has them, person by person by the one rule of days:
/// a person the files keep (``PullDecisions/Verdict/keep``) stays where the files put them; the rest
/// are written where the space has them. A team's changes whose day has come fold into its lead and
/// members once nothing of it waits to be applied; until then, what is adopted is written into the
/// change in force, and an adopted person is written in the team's later changes too (or out of
/// them), until the roster's own next change of their team.
extension PullDecisions {
    mutating func pullTeams() {
        for (t, team) in day.teams.enumerated() {
            let at = team.location
            let status = team.presence.status(on: asOf)
            if status == .pending || (status == .gone && matching.teams[t] != nil) { continue }
            guard let match = matching.teams[t], let current = teams[match.id] else {
                if timelines?.presence(ofTeam: t, exists: false) == .due {
                    let day = team.presence.starts?.value.description ?? ""
                    kept.append("team \"\(team.name.value)\" starts \(day): not created yet")
                } else {
                    decisions.append(.removeEntry(at))
                }
                continue
            }
            if team.presence.starts != nil { decisions.append(.fold(entry: at, key: Team.starts.name)) }
            if matching.picked.teams.contains(t) { set(at, Team.id.name, .number(current.id)) }
            var edit = TeamEdit(written: roster.teams[t], asOf: asOf)
            // Each field of the table, in its order (the members follow the lead the team ends
            // with); the switch names this place when a field is added.
            var lead: Int?
            for field in TeamField.allCases {
                switch field {
                case .name: pullName(team, current, at)
                case .lead: lead = pullLead(t, team, dayPeople, current, &edit)
                case .members: pullMembers(t, dayPeople, current, lead: lead, &edit)
                }
            }
            write(edit, t, at)
        }
    }

    /// A rename in the app, written as one: the old name kept among the former names.
    private mutating func pullName(_ team: TeamEntry, _ current: LiveTeam, _ at: SourceLocation) {
        guard current.key != team.key else { return }
        set(at, Team.name.name, .text(LiveEntries.name(current.name)))
        let former = team.previously.map(\.value).filter { NameKey($0) != current.key }
        set(at, Team.previously.name, .list(former + [team.name.value]))
    }

    /// The team's lead: the space's where it is adopted (or a person's spelling changes), the
    /// files' where it waits; returns the lead the team ends with (live id, when known).
    private mutating func pullLead(
        _ t: Int, _ team: TeamEntry, _ people: TeamPeople, _ current: LiveTeam, _ edit: inout TeamEdit
    ) -> Int? {
        let rosterLead = people.lead(ofTeam: t).flatMap { matching.people[$0]?.id }
        let leadsHere = homes[current.leadID].map { $0 == current.id } ?? true
        guard leadsHere else { return rosterLead }
        if rosterLead != current.leadID {
            switch timelines?.lead(ofTeam: t, live: rosterIndex[current.leadID]) ?? .drift {
            case .current, .ahead, .due:
                edit.held = true
                return rosterLead
            case .conflict:
                let conflict = leadConflict(t, current)
                switch resolution(conflict) {
                case .space?: break
                case .files?:
                    kept.append("\(conflict.entity) lead (the files' taken)")
                    edit.held = true
                    return rosterLead
                case nil:
                    conflicts.append(conflict)
                    edit.held = true
                    return rosterLead
                }
            case .drift: break
            }
        } else if !(renamed(current.leadID) || needsPin(team.lead.value)) {
            return rosterLead
        }
        edit.lead = entries.reference(current.leadID)
        return current.leadID
    }

    /// `team "Checkout" lead: base Ana, files Bo (dated 2027-02-01), space Cy`.
    func leadConflict(_ t: Int, _ current: LiveTeam) -> ThreeWayPull.Conflict {
        let days = timelines?.leadChangeDays(ofTeam: t) ?? []
        let lead = timelines?.people(ofTeam: t).lead.map { roster.people[$0].name.value } ?? "nobody"
        return ThreeWayPull.Conflict(
            kind: .team, name: roster.teams[t].name.value, field: "lead", base: "as before",
            files: lead + (days.isEmpty ? "" : " (dated " + days.map(\.description).joined(separator: ", ") + ")"),
            space: entries.names[current.leadID] ?? "#\(current.leadID)")
    }

    /// The team's members on the pull's day: those the files keep, as written; those adopted, as
    /// the space has them; a hire whose first day is to come, kept as written.
    private mutating func pullMembers(
        _ t: Int, _ people: TeamPeople, _ current: LiveTeam, lead: Int?, _ edit: inout TeamEdit
    ) {
        let listed = people.members(ofTeam: t)
        let references = day.teams[t].members
        var written: [String] = [], inList = Set<Int>(), stale = false
        for (reference, p) in zip(references, listed) {
            guard p >= 0, let id = matching.people[Int(p)]?.id else {
                // A hire still to come stays; someone the space no longer has goes.
                if p >= 0 && roster.people[Int(p)].presence.status(on: asOf) == .pending {
                    written.append(reference.value.text)
                } else {
                    stale = true
                }
                continue
            }
            inList.insert(id)
            let inSpace = current.memberSet.contains(id) && placed(id, in: current.id)
            if keeps(id) {
                if !inSpace && id != lead { edit.held = true }
                written.append(reference.value.text)
            } else if id == lead {
                // The lead may be listed among the members too.
                written.append(reference.value.text)
            } else if inSpace {
                let name = renamed(id) || needsPin(reference.value) ? entries.reference(id) : reference.value.text
                stale = stale || name != reference.value.text
                written.append(name)
            } else {
                stale = true
                edit.leaving.append(id)
            }
        }
        // Who the space has here and the files do not: adopted, unless the files keep them where they
        // are, or their entry is not in the space today (a leaver to delete, a hire made early).
        let joining = current.memberSet.subtracting(inList).subtracting([current.leadID]).filter { id in
            placed(id, in: current.id) && !keeps(id)
                && (rosterIndex[id].map { roster.people[$0].presence.status(on: asOf) == .present } ?? true)
        }
        for id in joining.sorted(by: { entries.reference($0) < entries.reference($1) }) {
            written.append(entries.reference(id))
            edit.joining.append(id)
        }
        for id in current.memberSet where keeps(id) && !inList.contains(id) && id != lead { edit.held = true }
        if stale || !joining.isEmpty { edit.members = written }
    }

    /// The decisions of a team's edit: its lead and members written where the day's values stand
    /// (the entry's own, or the change in force), its changes folded or carried.
    private mutating func write(_ edit: TeamEdit, _ t: Int, _ at: SourceLocation) {
        var edit = edit
        edit.carry(adopted: verdicts, references: entries.reference) { reference in
            guard case .found(let p) = index.resolve(reference) else { return reference.text }
            if removedPeople.contains(p) { return nil }
            guard let id = matching.people[p]?.id, renamed(id) || needsPin(reference) else { return reference.text }
            return entries.reference(id)
        }
        for (day, lead) in edit.lostLeads {
            let team = roster.teams[t].name.value
            diagnostics.append(
                .error(
                    "the space deleted \(lead), whom the files make the lead of team \"\(team)\" from \(day): name "
                        + "who leads it then (`roster move NAME --to \"\(team)\" --as lead --on \(day)`), then pull "
                        + "again", at: at))
        }
        if let lead = edit.entryLead { set(at, Team.lead.name, .text(lead)) }
        if let members = edit.entryMembers { decisions.append(.members(entry: at, members)) }
        if let records = edit.records { decisions.append(.teamChanges(entry: at, records.map(\.written))) }
    }
}

// The roster format's keys, as RosterFormat declares them.
private typealias Team = RosterFormat.TeamKey
