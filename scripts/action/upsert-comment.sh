#!/usr/bin/env bash
# Posts COMMENT_FILE on pull request PR, or updates the comment an earlier run posted (found by
# its hidden marker line), so a pull request carries one plan comment however often it is pushed.
# Usage: upsert-comment.sh PR COMMENT_FILE        (needs GH_TOKEN and GITHUB_REPOSITORY)
set -euo pipefail
pr=$1 file=$2
marker="<!-- roster-plan -->"
id=$(gh api "repos/$GITHUB_REPOSITORY/issues/$pr/comments" --paginate \
       --jq ".[] | select(.body | startswith(\"$marker\")) | .id" | head -n 1)
if [ -n "$id" ]; then
  gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$id" -F "body=@$file" > /dev/null
  echo "updated comment $id"
else
  gh api --method POST "repos/$GITHUB_REPOSITORY/issues/$pr/comments" -F "body=@$file" > /dev/null
  echo "posted a new comment"
fi
