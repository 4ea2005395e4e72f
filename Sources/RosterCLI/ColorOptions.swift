/// `--color auto|always|never`.
package enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}

/// `--no-color` and `--color`, for the commands that colour their output.
package struct ColorOptions: CommandOptions {
    package static let specs = [OptionCatalog.noColor.spec, OptionCatalog.color.spec]
    var noColor = false
    var choice: ColorChoice?
    /// Whether diagnostics end with their code (`--verbose`, a global option): the default lines keep the
    /// form roster-format.md gives.
    var codes = false

    /// No colour option given.
    init() {}

    package init(_ arguments: ParsedArguments) {
        noColor = arguments[OptionCatalog.noColor]
        choice = arguments[OptionCatalog.color]
        codes = arguments[OptionCatalog.verbose]
    }
}
