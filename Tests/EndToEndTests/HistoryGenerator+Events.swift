import Foundation
import RosterModel
import RosterTestSupport

extension HistoryGenerator {
    enum Event: CaseIterable { case join, leave, move, promote, rename, renameTeam, datedLeave, datedLevel }

    /// Someone an event may touch: present, in no team with a change pending, not a lead, not
    /// touched already in this commit (or branch), nothing dated pending.
    func free(_ touched: Set<Int>) -> [Int] {
        let leads = Set(teams.map(\.lead))
        return people.indices.filter { p in
            let person = people[p]
            return !person.gone && !person.quiet && person.lastDay == nil && person.dated == nil
                && !leads.contains(p) && !touched.contains(p) && person.team.map { teams[$0].pending == nil } ?? true
        }
    }

    func openTeams(except: Int? = nil) -> [Int] {
        teams.indices.filter { teams[$0].pending == nil && $0 != except }
    }

    /// One random event, recorded in `truth`; false when none could be made.
    @discardableResult
    func event(_ kind: Event, _ truth: inout Truth, _ touched: inout Set<Int>) -> Bool {
        switch kind {
        case .join:
            guard let t = openTeams().randomElement(using: &rng) else { return false }
            people.append(
                Person(
                    name: newName(), id: nil, craft: Self.crafts.randomElement(using: &rng) ?? "Design", level: 0,
                    focus: "Backend", since: day.description, team: t))
            teams[t].members.append(people.count - 1)
            touched.insert(people.count - 1)
            truth.people[people[people.count - 1].name] = ["joins"]
        case .leave, .move, .promote, .rename, .datedLeave, .datedLevel:
            guard let p = free(touched).randomElement(using: &rng) else { return false }
            touched.insert(p)
            return personEvent(kind, p, &truth)
        case .renameTeam:
            guard let t = openTeams().randomElement(using: &rng) else { return false }
            teams[t].previously.append(teams[t].name)
            // Renamed twice in one commit: one rename, to the last name.
            truth.renamedTeams.removeAll { $0 == teams[t].name }
            teams[t].name = newTeamName()
            truth.renamedTeams.append(teams[t].name)
        }
        return true
    }

    func personEvent(_ kind: Event, _ p: Int, _ truth: inout Truth) -> Bool {
        let name = people[p].name
        switch kind {
        case .leave:
            people[p].gone = true
            if let t = people[p].team { teams[t].members.removeAll { $0 == p } }
            truth.people[name] = ["leaves"]
        case .move:
            guard let t = openTeams(except: people[p].team).randomElement(using: &rng) else { return false }
            if let old = people[p].team { teams[old].members.removeAll { $0 == p } }
            teams[t].members.append(p)
            people[p].team = t
            truth.people[name] = ["moves"]
        case .promote:
            guard people[p].level < 4 else { return false }
            people[p].level += 1
            people[p].since = day.description
            truth.people[name] = ["promoted"]
        case .rename:
            people[p].previously.append(name)
            people[p].name = newName()
            truth.people[people[p].name] = ["other"]
        case .datedLeave:
            let on = day.adding(days: Int.random(in: 6...20, using: &rng))
            people[p].lastDay = on.adding(days: -1)
            if let t = people[p].team { teams[t].pending = (on, teams[t].members.filter { $0 != p }) }
            truth.decided.append((on, name, "leaves"))
        case .datedLevel:
            guard people[p].level < 4 else { return false }
            let on = day.adding(days: Int.random(in: 6...20, using: &rng))
            people[p].dated = (on, people[p].level + 1)
            truth.decided.append((on, name, "promoted"))
        default: return false
        }
        return true
    }

    /// What took effect by `day` is written as plain state, as `pull` folds it: no event.
    func fold(through day: Day) {
        for p in people.indices {
            if let last = people[p].lastDay, last < day {
                people[p].gone = true
                people[p].lastDay = nil
            }
            if let dated = people[p].dated, dated.on <= day {
                (people[p].level, people[p].since, people[p].dated) = (dated.level, dated.on.description, nil)
            }
        }
        for t in teams.indices {
            if let pending = teams[t].pending, pending.on <= day {
                teams[t].members = pending.members
                teams[t].pending = nil
            }
        }
        // Someone gone leaves every team, pending lists included.
        for t in teams.indices {
            teams[t].members.removeAll { people[$0].gone }
        }
        for p in people.indices where people[p].gone { people[p].team = nil }
    }

    /// A namesake: someone hired under the name of a pinned person, in no team.
    func namesake(_ truth: inout Truth, _ touched: inout Set<Int>) {
        guard let p = free(touched).first(where: { people[$0].id != nil }) else { return }
        people[p].quiet = true
        people.append(
            Person(
                name: people[p].name, id: nil, craft: "Design", level: 1, focus: "Mobile", since: day.description,
                team: nil, quiet: true))
        touched.formUnion([p, people.count - 1])
        truth.people[people[p].name] = ["joins"]
    }
}
