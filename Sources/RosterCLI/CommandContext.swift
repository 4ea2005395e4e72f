import RosterCore
import RosterModel
import RosterRender
import RosterSession

/// What a command runs with: its console and environment.
package struct CommandContext: Sendable {
    var console: any Console
    var environment: [String: String]
    var currentDirectory: String

    package init(console: any Console, environment: [String: String], currentDirectory: String = ".") {
        self.console = console
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    /// Whether to colour a stream: `--color always|never` decides; else `--no-color`, a
    /// non-empty `NO_COLOR` or `TERM=dumb` turn it off, and otherwise only a terminal gets colour.
    func useColor(onStderr: Bool, _ options: ColorOptions) -> Bool {
        switch options.choice {
        case .always: return true
        case .never: return false
        case .auto, nil: break
        }
        if options.noColor || !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb" {
            return false
        }
        return onStderr ? console.stderrIsTerminal : console.stdoutIsTerminal
    }

    /// Where the library's running commentary goes: standard error, `roster: `-prefixed; its
    /// traces only with `--verbose`.
    func log(verbose: Bool) -> SessionLog {
        let console = console
        let line: @Sendable (String) -> Void = { console.writeErr("roster: \($0)\n") }
        return SessionLog(
            notice: line, trace: verbose ? line : nil,
            warnings: { console.writeErr(DiagnosticRenderer.text($0)) })
    }

    /// The live state of the space the connection names.
    func live(_ options: ConnectionOptions) async throws(SessionFailure) -> LiveState {
        try await LiveSession.readSpace(options, environment: environment, log: log(verbose: options.verbose)).live
    }

    var isGitHubActions: Bool { environment["GITHUB_ACTIONS"] == "true" }

    /// Under GitHub Actions, `diagnostics` as workflow annotations on standard output, so that
    /// they show on the lines of the pull request's files.
    func annotate(_ diagnostics: [Diagnostic]) {
        guard isGitHubActions else { return }
        console.writeOut(DiagnosticRenderer.githubAnnotations(diagnostics))
    }
}
