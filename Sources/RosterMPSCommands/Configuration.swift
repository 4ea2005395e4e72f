import RosterCLI
import Foundation
import MPSClient
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
        OptionSpec("--token-file", value: "FILE", "file holding the session token (env MPS_TOKEN holds the token itself)"),
        OptionSpec("--space", value: "ID", "the space to use (env MPS_SPACE; overrides the roster's space)"),
        OptionSpec("--profile", value: "NAME", "a profile of the config file (env MPS_PROFILE)"),
        OptionSpec("--timeout", value: "SECONDS", "per read request (default 30); mutations wait at least 120 s"),
        OptionSpec("--verbose", "log each request on standard error (the token redacted)"),
    ]

    var endpoint: MPSEndpoint
    var warnings: [Diagnostic] = []

    /// Resolves the connection; `rosterSpace` is the roster file's `space`, if any.
    static func resolve(_ arguments: ParsedArguments, _ context: CommandContext, rosterSpace: String?) throws(CommandFailure) -> Connection {
        let env = context.environment
        func nonEmpty(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }
        let profileName = nonEmpty(arguments.value("--profile")) ?? nonEmpty(env["MPS_PROFILE"])
        let (profile, configWarnings) = try ConfigFile.profile(named: profileName, environment: env)
        var warnings = configWarnings
        if arguments.value("--endpoint")?.isEmpty == true {
            throw CommandFailure("--endpoint is empty; give the GraphQL endpoint's URL, or leave the option out", kind: .usage)
        }
        let endpointText = arguments.value("--endpoint") ?? nonEmpty(env["MPS_ENDPOINT"]) ?? profile?.endpoint ?? defaultEndpoint
        let url: URL
        do { url = try MPSEndpoint.parse(endpointText) } catch { throw CommandFailure(error.message, kind: .config) }
        var token: String?
        if let file = nonEmpty(arguments.value("--token-file")) {
            token = try readToken(file, warnings: &warnings)
        } else if let value = nonEmpty(env["MPS_TOKEN"]) {
            token = value.trimmingCharacters(in: .whitespacesAndNewlines)
        } else if let file = profile?.tokenFile {
            token = try readToken(ConfigFile.expandHome(file, env), warnings: &warnings)
        }
        guard let token, !token.isEmpty else {
            throw CommandFailure("no session token: pass --token-file FILE, set MPS_TOKEN, or name a tokenFile in a profile", kind: .auth)
        }
        var timeout: TimeInterval = 30
        if let text = arguments.value("--timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw CommandFailure("--timeout takes a number of seconds from 1 to 3600, not \"\(text)\"")
            }
            timeout = seconds
        }
        let space = nonEmpty(arguments.value("--space")) ?? nonEmpty(env["MPS_SPACE"]) ?? profile?.space ?? rosterSpace
        return Connection(endpoint: MPSEndpoint(url: url, token: token, space: space, timeout: timeout), warnings: warnings)
    }

    static func readToken(_ path: String, warnings: inout [Diagnostic]) throws(CommandFailure) -> String {
        var info = stat()
        guard stat(path, &info) == 0, let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read the token file", at: .file(path))
        }
        if info.st_mode & 0o077 != 0 {
            warnings.append(.warning("the token file can be read by other users; run `chmod 600 \(path)`", at: .file(path)))
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
        return GraphQLClient(endpoint: endpoint, transport: URLSessionTransport(timeout: longest), log: log, notice: notice)
    }
}

/// `$XDG_CONFIG_HOME/roster/config.yaml`: named profiles of endpoints, spaces and token files.
enum ConfigFile {
    static func path(_ env: [String: String]) -> String {
        if let xdg = env["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/roster/config.yaml" }
        return (env["HOME"] ?? NSHomeDirectory()) + "/.config/roster/config.yaml"
    }

    static func expandHome(_ path: String, _ env: [String: String]) -> String {
        guard path.hasPrefix("~/") else { return path }
        return (env["HOME"] ?? NSHomeDirectory()) + String(path.dropFirst())
    }

    /// The profile to use: `name`, else the file's `default`; nil when there is no config file
    /// and no profile was asked for. A broken file is an error with its position.
    static func profile(named name: String?, environment env: [String: String]) throws(CommandFailure) -> (Profile?, [Diagnostic]) {
        let file = path(env)
        guard let data = FileManager.default.contents(atPath: file) else {
            if let name { throw CommandFailure("no config file to take profile \"\(name)\" from (looked for \(file))") }
            return (nil, [])
        }
        let loaded = YAMLLoader().load([UInt8](data), file: file)
        guard let document = loaded.document, let root = document.root else {
            throw CommandFailure(diagnostics: loaded.diagnostics.isEmpty ? [.error("the config file is empty", at: .file(file))] : loaded.diagnostics)
        }
        var diagnostics = loaded.diagnostics
        var profiles: [String: (Profile, SourceLocation)] = [:]
        var defaultName: (String, SourceLocation)?
        func error(_ message: String, _ node: NodeID) { diagnostics.append(.error(message, at: document.location(node))) }
        for i in 0..<document.pairCount(root) {
            let key = document.key(root, i), value = document.value(root, i)
            switch document.string(key) {
            case "default":
                if document.kind(value) == .scalar && !document.isNull(value) { defaultName = (document.string(value), document.location(value)) } else { error("default must be a profile name", value) }
            case "profiles":
                guard document.kind(value) == .mapping else { error("profiles must be a mapping of names to profiles", value); continue }
                for p in 0..<document.pairCount(value) {
                    let nameNode = document.key(value, p), body = document.value(value, p)
                    guard document.kind(body) == .mapping else { error("profile \"\(document.string(nameNode))\" must be a mapping", body); continue }
                    var profile = Profile()
                    for f in 0..<document.pairCount(body) {
                        let fieldKey = document.key(body, f), fieldValue = document.value(body, f)
                        let field = document.string(fieldKey)
                        guard document.kind(fieldValue) == .scalar, !document.isNull(fieldValue) else { error("\(field) must be a string", fieldValue); continue }
                        let text = document.string(fieldValue)
                        switch field {
                        case "endpoint": profile.endpoint = text
                        case "space": profile.space = text
                        case "tokenFile": profile.tokenFile = text
                        default: error("unknown key \"\(field)\" in profile; expected endpoint, space or tokenFile", fieldKey)
                        }
                    }
                    profiles[document.string(nameNode)] = (profile, document.location(nameNode))
                }
            default:
                error("unknown key \"\(document.string(key))\" in the config file; expected default or profiles", key)
            }
        }
        if diagnostics.hasErrors { throw CommandFailure(diagnostics: diagnostics) }
        let chosen = name ?? defaultName?.0
        guard let chosen else { return (nil, []) }
        guard let profile = profiles[chosen] else {
            let known = profiles.keys.sorted().joined(separator: ", ")
            throw CommandFailure("no profile \"\(chosen)\" in the config file (profiles: \(known.isEmpty ? "none" : known))",
                                 at: name == nil ? defaultName?.1 : .file(file))
        }
        return (profile.0, [])
    }
}
