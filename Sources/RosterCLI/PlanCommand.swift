import MPSClient
import RosterCore
import RosterReconcile
import RosterRender
import RosterSession

/// `roster plan [PATH…]`: reads the live space and prints what would change.
struct PlanCommand: Command {
    static let name = "plan"
    static let summary = "Show the changes that would make the space match the roster."
    static let usage = Usage.command(
        "plan [PATH…]", Options.format.spec, OptionCatalog.out.spec, OptionCatalog.detailedExitcode.spec,
        OptionCatalog.prune.spec, PlanningOptions.asOf.spec)
    struct Options: CommandOptions {
        enum Format: String, OutputFormat {
            case text, json, markdown
        }
        static let format = Option<Format>.format("output format (default text)")
        var paths: [String]
        var format: Format
        var view: PlanRenderer.TextView
        var out: String?
        var links: FileReplacer.Links
        var detailedExitcode: Bool
        var planning: PlanningOptions
        var color: ColorOptions
        var connection: ConnectionOptions

        init(_ arguments: ParsedArguments) throws(UsageError) {
            paths = arguments.positionals
            format = arguments[Self.format]
            view = arguments[OptionCatalog.view] ?? .people
            out = arguments[OptionCatalog.out]
            links = arguments[OptionCatalog.followSymlinks] ? .anywhere : .withinRepository
            detailedExitcode = arguments[OptionCatalog.detailedExitcode]
            planning = try PlanningOptions(arguments)
            color = ColorOptions(arguments)
            connection = ConnectionOptions(arguments)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await reporting(FailureStyle(json: options.format == .json, color: options.color), context) {
            let format = options.format
            let request = try options.planning.request(paths: options.paths)
            // Checked first: a path that cannot be written fails before the server is read.
            if let out = options.out { try FileReplacer.check(out, what: "the plan", links: options.links) }
            let made = try await LivePlan.make(
                request, options.connection, environment: context.environment,
                log: context.log(verbose: options.connection.verbose))
            let (plan, roster) = (made.plan, made.roster)
            let requests = GraphQLMutationExecutor.requestCount(plan)
            let color = context.useColor(onStderr: false, options.color)
            let out = options.out
            // The JSON plan (and its fingerprint, a hash of every live entity) once, for the
            // output and the saved plan alike.
            let fingerprint = format == .json || out != nil ? plan.fingerprint : nil
            let planJSON = fingerprint.map { PlanRenderer.json(plan, fingerprint: $0) }
            context.console.writeOut(
                rendered(plan, format, json: planJSON, requests: requests, color: color, view: options.view))
            if let out, let fingerprint, let planJSON {
                try SavedPlanFile.write(
                    plan, json: planJSON, fingerprint: fingerprint, roster: roster, request: request, to: out,
                    links: options.links)
                context.console.writeErr("Saved the plan to \(out); `roster apply \(out)` applies exactly it.\n")
            }
            // Drift the roster does not cover (unmanaged people, teams, members) is a change too.
            let drift = plan.hasChanges || plan.summary.unmanaged > 0
            return options.detailedExitcode && drift ? ExitCode.changes : ExitCode.success
        }
    }

    /// The plan in `format` (`json`: the JSON already made, if any). Every format carries the
    /// plan's changes, its warnings and what it schedules: `PlanFormatCoverageTests` check each
    /// case, so a new format that drops one fails there.
    static func rendered(
        _ plan: Plan, _ format: Options.Format, json: JSONValue?, requests: Int, color: Bool,
        view: PlanRenderer.TextView
    ) -> String {
        switch format {
        case .json: (json ?? PlanRenderer.json(plan)).rendered(indent: 2) + "\n"
        case .markdown: PlanRenderer.markdown(plan, requests: requests)
        case .text: PlanRenderer.text(plan, requests: requests, color: color, view: view)
        }
    }
}
