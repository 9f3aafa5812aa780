#!/usr/bin/env bash
# Builds the `pathing` CLI (release preset) and runs it on the sample maps shipped in data/.
# Installs missing Debian packages first. Usage: scripts/demo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target pathing_cli -j "${PATHING_JOBS:-$(nproc)}"
cli=build/release/cli/pathing
set -x
"$cli" scen data/rooms-64.map.scen --check
"$cli" path data/maze-32.map 26 25 0 0 --algo astar --moves 8
