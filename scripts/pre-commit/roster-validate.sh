#!/usr/bin/env bash
# The pre-commit hook roster-validate (.pre-commit-hooks.yaml): validates what the commit will
# hold — the staged content (git's index) of every roster the commit touches, each roster whole,
# so that a roster split over several files is checked together (a team in teams.yaml names
# people of people.yaml). A roster file the commit deletes counts as touched; a file that is not
# staged (untracked, or changed and not added) is never read. Diagnostics are file:line:col, as
# `roster validate` prints them. Needs `roster` on the PATH.
#
# roster does the work (`roster validate --staged`): it reads the index as data, through the one
# place it runs git, so no setting or file of the repository runs a program (docs/security.md).
# The roster a file belongs to: the folder given with --roster that holds it; else the outermost
# folder called roster/ that holds it; else the file alone (a roster in one file, roster.yaml).
# Usage: roster-validate.sh [--roster FOLDER]… [FILE…]
# A file name is a path, whatever it looks like: an argument that names a file of the index is a
# file, never an option of this hook.
set -euo pipefail
if ! command -v roster > /dev/null; then
    echo "error: roster is not on the PATH; install it (see roster's README) to use the roster-validate hook" >&2
    exit 1
fi
exec roster validate --staged -- "$@"
