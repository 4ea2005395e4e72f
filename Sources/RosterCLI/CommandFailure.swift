import RosterCore
import RosterRender

/// A command that cannot go on: what to print, what kind of failure it is, and the exit code.
public struct CommandFailure: Error {
    /// What went wrong, for scripts reading `--format json`'s error document.
    public enum Kind: String, Sendable {
        case usage, invalidRoster = "invalid-roster", config, network, auth, server, refused, error
    }

    public var diagnostics: [Diagnostic]
    public var exitCode: ExitCode
    public var kind: Kind

    public init(
        _ message: String, exitCode: ExitCode = ExitCode.failure, at location: SourceLocation? = nil, kind: Kind? = nil
    ) {
        diagnostics = [.error(message, at: location)]
        self.exitCode = exitCode
        self.kind = kind ?? (exitCode == ExitCode.refused ? .refused : .error)
    }

    public init(diagnostics: [Diagnostic], exitCode: ExitCode = ExitCode.failure, kind: Kind? = nil) {
        self.diagnostics = diagnostics
        self.exitCode = exitCode
        self.kind = kind ?? (exitCode == ExitCode.refused ? .refused : .error)
    }

    /// The one JSON document a failed command prints with `--format json`.
    public var json: JSONValue {
        let first = diagnostics.first { $0.severity == .error } ?? diagnostics.first
        return .object([
            ("format_version", .int(1)),
            ("error", .object([("message", .string(first?.message ?? "failed")), ("kind", .string(kind.rawValue))])),
            ("diagnostics", DiagnosticRenderer.items(diagnostics)),
        ])
    }
}
