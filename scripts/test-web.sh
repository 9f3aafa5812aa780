#!/usr/bin/env bash
# Browser tests of the playground (web/playground, issue #18): assembles the static site
# (web/build.mjs: the page + the npm package folder of the `wasm` preset + data/*.map) in
# build/wasm/playground, installs Playwright's npm client (playwright-core, no browser download)
# with `npm ci` in web/, and runs web/test/ with `node --test`: Debian's Chromium, headless, loads
# the page from a static server on 127.0.0.1, draws walls with the mouse, runs every search 4- and
# 8-connected and checks costs, moves and expansions against the native CLI, and saves the
# screenshots docs/img/playground.png and docs/img/playground-field.png.
# Installs missing Debian packages first (Chromium; Emscripten when the wasm build is missing).
# Prints the wall time of each step.
# Usage: scripts/test-web.sh
#   PATHING_CLI=path/to/pathing: the native CLI to compare with (default: build/release/cli/pathing,
#   built with the release preset when missing). PATHING_JOBS=N: build jobs (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh --web
jobs="${PATHING_JOBS:-2}"
t_all=$SECONDS
source scripts/step.sh  # step NAME COMMAND...: runs it and prints its wall time
wasm_build() {
  bash scripts/deps.sh --wasm
  export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
  cmake --preset wasm >/dev/null
  cmake --build --preset wasm -j "$jobs"
}
if [ ! -f build/wasm/js/pathing_wasm.wasm ] || [ ! -f build/wasm/js/pathing.mjs ]; then
  step "web: wasm build (build/wasm/js)" wasm_build
fi
cli_build() {
  cmake --preset release >/dev/null
  cmake --build --preset release -j "$jobs" --target pathing_cli
}
if [ -z "${PATHING_CLI:-}" ]; then
  export PATHING_CLI="$PWD/build/release/cli/pathing"
  [ -x "$PATHING_CLI" ] || step "web: native CLI (release preset)" cli_build
fi
step "web: site (build/wasm/playground)" node web/build.mjs build/wasm/js build/wasm/playground
step "web: npm ci" npm ci --prefix web --no-audit --no-fund --loglevel=error
step "web: browser tests" node --test web/test/
echo "== web: total $((SECONDS - t_all)) s (open: python3 -m http.server -d build/wasm/playground)"
