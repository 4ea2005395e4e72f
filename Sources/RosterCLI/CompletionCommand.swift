import Foundation
import RosterCore
import RosterReconcile

/// `roster completion bash|zsh|fish`: a completion script. The scripts are small and the same
/// for every version: on TAB they ask `roster __complete WORD…`, which answers from the one
/// command registry (commands, their options, the values of `--format`, `--color` and
/// `--only`, profile names from the config file), so nothing is listed twice by hand.
struct CompletionCommand: Command {
    static let name = "completion"
    static let subcommands = ["bash", "zsh", "fish"]
    static let summary = "Print a shell completion script: bash, zsh or fish."
    static let usage = "roster completion bash|zsh|fish"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> Int32 {
        await reporting(arguments, context) {
            guard arguments.positionals.count == 1, let script = scripts[arguments.positionals[0]] else {
                throw UsageError(
                    message: "`roster completion` takes a shell: bash, zsh or fish",
                    hint: "for example `roster completion bash`")
            }
            context.console.writeOut(script)
            return ExitCode.success
        }
    }

    static let scripts: [String: String] = ["bash": bash, "zsh": zsh, "fish": fish]

    static let bash = """
        # roster completion for bash: `source <(roster completion bash)`, or install into
        # /usr/share/bash-completion/completions/roster.
        _roster() {
            local cur=${COMP_WORDS[COMP_CWORD]} IFS=$'\\n' out files=0
            out=($(roster __complete "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
            if [[ ${#out[@]} -gt 0 && ${out[${#out[@]}-1]} == ":files" ]]; then
                unset 'out[${#out[@]}-1]'
                files=1
            fi
            COMPREPLY=("${out[@]}")
            if [[ $files -eq 1 ]]; then
                compopt -o filenames 2>/dev/null
                COMPREPLY+=($(compgen -f -- "$cur"))
            fi
        }
        complete -F _roster roster

        """

    static let zsh = """
        #compdef roster
        # roster completion for zsh: `source <(roster completion zsh)` after compinit, or install
        # as _roster in a folder of $fpath.
        _roster() {
            local -a out
            out=("${(@f)$(roster __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
            if [[ ${#out} -gt 0 && ${out[-1]} == ":files" ]]; then
                out[-1]=()
                compadd -a out
                _files
            else
                compadd -a out
            fi
        }
        compdef _roster roster

        """

    static let fish = """
        # roster completion for fish: `roster completion fish | source`, or install into
        # ~/.config/fish/completions/roster.fish.
        function __roster_complete
            set -l words (commandline -opc) (commandline -ct)
            for line in (roster __complete $words[2..-1] 2>/dev/null)
                if test "$line" = ":files"
                    __fish_complete_path (commandline -ct)
                else
                    echo $line
                end
            end
        end
        complete -c roster -f -a '(__roster_complete)'

        """
}

/// `roster __complete WORD…`: the candidates for the last word, one a line; `:files` last when
/// file names fit there too. Answers from the command registry and the config file.
struct CompleteCommand: Command {
    static let name = "__complete"
    static let summary = ""
    static let usage = "roster __complete WORD…"
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> Int32 {
        context.console.writeOut(candidates(arguments.positionals, context).map { $0 + "\n" }.joined())
        return ExitCode.success
    }

    static func candidates(_ words: [String], _ context: CommandContext) -> [String] {
        let current = words.last ?? ""
        let commands = RosterCommandLine.commands
        guard words.count > 1, let command = commands.first(where: { $0.name == words[0] }) else {
            return RosterCommandLine.listed(commands).map { $0.name }.filter { $0.hasPrefix(current) }
        }
        let previous = words[words.count - 2]
        if let option = command.options.first(where: { $0.name == previous }), let value = option.value {
            return values(option.name, value, context).filter { $0.hasPrefix(current) || $0 == ":files" }
        }
        if current.hasPrefix("-") {
            return (command.options.map(\.name) + ["--help"]).filter { $0.hasPrefix(current) }
        }
        if words.count == 2, !command.subcommands.isEmpty {
            return command.subcommands.filter { $0.hasPrefix(current) }
        }
        return [":files"]
    }

    /// The values an option takes: its listed choices, profile names, selector kinds, or files.
    static func values(_ option: String, _ placeholder: String, _ context: CommandContext) -> [String] {
        switch option {
        case "--profile": return profiles(context)
        case "--only", "--exclude":
            return PlanSelection.forms
        case "--token-file", "--out", "--into": return [":files"]
        default:
            let choices = placeholder.split(separator: "|").map(String.init)
            return choices.count > 1 ? choices : []
        }
    }

    /// Profile names of the config file, for `--profile`.
    static func profiles(_ context: CommandContext) -> [String] {
        let file = ConfigFile.path(context.environment)
        guard let bytes = try? ConfigFile.read(file),
            let (profiles, _) = try? ConfigFile.parse(bytes, file: file, env: context.environment)
        else { return [] }
        return profiles.keys.sorted()
    }
}
