import RosterModel
import RosterRender
import RosterSession

/// `roster report levels [PATH…]`: time in level against the limits, from the roster files or
/// (`--live`) the live space.
struct ReportCommand: Command {
    static let name = "report"
    static let subcommands = ["levels"]
    static let summary = "Reports: `roster report levels`, time in level against the limits."
    static let usage =
        "roster report levels [PATH…] [--live] [--as-of DATE] [--due-months N] [--format text|json|markdown|csv]"
    struct Options: CommandOptions {
        static let format = Option<OutputFormat>.format(
            [.text, .json, .markdown, .csv], "output format (default text)")
        static let specs =
            [OptionCatalog.live.spec, OptionCatalog.asOf.spec, OptionCatalog.dueMonths.spec, format.spec]
        /// The roster's paths, after the report's name.
        var paths: [String]
        var live: Bool
        var asOf: Day
        var dueMonths: Int
        var format: OutputFormat
        var connection: ConnectionOptions
        /// Diagnostics' style: colour and, with `--verbose`, their codes.
        var style: ColorOptions

        init(_ arguments: ParsedArguments) throws(UsageError) {
            style = ColorOptions(arguments)
            guard arguments.positionals.first == "levels" else {
                throw UsageError(
                    message: "`roster report` takes one report: levels", hint: "run `roster report levels`")
            }
            paths = Array(arguments.positionals.dropFirst())
            live = arguments[OptionCatalog.live]
            asOf = try ReportCommand.day(arguments[OptionCatalog.asOf])
            dueMonths = arguments[OptionCatalog.dueMonths] ?? 3
            format = arguments[Self.format]
            connection = ConnectionOptions(arguments)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await reporting(FailureStyle(json: options.format == .json, color: options.style), context) {
            let (asOf, due) = (options.asOf, options.dueMonths)
            let report =
                options.live
                ? LevelReport.of(try await context.live(options.connection), asOf: asOf, dueMonths: due)
                : LevelReport.of(try LiveSession.loadRoster(options.paths).0, asOf: asOf, dueMonths: due)
            switch options.format {
            case .json: context.console.writeOut(LevelReportRenderer.json(report).rendered(indent: 2) + "\n")
            case .markdown: context.console.writeOut(LevelReportRenderer.markdown(report))
            case .csv: context.console.writeOut(LevelReportRenderer.csv(report))
            default: context.console.writeOut(LevelReportRenderer.text(report))
            }
            return ExitCode.success
        }
    }

    static func day(_ text: String?) throws(UsageError) -> Day {
        guard let text else { return Day.today }
        if let day = Day(text) { return day }
        throw UsageError(
            message: "--as-of takes a day as YYYY-MM-DD, not `\(text)`", hint: "for example --as-of 2026-01-31")
    }
}
