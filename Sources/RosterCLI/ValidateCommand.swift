import RosterCore
import RosterModel
import RosterRender

/// `roster validate [PATH…]`: loads and checks the roster without asking any server.
struct ValidateCommand: Command {
    static let name = "validate"
    static let summary = "Load and check a roster; print its diagnostics."
    static let usage = Usage.command("validate [PATH…]", FormatOnly.format.spec)

    struct Options: CommandOptions {
        static let specs = [FormatOnly.format.spec]
        var paths: [String]
        var format: TextOrJSON
        var color: ColorOptions

        init(_ arguments: ParsedArguments) {
            paths = arguments.positionals.isEmpty ? [RosterLoader.defaultRoster()] : arguments.positionals
            format = arguments[FormatOnly.format]
            color = ColorOptions(arguments)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        let paths = options.paths
        let result = RosterLoader().load(paths: paths)
        if options.format == .json {
            context.console.writeOut(json(result).rendered(indent: 2) + "\n")
        } else {
            let color = context.useColor(onStderr: true, options.color)
            context.console.writeErr(
                DiagnosticRenderer.text(result.diagnostics, color: color, codes: options.color.codes))
            context.console.writeErr(DiagnosticRenderer.summary(result.diagnostics))
            if result.isValid { context.console.writeOut(DiagnosticRenderer.valid(result.roster, paths: paths)) }
        }
        context.annotate(result.diagnostics)
        return result.isValid ? ExitCode.success : ExitCode.failure
    }

    /// The diagnostics document in the envelope every `--format json` output shares: the
    /// version first, and on failure the error a failed command's document has.
    static func json(_ result: RosterLoader.Result) -> JSONValue {
        guard case .object(let fields) = DiagnosticRenderer.json(result.diagnostics) else { return .null }
        let envelope = JSONEnvelope.wrap(fields)
        guard !result.isValid, case .object(var all) = envelope else { return envelope }
        let failure = CommandFailure(diagnostics: result.diagnostics, kind: .invalidRoster)
        all.append(("error", failure.json["error"] ?? .null))
        return .object(all)
    }
}
