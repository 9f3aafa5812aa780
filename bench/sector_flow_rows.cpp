// The sector flow field rows of issue #17, item 3 (docs/hierarchy.md, "Sector flow fields"): 1000
// units crossing a 4096 x 4096 map (den520d tiled by `io::tile_map`) to one goal, with a
// `SectorFlowField` over a `HierarchyMap` (sectors of 32) against one full-map `FlowField`
// (`Dijkstra` + `FlowField`). The goal: that of the first long query of
// `io::generate_long_scenario` (seed 1: the bottom-right quarter). Two crowds of 1000 units on
// random passable cells that reach the goal (seed 17): "scattered" anywhere on the map, and
// "group" inside the 256 x 256 window around that query's start (the top-left quarter: a crowd
// crossing the map).
//
// Rows (prefix sector_flow/den4096/): `set_goal` (counters `nodes`, `reached_nodes`, `bytes`);
// per crowd, "first tick" (every unit one step right after `set_goal`: the fields of the units'
// sectors built), "100 ticks warm" (100 ticks of 1000 steps once every field the walk needs is
// built: `per_tick`), "walk" (from `set_goal` until every unit stands on the goal: `ticks`,
// `per_tick`, `sectors` = fields built, `field_bytes`, `bytes` = all the field holds,
// `bytes_vs_full` = bytes / the full-map flow's, `subopt_mean` / `subopt_max` = the exact cost of
// the walked paths / the optimum); the full-map flow: "full build" (Dijkstra + FlowField:
// `bytes` = distance field + flow field + Dijkstra's scratch) and, per crowd, "full 100 ticks"
// and "full walk"; "edit+sync" (one cell toggled, the map synced, then the field's `sync` timed:
// `held` fields, `dropped` by it). Every walk must bring every unit to the goal (the row fails
// otherwise). Needs ../shared/data (or PATHING_SHARED_DATA); skipped with a message without it.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "bench.hpp"
#include "pathing/field/dijkstra.hpp"
#include "pathing/field/flow_field.hpp"
#include "pathing/field/sector_flow_field.hpp"
#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/precompute/hierarchy_map.hpp"

namespace pathing::bench {
namespace {

namespace fs = std::filesystem;

constexpr int kFlowSide = 4096;
constexpr int kFlowSector = 32;
constexpr int kUnits = 1000;
constexpr int kWindow = 256;
constexpr int kWarmTicks = 100;
constexpr int kMaxTicks = 200000;

struct CrowdCase {
  Grid grid{1, 1};
  GridLayer layer;
  std::unique_ptr<HierarchyMap> map;
  GridCoord goal;
  DistanceField optimal;  // the full-map field to the goal: reachability and optimal costs
  std::vector<GridCoord> scattered;
  std::vector<GridCoord> group;
  std::size_t full_bytes = 0;  // distance field + flow field + Dijkstra's scratch
};

fs::path flow_shared_data() {
  const char* env = std::getenv("PATHING_SHARED_DATA");
  return env != nullptr ? fs::path(env)
                        : fs::path(PATHING_BENCH_SOURCE_DIR) / ".." / "shared" / "data";
}

// The case (built once); null when den520d is missing.
CrowdCase* crowd_case() {
  static std::unique_ptr<CrowdCase> cached;
  static bool tried = false;
  if (tried) return cached.get();
  tried = true;
  const fs::path source = flow_shared_data() / "movingai" / "dao" / "den520d.map";
  if (!fs::exists(source)) return nullptr;
  auto c = std::make_unique<CrowdCase>();
  c->grid = io::tile_map(io::load_map(source).grid, kFlowSide, kFlowSide);
  c->layer = io::movingai_layer();
  const io::Scenario scen = io::generate_long_scenario(c->grid, "den4096", 1, 1, c->layer);
  c->goal = scen.entries[0].goal();
  const GridCoord start = scen.entries[0].start();
  HierarchyOptions o;
  o.sector_size = kFlowSector;
  c->map = std::make_unique<HierarchyMap>(c->grid, c->layer, o);
  Dijkstra dijkstra;
  static_cast<void>(dijkstra.compute(c->grid, c->layer, c->goal, c->optimal));
  {
    FlowField flow;
    static_cast<void>(flow.build(c->grid, c->layer, c->optimal));
    c->full_bytes = c->optimal.memory_bytes() + flow.memory_bytes() + dijkstra.memory_bytes();
  }
  std::mt19937_64 rng(17);
  const auto pick = [&](int x0, int y0, int w, int h, std::vector<GridCoord>& out) {
    while (static_cast<int>(out.size()) < kUnits) {
      const GridCoord cell{x0 + static_cast<int>(rng() % static_cast<std::uint64_t>(w)),
                           y0 + static_cast<int>(rng() % static_cast<std::uint64_t>(h))};
      if (c->layer.cost_at(c->grid, cell) != 0 &&
          c->optimal.cost_fixed(cell) != DistanceField::kUnreached && !(cell == c->goal))
        out.push_back(cell);
    }
  };
  pick(0, 0, kFlowSide, kFlowSide, c->scattered);
  const int wx = std::clamp(start.x - kWindow / 2, 0, kFlowSide - kWindow);
  const int wy = std::clamp(start.y - kWindow / 2, 0, kFlowSide - kWindow);
  pick(wx, wy, kWindow, kWindow, c->group);
  cached = std::move(c);
  return cached.get();
}

bool flow_skip(benchmark::State& s, const CrowdCase* c) {
  if (c != nullptr) return false;
  s.SkipWithError("no ../shared/data/movingai/dao/den520d.map (set PATHING_SHARED_DATA)");
  return true;
}

const std::vector<GridCoord>& crowd(const CrowdCase& c, bool group) {
  return group ? c.group : c.scattered;
}

// Ticks until every unit stands on the goal (each unit not there yet takes one step a tick), at
// most `max_ticks`; `arrived` counts the units on the goal at the end.
template <class Next>
int walk(std::vector<GridCoord>& units, GridCoord goal, int max_ticks, Next&& next,
         std::size_t& arrived) {
  arrived = 0;
  for (const GridCoord u : units) arrived += u == goal;
  int ticks = 0;
  while (arrived < units.size() && ticks < max_ticks) {
    ++ticks;
    for (GridCoord& u : units) {
      if (u == goal) continue;
      u = next(u);
      arrived += u == goal;
    }
  }
  return ticks;
}

void per_tick(benchmark::State& s, double ticks) {
  s.counters["ticks"] = ticks;
  s.counters["per_tick"] = benchmark::Counter(
      ticks, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void set_goal_row(benchmark::State& s) {
  const CrowdCase* c = crowd_case();
  if (flow_skip(s, c)) return;
  SectorFlowField f;
  for (auto _ : s) {
    static_cast<void>(f.set_goal(c->grid, c->layer, *c->map, c->goal));
    benchmark::DoNotOptimize(f.reached_nodes());
  }
  s.counters["nodes"] = static_cast<double>(c->map->node_count());
  s.counters["reached_nodes"] = static_cast<double>(f.reached_nodes());
  s.counters["bytes"] = static_cast<double>(f.memory_bytes());
}

void first_tick_row(benchmark::State& s, bool group) {
  const CrowdCase* c = crowd_case();
  if (flow_skip(s, c)) return;
  SectorFlowField f;
  std::vector<GridCoord> units;
  for (auto _ : s) {
    s.PauseTiming();
    static_cast<void>(f.set_goal(c->grid, c->layer, *c->map, c->goal));
    f.release();
    units = crowd(*c, group);
    s.ResumeTiming();
    for (GridCoord& u : units) u = f.next_cell(u);
    benchmark::DoNotOptimize(units.data());
  }
  s.counters["sectors"] = static_cast<double>(f.sectors_built());
  s.counters["field_bytes"] = static_cast<double>(f.field_bytes());
}

void warm_row(benchmark::State& s, bool group) {
  const CrowdCase* c = crowd_case();
  if (flow_skip(s, c)) return;
  SectorFlowField f;
  static_cast<void>(f.set_goal(c->grid, c->layer, *c->map, c->goal));
  std::vector<GridCoord> units = crowd(*c, group);
  std::size_t arrived = 0;
  walk(
      units, c->goal, kMaxTicks, [&](GridCoord u) { return f.next_cell(u); }, arrived);
  const std::uint64_t builds = f.builds();
  for (auto _ : s) {
    units = crowd(*c, group);
    for (int t = 0; t < kWarmTicks; ++t)
      for (GridCoord& u : units) u = f.next_cell(u);
    benchmark::DoNotOptimize(units.data());
  }
  if (f.builds() != builds) s.SkipWithError("a warm tick built a sector field");
  per_tick(s, kWarmTicks);
}

// The exact cost (cost units) of the path the flow `next` walks from `from` to the goal.
template <class Next>
double walked_cost(const CrowdCase& c, GridCoord from, Next&& next) {
  std::uint64_t straight = 0;
  std::uint64_t diagonal = 0;
  GridCoord u = from;
  for (int i = 0; i < kMaxTicks && !(u == c.goal); ++i) {
    const GridCoord n = next(u);
    (n.x != u.x && n.y != u.y ? diagonal : straight) += c.layer.cost_at(c.grid, n);
    u = n;
  }
  return cost::exact_length(straight, diagonal);
}

void walk_row(benchmark::State& s, bool group) {
  const CrowdCase* c = crowd_case();
  if (flow_skip(s, c)) return;
  SectorFlowField f;
  std::vector<GridCoord> units;
  int ticks = 0;
  std::size_t arrived = 0;
  for (auto _ : s) {
    s.PauseTiming();
    static_cast<void>(f.set_goal(c->grid, c->layer, *c->map, c->goal));
    f.release();
    units = crowd(*c, group);
    s.ResumeTiming();
    ticks = walk(
        units, c->goal, kMaxTicks, [&](GridCoord u) { return f.next_cell(u); }, arrived);
  }
  if (arrived != units.size()) s.SkipWithError("a unit did not reach the goal");
  per_tick(s, ticks);
  s.counters["sectors"] = static_cast<double>(f.sectors_built());
  s.counters["field_bytes"] = static_cast<double>(f.field_bytes());
  s.counters["bytes"] = static_cast<double>(f.memory_bytes());
  s.counters["bytes_vs_full"] =
      static_cast<double>(f.memory_bytes()) / static_cast<double>(c->full_bytes);
  double sum = 0;
  double worst = 0;
  for (const GridCoord u : crowd(*c, group)) {
    const double r =
        walked_cost(*c, u, [&](GridCoord v) { return f.next_cell(v); }) / c->optimal.cost(u);
    sum += r;
    worst = std::max(worst, r);
  }
  s.counters["subopt_mean"] = sum / kUnits;
  s.counters["subopt_max"] = worst;
}

void full_build_row(benchmark::State& s) {
  const CrowdCase* c = crowd_case();
  if (flow_skip(s, c)) return;
  Dijkstra dijkstra;
  DistanceField field;
  FlowField flow;
  for (auto _ : s) {
    static_cast<void>(dijkstra.compute(c->grid, c->layer, c->goal, field));
    static_cast<void>(flow.build(c->grid, c->layer, field));
    benchmark::DoNotOptimize(flow.directions().data());
  }
  s.counters["bytes"] =
      static_cast<double>(field.memory_bytes() + flow.memory_bytes() + dijkstra.memory_bytes());
  s.counters["field_bytes"] = static_cast<double>(field.memory_bytes());
  s.counters["flow_bytes"] = static_cast<double>(flow.memory_bytes());
  s.counters["dijkstra_bytes"] = static_cast<double>(dijkstra.memory_bytes());
}

void full_ticks_row(benchmark::State& s, bool group, bool whole_walk) {
  const CrowdCase* c = crowd_case();
  if (flow_skip(s, c)) return;
  FlowField flow;
  static_cast<void>(flow.build(c->grid, c->layer, c->optimal));
  std::vector<GridCoord> units;
  int ticks = 0;
  std::size_t arrived = 0;
  for (auto _ : s) {
    units = crowd(*c, group);
    if (whole_walk) {
      ticks = walk(
          units, c->goal, kMaxTicks, [&](GridCoord u) { return flow.next_cell(u); }, arrived);
    } else {
      ticks = kWarmTicks;
      for (int t = 0; t < kWarmTicks; ++t)
        for (GridCoord& u : units) u = flow.next_cell(u);
    }
    benchmark::DoNotOptimize(units.data());
  }
  if (whole_walk && arrived != units.size()) s.SkipWithError("a unit did not reach the goal");
  per_tick(s, ticks);
}

// One iteration: a random cell toggled (untimed: the grid write and the map's sync), then the
// field's `sync` (timed); the cell is toggled back, everything synced again and the fields dropped
// rebuilt, untimed. The field holds the sectors of the scattered crowd's walk (counters: `held`,
// `dropped` by the timed sync). On its own copy of the grid and map.
void edit_row(benchmark::State& s) {
  const CrowdCase* c = crowd_case();
  if (flow_skip(s, c)) return;
  Grid grid = c->grid;
  HierarchyOptions o;
  o.sector_size = kFlowSector;
  HierarchyMap map(grid, c->layer, o);
  SectorFlowField f;
  static_cast<void>(f.set_goal(grid, c->layer, map, c->goal));
  std::vector<GridCoord> units = c->scattered;
  std::size_t arrived = 0;
  walk(
      units, c->goal, kMaxTicks, [&](GridCoord u) { return f.next_cell(u); }, arrived);
  std::vector<GridCoord> anchors;  // a cell of each sector held: to rebuild what an edit drops
  for (std::uint32_t sector = 0; sector < map.sector_count(); ++sector) {
    if (!f.sector_built(sector)) continue;
    const detail::SectorRect r = map.sector_rect(sector);
    anchors.push_back({r.x0, r.y0});
  }
  std::mt19937_64 rng(23);
  std::size_t dropped = 0;
  std::size_t held = 0;
  bool wrong = false;
  for (auto _ : s) {
    s.PauseTiming();
    const GridCoord cell{static_cast<int>(rng() % static_cast<std::uint64_t>(grid.cols())),
                         static_cast<int>(rng() % static_cast<std::uint64_t>(grid.rows()))};
    const bool blocked = grid.is_blocked(cell);
    grid.set_blocked(cell, !blocked);
    static_cast<void>(map.sync(grid, c->layer));
    held += f.sectors_built();
    s.ResumeTiming();
    wrong = wrong || f.sync() != SearchStatus::found;
    s.PauseTiming();
    dropped += f.last_sync_sectors();
    grid.set_blocked(cell, blocked);
    static_cast<void>(map.sync(grid, c->layer));
    wrong = wrong || f.sync() != SearchStatus::found;
    // Rebuild what the edit dropped, as the crowd would on its next ticks.
    static_cast<void>(f.prepare(anchors));
    s.ResumeTiming();
  }
  if (wrong) s.SkipWithError("a sync failed");
  const auto n = static_cast<double>(s.iterations());
  s.counters["held"] = static_cast<double>(held) / n;
  s.counters["dropped"] = static_cast<double>(dropped) / n;
}

[[maybe_unused]] const bool registered = [] {
  const std::string prefix = "sector_flow/den4096/";
  benchmark::RegisterBenchmark((prefix + "full build").c_str(), full_build_row)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(3);
  benchmark::RegisterBenchmark((prefix + "set_goal").c_str(), set_goal_row)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(5);
  for (const bool group : {false, true}) {
    const std::string p = prefix + (group ? "group/" : "scattered/");
    benchmark::RegisterBenchmark((p + "first tick").c_str(),
                                 [group](benchmark::State& s) { first_tick_row(s, group); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(3);
    benchmark::RegisterBenchmark((p + "100 ticks warm").c_str(), [group](benchmark::State& s) {
      warm_row(s, group);
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((p + "walk").c_str(),
                                 [group](benchmark::State& s) { walk_row(s, group); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(2);
    benchmark::RegisterBenchmark((p + "full 100 ticks").c_str(), [group](benchmark::State& s) {
      full_ticks_row(s, group, false);
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((p + "full walk").c_str(),
                                 [group](benchmark::State& s) { full_ticks_row(s, group, true); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(2);
  }
  benchmark::RegisterBenchmark((prefix + "edit+sync").c_str(), edit_row)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(20);
  return true;
}();

}  // namespace
}  // namespace pathing::bench
