#!/bin/sh
# Installs roster from this folder: bin/roster, its manual pages and its bash, zsh and fish
# completions, under PREFIX (default /usr/local). Needs nothing but a POSIX shell; libyaml and
# libcurl must be on the system (Debian: libyaml-0-2, libcurl4).
# Usage: ./install.sh [--prefix DIR] [--uninstall]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=/usr/local
uninstall=false
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#*=}; shift ;;
        --uninstall) uninstall=true; shift ;;
        -h|--help) sed -n 2,5p "$0"; exit 0 ;;
        *) echo "error: unknown option $1" >&2; exit 1 ;;
    esac
done
files=$(cd "$here" && find bin share -type f | sort)
if $uninstall; then
    for file in $files; do rm -f "$prefix/$file"; done
    echo "Removed roster from $prefix."
    exit 0
fi
for file in $files; do
    mkdir -p "$prefix/$(dirname "$file")"
    cp "$here/$file" "$prefix/$file"
    case $file in bin/*) chmod 755 "$prefix/$file" ;; *) chmod 644 "$prefix/$file" ;; esac
done
echo "Installed $("$prefix/bin/roster" version | head -n 1) into $prefix."
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "Add $prefix/bin to your PATH." ;; esac
