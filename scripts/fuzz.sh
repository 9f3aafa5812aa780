#!/usr/bin/env bash
# Fuzzes one libFuzzer target of fuzz/ (builds the `fuzz` preset first: clang 14, ASan + UBSan).
#
#   scripts/fuzz.sh TARGET [SECONDS] [libFuzzer flags...]   fuzz (default 600 s)
#   scripts/fuzz.sh TARGET --merge                          minimize the corpus (-merge=1)
#   TARGET: map_parser | scen_parser | search
#
# The checked-in corpus tests/fuzz/corpus/TARGET/ seeds the run; new inputs go to
# build/fuzz/corpus/TARGET/ (not checked in), crashes to build/fuzz/artifacts/TARGET/.
# --merge rewrites tests/fuzz/corpus/TARGET/ as a small set of inputs (checked-in and new) that
# keeps their coverage of the library (-merge=1, then a greedy set cover), plus every
# `regression-*` file (the inputs of fixed defects, kept whatever their coverage). Pass
# -use_counters=0 after --merge to count edges only (fewer files). Every build replays the checked-in corpus (ctest: fuzz_replay.*).
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
  find "$seeds" -maxdepth 1 -type f ! -name 'regression-*' -exec cp {} "$tmp/in/" \;
  "$bin" -merge=1 "$tmp/out" "$tmp/in" "$work" "$@"
  if [[ -z "$(ls -A "$tmp/out")" ]]; then
    echo "merge kept no input (no coverage?): $seeds left unchanged" >&2
    rm -rf "$tmp"
    exit 1
  fi
  # -merge=1 keeps every input that adds coverage in size order; a greedy set cover over each
  # kept input's own coverage (one -merge run per file) then keeps the same edges with fewer files.
  mkdir "$tmp/cov"
  for f in "$tmp/out"/*; do
    mkdir "$tmp/one" "$tmp/none"
    cp "$f" "$tmp/one/"
    "$bin" -merge=1 -merge_control_file="$tmp/cov/$(basename "$f")" "$tmp/none" "$tmp/one" "$@" \
      >/dev/null 2>&1
    rm -rf "$tmp/one" "$tmp/none"
  done
  find "$seeds" -maxdepth 1 -type f ! -name 'regression-*' -delete
  python3 - "$tmp/cov" "$tmp/out" "$seeds" <<'PY'
import os, shutil, sys
cov_dir, inputs, dest = sys.argv[1:4]
cov = {}
for name in os.listdir(cov_dir):
    edges = set()
    for line in open(os.path.join(cov_dir, name)):
        parts = line.split()
        if parts and parts[0] == "COV":
            edges.update(parts[2:])
    cov[name] = edges
left = set().union(*cov.values())
total = len(left)
chosen = []
while left:
    best = max(sorted(cov), key=lambda n: len(cov[n] & left))
    if not cov[best] & left:
        break
    chosen.append(best)
    left -= cov[best]
for name in chosen:
    shutil.copy(os.path.join(inputs, name), dest)
print(f"set cover: {len(chosen)} of {len(cov)} inputs keep all {total} edges")
PY
  rm -rf "$tmp"
  echo "corpus $seeds: $(find "$seeds" -type f | wc -l) files"
else
  "$bin" -max_total_time="$mode" -print_final_stats=1 -artifact_prefix="$artifacts" "$@" \
    "$work" "$seeds"
fi
