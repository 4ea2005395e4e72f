import RosterCLI
import MPSClient
import RosterDiagnostics
import RosterModel

/// Turns MPS errors into command failures with the exit codes of `cli.md`.
enum LiveSession {
    static func failure(_ error: MPSError) -> CommandFailure {
        switch error {
        case .spaceNotAccessible:
            return CommandFailure(error.message, exitCode: ExitCode.refused)
        default:
            return CommandFailure(error.message)
        }
    }

    /// Loads a roster, printing nothing; invalid rosters fail with their diagnostics.
    static func loadRoster(_ paths: [String]) throws(CommandFailure) -> (Roster, [Diagnostic]) {
        let result = RosterLoader().load(paths: paths.isEmpty ? ["roster.yaml"] : paths)
        guard result.isValid else { throw CommandFailure(diagnostics: result.diagnostics) }
        return (result.roster, result.diagnostics)
    }
}
