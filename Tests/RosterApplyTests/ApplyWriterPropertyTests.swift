import Foundation
import RosterTestSupport
import Synchronization
import Testing

@testable import RosterApply
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// A model MPS with another writer: each read may first let "someone in the apps" change a
/// person's field or a team's members, as a person could while the prompt waits or between the
/// steps of a long apply. Every edit is logged with the phase it was made in.
final class SharedServer: MutationExecutor, Sendable {
    enum Phase: Sendable { case approving, applying }

    struct Edit: Sendable {
        var entity: EntityID
        var field: String
        var value: String
        var phase: Phase
    }

    private struct State {
        var model: ServerModel
        var rng: SplitMix64
        var edits: [Edit] = []
        var phase = Phase.approving
        var editRate: Int
    }

    private let state: Mutex<State>

    init(_ live: LiveState, seed: UInt64, editRate: Int) {
        state = Mutex(State(model: ServerModel(live), rng: SplitMix64(seed: seed), editRate: editRate))
    }

    var live: LiveState { state.withLock { $0.model.state } }
    var edits: [Edit] { state.withLock { $0.edits } }

    func enter(_ phase: Phase) { state.withLock { $0.phase = phase } }

    /// A read; another writer may have changed something just before it.
    func read() -> LiveState {
        state.withLock { state in
            if Int.random(in: 0..<100, using: &state.rng) < state.editRate { Self.edit(&state) }
            return state.model.state
        }
    }

    func documents(
        for step: [PlanOperation], liveID: @escaping (PlannedPerson) -> Int?
    ) -> AnyIterator<MutationDocument> {
        AnyIterator(MutationBatcher(maxAliases: 3).packer(step, id: liveID))
    }

    func execute(_ document: MutationDocument) async -> DocumentOutcome {
        state.withLock { ScriptedServer.runAll(document.body, on: &$0.model) }
    }

    /// One change made in the apps: a person's level, focus, craft or level start date, or a
    /// member added to or removed from a team (never its lead).
    private static func edit(_ state: inout State) {
        let users = state.model.users.keys.sorted()
        let teams = state.model.teams.keys.sorted()
        if Bool.random(using: &state.rng), let id = users.randomElement(using: &state.rng),
            var user = state.model.users[id]
        {
            let before = user
            let (field, value) = change(&user, &state.rng)
            // Setting a value to what it was changes nothing: nothing to keep.
            guard user != before else { return }
            state.model.users[id] = user
            state.edits.append(Edit(entity: .person(id), field: field, value: value, phase: state.phase))
        } else if let id = teams.randomElement(using: &state.rng), var team = state.model.teams[id],
            let person = users.randomElement(using: &state.rng), person != team.leadID
        {
            if team.memberSet.contains(person) {
                team.memberIDs.removeAll { $0 == person }
            } else {
                team.memberIDs.append(person)
            }
            state.model.teams[id] = team
            let members = team.memberSet.sorted().map(String.init).joined(separator: ",")
            state.edits.append(Edit(entity: .team(id), field: "members", value: members, phase: state.phase))
        }
    }

    private static func change(_ user: inout LiveUser, _ rng: inout SplitMix64) -> (String, String) {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
            user.level = JobLevel.allCases.randomElement(using: &rng) ?? .mid
            return ("level", user.level.rawValue)
        case 1:
            user.focus = Focus.allCases.randomElement(using: &rng) ?? .backend
            return ("focus", user.focus.rawValue)
        case 2:
            user.craft = Craft.allCases.randomElement(using: &rng) ?? .design
            return ("craft", user.craft.rawValue)
        default:
            user.levelStartDate = "2025-0\(Int.random(in: 1...9, using: &rng))-01"
            return ("levelStartDate", user.levelStartDate ?? "")
        }
    }
}

@Suite struct ApplyWriterPropertyTests {
    /// What the person sees and approves: the plan is shown, the prompt waits (another writer
    /// may act), "yes", and the space is read again; a plan that no longer holds is shown again
    /// and asked for again, as `roster apply` does. The approved plan, or nil when the writer
    /// kept changing it.
    func approve(_ plan: Plan, _ server: SharedServer, _ roster: Roster) -> Plan? {
        var shown = plan
        for _ in 0..<8 {
            let (fresh, _) = Planner.plan(roster: roster, live: server.read(), prune: true, endpoint: "http://test")
            guard let fresh else { return nil }
            if PlanStaleness.changes(approved: shown, fresh: fresh).isEmpty { return fresh }
            shown = fresh
        }
        return nil
    }

    /// A field's value now, as the writer's edits name it.
    func value(_ entity: EntityID, _ field: String, in live: LiveState, without deleted: Set<Int>) -> String? {
        switch entity {
        case .person(let id):
            guard let user = live.users.first(where: { $0.id == id }) else { return nil }
            switch field {
            case "level": return user.level.rawValue
            case "focus": return user.focus.rawValue
            case "craft": return user.craft.rawValue
            default: return user.levelStartDate ?? ""
            }
        case .team(let id):
            guard let team = live.teams.first(where: { $0.id == id }) else { return nil }
            return team.memberSet.subtracting(deleted).sorted().map(String.init).joined(separator: ",")
        default: return nil
        }
    }

    /// Random rosters and spaces; another writer changes people and teams while the prompt
    /// waits and between the steps of the apply. After apply, every change the writer made
    /// after the person approved is still there (apply skipped what it would have erased), and
    /// every value apply wrote was in the plan the person approved.
    @Test(arguments: 0..<4)
    func noChangeOfAnotherWriterIsErasedAndNothingUnapprovedIsWritten(_ shard: Int) async throws {
        var rng = SplitMix64(seed: 0x5EE + UInt64(shard))
        var skippedSome = false
        for round in 0..<150 {
            let scenario = Scenario.random(&rng)
            let roster = scenario.roster
            guard let shown = Planner.plan(roster: roster, live: scenario.live, prune: true, endpoint: "x").0,
                shown.hasChanges
            else { continue }
            let server = SharedServer(scenario.live, seed: rng.next(), editRate: 60)
            guard let approved = approve(shown, server, roster) else { continue }
            server.enter(.applying)
            let engine = ApplyEngine(
                executor: server, concurrency: Int.random(in: 1...3, using: &rng), read: { server.read() },
                replan: { Planner.plan(roster: roster, live: $0, prune: true, endpoint: "x") })
            let report = await engine.run(approved)
            let label = "shard \(shard) round \(round)"
            #expect(report.entries.count == approved.operationCount, "\(label)")
            let deleted = Set(
                report.entries.filter { $0.status == .applied }.compactMap { entry -> Int? in
                    if case .deleteUser(let id) = entry.operation.payload { return id }
                    return nil
                })
            var last: [String: SharedServer.Edit] = [:]
            for edit in server.edits where edit.phase == .applying { last["\(edit.entity)/\(edit.field)"] = edit }
            for edit in last.values {
                let now = value(edit.entity, edit.field, in: server.live, without: deleted)
                // A member apply deleted left the team with them (the server drops the membership).
                let expected =
                    edit.field == "members"
                    ? Set(edit.value.split(separator: ",").compactMap { Int($0) }).subtracting(deleted).sorted()
                        .map(String.init).joined(separator: ",") : edit.value
                #expect(
                    now == expected, "\(label): \(edit.entity) \(edit.field) was \(edit.value), now \(now ?? "gone")")
            }
            try expectOnlyApprovedValues(approved, scenario.live, server, report, label)
            skippedSome = skippedSome || report.entries.contains { $0.status.name == "skipped" }
        }
        #expect(skippedSome, "no apply met another writer's change: the test tests nothing")
    }

    /// Every person's field that apply changed holds a value the approved plan writes, or one
    /// another writer wrote: apply wrote nothing the person did not see.
    func expectOnlyApprovedValues(
        _ approved: Plan, _ initial: LiveState, _ server: SharedServer, _ report: ApplyReport, _ label: String
    ) throws {
        var allowed: [Int: [String: Set<String>]] = [:]
        func allow(_ id: Int, _ field: String, _ value: String) {
            allowed[id, default: [:]][field, default: []].insert(value)
        }
        for user in initial.users {
            for (field, value) in fields(user) { allow(user.id, field, value) }
        }
        for edit in server.edits {
            if case .person(let id) = edit.entity { allow(id, edit.field, edit.value) }
        }
        for op in approved.steps.joined() {
            if case .updateUser(let id, let f) = op.payload {
                let user = LiveUser(
                    id: id, name: f.fullName, craft: f.craft, level: f.level, focus: f.focus,
                    levelStartDate: f.levelStartDate)
                for (field, value) in fields(user) { allow(id, field, value) }
            }
        }
        let existed = Set(initial.users.map(\.id))
        for user in server.live.users where existed.contains(user.id) {
            for (field, value) in fields(user) {
                #expect(
                    allowed[user.id]?[field]?.contains(value) == true,
                    "\(label): #\(user.id) \(field) = \(value), which no approved plan and no writer wrote")
            }
        }
    }

    func fields(_ user: LiveUser) -> [(String, String)] {
        [
            ("name", user.name), ("level", user.level.rawValue), ("focus", user.focus.rawValue),
            ("craft", user.craft.rawValue), ("levelStartDate", user.levelStartDate ?? ""),
        ]
    }
}
