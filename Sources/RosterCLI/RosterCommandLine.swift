import RosterCore
import RosterModel
import RosterRender
import RosterSession

/// The `roster` command line: dispatches to subcommands and turns usage errors into a message
/// with a hint and exit code 1.
package enum RosterCommandLine {
    /// The tool's version.
    static let version = RosterVersion.current

    /// The one command registry, in the order `roster help` lists it: dispatch, help and
    /// completion all read it.
    static let commands: [any Command.Type] = [
        ValidateCommand.self, PlanCommand.self, ApplyCommand.self, ExportCommand.self, PullCommand.self,
        AddCommand.self, HireCommand.self, MoveCommand.self, SetCommand.self, RenameCommand.self, RemoveCommand.self,
        DiffCommand.self, LogCommand.self, ReportCommand.self, ChartCommand.self, AuthCommand.self,
        CompletionCommand.self,
        SchemaCommand.self,
        VersionCommand.self, HelpCommand.self, CompleteCommand.self,
    ]

    /// Runs `arguments` (without the program name) and returns the exit code.
    package static func main(_ arguments: [String], context: CommandContext) async -> ExitCode {
        let arguments = commandFirst(arguments, names: commands.map { $0.name })
        guard let first = arguments.first, first != "--help", first != "-h" else {
            context.console.writeOut(overview(commands))
            return ExitCode.success
        }
        if first == "--version" {
            context.console.writeOut(VersionCommand.text)
            return ExitCode.success
        }
        if first == "help" { return help(Array(arguments.dropFirst()), context) }
        // Completion hands over the words typed so far, options included, unparsed.
        if first == "__complete", let command = commands.first(where: { $0.name == first }) {
            let words = ParsedArguments(positionals: Array(arguments.dropFirst()))
            do throws(UsageError) { return try await command.run(parsed: words, context) } catch {
                return usageError(error, context)
            }
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let known = listed(commands).map { $0.name }
            let suggestion = Suggestions.nearest(to: first, among: known).map { "; did you mean `\($0)`?" } ?? ""
            return usageError(
                UsageError(
                    message: "unknown command `\(first)`\(suggestion)", hint: "run `roster help` to see the commands"),
                context)
        }
        return await run(command, arguments, context)
    }

    /// `roster help [NAME]`: the overview, or one command's help; `--man [NAME]` and `--man-dir DIR`
    /// give the manual pages.
    static func help(_ words: [String], _ context: CommandContext) -> ExitCode {
        if words.first == "--help" || words.first == "-h" {
            context.console.writeOut(HelpCommand.helpText)
            return ExitCode.success
        }
        let parsed: ParsedArguments
        do throws(UsageError) {
            parsed = try ArgumentParser.parse(words, options: HelpCommand.options, command: HelpCommand.name)
        } catch { return usageError(error, context, arguments: words) }
        let options = HelpCommand.Options(parsed)
        if options.man || options.manDir != nil { return manual(options, context) }
        let json = options.format == .json
        guard let name = options.words.first else {
            context.console.writeOut(json ? HelpDocument.json(listed(commands)) : overview(commands))
            return ExitCode.success
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            return usageError(noCommand(name), context, arguments: words)
        }
        context.console.writeOut(json ? HelpDocument.json([command]) : command.helpText)
        return ExitCode.success
    }

    /// `roster help --man [NAME]` prints a manual page; `roster help --man-dir DIR` writes them all.
    static func manual(_ options: HelpCommand.Options, _ context: CommandContext) -> ExitCode {
        if let folder = options.manDir {
            for page in ManualPages.all() {
                do throws(SessionFailure) {
                    try FileReplacer.save(Array(page.text.utf8), to: folder + "/" + page.file, what: "the manual page")
                } catch { return report(CommandFailure(error), FailureStyle(), context) }
                context.console.writeOut(page.file + "\n")
            }
            return ExitCode.success
        }
        guard options.words.count <= 1 else {
            return usageError(
                UsageError(message: "--man takes at most one command", hint: "roster help --man [COMMAND]"), context)
        }
        guard let name = options.words.first else {
            context.console.writeOut(ManualPages.main().mdoc(date: ManualPages.date, version: version))
            return ExitCode.success
        }
        guard let command = listed(commands).first(where: { $0.name == name }) else {
            return usageError(noCommand(name), context)
        }
        context.console.writeOut(ManualPages.page(command).mdoc(date: ManualPages.date, version: version))
        return ExitCode.success
    }

    static func noCommand(_ name: String) -> UsageError {
        UsageError(message: "no command `\(name)`", hint: "run `roster help` to see the commands")
    }

    /// Parses the options of `command` (the first of `arguments`) and runs it.
    static func run(_ command: any Command.Type, _ arguments: [String], _ context: CommandContext) async -> ExitCode {
        do throws(UsageError) {
            let parsed = try ArgumentParser.parse(
                Array(arguments.dropFirst()), options: command.options, command: command.name)
            if parsed.flag("--help") {
                context.console.writeOut(command.helpText)
                return ExitCode.success
            }
            return try await command.run(parsed: parsed, context)
        } catch {
            return usageError(error, context, arguments: arguments)
        }
    }

    /// Prints a failure's diagnostics (and annotations under GitHub Actions); returns its exit code.
    static func report(_ failure: CommandFailure, _ style: FailureStyle, _ context: CommandContext) -> ExitCode {
        // With --format json, standard output holds one JSON document whatever happens.
        if style.json { context.console.writeOut(failure.json.rendered(indent: 2) + "\n") }
        let color = context.useColor(onStderr: true, style.color)
        context.console.writeErr(DiagnosticRenderer.text(failure.diagnostics, color: color, codes: style.color.codes))
        if failure.diagnostics.count > 1 { context.console.writeErr(DiagnosticRenderer.summary(failure.diagnostics)) }
        context.annotate(failure.diagnostics)
        return failure.exitCode
    }

    static func usageError(_ error: UsageError, _ context: CommandContext, arguments: [String] = []) -> ExitCode {
        if wantsJSON(arguments) {
            let failure = CommandFailure(error.message, kind: .usage)
            context.console.writeOut(failure.json.rendered(indent: 2) + "\n")
        }
        context.console.writeErr("error: \(TerminalText.escape(error.message))\nhint: \(error.hint)\n")
        return ExitCode.failure
    }

    /// Whether raw arguments ask for `--format json` (before they could be parsed).
    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.contains("--format=json")
            || zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "json" }
    }

    /// The options that stand before the command moved after it: `roster --verbose plan` is
    /// `roster plan --verbose`.
    static func commandFirst(_ arguments: [String], names: [String]) -> [String] {
        guard let first = arguments.first, first.hasPrefix("-"), !["--help", "-h", "--version"].contains(first),
            let index = arguments.firstIndex(where: { names.contains($0) })
        else { return arguments }
        return [arguments[index]] + arguments[..<index] + arguments[(index + 1)...]
    }

    /// The commands help lists: every one but the hidden (`__complete`).
    static func listed(_ commands: [any Command.Type]) -> [any Command.Type] {
        commands.filter { !$0.name.hasPrefix("__") }
    }

    static func overview(_ commands: [any Command.Type]) -> String {
        let shown = listed(commands)
        var text = """
            roster \(version): keep an MPS space's people, teams and job level limits as code.

            Usage: roster COMMAND [OPTIONS] [PATH…]

            Commands:

            """
        let width = shown.map { $0.name.count }.max() ?? 0
        for command in shown {
            text +=
                "  \(command.name)" + String(repeating: " ", count: width - command.name.count + 2) + command.summary
                + "\n"
        }
        text += "\nRun `roster help COMMAND` or `roster COMMAND --help` for a command's options.\n"
        return text
    }
}
