import Foundation
import MPSClient
import RosterApply
import RosterCore
import RosterModel
import RosterReconcile
import RosterRender

/// `roster apply [PATH… | PLANFILE]`: shows the plan, asks, applies it, verifies the result.
struct ApplyCommand: Command {
    static let name = "apply"
    static let summary = "Apply the plan: show it, ask for yes, run it, verify the result."
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
            ] + ColorOptions.specs + ConnectionOptions.specs
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
            concurrency = try ArgumentParser.integer(
                arguments[OptionCatalog.concurrency], "--concurrency", in: 1...64, default: 4)
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
        let plan = made.plan
        let exceeded = plan.deletes.filter(\.exceeded)
        let refused = !exceeded.isEmpty && !options.allowLargeChanges
        let phases = PhaseLog(verbose: options.connection.verbose, context)
        let control = ApplyControl()
        let engine = makeEngine(
            request, made, concurrency: options.concurrency, phases: phases, control: control,
            progress: progressLine(gate))
        // Nothing to ask and nothing to refuse: the first documents go out while the plan's
        // requests are counted and the plan printed; what the engine writes waits until the plan
        // is on screen.
        var early: Task<ApplyReport, Never>?
        var interrupts: InterruptHandler?
        if !ask && !refused {
            gate.hold()
            interrupts = InterruptHandler(control: control, console: gate)
            early = Task { await engine.apply(plan) }
        }
        show.plan(PlanRenderer.text(plan, requests: MutationBatcher().requestCount(plan), color: show.color))
        if refused { throw refusal(exceeded, roster: made.roster) }
        if ask, let cancelled = try confirm(show, show.console) { return cancelled }
        if !show.console.stderrIsTerminal { show.plan("\n") }
        gate.open()
        if interrupts == nil { interrupts = InterruptHandler(control: control, console: gate) }
        let applying = phases.now
        let report: ApplyReport
        if let early { report = await early.value } else { report = await engine.apply(plan) }
        phases.log("applied and verified", since: applying)
        withExtendedLifetime(interrupts) {}
        show.report(
            options.format == .json
                ? ReportRenderer.json(report).rendered(indent: 2) + "\n"
                : ReportRenderer.text(report, color: show.color))
        if report.stop == .interrupted { return ExitCode.interrupted }
        return report.complete ? ExitCode.success : ExitCode.failure
    }

    /// Asks for "yes"; the exit code when the answer is anything else, nil to go on.
    static func confirm(_ show: ApplyOutput, _ console: any Console) throws(CommandFailure) -> ExitCode? {
        guard console.stdinIsTerminal else {
            throw CommandFailure(
                "refusing to apply without confirmation: standard input is not a terminal; "
                    + "pass --auto-approve to apply anyway")
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
        _ request: PlanRequest, _ made: LivePlan, concurrency: Int, phases: PhaseLog, control: ApplyControl,
        progress: (@Sendable (String) -> Void)?
    ) -> ApplyEngine {
        let (connection, roster, service) = (made.connection, made.roster, made.service)
        let space = connection.endpoint.space
        let endpoint = connection.endpoint.url.absoluteString
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
            do throws(CommandFailure) {
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
