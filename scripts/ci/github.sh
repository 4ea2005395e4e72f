# The GitHub adapter of roster's loop (sourced by loop.sh): GitHub's words, the runner's files
# (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, the event) and `gh` with GH_TOKEN for the rest.
host_name=GitHub
host_note_word=comment
host_change_word="pull request"
host_run_word=run
host_bot_email=roster@users.noreply.github.com

host_mask() { echo "::add-mask::$1"; }
host_notice() { echo "::notice::$1"; }
host_output() { if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "$1=$2" >> "$GITHUB_OUTPUT"; fi; }
host_plan_dir() { echo "${RUNNER_TEMP:-.}/roster-plan"; }

# The plan (without its marker line) as the job's summary.
host_show_plan() { [ -z "${GITHUB_STEP_SUMMARY:-}" ] || tail -n +2 "$1" >> "$GITHUB_STEP_SUMMARY"; }

# A field of the event: the pull request's number, the repository its head comes from, its head
# commit, or the repository's default branch.
github_event() {
    python3 - "$1" <<'PY'
import json, os, sys
try:
    event = json.load(open(os.environ.get("GITHUB_EVENT_PATH") or os.devnull))
except (OSError, ValueError):
    event = {}
pr = event.get("pull_request") or {}
head = pr.get("head") or {}
# A plan run the drift job dispatched names its pull request as an input.
number = pr.get("number") or (event.get("inputs") or {}).get("pull-request", "")
print({"number": number, "head": (head.get("repo") or {}).get("full_name", ""), "sha": head.get("sha", ""),
       "base": (pr.get("base") or {}).get("sha", ""),
       "default": (event.get("repository") or {}).get("default_branch", "")}[sys.argv[1]])
PY
}

host_change_number() { github_event number; }

# The commit the pull request's changes start from (its base branch's head when it was opened or pushed).
host_diff_base() { github_event base; }

host_from_fork() {
    local head
    head=$(github_event head)
    [ -n "$head" ] && [ "$head" != "${GITHUB_REPOSITORY:-}" ]
}

# The login of the token's user, as GitHub's REST API names a comment's author ("github-actions[bot]"
# for the workflow's GITHUB_TOKEN, whose token may not read /user; GraphQL's viewer answers for
# every kind of token). A login is letters, digits and hyphens, "[bot]" after an app's.
github_login() {
    local login
    login=$(gh api graphql -f query='query { viewer { login } }' --jq .data.viewer.login) || exit 1
    if ! [[ $login =~ ^[A-Za-z0-9-]+(\[bot\])?$ ]]; then
        echo "error: GitHub named this token's user \"$login\", not a login roster can match comments by" >&2
        exit 1
    fi
    echo "$login"
}

# The newest comment that this token's user wrote and that starts with the marker, as "ID RUN"
# (RUN: the run that planned it). A comment anyone else wrote is never found, whatever it holds.
host_find_note() {
    local me
    me=$(github_login)
    gh api "repos/$GITHUB_REPOSITORY/issues/$1/comments" --paginate \
        --jq ".[] | select(.user.login == \"$me\" and (.body | startswith(\"$2\"))) |
              \"\\(.id) \\((.body | capture(\"<!-- roster-plan-run: (?<r>[0-9]+) -->\")? | .r) // \"\")\"" | tail -n 1
}

host_create_note() { gh api --method POST "repos/$GITHUB_REPOSITORY/issues/$1/comments" -F "body=@$2" > /dev/null; }

# A failed edit stops the step: GitHub's token is the same bot on every run.
host_update_note() {
    gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$2" -F "body=@$3" > /dev/null || exit 1
}

host_run_id() { echo "${GITHUB_RUN_ID:-}"; }
# The commit the job runs on (what was pushed).
host_head() { echo "${GITHUB_SHA:-$(git rev-parse HEAD)}"; }
host_planned_commit() {
    local sha
    sha=$(github_event sha)
    echo "${sha:-${GITHUB_SHA:-}}"
}

# A pull request with no MPS token and not from a fork (Dependabot's, or the secret not set).
host_no_token() {
    host_notice "No MPS token here (a Dependabot pull request gets no secrets; else set the token input): validating only."
}
host_use_token() { :; }

# Drift pulls the default branch's roster: on another branch it would carry that branch's commits.
# A schedule's event names no repository (so no default branch): the API does; an API that does
# not answer stops the job (never "no default branch, so any branch will do").
host_default_branch() {
    local default
    default=$(github_event default)
    if [ -z "$default" ]; then
        default=$(gh api "repos/$GITHUB_REPOSITORY" --jq .default_branch) ||
            die "could not read the repository's default branch from GitHub's API"
    fi
    [[ $default =~ ^[^[:space:]]+$ ]] || die "GitHub's API named no default branch"
    echo "$default"
}
host_ref_name() { echo "${GITHUB_REF_NAME:-${GITHUB_REF:-}}"; }
host_off_default_branch() {
    local default
    default=$(host_default_branch) || exit 1
    [ -n "$default" ] && [ -n "${GITHUB_REF:-}" ] && [ "$GITHUB_REF" != "refs/heads/$default" ]
}

# The head of BRANCH as GitHub has it now.
host_branch_head() {
    local branch
    branch=$(jq -rn --arg b "$1" '$b | @uri') || return 1
    gh api "repos/$GITHUB_REPOSITORY/branches/$branch" --jq '.commit.sha // ""'
}

# The deployments of the environment the apply and drift jobs name (`environment:`,
# ROSTER_ENVIRONMENT, default mps), every page: "SHA ID" a line, newest first.
host_deployments() {
    local environment=${ROSTER_ENVIRONMENT:-mps}
    gh api --paginate "repos/$GITHUB_REPOSITORY/deployments?environment=$environment&per_page=100" \
        --jq '.[] | "\(.sha) \(.id)"'
}

# The latest state of deployment ID (success, failure, in_progress, …).
host_deployment_state() {
    gh api "repos/$GITHUB_REPOSITORY/deployments/$1/statuses?per_page=1" --jq '.[0].state // ""'
}

# The pull request COMMIT came from: one GitHub lists as merged into the branch apply runs on (a
# commit is also listed with open pull requests that hold it, anyone's).
host_change_of() {
    gh api "repos/$GITHUB_REPOSITORY/commits/$1/pulls?per_page=100" \
        --jq '[.[] | select(.merged_at != null and .base.ref == env.GITHUB_REF_NAME)][0].number // empty'
}

# The plan reviewed on pull request NUMBER, into DIR: the artifact the last successful run of
# WORKFLOW (default: this one) saved for its last commit. None reviewed: says why, returns 1. An
# API that fails or answers what does not parse stops the job (it is called where errexit does
# not reach: each call is checked here).
host_download_plan() {
    local pr=$1 dir=$2 workflow=${3:-} info head fork run count
    [ -n "$workflow" ] || workflow=$(basename "${GITHUB_WORKFLOW_REF%%@*}")
    info=$(gh pr view "$pr" --json headRefOid,isCrossRepository --jq '"\(.headRefOid) \(.isCrossRepository)"') ||
        die "could not read pull request #$pr from GitHub's API"
    read -r head fork <<< "$info"
    [[ ${head:-} =~ ^[0-9A-Za-z]+$ ]] || die "GitHub's API named no head commit for pull request #$pr"
    if [ "$fork" = true ]; then
        echo "note: pull request #$pr came from a fork, which gets no token: it was validated only, and no plan was reviewed; what it changed is held back until it is planned in a pull request from this repository" >&2
        return 1
    fi
    run=$(gh run list --workflow "$workflow" --commit "$head" --status success --json databaseId \
        --jq '.[0].databaseId // empty') || die "could not list the runs of $workflow for $head from GitHub's API"
    if [ -z "$run" ]; then
        echo "note: pull request #$pr has no successful plan run for its last commit $head; what it changed is held back" >&2
        return 1
    fi
    [[ $run =~ ^[0-9]+$ ]] || die "GitHub's API named no run for $head"
    count=$(gh api "repos/$GITHUB_REPOSITORY/actions/runs/$run/artifacts?name=roster-plan&per_page=100" \
        --jq '[.artifacts[] | select(.name == "roster-plan" and (.expired | not))] | length') ||
        die "could not list the artifacts of run $run from GitHub's API"
    if [ "$count" = 0 ]; then
        echo "note: the plan that run $run saved for pull request #$pr is gone: its artifact expired (the action's plan-retention-days) or was deleted; what it changed is held back until it is planned again in a pull request (docs/ci.md)" >&2
        return 1
    fi
    gh run download "$run" --name roster-plan --dir "$dir" ||
        die "the plan that run $run saved for pull request #$pr could not be downloaded"
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

# Opens the drift pull request, or says the open one was updated; then asks for its plan. Events
# made with the workflow's GITHUB_TOKEN start no workflow run, but a workflow_dispatch does: the
# plan of the drift request is dispatched (the workflow's `pull-request` input), so it gets its
# comment and its saved plan like any other (docs/ci.md).
host_open_drift() {
    local branch=$1 title=$2 body=$3 number workflow
    number=$(gh pr list --head "$branch" --state open --json number --jq '.[0].number // empty')
    if [ -z "$number" ]; then
        number=$(gh pr create --head "$branch" --title "$title" --body "$body" | tail -n 1)
        number=${number##*/}
        echo "opened the drift pull request #$number"
    else
        echo "updated the open drift pull request #$number"
    fi
    workflow=$(basename "${GITHUB_WORKFLOW_REF%%@*}")
    if [ -n "$workflow" ] && [[ $number =~ ^[0-9]+$ ]]; then
        gh workflow run "$workflow" --ref "$branch" -f "pull-request=$number" ||
            echo "note: the plan of pull request #$number could not be dispatched (does the workflow take the pull-request input of examples/ci/roster.yml?); push to its branch to plan it" >&2
    fi
}

# The run a workflow_run event reports, when it ran for a pull request from a fork: "RUN HEAD_SHA
# FORK_OWNER HEAD_BRANCH", each checked for its shape. Nothing for any other event.
host_finished_run() {
    python3 - <<'PY'
import json, os, re
try:
    event = json.load(open(os.environ.get("GITHUB_EVENT_PATH") or os.devnull))
except (OSError, ValueError):
    event = {}
run = event.get("workflow_run") or {}
head = (run.get("head_repository") or {})
owner = (head.get("owner") or {}).get("login", "")
fields = [str(run.get("id", "")), run.get("head_sha", ""), owner, run.get("head_branch", "")]
shapes = [r"[0-9]+", r"[0-9a-f]{40}", r"[A-Za-z0-9-]+", r"[^\s]+"]
if run.get("event") == "pull_request" and all(re.fullmatch(s, f) for s, f in zip(shapes, fields)):
    print(" ".join(fields))
PY
}

# The open pull requests whose head is OWNER's BRANCH at commit SHA, as GitHub lists them (every
# page): "NUMBER BASE_SHA" a line.
host_pulls_of_head() {
    local head
    head=$(jq -rn --arg head "$1:$2" '$head | @uri')
    gh api --paginate "repos/$GITHUB_REPOSITORY/pulls?state=open&per_page=100&head=$head" \
        --jq ".[] | select(.head.sha == \"$3\" and .head.repo.owner.login == \"$1\") | \"\\(.number) \\(.base.sha)\""
}

# Fetches pull request NUMBER's head and BASE into this checkout as objects (refs/roster/…),
# nothing checked out; fails when its head is no longer SHA. The token goes to this fetch only.
host_fetch_change() {
    local number=$1 sha=$2 base=$3 fetched
    push_auth=()
    host_push_auth
    git ${push_auth[@]+"${push_auth[@]}"} fetch --no-tags --quiet "$(host_push_remote)" \
        "+refs/pull/$number/head:refs/roster/pull/$number"
    if ! git cat-file -e "$base^{commit}" 2> /dev/null; then
        git ${push_auth[@]+"${push_auth[@]}"} fetch --no-tags --quiet "$(host_push_remote)" "$base"
    fi
    fetched=$(git rev-parse --verify -q "refs/roster/pull/$number^{commit}") || return 1
    [ "$fetched" = "$sha" ]
}
