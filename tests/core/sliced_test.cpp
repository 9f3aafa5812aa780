// Sliced queries (issue #16 item 6; Detour's initSlicedFindPath / updateSlicedFindPath /
// finalizeSlicedFindPath): `start_query` + `continue_query(budget)` + `finish_query` of AStar,
// Jps and JpsPlus give exactly the result of `find_path` (status, finish, cost, moves, stats,
// cells) for every budget, on thousands of seeded random maps; every call stays within its
// budget; a grid written or replaced between calls makes the query `stale`; cancel; refusals
// equal find_path's; warm sliced queries allocate nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "pathing/precompute/region_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/jump/jps_expand.hpp"
#include "pathing/search/jump/jump_search.hpp"
#include "support/alloc_counter.hpp"
#include "support/reference.hpp"

namespace pathing {
namespace {

constexpr std::uint64_t kBaseSeed = 20261125;
#ifdef NDEBUG
constexpr int kMaps = 8000;
#else
constexpr int kMaps = 3000;
#endif
constexpr int kBudgets[] = {1, 2, 7, 1000};

int uniform(std::mt19937_64& rng, int lo, int hi) {
  return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
}

GridCoord random_grid_cell(std::mt19937_64& rng, const Grid& g) {
  return {uniform(rng, 0, g.cols() - 1), uniform(rng, 0, g.rows() - 1)};
}

// Field by field, bit for bit (cost included), and the cells.
void expect_same_as_one_shot(const PathResult& sliced, const std::vector<GridCoord>& sliced_cells,
                             const PathResult& one_shot,
                             const std::vector<GridCoord>& one_shot_cells) {
  EXPECT_EQ(to_string(sliced.status), to_string(one_shot.status));
  EXPECT_EQ(sliced.finish, one_shot.finish);
  EXPECT_EQ(sliced.cost, one_shot.cost);
  EXPECT_EQ(sliced.moves, one_shot.moves);
  EXPECT_EQ(sliced.stats.expanded, one_shot.stats.expanded);
  EXPECT_EQ(sliced.stats.generated, one_shot.stats.generated);
  EXPECT_EQ(sliced_cells, one_shot_cells);
}

// A sliced query run to its end with `budget` expansions a call, checking every call: an
// `in_progress` call expanded exactly `budget` more nodes (it pauses only once the budget is
// spent), the final one at most `budget`; the final status is repeated by a further call.
// `calls` receives the number of continue_query calls.
template <class S, class Space>
PathResult run_sliced(S& s, const Grid& g, const Space& space, GridCoord from, GridCoord to,
                      const SearchOptions& o, int budget, std::vector<GridCoord>& out,
                      int* calls = nullptr) {
  PathResult r = s.start_query(g, space, from, to, o);
  int n = 0;
  if (r.status == SearchStatus::in_progress) {
    EXPECT_EQ(r.stats.expanded, 0u);
    EXPECT_EQ(r.stats.generated, 1u);
    EXPECT_EQ(r.finish, from);
    EXPECT_TRUE(s.query_active());
    for (;;) {
      const std::uint64_t before = r.stats.expanded;
      r = s.continue_query(budget);
      ++n;
      const std::uint64_t did = r.stats.expanded - before;
      if (r.status == SearchStatus::in_progress) {
        EXPECT_EQ(did, static_cast<std::uint64_t>(budget));
      } else {
        EXPECT_LE(did, static_cast<std::uint64_t>(budget));
        break;
      }
      if (n > 10'000'000) {
        ADD_FAILURE() << "no end";
        break;
      }
    }
    const PathResult again = s.continue_query(budget);
    EXPECT_EQ(again.status, r.status);
    EXPECT_EQ(again.stats.expanded, r.stats.expanded);
  }
  if (calls != nullptr) *calls = n;
  const PathResult f = s.finish_query(out);
  EXPECT_EQ(f.status, r.status);
  EXPECT_EQ(f.finish, r.finish);
  EXPECT_EQ(f.stats.expanded, r.stats.expanded);
  EXPECT_EQ(f.stats.generated, r.stats.generated);
  EXPECT_FALSE(s.query_active());
  return f;
}

struct Map {
  Grid grid{1, 1};
  GridLayer layer;
  bool uniform_cost = false;
};

Map random_map(std::mt19937_64& rng) {
  const int cls = uniform(rng, 0, 99);
  const int max_side = cls < 75 ? 16 : (cls < 97 ? 48 : 120);
  Map m;
  const int w = uniform(rng, 1, max_side);
  const int h = uniform(rng, 1, max_side);
  const double density = static_cast<double>(uniform(rng, 0, 45)) / 100.0;
  const int tags = uniform(rng, 1, 4);
  m.grid = test::random_grid(rng, w, h, density, tags);
  if (uniform(rng, 0, 1) == 0) {
    // Every passable cell costs the same: JPS and JPS+ take it too.
    const auto c = static_cast<std::uint8_t>(uniform(rng, 0, 3) == 0 ? uniform(rng, 2, 5) : 1);
    m.layer = GridLayer{c, uniform(rng, 0, 1) * c, uniform(rng, 0, 1) * c, c};
    m.uniform_cost = true;
  } else {
    m.layer =
        GridLayer{uniform(rng, 1, 3), uniform(rng, 0, 9), uniform(rng, 0, 9), uniform(rng, 0, 9)};
  }
  return m;
}

SearchOptions random_options(std::mt19937_64& rng, Connectivity conn, bool weighted) {
  SearchOptions o;
  o.connectivity = conn;
  const int k = uniform(rng, 0, 9);
  if (k == 0) o.limits.max_expansions = static_cast<std::uint64_t>(uniform(rng, 0, 60));
  if (k == 1) o.limits.max_cost = uniform(rng, 0, 160) / 4.0;
  if (weighted) {
    const int w = uniform(rng, 0, 5);
    if (w == 1) o.weight = 1.5;
    if (w == 2) o.weight = 3.0;
    if (w == 3) o.weight = std::numeric_limits<double>::infinity();
  }
  return o;
}

TEST(Sliced, AStarEqualsFindPathOnRandomMapsForEveryBudget) {
  AStar one_shot;
  AStar sliced;
  std::vector<GridCoord> a;
  std::vector<GridCoord> b;
  std::uint64_t compared = 0;
  std::uint64_t found = 0;
  std::uint64_t paused = 0;
  std::uint64_t limited = 0;
  for (int i = 0; i < kMaps; ++i) {
    const std::uint64_t seed = kBaseSeed + static_cast<std::uint64_t>(i);
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const Map m = random_map(rng);
    for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      const GridCoord from = random_grid_cell(rng, m.grid);
      const GridCoord to = random_grid_cell(rng, m.grid);
      const SearchOptions o = random_options(rng, conn, true);
      SCOPED_TRACE(std::string(conn == Connectivity::four ? "4" : "8") + "-connected, weight " +
                   std::to_string(o.weight) + ", max_expansions " +
                   std::to_string(o.limits.max_expansions) + ", max_cost " +
                   std::to_string(o.limits.max_cost));
      const PathResult want = one_shot.find_path(m.grid, m.layer, from, to, a, o);
      for (const int budget : kBudgets) {
        SCOPED_TRACE("budget " + std::to_string(budget));
        b.assign(3, GridCoord{-7, -7});
        int calls = 0;
        const PathResult got = run_sliced(sliced, m.grid, m.layer, from, to, o, budget, b, &calls);
        expect_same_as_one_shot(got, b, want, a);
        // Which cells were expanded: the same as well.
        for (int y = 0; y < m.grid.rows(); y += 3)
          for (int x = 0; x < m.grid.cols(); x += 3)
            ASSERT_EQ(sliced.was_expanded({x, y}), one_shot.was_expanded({x, y}));
        ++compared;
        paused += calls > 1 ? 1 : 0;
      }
      found += want.found() ? 1 : 0;
      limited +=
          (want.status == SearchStatus::expansion_limit || want.status == SearchStatus::cost_limit)
              ? 1
              : 0;
    }
  }
  // Both outcomes, the limits, and queries spread over several calls all occur.
  EXPECT_EQ(compared, 4u * 2u * kMaps);
  EXPECT_GT(found, static_cast<std::uint64_t>(kMaps) / 2);
  EXPECT_GT(limited, 20u);
  EXPECT_GT(paused, compared / 3);
}

template <class S>
void jump_equals_find_path(const char* name) {
  S one_shot;
  S sliced;
  std::vector<GridCoord> a;
  std::vector<GridCoord> b;
  std::vector<GridCoord> pa;
  std::vector<GridCoord> pb;
  std::uint64_t compared = 0;
  std::uint64_t queries = 0;
  std::uint64_t found = 0;
  for (int i = 0; i < kMaps; ++i) {
    const std::uint64_t seed = kBaseSeed + static_cast<std::uint64_t>(i);
    SCOPED_TRACE(std::string(name) + " seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const Map m = random_map(rng);
    if (!m.uniform_cost) continue;
    for (int q = 0; q < 2; ++q) {
      const GridCoord from = random_grid_cell(rng, m.grid);
      const GridCoord to = random_grid_cell(rng, m.grid);
      const SearchOptions o = random_options(rng, Connectivity::eight, false);
      const PathResult want = one_shot.find_path(m.grid, m.layer, from, to, a, o);
      one_shot.jump_points(pa);
      for (const int budget : kBudgets) {
        SCOPED_TRACE("budget " + std::to_string(budget));
        b.assign(3, GridCoord{-7, -7});
        const PathResult got = run_sliced(sliced, m.grid, m.layer, from, to, o, budget, b);
        expect_same_as_one_shot(got, b, want, a);
        sliced.jump_points(pb);
        EXPECT_EQ(pb, pa);
        ++compared;
      }
      found += want.found() ? 1 : 0;
      ++queries;
    }
  }
  EXPECT_EQ(compared, 4 * queries);
  EXPECT_GT(queries, static_cast<std::uint64_t>(kMaps) / 2);
  EXPECT_GT(found, queries / 4);
}

TEST(Sliced, JpsEqualsFindPathOnRandomMapsForEveryBudget) {
  jump_equals_find_path<Jps>("jps");
}
TEST(Sliced, JpsPlusEqualsFindPathOnRandomMapsForEveryBudget) {
  jump_equals_find_path<JpsPlus>("jps+");
}

// A caller-owned map: the same results as find_path on it.
TEST(Sliced, JpsOnASharedMapEqualsFindPath) {
  std::mt19937_64 rng(kBaseSeed);
  const Grid g = test::random_grid(rng, 40, 30, 0.3);
  const GridLayer layer{1};
  const JpsMap map(g, layer);
  const JpsPlusMap table(g, layer);
  Jps j1;
  Jps j2;
  JpsPlus p1;
  JpsPlus p2;
  std::vector<GridCoord> a;
  std::vector<GridCoord> b;
  for (int q = 0; q < 40; ++q) {
    const GridCoord from = random_grid_cell(rng, g);
    const GridCoord to = random_grid_cell(rng, g);
    for (const int budget : kBudgets) {
      const PathResult want = j1.find_path(g, map, from, to, a);
      const PathResult got = run_sliced(j2, g, map, from, to, {}, budget, b);
      expect_same_as_one_shot(got, b, want, a);
      const PathResult want_plus = p1.find_path(g, table, from, to, a);
      const PathResult got_plus = run_sliced(p2, g, table, from, to, {}, budget, b);
      expect_same_as_one_shot(got_plus, b, want_plus, a);
    }
  }
}

// The regions options: stale and unreachable at the start, nearest_if_unreachable searched.
TEST(Sliced, RegionOptionsEqualFindPath) {
  std::mt19937_64 rng(kBaseSeed + 7);
  for (int i = 0; i < 60; ++i) {
    const Grid g = test::random_grid(rng, uniform(rng, 4, 30), uniform(rng, 4, 30), 0.4);
    const GridLayer layer{1};
    const RegionMap regions(g, layer);
    const Grid other = test::random_grid(rng, 5, 5, 0.0);
    for (int q = 0; q < 6; ++q) {
      const GridCoord from = random_grid_cell(rng, g);
      const GridCoord to = random_grid_cell(rng, g);
      SearchOptions o;
      o.regions = &regions;
      o.nearest_if_unreachable = q % 2 == 1;
      o.connectivity = q % 3 == 0 ? Connectivity::four : Connectivity::eight;
      for (const int budget : {1, 1000}) {
        AStar s1;
        AStar s2;
        std::vector<GridCoord> a{{-1, -1}};
        std::vector<GridCoord> b{{-1, -1}};
        expect_same_as_one_shot(run_sliced(s2, g, layer, from, to, o, budget, b), b,
                                s1.find_path(g, layer, from, to, a, o), a);
        if (o.connectivity == Connectivity::eight) {
          Jps j1;
          Jps j2;
          a.assign(1, {-1, -1});
          b.assign(1, {-1, -1});
          expect_same_as_one_shot(run_sliced(j2, g, layer, from, to, o, budget, b), b,
                                  j1.find_path(g, layer, from, to, a, o), a);
        }
        // A region map of another grid: stale at once, out unchanged.
        a.assign(1, {-1, -1});
        b.assign(1, {-1, -1});
        const PathResult st = run_sliced(s2, other, layer, {0, 0}, {1, 1}, o, budget, b);
        EXPECT_EQ(st.status, SearchStatus::stale);
        expect_same_as_one_shot(st, b, s1.find_path(other, layer, {0, 0}, {1, 1}, a, o), a);
      }
    }
  }
}

// Refused queries: the status, finish and output of find_path, decided by start_query.
TEST(Sliced, InvalidArgumentsEqualFindPath) {
  const Grid g(8, 6);
  const GridLayer layer{1};
  const GridLayer mixed{1, 2};
  struct Case {
    GridCoord from;
    GridCoord to;
    SearchOptions options;
    const GridLayer* layer;
    SearchStatus astar;
    SearchStatus jps;
  };
  SearchOptions four;
  four.connectivity = Connectivity::four;
  SearchOptions light;
  light.weight = 0.5;
  SearchOptions nan;
  nan.weight = std::nan("");
  SearchOptions heavy;
  heavy.weight = 2.0;
  const Case cases[] = {
      {{-1, 0}, {3, 3}, {}, &layer, SearchStatus::invalid_endpoint, SearchStatus::invalid_endpoint},
      {{0, 0}, {8, 3}, {}, &layer, SearchStatus::invalid_endpoint, SearchStatus::invalid_endpoint},
      {{0, 0},
       {3, 3},
       light,
       &layer,
       SearchStatus::invalid_argument,
       SearchStatus::invalid_argument},
      {{0, 0}, {3, 3}, nan, &layer, SearchStatus::invalid_argument, SearchStatus::invalid_argument},
      {{0, 0}, {3, 3}, heavy, &layer, SearchStatus::found, SearchStatus::unsupported},
      {{0, 0}, {3, 3}, four, &layer, SearchStatus::found, SearchStatus::unsupported},
      {{0, 0}, {3, 3}, {}, &mixed, SearchStatus::found, SearchStatus::unsupported},
      {{0, 0}, {0, 0}, {}, &layer, SearchStatus::found, SearchStatus::found},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(to_string(c.astar));
    AStar s1;
    AStar s2;
    std::vector<GridCoord> a{{-1, -1}};
    std::vector<GridCoord> b{{-1, -1}};
    const PathResult want = s1.find_path(g, *c.layer, c.from, c.to, a, c.options);
    EXPECT_EQ(want.status, c.astar);
    const PathResult start = s2.start_query(g, *c.layer, c.from, c.to, c.options);
    if (c.astar != SearchStatus::found) {
      EXPECT_EQ(start.status, c.astar);
      EXPECT_EQ(start.finish, c.from);
      EXPECT_TRUE(s2.query_active());
      EXPECT_EQ(s2.continue_query(5).status, c.astar);
    }
    expect_same_as_one_shot(s2.finish_query(b), b, want, a);
    EXPECT_EQ(s2.was_expanded(c.from), s1.was_expanded(c.from));

    Jps j1;
    Jps j2;
    a.assign(1, {-1, -1});
    b.assign(1, {-1, -1});
    const PathResult jwant = j1.find_path(g, *c.layer, c.from, c.to, a, c.options);
    EXPECT_EQ(jwant.status, c.jps);
    expect_same_as_one_shot(run_sliced(j2, g, *c.layer, c.from, c.to, c.options, 3, b), b, jwant,
                            a);
    JpsPlus p1;
    JpsPlus p2;
    a.assign(1, {-1, -1});
    b.assign(1, {-1, -1});
    expect_same_as_one_shot(run_sliced(p2, g, *c.layer, c.from, c.to, c.options, 3, b), b,
                            p1.find_path(g, *c.layer, c.from, c.to, a, c.options), a);
  }
  // A caller-owned map of another grid version: stale at once.
  Grid h(8, 6);
  const JpsMap map(h, layer);
  h.set_blocked({4, 4}, true);
  Jps j;
  std::vector<GridCoord> out{{-1, -1}};
  EXPECT_EQ(j.start_query(h, map, {0, 0}, {5, 5}).status, SearchStatus::stale);
  EXPECT_EQ(j.finish_query(out).status, SearchStatus::stale);
  EXPECT_EQ(out, (std::vector<GridCoord>{{-1, -1}}));
}

// A map of pillars (every cell with x % 4 == 2 and y % 4 == 1 blocked): row 16 and column 0 are
// free, and the jump point searches find many jump points (forced neighbours at every pillar).
Grid pillars(int cols, int rows) {
  Grid g(cols, rows);
  for (int y = 1; y < rows; y += 4)
    for (int x = 2; x < cols; x += 4) g.set_blocked({x, y}, true);
  return g;
}

// A 32 x 32 map of pillars, a wall written between two slices: stale, never a path.
template <class S>
void stale_after_edit() {
  const GridLayer layer{1};
  const GridCoord from{0, 16};
  const GridCoord to{31, 16};
  std::vector<GridCoord> out{{-1, -1}};
  S s;
  {
    Grid g = pillars(32, 32);
    ASSERT_EQ(s.start_query(g, layer, from, to).status, SearchStatus::in_progress);
    ASSERT_EQ(s.continue_query(1).status, SearchStatus::in_progress);
    g.set_blocked({20, 16}, true);
    const PathResult r = s.continue_query(1000);
    EXPECT_EQ(r.status, SearchStatus::stale);
    EXPECT_EQ(r.finish, from);
    EXPECT_EQ(r.moves, 0u);
    EXPECT_EQ(r.stats.expanded, 1u);  // the work done before the edit
    EXPECT_EQ(s.continue_query(1000).status, SearchStatus::stale);
    EXPECT_EQ(s.finish_query(out).status, SearchStatus::stale);
    EXPECT_EQ(out, (std::vector<GridCoord>{{-1, -1}}));
    EXPECT_FALSE(s.query_active());
  }
  {
    // The search over, the grid written before finish_query: stale too.
    Grid g = pillars(32, 32);
    ASSERT_EQ(s.start_query(g, layer, from, to).status, SearchStatus::in_progress);
    ASSERT_EQ(s.continue_query(1'000'000).status, SearchStatus::found);
    g.set_blocked({20, 16}, true);
    EXPECT_EQ(s.finish_query(out).status, SearchStatus::stale);
    EXPECT_EQ(out, (std::vector<GridCoord>{{-1, -1}}));
  }
  {
    // Another grid assigned to the same object (same contents): a new instance, stale.
    Grid g = pillars(32, 32);
    ASSERT_EQ(s.start_query(g, layer, from, to).status, SearchStatus::in_progress);
    ASSERT_EQ(s.continue_query(2).status, SearchStatus::in_progress);
    g = pillars(32, 32);
    EXPECT_EQ(s.finish_query(out).status, SearchStatus::stale);
    EXPECT_EQ(out, (std::vector<GridCoord>{{-1, -1}}));
  }
  {
    // Written then restored to the same contents: still stale (the version moved).
    Grid g = pillars(32, 32);
    ASSERT_EQ(s.start_query(g, layer, from, to).status, SearchStatus::in_progress);
    g.set_blocked({5, 5}, true);
    g.set_blocked({5, 5}, false);
    EXPECT_EQ(s.continue_query(3).status, SearchStatus::stale);
  }
  {
    // Unchanged: the path.
    Grid g = pillars(32, 32);
    ASSERT_EQ(s.start_query(g, layer, from, to).status, SearchStatus::in_progress);
    const PathResult r = s.finish_query(out);
    EXPECT_EQ(r.status, SearchStatus::found);
    EXPECT_EQ(r.moves, 31u);
    EXPECT_EQ(out.size(), 32u);
  }
}

TEST(Sliced, AStarStaleAfterAGridEdit) {
  stale_after_edit<AStar>();
}
TEST(Sliced, JpsStaleAfterAGridEdit) {
  stale_after_edit<Jps>();
}
TEST(Sliced, JpsPlusStaleAfterAGridEdit) {
  stale_after_edit<JpsPlus>();
}

TEST(Sliced, JpsOnASharedMapStaleWhenTheMapChanges) {
  Grid g = pillars(32, 32);
  JpsMap map(g, GridLayer{1});
  Jps s;
  std::vector<GridCoord> out{{-1, -1}};
  ASSERT_EQ(s.start_query(g, map, {0, 0}, {31, 31}).status, SearchStatus::in_progress);
  ASSERT_EQ(s.continue_query(1).status, SearchStatus::in_progress);
  map.sync(g, GridLayer{2});  // the same grid, another layer: rebuilt
  EXPECT_EQ(s.continue_query(100).status, SearchStatus::stale);
  EXPECT_EQ(s.finish_query(out).status, SearchStatus::stale);
  EXPECT_EQ(out, (std::vector<GridCoord>{{-1, -1}}));
}

template <class S>
void cancel_and_replace() {
  const Grid g = pillars(20, 20);
  const GridLayer layer{1};
  S s;
  S reference;
  std::vector<GridCoord> out{{-1, -1}};
  std::vector<GridCoord> want_cells;
  // No query yet.
  EXPECT_FALSE(s.query_active());
  EXPECT_EQ(s.continue_query(10).status, SearchStatus::invalid_argument);
  EXPECT_EQ(s.finish_query(out).status, SearchStatus::invalid_argument);
  EXPECT_EQ(out, (std::vector<GridCoord>{{-1, -1}}));
  // Cancelled.
  ASSERT_EQ(s.start_query(g, layer, {0, 0}, {19, 19}).status, SearchStatus::in_progress);
  ASSERT_EQ(s.continue_query(2).status, SearchStatus::in_progress);
  s.cancel_query();
  EXPECT_FALSE(s.query_active());
  EXPECT_EQ(s.continue_query(10).status, SearchStatus::invalid_argument);
  EXPECT_EQ(s.finish_query(out).status, SearchStatus::invalid_argument);
  EXPECT_EQ(out, (std::vector<GridCoord>{{-1, -1}}));
  // Cancelled by a find_path of the same object (it reuses the state).
  ASSERT_EQ(s.start_query(g, layer, {0, 0}, {19, 19}).status, SearchStatus::in_progress);
  ASSERT_EQ(s.continue_query(2).status, SearchStatus::in_progress);
  std::vector<GridCoord> tmp;
  EXPECT_EQ(s.find_path(g, layer, {3, 0}, {3, 5}, tmp).status, SearchStatus::found);
  EXPECT_FALSE(s.query_active());
  EXPECT_EQ(s.continue_query(10).status, SearchStatus::invalid_argument);
  // Replaced by another start_query: the new one's result.
  ASSERT_EQ(s.start_query(g, layer, {0, 0}, {19, 19}).status, SearchStatus::in_progress);
  ASSERT_EQ(s.continue_query(2).status, SearchStatus::in_progress);
  ASSERT_EQ(s.start_query(g, layer, {19, 0}, {0, 19}).status, SearchStatus::in_progress);
  const PathResult want = reference.find_path(g, layer, {19, 0}, {0, 19}, want_cells);
  expect_same_as_one_shot(s.finish_query(out), out, want, want_cells);
  // Finished: the query is over.
  EXPECT_EQ(s.finish_query(out).status, SearchStatus::invalid_argument);
  // A budget of 0 or below does nothing.
  ASSERT_EQ(s.start_query(g, layer, {0, 0}, {19, 19}).status, SearchStatus::in_progress);
  EXPECT_EQ(s.continue_query(0).stats.expanded, 0u);
  EXPECT_EQ(s.continue_query(-5).stats.expanded, 0u);
  EXPECT_EQ(s.continue_query(-5).status, SearchStatus::in_progress);
  // finish_query on a query in progress runs the rest.
  ASSERT_EQ(s.continue_query(1).stats.expanded, 1u);
  const PathResult want2 = reference.find_path(g, layer, {0, 0}, {19, 19}, want_cells);
  expect_same_as_one_shot(s.finish_query(out), out, want2, want_cells);
}

TEST(Sliced, AStarCancelAndReplace) {
  cancel_and_replace<AStar>();
}
TEST(Sliced, JpsCancelAndReplace) {
  cancel_and_replace<Jps>();
}
TEST(Sliced, JpsPlusCancelAndReplace) {
  cancel_and_replace<JpsPlus>();
}

TEST(Sliced, AStarBuildPathCancels) {
  Grid g(20, 20);
  const GridLayer layer{1, 2};  // mixed costs: the cell-by-cell bounded A* runs
  AStar s;
  ASSERT_EQ(s.start_query(g, layer, {0, 0}, {19, 19}).status, SearchStatus::in_progress);
  ASSERT_EQ(s.continue_query(3).status, SearchStatus::in_progress);
  EXPECT_EQ(s.build_path(g, layer, {0, 0}, {5, 5}).status, SearchStatus::found);
  EXPECT_EQ(s.continue_query(3).status, SearchStatus::invalid_argument);
}

// The pause points: with budget b, a query of E expansions pauses after b, 2b, ... expansions,
// and the in_progress result names the closest expanded cell so far.
TEST(Sliced, ExactPausesOnAnOpenMap) {
  const Grid g(10, 1);
  const GridLayer layer{1};
  AStar s;
  ASSERT_EQ(s.start_query(g, layer, {0, 0}, {9, 0}).status, SearchStatus::in_progress);
  std::vector<std::uint64_t> expanded;
  std::vector<int> finish_x;
  for (;;) {
    const PathResult r = s.continue_query(4);
    expanded.push_back(r.stats.expanded);
    finish_x.push_back(r.finish.x);
    if (r.status != SearchStatus::in_progress) {
      EXPECT_EQ(r.status, SearchStatus::found);
      break;
    }
  }
  // 9 expansions (cells 0..8; the goal is taken off, not expanded): 4, 8, then 9 and found.
  EXPECT_EQ(expanded, (std::vector<std::uint64_t>{4, 8, 9}));
  EXPECT_EQ(finish_x, (std::vector<int>{3, 7, 9}));
  std::vector<GridCoord> out;
  const PathResult r = s.finish_query(out);
  EXPECT_EQ(r.cost, 9.0);
  EXPECT_EQ(r.moves, 9u);
  EXPECT_EQ(r.stats.generated, 10u);
}

// The jump point loop's rare events across pauses: stale-entry purges of the open list (a
// lowered trigger) and re-keyings (a lowered key room) happen in the same places, sliced or not.
TEST(Sliced, JumpLoopPurgesAndReKeyingsAcrossPauses) {
  std::mt19937_64 rng(kBaseSeed + 5);
  std::uint64_t purges = 0;
  std::uint64_t widenings = 0;
  for (int round = 0; round < 12; ++round) {
    const Grid g = test::random_grid(rng, uniform(rng, 20, 60), uniform(rng, 20, 60), 0.3);
    const JpsMap bits(g, GridLayer{1});
    detail::JumpPointSearch one;
    detail::JumpPointSearch sliced;
    const auto pool = static_cast<std::size_t>(uniform(rng, 4, 40));
    for (detail::JumpPointSearch* s : {&one, &sliced}) {
      s->ensure(g.cell_count());
      s->debug_limit_pool(pool);
      if (round % 2 == 0) s->debug_limit_key_room(12 + round);
    }
    for (int q = 0; q < 8; ++q) {
      const GridCoord from = random_grid_cell(rng, g);
      const GridCoord to = random_grid_cell(rng, g);
      const auto expand = [&](int x, int y, std::uint8_t travel, auto& gen) {
        detail::jps_expand(bits, x, y, travel, to, gen);
      };
      PathResult want;
      want.finish = from;
      std::vector<GridCoord> a;
      one.run(g.cols(), g.rows(), from, to, SearchLimits{}, 1, expand, want);
      one.write_path(want, a);
      for (const int budget : kBudgets) {
        PathResult got;
        got.finish = from;
        sliced.start_slices();
        do {
          sliced.run_slice(g.cols(), g.rows(), from, to, SearchLimits{}, 1,
                           static_cast<std::uint64_t>(budget), expand, got);
        } while (got.status == SearchStatus::in_progress);
        std::vector<GridCoord> b;
        sliced.write_path(got, b);
        expect_same_as_one_shot(got, b, want, a);
      }
    }
    purges += one.debug_purges();
    widenings += one.debug_widenings();
  }
  EXPECT_GT(purges, 0u);
  EXPECT_GT(widenings, 0u);
}

// Warm sliced queries allocate nothing: searchers reserved, output capacity reserved, the
// internal JPS maps in sync, every budget.
TEST(Sliced, WarmSlicedQueriesAllocateNothing) {
  std::mt19937_64 rng(kBaseSeed + 99);
  const Grid g = test::random_grid(rng, 96, 80, 0.3);
  const GridLayer layer{1};
  AStar astar(96, 80);
  Jps jps(96, 80);
  JpsPlus plus(96, 80);
  std::vector<GridCoord> out;
  out.reserve(g.cell_count());
  std::vector<std::pair<GridCoord, GridCoord>> queries;
  for (int i = 0; i < 40; ++i) {
    GridCoord a;
    GridCoord b;
    do a = random_grid_cell(rng, g);
    while (g.is_blocked(a));
    do b = random_grid_cell(rng, g);
    while (g.is_blocked(b));
    queries.push_back({a, b});
  }
  auto pass = [&] {
    std::uint64_t found = 0;
    for (const auto& [from, to] : queries) {
      for (const int budget : kBudgets) {
        for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
          SearchOptions o;
          o.connectivity = conn;
          PathResult r = astar.start_query(g, layer, from, to, o);
          while (r.status == SearchStatus::in_progress) r = astar.continue_query(budget);
          found += astar.finish_query(out).found() ? 1 : 0;
        }
        PathResult r = jps.start_query(g, layer, from, to);
        while (r.status == SearchStatus::in_progress) r = jps.continue_query(budget);
        found += jps.finish_query(out).found() ? 1 : 0;
        r = plus.start_query(g, layer, from, to);
        while (r.status == SearchStatus::in_progress) r = plus.continue_query(budget);
        found += plus.finish_query(out).found() ? 1 : 0;
      }
    }
    return found;
  };
  const std::uint64_t warm_found = pass();  // builds the JPS maps
  const test::AllocationScope scope;
  const std::uint64_t found = pass();
  EXPECT_EQ(scope.count(), 0u);
  EXPECT_EQ(found, warm_found);
  EXPECT_GT(found, 40u);
}

}  // namespace
}  // namespace pathing
