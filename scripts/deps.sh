#!/usr/bin/env bash
# Installs the Debian 12 packages pathing needs to build, test and benchmark, if they are missing.
# Usage: scripts/deps.sh [--bench] [--docs] [--fuzz] [--platforms] [--python] [--wasm] [--web]
#        (root, or sudo available)
#   --platforms: what the clang, noexcept, mingw and arm64 presets need (clang 14; MinGW-w64 with
#   POSIX threads; GoogleTest's sources, built inside the cross builds; Wine to run the Windows
#   tests; the AArch64 cross compiler, which brings libc6-dev-arm64-cross, and qemu-user's
#   qemu-aarch64 to run the ARM64 tests).
#   --python: pybind11, NumPy and pytest for Debian's /usr/bin/python3 (the Python package).
#   --wasm: Emscripten (the WebAssembly build; Node.js runs its tests). --web: Chromium for the
#   playground's browser tests (Playwright comes from npm, see web/).
set -euo pipefail

pkgs=(cmake ninja-build g++ libgtest-dev libgmock-dev libcli11-dev libfmt-dev)
for arg in "$@"; do
  case "$arg" in
    --bench) pkgs+=(libbenchmark-dev libtcod-dev libboost-graph-dev) ;;
    --docs) pkgs+=(doxygen) ;;
    --fuzz) pkgs+=(clang-14 libclang-rt-14-dev) ;;
    --platforms) pkgs+=(clang-14 g++-mingw-w64-x86-64-posix googletest wine wine64
                        g++-aarch64-linux-gnu qemu-user) ;;
    --python) pkgs+=(pybind11-dev python3-dev python3-numpy python3-pytest python3-venv python3-pip
                     python3-setuptools python3-wheel) ;;
    --wasm) pkgs+=(emscripten)
            command -v node >/dev/null || pkgs+=(nodejs) ;;
    --web) pkgs+=(chromium)
           command -v npm >/dev/null || pkgs+=(npm) ;;  # a Node.js without npm (Debian's own)
    *) echo "deps.sh: unknown option '$arg' (use --bench, --docs, --fuzz, --platforms, --python, --wasm, --web)" >&2
       exit 2 ;;
  esac
done

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps.sh: installing ${missing[*]}" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
