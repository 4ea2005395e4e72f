import RosterTestSupport
import Testing

@testable import RosterModel
@testable import RosterReconcile
@testable import RosterRender

/// The people view counts each person once per kind of change: someone promoted and moved is in
/// both groups and both counts; leaving the space (deleted with prune) is apart from leaving a
/// team for none; and the summary line's counts are exactly what the groups list. Random
/// reorganisations of a 200-person company, seeded.
@Suite struct PeopleCountingPropertyTests {
    /// The company's roster as text, everyone pinned by id, with `change` made to each entry.
    static func roster(_ live: LiveState, _ rng: inout SplitMix64) -> (text: String, expected: [Int: Set<String>]) {
        var expected: [Int: Set<String>] = [:]
        var teams = live.teams.map { team in (team: team, members: team.memberIDs.filter { $0 != team.leadID }) }
        var people: [String] = []
        for user in live.users {
            var level = user.level
            var kinds = Set<String>()
            switch Int.random(in: 0..<10, using: &rng) {
            case 0 where level != .principal:
                level = JobLevel.allCases.first { $0 > level } ?? level
                kinds.insert("promoted")
            case 1:
                // Deleted with prune, unless they lead a team.
                if !teams.contains(where: { $0.team.leadID == user.id }) {
                    for t in teams.indices { teams[t].members.removeAll { $0 == user.id } }
                    expected[user.id] = ["leaves"]
                    continue
                }
            default: break
            }
            if let t = teams.firstIndex(where: { $0.members.contains(user.id) }) {
                switch Int.random(in: 0..<6, using: &rng) {
                case 0, 1:
                    teams[t].members.removeAll { $0 == user.id }
                    teams[(t + 1) % teams.count].members.append(user.id)
                    kinds.insert("moves")
                case 2:
                    teams[t].members.removeAll { $0 == user.id }
                    kinds.insert("leavesTeam")
                default: break
                }
            }
            if !kinds.isEmpty { expected[user.id] = kinds }
            people.append(
                "  - {name: \"\(user.name)\", id: \(user.id), craft: \(user.craft.rawValue), level: \(level.rawValue), "
                    + "focus: \(user.focus.rawValue)}\n")
        }
        let reference = { (id: Int) in
            "\"\(live.users.first { $0.id == id }?.name ?? "") (#\(id))\""
        }
        let written = teams.map { team, members in
            "  - {name: \"\(team.name)\", id: \(team.id), lead: \(reference(team.leadID)), members: ["
                + members.map(reference).joined(separator: ", ") + "]}\n"
        }
        return (
            "version: 1\npolicy: {prune: true}\npeople:\n" + people.joined() + "teams:\n" + written.joined(),
            expected
        )
    }

    @Test func eachPersonCountsOncePerKindOfChange() throws {
        for seed in UInt64(1)...12 {
            var rng = SplitMix64(seed: seed)
            let live = CompanySpace.make(people: 200, seed: seed)
            let (text, expected) = Self.roster(live, &rng)
            let loaded = RosterLoader().load(texts: [("r.yaml", Array(text.utf8))])
            #expect(loaded.isValid, "seed \(seed): \(loaded.diagnostics.prefix(2))")
            let plan = try #require(Planner.plan(roster: loaded.roster, live: live, prune: true).0)
            let view = PeopleView(plan)
            var got: [Int: Set<String>] = [:]
            for story in view.stories { if let id = story.id { got[id] = Set(story.kinds.map(\.key)) } }
            #expect(got == expected, "seed \(seed)")
            // The summary's counts are the groups' sizes, and each group lists its people once.
            let summary = PeopleText.summary(view)
            for kind in PersonStory.Kind.allCases {
                let section = view.section(kind)
                #expect(section.count == view.count(kind), "seed \(seed): \(kind)")
                #expect(Set(section.compactMap(\.id)).count == section.filter { $0.id != nil }.count)
            }
            #expect(summary.hasPrefix("0 join, \(view.count(.leaves)) leave, "), "seed \(seed): \(summary)")
            #expect(summary.contains("\(view.count(.moves)) move, \(view.count(.promoted)) promoted"), "\(summary)")
        }
    }
}
