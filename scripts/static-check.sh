#!/usr/bin/env bash
# Checks the shipping static `fresnel` (`cargo release-static`, see .cargo/config.toml) on
# x86-64 Linux/glibc: it is statically linked, it compiles every shader of the repository (and
# of the corpus beside it, when present) to the same bytes and diagnostics as the dynamically
# linked debug build `cargo test` made, and it refuses Vulkan runs with an error instead of
# crashing. Run by scripts/test.sh after the tests; LTO is left out here to save CI time
# (what LTO changes is checked by the corpus tests of the dynamic build).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -m)-$(uname -s)" != "x86_64-Linux" ] || ! ldd --version 2>&1 | grep -i glibc >/dev/null; then
    echo "static-check: not x86-64 Linux with glibc, skipped"
    exit 0
fi
CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 cargo release-static --quiet
TARGET_DIR="${CARGO_TARGET_DIR:-target}"
STATIC="$TARGET_DIR/x86_64-unknown-linux-gnu/release/fresnel"
DYNAMIC="$TARGET_DIR/debug/fresnel"
[ -x "$DYNAMIC" ] || cargo build --quiet -p fresnel-cli --bin fresnel

fail() { echo "static-check: $*" >&2; exit 1; }

if ldd "$STATIC" >/dev/null 2>&1; then
    fail "$STATIC is dynamically linked"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=$(find examples crates -path '*/target' -prune -o -type f \
    \( -name '*.vert' -o -name '*.frag' -o -name '*.comp' -o -name '*.geom' -o -name '*.tesc' -o -name '*.tese' \) -print)
if [ -d ../shared/corpus/glslang/Test ]; then
    files="$files $(find ../shared/corpus/glslang/Test -maxdepth 1 -type f \
        \( -name 'spv.*.vert' -o -name 'spv.*.frag' -o -name 'spv.*.comp' \) | sort | sed -n '1,300p')"
fi
n=0
for f in $files; do
    for opt in -O0 -O; do
        set +e
        "$DYNAMIC" compile "$f" --emit spirv "$opt" -o "$tmp/d.spv" >"$tmp/d.err" 2>&1
        d=$?
        "$STATIC" compile "$f" --emit spirv "$opt" -o "$tmp/s.spv" >"$tmp/s.err" 2>&1
        s=$?
        set -e
        [ "$d" = "$s" ] || fail "$f $opt: exit $s, the dynamic build's $d"
        cmp -s "$tmp/d.err" "$tmp/s.err" || fail "$f $opt: diagnostics differ"
        if [ "$d" = 0 ]; then
            cmp -s "$tmp/d.spv" "$tmp/s.spv" || fail "$f $opt: SPIR-V differs"
        fi
    done
    n=$((n + 1))
done
[ "$n" -gt 0 ] || fail "no shaders found"

set +e
"$STATIC" deqp --backend vulkan "$tmp/none.test" >"$tmp/vk.out" 2>&1
code=$?
set -e
[ "$code" = 1 ] || fail "a Vulkan run exited $code, not 1"
grep -q "statically linked" "$tmp/vk.out" || fail "a Vulkan run did not say why it cannot run"
echo "static-check: $STATIC is static; $n shaders compiled as by the dynamic build (-O0 and -O)"
