/// `roster report site`: the organisation on one day, as one page shows it — its teams with their
/// people (level, craft, focus, time in level against the level's limit), each person's history
/// and the organisation's over time when git has it, and what is scheduled. Built from a space
/// (the live one, or the roster's people and teams taken as one), so both sources read alike.
package struct OrgPage: Sendable {
    /// A person's place in the page.
    package struct Person: Sendable {
        package var name: String
        package var id: Int?
        package var craft: Craft
        package var level: JobLevel
        package var focus: Focus
        package var since: Day?
        /// Whole months in level on the page's day; nil without a level start date.
        package var months: Int?
        /// The level's limit in months; nil: none.
        package var limit: Int?
        /// The teams they lead or are in, each with whether they lead it.
        var teams: [(name: String, leads: Bool)]
        /// What git's history of the roster records for them, oldest first.
        package var history: [Dated] = []

        /// Past their level's limit on the page's day.
        package var isOver: Bool { months.map { m in limit.map { $0 > 0 && m >= $0 } ?? false } ?? false }
    }

    /// A team: its lead and members by their place in ``people``, its level mix, and how many
    /// people its lead leads across teams (span of control).
    package struct Team: Sendable {
        package var name: String
        package var lead: Int
        package var members: [Int]
        package var levels: [(value: String, count: Int)]
        package var span: Int
    }

    /// Something that happened to a person, or is scheduled to.
    package enum Event: Sendable, Equatable {
        case joined(teams: [String])
        case left
        case moved(from: [String], to: [String])
        case level(from: JobLevel, to: JobLevel)
        case renamed(from: String)
        case teamStarts
        case teamEnds
    }

    /// An event on its day (a team's start and end name the team; the rest a person).
    package struct Dated: Sendable {
        package var day: Day
        package var event: Event
        package var name: String

        package init(day: Day, event: Event, name: String) {
            (self.day, self.event, self.name) = (day, event, name)
        }
    }

    /// A month of the organisation's history: its headcount at the end and who joined and left.
    package struct Month: Sendable, Equatable {
        package var month: String
        package var headcount: Int
        package var joined: Int
        package var left: Int
        package var promoted: Int

        /// A month before anything is counted in it.
        package init(month: String) {
            (self.month, headcount, joined, left, promoted) = (month, 0, 0, 0, 0)
        }
    }

    package var title: String
    package var asOf: Day
    package var people: [Person] = []
    package var teams: [Team] = []
    /// The people in no team, by their place in ``people``.
    package var inNoTeam: [Int] = []
    /// The months git's history covers, oldest first; nil: the roster is not in git.
    package var months: [Month]?
    /// What the roster dates after the page's day, by day.
    package var scheduled: [Dated] = []

    /// The page of `space` on `asOf`, with no history or schedule yet.
    package init(space: LiveState, asOf: Day, title: String) {
        (self.title, self.asOf) = (title, asOf)
        let limits = Dictionary(space.levels.map { ($0.level, $0.limitMonths) }) { _, last in last }
        var index: [Int: Int] = [:]
        for (p, user) in space.users.enumerated() {
            index[user.id] = p
            let since = user.levelStartDate.flatMap(Day.init)
            people.append(
                Person(
                    name: user.name, id: user.id > 0 ? user.id : nil, craft: user.craft, level: user.level,
                    focus: user.focus, since: since, months: since.map { $0.months(until: asOf) },
                    limit: limits[user.level], teams: []))
        }
        addTeams(space.teams, index)
        inNoTeam = people.indices.filter { people[$0].teams.isEmpty }
    }

    private mutating func addTeams(_ live: [LiveTeam], _ index: [Int: Int]) {
        var led: [Int: Set<Int>] = [:]
        for team in live {
            guard let lead = index[team.leadID] else { continue }
            let members = team.memberIDs.compactMap { index[$0] }.filter { $0 != lead }
            led[lead, default: []].formUnion(members)
            people[lead].teams.append((team.name, true))
            for m in members { people[m].teams.append((team.name, false)) }
            let levels = TeamReport.counts(([lead] + members).map { people[$0].level })
            teams.append(Team(name: team.name, lead: lead, members: members, levels: levels, span: 0))
        }
        for t in teams.indices { teams[t].span = led[teams[t].lead]?.count ?? 0 }
        teams.sort { $0.name < $1.name }
    }
}
