#!/usr/bin/env bash
# Adopts drift made in the MPS apps as one pull request (branch roster/drift), with the shared
# loop and its GitHub adapter.
# Usage: drift-pr.sh ROSTER_PATH      (in a git checkout; needs GH_TOKEN for gh)
exec "$(cd "$(dirname "$0")/../ci" && pwd)/loop.sh" github drift "$@"
