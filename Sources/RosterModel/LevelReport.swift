import Foundation

/// `roster report levels`: for every person with a level start date, the whole months in level
/// on a day against their level's limit; sorted by most overdue, then name.
package struct LevelReport: Sendable {
    package enum Status: String, Sendable { case over, due, within, noLimit = "no-limit" }

    package struct Row: Sendable {
        package var name: String
        package var id: Int?
        package var level: JobLevel
        package var since: Day
        package var months: Int
        /// The level's limit in months; nil or 0: no limit.
        package var limit: Int?
        package var status: Status
        /// Months past the limit (negative: months left).
        package var overBy: Int? { limit.map { months - $0 } }
    }

    package var asOf: Day
    package var dueMonths: Int
    package var rows: [Row] = []
    /// People without a (readable) level start date, by name.
    package var withoutStartDate: [(name: String, level: JobLevel)] = []

    /// A person as the report reads them.
    package struct Person: Sendable {
        package var name: String
        package var id: Int?
        package var level: JobLevel
        package var since: String?

        package init(name: String, id: Int?, level: JobLevel, since: String?) {
            (self.name, self.id, self.level, self.since) = (name, id, level, since)
        }
    }

    package init(people: [Person], limits: [JobLevel: Int], asOf: Day, dueMonths: Int) {
        self.asOf = asOf
        self.dueMonths = dueMonths
        for person in people {
            guard let since = person.since.flatMap(Day.init) else {
                withoutStartDate.append((person.name, person.level))
                continue
            }
            let months = since.months(until: asOf)
            let limit = limits[person.level].flatMap { $0 > 0 ? $0 : nil }
            let status: Status =
                switch limit {
                case nil: .noLimit
                case let l? where months >= l: .over
                case let l? where l - months <= dueMonths: .due
                default: .within
                }
            rows.append(
                Row(
                    name: person.name, id: person.id, level: person.level, since: since, months: months,
                    limit: limit, status: status))
        }
        rows.sort { a, b in
            let (x, y) = (a.overBy ?? Int.min, b.overBy ?? Int.min)
            return x != y ? x > y : (a.name, a.id ?? 0) < (b.name, b.id ?? 0)
        }
        withoutStartDate.sort { $0.name < $1.name }
    }

    /// The report of a roster, its limits from its `levels`.
    package static func of(_ roster: Roster, asOf: Day, dueMonths: Int) -> LevelReport {
        let people = roster.people.map { p -> Person in
            let since: String? = if case .date(let d) = p.levelStartDate { d.description } else { nil }
            return Person(name: p.name.value, id: p.id?.value, level: p.level, since: since)
        }
        let limits = Dictionary(roster.levels.map { ($0.level, $0.limitMonths) }) { _, last in last }
        return LevelReport(people: people, limits: limits, asOf: asOf, dueMonths: dueMonths)
    }

    /// The report of a live space, its limits the space's.
    package static func of(_ live: LiveState, asOf: Day, dueMonths: Int) -> LevelReport {
        let people = live.users.map { Person(name: $0.name, id: $0.id, level: $0.level, since: $0.levelStartDate) }
        let limits = Dictionary(live.levels.map { ($0.level, $0.limitMonths) }) { _, last in last }
        return LevelReport(people: people, limits: limits, asOf: asOf, dueMonths: dueMonths)
    }
}
