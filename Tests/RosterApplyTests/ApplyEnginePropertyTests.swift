import Foundation
import RosterTestSupport
import Synchronization
import Testing

@testable import RosterApply
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// What a scripted document does on the model server.
enum ScriptedFault: CaseIterable {
    /// Every alias runs and the answer arrives.
    case none
    /// Alias k fails: the ones before ran, the ones after did not.
    case failedAlias
    /// Refused as a whole, nothing ran (a bad request).
    case refused
    /// Ran, and the answer was lost (a timeout or a dropped connection after running).
    case dropAfterRun
    /// Part ran, then the connection died: the rest never runs.
    case partialThenLost
    /// Nothing ran yet: it sits in a queue and runs later (a timeout before running).
    case lateRun
    /// The server cannot be reached: nothing ran.
    case unreachable
}

/// A model MPS behind the ``MutationExecutor`` protocol: documents are decoded from the bytes
/// apply sends and run on ``ServerModel``, with a fault drawn for each.
final class ScriptedServer: MutationExecutor, Sendable {
    private struct State {
        var model: ServerModel
        var rng: SplitMix64
        var late: [(due: Int, document: Data)] = []
        var calls = 0
        var faultRate: Int
    }

    private let state: Mutex<State>

    init(_ live: LiveState, seed: UInt64, faultRate: Int) {
        state = Mutex(State(model: ServerModel(live), rng: SplitMix64(seed: seed), faultRate: faultRate))
    }

    var live: LiveState { state.withLock { $0.model.state } }

    /// Small documents, so that a fault hits a few operations of a step and spares the rest.
    func documents(
        for step: [PlanOperation], liveID: @escaping (PlannedPerson) -> Int?
    ) -> AnyIterator<MutationDocument> {
        AnyIterator(MutationBatcher(maxAliases: 3).packer(step, id: liveID))
    }

    /// Runs every late document now, as the server eventually does.
    func flush() { state.withLock { Self.runLate(&$0, upTo: Int.max) } }

    /// A read: some late documents may have run by now.
    func read() -> LiveState {
        state.withLock { state in
            state.calls += 1
            Self.runLate(&state, upTo: state.calls)
            return state.model.state
        }
    }

    func execute(_ document: MutationDocument) async -> DocumentOutcome {
        state.withLock { state in
            state.calls += 1
            Self.runLate(&state, upTo: state.calls)
            let fault =
                Int.random(in: 0..<100, using: &state.rng) < state.faultRate
                ? ScriptedFault.allCases.randomElement(using: &state.rng) ?? .none : .none
            return Self.execute(document.body, fault: fault, &state)
        }
    }

    private static func runLate(_ state: inout State, upTo call: Int) {
        let due = state.late.filter { $0.due <= call }
        state.late.removeAll { $0.due <= call }
        for item in due { _ = run(item.document, upTo: Int.max, &state.model) }
    }

    private static func execute(_ body: Data, fault: ScriptedFault, _ state: inout State) -> DocumentOutcome {
        let count = aliases(body).count
        let k = Int.random(in: 0..<max(1, count), using: &state.rng)
        switch fault {
        case .none:
            let (ids, failure) = run(body, upTo: Int.max, &state.model)
            if let failure { return .failed(alias: failure.alias, message: failure.message) }
            return .applied(ids)
        case .failedAlias:
            let (_, failure) = run(body, upTo: k, &state.model)
            return .failed(alias: failure?.alias ?? "a\(k)", message: failure?.message ?? "Injected failure")
        case .refused: return .refused("the server rejected the request (HTTP 400)")
        case .dropAfterRun:
            _ = run(body, upTo: Int.max, &state.model)
            return .unknown("the connection broke")
        case .partialThenLost:
            _ = run(body, upTo: k, &state.model)
            return .unknown("the connection broke")
        case .lateRun:
            state.late.append((state.calls + Int.random(in: 1...6, using: &state.rng), body))
            return .unknown("no answer within 120 s")
        case .unreachable: return .unreachable("cannot connect")
        }
    }

    /// Runs every alias of `body` on `model` in order, as MPS does: the ids returned, or the
    /// first alias the model (or `refuse`) refuses.
    static func runAll(
        _ body: Data, on model: inout ServerModel, refuse: (PlanOperation.Payload) -> Bool = { _ in false }
    ) -> DocumentOutcome {
        var ids: [String: Int] = [:]
        for (alias, payload) in aliases(body) {
            if refuse(payload) { return .failed(alias: alias, message: "Injected refusal") }
            do { try model.apply(PlanOperation(payload: payload, name: "")) } catch {
                return .failed(alias: alias, message: "\(error)")
            }
            switch payload {
            case .createUser, .createTeam: ids[alias] = model.nextID
            case .updateUser(let id, _), .updateTeam(let id, _): ids[alias] = id
            default: break
            }
        }
        return .applied(ids)
    }

    /// The aliases of a document and what each does, decoded from its body.
    static func aliases(_ body: Data) -> [(alias: String, op: PlanOperation.Payload)] {
        guard let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let query = json["query"] as? String
        else { return [] }
        let variables = json["variables"] as? [String: Any] ?? [:]
        var out: [(String, PlanOperation.Payload)] = []
        for field in query.components(separatedBy: " a").dropFirst() {
            let parts = field.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let n = Int(parts[0]) else { continue }
            let mutation = parts[1].trimmingCharacters(in: .whitespaces).prefix { $0.isLetter }
            if let payload = payload(String(mutation), n, variables) { out.append(("a\(n)", payload)) }
        }
        return out
    }

    private static func payload(_ mutation: String, _ n: Int, _ variables: [String: Any]) -> PlanOperation.Payload? {
        let id = variables["i\(n)"] as? Int ?? 0
        let input = variables["v\(n)"] as? [String: Any] ?? [:]
        func person() -> PersonValues {
            PersonValues(
                fullName: input["fullName"] as? String ?? "",
                craft: Craft(rawValue: input["craftAbility"] as? String ?? "") ?? .design,
                level: JobLevel(rawValue: input["jobLevel"] as? String ?? "") ?? .mid,
                focus: Focus(rawValue: input["craftFocus"] as? String ?? "") ?? .notApplicable,
                levelStartDate: input["levelStartDate"] as? String)
        }
        func team() -> TeamValues {
            TeamValues(
                name: input["name"] as? String ?? "", lead: .live(input["teamLeadId"] as? Int ?? 0),
                members: (input["memberIds"] as? [Int] ?? []).map(PlannedPerson.live))
        }
        switch mutation {
        case "createUser": return .createUser(rosterIndex: -1, person())
        case "updateUser": return .updateUser(id: id, person())
        case "deleteUser": return .deleteUser(id: id)
        case "createTeam": return .createTeam(rosterIndex: -1, team())
        case "updateTeam": return .updateTeam(id: id, team())
        case "deleteTeam": return .deleteTeam(id: id)
        case "setJobLevelLimit":
            return .setJobLevelLimit(
                JobLevel(rawValue: variables["l\(n)"] as? String ?? "") ?? .mid, variables["m\(n)"] as? Int ?? 0)
        default: return nil
        }
    }

    /// Runs the aliases before `limit` in order, stopping at the first the model refuses.
    private static func run(
        _ body: Data, upTo limit: Int, _ model: inout ServerModel
    )
        -> (ids: [String: Int], failure: (alias: String, message: String)?)
    {
        var ids: [String: Int] = [:]
        for (position, (alias, payload)) in aliases(body).enumerated() {
            if position == limit { return (ids, (alias, "Injected failure")) }
            do { try model.apply(PlanOperation(payload: payload, name: "")) } catch {
                return (ids, (alias, "\(error)"))
            }
            switch payload {
            case .createUser, .createTeam: ids[alias] = model.nextID
            case .updateUser(let id, _), .updateTeam(let id, _): ids[alias] = id
            default: break
            }
        }
        return (ids, nil)
    }
}

@Suite struct ApplyEnginePropertyTests {
    func engine(_ server: ScriptedServer, roster: Roster, concurrency: Int) -> ApplyEngine {
        ApplyEngine(
            executor: server, concurrency: concurrency,
            read: { server.read() },
            replan: { Planner.plan(roster: roster, live: $0, prune: true, endpoint: "http://test") })
    }

    /// Random rosters and spaces, a random fault for some documents (every outcome the
    /// executor can give, late runs included): nothing is created twice, every planned
    /// operation is reported exactly once, an apply that said it completed is still true once
    /// every late request has run, and a second apply converges.
    @Test(arguments: 0..<4)
    func everyOutcomeIsReportedOnceNothingIsCreatedTwiceAndARerunConverges(_ shard: Int) async throws {
        var rng = SplitMix64(seed: 0xA11CE + UInt64(shard))
        for round in 0..<150 {
            let scenario = Scenario.random(&rng)
            let (planned, _) = Planner.plan(
                roster: scenario.roster, live: scenario.live, prune: true, endpoint: "http://test")
            guard let plan = planned else { continue }
            let server = ScriptedServer(scenario.live, seed: rng.next(), faultRate: 35)
            let report = await engine(server, roster: scenario.roster, concurrency: Int.random(in: 1...3, using: &rng))
                .apply(plan)
            let label = "shard \(shard) round \(round)"
            #expect(report.entries.map(\.operation.id).sorted() == Array(0..<plan.operationCount), "\(label)")
            server.flush()
            let names = server.live.users.map(\.name)
            #expect(Set(names).count == names.count, "\(label): created twice: \(names.sorted())")
            let after = Planner.plan(roster: scenario.roster, live: server.live, prune: true, endpoint: "http://test").0
            if report.complete {
                #expect(after?.hasChanges == false, "\(label): claimed complete, but changes are left")
            }
            for entry in report.entries where entry.status == .applied {
                if case .createUser = entry.operation.payload {
                    #expect(
                        entry.id == nil || server.live.users.contains { $0.id == entry.id },
                        "\(label): created person has no live id: \(entry.id ?? -1) \(report.stop.map { "\($0)" } ?? "")"
                    )
                }
            }
            guard let again = after else { continue }
            let clean = ScriptedServer(server.live, seed: 1, faultRate: 0)
            let second = await engine(clean, roster: scenario.roster, concurrency: 2).apply(again)
            #expect(second.complete, "\(label): a second apply did not converge: \(second.remaining.map(\.name))")
        }
    }

    /// A document whose outcome is unknown and that has not run yet stops apply: its
    /// operations are unknown, nothing after them is sent, and none of them is sent twice.
    @Test func anUnknownOutcomeStopsSendingAndIsNeverResent() async throws {
        let live = LiveState(space: LiveSpace(id: "u", name: "U", isOwner: true), users: [], teams: [], levels: [])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roster-\(UUID().uuidString).yaml")
        try """
        version: 1
        defaults: { craft: Engineering, level: Mid }
        people: [{name: Ana}, {name: Ben}]
        teams: [{name: Red, lead: Ana, members: [Ben]}]
        """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let loaded = RosterLoader().load(paths: [file.path])
        #expect(loaded.isValid)
        let roster = loaded.roster
        let plan = try #require(Planner.plan(roster: roster, live: live, prune: false, endpoint: "x").0)
        let server = LateOnceServer(live)
        let engine = ApplyEngine(
            executor: server, concurrency: 2, read: { server.live },
            replan: { Planner.plan(roster: roster, live: $0, prune: false, endpoint: "x") })
        let report = await engine.apply(plan)
        #expect(report.stop == .unknownOutcome)
        #expect(report.entries.map(\.status.name) == ["unknown", "unknown", "not-run"])
        #expect(server.calls == 1)
        server.runLate()
        #expect(server.live.users.map(\.name) == ["Ana", "Ben"])
    }
}

/// Answers the first document with an unknown outcome and runs it only when told.
final class LateOnceServer: MutationExecutor, Sendable {
    private let state: Mutex<(model: ServerModel, late: Data?, calls: Int)>

    init(_ live: LiveState) { state = Mutex((ServerModel(live), nil, 0)) }

    var live: LiveState { state.withLock { $0.model.state } }
    var calls: Int { state.withLock { $0.calls } }

    func documents(
        for step: [PlanOperation], liveID: @escaping (PlannedPerson) -> Int?
    ) -> AnyIterator<MutationDocument> {
        AnyIterator(MutationBatcher().packer(step, id: liveID))
    }

    func runLate() {
        state.withLock { state in
            for (_, payload) in ScriptedServer.aliases(state.late ?? Data()) {
                try? state.model.apply(PlanOperation(payload: payload, name: ""))
            }
        }
    }

    func execute(_ document: MutationDocument) async -> DocumentOutcome {
        state.withLock { state in
            state.calls += 1
            state.late = document.body
            return .unknown("no answer within 120 s")
        }
    }
}
