import RosterCLI

/// The command line of `roster`: the one command registry, in the order `roster help` lists it,
/// which dispatch, help and completion all read.
public enum RosterMPSCommandLine {
    public static let commands: [any Command.Type] =
        [RosterCommandLine.validate]
        + [
            PlanCommand.self, ApplyCommand.self, ExportCommand.self, PullCommand.self, ReportCommand.self,
            ChartCommand.self, AuthCommand.self, CompletionCommand.self,
        ] + RosterCommandLine.closing + [CompleteCommand.self]

    public static func main(_ arguments: [String], context: CommandContext) async -> Int32 {
        await RosterCommandLine.main(arguments, context: context, commands: commands)
    }
}
