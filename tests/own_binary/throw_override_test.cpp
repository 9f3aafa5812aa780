// PATHING_THROW overridden by the user (as {fmt}'s FMT_THROW can be): the library's errors go
// through the user's definition. A binary of its own: the override must be the same in every
// translation unit of a program.
#include <stdexcept>
#include <string>
#include <vector>

namespace {
int g_calls = 0;
std::string g_last;
}  // namespace

// Records the error and returns: the caller then continues into its documented fallback.
#define PATHING_THROW(x) (++g_calls, g_last = (x).what())

#include <pathing/map/world.hpp>
#include <pathing/search/astar.hpp>

#include <gtest/gtest.h>

TEST(ThrowOverride, ErrorsGoThroughTheUsersDefinition) {
  g_calls = 0;
  pathing::AStar astar;
  astar.reserve(-1, 4);  // would throw std::invalid_argument by default
  EXPECT_EQ(g_calls, 1);
  EXPECT_EQ(g_last, "pathing::AStar::reserve: cols = -1 is outside [0, 32768]");
  // The fallback: nothing reserved, and the searcher still answers queries.
  pathing::Grid grid(3, 1);
  std::vector<pathing::GridCoord> out;
  const pathing::PathResult r = astar.find_path(grid, pathing::GridLayer{1}, {0, 0}, {2, 0}, out);
  EXPECT_EQ(r.status, pathing::SearchStatus::found);
  EXPECT_EQ(r.moves, 2u);
  EXPECT_EQ(g_calls, 1);
}

TEST(ThrowOverride, ConstructorsUseItToo) {
  g_calls = 0;
  const pathing::WorldMapping mapping(0.0, 32.0);  // cell width 0 is refused
  EXPECT_EQ(g_calls, 1);
  EXPECT_EQ(g_last, "pathing::WorldMapping: cell_width = 0 must be finite and > 0");
  EXPECT_EQ(mapping.to_cell({40.0, 40.0}), (pathing::GridCoord{1, 1}));  // the 32 x 32 fallback
}
