import RosterRender

/// `roster schema`: prints the roster file's JSON Schema.
struct SchemaCommand: Command {
    static let name = "schema"
    static let summary = "Print the JSON Schema of the roster file (for editors)."
    static let usage = "roster schema > roster.schema.json"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> Int32 {
        if let extra = arguments.positionals.first {
            return RosterCommandLine.usageError(
                UsageError(
                    message: "`roster schema` takes no argument, got `\(extra)`", hint: "run `roster help schema`"),
                context)
        }
        context.console.writeOut(RosterSchema.document().rendered(indent: 2) + "\n")
        return ExitCode.success
    }
}

/// `roster version`.
struct VersionCommand: Command {
    static let name = "version"
    static let summary = "Print the version."
    static let usage = "roster version"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> Int32 {
        context.console.writeOut("roster \(RosterCommandLine.version)\n")
        return ExitCode.success
    }
}

/// `roster help [COMMAND]`.
struct HelpCommand: Command {
    static let name = "help"
    static let summary = "Show the commands, or one command's options."
    static let usage = "roster help [COMMAND]"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> Int32 {
        // `roster help …` is answered by the dispatcher, which knows every command.
        await RosterCommandLine.main(["help"] + arguments.positionals, context: context)
    }
}
