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

    package static func random(_ rng: inout SplitMix64) -> Scenario {
        let loc = SourceLocation(file: "roster.yaml", line: 1, column: 1)
        let liveCount = Int.random(in: 0...10, using: &rng)
        let shuffled = names.shuffled(using: &rng)
        var users: [LiveUser] = []
        for i in 0..<liveCount {
            users.append(
                LiveUser(
                    id: i + 1, name: shuffled[i], craft: Craft.allCases.randomElement(using: &rng)!,
                    level: JobLevel.allCases.randomElement(using: &rng)!,
                    focus: Focus.allCases.randomElement(using: &rng)!,
                    levelStartDate: Bool.random(using: &rng) ? "2024-01-0\(Int.random(in: 1...9, using: &rng))" : nil))
        }
        // Live teams with disjoint members.
        var teams: [LiveTeam] = []
        var pool = users.map(\.id).shuffled(using: &rng)
        for t in 0..<Int.random(in: 0...4, using: &rng) where !pool.isEmpty {
            let size = Int.random(in: 1...min(4, pool.count), using: &rng)
            let members = Array(pool.prefix(size))
            pool.removeFirst(size)
            teams.append(
                LiveTeam(id: 100 + t, name: "Team \(t)", leadID: members[0], memberIDs: members.shuffled(using: &rng)))
        }
        // The roster: some live people kept (some renamed), some new.
        var roster = Roster()
        var rosterNames: [String] = []
        for u in users where Int.random(in: 0..<4, using: &rng) > 0 {
            let renamed = Int.random(in: 0..<5, using: &rng) == 0
            let name = renamed ? u.name + " Jr" : u.name
            let date: LevelStartDate = [.unmanaged, .clear, .date(Day(year: 2025, month: 5, day: 5))].randomElement(
                using: &rng)!
            roster.people.append(
                PersonEntry(
                    name: Located(name, at: loc), craft: Bool.random(using: &rng) ? u.craft : .design,
                    level: u.level, focus: u.focus, levelStartDate: date,
                    previously: renamed ? [Located(u.name, at: loc)] : [], location: loc))
            rosterNames.append(name)
        }
        for name in shuffled[liveCount...].prefix(Int.random(in: 0...4, using: &rng)) {
            roster.people.append(
                PersonEntry(name: Located(name, at: loc), craft: .engineering, level: .mid, location: loc))
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
        return Scenario(
            live: LiveState(
                space: LiveSpace(id: "u_test", name: "Test", isOwner: true), users: users, teams: teams, levels: []),
            roster: roster)
    }
}
