#!/usr/bin/env bash
# Installs what roster and its sandbox need, when missing: libyaml (Debian's libyaml-dev), libcurl's
# development files on Linux (libcurl4-openssl-dev: roster's transport), openssl (the TLS tests make
# a private CA with it), and the sandbox's Python packages
# (graphql-core, pytest, and PyYAML for the export round-trip test), and Graphviz for the chart
# tests, zsh, fish and bash-completion for the completion tests. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

# roster's transport is libcurl; macOS has its headers in the SDK, Linux needs the -dev package.
need_curl=false
[ "$(uname -s)" = Linux ] && ! pkg-config --exists libcurl 2>/dev/null && need_curl=true
if ! pkg-config --exists yaml-0.1 2>/dev/null || $need_curl; then
    echo "==> Installing libyaml-dev and libcurl4-openssl-dev"
    if command -v apt-get >/dev/null; then
        SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
        $SUDO apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libyaml-dev libcurl4-openssl-dev pkg-config
    elif command -v brew >/dev/null; then
        brew install libyaml pkg-config
    else
        echo "error: install libyaml (with its pkg-config file yaml-0.1) and try again" >&2
        exit 1
    fi
fi

# Graphviz's `dot` renders the charts the tests produce (and the README's picture); zsh, fish and
# bash-completion load the completion scripts in the tests.
missing=()
command -v dot >/dev/null || missing+=(graphviz)
command -v openssl >/dev/null || missing+=(openssl)
# git applies the patches `pull --dry-run` prints, in the tests.
command -v git >/dev/null || missing+=(git)
# The package test: dpkg-dev builds the .deb, lintian and mandoc lint it, man reads its pages.
command -v dpkg-shlibdeps >/dev/null || missing+=(dpkg-dev)
command -v lintian >/dev/null || missing+=(lintian)
command -v mandoc >/dev/null || missing+=(mandoc)
command -v man >/dev/null || missing+=(man-db)
command -v zsh >/dev/null || missing+=(zsh)
command -v fish >/dev/null || missing+=(fish)
# The GitLab side of the CI loop reads GitLab's answers with jq.
command -v jq >/dev/null || missing+=(jq)
[ -e /usr/share/bash-completion/bash_completion ] || missing+=(bash-completion)
# Headless Chromium opens the organisation page (`roster report site`) in the tests.
command -v chromium >/dev/null || command -v chromium-headless-shell >/dev/null || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ] && command -v apt-get >/dev/null; then
    echo "==> Installing ${missing[*]}"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

if ! python3 -c 'import graphql, pytest, yaml' 2>/dev/null; then
    echo "==> Installing the sandbox's Python packages"
    python3 -m pip install --quiet -r sandbox/requirements.txt
fi

if ! command -v actionlint >/dev/null || ! command -v zizmor >/dev/null || ! command -v check-jsonschema >/dev/null \
    || ! command -v pre-commit >/dev/null; then
    echo "==> Installing the workflow linters (actionlint, zizmor, check-jsonschema) and pre-commit"
    python3 -m pip install --quiet -r scripts/requirements-lint.txt
fi
