import RosterCore
import RosterFiles
import RosterModel

/// Edits that take effect on a day (`--on DATE`): a hire's first day, a last day, a team's first
/// and last day, and moves and new leads written as the teams' dated `changes`. Each is written
/// against the teams as they stand on that day; the edited roster is validated, so a change dated
/// before someone's first day is refused where it would be written.
extension RosterEditor {
    /// A team's change on the edit's day, gathered before it is written.
    struct DatedTeamChange {
        var lead: String?
        var adding: [String] = []
        var removing = Set<Int>()
        /// People who leave the space on the day: their names go from the team's later changes.
        var leaving = Set<Int>()
        /// The change's day, when it is not the edit's (`--on`): a successor who leaves their team
        /// on the first day of the team they are to lead.
        var day: Day?
    }

    mutating func writeDated(_ edit: RosterEdit, on day: Day) throws(EditRefusal) {
        switch edit {
        case .addPerson(let person): try hire(person, on: day)
        case .addTeam(let name, let lead, let members, let into):
            try addTeam(name, lead: lead, members: members, into: into, on: day)
        case .move(let person, let team, let role, _, let successor):
            try move(person, to: team, as: role, successor: successor, on: day)
        case .setPerson(let name, let changes): try promote(name, changes, on: day)
        case .setTeam(let name, let lead, let members): try setTeam(name, lead: lead, members: members, on: day)
        case .removePerson(let name, let successor): try removePerson(name, successor: successor, on: day)
        case .removeTeam(let name): try removeTeam(name, on: day)
        case .setLevel, .rename, .on:
            throw EditRefusal(
                .editMissingValue, "--on takes effect on a day for hire, add, move, set person, set team and remove",
                at: nil)
        }
    }

    /// The teams as they stand on `day`, everyone they name kept.
    func teamsOn(_ day: Day) -> (teams: [TeamEntry], people: TeamPeople) {
        let state = roster.on(day, keepingAway: true)
        return (state.teams, TeamPeople.of(state))
    }

    /// The teams person `p` is in on `day`, and whether they lead each: teams that are there that
    /// day (one that ended the day before holds nobody, and needs no new lead).
    func placesOn(_ day: Day, of p: Int) -> [(team: Int, leads: Bool)] {
        let (teams, people) = teamsOn(day)
        return teams.indices.compactMap { t in
            guard teams[t].presence.status(on: day) == .present else { return nil }
            if people.lead(ofTeam: t) == p { return (t, true) }
            return people.members(ofTeam: t).contains(Int32(p)) ? (t, false) : nil
        }
    }

    private mutating func hire(_ new: NewPerson, on day: Day) throws(EditRefusal) {
        var undated = new
        undated.team = nil
        // The entry states its first day (``fields(of:)``), and joins its team on it.
        try addPerson(undated)
        summary[summary.count - 1] += ", starting \(day)"
        guard let name = new.team else { return }
        let t = try team(name)
        var change = datedTeams[t] ?? DatedTeamChange()
        if new.role == .lead { change.lead = new.name } else { change.adding.append(new.name) }
        datedTeams[t] = change
        summary.append("\(new.name): \(new.role == .lead ? "leads" : "joins") \(roster.teams[t].name.value) on \(day)")
    }

    mutating func move(
        _ name: String, to teamName: String, as role: TeamRole, successor: String?, on day: Day
    ) throws(EditRefusal) {
        let p = try person(name), t = try team(teamName)
        let next = try successor.map { name throws(EditRefusal) in try person(name) }
        let places = placesOn(day, of: p).filter { $0.team != t }
        for (other, leads) in places where roster.policy.oneTeamPerPerson || places.count == 1 {
            try takeOut(p, of: other, leads: leads, successor: next, on: day)
        }
        var change = datedTeams[t] ?? DatedTeamChange()
        if role == .lead { change.lead = reference(p) } else { change.adding.append(reference(p)) }
        datedTeams[t] = change
        let was = places.map { roster.teams[$0.team].name.value }.joined(separator: ", ")
        summary.append(
            "\(roster.people[p].name.value): \(was.isEmpty ? "" : was + " → ")\(roster.teams[t].name.value) "
                + "(\(role.rawValue)) on \(day)")
    }

    /// Person `p` out of team `t` on `day`; a lead hands the team to `successor`, who must be in it.
    mutating func takeOut(
        _ p: Int, of t: Int, leads: Bool, successor: Int?, on day: Day
    ) throws(EditRefusal) {
        var change = datedTeams[t] ?? DatedTeamChange()
        change.removing.insert(p)
        if leads {
            guard let successor else { throw needsSuccessor(p, t) }
            let (_, people) = teamsOn(day)
            guard people.members(ofTeam: t).contains(Int32(successor)) else {
                throw EditRefusal(
                    .editNeedsSuccessor,
                    "--successor: \(roster.people[successor].name.value) is not in \(roster.teams[t].name.value) on "
                        + "\(day); move them there first (`roster move … --on \(day)`)",
                    at: roster.teams[t].location)
            }
            change.lead = reference(successor)
        }
        datedTeams[t] = change
    }

    private mutating func addTeam(
        _ name: String, lead: String, members: [String], into: String?, on day: Day
    ) throws(EditRefusal) {
        // The entry states its first day; its people leave their teams on it.
        let said = unchanged
        try addTeam(name, lead: lead, members: members, into: into)
        // The team is already in the roster as given: nothing to date either.
        guard unchanged == said else { return }
        summary[summary.count - 1] += ", starting \(day)"
        for name in [lead] + members where roster.policy.oneTeamPerPerson {
            let p = try person(name)
            for (other, leads) in placesOn(day, of: p) {
                try takeOut(p, of: other, leads: leads, successor: nil, on: day)
                summary.append("\(roster.people[p].name.value) leaves \(roster.teams[other].name.value) on \(day)")
            }
        }
    }

    /// `--on` with `set person`: a level that takes effect on the day, written as the person's
    /// change of that day (`changes:`), so the entry keeps saying the level they have until then.
    /// A day that has come is the level's start date, set now.
    private mutating func promote(_ name: String, _ changes: PersonChanges, on day: Day) throws(EditRefusal) {
        var fields = changes.fields
        let others = PersonField.all.filter { $0 != .level && $0 != .levelStartDate && fields[$0] != nil }
        guard others.isEmpty, changes.id == nil, case .some(.some(let text)) = fields[.level] else {
            throw EditRefusal(
                .editMissingValue,
                "--on dates a new level (its start date); craft, focus and id change as soon as the plan is applied: "
                    + "set them without --on", at: nil)
        }
        if let since = fields[.levelStartDate], since != .some(day.description) {
            throw EditRefusal(
                .editMissingValue, "--on \(day) and --since \(since ?? "none") name different days; give one", at: nil)
        }
        guard day > today else {
            fields[.levelStartDate] = .some(day.description)
            return try setPerson(name, PersonChanges(fields: fields))
        }
        let p = try person(name)
        let entry = roster.people[p]
        let level = JobLevel(server: text)
        let eve = entry.levelOn(day.adding(days: -1))
        let same = entry.changes.contains { $0.on.value == day && $0.level.value == level }
        var dated = entry.changes.filter { $0.on.value != day }
        if same || (level == eve && dated.count == entry.changes.count) {
            nothingToChange("\(entry.name.value) is already \(level.rawValue) on \(day)")
            return
        }
        let at = entry.location
        dated.append(PersonChange(on: Located(day, at: at), level: Located(level, at: at), location: at))
        dated.sort { $0.on.value < $1.on.value }
        edit(entry.location) {
            $0.editRecords(
                $1, RosterFormat.PersonKey.changes.name, dated.map(\.written),
                identity: RosterFormat.PersonChangeKey.on.name)
        }
        summary.append(
            "\(entry.name.value): level \(eve.rawValue) → \(level.rawValue) on \(day) (plans schedule it until then)")
    }

    private mutating func removePerson(_ name: String, successor: String?, on day: Day) throws(EditRefusal) {
        let p = try person(name)
        let next = try successor.map { name throws(EditRefusal) in try person(name) }
        for (t, leads) in placesOn(day, of: p) where leads {
            try takeOut(p, of: t, leads: true, successor: next, on: day)
        }
        for t in roster.teams.indices where roster.teams[t].changes.contains(where: { $0.on.value >= day }) {
            datedTeams[t, default: DatedTeamChange()].leaving.insert(p)
        }
        let last = day.adding(days: -1)
        edit(roster.people[p].location) {
            $0.setField($1, RosterFormat.PersonKey.lastDay.name, .token(last.description))
        }
        summary.append("\(roster.people[p].name.value): last day \(last) (the plan deletes them on \(day))")
    }

    private mutating func removeTeam(_ name: String, on day: Day) throws(EditRefusal) {
        let t = try team(name)
        let last = day.adding(days: -1)
        edit(roster.teams[t].location) { $0.setField($1, RosterFormat.TeamKey.lastDay.name, .token(last.description)) }
        summary.append(
            "team \(roster.teams[t].name.value): last day \(last) (the plan deletes it on \(day); its people stay)")
    }

    /// Writes each team's change on the edit's day into its `changes`, and carries it into the
    /// team's later changes that name its members (each is a whole list).
    mutating func writeDatedTeams() {
        for (t, change) in datedTeams.sorted(by: { $0.key < $1.key }) {
            guard let day = change.day ?? on else { continue }
            let (teams, _) = teamsOn(day)
            let at = roster.teams[t].location
            var dated = change
            // A new lead's team keeps the lead it had, as a member, unless they leave it.
            if dated.lead != nil, case .found(let current) = people.resolve(teams[t].lead.value),
                !dated.removing.contains(current)
            {
                dated.adding.append(teams[t].lead.value.text)
            }
            func located(_ text: String) -> Located<PersonReference> { Located(PersonReference(parsing: text), at: at) }
            func kept(_ list: [Located<PersonReference>]) -> [Located<PersonReference>] {
                // Who has left by the day is named no more; a hire still to start is kept.
                let remaining = list.filter { reference in
                    guard case .found(let p) = people.resolve(reference.value) else { return true }
                    return !dated.removing.contains(p) && !dated.leaving.contains(p)
                        && roster.people[p].presence.status(on: day) != .gone
                }
                let names = Set(remaining.map { NameKey($0.value.text) })
                return remaining + dated.adding.filter { !names.contains(NameKey($0)) }.map(located)
            }
            var changes = roster.teams[t].changes.sorted { $0.on.value < $1.on.value }
            let moving = !dated.adding.isEmpty || !dated.removing.isEmpty
            if dated.lead == nil && !moving {
                // Only names of people who leave the space go, from the changes that list them.
                for i in changes.indices where changes[i].on.value >= day {
                    changes[i].members = changes[i].members.map(kept)
                }
            } else if let i = changes.firstIndex(where: { $0.on.value == day }) {
                if let lead = dated.lead { changes[i].lead = located(lead) }
                if moving { changes[i].members = kept(teams[t].members) }
            } else {
                let change = TeamChange(
                    on: Located(day, at: at), lead: dated.lead.map(located),
                    members: moving ? kept(teams[t].members) : nil, location: at)
                changes.insert(change, at: changes.firstIndex { $0.on.value > day } ?? changes.count)
            }
            for i in changes.indices where changes[i].on.value > day {
                if let members = changes[i].members, moving || !dated.leaving.isEmpty {
                    changes[i].members = kept(members)
                }
            }
            edit(at) {
                $0.editRecords(
                    $1, RosterFormat.TeamKey.changes.name, changes.map(\.written),
                    identity: RosterFormat.TeamChangeKey.on.name)
            }
        }
    }
}
