import Foundation
import MPSClient
import RosterCore
import RosterModel
import RosterReconcile
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
        var style = ColorOptions()

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
                ? chart(of: try await live(options.connection, context))
                : chart(of: try LiveSession.loadRoster(options.paths).0)
            if let team = options.team {
                let all = chart.teams.map(\.name)
                chart.teams = chart.teams.filter { NameKey($0.name) == NameKey(team) }
                chart.withoutTeam = []
                guard !chart.teams.isEmpty else {
                    let hint = Suggestions.nearest(to: team, among: all).map {
                        "; did you mean \"\(TerminalText.escape($0))\"?"
                    }
                    throw CommandFailure("no team \"\(TerminalText.escape(team))\"" + (hint ?? ""), kind: .usage)
                }
            }
            context.console.writeOut(options.format == .dot ? chart.dot() : chart.mermaid())
            return ExitCode.success
        }
    }

    /// The live state of the space the connection names.
    static func live(_ options: ConnectionOptions, _ context: CommandContext) async throws(SessionFailure) -> LiveState
    {
        try await LiveSession.readSpace(
            options, environment: context.environment, log: context.log(verbose: options.verbose)
        ).live
    }

    static func chart(of roster: Roster) -> TeamChart {
        var placed = Set<String>()
        let teams = roster.teams.map { team in
            let members = team.members.map(\.value.text).filter { NameKey($0) != team.lead.value.key }
            placed.formUnion([team.lead.value.text] + members)
            return TeamChart.Team(name: team.name.value, lead: team.lead.value.text, members: members)
        }
        let alone = roster.people.map(\.name.value).filter { !placed.contains($0) }
        return TeamChart(teams: teams, withoutTeam: alone)
    }

    static func chart(of live: LiveState) -> TeamChart {
        let names = Dictionary(live.users.map { ($0.id, $0.name) }) { first, _ in first }
        let teams = live.teams.sorted { ($0.key, $0.id) < ($1.key, $1.id) }.map { team in
            TeamChart.Team(
                name: team.name, lead: names[team.leadID] ?? "#\(team.leadID)",
                members: team.memberSet.subtracting([team.leadID]).compactMap { names[$0] }.sorted())
        }
        let placed = Set(live.teams.flatMap(\.memberSet))
        return TeamChart(teams: teams, withoutTeam: live.users.filter { !placed.contains($0.id) }.map(\.name).sorted())
    }
}
