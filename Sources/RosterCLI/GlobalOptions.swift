import RosterSession

/// The options every command accepts, before or after the command (`roster --verbose plan`,
/// `roster plan --no-color`): colour, verbosity and the connection. The one table dispatch,
/// help, completion and the manual pages read, so that "global" cannot drift. A command that
/// has no use for one (`validate --endpoint`) accepts it and has nothing to do with it.
enum GlobalOptions {
    static let specs: [OptionSpec] = ColorOptions.specs + ConnectionOptions.specs

    /// Whether `name` is a global option.
    static func contains(_ name: String) -> Bool { specs.contains { $0.name == name } }
}
