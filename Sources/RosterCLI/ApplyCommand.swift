import RosterApply
import RosterModel
import RosterRender
import RosterSession

/// `roster apply [PATH… | PLANFILE]`: shows the plan, asks, applies it, verifies the result.
struct ApplyCommand: Command {
    static let name = "apply"
    static let summary =
        "Apply the plan: show it, ask for yes (a saved plan is not asked about again), run it, verify the result."
    static let usage = Usage(
        [.words("apply [PATH… | plan.json]")]
            + ([OptionCatalog.autoApprove.spec] + OptionCatalog.overrides.map(\.option.spec) + [
                OptionCatalog.concurrency.spec, Options.format.spec, OptionCatalog.reviewed.spec, Options.due.spec,
                PlanningOptions.asOf.spec,
            ]).map { .optional($0) })
    struct Options: CommandOptions {
        static let format = Option<TextOrJSON>.format(
            "report format (default text; json prints the report on standard output)")
        // `PlanningOptions`, listed with apply's own help for the selection.
        static let only = OptionCatalog.only.help("apply only these entities' changes (and what they need)")
        static let exclude = OptionCatalog.exclude.help("leave these entities' changes out")
        static let due = Option<Bool>.flag(
            "--due",
            "apply only what the roster's dates made due by the plan's day (the scheduled job); what the apps "
                + "changed is left for pull")
        /// Roster paths, or one saved plan.
        var paths: [String]
        var format: TextOrJSON
        var view: PlanRenderer.TextView
        var autoApprove: Bool
        /// The policy settings whose flag was given (`--allow-large-changes`): apply goes past them.
        var overridden: Set<RosterFormat.PolicyKey>
        var concurrency: Int
        /// `--reviewed FOLDER`: the plans reviewed on merged pull requests.
        var reviewed: String?
        /// `--due`: only what the roster's dates made due.
        var due: Bool
        var planning: PlanningOptions
        var color: ColorOptions
        var connection: ConnectionOptions

        init(_ arguments: ParsedArguments) throws(UsageError) {
            paths = arguments.positionals
            format = arguments[Self.format]
            view = arguments[OptionCatalog.view] ?? .people
            autoApprove = arguments[OptionCatalog.autoApprove]
            overridden = Set(OptionCatalog.overrides.filter { arguments[$0.option] }.map(\.key))
            concurrency = arguments[OptionCatalog.concurrency] ?? 4
            planning = try PlanningOptions(arguments, only: Self.only, exclude: Self.exclude)
            reviewed = arguments[OptionCatalog.reviewed]
            due = arguments[Self.due]
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
        // Everything but the plan writes standard error through the gate (see `TerminalApplyDisplay`).
        let console = context.console
        let gate = ProgressGate(console)
        var context = context
        context.console = gate
        let json = options.format == .json
        let show = ApplyOutput(
            console: console, planOnStderr: json, color: context.useColor(onStderr: json, options.color))
        var settings = ApplyWorkflow.Settings(
            paths: options.paths, prune: options.planning.prune, selection: options.planning.selection,
            connection: options.connection, environment: context.environment,
            overridden: options.overridden, concurrency: options.concurrency, reviewed: options.reviewed)
        settings.asOf = options.planning.asOf
        settings.due = options.due
        let workflow = try ApplyWorkflow(settings, log: context.log(verbose: options.connection.verbose))
        let (made, request) = try await workflow.makePlan()
        let control = ApplyControl()
        let display = TerminalApplyDisplay(show: show, gate: gate, control: control, view: options.view)
        let outcome = try await workflow.apply(
            made, request, approver: options.autoApprove ? .autoApprove : .prompt(display), display: display,
            control: control, progress: display.progress)
        return withExtendedLifetime(display) { report(outcome, show, json: json) }
    }

    /// The report of an apply, and its exit code.
    static func report(_ outcome: ApplyWorkflow.Outcome, _ show: ApplyOutput, json: Bool) -> ExitCode {
        switch outcome {
        case .cancelled: return ExitCode.failure
        case .nothingLeft: return ExitCode.success
        case .nothingToDo(let report):
            if json {
                show.report(ReportRenderer.json(report).rendered(indent: 2) + "\n")
            } else {
                show.report(
                    ReportRenderer.brokenLines(report, color: show.color)
                        + ReportRenderer.heldBackLines(report, color: show.color)
                        + (report.due == nil
                            ? ""
                            : ReportRenderer.verificationLines(report)
                                + ReportRenderer.conflictLines(report, color: show.color)))
            }
            if !report.heldBack.isEmpty { return ExitCode.refused }
            return report.complete ? ExitCode.success : ExitCode.failure
        case .applied(let report):
            show.report(
                json
                    ? ReportRenderer.json(report).rendered(indent: 2) + "\n"
                    : ReportRenderer.text(report, color: show.color))
            if report.stop == .interrupted { return ExitCode.interrupted }
            if !report.heldBack.isEmpty { return ExitCode.refused }
            return report.complete ? ExitCode.success : ExitCode.failure
        }
    }
}
