import RosterModel

/// The `roster` command line: dispatches to subcommands and turns usage errors into a message
/// with a hint and exit code 1.
public enum RosterCommandLine {
    /// The tool's version.
    public static let version = "0.1.0"

    static let commands: [any Command.Type] = [
        ValidateCommand.self, PlanCommand.self, ApplyCommand.self, ExportCommand.self, AuthCommand.self, SchemaCommand.self, VersionCommand.self, HelpCommand.self,
    ]

    /// Runs `arguments` (without the program name) and returns the exit code.
    public static func main(_ arguments: [String], context: CommandContext) async -> Int32 {
        guard let first = arguments.first else {
            context.console.writeOut(overview)
            return ExitCode.success
        }
        if first == "--help" || first == "-h" {
            context.console.writeOut(overview)
            return ExitCode.success
        }
        if first == "--version" {
            context.console.writeOut("roster \(version)\n")
            return ExitCode.success
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let suggestion = Suggestions.nearest(to: first, among: commands.map { $0.name }).map { "; did you mean `\($0)`?" } ?? ""
            return usageError(UsageError(message: "unknown command `\(first)`\(suggestion)", hint: "run `roster help` to see the commands"), context)
        }
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), options: command.options, command: command.name)
            if parsed.flag("--help") {
                context.console.writeOut(command.helpText)
                return ExitCode.success
            }
            return await command.run(parsed, context)
        } catch {
            return usageError(error, context)
        }
    }

    static func usageError(_ error: UsageError, _ context: CommandContext) -> Int32 {
        context.console.writeErr("error: \(error.message)\nhint: \(error.hint)\n")
        return ExitCode.failure
    }

    static var overview: String {
        var text = """
        roster \(version): keep an MPS space's people, teams and job level limits as code.

        Usage: roster COMMAND [OPTIONS] [PATH…]

        Commands:

        """
        let width = commands.map { $0.name.count }.max() ?? 0
        for command in commands {
            text += "  \(command.name)" + String(repeating: " ", count: width - command.name.count + 2) + command.summary + "\n"
        }
        text += "\nRun `roster help COMMAND` or `roster COMMAND --help` for a command's options.\n"
        return text
    }
}
