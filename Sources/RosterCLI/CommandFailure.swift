import RosterDiagnostics

/// A command that cannot go on: what to print and the exit code.
public struct CommandFailure: Error {
    public var diagnostics: [Diagnostic]
    public var exitCode: Int32

    public init(_ message: String, exitCode: Int32 = ExitCode.failure, at location: SourceLocation? = nil) {
        diagnostics = [.error(message, at: location)]
        self.exitCode = exitCode
    }

    public init(diagnostics: [Diagnostic], exitCode: Int32 = ExitCode.failure) {
        self.diagnostics = diagnostics
        self.exitCode = exitCode
    }
}

