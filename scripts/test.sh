#!/usr/bin/env bash
# Runs every test: the format lint, the Swift package's (unit, golden, yaml-test-suite, robustness, end to end
# against the sandbox), the sandbox server's, and the checks that other programs' parsers read roster's output. Exits non-zero when any test fails.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup.sh
# The code's format is part of the test: swift-format (shipped with the toolchain) at 120 columns.
swift format lint --strict --recursive Sources Tests Package.swift
# The GitHub Action and the example workflows: actionlint, GitHub's schemas, and zizmor's security
# audit (no finding of medium or high severity; one kept on purpose is suppressed inline, with why).
actionlint examples/ci/roster.yml examples/ci/roster-comment.yml
check-jsonschema --builtin-schema vendor.github-workflows examples/ci/roster.yml examples/ci/roster-comment.yml
check-jsonschema --builtin-schema vendor.github-actions action.yml
zizmor --offline --min-severity medium examples/ci/roster.yml examples/ci/roster-comment.yml action.yml
# The GitLab CI/CD component (its spec header and its jobs, each document checked) and the example
# pipeline: GitLab's schema. The pre-commit hook's manifest and the example config: pre-commit's.
split=$(mktemp -d)
python3 -c 'import sys; [open(f"{sys.argv[2]}/{i}.yml", "w").write(part) for i, part in enumerate(open(sys.argv[1]).read().split("\n---\n"))]' \
    templates/roster.yml "$split"
check-jsonschema --builtin-schema vendor.gitlab-ci "$split"/*.yml examples/ci/gitlab-ci.yml
rm -rf "$split"
pre-commit validate-manifest .pre-commit-hooks.yaml
pre-commit validate-config examples/ci/pre-commit-config.yaml
swift build --build-tests
# Every target in release too (the demo, the install script and the benchmarks build release): a
# release build differs (no testability, other optimizer), and a test run alone would not see it fail.
swift build -c release
swift test
python3 -m pytest -q sandbox/tests Tests/interop
