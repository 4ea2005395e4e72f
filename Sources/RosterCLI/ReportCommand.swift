import Foundation
import MPSClient
import RosterCore
import RosterModel
import RosterReconcile
import RosterRender

/// `roster report levels [PATH…]`: time in level against the limits, from the roster files or
/// (`--live`) the live space.
struct ReportCommand: Command {
    static let name = "report"
    static let subcommands = ["levels"]
    static let summary = "Reports: `roster report levels`, time in level against the limits."
    static let usage =
        "roster report levels [PATH…] [--live] [--as-of DATE] [--due-months N] [--format text|json|markdown|csv]"
    static let options =
        [
            Options.live.spec, Options.asOf.spec, Options.dueMonths.spec,
            OptionSpec.format([.text, .json, .markdown, .csv], "output format (default text)"),
        ] + Connection.options

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> ExitCode {
        await reporting(arguments, context) {
            var args = arguments
            guard args.positionals.first == "levels" else {
                throw UsageError(
                    message: "`roster report` takes one report: levels", hint: "run `roster report levels`")
            }
            args.positionals.removeFirst()
            let format = arguments.format(options)
            let asOf = try day(arguments[Options.asOf])
            let due = try arguments.integer(Options.dueMonths, in: 0...600, default: 3)
            let report: LevelReport
            if arguments[Options.live] {
                report = LevelReport.of(try await ChartCommand.live(args, context), asOf: asOf, dueMonths: due)
            } else {
                report = LevelReport.of(try LiveSession.loadRoster(args.positionals).0, asOf: asOf, dueMonths: due)
            }
            switch format {
            case .json: context.console.writeOut(LevelReportRenderer.json(report).rendered(indent: 2) + "\n")
            case .markdown: context.console.writeOut(LevelReportRenderer.markdown(report))
            case .csv: context.console.writeOut(LevelReportRenderer.csv(report))
            default: context.console.writeOut(LevelReportRenderer.text(report))
            }
            return ExitCode.success
        }
    }

    static func day(_ text: String?) throws -> Day {
        guard let text else { return Day.today }
        guard let day = Day(text) else {
            throw UsageError(
                message: "--as-of takes a day as YYYY-MM-DD, not `\(text)`", hint: "for example --as-of 2026-01-31")
        }
        return day
    }
}
