#!/usr/bin/env bash
# Compile time of one translation unit a game might hold: it includes one search's own header and
# runs one find_path on a grid it makes (the TU is below), CPU time (user + sys) of `g++ -O2 -c`,
# best of N (3), beside a TU of <vector>, <string>, <algorithm> in the same run. Header-only, and
# with the compiled library (PATHING_COMPILED=1: what linking pathing::compiled defines).
# Prints a Markdown table for docs/benchmarks.md ("Compile time").
# Usage: scripts/compile-time.sh [N]      (CXX overrides the compiler; CXXFLAGS adds flags)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
cxx="${CXX:-g++}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
cat > "$dir/std.cpp" <<'CPP'
#include <algorithm>
#include <string>
#include <vector>
int main() {
  std::vector<std::string> v{"b", "a"};
  std::sort(v.begin(), v.end());
  return static_cast<int>(v.size());
}
CPP
tu() {  # tu NAME HEADER CLASS: a TU that includes HEADER and runs CLASS::find_path once
  cat > "$dir/$1.cpp" <<CPP
#include <$2>
#include <vector>
int main() {
  pathing::Grid grid(64, 64);
  pathing::$3 search;
  std::vector<pathing::GridCoord> out;
  const pathing::PathResult r = search.find_path(grid, pathing::GridLayer{1}, {0, 0}, {60, 50}, out);
  return static_cast<int>(r.moves);
}
CPP
}
tu astar pathing/search/astar.hpp AStar
tu greedy pathing/search/greedy_best_first.hpp GreedyBestFirst
tu jps pathing/search/jps.hpp Jps
tu umbrella pathing/pathing.hpp AStar
best() {  # best FILE [FLAGS...]: the smallest user + sys seconds of `runs` compilations
  local file="$1"; shift
  local t best=""
  for _ in $(seq "$runs"); do
    t=$( { /usr/bin/time -f "%U %S" "$cxx" -std=c++20 -O2 ${CXXFLAGS:-} -Iinclude "$@" -c "$file" \
           -o /dev/null; } 2>&1 >/dev/null | tail -n 1 | awk '{print $1 + $2}')
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a < b)}'; then best="$t"; fi
  done
  echo "$best"
}
base=$(best "$dir/std.cpp")
echo "| translation unit | CPU s (best of $runs) | vs std baseline |"
echo "|---|---:|---:|"
echo "| <vector>, <string>, <algorithm> (baseline) | $base | 1.00x |"
row() {  # row LABEL FILE [FLAGS...]
  local label="$1" file="$2"; shift 2
  local t; t=$(best "$file" "$@")
  echo "| $label | $t | $(awk -v a="$t" -v b="$base" 'BEGIN{printf "%.2fx", a / b}') |"
}
row "search/astar.hpp + find_path, header-only" "$dir/astar.cpp"
row "search/astar.hpp + find_path, PATHING_COMPILED" "$dir/astar.cpp" -DPATHING_COMPILED=1
row "search/greedy_best_first.hpp + find_path, header-only" "$dir/greedy.cpp"
row "search/greedy_best_first.hpp + find_path, PATHING_COMPILED" "$dir/greedy.cpp" -DPATHING_COMPILED=1
row "search/jps.hpp + find_path (header-only only)" "$dir/jps.cpp"
row "pathing.hpp (umbrella) + AStar::find_path, header-only" "$dir/umbrella.cpp"
row "pathing.hpp (umbrella) + AStar::find_path, PATHING_COMPILED" "$dir/umbrella.cpp" -DPATHING_COMPILED=1
echo
echo "$("$cxx" --version | head -n 1); $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ)"
