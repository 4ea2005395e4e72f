#!/usr/bin/env bash
# The pre-commit hook roster-validate (.pre-commit-hooks.yaml): validates what the commit will
# hold — the staged content (git's index) of every roster the commit touches, each roster whole,
# so that a roster split over several files is checked together (a team in teams.yaml names
# people of people.yaml). A roster file the commit deletes counts as touched (pre-commit passes
# no deleted file: the hook asks git); a file that is not staged (untracked, or changed and not
# added) is never read. Diagnostics are file:line:col, as `roster validate` prints them. Needs
# `roster` on the PATH.
#
# The roster a file belongs to: the folder given with --roster that holds it; else the outermost
# folder called roster/ that holds it; else the file alone (a roster in one file, roster.yaml).
# Usage: roster-validate.sh [--roster FOLDER]… [FILE…]
# A file name is a path, whatever it looks like: every command gets it after `--`, and an argument
# that names a file of the repository's index is a file, never an option of this hook.
set -euo pipefail
rosters=()
while [ $# -gt 0 ]; do
    if git ls-files --error-unmatch -- "$1" > /dev/null 2>&1; then break; fi
    case $1 in
        --roster) rosters+=("${2%/}"); shift 2 ;;
        --roster=*) value=${1#--roster=}; rosters+=("${value%/}"); shift ;;
        --) shift; break ;;
        *) break ;;
    esac
done
if ! command -v roster > /dev/null; then
    echo "error: roster is not on the PATH; install it (see roster's README) to use the roster-validate hook" >&2
    exit 1
fi

# The roster FILE belongs to.
roster_of() {
    local file=$1 named dir outer=""
    for named in ${rosters[@]+"${rosters[@]}"}; do
        case $file in "$named"/*) echo "$named/"; return ;; esac
    done
    dir=$(dirname -- "$file")
    while [ "$dir" != . ] && [ "$dir" != / ]; do
        [ "$(basename -- "$dir")" = roster ] && outer=$dir
        dir=$(dirname -- "$dir")
    done
    if [ -n "$outer" ]; then echo "$outer/"; else echo "$file"; fi
}

# Whether a deleted FILE was part of a roster: in a --roster folder or a roster/ folder, or a
# roster file of its own (the hook's `files` pattern).
is_roster_file() {
    local file=$1 named
    case $file in *.yaml | *.yml | *.json) ;; *) return 1 ;; esac
    for named in ${rosters[@]+"${rosters[@]}"}; do
        case $file in "$named"/*) return 0 ;; esac
    done
    case /$file in */roster/* | */roster.yaml | */roster.yml | */roster.json) return 0 ;; esac
    return 1
}

# The files the commit touches: those pre-commit passes, and the roster files it deletes.
touched=("$@")
while IFS= read -r -d '' file; do
    is_roster_file "$file" && touched+=("$file")
done < <(git diff --cached --name-only -z --diff-filter=D)

# Each roster once, in the order its first file came.
targets=()
for file in ${touched[@]+"${touched[@]}"}; do
    target=$(roster_of "$file") seen=false
    for known in ${targets[@]+"${targets[@]}"}; do [ "$known" = "$target" ] && seen=true; done
    $seen || targets+=("$target")
done

# Each roster as the index holds it, written out in a folder of its own and validated there, so
# that diagnostics name the files as the repository does.
staged=$(mktemp -d)
trap 'rm -rf "$staged"' EXIT
status=0
for target in ${targets[@]+"${targets[@]}"}; do
    if [ -z "$(git ls-files -- "$target")" ]; then
        # Nothing of it is staged: a single-file roster deleted, or a folder emptied.
        case $target in */) echo "$target: error: the commit leaves no roster file in it" >&2; status=1 ;; esac
        continue
    fi
    git ls-files -z -- "$target" | git checkout-index --force -z --stdin --prefix="$staged/"
    (cd "$staged" && roster validate -- "$target") || status=1
done
exit "$status"
