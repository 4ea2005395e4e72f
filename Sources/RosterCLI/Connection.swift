import Foundation
import MPSClient
import RosterCore
import RosterYAML

/// Where to reach MPS and as whom, from flags, environment, profile and roster, in that order.
struct Connection {
    static let defaultEndpoint = "https://mps-p.up.railway.app/graphql"

    var endpoint: MPSEndpoint
    /// The network policy's settings: the longest answer read, and the CAs trusted.
    var limit = CurlTransport.defaultLimit
    var trust = TLSTrust.system
    var warnings: [Diagnostic] = []
    /// Where the token came from, for `auth status` (never the token itself).
    var tokenSource = ""
    /// The profile in use (from --profile, MPS_PROFILE or the config's default), if any.
    var profile: String?
    /// Whether each request is logged on standard error (`--verbose`).
    var verbose = false

    /// Resolves the connection from the options, the environment and the profile; a roster's own
    /// `space`, which comes after all of them, is filled in once the roster is loaded (`plan`).
    /// `token`, when given, is used as it is (`auth login` checks a token it was handed).
    static func resolve(
        _ options: ConnectionOptions, _ context: CommandContext, token given: String? = nil
    ) throws(CommandFailure) -> Connection {
        let env = context.environment
        func nonEmpty(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }
        let profileName = nonEmpty(options.profile) ?? nonEmpty(env["MPS_PROFILE"])
        let (profile, configWarnings) = try ConfigFile.profile(
            named: profileName, environment: env, storing: given != nil)
        var warnings = configWarnings
        if options.endpoint?.isEmpty == true {
            throw CommandFailure(
                "--endpoint is empty; give the GraphQL endpoint's URL, or leave the option out", kind: .usage)
        }
        let endpointText =
            options.endpoint ?? nonEmpty(env["MPS_ENDPOINT"]) ?? profile?.endpoint ?? defaultEndpoint
        let url: URL
        do { url = try MPSEndpoint.parse(endpointText) } catch { throw CommandFailure(error.message, kind: .config) }
        let chosen = profileName ?? profile?.name
        let token: String?, source: String
        if let given {
            (token, source) = (given, "the login being checked")
        } else {
            (token, source) = try Self.token(options, env, profile: profile, name: chosen, warnings: &warnings)
        }
        guard let token, !token.isEmpty else {
            throw CommandFailure(
                "no session token: run `roster auth login`, pass --token-file FILE, set MPS_TOKEN, or name a "
                    + "tokenFile in a profile",
                kind: .auth)
        }
        let space = nonEmpty(options.space) ?? nonEmpty(env["MPS_SPACE"]) ?? profile?.space
        var connection = Connection(
            endpoint: MPSEndpoint(url: url, token: token, space: space, timeout: timeout(options, profile)),
            warnings: warnings, tokenSource: source, profile: chosen, verbose: options.verbose)
        try connection.network(options, env, profile: profile)
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
    ) throws(CommandFailure) {
        let fallback = profile?.maxResponseMB ?? CurlTransport.defaultLimit / (1024 * 1024)
        limit = (options.maxResponseMB ?? fallback) * 1024 * 1024
        do { trust = try TLSTrust.from(environment: env, caFile: profile?.caFile) } catch {
            throw CommandFailure(error.message, kind: .config)
        }
    }

    /// The token and where it came from: --token-file, MPS_TOKEN, the profile's tokenFile, or
    /// the login stored for the profile, in that order.
    static func token(
        _ options: ConnectionOptions, _ env: [String: String], profile: Profile?, name: String?,
        warnings: inout [Diagnostic]
    ) throws(CommandFailure) -> (String?, String) {
        if let file = options.tokenFile, !file.isEmpty {
            return (try readToken(file, warnings: &warnings), "--token-file \(file)")
        }
        if let value = env["MPS_TOKEN"], !value.isEmpty {
            return (value.trimmingCharacters(in: .whitespacesAndNewlines), "the environment (MPS_TOKEN)")
        }
        if let file = profile?.tokenFile {
            return (try readToken(file, warnings: &warnings), "the profile's tokenFile \(file)")
        }
        let store = TokenStore(environment: env)
        let stored = TokenStore.profile(name)
        return (store.read(stored), "the login stored by `roster auth login` in \(store.place(stored))")
    }

    static func readToken(_ path: String, warnings: inout [Diagnostic]) throws(CommandFailure) -> String {
        var info = stat()
        guard stat(path, &info) == 0, let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(
                "cannot read the token file: \(String(cString: strerror(errno)))", at: .file(path), kind: .auth)
        }
        if info.st_mode & 0o077 != 0 {
            warnings.append(
                .warning("the token file can be read by other users; run `chmod 600 \(path)`", at: .file(path)))
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The client for this connection, logging requests on standard error with `--verbose`.
    func client(_ context: CommandContext) -> GraphQLClient {
        let console = context.console
        var log: (@Sendable (String) -> Void)?
        if verbose {
            log = { line in console.writeErr("roster: \(line)\n") }
        }
        // Waits before a retry are always said: a silent 20 s looks like a hang.
        let notice: @Sendable (String) -> Void = { line in console.writeErr("roster: \(line)\n") }
        return GraphQLClient(
            endpoint: endpoint, transport: CurlTransport(limit: limit, trust: trust), log: log, notice: notice)
    }
}
