/// `roster help [COMMAND]`.
struct HelpCommand: Command {
    static let name = "help"
    static let summary = "Show the commands, or one command's options."
    static let usage = "roster help [COMMAND] | roster help --man [COMMAND] | roster help --man-dir DIR"

    /// The options help lists; the dispatcher reads them itself, as it answers `roster help …`.
    struct Options: CommandOptions {
        static let format = Option<TextOrJSON>.format("output format (default text)")
        static let specs = [
            format.spec, OptionSpec("--man", "print the manual page (mdoc) of roster, or of COMMAND"),
            OptionSpec("--man-dir", value: "DIR", "write every manual page into DIR"),
        ]
        var words: [String]

        init(_ arguments: ParsedArguments) { words = arguments.positionals }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        // `roster help …` is answered by the dispatcher, which knows every command.
        await RosterCommandLine.main(["help"] + options.words, context: context)
    }
}
