import Foundation
import MPSClient
import RosterCore
import RosterModel
import RosterReconcile
import RosterRender

/// `roster pull [PATH…]`: writes the live space's changes back into the roster files, in place.
struct PullCommand: Command {
    static let name = "pull"
    static let summary = "Write the live space's changes into the roster files, in place (drift adopted)."
    static let usage = "roster pull [PATH…] [--dry-run] [--check] [--into FILE]"
    static let options =
        [
            OptionSpec("--dry-run", "print a unified diff of the files instead of writing them"),
            OptionSpec("--check", "write nothing; exit 2 when the files would change"),
            OptionSpec("--into", value: "FILE", "append new people and teams to this file"),
        ] + Connection.options

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> Int32 {
        await reporting(arguments, context) {
            let (plan, _, roster, _) = try await PlanCommand.makePlan(arguments, context)
            var texts: [String: String] = [:]
            for file in roster.files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw CommandFailure("cannot read the file", at: .file(file))
                }
                texts[file] = String(decoding: data, as: UTF8.self)
            }
            var puller = Puller(roster: roster, live: plan.live, texts: texts)
            let changed = puller.run(into: arguments.value("--into"))
            if !puller.diagnostics.isEmpty { throw CommandFailure(diagnostics: puller.diagnostics) }
            return try finish(changed, texts: texts, arguments, context)
        }
    }

    static func finish(
        _ changed: [String: String], texts: [String: String], _ arguments: ParsedArguments,
        _ context: CommandContext
    ) throws -> Int32 {
        let files = changed.keys.sorted()
        if arguments.flag("--check") {
            for file in files { context.console.writeErr("\(file) would change\n") }
            return files.isEmpty ? ExitCode.success : ExitCode.changes
        }
        if arguments.flag("--dry-run") {
            for file in files {
                context.console.writeOut(UnifiedDiff.render(texts[file] ?? "", changed[file] ?? "", path: file))
            }
            return ExitCode.success
        }
        for file in files {
            guard FileReplacer.replace(file, with: Array((changed[file] ?? "").utf8)) else {
                throw CommandFailure("cannot write the file", at: .file(file))
            }
        }
        let what =
            files.isEmpty ? "The roster already says what the space says." : "Updated \(files.joined(separator: ", "))."
        context.console.writeErr(what + "\n")
        return ExitCode.success
    }
}
