import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI
@testable import RosterCore
@testable import RosterModel
@testable import RosterPull
@testable import RosterReconcile
@testable import RosterSession
@testable import RosterYAML

/// Live spaces as the MPS apps leave them: free-text dates of many shapes, names with outer or
/// doubled white space or control characters, repeated names, people in two teams, empty teams,
/// leads listed or not among the members, values of a newer MPS, level limits. For each: the
/// export loads and plans clean; a stale roster pulled loads and plans clean; a roster applied
/// to a changed space (on the in-memory server) leaves nothing to do.
@Suite struct LiveSpacePropertyTests {
    static let names = [
        "Ana Lima", " Ana Lima", "Ana  Lima", "ana lima", "Bob", "Bob ", "Eve\u{1B}[31m", "Tab\tName", "Rtl\u{202E}x",
        "Sam Lee", "Sam Lee", "", "  ", "\u{200B}", "Zoë Müller", "Zoe\u{308}", "O'Brien", "null", "- dash", "#hash",
        "a: b", "Kai (#3)", "Kai",
    ]
    static let dates: [String?] = [
        nil, "2023-04-01", "April 2023", "", "2023-4-1", "01/04/2023", "2024-01-01T00:00:00Z", "2023-02-30", "none",
        " 2023-04-01",
    ]
    static let crafts: [Craft] = Craft.allCases + [.unknown("Security")]
    static let levels: [JobLevel] = JobLevel.allCases + [.unknown("Distinguished")]
    static let focuses: [Focus] = Focus.allCases + [.unknown("Quantum")]

    static func pick<T>(_ values: [T], _ rng: inout SplitMix64) -> T {
        values[Int.random(in: 0..<values.count, using: &rng)]
    }

    /// A space as the apps leave it.
    static func space(_ rng: inout SplitMix64) -> LiveState {
        var users: [LiveUser] = []
        for id in 1...Int.random(in: 1...9, using: &rng) {
            users.append(
                LiveUser(
                    id: id, name: pick(names, &rng), craft: pick(crafts, &rng), level: pick(levels, &rng),
                    focus: pick(focuses, &rng), levelStartDate: pick(dates, &rng)))
        }
        var teams: [LiveTeam] = []
        for t in 0..<Int.random(in: 0...4, using: &rng) {
            let lead = users.randomElement(using: &rng)?.id ?? 1
            var members = users.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }.map(\.id)
            if Bool.random(using: &rng) { members.append(lead) }
            let name = pick(["Red", "Red", " Blue", "Gr\u{7}een", "Empty"], &rng)
            teams.append(LiveTeam(id: 100 + t, name: name, leadID: lead, memberIDs: members.shuffled(using: &rng)))
        }
        var limits: [(level: JobLevel, limitMonths: Int)] = []
        for level in levels where Int.random(in: 0..<3, using: &rng) == 0 {
            limits.append((level, Int.random(in: 0...48, using: &rng)))
        }
        return LiveState(
            space: LiveSpace(id: "u_test", name: "Test", isOwner: true), users: users, teams: teams, levels: limits)
    }

    /// `live` changed as the apps change it: people gone and added, fields changed.
    static func changed(_ live: LiveState, _ rng: inout SplitMix64) -> LiveState {
        var next = live
        next.users = next.users.filter { _ in Int.random(in: 0..<5, using: &rng) > 0 }
        let kept = Set(next.users.map(\.id))
        next.teams = next.teams.filter { kept.contains($0.leadID) }
        for i in next.teams.indices { next.teams[i].memberIDs = next.teams[i].memberIDs.filter(kept.contains) }
        for i in next.users.indices where Bool.random(using: &rng) {
            next.users[i].level = pick(levels, &rng)
            next.users[i].levelStartDate = pick(dates, &rng)
        }
        let id = (live.users.map(\.id).max() ?? 0) + 1
        next.users.append(
            LiveUser(
                id: id, name: pick(names, &rng), craft: pick(crafts, &rng), level: pick(levels, &rng),
                focus: pick(focuses, &rng), levelStartDate: pick(dates, &rng)))
        return next
    }

    static func export(_ live: LiveState) throws -> String {
        var exporter = RosterExporter(live: live, pinSpace: false, pinIDs: false)
        return YAMLWriter.write(exporter.document())
    }

    /// The roster of these texts, or a failure naming what did not load.
    static func load(_ texts: [String: String]) -> (Roster?, String) {
        let loaded = RosterLoader().load(texts: texts.sorted { $0.key < $1.key }.map { ($0.key, Array($0.value.utf8)) })
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        return errors.isEmpty ? (loaded.roster, "") : (nil, errors.map(\.message).joined(separator: "; "))
    }

    /// What is left to do for `roster` in `live`, as text; empty when the plan is clean.
    static func leftToDo(_ roster: Roster, _ live: LiveState) -> String {
        let (plan, diagnostics) = Planner.plan(roster: roster, live: live, prune: false, endpoint: "x")
        guard let plan else { return diagnostics.map(\.message).joined(separator: "; ") }
        return plan.changes.map { "\($0.action) \($0.kind) \($0.name)" }.joined(separator: "; ")
    }

    @Test(arguments: 0..<4)
    func exportPullAndApplyHandleEverySpaceTheAppsLeave(_ shard: Int) throws {
        var rng = SplitMix64(seed: 0x11FE + UInt64(shard))
        for round in 0..<100 {
            let label = "shard \(shard) round \(round)"
            let live = Self.space(&rng)
            let text = try Self.export(live)
            let (roster, problem) = Self.load(["r.yaml": text])
            guard let roster else {
                Issue.record("\(label): the export does not load: \(problem)\n\(text)")
                continue
            }
            #expect(Self.leftToDo(roster, live).isEmpty, "\(label): the export does not plan clean\n\(text)")
            let later = Self.changed(live, &rng)
            try expectPullPlansClean(roster, text, later, label)
            // The roster of the space as it is now, edited, then applied.
            guard var edited = Self.load(["r.yaml": try Self.export(later)]).0 else {
                Issue.record("\(label): the export of the changed space does not load")
                continue
            }
            for i in edited.people.indices where Bool.random(using: &rng) {
                edited.people[i].level = Self.pick(JobLevel.allCases, &rng)
                edited.people[i].focus = Self.pick(Focus.allCases, &rng)
            }
            expectApplyConverges(edited, later, label)
        }
    }

    func expectPullPlansClean(_ roster: Roster, _ text: String, _ live: LiveState, _ label: String) throws {
        var puller = Puller(roster: roster, live: live, texts: ["r.yaml": text])
        let changed = puller.run()
        #expect(puller.diagnostics.isEmpty, "\(label): \(puller.diagnostics.map(\.message))")
        let problems = PullCheck.problems(files: ["r.yaml"], texts: ["r.yaml": text], changed: changed, live: live)
        #expect(problems.isEmpty, "\(label): pull fails: \(problems.map(\.message))\n\(text)")
        let (pulled, problem) = Self.load(["r.yaml": changed["r.yaml"] ?? text])
        guard let pulled else {
            Issue.record("\(label): the pulled roster does not load: \(problem)")
            return
        }
        #expect(Self.leftToDo(pulled, live).isEmpty, "\(label): the pulled roster does not plan clean")
    }

    /// Applies `roster` to `live` operation by operation on the in-memory server.
    func expectApplyConverges(_ roster: Roster, _ live: LiveState, _ label: String) {
        guard let plan = Planner.plan(roster: roster, live: live, prune: false, endpoint: "x").0 else {
            Issue.record("\(label): no plan")
            return
        }
        var server = ServerModel(live)
        for op in plan.steps.joined() {
            do { try server.apply(op) } catch { Issue.record("\(label): \(op.mutation) \(op.name) refused: \(error)") }
        }
        let after = server.state
        let (again, _) = Planner.plan(roster: roster, live: after, prune: false, endpoint: "x")
        let left = again?.changes.filter { $0.action != .unmanaged } ?? []
        #expect(left.isEmpty, "\(label): apply left \(left.map { "\($0.action) \($0.name)" })")
        // What the roster leaves alone is kept: a free-text date the plan does not change.
        let redated = Set(plan.changes.filter { $0.updates.contains { $0.field == .levelStartDate } }.compactMap(\.id))
        for user in after.users where !redated.contains(user.id) {
            guard let before = live.users.first(where: { $0.id == user.id }) else { continue }
            if LiveEntries.date(before.levelStartDate) == nil {
                #expect(user.levelStartDate == before.levelStartDate, "\(label): #\(user.id)'s free-text date changed")
            }
        }
    }
}
