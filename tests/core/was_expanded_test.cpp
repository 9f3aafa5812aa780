// was_expanded: the cells an unbounded query expanded, read back after the query.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"

namespace pathing {
namespace {

template <class Searcher>
std::uint64_t count_expanded(const Searcher& s, const Grid& g) {
  std::uint64_t n = 0;
  for (int y = 0; y < g.rows(); ++y)
    for (int x = 0; x < g.cols(); ++x) n += s.was_expanded({x, y});
  return n;
}

template <class Searcher>
void check_searcher() {
  Searcher s;
  std::vector<GridCoord> path;
  Grid corridor(6, 1);
  EXPECT_FALSE(s.was_expanded({0, 0}));  // no query yet
  PathResult r = s.find_path(corridor, GridLayer(), {0, 0}, {4, 0}, path, {Connectivity::four});
  ASSERT_TRUE(r.found());
  // Expanded: the start and every cell before the goal; the goal and the cell past it are not.
  EXPECT_TRUE(s.was_expanded({0, 0}));
  EXPECT_TRUE(s.was_expanded({3, 0}));
  EXPECT_FALSE(s.was_expanded({4, 0}));
  EXPECT_FALSE(s.was_expanded({5, 0}));
  EXPECT_FALSE(s.was_expanded({-1, 0}));
  EXPECT_FALSE(s.was_expanded({0, 1}));
  EXPECT_EQ(r.stats.expanded, 4u);
  EXPECT_EQ(count_expanded(s, corridor), 4u);

  // On a map with walls the marked cells are exactly stats.expanded, 4- and 8-connected, and a
  // bounded query in between changes nothing.
  Grid g(20, 15);
  for (int y = 0; y < 12; ++y) g.set_blocked({7, y}, true);
  for (int y = 3; y < 15; ++y) g.set_blocked({13, y}, true);
  for (Connectivity c : {Connectivity::four, Connectivity::eight}) {
    r = s.find_path(g, GridLayer(), {1, 1}, {18, 13}, path, {c});
    ASSERT_TRUE(r.found());
    EXPECT_EQ(count_expanded(s, g), r.stats.expanded);
    EXPECT_TRUE(s.was_expanded({1, 1}));
    EXPECT_FALSE(s.was_expanded({7, 0}));  // a wall
    (void)s.build_path(g, GridLayer(), {0, 0}, {3, 3});
    EXPECT_EQ(count_expanded(s, g), r.stats.expanded);
  }
  // Unreachable goal: everything reachable was expanded.
  Grid walled(5, 5);
  for (int y = 0; y < 5; ++y) walled.set_blocked({2, y}, true);
  r = s.find_path(walled, GridLayer(), {0, 0}, {4, 4}, path, {Connectivity::eight});
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  EXPECT_EQ(count_expanded(s, walled), 10u);
  // invalid_endpoint forgets the previous query.
  r = s.find_path(walled, GridLayer(), {0, 0}, {9, 9}, path, {Connectivity::eight});
  EXPECT_EQ(r.status, SearchStatus::invalid_endpoint);
  EXPECT_EQ(count_expanded(s, walled), 0u);
}

TEST(WasExpanded, AStar) {
  check_searcher<AStar>();
}
TEST(WasExpanded, GreedyBestFirst) {
  check_searcher<GreedyBestFirst>();
}

}  // namespace
}  // namespace pathing
