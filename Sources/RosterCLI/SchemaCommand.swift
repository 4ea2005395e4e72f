import RosterRender

/// `roster schema`: prints the roster file's JSON Schema.
struct SchemaCommand: Command {
    static let name = "schema"
    static let summary = "Print the JSON Schema of the roster file (for editors)."
    static let usage = Usage([.words("schema > roster.schema.json")])

    static func run(_ options: NoOptions, _ context: CommandContext) async -> ExitCode {
        if let extra = options.words.first {
            return RosterCommandLine.usageError(
                UsageError(
                    message: "`roster schema` takes no argument, got `\(extra)`", hint: "run `roster help schema`"),
                context)
        }
        context.console.writeOut(RosterSchema.document().rendered(indent: 2) + "\n")
        return ExitCode.success
    }
}
