#!/usr/bin/env bash
# The pre-commit hook roster-validate (.pre-commit-hooks.yaml): validates the rosters that the
# files of a commit belong to, each roster whole, so that a roster split over several files is
# checked together (a team in teams.yaml names people of people.yaml). Diagnostics are
# file:line:col, as `roster validate` prints them. Needs `roster` on the PATH.
#
# The roster a file belongs to: the folder given with --roster that holds it; else the outermost
# folder called roster/ that holds it; else the file alone (a roster in one file, roster.yaml).
# Usage: roster-validate.sh [--roster FOLDER]… FILE…
set -euo pipefail
rosters=()
while [ $# -gt 0 ]; do
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
    dir=$(dirname "$file")
    while [ "$dir" != . ] && [ "$dir" != / ]; do
        [ "$(basename "$dir")" = roster ] && outer=$dir
        dir=$(dirname "$dir")
    done
    if [ -n "$outer" ]; then echo "$outer/"; else echo "$file"; fi
}

# Each roster once, in the order its first file came.
targets=()
for file in "$@"; do
    target=$(roster_of "$file") seen=false
    for known in ${targets[@]+"${targets[@]}"}; do [ "$known" = "$target" ] && seen=true; done
    $seen || targets+=("$target")
done
status=0
for target in ${targets[@]+"${targets[@]}"}; do
    roster validate "$target" || status=1
done
exit "$status"
