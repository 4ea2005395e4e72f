import Foundation
import RosterCore
import RosterReconcile
import RosterRender
import RosterSession

/// `roster diff [REV | REV..REV] [PATH…]`: what changed between two versions of the roster in
/// git, in people's words, with no server.
struct DiffCommand: Command {
    static let name = "diff"
    static let summary = "Say what changed between two versions of the roster in git, person by person (no server)."
    static let usage = Usage.command("diff [REV | REV..REV] [PATH…]", Options.format.spec)
    struct Options: CommandOptions {
        enum Format: String, OutputFormat {
            case text, json, markdown
        }
        static let format = Option<Format>.format("output format (default text)")
        /// The revisions (the first word, unless it names a file or folder) and the roster's paths.
        var revisions: String?
        var paths: [String]
        var format: Format
        var style: ColorOptions

        init(_ arguments: ParsedArguments) {
            style = ColorOptions(arguments)
            format = arguments[Self.format]
            var words = arguments.positionals
            if let first = words.first, !FileManager.default.fileExists(atPath: first) {
                revisions = first
                words.removeFirst()
            }
            paths = words
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await reporting(FailureStyle(json: options.format == .json, color: options.style), context) {
            let diff = try DiffWorkflow(revisions: options.revisions, paths: options.paths).diff()
            let versions = DiffRenderer.Versions(
                from: diff.from.words, to: diff.to.words,
                json: [("from", json(diff.from)), ("to", json(diff.to))])
            let color = context.useColor(onStderr: false, options.style)
            context.console.writeOut(rendered(diff.plan, versions, options.format, color: color))
            return ExitCode.success
        }
    }

    /// The diff in `format`. Every format carries the changes and what the newer version schedules:
    /// `PlanFormatCoverageTests` check each case.
    static func rendered(
        _ plan: Plan, _ versions: DiffRenderer.Versions, _ format: Options.Format, color: Bool
    ) -> String {
        switch format {
        case .json: DiffRenderer.json(plan, versions)
        case .markdown: DiffRenderer.markdown(plan, versions)
        case .text: DiffRenderer.text(plan, versions, color: color)
        }
    }

    /// `{"ref": "main", "commit": "3f2a…"}`, both null for the working tree.
    static func json(_ version: DiffWorkflow.Version) -> JSONValue {
        .object([
            ("ref", version.ref.map(JSONValue.string) ?? .null),
            ("commit", version.commit.map(JSONValue.string) ?? .null),
        ])
    }
}
