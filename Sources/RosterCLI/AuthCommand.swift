import Foundation
import RosterCore
import RosterRender
import RosterSession

/// `roster auth login|logout|status`: sign in with a session token copied from the MPS web app,
/// sign out, and say whose token is in use, where it came from and which spaces it opens.
struct AuthCommand: Command {
    static let name = "auth"
    static let subcommands = ["login", "logout", "status"]
    static let summary = "Sign in and out: `roster auth login`, `logout`, and `status` (whose token, from where)."
    static let usage = Usage(
        [.words("auth login")] + .each(OptionCatalog.withToken.spec, OptionCatalog.profile.spec),
        [.words("auth logout")],
        [.words("auth status"), .optional(Options.format.spec)])
    struct Options: CommandOptions {
        static let format = Option<TextOrJSON>.format("status: output format (default text)")
        static let declaringWords = ["status"]
        var subcommand: String
        var withToken: Bool
        var format: TextOrJSON
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
        let login = try await SignIn.login(
            token: token, options.connection, environment: context.environment,
            log: context.log(verbose: options.connection.verbose))
        context.console.writeOut(
            "Signed in to \(login.endpoint) as " + TerminalText.escape("\(login.user.name) <\(login.user.email)>")
                + "; the token is stored in \(login.place) (profile \(login.profile)).\n")
        return ExitCode.success
    }

    /// The token from standard input (`--with-token`), or from a prompt that does not echo.
    static func readToken(_ options: Options, _ context: CommandContext) throws -> String? {
        if options.withToken { return context.console.readLine()?.trimmingCharacters(in: .whitespaces) }
        guard context.console.stdinIsTerminal else {
            throw CommandFailure(
                "standard input is not a terminal: pass the token on standard input with --with-token", kind: .usage)
        }
        context.console.writeErr("Your MPS web app session's token (docs/networks.md#signing-in), not shown: ")
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

    /// Signs out of the login stored for the profile in use; a token roster did not store is
    /// left alone and named.
    static func logout(_ options: Options, _ context: CommandContext) async throws -> ExitCode {
        let out = try await SignIn.logout(
            options.connection, environment: context.environment,
            log: context.log(verbose: options.connection.verbose))
        let ended =
            out.serverFailure.map {
                "the session could not be ended on the server (\($0)); sign out in the MPS web app"
            } ?? "the session is ended on the server"
        let note = out.untouched.map(SignIn.Logout.untouchedNote) ?? ""
        context.console.writeOut(
            options.format == .json
                ? JSONValue.object([
                    (JSONEnvelope.versionKey, .int(JSONEnvelope.version)), ("profile", .string(out.profile)),
                    ("signedOut", .bool(true)),
                    ("message", .string("\(ended); the stored token is forgotten")),
                ]).rendered(indent: 2) + "\n"
                : "Signed out of profile \(out.profile): \(ended); the stored token is forgotten.\(note)\n")
        return ExitCode.success
    }

    static func status(_ options: Options, _ context: CommandContext) async throws -> ExitCode {
        let status = try await SignIn.status(
            options.connection, environment: context.environment,
            log: context.log(verbose: options.connection.verbose))
        let view = AuthStatusRenderer(
            endpoint: status.endpoint, user: status.user, spaces: status.spaces, members: status.members,
            selected: status.selected, tokenSource: status.tokenSource.description)
        context.console.writeOut(options.format == .json ? view.json().rendered(indent: 2) + "\n" : view.text())
        return ExitCode.success
    }
}
