#!/usr/bin/env bash
# Fetches the spirv-val of Debian unstable's spirv-tools package (SPIRV-Tools 2026.4 in
# November 2026, against Debian 12's 2023.1) into DIR, without installing anything: the
# package and the C and C++ runtime it is built against (libc6, libstdc++6, libgcc-s1, all
# from unstable) are unpacked under DIR/root, and DIR/spirv-val runs the validator through
# that runtime's own dynamic loader, so the system's C library is left alone.
#
# Usage: tools/spirv-val-sid/fetch.sh DIR    (prints the validator's version)
# Everything comes from $DEBIAN_MIRROR (default deb.debian.org) and is checked as apt checks
# it: the release file's signature against the Debian archive keyring, the package list
# against the release file's SHA-256, each package against the list's. Exits non-zero,
# changing nothing in DIR, when the mirror cannot be reached, a check fails or the machine is
# not amd64. A DIR that already holds a working validator is kept as it is.
set -euo pipefail

dir=${1:?usage: fetch.sh DIR}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

if [ -x "$dir/spirv-val" ] && "$dir/spirv-val" --version >/dev/null 2>&1; then
    "$dir/spirv-val" --version | sed -n 1p
    exit 0
fi
if [ "$(dpkg --print-architecture 2>/dev/null || uname -m)" != amd64 ]; then
    echo "fetch.sh: only amd64 is supported" >&2
    exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
curl -fsS -m 300 "$mirror/dists/sid/InRelease" -o "$tmp/InRelease"
gpgv --quiet --keyring "$keyring" --output "$tmp/Release" "$tmp/InRelease" 2>/dev/null || {
    echo "fetch.sh: the release file's signature does not check against $keyring" >&2
    exit 1
}
list_sha=$(awk '/^SHA256:/ { on = 1; next } /^[^ ]/ { on = 0 }
    on && $3 == "main/binary-amd64/Packages.xz" { print $1 }' "$tmp/Release")
curl -fsS -m 300 "$mirror/dists/sid/main/binary-amd64/Packages.xz" -o "$tmp/Packages.xz"
echo "$list_sha  $tmp/Packages.xz" | sha256sum -c --quiet
xz -dc "$tmp/Packages.xz" >"$tmp/Packages"

mkdir -p "$tmp/root"
for pkg in spirv-tools libc6 libstdc++6 libgcc-s1; do
    # The package's stanza: its file in the pool and that file's SHA-256.
    read -r file sha < <(awk -v p="Package: $pkg" '
        $0 == p { on = 1; next }
        on && /^Filename: / { f = $2 }
        on && /^SHA256: / { s = $2 }
        on && /^$/ { print f, s; exit }' "$tmp/Packages") || true
    if [ -z "${file:-}" ] || [ -z "${sha:-}" ]; then
        echo "fetch.sh: $pkg is not in the package list" >&2
        exit 1
    fi
    curl -fsS -m 600 "$mirror/$file" -o "$tmp/$pkg.deb"
    echo "$sha  $tmp/$pkg.deb" | sha256sum -c --quiet
    dpkg-deb -x "$tmp/$pkg.deb" "$tmp/root"
    file="" sha=""
done

lib="$tmp/root/usr/lib/x86_64-linux-gnu"
test -x "$lib/ld-linux-x86-64.so.2"
test -x "$tmp/root/usr/bin/spirv-val"

mkdir -p "$dir"
rm -rf "$dir/root"
mv "$tmp/root" "$dir/root"
root=$(cd "$dir/root" && pwd)
cat >"$dir/spirv-val" <<WRAPPER
#!/bin/sh
# Debian unstable's spirv-val, run with the C and C++ runtime it was built against
# (tools/spirv-val-sid/fetch.sh).
exec "$root/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" \\
    --library-path "$root/usr/lib/x86_64-linux-gnu" "$root/usr/bin/spirv-val" "\$@"
WRAPPER
chmod +x "$dir/spirv-val"
"$dir/spirv-val" --version | sed -n 1p
