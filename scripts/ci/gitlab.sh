# The GitLab adapter of roster's loop (sourced by loop.sh): GitLab's words, its predefined CI/CD
# variables, and its REST API (v4) through curl, with a project access token (scope api).
#   ROSTER_TOKEN_VARIABLE          the CI/CD variable that holds the MPS token (default MPS_TOKEN)
#   ROSTER_GITLAB_TOKEN_VARIABLE   the one that holds the GitLab token (default ROSTER_GITLAB_TOKEN)
# The tokens go to curl and git through their standard input and configuration, never through
# their arguments, and are never printed; GitLab masks masked variables in the job log.
host_note_word=note
host_change_word="merge request"
host_bot_email=roster@noreply.${CI_SERVER_HOST:-gitlab.com}

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
    echo "$name=$2" >> "$(host_plan_dir)/roster.env"
}

# The plan in a collapsible section of the job log (its marker line left out).
host_show_plan() {
    printf '\033[0Ksection_start:%s:roster_plan[collapsed=true]\r\033[0KThe plan, saved as the artifact roster-plan/plan.json\n' \
        "$(date +%s)"
    tail -n +2 "$1"
    printf '\033[0Ksection_end:%s:roster_plan\r\033[0K\n' "$(date +%s)"
}

host_change_number() { echo "${CI_MERGE_REQUEST_IID:-}"; }

host_from_fork() {
    local source=${CI_MERGE_REQUEST_SOURCE_PROJECT_ID:-}
    [ -n "$source" ] && [ "$source" != "${CI_MERGE_REQUEST_PROJECT_ID:-${CI_PROJECT_ID:-}}" ]
}

# METHOD PATH [CURL OPTIONS]: the project's API answer on standard output; an HTTP error or an
# unreachable API stops the job with what GitLab said.
gitlab_api() {
    local method=$1 path=$2 answer status
    shift 2
    if [ -z "${GITLAB_TOKEN:-}" ]; then
        echo "error: no GitLab token: set the CI/CD variable ${ROSTER_GITLAB_TOKEN_VARIABLE:-ROSTER_GITLAB_TOKEN} (a project access token with the api scope)" >&2
        exit 1
    fi
    answer=$(printf 'header = "PRIVATE-TOKEN: %s"\n' "$GITLAB_TOKEN" |
        curl --config - --silent --show-error --globoff --request "$method" --write-out '\n%{http_code}' \
            "$@" "${CI_API_V4_URL:?}/projects/${CI_PROJECT_ID:?}$path") || {
        echo "error: GitLab's API did not answer $method $path" >&2
        exit 1
    }
    status=${answer##*$'\n'}
    if [ "$status" -lt 200 ] || [ "$status" -ge 300 ]; then
        echo "error: GitLab answered HTTP $status to $method $path: $(printf '%s' "${answer%$'\n'*}" | head -c 300)" >&2
        exit 1
    fi
    printf '%s' "${answer%$'\n'*}"
}

# The id of the change's note that starts with the marker, through every page of its notes.
host_find_note() {
    local number=$1 marker=$2 page=1 notes id count
    while :; do
        notes=$(gitlab_api GET "/merge_requests/$number/notes?per_page=100&page=$page&sort=asc") || exit 1
        id=$(printf '%s' "$notes" | jq -r --arg m "$marker" '[.[] | select(.body | startswith($m))][0].id // empty') ||
            exit 1
        count=$(printf '%s' "$notes" | jq length) || exit 1
        if [ -n "$id" ] || [ "$count" -lt 100 ]; then break; fi
        page=$((page + 1))
    done
    echo "$id"
}

host_create_note() {
    gitlab_api POST "/merge_requests/$1/notes" --data-urlencode "body@$2" > /dev/null
}

host_update_note() {
    gitlab_api PUT "/merge_requests/$1/notes/$2" --data-urlencode "body@$3" > /dev/null
}

# The plan reviewed on the merge request CI_COMMIT_SHA came from: the artifact that the job
# roster-plan saved in the newest successful pipeline for its last commit, or for its merged
# result (merged results pipelines run on refs/merge-requests/IID/merge), into DIR. A plan of
# other roster files than the merged ones is refused by `roster apply` (the plan records them).
host_reviewed_plan() {
    local dir=$1 mr head pipeline job
    mr=$(gitlab_api GET "/repository/commits/${CI_COMMIT_SHA:?}/merge_requests" |
        jq -r '[.[] | select(.state == "merged")][0].iid // empty')
    if [ -z "$mr" ]; then
        echo "error: $CI_COMMIT_SHA came from no merged merge request, so no plan was reviewed; change the roster through a merge request" >&2
        exit 1
    fi
    head=$(gitlab_api GET "/merge_requests/$mr" | jq -r '.sha // empty')
    pipeline=$(gitlab_api GET "/merge_requests/$mr/pipelines?per_page=100" |
        jq -r --arg sha "$head" --arg merged "refs/merge-requests/$mr/merge" \
            '[.[] | select(.status == "success" and (.sha == $sha or .ref == $merged))][0].id // empty')
    if [ -z "$pipeline" ]; then
        echo "error: merge request !$mr has no successful pipeline for its last commit $head" >&2
        exit 1
    fi
    job=$(gitlab_api GET "/pipelines/$pipeline/jobs?scope[]=success&per_page=100" |
        jq -r '[.[] | select(.name == "roster-plan")][0].id // empty')
    if [ -z "$job" ]; then
        echo "error: pipeline $pipeline of merge request !$mr has no successful roster-plan job" >&2
        exit 1
    fi
    mkdir -p "$dir"
    gitlab_api GET "/jobs/$job/artifacts/roster-plan/plan.json" > "$dir/plan.json"
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
