#!/usr/bin/env bash
# Installs roster: a release build, `roster` into PREFIX/bin, and the
# completion scripts where each shell looks for them. Safe to run again; --uninstall removes
# what it installed.
# Usage: scripts/install.sh [--prefix DIR] [--uninstall] [--configuration release|debug] [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=/usr/local uninstall=false configuration=release build=true
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#*=}; shift ;;
        --uninstall) uninstall=true; shift ;;
        --configuration) configuration=$2; shift 2 ;;
        --skip-build) build=false; shift ;;
        -h|--help) sed -n 2,7p "$0"; exit 0 ;;
        *) echo "error: unknown option $1" >&2; exit 1 ;;
    esac
done
bash_dir=$prefix/share/bash-completion/completions
zsh_dir=$prefix/share/zsh/site-functions
fish_dir=$prefix/share/fish/vendor_completions.d
man_dir=$prefix/share/man/man1
files=("$prefix/bin/roster" "$prefix/bin/roster-mps" "$bash_dir/roster" "$zsh_dir/_roster" "$fish_dir/roster.fish"
    "$man_dir"/roster.1 "$man_dir"/roster-*.1)
if $uninstall; then
    rm -f "${files[@]}"
    echo "Removed roster from $prefix."
    exit 0
fi
# libyaml and libcurl's development files (roster's transport), when missing.
if ! pkg-config --exists yaml-0.1 2>/dev/null || { [ "$(uname -s)" = Linux ] && ! pkg-config --exists libcurl 2>/dev/null; }; then
    if command -v apt-get >/dev/null; then
        SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
        $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libyaml-dev libcurl4-openssl-dev pkg-config
    elif command -v brew >/dev/null; then
        brew install libyaml pkg-config
    fi
fi
static=(); [ "$(uname -s)" = Linux ] && [ "$configuration" = release ] && static=(--static-swift-stdlib)
if $build; then
    swift build -c "$configuration" "${static[@]}" --product roster
fi
built=.build/$configuration
install -d "$prefix/bin" "$bash_dir" "$zsh_dir" "$fish_dir" "$man_dir"
install -m 755 "$built/roster" "$prefix/bin/"
rm -f "$prefix/bin/roster-mps"   # a second binary of earlier versions
"$prefix/bin/roster" completion bash > "$bash_dir/roster"
"$prefix/bin/roster" completion zsh > "$zsh_dir/_roster"
"$prefix/bin/roster" completion fish > "$fish_dir/roster.fish"
"$prefix/bin/roster" help --man-dir "$man_dir" > /dev/null
echo "Installed $("$prefix/bin/roster" version | head -n 1) into $prefix/bin, with its manual pages and completions for bash, zsh and fish."
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "Add $prefix/bin to your PATH." ;; esac
