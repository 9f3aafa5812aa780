#!/usr/bin/env bash
# Builds and runs the whole test suite: the `dev` preset (Debug, ASan + UBSan, warnings as errors)
# and the `release` preset (-O3), then the Doxygen reference; then the other platforms we can test
# here: `clang` (clang++-14, the whole suite), `noexcept` (g++ -fno-exceptions: library, core and
# io tests) and `mingw` (MinGW-w64 cross build of library, tests and CLI; the test binaries run
# under Wine). Installs missing Debian packages first. Prints the time each step took.
# Usage: scripts/test.sh            (from anywhere inside the checkout)
#        PATHING_PLATFORMS="clang noexcept" scripts/test.sh   (a subset of the extra platforms;
#        PATHING_PLATFORMS="" runs dev + release + docs only)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh --docs --platforms
jobs="${PATHING_JOBS:-$(nproc)}"
platforms="${PATHING_PLATFORMS-clang noexcept mingw}"
step() {  # step NAME COMMAND...: runs a step and prints its wall time
  local name="$1"; shift
  local t0=$SECONDS
  "$@"
  echo "== ${name}: $((SECONDS - t0)) s"
}
preset() {  # configure, build, test one preset
  cmake --preset "$1" >/dev/null
  cmake --build --preset "$1" -j "$jobs"
  ctest --preset "$1" -j "$jobs"
}
for p in dev release; do
  echo "== ${p}: configure, build, test"
  step "$p" preset "$p"
done
echo "== docs: Doxygen API reference (fails on any undocumented public name)"
step docs cmake --build --preset release --target docs
for p in $platforms; do
  case "$p" in
    clang|noexcept) echo "== ${p}: configure, build, test" ;;
    mingw) echo "== mingw: cross-compile (MinGW-w64), tests under Wine" ;;
    *) echo "test.sh: unknown platform '$p' (clang, noexcept, mingw)" >&2; exit 2 ;;
  esac
  step "$p" preset "$p"
done
