import RosterCore
import RosterFiles
import RosterModel

/// Moves, new teams and teams removed: who leads and who is listed, team by team.
extension RosterEditor {
    /// The state of team `t` as the edit leaves it so far.
    mutating func state(_ t: Int) -> TeamState {
        if let state = teams[t] { return state }
        return TeamState(t, of: roster, teamPeople)
    }

    mutating func move(
        _ name: String, to teamName: String, as role: TeamRole, from: String?, successor: String?
    ) throws(EditRefusal) {
        let p = try person(name), t = try team(teamName)
        let first = summary.count
        let leaving = try teamsLeft(by: p, for: t, from: from)
        let next = try successor.map { name throws(EditRefusal) in try person(name) }
        var needed = false
        for l in leaving {
            needed = try take(p, outOf: l, successor: next) || needed
        }
        var target = state(t)
        let before = target
        if role == .lead {
            target.setLead(.init(text: reference(p), person: p))
        } else if target.lead.person == p && !leaving.isEmpty && next == nil {
            // A lead who leaves another team for the one they lead keeps leading it.
        } else if target.lead.person == p {
            guard let next else { throw needsSuccessor(p, t) }
            teams[t] = target
            try release(next, toLead: t)
            target = state(t)
            target.setLead(.init(text: reference(next), person: next))
            needed = true
        } else {
            target.list(.init(text: reference(p), person: p))
        }
        teams[t] = target
        let who = roster.people[p].name.value, to = roster.teams[t].name.value
        let was = leaving.map { roster.teams[$0].name.value }.joined(separator: ", ")
        if leaving.isEmpty && target.lead == before.lead && target.members == before.members {
            let others = teams(of: p).filter { $0 != t }.map { roster.teams[$0].name.value }
            let hint =
                others.isEmpty
                ? "" : " (also in \(others.joined(separator: ", ")); `--from \"\(others[0])\"` takes them out of it)"
            nothingToChange("\(who) is already \(role == .lead ? "the lead" : "a member") of \(to)\(hint)")
            return
        }
        if successor != nil && !needed {
            throw EditRefusal(
                .editNeedsSuccessor, "--successor: \(who) leads no team they leave", at: roster.people[p].location)
        } else {
            let now = target.lead.person == p ? TeamRole.lead : role
            summary.insert("\(who): \(was.isEmpty ? "" : was + " → ")\(to) (\(now.rawValue))", at: first)
            if !roster.policy.oneTeamPerPerson { summary += staying([p], besides: t, leaving: leaving) }
        }
    }

    /// The teams person `p` leaves when joining team `t`: every other team under the one-team
    /// rule; else the one named with `from`, or their only one.
    func teamsLeft(by p: Int, for t: Int, from: String?) throws(EditRefusal) -> [Int] {
        let current = teams(of: p)
        if let from {
            let f = try team(from)
            guard current.contains(f) else {
                throw EditRefusal(
                    .editUnknownName, "\(roster.people[p].name.value) is not in team \"\(roster.teams[f].name.value)\"",
                    at: roster.teams[f].location)
            }
            return f == t ? [] : [f]
        }
        let others = current.filter { $0 != t }
        if roster.policy.oneTeamPerPerson || others.count <= 1 || current.contains(t) {
            return roster.policy.oneTeamPerPerson || !current.contains(t) ? others : []
        }
        let names = others.map { "\"\(roster.teams[$0].name.value)\"" }.joined(separator: ", ")
        throw EditRefusal(
            .editAmbiguous,
            "\(roster.people[p].name.value) is in teams \(names): name the one they leave with --from",
            at: roster.people[p].location)
    }

    /// With the one-team rule off, who stays in another team too: `Bo stays in Core too`.
    func staying(_ people: [Int], besides t: Int?, leaving: [Int] = []) -> [String] {
        people.compactMap { p in
            let others = teams(of: p).filter { $0 != t && !leaving.contains($0) }.map { roster.teams[$0].name.value }
            guard !others.isEmpty else { return nil }
            return "\(roster.people[p].name.value) stays in \(others.joined(separator: ", ")) too "
                + "(policy.oneTeamPerPerson is false)"
        }
    }

    /// Takes person `p` out of team `l`; a lead hands the team to `successor`, which must be
    /// given. True when the successor was needed.
    mutating func take(_ p: Int, outOf l: Int, successor: Int?) throws(EditRefusal) -> Bool {
        var needed = false
        if state(l).lead.person == p {
            guard let successor, successor != p else { throw needsSuccessor(p, l) }
            try release(successor, toLead: l)
            var left = state(l)
            left.setLead(.init(text: reference(successor), person: successor))
            teams[l] = left
            needed = true
        }
        var left = state(l)
        left.unlist(p)
        teams[l] = left
        return needed
    }

    /// Under the one-team rule, a successor who leads team `l` leaves the team they were in (a
    /// lead of another team cannot: refused).
    /// A team that starts later (`starts`) takes its successor on its first day: they leave their
    /// team then, as a dated change of that team, and stay in it until then.
    mutating func release(_ s: Int, toLead l: Int) throws(EditRefusal) {
        guard roster.policy.oneTeamPerPerson else { return }
        let starts = roster.teams[l].presence.starts.map(\.value).flatMap { $0 > (on ?? today) ? $0 : nil }
        for m in roster.teams.indices where m != l && state(m).has(s) {
            var other = state(m)
            guard other.lead.person != s else {
                throw EditRefusal(
                    .oneTeam,
                    "\(roster.people[s].name.value) leads team \"\(roster.teams[m].name.value)\" and, with "
                        + "oneTeamPerPerson, can lead no other: name another successor",
                    at: roster.teams[m].lead.location)
            }
            let (who, from, to) = (roster.people[s].name.value, roster.teams[m].name.value, roster.teams[l].name.value)
            if let starts, on == nil {
                var change = datedTeams[m] ?? DatedTeamChange()
                change.removing.insert(s)
                change.day = starts
                datedTeams[m] = change
                summary.append("\(who) leaves \(from) on \(starts) to lead \(to), which starts then")
                continue
            }
            other.unlist(s)
            teams[m] = other
            summary.append("\(who) leaves \(from) to lead \(to)")
        }
    }

    func needsSuccessor(
        _ p: Int, _ t: Int, hint: String = "name who leads it next with --successor NAME"
    ) -> EditRefusal {
        EditRefusal(
            .editNeedsSuccessor,
            "\(roster.people[p].name.value) leads team \"\(roster.teams[t].name.value)\": \(hint)",
            at: roster.teams[t].lead.location)
    }

    mutating func addTeam(_ name: String, lead: String, members: [String], into: String?) throws(EditRefusal) {
        let l = try person(lead)
        var listed: [Int] = []
        for member in members {
            let m = try person(member)
            if m != l && !listed.contains(m) { listed.append(m) }
        }
        if let existing = exactly(name, among: roster.teams.map(\.key)) {
            let state = state(existing)
            let same = state.lead.person == l && Set(state.members.compactMap(\.person)) == Set(listed)
            guard same, roster.teams[existing].key == NameKey(name) else {
                throw EditRefusal(
                    .editExists,
                    "a team \"\(roster.teams[existing].name.value)\" is already in the roster; change it with "
                        + "`roster move` or `roster rename team`",
                    at: roster.teams[existing].location)
            }
            nothingToChange("team \(roster.teams[existing].name.value) is already as given")
            return
        }
        var moved: [String] = []
        // On a day (`--on`), they leave their teams on it (``writeDated(_:on:)``).
        for p in [l] + listed where roster.policy.oneTeamPerPerson && on == nil {
            for t in teams(of: p) {
                if state(t).lead.person == p {
                    let next =
                        "give it another lead first "
                        + "(`roster move PERSON --to \"\(roster.teams[t].name.value)\" --as lead`)"
                    throw needsSuccessor(p, t, hint: next)
                }
                _ = try take(p, outOf: t, successor: nil)
                moved.append("\(roster.people[p].name.value) leaves \(roster.teams[t].name.value)")
            }
        }
        var fields: [(String, WrittenValue)] = [
            (RosterFormat.TeamKey.name.name, .text(name)), (RosterFormat.TeamKey.lead.name, .text(reference(l))),
        ]
        if !listed.isEmpty { fields.append((RosterFormat.TeamKey.members.name, .list(listed.map(reference)))) }
        if let on { fields.append((RosterFormat.TeamKey.starts.name, .token(on.description))) }
        let file = newEntryFile(for: RosterFormat.TopLevelKey.teams.name, into: into)
        editors[file]?.append([NewEntry(fields)], to: RosterFormat.TopLevelKey.teams.name)
        let with = listed.isEmpty ? "" : ", with " + listed.map { roster.people[$0].name.value }.joined(separator: ", ")
        summary.append("team \(name): added, led by \(roster.people[l].name.value)\(with)")
        summary += moved
        if !roster.policy.oneTeamPerPerson { summary += staying([l] + listed, besides: nil) }
    }

    mutating func removeTeam(_ name: String) throws(EditRefusal) {
        let (found, near) = try findTeam(name)
        guard let t = found else {
            nothingToChange("no team \"\(name)\" in the roster" + (near.map { " (the nearest is \"\($0)\")" } ?? ""))
            return
        }
        edit(roster.teams[t].location) { $0.removeEntry($1) }
        let count = Set([teamPeople.lead(ofTeam: t)].compactMap { $0 }).union(
            teamPeople.members(ofTeam: t).filter { $0 >= 0 }.map(Int.init)
        ).count
        summary.append(
            "team \(roster.teams[t].name.value): removed; its \(count) people stay in the roster, in no team "
                + "(the plan deletes the team only with prune)")
    }

    /// Writes each changed team's lead and members into its entry.
    mutating func writeTeams() {
        for (t, state) in teams.sorted(by: { $0.key < $1.key }) where state.leadChanged || state.membersChanged {
            let written = roster.teams[t].members.map(\.value.text)
            edit(roster.teams[t].location) { editor, node in
                if state.leadChanged { editor.setField(node, RosterFormat.TeamKey.lead.name, .text(state.lead.text)) }
                guard state.membersChanged else { return }
                if state.members.isEmpty {
                    editor.removeField(node, RosterFormat.TeamKey.members.name)
                    return
                }
                let edits = state.listEdits(originally: written.count)
                let changed = edits.replacing.filter { i, text in written[i] != text }
                editor.editList(
                    node, RosterFormat.TeamKey.members.name, removing: edits.removing, replacing: changed,
                    appending: edits.appending)
            }
        }
    }

    /// The file a new entry of `section` goes to; a file not in the roster (`--into` a new file)
    /// starts as an empty roster file.
    mutating func newEntryFile(for section: String, into: String?) -> String {
        let file = target(for: section, into: into)
        if editors[file] == nil {
            newFile = file
            editors[file] = RosterFileEditor(file: file, text: RosterFileEditor.newFileText(file))
        }
        return file
    }

    /// The file new entries of `section` go to (see ``RosterFileEditor/file(for:into:among:_:)``).
    func target(for section: String, into: String?) -> String {
        RosterFileEditor.file(for: section, into: into, among: roster.files, editors)
    }
}
