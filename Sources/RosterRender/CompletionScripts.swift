/// The shell completion scripts `roster completion` prints. They are small and the same for
/// every version: on TAB they ask `roster __complete WORD…`, which answers from the command
/// registry, so nothing is listed twice by hand.
package enum CompletionScripts {
    /// By shell name.
    package static let all: [String: String] = ["bash": bash, "zsh": zsh, "fish": fish]

    static let bash = """
        # roster completion for bash: `source <(roster completion bash)`, or install into
        # /usr/share/bash-completion/completions/roster.
        _roster() {
            local cur=${COMP_WORDS[COMP_CWORD]} IFS=$'\\n' out files=0 words=() i reply
            # bash splits `person:NAME` at the colon: the words go to roster joined again.
            for ((i = 1; i <= COMP_CWORD; i++)); do
                if [[ ${#words[@]} -gt 0 && ( ${COMP_WORDS[i]} == ":" || ${COMP_WORDS[i-1]} == ":" ) ]]; then
                    words[${#words[@]}-1]+=${COMP_WORDS[i]}
                else
                    words+=("${COMP_WORDS[i]}")
                fi
            done
            out=($(roster __complete "${words[@]}" 2>/dev/null))
            if [[ ${#out[@]} -gt 0 && ${out[${#out[@]}-1]} == ":files" ]]; then
                unset 'out[${#out[@]}-1]'
                files=1
            fi
            # Each answer replaces only bash's current word (after a colon), its spaces escaped.
            local typed=${words[${#words[@]}-1]}
            [[ $cur == ":" ]] && cur=""
            local before=${typed%"$cur"}
            COMPREPLY=()
            for reply in "${out[@]}"; do COMPREPLY+=("$(printf '%q' "${reply#"$before"}")"); done
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
