#!/usr/bin/env bash
# On a push to main: applies exactly the plan reviewed on the merged pull request (the artifact
# its last successful plan run saved), with the shared loop and its GitHub adapter.
# Usage: apply-reviewed.sh WORKFLOW_FILE        (needs GH_TOKEN, GITHUB_REPOSITORY, GITHUB_SHA)
exec "$(cd "$(dirname "$0")/../ci" && pwd)/loop.sh" github apply-reviewed "$@"
