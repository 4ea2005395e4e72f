#!/usr/bin/env bash
# The action's one step: runs ROSTER_COMMAND (validate, plan, apply or drift) on ROSTER_PATH with
# the shared loop (scripts/ci/loop.sh) and its GitHub adapter. Reads the inputs from the
# environment (never from the workflow's text), writes outputs to $GITHUB_OUTPUT and the plan to
# $GITHUB_STEP_SUMMARY.
set -euo pipefail
exec "$(cd "$(dirname "$0")/../ci" && pwd)/loop.sh" github run \
    "${ROSTER_COMMAND:?"set the action's command input: validate, plan, apply, drift or comment-diff"}"
