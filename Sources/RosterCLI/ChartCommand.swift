import RosterCore
import RosterModel
import RosterRender
import RosterSession

/// `roster chart [PATH…]`: the teams as a Mermaid or Graphviz DOT diagram.
struct ChartCommand: Command {
    static let name = "chart"
    static let summary = "Draw the teams as a Mermaid or Graphviz DOT diagram."
    static let usage = Usage.command(
        "chart [PATH…]", OptionCatalog.live.spec, Options.format.spec, OptionCatalog.team.spec, people.spec)
    static let people = Option<Bool>.flag(
        "--people", "draw every person, also past \(TeamChart.overviewPast) people (default there: the teams)")
    struct Options: CommandOptions {
        /// What the chart is drawn in.
        enum Format: String, OutputFormat {
            case mermaid, dot
        }
        static let format = Option<Format>.format("mermaid (default; GitHub renders it) or dot (Graphviz)")
        var paths: [String]
        var live: Bool
        var format: Format
        var team: String?
        var people: Bool
        var connection: ConnectionOptions
        /// Diagnostics' style: colour and, with `--verbose`, their codes.
        var style: ColorOptions

        init(_ arguments: ParsedArguments) {
            style = ColorOptions(arguments)
            paths = arguments.positionals
            live = arguments[OptionCatalog.live]
            format = arguments[Self.format]
            team = arguments[OptionCatalog.team]
            people = arguments[ChartCommand.people]
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
            // Past 50 people, the teams alone read; `--team` or `--people` draw the people.
            if options.team == nil && !options.people && chart.people > TeamChart.overviewPast {
                context.console.writeOut(options.format == .dot ? chart.overviewDot() : chart.overviewMermaid())
            } else {
                context.console.writeOut(options.format == .dot ? chart.dot() : chart.mermaid())
            }
            return ExitCode.success
        }
    }
}
