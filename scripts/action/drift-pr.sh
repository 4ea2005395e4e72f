#!/usr/bin/env bash
# Adopts drift made in the MPS apps: `roster pull` writes it into the roster files, and one pull
# request (branch roster/drift) is opened, or updated when it is already open, for review.
# Usage: drift-pr.sh ROSTER_PATH      (in a git checkout; needs GH_TOKEN for gh)
set -euo pipefail
roster_path=$1
branch=roster/drift
roster pull "$roster_path"
if git diff --quiet -- "$roster_path"; then
  echo "no drift"
  exit 0
fi
git checkout -B "$branch"
git add -- "$roster_path"
git -c user.name="roster" -c user.email="roster@users.noreply.github.com" \
  commit -q -m "Adopt changes made in the MPS apps (roster pull)"
# The checkout keeps no credentials (persist-credentials: false): the token goes to this push only.
auth=()
if [ -n "${GH_TOKEN:-}" ] && [ -n "${GITHUB_SERVER_URL:-}" ]; then
  basic=$(printf 'x-access-token:%s' "$GH_TOKEN" | base64 | tr -d '\n')
  echo "::add-mask::$basic"
  auth=(-c "http.$GITHUB_SERVER_URL/.extraheader=AUTHORIZATION: basic $basic")
fi
git "${auth[@]}" push --force origin "$branch"
if [ -z "$(gh pr list --head "$branch" --state open --json number --jq '.[].number')" ]; then
  gh pr create --head "$branch" --title "Adopt changes made in the MPS apps" \
    --body "Made by \`roster pull\` from the live space. Review the diff; merging makes the roster say what the space says."
else
  echo "updated the open drift pull request"
fi
