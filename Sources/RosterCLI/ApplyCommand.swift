import Foundation
import MPSClient
import RosterApply
import RosterCore
import RosterModel
import RosterReconcile
import RosterRender
import RosterSession

/// `roster apply [PATH… | PLANFILE]`: shows the plan, asks, applies it, verifies the result.
struct ApplyCommand: Command {
    static let name = "apply"
    static let summary =
        "Apply the plan: show it, ask for yes (a saved plan is not asked about again), run it, verify the result."
    static let usage =
        "roster apply [PATH… | plan.json] [--auto-approve] [--allow-large-changes] [--concurrency N] [--format "
        + "text|json]"
    struct Options: CommandOptions {
        static let format = Option<OutputFormat>.format(
            [.text, .json], "report format (default text; json prints the report on standard output)")
        // `PlanningOptions`, listed with apply's own help for the selection.
        static let only = OptionCatalog.only.help("apply only these entities' changes (and what they need)")
        static let exclude = OptionCatalog.exclude.help("leave these entities' changes out")
        static let specs =
            [
                format.spec, OptionCatalog.autoApprove.spec, OptionCatalog.allowLargeChanges.spec,
                OptionCatalog.concurrency.spec, OptionCatalog.prune.spec, only.spec, exclude.spec,
            ]
        /// Roster paths, or one saved plan.
        var paths: [String]
        var format: OutputFormat
        var autoApprove: Bool
        var allowLargeChanges: Bool
        var concurrency: Int
        var planning: PlanningOptions
        var color: ColorOptions
        var connection: ConnectionOptions

        init(_ arguments: ParsedArguments) throws(UsageError) {
            paths = arguments.positionals
            format = arguments[Self.format]
            autoApprove = arguments[OptionCatalog.autoApprove]
            allowLargeChanges = arguments[OptionCatalog.allowLargeChanges]
            concurrency = arguments[OptionCatalog.concurrency] ?? 4
            planning = PlanningOptions(arguments)
            color = ColorOptions(arguments)
            connection = ConnectionOptions(arguments)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await reporting(FailureStyle(json: options.format == .json, color: options.color), context) {
            try await apply(options, context)
        }
    }

    static func apply(_ options: Options, _ context: CommandContext) async throws -> ExitCode {
        let console = context.console
        // Everything but the plan writes standard error through the gate (see `run`).
        let gate = ProgressGate(console)
        var context = context
        context.console = gate
        let saved = try SavedPlanFile.detect(options.paths)
        if saved != nil, let shaping = options.planning.shaping.first {
            throw CommandFailure(
                "\(shaping) shapes a plan, and a saved plan's changes were fixed when it was saved; "
                    + "apply the roster instead, or save a new plan with `roster plan --out FILE \(shaping) …`",
                kind: .usage)
        }
        let request =
            try saved.map { try $0.request(for: options.connection, context) }
            ?? options.planning.request(paths: options.paths)
        let made = try await LivePlan.make(request, options.connection, context)
        if let saved { try saved.check(made.plan) }
        let show = ApplyOutput(
            console: console, planOnStderr: options.format == .json,
            color: context.useColor(onStderr: options.format == .json, options.color))
        guard made.plan.hasChanges else {
            show.plan(PlanRenderer.text(made.plan, requests: 0, color: show.color))
            if options.format == .json { show.report(ReportRenderer.json(nothingToDo()).rendered(indent: 2) + "\n") }
            return ExitCode.success
        }
        return try await run(made, request, options, ask: saved == nil && !options.autoApprove, gate, show, context)
    }

    /// Shows the plan, refuses or asks, then applies, verifies and reports.
    static func run(
        _ made: LivePlan, _ request: PlanRequest, _ options: Options, ask: Bool, _ gate: ProgressGate,
        _ show: ApplyOutput, _ context: CommandContext
    ) async throws -> ExitCode {
        var made = made
        let phases = PhaseLog(verbose: options.connection.verbose, context)
        let control = ApplyControl()
        var early: Task<ApplyReport, Never>?
        var interrupts: InterruptHandler?
        if ask {
            switch try await approve(made, request, options, show) {
            case .approved(let checked): made = checked
            case .cancelled: return ExitCode.failure
            case .nothingLeft: return ExitCode.success
            }
        }
        let engine = makeEngine(request, made, options, phases: phases, control: control, gate: gate)
        if !ask {
            // Nothing to ask: unless a safety rail refuses, the first documents go out while the
            // plan's requests are counted and the plan printed; what the engine writes waits until
            // the plan is on screen.
            let refusal = largeDeletes(made, options)
            if refusal == nil {
                gate.hold()
                interrupts = InterruptHandler(control: control, console: gate)
                let plan = made.plan
                early = Task { await engine.apply(plan) }
            }
            showPlan(made.plan, show)
            if let refusal { throw refusal }
        }
        if !show.console.stderrIsTerminal { show.plan("\n") }
        gate.open()
        if interrupts == nil { interrupts = InterruptHandler(control: control, console: gate) }
        let applying = phases.now
        let report: ApplyReport
        if let early { report = await early.value } else { report = await engine.apply(made.plan) }
        phases.log("applied and verified", since: applying)
        withExtendedLifetime(interrupts) {}
        show.report(
            options.format == .json
                ? ReportRenderer.json(report).rendered(indent: 2) + "\n"
                : ReportRenderer.text(report, color: show.color))
        if report.stop == .interrupted { return ExitCode.interrupted }
        return report.complete ? ExitCode.success : ExitCode.failure
    }

    static func showPlan(_ plan: Plan, _ show: ApplyOutput) {
        show.plan(PlanRenderer.text(plan, requests: MutationBatcher().requestCount(plan), color: show.color))
    }

    /// How asking for approval ended.
    enum Approval {
        /// Approved, and still true of the space read after the answer: what runs is built from
        /// that read.
        case approved(LivePlan)
        case cancelled
        /// The space changed while the plan waited, and nothing is left to do.
        case nothingLeft
    }

    /// Shows the plan and asks for "yes"; after it, reads the space again before anything is
    /// sent. MPS's updates are full replacements, so an update built before a change made in the
    /// apps would erase it: when an entity the plan touches changed, nothing is sent, and the
    /// new plan is shown and asked for again (docs/plan-and-apply.md, "What you approved").
    static func approve(
        _ made: LivePlan, _ request: PlanRequest, _ options: Options, _ show: ApplyOutput
    ) async throws -> Approval {
        var shown = made
        while true {
            showPlan(shown.plan, show)
            if let refusal = largeDeletes(shown, options) { throw refusal }
            if try confirm(show, show.console) != nil { return .cancelled }
            let fresh = try await shown.again(request)
            let changes = PlanStaleness.changes(approved: shown.plan, fresh: fresh.plan)
            if changes.isEmpty { return .approved(fresh) }
            guard show.console.stdinIsTerminal else { throw staleness(changes) }
            show.plan(
                "\nThe live space changed while the plan waited for \"yes\"; nothing was sent:\n"
                    + changes.map { "  - \(TerminalText.escape($0))\n" }.joined() + "\n")
            guard fresh.plan.hasChanges else {
                showPlan(fresh.plan, show)
                return .nothingLeft
            }
            shown = fresh
        }
    }

    /// Apply stops, sending nothing, when the space changed after the plan was approved.
    static func staleness(_ changes: [String]) -> CommandFailure {
        CommandFailure(
            diagnostics: [
                .error(
                    "the live space changed while the plan waited for approval; nothing was applied; "
                        + "run `roster apply` again to see the new plan",
                    at: nil, notes: changes.map { DiagnosticNote(location: nil, message: $0) })
            ],
            exitCode: ExitCode.refused)
    }

    /// The refusal (exit 3) of a plan whose deletes pass `policy.maxDeletes`, unless allowed.
    static func largeDeletes(_ made: LivePlan, _ options: Options) -> CommandFailure? {
        let exceeded = made.plan.deletes.filter(\.exceeded)
        return exceeded.isEmpty || options.allowLargeChanges ? nil : refusal(exceeded, roster: made.roster)
    }

    /// Asks for "yes"; the exit code when the answer is anything else, nil to go on.
    static func confirm(_ show: ApplyOutput, _ console: any Console) throws(CommandFailure) -> ExitCode? {
        guard console.stdinIsTerminal else {
            throw CommandFailure(
                "refusing to apply without confirmation: standard input is not a terminal; "
                    + "pass --auto-approve to apply anyway", kind: .usage)
        }
        show.plan("\nApply these changes? Type \"yes\" to continue: ")
        guard console.readLine()?.trimmingCharacters(in: .whitespaces) == "yes" else {
            show.plan("Apply cancelled.\n")
            return ExitCode.failure
        }
        return nil
    }

    static func refusal(_ exceeded: [DeleteCount], roster: Roster) -> CommandFailure {
        let what = exceeded.map(\.description).joined(separator: ", ")
        return CommandFailure(
            "refusing to apply: the plan \(what), past policy.maxDeletes (\(roster.policy.maxDeletes)); "
                + "check the plan, then pass --allow-large-changes", exitCode: ExitCode.refused)
    }

    /// Progress on standard error: always the engine's steps on a terminal.
    static func progressLine(_ gate: ProgressGate) -> (@Sendable (String) -> Void)? {
        guard gate.stderrIsTerminal else { return nil }
        return { line in gate.writeErr("roster: \(line)\n") }
    }

    /// The engine, with the reads and re-plans it needs for recovery and verification.
    static func makeEngine(
        _ request: PlanRequest, _ made: LivePlan, _ options: Options, phases: PhaseLog, control: ApplyControl,
        gate: ProgressGate
    ) -> ApplyEngine {
        let (concurrency, progress) = (options.concurrency, progressLine(gate))
        let (roster, service, space, endpoint) = (made.roster, made.service, made.space, made.endpoint)
        let read: @Sendable () async throws(LiveReadFailure) -> LiveState = {
            () async throws(LiveReadFailure) -> LiveState in
            let reading = phases.now
            do throws(MPSError) {
                let live = try await service.readLiveState(space: space)
                phases.log(
                    "read the live state (\(live.users.count) people, \(live.teams.count) teams)", since: reading)
                return live
            } catch {
                throw LiveReadFailure(error.message)
            }
        }
        let replan: @Sendable (LiveState) -> (Plan?, [Diagnostic]) = { live in
            let planning = phases.now
            defer { phases.log("planned again", since: planning) }
            // A targeted apply is verified against its own selection.
            do throws(SessionFailure) {
                return (try LivePlan.plan(request, roster: roster, live: live, endpoint: endpoint), [])
            } catch {
                return (nil, error.diagnostics)
            }
        }
        return ApplyEngine(
            executor: GraphQLMutationExecutor(client: service.client, space: space), concurrency: concurrency,
            read: read, replan: replan, control: control, progress: progress)
    }

    static func nothingToDo() -> ApplyReport {
        var report = ApplyReport()
        report.verification = .checked(remaining: [])
        return report
    }
}
