import RosterCore

/// `roster help --format json`: the commands and their options, own and global, as a versioned
/// document, from the same registry as the text.
package enum HelpJSON {
    /// A command as help lists it.
    package struct Command {
        var name, summary, usage: String
        var subcommands: [String]
        var options: [Option]

        package init(name: String, summary: String, usage: String, subcommands: [String], options: [Option]) {
            (self.name, self.summary, self.usage, self.subcommands, self.options) =
                (name, summary, usage, subcommands, options)
        }
    }

    /// An option: its name, its value's placeholder (nil for a flag), its help, and whether every
    /// command takes it.
    package struct Option {
        var name: String
        var value: String?
        var help: String
        var global: Bool

        package init(name: String, value: String?, help: String, global: Bool) {
            (self.name, self.value, self.help, self.global) = (name, value, help, global)
        }
    }

    package static func document(_ commands: [Command]) -> String {
        let list = commands.map { command in
            JSONValue.object([
                ("name", .string(command.name)), ("summary", .string(command.summary)),
                ("usage", .string(command.usage)), ("subcommands", .array(command.subcommands.map(JSONValue.string))),
                ("options", .array(command.options.map(json))),
            ])
        }
        return JSONEnvelope.wrap([("commands", .array(list))]).rendered(indent: 2) + "\n"
    }

    static func json(_ option: Option) -> JSONValue {
        .object([
            ("name", .string(option.name)), ("value", option.value.map(JSONValue.string) ?? .null),
            ("help", .string(option.help)), ("global", .bool(option.global)),
        ])
    }
}
