#!/usr/bin/env bash
# Runs every test: the Swift package's (unit, golden, yaml-test-suite, robustness, end to end)
# and the sandbox server's. Exits non-zero when any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests
swift test
python3 -m pytest -q sandbox/tests
