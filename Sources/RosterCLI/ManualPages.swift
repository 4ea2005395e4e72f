import RosterRender

/// The manual pages, `roster(1)` and one per command, made from the command registry that help
/// and completion read, so that no page can miss a command or an option.
enum ManualPages {
    /// The date the pages carry: this version's release.
    static let date = "November 25, 2026"

    /// Every page: its file name (`roster-plan.1`) and its mdoc text.
    static func all() -> [(file: String, text: String)] {
        [("roster.1", main().mdoc(date: date, version: RosterCommandLine.version))]
            + RosterCommandLine.listed(RosterCommandLine.commands).map { command in
                ("roster-\(command.name).1", page(command).mdoc(date: date, version: RosterCommandLine.version))
            }
    }

    /// The page of `command`.
    static func page(_ command: any Command.Type) -> ManualPage {
        let invocation = "roster \(command.name)"
        let usage = command.usage.description
        let arguments =
            usage.hasPrefix(invocation)
            ? String(usage.dropFirst(invocation.count)).trimmingCharacters(in: .whitespaces) : usage
        // The synopsis names the subcommands (`login|logout|status`); the description lists them too.
        let subcommands =
            command.subcommands.isEmpty
            ? [] : ["Subcommands: " + command.subcommands.map { "\(invocation) \($0)" }.joined(separator: ", ") + "."]
        return ManualPage(
            name: "roster-\(command.name)", summary: command.summary, command: invocation, arguments: arguments,
            description: [command.summary] + subcommands + ["Exit codes are those of roster(1)."],
            options: command.options.map { ManualPage.Option(name: $0.name, value: $0.value, help: $0.help) }
                + [ManualPage.Option(name: "--help", value: nil, help: "show the command's help")],
            seeAlso: ["roster"])
    }

    /// `roster(1)`: what roster is, its commands, environment, files and exit codes.
    static func main() -> ManualPage {
        let commands = RosterCommandLine.listed(RosterCommandLine.commands)
        return ManualPage(
            name: "roster", summary: "keep an MPS space's people, teams and job level limits as code",
            command: "roster", arguments: "COMMAND [OPTIONS] [PATH...]",
            description: [
                "roster reads the desired state of an MPS space from roster files (YAML or JSON, kept in git), "
                    + "reads the live state from the MPS server's GraphQL API, shows the difference as a plan, "
                    + "and applies it in dependency order.",
                "Run roster help COMMAND, or see the command's own page, for its options.",
            ],
            options: [
                ManualPage.Option(name: "--help", value: nil, help: "list the commands"),
                ManualPage.Option(name: "--version", value: nil, help: "print the version"),
            ],
            sections: [
                ManualPage.Section(title: "COMMANDS", items: commands.map { ("roster \($0.name)", $0.summary) }),
                ManualPage.Section(title: "ENVIRONMENT", items: ManualPage.environment),
                ManualPage.Section(title: "FILES", items: ManualPage.files),
                ManualPage.Section(title: "EXIT STATUS", items: ManualPage.exitCodes),
            ],
            seeAlso: commands.map { "roster-\($0.name)" }.sorted())
    }
}
