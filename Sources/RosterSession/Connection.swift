import Foundation
import MPSClient
import RosterCore
import RosterYAML

/// Where to reach MPS and as whom, from flags, environment, profile and roster, in that order.
struct Connection: Sendable {
    static let defaultEndpoint = "https://mps-p.up.railway.app/graphql"

    var endpoint: MPSEndpoint
    /// The network policy's settings: the longest answer read, and the CAs trusted.
    var limit = CurlTransport.defaultLimit
    var trust = TLSTrust.system
    var warnings: [Diagnostic] = []
    /// Where the token came from, for `auth status` (never the token itself).
    var tokenSource = TokenSource.given
    /// The profile in use (from --profile, MPS_PROFILE or the config's default), if any.
    var profile: String?
    /// A stand-in for the network, when one is given (``ConnectionOptions/transport``).
    var transport: (any Transport)?

    /// Resolves the connection from the options, the environment and the profile; a roster's own
    /// `space`, which comes after all of them, is filled in once the roster is loaded (`plan`).
    /// `token`, when given, is used as it is (`auth login` checks a token it was handed).
    static func resolve(
        _ options: ConnectionOptions, environment env: [String: String], token given: String? = nil
    ) throws(SessionFailure) -> Connection {
        func nonEmpty(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }
        let profileName = try named(options, env)
        let (profile, configWarnings) = try ConfigFile.profile(
            named: profileName, environment: env, storing: given != nil)
        var warnings = configWarnings
        if options.endpoint?.isEmpty == true {
            throw SessionFailure(
                "--endpoint is empty; give the GraphQL endpoint's URL, or leave the option out", kind: .usage)
        }
        let endpointText =
            options.endpoint ?? nonEmpty(env["MPS_ENDPOINT"]) ?? profile?.endpoint ?? defaultEndpoint
        let url: URL
        do { url = try MPSEndpoint.parse(endpointText) } catch { throw SessionFailure(error.message, kind: .config) }
        let chosen = profileName ?? profile?.name
        let token: String?, source: TokenSource
        if let given {
            (token, source) = (given, .given)
        } else {
            (token, source) = try Self.token(options, env, profile: profile, name: chosen, warnings: &warnings)
        }
        guard let token, !token.isEmpty else {
            throw SessionFailure(
                "no session token: run `roster auth login`, pass --token-file FILE, set MPS_TOKEN, or name a "
                    + "tokenFile in a profile",
                kind: .auth)
        }
        let space = nonEmpty(options.space) ?? nonEmpty(env["MPS_SPACE"]) ?? profile?.space
        var connection = Connection(
            endpoint: MPSEndpoint(url: url, token: token, space: space, timeout: timeout(options, profile)),
            warnings: warnings, tokenSource: source, profile: chosen)
        try connection.network(options, env, profile: profile)
        connection.transport = options.transport
        return connection
    }

    /// `--timeout`, else the profile's `timeout`, else 30 s.
    static func timeout(_ options: ConnectionOptions, _ profile: Profile?) -> TimeInterval {
        options.timeout ?? profile?.timeout ?? 30
    }

    /// The size limit (`--max-response-mb`, else the profile's `maxResponseMB`) and the trusted CAs
    /// (`SSL_CERT_FILE`, `SSL_CERT_DIR`, the profile's `caFile`).
    mutating func network(
        _ options: ConnectionOptions, _ env: [String: String], profile: Profile?
    ) throws(SessionFailure) {
        let fallback = profile?.maxResponseMB ?? CurlTransport.defaultLimit / (1024 * 1024)
        limit = (options.maxResponseMB ?? fallback) * 1024 * 1024
        do { trust = try TLSTrust.from(environment: env, caFile: profile?.caFile) } catch {
            throw SessionFailure(error.message, kind: .config)
        }
    }

    /// The profile `--profile` or else `MPS_PROFILE` names, if any; refused unless it is a name.
    static func named(_ options: ConnectionOptions, _ env: [String: String]) throws(SessionFailure) -> String? {
        if let flag = options.profile, !flag.isEmpty {
            try ProfileName.check(flag, from: "--profile")
            return flag
        }
        guard let variable = env["MPS_PROFILE"], !variable.isEmpty else { return nil }
        try ProfileName.check(variable, from: "MPS_PROFILE")
        return variable
    }

    /// The token and where it came from: --token-file, MPS_TOKEN, the profile's tokenFile, or
    /// the login stored for the profile, in that order.
    static func token(
        _ options: ConnectionOptions, _ env: [String: String], profile: Profile?, name: String?,
        warnings: inout [Diagnostic]
    ) throws(SessionFailure) -> (String?, TokenSource) {
        if let file = options.tokenFile, !file.isEmpty {
            return (try readToken(file, warnings: &warnings), .tokenFile(file))
        }
        if let value = env["MPS_TOKEN"], !value.isEmpty {
            return (value.trimmingCharacters(in: .whitespacesAndNewlines), .environment)
        }
        if let file = profile?.tokenFile {
            return (try readToken(file, warnings: &warnings), .profileTokenFile(file))
        }
        let store = TokenStore(environment: env)
        let stored = TokenStore.profile(name)
        return (store.read(stored), .storedLogin(place: store.place(stored)))
    }

    static func readToken(_ path: String, warnings: inout [Diagnostic]) throws(SessionFailure) -> String {
        var info = stat()
        guard stat(path, &info) == 0, let data = FileManager.default.contents(atPath: path) else {
            throw SessionFailure(
                "cannot read the token file: \(String(cString: strerror(errno)))", at: .file(path), kind: .auth)
        }
        if info.st_mode & 0o077 != 0 {
            warnings.append(
                .warning("the token file can be read by other users; run `chmod 600 \(path)`", at: .file(path)))
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The client for this connection: each request traced with `--verbose`, waits before a
    /// retry always said.
    func client(_ log: SessionLog) -> GraphQLClient {
        GraphQLClient(
            endpoint: endpoint, transport: transport ?? CurlTransport(limit: limit, trust: trust), log: log.trace,
            notice: log.notice)
    }
}
