import RosterRender

/// `roster completion bash|zsh|fish`: a completion script. The scripts are small and the same
/// for every version: on TAB they ask `roster __complete WORD…`, which answers from the one
/// command registry (commands, their options, the values of `--format`, `--color` and
/// `--only`, profile names from the config file), so nothing is listed twice by hand.
struct CompletionCommand: Command {
    static let name = "completion"
    static let subcommands = ["bash", "zsh", "fish"]
    static let summary = "Print a shell completion script: bash, zsh or fish."
    static let usage = Usage([.words("completion bash|zsh|fish")])

    static func run(_ options: NoOptions, _ context: CommandContext) async -> ExitCode {
        guard options.words.count == 1, let script = CompletionScripts.all[options.words[0]] else {
            return RosterCommandLine.usageError(
                UsageError(
                    message: "`roster completion` takes a shell: bash, zsh or fish",
                    hint: "for example `roster completion bash`"), context)
        }
        context.console.writeOut(script)
        return ExitCode.success
    }
}
