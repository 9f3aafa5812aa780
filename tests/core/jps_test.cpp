// Jump point search: JpsMap bit scans, Jps (online) and JpsPlus (preprocessed). Exact results on
// hand-made maps, the same costs as 8-connected A* on thousands of random maps, valid full paths,
// incremental JPS+ updates equal to full rebuilds, zero allocations per warm query.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/detail/test_access.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/jump/jps_plus_expand.hpp"
#include "support/alloc_counter.hpp"
#include "support/layers.hpp"
#include "support/reference.hpp"
#include "support/throws.hpp"

namespace pathing {
namespace {

using test::kWalk;

/// A grid from rows of text: '#' blocked, anything else open (tag 0).
Grid from_art(const std::vector<std::string>& rows) {
  Grid g(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
  for (int y = 0; y < g.rows(); ++y) {
    for (int x = 0; x < g.cols(); ++x) {
      if (rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '#') {
        g.set_blocked({x, y}, true);
      }
    }
  }
  return g;
}

/// Empty when `pts` is a valid jump point chain for `cells`: starts and ends where the path does
/// and walking diagonal-first between consecutive points reproduces the path's cells.
std::string check_jump_points(const std::vector<GridCoord>& pts,
                              const std::vector<GridCoord>& cells) {
  if (pts.empty()) return "no jump points";
  if (!(pts.front() == cells.front())) return "jump points do not start at the start";
  std::size_t i = 0;
  for (std::size_t k = 1; k < pts.size(); ++k) {
    GridCoord c = pts[k - 1];
    const GridCoord t = pts[k];
    if (c == t) return "repeated jump point";
    while (!(c == t)) {
      const int sx = t.x > c.x ? 1 : (t.x < c.x ? -1 : 0);
      const int sy = t.y > c.y ? 1 : (t.y < c.y ? -1 : 0);
      // Diagonal first: move on both axes while both differ.
      c = GridCoord{c.x + sx, c.y + sy};
      ++i;
      if (i >= cells.size() || !(cells[i] == c)) {
        return "segment " + std::to_string(k) + " leaves the path at cell " + std::to_string(i);
      }
    }
  }
  if (i + 1 != cells.size()) return "jump points end before the path does";
  return {};
}

// --- Grid::instance_id ---------------------------------------------------------------------

TEST(GridInstanceId, RenewedByCopyMoveAndAssignmentNotBySetters) {
  Grid a(4, 4);
  const std::uint64_t id = a.instance_id();
  EXPECT_NE(id, 0u);
  a.set_blocked({1, 1}, true);
  EXPECT_EQ(a.instance_id(), id);
  const Grid b = a;
  EXPECT_NE(b.instance_id(), id);
  EXPECT_EQ(b, a);  // same contents: ids are not part of equality
  Grid c(2, 2);
  const std::uint64_t cid = c.instance_id();
  c = a;
  EXPECT_NE(c.instance_id(), cid);
  EXPECT_NE(c.instance_id(), id);
  Grid d = std::move(c);
  EXPECT_NE(d.instance_id(), cid);
}

// --- JpsMap ----------------------------------------------------------------------------------

TEST(JpsMap, BitsFollowTheLayerAndThePaddingIsBlocked) {
  Grid g(70, 3);  // wider than one word
  for (int x = 0; x < 70; ++x) g.set_tile({x, 1}, static_cast<std::uint8_t>(x % 4));
  g.set_blocked({5, 0}, true);
  g.set_blocked({69, 2}, true);
  const GridLayer layer{1, 5, 0, 2};  // tag 2 impassable, blocked cells impassable
  const JpsMap m(g, layer);
  EXPECT_EQ(m.cols(), 70);
  EXPECT_EQ(m.rows(), 3);
  for (int y = 0; y < 3; ++y) {
    for (int x = 0; x < 70; ++x) {
      EXPECT_EQ(m.passable(x, y), layer.cost_at(g, {x, y}) != 0) << x << "," << y;
    }
  }
  for (int y = -1; y <= 3; ++y) {
    EXPECT_FALSE(m.passable(-1, y));
    EXPECT_FALSE(m.passable(-128, y));
    EXPECT_FALSE(m.passable(70, y));
    EXPECT_FALSE(m.passable(70 + 127, y));
  }
  for (int x = 0; x < 70; ++x) {
    EXPECT_FALSE(m.passable(x, -1));
    EXPECT_FALSE(m.passable(x, 3));
  }
  // Blocked cells follow the layer's blocked cost too.
  const JpsMap ghosts(g, GridLayer{1, 1, 1, 1}.with_blocked_cost(3));
  EXPECT_TRUE(ghosts.passable(5, 0));
  EXPECT_TRUE(ghosts.passable(69, 2));
}

TEST(JpsMap, HorizontalScansStopAtForcedNeighboursWallsAndTheGoal) {
  Grid g(200, 3);
  const JpsMap open(g, kWalk);
  const GridCoord far{1000, 1000};
  EXPECT_EQ(open.jump_east(0, 1, far), JpsMap::kNoJump);  // runs into the edge
  EXPECT_EQ(open.jump_west(199, 1, far), JpsMap::kNoJump);
  EXPECT_EQ(open.jump_east(0, 1, GridCoord{170, 1}), 170);  // the goal, three blocks away
  EXPECT_EQ(open.jump_west(199, 1, GridCoord{3, 1}), 3);
  EXPECT_EQ(open.jump_east(0, 1, GridCoord{170, 2}), JpsMap::kNoJump);  // goal on another row
  EXPECT_EQ(open.jump_east(5, 1, GridCoord{5, 1}), JpsMap::kNoJump);    // the start is not tested
  EXPECT_EQ(open.jump_east(0, 1, GridCoord{63, 1}), 63);                // block boundaries
  EXPECT_EQ(open.jump_east(0, 1, GridCoord{64, 1}), 64);
  EXPECT_EQ(open.jump_west(127, 1, GridCoord{64, 1}), 64);
  EXPECT_EQ(open.jump_west(127, 1, GridCoord{63, 1}), 63);
  EXPECT_EQ(open.jump_east(-1, 1, GridCoord{0, 1}), 0);
  EXPECT_EQ(open.jump_west(200, 1, GridCoord{199, 1}), 199);

  // A blocked cell above (149, 1): moving east, (150, 1) has a forced neighbour (150, 0);
  // moving west, (148, 1) has one at (148, 0).
  g.set_blocked({149, 0}, true);
  const JpsMap m(g, kWalk);
  EXPECT_EQ(m.jump_east(0, 1, far), 150);
  EXPECT_EQ(m.jump_east(149, 1, far), 150);
  EXPECT_EQ(m.jump_east(150, 1, far), JpsMap::kNoJump);
  EXPECT_EQ(m.jump_west(199, 1, far), 148);
  EXPECT_EQ(m.jump_west(148, 1, far), JpsMap::kNoJump);
  EXPECT_EQ(m.jump_east(0, 1, GridCoord{120, 1}), 120);  // the goal comes first
  // Same rule on the row below, and on the row of the blocked cell itself (row 0 has row -1,
  // the padding, above: no forced neighbours from there).
  EXPECT_EQ(m.jump_east(0, 0, far), JpsMap::kNoJump);  // (149, 0) blocks the way
  EXPECT_EQ(m.jump_east(149, 0, far), JpsMap::kNoJump);
  g.set_blocked({40, 2}, true);
  const JpsMap m2(g, kWalk);
  EXPECT_EQ(m2.jump_east(0, 1, far), 41);
  EXPECT_EQ(m2.jump_west(199, 1, far), 148);
  EXPECT_EQ(m2.jump_west(147, 1, far), 39);
  // A wall on the row itself stops the scan before the forced neighbour.
  g.set_blocked({100, 1}, true);
  const JpsMap m3(g, kWalk);
  EXPECT_EQ(m3.jump_east(41, 1, far), JpsMap::kNoJump);
  EXPECT_EQ(m3.jump_east(41, 1, GridCoord{99, 1}), 99);
  EXPECT_EQ(m3.jump_east(41, 1, GridCoord{100, 1}), JpsMap::kNoJump);  // goal on the wall
}

TEST(JpsMap, VerticalScansUseTheTransposedBitmap) {
  Grid g(3, 200);
  g.set_blocked({0, 149}, true);
  const JpsMap m(g, kWalk);
  const GridCoord far{1000, 1000};
  EXPECT_EQ(m.jump_south(1, 0, far), 150);
  EXPECT_EQ(m.jump_north(1, 199, far), 148);
  EXPECT_EQ(m.jump_south(1, 0, GridCoord{1, 77}), 77);
  EXPECT_EQ(m.jump_north(1, 199, GridCoord{1, 170}), 170);
  EXPECT_EQ(m.jump_south(2, 0, far), JpsMap::kNoJump);  // column 2 sees nothing blocked
  g.set_blocked({1, 10}, true);
  const JpsMap m2(g, kWalk);
  EXPECT_EQ(m2.jump_south(1, 0, far), JpsMap::kNoJump);
  EXPECT_EQ(m2.jump_north(1, 199, far), 148);
  EXPECT_EQ(m2.jump_north(1, 148, far), JpsMap::kNoJump);
}

TEST(JpsMap, SyncRebuildsOnlyWhenTheGridOrLayerChanged) {
  Grid g(10, 10);
  JpsMap m;
  EXPECT_FALSE(m.is_current(g, kWalk));
  EXPECT_EQ(m.sync(g, kWalk), MapSync::rebuilt);
  EXPECT_EQ(m.sync(g, kWalk), MapSync::current);
  EXPECT_EQ(m.grid_id(), g.instance_id());
  g.set_blocked({3, 3}, true);
  EXPECT_FALSE(m.is_current(g, kWalk));
  EXPECT_EQ(m.sync(g, kWalk), MapSync::updated);  // from the grid's edit log
  EXPECT_FALSE(m.passable(3, 3));
  EXPECT_TRUE(m == JpsMap(g, kWalk));
  EXPECT_FALSE(m.is_current(g, GridLayer{1, 1}));
  const Grid copy = g;  // same contents, another object
  EXPECT_FALSE(m.is_current(copy, kWalk));
  EXPECT_EQ(m.sync(copy, kWalk), MapSync::rebuilt);
}

TEST(JpsMap, UpdateCellsEqualsARebuildAndRejectsBadInput) {
  std::mt19937_64 rng(11);
  Grid g = test::random_grid(rng, 130, 70, 0.3);
  JpsMap m(g, kWalk);
  std::vector<GridCoord> changed;
  for (int i = 0; i < 50; ++i) {
    const GridCoord c{static_cast<int>(rng() % 130), static_cast<int>(rng() % 70)};
    g.set_blocked(c, !g.is_blocked(c));
    changed.push_back(c);
  }
  EXPECT_FALSE(m.is_current(g, kWalk));
  m.update_cells(g, changed);
  EXPECT_TRUE(m.is_current(g, kWalk));
  EXPECT_TRUE(m == JpsMap(g, kWalk));

  const JpsMap before = m;
  const std::vector<GridCoord> outside{{1, 1}, {130, 5}};
  const Grid other = g;
  JpsMap empty;
#if PATHING_HAS_EXCEPTIONS
  try {
    m.update_cells(g, outside);
    ADD_FAILURE() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("(130, 5)"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(m == before);
  PATHING_EXPECT_THROW(m.update_cells(other, changed), std::invalid_argument);
  EXPECT_TRUE(m == before);
  PATHING_EXPECT_THROW(empty.update_cells(g, changed), std::invalid_argument);
#else
  m.update_cells(g, outside);  // refused: nothing changes
  EXPECT_TRUE(m == before);
  m.update_cells(other, changed);
  EXPECT_TRUE(m == before);
  empty.update_cells(g, changed);
  EXPECT_TRUE(empty == JpsMap());
#endif
}

// --- Jps and JpsPlus on hand-made maps -------------------------------------------------------

// Both searchers through one interface, for tests that apply to both.
struct JpsCase {
  const char* name;
  bool plus;
};

class JumpSearch : public ::testing::TestWithParam<JpsCase> {
 protected:
  PathResult find(const Grid& g, GridCoord from, GridCoord to, std::vector<GridCoord>& out,
                  const GridLayer& layer = kWalk, const SearchLimits& limits = {}) {
    const SearchOptions options{Connectivity::eight, limits, 1.0};
    return GetParam().plus ? plus_.find_path(g, layer, from, to, out, options)
                           : jps_.find_path(g, layer, from, to, out, options);
  }
  void jump_points(std::vector<GridCoord>& out) const {
    if (GetParam().plus) {
      plus_.jump_points(out);
    } else {
      jps_.jump_points(out);
    }
  }
  Jps jps_;
  JpsPlus plus_;
};

INSTANTIATE_TEST_SUITE_P(Both, JumpSearch,
                         ::testing::Values(JpsCase{"Jps", false}, JpsCase{"JpsPlus", true}),
                         [](const ::testing::TestParamInfo<JpsCase>& param_info) {
                           return std::string(param_info.param.name);
                         });

TEST_P(JumpSearch, OpenMapIsOneDiagonalThenStraightSegment) {
  const Grid g(50, 50);
  std::vector<GridCoord> out;
  const PathResult r = find(g, {3, 13}, {37, 17}, out);
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.moves, 34u);
  ASSERT_EQ(out.size(), 35u);
  EXPECT_DOUBLE_EQ(r.cost, 30 + 4 * std::sqrt(2.0));
  EXPECT_EQ(r.cost, cost::exact_length(30, 4));
  EXPECT_EQ(out.front(), (GridCoord{3, 13}));
  EXPECT_EQ(out[4], (GridCoord{7, 17}));  // diagonal first
  EXPECT_EQ(out.back(), (GridCoord{37, 17}));
  EXPECT_EQ(r.finish, (GridCoord{37, 17}));
  // The start is the only node expanded; the goal is found by the east scan from (7, 17).
  EXPECT_EQ(r.stats.expanded, 1u);
  EXPECT_EQ(r.stats.generated, 2u);
  std::vector<GridCoord> pts;
  jump_points(pts);
  EXPECT_EQ(pts, (std::vector<GridCoord>{{3, 13}, {37, 17}}));
  EXPECT_EQ(test::validate_path(g, kWalk, Connectivity::eight, {3, 13}, out), "");
}

TEST_P(JumpSearch, ForcedNeighbourAtACornerIsAJumpPoint) {
  // S....      The east scan stops at (4, 0): (4, 1) is open while (3, 1) is blocked, a forced
  // ####.      neighbour. From there the south scan reaches the goal. No diagonal may cut the
  // ####.      corner at (3, 1).
  // ####G
  const Grid g = from_art({"S....", "####.", "####.", "####G"});
  std::vector<GridCoord> out;
  const PathResult r = find(g, {0, 0}, {4, 3}, out);
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.moves, 7u);
  EXPECT_EQ(r.cost, 7.0);
  EXPECT_EQ(r.cost, 7.0);
  EXPECT_EQ(out, (std::vector<GridCoord>{
                     {0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {4, 1}, {4, 2}, {4, 3}}));
  EXPECT_EQ(r.stats.expanded, 2u);
  EXPECT_EQ(r.stats.generated, 3u);
  std::vector<GridCoord> pts;
  jump_points(pts);
  EXPECT_EQ(pts, (std::vector<GridCoord>{{0, 0}, {4, 0}, {4, 3}}));
}

TEST_P(JumpSearch, AroundAWallTheCostMatchesAStar) {
  const Grid g = from_art({
      "..........",
      "..........",
      "....#.....",
      "....#.....",
      "....#.....",
      "....#.....",
      "....#.....",
      "..........",
  });
  std::vector<GridCoord> out;
  const PathResult r = find(g, {1, 3}, {8, 3}, out);
  ASSERT_TRUE(r.found());
  EXPECT_DOUBLE_EQ(r.cost, 3 + 4 * std::sqrt(2.0));  // over the top of the wall
  EXPECT_EQ(r.cost, cost::exact_length(3, 4));
  EXPECT_EQ(test::validate_path(g, kWalk, Connectivity::eight, {1, 3}, out), "");
  std::vector<GridCoord> pts;
  jump_points(pts);
  EXPECT_EQ(check_jump_points(pts, out), "");
}

TEST_P(JumpSearch, NoCornerCutting) {
  Grid g(2, 2);
  g.set_blocked({1, 0}, true);
  g.set_blocked({0, 1}, true);
  std::vector<GridCoord> out;
  const PathResult r = find(g, {0, 0}, {1, 1}, out);
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  EXPECT_EQ(out, (std::vector<GridCoord>{{0, 0}}));
  g.set_blocked({0, 1}, false);  // one wall is enough to forbid the diagonal: go around
  const PathResult r2 = find(g, {0, 0}, {1, 1}, out);
  ASSERT_TRUE(r2.found());
  EXPECT_EQ(out, (std::vector<GridCoord>{{0, 0}, {0, 1}, {1, 1}}));
  EXPECT_EQ(r2.cost, 2.0);
}

TEST_P(JumpSearch, SameStartAndGoal) {
  const Grid g(4, 4);
  std::vector<GridCoord> out{{9, 9}, {8, 8}};
  const PathResult r = find(g, {2, 2}, {2, 2}, out);
  EXPECT_TRUE(r.found());
  EXPECT_EQ(r.moves, 0u);
  EXPECT_EQ(r.cost, 0.0);
  EXPECT_EQ(r.cost, 0.0);
  EXPECT_EQ(out, (std::vector<GridCoord>{{2, 2}}));
  EXPECT_EQ(r.stats.expanded, 0u);
  EXPECT_EQ(r.stats.generated, 1u);
  // 1 x 1 grid.
  const Grid one(1, 1);
  EXPECT_TRUE(find(one, {0, 0}, {0, 0}, out).found());
  EXPECT_EQ(out, (std::vector<GridCoord>{{0, 0}}));
}

TEST_P(JumpSearch, InvalidEndpointsLeaveTheOutputUnchanged) {
  const Grid g(4, 4);
  const std::vector<GridCoord> before{{7, 7}};
  std::vector<GridCoord> out = before;
  for (const auto& [from, to] : std::vector<std::pair<GridCoord, GridCoord>>{
           {{-1, 0}, {1, 1}}, {{0, 0}, {4, 0}}, {{0, 4}, {0, 0}}, {{1, 1}, {1, -1}}}) {
    const PathResult r = find(g, from, to, out);
    EXPECT_EQ(r.status, SearchStatus::invalid_endpoint);
    EXPECT_EQ(r.finish, from);
    EXPECT_EQ(out, before);
  }
  std::vector<GridCoord> pts{{5, 5}};
  jump_points(pts);
  EXPECT_TRUE(pts.empty());
}

TEST_P(JumpSearch, BlockedGoalIsUnreachableWithAValidPartialPath) {
  Grid g(12, 9);
  g.set_blocked({9, 4}, true);
  std::vector<GridCoord> out;
  const PathResult r = find(g, {1, 4}, {9, 4}, out);
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  EXPECT_TRUE(r.partial());
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.back(), r.finish);
  EXPECT_EQ(test::validate_path(g, kWalk, Connectivity::eight, {1, 4}, out), "");
}

TEST_P(JumpSearch, WalledOffGoalIsUnreachable) {
  const Grid g = from_art({
      "......",
      "..###.",
      "..#.#.",
      "..###.",
      "......",
  });
  std::vector<GridCoord> out;
  const PathResult r = find(g, {0, 0}, {3, 2}, out);
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  EXPECT_EQ(out.back(), r.finish);
  EXPECT_EQ(test::validate_path(g, kWalk, Connectivity::eight, {0, 0}, out), "");
  // From inside, nothing is reachable either: the start is the only node.
  const PathResult r2 = find(g, {3, 2}, {0, 0}, out);
  EXPECT_EQ(r2.status, SearchStatus::unreachable);
  EXPECT_EQ(out, (std::vector<GridCoord>{{3, 2}}));
  EXPECT_EQ(r2.stats.expanded, 1u);
}

TEST_P(JumpSearch, ABlockedStartIsLeftLikeAStarDoes) {
  Grid g(20, 20);
  g.set_blocked({5, 5}, true);
  g.set_blocked({6, 5}, true);
  std::vector<GridCoord> out;
  std::vector<GridCoord> ref;
  AStar astar;
  const PathResult r = find(g, {5, 5}, {17, 12}, out);
  const PathResult a = astar.find_path(g, kWalk, {5, 5}, {17, 12}, ref);
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.cost, a.cost);
  EXPECT_EQ(test::validate_path(g, kWalk, Connectivity::eight, {5, 5}, out), "");
}

TEST_P(JumpSearch, LimitsStopTheSearch) {
  const Grid g = from_art({
      "..........",
      "..........",
      "....#.....",
      "....#.....",
      "....#.....",
      "..........",
  });
  std::vector<GridCoord> out;
  SearchLimits no_expansions;
  no_expansions.max_expansions = 0;
  const PathResult r = find(g, {1, 3}, {8, 3}, out, kWalk, no_expansions);
  EXPECT_EQ(r.status, SearchStatus::expansion_limit);
  EXPECT_EQ(r.stats.expanded, 0u);
  EXPECT_EQ(out, (std::vector<GridCoord>{{1, 3}}));

  SearchLimits short_reach;
  short_reach.max_cost = 4.0;  // the path costs 3 + 3 sqrt2
  const PathResult c = find(g, {1, 3}, {8, 3}, out, kWalk, short_reach);
  EXPECT_EQ(c.status, SearchStatus::cost_limit);
  EXPECT_LE(c.cost, 4.0);
  EXPECT_EQ(out.back(), c.finish);
  EXPECT_EQ(test::validate_path(g, kWalk, Connectivity::eight, {1, 3}, out), "");
}

TEST_P(JumpSearch, GenerationWrapAroundKeepsResults) {
  const Grid g = from_art({"S....", "####.", "####.", "####G"});
  std::vector<GridCoord> out;
  if (GetParam().plus) {
    detail::TestAccess::force_generation(plus_, detail::GenerationMap::kLastGeneration - 2);
  } else {
    detail::TestAccess::force_generation(jps_, detail::GenerationMap::kLastGeneration - 2);
  }
  for (int i = 0; i < 4; ++i) {
    const PathResult r = find(g, {0, 0}, {4, 3}, out);
    ASSERT_TRUE(r.found()) << i;
    EXPECT_EQ(r.cost, 7.0) << i;
    EXPECT_EQ(r.stats.expanded, 2u) << i;
  }
}

TEST_P(JumpSearch, TheGridOverloadFollowsGridChanges) {
  Grid g(30, 30);
  std::vector<GridCoord> out;
  const PathResult r = find(g, {0, 15}, {29, 15}, out);
  EXPECT_EQ(r.cost, 29.0);
  for (int y = 0; y < 29; ++y) g.set_blocked({15, y}, true);  // a wall with a gap at the bottom
  const PathResult r2 = find(g, {0, 15}, {29, 15}, out);
  AStar astar;
  std::vector<GridCoord> ref;
  const PathResult a = astar.find_path(g, kWalk, {0, 15}, {29, 15}, ref);
  ASSERT_TRUE(r2.found());
  EXPECT_EQ(r2.cost, a.cost);
  EXPECT_EQ(test::validate_path(g, kWalk, Connectivity::eight, {0, 15}, out), "");
  // Another grid object with the same version gets its own map too.
  Grid g2(30, 30);
  for (int y = 1; y < 30; ++y) g2.set_blocked({15, y}, true);  // same number of changes: gap on top
  ASSERT_EQ(g2.version(), g.version());
  const PathResult r3 = find(g2, {0, 15}, {29, 15}, out);
  const PathResult a3 = astar.find_path(g2, kWalk, {0, 15}, {29, 15}, ref);
  EXPECT_EQ(r3.cost, a3.cost);
  EXPECT_EQ(test::validate_path(g2, kWalk, Connectivity::eight, {0, 15}, out), "");
}

TEST_P(JumpSearch, NonUniformLayersAreUnsupportedUniformOnesScaleTheCost) {
  Grid g(16, 16);
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 16; ++x) {
      const int k = (x * 7 + y * 3) % 5;  // tag 2 (impassable) on a fifth of the cells
      g.set_tile({x, y}, static_cast<std::uint8_t>(k == 0 ? 2 : (k == 1 ? 1 : 0)));
    }
  }
  g.set_tile({0, 0}, 0);
  g.set_tile({15, 15}, 0);
  AStar astar;
  std::vector<GridCoord> out{{7, 7}};
  std::vector<GridCoord> ref;
  // Tag 1 costs 9: JPS cannot honour it (it used to treat it as cost 1).
  const PathResult w = find(g, {0, 0}, {15, 15}, out, GridLayer{1, 9, 0});
  EXPECT_EQ(w.status, SearchStatus::unsupported);
  EXPECT_EQ(w.finish, (GridCoord{0, 0}));
  EXPECT_EQ(out, (std::vector<GridCoord>{{7, 7}}));  // untouched
  // A blocked cost other than the tags' cost is non-uniform too.
  EXPECT_EQ(find(g, {0, 0}, {15, 15}, out, GridLayer{1, 1, 0}.with_blocked_cost(2)).status,
            SearchStatus::unsupported);
  // Nothing passable at all: unsupported as well.
  EXPECT_EQ(find(g, {0, 0}, {15, 15}, out, GridLayer::uniform(0)).status,
            SearchStatus::unsupported);
  // Every passable cell costs 3: optimal, with A*'s costs on that layer.
  const GridLayer three{3, 3, 0};
  const PathResult r = find(g, {0, 0}, {15, 15}, out, three);
  const PathResult a = astar.find_path(g, three, {0, 0}, {15, 15}, ref);
  ASSERT_TRUE(a.found());
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.cost, a.cost);
  EXPECT_EQ(r.cost, a.cost);
  EXPECT_EQ(test::validate_path(g, three, Connectivity::eight, {0, 0}, out), "");
  // max_cost is in the same units: just below the path's cost stops it.
  SearchLimits tight;
  tight.max_cost = a.cost - 0.5;
  EXPECT_EQ(find(g, {0, 0}, {15, 15}, out, three, tight).status, SearchStatus::cost_limit);
  tight.max_cost = a.cost + 1e-6;
  EXPECT_TRUE(find(g, {0, 0}, {15, 15}, out, three, tight).found());
}

TEST_P(JumpSearch, OptionsItCannotHonourAreRefused) {
  const Grid g(8, 8);
  std::vector<GridCoord> out{{1, 1}};
  auto run = [&](const SearchOptions& o) {
    return GetParam().plus ? plus_.find_path(g, kWalk, {0, 0}, {7, 7}, out, o)
                           : jps_.find_path(g, kWalk, {0, 0}, {7, 7}, out, o);
  };
  EXPECT_EQ(run(SearchOptions{Connectivity::four, {}, 1.0}).status, SearchStatus::unsupported);
  EXPECT_EQ(run(SearchOptions{Connectivity::eight, {}, 1.5}).status, SearchStatus::unsupported);
  EXPECT_EQ(run(SearchOptions{Connectivity::eight, {}, 0.5}).status,
            SearchStatus::invalid_argument);
  EXPECT_EQ(run(SearchOptions{Connectivity::eight, {}, std::nan("")}).status,
            SearchStatus::invalid_argument);
  EXPECT_EQ(out, (std::vector<GridCoord>{{1, 1}}));
  std::vector<GridCoord> pts;
  jump_points(pts);
  EXPECT_TRUE(pts.empty());
  EXPECT_EQ(run(SearchOptions{}).status, SearchStatus::found);
  EXPECT_EQ(out.size(), 8u);
}

TEST_P(JumpSearch, WarmQueriesAllocateNothing) {
  std::mt19937_64 rng(5);
  const Grid g = test::random_grid(rng, 120, 90, 0.25);
  std::vector<GridCoord> out;
  std::vector<GridCoord> pts;
  std::vector<std::pair<GridCoord, GridCoord>> queries;
  for (int i = 0; i < 40; ++i) {
    queries.push_back({{static_cast<int>(rng() % 120), static_cast<int>(rng() % 90)},
                       {static_cast<int>(rng() % 120), static_cast<int>(rng() % 90)}});
  }
  for (const auto& [s, t] : queries) {  // warm up: maps, workspace, open list, buffers
    (void)find(g, s, t, out);
    jump_points(pts);
  }
  out.reserve(120 * 90);
  pts.reserve(2 * 120 * 90);
  std::uint64_t expanded = 0;
  const test::AllocationScope scope;
  for (const auto& [s, t] : queries) {
    expanded += find(g, s, t, out).stats.expanded;
    jump_points(pts);
    // Turning points: the same search, into a buffer holding twice the cells.
    expanded += GetParam().plus ? plus_.find_turning_points(g, kWalk, s, t, pts).stats.expanded
                                : jps_.find_turning_points(g, kWalk, s, t, pts).stats.expanded;
  }
  EXPECT_EQ(scope.count(), 0u);
  EXPECT_GT(expanded, 100u);
}

// --- Random maps: the same costs as 8-connected A* -------------------------------------------

struct RandomStats {
  int queries = 0;
  int found = 0;
};

// The turning points of a cell path: the first cell, every cell where the step changes, the last.
std::vector<GridCoord> turning_points_of(const std::vector<GridCoord>& cells) {
  std::vector<GridCoord> pts;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i == 0 || i + 1 == cells.size() || cells[i] - cells[i - 1] != cells[i + 1] - cells[i]) {
      pts.push_back(cells[i]);
    }
  }
  return pts;
}

// Runs `queries` random queries (plus corner cases) on `g` with Jps (map and grid overloads),
// JpsPlus and AStar and checks statuses, costs, paths and jump points.
void compare_with_astar(const Grid& g, std::mt19937_64& rng, int queries, RandomStats& stats,
                        const std::string& where) {
  static AStar astar;
  static Jps jps;
  static JpsPlus plus;
  const JpsMap map(g, kWalk);
  const JpsPlusMap table(g, kWalk);
  std::vector<GridCoord> ref;
  std::vector<GridCoord> a_out;
  std::vector<GridCoord> b_out;
  std::vector<GridCoord> pts;
  const int w = g.cols();
  const int h = g.rows();
  for (int q = 0; q < queries; ++q) {
    GridCoord s{static_cast<int>(rng() % static_cast<unsigned>(w)),
                static_cast<int>(rng() % static_cast<unsigned>(h))};
    GridCoord t{static_cast<int>(rng() % static_cast<unsigned>(w)),
                static_cast<int>(rng() % static_cast<unsigned>(h))};
    if (q == 0) t = s;  // start == goal
    SCOPED_TRACE(where + " query " + std::to_string(q) + ": (" + std::to_string(s.x) + "," +
                 std::to_string(s.y) + ") -> (" + std::to_string(t.x) + "," + std::to_string(t.y) +
                 ")");
    const PathResult a = astar.find_path(g, kWalk, s, t, ref, {Connectivity::eight});
    const PathResult j = jps.find_path(g, map, s, t, a_out);
    const PathResult p = plus.find_path(g, table, s, t, b_out);
    ++stats.queries;
    stats.found += a.found();
    for (const auto* rp : {&j, &p}) {
      const PathResult& r = *rp;
      const std::vector<GridCoord>& out = rp == &j ? a_out : b_out;
      const char* who = rp == &j ? "Jps" : "JpsPlus";
      ASSERT_EQ(r.status, a.status) << who;
      ASSERT_EQ(test::validate_path(g, kWalk, Connectivity::eight, s, out), "") << who;
      ASSERT_EQ(out.back(), r.finish) << who;
      ASSERT_EQ(r.moves + 1, out.size()) << who;
      if (a.found()) {
        ASSERT_EQ(r.finish, t) << who;
        ASSERT_EQ(r.cost, a.cost) << who;
        ASSERT_EQ(r.cost, a.cost) << who;
      }
      if (rp == &j) {
        jps.jump_points(pts);
      } else {
        plus.jump_points(pts);
      }
      ASSERT_EQ(check_jump_points(pts, out), "") << who;
      // find_turning_points: the same search, only the turning points of the same path.
      std::vector<GridCoord> turns{GridCoord{-5, -5}};  // stale content is replaced
      const PathResult t2 = rp == &j ? jps.find_turning_points(g, map, s, t, turns)
                                     : plus.find_turning_points(g, table, s, t, turns);
      ASSERT_EQ(t2.status, r.status) << who;
      ASSERT_EQ(t2.finish, r.finish) << who;
      ASSERT_EQ(t2.cost, r.cost) << who;
      ASSERT_EQ(t2.moves, r.moves) << who;
      ASSERT_EQ(t2.stats.expanded, r.stats.expanded) << who;
      ASSERT_EQ(t2.stats.generated, r.stats.generated) << who;
      ASSERT_EQ(turns, turning_points_of(out)) << who;
    }
    if (q == 1) {  // the grid overload gives the same answer as the map overload
      std::vector<GridCoord> again;
      const PathResult j2 = jps.find_path(g, kWalk, s, t, again);
      ASSERT_EQ(j2.cost, j.cost);
      ASSERT_EQ(again, a_out);
      const PathResult t2 = jps.find_turning_points(g, kWalk, s, t, again);
      ASSERT_EQ(t2.cost, j.cost);
      ASSERT_EQ(again, turning_points_of(a_out));
      const PathResult t3 = plus.find_turning_points(g, kWalk, s, t, again);
      ASSERT_EQ(t3.cost, p.cost);
      ASSERT_EQ(again, turning_points_of(b_out));
    }
  }
}

TEST(JpsRandom, SameCostsAsAStarOnThousandsOfRandomMaps) {
  const std::uint64_t seed = 20240611;
  std::mt19937_64 rng(seed);
  RandomStats stats;
  auto run = [&](int maps, int min_side, int max_side, int queries) {
    for (int m = 0; m < maps; ++m) {
      const int w =
          min_side + static_cast<int>(rng() % static_cast<unsigned>(max_side - min_side + 1));
      const int h =
          min_side + static_cast<int>(rng() % static_cast<unsigned>(max_side - min_side + 1));
      const double density = static_cast<double>(rng() % 46) / 100.0;  // 0 .. 45 %
      const Grid g = test::random_grid(rng, w, h, density);
      const std::string where = "seed " + std::to_string(seed) + " map " + std::to_string(m) + " " +
                                std::to_string(w) + "x" + std::to_string(h) + " density " +
                                std::to_string(density);
      compare_with_astar(g, rng, queries, stats, where);
      if (::testing::Test::HasFatalFailure()) return;
    }
  };
  run(2500, 1, 24, 4);  // many small maps, including 1 x 1 and single rows or columns
  if (HasFatalFailure()) return;
  run(300, 25, 64, 3);
  if (HasFatalFailure()) return;
  run(12, 100, 200, 3);
  if (HasFatalFailure()) return;
  run(2, 300, 300, 2);
  EXPECT_EQ(stats.queries, 2500 * 4 + 300 * 3 + 12 * 3 + 2 * 2);
  EXPECT_GT(stats.found, stats.queries / 2);  // most queries have a path, but not all
  EXPECT_LT(stats.found, stats.queries);
}

TEST(JpsRandom, MazeLikeAndOpenExtremes) {
  std::mt19937_64 rng(77);
  RandomStats stats;
  // Fully open maps of awkward widths (block boundaries) and a one-cell-wide corridor grid.
  for (const int w : {1, 2, 62, 63, 64, 65, 127, 128, 129}) {
    compare_with_astar(Grid(w, 7), rng, 6, stats, "open " + std::to_string(w) + "x7");
    compare_with_astar(Grid(5, w), rng, 6, stats, "open 5x" + std::to_string(w));
    if (HasFatalFailure()) return;
  }
  Grid comb(61, 61);
  for (int y = 1; y < 61; y += 2) {
    for (int x = 0; x < 61; ++x) {
      if ((y % 4 == 1 && x != 60) || (y % 4 == 3 && x != 0)) comb.set_blocked({x, y}, true);
    }
  }
  compare_with_astar(comb, rng, 20, stats, "comb");
  EXPECT_EQ(stats.queries, 9 * 12 + 20);
}

// The open list's keys leave f a fixed number of bits; a larger f (possible when JPS first
// reaches a node along a longer path) re-keys the open list by f alone. Forced here on every
// query with a path longer than a few cells: the costs must stay A*'s.
TEST(JpsRandom, OpenListKeysWidenWithoutChangingCosts) {
  std::mt19937_64 rng(4242);
  AStar astar;
  detail::JumpPointSearch narrow;
  narrow.debug_limit_key_room(27);  // f < 2^27: 8 straight moves
  std::vector<GridCoord> ref;
  std::vector<GridCoord> out;
  int found = 0;
  for (int m = 0; m < 60; ++m) {
    const int w = 20 + static_cast<int>(rng() % 41);
    const int h = 20 + static_cast<int>(rng() % 41);
    const Grid g = test::random_grid(rng, w, h, static_cast<double>(rng() % 36) / 100.0);
    const JpsPlusMap table(g, kWalk);
    narrow.ensure(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    for (int q = 0; q < 5; ++q) {
      const GridCoord s{static_cast<int>(rng() % static_cast<unsigned>(w)),
                        static_cast<int>(rng() % static_cast<unsigned>(h))};
      const GridCoord t{static_cast<int>(rng() % static_cast<unsigned>(w)),
                        static_cast<int>(rng() % static_cast<unsigned>(h))};
      SCOPED_TRACE("map " + std::to_string(m) + " query " + std::to_string(q));
      const PathResult a = astar.find_path(g, kWalk, s, t, ref, {Connectivity::eight});
      PathResult r;
      narrow.run(
          w, h, s, t, SearchLimits{}, 1,
          [&](int x, int y, std::uint8_t travel, auto& gen) {
            detail::jps_plus_expand(table, x, y, travel, t, gen);
          },
          r);
      narrow.write_path(r, out);
      ASSERT_EQ(r.status, a.status);
      ASSERT_EQ(test::validate_path(g, kWalk, Connectivity::eight, s, out), "");
      if (a.found()) {
        ++found;
        ASSERT_EQ(r.cost, a.cost);
        ASSERT_EQ(r.cost, a.cost);
      }
    }
  }
  EXPECT_GT(found, 150);
  EXPECT_GT(narrow.debug_widenings(), 100u);
}

TEST(JumpPointSearchLoop, ManyEqualFSuccessorsGrowTheHotStackWithoutLosingNodes) {
  // An expander that generates, from the start only, 300 cells on its row toward the goal: each
  // has f equal to the start's (cost + octile distance), so all of them go to the hot stack
  // (reserved for 64), which must grow and keep every entry. Each of them then generates the
  // goal; the first one popped (the last pushed: the cell next to the goal) gives the path.
  detail::JumpPointSearch search;
  const int w = 400;
  const int h = 1;
  search.ensure(static_cast<std::size_t>(w));
  const GridCoord s{0, 0};
  const GridCoord t{350, 0};
  int expanded_cells = 0;
  for (int repeat = 0; repeat < 2; ++repeat) {  // second query: the grown stack is reused
    PathResult r;
    expanded_cells = 0;
    search.run(
        w, h, s, t, SearchLimits{}, 1,
        [&](int x, int y, std::uint8_t, auto& gen) {
          ++expanded_cells;
          if (x == 0) {
            for (int i = 1; i <= 300; ++i)
              gen(i, y, detail::travel_code(Direction8::right), detail::segment_cost(0, i));
          } else {
            gen(t.x, t.y, detail::travel_code(Direction8::right), detail::segment_cost(0, t.x - x));
          }
        },
        r);
    std::vector<GridCoord> out;
    search.write_path(r, out);
    ASSERT_EQ(r.status, SearchStatus::found);
    EXPECT_EQ(r.stats.generated, 302u);  // start, 300 cells, goal
    EXPECT_EQ(expanded_cells, 2);        // the start, then cell 300 (last pushed, first popped)
    EXPECT_EQ(r.cost, 350.0);
    ASSERT_EQ(out.size(), 351u);
    for (int i = 0; i <= 350; ++i) EXPECT_EQ(out[static_cast<std::size_t>(i)], (GridCoord{i, 0}));
    std::vector<GridCoord> jumps;
    search.write_jump_points(jumps);
    EXPECT_EQ(jumps, (std::vector<GridCoord>{{0, 0}, {300, 0}, {350, 0}}));
  }
}

// --- JpsPlusMap --------------------------------------------------------------------------------

TEST(JpsPlusMap, JumpDistancesOnAHandMadeMap) {
  //   x 0123456
  // y0  .......
  // y1  ...#...
  // y2  .......
  // y3  .......
  const Grid g = from_art({".......", "...#...", ".......", "......."});
  const JpsPlusMap m(g, kWalk);
  using Dir8 = Direction8;
  // Row 0 east from (0, 0): (1,0), (2,0) open; (3, 0): nothing below-behind blocked... moving
  // east, (4, 0) has (4, 1) open and (3, 1) blocked: a forced neighbour, 4 cells away.
  EXPECT_EQ(m.jump_distance({0, 0}, Dir8::right), 4);
  EXPECT_EQ(m.jump_distance({3, 0}, Dir8::right), 1);
  EXPECT_EQ(m.jump_distance({4, 0}, Dir8::right), -2);  // two moves to the edge
  EXPECT_EQ(m.jump_distance({6, 0}, Dir8::right), 0);
  EXPECT_EQ(m.jump_distance({6, 0}, Dir8::left), 4);    // (2, 0): (2, 1) open, (3, 1) blocked
  EXPECT_EQ(m.jump_distance({0, 1}, Dir8::right), -2);  // wall at (3, 1)
  EXPECT_EQ(m.jump_distance({2, 1}, Dir8::right), 0);
  EXPECT_EQ(m.jump_distance({0, 2}, Dir8::right), 4);  // forced at (4, 2) from above
  EXPECT_EQ(m.jump_distance({0, 3}, Dir8::right), -6);
  // Columns: moving south along x = 2, (2, 1) has (3, 1) blocked beside it but (3, 0) behind
  // it open: no; (2, 2) has (3, 2) open and (3, 1) blocked: forced, 2 cells from (2, 0).
  EXPECT_EQ(m.jump_distance({2, 0}, Dir8::down), 2);
  EXPECT_EQ(m.jump_distance({3, 0}, Dir8::down), 0);
  EXPECT_EQ(m.jump_distance({3, 3}, Dir8::up), -1);
  EXPECT_EQ(m.jump_distance({4, 3}, Dir8::up), 3);  // (4, 0): (3, 0) open, (3, 1) blocked
  // Diagonals: from (0, 3) up-right: (1, 2) then (2, 1): the east scan from (2, 1) is blocked
  // at once, the north scan from (2, 1) finds nothing; (1, 2) east scan finds (4, 2): stop at 1.
  EXPECT_EQ(m.jump_distance({0, 3}, Dir8::up_right), 1);
  // From (1, 1) down-right: (2, 2) has the forced (4, 2)... east scan from (2, 2) reaches
  // (4, 2) (forced from above): 1.
  EXPECT_EQ(m.jump_distance({1, 1}, Dir8::down_right), 1);
  // From (2, 2) up-right: (3, 1) is blocked: no move.
  EXPECT_EQ(m.jump_distance({2, 2}, Dir8::up_right), 0);
  // From (4, 3) up-left: (3, 2) -> (2, 1) would cut the corner at (3, 1)... (3, 2) itself:
  // its west scan: (2, 2) has (2, 1) open and (3, 1) blocked -> forced: stop at 1.
  EXPECT_EQ(m.jump_distance({4, 3}, Dir8::up_left), 1);
  // From (6, 3) up-left: (5, 2): west scan from (5, 2) -> (4, 2)? moving west, (4, 2) has
  // (4, 1) open and (5, 1) open: no; (3, 2): (3, 1) blocked; (2, 2): (2, 1) open, (3, 1)
  // blocked: forced. So (5, 2) is a diagonal jump point.
  EXPECT_EQ(m.jump_distance({6, 3}, Dir8::up_left), 1);
  EXPECT_EQ(m.jump_distance({0, 0}, Dir8::up_left), 0);
  PATHING_EXPECT_THROW((void)m.jump_distance({7, 0}, Dir8::right), std::out_of_range);
  PATHING_EXPECT_THROW((void)m.jump_distance({0, -1}, Dir8::right), std::out_of_range);
  // Memory: 16 bytes a cell plus the bitmaps.
  EXPECT_GE(m.memory_bytes(), 16u * 28u);
}

TEST(JpsPlusMap, IncrementalUpdatesEqualFullRebuilds) {
  const std::uint64_t seed = 9001;
  std::mt19937_64 rng(seed);
  for (int map = 0; map < 150; ++map) {
    const int w = 1 + static_cast<int>(rng() % 70);
    const int h = 1 + static_cast<int>(rng() % 70);
    Grid g = test::random_grid(rng, w, h, static_cast<double>(rng() % 46) / 100.0);
    JpsPlusMap m(g, kWalk);
    for (int round = 0; round < 6; ++round) {
      std::vector<GridCoord> changed;
      const int n = 1 + static_cast<int>(rng() % (round < 3 ? 2 : 12));
      for (int i = 0; i < n; ++i) {
        const GridCoord c{static_cast<int>(rng() % static_cast<unsigned>(w)),
                          static_cast<int>(rng() % static_cast<unsigned>(h))};
        g.set_blocked(c, !g.is_blocked(c));
        changed.push_back(c);
      }
      m.update_cells(g, changed);
      ASSERT_TRUE(m.is_current(g, kWalk));
      const JpsPlusMap full(g, kWalk);
      ASSERT_TRUE(m == full) << "seed " << seed << " map " << map << " (" << w << "x" << h
                             << ") round " << round;
    }
  }
}

TEST(JpsPlusMap, UpdatedTableGivesTheSameCostsAsAStar) {
  std::mt19937_64 rng(31);
  Grid g = test::random_grid(rng, 90, 60, 0.2);
  JpsPlusMap m(g, kWalk);
  JpsPlus plus;
  AStar astar;
  std::vector<GridCoord> out;
  std::vector<GridCoord> ref;
  for (int round = 0; round < 30; ++round) {
    const GridCoord c{static_cast<int>(rng() % 90), static_cast<int>(rng() % 60)};
    g.set_blocked(c, !g.is_blocked(c));
    const GridCoord changed[] = {c};
    m.update_cells(g, changed);
    for (int q = 0; q < 5; ++q) {
      const GridCoord s{static_cast<int>(rng() % 90), static_cast<int>(rng() % 60)};
      const GridCoord t{static_cast<int>(rng() % 90), static_cast<int>(rng() % 60)};
      const PathResult p = plus.find_path(g, m, s, t, out);
      const PathResult a = astar.find_path(g, kWalk, s, t, ref);
      ASSERT_EQ(p.status, a.status) << round << " " << q;
      if (a.found()) {
        ASSERT_EQ(p.cost, a.cost) << round << " " << q;
      }
    }
  }
}

TEST(JpsPlusMap, UpdateRejectsBadInputAndChangesNothing) {
  Grid g(20, 20);
  JpsPlusMap m(g, kWalk);
  const JpsPlusMap before = m;
  const std::vector<GridCoord> bad{{3, 3}, {-1, 3}};
  PATHING_EXPECT_THROW(m.update_cells(g, bad), std::invalid_argument);
  EXPECT_TRUE(m == before);
  const Grid other(20, 20);
  const std::vector<GridCoord> ok{{3, 3}};
  PATHING_EXPECT_THROW(m.update_cells(other, ok), std::invalid_argument);
  EXPECT_TRUE(m == before);
  m.update_cells(g, {});  // nothing changed: still current
  EXPECT_TRUE(m.is_current(g, kWalk));
}

TEST(JpsPlusMap, SyncAndSharingOneTableBetweenSearchers) {
  std::mt19937_64 rng(3);
  const Grid g = test::random_grid(rng, 64, 64, 0.2);
  JpsPlusMap m;
  EXPECT_EQ(m.sync(g, kWalk), MapSync::rebuilt);
  EXPECT_EQ(m.sync(g, kWalk), MapSync::current);
  JpsPlus a;
  JpsPlus b;
  std::vector<GridCoord> oa;
  std::vector<GridCoord> ob;
  for (int i = 0; i < 20; ++i) {
    const GridCoord s{static_cast<int>(rng() % 64), static_cast<int>(rng() % 64)};
    const GridCoord t{static_cast<int>(rng() % 64), static_cast<int>(rng() % 64)};
    const PathResult ra = a.find_path(g, m, s, t, oa);
    const PathResult rb = b.find_path(g, m, s, t, ob);
    EXPECT_EQ(ra.cost, rb.cost);
    EXPECT_EQ(oa, ob);
  }
}

}  // namespace
}  // namespace pathing
