import RosterCore
import RosterModel
import RosterRender
import RosterSession

/// `roster log [PATH…]`: the roster's history from git in people's words, with no server.
struct LogCommand: Command {
    static let name = "log"
    static let summary =
        "The roster's history from git: who joined, left, moved or was promoted, each told once where it happened."
    static let usage = Usage.command(
        "log [PATH…]", person.spec, team.spec, since.spec, until.spec, Options.format.spec)
    static let person = Option<String?>.text("--person", "NAME", "this person's story only (by any name they had)")
    static let team = OptionCatalog.team.help("this team's people only (by any name it had)")
    static let since = Option<Day?>.day("--since", "entries from this day (YYYY-MM-DD, the whole day in UTC)")
    static let until = Option<Day?>.day("--until", "entries up to this day (the whole day in UTC)")
    struct Options: CommandOptions {
        static let format = Option<TextOrJSON>.format("output format (default text)")
        var paths: [String]
        var filter: LogRenderer.Filter
        var format: TextOrJSON
        var style: ColorOptions

        init(_ arguments: ParsedArguments) throws(UsageError) {
            style = ColorOptions(arguments)
            paths = arguments.positionals
            filter = LogRenderer.Filter(
                person: arguments[LogCommand.person], team: arguments[LogCommand.team],
                since: arguments[LogCommand.since], until: arguments[LogCommand.until])
            format = arguments[Self.format]
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await reporting(FailureStyle(json: options.format == .json, color: options.style), context) {
            let account = try LogWorkflow(paths: options.paths).entries()
            let entries = account.entries.map(entry)
            try check(options.filter, LogRenderer.names(entries))
            let kept = LogRenderer.kept(entries, options.filter)
            // Who is in no team now is the whole roster's: told when the log is.
            let filtered = options.filter.person != nil || options.filter.team != nil
            let inNoTeam = filtered ? nil : account.inNoTeam
            if options.format == .json {
                context.console.writeOut(LogRenderer.json(kept, inNoTeam: inNoTeam, skipped: account.skipped))
            } else {
                for line in account.skipped {
                    context.console.writeErr("note: \(TerminalText.escape(line)); left out\n")
                }
                let color = context.useColor(onStderr: false, options.style)
                context.console.writeOut(LogRenderer.text(kept, inNoTeam: inNoTeam, color: color))
            }
            return ExitCode.success
        }
    }

    /// The workflow's entry as the renderer takes it.
    static func entry(_ entry: LogWorkflow.Entry) -> LogRenderer.Entry {
        let source: LogRenderer.Source =
            if let c = entry.commit {
                .commit(
                    LogRenderer.Commit(
                        id: c.commit, date: c.date, author: c.author, subject: c.subject,
                        merged: c.merged.map { (id: $0.commit, subject: $0.subject) }))
            } else {
                .day(decidedIn: entry.decidedIn)
            }
        return LogRenderer.Entry(day: entry.day, source: source, plan: entry.plan)
    }

    /// Refuses a `--person` or `--team` that no version of the history names, with the nearest name.
    static func check(_ filter: LogRenderer.Filter, _ names: (people: [String], teams: [String])) throws(UsageError) {
        for (option, name, known, kind) in [
            ("--person", filter.person, names.people, "no one"), ("--team", filter.team, names.teams, "no team"),
        ] {
            guard let name, !known.contains(where: { NameKey($0) == NameKey(name) }) else { continue }
            throw UsageError(
                message: "\(option): \(kind) named \"\(TerminalText.escape(name))\" in the roster's history"
                    + Suggestions.didYouMean(name, among: known),
                hint: "give a name as some version of the roster has it")
        }
    }
}
