import Foundation
import MPSClient
import RosterCore
import RosterModel
import RosterRender
import RosterSession

/// `roster auth login|logout|status`: sign in with a session token copied from the MPS web app,
/// sign out, and say whose token is in use, where it came from and which spaces it opens.
struct AuthCommand: Command {
    static let name = "auth"
    static let subcommands = ["login", "logout", "status"]
    static let summary = "Sign in and out: `roster auth login`, `logout`, and `status` (whose token, from where)."
    static let usage =
        "roster auth login [--with-token] [--profile NAME] | roster auth logout | roster auth status [--format json]"
    struct Options: CommandOptions {
        static let format = Option<OutputFormat>.format([.text, .json], "status: output format (default text)")
        static let specs = [OptionCatalog.withToken.spec, format.spec]
        var subcommand: String
        var withToken: Bool
        var format: OutputFormat
        var connection: ConnectionOptions

        init(_ arguments: ParsedArguments) throws(UsageError) {
            guard arguments.positionals.count == 1, let word = arguments.positionals.first,
                AuthCommand.subcommands.contains(word)
            else {
                throw UsageError(
                    message: "`roster auth` takes one subcommand: login, logout or status",
                    hint: "run `roster auth status`")
            }
            subcommand = word
            withToken = arguments[OptionCatalog.withToken]
            format = arguments[Self.format]
            connection = ConnectionOptions(arguments)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await reporting(FailureStyle(json: options.format == .json), context) {
            switch options.subcommand {
            case "login": return try await login(options, context)
            case "logout": return try await logout(options, context)
            default: return try await status(options, context)
            }
        }
    }

    /// Reads the token, checks it with the server, and stores it for the profile only if valid.
    static func login(_ options: Options, _ context: CommandContext) async throws -> ExitCode {
        guard let token = try readToken(options, context), !token.isEmpty else {
            throw CommandFailure("no token given", kind: .auth)
        }
        let connection = try Connection.resolve(options.connection, context, token: token)
        let service = MPSService(client: connection.client(context))
        let session: (id: String, name: String, email: String)?
        do { session = try await service.session() } catch { throw CommandFailure(error) }
        guard let session else {
            throw CommandFailure("the server says this token is not a valid session; nothing was stored", kind: .auth)
        }
        let store = TokenStore(environment: context.environment)
        let profile = TokenStore.profile(connection.profile)
        try store.write(token, for: profile)
        context.console.writeOut(
            "Signed in to \(connection.endpoint.url.absoluteString) as "
                + TerminalText.escape("\(session.name) <\(session.email)>")
                + "; the token is stored in \(store.place(profile)) (profile \(profile)).\n")
        return ExitCode.success
    }

    /// The token from standard input (`--with-token`), or from a prompt that does not echo.
    static func readToken(_ options: Options, _ context: CommandContext) throws -> String? {
        if options.withToken { return context.console.readLine()?.trimmingCharacters(in: .whitespaces) }
        guard context.console.stdinIsTerminal else {
            throw CommandFailure(
                "standard input is not a terminal: pass the token on standard input with --with-token", kind: .usage)
        }
        context.console.writeErr("Paste your MPS session token (it is not shown): ")
        defer { context.console.writeErr("\n") }
        return withoutEcho { context.console.readLine() }?.trimmingCharacters(in: .whitespaces)
    }

    /// Runs `body` with the terminal's echo off.
    static func withoutEcho<T>(_ body: () -> T) -> T {
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return body() }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(0, TCSANOW, &quiet)
        defer { tcsetattr(0, TCSANOW, &saved) }
        return body()
    }

    /// Ends the session on the server and forgets the stored token, even when the server
    /// cannot be reached (and says so).
    /// Ends the session of the login `roster auth login` stored for the profile in use, and
    /// forgets it. A token roster did not store (`--token-file`, `MPS_TOKEN`, a profile's
    /// `tokenFile`) is left alone, as gh leaves `GH_TOKEN`: it is the user's.
    static func logout(_ options: Options, _ context: CommandContext) async throws -> ExitCode {
        let env = context.environment
        let store = TokenStore(environment: env)
        let named = [options.connection.profile, env["MPS_PROFILE"]].compactMap { $0 }.first { !$0.isEmpty }
        let config = try ConfigFile.profile(named: named, environment: env).0
        let profile = TokenStore.profile(config?.name ?? named)
        var warnings: [Diagnostic] = []
        let (inUse, source) = try Connection.token(
            options.connection, env, profile: config, name: profile, warnings: &warnings)
        let outside = inUse != nil && !source.hasPrefix("the login stored")
        let note = outside ? " The token in use comes from \(source); roster did not store it and leaves it alone." : ""
        guard let stored = store.read(profile) else {
            throw CommandFailure(
                "no login is stored for profile \(profile); nothing to sign out of.\(note)", kind: .auth)
        }
        var connectionOptions = options.connection
        connectionOptions.tokenFile = nil
        let connection = try Connection.resolve(connectionOptions, context, token: stored)
        let ended: String
        do {
            try await MPSService(client: connection.client(context)).signOut()
            ended = "the session is ended on the server"
        } catch {
            ended = "the session could not be ended on the server (\(error.message)); sign out in the MPS web app"
        }
        _ = store.remove(profile)
        context.console.writeOut(
            options.format == .json
                ? JSONValue.object([
                    ("format_version", .int(JSONEnvelope.version)), ("profile", .string(profile)),
                    ("signedOut", .bool(true)),
                    ("message", .string("\(ended); the stored token is forgotten")),
                ]).rendered(indent: 2) + "\n"
                : "Signed out of profile \(profile): \(ended); the stored token is forgotten.\(note)\n")
        return ExitCode.success
    }

    static func status(_ options: Options, _ context: CommandContext) async throws -> ExitCode {
        let format = options.format
        let connection = try Connection.resolve(options.connection, context)
        if !connection.warnings.isEmpty { context.console.writeErr(DiagnosticRenderer.text(connection.warnings)) }
        let service = MPSService(client: connection.client(context))
        let session: (id: String, name: String, email: String)?
        do { session = try await service.session() } catch { throw CommandFailure(error) }
        guard let session else { throw CommandFailure(MPSError.invalidToken) }
        let spaces: [LiveSpace]
        let members: [LiveMember]
        do {
            spaces = try await service.spaces()
            members = try await service.members()
        } catch { throw CommandFailure(error) }
        let view = AuthStatus(
            endpoint: connection.endpoint.url.absoluteString, session: session, spaces: spaces, members: members,
            selected: connection.endpoint.space, tokenSource: connection.tokenSource)
        context.console.writeOut(format == .json ? view.json().rendered(indent: 2) + "\n" : view.text())
        return ExitCode.success
    }
}
