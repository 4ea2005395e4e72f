/// `roster report promotions --since DATE`: who started their level from that day to the
/// report's day, by their level start dates (most recent first). A level start date alone does
/// not say why it moved: where git's history of the roster records the change (``Recorded``), a
/// row says it was a promotion (with the level before), another level change, a hire or a
/// corrected date, and only promotions and level changes are counted as level changes. For people
/// who state no start date, the day the history records instead; the rest are counted as undated.
package struct PromotionReport: Sendable {
    /// What moved a person's level start date, as the history records it.
    package enum Event: Sendable, Equatable {
        case promoted(from: JobLevel)
        /// A level change down (or to the same rank).
        case levelChanged(from: JobLevel)
        case hired
        /// The date alone changed: a correction.
        case corrected

        /// The level before, for a level change.
        package var from: JobLevel? {
            switch self {
            case .promoted(let from), .levelChanged(let from): from
            case .hired, .corrected: nil
            }
        }

        /// How a row is labelled: `promotion`, `level change`, `hire`, `date correction`.
        package var label: String {
            switch self {
            case .promoted: "promotion"
            case .levelChanged: "level change"
            case .hired: "hire"
            case .corrected: "date correction"
            }
        }
    }

    package struct Row: Sendable {
        package var name: String
        package var id: Int?
        package var level: JobLevel
        package var since: Day
        package var teams: [String]
        /// What the history says the row is; nil: no history records it.
        package var event: Event?
        /// The commit the day comes from; nil: the person's level start date.
        package var commit: String?

        /// A level change (or one no history tells apart from a hire).
        var isLevelChange: Bool { event.map { $0.from != nil } ?? true }
    }

    /// A level event found in git: what it was, the level it gave (none for a corrected date), the
    /// day it took effect and the commit that made it.
    package struct Recorded: Sendable, Equatable {
        var event: Event
        var level: JobLevel?
        package var day: Day
        var commit: String

        package init(event: Event, level: JobLevel?, day: Day, commit: String) {
            self.event = event
            self.level = level
            self.day = day
            self.commit = commit
        }
    }

    package var from: Day
    package var asOf: Day
    /// The level changes first, then hires and corrections, each most recent first.
    package var rows: [Row] = []
    /// How many people state no level start date.
    package var undated = 0
    /// A history of the roster was read: rows without an event are level changes it does not record.
    package var hasHistory = false
    /// How many of the rows are dated by git's history.
    package var fromGit: Int { rows.lazy.filter { $0.commit != nil }.count }
    /// The rows that are level changes, and the others (hires, corrections).
    package var levelChanges: [Row] { rows.filter(\.isLevelChange) }
    package var others: [Row] { rows.filter { !$0.isLevelChange } }

    /// The report of `people`; `recorded` holds the last level event git records for a name
    /// (people of a repeated name are left as their files say: a name does not say which of them
    /// it was).
    init(people: [LevelReport.Person], from: Day, asOf: Day, recorded: [NameKey: Recorded]? = nil) {
        (self.from, self.asOf, hasHistory) = (from, asOf, recorded != nil)
        let recorded = recorded ?? [:]
        var names: [NameKey: Int] = [:]
        if !recorded.isEmpty { for person in people { names[NameKey(person.name), default: 0] += 1 } }
        for person in people {
            var row = Row(name: person.name, id: person.id, level: person.level, since: from, teams: person.teams)
            let key = NameKey(person.name)
            let found =
                names[key] == 1 ? recorded[key].flatMap { $0.level ?? person.level == person.level ? $0 : nil } : nil
            row.event = found?.event
            if let since = person.since.flatMap(Day.init) {
                row.since = since
            } else {
                undated += 1
                guard let found, found.event != .corrected else { continue }
                (row.since, row.commit) = (found.day, found.commit)
            }
            guard row.since >= from && row.since <= asOf else { continue }
            rows.append(row)
        }
        rows.sort { a, b in
            a.isLevelChange != b.isLevelChange ? a.isLevelChange : (b.since, a.name) < (a.since, b.name)
        }
    }

    /// The promotions a roster records, told apart from hires and corrections by `recorded` (the
    /// history's level events; nil: no history).
    package static func of(
        _ roster: Roster, from: Day, asOf: Day, team: String? = nil, recorded: [NameKey: Recorded]? = nil
    ) -> PromotionReport {
        PromotionReport(people: LevelReport.people(roster, team: team), from: from, asOf: asOf, recorded: recorded)
    }

    /// The promotions a live space records (no history: its level start dates alone).
    package static func of(_ live: LiveState, from: Day, asOf: Day, team: String? = nil) -> PromotionReport {
        PromotionReport(people: LevelReport.people(live, team: team), from: from, asOf: asOf)
    }
}
