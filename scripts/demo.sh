#!/usr/bin/env bash
# The main job, end to end: build roster, start the local MPS sandbox on its SQLite database,
# check the token, plan and apply the example roster against the sandbox's demo space, plan
# again (no changes), and show the result.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup.sh
echo "==> Building roster (release)"
# Linux: the Swift runtime and Foundation linked in, so each command starts in half the time.
STATIC=""; [ "$(uname -s)" = Linux ] && STATIC="--static-swift-stdlib"
swift build -c release $STATIC --product roster
ROSTER=.build/release/roster

WORK=$(mktemp -d)
SANDBOX_PID=""
cleanup() {
    [ -n "$SANDBOX_PID" ] && kill "$SANDBOX_PID" 2>/dev/null && wait "$SANDBOX_PID" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT

echo "==> Starting the MPS sandbox (SQLite at $WORK/mps.db)"
printf 'demo-token' > "$WORK/token"
chmod 600 "$WORK/token"
python3 -m sandbox --port 0 --db "$WORK/mps.db" --token "demo-token:u_8f3k2:Jane Doe" > "$WORK/sandbox.url" 2> "$WORK/sandbox.log" &
SANDBOX_PID=$!
for _ in $(seq 50); do [ -s "$WORK/sandbox.url" ] && break; sleep 0.1; done
export MPS_ENDPOINT=$(head -n 1 "$WORK/sandbox.url")
export MPS_TOKEN=$(cat "$WORK/token")
echo "    $MPS_ENDPOINT"

echo; echo "==> roster auth status"
"$ROSTER" auth status

echo; echo "==> roster validate examples/acme.yaml"
"$ROSTER" validate examples/acme.yaml

echo; echo "==> roster plan examples/demo-space.yaml   (the seeded demo space: nothing to do)"
"$ROSTER" plan examples/demo-space.yaml --detailed-exitcode

echo; echo "==> roster apply examples/acme.yaml --auto-approve"
"$ROSTER" apply examples/acme.yaml --auto-approve

echo; echo "==> roster plan examples/acme.yaml   (after apply: nothing left to do)"
"$ROSTER" plan examples/acme.yaml --detailed-exitcode

echo; echo "==> roster export   (the space as it is now)"
"$ROSTER" export
