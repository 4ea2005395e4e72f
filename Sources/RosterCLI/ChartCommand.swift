import RosterCore
import RosterModel
import RosterRender
import RosterSession

/// `roster chart [PATH…]`: the teams as a Mermaid or Graphviz DOT diagram.
struct ChartCommand: Command {
    static let name = "chart"
    static let summary = "Draw the teams as a Mermaid or Graphviz DOT diagram."
    static let usage = "roster chart [PATH…] [--live] [--format mermaid|dot] [--team NAME]"
    struct Options: CommandOptions {
        static let format = Option<OutputFormat>.format(
            [.mermaid, .dot], "mermaid (default; GitHub renders it) or dot (Graphviz)")
        static let specs = [OptionCatalog.live.spec, format.spec, OptionCatalog.team.spec]
        var paths: [String]
        var live: Bool
        var format: OutputFormat
        var team: String?
        var connection: ConnectionOptions
        /// Diagnostics' style: colour and, with `--verbose`, their codes.
        var style: ColorOptions

        init(_ arguments: ParsedArguments) {
            style = ColorOptions(arguments)
            paths = arguments.positionals
            live = arguments[OptionCatalog.live]
            format = arguments[Self.format]
            team = arguments[OptionCatalog.team]
            connection = ConnectionOptions(arguments)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await reporting(FailureStyle(color: options.style), context) {
            var chart =
                options.live
                ? TeamChart(live: try await context.live(options.connection))
                : TeamChart(roster: try LiveSession.loadRoster(options.paths).0)
            if let team = options.team {
                let all = chart.teams.map(\.name)
                chart = chart.only(team: team)
                guard !chart.teams.isEmpty else {
                    let hint = Suggestions.didYouMean(team, among: all)
                    throw CommandFailure("no team \"\(TerminalText.escape(team))\"" + hint, kind: .usage)
                }
            }
            context.console.writeOut(options.format == .dot ? chart.dot() : chart.mermaid())
            return ExitCode.success
        }
    }
}
