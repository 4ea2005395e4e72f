/// What a command runs with: its console and environment.
public struct CommandContext: Sendable {
    public var console: any Console
    public var environment: [String: String]
    public var currentDirectory: String
    /// What the process frees by exiting; see ``KeptUntilExit``.
    public let keptUntilExit = KeptUntilExit()

    public init(console: any Console, environment: [String: String], currentDirectory: String = ".") {
        self.console = console
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    /// Colour only on a terminal, and never with `NO_COLOR` (any value) or `--no-color`.
    /// Whether to colour a stream: `--color always|never` decides; else `--no-color`, a
    /// non-empty `NO_COLOR` or `TERM=dumb` turn it off, and otherwise only a terminal gets colour.
    public func useColor(onStderr: Bool, _ arguments: ParsedArguments) -> Bool {
        switch arguments.value("--color") {
        case "always": return true
        case "never": return false
        default: break
        }
        if arguments.flag("--no-color") || !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb" {
            return false
        }
        return onStderr ? console.stderrIsTerminal : console.stdoutIsTerminal
    }

    public var isGitHubActions: Bool { environment["GITHUB_ACTIONS"] == "true" }
}
