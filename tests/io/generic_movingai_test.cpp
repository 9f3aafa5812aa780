// The generic search, chaining and smoothing on the Moving AI maps in ../shared/data (skipped
// with a message when the data is absent).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "pathing/agent/chain.hpp"
#include "pathing/agent/path_convert.hpp"
#include "pathing/agent/smoothing.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/map/grid_graph.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/graph_astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "support/graph_test_maps.hpp"

namespace pathing {
namespace {

namespace fs = std::filesystem;

fs::path movingai_dir() {
  const char* env = std::getenv("PATHING_SHARED_DATA");
  return (env != nullptr ? fs::path(env) : fs::path("../shared/data")) / "movingai";
}

struct Loaded {
  io::Map map;
  io::Scenario scen;
};

/// Loads `rel` (e.g. "dao/arena.map.scen") and its map; false (the caller skips) when absent.
bool load(const std::string& rel, Loaded& out) {
  const fs::path scen_file = movingai_dir() / rel;
  if (!fs::exists(scen_file)) return false;
  out.scen = io::load_scenario(scen_file);
  out.map = io::load_map(io::scenario_map_path(out.scen, scen_file));
  return true;
}

#define LOAD_OR_SKIP(rel, var) \
  Loaded var;                  \
  if (!load(rel, var))         \
  GTEST_SKIP() << "shared data not found at " << movingai_dir() / (rel) << ": skipped"

/// Octile length of an 8-connected cell path (straight 1, diagonal sqrt 2).
double octile_length(const std::vector<GridCoord>& cells) {
  std::uint64_t straight = 0;
  std::uint64_t diagonal = 0;
  for (std::size_t i = 1; i < cells.size(); ++i) {
    const bool diag = cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y;
    (diag ? diagonal : straight) += 1;
  }
  return cost::exact_length(straight, diagonal);
}

TEST(GenericMovingAi, GraphAStarOnGridGraphMatchesTheOptimalLengths) {
  // Every arena query, and every 10th of den520d: the generic search over the grid-as-graph
  // gives the benchmark's optimal 8-connected length.
  for (const auto& [rel, stride] : {std::pair<std::string, std::size_t>{"dao/arena.map.scen", 1},
                                    {"dao/den520d.map.scen", 10}}) {
    LOAD_OR_SKIP(rel, data);
    const GridLayer layer = io::movingai_layer();
    const GridGraph8 graph(data.map.grid, layer);
    GraphAStar<GridGraph8> search(graph.node_count());
    std::vector<std::uint32_t> nodes;
    std::vector<GridCoord> cells;
    std::size_t checked = 0;
    for (std::size_t i = 0; i < data.scen.entries.size(); i += stride) {
      const io::ScenarioEntry& e = data.scen.entries[i];
      const auto r = search.find_path(graph, graph.node(e.start()), graph.node(e.goal()), nodes);
      ASSERT_TRUE(r.found()) << rel << " line " << e.line;
      graph.to_cells(nodes, cells);
      ASSERT_EQ(test::path_fault(data.map.grid, layer, cells, e.start(), e.goal(), true), "")
          << rel << " line " << e.line;
      EXPECT_NEAR(octile_length(cells), e.optimal_length, e.tolerance())
          << rel << " line " << e.line;
      ++checked;
    }
    EXPECT_EQ(checked, (data.scen.entries.size() + stride - 1) / stride);
  }
}

/// Runs chains (A* or greedy) on every `stride`-th query of a scenario and checks each route: a
/// valid 4-connected path from the start, ending at the goal when `reached`; when reached, its
/// diagonal-shortcut walk is a valid 8-connected path no shorter than the benchmark's optimum.
/// Returns how many chains reached the goal.
template <class Searcher>
int check_chains(const Loaded& data, std::size_t stride, int& total) {
  const GridLayer layer = io::movingai_layer();
  const Grid& grid = data.map.grid;
  Searcher searcher;
  std::vector<GridPath> segments;
  std::vector<GridCoord> cells;
  std::vector<GridCoord> walked;
  std::vector<GridCoord> part;
  int reached = 0;
  total = 0;
  for (std::size_t i = 0; i < data.scen.entries.size(); i += stride) {
    const io::ScenarioEntry& e = data.scen.entries[i];
    segments.clear();
    const ChainResult r = chain_paths(searcher, grid, layer, e.start(), e.goal(), segments);
    ++total;
    EXPECT_NE(r.status, ChainStatus::invalid_endpoint);
    EXPECT_NE(r.status, ChainStatus::segment_limit);
    chain_to_cells(e.start(), segments, cells);
    EXPECT_EQ(test::path_fault(grid, layer, cells, e.start(), r.finish, false), "")
        << "line " << e.line;
    EXPECT_EQ(cells.size(), r.moves + 1u);
    if (!r.found()) {
      EXPECT_EQ(r.status, ChainStatus::no_progress);
      continue;
    }
    ++reached;
    EXPECT_EQ(r.finish, e.goal());
    // 4-connected steps never beat the 8-connected optimum...
    EXPECT_GE(static_cast<double>(r.moves), e.optimal_length - e.tolerance()) << "line " << e.line;
    // ... nor does the route with the seed's diagonal shortcut, walked segment by segment.
    walked.assign(1, e.start());
    GridCoord at = e.start();
    for (const GridPath& p : segments) {
      diagonal_shortcut_cells(grid, layer, at, p, part);
      walked.insert(walked.end(), part.begin() + 1, part.end());
      at = part.back();
    }
    EXPECT_EQ(test::path_fault(grid, layer, walked, e.start(), e.goal(), true), "")
        << "line " << e.line;
    EXPECT_GE(octile_length(walked), e.optimal_length - e.tolerance()) << "line " << e.line;
    EXPECT_LE(octile_length(walked), static_cast<double>(r.moves));
  }
  return reached;
}

TEST(GenericMovingAi, ChainsReachEveryGoalOnTheRandomObstacleMap) {
  // 10% random obstacles: no dead end is wider than the 57-cell search window, so every chain of
  // bounded searches reaches its goal.
  LOAD_OR_SKIP("random/random512-10-0.map.scen", data);
  int total = 0;
  EXPECT_EQ(check_chains<AStar>(data, 40, total), 42);
  EXPECT_EQ(total, 42);
  EXPECT_EQ(check_chains<GreedyBestFirst>(data, 40, total), 42);
}

TEST(GenericMovingAi, ChainsOnStructuredMapsAreValidAndStopWithAReason) {
  // City blocks and game-map rooms are wider than the window: a chain of bounded searches is
  // greedy toward the goal and stops (no_progress) in a dead end that the unbounded search would
  // walk out of. Every route is still valid (checked in check_chains); most, not all, reach the
  // goal (seed: chaining answers the 56-step cap, not the completeness of the unbounded search).
  // The exact counts depend on the searchers' tie-breaking (A* 31 of 47 on Berlin, 31 of 45 on
  // den520d; greedy 30 and 26 when written), so only the range is asserted.
  for (const std::string rel : {"street/Berlin_0_256.map.scen", "dao/den520d.map.scen"}) {
    LOAD_OR_SKIP(rel, data);
    int total = 0;
    const int astar = check_chains<AStar>(data, 20, total);
    EXPECT_GT(total, 40) << rel;
    EXPECT_GE(astar * 2, total) << rel;
    EXPECT_LT(astar, total) << rel;
    const int greedy = check_chains<GreedyBestFirst>(data, 20, total);
    EXPECT_GE(greedy * 2, total) << rel;
    EXPECT_LT(greedy, total) << rel;
    RecordProperty(
        rel + " reached (A*, greedy)",
        std::to_string(astar) + ", " + std::to_string(greedy) + " of " + std::to_string(total));
  }
}

TEST(GenericMovingAi, SmoothedWaypointsHaveLineOfSight) {
  for (const auto& [rel, stride] : {std::pair<std::string, std::size_t>{"dao/arena.map.scen", 4},
                                    {"room/8room_000.map.scen", 97}}) {
    LOAD_OR_SKIP(rel, data);
    const GridLayer layer = io::movingai_layer();
    AStar astar(data.map.grid.cols(), data.map.grid.rows());
    std::vector<GridCoord> cells;
    std::vector<GridCoord> way;
    std::size_t total_cells = 0;
    std::size_t total_way = 0;
    for (std::size_t i = 0; i < data.scen.entries.size(); i += stride) {
      const io::ScenarioEntry& e = data.scen.entries[i];
      ASSERT_TRUE(astar.find_path(data.map.grid, layer, e.start(), e.goal(), cells).found());
      smooth_path(data.map.grid, layer, cells, way);
      ASSERT_GE(way.size(), 1u);
      EXPECT_EQ(way.front(), e.start());
      EXPECT_EQ(way.back(), e.goal());
      double length = 0;
      for (std::size_t k = 1; k < way.size(); ++k) {
        ASSERT_TRUE(test::segment_clear_brute(data.map.grid, layer, way[k - 1], way[k]))
            << rel << " line " << e.line << " segment " << k;
        length += std::hypot(way[k].x - way[k - 1].x, way[k].y - way[k - 1].y);
      }
      EXPECT_LE(length, e.optimal_length + e.tolerance()) << rel << " line " << e.line;
      total_cells += cells.size();
      total_way += way.size();
    }
    EXPECT_LT(total_way * 4, total_cells) << rel;
  }
}

#undef LOAD_OR_SKIP  // not into the next file of a unity batch (tests/CMakeLists.txt)

}  // namespace
}  // namespace pathing
