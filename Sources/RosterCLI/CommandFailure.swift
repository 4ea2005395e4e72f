import MPSClient
import RosterCore
import RosterRender
import RosterSession

/// A command that cannot go on: what to print, what kind of failure it is, and the exit code.
package struct CommandFailure: Error {
    /// What went wrong, for scripts reading `--format json`'s error document: the session's kinds.
    package typealias Kind = SessionFailure.Kind

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

    /// A session's failure: refused by a safety rail exits 3, any other 1.
    init(_ failure: SessionFailure) {
        self.init(
            diagnostics: failure.diagnostics, exitCode: failure.kind == .refused ? ExitCode.refused : ExitCode.failure,
            kind: failure.kind)
    }

    /// A failure of MPS or of the way to it.
    init(_ error: MPSError) { self.init(SessionFailure(error)) }

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
