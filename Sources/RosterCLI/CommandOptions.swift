/// The options one command accepts, as typed values. Each command declares its own
/// (`PlanCommand.Options`), from options declared once in ``OptionCatalog``, by reading them in
/// its initialiser: the options it reads are its ``specs`` (read once, with no arguments given),
/// which feed parsing, help, completion and the manual pages. An option is thus declared where
/// it is read, as swift-argument-parser declares one where it is stored.
protocol CommandOptions: Sendable {
    /// The words its initialiser needs to read its options past (a subcommand, a report's name);
    /// none by default.
    static var declaringWords: [String] { get }
    /// Every option the command accepts, in the order help lists them.
    static var specs: [OptionSpec] { get }
    /// The options' values, read from arguments the parser has checked against ``specs``.
    init(_ arguments: ParsedArguments) throws(UsageError)
}

extension CommandOptions {
    static var declaringWords: [String] { [] }

    /// The options the initialiser reads, in its order, with none given.
    static var specs: [OptionSpec] {
        var arguments = ParsedArguments(positionals: declaringWords)
        let reads = OptionReads()
        arguments.reads = reads
        _ = try? Self(arguments)
        return reads.read
    }
}

/// No options: the words after the command only.
struct NoOptions: CommandOptions {
    var words: [String]

    init(_ arguments: ParsedArguments) { words = arguments.positionals }
}

/// `--format`, the one option of commands that print a document.
struct FormatOnly: CommandOptions {
    static let format = Option<TextOrJSON>.format("output format (default text)")
    var format: TextOrJSON

    init(_ arguments: ParsedArguments) { format = arguments[Self.format] }
}
