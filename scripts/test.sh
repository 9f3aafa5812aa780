#!/usr/bin/env bash
# Builds and runs the whole test suite: the `dev` preset (Debug, ASan + UBSan, warnings as errors)
# and the `release` preset (-O3), then the Doxygen reference. Installs missing Debian packages first.
# Usage: scripts/test.sh            (from anywhere inside the checkout)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh --docs
jobs="${PATHING_JOBS:-$(nproc)}"
for preset in dev release; do
  echo "== ${preset}: configure, build, test"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs"
done
echo "== docs: Doxygen API reference (fails on any undocumented public name)"
cmake --build --preset release --target docs
