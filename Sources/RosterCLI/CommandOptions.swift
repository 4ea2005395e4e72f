/// The options one command accepts, as typed values. Each command declares its own
/// (`PlanCommand.Options`), from options declared once in ``OptionCatalog``; its ``specs`` feed
/// parsing, help, completion and the manual pages, and the command receives the parsed value.
package protocol CommandOptions: Sendable {
    /// Every option the command accepts, in the order help lists them.
    static var specs: [OptionSpec] { get }
    /// The options' values, read from arguments the parser has checked against ``specs``.
    init(_ arguments: ParsedArguments) throws(UsageError)
}

/// `--color auto|always|never`.
package enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}

/// `--no-color` and `--color`, for the commands that colour their output.
package struct ColorOptions: CommandOptions {
    package static let specs = [OptionCatalog.noColor.spec, OptionCatalog.color.spec]
    var noColor = false
    var choice: ColorChoice?

    /// No colour option given.
    init() {}

    package init(_ arguments: ParsedArguments) {
        noColor = arguments[OptionCatalog.noColor]
        choice = arguments[OptionCatalog.color]
    }
}

/// Where to reach MPS and as whom (``Connection`` resolves them with the environment and the
/// profile), and `--verbose`.
package struct ConnectionOptions: CommandOptions {
    package static let specs = [
        OptionCatalog.endpoint.spec, OptionCatalog.tokenFile.spec, OptionCatalog.space.spec,
        OptionCatalog.profile.spec, OptionCatalog.timeout.spec, OptionCatalog.maxResponseMB.spec,
        OptionCatalog.verbose.spec,
    ]
    var endpoint: String?
    var tokenFile: String?
    var space: String?
    var profile: String?
    /// As given: checked once the profile, which may set its own, is known.
    var timeout: String?
    var maxResponseMB: String?
    var verbose: Bool

    package init(_ arguments: ParsedArguments) {
        endpoint = arguments[OptionCatalog.endpoint]
        tokenFile = arguments[OptionCatalog.tokenFile]
        space = arguments[OptionCatalog.space]
        profile = arguments[OptionCatalog.profile]
        timeout = arguments[OptionCatalog.timeout]
        maxResponseMB = arguments[OptionCatalog.maxResponseMB]
        verbose = arguments[OptionCatalog.verbose]
    }
}

/// No options: the words after the command only.
package struct NoOptions: CommandOptions {
    package static let specs: [OptionSpec] = []
    var words: [String]

    package init(_ arguments: ParsedArguments) { words = arguments.positionals }
}

/// `--format`, the one option of commands that print a document.
package struct FormatOnly: CommandOptions {
    package static let specs = [format.spec]
    static let format = Option<OutputFormat>.format([.text, .json], "output format (default text)")
    var format: OutputFormat

    package init(_ arguments: ParsedArguments) { format = arguments[Self.format] }
}

/// What to plan: `--prune`, `--only` and `--exclude`, for `plan` and `apply`.
package struct PlanningOptions: CommandOptions {
    package static let specs = [OptionCatalog.prune.spec, OptionCatalog.only.spec, OptionCatalog.exclude.spec]
    var prune: Bool
    var only: String?
    var exclude: String?

    package init(_ arguments: ParsedArguments) {
        prune = arguments[OptionCatalog.prune]
        only = arguments[OptionCatalog.only]
        exclude = arguments[OptionCatalog.exclude]
    }

    /// The request for the roster at `paths`.
    func request(paths: [String]) throws(CommandFailure) -> PlanRequest {
        try PlanRequest(paths: paths, prune: prune, only: only, exclude: exclude)
    }
}
