import Foundation
import MPSClient
import RosterCLI
import RosterDiagnostics
import RosterYAML

/// A named profile of the config file.
struct Profile {
    var endpoint: String?
    var space: String?
    var tokenFile: String?
}

/// Where to reach MPS and as whom, from flags, environment, profile and roster, in that order.
struct Connection {
    static let defaultEndpoint = "https://mps-p.up.railway.app/graphql"
    static let options = [
        OptionSpec("--endpoint", value: "URL", "the GraphQL endpoint (env MPS_ENDPOINT)"),
        OptionSpec(
            "--token-file", value: "FILE", "file holding the session token (env MPS_TOKEN holds the token itself)"),
        OptionSpec("--space", value: "ID", "the space to use (env MPS_SPACE; overrides the roster's space)"),
        OptionSpec("--profile", value: "NAME", "a profile of the config file (env MPS_PROFILE)"),
        OptionSpec("--timeout", value: "SECONDS", "per read request (default 30); mutations wait at least 120 s"),
        OptionSpec("--verbose", "log each request on standard error (the token redacted)"),
    ]

    var endpoint: MPSEndpoint
    var warnings: [Diagnostic] = []

    /// Resolves the connection; `rosterSpace` is the roster file's `space`, if any.
    static func resolve(
        _ arguments: ParsedArguments, _ context: CommandContext, rosterSpace: String?
    ) throws(CommandFailure) -> Connection {
        let env = context.environment
        func nonEmpty(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }
        let profileName = nonEmpty(arguments.value("--profile")) ?? nonEmpty(env["MPS_PROFILE"])
        let (profile, configWarnings) = try ConfigFile.profile(named: profileName, environment: env)
        var warnings = configWarnings
        if arguments.value("--endpoint")?.isEmpty == true {
            throw CommandFailure(
                "--endpoint is empty; give the GraphQL endpoint's URL, or leave the option out", kind: .usage)
        }
        let endpointText =
            arguments.value("--endpoint") ?? nonEmpty(env["MPS_ENDPOINT"]) ?? profile?.endpoint ?? defaultEndpoint
        let url: URL
        do { url = try MPSEndpoint.parse(endpointText) } catch { throw CommandFailure(error.message, kind: .config) }
        var token: String?
        if let file = nonEmpty(arguments.value("--token-file")) {
            token = try readToken(file, warnings: &warnings)
        } else if let value = nonEmpty(env["MPS_TOKEN"]) {
            token = value.trimmingCharacters(in: .whitespacesAndNewlines)
        } else if let file = profile?.tokenFile {
            token = try readToken(file, warnings: &warnings)
        }
        guard let token, !token.isEmpty else {
            throw CommandFailure(
                "no session token: pass --token-file FILE, set MPS_TOKEN, or name a tokenFile in a profile", kind: .auth
            )
        }
        var timeout: TimeInterval = 30
        if let text = arguments.value("--timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw CommandFailure("--timeout takes a number of seconds from 1 to 3600, not \"\(text)\"")
            }
            timeout = seconds
        }
        let space = nonEmpty(arguments.value("--space")) ?? nonEmpty(env["MPS_SPACE"]) ?? profile?.space ?? rosterSpace
        return Connection(
            endpoint: MPSEndpoint(url: url, token: token, space: space, timeout: timeout), warnings: warnings)
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
    func client(_ arguments: ParsedArguments, _ context: CommandContext) -> GraphQLClient {
        let console = context.console
        var log: (@Sendable (String) -> Void)?
        if arguments.flag("--verbose") {
            log = { line in console.writeErr("roster: \(line)\n") }
        }
        // Waits before a retry are always said: a silent 20 s looks like a hang.
        let notice: @Sendable (String) -> Void = { line in console.writeErr("roster: \(line)\n") }
        let longest = max(endpoint.timeout, GraphQLClient.mutationDeadline)
        return GraphQLClient(
            endpoint: endpoint, transport: URLSessionTransport(timeout: longest), log: log, notice: notice)
    }
}
