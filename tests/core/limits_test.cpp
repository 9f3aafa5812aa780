// Limits that never hang: on a huge map whose goal is walled in, the caps stop every search
// early; without caps a search does work proportional to the area reachable from the start
// (expansions == reachable cells), never to the grid's size.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "support/layers.hpp"
#include "support/reference.hpp"
#include "support/searches.hpp"

namespace pathing {
namespace {

using test::kWalk;

/// Blocks the 8 cells around `c`.
void wall_in(Grid& g, GridCoord c) {
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (dx != 0 || dy != 0) g.set_blocked({c.x + dx, c.y + dy}, true);
}

/// Blocks the border of the rectangle [x0, x1] x [y0, y1] (corners included).
void wall_rectangle(Grid& g, int x0, int y0, int x1, int y1) {
  for (int x = x0; x <= x1; ++x) {
    g.set_blocked({x, y0}, true);
    g.set_blocked({x, y1}, true);
  }
  for (int y = y0; y <= y1; ++y) {
    g.set_blocked({x0, y}, true);
    g.set_blocked({x1, y}, true);
  }
}

#ifdef NDEBUG
constexpr int kHuge = 4096;
#else
constexpr int kHuge = 1024;   // Debug + sanitizers: the JPS maps of 4096^2 take seconds to build
#endif
const GridCoord kStart{10, 10};
const GridCoord kGoal{kHuge - 96, kHuge - 96};

const Grid& huge_map() {
  static const Grid g = [] {
    Grid m(kHuge, kHuge);
    wall_in(m, kGoal);
    return m;
  }();
  return g;
}

TEST(Limits, MaxExpansionsStopsEverySearchOnAHugeMapWithAWalledInGoal) {
  const Grid& g = huge_map();
  for (const test::UnboundedSearch& s : test::unbounded_searches()) {
    for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      if (!s.takes(kWalk, conn)) continue;
      SCOPED_TRACE(s.name + (conn == Connectivity::four ? " 4" : " 8"));
      SearchLimits limits;
      limits.max_expansions = 20000;
      std::vector<GridCoord> out;
      const PathResult r = s.find_path(g, kWalk, kStart, kGoal, out, {conn, limits});
      if (!s.expands_cells) {  // jump point searches may exhaust the open map within the cap
        EXPECT_LE(r.stats.expanded, 20000u);
        EXPECT_NE(r.status, SearchStatus::found);
        continue;
      }
      EXPECT_EQ(r.status, SearchStatus::expansion_limit);
      EXPECT_EQ(r.stats.expanded, 20000u);
      EXPECT_EQ(test::validate_path(g, kWalk, conn, kStart, out), "");
      EXPECT_EQ(out.back(), r.finish);
      // Heading for the goal: the partial path gets closer to it.
      EXPECT_LT(manhattan_distance(r.finish, kGoal), manhattan_distance(kStart, kGoal));
    }
  }
}

TEST(Limits, MaxCostBoundsTheSearchedAreaOnAHugeMap) {
  const Grid& g = huge_map();
  constexpr double kMaxCost = 40;
  for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
    // On an open map g = the connectivity's distance: the search closes exactly the cells
    // within max_cost of the start.
    std::uint64_t within = 0;
    for (int y = 0; y <= kStart.y + 41; ++y)
      for (int x = 0; x <= kStart.x + 41; ++x)
        within += distance_fixed(conn, kStart, {x, y}) <=
                  static_cast<std::uint64_t>(kMaxCost) * cost::kStraight;
    for (const test::UnboundedSearch& s : test::unbounded_searches()) {
      if (!s.honours_max_cost || !s.takes(kWalk, conn)) continue;
      SCOPED_TRACE(s.name + (conn == Connectivity::four ? " 4" : " 8"));
      SearchLimits limits;
      limits.max_cost = kMaxCost;
      std::vector<GridCoord> out;
      const PathResult r = s.find_path(g, kWalk, kStart, kGoal, out, {conn, limits});
      EXPECT_EQ(r.status, SearchStatus::cost_limit);
      if (s.bound == test::kOptimal && s.expands_cells) {
        EXPECT_EQ(r.stats.expanded, within);
      } else {
        // A weighted search may close cells too dear; a jump point search expands fewer nodes.
        EXPECT_LE(r.stats.expanded, within);
      }
      EXPECT_LE(r.cost, kMaxCost);
    }
  }
}

TEST(Limits, BoundedSearchesOnAHugeMapStayInTheirWindow) {
  const Grid& g = huge_map();
  for (const test::BoundedSearch& s : test::bounded_searches()) {
    const BoundedResult r = s.build_path(g, kWalk, kStart, kGoal);
    EXPECT_EQ(r.status, SearchStatus::too_far) << s.name;
    EXPECT_EQ(r.path.len(), GridPath::kMaxSteps) << s.name;
    EXPECT_LE(r.stats.expanded, 115u * 115u) << s.name;
    // Next to the walled-in goal: every cell within 56 steps is searched, none further.
    const BoundedResult near = s.build_path(g, kWalk, {3990, 3990}, kGoal);
    EXPECT_NE(near.status, SearchStatus::found) << s.name;
    EXPECT_LE(near.stats.expanded, 2u * 57 * 58 + 1) << s.name;
  }
}

TEST(Limits, WithoutCapsTheWorkIsTheReachableAreaNotTheGridSize) {
  // The start is shut in a 200 x 150 room of the huge map; the goal is outside.
  Grid g(kHuge, kHuge);
  wall_rectangle(g, 99, 99, 300, 250);
  const std::uint64_t room = 200u * 150u;
  for (const test::UnboundedSearch& s : test::unbounded_searches()) {
    for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      if (!s.takes(kWalk, conn)) continue;
      SCOPED_TRACE(s.name + (conn == Connectivity::four ? " 4" : " 8"));
      std::vector<GridCoord> out;
      const PathResult r = s.find_path(g, kWalk, {150, 120}, kGoal, out, {conn});
      EXPECT_EQ(r.status, SearchStatus::unreachable);
      if (!s.expands_cells) {  // jump point searches: fewer expansions, never more
        EXPECT_LE(r.stats.expanded, room);
        continue;
      }
      EXPECT_EQ(r.stats.expanded, room);
      EXPECT_EQ(r.finish, (GridCoord{300 - 1, 250 - 1}));  // the room's cell closest to the goal
    }
  }
}

TEST(Limits, AnUncappedFloodExpandsEveryReachableCellOnce) {
#ifdef NDEBUG
  constexpr int kSide = 2048;
#else
  constexpr int kSide = 256;  // Debug + sanitizers are ~10x slower; Release floods 4M cells
#endif
  Grid g(kSide, kSide);
  const GridCoord goal{kSide - 20, kSide - 30};
  wall_in(g, goal);
  const std::uint64_t reachable = static_cast<std::uint64_t>(kSide) * kSide - 9;
  for (const test::UnboundedSearch& s : test::unbounded_searches()) {
    for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      if (!s.takes(kWalk, conn)) continue;
      SCOPED_TRACE(s.name + (conn == Connectivity::four ? " 4" : " 8"));
      std::vector<GridCoord> out;
      const PathResult r = s.find_path(g, kWalk, {0, 0}, goal, out, {conn});
      EXPECT_EQ(r.status, SearchStatus::unreachable);
      if (!s.expands_cells) {
        EXPECT_LE(r.stats.expanded, reachable);
        continue;
      }
      EXPECT_EQ(r.stats.expanded, reachable);
      // The closest reachable cells are two cells straight from the goal, beyond its wall.
      EXPECT_EQ(distance_fixed(conn, r.finish, goal), 2 * cost::kStraight);
    }
  }
}

}  // namespace
}  // namespace pathing
