// Zero allocations, really (issue #15, item 8): Jps and JpsPlus, reserved for the map and never
// warmed up, answer the Moving AI scenarios whose frontiers are the largest (the maze and the
// random map) without one heap allocation. Before the open list's pool and hot stack were
// sized for the worst query, maze512-1-0 took 2 allocations with either search.
//
// Rows: every kRowStride-th row (the rows are sorted by length bucket, so every bucket is
// represented, the longest ones included); skipped with a visible message without the shared
// data.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "pathing/io/movingai.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "support/alloc_counter.hpp"
#include "support/shared_data.hpp"

namespace pathing::io {
namespace {

namespace fs = std::filesystem;

#ifdef NDEBUG
constexpr std::size_t kRowStride = 8;
#else
constexpr std::size_t kRowStride = 128;
#endif

class JpsAllocMovingAi : public ::testing::TestWithParam<const char*> {};

TEST_P(JpsAllocMovingAi, QueriesAfterReserveAllocateNothing) {
  const fs::path scen_file = test::shared_data_dir() / "movingai" / GetParam();
  if (!fs::exists(scen_file)) {
    GTEST_SKIP() << "shared data not found at " << scen_file << ": skipped";
  }
  const Scenario scen = load_scenario(scen_file);
  const Map map = load_map(scenario_map_path(scen, scen_file));
  const GridLayer layer = movingai_layer();
  const JpsMap bits(map.grid, layer);
  const JpsPlusMap table(map.grid, layer);
  Jps jps;
  JpsPlus plus;
  jps.reserve(map.grid.cols(), map.grid.rows());
  plus.reserve(map.grid.cols(), map.grid.rows());
  std::vector<GridCoord> a;
  std::vector<GridCoord> b;
  a.reserve(map.grid.cell_count());  // a path never holds more cells than the grid
  b.reserve(map.grid.cell_count());
  std::uint64_t most_generated = 0;
  std::size_t checked = 0;
  const test::AllocationScope scope;
  for (std::size_t i = 0; i < scen.entries.size(); i += kRowStride) {
    const ScenarioEntry& e = scen.entries[i];
    const PathResult rj = jps.find_path(map.grid, bits, e.start(), e.goal(), a);
    const PathResult rp = plus.find_path(map.grid, table, e.start(), e.goal(), b);
    if (!rj.found() || !rp.found() || rj.cost != rp.cost ||
        !(rj.cost > e.optimal_length - e.tolerance() &&
          rj.cost < e.optimal_length + e.tolerance())) {
      ADD_FAILURE() << scen_file.string() << ":" << e.line << ": Jps " << rj.cost << ", JpsPlus "
                    << rp.cost << ", optimal " << e.optimal_length;
      break;
    }
    most_generated = rj.stats.generated > most_generated ? rj.stats.generated : most_generated;
    ++checked;
  }
  EXPECT_EQ(scope.count(), 0u) << "allocations during " << checked << " queries of each search";
  EXPECT_EQ(checked, (scen.entries.size() + kRowStride - 1) / kRowStride);
  // The old reservation (256 + cells / 32 pushes) was too small for some query: this test
  // exercises the regime that used to allocate.
  EXPECT_GT(most_generated, 256 + map.grid.cell_count() / 32);
  std::printf("[ NOTE     ] every %zu-th row (%zu), at most %llu pushes a query\n", kRowStride,
              checked, static_cast<unsigned long long>(most_generated));
}

INSTANTIATE_TEST_SUITE_P(Scenarios, JpsAllocMovingAi,
                         ::testing::Values("maze/maze512-1-0.map.scen",
                                           "random/random512-10-0.map.scen"),
                         [](const ::testing::TestParamInfo<const char*>& param_info) {
                           std::string name = param_info.param;
                           name = name.substr(name.find('/') + 1);
                           name = name.substr(0, name.find('.'));
                           for (char& c : name) {
                             if (c == '-') c = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace pathing::io
