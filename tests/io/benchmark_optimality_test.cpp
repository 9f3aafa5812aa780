// A* on real benchmark input: every Moving AI scenario row optimal (8-connected), and the seeds'
// five maps (4-connected) at their optimal step counts.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "pathing/io/movingai.hpp"
#include "pathing/io/seed_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "support/reference.hpp"
#include "support/shared_data.hpp"

namespace pathing {
namespace {

namespace fs = std::filesystem;

class MovingAiScenario : public ::testing::TestWithParam<const char*> {};

TEST_P(MovingAiScenario, AStarEightConnectedMatchesEveryOptimalLength) {
  const fs::path scen_file = test::shared_data_dir() / "movingai" / GetParam();
  if (!fs::exists(scen_file)) GTEST_SKIP() << scen_file << " not found (../shared absent): skipped";
  const io::Scenario scen = io::load_scenario(scen_file);
  const io::Map map = io::load_map(io::scenario_map_path(scen, scen_file));
  io::validate_scenario(scen, map.grid, scen_file.string());
  const GridLayer layer = io::movingai_layer();
  AStar astar(map.grid.cols(), map.grid.rows());
  std::vector<GridCoord> out;
  std::size_t checked = 0;
  for (std::size_t i = 0; i < scen.entries.size(); i += test::kScenarioStride) {
    const io::ScenarioEntry& e = scen.entries[i];
    const GridCoord from{e.start_x, e.start_y};
    const GridCoord to{e.goal_x, e.goal_y};
    const PathResult r = astar.find_path(map.grid, layer, from, to, out, {Connectivity::eight});
    ASSERT_TRUE(r.found()) << scen_file << ":" << e.line;
    EXPECT_NEAR(r.cost, e.optimal_length, e.tolerance()) << scen_file << ":" << e.line;
    std::uint64_t walked = 0;
    ASSERT_EQ(test::validate_path(map.grid, layer, Connectivity::eight, from, out, &walked), "")
        << scen_file << ":" << e.line;
    EXPECT_EQ(r.cost, test::path_cost_units(map.grid, layer, out)) << scen_file << ":" << e.line;
    EXPECT_EQ(out.back(), to);
    ++checked;
  }
  if (test::kScenarioStride > 1) {
    std::printf(
        "[ NOTE     ] Debug build: checked every %d-th row (%zu of %zu); the Release run checks "
        "all\n",
        test::kScenarioStride, checked, scen.entries.size());
  }
  EXPECT_EQ(checked, (scen.entries.size() + test::kScenarioStride - 1) / test::kScenarioStride);
}

INSTANTIATE_TEST_SUITE_P(
    SharedData, MovingAiScenario,
    ::testing::Values("dao/arena.map.scen", "dao/arena2.map.scen", "dao/brc202d.map.scen",
                      "dao/den011d.map.scen", "dao/den520d.map.scen", "dao/lak303d.map.scen",
                      "bg512/AR0011SR.map.scen", "maze/maze512-1-0.map.scen",
                      "random/random512-10-0.map.scen", "room/8room_000.map.scen",
                      "street/Berlin_0_256.map.scen", "street/Boston_0_512.map.scen"),
    [](const ::testing::TestParamInfo<const char*>& p) {
      std::string name = p.param;
      name = name.substr(name.find('/') + 1);
      name = name.substr(0, name.find('.'));
      for (char& c : name)
        if (c == '-') c = '_';
      return name;
    });

struct SeedCase {
  const char* name;
  int optimal_steps;  // maps.json "optimal_4_connected_steps"
};

class SeedBenchMap : public ::testing::TestWithParam<SeedCase> {};

TEST_P(SeedBenchMap, AStarFindsOptimalStepsAndGreedyReachesFinish) {
  const fs::path file =
      test::shared_data_dir() / "seed-bench" / (std::string(GetParam().name) + ".txt");
  if (!fs::exists(file)) GTEST_SKIP() << file << " not found (../shared absent): skipped";
  const io::SeedMap m = io::load_seed_map(file);
  const GridLayer walk{1};
  AStar astar;
  GreedyBestFirst greedy;
  // Bounded (seed) mode.
  const BoundedResult a = astar.build_path(m.grid, walk, m.start, m.finish);
  EXPECT_FALSE(a.partial());
  EXPECT_EQ(a.path.len(), GetParam().optimal_steps);
  EXPECT_EQ(a.cost, GetParam().optimal_steps);
  EXPECT_EQ(a.path.end_from(m.start), m.finish);
  const BoundedResult g = greedy.build_path(m.grid, walk, m.start, m.finish);
  EXPECT_FALSE(g.partial());
  EXPECT_EQ(g.finish, m.finish);
  EXPECT_EQ(g.path.end_from(m.start), m.finish);
  EXPECT_GE(g.path.len(), GetParam().optimal_steps);
  // Unbounded 4-connected agrees.
  std::vector<GridCoord> out;
  const PathResult u = astar.find_path(m.grid, walk, m.start, m.finish, out, {Connectivity::four});
  ASSERT_TRUE(u.found());
  EXPECT_EQ(u.moves, static_cast<std::uint32_t>(GetParam().optimal_steps));
  EXPECT_EQ(test::validate_path(m.grid, walk, Connectivity::four, m.start, out), "");
}

INSTANTIATE_TEST_SUITE_P(SharedData, SeedBenchMap,
                         ::testing::Values(SeedCase{"no_walls", 38}, SeedCase{"simple_wall", 35},
                                           SeedCase{"pocket_wall", 53}, SeedCase{"multi_wall", 44},
                                           SeedCase{"large_map", 44}),
                         [](const ::testing::TestParamInfo<SeedCase>& p) {
                           return std::string(p.param.name);
                         });

}  // namespace
}  // namespace pathing
