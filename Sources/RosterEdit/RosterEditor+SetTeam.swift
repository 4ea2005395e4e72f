import RosterCore
import RosterModel

/// `roster set team NAME --lead P --members A,B`: a team's fields by the edit options the team
/// table names (``TeamField/option``). The lead is set as a move as lead sets it (out of the teams
/// they were in; the old lead stays a member unless the members leave them out); the members are
/// the whole list: newcomers move in as a move takes them, and the others leave the team.
extension RosterEditor {
    mutating func setTeam(_ name: String, lead: String?, members: [String]?) throws(EditRefusal) {
        let t = try team(name)
        let teamName = teamReference(t)
        if let lead {
            do throws(EditRefusal) { try move(lead, to: teamName, as: .lead, from: nil, successor: nil) } catch {
                throw moveRefusal(error, lead, teamName, .lead)
            }
        }
        guard let members else { return }
        let wanted = try distinctPeople(members)
        let (joining, leaving) = Self.change(
            wanted, listed: state(t).members.compactMap(\.person), lead: state(t).lead.person)
        guard !joining.isEmpty || !leaving.isEmpty else {
            nothingToChange("team \(roster.teams[t].name.value) already has these members")
            return
        }
        for p in joining {
            let name = reference(p)
            do throws(EditRefusal) { try move(name, to: teamName, as: .member, from: nil, successor: nil) } catch {
                throw moveRefusal(error, name, teamName, .member)
            }
        }
        for p in leaving {
            _ = try take(p, outOf: t, successor: nil)
            summary.append(leaves(p, t, day: nil))
        }
    }

    /// The same on `day`, written as the team's dated change (and the other teams' the people
    /// move out of).
    mutating func setTeam(_ name: String, lead: String?, members: [String]?, on day: Day) throws(EditRefusal) {
        let t = try team(name)
        let teamName = teamReference(t)
        let (_, people) = teamsOn(day)
        let before = people.lead(ofTeam: t)
        let newLead = try lead.map { name throws(EditRefusal) in try person(name) }
        if let lead {
            do throws(EditRefusal) { try move(lead, to: teamName, as: .lead, successor: nil, on: day) } catch {
                throw moveRefusal(error, lead, teamName, .lead)
            }
        }
        guard let members else { return }
        let wanted = try distinctPeople(members)
        let leads = newLead ?? before
        var listed = people.members(ofTeam: t).filter { $0 >= 0 }.map(Int.init)
        // A new lead's team keeps the lead it had, as a member, unless the members leave them out.
        if let before, before != leads, !listed.contains(before) { listed.append(before) }
        let (joining, leaving) = Self.change(wanted, listed: listed, lead: leads)
        guard lead != nil || !joining.isEmpty || !leaving.isEmpty else {
            nothingToChange("team \(roster.teams[t].name.value) has these members on \(day) already")
            return
        }
        for p in joining {
            let name = reference(p)
            do throws(EditRefusal) { try move(name, to: teamName, as: .member, successor: nil, on: day) } catch {
                throw moveRefusal(error, name, teamName, .member)
            }
        }
        for p in leaving {
            try takeOut(p, of: t, leads: false, successor: nil, on: day)
            summary.append(leaves(p, t, day: day))
        }
    }

    /// A move of `set team` refused: a lead of another team who would leave it without a
    /// successor is told the `roster move` that names one (`set team` takes no `--successor`).
    private func moveRefusal(_ error: EditRefusal, _ name: String, _ team: String, _ role: TeamRole) -> EditRefusal {
        guard var first = error.diagnostics.first, first.code == .editNeedsSuccessor,
            !first.message.hasPrefix("--successor")
        else { return error }
        let role = role == .lead ? " --as lead" : ""
        first.message =
            first.message.components(separatedBy: ": ")[0]
            + ": move them with `roster move \"\(name)\" --to \"\(team)\"\(role) --successor NAME`, which names who "
            + "leads it next"
        return EditRefusal([first])
    }

    /// Who joins and who leaves a team that lists `listed` and is led by `lead` when its members
    /// are to be `wanted` (the lead apart).
    private static func change(_ wanted: [Int], listed: [Int], lead: Int?) -> (joining: [Int], leaving: [Int]) {
        (wanted.filter { $0 != lead && !listed.contains($0) }, listed.filter { $0 != lead && !wanted.contains($0) })
    }

    /// The people `names` name, each once, in the order named.
    private func distinctPeople(_ names: [String]) throws(EditRefusal) -> [Int] {
        var found: [Int] = []
        for name in names {
            let p = try person(name)
            if !found.contains(p) { found.append(p) }
        }
        return found
    }

    /// `Bo Lind: Core → no team` (or `leaves Core`, where they stay in another team).
    private func leaves(_ p: Int, _ t: Int, day: Day?) -> String {
        let others = teams(of: p).filter { $0 != t }
        let to = others.isEmpty || roster.policy.oneTeamPerPerson ? " → no team" : " (stays in their other teams)"
        let when = day.map { " on \($0)" } ?? ""
        return "\(roster.people[p].name.value): \(roster.teams[t].name.value)\(to)\(when)"
    }
}
