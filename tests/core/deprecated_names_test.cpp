// The deprecated forms kept for one release still compile and mean what they meant: the old
// header paths (forwarding headers) and the old name `GreedyBfs` of `GreedyBestFirst`.
#ifndef PATHING_NO_DEPRECATED_HEADER_MESSAGE
#define PATHING_NO_DEPRECATED_HEADER_MESSAGE  // the forwarders' message would fail -Werror
#endif
#include <pathing/astar.hpp>
#include <pathing/greedy_bfs.hpp>
#include <pathing/jps_plus.hpp>
#include <pathing/subgoal_graph.hpp>

#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

TEST(DeprecatedNames, GreedyBfsIsGreedyBestFirst) {
  static_assert(std::is_same_v<pathing::GreedyBfs, pathing::GreedyBestFirst>);
  pathing::Grid grid(6, 4);
  grid.set_tile({2, 0}, 1);
  grid.set_tile({2, 1}, 1);
  grid.set_tile({2, 2}, 1);
  pathing::GreedyBfs old_name;
  pathing::GreedyBestFirst new_name;
  std::vector<pathing::GridCoord> a;
  std::vector<pathing::GridCoord> b;
  const pathing::GridLayer walk{1};
  const pathing::PathResult ra = old_name.find_path(grid, walk, {0, 0}, {5, 0}, a);
  const pathing::PathResult rb = new_name.find_path(grid, walk, {0, 0}, {5, 0}, b);
  ASSERT_EQ(ra.status, pathing::SearchStatus::found);
  EXPECT_EQ(ra.status, rb.status);
  EXPECT_EQ(ra.moves, rb.moves);
  EXPECT_EQ(a, b);
}

TEST(DeprecatedNames, OldHeaderPathsDeclareWhatTheyDid) {
  // <pathing/jps_plus.hpp> declared JpsPlusMap, JpsPlus and (through it) Jps;
  // <pathing/subgoal_graph.hpp> declared SubgoalGraph and SubgoalSearch.
  EXPECT_TRUE(std::is_default_constructible_v<pathing::JpsPlus>);
  EXPECT_TRUE(std::is_default_constructible_v<pathing::Jps>);
  EXPECT_TRUE(std::is_class_v<pathing::JpsPlusMap>);
  EXPECT_TRUE(std::is_default_constructible_v<pathing::SubgoalSearch>);
  EXPECT_TRUE(std::is_class_v<pathing::SubgoalGraph>);
}

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
