// AStar(cols, rows) / GreedyBestFirst(cols, rows) / reserve(): the first queries on that grid
// allocate nothing, even one that floods the whole map (a large open list).
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "support/alloc_counter.hpp"
#include "support/reference.hpp"

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
      r = astar.find_path(g, GridLayer(), {0, 0}, goal, path, {conn});
      EXPECT_EQ(scope.count(), 0u);
    }
    EXPECT_EQ(r.status, SearchStatus::unreachable);
    EXPECT_GT(r.stats.expanded, 50000u);
  }
}

TEST(GreedyBfsReserve, QueriesOnAFreshBigMapAfterReserveDoNotAllocate) {
  // Before the bucket queue kept its entries in one pool, each of its 64 bucket vectors grew on
  // its own the first time a query filled it: hundreds of allocations over the first queries on
  // a new map (and the hot stack grew past its 256 entries on long dives).
  std::mt19937_64 rng(5);
  const Grid g = test::random_grid(rng, 512, 512, 0.3);
  std::vector<GridCoord> from;
  std::vector<GridCoord> to;
  while (from.size() < 200) {
    const GridCoord a{static_cast<int>(rng() % 512), static_cast<int>(rng() % 512)};
    const GridCoord b{static_cast<int>(rng() % 512), static_cast<int>(rng() % 512)};
    if (g.is_blocked(a) || g.is_blocked(b)) continue;
    from.push_back(a);
    to.push_back(b);
  }
  for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
    GreedyBestFirst bfs(g.cols(), g.rows());
    std::vector<GridCoord> path;
    path.reserve(g.cell_count());
    std::uint64_t expanded = 0;
    int found = 0;
    {
      const test::AllocationScope scope;
      for (std::size_t i = 0; i < from.size(); ++i) {
        const PathResult r = bfs.find_path(g, GridLayer(), from[i], to[i], path, {conn});
        expanded += r.stats.expanded;
        found += r.found() ? 1 : 0;
      }
      EXPECT_EQ(scope.count(), 0u) << (conn == Connectivity::four ? "four" : "eight");
    }
    EXPECT_GT(found, 100);
    EXPECT_GT(expanded, 100000u);
  }
}

}  // namespace
}  // namespace pathing
