// Bounded (seed-mode) searches: GridPath results of at most 56 steps.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "pathing/detail/test_access.hpp"
#include "pathing/precompute/clearance_map.hpp"
#include "pathing/precompute/landmark_map.hpp"
#include "pathing/precompute/region_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "support/layers.hpp"
#include "support/reference.hpp"
#include "support/search_checks.hpp"

namespace pathing {
namespace {

using D = Direction;
using test::cells_of;
using test::kWalk;

template <class Search>
class BoundedTest : public ::testing::Test {};
using Searches = ::testing::Types<AStar, GreedyBestFirst>;
TYPED_TEST_SUITE(BoundedTest, Searches);

TYPED_TEST(BoundedTest, SameStartAndGoalGivesEmptyNonPartialPath) {
  TypeParam s;
  const Grid g(10, 10);
  const BoundedResult r = s.build_path(g, kWalk, {4, 4}, {4, 4});
  EXPECT_EQ(r.path.len(), 0);
  EXPECT_FALSE(r.partial());
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(r.finish, (GridCoord{4, 4}));
  EXPECT_EQ(r.cost, 0);
}

// build_path(..., SearchOptions) is the overload of the options it has: none, regions, a unit size
// with a clearance map (and both: the region map of the unit grid), with the same answer (path,
// status, finish, cost, statistics), and refuses what the bounded mode cannot honour.
TYPED_TEST(BoundedTest, OptionsFormEqualsTheOverloads) {
  std::mt19937_64 rng(4040);
  const auto same = [](const BoundedResult& a, const BoundedResult& b, const std::string& what) {
    EXPECT_EQ(a.status, b.status) << what;
    EXPECT_EQ(a.path, b.path) << what;
    EXPECT_EQ(a.finish, b.finish) << what;
    EXPECT_EQ(a.cost, b.cost) << what;
    EXPECT_EQ(a.moves, b.moves) << what;
    EXPECT_EQ(a.stats.expanded, b.stats.expanded) << what;
    EXPECT_EQ(a.stats.generated, b.stats.generated) << what;
  };
  int found = 0;
  int unreachable = 0;
  for (int map = 0; map < 40; ++map) {
    const Grid g = test::random_grid(rng, 24 + map % 30, 20 + map % 25, 0.25 + 0.01 * (map % 10));
    const RegionMap regions(g, kWalk);
    const ClearanceMap clearance(g, kWalk, 2);
    const RegionMap unit_regions(*clearance.unit_grid(2), clearance.unit_layer());
    for (int q = 0; q < 25; ++q) {
      const GridCoord a{static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
                        static_cast<int>(rng() % static_cast<unsigned>(g.rows()))};
      const GridCoord b{static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
                        static_cast<int>(rng() % static_cast<unsigned>(g.rows()))};
      const std::string what = "map " + std::to_string(map) + " query " + std::to_string(q);
      TypeParam s;
      TypeParam t;
      const BoundedResult plain = s.build_path(g, kWalk, a, b);
      same(t.build_path(g, kWalk, a, b, SearchOptions{}), plain, what + " (no option)");
      SearchOptions four;
      four.connectivity = Connectivity::four;
      same(t.build_path(g, kWalk, a, b, four), plain, what + " (4-connected)");
      SearchOptions with_regions;
      with_regions.regions = &regions;
      const BoundedResult r = s.build_path(g, kWalk, a, b, regions);
      same(t.build_path(g, kWalk, a, b, with_regions), r, what + " (regions)");
      found += r.found();
      unreachable += r.status == SearchStatus::unreachable;
      SearchOptions unit;
      unit.unit_size = 2;
      unit.clearance = &clearance;
      same(t.build_path(g, kWalk, a, b, unit), s.build_path(g, kWalk, a, b, clearance, 2),
           what + " (unit 2)");
      unit.regions = &unit_regions;
      same(t.build_path(g, kWalk, a, b, unit),
           s.build_path(*clearance.unit_grid(2), clearance.unit_layer(), a, b, unit_regions),
           what + " (unit 2, regions)");
    }
  }
  EXPECT_GT(found, 100);
  EXPECT_GT(unreachable, 10);
}

TYPED_TEST(BoundedTest, OptionsFormRefusesWhatItCannotHonour) {
  const Grid g(12, 12);
  TypeParam s;
  const auto refused_on = [&](const Grid& grid, const SearchOptions& o, SearchStatus want,
                              const char* what) {
    const BoundedResult r = s.build_path(grid, kWalk, {1, 1}, {9, 9}, o);
    EXPECT_EQ(r.status, want) << what;
    EXPECT_EQ(r.path.len(), 0) << what;
    EXPECT_EQ(r.finish, (GridCoord{1, 1})) << what;
    EXPECT_EQ(r.stats.expanded, 0u) << what;
  };
  const auto refused = [&](const SearchOptions& o, SearchStatus want, const char* what) {
    refused_on(g, o, want, what);
  };
  SearchOptions o;
  o.weight = 2;
  refused(o, SearchStatus::unsupported, "weight 2");
  o.weight = 0.5;
  refused(o, SearchStatus::invalid_argument, "weight 0.5");
  o = {};
  o.limits.max_expansions = 10;
  refused(o, SearchStatus::unsupported, "max_expansions");
  o = {};
  o.limits.max_cost = 5;
  refused(o, SearchStatus::unsupported, "max_cost");
  o = {};
  o.nearest_if_unreachable = true;
  refused(o, SearchStatus::unsupported, "nearest_if_unreachable");
  const LandmarkMap lm(g, kWalk);
  o = {};
  o.landmarks = &lm;
  refused(o, SearchStatus::unsupported, "landmarks");
  const ClearanceMap cm(g, kWalk, 2);
  o = {};
  o.unit_size = 3;
  o.clearance = &cm;
  refused(o, SearchStatus::invalid_argument, "unit size 3 of a map of 2");
  o.weight = 2;  // the unit grid is checked before the options, as in every query's front-end
  refused(o, SearchStatus::invalid_argument, "unit size 3 and weight 2");
  Grid written = g;
  const RegionMap stale_regions(written, kWalk);
  written.set_blocked({5, 5}, true);
  o = {};
  o.regions = &stale_regions;
  refused_on(written, o, SearchStatus::stale, "a region map not current for the grid");
  o = {};
  EXPECT_EQ(s.build_path(g, kWalk, {1, 1}, {9, 9}, o).status, SearchStatus::found);
}

TYPED_TEST(BoundedTest, StraightLineOnOpenMap) {
  TypeParam s;
  const Grid g(20, 5);
  const BoundedResult r = s.build_path(g, kWalk, {2, 1}, {7, 1});
  EXPECT_EQ(r.path, (GridPath{D::right, D::right, D::right, D::right, D::right}));
  EXPECT_FALSE(r.partial());
  EXPECT_EQ(r.finish, (GridCoord{7, 1}));
  EXPECT_EQ(r.cost, 5);
}

TYPED_TEST(BoundedTest, GoesAroundAWall) {
  // ..........
  // ....#.....
  // ..S.#.G...
  // ....#.....
  // ..........
  Grid g(10, 5);
  for (int y = 1; y <= 3; ++y) g.set_blocked({4, y}, true);
  TypeParam s;
  const BoundedResult r = s.build_path(g, kWalk, {2, 2}, {6, 2});
  EXPECT_FALSE(r.partial());
  EXPECT_EQ(r.path.len(), 8);
  const auto cells = cells_of({2, 2}, r.path);
  EXPECT_EQ(test::validate_path(g, kWalk, Connectivity::four, {2, 2}, cells), "");
  EXPECT_EQ(cells.back(), (GridCoord{6, 2}));
}

TYPED_TEST(BoundedTest, UnreachableGoalGivesPartialPathToClosestCell) {
  // Goal enclosed: the closest reachable cell by Manhattan distance is (5, 2) or (6, 1)/(6, 3)...
  Grid g(10, 5);
  for (GridCoord c : {GridCoord{6, 1}, GridCoord{7, 1}, GridCoord{8, 1}, GridCoord{6, 2},
                      GridCoord{8, 2}, GridCoord{6, 3}, GridCoord{7, 3}, GridCoord{8, 3}})
    g.set_blocked(c, true);
  TypeParam s;
  const BoundedResult r = s.build_path(g, kWalk, {1, 2}, {7, 2});
  EXPECT_TRUE(r.partial());
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  EXPECT_EQ(manhattan_distance(r.finish, {7, 2}), 2);
  EXPECT_EQ(r.path.end_from({1, 2}), r.finish);
  EXPECT_EQ(test::validate_path(g, kWalk, Connectivity::four, {1, 2}, cells_of({1, 2}, r.path)),
            "");
}

TYPED_TEST(BoundedTest, LayersDecideWhoPasses) {
  // A river of tag 1 splits the map: walkers go around through the bridge, fliers cross.
  Grid g(9, 9);
  for (int y = 0; y < 9; ++y) g.set_tile({4, y}, 1);
  g.set_tile({4, 8}, 0);  // bridge at the bottom
  const GridLayer walkers{1, 0};
  const GridLayer fliers{1, 1};
  TypeParam s;
  const BoundedResult walk = s.build_path(g, walkers, {0, 0}, {8, 0});
  const BoundedResult fly = s.build_path(g, fliers, {0, 0}, {8, 0});
  EXPECT_FALSE(walk.partial());
  EXPECT_FALSE(fly.partial());
  EXPECT_EQ(fly.path.len(), 8);
  EXPECT_EQ(walk.path.len(), 24);
}

TYPED_TEST(BoundedTest, BlockedBitUsesTheLayersBlockedCost) {
  Grid g(5, 1);
  g.set_blocked({2, 0}, true);
  TypeParam s;
  EXPECT_TRUE(s.build_path(g, kWalk, {0, 0}, {4, 0}).partial());
  const BoundedResult r = s.build_path(g, kWalk.with_blocked_cost(1), {0, 0}, {4, 0});
  EXPECT_FALSE(r.partial());
  EXPECT_EQ(r.path.len(), 4);
}

TYPED_TEST(BoundedTest, StartOnItsOwnBlockedCellCanLeave) {
  Grid g(5, 1);
  g.set_blocked({0, 0}, true);
  TypeParam s;
  const BoundedResult r = s.build_path(g, kWalk, {0, 0}, {3, 0});
  EXPECT_FALSE(r.partial());
  EXPECT_EQ(r.path.len(), 3);
}

TYPED_TEST(BoundedTest, GoalExactly56StepsAwayIsFound) {
  TypeParam s;
  const Grid g(200, 3);
  const BoundedResult r = s.build_path(g, kWalk, {100, 1}, {156, 1});
  EXPECT_FALSE(r.partial());
  EXPECT_EQ(r.path.len(), 56);
  EXPECT_EQ(r.finish, (GridCoord{156, 1}));
}

// Go reference defect: a goal 57 steps away came back as a 57-step path whose first step was
// "none". Ours returns a 56-step partial path, every step real.
TYPED_TEST(BoundedTest, GoalFiftySevenStepsAwayIsTooFar) {
  TypeParam s;
  const Grid g(200, 3);
  const BoundedResult r = s.build_path(g, kWalk, {100, 1}, {157, 1});
  EXPECT_TRUE(r.partial());
  EXPECT_EQ(r.status, SearchStatus::too_far);
  EXPECT_EQ(r.path.len(), 56);
  for (int i = 0; i < 56; ++i) EXPECT_EQ(r.path.at(i), D::right);
  EXPECT_EQ(r.finish, (GridCoord{156, 1}));
  EXPECT_EQ(r.cost, 56);
}

// Go reference defect: it never returned when the goal was exactly 57 steps away in the negative
// direction and the window origin was not 0 (start x=100, goal x=43).
TYPED_TEST(BoundedTest, GoalFiftySevenStepsAwayLeftwardsReturns) {
  TypeParam s;
  const Grid g(200, 200);
  const BoundedResult r = s.build_path(g, kWalk, {100, 100}, {43, 100});
  EXPECT_TRUE(r.partial());
  EXPECT_EQ(r.path.len(), 56);
  EXPECT_EQ(r.finish, (GridCoord{44, 100}));
  const BoundedResult up = s.build_path(g, kWalk, {100, 100}, {100, 43});
  EXPECT_EQ(up.finish, (GridCoord{100, 44}));
}

// Go reference defect: greedy BFS never returned for goals more than ~312 cells away on an open
// map (its bucket index was distance & 63). Ours walks 56 steps toward it.
TYPED_TEST(BoundedTest, FarGoalOnOpenMapReturnsPartialPathTowardIt) {
  TypeParam s;
  const Grid g(1000, 1000);
  const BoundedResult r = s.build_path(g, kWalk, {10, 500}, {900, 500});
  EXPECT_TRUE(r.partial());
  EXPECT_EQ(r.status, SearchStatus::too_far);
  EXPECT_EQ(r.path.len(), 56);
  EXPECT_EQ(r.finish, (GridCoord{66, 500}));
  const BoundedResult diag = s.build_path(g, kWalk, {999, 999}, {0, 0});
  EXPECT_EQ(diag.path.len(), 56);
  EXPECT_EQ(manhattan_distance(diag.finish, {999, 999}), 56);
}

// A goal off the grid is `too_far` (result.hpp), also when the search runs out of cells before it
// has gone 56 steps: it came back `unreachable` on small grids.
TYPED_TEST(BoundedTest, GoalOffASmallGridIsTooFar) {
  TypeParam s;
  const Grid g(3, 3);
  const BoundedResult r = s.build_path(g, kWalk, {1, 1}, {9, 9});
  EXPECT_EQ(r.status, SearchStatus::too_far);
  EXPECT_EQ(r.finish, (GridCoord{2, 2}));  // the cell nearest the goal
  EXPECT_EQ(r.path.len(), 2);
  EXPECT_EQ(s.build_path(g, kWalk, {0, 0}, {-1, 0}).status, SearchStatus::too_far);
}

// Go reference defect: searchers built with size hints smaller than the grid hung or misbehaved.
TYPED_TEST(BoundedTest, SearcherSizedForSmallGridsWorksOnLargeOnes) {
  TypeParam s(4, 4);
  const Grid g(600, 600);
  const BoundedResult r = s.build_path(g, kWalk, {580, 590}, {599, 599});
  EXPECT_FALSE(r.partial());
  EXPECT_EQ(r.path.len(), 28);
  std::vector<GridCoord> out;
  const PathResult u = s.find_path(g, kWalk, {0, 0}, {599, 599}, out, {Connectivity::four});
  EXPECT_TRUE(u.found());
  EXPECT_EQ(u.moves, 1198u);
}

TYPED_TEST(BoundedTest, StartOutsideGridIsInvalid) {
  TypeParam s;
  const Grid g(5, 5);
  const BoundedResult r = s.build_path(g, kWalk, {-1, 2}, {3, 3});
  EXPECT_TRUE(r.partial());
  EXPECT_EQ(r.status, SearchStatus::invalid_endpoint);
  EXPECT_EQ(r.path.len(), 0);
}

TYPED_TEST(BoundedTest, GoalOutsideGridGivesPartialPathToTheEdge) {
  TypeParam s;
  const Grid g(5, 5);
  const BoundedResult r = s.build_path(g, kWalk, {0, 2}, {9, 2});
  EXPECT_TRUE(r.partial());
  EXPECT_EQ(r.finish, (GridCoord{4, 2}));
}

TYPED_TEST(BoundedTest, SearchNearGridCornersStaysInBounds) {
  TypeParam s;
  const Grid g(3, 3);
  for (GridCoord from : {GridCoord{0, 0}, GridCoord{2, 2}, GridCoord{0, 2}, GridCoord{2, 0}}) {
    for (GridCoord to : {GridCoord{0, 0}, GridCoord{2, 2}, GridCoord{1, 1}}) {
      const BoundedResult r = s.build_path(g, kWalk, from, to);
      EXPECT_FALSE(r.partial());
      EXPECT_EQ(r.path.len(), manhattan_distance(from, to));
    }
  }
}

TYPED_TEST(BoundedTest, GenerationWrapAroundKeepsResultsCorrect) {
  Grid g(12, 12);
  for (int y = 0; y < 10; ++y) g.set_blocked({6, y}, true);
  TypeParam s;
  const BoundedResult before = s.build_path(g, kWalk, {1, 1}, {10, 1});
  detail::TestAccess::force_generation(s, detail::GenerationMap::kLastGeneration - 4);
  for (int i = 0; i < 6; ++i) {
    const BoundedResult r = s.build_path(g, kWalk, {1, 1}, {10, 1});
    EXPECT_EQ(r.path, before.path) << "query " << i;
    EXPECT_FALSE(r.partial());
  }
}

TEST(BoundedAStar, RespectsLayerCosts) {
  // Mud (tag 1, cost 5) in the middle row: A* walks around it, greedy BFS goes through.
  Grid g(7, 3);
  for (int x = 1; x < 6; ++x) g.set_tile({x, 1}, 1);
  const GridLayer layer{1, 5};
  AStar a;
  const BoundedResult r = a.build_path(g, layer, {0, 1}, {6, 1});
  EXPECT_FALSE(r.partial());
  EXPECT_EQ(r.cost, 8);  // up, 6 x right, down: 8 cells of cost 1
  EXPECT_EQ(r.path.len(), 8);
  GreedyBestFirst b;
  const BoundedResult rb = b.build_path(g, layer, {0, 1}, {6, 1});
  EXPECT_EQ(rb.path.len(), 6);
  EXPECT_EQ(rb.cost, 26);  // the layer cost here too: 5 water cells of cost 5, then the goal
}

TEST(BoundedAStar, MatchesReferenceDijkstraOnRandomSmallMaps) {
  // 7x7 maps: every simple path has at most 48 steps, so the 56-step bound never binds and the
  // bounded A* must be optimal.
  std::mt19937_64 rng(12345);
  AStar a;
  GreedyBestFirst b;
  int found = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    const Grid g = test::random_grid(rng, 7, 7, 0.3, 4);
    const GridLayer layer{1, static_cast<int>(rng() % 9), 3, static_cast<int>(rng() % 4)};
    const GridCoord from{static_cast<int>(rng() % 7), static_cast<int>(rng() % 7)};
    const GridCoord to{static_cast<int>(rng() % 7), static_cast<int>(rng() % 7)};
    const auto dist = test::reference_dijkstra(g, layer, from, Connectivity::four);
    const std::uint64_t want = dist[static_cast<std::size_t>(to.y * 7 + to.x)];
    const BoundedResult r = a.build_path(g, layer, from, to);
    const BoundedResult rg = b.build_path(g, layer, from, to);
    SCOPED_TRACE("iteration " + std::to_string(iter));
    if (want == cost::kInfinite || from == to) {
      EXPECT_EQ(r.partial(), !(from == to));
      EXPECT_EQ(rg.partial(), !(from == to));
      continue;
    }
    ++found;
    ASSERT_FALSE(r.partial());
    EXPECT_EQ(static_cast<std::uint64_t>(r.cost) * cost::kStraight, want);
    std::uint64_t walked = 0;
    EXPECT_EQ(
        test::validate_path(g, layer, Connectivity::four, from, cells_of(from, r.path), &walked),
        "");
    EXPECT_EQ(walked, want);
    ASSERT_FALSE(rg.partial());
    const auto gcells = cells_of(from, rg.path);
    EXPECT_EQ(test::validate_path(g, layer, Connectivity::four, from, gcells), "");
    EXPECT_EQ(gcells.back(), to);
    // Every search reports the layer cost of its path (greedy best-first too).
    EXPECT_EQ(rg.cost,
              static_cast<double>(test::path_cost_fixed(g, layer, gcells) / cost::kStraight));
  }
  EXPECT_GT(found, 1000);
}

TEST(BoundedStats, CountExpandedAndGenerated) {
  const Grid g(10, 1);
  AStar a;
  const BoundedResult r = a.build_path(g, kWalk, {0, 0}, {5, 0});
  // Corridor: expands cells 0..4, generates cells 0..5.
  EXPECT_EQ(r.stats.expanded, 5u);
  EXPECT_EQ(r.stats.generated, 6u);
  GreedyBestFirst b;
  const BoundedResult rb = b.build_path(g, kWalk, {0, 0}, {5, 0});
  EXPECT_EQ(rb.stats.expanded, 5u);
  EXPECT_EQ(rb.stats.generated, 6u);
}

}  // namespace
}  // namespace pathing
