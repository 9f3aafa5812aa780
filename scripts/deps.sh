#!/usr/bin/env bash
# Installs the Debian 12 packages pathing needs to build, test and benchmark, if they are missing.
# Usage: scripts/deps.sh [--bench] [--docs]    (root, or sudo available)
set -euo pipefail

pkgs=(cmake ninja-build g++ libgtest-dev libgmock-dev libcli11-dev libfmt-dev)
for arg in "$@"; do
  case "$arg" in
    --bench) pkgs+=(libbenchmark-dev libtcod-dev libboost-graph-dev) ;;
    --docs) pkgs+=(doxygen) ;;
    --fuzz) pkgs+=(clang-14 libclang-rt-14-dev) ;;
    *) echo "deps.sh: unknown option '$arg' (use --bench, --docs, --fuzz)" >&2; exit 2 ;;
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
