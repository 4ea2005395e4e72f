#!/usr/bin/env bash
# Posts COMMENT_FILE on pull request PR, or updates the comment an earlier run posted (found by
# its hidden marker line): the shared loop's note, with its GitHub adapter.
# Usage: upsert-comment.sh PR COMMENT_FILE        (needs GH_TOKEN and GITHUB_REPOSITORY)
exec "$(cd "$(dirname "$0")/../ci" && pwd)/loop.sh" github note "$@"
