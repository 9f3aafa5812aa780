// Stale-cache safety (issue #15, item 2): every structure derived from a grid (JpsMap,
// JpsPlusMap, the searchers' internal maps, DistanceField, FlowField, the Dijkstra unpack cache)
// against every kind of edit: set_tile, set_blocked, set_cell, another layer, another grid of
// another size, a copied or assigned grid, and more edits than the grid's edit log holds. The
// result is either up to date (equal to a rebuild) or `stale`; never a path through a wall.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/field/dijkstra.hpp"
#include "pathing/field/flow_field.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "support/alloc_counter.hpp"
#include "support/layers.hpp"
#include "support/reference.hpp"

namespace pathing {
namespace {

using test::kWalk;                 // tag 0 costs 1; other tags and blocked cells impassable
const GridLayer kWade{1, 1};       // tags 0 and 1 cost 1
const GridLayer kCostly{2, 2, 2};  // tags 0..2 cost 2 (uniform: JPS takes it)

// --- The grid's edit log -----------------------------------------------------------------------

TEST(GridEditLog, ListsTheCellsWrittenSinceAVersionOldestFirst) {
  Grid g(300, 200);
  std::array<GridCoord, Grid::kEditLogCapacity> buf{};
  EXPECT_EQ(g.edits_since(0, buf), 0u);
  EXPECT_EQ(g.edits_since(1, buf), Grid::kEditsUnknown);  // a future version
  g.set_blocked({3, 4}, true);
  g.set_tile({299, 199}, 2);
  g.set_cell({0, 7}, 0x9);
  EXPECT_FALSE(g.set_blocked({300, 0}, true));  // off the grid: no write, not logged
  ASSERT_EQ(g.version(), 3u);
  ASSERT_EQ(g.edits_since(0, buf), 3u);
  EXPECT_EQ(buf[0], (GridCoord{3, 4}));
  EXPECT_EQ(buf[1], (GridCoord{299, 199}));
  EXPECT_EQ(buf[2], (GridCoord{0, 7}));
  ASSERT_EQ(g.edits_since(2, buf), 1u);
  EXPECT_EQ(buf[0], (GridCoord{0, 7}));
  EXPECT_EQ(g.edits_since(3, buf), 0u);
  std::array<GridCoord, 2> small{};
  EXPECT_EQ(g.edits_since(0, small), Grid::kEditsUnknown);  // does not fit
  // Exactly the capacity, then one more.
  Grid h(70, 70);
  for (int i = 0; i < static_cast<int>(Grid::kEditLogCapacity); ++i) h.set_blocked({i, i}, true);
  ASSERT_EQ(h.edits_since(0, buf), Grid::kEditLogCapacity);
  EXPECT_EQ(buf[63], (GridCoord{63, 63}));
  h.set_blocked({69, 0}, true);
  EXPECT_EQ(h.edits_since(0, buf), Grid::kEditsUnknown);  // overflowed
  ASSERT_EQ(h.edits_since(1, buf), Grid::kEditLogCapacity);
  EXPECT_EQ(buf[0], (GridCoord{1, 1}));
  EXPECT_EQ(buf[63], (GridCoord{69, 0}));
  // Edits allocate nothing.
  const test::AllocationScope scope;
  for (int i = 0; i < 1000; ++i) h.set_blocked({i % 70, (i / 70) % 70}, (i & 1) != 0);
  EXPECT_EQ(scope.count(), 0u);
}

// --- Jump point maps and searches against every kind of edit -----------------------------------

struct Edit {
  const char* name;
  std::function<void(Grid&, std::mt19937_64&)> apply;
  MapSync expected;  // what sync does to a map of the grid afterwards
};

GridCoord random_edit_cell(const Grid& g, std::mt19937_64& rng) {
  return {static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
          static_cast<int>(rng() % static_cast<unsigned>(g.rows()))};
}

std::vector<Edit> edits() {
  return {
      {"set_tile",
       [](Grid& g, std::mt19937_64& rng) {
         for (int i = 0; i < 12; ++i) {  // tag 1 is impassable for kWalk
           const GridCoord c = random_edit_cell(g, rng);
           g.set_tile(c, g.tile(c) == 0 ? 1 : 0);
         }
       },
       MapSync::updated},
      {"set_blocked",
       [](Grid& g, std::mt19937_64& rng) {
         for (int i = 0; i < 12; ++i) {
           const GridCoord c = random_edit_cell(g, rng);
           g.set_blocked(c, !g.is_blocked(c));
         }
       },
       MapSync::updated},
      {"set_cell",
       [](Grid& g, std::mt19937_64& rng) {
         for (int i = 0; i < 12; ++i) g.set_cell(random_edit_cell(g, rng), rng() % 16);
       },
       MapSync::updated},
      {"wall_across_the_map",  // 40 writes: still within the log
       [](Grid& g, std::mt19937_64&) {
         for (int y = 0; y < g.rows(); ++y) g.set_blocked({g.cols() / 2, y}, true);
       },
       MapSync::updated},
      {"log_overflow",  // more writes than the log holds: a rebuild
       [](Grid& g, std::mt19937_64& rng) {
         for (int i = 0; i < static_cast<int>(Grid::kEditLogCapacity) + 40; ++i) {
           const GridCoord c = random_edit_cell(g, rng);
           g.set_blocked(c, !g.is_blocked(c));
         }
       },
       MapSync::rebuilt},
  };
}

// Every query of `queries` through `search(from, to, out)` matches 8-connected A* on `g` under
// `layer`: same status, same cost when found, a valid path (through no wall) always.
void expect_like_astar(
    const Grid& g, const GridLayer& layer,
    const std::function<PathResult(GridCoord, GridCoord, std::vector<GridCoord>&)>& search,
    std::mt19937_64& rng, const std::string& where) {
  AStar astar;
  std::vector<GridCoord> ref;
  std::vector<GridCoord> out;
  for (int q = 0; q < 25; ++q) {
    const GridCoord s = random_edit_cell(g, rng);
    const GridCoord t = random_edit_cell(g, rng);
    SCOPED_TRACE(where + " query " + std::to_string(q));
    const PathResult a = astar.find_path(g, layer, s, t, ref, {Connectivity::eight});
    const PathResult r = search(s, t, out);
    ASSERT_EQ(r.status, a.status);
    ASSERT_EQ(test::validate_path(g, layer, Connectivity::eight, s, out), "");
    if (a.found()) {
      ASSERT_EQ(r.cost, a.cost);
    }
  }
}

TEST(StaleJps, TheIssueScenarioAWallAcrossThePathIsNeverCrossed) {
  Grid g(40, 20);
  const JpsMap map(g, kWalk);
  const JpsPlusMap table(g, kWalk);
  Jps jps;
  JpsPlus plus;
  std::vector<GridCoord> out;
  ASSERT_TRUE(jps.find_path(g, map, {2, 10}, {37, 10}, out).found());
  ASSERT_TRUE(jps.find_path(g, kWalk, {2, 10}, {37, 10}, out).found());
  ASSERT_TRUE(plus.find_path(g, kWalk, {2, 10}, {37, 10}, out).found());
  for (int y = 0; y < 20; ++y) g.set_blocked({20, y}, true);  // a wall across the whole map
  out.assign(1, GridCoord{9, 9});
  // The prebuilt maps no longer match: stale, output untouched.
  const PathResult rm = jps.find_path(g, map, {2, 10}, {37, 10}, out);
  EXPECT_EQ(rm.status, SearchStatus::stale);
  EXPECT_EQ(rm.finish, (GridCoord{2, 10}));
  EXPECT_EQ(out, (std::vector<GridCoord>{{9, 9}}));
  EXPECT_EQ(plus.find_path(g, table, {2, 10}, {37, 10}, out).status, SearchStatus::stale);
  EXPECT_EQ(out, (std::vector<GridCoord>{{9, 9}}));
  // The internal maps catch up from the edit log: unreachable, the partial path on this side.
  const PathResult rj = jps.find_path(g, kWalk, {2, 10}, {37, 10}, out);
  EXPECT_EQ(jps.last_map_sync(), MapSync::updated);
  EXPECT_EQ(rj.status, SearchStatus::unreachable);
  EXPECT_EQ(test::validate_path(g, kWalk, Connectivity::eight, {2, 10}, out), "");
  for (const GridCoord c : out) EXPECT_LT(c.x, 20);
  const PathResult rp = plus.find_path(g, kWalk, {2, 10}, {37, 10}, out);
  EXPECT_EQ(plus.last_map_sync(), MapSync::updated);
  EXPECT_EQ(rp.status, SearchStatus::unreachable);
  for (const GridCoord c : out) EXPECT_LT(c.x, 20);
  // A gap: the path goes through it, as A* says.
  g.set_blocked({20, 0}, false);
  std::mt19937_64 rng(1);
  expect_like_astar(
      g, kWalk, [&](GridCoord s, GridCoord t, auto& o) { return jps.find_path(g, kWalk, s, t, o); },
      rng, "jps after the gap");
  EXPECT_EQ(jps.last_map_sync(), MapSync::current);  // the first query caught up
  const PathResult gap = jps.find_path(g, kWalk, {2, 10}, {37, 10}, out);
  ASSERT_TRUE(gap.found());
  EXPECT_NE(std::find(out.begin(), out.end(), GridCoord{20, 0}), out.end());
}

class StaleJumpMaps : public ::testing::TestWithParam<bool> {};  // true: JpsPlus

TEST_P(StaleJumpMaps, EveryCellEditIsCaughtUpOrRebuiltNeverMissed) {
  const bool use_plus = GetParam();
  std::mt19937_64 rng(2026);
  for (const Edit& e : edits()) {
    for (int round = 0; round < 4; ++round) {
      SCOPED_TRACE(std::string(e.name) + " round " + std::to_string(round));
      Grid g = test::random_grid(rng, 50 + round * 7, 40, 0.2);
      Jps jps;
      JpsPlus plus;
      JpsMap map(g, kWalk);
      JpsPlusMap table(g, kWalk);
      std::vector<GridCoord> out;
      // Warm the internal maps on the grid before the edit.
      (void)jps.find_path(g, kWalk, {0, 0}, {1, 1}, out);
      (void)plus.find_path(g, kWalk, {0, 0}, {1, 1}, out);
      e.apply(g, rng);
      // The explicit maps: stale until synced, output untouched.
      out.assign(2, GridCoord{5, 5});
      const auto untouched = out;
      const PathResult stale = use_plus ? plus.find_path(g, table, {0, 0}, {3, 3}, out)
                                        : jps.find_path(g, map, {0, 0}, {3, 3}, out);
      EXPECT_EQ(stale.status, SearchStatus::stale);
      EXPECT_EQ(out, untouched);
      if (use_plus) {
        EXPECT_EQ(table.sync(g, kWalk), e.expected);
        EXPECT_TRUE(table == JpsPlusMap(g, kWalk));
        expect_like_astar(
            g, kWalk,
            [&](GridCoord s, GridCoord t, auto& o) { return plus.find_path(g, table, s, t, o); },
            rng, "explicit table");
      } else {
        EXPECT_EQ(map.sync(g, kWalk), e.expected);
        EXPECT_TRUE(map == JpsMap(g, kWalk));
        expect_like_astar(
            g, kWalk,
            [&](GridCoord s, GridCoord t, auto& o) { return jps.find_path(g, map, s, t, o); }, rng,
            "explicit map");
      }
      // The internal map: brought up to date by the first query.
      bool first = true;
      expect_like_astar(
          g, kWalk,
          [&](GridCoord s, GridCoord t, auto& o) {
            const PathResult r =
                use_plus ? plus.find_path(g, kWalk, s, t, o) : jps.find_path(g, kWalk, s, t, o);
            const MapSync done = use_plus ? plus.last_map_sync() : jps.last_map_sync();
            EXPECT_EQ(done, first ? e.expected : MapSync::current);
            first = false;
            return r;
          },
          rng, "internal map");
    }
  }
}

TEST_P(StaleJumpMaps, LayerSizeCopyAndAssignmentChangesAreRebuiltOrStale) {
  const bool use_plus = GetParam();
  std::mt19937_64 rng(77);
  Grid g = test::random_grid(rng, 60, 45, 0.15, 3);  // tags 0..2
  Jps jps;
  JpsPlus plus;
  const JpsMap map(g, kWalk);
  const JpsPlusMap table(g, kWalk);
  auto internal = [&](const Grid& grid, const GridLayer& layer) {
    const Grid* gp = &grid;
    return [&, gp, layer](GridCoord s, GridCoord t, std::vector<GridCoord>& o) {
      return use_plus ? plus.find_path(*gp, layer, s, t, o) : jps.find_path(*gp, layer, s, t, o);
    };
  };
  auto explicit_search = [&](const Grid& grid, GridCoord s, GridCoord t,
                             std::vector<GridCoord>& o) {
    return use_plus ? plus.find_path(grid, table, s, t, o) : jps.find_path(grid, map, s, t, o);
  };
  auto last_sync = [&] { return use_plus ? plus.last_map_sync() : jps.last_map_sync(); };
  std::vector<GridCoord> out;
  expect_like_astar(g, kWalk, internal(g, kWalk), rng, "walk");
  // Another layer on the same grid: the internal map is rebuilt for it.
  expect_like_astar(g, kWade, internal(g, kWade), rng, "wade");
  expect_like_astar(g, kCostly, internal(g, kCostly), rng, "costly");
  // The explicit map keeps its own layer: still current for the grid, still the walk layer.
  EXPECT_FALSE(map.is_current(g, kWade));
  expect_like_astar(
      g, kWalk, [&](GridCoord s, GridCoord t, auto& o) { return explicit_search(g, s, t, o); }, rng,
      "explicit walk");
  // Another grid of another size.
  const Grid other = test::random_grid(rng, 23, 71, 0.25);
  EXPECT_EQ(explicit_search(other, {0, 0}, {1, 1}, out).status, SearchStatus::stale);
  expect_like_astar(other, kWalk, internal(other, kWalk), rng, "other size");
  // A copy: same cells, another object: stale for the explicit map, rebuilt internally.
  const Grid copy = g;
  EXPECT_EQ(explicit_search(copy, {0, 0}, {1, 1}, out).status, SearchStatus::stale);
  (void)internal(copy, kWalk)({0, 0}, {1, 1}, out);
  EXPECT_EQ(last_sync(), MapSync::rebuilt);
  expect_like_astar(copy, kWalk, internal(copy, kWalk), rng, "copy");
  // Assignment of another map into the same object: a new identity, so stale / rebuilt.
  (void)internal(g, kWalk)({0, 0}, {1, 1}, out);
  g = test::random_grid(rng, 60, 45, 0.3);
  EXPECT_EQ(explicit_search(g, {0, 0}, {1, 1}, out).status, SearchStatus::stale);
  (void)internal(g, kWalk)({0, 0}, {1, 1}, out);
  EXPECT_EQ(last_sync(), MapSync::rebuilt);
  expect_like_astar(g, kWalk, internal(g, kWalk), rng, "assigned");
}

TEST_P(StaleJumpMaps, CatchingUpFromTheLogAllocatesNothing) {
  const bool use_plus = GetParam();
  std::mt19937_64 rng(5);
  Grid g = test::random_grid(rng, 120, 90, 0.2);
  Jps jps(120, 90);
  JpsPlus plus(120, 90);
  std::vector<GridCoord> out;
  out.reserve(120 * 90);
  auto query = [&] {
    return use_plus ? plus.find_path(g, kWalk, {0, 0}, {119, 89}, out)
                    : jps.find_path(g, kWalk, {0, 0}, {119, 89}, out);
  };
  // Warm: the map, the JPS+ update scratch, the open list.
  for (int i = 0; i < 3; ++i) {
    g.set_blocked({60, 40 + i}, true);
    (void)query();
  }
  std::uint64_t allocations = 0;
  for (int i = 0; i < 10; ++i) {
    g.set_blocked({30 + i, 20}, !g.is_blocked({30 + i, 20}));
    const test::AllocationScope scope;
    (void)query();
    allocations += scope.count();
    EXPECT_EQ(use_plus ? plus.last_map_sync() : jps.last_map_sync(), MapSync::updated);
  }
  EXPECT_EQ(allocations, 0u);
}

INSTANTIATE_TEST_SUITE_P(Both, StaleJumpMaps, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& p) {
                           return p.param ? "JpsPlus" : "Jps";
                         });

// --- Distance fields, flow fields and the Dijkstra cache ---------------------------------------

const GridLayer kTaggedTerrain{1, 4, 9};  // tags 0..2 cost 1, 4, 9: tile edits change costs

// A fresh Dijkstra's field: what any field of `g` must equal.
std::vector<std::uint64_t> fresh_field(const Grid& g, const GridLayer& layer, GridCoord source,
                                       const FieldOptions& o = {}) {
  Dijkstra d;
  DistanceField f;
  EXPECT_TRUE(d.compute(g, layer, source, f, o).ok());
  return {f.costs_fixed().begin(), f.costs_fixed().end()};
}

std::vector<std::uint64_t> costs(const DistanceField& f) {
  return {f.costs_fixed().begin(), f.costs_fixed().end()};
}

TEST(StaleFields, EveryEditMakesFieldsAndFlowsStaleAndTheCacheNeverServesOldCells) {
  std::mt19937_64 rng(404);
  for (const Edit& e : edits()) {
    for (int round = 0; round < 3; ++round) {
      SCOPED_TRACE(std::string(e.name) + " round " + std::to_string(round));
      Grid g = test::random_grid(rng, 45 + round * 5, 33, 0.15, 3);
      const GridCoord goal = random_edit_cell(g, rng);
      Dijkstra dijkstra;  // its whole-grid unpack is cached between the two computations
      DistanceField field;
      FlowField flow;
      ASSERT_TRUE(dijkstra.compute(g, kTaggedTerrain, goal, field).ok());
      ASSERT_EQ(flow.build(g, kTaggedTerrain, field), SearchStatus::found);
      EXPECT_TRUE(field.is_current(g, kTaggedTerrain));
      EXPECT_TRUE(flow.is_current(g, kTaggedTerrain));
      const auto old_costs = costs(field);
      const std::vector<std::uint8_t> old_dirs(flow.directions().begin(), flow.directions().end());
      e.apply(g, rng);
      EXPECT_FALSE(field.is_current(g, kTaggedTerrain));
      EXPECT_FALSE(flow.is_current(g, kTaggedTerrain));
      // A flow from the old field: stale, the flow unchanged.
      EXPECT_EQ(flow.build(g, kTaggedTerrain, field), SearchStatus::stale);
      EXPECT_TRUE(std::equal(old_dirs.begin(), old_dirs.end(), flow.directions().begin()));
      // A flee map from the old field: stale, the output unchanged.
      DistanceField flee;
      ASSERT_TRUE(dijkstra.compute(g, kTaggedTerrain, goal, flee).ok());
      const auto flee_before = costs(flee);
      EXPECT_EQ(dijkstra.compute_flee(g, kTaggedTerrain, field, flee).status, SearchStatus::stale);
      EXPECT_EQ(costs(flee), flee_before);
      EXPECT_EQ(costs(field), old_costs);
      // Recomputed with the same Dijkstra: equal to a fresh one, cell by cell.
      ASSERT_TRUE(dijkstra.compute(g, kTaggedTerrain, goal, field).ok());
      EXPECT_EQ(costs(field), fresh_field(g, kTaggedTerrain, goal));
      EXPECT_EQ(flow.build(g, kTaggedTerrain, field), SearchStatus::found);
      // The flow never steps into an impassable cell.
      for (int y = 0; y < g.rows(); ++y) {
        for (int x = 0; x < g.cols(); ++x) {
          const GridCoord n = flow.next_cell({x, y});
          if (n != GridCoord{x, y}) {
            ASSERT_NE(kTaggedTerrain.cost_at(g, n), 0) << x << "," << y;
          }
        }
      }
    }
  }
}

TEST(StaleFields, LayerSizeCopyAndAssignmentAreStale) {
  std::mt19937_64 rng(8);
  Grid g = test::random_grid(rng, 40, 30, 0.2, 3);
  Dijkstra dijkstra;
  DistanceField field;
  FlowField flow;
  ASSERT_TRUE(dijkstra.compute(g, kTaggedTerrain, {3, 3}, field).ok());
  // Another layer.
  EXPECT_FALSE(field.is_current(g, kWalk));
  EXPECT_EQ(flow.build(g, kWalk, field), SearchStatus::stale);
  EXPECT_EQ(flow.cols(), 0);  // never built
  DistanceField out;
  EXPECT_EQ(dijkstra.compute_flee(g, kWalk, field, out).status, SearchStatus::stale);
  EXPECT_EQ(out.cols(), 0);
  // Another grid of another size.
  const Grid other = test::random_grid(rng, 17, 50, 0.2, 3);
  EXPECT_EQ(flow.build(other, kTaggedTerrain, field), SearchStatus::stale);
  EXPECT_EQ(dijkstra.compute_flee(other, kTaggedTerrain, field, out).status, SearchStatus::stale);
  // A copy (same cells, another object).
  const Grid copy = g;
  EXPECT_FALSE(field.is_current(copy, kTaggedTerrain));
  EXPECT_EQ(flow.build(copy, kTaggedTerrain, field), SearchStatus::stale);
  // The current grid and layer: fine.
  EXPECT_EQ(flow.build(g, kTaggedTerrain, field), SearchStatus::found);
  EXPECT_EQ(dijkstra.compute_flee(g, kTaggedTerrain, field, out).status, SearchStatus::found);
  // Assignment: same size, same version count, other cells: stale, and the Dijkstra cache does
  // not serve the old unpack.
  Grid a = test::random_grid(rng, 40, 30, 0.3, 3);
  Grid b = test::random_grid(rng, 40, 30, 0.1, 3);
  while (b.version() < a.version()) b.set_tile({0, 0}, b.tile({0, 0}));
  while (a.version() < b.version()) a.set_tile({0, 0}, a.tile({0, 0}));
  ASSERT_EQ(a.version(), b.version());
  ASSERT_TRUE(dijkstra.compute(a, kTaggedTerrain, {20, 15}, field).ok());
  a = b;
  ASSERT_EQ(a.version(), b.version());
  EXPECT_FALSE(field.is_current(a, kTaggedTerrain));
  EXPECT_EQ(flow.build(a, kTaggedTerrain, field), SearchStatus::stale);
  ASSERT_TRUE(dijkstra.compute(a, kTaggedTerrain, {20, 15}, field).ok());
  EXPECT_EQ(costs(field), fresh_field(b, kTaggedTerrain, {20, 15}));
  // Another layer through the same Dijkstra: its cache is keyed by the layer too.
  ASSERT_TRUE(dijkstra.compute(a, kWade, {20, 15}, field).ok());
  EXPECT_EQ(costs(field), fresh_field(a, kWade, {20, 15}));
  EXPECT_TRUE(field.is_current(a, kWade));
}

TEST(FieldOptionsUnits, MaxCostIsInCostUnits) {
  const Grid g(30, 1);
  Dijkstra dijkstra;
  DistanceField f;
  FieldOptions o;
  o.max_cost = 10.0;  // ten moves (it used to be fixed point: 10 reached one cell)
  ASSERT_TRUE(dijkstra.compute(g, kWalk, {0, 0}, f, o).ok());
  EXPECT_TRUE(f.reached({10, 0}));
  EXPECT_FALSE(f.reached({11, 0}));
  EXPECT_EQ(f.max_cost(), 10.0);
  EXPECT_EQ(f.max_cost_fixed(), 10 * cost::kStraight);
  o.max_cost = std::numeric_limits<double>::quiet_NaN();  // as SearchLimits: only the source
  ASSERT_TRUE(dijkstra.compute(g, kWalk, {5, 0}, f, o).ok());
  EXPECT_TRUE(f.reached({5, 0}));
  EXPECT_FALSE(f.reached({4, 0}));
  EXPECT_FALSE(f.reached({6, 0}));
  o.max_cost = std::numeric_limits<double>::infinity();
  ASSERT_TRUE(dijkstra.compute(g, kWalk, {0, 0}, f, o).ok());
  EXPECT_TRUE(f.reached({29, 0}));
  EXPECT_EQ(f.max_cost(), std::numeric_limits<double>::infinity());
}

#if defined(__cpp_exceptions)
// Regression: a throwing predicate of compute_explore_if left its seeded cells at cost 0 while the
// field's record of reached rows was empty, so the next computation did not clear them.
TEST(Regression, ThrowingExplorePredicateLeavesAValidField) {
  const Grid g(20, 20);
  Dijkstra dijkstra;
  DistanceField f;
  ASSERT_TRUE(dijkstra.compute(g, kWalk, {10, 10}, f).ok());
  int calls = 0;
  try {
    (void)dijkstra.compute_explore_if(
        g, kWalk,
        [&](GridCoord) -> bool {
          if (++calls == 150) throw std::runtime_error("predicate failed");
          return false;  // unexplored: a source
        },
        f);
    FAIL() << "no exception";
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(calls, 150);
  for (const std::uint64_t c : f.costs_fixed()) ASSERT_EQ(c, DistanceField::kUnreached);
  EXPECT_FALSE(f.is_current(g, kWalk));
  // The next computation, with a small limit far from the seeded rows, is exact.
  FieldOptions o;
  o.max_cost = 2.0;
  ASSERT_TRUE(dijkstra.compute(g, kWalk, {19, 19}, f, o).ok());
  EXPECT_EQ(costs(f), fresh_field(g, kWalk, {19, 19}, o));
  EXPECT_FALSE(f.reached({0, 0}));
}
#endif

}  // namespace
}  // namespace pathing
