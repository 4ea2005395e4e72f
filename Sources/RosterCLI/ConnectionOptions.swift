/// Where to reach MPS and as whom (``Connection`` resolves them with the environment and the
/// profile), and `--verbose`.
struct ConnectionOptions: CommandOptions {
    static let specs = [
        OptionCatalog.endpoint.spec, OptionCatalog.tokenFile.spec, OptionCatalog.space.spec,
        OptionCatalog.profile.spec, OptionCatalog.timeout.spec, OptionCatalog.maxResponseMB.spec,
        OptionCatalog.verbose.spec,
    ]
    var endpoint: String?
    var tokenFile: String?
    var space: String?
    var profile: String?
    /// nil: the profile's, or the default.
    var timeout: Double?
    var maxResponseMB: Int?
    var verbose: Bool

    init(_ arguments: ParsedArguments) {
        endpoint = arguments[OptionCatalog.endpoint]
        tokenFile = arguments[OptionCatalog.tokenFile]
        space = arguments[OptionCatalog.space]
        profile = arguments[OptionCatalog.profile]
        timeout = arguments[OptionCatalog.timeout]
        maxResponseMB = arguments[OptionCatalog.maxResponseMB]
        verbose = arguments[OptionCatalog.verbose]
    }
}
