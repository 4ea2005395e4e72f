import MPSClient

/// Where to reach MPS and as whom, as asked for (``Connection`` resolves them with the
/// environment and the profile), and whether each request is logged. The command line fills it
/// from its flags.
package struct ConnectionOptions: Sendable {
    var endpoint: String?
    var tokenFile: String?
    var space: String?
    var profile: String?
    /// nil: the profile's, or the default.
    var timeout: Double?
    var maxResponseMB: Int?
    package var verbose: Bool
    /// What carries the requests; nil: libcurl, under the network policy. Tests stand in for the
    /// server here.
    var transport: (any Transport)?

    package init(
        endpoint: String? = nil, tokenFile: String? = nil, space: String? = nil, profile: String? = nil,
        timeout: Double? = nil, maxResponseMB: Int? = nil, verbose: Bool = false, transport: (any Transport)? = nil
    ) {
        self.endpoint = endpoint
        self.tokenFile = tokenFile
        self.space = space
        self.profile = profile
        self.timeout = timeout
        self.maxResponseMB = maxResponseMB
        self.verbose = verbose
        self.transport = transport
    }
}
