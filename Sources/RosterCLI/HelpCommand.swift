import RosterRender

/// `roster help [COMMAND]`.
struct HelpCommand: Command {
    static let name = "help"
    static let summary = "Show the commands, or one command's options."
    static let usage = "roster help [COMMAND] | roster help --man [COMMAND] | roster help --man-dir DIR"
    static let options = [
        OptionSpec("--man", "print the manual page (mdoc) of roster, or of COMMAND"),
        OptionSpec("--man-dir", value: "DIR", "write every manual page into DIR"),
    ]

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> ExitCode {
        // `roster help …` is answered by the dispatcher, which knows every command.
        await RosterCommandLine.main(["help"] + arguments.positionals, context: context)
    }
}
