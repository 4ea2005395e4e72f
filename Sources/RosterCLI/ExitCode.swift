/// Process exit codes, as the README and docs/commands.md list them.
package enum ExitCode: Int32, Sendable {
    case success = 0
    /// An error: invalid roster, bad option, network or server failure, apply cancelled or incomplete.
    case failure = 1
    /// `plan --detailed-exitcode`: there are changes or unmanaged drift; `pull --check`: the files would change.
    case changes = 2
    /// Refused by a safety rail.
    case refused = 3
    /// Apply interrupted (SIGINT or SIGTERM), as shells report a process stopped by SIGINT.
    case interrupted = 130
}
