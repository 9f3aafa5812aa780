// pathing_query_timing: wall-clock mean query time of a jump point search over every row of
// Moving AI scenarios, best of N passes (a quick A/B timer for search-loop changes, less noisy
// than one benchmark run on a shared machine: compare two builds interleaved).
//
// Usage: pathing_query_timing SEARCH PASSES FILE.scen...
//   SEARCH: jps | jps+ (the map, JpsMap or JpsPlusMap, is built once per file, outside the timing)
// Prints, per file: rows, mean microseconds per query of the best pass, and of the median pass.
// Every row's length is checked against the scenario's optimal length first (exit status 1 and a
// message naming the row on a mismatch).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include "pathing/io/movingai.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"

namespace {

// One query, never inlined, so that callgrind can count exactly the searches:
//   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*one_query*'
//     build/bench/bench/pathing_query_timing jps+ 1 FILE.scen
// (2 queries a row: the check pass and one timed pass).
template <class Map, class Search>
[[gnu::noinline]] pathing::PathResult one_query(Search& search, const pathing::Grid& grid,
                                                const Map& table,
                                                const pathing::io::ScenarioEntry& e,
                                                std::vector<pathing::GridCoord>& out) {
  return search.find_path(grid, table, e.start(), e.goal(), out);
}

template <class Map, class Search>
int time_file(const char* file, int passes) {
  using namespace pathing;
  const io::Scenario scen = io::load_scenario(file);
  const io::Map map = io::load_map(io::scenario_map_path(scen, file));
  const Map table(map.grid, io::movingai_layer());
  Search search(map.grid.cols(), map.grid.rows());
  std::vector<GridCoord> out;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  for (const io::ScenarioEntry& e : scen.entries) {
    const PathResult p = one_query(search, map.grid, table, e, out);
    expanded += p.stats.expanded;
    generated += p.stats.generated;
    if (p.status != SearchStatus::found || std::abs(p.cost - e.optimal_length) > e.tolerance()) {
      std::fprintf(stderr, "%s: line %d: length %.6f, expected %.8f\n", file, e.line, p.cost,
                   e.optimal_length);
      return 1;
    }
  }
  std::vector<double> us;
  std::uint64_t sink = 0;
  for (int pass = 0; pass < passes; ++pass) {
    const auto t0 = std::chrono::steady_clock::now();
    for (const io::ScenarioEntry& e : scen.entries) {
      sink += one_query(search, map.grid, table, e, out).steps;
    }
    const auto t1 = std::chrono::steady_clock::now();
    us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() /
                 static_cast<double>(scen.entries.size()));
  }
  std::sort(us.begin(), us.end());
  const auto rows = static_cast<double>(scen.entries.size());
  std::printf(
      "%-16s rows %5zu  best %7.3f us  median %7.3f us  expanded %.1f generated %.1f"
      "  (steps %llu)\n",
      std::filesystem::path(file).filename().string().c_str(), scen.entries.size(), us.front(),
      us[us.size() / 2], static_cast<double>(expanded) / rows,
      static_cast<double>(generated) / rows, static_cast<unsigned long long>(sink));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: pathing_query_timing jps|jps+ PASSES FILE.scen...\n");
    return 2;
  }
  const std::string search = argv[1];
  const int passes = std::max(1, std::atoi(argv[2]));
  try {
    for (int i = 3; i < argc; ++i) {
      const int rc = search == "jps"
                         ? time_file<pathing::JpsMap, pathing::Jps>(argv[i], passes)
                         : time_file<pathing::JpsPlusMap, pathing::JpsPlus>(argv[i], passes);
      if (rc != 0) return rc;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pathing_query_timing: %s\n", e.what());
    return 1;
  }
  return 0;
}
