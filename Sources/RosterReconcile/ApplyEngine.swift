import Foundation
import MPSClient
import RosterDiagnostics
import RosterModel

/// Runs a plan against MPS: each step's operations as aliased mutations in documents of at most
/// 100 kB, several documents at once. After any failed or uncertain document it reads the live
/// state again and plans anew from there, so what runs next is exactly what is still needed;
/// operations that depend on a failure are skipped with the reason. A request that may have
/// run is never sent again blindly: the fresh state decides.
public struct ApplyEngine: Sendable {
    public var client: GraphQLClient
    /// The space the mutations are for (`x-space-id`); nil: the caller's own.
    public var space: String?
    public var batcher: MutationBatcher
    public var concurrency: Int
    /// Reads the live state (retried as reads are).
    public var read: @Sendable () async throws(MPSError) -> LiveState
    /// Plans again from a live state; nil when planning is impossible now.
    public var replan: @Sendable (LiveState) -> Plan?
    /// Progress lines for a terminal.
    public var progress: (@Sendable (String) -> Void)?
    /// At most this many rounds of "run, then read and plan again".
    public var maxRounds = 5

    public init(client: GraphQLClient, space: String?, batcher: MutationBatcher, concurrency: Int,
                read: @escaping @Sendable () async throws(MPSError) -> LiveState, replan: @escaping @Sendable (LiveState) -> Plan?,
                progress: (@Sendable (String) -> Void)? = nil) {
        self.client = client
        self.space = space
        self.batcher = batcher
        self.concurrency = max(1, concurrency)
        self.read = read
        self.replan = replan
        self.progress = progress
    }

    /// The outcome of sending one document.
    enum DocumentOutcome: Sendable {
        /// Every alias ran; the ids of what they returned.
        case applied([String: Int])
        /// The aliases before `failedAlias` ran (their results lost), it failed, the rest did not run.
        case failedAt(alias: String, message: String)
        /// The request may or may not have run (timeout, dropped connection, 5xx).
        case uncertain(String)
        /// Nothing ran, for a reason that will not go away by retrying now.
        case refused(String, abort: Bool)
    }

    /// Applies `plan`, starting from the live state it was made from, then verifies the
    /// result: ``run(_:)``, then ``verify(_:)`` unless the run stopped.
    public func apply(_ plan: Plan) async -> ApplyReport {
        let report = await run(plan)
        return report.aborted == nil ? await verify(report) : report
    }

    /// Applies `plan`, recovering from failures, without the final verification.
    public func run(_ plan: Plan) async -> ApplyReport {
        var report = ApplyReport()
        var current = plan
        var failedKeys: [String: String] = [:]      // entity key → why it failed
        var round = 0
        while round < maxRounds {
            round += 1
            var created: [Int: Int] = [:]
            var outcome = RoundOutcome.finished
            var done: [Int: Bool] = [:]             // op id → succeeded
            stepLoop: for (s, step) in current.steps.enumerated() {
                var runnable: [PlanOperation] = []
                for op in step {
                    if let reason = blocker(op, failedKeys: failedKeys, done: done, plan: current) {
                        done[op.id] = false
                        if failedKeys[Self.key(op)] == nil { report.entries.append(.init(operation: op, status: .skipped(reason))) }
                        continue
                    }
                    runnable.append(op)
                }
                guard !runnable.isEmpty else { continue }
                progress?("step \(s + 1)/\(current.steps.count): \(runnable.count) \(runnable.count == 1 ? "operation" : "operations")")
                for (document, result) in await send(runnable, created: created) {
                    let ops = document.operations.map { runnable[$0] }
                    switch result {
                    case .applied(let ids):
                        for (alias, op) in zip(document.aliases, ops) {
                            let id = ids[alias]
                            if case .createUser(let i, _) = op.payload, let id { created[i] = id }
                            done[op.id] = true
                            report.entries.append(.init(operation: op, status: .applied(id: id ?? Self.existingID(op))))
                        }
                    case .failedAt(let alias, let message):
                        let failedIndex = document.aliases.firstIndex(of: alias) ?? ops.count
                        for (n, op) in ops.enumerated() {
                            if n < failedIndex {
                                done[op.id] = true
                                report.entries.append(.init(operation: op, status: .applied(id: Self.existingID(op))))
                            } else if n == failedIndex {
                                done[op.id] = false
                                failedKeys[Self.key(op)] = message
                                report.entries.append(.init(operation: op, status: .failed(message)))
                            }
                            // Later aliases did not run: the fresh plan decides whether they still should.
                        }
                        outcome = .replan
                    case .uncertain:
                        outcome = .replan
                    case .refused(let message, let abort):
                        for op in ops {
                            done[op.id] = false
                            failedKeys[Self.key(op)] = message
                            report.entries.append(.init(operation: op, status: .failed(message)))
                        }
                        if abort {
                            report.aborted = message
                            outcome = .abort
                        }
                    }
                }
                if outcome != .finished { break stepLoop }
            }
            if outcome == .abort { return report }
            if outcome == .finished { break }
            progress?("reading the live state to see what was applied")
            guard let live = try? await read(), let fresh = replan(live) else {
                report.aborted = "could not read the live state after a failure"
                return report
            }
            current = fresh
            // What the fresh plan still wants of a failed entity was already reported.
        }
        return report
    }

    /// `report`, verified: the live state read once more, and what is still left to do.
    public func verify(_ report: ApplyReport) async -> ApplyReport {
        var report = report
        if let live = try? await read(), let final = replan(live) {
            report.verified = true
            report.remaining = final.changes.filter { $0.action != .unmanaged }
        }
        return report
    }

    enum RoundOutcome { case finished, replan, abort }

    /// Why `op` cannot run: it or what it needs failed.
    func blocker(_ op: PlanOperation, failedKeys: [String: String], done: [Int: Bool], plan: Plan) -> String? {
        guard !failedKeys.isEmpty || !op.after.isEmpty else { return nil }
        if let message = failedKeys[Self.key(op)] { return "failed earlier: \(message)" }
        if !failedKeys.isEmpty {
            for ref in op.people {
                if case .created = ref, let person = Self.createdName(ref, plan: plan), failedKeys["person:\(person)"] != nil {
                    return "needs person \"\(person)\", whose create failed"
                }
            }
        }
        for prerequisite in op.after where done[prerequisite] == false {
            let name = plan.steps.joined().first { $0.id == prerequisite }.map { "\($0.mutation.rawValue) \"\($0.name)\"" } ?? "an earlier operation"
            return "needs \(name), which did not succeed"
        }
        return nil
    }

    static func createdName(_ ref: PersonRef, plan: Plan) -> String? {
        guard case .created(let i) = ref else { return nil }
        for op in plan.steps.joined() {
            if case .createUser(let index, let fields) = op.payload, index == i { return fields.fullName }
        }
        return nil
    }

    /// The entity an operation acts on, to recognise it again in a fresh plan.
    static func key(_ op: PlanOperation) -> String {
        switch op.kind {
        case .person: return "person:\(op.name)"
        case .team: return "team:\(op.name)"
        case .level: return "level:\(op.name)"
        }
    }

    static func existingID(_ op: PlanOperation) -> Int? {
        switch op.payload {
        case .updateUser(let id, _), .deleteUser(let id), .updateTeam(let id, _), .deleteTeam(let id): return id
        default: return nil
        }
    }

    /// Packs a step's operations into documents and sends them, at most `concurrency` at once;
    /// each document with its outcome, in sending order. Packing runs beside sending, so the
    /// first document leaves as soon as it is assembled (packing 10,000 people takes ~15 ms).
    /// The first goes alone: GraphQL servers (Apollo, the sandbox) cache parsed and validated
    /// documents by their text, and a step's full documents share one text, so the others then
    /// skip parsing and validation instead of all paying for it at once.
    func send(_ step: [PlanOperation], created: [Int: Int]) async -> [(MutationDocument, DocumentOutcome)] {
        let (packed, packer) = AsyncStream.makeStream(of: MutationDocument.self)
        let batcher = batcher
        Task {
            batcher.documents(step, id: { ref in
                switch ref {
                case .live(let id): return id
                case .created(let i): return created[i]
                }
            }, emit: { packer.yield($0) })
            packer.finish()
        }
        var documents = packed.makeAsyncIterator()
        guard let first = await documents.next() else { return [] }
        var sent = [(first, await sendOne(first))]
        await withTaskGroup(of: (Int, DocumentOutcome).self) { group in
            var inFlight = 0
            func launch(_ document: MutationDocument) {
                let index = sent.count
                sent.append((document, .uncertain("not sent")))
                inFlight += 1
                group.addTask { (index, await self.sendOne(document)) }
            }
            while inFlight < concurrency, let document = await documents.next() { launch(document) }
            while let (index, outcome) = await group.next() {
                inFlight -= 1
                sent[index].1 = outcome
                if let document = await documents.next() { launch(document) }
            }
        }
        return sent
    }

    /// One document, retried only when the server certainly did not run it (429, 503, nothing
    /// sent); anything that may have run comes back uncertain.
    func sendOne(_ document: MutationDocument) async -> DocumentOutcome {
        let policy = RetryPolicy.reads
        var attempt = 0
        while true {
            attempt += 1
            let response: HTTPResponse
            do {
                response = try await client.post(body: document.body, retry: .none, space: space)
            } catch {
                switch error {
                case .cannotConnect where attempt < policy.attempts:
                    try? await Task.sleep(nanoseconds: UInt64(policy.delay(afterAttempt: attempt, retryAfter: nil) * 1e9))
                    continue
                case .cannotConnect:
                    return .refused(error.message, abort: true)
                case .rateLimited(let after) where attempt < policy.attempts:
                    try? await Task.sleep(nanoseconds: UInt64(policy.delay(afterAttempt: attempt, retryAfter: after.map(Double.init)) * 1e9))
                    continue
                case .rateLimited:
                    return .refused(error.message, abort: true)
                default:
                    return .uncertain(error.message)
                }
            }
            if response.status == 503 || response.status == 429 {
                // The server refused without running it: safe to send again.
                if attempt < policy.attempts {
                    let after = (response.header("Retry-After") ?? response.header("X-Retry-After")).flatMap { Double($0) }
                    try? await Task.sleep(nanoseconds: UInt64(policy.delay(afterAttempt: attempt, retryAfter: after) * 1e9))
                    continue
                }
                return .refused("the server answered HTTP \(response.status) \(policy.attempts) times", abort: true)
            }
            if response.status >= 500 { return .uncertain("HTTP \(response.status)") }
            let parsed: GraphQLResponse
            do { parsed = try GraphQLClient.parse(response, bodySize: document.body.count) } catch {
                return .refused(error.message, abort: error == .invalidToken)
            }
            if let error = parsed.errors.first {
                let alias = error.path.first ?? ""
                if parsed.data == nil, document.aliases.contains(alias) { return .failedAt(alias: alias, message: error.message) }
                return .refused(error.message, abort: false)
            }
            var ids: [String: Int] = [:]
            for alias in document.aliases {
                if let object = parsed.data?[alias] as? [String: Any], let id = object["id"] {
                    ids[alias] = (id as? Int) ?? (id as? NSNumber)?.intValue
                }
            }
            return .applied(ids)
        }
    }
}
