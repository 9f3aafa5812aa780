#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <queue>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/map/graph.hpp"
#include "pathing/map/grid_graph.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/graph_astar.hpp"
#include "support/alloc_counter.hpp"
#include "support/graph_test_maps.hpp"

namespace pathing {
namespace {

// --- a plain adjacency-list graph ------------------------------------------------------------

/// Directed graph with explicit edges; heuristic(n, goal) = hint[n] (0 for the goal), so a test
/// sets the estimates it wants.
template <class Cost>
struct AdjGraph {
  using node_type = std::uint32_t;
  using cost_type = Cost;
  struct Edge {
    node_type to;
    Cost cost;
  };

  explicit AdjGraph(std::size_t n) : adj(n), hint(n, Cost{0}) {}
  void add(node_type a, node_type b, Cost c) { adj[a].push_back({b, c}); }

  [[nodiscard]] std::size_t node_count() const { return adj.size(); }
  template <class F>
  void for_each_neighbor(node_type n, F&& f) const {
    for (const Edge& e : adj[n]) f(e.to, e.cost);
  }
  [[nodiscard]] Cost heuristic(node_type n, node_type goal) const {
    return n == goal ? Cost{0} : hint[n];
  }

  std::vector<std::vector<Edge>> adj;
  std::vector<Cost> hint;
};

using IntGraph = AdjGraph<std::uint32_t>;
using Nodes = std::vector<std::uint32_t>;

// --- the concept -------------------------------------------------------------------------------

struct MissingNodeType {
  using cost_type = int;
  std::size_t node_count() const;
  template <class F>
  void for_each_neighbor(int, F&&) const;
  int heuristic(int, int) const;
};
struct BoolNodeType {
  using node_type = bool;
  using cost_type = int;
  std::size_t node_count() const;
  template <class F>
  void for_each_neighbor(bool, F&&) const;
  int heuristic(bool, bool) const;
};
struct MissingCostType {
  using node_type = int;
  std::size_t node_count() const;
  template <class F>
  void for_each_neighbor(int, F&&) const;
  int heuristic(int, int) const;
};
struct StringCostType {
  using node_type = int;
  using cost_type = std::string;
  std::size_t node_count() const;
  template <class F>
  void for_each_neighbor(int, F&&) const;
  std::string heuristic(int, int) const;
};
struct MissingNodeCount {
  using node_type = int;
  using cost_type = int;
  template <class F>
  void for_each_neighbor(int, F&&) const;
  int heuristic(int, int) const;
};
struct NonConstNeighbors {  // for_each_neighbor is not const: GraphAStar holds a const G&
  using node_type = int;
  using cost_type = int;
  std::size_t node_count() const;
  template <class F>
  void for_each_neighbor(int, F&&);
  int heuristic(int, int) const;
};
struct AllocatingNeighbors {  // the seed's iterator-returning shape, not a visitor
  using node_type = int;
  using cost_type = int;
  std::size_t node_count() const;
  std::vector<int> for_each_neighbor(int) const;
  int heuristic(int, int) const;
};
struct MissingHeuristic {
  using node_type = int;
  using cost_type = int;
  std::size_t node_count() const;
  template <class F>
  void for_each_neighbor(int, F&&) const;
};
struct PointerHeuristic {
  using node_type = int;
  using cost_type = int;
  std::size_t node_count() const;
  template <class F>
  void for_each_neighbor(int, F&&) const;
  const char* heuristic(int, int) const;
};

static_assert(SearchGraph<IntGraph>);
static_assert(SearchGraph<AdjGraph<double>>);
static_assert(SearchGraph<GridGraph4>);
static_assert(SearchGraph<GridGraph8>);
static_assert(!SearchGraph<MissingNodeType> && !GraphNodeIds<MissingNodeType>);
static_assert(!SearchGraph<BoolNodeType> && !GraphNodeIds<BoolNodeType>);
static_assert(!SearchGraph<MissingCostType> && !GraphCosts<MissingCostType>);
static_assert(!SearchGraph<StringCostType> && !GraphCosts<StringCostType>);
static_assert(!SearchGraph<MissingNodeCount> && !GraphNodeCount<MissingNodeCount>);
static_assert(!SearchGraph<NonConstNeighbors> && !GraphNeighbors<NonConstNeighbors>);
static_assert(!SearchGraph<AllocatingNeighbors> && !GraphNeighbors<AllocatingNeighbors>);
static_assert(!SearchGraph<MissingHeuristic> && !GraphHeuristic<MissingHeuristic>);
static_assert(!SearchGraph<PointerHeuristic> && !GraphHeuristic<PointerHeuristic>);
// Every broken type above still has the other pieces, so each one misses exactly one.
static_assert(GraphNeighbors<MissingNodeCount> && GraphHeuristic<NonConstNeighbors>);
static_assert(graph_cost_unit<GridGraph8>() == static_cast<double>(cost::kStraight));
static_assert(graph_cost_unit<IntGraph>() == 1.0);

// --- sparse keys ------------------------------------------------------------------------------

TEST(NodeInterner, DenseIdsInFirstSeenOrder) {
  NodeInterner<std::string> names;
  EXPECT_EQ(names.intern("harbor"), 0u);
  EXPECT_EQ(names.intern("mill"), 1u);
  EXPECT_EQ(names.intern("harbor"), 0u);
  EXPECT_EQ(names.size(), 2u);
  EXPECT_EQ(names.find("mill"), std::optional<std::uint32_t>(1u));
  EXPECT_EQ(names.find("castle"), std::nullopt);
  EXPECT_EQ(names.key(1), "mill");
#if PATHING_HAS_EXCEPTIONS
  try {
    (void)names.key(2);
    FAIL() << "expected std::out_of_range";
  } catch (const std::out_of_range& e) {
    EXPECT_EQ(std::string(e.what()), "pathing::NodeInterner: id 2 was never handed out (2 keys)");
  }
#endif
}

TEST(NodeInterner, RunsOutOfIdsWithAClearError) {
  NodeInterner<std::uint64_t, std::uint8_t> ids;  // 64-bit keys, 8-bit ids: 255 keys fit
  for (std::uint64_t k = 0; k < 255; ++k) EXPECT_EQ(ids.intern(k << 40), k);
#if PATHING_HAS_EXCEPTIONS
  EXPECT_THROW((void)ids.intern(std::uint64_t{1} << 63), std::length_error);
#endif
  EXPECT_EQ(ids.size(), 255u);
  EXPECT_EQ(ids.intern(std::uint64_t{3} << 40), 3u);  // known keys still resolve
}

// --- hand-made graphs: exact paths, costs, counts ---------------------------------------------

TEST(GraphAStar, FindsCheapestPathWithExactCounts) {
  IntGraph g(5);
  g.add(0, 1, 1);
  g.add(0, 2, 2);
  g.add(1, 3, 5);
  g.add(2, 3, 1);
  g.add(3, 4, 1);
  GraphAStar<IntGraph> search;
  Nodes out;
  const auto r = search.find_path(g, 0, 4, out);
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(out, (Nodes{0, 2, 3, 4}));
  EXPECT_EQ(r.cost, 4u);
  EXPECT_EQ(r.moves, 3u);
  EXPECT_EQ(r.finish, 4u);
  // Pops: 0, 1 (pushes 3 at g 6), 2 (improves 3 to g 3), 3, then the goal.
  EXPECT_EQ(r.stats.expanded, 4u);
  EXPECT_EQ(r.stats.generated, 6u);
}

TEST(GraphAStar, HeapTiesOnFGoToLargerG) {
  // Two paths of cost 3: 0-A-goal and 0-B-goal. A and B both get f = 3 > f(0) = 1, so both go to
  // the heap; A is reported first, but B has the larger g at the same f, so B is expanded first and
  // its path is returned; A is never expanded.
  IntGraph g(4);
  constexpr std::uint32_t kA = 1, kB = 2, kGoal = 3;
  g.add(0, kA, 1);
  g.add(0, kB, 2);
  g.add(kA, kGoal, 2);
  g.add(kB, kGoal, 1);
  g.hint = {1, 2, 1, 0};
  GraphAStar<IntGraph> search;
  Nodes out;
  const auto r = search.find_path(g, 0, kGoal, out);
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(out, (Nodes{0, kB, kGoal}));
  EXPECT_EQ(r.cost, 3u);
  EXPECT_EQ(r.stats.expanded, 2u);
}

TEST(GraphAStar, SuccessorsWithTheCurrentFSkipTheHeapLastInFirstOut) {
  // f(0) = 3 and both successors keep f = 3: they bypass the heap and the last one reported (B,
  // the smaller g) is expanded first. With w = 2 there is no bypass, and f(A) = 4 < f(B) = 5.
  IntGraph g(4);
  constexpr std::uint32_t kA = 1, kB = 2, kGoal = 3;
  g.add(0, kA, 2);
  g.add(0, kB, 1);
  g.add(kA, kGoal, 1);
  g.add(kB, kGoal, 2);
  g.hint = {3, 1, 2, 0};
  GraphAStar<IntGraph> search;
  Nodes out;
  auto r = search.find_path(g, 0, kGoal, out);
  EXPECT_EQ(out, (Nodes{0, kB, kGoal}));
  EXPECT_EQ(r.cost, 3u);
  EXPECT_EQ(r.stats.expanded, 2u);
  search.set_heuristic_weight(2.0);
  r = search.find_path(g, 0, kGoal, out);
  EXPECT_EQ(out, (Nodes{0, kA, kGoal}));
  EXPECT_EQ(r.cost, 3u);
}

TEST(GraphAStar, SameQueryGivesSamePath) {
  // A 6x6 lattice with unit costs has many cheapest paths; the documented tie-breaking makes the
  // answer a function of the query.
  IntGraph g(36);
  for (std::uint32_t y = 0; y < 6; ++y)
    for (std::uint32_t x = 0; x < 6; ++x) {
      if (x + 1 < 6) g.add(y * 6 + x, y * 6 + x + 1, 1);
      if (y + 1 < 6) g.add(y * 6 + x, (y + 1) * 6 + x, 1);
    }
  GraphAStar<IntGraph> a;
  GraphAStar<IntGraph> b;
  Nodes first;
  Nodes again;
  Nodes other;
  const auto r1 = a.find_path(g, 0, 35, first);
  (void)a.find_path(g, 5, 30, other);  // dirty the workspace in between
  const auto r2 = a.find_path(g, 0, 35, again);
  const auto r3 = b.find_path(g, 0, 35, other);
  EXPECT_EQ(r1.cost, 10u);
  EXPECT_EQ(first, again);
  EXPECT_EQ(first, other);
  EXPECT_EQ(r1.stats.expanded, r2.stats.expanded);
  EXPECT_EQ(r1.stats.expanded, r3.stats.expanded);
}

TEST(GraphAStar, UnreachableGoalGivesPathToSmallestHeuristic) {
  IntGraph g(5);
  g.add(0, 1, 2);
  g.add(1, 2, 2);
  g.add(0, 3, 7);
  g.hint = {9, 4, 6, 4, 0};  // 1 and 3 tie on h = 4: 1 is expanded first (g 2 < g 7)
  GraphAStar<IntGraph> search;
  Nodes out{42};
  const auto r = search.find_path(g, 0, 4, out);
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  EXPECT_TRUE(r.partial());
  EXPECT_EQ(r.finish, 1u);
  EXPECT_EQ(out, (Nodes{0, 1}));
  EXPECT_EQ(r.cost, 2u);
  EXPECT_EQ(r.moves, 1u);
  EXPECT_EQ(r.stats.expanded, 4u);
}

TEST(GraphAStar, StartEqualsGoal) {
  IntGraph g(3);
  g.add(0, 1, 1);
  GraphAStar<IntGraph> search;
  Nodes out{7, 7, 7};
  const auto r = search.find_path(g, 1, 1, out);
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(out, (Nodes{1}));
  EXPECT_EQ(r.cost, 0u);
  EXPECT_EQ(r.moves, 0u);
  EXPECT_EQ(r.stats.expanded, 0u);
}

TEST(GraphAStar, InvalidEndpointLeavesOutputUnchanged) {
  IntGraph g(3);
  GraphAStar<IntGraph> search;
  Nodes out{5, 6};
  EXPECT_EQ(search.find_path(g, 3, 0, out).status, SearchStatus::invalid_endpoint);
  EXPECT_EQ(search.find_path(g, 0, 99, out).status, SearchStatus::invalid_endpoint);
  EXPECT_EQ(out, (Nodes{5, 6}));
}

TEST(GraphAStar, ExpansionAndCostLimits) {
  IntGraph g(6);  // a chain 0-1-2-3-4-5 of cost 10 edges
  for (std::uint32_t i = 0; i < 5; ++i) g.add(i, i + 1, 10);
  g.hint = {50, 40, 30, 20, 10, 0};
  GraphAStar<IntGraph> search;
  Nodes out;
  SearchLimits lim;
  lim.max_expansions = 2;
  auto r = search.find_path(g, 0, 5, out, lim);
  EXPECT_EQ(r.status, SearchStatus::expansion_limit);
  EXPECT_EQ(r.stats.expanded, 2u);
  EXPECT_EQ(r.finish, 1u);  // expanded: 0 and 1; 1 has the smallest h
  EXPECT_EQ(out, (Nodes{0, 1}));

  SearchLimits cost_lim;
  cost_lim.max_cost = 25;  // nodes with g > 25 (3, 4, 5) are never generated
  r = search.find_path(g, 0, 5, out, cost_lim);
  EXPECT_EQ(r.status, SearchStatus::cost_limit);
  EXPECT_EQ(r.finish, 2u);
  EXPECT_EQ(r.cost, 20u);
  EXPECT_EQ(out, (Nodes{0, 1, 2}));

  cost_lim.max_cost = 50;  // the goal costs exactly 50: allowed
  r = search.find_path(g, 0, 5, out, cost_lim);
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(r.cost, 50u);
}

TEST(GraphAStar, CostLimitUsesTheGraphsCostUnit) {
  // GridGraph declares cost_unit = cost::kStraight: max_cost counts straight moves of cost 1.
  const Grid grid(10, 1);
  const GridGraph4 g(grid, GridLayer{});
  GraphAStar<GridGraph4> search;
  std::vector<std::uint32_t> out;
  SearchLimits lim;
  lim.max_cost = 4.5;
  const auto r = search.find_path(g, g.node({0, 0}), g.node({9, 0}), out, lim);
  EXPECT_EQ(r.status, SearchStatus::cost_limit);
  EXPECT_EQ(r.finish, g.node({4, 0}));
  EXPECT_EQ(r.cost, 4 * cost::kStraight);
}

TEST(GraphAStar, FloatingPointCosts) {
  AdjGraph<double> g(4);
  g.add(0, 1, 0.5);
  g.add(1, 3, 0.25);
  g.add(0, 2, 0.1);
  g.add(2, 3, 0.7);
  GraphAStar<AdjGraph<double>> search;
  Nodes out;
  const auto r = search.find_path(g, 0, 3, out);
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(out, (Nodes{0, 1, 3}));
  EXPECT_DOUBLE_EQ(r.cost, 0.75);
}

TEST(GraphAStar, BadGraphDataIsInvalidArgumentNotAThrow) {
  IntGraph g(3);
  g.add(0, 1, 1);
  g.add(1, 7, 1);  // id 7 does not exist
  GraphAStar<IntGraph> search;
  Nodes out{9};
  const auto bad_id = search.find_path(g, 0, 2, out);
  EXPECT_EQ(bad_id.status, SearchStatus::invalid_argument);
  EXPECT_EQ(bad_id.finish, 0u);
  EXPECT_EQ(bad_id.moves, 0u);
  EXPECT_EQ(bad_id.cost, 0);
  EXPECT_EQ(out, (Nodes{9}));

  AdjGraph<int> neg(3);
  neg.add(0, 1, 2);
  neg.add(1, 2, -1);
  GraphAStar<AdjGraph<int>> s2;
  EXPECT_EQ(s2.find_path(neg, 0, 2, out).status, SearchStatus::invalid_argument);
  EXPECT_EQ(out, (Nodes{9}));
  // The searcher is still usable afterwards.
  neg.adj[1][0].cost = 1;
  EXPECT_EQ(s2.find_path(neg, 0, 2, out).cost, 3);

  AdjGraph<double> nan_h(2);
  nan_h.add(0, 1, 1.0);
  nan_h.hint = {std::numeric_limits<double>::quiet_NaN(), 0.0};
  GraphAStar<AdjGraph<double>> s3;
  out = Nodes{9};
  EXPECT_EQ(s3.find_path(nan_h, 0, 1, out).status, SearchStatus::invalid_argument);
  EXPECT_EQ(out, (Nodes{9}));
  // A NaN heuristic met later (not at the start) stops the search the same way.
  AdjGraph<double> nan_later(3);
  nan_later.add(0, 1, 1.0);
  nan_later.add(1, 2, 1.0);
  nan_later.hint = {0.0, std::numeric_limits<double>::quiet_NaN(), 0.0};
  EXPECT_EQ(s3.find_path(nan_later, 0, 2, out).status, SearchStatus::invalid_argument);
  EXPECT_EQ(out, (Nodes{9}));
}

/// Integer edge costs with a floating heuristic (e.g. a Euclidean estimate): heuristic() returns
/// double while cost_type is int.
struct IntCostDoubleHeuristic {
  using node_type = std::uint32_t;
  using cost_type = int;
  AdjGraph<int> g;
  std::vector<double> hint;
  [[nodiscard]] std::size_t node_count() const { return g.node_count(); }
  template <class F>
  void for_each_neighbor(node_type n, F&& f) const {
    g.for_each_neighbor(n, std::forward<F>(f));
  }
  [[nodiscard]] double heuristic(node_type n, node_type goal) const {
    return n == goal ? 0.0 : hint[n];
  }
};

// A double heuristic beyond int's range was converted to int unchecked (undefined behaviour; on
// x86 it became INT_MIN, a hopeless node looked cheapest). It saturates now; NaN and negative
// values are invalid_argument as for floating cost types.
TEST(GraphAStar, FloatingHeuristicForIntegralCostsIsRangeChecked) {
  IntCostDoubleHeuristic g{AdjGraph<int>(4), {}};
  g.g.add(0, 1, 1);
  g.g.add(1, 3, 100);
  g.g.add(0, 2, 2);
  g.g.add(2, 3, 2);
  g.hint = {0.0, 1e30, 0.0, 0.0};  // node 1 is hopeless: any estimate up to 100 is admissible
  GraphAStar<IntCostDoubleHeuristic> search;
  Nodes out;
  const auto r = search.find_path(g, 0, 3, out);
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(r.cost, 4);
  EXPECT_EQ(out, (Nodes{0, 2, 3}));
  EXPECT_EQ(r.stats.expanded, 2u);  // node 1 (f saturated) is never expanded
  g.hint = {0.0, std::numeric_limits<double>::infinity(), 0.0, 0.0};
  EXPECT_EQ(search.find_path(g, 0, 3, out).cost, 4);
  out = Nodes{9};
  g.hint = {0.0, std::numeric_limits<double>::quiet_NaN(), 0.0, 0.0};
  EXPECT_EQ(search.find_path(g, 0, 3, out).status, SearchStatus::invalid_argument);
  EXPECT_EQ(out, (Nodes{9}));
  g.hint = {0.0, -0.5, 0.0, 0.0};
  EXPECT_EQ(search.find_path(g, 0, 3, out).status, SearchStatus::invalid_argument);
  EXPECT_EQ(out, (Nodes{9}));
}

// Issue #19 D2: with an integral cost type, g + h and g + edge cost were computed unchecked (a
// heuristic of INT_MAX overflowed int). f saturates; a g that would overflow is invalid_argument.
TEST(GraphAStar, HugeIntegralHeuristicSaturatesF) {
  constexpr int kMax = std::numeric_limits<int>::max();
  // Node 1 is a dead end, so INT_MAX is an admissible estimate for it: f = 1 + INT_MAX saturates
  // and the node is never expanded.
  AdjGraph<int> g(4);
  g.add(0, 1, 1);
  g.add(0, 2, 2);
  g.add(2, 3, 2);
  g.hint = {0, kMax, 0, 0};
  GraphAStar<AdjGraph<int>> search;
  Nodes out;
  const auto r = search.find_path(g, 0, 3, out);
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(r.cost, 4);
  EXPECT_EQ(out, (Nodes{0, 2, 3}));
  EXPECT_EQ(r.stats.expanded, 2u);
  // Weighted: w * h saturates as before, and g + w * h no longer overflows either.
  search.set_heuristic_weight(3.0);
  EXPECT_EQ(search.find_path(g, 0, 3, out).status, SearchStatus::found);
  EXPECT_EQ(out.back(), 3u);
  // Unsigned costs wrapped silently (f = 1 + UINT_MAX = 0 made a hopeless node look cheapest).
  AdjGraph<std::uint32_t> u(4);
  u.add(0, 1, 1);
  u.add(1, 3, 100);
  u.add(0, 2, 1);
  u.add(2, 3, 1);
  u.hint = {0, std::numeric_limits<std::uint32_t>::max(), 0, 0};
  GraphAStar<AdjGraph<std::uint32_t>> us;
  const auto ru = us.find_path(u, 0, 3, out);
  EXPECT_EQ(ru.status, SearchStatus::found);
  EXPECT_EQ(ru.cost, 2u);
  EXPECT_EQ(ru.stats.expanded, 2u);  // 0 and 2; node 1 (f saturated) never comes up
}

TEST(GraphAStar, IntegralCostSumThatOverflowsIsInvalidArgument) {
  constexpr int kMax = std::numeric_limits<int>::max();
  AdjGraph<int> g(3);
  g.add(0, 1, kMax);
  g.add(1, 2, 1);  // g would be INT_MAX + 1
  GraphAStar<AdjGraph<int>> search;
  Nodes out{9};
  const auto r = search.find_path(g, 0, 2, out);
  EXPECT_EQ(r.status, SearchStatus::invalid_argument);
  EXPECT_EQ(r.cost, 0);
  EXPECT_EQ(out, (Nodes{9}));
  // A sum of exactly INT_MAX fits.
  g.adj[1][0].cost = 0;
  const auto ok = search.find_path(g, 0, 2, out);
  EXPECT_EQ(ok.status, SearchStatus::found);
  EXPECT_EQ(ok.cost, kMax);
  // The same with a cost limit: over the limit but representable is a prune, not an error.
  g.adj[1][0].cost = 1;
  SearchLimits lim;
  lim.max_cost = 100;
  EXPECT_EQ(search.find_path(g, 0, 2, out, lim).status, SearchStatus::cost_limit);

  // Unsigned sums wrapped to a cheap-looking, wrong cost.
  AdjGraph<std::uint32_t> u(3);
  u.add(0, 1, std::numeric_limits<std::uint32_t>::max());
  u.add(1, 2, 1);
  GraphAStar<AdjGraph<std::uint32_t>> us;
  EXPECT_EQ(us.find_path(u, 0, 2, out).status, SearchStatus::invalid_argument);
  // 16-bit costs (promoted to int in arithmetic) are checked against their own maximum.
  AdjGraph<std::int16_t> s16(3);
  s16.add(0, 1, 30000);
  s16.add(1, 2, 30000);
  GraphAStar<AdjGraph<std::int16_t>> ss;
  EXPECT_EQ(ss.find_path(s16, 0, 2, out).status, SearchStatus::invalid_argument);
}

// --- against a textbook Dijkstra on random graphs ----------------------------------------------

std::uint64_t dijkstra(const AdjGraph<std::uint64_t>& g, std::uint32_t from, std::uint32_t to) {
  std::vector<std::uint64_t> dist(g.node_count(), std::numeric_limits<std::uint64_t>::max());
  using Item = std::pair<std::uint64_t, std::uint32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
  dist[from] = 0;
  pq.push({0, from});
  while (!pq.empty()) {
    const auto [d, n] = pq.top();
    pq.pop();
    if (d != dist[n]) continue;
    for (const auto& e : g.adj[n]) {
      if (d + e.cost < dist[e.to]) {
        dist[e.to] = d + e.cost;
        pq.push({dist[e.to], e.to});
      }
    }
  }
  return dist[to];
}

TEST(GraphAStar, MatchesDijkstraOnRandomGraphs) {
  test::SplitMix64 rng(7);
  GraphAStar<AdjGraph<std::uint64_t>> search;
  std::vector<std::uint32_t> out;
  int found = 0;
  for (int round = 0; round < 40; ++round) {
    const int n = 20 + rng.below(80);
    AdjGraph<std::uint64_t> g(static_cast<std::size_t>(n));
    for (int e = 0; e < n * 3; ++e) {
      g.add(static_cast<std::uint32_t>(rng.below(n)), static_cast<std::uint32_t>(rng.below(n)),
            static_cast<std::uint64_t>(1 + rng.below(20)));
    }
    for (int q = 0; q < 10; ++q) {
      const auto a = static_cast<std::uint32_t>(rng.below(n));
      const auto b = static_cast<std::uint32_t>(rng.below(n));
      const std::uint64_t want = dijkstra(g, a, b);
      const auto r = search.find_path(g, a, b, out);
      if (want == std::numeric_limits<std::uint64_t>::max()) {
        EXPECT_EQ(r.status, SearchStatus::unreachable);
        continue;
      }
      ++found;
      ASSERT_EQ(r.status, SearchStatus::found);
      EXPECT_EQ(r.cost, want);
      // The node list is a real path of that cost.
      ASSERT_EQ(out.front(), a);
      ASSERT_EQ(out.back(), b);
      std::uint64_t sum = 0;
      for (std::size_t i = 0; i + 1 < out.size(); ++i) {
        std::uint64_t best = std::numeric_limits<std::uint64_t>::max();
        for (const auto& e : g.adj[out[i]])
          if (e.to == out[i + 1] && e.cost < best) best = e.cost;
        ASSERT_NE(best, std::numeric_limits<std::uint64_t>::max()) << "no edge " << out[i];
        sum += best;
      }
      EXPECT_EQ(sum, want);
    }
  }
  EXPECT_GT(found, 200);
}

// --- GridGraph against AStar --------------------------------------------------------------------

/// Sum of the fixed-point move costs along a cell path (cost of the cell entered times
/// kStraight or kDiagonal), recomputed independently of both searches.
std::uint64_t fixed_cost_of(const Grid& grid, const GridLayer& layer,
                            const std::vector<GridCoord>& cells) {
  std::uint64_t sum = 0;
  for (std::size_t i = 1; i < cells.size(); ++i) {
    const bool diag = cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y;
    sum += layer.cost_at(grid, cells[i]) * (diag ? cost::kDiagonal : cost::kStraight);
  }
  return sum;
}

/// GraphAStar over GridGraph<C> against AStar::find_path on random maps with random layer costs:
/// the same status and the same (optimal) cost; for partial results a finish equally close to the
/// goal. The paths themselves may differ among equal-cost ones: AStar breaks ties on
/// (f, smaller h, node index) with a LIFO for f-equal successors, GraphAStar on (f, larger g).
template <Connectivity C>
void expect_same_costs_as_astar(std::uint64_t seed) {
  test::SplitMix64 rng(seed);
  AStar astar;
  GraphAStar<GridGraph<C>> generic;
  std::vector<GridCoord> cells_a;
  std::vector<GridCoord> cells_g;
  std::vector<std::uint32_t> nodes;
  int found = 0;
  int partial = 0;
  for (int m = 0; m < 6; ++m) {
    const int cols = 20 + rng.below(50);
    const int rows = 20 + rng.below(50);
    const Grid grid = test::random_grid(rng, cols, rows, 15 + rng.below(20), 4);
    const GridLayer layer = test::random_layer(rng, 9);
    const GridGraph<C> graph(grid, layer);
    for (int q = 0; q < 40; ++q) {
      const GridCoord a = test::random_free_cell(rng, grid, layer);
      const GridCoord b = test::random_free_cell(rng, grid, layer);
      const PathResult ra = astar.find_path(grid, layer, a, b, cells_a, {C});
      const auto rg = generic.find_path(graph, graph.node(a), graph.node(b), nodes);
      graph.to_cells(nodes, cells_g);
      ASSERT_EQ(rg.status, ra.status) << "seed " << seed << " map " << m << " query " << q;
      ASSERT_EQ(test::path_fault(grid, layer, cells_g, a, graph.coord(rg.finish),
                                 C == Connectivity::eight),
                "");
      EXPECT_EQ(rg.moves + 1, cells_g.size());
      EXPECT_EQ(rg.cost, fixed_cost_of(grid, layer, cells_g));
      if (ra.found()) {
        EXPECT_EQ(rg.cost, fixed_cost_of(grid, layer, cells_a))
            << "seed " << seed << " map " << m << " query " << q;
        ++found;
      } else {
        EXPECT_EQ(distance_fixed(C, graph.coord(rg.finish), b), distance_fixed(C, ra.finish, b));
        ++partial;
      }
    }
  }
  EXPECT_GT(found, 100);
  EXPECT_GT(partial, 2);
}

TEST(GridGraph, SameCostsAsAStarFourConnected) {
  expect_same_costs_as_astar<Connectivity::four>(11);
}
TEST(GridGraph, SameCostsAsAStarEightConnected) {
  expect_same_costs_as_astar<Connectivity::eight>(12);
}

TEST(GridGraph, NodesAndCells) {
  const Grid grid(7, 5);
  const GridGraph8 g(grid, GridLayer{});
  EXPECT_EQ(g.node_count(), 35u);
  EXPECT_EQ(g.node({3, 2}), 17u);
  EXPECT_EQ(g.coord(17), (GridCoord{3, 2}));
  EXPECT_EQ(g.node({7, 0}), GridGraph8::kInvalidNode);
  EXPECT_EQ(g.node({0, -1}), GridGraph8::kInvalidNode);
  // Off-grid endpoints are reported as such.
  GraphAStar<GridGraph8> search;
  std::vector<std::uint32_t> out;
  EXPECT_EQ(search.find_path(g, g.node({0, 0}), g.node({9, 9}), out).status,
            SearchStatus::invalid_endpoint);
  // Neighbours of a corner of an open grid, in Direction8 order.
  std::vector<std::pair<std::uint32_t, std::uint64_t>> seen;
  g.for_each_neighbor(g.node({0, 0}),
                      [&](std::uint32_t n, std::uint64_t c) { seen.emplace_back(n, c); });
  const std::vector<std::pair<std::uint32_t, std::uint64_t>> want{
      {1, cost::kStraight}, {7, cost::kStraight}, {8, cost::kDiagonal}};
  EXPECT_EQ(seen, want);
  EXPECT_EQ(g.heuristic(g.node({0, 0}), g.node({3, 1})),
            3 * cost::kStraight + (cost::kDiagonal - cost::kStraight));
}

// --- workspace reuse -----------------------------------------------------------------------------

TEST(GraphAStar, WarmQueriesAllocateNothing) {
  test::SplitMix64 rng(21);
  const Grid grid = test::random_grid(rng, 64, 64, 25, 3);
  const GridLayer layer = test::random_layer(rng, 5);
  const GridGraph8 graph(grid, layer);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> queries;
  for (int q = 0; q < 50; ++q) {
    queries.emplace_back(graph.node(test::random_free_cell(rng, grid, layer)),
                         graph.node(test::random_free_cell(rng, grid, layer)));
  }
  GraphAStar<GridGraph8> search(graph.node_count());
  std::vector<std::uint32_t> out;
  std::uint64_t total_cost = 0;
  for (const auto& [a, b] : queries) total_cost += search.find_path(graph, a, b, out).cost;
  const test::AllocationScope scope;
  std::uint64_t again = 0;
  for (const auto& [a, b] : queries) again += search.find_path(graph, a, b, out).cost;
  EXPECT_EQ(scope.count(), 0u);
  EXPECT_EQ(again, total_cost);
  EXPECT_GT(search.memory_bytes(), graph.node_count() * (4 + 8 + 4));
}

TEST(GraphAStar, GenerationWrapAroundKeepsResults) {
  IntGraph g(4);
  g.add(0, 1, 1);
  g.add(1, 2, 1);
  g.add(2, 3, 1);
  GraphAStar<IntGraph> search;
  Nodes out;
  ASSERT_EQ(search.find_path(g, 0, 3, out).cost, 3u);
  detail::TestAccess::force_generation(search, detail::GenerationMap::kLastGeneration - 2);
  for (int i = 0; i < 4; ++i) {  // crosses the wrap: every stamp is cleared once
    const auto r = search.find_path(g, 0, 3, out);
    EXPECT_EQ(r.status, SearchStatus::found);
    EXPECT_EQ(out, (Nodes{0, 1, 2, 3}));
  }
}

// --- weighted A* ---------------------------------------------------------------------------------

template <Connectivity C>
void expect_weighted_bound(std::uint64_t seed) {
  test::SplitMix64 rng(seed);
  GraphAStar<GridGraph<C>> optimal;
  GraphAStar<GridGraph<C>> weighted;
  std::vector<std::uint32_t> out;
  int checked = 0;
  for (int m = 0; m < 5; ++m) {
    const Grid grid = test::random_grid(rng, 48, 48, 20 + rng.below(15), 4);
    const GridLayer layer = test::random_layer(rng, 6);
    const GridGraph<C> graph(grid, layer);
    for (int q = 0; q < 30; ++q) {
      const auto a = graph.node(test::random_free_cell(rng, grid, layer));
      const auto b = graph.node(test::random_free_cell(rng, grid, layer));
      const auto r1 = optimal.find_path(graph, a, b, out);
      if (!r1.found()) continue;
      for (const double w : {1.5, 2.0, 3.0}) {
        weighted.set_heuristic_weight(w);
        const auto rw = weighted.find_path(graph, a, b, out);
        ASSERT_EQ(rw.status, SearchStatus::found);
        EXPECT_GE(rw.cost, r1.cost);
        EXPECT_LE(static_cast<long double>(rw.cost), w * static_cast<long double>(r1.cost))
            << "w " << w << " map " << m << " query " << q;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 200);
}

TEST(GraphAStarWeighted, CostWithinWTimesOptimalFourConnected) {
  expect_weighted_bound<Connectivity::four>(31);
}
TEST(GraphAStarWeighted, CostWithinWTimesOptimalEightConnected) {
  expect_weighted_bound<Connectivity::eight>(32);
}

TEST(GraphAStarWeighted, WeightBelowOneIsOne) {
  GraphAStar<IntGraph> s;
  s.set_heuristic_weight(0.5);
  EXPECT_EQ(s.heuristic_weight(), 1.0);
  s.set_heuristic_weight(std::numeric_limits<double>::quiet_NaN());
  EXPECT_EQ(s.heuristic_weight(), 1.0);
  s.set_heuristic_weight(2.5);
  EXPECT_EQ(s.heuristic_weight(), 2.5);
}

TEST(GraphAStarWeighted, FewerExpansionsOnOpenMaps) {
  // Open maps (5% random obstacles, uniform cost): in total a weight > 1 expands strictly fewer
  // nodes than w = 1. Not on every query: weighted A* gives no such guarantee, and here 4 of the 60
  // queries expand 1 to 4 more nodes with w = 2 or 3 (the greedier search runs into an obstacle
  // that the optimal one walks around), so a single query may exceed w = 1 by at most 10%.
  test::SplitMix64 rng(41);
  const Grid grid = test::random_grid(rng, 96, 96, 5);
  const GridLayer layer;
  const GridGraph8 graph(grid, layer);
  GraphAStar<GridGraph8> optimal;
  GraphAStar<GridGraph8> weighted;
  std::vector<std::uint32_t> out;
  std::vector<std::uint64_t> totals;
  for (const double w : {1.5, 2.0, 3.0}) {
    weighted.set_heuristic_weight(w);
    test::SplitMix64 qrng(42);
    std::uint64_t sum1 = 0;
    std::uint64_t sumw = 0;
    int more = 0;
    for (int q = 0; q < 60; ++q) {
      const auto a = graph.node(test::random_free_cell(qrng, grid, layer));
      const auto b = graph.node(test::random_free_cell(qrng, grid, layer));
      const auto r1 = optimal.find_path(graph, a, b, out);
      const auto rw = weighted.find_path(graph, a, b, out);
      ASSERT_EQ(r1.status, SearchStatus::found);
      ASSERT_EQ(rw.status, SearchStatus::found);
      EXPECT_LE(rw.stats.expanded * 10, r1.stats.expanded * 11) << "w " << w << " query " << q;
      if (rw.stats.expanded > r1.stats.expanded) ++more;
      sum1 += r1.stats.expanded;
      sumw += rw.stats.expanded;
    }
    EXPECT_LT(sumw, sum1) << "w " << w;
    EXPECT_LE(more, 4) << "w " << w;
    totals.push_back(sumw);
    EXPECT_EQ(sum1, 9556u);
  }
}

TEST(GraphAStarWeighted, StrictSavingBehindAWall) {
  // 40x40 open map, a wall x = 20, y in [5, 34]; start left of it, goal right of it. A* with
  // w = 1 floods the pocket in front of the wall; w = 2 slides along it.
  Grid grid(40, 40);
  for (int y = 5; y < 35; ++y) grid.set_blocked({20, y}, true);
  const GridLayer layer;
  const GridGraph8 graph(grid, layer);
  GraphAStar<GridGraph8> search;
  std::vector<std::uint32_t> out;
  const auto a = graph.node({10, 20});
  const auto b = graph.node({30, 20});
  const auto r1 = search.find_path(graph, a, b, out);
  search.set_heuristic_weight(2.0);
  const auto r2 = search.find_path(graph, a, b, out);
  ASSERT_TRUE(r1.found());
  ASSERT_TRUE(r2.found());
  EXPECT_LT(r2.stats.expanded, r1.stats.expanded);
  EXPECT_EQ(r1.stats.expanded, 461u);
  EXPECT_EQ(r2.stats.expanded, 336u);
  EXPECT_LE(static_cast<double>(r2.cost), 2.0 * static_cast<double>(r1.cost));
}

}  // namespace
}  // namespace pathing
