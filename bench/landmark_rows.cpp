// The landmark rows of issue #17, item 1 (docs/landmarks.md): 8-connected A* with the octile
// bound against A* with 8 landmarks (`LandmarkMap`, `SearchOptions::landmarks`) on generated
// weighted terrain (`pathing gen terrain`: costs 1 / 3 / 5 and rock, 256 x 256 and 1024 x 1024,
// seed 1, density 0.2) and on Moving AI DAO maps (uniform cost; report only). Queries: random
// pairs of cells of the largest area (seeded; 200 on 256 x 256 and DAO maps, 60 on 1024 x 1024),
// the same for both searches. Every landmark path's cost is checked against the octile A*'s (the
// row fails otherwise). Each landmark row twice: 32-bit storage (`landmarks`, `build`) and 16-bit
// (`landmarks16`, `build16`: LandmarkStorage::bits16, the same maps and queries). Counters:
// `expanded` per query, `per_query`, `per_expansion`; the build rows: `bytes_per_cell`,
// `fraction_bits` and `storage_bits` (16 unless the map fell back to 32). DAO rows need
// ../shared/data (or PATHING_SHARED_DATA) and are skipped with a message without it.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "bench.hpp"
#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/precompute/landmark_map.hpp"
#include "pathing/precompute/region_map.hpp"
#include "pathing/search/astar.hpp"

namespace pathing::bench {
namespace {

namespace fs = std::filesystem;

struct LandmarkCase {
  std::string name;
  Grid grid{1, 1};
  GridLayer layer;
  std::unique_ptr<LandmarkMap> landmarks;
  std::unique_ptr<LandmarkMap> landmarks16;  // LandmarkStorage::bits16
  std::vector<GridCoord> from;
  std::vector<GridCoord> to;
  std::vector<double> octile_cost;  // the octile A*'s cost of each query
};

fs::path shared_data() {
  const char* env = std::getenv("PATHING_SHARED_DATA");
  return env != nullptr ? fs::path(env)
                        : fs::path(PATHING_BENCH_SOURCE_DIR) / ".." / "shared" / "data";
}

// "terrain256", "terrain1024" (generated) or a DAO map name; null when a DAO map is missing.
const LandmarkCase* load_case(const std::string& name) {
  static std::vector<std::unique_ptr<LandmarkCase>> cache;
  for (const auto& c : cache)
    if (c->name == name) return c.get();
  auto c = std::make_unique<LandmarkCase>();
  c->name = name;
  int queries = 200;
  if (name.rfind("terrain", 0) == 0) {
    const int side = std::stoi(name.substr(7));
    c->grid = bench_terrain(side);
    c->layer = io::terrain_layer();
    if (side > 256) queries = 60;
  } else {
    const fs::path map_file = shared_data() / "movingai" / "dao" / (name + ".map");
    if (!fs::exists(map_file)) return nullptr;
    c->grid = io::load_map(map_file).grid;
    c->layer = io::movingai_layer();
  }
  c->landmarks = std::make_unique<LandmarkMap>(c->grid, c->layer);
  LandmarkOptions narrow;
  narrow.storage = LandmarkStorage::bits16;
  c->landmarks16 = std::make_unique<LandmarkMap>(c->grid, c->layer, narrow);
  const RegionMap regions(c->grid, c->layer);
  const GridCoord anchor = c->landmarks->landmarks()[0];
  std::mt19937_64 rng(17);
  const auto cell = [&] {
    return GridCoord{static_cast<int>(rng() % static_cast<std::uint64_t>(c->grid.cols())),
                     static_cast<int>(rng() % static_cast<std::uint64_t>(c->grid.rows()))};
  };
  AStar astar;
  std::vector<GridCoord> out;
  while (static_cast<int>(c->from.size()) < queries) {
    const GridCoord a = cell();
    const GridCoord b = cell();
    if (!regions.reachable(anchor, a) || !regions.reachable(anchor, b)) continue;
    const PathResult r = astar.find_path(c->grid, c->layer, a, b, out);
    c->from.push_back(a);
    c->to.push_back(b);
    c->octile_cost.push_back(r.cost);
  }
  cache.push_back(std::move(c));
  return cache.back().get();
}

// `width`: 0 the octile bound alone, 32 or 16 the landmark map of that storage.
void landmark_row(benchmark::State& s, const std::string& name, int width) {
  const LandmarkCase* c = load_case(name);
  if (c == nullptr) {
    s.SkipWithError("no ../shared/data/movingai/dao map (set PATHING_SHARED_DATA)");
    return;
  }
  AStar search(c->grid.cols(), c->grid.rows());
  std::vector<GridCoord> out;
  out.reserve(c->grid.cell_count());
  SearchOptions o;
  if (width == 32) o.landmarks = c->landmarks.get();
  if (width == 16) o.landmarks = c->landmarks16.get();
  std::uint64_t expanded = 0;
  bool wrong = false;
  for (auto _ : s) {
    expanded = 0;
    for (std::size_t i = 0; i < c->from.size(); ++i) {
      const PathResult r = search.find_path(c->grid, c->layer, c->from[i], c->to[i], out, o);
      wrong = wrong || !r.found() || r.cost != c->octile_cost[i];
      expanded += r.stats.expanded;
    }
    benchmark::DoNotOptimize(out.data());
  }
  if (wrong) s.SkipWithError("a landmark path differs in cost from the octile A*'s");
  const auto n = static_cast<double>(c->from.size());
  set_query_counters(s, n, static_cast<double>(expanded));
}

void build_row(benchmark::State& s, const std::string& name, LandmarkStorage storage) {
  const LandmarkCase* c = load_case(name);
  if (c == nullptr) {
    s.SkipWithError("no ../shared/data/movingai/dao map (set PATHING_SHARED_DATA)");
    return;
  }
  LandmarkMap lm;
  LandmarkOptions options;
  options.storage = storage;
  for (auto _ : s) {
    lm.build(c->grid, c->layer, options);
    benchmark::DoNotOptimize(lm.count());
  }
  s.counters["bytes_per_cell"] =
      static_cast<double>(lm.memory_bytes()) / static_cast<double>(c->grid.cell_count());
  s.counters["fraction_bits"] = lm.fraction_bits();
  s.counters["storage_bits"] = lm.storage() == LandmarkStorage::bits16 ? 16 : 32;
}

[[maybe_unused]] const bool registered = [] {
  for (const char* map : {"terrain256", "terrain1024", "den520d", "brc202d"}) {
    const std::string m = map;
    benchmark::RegisterBenchmark(
        ("landmarks/" + m + "/build k=8").c_str(),
        [m](benchmark::State& s) { build_row(s, m, LandmarkStorage::bits32); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(m == "terrain1024" ? 1 : 3);
    benchmark::RegisterBenchmark(
        ("landmarks/" + m + "/build16 k=8").c_str(),
        [m](benchmark::State& s) { build_row(s, m, LandmarkStorage::bits16); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(m == "terrain1024" ? 1 : 3);
    benchmark::RegisterBenchmark(("landmarks/" + m + "/astar8 octile").c_str(),
                                 [m](benchmark::State& s) { landmark_row(s, m, 0); })
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("landmarks/" + m + "/astar8 landmarks k=8").c_str(),
                                 [m](benchmark::State& s) { landmark_row(s, m, 32); })
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("landmarks/" + m + "/astar8 landmarks16 k=8").c_str(),
                                 [m](benchmark::State& s) { landmark_row(s, m, 16); })
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
}  // namespace pathing::bench
