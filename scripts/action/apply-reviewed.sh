#!/usr/bin/env bash
# On a push to main: applies exactly the plan reviewed on the merged pull request (the artifact
# its last successful plan run saved). `roster apply plan.json` refuses (exit 3) when the space
# changed since the review: then re-run the pull request's plan and merge again.
# Usage: apply-reviewed.sh WORKFLOW_FILE        (needs GH_TOKEN, GITHUB_REPOSITORY, GITHUB_SHA)
set -euo pipefail
workflow=$1
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
rm -rf .roster-plan
gh run download "$run" --name roster-plan --dir .roster-plan
roster apply .roster-plan/plan.json
