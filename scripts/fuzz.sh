#!/usr/bin/env bash
# Fuzzes one libFuzzer target of fuzz/ (builds the `fuzz` preset first: clang 14, ASan + UBSan).
#
#   scripts/fuzz.sh TARGET [SECONDS] [libFuzzer flags...]   fuzz (default 600 s)
#   scripts/fuzz.sh TARGET --merge                          minimize the corpus (-merge=1)
#   TARGET: map_parser | scen_parser | search
#
# The checked-in corpus tests/fuzz/corpus/TARGET/ seeds the run; new inputs go to
# build/fuzz/corpus/TARGET/ (not checked in), crashes to build/fuzz/artifacts/TARGET/.
# --merge rewrites tests/fuzz/corpus/TARGET/ as the smallest set of inputs (checked-in and new)
# that keeps their coverage, plus every `regression-*` file (the inputs of fixed defects, kept
# whatever their coverage). Every build replays the checked-in corpus (ctest: fuzz_replay.*).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:?usage: scripts/fuzz.sh TARGET [SECONDS|--merge] [libFuzzer flags...]}"
shift
mode="${1:-600}"
[[ $# -gt 0 ]] && shift
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "${PATHING_JOBS:-2}" --target "fuzz_${target}"
bin="build/fuzz/fuzz/fuzz_${target}"
seeds="tests/fuzz/corpus/${target}"
work="build/fuzz/corpus/${target}"
artifacts="build/fuzz/artifacts/${target}/"
mkdir -p "$work" "$artifacts"
if [[ "$mode" == "--merge" ]]; then
  tmp="$(mktemp -d)"
  mkdir "$tmp/in" "$tmp/out"
  find "$seeds" -maxdepth 1 -type f ! -name 'regression-*' -exec mv {} "$tmp/in/" \;
  "$bin" -merge=1 "$tmp/out" "$tmp/in" "$work" "$@"
  cp "$tmp/out"/* "$seeds/"
  rm -rf "$tmp"
  echo "corpus $seeds: $(find "$seeds" -type f | wc -l) files"
else
  "$bin" -max_total_time="$mode" -print_final_stats=1 -artifact_prefix="$artifacts" "$@" \
    "$work" "$seeds"
fi
