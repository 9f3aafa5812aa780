// The tower-defence rows of issue #16, items 2 and 3 (docs/incremental.md): a 512 x 512 map, one
// goal field (8-connected, toward the goal) and its flow field, 200 towers of 2 x 2 cells placed
// one at a time. Per placement: `FieldRepair::repair` (field + flow) against `Dijkstra::compute`
// + `FlowField::build` (the rebuild), and `FieldRepair::would_block` (may this tower go there?)
// against the same rebuild. Times are taken placement by placement (steady_clock); each row
// reports the median and the p99 over every placement of every iteration, and the iteration
// time is their sum (manual time).
//
// The map: 512 x 512, 8 % of the cells walls (std::mt19937_64 seed 512), the goal at (256, 8),
// spawns at (64, 503), (256, 503), (448, 503). The towers: half on the current path from a spawn
// to the goal (the flow walked from the spawn, a cell at random on it), half anywhere; a tower
// that would cut a spawn off, or covers a wall, the goal or a spawn, is skipped (a real game
// refuses it) and the next one drawn, until 200 are placed. The sequence is fixed before timing.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "pathing/field/dijkstra.hpp"
#include "pathing/field/field_repair.hpp"
#include "pathing/field/flow_field.hpp"

namespace pathing::bench {
namespace {

constexpr int kSide = 512;
constexpr int kTowers = 200;
constexpr GridCoord kGoal{256, 8};
constexpr std::array<GridCoord, 3> kSpawns = {{{64, 503}, {256, 503}, {448, 503}}};

Grid td_map() {
  Grid g(kSide, kSide);
  std::mt19937_64 rng(512);
  for (int y = 0; y < kSide; ++y)
    for (int x = 0; x < kSide; ++x)
      if (rng() % 100 < 8) g.set_blocked({x, y}, true);
  g.set_blocked(kGoal, false);
  for (const GridCoord s : kSpawns) g.set_blocked(s, false);
  return g;
}

std::array<GridCoord, 4> tower_cells(GridCoord c) {
  return {{c, {c.x + 1, c.y}, {c.x, c.y + 1}, {c.x + 1, c.y + 1}}};
}

FieldOptions td_options() {
  FieldOptions o;
  o.connectivity = Connectivity::eight;
  o.direction = FieldDirection::to_sources;
  return o;
}

// The 200 placements (top-left cells), drawn as the file comment says.
const std::vector<GridCoord>& towers() {
  static const std::vector<GridCoord> list = [] {
    std::vector<GridCoord> out;
    Grid g = td_map();
    const GridLayer layer;
    Dijkstra dijkstra;
    DistanceField field;
    dijkstra.compute(g, layer, kGoal, field, td_options());
    FlowField flow;
    flow.build(g, layer, field);
    FieldRepair repair;
    std::mt19937_64 rng(200);
    std::vector<GridCoord> path;
    while (static_cast<int>(out.size()) < kTowers) {
      GridCoord c;
      if (rng() % 2 == 0) {
        path.clear();
        GridCoord at = kSpawns[rng() % kSpawns.size()];
        while (flow.next_step(at) && path.size() < 4096) {
          path.push_back(at);
          at = flow.next_cell(at);
        }
        if (path.empty()) continue;
        c = path[rng() % path.size()];
        c.x -= static_cast<int>(rng() % 2);
        c.y -= static_cast<int>(rng() % 2);
      } else {
        c = {static_cast<int>(rng() % (kSide - 1)), static_cast<int>(rng() % (kSide - 1))};
      }
      const auto cells = tower_cells(c);
      bool ok = true;
      for (const GridCoord t : cells) {
        ok = ok && g.in_bounds(t) && !g.is_blocked(t) && t != kGoal &&
             std::find(kSpawns.begin(), kSpawns.end(), t) == kSpawns.end();
      }
      if (!ok) continue;
      const BlockCheck bc = repair.would_block(g, layer, field, cells, kSpawns);
      if (!bc.ok() || bc.blocks) continue;
      for (const GridCoord t : cells) g.set_blocked(t, true);
      repair.repair(g, layer, field, &flow);
      out.push_back(c);
    }
    return out;
  }();
  return list;
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto k = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(k, v.size() - 1)];
}

// mode 0: repair (field + flow) per placement; 1: rebuild (field + flow) per placement;
// 2: would_block per placement (the placement then committed and repaired, untimed).
void td_row(benchmark::State& s, int mode) {
  const std::vector<GridCoord>& list = towers();
  const Grid base = td_map();
  const GridLayer layer;
  Dijkstra dijkstra;
  FieldRepair repair;
  DistanceField field;
  FlowField flow;
  std::vector<double> us;
  us.reserve(static_cast<std::size_t>(kTowers) * 64);
  std::uint64_t changed = 0;
  std::uint64_t invalidated = 0;
  std::uint64_t placements = 0;
  std::uint64_t gave_up = 0;
  bool failed = false;
  for (auto _ : s) {
    Grid g = base;
    dijkstra.compute(g, layer, kGoal, field, td_options());
    flow.build(g, layer, field);
    double total = 0;
    for (const GridCoord c : list) {
      const auto cells = tower_cells(c);
      if (mode == 2) {
        const auto t0 = std::chrono::steady_clock::now();
        const BlockCheck bc = repair.would_block(g, layer, field, cells, kSpawns);
        const auto t1 = std::chrono::steady_clock::now();
        failed = failed || !bc.ok() || bc.blocks;
        invalidated += bc.invalidated;
        const double t = std::chrono::duration<double, std::micro>(t1 - t0).count();
        us.push_back(t);
        total += t;
        for (const GridCoord t2 : cells) g.set_blocked(t2, true);
        failed = failed || !repair.repair(g, layer, field, &flow).ok();
      } else {
        for (const GridCoord t : cells) g.set_blocked(t, true);
        const auto t0 = std::chrono::steady_clock::now();
        if (mode == 0) {
          const FieldRepairStats st = repair.repair(g, layer, field, &flow);
          failed = failed || !st.ok() || (st.sync != MapSync::updated && !st.gave_up);
          changed += st.changed;
          gave_up += st.gave_up ? 1 : 0;
          invalidated += st.invalidated;
        } else {
          failed = failed || !dijkstra.compute(g, layer, kGoal, field, td_options()).ok();
          failed = failed || flow.build(g, layer, field) != SearchStatus::found;
        }
        const auto t1 = std::chrono::steady_clock::now();
        const double t = std::chrono::duration<double, std::micro>(t1 - t0).count();
        us.push_back(t);
        total += t;
      }
      ++placements;
    }
    benchmark::DoNotOptimize(field);
    s.SetIterationTime(total / 1e6);
  }
  if (failed) s.SkipWithError("a placement failed, blocked or was rebuilt without giving up");
  const double n = static_cast<double>(placements > 0 ? placements : 1);
  s.counters["towers"] = static_cast<double>(list.size());
  s.counters["mean_us"] = [&] {
    double sum = 0;
    for (const double v : us) sum += v;
    return us.empty() ? 0 : sum / static_cast<double>(us.size());
  }();
  s.counters["median_us"] = percentile(us, 0.5);
  s.counters["p99_us"] = percentile(us, 0.99);
  s.counters["max_us"] = us.empty() ? 0 : us.back();  // (sorted by percentile)
  s.counters["changed_per_tower"] = static_cast<double>(changed) / n;
  s.counters["invalidated_per_tower"] = static_cast<double>(invalidated) / n;
  s.counters["gave_up_per_tower"] = static_cast<double>(gave_up) / n;
}

[[maybe_unused]] const bool registered = [] {
  benchmark::RegisterBenchmark("td/td512/repair per tower (field + flow)",
                               [](benchmark::State& s) { td_row(s, 0); })
      ->UseManualTime()
      ->Iterations(5)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("td/td512/rebuild per tower (field + flow)",
                               [](benchmark::State& s) { td_row(s, 1); })
      ->UseManualTime()
      ->Iterations(2)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("td/td512/would_block per tower",
                               [](benchmark::State& s) { td_row(s, 2); })
      ->UseManualTime()
      ->Iterations(5)
      ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
}  // namespace pathing::bench
