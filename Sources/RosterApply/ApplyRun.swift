import RosterReconcile

/// The bookkeeping of one apply: what became of each operation of the approved plan, found
/// again in later plans by its ``OperationKey``. An operation of a later plan that the approved
/// plan does not hold (drift made meanwhile) is never run: verification lists it.
///
/// Operations are found by their id in the plan being run (``number(of:)``), which is the
/// approved plan until a fresh read replaces it; keys are compared only then, once per operation.
struct ApplyRun {
    let original: Plan
    let operations: [PlanOperation]
    /// Final outcomes, by the operation's position in the approved plan (ordered by id).
    var outcomes: [ApplyReport.Entry?]
    /// The position in the approved plan of each operation of the plan being run, indexed by
    /// its id (ids are small: an operation's place in its full plan); -1 for none.
    var numbers: [Int]
    /// The position of each roster person's create, for what waits on it.
    let createOf: [Int: Int]
    /// Sent at least once in a document that did not run it (after a failed alias): sent again
    /// once a fresh read shows it still needed.
    var attempted = Set<Int>()
    /// Operations of a document that failed at an earlier alias, known not to have run: the
    /// engine sends them again at once (``takeResend()``).
    private var resend: [PlanOperation] = []
    /// Whether a create ran in a document whose answer was lost to a later failure: its live id
    /// is known only after a read.
    var lostIDs = false
    /// Sent in a document whose outcome is unknown: never sent again.
    var inDoubt: [Int: String] = [:]
    /// Created people's live ids, by roster index.
    var created: [Int: Int] = [:]
    var failedEntities: [EntityID: String] = [:]
    var stop: ApplyReport.Stop?
    /// What another writer changed, found before a replacement would erase it.
    var check: WriterCheck

    init(_ plan: Plan) {
        original = plan
        check = WriterCheck(approved: plan.live)
        // In id order, which is plan order (a targeted plan's ids have gaps): placed by id.
        let numbers = Self.places(of: plan)
        var at = [(step: Int, index: Int)](repeating: (0, 0), count: plan.operationCount)
        for (number, step) in plan.steps.enumerated() {
            for index in step.indices { at[numbers[step[index].id]] = (number, index) }
        }
        let operations = at.map { plan.steps[$0.step][$0.index] }
        self.numbers = numbers
        self.operations = operations
        outcomes = Array(repeating: nil, count: operations.count)
        var createOf: [Int: Int] = [:]
        createOf.reserveCapacity(operations.count)
        for (number, op) in operations.enumerated() {
            if case .createUser(let person, _) = op.payload { createOf[person] = number }
        }
        self.createOf = createOf
        created.reserveCapacity(createOf.count)
    }

    /// Each operation's position among `plan`'s operations in id order, indexed by its id.
    static func places(of plan: Plan) -> [Int] {
        var places = [Int](repeating: -1, count: maxID(of: plan) + 1)
        for step in plan.steps {
            for op in step { places[op.id] = 0 }
        }
        var next = 0
        for id in places.indices where places[id] == 0 {
            places[id] = next
            next += 1
        }
        return places
    }

    /// The largest operation id of `plan`; -1 for none.
    static func maxID(of plan: Plan) -> Int {
        plan.steps.reduce(-1) { maxID, step in step.reduce(maxID) { max($0, $1.id) } }
    }

    /// The position in the approved plan of the operation with this id in the plan being run.
    func number(of id: Int) -> Int? {
        id < numbers.count && numbers[id] >= 0 ? numbers[id] : nil
    }

    /// The operations of `step` that may be sent now; the others are skipped with the reason.
    /// `plan` is the plan being run.
    mutating func runnable(_ step: [PlanOperation], of plan: Plan) -> [PlanOperation] {
        var runnable: [PlanOperation] = []
        runnable.reserveCapacity(step.count)
        for op in step {
            guard let number = number(of: op.id), outcomes[number] == nil, inDoubt[number] == nil else { continue }
            if let reason = blocker(op, of: plan) {
                outcomes[number] = ApplyReport.Entry(operation: operations[number], status: .skipped(reason))
                failedEntities[op.entity] = failedEntities[op.entity] ?? reason
                continue
            }
            runnable.append(op)
        }
        return runnable
    }

    /// Why `op` cannot run: it or what it needs did not succeed.
    func blocker(_ op: PlanOperation, of plan: Plan) -> String? {
        if !failedEntities.isEmpty, let message = failedEntities[op.entity] {
            return "its earlier operation did not succeed: \(message)"
        }
        for case .created(let person) in op.people where created[person] == nil {
            let name = original.personName(rosterIndex: person)
            switch createOf[person].flatMap({ outcomes[$0]?.status }) {
            case .failed?: return "needs person \"\(name)\", whose create failed"
            case .unknown?: return "needs person \"\(name)\", whose create has an unknown outcome"
            default: return "needs person \"\(name)\", who was not created"
            }
        }
        for prerequisite in op.after {
            if let number = number(of: prerequisite) {
                if outcomes[number]?.status != .applied {
                    return "needs \(ReportWording.subject(operations[number])), which did not succeed"
                }
            } else if let needed = plan.steps.joined().first(where: { $0.id == prerequisite }) {
                // Not in the approved plan (drift met after a fresh read): it never runs.
                return "needs \(ReportWording.subject(needed)), which did not succeed"
            }
        }
        return nil
    }

    /// Records what became of `document`, sent for `step`. Returns whether the live state must
    /// be read before going on, or apply must stop.
    mutating func record(
        _ outcome: DocumentOutcome, of document: MutationDocument, in step: [PlanOperation]
    ) -> ApplyEngine.RoundEnd {
        record(outcome, of: document.operations.map { step[$0] }, aliases: document.aliases)
    }

    /// Records what became of the operations of one document. Returns whether the live state
    /// must be read before going on, or apply must stop.
    mutating func record(_ outcome: DocumentOutcome, of ops: [PlanOperation], aliases: [String]) -> ApplyEngine.RoundEnd
    {
        switch outcome {
        case .applied(let ids):
            for (alias, op) in zip(aliases, ops) { markApplied(op, id: ids[alias]) }
            return .finished
        case .failed(let alias, let failure):
            let failedAt = aliases.firstIndex(of: alias) ?? ops.count
            for (position, op) in ops.enumerated() {
                if position < failedAt {
                    markApplied(op, id: nil)
                    if case .createUser = op.payload { lostIDs = true }
                }
                if position == failedAt { markFailed(op, failure) }
                if position > failedAt, let number = number(of: op.id) {
                    attempted.insert(number)
                    resend.append(op)
                }
            }
            // The operations of one step do not depend on each other: the rest goes again at once.
            return failedAt < ops.count ? .finished : .needsRead
        case .refused(let message):
            for op in ops { markFailed(op, MutationFailure(.other, server: message)) }
            return .finished
        case .unreachable(let message):
            // The reason is the report's stop line, said once.
            for op in ops { set(op, .notRun("not sent: apply stopped")) }
            stop = .aborted(message)
            return .stopped
        case .unknown(let reason):
            for op in ops { if let number = number(of: op.id) { inDoubt[number] = reason } }
            return .needsRead
        }
    }

    /// `ops` without those whose entity another writer changed since apply last checked it:
    /// those are skipped, and so is what needs them. Their update was built from an older
    /// state and would erase the change.
    mutating func withoutChanged(_ ops: [PlanOperation]) -> [PlanOperation] {
        ops.filter { op in
            guard let change = check.change(before: op, created: created) else { return true }
            let reason =
                "changed in MPS since the plan was approved (\(change)); not sent, so that change is kept: "
                + "run `roster plan` to see the new plan"
            set(op, .skipped(reason))
            failedEntities[op.entity] = reason
            return false
        }
    }

    /// The operations to send again at once, each taken once.
    mutating func takeResend() -> [PlanOperation] {
        defer { resend = [] }
        return resend
    }

    /// How many operations of the approved plan have a final outcome: what a round's progress is.
    var settledCount: Int { outcomes.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    mutating func markApplied(_ op: PlanOperation, id: Int?) {
        if case .createUser(let person, _) = op.payload, let id { created[person] = id }
        check.applied(op)
        guard let number = number(of: op.id) else { return }
        outcomes[number] = ApplyReport.Entry(operation: operations[number], status: .applied, id: id)
    }

    mutating func markFailed(_ op: PlanOperation, _ failure: MutationFailure) {
        let wording = failure.wording(for: op)
        failedEntities[op.entity] = wording.message
        guard let number = number(of: op.id) else { return }
        outcomes[number] = ApplyReport.Entry(
            operation: operations[number], status: .failed(wording.message),
            serverMessage: wording.serverMessage)
    }

    mutating func set(_ op: PlanOperation, _ status: ApplyReport.Status) {
        guard let number = number(of: op.id) else { return }
        outcomes[number] = ApplyReport.Entry(operation: operations[number], status: status)
    }

    /// After a fresh read, planned as `fresh`: what was sent and is no longer needed ran; what
    /// was in doubt and is still needed stays unknown, and apply stops sending. `fresh` is the
    /// plan run from now on.
    mutating func settle(against fresh: Plan) {
        let needed = Set(fresh.steps.joined().map(\.key))
        let byKey = Dictionary(operations.enumerated().map { ($1.key, $0) }) { first, _ in first }
        numbers = Array(repeating: -1, count: Self.maxID(of: fresh) + 1)
        for op in fresh.steps.joined() { numbers[op.id] = byKey[op.key] ?? -1 }
        for number in outcomes.indices {
            let op = operations[number]
            if let entry = outcomes[number] {
                if entry.status == .applied, entry.id == nil { outcomes[number]?.id = fresh.liveID(of: op.entity) }
                continue
            }
            let wasSent = inDoubt[number] != nil || attempted.contains(number)
            if !needed.contains(op.key) {
                let status: ApplyReport.Status =
                    wasSent ? .applied : .skipped("no longer needed: the live space already has it")
                outcomes[number] = ApplyReport.Entry(operation: op, status: status, id: fresh.liveID(of: op.entity))
                if wasSent { check.applied(op) }
                if case .createUser(let person, _) = op.payload { created[person] = fresh.liveID(of: op.entity) }
            } else if let reason = inDoubt[number] {
                outcomes[number] = ApplyReport.Entry(operation: op, status: .unknown(reason))
                stop = .unknownOutcome
            }
        }
        inDoubt = [:]
        lostIDs = false
    }

    /// The report: every operation once, those never sent as not run.
    func report() -> ApplyReport {
        var report = ApplyReport()
        report.stop = stop ?? (inDoubt.isEmpty ? nil : .unknownOutcome)
        let reason: String
        switch stop {
        case .interrupted?: reason = "interrupted before it was sent"
        case .unknownOutcome?: reason = "not sent: an earlier request's outcome is unknown"
        case .aborted?: reason = "not sent: apply stopped"
        case nil: reason = "not sent: apply stopped making progress"
        }
        report.entries = operations.indices.map { number in
            if let entry = outcomes[number] { return entry }
            if let doubt = inDoubt[number] {
                return ApplyReport.Entry(operation: operations[number], status: .unknown(doubt))
            }
            return ApplyReport.Entry(operation: operations[number], status: .notRun(reason))
        }
        return report
    }
}
