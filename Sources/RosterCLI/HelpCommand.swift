/// `roster help [COMMAND]`.
struct HelpCommand: Command {
    static let name = "help"
    static let summary = "Show the commands, or one command's options."
    static let usage = Usage(
        [.words("help [COMMAND]")], [.words("help"), .required(Options.man.spec), .words("[COMMAND]")],
        [.words("help"), .required(Options.manDir.spec)])

    /// The options help reads; the dispatcher reads them, as it answers `roster help …`.
    struct Options: CommandOptions {
        static let format = Option<TextOrJSON>.format("output format (default text)")
        static let man = Option<Bool>.flag("--man", "print the manual page (mdoc) of roster, or of COMMAND")
        static let manDir = Option<String?>.text("--man-dir", "DIR", "write every manual page into DIR")
        var words: [String]
        var format: TextOrJSON
        var man: Bool
        var manDir: String?

        init(_ arguments: ParsedArguments) {
            words = arguments.positionals
            format = arguments[Self.format]
            man = arguments[Self.man]
            manDir = arguments[Self.manDir]
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        // `roster help …` is answered by the dispatcher, which knows every command.
        await RosterCommandLine.main(["help"] + options.words, context: context)
    }
}
