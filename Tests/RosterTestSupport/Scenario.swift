import RosterCore
import RosterModel
import RosterReconcile

/// Random live states and rosters for the planner's properties.
package struct Scenario {
    package var live: LiveState
    package var roster: Roster

    package init(live: LiveState, roster: Roster) {
        self.live = live
        self.roster = roster
    }

    package static let names = [
        "Ada", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu", "Mo", "Ned", "Oz", "Pia",
        "Quin", "Rae",
    ]

    static let loc = SourceLocation(file: "roster.yaml", line: 1, column: 1)

    package static func random(_ rng: inout SplitMix64) -> Scenario {
        let liveCount = Int.random(in: 0...10, using: &rng)
        let shuffled = names.shuffled(using: &rng)
        let (users, teams) = randomLive(liveCount, shuffled, &rng)
        let roster = randomRoster(users, new: shuffled[liveCount...], &rng)
        return Scenario(
            live: LiveState(
                space: LiveSpace(id: "u_test", name: "Test", isOwner: true), users: users, teams: teams, levels: []),
            roster: roster)
    }

    /// Live people with random fields, and live teams with disjoint members.
    static func randomLive(
        _ liveCount: Int, _ shuffled: [String], _ rng: inout SplitMix64
    ) -> ([LiveUser], [LiveTeam]) {
        var users: [LiveUser] = []
        for i in 0..<liveCount {
            users.append(
                LiveUser(
                    id: i + 1, name: shuffled[i], craft: Craft.allCases.randomElement(using: &rng)!,
                    level: JobLevel.allCases.randomElement(using: &rng)!,
                    focus: Focus.allCases.randomElement(using: &rng)!,
                    levelStartDate: Bool.random(using: &rng) ? "2024-01-0\(Int.random(in: 1...9, using: &rng))" : nil))
        }
        var teams: [LiveTeam] = []
        var pool = users.map(\.id).shuffled(using: &rng)
        for t in 0..<Int.random(in: 0...4, using: &rng) where !pool.isEmpty {
            let size = Int.random(in: 1...min(4, pool.count), using: &rng)
            let members = Array(pool.prefix(size))
            pool.removeFirst(size)
            teams.append(
                LiveTeam(id: 100 + t, name: "Team \(t)", leadID: members[0], memberIDs: members.shuffled(using: &rng)))
        }
        return (users, teams)
    }

    /// The roster: some live people kept (some renamed), some new, in random teams.
    static func randomRoster(_ users: [LiveUser], new: ArraySlice<String>, _ rng: inout SplitMix64) -> Roster {
        let loc = Self.loc
        var roster = Roster()
        var rosterNames: [String] = []
        for u in users where Int.random(in: 0..<4, using: &rng) > 0 {
            let renamed = Int.random(in: 0..<5, using: &rng) == 0
            let name = renamed ? u.name + " Jr" : u.name
            let date: LevelStartDate = [.unmanaged, .clear, .value(Day(year: 2025, month: 5, day: 5))].randomElement(
                using: &rng)!
            roster.people.append(
                PersonEntry(
                    name: Located(name, at: loc), craft: Bool.random(using: &rng) ? u.craft : .design,
                    level: u.level, focus: u.focus, levelStartDate: date,
                    previously: renamed ? [Located(u.name, at: loc)] : [], location: loc))
            rosterNames.append(name)
        }
        for name in new.prefix(Int.random(in: 0...4, using: &rng)) {
            roster.people.append(
                PersonEntry(
                    name: Located(name, at: loc), craft: .engineering, level: .mid, focus: .notApplicable,
                    levelStartDate: .unmanaged, location: loc))
            rosterNames.append(name)
        }
        var free = rosterNames.shuffled(using: &rng)
        let teamNames = (0..<6).map { "Team \($0)" }.shuffled(using: &rng)
        for t in 0..<Int.random(in: 0...4, using: &rng) where !free.isEmpty {
            let size = Int.random(in: 1...min(5, free.count), using: &rng)
            let members = Array(free.prefix(size))
            free.removeFirst(size)
            roster.teams.append(
                TeamEntry(
                    name: Located(teamNames[t], at: loc), lead: Located(PersonReference(parsing: members[0]), at: loc),
                    members: members.dropFirst().map { Located(PersonReference(parsing: $0), at: loc) }, location: loc))
        }
        if Bool.random(using: &rng) {
            roster.levels.append(
                LevelLimitEntry(level: .junior, limitMonths: Int.random(in: 0...30, using: &rng), location: loc))
        }
        roster.policy.prune = true
        return roster
    }
}
