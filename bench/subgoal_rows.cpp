// The subgoal graph rows of issue #20 (docs/subgoal.md): JpsPlus, SubgoalSearch over the simple
// subgoal graph, and SubgoalSearch over the contracted graph (`SubgoalOptions::contract`), on
// Moving AI maps of each kind (game maps, a one-cell maze, rooms, dense random obstacles, a city).
// One iteration runs every scenario row once; every cost is checked against the row's optimum
// (the row fails otherwise). Build rows: a fresh graph per iteration, with `bytes_per_cell`,
// `subgoals` and `core` (subgoals left uncontracted). Needs ../shared/data (or
// PATHING_SHARED_DATA); skipped with a message without it.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bench.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/subgoal_search.hpp"

namespace pathing::bench {
namespace {

namespace fs = std::filesystem;

struct SubgoalCase {
  std::string name;
  Grid grid{1, 1};
  GridLayer layer;
  std::vector<GridCoord> from;
  std::vector<GridCoord> to;
  std::vector<double> optimal;
  std::vector<double> tolerance;
};

fs::path subgoal_shared_data() {
  const char* env = std::getenv("PATHING_SHARED_DATA");
  return env != nullptr ? fs::path(env)
                        : fs::path(PATHING_BENCH_SOURCE_DIR) / ".." / "shared" / "data";
}

// `name` is "kind/map" under movingai/; null when the files are missing.
const SubgoalCase* subgoal_case(const std::string& name) {
  static std::vector<std::unique_ptr<SubgoalCase>> cache;
  for (const auto& c : cache)
    if (c->name == name) return c.get();
  const fs::path scen_file = subgoal_shared_data() / "movingai" / (name + ".map.scen");
  if (!fs::exists(scen_file)) return nullptr;
  auto c = std::make_unique<SubgoalCase>();
  c->name = name;
  const io::Scenario scen = io::load_scenario(scen_file);
  c->grid = io::load_map(io::scenario_map_path(scen, scen_file)).grid;
  c->layer = io::movingai_layer();
  for (const io::ScenarioEntry& e : scen.entries) {
    c->from.push_back(e.start());
    c->to.push_back(e.goal());
    c->optimal.push_back(e.optimal_length);
    c->tolerance.push_back(e.tolerance());
  }
  cache.push_back(std::move(c));
  return cache.back().get();
}

enum class Which { jps_plus, subgoal, contracted };

void subgoal_query_row(benchmark::State& s, const std::string& name, Which which) {
  const SubgoalCase* c = subgoal_case(name);
  if (c == nullptr) {
    s.SkipWithError("no ../shared/data/movingai map (set PATHING_SHARED_DATA)");
    return;
  }
  SubgoalOptions options;
  options.contract = which == Which::contracted;
  std::unique_ptr<JpsPlusMap> table;
  std::unique_ptr<SubgoalGraph> graph;
  if (which == Which::jps_plus) {
    table = std::make_unique<JpsPlusMap>(c->grid, c->layer);
  } else {
    graph = std::make_unique<SubgoalGraph>(c->grid, c->layer, options);
  }
  JpsPlus jps(c->grid.cols(), c->grid.rows());
  SubgoalSearch search;
  if (graph) search.reserve(*graph);
  std::vector<GridCoord> out;
  out.reserve(c->grid.cell_count());
  std::uint64_t expanded = 0;
  bool wrong = false;
  for (auto _ : s) {
    expanded = 0;
    for (std::size_t i = 0; i < c->from.size(); ++i) {
      const PathResult r = graph ? search.find_path(c->grid, *graph, c->from[i], c->to[i], out)
                                 : jps.find_path(c->grid, *table, c->from[i], c->to[i], out);
      wrong = wrong || !r.found() || std::fabs(r.cost - c->optimal[i]) > c->tolerance[i];
      expanded += r.stats.expanded;
    }
    benchmark::DoNotOptimize(out.data());
  }
  if (wrong) s.SkipWithError("a path is not optimal");
  set_query_counters(s, static_cast<double>(c->from.size()), static_cast<double>(expanded));
}

void subgoal_build_row(benchmark::State& s, const std::string& name, bool contract) {
  const SubgoalCase* c = subgoal_case(name);
  if (c == nullptr) {
    s.SkipWithError("no ../shared/data/movingai map (set PATHING_SHARED_DATA)");
    return;
  }
  SubgoalOptions options;
  options.contract = contract;
  std::size_t bytes = 0;
  std::size_t subgoals = 0;
  std::size_t core = 0;
  for (auto _ : s) {
    SubgoalGraph graph(c->grid, c->layer, options);  // cold: allocation included
    bytes = graph.memory_bytes();
    subgoals = graph.subgoal_count();
    core = graph.core_count();
    benchmark::DoNotOptimize(graph);
  }
  s.counters["bytes_per_cell"] =
      static_cast<double>(bytes) / static_cast<double>(c->grid.cell_count());
  s.counters["subgoals"] = static_cast<double>(subgoals);
  s.counters["core"] = static_cast<double>(core);
}

[[maybe_unused]] const bool registered = [] {
  for (const char* map : {"dao/den520d", "dao/brc202d", "maze/maze512-1-0", "room/8room_000",
                          "random/random512-10-0", "street/Boston_0_512"}) {
    const std::string m = map;
    benchmark::RegisterBenchmark(("subgoal/" + m + "/build").c_str(),
                                 [m](benchmark::State& s) { subgoal_build_row(s, m, false); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(3);
    benchmark::RegisterBenchmark(("subgoal/" + m + "/build contracted").c_str(),
                                 [m](benchmark::State& s) { subgoal_build_row(s, m, true); })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1);
    benchmark::RegisterBenchmark(("subgoal/" + m + "/JpsPlus").c_str(), [m](benchmark::State& s) {
      subgoal_query_row(s, m, Which::jps_plus);
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(
        ("subgoal/" + m + "/SubgoalSearch").c_str(),
        [m](benchmark::State& s) { subgoal_query_row(s, m, Which::subgoal); })
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(
        ("subgoal/" + m + "/SubgoalSearch contracted").c_str(),
        [m](benchmark::State& s) { subgoal_query_row(s, m, Which::contracted); })
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
}  // namespace pathing::bench
