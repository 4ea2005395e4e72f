import Foundation
import RosterTestSupport
import Synchronization
import Testing

@testable import RosterApply
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// A model MPS that refuses, every time, the operations on some entities (as MPS refuses to
/// delete a person with history), and answers everything else.
final class RefusingServer: MutationExecutor, Sendable {
    private let state: Mutex<(model: ServerModel, documents: Int)>
    let refused: Set<String>

    init(_ live: LiveState, refusing refused: Set<String>) {
        state = Mutex((ServerModel(live), 0))
        self.refused = refused
    }

    var live: LiveState { state.withLock { $0.model.state } }
    var documents: Int { state.withLock { $0.documents } }

    /// What the server recognises an operation by: the entity it acts on.
    static func key(_ payload: PlanOperation.Payload) -> String {
        switch payload {
        case .createUser(_, let fields): return "new person \(fields.fullName)"
        case .updateUser(let id, _), .deleteUser(let id): return "person #\(id)"
        case .createTeam(_, let fields): return "new team \(fields.name)"
        case .updateTeam(let id, _), .deleteTeam(let id): return "team #\(id)"
        case .setJobLevelLimit(let level, _): return "level \(level.rawValue)"
        case .addSpaceMember(let email): return "access \(email)"
        case .removeSpaceMember(let id): return "access \(id)"
        }
    }

    func documents(
        for step: [PlanOperation], liveID: @escaping (PlannedPerson) -> Int?
    ) -> AnyIterator<MutationDocument> {
        AnyIterator(MutationBatcher(maxAliases: 3).packer(step, id: liveID))
    }

    func execute(_ document: MutationDocument) async -> DocumentOutcome {
        state.withLock { state in
            state.documents += 1
            return ScriptedServer.runAll(document.body, on: &state.model) { refused.contains(Self.key($0)) }
        }
    }
}

@Suite struct ApplyRefusalPropertyTests {
    /// Random plans, random refusals (any operation, any count): every operation that does not
    /// depend on a refused one is applied, each refused one fails once, what depends on one is
    /// skipped with the reason, every operation is reported exactly once, and nothing is left
    /// unsent.
    @Test(arguments: 0..<2)
    func refusalsCostOnlyThemselvesAndWhatDependsOnThem(_ shard: Int) async throws {
        var rng = SplitMix64(seed: 0x5EF05E + UInt64(shard))
        for round in 0..<150 {
            let scenario = Scenario.random(&rng)
            let (planned, _) = Planner.plan(
                roster: scenario.roster, live: scenario.live, prune: true, endpoint: "http://test")
            guard let plan = planned, plan.operationCount > 0 else { continue }
            let ops = plan.steps.joined()
            let rate = [10, 30, 60, 90].randomElement(using: &rng) ?? 30
            let refused = Set(
                ops.filter { _ in Int.random(in: 0..<100, using: &rng) < rate }.map { RefusingServer.key($0.payload) })
            let server = RefusingServer(scenario.live, refusing: refused)
            let roster = scenario.roster
            let engine = ApplyEngine(
                executor: server, concurrency: Int.random(in: 1...3, using: &rng), read: { server.live },
                replan: { Planner.plan(roster: roster, live: $0, prune: true, endpoint: "http://test") })
            let report = await engine.run(plan)
            check(report, plan: plan, refused: refused, label: "shard \(shard) round \(round)")
        }
    }

    func check(_ report: ApplyReport, plan: Plan, refused: Set<String>, label: String) {
        #expect(report.entries.map(\.operation.id).sorted() == Array(0..<plan.operationCount), "\(label)")
        var settled: [Int: ApplyReport.Status] = [:]
        for entry in report.entries { settled[entry.operation.id] = entry.status }
        let byID = Dictionary(plan.steps.joined().map { ($0.id, $0) }) { first, _ in first }
        var createOf: [Int: Int] = [:]
        for op in plan.steps.joined() { if case .createUser(let person, _) = op.payload { createOf[person] = op.id } }
        let notApplied = Set(settled.filter { $0.value != .applied }.keys)
        let blockedEntities = Set(notApplied.compactMap { byID[$0]?.entity })
        for entry in report.entries where entry.status != .applied {
            let op = entry.operation
            let isRefused = refused.contains(RefusingServer.key(op.payload))
            let dependsOnFailure =
                op.after.contains { notApplied.contains($0) }
                || op.people.contains { ref in
                    if case .created(let person) = ref, let create = createOf[person] {
                        return notApplied.contains(create)
                    }
                    return false
                }
                || (blockedEntities.contains(op.entity) && !isRefused)
            switch entry.status {
            case .failed:
                #expect(isRefused, "\(label): \(op.name) failed without being refused: \(entry.status)")
            case .skipped:
                #expect(
                    dependsOnFailure || isRefused, "\(label): \(op.name) skipped but depends on nothing refused")
            default:
                Issue.record("\(label): \(op.name) is \(entry.status.name): a refusal left it unsent")
            }
        }
    }

    /// Many refusals in one step (leavers MPS keeps) cost no round each: with every delete refused,
    /// the engine reads the live state at most once more than the plan has steps.
    @Test func manyRefusedDeletesNeverExhaustTheRounds() async throws {
        let users = (1...12).map {
            LiveUser(id: $0, name: "P\($0)", craft: .engineering, level: .mid, focus: .backend, levelStartDate: nil)
        }
        let live = LiveState(
            space: LiveSpace(id: "u", name: "U", isOwner: true), users: users, teams: [], levels: [])
        let loc = SourceLocation(file: "roster.yaml", line: 1, column: 1)
        var roster = Roster()
        roster.people = [
            PersonEntry(
                name: Located("New", at: loc), craft: .engineering, level: .mid, focus: .notApplicable,
                levelStartDate: .unmanaged, location: loc)
        ]
        roster.policy.prune = true
        let planned = roster
        let plan = try #require(Planner.plan(roster: planned, live: live, prune: true, endpoint: "x").0)
        let server = RefusingServer(live, refusing: Set((1...12).map { "person #\($0)" }))
        let reads = Mutex(0)
        let engine = ApplyEngine(
            executor: server, concurrency: 2,
            read: {
                reads.withLock { $0 += 1 }
                return server.live
            },
            replan: { Planner.plan(roster: planned, live: $0, prune: true, endpoint: "x") })
        let report = await engine.run(plan)
        #expect(report.entries.filter { $0.status.name == "failed" }.count == 12)
        #expect(report.entries.filter { $0.status == .applied }.map(\.operation.name) == ["New"])
        #expect(reads.withLock { $0 } <= plan.steps.count, "\(reads.withLock { $0 }) reads")
    }
}
