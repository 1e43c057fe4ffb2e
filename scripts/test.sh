#!/usr/bin/env bash
# The whole test suite: installs the Debian packages the tests need (if missing), checks
# formatting and lints, then runs every test of the workspace.
#
# The corpus tests read ../shared/corpus next to this checkout; without it they are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the tests use: spirv-tools for spirv-val (the SPIR-V back end's tests);
# the Vulkan loader and Mesa's lavapipe driver for running SPIR-V (the dEQP cases through
# Vulkan).
PACKAGES=(spirv-tools libvulkan1 mesa-vulkan-drivers)

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

cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo test --workspace --quiet
# The shipping static build of `fresnel` (.cargo/config.toml, `cargo release-static`).
scripts/static-check.sh
