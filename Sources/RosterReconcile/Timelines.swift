import RosterCore
import RosterModel

/// The one rule of days (docs/decisions.md, "Across days"): the roster gives each field a
/// timeline — its value before each dated change and after it — and a live value stands on it
/// somewhere, decided from the roster, the space and the day alone, never from when a job last ran.
/// The fields with timelines: a person's presence, level and team; a team's presence and lead.
package struct Timelines: Sendable {
    /// Where a live value stands on a field's timeline.
    package enum Standing: Sendable, Equatable {
        /// Today's value.
        case current
        /// A value the roster gives it later: the apps made a scheduled change early; left as it is.
        case ahead
        /// A value the roster gave it earlier: the space has not caught up; apply brings it to today's.
        case due
        /// A value the roster never gives a field it does not date: a change made in the apps.
        case drift
        /// A value the roster never gives a field it dates a change of: a change made in the apps
        /// that meets a dated one; told in names, never overwritten by the scheduled job.
        case conflict
    }

    /// A team a live person is in: one of the roster's, or a live team the roster does not manage.
    package enum Slot: Hashable, Sendable {
        case team(Int)
        case unmanaged(Int)
    }

    /// The plan's day.
    package let asOf: Day
    /// The roster as written, its dated changes included.
    let dated: Roster
    /// The days the roster's states begin: before any date, then each day something changes.
    let days: [Day]
    /// The roster on each of those days, and its teams' people.
    let states: [Roster]
    let teamPeople: [TeamPeople]
    /// The state in force on the plan's day.
    let today: Int
    /// Each state's teams of each person (roster indices, present teams only).
    let teamsOf: [[Int: Set<Int>]]

    package init(_ roster: Roster, asOf: Day) {
        self.asOf = asOf
        dated = roster
        days = [Day.distantPast] + roster.changeDays()
        states = days.map { roster.on($0) }
        teamPeople = states.map(TeamPeople.of)
        today = days.lastIndex { $0 <= asOf } ?? 0
        var teamsOf: [[Int: Set<Int>]] = []
        for (k, state) in states.enumerated() {
            var places: [Int: Set<Int>] = [:]
            for t in state.teams.indices where state.teams[t].presence.status(on: days[k]) == .present {
                let people = teamPeople[k]
                for p in [people.lead(ofTeam: t)].compactMap({ $0 }) + people.members(ofTeam: t).map({ Int($0) })
                where p >= 0 {
                    places[p, default: []].insert(t)
                }
            }
            teamsOf.append(places)
        }
        self.teamsOf = teamsOf
    }

    /// The roster as it stands on the plan's day.
    package var current: Roster { states[today] }

    // MARK: the rule

    /// Where `live` stands among `values`, a field's value in each state.
    func standing<Value>(_ values: [Value], _ live: Value, matches: (Value, Value) -> Bool) -> Standing {
        if matches(values[today], live) { return .current }
        if values[..<today].contains(where: { matches($0, live) }) { return .due }
        if values[(today + 1)...].contains(where: { matches($0, live) }) { return .ahead }
        return values.dropFirst().contains { !matches($0, values[0]) } ? .conflict : .drift
    }

    // MARK: people

    /// Where a person stands whose live match exists or not.
    package func presence(ofPerson p: Int, exists: Bool) -> Standing {
        standing(states.indices.map { isPresent(states[$0].people[p].presence, $0) }, exists, matches: ==)
    }

    /// Where a person stands whose live teams are `live`.
    package func team(ofPerson p: Int, live: Set<Slot>) -> Standing {
        standing(states.indices.map { Set((teamsOf[$0][p] ?? []).map(Slot.team)) }, live, matches: ==)
    }

    /// Where a person stands whose live level is `level`, started on `date` (as the space writes it).
    package func level(ofPerson p: Int, level: JobLevel, date: String?) -> Standing {
        let values = states.map { ($0.people[p].level, $0.people[p].levelStartDate) }
        let live = (level, date.map(LevelStartDate.fromSpace) ?? .clear)
        if let legacy = scheduledStartDate(p) { return legacyLevel(p, live, on: legacy) }
        let found = standing(values, live) { roster, space in roster.0 == space.0 && Self.sameDate(roster.1, space.1) }
        switch found {
        case .current, .ahead, .due: return found
        case .drift, .conflict:
            let dated = dated.people[p].changes.map(\.on.value)
            guard !dated.isEmpty else {
                // A level the roster states from a day the live one had not started by: the space lags.
                if case .value(let day) = values[today].1, let started = live.1.value, started < day { return .due }
                return .drift
            }
            // The apps' level started after every change the roster dates: their newer decision.
            return dated.contains { day in live.1.value.map { $0 < day } ?? true } ? .conflict : .drift
        }
    }

    /// A level start date after the plan's day on an entry that has no `changes:` (a promotion
    /// written before changes existed): the level it replaces is not written, so every live level
    /// started before that day stands for it.
    func scheduledStartDate(_ p: Int) -> Day? {
        guard dated.people[p].changes.isEmpty, case .value(let day) = dated.people[p].levelStartDate, day > asOf
        else { return nil }
        return day
    }

    func legacyLevel(_ p: Int, _ live: (JobLevel, LevelStartDate), on day: Day) -> Standing {
        if live.0 == dated.people[p].level && live.1 == .value(day) { return .ahead }
        guard let started = live.1.value, started >= day else { return .current }
        return .conflict
    }

    /// Whether a roster date and a live one say the same: an absent date says nothing.
    static func sameDate(_ roster: LevelStartDate, _ space: LevelStartDate) -> Bool {
        roster == .unmanaged || roster == space
    }

    // MARK: teams

    /// Where a team stands whose live match exists or not.
    package func presence(ofTeam t: Int, exists: Bool) -> Standing {
        standing(states.indices.map { isPresent(states[$0].teams[t].presence, $0) }, exists, matches: ==)
    }

    /// Where a team stands whose live lead is roster person `lead` (nil: someone the roster lacks).
    package func lead(ofTeam t: Int, live lead: Int?) -> Standing {
        standing(teamPeople.map { $0.lead(ofTeam: t) }, lead, matches: ==)
    }

    /// Team `t`'s lead on the plan's day, and the people it lists (roster indices).
    package func people(ofTeam t: Int) -> (lead: Int?, members: [Int]) {
        let people = teamPeople[today]
        return (people.lead(ofTeam: t), people.members(ofTeam: t).filter { $0 >= 0 }.map { Int($0) })
    }

    /// Person `p`'s teams on the plan's day, or (`before`) on the day before that one.
    package func teams(ofPerson p: Int, before day: Day? = nil) -> Set<Int> {
        let k = day.map { day in days.lastIndex { $0 < day } ?? 0 } ?? today
        return teamsOf[k][p] ?? []
    }

    /// The days a field's value changes (`value` of each state), for the words of a conflict.
    func changeDays<Value: Equatable>(_ value: (Int) -> Value) -> [Day] {
        states.indices.dropFirst().filter { value($0) != value($0 - 1) }.map { days[$0] }
    }

    /// The days person `p`'s team changes.
    package func teamChangeDays(ofPerson p: Int) -> [Day] { changeDays { teamsOf[$0][p] ?? [] } }

    /// The days team `t`'s lead changes.
    package func leadChangeDays(ofTeam t: Int) -> [Day] { changeDays { teamPeople[$0].lead(ofTeam: t) } }

    private func isPresent(_ presence: Presence, _ k: Int) -> Bool {
        presence.status(on: k == today ? asOf : days[k]) == .present
    }
}

extension LevelStartDate {
    /// A level start date as the space writes it: a day, or free text (which no roster date equals).
    static func fromSpace(_ text: String) -> LevelStartDate {
        Day(text).map(LevelStartDate.value) ?? .unmanaged
    }
}
