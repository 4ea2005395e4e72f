import RosterCore
import RosterRender

/// A command that cannot go on: what to print, what kind of failure it is, and the exit code.
package struct CommandFailure: Error {
    /// What went wrong, for scripts reading `--format json`'s error document.
    package enum Kind: String, Sendable {
        case usage, invalidRoster = "invalid-roster", config, network, auth, server, refused, error
    }

    package var diagnostics: [Diagnostic]
    var exitCode: ExitCode
    package var kind: Kind

    package init(
        _ message: String, exitCode: ExitCode = ExitCode.failure, at location: SourceLocation? = nil, kind: Kind? = nil
    ) {
        diagnostics = [.error(message, at: location)]
        self.exitCode = exitCode
        self.kind = kind ?? (exitCode == ExitCode.refused ? .refused : .error)
    }

    package init(diagnostics: [Diagnostic], exitCode: ExitCode = ExitCode.failure, kind: Kind? = nil) {
        self.diagnostics = diagnostics
        self.exitCode = exitCode
        self.kind = kind ?? (exitCode == ExitCode.refused ? .refused : .error)
    }

    /// The one JSON document a failed command prints with `--format json`.
    package var json: JSONValue {
        let first = diagnostics.first { $0.severity == .error } ?? diagnostics.first
        return .object([
            ("format_version", .int(JSONEnvelope.version)),
            ("error", .object([("message", .string(first?.message ?? "failed")), ("kind", .string(kind.rawValue))])),
            ("diagnostics", DiagnosticRenderer.items(diagnostics)),
        ])
    }
}
