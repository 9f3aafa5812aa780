#!/usr/bin/env bash
# Benchmarks side by side with peers: builds the `bench` preset (Release) and runs pathing_bench,
# our GreedyBestFirst / AStar beside libtcod A*, Boost.Graph astar_search and a textbook A*, on the seed
# maps and the Moving AI DAO maps of ../shared/data (data/ samples when that is absent), plus the
# rows of issues #4-#6 (Jps / JpsPlus, JpsPlusMap builds, many units with a FlowField vs A* vs Jps,
# DistanceField vs libtcod's Dijkstra, PathBatch 1 vs 2 threads, GraphAStar, weighted A*), then
# prints markdown tables (also written to build/bench/benchmarks.md). Installs missing Debian
# packages first (scripts/deps.sh --bench).
# Usage: bash scripts/bench.sh [pathing_bench flags], e.g. --sets=all --benchmark_repetitions=9
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh --bench
cmake --preset bench >/dev/null
cmake --build --preset bench --target pathing_bench -j "${PATHING_JOBS:-$(nproc)}"
{
  echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs;" \
       "load average $(cut -d' ' -f1-3 /proc/loadavg); $(c++ --version | head -n1)"
} >&2
exec build/bench/bench/pathing_bench --markdown=build/bench/benchmarks.md "$@"
