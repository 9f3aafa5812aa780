// Jps, JpsPlus and SubgoalSearch (plain and contracted) on the Moving AI benchmark scenarios in
// ../shared/data/movingai: every queried row must come out at the printed optimal length, with a
// valid path.
//
// Rows: every row in optimised builds, every test::kScenarioStride-th row in Debug/sanitizer
// builds (the rows are sorted by length bucket, so every bucket is represented), as for A* in
// benchmark_optimality_test.cpp.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "pathing/io/movingai.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/subgoal_search.hpp"
#include "support/reference.hpp"
#include "support/shared_data.hpp"
#include "support/throws.hpp"

namespace pathing::io {
namespace {

namespace fs = std::filesystem;

class JpsMovingAi : public ::testing::TestWithParam<const char*> {};

TEST_P(JpsMovingAi, EveryCheckedRowIsOptimal) {
  const fs::path scen_file = test::shared_data_dir() / "movingai" / GetParam();
  if (!fs::exists(scen_file)) {
    GTEST_SKIP() << "shared data not found at " << scen_file << ": skipped";
  }
  const Scenario scen = load_scenario(scen_file);
  const Map map = load_map(scenario_map_path(scen, scen_file));
  PATHING_ASSERT_NO_THROW(validate_scenario(scen, map.grid, scen_file.string()));
  const GridLayer layer = movingai_layer();
  const JpsMap bits(map.grid, layer);
  const JpsPlusMap table(map.grid, layer);
  Jps jps(map.grid.cols(), map.grid.rows());
  JpsPlus plus(map.grid.cols(), map.grid.rows());
  const SubgoalGraph subgoals(map.grid, layer);
  SubgoalSearch sub(map.grid.cols(), map.grid.rows());
  SubgoalOptions contract;
  contract.contract = true;
  const SubgoalGraph contracted(map.grid, layer, contract);
  SubgoalSearch sub_c;
  sub_c.reserve(contracted);
  std::vector<GridCoord> a;
  std::vector<GridCoord> b;
  std::vector<GridCoord> c;
  const std::size_t n = scen.entries.size();
  const auto stride = static_cast<std::size_t>(test::kScenarioStride);
  // SubgoalSearch (plain and contracted): every row of the game maps, every 4th row of the
  // 512 x 512 maze, random, room and city maps (up to 2 ms a row there, and sanitizer builds are
  // far slower), to keep CI's time; every row of all 12 was checked once by hand
  // (docs/subgoal.md): all optimal.
  const std::string param = GetParam();
  const bool big = param.rfind("maze/", 0) == 0 || param.rfind("random/", 0) == 0 ||
                   param.rfind("room/", 0) == 0 || param.rfind("street/Boston", 0) == 0;
  const std::size_t sub_stride = big ? 4 : 1;
  std::size_t checked = 0;
  for (std::size_t i = 0; i < n; i += stride) {
    const ScenarioEntry& e = scen.entries[i];
    SCOPED_TRACE(scen_file.string() + ":" + std::to_string(e.line));
    const PathResult rj = jps.find_path(map.grid, bits, e.start(), e.goal(), a);
    const PathResult rp = plus.find_path(map.grid, table, e.start(), e.goal(), b);
    ASSERT_TRUE(rj.found());
    ASSERT_TRUE(rp.found());
    ASSERT_NEAR(rj.cost, e.optimal_length, e.tolerance()) << "Jps";
    ASSERT_EQ(rp.cost, rj.cost);
    if (i % (sub_stride * stride) == 0) {
      const PathResult rs = sub.find_path(map.grid, subgoals, e.start(), e.goal(), c);
      ASSERT_TRUE(rs.found());
      ASSERT_EQ(rs.cost, rj.cost) << "SubgoalSearch";
      ASSERT_EQ(test::validate_path(map.grid, layer, Connectivity::eight, e.start(), c), "");
      ASSERT_EQ(c.back(), e.goal());
    }
    if (i % (sub_stride * stride) == 0) {
      const PathResult rc = sub_c.find_path(map.grid, contracted, e.start(), e.goal(), c);
      ASSERT_TRUE(rc.found());
      ASSERT_EQ(rc.cost, rj.cost) << "SubgoalSearch, contracted";
      ASSERT_EQ(test::validate_path(map.grid, layer, Connectivity::eight, e.start(), c), "");
      ASSERT_EQ(c.back(), e.goal());
    }
    ASSERT_EQ(test::validate_path(map.grid, layer, Connectivity::eight, e.start(), a), "");
    ASSERT_EQ(test::validate_path(map.grid, layer, Connectivity::eight, e.start(), b), "");
    ASSERT_EQ(a.back(), e.goal());
    ASSERT_EQ(b.back(), e.goal());
    ++checked;
  }
  EXPECT_EQ(checked, (n + stride - 1) / stride);
  if (stride > 1) {
    std::printf(
        "[ NOTE     ] Debug build: checked every %zu-th row (%zu of %zu); the Release run "
        "checks all\n",
        stride, checked, n);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Scenarios, JpsMovingAi,
    ::testing::Values("dao/arena.map.scen", "dao/arena2.map.scen", "dao/brc202d.map.scen",
                      "dao/den011d.map.scen", "dao/den520d.map.scen", "dao/lak303d.map.scen",
                      "bg512/AR0011SR.map.scen", "maze/maze512-1-0.map.scen",
                      "random/random512-10-0.map.scen", "room/8room_000.map.scen",
                      "street/Berlin_0_256.map.scen", "street/Boston_0_512.map.scen"),
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
