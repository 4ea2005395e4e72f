#!/usr/bin/env bash
# Puts roster ROSTER_VERSION on the PATH of the job: the release tarball for this runner
# (roster-VERSION-linux-ARCH.tar.gz) from ROSTER_PACKAGE_URL (a URL or a folder; default the
# GitHub release of ROSTER_REPOSITORY), checked against the release's SHA256SUMS and installed
# into ROSTER_HOME, which the action caches between runs. Where no package fits the runner
# (macOS, another architecture), roster is built from the action's own source with Swift.
set -euo pipefail
version=${ROSTER_VERSION:?}
home=${ROSTER_HOME:-${RUNNER_TEMP:-/tmp}/roster-$version}
source_url=${ROSTER_PACKAGE_URL:-https://github.com/${ROSTER_REPOSITORY:-roster-dev/roster}/releases/download/$version}
add_path() { if [ -n "${GITHUB_PATH:-}" ]; then echo "$1" >> "$GITHUB_PATH"; fi; }

if [ -x "$home/bin/roster" ] && "$home/bin/roster" version > /dev/null 2>&1; then
    echo "roster $version is cached in $home."
    add_path "$home/bin"
    exit 0
fi

fetch() {  # fetch NAME DESTINATION: from a folder or over https, failing on any HTTP error
    case $source_url in
        http://*|https://*) curl --fail --silent --show-error --location --proto '=https' --retry 3 \
            -o "$2" "$source_url/$1" ;;
        *) cp "$source_url/$1" "$2" ;;
    esac
}

arch=$(uname -m)
case $arch in x86_64) arch=amd64 ;; aarch64) arch=arm64 ;; esac
name=roster-$version-linux-$arch
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "$(uname -s)" = Linux ] && fetch SHA256SUMS "$work/SHA256SUMS" 2>/dev/null \
    && grep -q " $name.tar.gz\$" "$work/SHA256SUMS"; then
    fetch "$name.tar.gz" "$work/$name.tar.gz"
    if ! (cd "$work" && grep " $name.tar.gz\$" SHA256SUMS | sha256sum -c --quiet -); then
        echo "error: $name.tar.gz does not match the release's SHA256SUMS; refusing to install it" >&2
        exit 1
    fi
    tar -xzf "$work/$name.tar.gz" -C "$work"
    "$work/$name/install.sh" --prefix "$home" > /dev/null
else
    echo "No roster $version package for $(uname -s) $arch; building it from source (needs Swift 6)."
    action=$(cd "$(dirname "$0")/../.." && pwd)
    "$action/scripts/install.sh" --prefix "$home" > /dev/null
fi
add_path "$home/bin"
echo "Installed $("$home/bin/roster" version | head -n 1) into $home."
