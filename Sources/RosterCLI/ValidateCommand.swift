import RosterCore
import RosterModel
import RosterRender
import RosterSession

/// `roster validate [PATH…]`: loads and checks the roster without asking any server.
struct ValidateCommand: Command {
    static let name = "validate"
    static let summary = "Load and check a roster; print its diagnostics."
    static let usage = Usage.command("validate [PATH…]", FormatOnly.format.spec, staged.spec)
    static let staged = Option<Bool>.flag(
        "--staged", "check what git's index holds for the rosters of the files given (the pre-commit hook)")

    struct Options: CommandOptions {
        var paths: [String]
        var arguments: [String]
        var staged: Bool
        var format: TextOrJSON
        var color: ColorOptions

        init(_ arguments: ParsedArguments) {
            self.arguments = arguments.positionals
            paths = arguments.positionals.isEmpty ? [RosterLoader.defaultRoster()] : arguments.positionals
            format = arguments[FormatOnly.format]
            staged = arguments[ValidateCommand.staged]
            color = ColorOptions(arguments)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        guard options.staged else {
            return report(RosterLoader().load(paths: options.paths), paths: options.paths, options, context)
        }
        return await reporting(FailureStyle(json: options.format == .json, color: options.color), context) {
            let targets = try StagedRosters(arguments: options.arguments, in: context.currentDirectory).targets()
            guard options.format == .text else {
                let all = targets.flatMap(\.result.diagnostics)
                context.console.writeOut(json(all).rendered(indent: 2) + "\n")
                context.annotate(all)
                return all.hasErrors ? ExitCode.failure : ExitCode.success
            }
            var code = ExitCode.success
            for target in targets where report(target.result, paths: [target.name], options, context) != .success {
                code = .failure
            }
            return code
        }
    }

    /// The diagnostics of one load, and whether the roster is valid.
    static func report(
        _ result: RosterLoader.Result, paths: [String], _ options: Options, _ context: CommandContext
    ) -> ExitCode {
        if options.format == .json {
            context.console.writeOut(json(result.diagnostics).rendered(indent: 2) + "\n")
        } else {
            let color = context.useColor(onStderr: true, options.color)
            context.console.writeErr(
                DiagnosticRenderer.text(result.diagnostics, color: color, codes: options.color.codes))
            context.console.writeErr(DiagnosticRenderer.summary(result.diagnostics))
            if result.isValid && !paths.isEmpty {
                context.console.writeOut(DiagnosticRenderer.valid(result.roster, paths: paths))
            }
        }
        context.annotate(result.diagnostics)
        return result.isValid ? ExitCode.success : ExitCode.failure
    }

    /// The diagnostics document in the envelope every `--format json` output shares: the
    /// version first, and on failure the error a failed command's document has.
    static func json(_ diagnostics: [Diagnostic]) -> JSONValue {
        guard case .object(let fields) = DiagnosticRenderer.json(diagnostics) else { return .null }
        let envelope = JSONEnvelope.wrap(fields)
        guard diagnostics.hasErrors, case .object(var all) = envelope else { return envelope }
        let failure = CommandFailure(diagnostics: diagnostics, kind: .invalidRoster)
        all.append(("error", failure.json["error"] ?? .null))
        return .object(all)
    }
}
