// Unbounded searches: whole grid, any length, 4- and 8-connected.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "pathing/detail/test_access.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "support/alloc_counter.hpp"
#include "support/layers.hpp"
#include "support/reference.hpp"

namespace pathing {
namespace {

using test::kWalk;

TEST(UnboundedAStar, OctileCostsOnOpenMap) {
  const Grid g(50, 50);
  AStar a;
  std::vector<GridCoord> out;
  const PathResult r = a.find_path(g, kWalk, {3, 13}, {37, 17}, out, {Connectivity::eight});
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.moves, 34u);
  EXPECT_EQ(out.size(), 35u);
  EXPECT_DOUBLE_EQ(r.cost, 30 + 4 * std::sqrt(2.0));
  EXPECT_EQ(r.cost, cost::exact_length(30, 4));
  EXPECT_EQ(out.front(), (GridCoord{3, 13}));
  EXPECT_EQ(out.back(), (GridCoord{37, 17}));
  // Ties toward larger g: on an open map A* expands only the cells of its path (minus the goal).
  EXPECT_EQ(r.stats.expanded, 34u);
}

TEST(UnboundedAStar, NoCornerCutting) {
  // S#
  // #G   the diagonal would squeeze between two walls: no path at all.
  Grid g(2, 2);
  g.set_blocked({1, 0}, true);
  g.set_blocked({0, 1}, true);
  AStar a;
  std::vector<GridCoord> out;
  const PathResult r = a.find_path(g, kWalk, {0, 0}, {1, 1}, out, {Connectivity::eight});
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  ASSERT_EQ(out.size(), 1u);
  // One wall is enough to forbid the diagonal: go around.
  g.set_blocked({0, 1}, false);
  const PathResult r2 = a.find_path(g, kWalk, {0, 0}, {1, 1}, out, {Connectivity::eight});
  ASSERT_TRUE(r2.found());
  EXPECT_EQ(r2.moves, 2u);
  EXPECT_EQ(out, (std::vector<GridCoord>{{0, 0}, {0, 1}, {1, 1}}));
}

TEST(UnboundedAStar, DiagonalCostUsesEnteredCellsLayerCost) {
  Grid g(2, 2);
  g.set_tile({1, 1}, 1);
  g.set_tile({1, 0}, 2);
  g.set_tile({0, 1}, 2);
  const GridLayer layer{1, 3, 9};  // diagonal 3*sqrt2 beats 9 + 3 around the corner
  AStar a;
  std::vector<GridCoord> out;
  const PathResult r = a.find_path(g, layer, {0, 0}, {1, 1}, out, {Connectivity::eight});
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.moves, 1u);
  EXPECT_DOUBLE_EQ(r.cost, 3 * std::sqrt(2.0));
}

TEST(UnboundedAStar, SameStartAndGoal) {
  const Grid g(4, 4);
  AStar a;
  std::vector<GridCoord> out{{9, 9}, {8, 8}};
  const PathResult r = a.find_path(g, kWalk, {2, 2}, {2, 2}, out);
  EXPECT_TRUE(r.found());
  EXPECT_EQ(r.moves, 0u);
  EXPECT_EQ(r.cost, 0.0);
  EXPECT_EQ(out, (std::vector<GridCoord>{{2, 2}}));
}

TEST(UnboundedAStar, InvalidEndpointsLeaveOutputUnchanged) {
  const Grid g(4, 4);
  AStar a;
  GreedyBestFirst b;
  const std::vector<GridCoord> before{{7, 7}};
  std::vector<GridCoord> out = before;
  EXPECT_EQ(a.find_path(g, kWalk, {-1, 0}, {2, 2}, out).status, SearchStatus::invalid_endpoint);
  EXPECT_EQ(a.find_path(g, kWalk, {0, 0}, {4, 2}, out).status, SearchStatus::invalid_endpoint);
  EXPECT_EQ(b.find_path(g, kWalk, {0, 0}, {2, 99}, out, {Connectivity::four}).status,
            SearchStatus::invalid_endpoint);
  EXPECT_EQ(out, before);
}

TEST(UnboundedAStar, ImpassableGoalGivesPartialPathToClosestCell) {
  Grid g(10, 3);
  g.set_blocked({9, 1}, true);
  AStar a;
  std::vector<GridCoord> out;
  const PathResult r = a.find_path(g, kWalk, {0, 1}, {9, 1}, out, {Connectivity::four});
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  EXPECT_EQ(manhattan_distance(r.finish, {9, 1}), 1);
  EXPECT_EQ(out.back(), r.finish);
  EXPECT_EQ(r.stats.expanded, 29u);  // the whole reachable area
}

TEST(UnboundedAStar, LayerWithEveryTagImpassable) {
  const Grid g(5, 5);
  AStar a;
  std::vector<GridCoord> out;
  const PathResult r = a.find_path(g, GridLayer::uniform(0), {0, 0}, {4, 4}, out);
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  EXPECT_EQ(r.finish, (GridCoord{0, 0}));
  EXPECT_EQ(out, (std::vector<GridCoord>{{0, 0}}));
}

TEST(UnboundedAStar, ExpansionLimitStopsWithPartialResult) {
  const Grid g(100, 100);
  AStar a;
  std::vector<GridCoord> out;
  SearchLimits limits;
  limits.max_expansions = 10;
  const PathResult r = a.find_path(g, kWalk, {0, 0}, {99, 99}, out, {Connectivity::eight, limits});
  EXPECT_EQ(r.status, SearchStatus::expansion_limit);
  EXPECT_EQ(r.stats.expanded, 10u);
  EXPECT_EQ(r.finish, (GridCoord{9, 9}));
  EXPECT_EQ(out.size(), 10u);
}

TEST(UnboundedAStar, CostLimitPrunesAndSaysSo) {
  const Grid g(100, 1);
  AStar a;
  std::vector<GridCoord> out;
  SearchLimits limits;
  limits.max_cost = 10;
  const PathResult r = a.find_path(g, kWalk, {0, 0}, {50, 0}, out, {Connectivity::four, limits});
  EXPECT_EQ(r.status, SearchStatus::cost_limit);
  EXPECT_EQ(r.finish, (GridCoord{10, 0}));
  const PathResult ok = a.find_path(g, kWalk, {0, 0}, {10, 0}, out, {Connectivity::four, limits});
  EXPECT_TRUE(ok.found());
}

TEST(UnboundedAStar, WeightedSearchStaysWithinBound) {
  std::mt19937_64 rng(77);
  AStar a;
  AStar w;
  std::vector<GridCoord> out;
  for (int iter = 0; iter < 300; ++iter) {
    const Grid g = test::random_grid(rng, 30, 30, 0.25, 3);
    const GridLayer layer{1, 2, 4};
    const GridCoord from{static_cast<int>(rng() % 30), static_cast<int>(rng() % 30)};
    const GridCoord to{static_cast<int>(rng() % 30), static_cast<int>(rng() % 30)};
    const PathResult opt = a.find_path(g, layer, from, to, out, {Connectivity::eight});
    const PathResult sub = w.find_path(g, layer, from, to, out, {Connectivity::eight, {}, 2.0});
    EXPECT_EQ(opt.found(), sub.found());
    if (opt.found()) {
      EXPECT_LE(sub.cost, 2.0 * opt.cost + 1e-9);
      EXPECT_GE(sub.cost, opt.cost - 1e-9);
    }
  }
}

struct RandomCase {
  Connectivity conn;
  int size;
  double density;
};

class UnboundedVsReference : public ::testing::TestWithParam<RandomCase> {};

TEST_P(UnboundedVsReference, AStarIsOptimalAndGreedyIsValid) {
  const RandomCase c = GetParam();
  std::mt19937_64 rng(static_cast<std::uint64_t>(c.size) * 1000 +
                      static_cast<std::uint64_t>(c.density * 100) +
                      static_cast<std::uint64_t>(c.conn));
  AStar a;
  GreedyBestFirst b;
  std::vector<GridCoord> out;
  const int maps = c.size <= 12 ? 1500 : 60;
  for (int iter = 0; iter < maps; ++iter) {
    const int w = 1 + static_cast<int>(rng() % static_cast<unsigned>(c.size));
    const int h = 1 + static_cast<int>(rng() % static_cast<unsigned>(c.size));
    const Grid g = test::random_grid(rng, w, h, c.density, 4);
    const GridLayer layer{1, 1 + static_cast<int>(rng() % 9), static_cast<int>(rng() % 3), 7};
    const GridCoord from{static_cast<int>(rng() % static_cast<unsigned>(w)),
                         static_cast<int>(rng() % static_cast<unsigned>(h))};
    const auto dist = test::reference_dijkstra(g, layer, from, c.conn);
    for (int q = 0; q < 4; ++q) {
      const GridCoord to{static_cast<int>(rng() % static_cast<unsigned>(w)),
                         static_cast<int>(rng() % static_cast<unsigned>(h))};
      SCOPED_TRACE("map " + std::to_string(iter) + " query " + std::to_string(q));
      const std::uint64_t want = dist[static_cast<std::size_t>(to.y) * static_cast<std::size_t>(w) +
                                      static_cast<std::size_t>(to.x)];
      const PathResult r = a.find_path(g, layer, from, to, out, {c.conn});
      if (want == cost::kInfinite) {
        EXPECT_EQ(r.status, SearchStatus::unreachable);
        EXPECT_EQ(test::validate_path(g, layer, c.conn, from, out), "");
        EXPECT_EQ(out.back(), r.finish);
      } else {
        ASSERT_TRUE(r.found());
        std::uint64_t walked = 0;
        EXPECT_EQ(test::validate_path(g, layer, c.conn, from, out, &walked), "");
        EXPECT_EQ(walked, want);
        EXPECT_EQ(out.back(), to);
      }
      const PathResult rg = b.find_path(g, layer, from, to, out, {c.conn});
      EXPECT_EQ(rg.found(), want != cost::kInfinite);
      std::uint64_t walked = 0;
      EXPECT_EQ(test::validate_path(g, layer, c.conn, from, out, &walked), "");
      EXPECT_EQ(out.back(), rg.finish);
      if (want != cost::kInfinite) {
        EXPECT_GE(walked, want);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(RandomMaps, UnboundedVsReference,
                         ::testing::Values(RandomCase{Connectivity::four, 12, 0.2},
                                           RandomCase{Connectivity::four, 12, 0.45},
                                           RandomCase{Connectivity::eight, 12, 0.2},
                                           RandomCase{Connectivity::eight, 12, 0.45},
                                           RandomCase{Connectivity::four, 80, 0.3},
                                           RandomCase{Connectivity::eight, 80, 0.3}));

TEST(UnboundedGreedy, FindsFarGoalOnOpenMap) {
  const Grid g(1000, 1000);
  GreedyBestFirst b;
  std::vector<GridCoord> out;
  const PathResult r = b.find_path(g, kWalk, {10, 500}, {900, 500}, out, {Connectivity::four});
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.moves, 890u);
  EXPECT_EQ(r.stats.expanded, 890u);
}

TEST(UnboundedSearch, GenerationWrapAroundKeepsResultsCorrect) {
  std::mt19937_64 rng(5);
  const Grid g = test::random_grid(rng, 40, 40, 0.3);
  AStar a;
  GreedyBestFirst b;
  std::vector<GridCoord> out;
  const PathResult before = a.find_path(g, kWalk, {0, 0}, {39, 39}, out);
  const std::vector<GridCoord> before_cells = out;
  const PathResult before_g = b.find_path(g, kWalk, {0, 0}, {39, 39}, out, {Connectivity::four});
  const std::vector<GridCoord> before_gcells = out;
  detail::TestAccess::force_generation(a, detail::GenerationMap::kLastGeneration - 2);
  detail::TestAccess::force_generation(b, detail::GenerationMap::kLastGeneration - 2);
  for (int i = 0; i < 5; ++i) {
    const PathResult r = a.find_path(g, kWalk, {0, 0}, {39, 39}, out);
    EXPECT_EQ(r.cost, before.cost);
    EXPECT_EQ(r.stats.expanded, before.stats.expanded);
    EXPECT_EQ(out, before_cells);
    const PathResult rg = b.find_path(g, kWalk, {0, 0}, {39, 39}, out, {Connectivity::four});
    EXPECT_EQ(rg.stats.expanded, before_g.stats.expanded);
    EXPECT_EQ(out, before_gcells);
  }
}

TEST(UnboundedSearch, SameQuerySamePath) {
  std::mt19937_64 rng(9);
  const Grid g = test::random_grid(rng, 64, 64, 0.2);
  AStar a1;
  AStar a2;
  std::vector<GridCoord> o1;
  std::vector<GridCoord> o2;
  a1.find_path(g, kWalk, {1, 1}, {60, 60}, o1);
  a2.find_path(g, kWalk, {5, 5}, {6, 6}, o2);  // different history
  a2.find_path(g, kWalk, {1, 1}, {60, 60}, o2);
  EXPECT_EQ(o1, o2);
}

// Zero heap allocations per warm query, every search and mode.
TEST(Allocations, WarmQueriesAllocateNothing) {
  std::mt19937_64 rng(3);
  const Grid g = test::random_grid(rng, 128, 128, 0.25);
  AStar a;
  GreedyBestFirst b;
  std::vector<GridCoord> out;
  const GridCoord from{0, 0};
  const GridCoord to{127, 127};
  const GridCoord near{30, 20};
  auto run_all = [&] {
    a.build_path(g, kWalk, from, near);
    b.build_path(g, kWalk, from, near);
    a.find_path(g, kWalk, from, to, out, {Connectivity::four});
    a.find_path(g, kWalk, from, to, out, {Connectivity::eight});
    b.find_path(g, kWalk, from, to, out, {Connectivity::four});
    b.find_path(g, kWalk, from, to, out, {Connectivity::eight});
  };
  run_all();  // warm-up: grows the workspaces
  const test::AllocationScope scope;
  for (int i = 0; i < 3; ++i) run_all();
  EXPECT_EQ(scope.count(), 0u);
  EXPECT_EQ(scope.bytes(), 0u);
}

TEST(Allocations, ReservedSearchersAllocateNothingOnFirstUnboundedQuery) {
  const Grid g(64, 64);
  AStar a(64, 64);
  std::vector<GridCoord> out;
  out.reserve(200);
  // The open list of a straight run stays within the reserved 1024 entries.
  const test::AllocationScope scope;
  const PathResult r = a.find_path(g, kWalk, {0, 0}, {63, 63}, out);
  EXPECT_TRUE(r.found());
  EXPECT_EQ(scope.count(), 0u);
}

std::vector<int>* volatile g_escape = nullptr;  // keeps -O3 from eliding the new/delete pair

TEST(Allocations, CounterSeesAllocations) {
  const test::AllocationScope scope;
  g_escape = new std::vector<int>(100);
  delete g_escape;
  EXPECT_EQ(scope.count(), 2u);
}

}  // namespace
}  // namespace pathing
