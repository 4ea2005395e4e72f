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
