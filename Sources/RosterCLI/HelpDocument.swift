import RosterCore

/// `roster help --format json`: the commands and their options, own and global, as a versioned
/// document, from the same registry as the text.
enum HelpDocument {
    static func json(_ commands: [any Command.Type]) -> String {
        let list = commands.map { command in
            JSONValue.object([
                ("name", .string(command.name)), ("summary", .string(command.summary)),
                ("usage", .string(command.usage)), ("subcommands", .array(command.subcommands.map(JSONValue.string))),
                (
                    "options",
                    .array(
                        command.options.map { option in
                            .object([
                                ("name", .string(option.name)), ("value", option.value.map(JSONValue.string) ?? .null),
                                ("help", .string(option.help)), ("global", .bool(GlobalOptions.contains(option.name))),
                            ])
                        })
                ),
            ])
        }
        return JSONEnvelope.wrap([("commands", .array(list))]).rendered(indent: 2) + "\n"
    }
}
