# The GitHub adapter of roster's loop (sourced by loop.sh): GitHub's words, the runner's files
# (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, the event) and `gh` with GH_TOKEN for the rest.
host_note_word=comment
host_change_word="pull request"
host_bot_email=roster@users.noreply.github.com

host_mask() { echo "::add-mask::$1"; }
host_notice() { echo "::notice::$1"; }
host_output() { if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "$1=$2" >> "$GITHUB_OUTPUT"; fi; }
host_plan_dir() { echo "${RUNNER_TEMP:-.}/roster-plan"; }

# The plan (without its marker line) as the job's summary.
host_show_plan() { [ -z "${GITHUB_STEP_SUMMARY:-}" ] || tail -n +2 "$1" >> "$GITHUB_STEP_SUMMARY"; }

# A field of the pull request in the event: its number, or the repository its head comes from.
github_event() {
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

host_change_number() { github_event number; }

host_from_fork() {
    local head
    head=$(github_event head)
    [ -n "$head" ] && [ "$head" != "${GITHUB_REPOSITORY:-}" ]
}

host_find_note() {
    gh api "repos/$GITHUB_REPOSITORY/issues/$1/comments" --paginate \
        --jq ".[] | select(.body | startswith(\"$2\")) | .id" | head -n 1
}

host_create_note() { gh api --method POST "repos/$GITHUB_REPOSITORY/issues/$1/comments" -F "body=@$2" > /dev/null; }

host_update_note() { gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$2" -F "body=@$3" > /dev/null; }

# The plan reviewed on the pull request GITHUB_SHA came from: the artifact the last successful
# run of WORKFLOW (default: this one) saved for its last commit, into DIR.
host_reviewed_plan() {
    local dir=$1 workflow=${2:-} pr head run
    [ -n "$workflow" ] || workflow=$(basename "${GITHUB_WORKFLOW_REF%%@*}")
    pr=$(gh api "repos/$GITHUB_REPOSITORY/commits/$GITHUB_SHA/pulls" --jq '.[0].number // empty')
    if [ -z "$pr" ]; then
        echo "error: $GITHUB_SHA came from no pull request, so no plan was reviewed; change the roster through a pull request" >&2
        exit 1
    fi
    head=$(gh pr view "$pr" --json headRefOid --jq .headRefOid)
    run=$(gh run list --workflow "$workflow" --commit "$head" --status success --json databaseId --jq '.[0].databaseId // empty')
    if [ -z "$run" ]; then
        echo "error: pull request #$pr has no successful plan run for its last commit $head" >&2
        exit 1
    fi
    gh run download "$run" --name roster-plan --dir "$dir"
}

host_push_remote() { echo origin; }

# The git options that let this one push use GH_TOKEN, in the array push_auth.
host_push_auth() {
    if [ -n "${GH_TOKEN:-}" ] && [ -n "${GITHUB_SERVER_URL:-}" ]; then
        local basic
        basic=$(printf 'x-access-token:%s' "$GH_TOKEN" | base64 | tr -d '\n')
        echo "::add-mask::$basic"
        push_auth=(-c "http.$GITHUB_SERVER_URL/.extraheader=AUTHORIZATION: basic $basic")
    fi
}

host_open_drift() {
    local branch=$1 title=$2 body=$3
    if [ -z "$(gh pr list --head "$branch" --state open --json number --jq '.[].number')" ]; then
        gh pr create --head "$branch" --title "$title" --body "$body"
    else
        echo "updated the open drift pull request"
    fi
}
