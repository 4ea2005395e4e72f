/// `roster help [COMMAND]`.
struct HelpCommand: Command {
    static let name = "help"
    static let summary = "Show the commands, or one command's options."
    static let usage = Usage(
        [.words("help [COMMAND]")], [.words("help"), .required(Options.man), .words("[COMMAND]")],
        [.words("help"), .required(Options.manDir)])

    /// The options help lists; the dispatcher reads them itself, as it answers `roster help …`.
    struct Options: CommandOptions {
        static let format = Option<TextOrJSON>.format("output format (default text)")
        static let man = OptionSpec("--man", "print the manual page (mdoc) of roster, or of COMMAND")
        static let manDir = OptionSpec("--man-dir", value: "DIR", "write every manual page into DIR")
        static let specs = [format.spec, man, manDir]
        var words: [String]

        init(_ arguments: ParsedArguments) { words = arguments.positionals }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        // `roster help …` is answered by the dispatcher, which knows every command.
        await RosterCommandLine.main(["help"] + options.words, context: context)
    }
}
