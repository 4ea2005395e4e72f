import Foundation

/// `roster report levels`: for every person with a level start date, the whole months in level
/// on a day against their level's limit; sorted by most overdue, then name.
package struct LevelReport: Sendable {
    /// `scheduled`: the level starts after the report's day (a promotion dated ahead).
    package enum Status: String, Sendable { case over, due, within, noLimit = "no-limit", scheduled }

    package struct Row: Sendable {
        package var name: String
        package var id: Int?
        package var level: JobLevel
        package var since: Day
        package var months: Int
        /// The level's limit in months; nil or 0: no limit.
        package var limit: Int?
        package var status: Status
        /// The teams they lead or are in, by name.
        package var teams: [String] = []
        /// Months past the limit (negative: months left).
        package var overBy: Int? { limit.map { months - $0 } }
    }

    package var asOf: Day
    package var dueMonths: Int
    package var rows: [Row] = []
    /// People without a (readable) level start date, by name.
    package var withoutStartDate: [(name: String, level: JobLevel)] = []

    /// How many people of each status, and how many state no start date; `scheduled` only when
    /// some level starts after the report's day.
    package var totals: [(status: String, count: Int)] {
        let scheduled = rows.lazy.filter { $0.status == .scheduled }.count
        return [Status.over, .due, .within, .noLimit].map { status in
            (status.rawValue, rows.lazy.filter { $0.status == status }.count)
        } + (scheduled > 0 ? [(Status.scheduled.rawValue, scheduled)] : []) + [
            ("no-start-date", withoutStartDate.count)
        ]
    }

    /// A person as the report reads them.
    package struct Person: Sendable {
        var name: String
        var id: Int?
        var level: JobLevel
        var since: String?
        var teams: [String]

        init(name: String, id: Int?, level: JobLevel, since: String?, teams: [String] = []) {
            (self.name, self.id, self.level, self.since, self.teams) = (name, id, level, since, teams)
        }
    }

    init(people: [Person], limits: [JobLevel: Int], asOf: Day, dueMonths: Int) {
        self.asOf = asOf
        self.dueMonths = dueMonths
        for person in people {
            guard let since = person.since.flatMap(Day.init) else {
                withoutStartDate.append((person.name, person.level))
                continue
            }
            let months = max(0, since.months(until: asOf))
            let limit = limits[person.level].flatMap { $0 > 0 ? $0 : nil }
            let status: Status =
                switch limit {
                case _ where since > asOf: .scheduled
                case nil: .noLimit
                case let l? where months >= l: .over
                case let l? where l - months <= dueMonths: .due
                default: .within
                }
            rows.append(
                Row(
                    name: person.name, id: person.id, level: person.level, since: since, months: months,
                    limit: limit, status: status, teams: person.teams))
        }
        rows.sort { a, b in
            let (x, y) = (a.overBy ?? Int.min, b.overBy ?? Int.min)
            return x != y ? x > y : (a.name, a.id ?? 0) < (b.name, b.id ?? 0)
        }
        withoutStartDate.sort { $0.name < $1.name }
    }

    /// The report of a roster, its limits from its `levels`; with `team`, of that team's people only.
    package static func of(_ roster: Roster, asOf: Day, dueMonths: Int, team: String? = nil) -> LevelReport {
        let limits = Dictionary(roster.levels.map { ($0.level, $0.limitMonths) }) { _, last in last }
        return LevelReport(
            people: people(roster, team: team, on: asOf), limits: limits, asOf: asOf, dueMonths: dueMonths)
    }

    /// The report of a live space, its limits the space's.
    package static func of(_ live: LiveState, asOf: Day, dueMonths: Int, team: String? = nil) -> LevelReport {
        let limits = Dictionary(live.levels.map { ($0.level, $0.limitMonths) }) { _, last in last }
        return LevelReport(people: people(live, team: team), limits: limits, asOf: asOf, dueMonths: dueMonths)
    }

    /// A roster's people as the reports read them, with their teams (of `team` only, if named);
    /// with a day, those in the space that day, in the teams they are in then.
    static func people(_ roster: Roster, team: String?, on day: Day? = nil) -> [Person] {
        let teams = PeopleTeams.of(day.map { roster.on($0) } ?? roster)
        let people = roster.people.enumerated().compactMap { p, person -> Person? in
            if let day, person.presence.status(on: day) != .present { return nil }
            let since: String? = if case .value(let d) = person.levelStartDate { d.description } else { nil }
            return Person(
                name: person.name.value, id: person.id?.value, level: person.level, since: since, teams: teams[p])
        }
        return PeopleTeams.only(team, people)
    }

    /// A live space's people as the reports read them.
    static func people(_ live: LiveState, team: String?) -> [Person] {
        let teams = PeopleTeams.of(live)
        let people = live.users.map {
            Person(name: $0.name, id: $0.id, level: $0.level, since: $0.levelStartDate, teams: teams[$0.id] ?? [])
        }
        return PeopleTeams.only(team, people)
    }
}
