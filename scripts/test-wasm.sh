#!/usr/bin/env bash
# Builds the WebAssembly JavaScript package (the `wasm` preset: Debian's Emscripten; the npm
# package folder build/wasm/js) and runs its Node.js tests (bindings/js/test/, `node --test`):
# exact paths, costs and statuses, fields against a brute-force Dijkstra, PathingError messages,
# and the Moving AI scenario check on data/rooms-64 and, when present, ../shared/data/movingai/dao
# (PATHING_SHARED_DATA overrides; PATHING_JS_SCEN_STEP=N checks every Nth row). Installs missing
# Debian packages first. Prints the wall time of each step.
# Usage: scripts/test-wasm.sh      (PATHING_JOBS=N: build jobs, default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh --wasm
# Debian's Emscripten runs its JavaScript optimizer with node, which finds acorn only there.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
jobs="${PATHING_JOBS:-2}"
t_all=$SECONDS
source scripts/step.sh  # step NAME COMMAND...: runs it and prints its wall time
configure() { cmake --preset wasm >/dev/null; }
step "wasm: configure" configure
step "wasm: build" cmake --build --preset wasm -j "$jobs"
step "wasm: node --test" node --test bindings/js/test/
echo "== wasm: total $((SECONDS - t_all)) s (package: build/wasm/js; npm pack build/wasm/js)"
