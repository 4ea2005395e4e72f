import RosterRender

/// `roster help --format json`, from the command registry.
enum HelpDocument {
    static func json(_ commands: [any Command.Type]) -> String {
        HelpJSON.document(
            commands.map { command in
                HelpJSON.Command(
                    name: command.name, summary: command.summary, usage: command.usage.description,
                    subcommands: command.subcommands,
                    options: command.options.map {
                        .init(name: $0.name, value: $0.value, help: $0.help, global: GlobalOptions.contains($0.name))
                    })
            })
    }
}
