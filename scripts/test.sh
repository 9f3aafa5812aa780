#!/usr/bin/env bash
# Builds and runs the whole test suite: the `dev` preset (Debug, ASan + UBSan, bounds-checked
# standard containers (-D_GLIBCXX_ASSERTIONS), warnings as errors)
# and the `release` preset (-O3), then the Doxygen reference; then the other platforms we can test
# here: `noexcept` (clang++-14 -O2 -fno-exceptions): core, portable and io tests;
# `mingw` (MinGW-w64 cross build of the library and core tests; the tests run under Wine);
# `arm64` (AArch64 cross build with g++-aarch64-linux-gnu; the tests run under qemu-user);
# and the bindings: `python` (scripts/test-python.sh: the pybind11 package, pip-installed into a
# venv, pytest), `wasm` (scripts/test-wasm.sh: the Emscripten build, Node.js tests) and `web`
# (scripts/test-web.sh: the playground in headless Chromium driven by Playwright).
# Installs missing Debian packages (and the npm packages of the lock files) first. Prints the time
# each step took.
# Not in the default list, to keep CI under 45 minutes: the `clang` preset (clang++-14 -O2 with
# exceptions; core, portable and io tests like noexcept). g++ with exceptions is covered by dev and
# release, clang by noexcept (and by the wasm step's Emscripten clang, also without exceptions).
# Usage: scripts/test.sh            (from anywhere inside the checkout)
#        PATHING_PLATFORMS="noexcept mingw" scripts/test.sh   (a subset of the extra platforms;
#        PATHING_PLATFORMS="clang noexcept" adds the clang preset;
#        PATHING_PLATFORMS="" runs dev + release + docs + the bindings;
#        PATHING_BINDINGS="python" a subset of the bindings, "" none)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh --docs --platforms
jobs="${PATHING_JOBS:-$(nproc)}"
platforms="${PATHING_PLATFORMS-noexcept mingw arm64}"
bindings="${PATHING_BINDINGS-python wasm web}"
source scripts/step.sh  # step NAME COMMAND...: runs it and prints its wall time
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
# The bindings' tests compare with the CLI of the release build.
export PATHING_CLI="${PATHING_CLI:-$PWD/build/release/cli/pathing}"
for b in $bindings; do
  case "$b" in
    python|wasm|web) echo "== ${b}: bindings (scripts/test-${b}.sh)" ;;
    *) echo "test.sh: unknown binding '$b' (python, wasm, web)" >&2; exit 2 ;;
  esac
  step "$b" bash "scripts/test-${b}.sh"
done
# The other platforms build and run the library's own test binaries (core, the forced portable
# paths, io; MinGW: core and portable under Wine; ARM64: core, portable and io but the maze512
# tests and the slowest scalar ones (below) under qemu-user; both cross builds also run the CLI's --version), not the
# consumer / example / CLI / fuzz-replay / GPPC-entry tests that the dev and release builds already run: CI
# stays well under 45 minutes on a 2-core machine.
extra_targets() {
  case "$1" in
    mingw) echo pathing_core_tests pathing_portable_tests pathing_cli ;;
    arm64) echo pathing_core_tests pathing_portable_tests pathing_io_tests pathing_cli ;;
    *) echo pathing_core_tests pathing_portable_tests pathing_io_tests ;;
  esac
}
wine_prefix() {  # wine_prefix DIR: creates the Wine prefix once, before tests start Wine in
  # parallel (two first starts racing to create one prefix hang), and waits for wineserver to exit
  rm -rf "$1"
  WINEDEBUG=-all WINEPREFIX="$1" timeout 600 wineboot --init
  WINEPREFIX="$1" timeout 120 wineserver --wait || true
}
extra() {  # configure, build the test binaries, run their tests (each test at most 15 minutes)
  cmake --preset "$1" >/dev/null
  # shellcheck disable=SC2046
  cmake --build --preset "$1" -j "$jobs" --target $(extra_targets "$1")
  # (pathing_compiled_tests and pathing_throw_override_tests, test binaries of their own, are not
  # built here either: dev and release run them.)
  local skip='^(fuzz_replay|compile_fail|consumer|example|cli|gppc)[.]|^pathing_(compiled|throw_override)_tests'
  local filter='*'  # GoogleTest filter (GTEST_FILTER) for every test binary
  if [ "$1" = mingw ]; then
    skip="${skip}|^pathing_io_tests\$"
    wine_prefix "$PWD/build/mingw/wineprefix"  # the WINEPREFIX of cmake/toolchains/mingw-w64.cmake
  fi
  if [ "$1" = arm64 ]; then
    # Under qemu-user the three io tests on the Moving AI maze maze512-1-0 (the longest paths:
    # A*, JPS and JPS's no-allocation test) take 6.5 of the io binary's 7.5 minutes: left out.
    # So are, for CI's time, the slowest scalar tests with nothing architecture-specific in them
    # (measured under qemu at ac393c3: 8room_000 and Boston_0_512 rows, 54 % of what remains of
    # the io binary; PathFollower's random simulations, the uncapped flood of a huge map and the
    # sector flow fields' random maps, 55 % of the core binary). Native builds run them all.
    filter='-*maze512*:*8room_000*:*Boston_0_512*:PathFollower.RandomSimulations*'
    filter="${filter}:Limits.AnUncappedFlood*:SectorFlowField.MatchesTheRestrictedReference*"
  fi
  GTEST_FILTER="$filter" ctest --preset "$1" -j "$jobs" -E "$skip" --timeout 900
}
for p in $platforms; do
  case "$p" in
    clang|noexcept) echo "== ${p}: configure, build, test (core, portable, io)" ;;
    mingw) echo "== mingw: cross-compile (MinGW-w64), core and portable tests under Wine" ;;
    arm64) echo "== arm64: cross-compile (aarch64-linux-gnu), core, portable, io subset and CLI under qemu-user" ;;
    *) echo "test.sh: unknown platform '$p' (clang, noexcept, mingw, arm64)" >&2; exit 2 ;;
  esac
  step "$p" extra "$p"
done
