#!/usr/bin/env bash
# The action's one step: runs ROSTER_COMMAND (validate, plan, apply or drift) on ROSTER_PATH, the
# way a repository that keeps its roster in git needs it on GitHub. Reads the inputs from the
# environment (never from the workflow's text), writes outputs to $GITHUB_OUTPUT and the plan to
# $GITHUB_STEP_SUMMARY.
#   validate   roster validate, with annotations; needs no token
#   plan       the plan as the job summary, one pull-request comment (updated on every push), the
#              plan saved for the merge; outputs changes (true/false), exitcode, plan-file. A pull
#              request from a fork (no secrets) is validated only.
#   apply      applies exactly the plan reviewed on the merged pull request; a stale one is refused
#   drift      roster pull, as one pull request (branch roster/drift), opened or updated
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command=${ROSTER_COMMAND:?"set the action's command input: validate, plan, apply or drift"}
path=${ROSTER_PATH:-roster/}
# The token never appears in a log, whatever prints it.
if [ -n "${MPS_TOKEN:-}" ]; then echo "::add-mask::$MPS_TOKEN"; fi
[ -n "${MPS_ENDPOINT:-}" ] || unset MPS_ENDPOINT

output() { if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "$1=$2" >> "$GITHUB_OUTPUT"; fi; }

# The pull request's number and the repository its head comes from, from the event.
event() {
    python3 - "$1" <<'PY'
import json, os, sys
try:
    event = json.load(open(os.environ.get("GITHUB_EVENT_PATH") or os.devnull))
except (OSError, ValueError):
    event = {}
pr = event.get("pull_request") or {}
print({"number": pr.get("number", ""), "head": ((pr.get("head") or {}).get("repo") or {}).get("full_name", "")}[sys.argv[1]])
PY
}

plan() {
    local number head
    number=$(event number) head=$(event head)
    if [ -z "${MPS_TOKEN:-}" ] || { [ -n "$head" ] && [ "$head" != "${GITHUB_REPOSITORY:-}" ]; }; then
        echo "::notice::No MPS token here (a pull request from a fork gets no secrets): validating only."
        roster validate "$path"
        return
    fi
    local out=${RUNNER_TEMP:-.}/roster-plan status=0
    "$here/plan-comment.sh" "$path" "$out" || status=$?
    if [ "$status" -ne 0 ] && [ "$status" -ne 2 ]; then exit "$status"; fi
    [ -z "${GITHUB_STEP_SUMMARY:-}" ] || tail -n +2 "$out/comment.md" >> "$GITHUB_STEP_SUMMARY"
    if [ "${ROSTER_COMMENT:-true}" = true ] && [ -n "$number" ]; then
        "$here/upsert-comment.sh" "$number" "$out/comment.md"
    fi
    output changes "$([ "$status" -eq 2 ] && echo true || echo false)"
    output exitcode "$status"
    output plan-file "$out/plan.json"
}

case $command in
    validate) roster validate "$path" ;;
    plan) plan ;;
    apply)
        # The workflow whose plan runs saved the reviewed plans: this one, unless named.
        workflow=${ROSTER_WORKFLOW:-$(basename "${GITHUB_WORKFLOW_REF%%@*}")}
        "$here/apply-reviewed.sh" "$workflow"
        ;;
    drift) "$here/drift-pr.sh" "$path" ;;
    *) echo "error: unknown command \"$command\"; the action runs validate, plan, apply or drift" >&2; exit 1 ;;
esac
