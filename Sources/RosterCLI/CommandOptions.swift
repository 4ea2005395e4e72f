/// The options one command accepts, as typed values. Each command declares its own
/// (`PlanCommand.Options`), from options declared once in ``OptionCatalog``; its ``specs`` feed
/// parsing, help, completion and the manual pages, and the command receives the parsed value.
protocol CommandOptions: Sendable {
    /// Every option the command accepts, in the order help lists them.
    static var specs: [OptionSpec] { get }
    /// The options' values, read from arguments the parser has checked against ``specs``.
    init(_ arguments: ParsedArguments) throws(UsageError)
}

/// No options: the words after the command only.
struct NoOptions: CommandOptions {
    static let specs: [OptionSpec] = []
    var words: [String]

    init(_ arguments: ParsedArguments) { words = arguments.positionals }
}

/// `--format`, the one option of commands that print a document.
struct FormatOnly: CommandOptions {
    static let specs = [format.spec]
    static let format = Option<TextOrJSON>.format("output format (default text)")
    var format: TextOrJSON

    init(_ arguments: ParsedArguments) { format = arguments[Self.format] }
}
