import MPSClient
import RosterCore
import RosterModel

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

    /// Loads a roster, printing nothing; invalid rosters fail with their diagnostics.
    static func loadRoster(_ paths: [String]) throws(CommandFailure) -> (Roster, [Diagnostic]) {
        let result = RosterLoader().load(paths: paths.isEmpty ? [RosterLoader.defaultPath] : paths)
        guard result.isValid else { throw CommandFailure(diagnostics: result.diagnostics, kind: .invalidRoster) }
        return (result.roster, result.diagnostics)
    }
}
