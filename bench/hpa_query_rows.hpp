// The query loops of the HPA* rows (hpa_rows.cpp, hpa_unit_rows.cpp): a unit's first steps and
// the whole path over every entry of a scenario, with their counters.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "bench.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/search/hpa_star.hpp"

namespace pathing::bench {

/// The first 32 steps of a unit for every entry of `scen`: `plan` + `refine_until(33)` on
/// `map` (current for `grid` and `layer`) with `options`; an error when a plan fails or gives
/// fewer than 33 cells. Counters: set_query_counters (expansions include the refinement's).
inline void hpa_first_steps_loop(benchmark::State& s, const Grid& grid, const GridLayer& layer,
                                 const HierarchyMap& map, const io::Scenario& scen,
                                 const SearchOptions& options) {
  HpaStar hpa;
  std::vector<GridCoord> out;
  out.reserve(grid.cell_count() / 16);
  std::uint64_t expanded = 0;
  bool wrong = false;
  for (auto _ : s) {
    expanded = 0;
    for (const io::ScenarioEntry& e : scen.entries) {
      const PathResult r = hpa.plan(grid, layer, map, e.start(), e.goal(), options);
      out.clear();
      const SearchStatus st = hpa.refine_until(33, out);
      wrong = wrong || !r.found() || out.size() < 33 || st == SearchStatus::stale;
      expanded += r.stats.expanded + hpa.refine_expanded();
    }
    benchmark::DoNotOptimize(out.data());
  }
  if (wrong) s.SkipWithError("a plan failed or gave fewer than 33 cells");
  set_query_counters(s, static_cast<double>(scen.entries.size()), static_cast<double>(expanded));
}

/// The whole path (`find_path`, shortcut window `smoothing`) for every entry of `scen`; an error
/// when a path is missing or cheaper than the entry's optimum. Counters: set_subopt_counters.
inline void hpa_path_loop(benchmark::State& s, const Grid& grid, const GridLayer& layer,
                          const HierarchyMap& map, const io::Scenario& scen, int smoothing,
                          const SearchOptions& options) {
  HpaStar hpa;
  hpa.set_smoothing(smoothing);
  std::vector<GridCoord> out;
  out.reserve(grid.cell_count() / 16);
  std::vector<double> ratios;
  std::uint64_t expanded = 0;
  bool wrong = false;
  for (auto _ : s) {
    expanded = 0;
    ratios.clear();
    for (const io::ScenarioEntry& e : scen.entries) {
      const PathResult r = hpa.find_path(grid, layer, map, e.start(), e.goal(), out, options);
      wrong = wrong || !r.found() || r.cost < e.optimal_length - e.tolerance();
      ratios.push_back(r.cost / e.optimal_length);
      expanded += r.stats.expanded;
    }
    benchmark::DoNotOptimize(out.data());
  }
  if (wrong) {
    s.SkipWithError("a path was not found, or cheaper than the optimum");
    return;
  }
  set_subopt_counters(s, ratios, static_cast<double>(expanded));
}

}  // namespace pathing::bench
