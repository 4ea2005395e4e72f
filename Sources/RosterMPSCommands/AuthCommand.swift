import MPSClient
import RosterCLI
import RosterDiagnostics
import RosterRender

/// `roster auth status`: whose token this is and which spaces it can use.
struct AuthCommand: Command {
    static let name = "auth"
    static let summary = RosterMPSCommandLine.summary("auth")
    static let usage = "roster auth status"
    static let options = Connection.options

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> Int32 {
        guard arguments.positionals == ["status"] else {
            return RosterCommandLine.usageError(
                UsageError(message: "`roster auth` takes one subcommand: status", hint: "run `roster auth status`"),
                context)
        }
        do throws(CommandFailure) {
            let connection = try Connection.resolve(arguments, context, rosterSpace: nil)
            if !connection.warnings.isEmpty { context.console.writeErr(DiagnosticRenderer.text(connection.warnings)) }
            let service = MPSService(client: connection.client(arguments, context))
            let session: (id: String, name: String, email: String)?
            do { session = try await service.session() } catch { throw LiveSession.failure(error) }
            guard let session else { throw LiveSession.failure(.invalidToken) }
            let spaces: [LiveSpace]
            do { spaces = try await service.spaces() } catch { throw LiveSession.failure(error) }
            var out =
                "Signed in to \(connection.endpoint.url.absoluteString) as "
                + TerminalText.escape("\(session.name) <\(session.email)> (\(session.id))") + ".\n"
            out += "Spaces:\n"
            let width = spaces.map(\.id.count).max() ?? 0
            for space in spaces {
                let marker = space.id == connection.endpoint.space ? "*" : " "
                out +=
                    "  \(marker) \(TerminalText.escape(space.id))"
                    + String(repeating: " ", count: width - space.id.count + 2)
                    + TerminalText.escape(space.name) + (space.isOwner ? " (own)" : "") + "\n"
            }
            var members: [LiveMember] = []
            do { members = try await service.members() } catch { throw LiveSession.failure(error) }
            out += members.isEmpty ? "Nobody else may open your own space.\n" : "Who else may open your own space:\n"
            for member in members.sorted(by: { $0.email < $1.email }) {
                out += "  " + TerminalText.escape("\(member.email) (\(member.name))") + "\n"
            }
            context.console.writeOut(out)
            return ExitCode.success
        } catch {
            return RosterCommandLine.report(error, arguments, context)
        }
    }
}
