#!/usr/bin/env bash
# The main job, end to end: build roster, check the example rosters.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "==> Building roster (release)"
swift build -c release --product roster
ROSTER=.build/release/roster

echo "==> Validating the examples"
"$ROSTER" validate examples/demo-space.yaml
"$ROSTER" validate examples/acme.yaml
"$ROSTER" validate examples/multi
