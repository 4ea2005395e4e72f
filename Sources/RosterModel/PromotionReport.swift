/// `roster report promotions --since DATE`: who started their level from that day to the
/// report's day, by their level start dates (most recent first). For people who state no start
/// date, the day of the commit that gave them their level, when git's history of the roster
/// records one (``Committed``); the rest are counted as undated.
package struct PromotionReport: Sendable {
    package struct Row: Sendable {
        package var name: String
        package var id: Int?
        package var level: JobLevel
        package var since: Day
        package var teams: [String]
        /// The commit the day comes from; nil: the person's level start date.
        package var commit: String?
    }

    /// A level change found in git: the level a person was given, the commit's day and its hash.
    package struct Committed: Sendable, Equatable {
        var level: JobLevel
        var day: Day
        var commit: String

        package init(level: JobLevel, day: Day, commit: String) {
            self.level = level
            self.day = day
            self.commit = commit
        }
    }

    package var from: Day
    package var asOf: Day
    package var rows: [Row] = []
    /// How many people state no level start date.
    package var undated = 0
    /// How many of the rows are dated by git's history.
    package var fromGit: Int { rows.lazy.filter { $0.commit != nil }.count }

    /// The report of `people`; `committed` holds the last level change git records for a name
    /// (people of a repeated name are left undated: a name does not say which of them it was).
    init(people: [LevelReport.Person], from: Day, asOf: Day, committed: [NameKey: Committed] = [:]) {
        self.from = from
        self.asOf = asOf
        var names: [NameKey: Int] = [:]
        if !committed.isEmpty { for person in people { names[NameKey(person.name), default: 0] += 1 } }
        for person in people {
            var row = Row(name: person.name, id: person.id, level: person.level, since: from, teams: person.teams)
            if let since = person.since.flatMap(Day.init) {
                row.since = since
            } else {
                undated += 1
                let key = NameKey(person.name)
                guard names[key] == 1, let found = committed[key], found.level == person.level else { continue }
                (row.since, row.commit) = (found.day, found.commit)
            }
            guard row.since >= from && row.since <= asOf else { continue }
            rows.append(row)
        }
        rows.sort { ($1.since, $0.name) < ($0.since, $1.name) }
    }

    /// The promotions a roster records, and those git records for its undated people.
    package static func of(
        _ roster: Roster, from: Day, asOf: Day, team: String? = nil, committed: [NameKey: Committed] = [:]
    ) -> PromotionReport {
        PromotionReport(
            people: LevelReport.people(roster, team: team), from: from, asOf: asOf, committed: committed)
    }

    /// The promotions a live space records.
    package static func of(_ live: LiveState, from: Day, asOf: Day, team: String? = nil) -> PromotionReport {
        PromotionReport(people: LevelReport.people(live, team: team), from: from, asOf: asOf)
    }
}
