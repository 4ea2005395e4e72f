import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterEdit
@testable import RosterModel
@testable import RosterPull
@testable import RosterReconcile
@testable import RosterSession

/// A company lived day by day (issue 67): each day, dated edits merged to main (moves, promotions,
/// hires, leavers, from one to ten days ahead), changes made in the apps (renames, moves,
/// promotions, hires, deletions — on people with pending changes too), and, most nights, the
/// nightly job as docs/ci.md describes it: `apply --due`, then `pull` into a drift pull request
/// that is merged. After every step: nobody in two teams, nothing created twice, the files load,
/// no dated change lost, no change the apps made reverted, the nightly apply idempotent, and the
/// plan after the nightly pull clean unless pull kept something or told a conflict. Seeded; the
/// seed and the day are in every failure.
@Suite struct AcrossDaysPropertyTests {
    struct World {
        var server: ServerModel
        var texts: [String: String]
        var day: Day
        var rng: SplitMix64
        /// The values the apps set (person id → level, team id), by the day they set them.
        var appLevels: [Int: JobLevel] = [:]
        var appTeams: [Int: Int?] = [:]
        /// Names of the people roster created, each once.
        var created: [String: Int] = [:]
        /// Conflicts pull told, left for the next day's resolution.
        var conflicts: [ThreeWayPull.Conflict] = []
        var label: String

        var roster: Roster { load(texts).roster }

        /// Whether the apps changed `name`'s level or team since the last night.
        func touched(_ name: String, _ roster: Roster) -> Bool {
            guard let p = roster.people.firstIndex(where: { $0.name.value == name }),
                let id = Matching(roster: roster, live: server.state, asOf: day).people[p]?.id
            else { return false }
            return appLevels[id] != nil || appTeams[id] != nil
        }

        func load(_ texts: [String: String]) -> RosterLoader.Result {
            RosterLoader().load(texts: texts.keys.sorted().map { ($0, Array((texts[$0] ?? "").utf8)) })
        }
    }

    @Test(arguments: [(300, UInt64(1)...3), (2_000, UInt64(50)...50)])
    func aCompanyLivedDayByDayKeepsEveryPromise(_ size: Int, _ seeds: ClosedRange<UInt64>) throws {
        for seed in seeds {
            var world = try Self.start(size: size, seed: seed)
            for _ in 0..<30 {
                world.day = world.day.adding(days: 1)
                world.label = "seed \(seed), \(world.day)"
                Self.merge(&world, edits: Int.random(in: 0...4, using: &world.rng))
                Self.apps(&world, changes: Int.random(in: 0...(size / 100 + 2), using: &world.rng))
                #expect(world.server.peopleInTwoTeams.isEmpty, "\(world.label): the apps put someone in two teams")
                // The nightly job, most nights: missed nights are caught up by the next.
                if Int.random(in: 0..<5, using: &world.rng) > 0 { try Self.nightly(&world) }
            }
        }
    }

    /// The space exported as main's roster.
    static func start(size: Int, seed: UInt64) throws -> World {
        let live = CompanySpace.make(people: size, seed: seed)
        var exporter = RosterExporter(live: live, pinSpace: false, pinIDs: false)
        let texts = ["roster.yaml": exporter.text(json: false)]
        var world = World(
            server: ServerModel(live), texts: texts, day: try #require(Day("2027-01-01")),
            rng: SplitMix64(seed: seed), label: "seed \(seed)")
        #expect(world.load(texts).isValid, "the export loads")
        world.server.nextID = 50_000
        return world
    }
}

extension AcrossDaysPropertyTests {
    /// Edits merged to main: most dated, from one to ten days ahead (a move, a promotion, a hire into
    /// a team, a last day); some at once (a move, a promotion), applied on merge as their reviewed plan
    /// holds them (the edited person's changes alone). Refused edits (a lead who would need a
    /// successor) are skipped; nobody the apps changed since the last night is edited at once.
    static func merge(_ world: inout World, edits: Int) {
        for n in 0..<edits {
            let roster = world.roster
            var named: [NameKey: Int] = [:]
            for person in roster.people { named[person.key, default: 0] += 1 }
            let people = roster.people.indices.filter { p in
                roster.people[p].id == nil && roster.people[p].presence.status(on: world.day) == .present
                    && named[roster.people[p].key] == 1
            }
            guard let p = people.randomElement(using: &world.rng), !roster.teams.isEmpty else { return }
            let name = roster.people[p].name.value
            let team = roster.teams.randomElement(using: &world.rng)?.name.value ?? ""
            let on = world.day.adding(days: Int.random(in: 1...10, using: &world.rng))
            let edit: RosterEdit
            switch Int.random(in: 0..<4, using: &world.rng) {
            case 0: edit = .move(person: name, team: team, role: .member)
            case 1: edit = .setPerson(name, PersonChanges(level: JobLevel.allCases.randomElement(using: &world.rng)))
            case 2:
                let hire =
                    "Nova \(world.label.hashValue & 0xFFFF) \(n) \(CompanySpace.lastNames.randomElement(using: &world.rng) ?? "")"
                edit = .addPerson(NewPerson(name: hire, craft: .design, level: .junior, team: team))
            default: edit = .removePerson(name)
            }
            let now = n % 3 == 2 && !edit.isHire && !world.touched(name, roster)
            guard
                let result = try? RosterEditor.apply(
                    now ? edit : .on(on, edit), to: roster, texts: world.texts, today: world.day)
            else { continue }
            // The editor loads what it writes, and refuses what would not load.
            for (file, text) in result.changed { world.texts[file] = text }
            if now { applyReviewed(&world, person: name) }
        }
    }

    /// The merge's apply of an edit made at once: the roster planned, narrowed to the edited person.
    static func applyReviewed(_ world: inout World, person name: String) {
        let roster = world.roster
        let live = world.server.state
        var selection = PlanSelection()
        guard case .success(let only) = PlanSelection.parse("person:\(name)") else { return }
        selection.only = only
        guard let focus = try? selection.focus(roster, live: live),
            let plan = Planner.plan(roster: focus.roster, live: live, prune: false, asOf: world.day).0,
            let narrowed = try? selection.apply(to: plan, focus: focus)
        else { return }
        world.server.created = [:]
        for operation in narrowed.steps.joined() {
            do { try world.server.apply(operation) } catch {
                Issue.record("\(world.label): the merge's apply was refused: \(operation.name): \(error)")
            }
        }
        #expect(world.server.peopleInTwoTeams.isEmpty, "\(world.label): the merge's apply put someone in two teams")
    }

    /// Changes made in the apps: a rename, a move (out of one team, into another), a promotion dated
    /// today, a hire into a team, a deletion of someone who leads no team.
    static func apps(_ world: inout World, changes: Int) {
        for _ in 0..<changes {
            guard let user = world.server.users.values.sorted(by: { $0.id < $1.id }).randomElement(using: &world.rng)
            else { return }
            let teams = world.server.teams.values.sorted { $0.id < $1.id }
            switch Int.random(in: 0..<5, using: &world.rng) {
            case 0:
                world.server.users[user.id]?.name = user.name + " Jr"
            case 1:
                guard let to = teams.randomElement(using: &world.rng), !teams.contains(where: { $0.leadID == user.id })
                else { continue }
                for team in teams where team.memberSet.contains(user.id) {
                    world.server.teams[team.id]?.memberIDs.removeAll { $0 == user.id }
                }
                world.server.teams[to.id]?.memberIDs.append(user.id)
                world.appTeams[user.id] = to.id
            case 2:
                let level = JobLevel.allCases.randomElement(using: &world.rng) ?? .mid
                world.server.users[user.id]?.level = level
                world.server.users[user.id]?.levelStartDate = world.day.description
                world.appLevels[user.id] = level
            case 3:
                world.server.nextID += 1
                let id = world.server.nextID
                world.server.users[id] = LiveUser(
                    id: id, name: "App Hire \(id)", craft: .engineering, level: .mid, focus: .backend,
                    levelStartDate: nil)
                if let to = teams.randomElement(using: &world.rng) { world.server.teams[to.id]?.memberIDs.append(id) }
            default:
                guard !teams.contains(where: { $0.leadID == user.id }) else { continue }
                for team in teams { world.server.teams[team.id]?.memberIDs.removeAll { $0 == user.id } }
                world.server.users[user.id] = nil
                world.appLevels[user.id] = nil
                world.appTeams[user.id] = nil
            }
        }
    }
}

extension AcrossDaysPropertyTests {
    /// The nightly job: `apply --due`, then pull into a drift pull request, merged. Yesterday's
    /// conflicts are resolved first, each by one side or the other.
    static func nightly(_ world: inout World) throws {
        let roster = world.roster
        try applyDue(&world, roster)
        let again = DueRoster.make(roster, live: world.server.state, asOf: world.day)
        let rerun = Planner.plan(roster: again.roster, live: world.server.state, prune: false, asOf: world.day).0
        #expect(
            rerun?.hasChanges == false,
            "\(world.label): the nightly apply, run twice, did more: \(rerun?.changes.map(\.name) ?? [])")
        checkAppChangesStand(world)
        try pull(&world)
    }

    /// What is due, planned over the space and applied operation by operation, as the server would.
    static func applyDue(_ world: inout World, _ roster: Roster) throws {
        let live = world.server.state
        let due = DueRoster.make(roster, live: live, asOf: world.day)
        let (planned, diagnostics) = Planner.plan(roster: due.roster, live: live, prune: false, asOf: world.day)
        let plan = try #require(planned, "\(world.label): \(diagnostics.map(\.message))")
        world.server.created = [:]
        for step in plan.steps {
            for operation in step {
                do { try world.server.apply(operation) } catch {
                    Issue.record("\(world.label): the server refused \(operation.name): \(error)")
                }
                if case .createUser(_, let fields) = operation.payload {
                    world.created[fields.fullName, default: 0] += 1
                    #expect(world.created[fields.fullName] == 1, "\(world.label): \(fields.fullName) created twice")
                }
            }
        }
        #expect(world.server.peopleInTwoTeams.isEmpty, "\(world.label): the nightly apply put someone in two teams")
    }

    /// Every level and team the apps set since is as they set it: the nightly apply reverted none.
    static func checkAppChangesStand(_ world: World) {
        for (id, level) in world.appLevels where world.server.users[id] != nil {
            #expect(world.server.users[id]?.level == level, "\(world.label): the apps' level of #\(id) was reverted")
        }
        for (id, team) in world.appTeams where world.server.users[id] != nil {
            guard let team, world.server.teams[team] != nil else { continue }
            #expect(
                world.server.teams[team]?.memberSet.contains(id) == true,
                "\(world.label): the apps' move of #\(id) was reverted")
        }
    }

    /// Pull on main, written when it may be; the files load, say every dated change still to come
    /// of people the apps left alone, and plan clean unless something was kept or told.
    static func pull(_ world: inout World) throws {
        let roster = world.roster
        let live = world.server.state
        let take = world.conflicts.map { conflict in
            PullTake(
                side: Bool.random(using: &world.rng) ? .space : .files, kind: conflict.kind, name: conflict.name)
        }
        var puller = Puller(
            roster: roster, live: live, texts: world.texts, base: roster, take: take, asOf: world.day)
        let changed = puller.run()
        #expect(puller.diagnostics.isEmpty, "\(world.label): pull refused: \(puller.diagnostics.map(\.message))")
        let kept = !puller.pending.isEmpty || !puller.conflicts.isEmpty || puller.placesInOneTeam
        let problems = PullCheck.problems(
            files: roster.files, texts: world.texts, changed: changed, live: live, pending: kept, asOf: world.day)
        #expect(problems.isEmpty, "\(world.label): \(problems.map(\.message))")
        guard problems.isEmpty else { return }
        let before = futureChanges(roster, world)
        for (file, text) in changed { world.texts[file] = text }
        let after = world.load(world.texts)
        #expect(after.isValid, "\(world.label): pull wrote files that do not load")
        let lost = before.subtracting(futureChanges(after.roster, world))
        #expect(lost.isEmpty, "\(world.label): pull lost dated changes: \(lost.sorted().prefix(5))")
        world.conflicts = puller.conflicts
        world.appLevels = [:]
        world.appTeams = [:]
        let plan = Planner.plan(roster: after.roster, live: live, prune: false, asOf: world.day).0
        #expect(
            kept || plan?.hasChanges == false,
            "\(world.label): after pull the plan is not clean: \(plan?.changes.prefix(3).map(\.name) ?? [])")
    }

    /// The dated changes still to come of people the apps did not touch, as words (a level change,
    /// a first day, a last day), each person by their live id (a name may change) or, not in the
    /// space yet, their name. Someone the apps deleted has no changes left to keep.
    static func futureChanges(_ roster: Roster, _ world: World) -> Set<String> {
        let touched = Set(world.appLevels.keys).union(world.appTeams.keys)
        let matching = Matching(roster: roster, live: world.server.state, asOf: world.day)
        var out = Set<String>()
        for (p, person) in roster.people.enumerated() {
            let id = matching.people[p]?.id
            if id.map(touched.contains) == true { continue }
            guard id != nil || person.presence.status(on: world.day) == .pending else { continue }
            let who = id.map { "#\($0)" } ?? person.name.value
            for change in person.changes where change.on.value > world.day {
                out.insert("\(who) \(change.level.value.rawValue) on \(change.on.value)")
            }
            if let starts = person.presence.starts?.value, starts > world.day { out.insert("\(who) starts \(starts)") }
            if let last = person.presence.lastDay?.value, last >= world.day { out.insert("\(who) last day \(last)") }
        }
        return out
    }
}

extension RosterEdit {
    fileprivate var isHire: Bool { if case .addPerson = self { true } else { false } }
}
