import RosterDiagnostics
import RosterModel
import RosterRender

/// The `roster` command line: dispatches to subcommands and turns usage errors into a message
/// with a hint and exit code 1.
///
/// The commands that talk to MPS live in the sibling executable `roster-mps`, which `roster`
/// runs in its place for them (as `git` runs its `git-*` commands): `roster validate` then never
/// loads FoundationNetworking and libcurl, which cost as much start-up time as Foundation itself.
public enum RosterCommandLine {
    /// The tool's version.
    public static let version = "0.1.0"

    /// The commands `roster` runs itself.
    public static let builtins: [any Command.Type] = [
        ValidateCommand.self, SchemaCommand.self, VersionCommand.self, HelpCommand.self,
    ]

    /// The commands of `roster-mps`, with their summaries for `roster help`.
    public static let mpsCommands: [(name: String, summary: String)] = [
        ("plan", "Show the changes that would make the space match the roster."),
        ("apply", "Apply the plan: show it, ask for yes, run it, verify the result."),
        ("export", "Write the live space as a roster file."),
        ("pull", "Write the live space's changes into the roster files, in place (drift adopted)."),
        ("report", "Reports: `roster report levels`, time in level against the limits."),
        ("chart", "Draw the teams as a Mermaid or Graphviz DOT diagram."),
        ("completion", "Print a shell completion script: bash, zsh or fish."),
        ("__complete", ""),
        ("auth", "Sign in and out: `roster auth login`, `logout`, and `status` (whose token, from where)."),
    ]

    /// The order commands are listed in.
    public static let order = [
        "validate", "plan", "apply", "export", "pull", "report", "chart", "auth", "completion", "schema", "version",
        "help",
    ]

    /// Whether `arguments` are for a command of `roster-mps` (the command, or help about it).
    public static func isMPSInvocation(_ arguments: [String]) -> Bool {
        guard let first = arguments.first else { return false }
        let names = mpsCommands.map(\.name)
        if names.contains(first) { return true }
        return first == "help" && arguments.count > 1 && names.contains(arguments[1])
    }

    /// Runs `arguments` (without the program name) with `commands` and returns the exit code.
    public static func main(
        _ arguments: [String], context: CommandContext, commands extra: [any Command.Type] = []
    ) async -> Int32 {
        let commands = builtins + extra
        let arguments = commandFirst(arguments)
        guard let first = arguments.first, first != "--help", first != "-h" else {
            context.console.writeOut(overview(commands))
            return ExitCode.success
        }
        if first == "--version" {
            context.console.writeOut("roster \(version)\n")
            return ExitCode.success
        }
        if first == "help" {
            if let name = arguments.dropFirst().first, name == "--help" || name == "-h" {
                context.console.writeOut(HelpCommand.helpText)
                return ExitCode.success
            }
            guard let name = arguments.dropFirst().first else {
                context.console.writeOut(overview(commands))
                return ExitCode.success
            }
            guard let command = commands.first(where: { $0.name == name }) else {
                return usageError(
                    UsageError(message: "no command `\(name)`", hint: "run `roster help` to see the commands"), context)
            }
            context.console.writeOut(command.helpText)
            return ExitCode.success
        }
        // Completion hands over the words typed so far, options included, unparsed.
        if first == "__complete", let command = commands.first(where: { $0.name == first }) {
            return await command.run(ParsedArguments(positionals: Array(arguments.dropFirst())), context)
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let known = order
            let suggestion = Suggestions.nearest(to: first, among: known).map { "; did you mean `\($0)`?" } ?? ""
            return usageError(
                UsageError(
                    message: "unknown command `\(first)`\(suggestion)", hint: "run `roster help` to see the commands"),
                context)
        }
        do throws(UsageError) {
            let parsed = try ArgumentParser.parse(
                Array(arguments.dropFirst()), options: command.options, command: command.name)
            if parsed.flag("--help") {
                context.console.writeOut(command.helpText)
                return ExitCode.success
            }
            if let color = parsed.value("--color"), !["auto", "always", "never"].contains(color) {
                throw UsageError(
                    message: "--color takes auto, always or never, not `\(color)`",
                    hint: "run `roster help \(command.name)` to see its options") as UsageError
            }
            return await command.run(parsed, context)
        } catch {
            return usageError(error, context, arguments: arguments)
        }
    }

    /// Prints a failure's diagnostics (and annotations under GitHub Actions); returns its exit code.
    public static func report(
        _ failure: CommandFailure, _ arguments: ParsedArguments, _ context: CommandContext
    ) -> Int32 {
        // With --format json, standard output holds one JSON document whatever happens.
        if arguments.value("--format") == "json" { context.console.writeOut(failure.json.rendered(indent: 2) + "\n") }
        let color = context.useColor(onStderr: true, arguments)
        context.console.writeErr(DiagnosticRenderer.text(failure.diagnostics, color: color))
        if failure.diagnostics.count > 1 { context.console.writeErr(DiagnosticRenderer.summary(failure.diagnostics)) }
        if context.isGitHubActions {
            context.console.writeOut(DiagnosticRenderer.githubAnnotations(failure.diagnostics))
        }
        return failure.exitCode
    }

    public static func usageError(_ error: UsageError, _ context: CommandContext, arguments: [String] = []) -> Int32 {
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
    public static func commandFirst(_ arguments: [String]) -> [String] {
        guard let first = arguments.first, first.hasPrefix("-"), !["--help", "-h", "--version"].contains(first),
            let index = arguments.firstIndex(where: { order.contains($0) })
        else { return arguments }
        return [arguments[index]] + arguments[..<index] + arguments[(index + 1)...]
    }

    static func overview(_ commands: [any Command.Type]) -> String {
        var summaries: [String: String] = [:]
        for (name, summary) in mpsCommands { summaries[name] = summary }
        for command in commands { summaries[command.name] = command.summary }
        var text = """
            roster \(version): keep an MPS space's people, teams and job level limits as code.

            Usage: roster COMMAND [OPTIONS] [PATH…]

            Commands:

            """
        let width = order.map(\.count).max() ?? 0
        for name in order {
            text += "  \(name)" + String(repeating: " ", count: width - name.count + 2) + (summaries[name] ?? "") + "\n"
        }
        text += "\nRun `roster help COMMAND` or `roster COMMAND --help` for a command's options.\n"
        return text
    }
}
