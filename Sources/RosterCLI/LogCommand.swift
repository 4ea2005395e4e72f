import RosterCore
import RosterRender
import RosterSession

/// `roster log [PATH…]`: the roster's history from git in people's words, with no server.
struct LogCommand: Command {
    static let name = "log"
    static let summary = "The roster's history from git: who joined, left, moved or was promoted, commit by commit."
    static let usage = Usage.command(
        "log [PATH…]", person.spec, team.spec, since.spec, until.spec, Options.format.spec)
    static let person = Option<String?>.text("--person", "NAME", "this person's story only (across renames)")
    static let team = OptionCatalog.team.help("this team's people only (across renames)")
    static let since = Option<String?>.text("--since", "DATE", "commits from this day (as git reads it: 2026-07-01)")
    static let until = Option<String?>.text("--until", "DATE", "commits up to this day")
    struct Options: CommandOptions {
        static let format = Option<TextOrJSON>.format("output format (default text)")
        static let specs = [
            LogCommand.person.spec, LogCommand.team.spec, LogCommand.since.spec, LogCommand.until.spec, format.spec,
        ]
        var paths: [String]
        var filter: LogRenderer.Filter
        var since: String?
        var until: String?
        var format: TextOrJSON
        var style: ColorOptions

        init(_ arguments: ParsedArguments) {
            style = ColorOptions(arguments)
            paths = arguments.positionals
            filter = LogRenderer.Filter(person: arguments[LogCommand.person], team: arguments[LogCommand.team])
            since = arguments[LogCommand.since]
            until = arguments[LogCommand.until]
            format = arguments[Self.format]
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await reporting(FailureStyle(json: options.format == .json, color: options.style), context) {
            let (entries, skipped) = try LogWorkflow(paths: options.paths, since: options.since, until: options.until)
                .entries()
            let kept = LogRenderer.kept(
                entries.map {
                    LogRenderer.Entry(
                        commit: $0.commit.commit, date: $0.commit.date, author: $0.commit.author,
                        subject: $0.commit.subject, plan: $0.plan)
                }, options.filter)
            if options.format == .json {
                context.console.writeOut(LogRenderer.json(kept, skipped: skipped))
            } else {
                for line in skipped { context.console.writeErr("note: \(TerminalText.escape(line)); left out\n") }
                let color = context.useColor(onStderr: false, options.style)
                context.console.writeOut(LogRenderer.text(kept, color: color))
            }
            return ExitCode.success
        }
    }
}
