import RosterSession

/// The connection's flags, shared by every command that reaches MPS.
extension ConnectionOptions: CommandOptions {
    static let specs = [
        OptionCatalog.endpoint.spec, OptionCatalog.tokenFile.spec, OptionCatalog.space.spec,
        OptionCatalog.profile.spec, OptionCatalog.timeout.spec, OptionCatalog.maxResponseMB.spec,
        OptionCatalog.verbose.spec,
    ]

    init(_ arguments: ParsedArguments) {
        self.init(
            endpoint: arguments[OptionCatalog.endpoint], tokenFile: arguments[OptionCatalog.tokenFile],
            space: arguments[OptionCatalog.space], profile: arguments[OptionCatalog.profile],
            timeout: arguments[OptionCatalog.timeout], maxResponseMB: arguments[OptionCatalog.maxResponseMB],
            verbose: arguments[OptionCatalog.verbose])
    }
}
