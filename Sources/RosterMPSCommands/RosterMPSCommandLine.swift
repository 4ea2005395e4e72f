import RosterCLI

/// The command line of `roster-mps`: the dispatcher of `roster` with the MPS commands added.
public enum RosterMPSCommandLine {
    public static let commands: [any Command.Type] = [
        PlanCommand.self, ApplyCommand.self, ExportCommand.self, PullCommand.self, ReportCommand.self,
        ChartCommand.self, AuthCommand.self, CompletionCommand.self, CompleteCommand.self,
    ]

    public static func main(_ arguments: [String], context: CommandContext) async -> Int32 {
        await RosterCommandLine.main(arguments, context: context, commands: commands)
    }

    /// The summary `roster help` shows for a command, kept in one place.
    static func summary(_ name: String) -> String {
        RosterCommandLine.mpsCommands.first { $0.name == name }?.summary ?? ""
    }
}
