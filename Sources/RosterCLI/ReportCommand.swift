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
            OptionSpec("--live", "read the live space instead of roster files"),
            OptionSpec("--as-of", value: "DATE", "the day to measure time in level on (default: today, UTC)"),
            OptionSpec("--due-months", value: "N", "due: within N months of the limit (default 3)"),
            OptionSpec("--format", value: "text|json|markdown|csv", "output format (default text)"),
        ] + Connection.options

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> Int32 {
        await reporting(arguments, context) {
            var args = arguments
            guard args.positionals.first == "levels" else {
                throw UsageError(
                    message: "`roster report` takes one report: levels", hint: "run `roster report levels`")
            }
            args.positionals.removeFirst()
            let format = try OutputFormat.parse(
                arguments.value("--format"), allowed: ["text", "json", "markdown", "csv"], command: name)
            let asOf = try day(arguments.value("--as-of"))
            let due = try arguments.integer("--due-months", in: 0...600, default: 3)
            let report: LevelReport
            if arguments.flag("--live") {
                report = LevelReport.of(try await ChartCommand.live(args, context), asOf: asOf, dueMonths: due)
            } else {
                report = LevelReport.of(try LiveSession.loadRoster(args.positionals).0, asOf: asOf, dueMonths: due)
            }
            switch format {
            case "json": context.console.writeOut(LevelReportRenderer.json(report).rendered(indent: 2) + "\n")
            case "markdown": context.console.writeOut(LevelReportRenderer.markdown(report))
            case "csv": context.console.writeOut(LevelReportRenderer.csv(report))
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

/// `roster chart [PATH…]`: the teams as a Mermaid or Graphviz DOT diagram.
struct ChartCommand: Command {
    static let name = "chart"
    static let summary = "Draw the teams as a Mermaid or Graphviz DOT diagram."
    static let usage = "roster chart [PATH…] [--live] [--format mermaid|dot] [--team NAME]"
    static let options =
        [
            OptionSpec("--live", "read the live space instead of roster files"),
            OptionSpec("--format", value: "mermaid|dot", "mermaid (default; GitHub renders it) or dot (Graphviz)"),
            OptionSpec("--team", value: "NAME", "draw this team only"),
        ] + Connection.options

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> Int32 {
        await reporting(arguments, context) {
            let format = try OutputFormat.parse(
                arguments.value("--format") ?? "mermaid", allowed: ["mermaid", "dot"], command: name)
            var chart =
                arguments.flag("--live")
                ? chart(of: try await live(arguments, context))
                : chart(of: try LiveSession.loadRoster(arguments.positionals).0)
            if let team = arguments.value("--team") {
                chart.teams = chart.teams.filter { NameKey($0.name) == NameKey(team) }
                chart.withoutTeam = []
                guard !chart.teams.isEmpty else { throw CommandFailure("no team \"\(TerminalText.escape(team))\"") }
            }
            context.console.writeOut(format == "dot" ? chart.dot() : chart.mermaid())
            return ExitCode.success
        }
    }

    /// The live state of the space the connection names.
    static func live(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CommandFailure) -> LiveState
    {
        let connection = try Connection.resolve(arguments, context, rosterSpace: nil)
        let service = MPSService(client: connection.client(arguments, context))
        do { return try await service.readLiveState(space: connection.endpoint.space) } catch {
            throw LiveSession.failure(error)
        }
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
