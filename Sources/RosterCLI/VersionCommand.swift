import RosterRender

/// `roster version`.
struct VersionCommand: Command {
    static let name = "version"
    static let summary = "Print the version."
    static let usage = "roster version"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> Int32 {
        context.console.writeOut("roster \(RosterCommandLine.version)\n")
        return ExitCode.success
    }
}
