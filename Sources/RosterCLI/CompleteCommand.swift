import RosterModel
import RosterReconcile
import RosterSession

/// `roster __complete WORD…`: the candidates for the last word, one a line; `:files` last when
/// file names fit there too. Answers from the command registry and the config file.
struct CompleteCommand: Command {
    static let name = "__complete"
    static let summary = ""
    static let usage = Usage([.words("__complete WORD…")])

    static func run(_ options: NoOptions, _ context: CommandContext) async -> ExitCode {
        context.console.writeOut(candidates(options.words, context).map { $0 + "\n" }.joined())
        return ExitCode.success
    }

    static func candidates(_ words: [String], _ context: CommandContext) -> [String] {
        let current = unquoted(words.last ?? "")
        let commands = RosterCommandLine.commands
        guard words.count > 1, let command = commands.first(where: { $0.name == words[0] }) else {
            return RosterCommandLine.listed(commands).map { $0.name }.filter { $0.hasPrefix(current) }
        }
        let previous = words[words.count - 2]
        if let option = command.options.first(where: { $0.name == previous }), let value = option.value {
            return values(option.name, value, words, context).filter { $0.hasPrefix(current) || $0 == ":files" }
        }
        if current.hasPrefix("-") {
            return (command.options.map(\.name) + ["--help"]).filter { $0.hasPrefix(current) }
        }
        if words.count == 2, !command.subcommands.isEmpty {
            return command.subcommands.filter { $0.hasPrefix(current) }
        }
        if let names = NameSlot.names(command.name, words, context) {
            return names.filter { $0.hasPrefix(current) }
        }
        return [":files"]
    }

    /// The word as the shell will pass it: without an opening quote or backslash escapes.
    static func unquoted(_ word: String) -> String {
        var word = Substring(word)
        if let first = word.first, first == "\"" || first == "'" { word = word.dropFirst() }
        return word.replacingOccurrences(of: "\\ ", with: " ")
    }

    /// The values an option takes: its listed choices, profile names, selectors with the
    /// roster's names, people and teams of the roster, or files.
    static func values(
        _ option: String, _ placeholder: String, _ words: [String], _ context: CommandContext
    )
        -> [String]
    {
        // An option that sets a person's field of a fixed set takes its values (the field table).
        if let field = PersonField.all.first(where: { $0.row.option == option }),
            case .fixedSet(let values) = field.kind
        {
            return values
        }
        switch option {
        case "--profile": return profiles(context)
        case "--only", "--exclude": return NameSlot.selectors(unquoted(words.last ?? ""), words)
        case "--to", "--team", "--from": return NameSlot.roster(words).teams
        case "--successor", "--lead": return NameSlot.roster(words).people
        case "--members": return NameSlot.list(unquoted(words.last ?? ""), NameSlot.roster(words).people)
        case "--token-file", "--out", "--into": return [":files"]
        default:
            let choices = placeholder.split(separator: "|").map(String.init)
            return choices.count > 1 ? choices : []
        }
    }

    /// Profile names of the config file, for `--profile`.
    static func profiles(_ context: CommandContext) -> [String] {
        ConfigFile.profileNames(environment: context.environment)
    }
}
