import RosterRender
import RosterSession

/// `roster export`: writes the live space as a roster file that plans clean.
struct ExportCommand: Command {
    static let name = "export"
    static let summary = "Write the live space as a roster file."
    static let usage = Usage.command("export", Options.format.spec, Options.out.spec, Options.ids.spec)
    struct Options: CommandOptions {
        enum Format: String, OutputFormat {
            case yaml, json
        }
        static let format = Option<Format>.format("output format (default yaml)")
        static let out = OptionCatalog.out.help("write the roster there instead of standard output")
        static let ids = Option<Bool>.flag(
            "--ids", "pin every person's and team's live id (`id:`), not only where names repeat")
        var format: Format
        var ids: Bool
        var out: String?
        var links: FileReplacer.Links
        var connection: ConnectionOptions
        /// Diagnostics' style: colour and, with `--verbose`, their codes.
        var style: ColorOptions

        init(_ arguments: ParsedArguments) throws(UsageError) {
            style = ColorOptions(arguments)
            if let extra = arguments.positionals.first {
                throw UsageError(
                    message: "`roster export` takes no path, got `\(extra)`", hint: "use --out FILE to write a file")
            }
            format = arguments[Self.format]
            out = arguments[Self.out]
            ids = arguments[Self.ids]
            links = arguments[OptionCatalog.followSymlinks] ? .anywhere : .withinRepository
            connection = ConnectionOptions(arguments)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await reporting(FailureStyle(json: options.format == .json, color: options.style), context) {
            let format = options.format
            // Checked first: a path that cannot be written fails before the server is read.
            if let out = options.out { try FileReplacer.check(out, what: "the roster", links: options.links) }
            let (live, pinned) = try await LiveSession.readSpace(
                options.connection, environment: context.environment,
                log: context.log(verbose: options.connection.verbose))
            var exporter = RosterExporter(live: live, pinSpace: pinned, pinIDs: options.ids)
            let text = exporter.text(json: format == .json)
            context.console.writeErr(DiagnosticRenderer.text(exporter.warnings))
            if let out = options.out {
                try FileReplacer.save(Array(text.utf8), to: out, what: "the roster", links: options.links)
                context.console.writeErr("Wrote \(live.users.count) people and \(live.teams.count) teams to \(out).\n")
            } else {
                context.console.writeOut(text)
            }
            return ExitCode.success
        }
    }
}
