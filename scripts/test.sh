#!/usr/bin/env bash
# The whole test suite: installs the Debian packages the tests need (if missing), checks
# formatting and lints, then runs every test of the workspace.
#
# The corpus tests read ../shared/corpus next to this checkout; without it they are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the tests use: spirv-tools for spirv-val (the SPIR-V back end's tests);
# the Vulkan loader and Mesa's lavapipe driver for running SPIR-V (the dEQP cases through
# Vulkan); curl, xz, gpgv and the archive keyring to fetch Debian unstable's newer spirv-val
# (below).
PACKAGES=(spirv-tools libvulkan1 mesa-vulkan-drivers curl xz-utils gpgv debian-archive-keyring)

missing=()
for p in "${PACKAGES[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

# One build from scratch: incremental compilation only costs time and disk here.
export CARGO_INCREMENTAL=0

# Debian 12's spirv-val (SPIRV-Tools 2023.1) knows no extension of the last three years;
# Debian unstable's (2026.4) knows them all. The SPIR-V form tests validate with it
# (`SPIRV_VAL_VENDORED`), and so does the corpus sweep below. Without the network both are
# skipped with a note.
if [ -z "${SPIRV_VAL_VENDORED:-}" ]; then
    if tools/spirv-val-sid/fetch.sh target/spirv-val-sid; then
        SPIRV_VAL_VENDORED="$PWD/target/spirv-val-sid/spirv-val"
        export SPIRV_VAL_VENDORED
    else
        echo "note: Debian unstable's spirv-val could not be fetched: the newer validation is skipped"
    fi
fi

cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo test --workspace --quiet
# Every corpus shader `fresnel check` accepts, as SPIR-V for the environment it is written
# for, at -O0 and -O, must pass the newer spirv-val (about 15 s each).
if [ -n "${SPIRV_VAL_VENDORED:-}" ] && [ -d ../shared/corpus ]; then
    for opt in "" O; do
        CORPUS_SPIRV_OPT=$opt SPIRV_VAL="$SPIRV_VAL_VENDORED" cargo run --quiet \
            -p fresnel-backend --example corpus_spirv -- glslang piglit amber glsl-optimizer naga vk-gl-cts |
            grep -E '^== total|^ +[0-9]+ '
    done
fi
# The shipping static build of `fresnel` (.cargo/config.toml, `cargo release-static`).
scripts/static-check.sh
