import MPSClient
import RosterCore
import RosterRender
import RosterSession

/// A command that cannot go on: what to print, what kind of failure it is, and the exit code.
struct CommandFailure: Error {
    /// What went wrong, for scripts reading `--format json`'s error document: the session's kinds.
    typealias Kind = SessionFailure.Kind

    var diagnostics: [Diagnostic]
    var exitCode: ExitCode
    var kind: Kind

    init(
        _ message: String, exitCode: ExitCode = ExitCode.failure, at location: SourceLocation? = nil, kind: Kind? = nil
    ) {
        self.init(diagnostics: [.error(message, at: location)], exitCode: exitCode, kind: kind)
    }

    init(diagnostics: [Diagnostic], exitCode: ExitCode = ExitCode.failure, kind: Kind? = nil) {
        self.diagnostics = diagnostics
        self.exitCode = exitCode
        self.kind = kind ?? (exitCode == ExitCode.refused ? .refused : .error)
    }

    /// A session's failure: refused by a safety rail exits 3, any other 1.
    init(_ failure: SessionFailure) {
        var diagnostics = failure.diagnostics
        if let remedy = failure.remedy, !diagnostics.isEmpty {
            diagnostics[0].message += "; " + Self.words(remedy)
        }
        self.init(
            diagnostics: diagnostics, exitCode: failure.kind == .refused ? ExitCode.refused : ExitCode.failure,
            kind: failure.kind)
    }

    /// What to do about a failure of the way to MPS, in the command line's flags.
    static func words(_ remedy: MPSError.Remedy) -> String {
        switch remedy {
        case .signInAgain:
            "sign in to MPS again, then run `roster auth login` with the fresh token (or pass it with --token-file "
                + "or MPS_TOKEN)"
        case .checkEndpoint: "check --endpoint and that the server is up"
        case .raiseTimeout: "try again or raise --timeout"
        case .useFinalURL: "set --endpoint to the final URL"
        case .raiseResponseLimit:
            "raise the limit with --max-response-mb (or a profile's maxResponseMB) if the space is that large"
        case .checkEndpointOrProxy: "check --endpoint, or a proxy or gateway that answers in the server's place"
        }
    }

    /// The one JSON document a failed command prints with `--format json`.
    var json: JSONValue {
        let first = diagnostics.first { $0.severity == .error } ?? diagnostics.first
        return .object([
            (JSONEnvelope.versionKey, .int(JSONEnvelope.version)),
            ("error", .object([("message", .string(first?.message ?? "failed")), ("kind", .string(kind.rawValue))])),
            ("diagnostics", DiagnosticRenderer.items(diagnostics)),
        ])
    }
}
