import RosterModel
import RosterPull
import RosterRender
import RosterSession

/// `roster pull [PATH…]`: writes the live space's changes back into the roster files, in place.
struct PullCommand: Command {
    static let name = "pull"
    static let summary = "Write the live space's changes into the roster files, in place (drift adopted)."
    static let usage = Usage.command(
        "pull [PATH…]", OptionCatalog.dryRun.spec, OptionCatalog.check.spec, OptionCatalog.into.spec,
        OptionCatalog.base.spec, OptionCatalog.take.spec, asOf.spec, FormatOnly.format.spec)
    static let asOf = PlanningOptions.asOf.help(
        "pull as on this day: what the roster dates later is scheduled, and stays (default: today, UTC)")
    struct Options: CommandOptions {
        var paths: [String]
        var json: Bool
        var dryRun: Bool
        var check: Bool
        var into: String?
        var base: String?
        var take: String?
        var asOf: Day
        var links: FileReplacer.Links
        var connection: ConnectionOptions
        /// Diagnostics' style: colour and, with `--verbose`, their codes.
        var style: ColorOptions

        init(_ arguments: ParsedArguments) throws(UsageError) {
            style = ColorOptions(arguments)
            paths = arguments.positionals
            dryRun = arguments[OptionCatalog.dryRun]
            check = arguments[OptionCatalog.check]
            into = arguments[OptionCatalog.into]
            base = arguments[OptionCatalog.base]
            take = arguments[OptionCatalog.take]
            asOf = arguments[PullCommand.asOf] ?? .today
            links = arguments[OptionCatalog.followSymlinks] ? .anywhere : .withinRepository
            json = arguments[FormatOnly.format] == .json
            connection = ConnectionOptions(arguments)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await reporting(FailureStyle(json: options.json, color: options.style), context) {
            var takes: [PullTake] = []
            if let take = options.take {
                switch PullTake.parseList(take) {
                case .success(let parsed): takes = parsed
                case .failure(let error): throw SessionFailure(error.message, kind: .usage)
                }
            }
            var workflow = PullWorkflow(
                paths: options.paths, into: options.into, base: options.base, take: takes,
                connection: options.connection, environment: context.environment)
            workflow.asOf = options.asOf
            let edits = try await workflow.edits(log: context.log(verbose: options.connection.verbose))
            if !edits.warnings.isEmpty { context.console.writeErr(DiagnosticRenderer.text(edits.warnings)) }
            return try finish(edits, options, context)
        }
    }

    static func finish(_ edits: PullWorkflow.Edits, _ options: Options, _ context: CommandContext) throws -> ExitCode {
        let files = edits.files
        let patch = UnifiedDiff.patch(files, original: edits.original, changed: edits.changed)
        if options.dryRun && !options.json { context.console.writeOut(patch) }
        if options.check { for file in files { context.console.writeErr("\(file) would change\n") } }
        let writes = !options.dryRun && !options.check
        if writes { try edits.write(links: options.links) }
        let outcome = PullReport.Outcome(
            files: files, adopted: edits.adopted, pending: edits.pending,
            conflicts: edits.conflicts.map(\.description), withoutBase: edits.withoutBase)
        if options.json {
            context.console.writeOut(PullReport.json(outcome, written: writes, patch: options.dryRun ? patch : nil))
        } else {
            context.console.writeErr(PullReport.text(outcome, written: writes, verbose: options.connection.verbose))
        }
        if !edits.conflicts.isEmpty { return ExitCode.failure }
        return options.check && !files.isEmpty ? ExitCode.changes : ExitCode.success
    }
}
