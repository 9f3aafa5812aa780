#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "pathing/agent/chain.hpp"
#include "pathing/agent/path_convert.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "support/alloc_counter.hpp"
#include "support/graph_test_maps.hpp"

namespace pathing {
namespace {

static_assert(BoundedSearcher<AStar> && BoundedSearcher<GreedyBestFirst>);
static_assert(!BoundedSearcher<int>);

/// The sum of the layer costs of the cells entered along `cells` (the A* segments' cost).
std::int64_t layer_cost(const Grid& grid, const GridLayer& layer,
                        const std::vector<GridCoord>& cells) {
  std::int64_t sum = 0;
  for (std::size_t i = 1; i < cells.size(); ++i) sum += layer.cost_at(grid, cells[i]);
  return sum;
}

template <class Searcher>
void expect_chains_reach_goal(std::uint64_t seed, bool weighted_layer) {
  test::SplitMix64 rng(seed);
  Searcher searcher;
  AStar reference;
  std::vector<GridPath> segments;
  std::vector<GridCoord> cells;
  std::vector<GridCoord> optimal;
  int long_routes = 0;
  for (int m = 0; m < 4; ++m) {
    const Grid grid = test::random_grid(rng, 160, 120, 15 + 5 * m, weighted_layer ? 4 : 1);
    const GridLayer layer = weighted_layer ? test::random_layer(rng, 5) : GridLayer{};
    for (int q = 0; q < 12; ++q) {
      const GridCoord a = test::random_free_cell(rng, grid, layer);
      const GridCoord b = test::random_free_cell(rng, grid, layer);
      const PathResult best = reference.find_path(grid, layer, a, b, optimal, {Connectivity::four});
      if (!best.found()) continue;
      segments.assign(1, GridPath{Direction::up});  // chain_paths appends after what is there
      const ChainResult r = chain_paths(searcher, grid, layer, a, b, segments);
      ASSERT_EQ(r.status, ChainStatus::reached)
          << "map " << m << " query " << q << ": " << to_string(r.status) << " / "
          << to_string(r.last_search);
      EXPECT_EQ(r.last_search, SearchStatus::found);
      EXPECT_EQ(r.finish, b);
      ASSERT_EQ(segments.size(), r.segments + 1u);
      EXPECT_EQ(segments.front(), GridPath{Direction::up});
      chain_to_cells(a, std::span<const GridPath>(segments).subspan(1), cells);
      ASSERT_EQ(test::path_fault(grid, layer, cells, a, b, false), "") << m << " " << q;
      EXPECT_EQ(cells.size(), r.moves + 1u);
      if (!weighted_layer) {  // with costs, a cheaper route may take more steps
        EXPECT_GE(r.moves, best.moves);
      }
      for (std::size_t i = 1; i < segments.size(); ++i) EXPECT_GT(segments[i].len(), 0);
      if (r.segments > 1) ++long_routes;
      if constexpr (std::is_same_v<Searcher, AStar>) {
        EXPECT_EQ(r.cost, layer_cost(grid, layer, cells));
        EXPECT_GE(static_cast<double>(r.cost), best.cost);
      } else {
        EXPECT_EQ(r.cost, static_cast<std::int64_t>(r.moves));
      }
    }
  }
  EXPECT_GT(long_routes, 20);
}

TEST(ChainPaths, AStarChainsReachTheGoalOnRandomMaps) {
  expect_chains_reach_goal<AStar>(91, false);
  expect_chains_reach_goal<AStar>(92, true);
}
TEST(ChainPaths, GreedyChainsReachTheGoalOnRandomMaps) {
  expect_chains_reach_goal<GreedyBestFirst>(93, false);
}

TEST(ChainPaths, BoundedAStarDoesNotTakeAFarGoalForAWindowCell) {
  // Regression: the window index of a goal 119 cells to the right aliases the window cell 4 right
  // and 1 down of the start. A short wall makes A* detour through that cell, which it then
  // reported as the goal (status found, finish = goal after 5 steps): chains jumped across the map.
  Grid grid(400, 150);
  for (int y = 70; y <= 72; ++y) grid.set_blocked({203, y}, true);
  const GridLayer layer;
  AStar astar;
  const GridCoord from{200, 72};
  const GridCoord to{319, 72};
  const BoundedResult r = astar.build_path(grid, layer, from, to);
  EXPECT_EQ(r.status, SearchStatus::too_far);
  EXPECT_NE(r.finish, to);
  EXPECT_EQ(r.path.end_from(from), r.finish);
  EXPECT_LT(manhattan_distance(r.finish, to), 119);
  std::vector<GridPath> segments;
  const ChainResult c = chain_paths(astar, grid, layer, from, to, segments);
  EXPECT_EQ(c.status, ChainStatus::reached);
  std::vector<GridCoord> cells;
  chain_to_cells(from, segments, cells);
  EXPECT_EQ(test::path_fault(grid, layer, cells, from, to, false), "");
  EXPECT_EQ(c.moves, 121u);  // the optimum: one step down round the wall, one back up
}

TEST(ChainPaths, DeadEndWiderThanTheWindowStopsWithNoProgress) {
  // A wall at x = 150 from y = 0 to y = 98; the only way round is the gap at y = 99. The first
  // segment walks straight to the wall (49 steps); from there every cell closer to the goal is
  // more than 56 steps away.
  Grid grid(300, 100);
  for (int y = 0; y < 99; ++y) grid.set_blocked({150, y}, true);
  const GridLayer layer;
  AStar astar;
  std::vector<GridCoord> cells;
  ASSERT_TRUE(astar.find_path(grid, layer, {100, 50}, {200, 50}, cells).found());
  std::vector<GridPath> segments;
  const ChainResult r = chain_paths(astar, grid, layer, {100, 50}, {200, 50}, segments);
  EXPECT_EQ(r.status, ChainStatus::no_progress);
  EXPECT_EQ(r.last_search, SearchStatus::too_far);
  EXPECT_EQ(r.finish, (GridCoord{149, 50}));
  EXPECT_EQ(r.segments, 1u);
  EXPECT_EQ(r.moves, 49u);
  EXPECT_EQ(r.cost, 49);
  ASSERT_EQ(segments.size(), 1u);
  EXPECT_EQ(segments[0].end_from({100, 50}), (GridCoord{149, 50}));

  // A goal sealed off: the chain stops where it can get no closer; the search says unreachable.
  Grid sealed(40, 40);
  for (int i = 0; i < 40; ++i) sealed.set_blocked({20, i}, true);
  segments.clear();
  const ChainResult s = chain_paths(astar, sealed, layer, {5, 5}, {30, 5}, segments);
  EXPECT_EQ(s.status, ChainStatus::no_progress);
  EXPECT_EQ(s.last_search, SearchStatus::unreachable);
  EXPECT_EQ(s.finish, (GridCoord{19, 5}));
}

TEST(ChainPaths, SegmentLimitAndContinuation) {
  const Grid grid(300, 10);
  const GridLayer layer;
  GreedyBestFirst greedy;
  std::vector<GridPath> segments;
  const ChainResult r = chain_paths(greedy, grid, layer, {0, 0}, {250, 9}, segments, 2);
  EXPECT_EQ(r.status, ChainStatus::segment_limit);
  EXPECT_EQ(r.segments, 2u);
  EXPECT_EQ(r.moves, 112u);  // two full 56-step segments
  EXPECT_EQ(manhattan_distance(r.finish, {250, 9}), 259 - 112);
  // Calling again from the finish continues the same buffer to the goal.
  const ChainResult more = chain_paths(greedy, grid, layer, r.finish, {250, 9}, segments);
  EXPECT_EQ(more.status, ChainStatus::reached);
  EXPECT_EQ(r.moves + more.moves, 259u);
  EXPECT_EQ(segments.size(), r.segments + more.segments);
  std::vector<GridCoord> cells;
  chain_to_cells({0, 0}, segments, cells);
  EXPECT_EQ(test::path_fault(grid, layer, cells, {0, 0}, {250, 9}, false), "");
}

TEST(ChainPaths, InvalidStartAndTrivialRoute) {
  const Grid grid(10, 10);
  AStar astar;
  std::vector<GridPath> segments{GridPath{Direction::left}};
  const ChainResult bad = chain_paths(astar, grid, GridLayer{}, {-1, 0}, {5, 5}, segments);
  EXPECT_EQ(bad.status, ChainStatus::invalid_endpoint);
  EXPECT_EQ(bad.last_search, SearchStatus::invalid_endpoint);
  EXPECT_EQ(segments, (std::vector<GridPath>{GridPath{Direction::left}}));
  const ChainResult same = chain_paths(astar, grid, GridLayer{}, {3, 3}, {3, 3}, segments);
  EXPECT_EQ(same.status, ChainStatus::reached);
  EXPECT_EQ(same.segments, 0u);
  EXPECT_EQ(segments.size(), 1u);
}

TEST(ChainPaths, WarmChainsAllocateNothing) {
  test::SplitMix64 rng(95);
  const Grid grid = test::random_grid(rng, 200, 200, 20);
  const GridLayer layer;
  AStar astar;
  std::vector<GridPath> segments;
  segments.reserve(64);
  const GridCoord a = test::random_free_cell(rng, grid, layer);
  const GridCoord b = test::random_free_cell(rng, grid, layer);
  const ChainResult first = chain_paths(astar, grid, layer, a, b, segments);
  const test::AllocationScope scope;
  for (int i = 0; i < 5; ++i) {
    segments.clear();
    const ChainResult again = chain_paths(astar, grid, layer, a, b, segments);
    EXPECT_EQ(again.moves, first.moves);
  }
  EXPECT_EQ(scope.count(), 0u);
}

}  // namespace
}  // namespace pathing
