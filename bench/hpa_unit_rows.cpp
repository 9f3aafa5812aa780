// The rows of units larger than a cell on a hierarchy (issue #17, item 2: HPA* with clearance,
// HAA*; docs/hierarchy.md, "Units larger than a cell"): one annotated `HierarchyMap` for unit
// sizes 1..3 (`HierarchyOptions::max_unit_size`, its own `ClearanceMap`) against one map a size
// built on the clearance map's unit grids, on generated weighted terrain (costs 1 / 3 / 5 and
// rock; 1024 x 1024 and 4096 x 4096) with long queries drawn for each size on its unit grid
// (`io::generate_long_scenario`: optimal costs from A* over that unit grid). Rows: the builds
// (`bytes_per_cell`, `hierarchy_bytes_per_cell` without the clearance map, `nodes`), the first 32
// steps of a unit and the whole smoothed path of sizes 2 and 3 at weights 1 and 2 (counters
// `subopt_mean`, `subopt_p99`, `subopt_max`: cost / optimal), each on the annotated map and (rows
// ending in `separate`) on that size's own map, and a one-cell edit and `sync` of the annotated
// map (per edit).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bench.hpp"
#include "hpa_query_rows.hpp"
#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/precompute/clearance_map.hpp"
#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/search/hpa_star.hpp"

namespace pathing::bench {
namespace {

constexpr int kUnitSector = 32;
constexpr int kUnitSizes = 3;
constexpr int kUnitSmoothing = 64;

struct UnitCase {
  std::string name;
  Grid grid{1, 1};
  GridLayer layer;
  std::unique_ptr<HierarchyMap> annotated;              // sizes 1..kUnitSizes
  std::vector<std::unique_ptr<HierarchyMap>> separate;  // [k - 1]: the map of unit grid k
  std::vector<io::Scenario> scen;                       // [k - 1]: queries of size k
};

HierarchyOptions unit_options(int sizes) {
  HierarchyOptions o;
  o.sector_size = kUnitSector;
  o.max_unit_size = sizes;
  return o;
}

// "terrain1024" or "terrain4096".
UnitCase* unit_case(const std::string& name) {
  static std::vector<std::unique_ptr<UnitCase>> cache;
  for (const auto& c : cache)
    if (c->name == name) return c.get();
  auto c = std::make_unique<UnitCase>();
  c->name = name;
  const int side = std::stoi(name.substr(7));
  c->grid = bench_terrain(side);
  c->layer = io::terrain_layer();
  c->annotated = std::make_unique<HierarchyMap>(c->grid, c->layer, unit_options(kUnitSizes));
  const ClearanceMap& clearance = c->annotated->clearance();
  const int queries = side > 1024 ? 20 : 50;
  for (int k = 1; k <= kUnitSizes; ++k) {
    const Grid& unit_grid = *clearance.unit_grid(k);
    c->separate.push_back(
        std::make_unique<HierarchyMap>(unit_grid, clearance.unit_layer(), unit_options(1)));
    c->scen.push_back(
        io::generate_long_scenario(unit_grid, name, queries, 1, clearance.unit_layer()));
  }
  cache.push_back(std::move(c));
  return cache.back().get();
}

// The annotated build (the clearance map included), or (separate) a clearance map and one map a
// size on its unit grids.
void unit_build_row(benchmark::State& s, const std::string& name, bool separate) {
  const UnitCase* c = unit_case(name);
  std::size_t bytes = 0;
  std::size_t hierarchy_bytes = 0;
  std::size_t nodes = 0;
  for (auto _ : s) {
    if (separate) {
      const ClearanceMap clearance(c->grid, c->layer, kUnitSizes);
      bytes = clearance.memory_bytes();
      hierarchy_bytes = 0;
      nodes = 0;
      for (int k = 1; k <= kUnitSizes; ++k) {
        const HierarchyMap map(*clearance.unit_grid(k), clearance.unit_layer(), unit_options(1));
        hierarchy_bytes += map.memory_bytes();
        nodes += map.node_count();
      }
      bytes += hierarchy_bytes;
    } else {
      const HierarchyMap map(c->grid, c->layer, unit_options(kUnitSizes));
      bytes = map.memory_bytes();
      hierarchy_bytes = bytes - map.clearance().memory_bytes();
      nodes = map.node_count();
    }
    benchmark::DoNotOptimize(bytes);
  }
  const auto cells = static_cast<double>(c->grid.cell_count());
  s.counters["bytes_per_cell"] = static_cast<double>(bytes) / cells;
  s.counters["hierarchy_bytes_per_cell"] = static_cast<double>(hierarchy_bytes) / cells;
  s.counters["nodes"] = static_cast<double>(nodes);
}

// The queries of size k on the annotated map (the caller's grid and layer, unit_size = k) or on
// the size's own map (its unit grid and the unit layer, unit_size = 1).
struct UnitQuery {
  const Grid* grid;
  const GridLayer* layer;
  const HierarchyMap* map;
  SearchOptions options;
};
UnitQuery unit_query(const UnitCase& c, int k, bool separate, double weight) {
  UnitQuery q{&c.grid, &c.layer, c.annotated.get(), {}};
  q.options.weight = weight;
  if (separate) {
    q.grid = c.annotated->clearance().unit_grid(k);
    q.layer = &c.annotated->clearance().unit_layer();
    q.map = c.separate[static_cast<std::size_t>(k - 1)].get();
  } else {
    q.options.unit_size = k;
  }
  return q;
}

void unit_first_steps_row(benchmark::State& s, const std::string& name, int k, bool separate,
                          double weight) {
  const UnitCase* c = unit_case(name);
  const UnitQuery q = unit_query(*c, k, separate, weight);
  hpa_first_steps_loop(s, *q.grid, *q.layer, *q.map, c->scen[static_cast<std::size_t>(k - 1)],
                       q.options);
}

void unit_path_row(benchmark::State& s, const std::string& name, int k, bool separate,
                   double weight) {
  const UnitCase* c = unit_case(name);
  const UnitQuery q = unit_query(*c, k, separate, weight);
  hpa_path_loop(s, *q.grid, *q.layer, *q.map, c->scen[static_cast<std::size_t>(k - 1)],
                kUnitSmoothing, q.options);
}

// Edits of the annotated map (run_edit_row: a cell toggled and synced, and back).
void unit_edit_row(benchmark::State& s, const std::string& name) {
  UnitCase* c = unit_case(name);
  HierarchyMap& map = *c->annotated;
  run_edit_row(s, c->grid, [&] {
    static_cast<void>(map.sync(c->grid, c->layer));
    return map.last_sync_sectors();
  });
}

[[maybe_unused]] const bool registered = [] {
  for (const char* map : {"terrain1024", "terrain4096"}) {
    const std::string m = map;
    const std::string prefix = "hpa_units/" + m + "/";
    const std::string s32 = " s=" + std::to_string(kUnitSector);
    const std::string sizes = " sizes=" + std::to_string(kUnitSizes);
    for (const bool separate : {false, true}) {
      benchmark::RegisterBenchmark(
          (prefix + "build" + s32 + sizes + (separate ? " separate" : "")).c_str(),
          [m, separate](benchmark::State& s) { unit_build_row(s, m, separate); })
          ->Unit(benchmark::kMillisecond)
          ->Iterations(1);
    }
    for (const int k : {2, 3}) {
      for (const double weight : {1.0, 2.0}) {
        for (const bool separate : {false, true}) {
          const std::string tail = " size=" + std::to_string(k) +
                                   (weight == 1.0 ? "" : " weight=2") +
                                   (separate ? " separate" : "");
          benchmark::RegisterBenchmark((prefix + "first 32 steps" + s32 + tail).c_str(),
                                       [m, k, separate, weight](benchmark::State& s) {
                                         unit_first_steps_row(s, m, k, separate, weight);
                                       })
              ->Unit(benchmark::kMillisecond);
          benchmark::RegisterBenchmark(
              (prefix + "path smoothed" + s32 + " window=" + std::to_string(kUnitSmoothing) + tail)
                  .c_str(),
              [m, k, separate, weight](benchmark::State& s) {
                unit_path_row(s, m, k, separate, weight);
              })
              ->Unit(benchmark::kMillisecond);
        }
      }
    }
    benchmark::RegisterBenchmark((prefix + "edit+sync" + s32 + sizes).c_str(),
                                 [m](benchmark::State& s) { unit_edit_row(s, m); })
        ->Unit(benchmark::kMicrosecond);
  }
  return true;
}();

}  // namespace
}  // namespace pathing::bench
