#!/usr/bin/env bash
# Builds roster's release packages into dist/:
#   roster_VERSION_ARCH.deb                the Debian package (dpkg-deb; Depends from dpkg-shlibdeps)
#   roster-VERSION-linux-ARCH.tar.gz       the same files in bin/ and share/, with a POSIX install.sh
#   SHA256SUMS                             for both
# The version is the one `roster version` reports (RosterCommandLine.version), the manual pages are
# written by `roster help --man-dir`, the completions by `roster completion`.
# Usage: scripts/package.sh [--skip-build] [--scratch-path DIR (default .build)] [--dist DIR (default dist)]
set -euo pipefail
cd "$(dirname "$0")/.."
build=true scratch=.build dist=dist
while [ $# -gt 0 ]; do
    case $1 in
        --skip-build) build=false; shift ;;
        --scratch-path) scratch=$2; shift 2 ;;
        --dist) dist=$2; shift 2 ;;
        -h|--help) sed -n 2,9p "$0"; exit 0 ;;
        *) echo "error: unknown option $1" >&2; exit 1 ;;
    esac
done
if $build; then
    # -z now: every symbol bound at start, so the GOT can be read-only (Debian's hardening).
    swift build -c release --static-swift-stdlib --product roster --scratch-path "$scratch" -Xlinker -z -Xlinker now
fi
binary=$scratch/release/roster
version=$("$binary" version --format json | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$dist" && mkdir -p "$dist"

# The files both packages hold, under a prefix: bin/, share/man, share/*completion*, share/doc, and
# share/roster/ci: the review loop that the GitLab CI/CD component runs from the installed package.
stage() {
    local root=$1 zsh_dir=$2
    install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
        "$root/$zsh_dir" "$root/share/fish/vendor_completions.d" "$root/share/doc/roster" "$root/share/roster/ci"
    install -m 755 "$binary" "$root/bin/roster"
    install -m 755 scripts/ci/loop.sh scripts/ci/plan-note.sh "$root/share/roster/ci/"
    install -m 644 scripts/ci/github.sh scripts/ci/gitlab.sh "$root/share/roster/ci/"
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/bin/roster"
    "$binary" help --man-dir "$root/share/man/man1" > /dev/null
    gzip -9n "$root"/share/man/man1/*.1
    "$binary" completion bash > "$root/share/bash-completion/completions/roster"
    "$binary" completion zsh > "$root/$zsh_dir/_roster"
    "$binary" completion fish > "$root/share/fish/vendor_completions.d/roster.fish"
    chmod 644 "$root"/share/bash-completion/completions/roster "$root/$zsh_dir/_roster" \
        "$root"/share/fish/vendor_completions.d/roster.fish
}

# --- the Debian package ---
deb=$work/deb
stage "$deb/usr" share/zsh/vendor-completions
install -m 644 scripts/packaging/copyright "$deb/usr/share/doc/roster/copyright"
sed "s/@VERSION@/$version/; s/@DATE@/$(date -u -R -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")/" \
    scripts/packaging/changelog | gzip -9n > "$deb/usr/share/doc/roster/changelog.gz"
install -d "$deb/usr/share/lintian/overrides"
install -m 644 scripts/packaging/lintian-overrides "$deb/usr/share/lintian/overrides/roster"
# dpkg-shlibdeps reads the libraries the binary links and names the packages that hold them.
mkdir -p "$work/shlibs/debian" && touch "$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O -e "$deb/usr/bin/roster" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
install -d "$deb/DEBIAN"
size=$(du -sk "$deb/usr" | cut -f1)
sed "s/@VERSION@/$version/; s/@ARCH@/$arch/; s/@DEPENDS@/$depends/; s/@SIZE@/$size/" \
    scripts/packaging/control > "$deb/DEBIAN/control"
(cd "$deb" && find usr -type f -exec md5sum {} + | sort -k 2 > DEBIAN/md5sums)
dpkg-deb --build --root-owner-group -Zxz "$deb" "$dist/roster_${version}_${arch}.deb" > /dev/null

# --- the tarball ---
name=roster-$version-linux-$arch
stage "$work/$name" share/zsh/site-functions
install -m 644 scripts/packaging/copyright "$work/$name/share/doc/roster/copyright"
install -m 755 scripts/packaging/install.sh "$work/$name/install.sh"
tar -C "$work" --owner=0 --group=0 --sort=name -czf "$dist/$name.tar.gz" "$name"

(cd "$dist" && sha256sum "roster_${version}_${arch}.deb" "$name.tar.gz" > SHA256SUMS)
echo "Built $dist/roster_${version}_${arch}.deb and $dist/$name.tar.gz (Depends: $depends)."
