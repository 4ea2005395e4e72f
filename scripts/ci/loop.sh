#!/usr/bin/env bash
# The review loop of a repository that keeps its roster as code, the same on every host: GitHub
# (the Action) and GitLab (the CI/CD component) differ only in a thin adapter, github.sh or
# gitlab.sh beside this file, that speaks to the host (gh, or GitLab's REST API through curl).
# A fix to the loop lands here once.
#
# Usage: loop.sh HOST COMMAND [ARGUMENTS]      HOST: github or gitlab
#   run validate|plan|apply|drift|comment-diff
#                                   the whole step, its inputs from the environment:
#                                   ROSTER_PATH (default roster/), ROSTER_COMMENT (default true),
#                                   ROSTER_WORKFLOW (GitHub: the workflow that saved the plans)
#     validate   roster validate; needs no token
#     plan       the plan in the job's summary or log, one note on the pull/merge request kept up
#                to date on every push (found by its marker; never overwritten by an older run),
#                the plan saved with its fingerprint; a change from a fork (no secrets) is
#                validated only
#     apply      applies every change merged since the last successful apply as far as the plans
#                reviewed on those changes hold it (`roster apply --reviewed`); what no one
#                reviewed is held back (3). Only on the newest commit of its branch: a job of an
#                older one (a re-run, a retry, a delayed pipeline) does nothing and says so
#     drift      first applies what was merged and reviewed and is not applied yet (as apply),
#                then what the roster's dates made due by today (`roster apply --due`);
#                then roster pull on the default branch (refused on any other), as one
#                pull/merge request from one branch (roster/drift); only on the newest commit
#                of the default branch, as apply
#     site       the organisation page (`roster report site`) into public/index.html, for the
#                host's Pages to publish; reads no server and needs no token
#     comment-diff after a fork's run (GitHub: workflow_run), posts the diff it saved as the note
#                of its pull request: the host's token there may post, the fork's may not
#   note NUMBER FILE                posts FILE as the change's note, or updates the one posted
#   apply-reviewed [WORKFLOW]       the apply step alone
#   drift ROSTER_PATH               the drift step alone
# The MPS token (MPS_TOKEN) is masked where the host can mask, and never printed.
# Errors: every call to the host's API is checked where it is made (`|| die`), its answer parsed
# apart from the call; none runs inside a condition or in the arguments of another command, where
# bash's errexit does not reach (docs/decisions.md, "Where the jobs' decisions live").
set -euo pipefail
# A failure inside $(…) stops the step too (bash 4.4; older shells rely on the explicit checks).
shopt -s inherit_errexit 2> /dev/null || true
here=$(cd "$(dirname "$0")" && pwd)
host=${1:?"usage: loop.sh github|gitlab COMMAND"}
case $host in
    github|gitlab) . "$here/$host.sh" ;;
    *) echo "error: unknown host \"$host\"; roster's loop runs on github or gitlab" >&2; exit 1 ;;
esac
shift
marker="<!-- roster-plan -->"

# Stops the job: nothing after it runs, nothing is applied, and the host records a failure.
die() {
    echo "error: $*" >&2
    exit 1
}

# Whether this job's commit is still the head of its branch, as the host says now. A job of an
# older commit (a re-run of an old run, a retried job, a pipeline that waited) would apply an older
# roster over a newer merge: it does nothing, and says which commit's job covers it.
newest_only() {
    local head branch now
    head=$(host_head)
    branch=$(host_ref_name)
    now=$(host_branch_head "$branch") || die "could not read the head of $branch from $host_name's API"
    [[ $now =~ ^[0-9A-Za-z]+$ ]] || die "$host_name's API answered no commit for the head of $branch"
    if [ "$now" != "$head" ]; then
        echo "note: this job's commit $head is no longer the head of $branch ($now is): the job of $now applies what was merged up to it; nothing was done here"
        return 1
    fi
}

# Posts FILE as the note of change NUMBER, or updates the note an earlier run posted (found by
# its marker), so a change carries one plan note however often it is pushed. A note that a newer
# run posted is left as it is: reviewers read the plan of the newest push. A note this token may
# not edit (the host's token was replaced) is replaced by a new one, and the job says so.
note() {
    local number=$1 file=$2 found id run mine
    found=$(host_find_note "$number" "$marker")
    id=${found%% *} run=""
    [[ $found != *" "* ]] || run=${found#* }
    mine=$(host_run_id)
    if [ -n "$id" ] && [ -n "$run" ] && [ -n "$mine" ] && [ "$run" -gt "$mine" ]; then
        echo "left $host_note_word $id as it is: $host_run_word $run, newer than this one ($mine), posted its plan"
    elif [ -z "$id" ]; then
        host_create_note "$number" "$file"
        echo "posted a new $host_note_word"
    elif host_update_note "$number" "$id" "$file"; then
        echo "updated $host_note_word $id"
    else
        host_create_note "$number" "$file"
        echo "posted a new $host_note_word: $host_note_word $id may not be edited with this token (replaced since it was posted?)"
    fi
}

# Without a token: what the change does to the roster, person by person, from git alone
# (`roster diff` of the change's base against its head), as the job's summary and, where this
# token may post (not a fork's), as the change's note. A fork's note is posted by a job of this
# repository that computes the diff itself (comment-diff). Nothing is said when the base is not there.
diff_note() {
    local path=$1 post=$2 base out number
    base=$(host_diff_base)
    [ -n "$base" ] || return 0
    if ! git cat-file -e "$base^{commit}" 2>/dev/null && ! git fetch -q --depth=1 origin "$base" 2>/dev/null; then
        echo "note: the base commit $base is not in this checkout: no diff"
        return 0
    fi
    out=$(host_plan_dir)
    mkdir -p "$out"
    { echo "$marker"; roster diff "$base..HEAD" "$path" --format markdown; } > "$out/comment.md" || return 0
    host_show_plan "$out/comment.md"
    number=$(host_change_number)
    if [ "$post" = true ] && [ "${ROSTER_COMMENT:-true}" = true ] && [ -n "$number" ]; then
        note "$number" "$out/comment.md" || echo "note: the diff could not be posted with this token"
    fi
}

# The comment of a fork's pull request, from a job the host runs in this repository after the
# fork's run ends, with a token that may post. The diff is computed here, by this repository's
# roster, from the fork's commits fetched as data (git objects, never checked out, nothing of them
# run): what the fork's run could have saved counts for nothing. Each open pull request whose head
# is the run's (owner, branch and commit) gets the diff against its own base; one pushed again
# since gets nothing (its newer run posts). The body is escaped by roster, then measured.
comment_diff() {
    local path=${ROSTER_PATH:-roster/} run sha fork branch pulls number base
    read -r run sha fork branch < <(host_finished_run) || true
    if [ -z "${run:-}" ]; then
        echo "note: not run after a pull request's run: nothing to post"
        return 0
    fi
    pulls=$(host_pulls_of_head "$fork" "$branch" "$sha")
    if [ -z "$pulls" ]; then
        echo "note: no open $host_change_word has head $sha (pushed again, or closed): nothing posted"
        return 0
    fi
    # Read from a descriptor of its own: the commands in the loop read standard input.
    while read -r number base <&3; do
        if ! host_fetch_change "$number" "$sha" "$base"; then
            echo "note: $host_change_word #$number no longer has head $sha (pushed again): nothing posted"
            continue
        fi
        post_fork_diff "$path" "$run" "$number" "$base" "$sha"
    done 3<<< "$pulls"
}

# Posts roster diff of BASE's merge base with HEAD against HEAD as the note of change NUMBER, for run RUN.
post_fork_diff() {
    local path=$1 run=$2 number=$3 base=$4 head=$5 dir from body size
    dir=$(host_plan_dir)/diff-$run-$number
    mkdir -p "$dir"
    from=$(git merge-base "$base" "$head")
    roster diff "$from..$head" "$path" --format markdown > "$dir/diff.md"
    body="$dir/comment.md"
    {
        echo "$marker"
        echo "<!-- roster-plan-run: $run -->"
        echo "> From a fork: validated only (a fork's $host_change_word gets no MPS token), so there is no plan."
        echo "> What it changes in the roster, person by person (\`roster diff\` of its commits, computed here):"
        echo
        cat "$dir/diff.md"
    } > "$body"
    size=$(LC_ALL=C.UTF-8 wc -m < "$body")
    if [ "$size" -gt 65000 ]; then
        host_show_plan "$body"
        head -n 4 "$body" > "$dir/short.md"
        echo "The diff ($size characters) is too long for a $host_change_word $host_note_word: it is in the summary of $host_run_word $(host_run_id)." >> "$dir/short.md"
        body="$dir/short.md"
    fi
    GITHUB_RUN_ID=$run CI_PIPELINE_ID=$run note "$number" "$body"
}

plan() {
    local path=$1 number out status=0
    number=$(host_change_number)
    if host_from_fork; then
        host_notice "No MPS token here (a $host_change_word from a fork gets no secrets): validating only."
        roster validate "$path"
        diff_note "$path" false
        return
    fi
    if [ -z "${MPS_TOKEN:-}" ]; then
        host_no_token
        roster validate "$path"
        diff_note "$path" true
        return
    fi
    out=$(host_plan_dir)
    ROSTER_PLANNED_COMMIT=$(host_planned_commit) ROSTER_RUN_ID=$(host_run_id) ROSTER_RUN_WORD=$host_run_word \
        "$here/plan-note.sh" "$path" "$out" || status=$?
    if [ "$status" -ne 0 ] && [ "$status" -ne 2 ]; then exit "$status"; fi
    host_show_plan "$out/comment.md"
    if [ "${ROSTER_COMMENT:-true}" = true ] && [ -n "$number" ]; then note "$number" "$out/comment.md"; fi
    host_output changes "$([ "$status" -eq 2 ] && echo true || echo false)"
    host_output exitcode "$status"
    host_output plan-file "$out/plan.json"
}

# The changes (pull/merge requests) merged into this branch since its last successful apply, a
# number a line, newest first: the change each commit of the first-parent history since then came
# from, as the host names it. Without an apply on record (the first, or history that no longer
# holds it), the change HEAD came from. A host may cancel a queued apply, and applies may run out
# of order: every later apply takes up what an earlier one did not do (docs/ci.md).
merged_changes() {
    local last=$1 head commits commit number seen=" "
    head=$(host_head)
    if [ -n "$last" ]; then
        commits=$(git rev-list --first-parent "$last..$head") || die "git could not list the commits since $last"
    else
        commits=$head
    fi
    for commit in $commits; do
        number=$(host_change_of "$commit") || die "could not read which $host_change_word $commit came from"
        [ -n "$number" ] || continue
        case $seen in *" $number "*) continue ;; esac
        seen="$seen$number "
        echo "$number"
    done
}

# The commit of the last successful apply: of the commits the environment's successful deployments
# name, the nearest to HEAD in its first-parent history. Not simply the newest deployment: a job
# of an older commit that did nothing (newest_only) still succeeds, and the host records it.
# Empty when none is in this history (the first apply, or a checkout without it: fetch it whole).
last_applied() {
    local head=$1 deployed history commit id state
    local -A ids=()
    deployed=$(host_deployments) || die "could not read the environment's deployments from $host_name's API"
    [ -n "$deployed" ] || return 0
    while read -r commit id; do
        [[ $commit =~ ^[0-9A-Za-z]+$ && $id =~ ^[0-9]+$ ]] || die "$host_name's API listed a deployment roster cannot read"
        ids[$commit]="${ids[$commit]:-}$id "
    done <<< "$deployed"
    history=$(git rev-list --first-parent "$head") || die "git could not read the history of $head"
    for commit in $history; do
        [ -n "${ids[$commit]:-}" ] || continue
        for id in ${ids[$commit]}; do
            state=$(host_deployment_state "$id") || die "could not read deployment $id's state from $host_name's API"
            if [ "$state" = success ]; then
                echo "$commit"
                return 0
            fi
        done
    done
    echo "note: no successful deployment names a commit of this checkout's first-parent history (fetch it whole: fetch-depth 0); taking the $host_change_word $head came from" >&2
}

# Applies every change merged since the last successful apply, as far as the plans reviewed on
# them hold it: the roster is planned now and run through `roster apply --reviewed`, which holds
# back (exit 3) what no reviewed plan holds, such as a change made in the apps since a review.
# Its outcome is in applied_status (0 applied, 3 held back, else roster's failure): returned, not
# exited, so drift goes on after a hold-back with errexit still in force.
apply_reviewed() {
    local path=${ROSTER_PATH:-roster/} dir=.roster-reviewed last changes number found=0 status=0
    rm -rf "$dir"
    mkdir -p "$dir"
    last=$(last_applied "$(host_head)")
    if [ "$last" = "$(host_head)" ]; then
        echo "everything merged up to $last was applied by an earlier run: nothing to apply"
        applied_status=0
        return 0
    fi
    changes=$(merged_changes "$last")
    if [ -z "$changes" ]; then
        echo "error: $(host_head) came from no $host_change_word merged into $(host_ref_name), so no plan was reviewed; change the roster through a $host_change_word" >&2
        exit 1
    fi
    for number in $changes; do
        # 0: downloaded; 1: none was reviewed (said why); an error of the host's API stops the job.
        status=0
        host_download_plan "$number" "$dir/$number" "$@" || status=$?
        if [ "$status" -eq 0 ]; then found=$((found + 1)); elif [ "$status" -ne 1 ]; then exit "$status"; fi
    done
    if [ "$found" -eq 0 ]; then
        echo "error: no plan was reviewed for what was merged (${host_change_word}s $(echo $changes)); nothing was applied. docs/ci.md, \"When apply refuses or finds no plan\", says what to do" >&2
        applied_status=3
        return 0
    fi
    echo "applying what the plans reviewed on $found of $(echo "$changes" | wc -w) ${host_change_word}s merged since the last apply hold ($(echo $changes))"
    applied_status=0
    roster apply "$path" --reviewed "$dir" || applied_status=$?
}

# Applies what the roster's dates made due by today (UTC): a promotion on 1 January, a hire's first
# day, a move from the first of the quarter. Only that: a change made in the apps stays drift (or,
# where it meets a dated change, a conflict told in names), for the pull after it. Whether a change
# is due is decided from the roster, the space and the day alone (docs/ci.md): the job may run twice
# a night, miss a week or cross midnight and does the same, with no deployment on record.
apply_due() {
    roster apply "$1" --due --auto-approve
}

# Adopts drift made in the MPS apps: `roster pull` writes it into the roster files, and one
# change from one branch is opened, or updated when it is already open, for review.
drift() {
    local path=$1 branch=roster/drift last changes
    if host_off_default_branch; then
        echo "error: drift runs on the default branch ($(host_default_branch)), not on \"$(host_ref_name)\": pulled here, its $host_change_word would carry this branch's unmerged commits" >&2
        exit 1
    fi
    newest_only || return 0
    # What was merged and reviewed goes out first: pulled before it is applied, a merged change
    # would look like drift, and the drift request would take it back. What it holds back (3) is
    # what no one reviewed: the pull then offers it for review like any drift, and the job fails
    # at its end, so that nothing is recorded as applied that was not.
    applied_status=0
    last=$(last_applied "$(host_head)")
    changes=""
    if [ "$last" != "$(host_head)" ]; then changes=$(merged_changes "$last"); fi
    if [ -n "$changes" ]; then ROSTER_PATH=$path apply_reviewed "${ROSTER_WORKFLOW:-}"; fi
    if [ "$applied_status" -ne 0 ] && [ "$applied_status" -ne 3 ]; then exit "$applied_status"; fi
    apply_due "$path"
    roster pull "$path"
    if git diff --quiet -- "$path"; then
        echo "no drift"
    else
        open_drift "$path" "$branch"
    fi
    if [ "$applied_status" -eq 3 ]; then
        echo "error: what was merged was held back (above): not all of it is applied, so this job fails; the drift $host_change_word offers the space's values for review" >&2
        exit 3
    fi
}

# Commits the pulled roster to BRANCH, pushes it and opens (or updates) its pull/merge request.
open_drift() {
    local path=$1 branch=$2
    git checkout -B "$branch"
    git add -- "$path"
    git -c user.name="roster" -c user.email="$host_bot_email" \
        commit -q -m "Adopt changes made in the MPS apps (roster pull)"
    # The checkout keeps no credentials: the token goes to this push only.
    push_auth=()
    host_push_auth
    git ${push_auth[@]+"${push_auth[@]}"} push --force "$(host_push_remote)" "$branch"
    host_open_drift "$branch" "Adopt changes made in the MPS apps" \
        "Made by \`roster pull\` from the live space. Review the diff; merging makes the roster say what the space says."
}

# The apply step: on the newest commit of its branch only; exits with the apply's outcome.
apply() {
    newest_only || return 0
    apply_reviewed "$@"
    exit "$applied_status"
}

# The organisation page of the roster at PATH, with its history from git (the job fetches it
# whole), into public/index.html: what GitHub's and GitLab's Pages publish.
site() {
    mkdir -p public
    roster report site "$1" --out public/index.html
    host_output site-file public/index.html
}

run() {
    local command=${1:?"set the command: validate, plan, apply or drift"} path=${ROSTER_PATH:-roster/}
    host_use_token "$command"
    if [ -n "${MPS_TOKEN:-}" ]; then host_mask "$MPS_TOKEN"; fi
    [ -n "${MPS_ENDPOINT:-}" ] || unset MPS_ENDPOINT
    case $command in
        validate) roster validate "$path" ;;
        plan) plan "$path" ;;
        apply) apply "${ROSTER_WORKFLOW:-}" ;;
        drift) drift "$path" ;;
        comment-diff) comment_diff ;;
        site) site "$path" ;;
        *) echo "error: unknown command \"$command\"; roster's loop runs validate, plan, apply, drift, site or comment-diff" >&2; exit 1 ;;
    esac
}

command=${1:?"usage: loop.sh HOST run|note|apply-reviewed|drift …"}
shift
case $command in
    run) run "$@" ;;
    note) note "$@" ;;
    apply-reviewed) apply "$@" ;;
    drift) drift "$@" ;;
    *) echo "error: unknown loop command \"$command\"" >&2; exit 1 ;;
esac
