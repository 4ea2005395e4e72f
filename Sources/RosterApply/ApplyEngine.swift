import RosterCore
import RosterModel
import RosterReconcile

/// Runs a plan through a ``MutationExecutor``: each step's operations as documents of aliased
/// mutations, several at once. After a failed or uncertain document it reads the live state and
/// plans again, so what runs next is exactly what is still needed. Operations are known by
/// their entity (``OperationKey``), never by name. A document whose outcome is unknown is never
/// sent again: if the fresh state cannot show it done, apply stops sending.
package struct ApplyEngine: Sendable {
    var executor: any MutationExecutor
    var concurrency: Int
    /// Reads the live state (retried as reads are).
    var read: @Sendable () async throws(LiveReadFailure) -> LiveState
    /// Plans again from a live state: the plan, or the diagnostics that prevent one.
    var replan: @Sendable (LiveState) -> (Plan?, [Diagnostic])
    /// Plans for the final verification, when it differs from recovery's: an apply of what is due
    /// is verified against the whole roster of its day (nil: ``replan``).
    package var verifying: (@Sendable (LiveState) -> (Plan?, [Diagnostic]))?
    /// Progress lines for a person watching.
    var progress: (@Sendable (String) -> Void)?
    /// Interrupts, and what is in flight.
    var control: ApplyControl

    package init(
        executor: any MutationExecutor, concurrency: Int,
        read: @escaping @Sendable () async throws(LiveReadFailure) -> LiveState,
        replan: @escaping @Sendable (LiveState) -> (Plan?, [Diagnostic]),
        control: ApplyControl = ApplyControl(), progress: (@Sendable (String) -> Void)? = nil
    ) {
        self.executor = executor
        self.concurrency = max(1, concurrency)
        self.read = read
        self.replan = replan
        self.control = control
        self.progress = progress
    }

    /// Applies `plan`, then verifies the result unless apply stopped.
    package func apply(_ plan: Plan) async -> ApplyReport {
        let report = await run(plan)
        return report.stop == nil ? await verify(report, of: plan) : report
    }

    /// Applies `plan`, recovering from failures, without the final verification. It goes on
    /// while each round settles an operation (applied or finally failed), so rounds are bounded
    /// by the plan's operations, and stops at the first round that settles none.
    package func run(_ plan: Plan) async -> ApplyReport {
        var run = ApplyRun(plan)
        var current = plan
        var settled = -1
        while run.settledCount > settled {
            settled = run.settledCount
            guard await runSteps(of: current, &run) == .needsRead else { break }
            progress?("reading the live state to see what was applied")
            guard let fresh = await reread(&run) else { break }
            current = fresh
        }
        return run.report()
    }

    /// How a round of steps ended.
    enum RoundEnd: Int, Comparable {
        case finished, needsRead, stopped
        static func < (a: RoundEnd, b: RoundEnd) -> Bool { a.rawValue < b.rawValue }
    }

    /// Runs the steps of `plan` until one needs a fresh read or apply must stop.
    func runSteps(of plan: Plan, _ run: inout ApplyRun) async -> RoundEnd {
        for (number, step) in plan.steps.enumerated() {
            if control.stopRequested {
                run.stop = .interrupted
                return .stopped
            }
            var runnable = run.runnable(step, of: plan)
            guard !runnable.isEmpty else { continue }
            guard await readIfNeeded(before: runnable, &run) else { return .stopped }
            runnable = run.withoutChanged(runnable)
            guard !runnable.isEmpty else { continue }
            let noun = runnable.count == 1 ? "operation" : "operations"
            progress?("step \(number + 1)/\(plan.steps.count): \(runnable.count) \(noun)")
            run.check.sending()
            var end = await send(runnable, of: plan, &run)
            if end == .finished, control.stopRequested { run.stop = .interrupted }
            if run.stop != nil { return .stopped }
            // Creates whose answers a later failure lost: later steps need their ids.
            if end == .finished, run.lostIDs, number < plan.steps.count - 1 { end = .needsRead }
            if end != .finished { return end }
        }
        return .finished
    }

    /// Reads the space before a step that overwrites entities, unless nothing was sent since the
    /// last read; false when apply must stop.
    func readIfNeeded(before ops: [PlanOperation], _ run: inout ApplyRun) async -> Bool {
        guard run.check.needsRead(before: ops) else { return true }
        progress?("reading the live state to check for changes made meanwhile")
        do { run.check.observe(try await read()) } catch {
            run.stop = .aborted("could not read the live state to check for changes made meanwhile: \(error.message)")
            return false
        }
        return true
    }

    /// Reads the live state after a failure and plans from it; nil when apply must stop.
    func reread(_ run: inout ApplyRun) async -> Plan? {
        let live: LiveState
        do { live = try await read() } catch {
            run.stop = .aborted("could not read the live state after a failure: \(error.message)")
            return nil
        }
        run.check.observe(live)
        let (plan, diagnostics) = replan(live)
        guard let plan else {
            let reasons = diagnostics.map(\.message).joined(separator: "; ")
            run.stop = .aborted("could not plan from the live state after a failure: \(reasons)")
            return nil
        }
        run.settle(against: plan)
        return run.stop == nil ? plan : nil
    }

    /// Packs and sends the step's documents, at most `concurrency` at once, and records each
    /// outcome as it arrives. None is sent once apply is interrupted or an outcome is unknown.
    /// The first goes alone, and the next are packed while it is out: servers cache a parsed
    /// document by its text, and a step's full documents share one text, so the others skip
    /// parsing it.
    ///
    /// When a document fails at one alias, the operations after it, known not to have run, are
    /// packed again and sent in the same step: a refused operation costs only itself and what
    /// depends on it.
    func send(_ step: [PlanOperation], of plan: Plan, _ run: inout ApplyRun) async -> RoundEnd {
        var queue = StepQueue(documents(step, run), step: step)
        guard !control.stopRequested, let first = queue.next() else { return .finished }
        var end = RoundEnd.finished
        await withTaskGroup(of: (MutationDocument, [PlanOperation], DocumentOutcome).self) { group in
            group.addTask { (first.0, first.1, await execute(first.0, first.1)) }
            queue.prefetch(concurrency)
            var inFlight = 1
            var stopsSending = false
            while let (document, ops, outcome) = await group.next() {
                inFlight -= 1
                end = max(end, run.record(outcome, of: document, in: ops))
                let again = run.runnable(run.takeResend(), of: plan)
                if !again.isEmpty { queue.add(documents(again, run), step: again) }
                stopsSending = stopsSending || outcome.stopsSending || control.stopRequested
                while !stopsSending, inFlight < concurrency, let (next, nextOps) = queue.next() {
                    group.addTask { (next, nextOps, await execute(next, nextOps)) }
                    inFlight += 1
                }
            }
        }
        return end
    }

    /// The documents of `ops`, with the live ids known now.
    func documents(_ ops: [PlanOperation], _ run: ApplyRun) -> AnyIterator<MutationDocument> {
        let created = run.created
        return executor.documents(for: ops) { ref in
            switch ref {
            case .live(let id): return id
            case .created(let index): return created[index]
            }
        }
    }

    /// One document through the executor, listed as in flight while it is out.
    func execute(_ document: MutationDocument, _ step: [PlanOperation]) async -> DocumentOutcome {
        let ticket = control.began(document.operations, of: step)
        defer { control.ended(ticket) }
        return await executor.execute(document)
    }

    /// `report`, verified: the live state read once more, what is still left to do, and what
    /// neither the roster nor this apply explains.
    func verify(_ report: ApplyReport, of plan: Plan) async -> ApplyReport {
        var report = report
        let live: LiveState
        do { live = try await read() } catch {
            report.verification = .unreadable(error.message)
            return report
        }
        let (fresh, diagnostics) = replan(live)
        let check = Verification(original: plan, report: report)
        guard let fresh else {
            report.verification = .unplannable(diagnostics.map(\.message))
            report.unexplained = check.unexplained(diagnostics)
            return report
        }
        // Another writer shows in what this apply's own plan leaves; what the roster of the day
        // differs in besides (`verifying`) is left on purpose.
        let (whole, problems) = verifying.map { $0(live) } ?? (fresh, [])
        guard let whole else {
            report.verification = .unplannable(problems.map(\.message))
            return report
        }
        report.verification = .checked(remaining: whole.changes.filter { $0.action != .unmanaged })
        report.unexplained = check.unexplained(fresh)
        report.broken = whole.brokenRules.map(\.message)
        return report
    }
}

extension DocumentOutcome {
    /// Whether no further document may be sent after this one.
    var stopsSending: Bool {
        switch self {
        case .unknown, .unreachable: return true
        case .applied, .failed, .refused: return false
        }
    }
}

/// Why the live state could not be read, in the user's words (the engine knows no networking).
package struct LiveReadFailure: Error, Sendable {
    var message: String

    package init(_ message: String) { self.message = message }
}
