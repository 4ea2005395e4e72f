import Foundation
import MPSClient
import RosterCore
import RosterModel
import RosterPull
import RosterReconcile
import RosterRender
import RosterSession

/// `roster pull [PATH…]`: writes the live space's changes back into the roster files, in place.
struct PullCommand: Command {
    static let name = "pull"
    static let summary = "Write the live space's changes into the roster files, in place (drift adopted)."
    static let usage = "roster pull [PATH…] [--dry-run] [--check] [--into FILE]"
    struct Options: CommandOptions {
        static let specs =
            [OptionCatalog.dryRun.spec, OptionCatalog.check.spec, OptionCatalog.into.spec]
        var paths: [String]
        var dryRun: Bool
        var check: Bool
        var into: String?
        var connection: ConnectionOptions

        /// Diagnostics' style: colour and, with `--verbose`, their codes.
        var style = ColorOptions()

        init(_ arguments: ParsedArguments) {
            style = ColorOptions(arguments)
            paths = arguments.positionals
            dryRun = arguments[OptionCatalog.dryRun]
            check = arguments[OptionCatalog.check]
            into = arguments[OptionCatalog.into]
            connection = ConnectionOptions(arguments)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await reporting(FailureStyle(color: options.style), context) {
            let request = try PlanRequest(paths: options.paths, prune: false, only: nil, exclude: nil)
            let made = try await LivePlan.make(request, options.connection, context)
            let (plan, roster) = (made.plan, made.roster)
            var texts: [String: String] = [:]
            for file in roster.files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw CommandFailure("cannot read the file", at: .file(file))
                }
                texts[file] = String(decoding: data, as: UTF8.self)
            }
            let into = try intoFile(options.into, roster.files)
            var puller = Puller(roster: roster, live: plan.live, texts: texts)
            let changed = puller.run(into: into)
            if !puller.diagnostics.isEmpty { throw CommandFailure(diagnostics: puller.diagnostics) }
            if !puller.warnings.isEmpty { context.console.writeErr(DiagnosticRenderer.text(puller.warnings)) }
            // Nothing is written (nor shown as a diff) unless the result loads and plans clean.
            let problems = PullCheck.problems(files: roster.files, texts: texts, changed: changed, live: plan.live)
            if !problems.isEmpty { throw CommandFailure(diagnostics: problems) }
            return try finish(changed, texts: texts, options, context)
        }
    }

    /// The roster file `--into` names, however its path is spelled; it must be one of the roster's.
    static func intoFile(_ given: String?, _ files: [String]) throws(CommandFailure) -> String? {
        guard let given else { return nil }
        let standard = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        guard let file = files.first(where: { standard($0) == standard(given) }) else {
            throw CommandFailure(
                "--into \(given) is not one of the roster's files (\(files.joined(separator: ", "))); name it among "
                    + "the PATHs too", kind: .usage)
        }
        return file
    }

    static func finish(
        _ changed: [String: String], texts: [String: String], _ options: Options, _ context: CommandContext
    ) throws -> ExitCode {
        let files = changed.keys.sorted()
        if options.dryRun {
            for file in files {
                context.console.writeOut(UnifiedDiff.render(texts[file] ?? "", changed[file] ?? "", path: file))
            }
        }
        if options.check {
            for file in files { context.console.writeErr("\(file) would change\n") }
            return files.isEmpty ? ExitCode.success : ExitCode.changes
        }
        if options.dryRun { return ExitCode.success }
        for file in files {
            try FileReplacer.save(Array((changed[file] ?? "").utf8), to: file, what: "the roster file")
        }
        let what =
            files.isEmpty ? "The roster already says what the space says." : "Updated \(files.joined(separator: ", "))."
        context.console.writeErr(what + "\n")
        return ExitCode.success
    }
}
