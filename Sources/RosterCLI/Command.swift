import RosterSession

/// One subcommand of `roster`.
protocol Command: Sendable {
    /// The command's options as typed values; their specs feed parsing, help, completion and
    /// the manual pages.
    associatedtype Options: CommandOptions
    static var name: String { get }
    static var summary: String { get }
    static var usage: Usage { get }
    /// The words that may follow the command (`roster auth login`), for dispatch and completion.
    static var subcommands: [String] { get }
    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode
}

extension Command {
    static var subcommands: [String] { [] }

    /// Every option the command accepts: its own, then the global ones.
    static var options: [OptionSpec] { ownOptions + GlobalOptions.specs }

    /// The command's own options, without the global ones.
    static var ownOptions: [OptionSpec] { Options.specs.filter { !GlobalOptions.contains($0.name) } }

    /// Reads parsed arguments into the command's options and runs it.
    static func run(parsed arguments: ParsedArguments, _ context: CommandContext) async throws(UsageError) -> ExitCode {
        let options = try Options(arguments)
        return await run(options, context)
    }

    /// `roster help NAME`: usage, summary and options, aligned.
    static var helpText: String {
        var text = "\(summary)\n\nUsage: \(usage)\n"
        let globals = options.filter { GlobalOptions.contains($0.name) }
        func row(_ option: OptionSpec) -> (String, String) {
            (option.value.map { "\(option.name) \($0)" } ?? option.name, option.help)
        }
        let own = ownOptions.map(row) + [("-h, --help", "show this help")]
        let width = (own + globals.map(row)).map(\.0.count).max() ?? 0
        func lines(_ rows: [(String, String)]) -> String {
            rows.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count + 2) + $0.1 + "\n" }.joined()
        }
        text += "\nOptions:\n" + lines(own)
        if !globals.isEmpty {
            text += "\nGlobal options (every command, before or after it):\n" + lines(globals.map(row))
        }
        return text
    }
}

/// How a command shows a failure: also as one JSON document on standard output (`--format
/// json`), and in colour or not.
struct FailureStyle {
    var json = false
    var color = ColorOptions()
}

extension Command {
    /// Runs a command body, turning usage errors and command failures into their messages and
    /// exit codes (usage errors end with a hint; failures print their diagnostics).
    static func reporting(
        _ style: FailureStyle, _ context: CommandContext, _ body: () async throws -> ExitCode
    ) async -> ExitCode {
        do {
            return try await body()
        } catch let error as UsageError {
            return RosterCommandLine.usageError(error, context, arguments: style.json ? ["--format=json"] : [])
        } catch let failure as CommandFailure {
            return RosterCommandLine.report(failure, style, context)
        } catch let failure as SessionFailure {
            return RosterCommandLine.report(CommandFailure(failure), style, context)
        } catch {
            return RosterCommandLine.report(CommandFailure(String(describing: error)), style, context)
        }
    }
}
