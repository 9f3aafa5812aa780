// The clearance rows of issue #16, item 1 (docs/clearance.md): 8-connected A* and JPS for units
// of 1, 2 and 3 cells a side on the Moving AI DAO maps. The queries of a map are its scenario
// rows (every 4th, at most 250) whose start and goal a 3 x 3 unit can stand on and join, so every
// size runs the same queries and finds a path; size 1 runs the plain search (`unit_size` 1, the
// clearance map not read), sizes 2 and 3 the same searcher with `SearchOptions::unit_size` and a
// `ClearanceMap` built once (outside the timing). Counters: `per_query` and `per_expansion`
// (time divided by queries and by expansions), `expanded` per query. Needs ../shared/data (or
// PATHING_SHARED_DATA); without it the rows are skipped with a message.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bench.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/precompute/clearance_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/jps.hpp"

namespace pathing::bench {
namespace {

namespace fs = std::filesystem;

struct ClearanceCase {
  std::string name;
  std::unique_ptr<io::Map> map;
  std::unique_ptr<ClearanceMap> clearance;
  std::vector<GridCoord> from;
  std::vector<GridCoord> to;
};

fs::path shared_data() {
  const char* env = std::getenv("PATHING_SHARED_DATA");
  return env != nullptr ? fs::path(env)
                        : fs::path(PATHING_BENCH_SOURCE_DIR) / ".." / "shared" / "data";
}

// The map's queries (see the file comment); null when the files are missing.
const ClearanceCase* load_case(const std::string& name) {
  static std::vector<std::unique_ptr<ClearanceCase>> cache;
  for (const auto& c : cache)
    if (c->name == name) return c.get();
  const fs::path map_file = shared_data() / "movingai" / "dao" / (name + ".map");
  const fs::path scen_file = shared_data() / "movingai" / "dao" / (name + ".map.scen");
  if (!fs::exists(map_file) || !fs::exists(scen_file)) return nullptr;
  auto c = std::make_unique<ClearanceCase>();
  c->name = name;
  c->map = std::make_unique<io::Map>(io::load_map(map_file));
  const GridLayer layer = io::movingai_layer();
  c->clearance = std::make_unique<ClearanceMap>(c->map->grid, layer, 3);
  const io::Scenario scen = io::load_scenario(scen_file);
  AStar astar;
  std::vector<GridCoord> out;
  SearchOptions o;
  o.unit_size = 3;
  o.clearance = c->clearance.get();
  for (std::size_t i = 0; i < scen.entries.size() && c->from.size() < 250; i += 4) {
    const GridCoord s{scen.entries[i].start_x, scen.entries[i].start_y};
    const GridCoord g{scen.entries[i].goal_x, scen.entries[i].goal_y};
    if (!c->clearance->fits(s, 3) || !c->clearance->fits(g, 3)) continue;
    if (!astar.find_path(c->map->grid, layer, s, g, out, o).found()) continue;
    c->from.push_back(s);
    c->to.push_back(g);
  }
  cache.push_back(std::move(c));
  return cache.back().get();
}

template <class Search>
void clearance_row(benchmark::State& s, const std::string& name, int unit_size) {
  const ClearanceCase* c = load_case(name);
  if (c == nullptr) {
    s.SkipWithError("no ../shared/data/movingai/dao map (set PATHING_SHARED_DATA)");
    return;
  }
  const GridLayer layer = io::movingai_layer();
  const Grid& grid = c->map->grid;
  Search search;
  search.reserve(grid.cols(), grid.rows());
  std::vector<GridCoord> out;
  out.reserve(grid.cell_count());
  SearchOptions o;
  o.unit_size = unit_size;
  o.clearance = c->clearance.get();
  std::uint64_t expanded = 0;
  bool failed = false;
  for (auto _ : s) {
    expanded = 0;
    for (std::size_t i = 0; i < c->from.size(); ++i) {
      const PathResult r = search.find_path(grid, layer, c->from[i], c->to[i], out, o);
      failed = failed || !r.found();
      expanded += r.stats.expanded;
    }
    benchmark::DoNotOptimize(out.data());
  }
  if (failed) s.SkipWithError("a query found no path");
  const auto n = static_cast<double>(c->from.size());
  set_query_counters(s, n, static_cast<double>(expanded));
}

// ClearanceMap::build (sizes 1..3) of the map (`memory` counter: bytes held), and one-cell
// `sync` after toggling a wall cell (a cell in the middle of the map, toggled back every other
// iteration).
void clearance_build_row(benchmark::State& s, const std::string& name, bool sync) {
  const ClearanceCase* c = load_case(name);
  if (c == nullptr) {
    s.SkipWithError("no ../shared/data/movingai/dao map (set PATHING_SHARED_DATA)");
    return;
  }
  const GridLayer layer = io::movingai_layer();
  Grid grid = c->map->grid;
  ClearanceMap cm(grid, layer, 3);
  const GridCoord mid{grid.cols() / 2, grid.rows() / 2};
  const std::uint8_t tile = grid.tile(mid);
  for (auto _ : s) {
    if (sync) {
      grid.set_tile(mid, grid.tile(mid) == tile ? 2 : tile);  // a wall (tag 2) or back
      benchmark::DoNotOptimize(cm.sync(grid, layer));
    } else {
      cm.build(grid, layer, 3);
      benchmark::DoNotOptimize(cm.clearance(mid));
    }
  }
  s.counters["memory"] = static_cast<double>(cm.memory_bytes());
  s.counters["bytes_per_cell"] =
      static_cast<double>(cm.memory_bytes()) / static_cast<double>(grid.cell_count());
}

[[maybe_unused]] const bool registered = [] {
  for (const char* map : {"brc202d", "den520d"}) {
    benchmark::RegisterBenchmark(("clearance/" + std::string(map) + "/build K=3").c_str(),
                                 [map](benchmark::State& s) { clearance_build_row(s, map, false); })
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("clearance/" + std::string(map) + "/sync one cell").c_str(),
                                 [map](benchmark::State& s) { clearance_build_row(s, map, true); })
        ->Unit(benchmark::kNanosecond);
  }
  for (const char* map : {"arena2", "brc202d", "den520d", "lak303d"}) {
    for (int k = 1; k <= 3; ++k) {
      benchmark::RegisterBenchmark(
          ("clearance/" + std::string(map) + "/astar8 k=" + std::to_string(k)).c_str(),
          [map, k](benchmark::State& s) { clearance_row<AStar>(s, map, k); })
          ->Unit(benchmark::kMillisecond);
    }
    for (int k = 1; k <= 3; ++k) {
      benchmark::RegisterBenchmark(
          ("clearance/" + std::string(map) + "/jps k=" + std::to_string(k)).c_str(),
          [map, k](benchmark::State& s) { clearance_row<Jps>(s, map, k); })
          ->Unit(benchmark::kMillisecond);
    }
  }
  return true;
}();

}  // namespace
}  // namespace pathing::bench
