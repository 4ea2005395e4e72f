import MPSClient
import RosterCore
import RosterModel
import RosterRender

/// Turns MPS errors into command failures with the exit codes of `cli.md`.
enum LiveSession {
    static func failure(_ error: MPSError) -> CommandFailure {
        switch error {
        case .spaceNotAccessible: return CommandFailure(error.message, exitCode: ExitCode.refused)
        case .invalidToken: return CommandFailure(error.message, kind: .auth)
        case .cannotConnect, .timedOut, .connectionLost, .insecureEndpoint, .redirected, .tls, .responseTooLarge:
            return CommandFailure(error.message, kind: .network)
        default: return CommandFailure(error.message, kind: .server)
        }
    }

    /// Reads the live state of `space`, and says once what of it this roster does not know (a
    /// newer MPS) or what the server lacks (an older one).
    static func read(
        _ service: MPSService, space: String?, _ context: CommandContext
    ) async throws(CommandFailure) -> LiveState {
        let live: LiveState
        do { live = try await service.readLiveState(space: space) } catch { throw failure(error) }
        let notes = notices(live)
        if !notes.isEmpty { context.console.writeErr(DiagnosticRenderer.text(notes)) }
        return live
    }

    /// Warnings about the server's version: what it lacks (older), values it uses that roster
    /// does not know (newer).
    static func notices(_ live: LiveState) -> [Diagnostic] {
        let lacking: [Diagnostic] = ServerFeature.allCases.filter(live.lacking.contains).map {
            .warning(
                .olderServer,
                "this MPS has no \($0.description) (it is older than roster \(RosterCommandLine.version)); going on "
                    + "without them", at: nil)
        }
        let unknown = live.unknownValues
        guard !unknown.isEmpty else { return lacking }
        return lacking + [
            .warning(
                .newerServer,
                "the server uses values this version of roster does not know: \(unknown.joined(separator: ", ")); "
                    + "this MPS is newer than roster \(RosterCommandLine.version): they are kept as the server wrote "
                    + "them", at: nil)
        ]
    }

    /// Loads a roster, printing nothing; invalid rosters fail with their diagnostics.
    static func loadRoster(_ paths: [String]) throws(CommandFailure) -> (Roster, [Diagnostic]) {
        let result = RosterLoader().load(paths: paths.isEmpty ? [RosterLoader.defaultPath] : paths)
        guard result.isValid else { throw CommandFailure(diagnostics: result.diagnostics, kind: .invalidRoster) }
        return (result.roster, result.diagnostics)
    }
}
