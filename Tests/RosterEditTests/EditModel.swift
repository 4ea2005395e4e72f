@testable import RosterEdit
@testable import RosterModel

/// What a roster says, reduced to what an edit changes, and the edits made to it directly: the
/// oracle of the property test. Names are the rosters' own (the generated ones are unique).
struct EditModel: Equatable {
    struct Person: Equatable {
        var craft: Craft
        var level: JobLevel
        var focus: Focus
        var date: LevelStartDate
        var previously: Set<String>
    }

    struct Team: Equatable {
        var lead: String
        /// Without the lead.
        var members: Set<String>
        var previously: Set<String>
    }

    var people: [String: Person] = [:]
    var teams: [String: Team] = [:]
    var levels: [JobLevel: Int] = [:]

    init(_ roster: Roster) {
        for p in roster.people {
            people[p.name.value] = Person(
                craft: p.craft, level: p.level, focus: p.focus, date: p.levelStartDate,
                previously: Set(p.previously.map(\.value)))
        }
        for t in roster.teams {
            let lead = t.lead.value.name
            teams[t.name.value] = Team(
                lead: lead, members: Set(t.members.map(\.value.name)).subtracting([lead]),
                previously: Set(t.previously.map(\.value)))
        }
        for level in roster.levels { levels[level.level] = level.limitMonths }
    }

    /// The teams `name` is in.
    func teams(of name: String) -> [String] {
        teams.keys.filter { teams[$0]?.lead == name || teams[$0]?.members.contains(name) == true }
    }

    /// Takes `name` out of team `t`; a lead hands it to `successor`.
    mutating func take(_ name: String, outOf t: String, successor: String?) {
        if teams[t]?.lead == name, let successor {
            release(successor, toLead: t)
            teams[t]?.lead = successor
            teams[t]?.members.remove(successor)
        }
        teams[t]?.members.remove(name)
    }

    /// A successor leaves the team they were in (the one-team rule).
    mutating func release(_ successor: String, toLead t: String) {
        for other in teams.keys where other != t { teams[other]?.members.remove(successor) }
    }

    mutating func apply(_ edit: RosterEdit, today: Day) {
        switch edit {
        case .move(let p, let t, let role, _, let successor):
            for left in teams(of: p) where left != t { take(p, outOf: left, successor: successor) }
            guard var team = teams[t] else { return }
            if role == .lead, team.lead != p {
                team.members.insert(team.lead)
                team.members.remove(p)
                team.lead = p
            } else if role == .member, team.lead == p, let successor {
                teams[t] = team
                release(successor, toLead: t)
                team = teams[t] ?? team
                team.lead = successor
                team.members.remove(successor)
                team.members.insert(p)
            } else if role == .member {
                team.members.insert(p)
            }
            teams[t] = team
        case .addPerson(let new):
            people[new.name] = Person(
                craft: new.fields.value(.craft) ?? .engineering, level: new.fields.value(.level) ?? .mid,
                focus: new.fields.value(.focus) ?? .notApplicable, date: new.fields.date ?? .unmanaged, previously: [])
            guard let t = new.team else { return }
            if new.role == .lead, let old = teams[t]?.lead {
                teams[t]?.members.insert(old)
                teams[t]?.lead = new.name
            } else {
                teams[t]?.members.insert(new.name)
            }
        case .setPerson(let name, let changes): set(name, changes, today: today)
        case .setTeam(let t, let lead, let members): setTeam(t, lead: lead, members: members, today: today)
        case .setLevel(let level, let months): levels[level] = months
        case .rename(.person, let from, let to): renamePerson(from, to)
        case .rename(.team, let from, let to):
            guard var team = teams.removeValue(forKey: from) else { return }
            team.previously.remove(to)
            team.previously.insert(from)
            teams[to] = team
        case .removePerson(let name, let successor):
            for t in teams(of: name) { take(name, outOf: t, successor: successor) }
            people[name] = nil
        case .removeTeam(let name): teams[name] = nil
        case .addTeam(let name, let lead, let members, _):
            for p in [lead] + members { for t in teams(of: p) { take(p, outOf: t, successor: nil) } }
            teams[name] = Team(lead: lead, members: Set(members).subtracting([lead]), previously: [])
        case .on:
            // The model is of undated edits; dated ones are EditDatedTests'.
            break
        }
    }

    /// The lead as a move as lead sets it; the members, the whole list: newcomers move in, the
    /// others leave the team.
    mutating func setTeam(_ t: String, lead: String?, members: [String]?, today: Day) {
        if let lead { apply(.move(person: lead, team: t, role: .lead), today: today) }
        guard let members, let team = teams[t] else { return }
        let wanted = Set(members).subtracting([team.lead])
        for p in members where wanted.contains(p) && teams[t]?.members.contains(p) != true {
            apply(.move(person: p, team: t, role: .member), today: today)
        }
        for p in teams[t]?.members.subtracting(wanted) ?? [] { take(p, outOf: t, successor: nil) }
    }

    mutating func set(_ name: String, _ changes: PersonChanges, today: Day) {
        guard var person = people[name] else { return }
        let level: JobLevel? = changes.fields.value(.level)
        let promoted = level.map { $0 != person.level } ?? false
        person.craft = changes.fields.value(.craft) ?? person.craft
        person.level = level ?? person.level
        person.focus = changes.fields.value(.focus) ?? person.focus
        if let date = changes.fields.date {
            person.date = date
        } else if promoted && person.date != .unmanaged {
            person.date = .value(today)
        }
        people[name] = person
    }

    mutating func renamePerson(_ from: String, _ to: String) {
        guard var person = people.removeValue(forKey: from) else { return }
        person.previously.remove(to)
        person.previously.insert(from)
        people[to] = person
        for (name, var team) in teams {
            if team.lead == from { team.lead = to }
            if team.members.remove(from) != nil { team.members.insert(to) }
            teams[name] = team
        }
    }
}

extension GivenFields {
    /// The value given for a field of a fixed set, typed.
    func value<E: RosterEnum>(_ field: PersonField) -> E? { self[field].flatMap { $0 }.flatMap(E.init(rawValue:)) }

    /// The level start date given: a day, or `.clear` for none.
    var date: LevelStartDate? {
        guard let given = self[.levelStartDate] else { return nil }
        return given.flatMap(Day.init).map(LevelStartDate.value) ?? .clear
    }
}
