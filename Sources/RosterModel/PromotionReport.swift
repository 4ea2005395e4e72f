/// `roster report promotions --since DATE`: who started their level from that day to the
/// report's day, by their level start dates (most recent first). People who state no start date
/// are not in it: their promotion has no day.
package struct PromotionReport: Sendable {
    package struct Row: Sendable {
        package var name: String
        package var id: Int?
        package var level: JobLevel
        package var since: Day
        package var teams: [String]
    }

    package var from: Day
    package var asOf: Day
    package var rows: [Row] = []
    /// How many people state no level start date.
    package var undated = 0

    package init(people: [LevelReport.Person], from: Day, asOf: Day) {
        self.from = from
        self.asOf = asOf
        for person in people {
            guard let since = person.since.flatMap(Day.init) else {
                undated += 1
                continue
            }
            guard since >= from && since <= asOf else { continue }
            rows.append(Row(name: person.name, id: person.id, level: person.level, since: since, teams: person.teams))
        }
        rows.sort { ($1.since, $0.name) < ($0.since, $1.name) }
    }

    /// The promotions a roster records.
    package static func of(_ roster: Roster, from: Day, asOf: Day, team: String? = nil) -> PromotionReport {
        PromotionReport(people: LevelReport.people(roster, team: team), from: from, asOf: asOf)
    }

    /// The promotions a live space records.
    package static func of(_ live: LiveState, from: Day, asOf: Day, team: String? = nil) -> PromotionReport {
        PromotionReport(people: LevelReport.people(live, team: team), from: from, asOf: asOf)
    }
}
