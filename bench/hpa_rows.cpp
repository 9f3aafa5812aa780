// The HPA* rows of issue #17, item 2 (docs/hierarchy.md): `HierarchyMap` + `HpaStar` on huge maps
// made by tiling den520d (`io::tile_map`: 4096 x 4096, and 16384 x 16384 under the `hpa_huge/`
// prefix) and on generated weighted terrain (1024 x 1024, costs 1 / 3 / 5 and rock), with long
// cross-map queries (`io::generate_long_scenario`: optimal costs from JPS or A*). Rows: the build
// (`bytes_per_cell`, `nodes`), the first 32 steps of a unit (`plan` + `refine_until(33)`), the
// whole refined path without and with shortcutting, each with the abstract search's heuristic
// weight 1 (plain HPA*), 1.5 and 2 (counters `subopt_mean`, `subopt_p99`,
// `subopt_max`: cost / optimal over the queries), a one-cell edit and `sync` (per edit), and the
// optimal searches beside it (A*, JPS+ at 4096; JPS at 16384). Rows ending in `landmarks=8` search
// a copy of the map with 8 landmarks on its abstract graph (`HierarchyMap::build_landmarks`; its
// build row reports their time and bytes a cell); the other rows use the octile bound alone.
// Rows ending in `clusters=8` search a copy of the landmark map with a second level of clusters
// of 8 x 8 sectors (`HierarchyMap::build_clusters`; its build row reports their time and bytes a
// cell, its edit row the sync of a map with clusters, its load row `io::parse_hierarchy` of its
// saved bytes). Tiled rows need ../shared/data (or PATHING_SHARED_DATA) and are skipped with a
// message without it.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "bench.hpp"
#include "hpa_query_rows.hpp"
#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/io/precomputed.hpp"
#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/hpa_star.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"

namespace pathing::bench {
namespace {

namespace fs = std::filesystem;

constexpr int kSector = 32;
constexpr int kSmoothing = 64;

struct HpaCase {
  std::string name;
  Grid grid{1, 1};
  GridLayer layer;
  std::unique_ptr<HierarchyMap> map;
  std::unique_ptr<HierarchyMap> lm_map;  // a copy with landmarks (landmark rows), made on first use
  std::unique_ptr<HierarchyMap> cl_map;  // a copy of lm_map with clusters (cluster rows)
  io::Scenario scen;
};

constexpr int kLandmarks = 8;
constexpr int kClusters = 8;

// The map the rows search: the plain one, or (landmarks > 0) the copy with landmarks, or
// (clusters) the copy with landmarks and clusters.
HierarchyMap& hpa_map(HpaCase& c, int landmarks, bool clusters = false) {
  if (landmarks == 0) return *c.map;
  if (!c.lm_map) {
    c.lm_map = std::make_unique<HierarchyMap>(*c.map);
    static_cast<void>(c.lm_map->build_landmarks(c.grid, landmarks));
  }
  if (!clusters) return *c.lm_map;
  if (!c.cl_map) {
    c.cl_map = std::make_unique<HierarchyMap>(*c.lm_map);
    static_cast<void>(c.cl_map->build_clusters(c.grid, kClusters));
  }
  return *c.cl_map;
}

fs::path hpa_shared_data() {
  const char* env = std::getenv("PATHING_SHARED_DATA");
  return env != nullptr ? fs::path(env)
                        : fs::path(PATHING_BENCH_SOURCE_DIR) / ".." / "shared" / "data";
}

// "den4096", "den16384" (den520d tiled) or "terrain1024"; null when den520d is missing.
HpaCase* hpa_case(const std::string& name) {
  static std::vector<std::unique_ptr<HpaCase>> cache;
  for (const auto& c : cache)
    if (c->name == name) return c.get();
  auto c = std::make_unique<HpaCase>();
  c->name = name;
  int queries = 50;
  if (name == "terrain1024") {
    c->grid = bench_terrain(1024);
    c->layer = io::terrain_layer();
  } else {
    const fs::path source = hpa_shared_data() / "movingai" / "dao" / "den520d.map";
    if (!fs::exists(source)) return nullptr;
    const int side = std::stoi(name.substr(3));
    c->grid = io::tile_map(io::load_map(source).grid, side, side);
    c->layer = io::movingai_layer();
    if (side > 4096) queries = 10;
  }
  c->scen = io::generate_long_scenario(c->grid, name, queries, 1, c->layer);
  HierarchyOptions o;
  o.sector_size = kSector;
  c->map = std::make_unique<HierarchyMap>(c->grid, c->layer, o);
  cache.push_back(std::move(c));
  return cache.back().get();
}

bool hpa_skip(benchmark::State& s, const HpaCase* c) {
  if (c != nullptr) return false;
  s.SkipWithError("no ../shared/data/movingai/dao/den520d.map (set PATHING_SHARED_DATA)");
  return true;
}

void build_row(benchmark::State& s, const std::string& name) {
  const HpaCase* c = hpa_case(name);
  if (hpa_skip(s, c)) return;
  HierarchyOptions o;
  o.sector_size = kSector;
  HierarchyMap map;
  for (auto _ : s) {
    map.build(c->grid, c->layer, o);
    benchmark::DoNotOptimize(map.sector_count());
  }
  s.counters["bytes_per_cell"] =
      static_cast<double>(map.memory_bytes()) / static_cast<double>(c->grid.cell_count());
  s.counters["nodes"] = static_cast<double>(map.node_count());
}

void first_steps_row(benchmark::State& s, const std::string& name, double weight, int landmarks,
                     bool clusters = false) {
  HpaCase* c = hpa_case(name);
  if (hpa_skip(s, c)) return;
  SearchOptions o;
  o.weight = weight;
  hpa_first_steps_loop(s, c->grid, c->layer, hpa_map(*c, landmarks, clusters), c->scen, o);
}

void path_row(benchmark::State& s, const std::string& name, int smoothing, double weight,
              int landmarks, bool clusters = false) {
  HpaCase* c = hpa_case(name);
  if (hpa_skip(s, c)) return;
  SearchOptions o;
  o.weight = weight;
  hpa_path_loop(s, c->grid, c->layer, hpa_map(*c, landmarks, clusters), c->scen, smoothing, o);
}

// Landmarks on the abstract graph: one `build_landmarks` of kLandmarks on a copy of the map.
void landmark_build_row(benchmark::State& s, const std::string& name) {
  const HpaCase* c = hpa_case(name);
  if (hpa_skip(s, c)) return;
  HierarchyMap map = *c->map;
  for (auto _ : s) {
    static_cast<void>(map.build_landmarks(c->grid, kLandmarks));
    benchmark::DoNotOptimize(map.landmark_count());
  }
  s.counters["landmark_bytes_per_cell"] =
      static_cast<double>(map.memory_bytes() - c->map->memory_bytes()) /
      static_cast<double>(c->grid.cell_count());
  s.counters["bytes_per_cell"] =
      static_cast<double>(map.memory_bytes()) / static_cast<double>(c->grid.cell_count());
}

// Landmarks and clusters: one `build_clusters` of kClusters on a copy of the landmark map.
void cluster_build_row(benchmark::State& s, const std::string& name) {
  HpaCase* c = hpa_case(name);
  if (hpa_skip(s, c)) return;
  const HierarchyMap& lm_map = hpa_map(*c, kLandmarks);
  HierarchyMap map = lm_map;
  for (auto _ : s) {
    static_cast<void>(map.build_clusters(c->grid, kClusters));
    benchmark::DoNotOptimize(map.cluster_count());
  }
  s.counters["cluster_bytes_per_cell"] =
      static_cast<double>(map.memory_bytes() - lm_map.memory_bytes()) /
      static_cast<double>(c->grid.cell_count());
  s.counters["bytes_per_cell"] =
      static_cast<double>(map.memory_bytes()) / static_cast<double>(c->grid.cell_count());
  s.counters["level2_nodes"] = static_cast<double>(map.cluster_node_total());
}

// Loading the map with landmarks and clusters from its file bytes (io::parse_hierarchy, format
// version 2: the checks of its contract, no search); the bytes are made outside the timing.
void load_row(benchmark::State& s, const std::string& name) {
  HpaCase* c = hpa_case(name);
  if (hpa_skip(s, c)) return;
  const std::string bytes = io::serialize_hierarchy(hpa_map(*c, kLandmarks, true), c->grid);
  for (auto _ : s) {
    const HierarchyMap loaded = io::parse_hierarchy(bytes, c->grid, c->layer, name);
    benchmark::DoNotOptimize(loaded.cluster_count());
  }
  s.counters["file_bytes_per_cell"] =
      static_cast<double>(bytes.size()) / static_cast<double>(c->grid.cell_count());
}

// One iteration: a random cell toggled and synced, then toggled back and synced (2 edits), on the
// plain map or (clusters) the map with landmarks and clusters; the other maps of the case are
// synced outside the timing.
void edit_row(benchmark::State& s, const std::string& name, bool clusters) {
  HpaCase* c = hpa_case(name);
  if (hpa_skip(s, c)) return;
  HierarchyMap& map = clusters ? hpa_map(*c, kLandmarks, true) : *c->map;
  std::mt19937_64 rng(5);
  std::size_t sectors = 0;
  std::size_t cluster_count = 0;
  for (auto _ : s) {
    const GridCoord cell{static_cast<int>(rng() % static_cast<std::uint64_t>(c->grid.cols())),
                         static_cast<int>(rng() % static_cast<std::uint64_t>(c->grid.rows()))};
    const bool blocked = c->grid.is_blocked(cell);
    c->grid.set_blocked(cell, !blocked);
    static_cast<void>(map.sync(c->grid, c->layer));
    sectors += map.last_sync_sectors();
    cluster_count += map.last_sync_clusters();
    c->grid.set_blocked(cell, blocked);
    static_cast<void>(map.sync(c->grid, c->layer));
    sectors += map.last_sync_sectors();
    cluster_count += map.last_sync_clusters();
    s.PauseTiming();
    for (HierarchyMap* other : {c->map.get(), c->lm_map.get(), c->cl_map.get()})
      if (other != nullptr && other != &map) static_cast<void>(other->sync(c->grid, c->layer));
    s.ResumeTiming();
  }
  s.counters["per_edit"] = benchmark::Counter(
      2, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  s.counters["sectors_per_edit"] =
      static_cast<double>(sectors) / (2.0 * static_cast<double>(s.iterations()));
  if (clusters)
    s.counters["clusters_per_edit"] =
        static_cast<double>(cluster_count) / (2.0 * static_cast<double>(s.iterations()));
}

template <class Run>
void optimal_row(benchmark::State& s, const std::string& name, Run&& run) {
  const HpaCase* c = hpa_case(name);
  if (hpa_skip(s, c)) return;
  std::vector<GridCoord> out;
  out.reserve(c->grid.cell_count() / 16);
  std::uint64_t expanded = 0;
  bool wrong = false;
  for (auto _ : s) {
    expanded = 0;
    for (const io::ScenarioEntry& e : c->scen.entries) {
      const PathResult r = run(*c, e.start(), e.goal(), out);
      wrong = wrong || !r.found() || std::fabs(r.cost - e.optimal_length) > e.tolerance();
      expanded += r.stats.expanded;
    }
    benchmark::DoNotOptimize(out.data());
  }
  if (wrong) s.SkipWithError("an optimal search missed the scenario's length");
  set_query_counters(s, static_cast<double>(c->scen.entries.size()), static_cast<double>(expanded));
}

[[maybe_unused]] const bool registered = [] {
  for (const char* map : {"den4096", "terrain1024", "den16384"}) {
    const std::string m = map;
    const std::string prefix = (m == "den16384" ? "hpa_huge/" : "hpa/") + m + "/";
    const std::string s32 = " s=" + std::to_string(kSector);
    benchmark::RegisterBenchmark((prefix + "build" + s32).c_str(),
                                 [m](benchmark::State& s) { build_row(s, m); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
    for (const double weight : {1.0, 1.5, 2.0}) {
      const std::string wt = weight == 1.0 ? "" : (weight == 1.5 ? " weight=1.5" : " weight=2");
      benchmark::RegisterBenchmark(
          (prefix + "first 32 steps" + s32 + wt).c_str(),
          [m, weight](benchmark::State& s) { first_steps_row(s, m, weight, 0); })
          ->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark((prefix + "path" + s32 + wt).c_str(), [m, weight](
                                                                             benchmark::State& s) {
        path_row(s, m, 0, weight, 0);
      })->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark(
          (prefix + "path smoothed" + s32 + " window=" + std::to_string(kSmoothing) + wt).c_str(),
          [m, weight](benchmark::State& s) { path_row(s, m, kSmoothing, weight, 0); })
          ->Unit(benchmark::kMillisecond);
    }
    const std::string lm = " landmarks=" + std::to_string(kLandmarks);
    benchmark::RegisterBenchmark((prefix + "build" + s32 + lm).c_str(),
                                 [m](benchmark::State& s) { landmark_build_row(s, m); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
    for (const double weight : {1.0, 1.5, 2.0}) {
      const std::string wt = weight == 1.0 ? "" : (weight == 1.5 ? " weight=1.5" : " weight=2");
      benchmark::RegisterBenchmark(
          (prefix + "first 32 steps" + s32 + wt + lm).c_str(),
          [m, weight](benchmark::State& s) { first_steps_row(s, m, weight, kLandmarks); })
          ->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark(
          (prefix + "path smoothed" + s32 + " window=" + std::to_string(kSmoothing) + wt + lm)
              .c_str(),
          [m, weight](benchmark::State& s) { path_row(s, m, kSmoothing, weight, kLandmarks); })
          ->Unit(benchmark::kMillisecond);
    }
    const std::string cl = lm + " clusters=" + std::to_string(kClusters);
    benchmark::RegisterBenchmark((prefix + "build" + s32 + cl).c_str(),
                                 [m](benchmark::State& s) { cluster_build_row(s, m); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
    benchmark::RegisterBenchmark((prefix + "load" + s32 + cl).c_str(),
                                 [m](benchmark::State& s) { load_row(s, m); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
    for (const double weight : {1.0, 1.5, 2.0}) {
      const std::string wt = weight == 1.0 ? "" : (weight == 1.5 ? " weight=1.5" : " weight=2");
      benchmark::RegisterBenchmark(
          (prefix + "first 32 steps" + s32 + wt + cl).c_str(),
          [m, weight](benchmark::State& s) { first_steps_row(s, m, weight, kLandmarks, true); })
          ->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark(
          (prefix + "path smoothed" + s32 + " window=" + std::to_string(kSmoothing) + wt + cl)
              .c_str(),
          [m, weight](benchmark::State& s) {
            path_row(s, m, kSmoothing, weight, kLandmarks, true);
          })
          ->Unit(benchmark::kMillisecond);
    }
    benchmark::RegisterBenchmark((prefix + "edit+sync" + s32).c_str(), [m](benchmark::State& s) {
      edit_row(s, m, false);
    })->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((prefix + "edit+sync" + s32 + cl).c_str(),
                                 [m](benchmark::State& s) { edit_row(s, m, true); })
        ->Unit(benchmark::kMicrosecond);
    if (m == "den16384") {
      benchmark::RegisterBenchmark(
          (prefix + "jps").c_str(),
          [m](benchmark::State& s) {
            Jps jps;
            optimal_row(
                s, m, [&](const HpaCase& c, GridCoord a, GridCoord b, std::vector<GridCoord>& out) {
                  return jps.find_path(c.grid, c.layer, a, b, out);
                });
          })
          ->Unit(benchmark::kMillisecond)
          ->Iterations(1);
      continue;
    }
    benchmark::RegisterBenchmark((prefix + "astar8 octile").c_str(), [m](benchmark::State& s) {
      AStar astar;
      optimal_row(s, m,
                  [&](const HpaCase& c, GridCoord a, GridCoord b, std::vector<GridCoord>& out) {
                    return astar.find_path(c.grid, c.layer, a, b, out);
                  });
    })->Unit(benchmark::kMillisecond);
    if (m == "den4096") {
      benchmark::RegisterBenchmark((prefix + "jps+").c_str(), [m](benchmark::State& s) {
        const HpaCase* c = hpa_case(m);
        if (hpa_skip(s, c)) return;
        const JpsPlusMap table(c->grid, c->layer);
        JpsPlus jps;
        optimal_row(s, m,
                    [&](const HpaCase& cc, GridCoord a, GridCoord b, std::vector<GridCoord>& out) {
                      return jps.find_path(cc.grid, table, a, b, out);
                    });
      })->Unit(benchmark::kMillisecond);
    }
  }
  return true;
}();

}  // namespace
}  // namespace pathing::bench
