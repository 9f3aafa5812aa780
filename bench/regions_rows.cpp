// The rows of issue #16, item 4 (reachability in O(1), docs/regions.md): an unreachable goal with
// and without a RegionMap, RegionMap::build, and one-cell RegionMap::sync. Maps are generated
// here (no data files): the case, a 256 x 256 open map whose goal cell is occupied (the
// other 65,535 cells reachable), and a 256 x 256 random map (density 0.3, std::mt19937_64 seed 16)
// whose goal is walled in. Run alone with --benchmark_filter=regions/ (console rows only; they are
// not in the markdown tables).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "pathing/precompute/region_map.hpp"
#include "pathing/search/astar.hpp"

namespace pathing::bench {
namespace {

struct RegionCase {
  std::string name;
  Grid grid{1, 1};
  GridCoord from;
  GridCoord to;
};

// 256 x 256, no walls, the goal cell occupied (blocked): 65,535 reachable cells.
RegionCase occupied_goal() {
  RegionCase c;
  c.name = "open256-occupied-goal";
  c.grid = Grid(256, 256);
  c.from = {3, 5};
  c.to = {200, 180};
  c.grid.set_blocked(c.to, true);
  return c;
}

// 256 x 256, 30 % random walls, the goal walled in by its 8 neighbours; the start in the largest
// region.
RegionCase walled_goal() {
  RegionCase c;
  c.name = "random256-walled-goal";
  c.grid = Grid(256, 256);
  std::mt19937_64 rng(16);
  for (int y = 0; y < 256; ++y)
    for (int x = 0; x < 256; ++x)
      if (rng() % 10 < 3) c.grid.set_blocked({x, y}, true);
  c.to = {128, 128};
  c.grid.set_blocked(c.to, false);
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (dx != 0 || dy != 0) c.grid.set_blocked({c.to.x + dx, c.to.y + dy}, true);
  const RegionMap m(c.grid, GridLayer{});
  std::uint32_t best = 0;
  for (int y = 0; y < 256; ++y) {
    for (int x = 0; x < 256; ++x) {
      const std::uint32_t l = m.region({x, y});
      if (l != 0 && m.region_size(l) > best) {
        best = m.region_size(l);
        c.from = {x, y};
      }
    }
  }
  return c;
}

void query_row(benchmark::State& s, const RegionCase& c, int mode) {
  // mode 0: no regions (the flood), 1: regions, 2: regions + nearest_if_unreachable.
  const GridLayer layer;
  const RegionMap map(c.grid, layer);
  AStar astar(c.grid.cols(), c.grid.rows());
  std::vector<GridCoord> out;
  out.reserve(c.grid.cell_count());
  SearchOptions o;
  o.connectivity = Connectivity::eight;
  if (mode > 0) o.regions = &map;
  o.nearest_if_unreachable = mode == 2;
  PathResult r;
  for (auto _ : s) {
    r = astar.find_path(c.grid, layer, c.from, c.to, out, o);
    benchmark::DoNotOptimize(r);
  }
  if (r.status != SearchStatus::unreachable) s.SkipWithError("expected unreachable");
  s.counters["expanded"] = static_cast<double>(r.stats.expanded);
  s.counters["moves"] = static_cast<double>(r.moves);
  s.counters["reachable_cells"] = static_cast<double>(map.region_size(map.region(c.from)));
}

void build_row(benchmark::State& s, const RegionCase& c) {
  const GridLayer layer;
  RegionMap map;
  map.build(c.grid, layer);  // warm: the scratch is allocated
  for (auto _ : s) {
    map.build(c.grid, layer);
    benchmark::DoNotOptimize(map);
  }
  s.counters["regions"] = static_cast<double>(map.region_count());
  s.counters["bytes_per_cell"] =
      static_cast<double>(map.memory_bytes()) / static_cast<double>(c.grid.cell_count());
}

// One cell toggled (blocked / unblocked) and the map synced, per iteration: `cell` in the open
// (the split check meets around it at once) or the only gap of a wall that halves the map (each
// toggle splits or merges two halves of 32,000 cells: the worst case, O(region size)).
void sync_row(benchmark::State& s, Grid grid, GridCoord cell) {
  const GridLayer layer;
  RegionMap map(grid, layer);
  bool blocked = grid.is_blocked(cell);
  for (auto _ : s) {
    blocked = !blocked;
    grid.set_blocked(cell, blocked);
    benchmark::DoNotOptimize(map.sync(grid, layer));
  }
}

Grid halved_map() {
  Grid g(256, 256);
  for (int x = 0; x < 256; ++x)
    if (x != 128) g.set_blocked({x, 128}, true);
  return g;
}

[[maybe_unused]] const bool registered = [] {
  static const RegionCase cases[] = {occupied_goal(), walled_goal()};
  for (const RegionCase& c : cases) {
    const RegionCase* p = &c;
    const std::string base = "regions/" + c.name + "/8/";
    benchmark::RegisterBenchmark((base + "AStar unreachable, no regions (flood)").c_str(),
                                 [p](benchmark::State& s) { query_row(s, *p, 0); })
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((base + "AStar unreachable, regions").c_str(),
                                 [p](benchmark::State& s) { query_row(s, *p, 1); })
        ->Unit(benchmark::kNanosecond);
    benchmark::RegisterBenchmark((base + "AStar unreachable, regions + nearest").c_str(),
                                 [p](benchmark::State& s) { query_row(s, *p, 2); })
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("regions/" + c.name + "/RegionMap build").c_str(),
                                 [p](benchmark::State& s) { build_row(s, *p); })
        ->Unit(benchmark::kMicrosecond);
  }
  benchmark::RegisterBenchmark("regions/open256/RegionMap sync, one cell in the open",
                               [](benchmark::State& s) {
                                 sync_row(s, Grid(256, 256), {100, 100});
                               })
      ->Unit(benchmark::kNanosecond);
  benchmark::RegisterBenchmark(
      "regions/halved256/RegionMap sync, one cell splitting or joining halves",
      [](benchmark::State& s) {
        sync_row(s, halved_map(), {128, 128});
      })
      ->Unit(benchmark::kMicrosecond);
  return true;
}();

}  // namespace
}  // namespace pathing::bench
