# The GitLab adapter of roster's loop (sourced by loop.sh): GitLab's words, its predefined CI/CD
# variables, and its REST API (v4) through curl, with a project access token (scope api).
#   ROSTER_TOKEN_VARIABLE          the CI/CD variable that holds the MPS token (default MPS_TOKEN)
#   ROSTER_GITLAB_TOKEN_VARIABLE   the one that holds the GitLab token (default ROSTER_GITLAB_TOKEN)
# The tokens go to curl and git through their standard input and configuration, never through
# their arguments, and are never printed; GitLab masks masked variables in the job log.
host_name=GitLab
host_note_word=note
host_change_word="merge request"
host_run_word=pipeline
host_bot_email=roster@noreply.${CI_SERVER_HOST:-gitlab.com}

# Where the tokens go is the component's, never a variable's: whoever may run a pipeline may set
# variables on it, and those override the job's own. The endpoint is the component's input, which
# the job's script hands over in ROSTER_ENDPOINT_INPUT (a variable cannot change a script); the
# GitLab API is this GitLab's. A variable that says otherwise stops the job before any token is sent.
gitlab_check_destinations() {
    if [ -n "${ROSTER_ENDPOINT_INPUT+set}" ]; then
        if [ -n "${MPS_ENDPOINT:-}" ] && [ "$MPS_ENDPOINT" != "$ROSTER_ENDPOINT_INPUT" ]; then
            echo "error: the variable MPS_ENDPOINT is \"$MPS_ENDPOINT\", but the component's endpoint input says \"$ROSTER_ENDPOINT_INPUT\": a variable may not change where the MPS token goes; set the input" >&2
            exit 1
        fi
        MPS_ENDPOINT=$ROSTER_ENDPOINT_INPUT
        export MPS_ENDPOINT
    fi
    if [ -n "${CI_SERVER_URL:-}" ] && [ "${CI_API_V4_URL:-}" != "$CI_SERVER_URL/api/v4" ]; then
        echo "error: CI_API_V4_URL is \"${CI_API_V4_URL:-}\", not this GitLab's API ($CI_SERVER_URL/api/v4): a variable may not change where the GitLab token goes" >&2
        exit 1
    fi
}
gitlab_check_destinations

# The value of the CI/CD variable whose name is in $1 (a name, never code).
gitlab_variable() {
    local name=$1
    if ! [[ $name =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]]; then
        echo "error: \"$name\" is not the name of a CI/CD variable" >&2
        exit 1
    fi
    printf '%s' "${!name:-}"
}
MPS_TOKEN=$(gitlab_variable "${ROSTER_TOKEN_VARIABLE:-MPS_TOKEN}")
export MPS_TOKEN
GITLAB_TOKEN=$(gitlab_variable "${ROSTER_GITLAB_TOKEN_VARIABLE:-ROSTER_GITLAB_TOKEN}")
[ -n "$MPS_TOKEN" ] || unset MPS_TOKEN

host_mask() { :; }  # GitLab masks masked variables itself; nothing here prints a token.
host_notice() { echo "note: $1"; }
host_plan_dir() { echo "${CI_PROJECT_DIR:-.}/roster-plan"; }

# An output as a dotenv report (ROSTER_CHANGES=true), which later jobs of the pipeline receive.
host_output() {
    local name
    name=ROSTER_$(printf '%s' "$1" | tr 'a-z-' 'A-Z_')
    mkdir -p "$(host_plan_dir)"
    echo "$name=$2" >> "$(host_plan_dir)/roster.env"
}

# The commit the merge request's changes start from.
host_diff_base() { echo "${CI_MERGE_REQUEST_DIFF_BASE_SHA:-}"; }

# The plan in a collapsible section of the job log (its marker line left out).
host_show_plan() {
    printf '\033[0Ksection_start:%s:roster_plan[collapsed=true]\r\033[0KThe plan (saved as the artifact roster-plan/plan.json), or without a token the roster diff\n' \
        "$(date +%s)"
    tail -n +2 "$1"
    printf '\033[0Ksection_end:%s:roster_plan\r\033[0K\n' "$(date +%s)"
}

host_change_number() { echo "${CI_MERGE_REQUEST_IID:-}"; }

host_from_fork() {
    local source=${CI_MERGE_REQUEST_SOURCE_PROJECT_ID:-}
    [ -n "$source" ] && [ "$source" != "${CI_MERGE_REQUEST_PROJECT_ID:-${CI_PROJECT_ID:-}}" ]
}

# [--allow STATUS] METHOD PATH [CURL OPTIONS]: the answer of GitLab's API (PATH below its v4 root)
# on standard output; an HTTP error or an unreachable API stops the job with what GitLab said.
# With --allow, that one status returns 3 instead, for the caller to handle.
gitlab_request() {
    local allow="" method path answer status
    if [ "$1" = --allow ]; then allow=$2; shift 2; fi
    method=$1 path=$2
    shift 2
    if [ -z "${GITLAB_TOKEN:-}" ]; then
        echo "error: no GitLab token: set the CI/CD variable ${ROSTER_GITLAB_TOKEN_VARIABLE:-ROSTER_GITLAB_TOKEN} (a project access token with the api scope)" >&2
        exit 1
    fi
    answer=$(printf 'header = "PRIVATE-TOKEN: %s"\n' "$GITLAB_TOKEN" |
        curl --config - --silent --show-error --globoff --request "$method" --write-out '\n%{http_code}' \
            "$@" "${CI_API_V4_URL:?}$path") || {
        echo "error: GitLab's API did not answer $method $path" >&2
        exit 1
    }
    status=${answer##*$'\n'}
    if [ "$status" = "$allow" ]; then return 3; fi
    if [ "$status" -lt 200 ] || [ "$status" -ge 300 ]; then
        echo "error: GitLab answered HTTP $status to $method $path: $(printf '%s' "${answer%$'\n'*}" | head -c 300)" >&2
        exit 1
    fi
    printf '%s' "${answer%$'\n'*}"
}

# [--allow STATUS] METHOD PATH [CURL OPTIONS]: gitlab_request for PATH below the project.
gitlab_api() {
    local allow=()
    if [ "$1" = --allow ]; then allow=(--allow "$2"); shift 2; fi
    local method=$1 path=$2
    shift 2
    gitlab_request ${allow[@]+"${allow[@]}"} "$method" "/projects/${CI_PROJECT_ID:?}$path" "$@"
}

# The id of the token's user (a project access token is a bot user of its own).
gitlab_user_id() {
    local id
    id=$(gitlab_request GET /user | jq -r '.id // empty') || exit 1
    if ! [[ $id =~ ^[0-9]+$ ]]; then
        echo "error: GitLab did not say which user the token ${ROSTER_GITLAB_TOKEN_VARIABLE:-ROSTER_GITLAB_TOKEN} belongs to" >&2
        exit 1
    fi
    echo "$id"
}

# The newest of the change's notes that this token's user wrote and that start with the marker,
# through every page of its notes, as "ID RUN" (RUN: the pipeline that planned it, empty for a
# note that does not say). A note anyone else wrote is never found, whatever it holds.
host_find_note() {
    local number=$1 marker=$2 page=1 notes found last="" count me
    me=$(gitlab_user_id)
    while :; do
        notes=$(gitlab_api GET "/merge_requests/$number/notes?per_page=100&page=$page&sort=asc") || exit 1
        found=$(printf '%s' "$notes" | jq -r --arg m "$marker" --argjson me "$me" \
            '[.[] | select(.author.id == $me and (.body | startswith($m)))] | last // empty |
             "\(.id) \((.body | capture("<!-- roster-plan-run: (?<r>[0-9]+) -->")? | .r) // "")"') || exit 1
        [ -z "$found" ] || last=$found
        count=$(printf '%s' "$notes" | jq length) || exit 1
        if [ "$count" -lt 100 ]; then break; fi
        page=$((page + 1))
    done
    echo "$last"
}

host_create_note() {
    gitlab_api POST "/merge_requests/$1/notes" --data-urlencode "body@$2" > /dev/null
}

# Fails (1) when GitLab forbids the edit: the note belongs to another user, as after the project
# access token was replaced (a new token is a new bot user).
host_update_note() {
    gitlab_api --allow 403 PUT "/merge_requests/$1/notes/$2" --data-urlencode "body@$3" > /dev/null || return 1
}

host_run_id() { echo "${CI_PIPELINE_ID:-}"; }
# The commit the job runs on (what was pushed).
host_head() { echo "${CI_COMMIT_SHA:-$(git rev-parse HEAD)}"; }
host_planned_commit() { echo "${CI_MERGE_REQUEST_SOURCE_BRANCH_SHA:-${CI_COMMIT_SHA:-}}"; }

# Plan in a merge request pipeline with no MPS token and not from a fork: the token is missing or
# protected (a protected variable reaches only protected branches and tags, never a merge
# request's pipeline). Validating only would pass without a plan, and the merge would apply none.
host_no_token() {
    local name=${ROSTER_PLAN_TOKEN_VARIABLE:-}
    [ -n "$name" ] || name=${ROSTER_TOKEN_VARIABLE:-MPS_TOKEN}
    echo "error: the CI/CD variable $name is empty in this merge request pipeline, so no plan can be made and merging would apply none." >&2
    echo "  A protected variable reaches only pipelines of protected branches and tags. Either give plan its own token in an unprotected masked variable (the component's plan-token-variable input), or unprotect $name; docs/ci.md, \"Setting it up, from nothing\", says which." >&2
    exit 1
}

# The job's token for COMMAND: plan may read its own (plan-token-variable), unprotected.
host_use_token() {
    if [ "$1" = plan ] && [ -n "${ROSTER_PLAN_TOKEN_VARIABLE:-}" ]; then
        MPS_TOKEN=$(gitlab_variable "$ROSTER_PLAN_TOKEN_VARIABLE")
        export MPS_TOKEN
        [ -n "$MPS_TOKEN" ] || unset MPS_TOKEN
    fi
}

# Drift pulls the default branch's roster: on another branch it would carry that branch's commits.
host_off_default_branch() {
    [ -n "${CI_DEFAULT_BRANCH:-}" ] && [ "${CI_COMMIT_BRANCH:-}" != "$CI_DEFAULT_BRANCH" ]
}
host_default_branch() { echo "${CI_DEFAULT_BRANCH:-}"; }
host_ref_name() { echo "${CI_COMMIT_BRANCH:-${CI_COMMIT_TAG:-${CI_COMMIT_REF_NAME:-}}}"; }

# JSON from GitLab's API, parsed by jq with FILTER; an answer that does not parse fails (1) with
# what it is. Callers check it: in a substitution, or where errexit does not reach, a failure
# stops nothing by itself. Usage: gitlab_jq FILTER [JQ OPTIONS] <<< "$answer"
gitlab_jq() {
    local filter=$1
    shift
    jq -r "$@" "$filter" || {
        echo "error: GitLab's API answered something that is not the JSON roster expects" >&2
        return 1
    }
}

# The head of BRANCH as GitLab has it now.
host_branch_head() {
    local branch answer
    branch=$(jq -rn --arg b "$1" '$b | @uri') || return 1
    answer=$(gitlab_api GET "/repository/branches/$branch") || return 1
    gitlab_jq '.commit.id // ""' <<< "$answer"
}

# The successful deployments of the environment the apply job starts (ROSTER_ENVIRONMENT, the
# component's environment input), every page: "SHA ID" a line, newest first.
host_deployments() {
    local environment=${ROSTER_ENVIRONMENT:-mps} page=1 answer count
    while :; do
        answer=$(gitlab_api GET "/deployments?environment=$environment&status=success&order_by=id&sort=desc&per_page=100&page=$page") ||
            return 1
        gitlab_jq '.[] | "\(.sha) \(.id)"' <<< "$answer" || return 1
        count=$(gitlab_jq length <<< "$answer") || return 1
        [ "$count" -ge 100 ] || break
        page=$((page + 1))
    done
}

# GitLab lists only the successful ones (above).
host_deployment_state() { echo success; }

# The merge request COMMIT came from: one merged into this branch. In a pipeline a person runs
# with ROSTER_APPLY_MERGE_REQUEST (the recovery in docs/ci.md), that one, for HEAD.
host_change_of() {
    local branch=${CI_COMMIT_BRANCH:-${CI_DEFAULT_BRANCH:-main}} mr=${ROSTER_APPLY_MERGE_REQUEST:-}
    if [ -n "$mr" ] && [ "$1" = "$(host_head)" ]; then
        if ! [[ $mr =~ ^[0-9]+$ ]]; then
            echo "error: ROSTER_APPLY_MERGE_REQUEST is \"$mr\", not a merge request number" >&2
            exit 1
        fi
        echo "$mr"
        return
    fi
    local answer
    answer=$(gitlab_api GET "/repository/commits/$1/merge_requests?per_page=100") || return 1
    gitlab_jq '[.[] | select(.state == "merged" and .target_branch == $b)][0].iid // empty' --arg b "$branch" <<< "$answer"
}
# The pipelines of merge request MR that may hold the plan reviewed on it, best first: merged
# results pipelines (what is merged), then pipelines of its last commit HEAD; the newest first in
# each. Any overall status: another job's failure does not hide a plan. Merge train pipelines are
# left out: a train tests the request with those ahead of it, after it was approved, so its plan is
# a check, never the plan reviewed.
gitlab_plan_pipelines() {
    local mr=$1 head=$2 page=1 answer all="[]" count
    while :; do
        answer=$(gitlab_api GET "/merge_requests/$mr/pipelines?per_page=100&page=$page") || return 1
        count=$(gitlab_jq length <<< "$answer") || return 1
        all=$(gitlab_jq '. + $page' --argjson page "$answer" <<< "$all") || return 1
        [ "$count" -ge 100 ] || break
        page=$((page + 1))
    done
    gitlab_jq '
        def kind: if .ref == "refs/merge-requests/\($mr)/train" then 3
            elif .ref == "refs/merge-requests/\($mr)/merge" then 1
            elif .sha == $sha then 2 else 3 end;
        [.[] | {id, k: kind}] | map(select(.k < 3)) | sort_by(.k, -.id) | .[].id' --arg mr "$mr" --arg sha "$head" <<< "$all"
}
# The plan reviewed on merge request MR, into DIR: the artifact that a passed roster-plan job saved,
# from the best of its pipelines that has one. None reviewed: says why, returns 1. It must target
# this branch: a plan for another is not this one's. It is called where errexit does not reach:
# each call is checked here, and an API that fails or answers what does not parse stops the job.
host_download_plan() {
    local mr=$1 dir=$2 branch=${CI_COMMIT_BRANCH:-${CI_DEFAULT_BRANCH:-main}} answer found target head pipelines
    local pipeline job="" count=0 status=0
    answer=$(gitlab_api GET "/merge_requests/$mr") || die "could not read merge request !$mr from GitLab's API"
    found=$(gitlab_jq '"\(.target_branch // "") \(.sha // "")"' <<< "$answer") || die "GitLab's API answered no merge request !$mr"
    target=${found% *} head=${found##* }
    if [ "$target" != "$branch" ]; then
        die "merge request !$mr targets \"$target\", not $branch: its plan is not for this branch"
    fi
    pipelines=$(gitlab_plan_pipelines "$mr" "$head") || die "could not list merge request !$mr's pipelines from GitLab's API"
    for pipeline in $pipelines; do
        count=$((count + 1))
        answer=$(gitlab_api GET "/pipelines/$pipeline/jobs?scope[]=success&per_page=100") ||
            die "could not list pipeline $pipeline's jobs from GitLab's API"
        job=$(gitlab_jq '[.[] | select(.name == "roster-plan")][0].id // empty' <<< "$answer") ||
            die "GitLab's API answered no list of pipeline $pipeline's jobs"
        [ -z "$job" ] || break
    done
    if [ -z "$job" ]; then
        if [ "$count" -eq 0 ]; then
            echo "note: merge request !$mr has no pipeline for what was merged (a fast-forward merge that rebased at merge time, or a rebase without a pipeline): no plan was reviewed; what it changed is held back" >&2
        else
            echo "note: none of the $count pipelines of merge request !$mr for what was merged has a passed roster-plan job (it failed, was skipped, was cancelled or is still running): what it changed is held back" >&2
        fi
        return 1
    fi
    mkdir -p "$dir"
    answer=$(gitlab_api --allow 404 GET "/jobs/$job/artifacts/roster-plan/plan.json") || status=$?
    if [ "$status" -eq 3 ]; then
        echo "note: the plan that job $job saved for merge request !$mr is gone (its artifacts expired or were deleted): what it changed is held back" >&2
        return 1
    fi
    [ "$status" -eq 0 ] || die "could not download job $job's plan from GitLab's API"
    gitlab_jq '.format_version' <<< "$answer" > /dev/null || die "job $job's plan is not a saved plan"
    printf '%s\n' "$answer" > "$dir/plan.json"
    echo "the plan reviewed on merge request !$mr (pipeline $pipeline, job $job)"
}
# Where the drift branch goes: the project over HTTPS with the token when running in GitLab
# (the job's own clone may not push), else origin.
host_push_remote() {
    if [ -n "${CI_SERVER_URL:-}" ] && [ -n "${CI_PROJECT_PATH:-}" ] && [ -n "${GITLAB_TOKEN:-}" ]; then
        echo "$CI_SERVER_URL/$CI_PROJECT_PATH.git"
    else
        echo origin
    fi
}

# The git options that let this one push use the token, in the array push_auth: a credential
# helper that reads it from the environment, so it is in no argument and no file.
host_push_auth() {
    if [ "$(host_push_remote)" != origin ]; then
        export ROSTER_PUSH_TOKEN=$GITLAB_TOKEN
        push_auth=(-c credential.helper= -c
            'credential.helper=!f() { echo username=oauth2; echo "password=$ROSTER_PUSH_TOKEN"; }; f')
    fi
}

host_open_drift() {
    local branch=$1 title=$2 body=$3 open
    open=$(gitlab_api GET "/merge_requests?state=opened&source_branch=$branch" | jq -r '.[0].iid // empty')
    if [ -n "$open" ]; then
        echo "updated the open drift merge request !$open"
        return
    fi
    open=$(gitlab_api POST /merge_requests --data-urlencode "source_branch=$branch" \
        --data-urlencode "target_branch=${CI_DEFAULT_BRANCH:-main}" --data-urlencode "title=$title" \
        --data-urlencode "description=$body" --data-urlencode "remove_source_branch=true" | jq -r .iid)
    echo "opened the drift merge request !$open"
}

# comment-diff is GitHub's: a fork's merge request pipeline runs in the fork's project, whose job
# token may not post to this one; its log holds the diff (docs/ci.md). No run to post for.
host_finished_run() { :; }
host_pulls_of_head() { :; }
host_fetch_change() { return 1; }
