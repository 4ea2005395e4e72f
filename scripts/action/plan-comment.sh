#!/usr/bin/env bash
# The Action's name for the shared plan note (scripts/ci/plan-note.sh).
# Usage: plan-comment.sh ROSTER_PATH OUT_DIR
exec "$(cd "$(dirname "$0")/../ci" && pwd)/plan-note.sh" "$@"
