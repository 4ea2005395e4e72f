#!/usr/bin/env bash
# Runs every test: the Swift package's (unit, golden, yaml-test-suite, robustness, end to end
# against the sandbox) and the sandbox server's. Exits non-zero when any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup.sh
swift build --build-tests
swift test
python3 -m pytest -q sandbox/tests
