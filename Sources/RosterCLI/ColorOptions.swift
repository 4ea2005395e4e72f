/// `--color auto|always|never`.
enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}

/// `--no-color` and `--color`, for the commands that colour their output.
struct ColorOptions: CommandOptions {
    static let specs = [OptionCatalog.noColor.spec, OptionCatalog.color.spec]
    var noColor = false
    var choice: ColorChoice?
    /// Whether diagnostics end with their code (`--verbose`, a global option): the default lines keep the
    /// form docs/roster-file.md gives.
    var codes = false

    /// No colour option given.
    init() {}

    init(_ arguments: ParsedArguments) {
        noColor = arguments[OptionCatalog.noColor]
        choice = arguments[OptionCatalog.color]
        codes = arguments[OptionCatalog.verbose]
    }
}
