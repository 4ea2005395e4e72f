/// One subcommand of `roster`.
package protocol Command: Sendable {
    static var name: String { get }
    static var summary: String { get }
    static var usage: String { get }
    static var options: [OptionSpec] { get }
    /// The words that may follow the command (`roster auth login`), for dispatch and completion.
    static var subcommands: [String] { get }
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> ExitCode
}

extension Command {
    package static var subcommands: [String] { [] }

    /// `roster help NAME`: usage, summary and options, aligned.
    package static var helpText: String {
        var text = "\(summary)\n\nUsage: \(usage)\n"
        if !options.isEmpty {
            text += "\nOptions:\n"
            let rows: [(String, String)] =
                options.map { option in (option.value.map { "\(option.name) \($0)" } ?? option.name, option.help) }
                + [("-h, --help", "show this help")]
            let width = rows.map(\.0.count).max() ?? 0
            for (left, right) in rows {
                text += "  " + left + String(repeating: " ", count: width - left.count + 2) + right + "\n"
            }
        }
        return text
    }
}

extension Command {
    /// Runs a command body, turning usage errors and command failures into their messages and
    /// exit codes (usage errors end with a hint; failures print their diagnostics).
    package static func reporting(
        _ arguments: ParsedArguments, _ context: CommandContext, _ body: () async throws -> ExitCode
    ) async -> ExitCode {
        do {
            return try await body()
        } catch let error as UsageError {
            return RosterCommandLine.usageError(
                error, context, arguments: arguments.value("--format") == "json" ? ["--format=json"] : [])
        } catch let failure as CommandFailure {
            return RosterCommandLine.report(failure, arguments, context)
        } catch {
            return RosterCommandLine.report(CommandFailure(String(describing: error)), arguments, context)
        }
    }
}
