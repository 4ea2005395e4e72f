import RosterCore

extension Roster {
    /// Whether an entry states a day: a first or last day, or a team change.
    package var isDated: Bool {
        people.contains { $0.presence.isDated || !$0.changes.isEmpty }
            || teams.contains { $0.presence.isDated || !$0.changes.isEmpty }
    }

    /// The days on which what the roster states changes, in order: those after `day`, or all.
    package func changeDays(after day: Day? = nil) -> [Day] {
        var days = Set<Day>()
        for person in people {
            days.formUnion(person.presence.changeDays)
            for change in person.changes { days.insert(change.on.value) }
        }
        for team in teams {
            days.formUnion(team.presence.changeDays)
            for change in team.changes { days.insert(change.on.value) }
        }
        return days.filter { later in day.map { later > $0 } ?? true }.sorted()
    }

    /// The roster as it stands on `day` (nil: once every date has come): each team's lead and
    /// members as its changes up to that day make them, without the people who are not in the
    /// space that day. Entries keep their presence: the planner creates, leaves alone or deletes
    /// their live matches by it. An undated roster is itself.
    /// With `keepingAway`, members are kept as written even on days they are not in the space
    /// (what pull writes back).
    package func on(_ day: Day?, keepingAway: Bool = false) -> Roster {
        guard isDated else { return self }
        var roster = self
        let away =
            keepingAway ? [] : Set(people.indices.filter { people[$0].presence.status(on: day) != .present })
        let index = away.isEmpty ? nil : PersonIndex(people)
        roster.people = people.map { $0.on(day) }
        roster.teams = teams.map { team in
            var team = team
            for change in team.changes.sorted(by: { $0.on.value < $1.on.value }) {
                guard day.map({ change.on.value <= $0 }) ?? true else { break }
                if let lead = change.lead { team.lead = lead }
                if let members = change.members { team.members = members }
            }
            team.changes = []
            if let index {
                team.members.removeAll { reference in
                    guard case .found(let person) = index.resolve(reference.value) else { return false }
                    return away.contains(person)
                }
            }
            return team
        }
        return roster
    }
}

extension PersonEntry {
    /// The level the entry says the person has on `day`.
    package func levelOn(_ day: Day) -> JobLevel { on(day).level }

    /// The entry as it stands on `day` (nil: once every date has come): its level and level start
    /// date those of its last change up to that day, no changes left.
    func on(_ day: Day?) -> PersonEntry {
        guard !changes.isEmpty else { return self }
        var person = self
        for change in changes.sorted(by: { $0.on.value < $1.on.value }) {
            guard day.map({ change.on.value <= $0 }) ?? true else { break }
            (person.level, person.levelStartDate) = (change.level.value, .value(change.on.value))
        }
        person.changes = []
        return person
    }
}
