// Bad input to the core and the regression tests of the defects the fuzzers and the differential
// tests found (docs/robustness.md maps each bad input to its documented result and its test).
#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/grid_graph.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/graph_astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "support/layers.hpp"
#include "support/reference.hpp"
#include "support/search_checks.hpp"
#include "support/searches.hpp"

namespace pathing {
namespace {

using test::kWalk;

#if PATHING_HAS_EXCEPTIONS
template <class F>
std::string invalid_argument_message(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no exception";
}

// ---------------------------------------------------------------------------------------------
// Sizes

TEST(BadInput, ReserveRejectsNegativeAndHugeSizesNamingTheValue) {
  EXPECT_EQ(invalid_argument_message([] { AStar a(-1, 5); }),
            "pathing::AStar::reserve: cols = -1 is outside [0, 32768]");
  EXPECT_EQ(invalid_argument_message([] { GreedyBestFirst b(5, INT_MIN); }),
            "pathing::GreedyBestFirst::reserve: rows = -2147483648 is outside [0, 32768]");
  EXPECT_EQ(invalid_argument_message([] { AStar a(INT_MAX, INT_MAX); }),
            "pathing::AStar::reserve: cols = 2147483647 is outside [0, 32768]");
  // Each side allowed, the cell count not: rejected before allocating 16 GiB.
  EXPECT_EQ(invalid_argument_message([] { AStar a(32768, 32768); }),
            "pathing::AStar::reserve: cols * rows = 1073741824 is outside [0, 268435456]");
  EXPECT_NE(invalid_argument_message([] {
              GreedyBestFirst b;
              b.reserve(32768, 16385);
            }).find("cols * rows = 536903680"),
            std::string::npos);
  EXPECT_EQ(invalid_argument_message([] { Jps j(32768, 32768); }),
            "pathing::Jps::reserve: cols * rows = 1073741824 is outside [0, 268435456]");
  EXPECT_EQ(invalid_argument_message([] { JpsPlus j(-7, 1); }),
            "pathing::JpsPlus::reserve: cols = -7 is outside [0, 32768]");
  // Zero reserves nothing; a searcher that failed to reserve still works.
  AStar a(0, 0);
  EXPECT_NO_THROW(GreedyBestFirst(0, 7));
  EXPECT_THROW(a.reserve(-3, 3), std::invalid_argument);
  std::vector<GridCoord> out;
  EXPECT_TRUE(a.find_path(Grid(3, 3), kWalk, {0, 0}, {2, 2}, out).found());
}

TEST(BadInput, GridSizesAreCheckedBeforeTheCellCountOverflows) {
  // 65536 x 65536 overflows 32 bits; INT_MAX x INT_MAX overflows 64-bit products of ints.
  EXPECT_NE(invalid_argument_message([] { Grid g(65536, 65536); }).find("cols = 65536"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { Grid g(INT_MAX, INT_MAX); }).find("cols = 2147483647"),
            std::string::npos);
  EXPECT_NE(invalid_argument_message([] { Grid g(1, INT_MIN); }).find("rows = -2147483648"),
            std::string::npos);
  EXPECT_NE(
      invalid_argument_message([] { Grid g(32768, 8193); }).find("32768 x 8193 cells exceeds"),
      std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Coordinates
#endif  // PATHING_HAS_EXCEPTIONS

TEST(BadInput, ExtremeCoordinatesAreInvalidEndpointsAndLeaveTheOutputUntouched) {
  const Grid g(8, 8);
  for (const test::UnboundedSearch& s : test::unbounded_searches()) {
    for (GridCoord bad : {GridCoord{INT_MIN, 0}, GridCoord{0, INT_MAX}, GridCoord{INT_MAX, INT_MIN},
                          GridCoord{8, 0}, GridCoord{-1, -1}}) {
      for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
        if (!s.takes(kWalk, conn)) continue;
        std::vector<GridCoord> out{{1, 2}, {3, 4}};
        const auto before = out;
        const PathResult a = s.find_path(g, kWalk, bad, {1, 1}, out, {conn});
        const PathResult b = s.find_path(g, kWalk, {1, 1}, bad, out, {conn});
        EXPECT_EQ(a.status, SearchStatus::invalid_endpoint) << s.name;
        EXPECT_EQ(b.status, SearchStatus::invalid_endpoint) << s.name;
        EXPECT_EQ(a.finish, bad);
        EXPECT_EQ(b.finish, (GridCoord{1, 1}));
        EXPECT_EQ(out, before) << s.name;
        EXPECT_EQ(a.stats.expanded + b.stats.expanded, 0u);
        if (s.was_expanded) {
          EXPECT_FALSE(s.was_expanded({1, 1}));
        }
      }
    }
  }
}

// Fuzz defect (search target, first seconds): a bounded query toward a goal near INT_MIN /
// INT_MAX overflowed `int` in manhattan_distance / octile_distance_fixed (undefined behaviour).
// Now a far goal is approached through a stand-in 128 cells away (detail::bounded_target) and the
// distances are computed in 64 bits.
TEST(Regression, BoundedSearchTowardAGoalNearIntLimits) {
  const Grid g(30, 30);
  for (const test::BoundedSearch& s : test::bounded_searches()) {
    const BoundedResult left = s.build_path(g, kWalk, {3, 3}, {INT_MIN, 3});
    EXPECT_NE(left.status, SearchStatus::found) << s.name;
    EXPECT_EQ(left.finish, (GridCoord{0, 3})) << s.name;  // the map edge closest to the goal
    EXPECT_EQ(left.path.len(), 3);
    const BoundedResult corner = s.build_path(g, kWalk, {3, 3}, {INT_MAX, INT_MIN});
    EXPECT_EQ(corner.finish, (GridCoord{29, 0})) << s.name;
    EXPECT_EQ(corner.path.len(), 29);
    const BoundedResult far = s.build_path(g, kWalk, {29, 29}, {INT_MAX, INT_MAX});
    EXPECT_EQ(far.finish, (GridCoord{29, 29})) << s.name;
    EXPECT_TRUE(far.path.empty());
    // The stand-in keeps the order of the cells: a goal 1000 cells off behaves as one 10^9 off.
    const BoundedResult near_goal = s.build_path(g, kWalk, {10, 10}, {100, 12});
    const BoundedResult huge_goal = s.build_path(g, kWalk, {10, 10}, {1000000000, 12});
    EXPECT_EQ(near_goal.path, huge_goal.path) << s.name;
    EXPECT_EQ(near_goal.finish, (GridCoord{29, 12}));
  }
  EXPECT_EQ(manhattan_distance({INT_MIN, INT_MIN}, {INT_MAX, INT_MAX}),
            2 * (std::int64_t{1} << 32) - 2);
  EXPECT_EQ(octile_distance_fixed({INT_MIN, 0}, {INT_MAX, 0}),
            ((std::uint64_t{1} << 32) - 1) * cost::kStraight);
  EXPECT_EQ(detail::bounded_target({5, 5}, {INT_MIN, INT_MAX}), (GridCoord{-123, 133}));
  EXPECT_EQ(detail::bounded_target({5, 5}, {100, -100}), (GridCoord{100, -100}));
}

// Differential defect: bounded A* compared a window node's index with the goal's, and a goal
// more than 57 columns away has an index that aliases a cell inside the 115 x 115 window: it
// reported `found`, with steps leading to the aliased cell.
TEST(Regression, BoundedAStarGoalOutsideTheWindowDoesNotAliasAWindowCell) {
  // Only a corridor from the start (100, 100) 55 cells left to (45, 100) is open. The goal
  // (160, 99) minus the window origin (43, 43) is (117, 56): window index 56 * 115 + 117, which
  // is the index of (45, 100).
  Grid g(200, 200);
  for (int y = 0; y < 200; ++y)
    for (int x = 0; x < 200; ++x) g.set_blocked({x, y}, !(y == 100 && x >= 45 && x <= 100));
  AStar a;
  const BoundedResult r = a.build_path(g, kWalk, {100, 100}, {160, 99});
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  EXPECT_TRUE(r.partial());
  EXPECT_EQ(r.finish, (GridCoord{100, 100}));
  EXPECT_TRUE(r.path.empty());
  EXPECT_EQ(r.stats.expanded, 56u);
  // On an open map the same query walks 56 steps toward the goal.
  const BoundedResult open = a.build_path(Grid(200, 200), kWalk, {100, 100}, {160, 99});
  EXPECT_EQ(open.status, SearchStatus::too_far);
  EXPECT_EQ(open.path.len(), 56);
  EXPECT_EQ(manhattan_distance(open.finish, {160, 99}), 61 - 56);
}

// Differential defect: bounded A* stopped with too_far at the first node deeper than 56 steps,
// even when that node was deep only because it had crossed cheap cells and the optimal path
// (fewer steps over dearer cells) was still to be found.
TEST(Regression, BoundedAStarFindsTheOptimumWhenItHasAtMost56Steps) {
  // S at (0, 0), G at (0, 8); the 7 cells between them cost 50 (tag 1): the optimum is 8 steps
  // down, cost 351. A cheap serpentine (cost 1) of 65 steps winds through x = 2..13 next to the
  // goal without reaching it: its cells deeper than 56 steps have f = g + h < 80 < 351.
  Grid g(14, 9);
  for (int y = 1; y <= 7; ++y) g.set_tile({0, y}, 1);
  for (int y = 1; y <= 8; ++y) g.set_blocked({1, y}, true);
  for (int y : {1, 3, 5, 7})
    for (int x = 2; x <= 13; ++x) g.set_blocked({x, y}, x != (y % 4 == 1 ? 13 : 2));
  const GridLayer layer{1, 50};
  const auto ref = test::reference_field(g, layer, {0, 0}, Connectivity::four);
  ASSERT_EQ(ref.cost_at({0, 8}), 351 * cost::kStraight);
  ASSERT_EQ(ref.steps_at({0, 8}), 8u);
  ASSERT_EQ(ref.steps_at({13, 8}), 65u);  // the serpentine's far end
  AStar a;
  const BoundedResult r = a.build_path(g, layer, {0, 0}, {0, 8});
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(r.cost, 351);
  EXPECT_EQ(r.path, (GridPath{Direction::down, Direction::down, Direction::down, Direction::down,
                              Direction::down, Direction::down, Direction::down, Direction::down}));
}

// Among the cheapest paths bounded A* takes one with the fewest steps (each step also costs one
// fixed-point unit), so an optimum of <= 56 steps is never lost to an equal-cost longer one.
TEST(Regression, BoundedAStarPrefersFewerStepsAmongTheCheapestPaths) {
  // S . G  with the middle cell costing 3: straight = 3 + 1 = 4 in 2 steps; around through row 0
  // = 4 cells of cost 1 = 4 in 4 steps.
  Grid g(3, 2);
  g.set_tile({1, 1}, 1);
  AStar a;
  const BoundedResult r = a.build_path(g, GridLayer{1, 3}, {0, 1}, {2, 1});
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(r.cost, 4);
  EXPECT_EQ(r.path, (GridPath{Direction::right, Direction::right}));
  const BoundedResult back = a.build_path(g, GridLayer{1, 3}, {2, 1}, {0, 1});
  EXPECT_EQ(back.path, (GridPath{Direction::left, Direction::left}));
}

// Fuzz defect (search target): a NaN SearchLimits::max_cost was converted to an integer
// (undefined behaviour). max_cost is now read by cost::from_units: NaN and negative limits prune
// every move, +inf is no limit.
TEST(Regression, NanAndNegativeMaxCost) {
  const Grid g(20, 20);
  AStar a;
  std::vector<GridCoord> out;
  SearchLimits nan;
  nan.max_cost = std::numeric_limits<double>::quiet_NaN();
  const PathResult r = a.find_path(g, kWalk, {0, 0}, {19, 19}, out, {Connectivity::four, nan});
  EXPECT_EQ(r.status, SearchStatus::cost_limit);
  EXPECT_EQ(r.stats.expanded, 1u);
  EXPECT_EQ(out, (std::vector<GridCoord>{{0, 0}}));
  SearchLimits inf;
  inf.max_cost = std::numeric_limits<double>::infinity();
  EXPECT_EQ(a.find_path(g, kWalk, {0, 0}, {19, 19}, out, {Connectivity::four, inf}).moves, 38u);
  SearchLimits negative;
  negative.max_cost = -1;
  const PathResult n = a.find_path(g, kWalk, {0, 0}, {19, 19}, out, {Connectivity::four, negative});
  EXPECT_EQ(n.status, SearchStatus::cost_limit);
  EXPECT_EQ(n.stats.expanded, 1u);
  EXPECT_EQ(out, (std::vector<GridCoord>{{0, 0}}));
  EXPECT_TRUE(a.find_path(g, kWalk, {4, 4}, {4, 4}, out, {Connectivity::four, negative}).found());
  // The same for the jump point searches (the fuzz target found the same conversion there).
  for (const test::UnboundedSearch& s : test::unbounded_searches()) {
    std::vector<GridCoord> cells;
    const PathResult j = s.find_path(g, kWalk, {0, 0}, {19, 19}, cells, {Connectivity::eight, nan});
    // Greedy best-first keeps no g: a cost limit is a limit it cannot honour, said as a status.
    EXPECT_EQ(j.status, s.honours_max_cost ? SearchStatus::cost_limit : SearchStatus::unsupported)
        << s.name;
  }
  SearchLimits neg_inf;
  neg_inf.max_cost = -std::numeric_limits<double>::infinity();
  EXPECT_EQ(a.find_path(g, kWalk, {0, 0}, {1, 0}, out, {Connectivity::four, neg_inf}).status,
            SearchStatus::cost_limit);
}

// Fuzz defect (search target): set_heuristic_weight(+inf) made h * weight infinite (and 0 * inf
// NaN at the goal), converted to an integer (undefined behaviour). The weighted h now saturates.
TEST(Regression, InfiniteAndHugeHeuristicWeights) {
  std::mt19937_64 rng(4);
  const Grid g = test::random_grid(rng, 40, 40, 0.3);
  for (double w : {std::numeric_limits<double>::infinity(), 1e300, 1e20, 2.5}) {
    AStar a;
    std::vector<GridCoord> out;
    for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      const auto ref = test::reference_field(g, kWalk, {0, 0}, conn);
      const PathResult r = a.find_path(g, kWalk, {0, 0}, {39, 39}, out, {conn, {}, w});
      EXPECT_EQ(r.found(), ref.reachable({39, 39})) << w;
      EXPECT_EQ(test::validate_path(g, kWalk, conn, {0, 0}, out), "") << w;
      EXPECT_EQ(out.back(), r.finish);
    }
  }
  // A weight below 1 or NaN is misuse: invalid_argument, nothing searched, output unchanged.
  for (double w : {std::numeric_limits<double>::quiet_NaN(), 0.5, -1.0}) {
    AStar a;
    GreedyBestFirst b;
    const std::vector<GridCoord> before{{7, 7}};
    std::vector<GridCoord> out = before;
    const PathResult r = a.find_path(g, kWalk, {0, 0}, {39, 39}, out, {Connectivity::eight, {}, w});
    EXPECT_EQ(r.status, SearchStatus::invalid_argument) << w;
    EXPECT_EQ(r.stats.expanded, 0u);
    EXPECT_EQ(b.find_path(g, kWalk, {0, 0}, {39, 39}, out, {Connectivity::eight, {}, w}).status,
              SearchStatus::invalid_argument);
    EXPECT_EQ(out, before);
    EXPECT_FALSE(a.was_expanded({0, 0}));
  }
  // Review defect: GraphAStar had the same conversion (0 * inf at the goal, UB) and, with an
  // integral cost type, f = g + saturated h overflowed.
  for (double w : {std::numeric_limits<double>::infinity(), 1e300}) {
    const GridGraph<Connectivity::eight> graph(g, kWalk);
    GraphAStar<GridGraph<Connectivity::eight>> ga;
    ga.set_heuristic_weight(w);
    std::vector<std::uint32_t> nodes;
    const auto r = ga.find_path(graph, graph.node({0, 0}), graph.node({39, 39}), nodes);
    const auto ref = test::reference_field(g, kWalk, {0, 0}, Connectivity::eight);
    EXPECT_EQ(r.found(), ref.reachable({39, 39})) << w;
    std::vector<GridCoord> cells;
    graph.to_cells(nodes, cells);
    EXPECT_EQ(test::validate_path(g, kWalk, Connectivity::eight, {0, 0}, cells), "") << w;
  }
}

// ---------------------------------------------------------------------------------------------
// Impassable endpoints, start == goal, layers with every tag impassable

TEST(BadInput, StartOnAnImpassableCellCanLeaveIt) {
  Grid g(5, 5);
  g.set_blocked({2, 2}, true);
  for (const test::UnboundedSearch& s : test::unbounded_searches()) {
    for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      if (!s.takes(kWalk, conn)) continue;
      std::vector<GridCoord> out;
      const PathResult r = s.find_path(g, kWalk, {2, 2}, {4, 2}, out, {conn});
      EXPECT_TRUE(r.found()) << s.name;
      EXPECT_EQ(r.moves, 2u) << s.name;
      EXPECT_EQ(out.front(), (GridCoord{2, 2}));
    }
  }
}

TEST(BadInput, StartWalledInGivesTheStartAlone) {
  Grid g(5, 5);
  for (GridCoord c : {GridCoord{1, 2}, GridCoord{3, 2}, GridCoord{2, 1}, GridCoord{2, 3}})
    g.set_blocked(c, true);
  for (const test::UnboundedSearch& s : test::unbounded_searches()) {
    for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      if (!s.takes(kWalk, conn)) continue;
      std::vector<GridCoord> out{{9, 9}};
      const PathResult r = s.find_path(g, kWalk, {2, 2}, {0, 0}, out, {conn});
      EXPECT_EQ(r.status, SearchStatus::unreachable) << s.name;
      EXPECT_EQ(out, (std::vector<GridCoord>{{2, 2}})) << s.name;
      EXPECT_EQ(r.stats.expanded, 1u) << s.name;
      EXPECT_EQ(r.cost, 0.0);
    }
  }
  for (const test::BoundedSearch& s : test::bounded_searches()) {
    const BoundedResult r = s.build_path(g, kWalk, {2, 2}, {0, 0});
    EXPECT_EQ(r.status, SearchStatus::unreachable) << s.name;
    EXPECT_TRUE(r.path.empty());
    EXPECT_EQ(r.finish, (GridCoord{2, 2}));
  }
}

TEST(BadInput, ImpassableGoalEndsNextToIt) {
  Grid g(6, 1);
  g.set_blocked({5, 0}, true);
  for (const test::UnboundedSearch& s : test::unbounded_searches()) {
    std::vector<GridCoord> out;
    const PathResult r = s.find_path(g, kWalk, {0, 0}, {5, 0}, out, {Connectivity::eight});
    EXPECT_EQ(r.status, SearchStatus::unreachable) << s.name;
    EXPECT_EQ(out.back(), r.finish);
    if (!s.partial_is_closest) continue;  // JPS ends at the closest jump point: here the start
    EXPECT_EQ(r.finish, (GridCoord{4, 0})) << s.name;
    EXPECT_EQ(r.moves, 4u);
  }
  for (const test::BoundedSearch& s : test::bounded_searches()) {
    const BoundedResult r = s.build_path(g, kWalk, {0, 0}, {5, 0});
    EXPECT_EQ(r.status, SearchStatus::unreachable) << s.name;
    EXPECT_EQ(r.finish, (GridCoord{4, 0})) << s.name;
  }
}

TEST(BadInput, StartEqualsGoalIsAnEmptyFoundPathEvenOnAnImpassableCell) {
  Grid g(3, 3);
  g.set_blocked({1, 1}, true);
  for (const test::UnboundedSearch& s : test::unbounded_searches()) {
    for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      if (!s.takes(kWalk, conn)) continue;
      for (GridCoord c : {GridCoord{0, 0}, GridCoord{1, 1}}) {
        std::vector<GridCoord> out{{7, 7}, {8, 8}};
        const PathResult r = s.find_path(g, kWalk, c, c, out, {conn});
        EXPECT_TRUE(r.found()) << s.name;
        EXPECT_EQ(r.moves, 0u);
        EXPECT_EQ(r.cost, 0.0);
        EXPECT_EQ(r.stats.expanded, 0u);
        EXPECT_EQ(out, (std::vector<GridCoord>{c})) << s.name;
      }
    }
  }
  for (const test::BoundedSearch& s : test::bounded_searches()) {
    const BoundedResult r = s.build_path(g, kWalk, {1, 1}, {1, 1});
    EXPECT_EQ(r.status, SearchStatus::found) << s.name;
    EXPECT_FALSE(r.partial());
    EXPECT_TRUE(r.path.empty());
  }
}

TEST(BadInput, LayerWithEveryCellValueImpassable) {
  Grid g(6, 6);
  g.set_tile({3, 3}, 5);
  g.set_blocked({4, 4}, true);
  const GridLayer none = GridLayer::uniform(0);
  ASSERT_EQ(none.min_passable_cost(), 0);
  for (const test::UnboundedSearch& s : test::unbounded_searches()) {
    for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      if (!s.takes(none, conn)) continue;
      std::vector<GridCoord> out;
      const PathResult r = s.find_path(g, none, {1, 1}, {5, 5}, out, {conn});
      EXPECT_EQ(r.status, SearchStatus::unreachable) << s.name;
      EXPECT_EQ(r.finish, (GridCoord{1, 1}));
      EXPECT_EQ(out, (std::vector<GridCoord>{{1, 1}}));
      EXPECT_EQ(r.stats.expanded, 1u);
    }
  }
  for (const test::BoundedSearch& s : test::bounded_searches()) {
    const BoundedResult r = s.build_path(g, none, {1, 1}, {5, 5});
    EXPECT_EQ(r.status, SearchStatus::unreachable) << s.name;
    EXPECT_TRUE(r.path.empty());
    EXPECT_EQ(r.stats.expanded, 1u);
  }
}

// ---------------------------------------------------------------------------------------------
// Generation counters at their maximum (detail::TestAccess::force_generation)

TEST(WrapAround, GenerationMapClearsItsStampsOnceAtTheLastGeneration) {
  detail::GenerationMap m;
  m.ensure(4);
  m.force_generation(detail::GenerationMap::kLastGeneration);
  m.mark_open(0);
  m.mark_closed(1);
  EXPECT_TRUE(m.is_open(0));
  EXPECT_TRUE(m.is_closed(1));
  m.next_generation();
  EXPECT_EQ(m.generation(), 2u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_FALSE(m.is_seen(i));
  // An odd value (the counter's maximum) rounds down and wraps on the next query too.
  m.force_generation(0xFFFFFFFFu);
  EXPECT_EQ(m.generation(), 0xFFFFFFFEu);
  m.mark_closed(2);  // stamp 0xFFFFFFFF, the largest value a stamp can hold
  m.next_generation();
  EXPECT_EQ(m.generation(), 2u);
  EXPECT_FALSE(m.is_seen(2));

  detail::NodeTable t;
  t.ensure(3);
  t.force_generation(0xFFFFFFFFu);
  t[1].stamp = t.closed_stamp();
  EXPECT_EQ(t.closed_stamp(), 0xFFFFFFFFu);
  t.next_generation();
  EXPECT_EQ(t.open_stamp(), 2u);
  EXPECT_FALSE(t.is_closed(1));
  EXPECT_EQ(t[1].stamp, 0u);
}

// Every search, every mode: with the counters forced to each value near the top, a run of
// different queries (each leaving stamps the next must not misread) gives what a fresh searcher
// gives, and was_expanded still counts exactly the expanded cells.
TEST(WrapAround, EverySearchAtEveryCounterValueNearTheTopMatchesAFreshOne) {
  std::mt19937_64 rng(11);
  const Grid g = test::random_grid(rng, 48, 40, 0.25, 3);
  // A weighted layer and a uniform-cost one (the JPS searches take only the latter).
  const std::vector<GridLayer> layers = {GridLayer{1, 3, 2}, GridLayer{1, 1, 0}};
  const std::vector<std::pair<GridCoord, GridCoord>> queries = {
      {{0, 0}, {47, 39}}, {{5, 30}, {40, 2}},   {{20, 20}, {21, 19}},
      {{47, 0}, {0, 39}}, {{10, 10}, {30, 12}}, {{0, 0}, {47, 39}}};
  constexpr std::uint32_t kLast = detail::GenerationMap::kLastGeneration;
  for (std::uint32_t start :
       {kLast - 6, kLast - 2, kLast - 1, kLast, kLast + 1, 0xFFFFFFFEu, 0xFFFFFFFFu}) {
    SCOPED_TRACE("generation " + std::to_string(start));
    auto forced = test::unbounded_searches();
    auto bforced = test::bounded_searches();
    for (auto& s : forced) s.force_generation(start);
    for (auto& s : bforced) s.force_generation(start);
    for (const GridLayer& layer : layers) {
      for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
        for (const auto& [from, to] : queries) {
          auto fresh = test::unbounded_searches();
          for (std::size_t i = 0; i < forced.size(); ++i) {
            if (!forced[i].takes(layer, conn)) continue;
            std::vector<GridCoord> a;
            std::vector<GridCoord> b;
            const PathResult ra = forced[i].find_path(g, layer, from, to, a, {conn});
            const PathResult rb = fresh[i].find_path(g, layer, from, to, b, {conn});
            EXPECT_EQ(a, b) << forced[i].name;
            EXPECT_EQ(ra.status, rb.status);
            EXPECT_EQ(ra.stats.expanded, rb.stats.expanded);
            EXPECT_EQ(ra.stats.generated, rb.stats.generated);
            if (!forced[i].was_expanded) continue;
            std::uint64_t marked = 0;
            for (int y = 0; y < g.rows(); ++y)
              for (int x = 0; x < g.cols(); ++x) marked += forced[i].was_expanded({x, y}) ? 1 : 0;
            EXPECT_EQ(marked, ra.stats.expanded) << forced[i].name;
          }
          if (conn == Connectivity::four) {
            auto bfresh = test::bounded_searches();
            for (std::size_t i = 0; i < bforced.size(); ++i) {
              const BoundedResult ra = bforced[i].build_path(g, layer, from, to);
              const BoundedResult rb = bfresh[i].build_path(g, layer, from, to);
              EXPECT_EQ(ra.path, rb.path) << bforced[i].name;
              EXPECT_EQ(ra.status, rb.status);
              EXPECT_EQ(ra.stats.expanded, rb.stats.expanded);
            }
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace pathing
