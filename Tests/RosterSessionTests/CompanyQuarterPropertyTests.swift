import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterEdit
@testable import RosterModel
@testable import RosterPull
@testable import RosterReconcile
@testable import RosterSession

/// A company's quarter at 200 and 2,000 people with real names (accents, decomposed spellings,
/// namesakes): the space exported, random edit commands on a branch (moves, promotions, hires),
/// random changes in the app meanwhile (moves, promotions, hires, deletions, a member taken out,
/// a team renamed), then pull with the export as its base. The roster written loads; every edit
/// of the branch is kept; every change of the app to someone the branch did not touch is adopted;
/// the conflicts are exactly the people both changed; and the plan afterwards is exactly the
/// branch's edits. Seeded; the seed is in every failure.
@Suite struct CompanyQuarterPropertyTests {
    /// A person's state that both sides may change: their teams (live ids) and level.
    struct State: Equatable {
        var teams: Set<Int>
        var level: JobLevel
    }

    /// What the test knows it did, and so what pull must make of it.
    struct Quarter {
        var live: LiveState
        var texts: [String: String] = [:]
        var base = Roster()
        var files = Roster()
        /// Live ids the branch moved (to a team) or set the level of.
        var branchTeam: [Int: Int] = [:]
        var branchLevel: [Int: JobLevel] = [:]
        /// New people the branch hired, by name, with their team.
        var hires: [String: Int] = [:]
        var appTouched = Set<Int>()
        var deleted = Set<Int>()
        var conflicts = Set<String>()
        /// Team live id by name in the export, and the roster reference of each live person.
        var teamIDs: [String: Int] = [:]
        var references: [Int: String] = [:]
    }

    @Test(arguments: [(200, UInt64(1)...8), (2_000, UInt64(100)...100)])
    func aQuarterOnABranchAndInTheAppPullsPersonByPerson(_ size: Int, _ seeds: ClosedRange<UInt64>) throws {
        for seed in seeds {
            var rng = SplitMix64(seed: seed)
            var quarter = try Self.exported(CompanySpace.make(people: size, seed: seed))
            try Self.branch(&quarter, &rng, edits: min(size / 20, 30))
            let before = quarter.live
            Self.app(&quarter, &rng, changes: min(size / 20, 30))
            check(quarter, before: before, seed: seed)
        }
    }

    /// The export, loaded as the base and as the files.
    static func exported(_ live: LiveState) throws -> Quarter {
        var quarter = Quarter(live: live)
        var exporter = RosterExporter(live: live, pinSpace: false, pinIDs: false)
        quarter.texts = ["roster.yaml": exporter.text(json: false)]
        quarter.base = load(quarter.texts)
        quarter.files = quarter.base
        let matching = Matching(roster: quarter.base, live: live, asOf: nil)
        for (t, match) in matching.teams.enumerated() {
            if let match { quarter.teamIDs[quarter.base.teams[t].name.value] = match.id }
        }
        for (p, match) in matching.people.enumerated() {
            if let match { quarter.references[match.id] = quarter.base.people[p].reference }
        }
        return quarter
    }

    static func load(_ texts: [String: String]) -> Roster {
        RosterLoader().load(texts: texts.keys.sorted().map { ($0, Array((texts[$0] ?? "").utf8)) }).roster
    }

    /// Random edit commands: a member moved to another team, a level set, a hire into a team.
    static func branch(_ q: inout Quarter, _ rng: inout SplitMix64, edits: Int) throws {
        let teams = q.live.teams
        for n in 0..<edits {
            let edit: RosterEdit
            switch n % 3 {
            case 0:
                guard let (user, from) = member(q, &rng, avoiding: Set(q.branchTeam.keys)) else { continue }
                let to = teams.filter { $0.id != from.id }.randomElement(using: &rng) ?? from
                edit = .move(person: q.references[user] ?? "", team: name(q, to.id), role: .member)
                q.branchTeam[user] = to.id
            case 1:
                guard let user = q.live.users.filter({ q.branchLevel[$0.id] == nil }).randomElement(using: &rng)
                else { continue }
                let level = JobLevel.allCases.filter { $0 != user.level }.randomElement(using: &rng) ?? .mid
                edit = .setPerson(q.references[user.id] ?? "", PersonChanges(level: level, levelStartDate: .clear))
                q.branchLevel[user.id] = level
            default:
                let team = teams.randomElement(using: &rng) ?? teams[0]
                let name = "Newhire \(n) Ñúñez-Łukasiewicz"
                edit = .addPerson(NewPerson(name: name, craft: .design, level: .junior, team: Self.name(q, team.id)))
                q.hires[name] = team.id
            }
            let result = try RosterEditor.apply(
                edit, to: q.files, texts: q.texts, today: Day(year: 2026, month: 11, day: 27))
            for (file, text) in result.changed { q.texts[file] = text }
            q.files = load(q.texts)
        }
    }

    /// The roster name of live team `id` as the export wrote it.
    static func name(_ q: Quarter, _ id: Int) -> String {
        q.teamIDs.first { $0.value == id }?.key ?? ""
    }

    /// A member (not the lead) of some team, not in `avoiding`.
    static func member(_ q: Quarter, _ rng: inout SplitMix64, avoiding: Set<Int>) -> (Int, LiveTeam)? {
        for _ in 0..<50 {
            guard let team = q.live.teams.randomElement(using: &rng),
                let user = team.memberIDs.filter({ $0 != team.leadID && !avoiding.contains($0) })
                    .randomElement(using: &rng)
            else { continue }
            return (user, team)
        }
        return nil
    }

    /// Random changes in the app: moves and promotions (some of people the branch changed the
    /// same way, differently: conflicts), hires, deletions, a member taken out, a team renamed.
    static func app(_ q: inout Quarter, _ rng: inout SplitMix64, changes: Int) {
        let branch = Set(q.branchTeam.keys).union(q.branchLevel.keys)
        for n in 0..<changes {
            switch n % 6 {
            case 0: appMove(&q, &rng, conflicting: Bool.random(using: &rng))
            case 1: appPromote(&q, &rng, conflicting: Bool.random(using: &rng))
            case 2:
                let id = (q.live.users.map(\.id).max() ?? 0) + 1
                q.live.users.append(
                    LiveUser(
                        id: id, name: "App Hire \(n) Zoë", craft: .engineering, level: .mid, focus: .backend,
                        levelStartDate: nil))
                let t = Int.random(in: 0..<q.live.teams.count, using: &rng)
                q.live.teams[t].memberIDs.append(id)
                q.appTouched.insert(id)
            case 3:
                guard let (user, team) = member(q, &rng, avoiding: branch.union(q.appTouched)) else { continue }
                q.live.users.removeAll { $0.id == user }
                if let t = q.live.teams.firstIndex(where: { $0.id == team.id }) {
                    q.live.teams[t].memberIDs.removeAll { $0 == user }
                }
                q.deleted.insert(user)
            case 4:
                guard let (user, team) = member(q, &rng, avoiding: branch.union(q.appTouched)) else { continue }
                if let t = q.live.teams.firstIndex(where: { $0.id == team.id }) {
                    q.live.teams[t].memberIDs.removeAll { $0 == user }
                }
                q.appTouched.insert(user)
            default:
                let t = Int.random(in: 0..<q.live.teams.count, using: &rng)
                q.live.teams[t].name += " (renamed)"
            }
        }
    }

    /// A member moved to another team; `conflicting`: one the branch moved, elsewhere.
    static func appMove(_ q: inout Quarter, _ rng: inout SplitMix64, conflicting: Bool) {
        let picked: (Int, LiveTeam)?
        if conflicting, let user = q.branchTeam.keys.sorted().filter({ !q.appTouched.contains($0) }).first,
            let team = q.live.teams.first(where: { $0.memberIDs.contains(user) && $0.leadID != user })
        {
            picked = (user, team)
        } else {
            let branch = Set(q.branchTeam.keys).union(q.branchLevel.keys)
            picked = member(q, &rng, avoiding: branch.union(q.appTouched))
        }
        guard let (user, from) = picked else { return }
        let options = q.live.teams.filter { $0.id != from.id && $0.id != q.branchTeam[user] }
        guard let to = options.randomElement(using: &rng),
            let f = q.live.teams.firstIndex(where: { $0.id == from.id }),
            let t = q.live.teams.firstIndex(where: { $0.id == to.id })
        else { return }
        q.live.teams[f].memberIDs.removeAll { $0 == user }
        q.live.teams[t].memberIDs.append(user)
        q.appTouched.insert(user)
        if q.branchTeam[user] != nil { q.conflicts.insert("\(q.references[user] ?? "") teams") }
    }

    /// A promotion; `conflicting`: of someone whose level the branch set, to another level.
    static func appPromote(_ q: inout Quarter, _ rng: inout SplitMix64, conflicting: Bool) {
        let branch = Set(q.branchTeam.keys).union(q.branchLevel.keys)
        let candidates =
            conflicting
            ? q.branchLevel.keys.sorted().filter { !q.appTouched.contains($0) }
            : q.live.users.map(\.id).filter { !branch.contains($0) && !q.appTouched.contains($0) }
        guard let user = candidates.randomElement(using: &rng),
            let u = q.live.users.firstIndex(where: { $0.id == user })
        else { return }
        let level =
            JobLevel.allCases.filter { $0 != q.live.users[u].level && $0 != q.branchLevel[user] }
            .randomElement(using: &rng) ?? .principal
        q.live.users[u].level = level
        q.live.users[u].levelStartDate = "2026-11-02"
        q.appTouched.insert(user)
        if q.branchLevel[user] != nil { q.conflicts.insert("\(q.references[user] ?? "") level") }
    }
}

extension CompanyQuarterPropertyTests {
    /// Pulls the quarter and checks each person against what the branch and the app did.
    func check(_ q: Quarter, before: LiveState, seed: UInt64) {
        var puller = Puller(roster: q.files, live: q.live, texts: q.texts, base: q.base)
        let changed = puller.run()
        #expect(puller.diagnostics.isEmpty, "seed \(seed): \(puller.diagnostics.map(\.message))")
        let texts = q.texts.merging(changed) { _, new in new }
        let loaded = RosterLoader().load(texts: [("roster.yaml", Array((texts["roster.yaml"] ?? "").utf8))])
        guard loaded.isValid else {
            Issue.record("seed \(seed): the pulled roster does not load: \(loaded.diagnostics.prefix(3))")
            return
        }
        let told = Set(
            (puller.merge?.conflicts ?? []).filter { ["teams", "level"].contains($0.field) }.map {
                "\($0.name) \($0.field)"
            })
        let expectedConflicts = Set(
            q.conflicts.map { $0.replacingOccurrences(of: #" \(#\d+\)"#, with: "", options: .regularExpression) })
        #expect(told == expectedConflicts, "seed \(seed): conflicts")
        let pulled = loaded.roster
        let now = states(pulled, q.live)
        let was = states(q.base, before)
        for user in q.live.users {
            let id = user.id
            guard let state = now[id] else {
                Issue.record("seed \(seed): \(user.name) (#\(id)) is not in the pulled roster")
                continue
            }
            let teams =
                q.branchTeam[id].map { Set([$0]) } ?? (q.appTouched.contains(id) ? live(id, q.live) : was[id]?.teams)
            #expect(state.teams == teams, "seed \(seed): \(user.name) (#\(id)) teams")
            let level = q.branchLevel[id] ?? (q.appTouched.contains(id) ? user.level : was[id]?.level)
            #expect(state.level == level, "seed \(seed): \(user.name) (#\(id)) level")
        }
        #expect(pulled.people.count == q.live.users.count + q.hires.count, "seed \(seed): people")
        let teamMatches = Matching(roster: pulled, live: q.live, asOf: nil).teams
        for (name, team) in q.hires {
            let t = teamMatches.firstIndex { $0?.id == team }
            #expect(
                t.map { pulled.teams[$0].members.contains { $0.value.name == name } } == true, "seed \(seed): \(name)")
        }
        checkPlan(pulled, q, seed: seed)
    }

    /// The plan of the pulled roster: exactly the branch's edits, person by person.
    func checkPlan(_ pulled: Roster, _ q: Quarter, seed: UInt64) {
        guard let plan = Planner.plan(roster: pulled, live: q.live, prune: false).0 else {
            Issue.record("seed \(seed): no plan")
            return
        }
        let planned = Set(PeopleView(plan).stories.map { $0.id.map { "#\($0)" } ?? $0.name })
        let branch = Set(q.branchTeam.keys).union(q.branchLevel.keys).map { "#\($0)" }
        #expect(planned == Set(branch).union(q.hires.keys), "seed \(seed): the plan after the pull")
    }

    /// Each live person's teams (live ids) and level, as `roster` says.
    func states(_ roster: Roster, _ live: LiveState) -> [Int: State] {
        let matching = Matching(roster: roster, live: live, adopting: true, asOf: nil)
        let people = TeamPeople.of(roster)
        var teams: [Int: Set<Int>] = [:]
        for t in roster.teams.indices {
            guard let team = matching.teams[t]?.id else { continue }
            let listed = [people.lead(ofTeam: t)] + people.members(ofTeam: t).map { $0 >= 0 ? Int($0) : nil }
            for case let p? in listed { if let id = matching.people[p]?.id { teams[id, default: []].insert(team) } }
        }
        var states: [Int: State] = [:]
        for (p, match) in matching.people.enumerated() {
            guard let id = match?.id else { continue }
            states[id] = State(teams: teams[id] ?? [], level: roster.people[p].level)
        }
        return states
    }

    /// The live teams of person `id`.
    func live(_ id: Int, _ live: LiveState) -> Set<Int> {
        Set(live.teams.filter { $0.memberSet.contains(id) }.map(\.id))
    }
}
