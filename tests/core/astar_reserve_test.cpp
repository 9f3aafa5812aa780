// AStar(cols, rows) / reserve(): the first query on that grid allocates nothing, even one that
// floods the whole map (a large open list).
#include <gtest/gtest.h>

#include <vector>

#include "pathing/astar.hpp"
#include "support/alloc_counter.hpp"

namespace pathing {
namespace {

TEST(AStarReserve, FirstQueryAfterReserveDoesNotAllocate) {
  // 256 x 256 with scattered walls; the goal is walled in, so the search floods every reachable
  // cell and the open list grows to thousands of entries.
  Grid g(256, 256);
  std::uint32_t s = 12345;
  for (int y = 0; y < 256; ++y)
    for (int x = 0; x < 256; ++x) {
      s = s * 1103515245u + 12345u;
      if ((s >> 16) % 10 == 0) g.set_blocked({x, y}, true);
    }
  const GridCoord goal{200, 200};
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (dx != 0 || dy != 0) g.set_blocked({goal.x + dx, goal.y + dy}, true);
  g.set_blocked({0, 0}, false);
  g.set_blocked(goal, false);

  for (Connectivity conn : {Connectivity::eight, Connectivity::four}) {
    AStar astar(g.cols(), g.rows());
    std::vector<GridCoord> path;
    path.reserve(g.cell_count());
    PathResult r;
    {
      const test::AllocationScope scope;
      r = astar.find_path(g, {0, 0}, goal, GridLayer(), path, conn);
      EXPECT_EQ(scope.count(), 0u);
    }
    EXPECT_EQ(r.status, SearchStatus::unreachable);
    EXPECT_GT(r.stats.expanded, 50000u);
  }
}

}  // namespace
}  // namespace pathing
