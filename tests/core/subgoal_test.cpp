// Simple subgoal graphs (SubgoalGraph, SubgoalSearch): subgoals and edges on hand-made maps, the
// same statuses and costs as 8-connected A* on thousands of seeded random maps (valid full
// paths), staying in sync, refusals, zero allocations per warm query.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/search/astar.hpp"
#include "pathing/search/subgoal_search.hpp"
#include "support/alloc_counter.hpp"
#include "support/layers.hpp"
#include "support/reference.hpp"
#include "support/throws.hpp"

namespace pathing {
namespace {

using test::kWalk;

/// A grid from rows of text: '#' blocked, anything else open (tag 0).
Grid subgoal_art(const std::vector<std::string>& rows) {
  Grid g(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
  for (int y = 0; y < g.rows(); ++y)
    for (int x = 0; x < g.cols(); ++x)
      if (rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '#')
        g.set_blocked({x, y}, true);
  return g;
}

TEST(SubgoalGraph, SubgoalsAreTheConvexCornersOfObstacles) {
  const Grid g = subgoal_art({
      "........",
      "..##....",
      "..##....",
      "........",
      "......#.",
      "......#.",
  });
  const SubgoalGraph graph(g, kWalk);
  std::vector<GridCoord> s;
  graph.subgoals(s);
  // The square's four corners; the bar's top ends (its bottom touches the grid's edge: the cells
  // diagonal to (6, 5) below it are off the grid).
  const std::vector<GridCoord> want{{1, 0}, {4, 0}, {1, 3}, {4, 3}, {5, 3}, {7, 3}};
  EXPECT_EQ(s, want);
  EXPECT_TRUE(graph.is_subgoal(1, 0));
  EXPECT_FALSE(graph.is_subgoal(2, 0));
  EXPECT_EQ(graph.subgoal_count(), 6u);
  // (1, 0) reaches (4, 0) straight along the top and (1, 3) straight down; (4, 3) and beyond lie
  // behind the square or through other subgoals.
  std::vector<GridCoord> e;
  graph.edges_of(1, 0, e);
  EXPECT_EQ(e, (std::vector<GridCoord>{{4, 0}, {1, 3}}));
  graph.edges_of(2, 0, e);
  EXPECT_TRUE(e.empty());
  graph.edges_of(-1, 0, e);
  EXPECT_TRUE(e.empty());
  EXPECT_GT(graph.memory_bytes(), 8u * 6u);
}

TEST(SubgoalGraph, AnOpenMapHasNoSubgoals) {
  const Grid g(40, 30);
  const SubgoalGraph graph(g, kWalk);
  EXPECT_EQ(graph.subgoal_count(), 0u);
  EXPECT_EQ(graph.edge_count(), 0u);
  SubgoalSearch search;
  std::vector<GridCoord> out;
  const PathResult r = search.find_path(g, graph, {1, 2}, {30, 7}, out);
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.moves, 29u);
  EXPECT_EQ(out.size(), 30u);
  EXPECT_EQ(r.cost, cost::exact_length(24, 5));
  EXPECT_EQ(r.stats.expanded, 1u);  // the start; the goal is popped, not expanded
}

struct SubgoalStats {
  int queries = 0;
  int found = 0;
};

// `queries` random queries (the first with start == goal) on `g`: SubgoalSearch on a shared graph
// and through its own graph against AStar: status, cost, valid path of every cell.
void compare_subgoal_with_astar(const Grid& g, std::mt19937_64& rng, int queries,
                                SubgoalStats& stats, const std::string& where,
                                const SubgoalOptions& options = {}) {
  static AStar astar;
  static SubgoalSearch search;
  static SubgoalSearch own;
  const SubgoalGraph graph(g, kWalk, options);
  std::vector<GridCoord> ref;
  std::vector<GridCoord> out;
  std::vector<GridCoord> out2;
  std::vector<GridCoord> nodes;
  const int w = g.cols();
  const int h = g.rows();
  for (int q = 0; q < queries; ++q) {
    GridCoord s{static_cast<int>(rng() % static_cast<unsigned>(w)),
                static_cast<int>(rng() % static_cast<unsigned>(h))};
    GridCoord t{static_cast<int>(rng() % static_cast<unsigned>(w)),
                static_cast<int>(rng() % static_cast<unsigned>(h))};
    if (q == 0) t = s;
    SCOPED_TRACE(where + " query " + std::to_string(q) + ": (" + std::to_string(s.x) + "," +
                 std::to_string(s.y) + ") -> (" + std::to_string(t.x) + "," + std::to_string(t.y) +
                 ")");
    const PathResult a = astar.find_path(g, kWalk, s, t, ref, {Connectivity::eight});
    const PathResult r = search.find_path(g, graph, s, t, out);
    ++stats.queries;
    stats.found += a.found() ? 1 : 0;
    ASSERT_EQ(r.status, a.status);
    ASSERT_EQ(test::validate_path(g, kWalk, Connectivity::eight, s, out), "");
    ASSERT_EQ(out.back(), r.finish);
    ASSERT_EQ(r.moves + 1, out.size());
    if (a.found()) {
      ASSERT_EQ(r.finish, t);
      ASSERT_EQ(r.cost, a.cost);
    }
    search.nodes(nodes);
    ASSERT_FALSE(nodes.empty());
    ASSERT_EQ(nodes.front(), s);
    ASSERT_EQ(nodes.back(), r.finish);
    for (std::size_t i = 1; i + 1 < nodes.size(); ++i) {
      // Subgoals, but for the cell a blocked start moves to first.
      const bool first_step = i == 1 && g.is_blocked(s) && std::abs(nodes[1].x - s.x) <= 1 &&
                              std::abs(nodes[1].y - s.y) <= 1;
      ASSERT_TRUE(first_step || graph.is_subgoal(nodes[i].x, nodes[i].y)) << "node " << i;
    }
    if (q == 1 && !options.contract) {  // the grid overload: same answer
      const PathResult r2 = own.find_path(g, kWalk, s, t, out2);
      ASSERT_EQ(r2.status, r.status);
      ASSERT_EQ(r2.cost, r.cost);
      ASSERT_EQ(out2, out);
    }
  }
}

TEST(SubgoalSearch, SameCostsAsAStarOnThousandsOfRandomMaps) {
  const std::uint64_t seed = 20261127;
  std::mt19937_64 rng(seed);
  SubgoalStats stats;
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
      compare_subgoal_with_astar(g, rng, queries, stats, where);
      if (::testing::Test::HasFatalFailure()) return;
    }
  };
  run(3000, 1, 24, 4);  // many small maps, including 1 x 1 and single rows or columns
  if (HasFatalFailure()) return;
  run(300, 25, 64, 4);
  if (HasFatalFailure()) return;
  run(12, 100, 200, 4);
  EXPECT_EQ(stats.queries, 3000 * 4 + 300 * 4 + 12 * 4);
  EXPECT_GT(stats.found, stats.queries / 2);
  EXPECT_LT(stats.found, stats.queries);
}

TEST(SubgoalSearch, ContractedSameCostsAsAStarOnThousandsOfRandomMaps) {
  // The contracted graph under several core thresholds, witness limits and work budgets (0: no
  // contraction at all, everything is the core).
  const std::uint64_t seed = 20261128;
  std::mt19937_64 rng(seed);
  SubgoalStats stats;
  const SubgoalOptions variants[] = {
      {true, 2, 64, std::uint64_t{1} << 25},
      {true, 64, 64, std::uint64_t{1} << 25},
      {true, -3, 64, std::uint64_t{1} << 25},
      {true, 8, 1, std::uint64_t{1} << 25},
      {true, 2, 64, 0},
      {true, 2, 64, 500},
  };
  for (int m = 0; m < 1300; ++m) {
    const SubgoalOptions& o = variants[static_cast<std::size_t>(m) % std::size(variants)];
    const int side = m < 1240 ? 24 : 60;
    const int w = 1 + static_cast<int>(rng() % static_cast<unsigned>(side));
    const int h = 1 + static_cast<int>(rng() % static_cast<unsigned>(side));
    const double density = static_cast<double>(rng() % 46) / 100.0;
    const Grid g = test::random_grid(rng, w, h, density);
    compare_subgoal_with_astar(g, rng, 5, stats,
                               "seed " + std::to_string(seed) + " map " + std::to_string(m) + " " +
                                   std::to_string(w) + "x" + std::to_string(h) + " variant " +
                                   std::to_string(m % 6),
                               o);
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(stats.queries, 1300 * 5);
  EXPECT_GT(stats.found, stats.queries / 2);
}

TEST(SubgoalGraph, ContractionShrinksTheCoreAndBadOptionsAreNamed) {
  Grid comb(61, 61);
  for (int y = 1; y < 61; y += 2)
    for (int x = 0; x < 61; ++x)
      if ((y % 4 == 1 && x != 60) || (y % 4 == 3 && x != 0)) comb.set_blocked({x, y}, true);
  SubgoalOptions o;
  o.contract = true;
  const SubgoalGraph plain(comb, kWalk);
  const SubgoalGraph contracted(comb, kWalk, o);
  EXPECT_FALSE(plain.contracted());
  EXPECT_EQ(plain.core_count(), plain.subgoal_count());
  EXPECT_EQ(plain.contracted_edge_count(), 0u);
  EXPECT_TRUE(contracted.contracted());
  EXPECT_EQ(contracted.subgoal_count(), plain.subgoal_count());
  EXPECT_LT(contracted.core_count(), contracted.subgoal_count() / 2);
  EXPECT_GT(contracted.contracted_edge_count(), 0u);
  EXPECT_EQ(contracted.options(), o);
  // No budget: nothing contracted.
  o.max_witness_work = 0;
  EXPECT_EQ(SubgoalGraph(comb, kWalk, o).core_count(), plain.subgoal_count());
  o = SubgoalOptions{};
  o.witness_settle_limit = 0;
  Error e;
  EXPECT_FALSE(SubgoalGraph::create(comb, kWalk, o, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_NE(e.message.find("witness_settle_limit = 0 is outside [1, 65536]"), std::string::npos)
      << e.message;
  o = SubgoalOptions{};
  o.max_edge_difference = 65;
  EXPECT_FALSE(SubgoalGraph::create(comb, kWalk, o, &e).has_value());
  EXPECT_NE(e.message.find("max_edge_difference = 65"), std::string::npos) << e.message;
  PATHING_EXPECT_THROW(SubgoalGraph(comb, kWalk, o), std::invalid_argument);
  // A contracted graph answers as A* through the grid overload's sync too.
  SubgoalSearch search;
  std::vector<GridCoord> out;
  const PathResult r = search.find_path(comb, contracted, {0, 0}, {0, 60}, out);
  ASSERT_TRUE(r.found());
  EXPECT_EQ(test::validate_path(comb, kWalk, Connectivity::eight, {0, 0}, out), "");
  AStar astar;
  std::vector<GridCoord> ref;
  EXPECT_EQ(r.cost, astar.find_path(comb, kWalk, {0, 0}, {0, 60}, ref, {Connectivity::eight}).cost);
}

TEST(SubgoalSearch, RoomsAndCorridorsAsAStar) {
  // Rooms with doors and one-cell corridors: many subgoals, long detours.
  std::mt19937_64 rng(5);
  SubgoalStats stats;
  for (int k = 0; k < 40; ++k) {
    Grid g(48, 40);
    const int room = 4 + static_cast<int>(rng() % 6);
    for (int y = 0; y < g.rows(); ++y)
      for (int x = 0; x < g.cols(); ++x)
        if ((x % room == 0 || y % room == 0) && rng() % 5 != 0) g.set_blocked({x, y}, true);
    compare_subgoal_with_astar(g, rng, 20, stats, "rooms " + std::to_string(k));
    if (HasFatalFailure()) return;
    SubgoalOptions o;
    o.contract = true;
    compare_subgoal_with_astar(g, rng, 20, stats, "rooms contracted " + std::to_string(k), o);
    if (HasFatalFailure()) return;
  }
  Grid comb(61, 61);
  for (int y = 1; y < 61; y += 2)
    for (int x = 0; x < 61; ++x)
      if ((y % 4 == 1 && x != 60) || (y % 4 == 3 && x != 0)) comb.set_blocked({x, y}, true);
  compare_subgoal_with_astar(comb, rng, 30, stats, "comb");
  SubgoalOptions o;
  o.contract = true;
  compare_subgoal_with_astar(comb, rng, 30, stats, "comb contracted", o);
  EXPECT_EQ(stats.queries, 40 * 40 + 60);
}

TEST(SubgoalSearch, OpenRunsLongerThanTheSavedClearance) {
  // Clearances are stored saturated at 255 cells and continued from there: strips 600 cells long
  // (both ways) with a few obstacles, and a sparse 300 x 300 map, so that scans run past 255 and
  // past 510 cells before they meet a subgoal or a wall.
  std::mt19937_64 rng(255);
  SubgoalStats stats;
  for (int k = 0; k < 8; ++k) {
    const bool wide = k % 2 == 0;
    Grid g(wide ? 600 : 20, wide ? 20 : 600);
    const int obstacles = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < obstacles; ++i) {
      const GridCoord c{static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
                        static_cast<int>(rng() % static_cast<unsigned>(g.rows()))};
      g.set_blocked(c, true);
    }
    SubgoalOptions o;
    o.contract = k >= 4;
    compare_subgoal_with_astar(g, rng, 25, stats, "strip " + std::to_string(k), o);
    if (HasFatalFailure()) return;
  }
  Grid sparse(300, 300);
  for (int i = 0; i < 12; ++i) {
    sparse.set_blocked({static_cast<int>(rng() % 300), static_cast<int>(rng() % 300)}, true);
  }
  compare_subgoal_with_astar(sparse, rng, 10, stats, "sparse");
  EXPECT_EQ(stats.queries, 8 * 25 + 10);
  // One scan straight along a 600-cell row: the subgoal at its far end is an edge.
  Grid row(600, 3);
  row.set_blocked({599, 0}, true);
  row.set_blocked({0, 2}, true);
  const SubgoalGraph graph(row, kWalk);
  ASSERT_TRUE(graph.is_subgoal(598, 1));
  ASSERT_TRUE(graph.is_subgoal(1, 1));
  std::vector<GridCoord> edges;
  graph.edges_of(1, 1, edges);
  EXPECT_NE(std::find(edges.begin(), edges.end(), GridCoord{598, 1}), edges.end());
}

TEST(SubgoalSearch, StaysInSyncAndRefusesWhatItCannotHonour) {
  Grid g = subgoal_art({
      "..........",
      "...#......",
      "...#......",
      "...#......",
      "..........",
  });
  SubgoalGraph graph(g, kWalk);
  SubgoalSearch search;
  std::vector<GridCoord> out{{9, 9}};
  PathResult r = search.find_path(g, graph, {1, 2}, {6, 2}, out);
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.cost, cost::exact_length(3, 3));  // around the bar's top or bottom end
  // A wall written after the graph was built: stale, nothing searched, `out` unchanged.
  g.set_blocked({3, 0}, true);
  out.assign(1, GridCoord{9, 9});
  r = search.find_path(g, graph, {1, 2}, {6, 2}, out);
  EXPECT_EQ(r.status, SearchStatus::stale);
  EXPECT_EQ(out, (std::vector<GridCoord>{{9, 9}}));
  EXPECT_EQ(graph.sync(g, kWalk), MapSync::rebuilt);
  EXPECT_EQ(graph.sync(g, kWalk), MapSync::current);
  r = search.find_path(g, graph, {1, 2}, {6, 2}, out);
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.cost, cost::exact_length(3, 3));  // only the bottom end now
  EXPECT_EQ(out[3], (GridCoord{3, 4}));
  // The grid overload rebuilds its own graph when the grid changes.
  r = search.find_path(g, kWalk, {1, 2}, {6, 2}, out);
  EXPECT_EQ(search.last_map_sync(), MapSync::rebuilt);
  r = search.find_path(g, kWalk, {1, 2}, {6, 2}, out);
  EXPECT_EQ(search.last_map_sync(), MapSync::current);
  g.set_blocked({3, 4}, true);  // walled off
  r = search.find_path(g, kWalk, {1, 2}, {6, 2}, out);
  EXPECT_EQ(search.last_map_sync(), MapSync::rebuilt);
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  // Refusals, as JpsPlus: 4-connected, weights, non-uniform layers, off-grid endpoints.
  out.assign(1, GridCoord{9, 9});
  SearchOptions four;
  four.connectivity = Connectivity::four;
  EXPECT_EQ(search.find_path(g, kWalk, {0, 0}, {1, 1}, out, four).status,
            SearchStatus::unsupported);
  SearchOptions weighted;
  weighted.weight = 2;
  EXPECT_EQ(search.find_path(g, kWalk, {0, 0}, {1, 1}, out, weighted).status,
            SearchStatus::unsupported);
  weighted.weight = 0.5;
  EXPECT_EQ(search.find_path(g, kWalk, {0, 0}, {1, 1}, out, weighted).status,
            SearchStatus::invalid_argument);
  EXPECT_EQ(search.find_path(g, GridLayer{1, 3}, {0, 0}, {1, 1}, out).status,
            SearchStatus::unsupported);
  EXPECT_EQ(search.find_path(g, kWalk, {0, 0}, {10, 1}, out).status,
            SearchStatus::invalid_endpoint);
  EXPECT_EQ(out, (std::vector<GridCoord>{{9, 9}}));
  // A uniform layer of cost 3 scales the cost.
  const Grid open(6, 6);
  r = search.find_path(open, GridLayer{3}, {0, 0}, {5, 2}, out);
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.cost, cost::exact_length(9, 6));
  // Limits: one expansion is not enough around a wall.
  SearchOptions limited;
  limited.limits.max_expansions = 1;
  Grid bar = subgoal_art({
      ".....",
      "..#..",
      "..#..",
      "..#..",
      ".....",
  });
  r = search.find_path(bar, kWalk, {0, 2}, {4, 2}, out, limited);
  EXPECT_EQ(r.status, SearchStatus::expansion_limit);
  EXPECT_EQ(test::validate_path(bar, kWalk, Connectivity::eight, {0, 2}, out), "");
}

TEST(SubgoalSearch, WarmQueriesAllocateNothing) {
  std::mt19937_64 rng(11);
  const Grid g = test::random_grid(rng, 120, 90, 0.3);
  const SubgoalGraph graph(g, kWalk);
  SubgoalSearch search;
  search.reserve(graph);
  std::vector<GridCoord> out;
  out.reserve(static_cast<std::size_t>(g.cell_count()));
  std::vector<std::pair<GridCoord, GridCoord>> queries;
  for (int i = 0; i < 200; ++i)
    queries.push_back({{static_cast<int>(rng() % 120), static_cast<int>(rng() % 90)},
                       {static_cast<int>(rng() % 120), static_cast<int>(rng() % 90)}});
  int found = 0;
  const std::uint64_t before = test::allocation_count();
  for (const auto& [s, t] : queries) found += search.find_path(g, graph, s, t, out).found() ? 1 : 0;
  EXPECT_EQ(test::allocation_count() - before, 0u);
  EXPECT_GT(found, 50);
  // The contracted graph: reserve(graph) covers its down edges and unpacking too.
  SubgoalOptions o;
  o.contract = true;
  const SubgoalGraph contracted(g, kWalk, o);
  SubgoalSearch search2;
  search2.reserve(contracted);
  int found2 = 0;
  const std::uint64_t before2 = test::allocation_count();
  for (const auto& [s, t] : queries)
    found2 += search2.find_path(g, contracted, s, t, out).found() ? 1 : 0;
  EXPECT_EQ(test::allocation_count() - before2, 0u);
  EXPECT_EQ(found2, found);
}

}  // namespace
}  // namespace pathing
