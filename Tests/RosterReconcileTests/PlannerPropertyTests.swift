import Foundation
import MPSClient
import RosterCore
import RosterModel
import RosterTestSupport
import Testing

@testable import RosterModel
@testable import RosterReconcile

/// An in-memory MPS with the server's rules: leads appended to members, full replacement,
/// deleteUser refusing leads, unknown ids failing.
struct ServerModel {
    var users: [Int: LiveUser] = [:]
    var teams: [Int: LiveTeam] = [:]
    var levels: [JobLevel: Int] = [:]
    var nextID = 1000
    var created: [Int: Int] = [:]

    init(_ live: LiveState) {
        for u in live.users { users[u.id] = u }
        for t in live.teams { teams[t.id] = t }
        for l in live.levels { levels[l.level] = l.limitMonths }
        nextID = max(nextID, users.keys.max() ?? 0, teams.keys.max() ?? 0)
    }

    func resolve(_ ref: PersonRef) throws -> Int {
        switch ref {
        case .live(let id):
            guard users[id] != nil else { throw ModelError.refused("unknown user #\(id)") }
            return id
        case .created(let i):
            guard let id = created[i] else { throw ModelError.refused("person \(i) not created yet") }
            return id
        }
    }

    enum ModelError: Error { case refused(String) }

    mutating func apply(_ op: PlanOperation) throws {
        switch op.payload {
        case .createUser(let i, let f):
            nextID += 1
            users[nextID] = LiveUser(
                id: nextID, name: f.fullName, craft: f.craft, level: f.level, focus: f.focus,
                levelStartDate: f.levelStartDate)
            created[i] = nextID
        case .updateUser(let id, let f):
            guard users[id] != nil else { throw ModelError.refused("User not found") }
            users[id] = LiveUser(
                id: id, name: f.fullName, craft: f.craft, level: f.level, focus: f.focus,
                levelStartDate: f.levelStartDate)
        case .deleteUser(let id):
            guard users[id] != nil else { throw ModelError.refused("no user") }
            if let led = teams.values.first(where: { $0.leadID == id }) {
                throw ModelError.refused("Cannot delete user: they are the lead of team \"\(led.name)\"")
            }
            for (tid, t) in teams { teams[tid]?.memberIDs = t.memberIDs.filter { $0 != id } }
            users[id] = nil
        case .createTeam(_, let f):
            let lead = try resolve(f.lead)
            var members = try f.members.map(resolve)
            if !members.contains(lead) { members.append(lead) }
            nextID += 1
            teams[nextID] = LiveTeam(id: nextID, name: f.name, leadID: lead, memberIDs: members)
        case .updateTeam(let id, let f):
            guard teams[id] != nil else { throw ModelError.refused("Team not found") }
            let lead = try resolve(f.lead)
            var members = try f.members.map(resolve)
            if !members.contains(lead) { members.append(lead) }
            teams[id] = LiveTeam(id: id, name: f.name, leadID: lead, memberIDs: members)
        case .deleteTeam(let id):
            teams[id] = nil
        case .setJobLevelLimit(let level, let months):
            levels[level] = months
        case .addSpaceMember, .removeSpaceMember:
            break
        }
    }

    /// People in more than one team.
    var peopleInTwoTeams: [Int] {
        var count: [Int: Int] = [:]
        for t in teams.values { for u in t.memberSet { count[u, default: 0] += 1 } }
        return count.filter { $0.value > 1 }.map(\.key).sorted()
    }

    var state: LiveState {
        LiveState(
            space: LiveSpace(id: "u_test", name: "Test", isOwner: true), users: users.values.sorted { $0.id < $1.id },
            teams: teams.values.sorted { $0.id < $1.id },
            levels: levels.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
}

/// Random live states and rosters for the planner's properties.
struct Scenario {
    var live: LiveState
    var roster: Roster

    static let names = [
        "Ada", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu", "Mo", "Ned", "Oz", "Pia",
        "Quin", "Rae",
    ]

    static func random(_ rng: inout SplitMix64) -> Scenario {
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
            let date: LevelStartDate = [.unmanaged, .clear, .date("2025-05-05")].randomElement(using: &rng)!
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

extension PlanWarning {
    /// Whether a declared one-team break ("… in step J … until step K …") spans `step`.
    func covers(step: Int) -> Bool {
        guard let start = self.step, let range = message.range(of: "until step ") else { return false }
        let end = Int(message[range.upperBound...].prefix { $0.isNumber }) ?? start
        return (start...max(start, end)).contains(step)
    }
}

@Suite struct PlannerPropertyTests {
    /// Random live states and rosters: the steps, run on the model server, reach the roster;
    /// every operation is one the server accepts; nobody is in two teams after any operation
    /// unless the plan says so; and planning again finds nothing to do.
    @Test(arguments: 0..<4)
    func stepsReachTheRosterThroughAcceptedStates(_ shard: Int) throws {
        var rng = SplitMix64(seed: 0xC0FFEE + UInt64(shard))
        var declared = 0
        for round in 0..<500 {
            let scenario = Scenario.random(&rng)
            let (plan, diagnostics) = Planner.plan(
                roster: scenario.roster, live: scenario.live, prune: true, endpoint: "http://test")
            guard let plan else {
                Issue.record("round \(round): no plan: \(diagnostics.map(\.message))")
                continue
            }
            var server = ServerModel(scenario.live)
            let oneTeamWarnings = plan.warnings.filter { $0.step != nil }
            declared += oneTeamWarnings.isEmpty ? 0 : 1
            for (s, step) in plan.steps.enumerated() {
                for op in step {
                    do { try server.apply(op) } catch {
                        Issue.record(
                            "shard \(shard) round \(round) step \(s + 1): \(op.mutation) \(op.name) refused: \(error)")
                    }
                    if !server.peopleInTwoTeams.isEmpty && !oneTeamWarnings.contains(where: { $0.covers(step: s + 1) })
                    {
                        Issue.record(
                            "shard \(shard) round \(round) step \(s + 1) after \(op.mutation) \(op.name): \(server.peopleInTwoTeams) in two teams"
                        )
                    }
                }
            }
            let (again, _) = Planner.plan(
                roster: scenario.roster, live: server.state, prune: true, endpoint: "http://test")
            #expect(
                again?.hasChanges == false,
                "shard \(shard) round \(round): still to do: \(again?.changes.filter { $0.action != .unmanaged }.map { "\($0.action) \($0.kind) \($0.name) \($0.updates)" } ?? [])"
            )
        }
        // Cycles with nobody to lead in between are possible but rare.
        #expect(declared < 25)
    }

    /// The planner takes the team references the validator resolved; a roster built in code
    /// has none and is resolved afresh. Both give the same plan.
    @Test func validatedReferencesPlanAsReferencesResolvedAfresh() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let scenario = Scenario.random(&rng)
            var validated = scenario.roster
            let resolver = ReferenceResolver(validated, PersonIndex(validated.people))
            validated.teamPeople = TeamPeople(
                resolved: resolver.resolved, offsets: resolver.offsets, peopleCount: validated.people.count)
            let afresh = Planner.plan(roster: scenario.roster, live: scenario.live, prune: true, endpoint: "x").0
            let stored = Planner.plan(roster: validated, live: scenario.live, prune: true, endpoint: "x").0
            #expect(afresh?.steps == stored?.steps)
            #expect(
                afresh?.changes.map {
                    "\($0.action) \($0.kind) \($0.name) \($0.updates)"
                }
                    == stored?.changes.map {
                        "\($0.action) \($0.kind) \($0.name) \($0.updates)"
                    })
        }
    }

    /// Operations sort by the bytes of their names' NFC forms, which is `<` on NFC strings,
    /// whatever scripts, marks and lengths the names mix.
    @Test func nameOrderIsStringOrderOfNFCForms() {
        var rng = SplitMix64(seed: 11)
        let pieces = [
            "a", "b", "Z", " ", "0", "é", "e\u{301}", "Å", "A\u{30A}", "\u{212B}", "ß", "ø", "o\u{308}", "Ö", "ñ",
            "n\u{303}",
            "😀", "ﬁ", "\u{1E9B}\u{323}", "한", "\u{1100}\u{1161}\u{11A8}", "ǅ", "\u{0344}", "Ł", "ḁ",
        ]
        let names = (0..<400).map { _ in
            (0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
        }
        let order = NameOrder(count: names.count) { names[$0] }
        let composed = names.map(\.precomposedStringWithCanonicalMapping)
        for i in names.indices {
            for j in names.indices {
                let expected = composed[i] < composed[j] ? -1 : composed[i] == composed[j] ? 0 : 1
                let got = order.compare(i, j)
                #expect(
                    (got < 0 ? -1 : got == 0 ? 0 : 1) == expected,
                    "\(names[i].unicodeScalars.map(\.value)) vs \(names[j].unicodeScalars.map(\.value))")
            }
        }
    }

    @Test func planningIsDeterministic() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<100 {
            let scenario = Scenario.random(&rng)
            let a = Planner.plan(roster: scenario.roster, live: scenario.live, prune: true, endpoint: "x").0
            let b = Planner.plan(roster: scenario.roster, live: scenario.live, prune: true, endpoint: "x").0
            #expect(a?.steps == b?.steps)
        }
    }
}
