// Landmark heuristics (LandmarkMap, SearchOptions::landmarks): A* with landmarks against the
// textbook Dijkstra on thousands of seeded random weighted maps, the bound's admissibility and
// consistency, placement, staleness after edits (raised costs keep it, lowered costs rebuild),
// refusals, sliced queries and allocations; the tests of searches run for both storage widths
// (LandmarkStorage::bits32 and bits16: `LandmarksByStorage`).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "pathing/precompute/clearance_map.hpp"
#include "pathing/precompute/landmark_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "support/alloc_counter.hpp"
#include "support/reference.hpp"

namespace pathing {
namespace {

// Weighted terrain as the issue states it: tag 0 costs 1 (road), tag 1 costs 3 (grass), tag 2
// costs 5 (forest), blocked cells impassable.
const GridLayer kTerrain{1, 3, 5};

int uniform_int(std::mt19937_64& rng, int lo, int hi) {
  return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
}

GridCoord random_cell(std::mt19937_64& rng, const Grid& g) {
  return {uniform_int(rng, 0, g.cols() - 1), uniform_int(rng, 0, g.rows() - 1)};
}

// Fixed-point cost of the move from a to its neighbour b (b passable), the searches' model.
std::uint64_t landmark_move_cost(const Grid& g, const GridLayer& layer, GridCoord a, GridCoord b) {
  const bool diagonal = a.x != b.x && a.y != b.y;
  return layer.cost_at(g, b) * (diagonal ? cost::kDiagonal : cost::kStraight);
}

bool legal_move(const Grid& g, const GridLayer& layer, GridCoord a, GridCoord b) {
  if (layer.cost_at(g, b) == 0) return false;
  if (a.x != b.x && a.y != b.y)
    return layer.cost_at(g, {b.x, a.y}) != 0 && layer.cost_at(g, {a.x, b.y}) != 0;
  return true;
}

std::size_t cell_index(GridCoord c, int cols) {
  return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(cols) +
         static_cast<std::size_t>(c.x);
}

// A random grid of random size in [lo, hi] a side (one draw a statement: argument evaluation
// order differs across compilers).
Grid random_sized_grid(std::mt19937_64& rng, int lo, int hi, int density_percent) {
  const int w = uniform_int(rng, lo, hi);
  const int h = uniform_int(rng, lo, hi);
  const double density = uniform_int(rng, 0, density_percent) / 100.0;
  return test::random_grid(rng, w, h, density, 3);
}

// The searches' tests run once per storage width: the map must then use that width.
class LandmarksByStorage : public ::testing::TestWithParam<LandmarkStorage> {
 protected:
  [[nodiscard]] LandmarkOptions options() const {
    LandmarkOptions lo;
    lo.storage = GetParam();
    return lo;
  }
  [[nodiscard]] LandmarkMap build(const Grid& g, const GridLayer& layer, LandmarkOptions lo) const {
    lo.storage = GetParam();
    LandmarkMap lm(g, layer, lo);
    EXPECT_EQ(lm.storage(), GetParam());
    if (lm.count() > 0) {
      EXPECT_EQ(lm.distances(0) != nullptr, GetParam() == LandmarkStorage::bits32);
      EXPECT_EQ(lm.distances16(0) != nullptr, GetParam() == LandmarkStorage::bits16);
    }
    return lm;
  }
  [[nodiscard]] LandmarkMap build(const Grid& g, const GridLayer& layer) const {
    return build(g, layer, LandmarkOptions{});
  }
};

INSTANTIATE_TEST_SUITE_P(Widths, LandmarksByStorage,
                         ::testing::Values(LandmarkStorage::bits32, LandmarkStorage::bits16),
                         [](const ::testing::TestParamInfo<LandmarkStorage>& p) {
                           return std::string(p.param == LandmarkStorage::bits16 ? "bits16"
                                                                                 : "bits32");
                         });

// A* with landmarks equals the textbook Dijkstra's optimal cost on every query (and finds a path
// exactly when one exists) on 2,000 seeded random weighted maps, 4- and 8-connected, 1..12
// landmarks; in total it expands fewer cells than A* with the octile bound alone.
TEST_P(LandmarksByStorage, AStarWithLandmarksIsOptimalOnRandomWeightedMaps) {
  std::mt19937_64 rng(20261127);
  std::vector<GridCoord> out;
  std::vector<GridCoord> plain_out;
  AStar astar;
  AStar plain;
  std::uint64_t with = 0;
  std::uint64_t without = 0;
  int queries = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const int w = uniform_int(rng, 1, trial % 10 == 0 ? 90 : 24);
    const int h = uniform_int(rng, 1, trial % 10 == 0 ? 90 : 24);
    const double density = uniform_int(rng, 0, 35) / 100.0;
    const Grid g = test::random_grid(rng, w, h, density, 3);
    const Connectivity conn = trial % 3 == 0 ? Connectivity::four : Connectivity::eight;
    LandmarkOptions lo;
    lo.count = uniform_int(rng, 1, 12);
    // An 8-connected map serves 4-connected queries too: one 4-connected trial in two uses one.
    lo.connectivity =
        (conn == Connectivity::four && trial % 2 == 0) ? Connectivity::four : Connectivity::eight;
    const LandmarkMap lm = build(g, kTerrain, lo);
    SearchOptions o;
    o.connectivity = conn;
    o.landmarks = &lm;
    SearchOptions po;
    po.connectivity = conn;
    for (int q = 0; q < 4; ++q) {
      const GridCoord from = random_cell(rng, g);
      const GridCoord to = random_cell(rng, g);
      const std::vector<std::uint64_t> ref = test::reference_dijkstra(g, kTerrain, from, conn);
      const std::uint64_t best = ref[cell_index(to, w)];
      const PathResult r = astar.find_path(g, kTerrain, from, to, out, o);
      const std::string where = "trial " + std::to_string(trial) + " query " + std::to_string(q);
      ASSERT_EQ(r.found(), best != cost::kInfinite) << where;
      if (r.found()) {
        ASSERT_EQ(test::path_cost_fixed(g, kTerrain, out), best) << where;
        ASSERT_EQ(test::validate_path(g, kTerrain, conn, from, out), "") << where;
      }
      const PathResult p = plain.find_path(g, kTerrain, from, to, plain_out, po);
      ASSERT_EQ(p.status, r.status) << where;
      with += r.stats.expanded;
      without += p.stats.expanded;
      ++queries;
    }
  }
  EXPECT_EQ(queries, 8000);
  // Small noisy maps are not where landmarks shine (docs/benchmarks.md has the generated terrain
  // rows); they still expand fewer cells in total.
  EXPECT_LT(with, without) << "landmarks: " << with << " expansions, octile: " << without;
  std::printf("landmarks: %llu expansions, octile: %llu\n", static_cast<unsigned long long>(with),
              static_cast<unsigned long long>(without));
}

// The bound never exceeds the true cost (admissible: every cell to every cell of sampled
// sources) and changes by at most a move's cost across every legal move (consistent).
TEST_P(LandmarksByStorage, LowerBoundIsAdmissibleAndConsistent) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 120; ++trial) {
    const Grid g = random_sized_grid(rng, 2, 30, 30);
    const Connectivity conn = trial % 2 == 0 ? Connectivity::four : Connectivity::eight;
    LandmarkOptions lo;
    lo.count = uniform_int(rng, 1, 8);
    lo.connectivity = conn;
    const LandmarkMap lm = build(g, kTerrain, lo);
    for (int s = 0; s < 3; ++s) {
      const GridCoord a = random_cell(rng, g);
      const std::vector<std::uint64_t> ref = test::reference_dijkstra(g, kTerrain, a, conn);
      for (int y = 0; y < g.rows(); ++y) {
        for (int x = 0; x < g.cols(); ++x) {
          const std::uint64_t d = ref[cell_index({x, y}, g.cols())];
          if (d != cost::kInfinite) {
            ASSERT_LE(lm.lower_bound(a, {x, y}), d) << trial;
          }
        }
      }
      // Consistency toward goal a: h(n) <= c(n, m) + h(m) for every legal move n -> m.
      for (int y = 0; y < g.rows(); ++y) {
        for (int x = 0; x < g.cols(); ++x) {
          const GridCoord n{x, y};
          if (kTerrain.cost_at(g, n) == 0) continue;
          for (int d = 0; d < (conn == Connectivity::eight ? 8 : 4); ++d) {
            const GridCoord m = n + step_offset(static_cast<Direction8>(d));
            if (!g.in_bounds(m) || !legal_move(g, kTerrain, n, m)) continue;
            ASSERT_LE(lm.lower_bound(n, a),
                      landmark_move_cost(g, kTerrain, n, m) + lm.lower_bound(m, a))
                << trial;
          }
        }
      }
    }
  }
}

// Farthest-point placement, exactly: on an open 10 x 6 map the first landmark is the cell
// farthest from the first cell, the next the one farthest from it, then the farthest from both
// (ties: the smaller row-major index).
TEST(Landmarks, FarthestPointPlacement) {
  const Grid g(10, 6);
  LandmarkOptions lo;
  lo.count = 3;
  const LandmarkMap lm(g, GridLayer{1}, lo);
  ASSERT_EQ(lm.count(), 3);
  EXPECT_EQ(lm.landmarks()[0], (GridCoord{9, 5}));
  EXPECT_EQ(lm.landmarks()[1], (GridCoord{0, 0}));
  // Farthest from both corners: along the top row min(x, octile(9 - x, 5)) peaks at x = 6 (6.0;
  // x = 7 gives 5.83), and (3, 5) ties with it at 6.0 but comes later in row-major order.
  EXPECT_EQ(lm.landmarks()[2], (GridCoord{6, 0}));
  EXPECT_EQ(lm.fraction_bits(), 24);
  // On an open map the bound between the two first landmarks is the octile distance itself.
  EXPECT_EQ(lm.lower_bound({0, 0}, {9, 5}), octile_distance_fixed({0, 0}, {9, 5}));
  EXPECT_EQ(lm.memory_bytes(), 60u * 3 * 4 + 60 + 3 * sizeof(GridCoord));
}

// Landmarks go to the largest area; an area with fewer cells than landmarks gets as many as it
// has; cells elsewhere get kUnreached.
TEST(Landmarks, LargestAreaAndSmallAreas) {
  Grid g(5, 3);
  for (int y = 0; y < 3; ++y) g.set_blocked({2, y}, true);  // areas of 6 cells (left), 6 (right)
  g.set_blocked({3, 0}, true);                              // right: 5 cells
  const LandmarkMap lm(g, GridLayer{1});
  EXPECT_EQ(lm.count(), 6);  // the left area holds 6 cells: 6 landmarks, not 8
  for (const GridCoord c : lm.landmarks()) EXPECT_LT(c.x, 2);
  EXPECT_EQ(lm.distances(4)[0], LandmarkMap::kUnreached);  // (4, 0), right area
  EXPECT_EQ(lm.lower_bound({4, 1}, {0, 0}), 0u);           // no landmark reaches both

  const Grid one(1, 1);
  const LandmarkMap single(one, GridLayer{1});
  EXPECT_EQ(single.count(), 1);
  const Grid walls = [] {
    Grid w(3, 3);
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 3; ++x) w.set_blocked({x, y}, true);
    return w;
  }();
  const LandmarkMap none(walls, GridLayer{1});
  EXPECT_EQ(none.count(), 0);
  AStar astar;
  std::vector<GridCoord> out;
  SearchOptions o;
  o.landmarks = &none;
  EXPECT_EQ(astar.find_path(walls, GridLayer{1}, {0, 0}, {2, 2}, out, o).status,
            SearchStatus::unreachable);
}

// Long, dear maps get fewer fraction bits and stay exact.
TEST(Landmarks, FractionBitsShrinkOnDearMaps) {
  Grid g(400, 3);
  for (int x = 0; x < 400; ++x)
    for (int y = 0; y < 3; ++y) g.set_tile({x, y}, 1);
  const GridLayer dear{1, 255};
  const LandmarkMap lm(g, dear);
  EXPECT_LT(lm.fraction_bits(), 24);
  AStar astar;
  std::vector<GridCoord> out;
  SearchOptions o;
  o.landmarks = &lm;
  const PathResult r = astar.find_path(g, dear, {0, 1}, {399, 1}, out, o);
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.cost, 399.0 * 255);
  EXPECT_EQ(r.moves, 399u);
  // The landmark bound is exact along the corridor: a cell or so beside the path besides the 399
  // on it (the octile bound alone, 255 times too low, expands all 1,200 cells).
  EXPECT_LE(r.stats.expanded, 402u);
}

// Edits: A* answers `stale` until sync; raised costs and new walls keep the map (`updated`,
// still optimal, never rebuilt), a lowered cost or an opened wall rebuilds it; the same with
// more edits than the grid's log holds.
TEST_P(LandmarksByStorage, SyncKeepsRaisedCostsAndRebuildsLoweredOnes) {
  std::mt19937_64 rng(99);
  AStar astar;
  std::vector<GridCoord> out;
  for (int trial = 0; trial < 60; ++trial) {
    Grid g = test::random_grid(rng, 40, 30, 0.15, 3);
    LandmarkMap lm = build(g, kTerrain);
    const Grid built = g;
    SearchOptions o;
    o.landmarks = &lm;
    const std::vector<GridCoord> landmarks(lm.landmarks().begin(), lm.landmarks().end());
    // Raise: tag 0 -> 1 or 2, 1 -> 2, or a wall; some batches longer than the edit log.
    const int edits = trial % 4 == 0 ? 100 : 5;
    for (int e = 0; e < edits; ++e) {
      const GridCoord c = random_cell(rng, g);
      if (rng() % 3 == 0) {
        g.set_blocked(c, true);
      } else if (!g.is_blocked(c) && g.tile(c) < 2) {
        g.set_tile(c, static_cast<std::uint8_t>(g.tile(c) + 1));
      }
    }
    out.assign(1, {7, 7});
    const GridCoord from = random_cell(rng, g);
    const GridCoord to = random_cell(rng, g);
    EXPECT_EQ(astar.find_path(g, kTerrain, from, to, out, o).status, SearchStatus::stale);
    EXPECT_EQ(out, (std::vector<GridCoord>{{7, 7}}));  // unchanged
    ASSERT_EQ(lm.sync(g, kTerrain), MapSync::updated) << trial;
    EXPECT_TRUE(lm.is_current(g, kTerrain));
    EXPECT_EQ(std::vector<GridCoord>(lm.landmarks().begin(), lm.landmarks().end()), landmarks);
    for (int q = 0; q < 5; ++q) {
      const GridCoord a = random_cell(rng, g);
      const GridCoord b = random_cell(rng, g);
      const std::vector<std::uint64_t> ref =
          test::reference_dijkstra(g, kTerrain, a, Connectivity::eight);
      const std::uint64_t best = ref[cell_index(b, g.cols())];
      const PathResult r = astar.find_path(g, kTerrain, a, b, out, o);
      ASSERT_EQ(r.found(), best != cost::kInfinite) << trial;
      if (r.found()) {
        ASSERT_EQ(test::path_cost_fixed(g, kTerrain, out), best) << trial;
      }
    }
    // Lower one cost below its cost at build time (or open a wall that stood then): rebuilt.
    GridCoord c = random_cell(rng, g);
    while (!built.is_blocked(c) && built.tile(c) == 0) c = random_cell(rng, g);
    g.set_blocked(c, false);
    g.set_tile(c, 0);
    EXPECT_FALSE(lm.is_current(g, kTerrain));
    EXPECT_EQ(lm.sync(g, kTerrain), MapSync::rebuilt) << trial;
    EXPECT_EQ(lm.sync(g, kTerrain), MapSync::current);
    EXPECT_EQ(lm.storage(), GetParam());  // a rebuild keeps the width
    const LandmarkMap fresh = build(g, kTerrain);
    EXPECT_EQ(std::vector<GridCoord>(lm.landmarks().begin(), lm.landmarks().end()),
              std::vector<GridCoord>(fresh.landmarks().begin(), fresh.landmarks().end()));
    EXPECT_EQ(lm.fraction_bits(), fresh.fraction_bits());
    for (std::size_t cell = 0; cell < g.cell_count(); ++cell)
      for (int i = 0; i < lm.count(); ++i) ASSERT_EQ(lm.distance(cell, i), fresh.distance(cell, i));
  }
}

// Refusals, each leaving `out` unchanged: a 4-connected map for 8-connected moves
// (`unsupported`), another layer or grid (`stale`), and every search but A* (`unsupported`).
TEST(Landmarks, RefusalsLeaveOutUnchanged) {
  const Grid g(20, 20);
  const GridLayer walk{1};
  LandmarkOptions four;
  four.connectivity = Connectivity::four;
  const LandmarkMap lm4(g, walk, four);
  const LandmarkMap lm8(g, walk);
  std::vector<GridCoord> out{{3, 3}};
  const std::vector<GridCoord> before = out;
  AStar astar;
  SearchOptions o;
  o.landmarks = &lm4;
  EXPECT_EQ(astar.find_path(g, walk, {0, 0}, {19, 19}, out, o).status, SearchStatus::unsupported);
  EXPECT_EQ(out, before);
  o.connectivity = Connectivity::four;
  EXPECT_TRUE(astar.find_path(g, walk, {0, 0}, {19, 19}, out, o).found());
  out = before;
  o.connectivity = Connectivity::eight;
  o.landmarks = &lm8;
  EXPECT_EQ(astar.find_path(g, GridLayer{2}, {0, 0}, {19, 19}, out, o).status, SearchStatus::stale);
  const Grid other(20, 20);
  EXPECT_EQ(astar.find_path(other, walk, {0, 0}, {19, 19}, out, o).status, SearchStatus::stale);
  EXPECT_EQ(astar.start_query(other, walk, {0, 0}, {19, 19}, o).status, SearchStatus::stale);
  EXPECT_EQ(out, before);
  GreedyBestFirst greedy;
  Jps jps;
  JpsPlus jps_plus;
  EXPECT_EQ(greedy.find_path(g, walk, {0, 0}, {19, 19}, out, o).status, SearchStatus::unsupported);
  EXPECT_EQ(jps.find_path(g, walk, {0, 0}, {19, 19}, out, o).status, SearchStatus::unsupported);
  EXPECT_EQ(jps_plus.find_path(g, walk, {0, 0}, {19, 19}, out, o).status,
            SearchStatus::unsupported);
  EXPECT_EQ(out, before);
  // Weight below 1 still reads invalid_argument first.
  o.weight = 0.5;
  EXPECT_EQ(astar.find_path(g, walk, {0, 0}, {19, 19}, out, o).status,
            SearchStatus::invalid_argument);
  // create() names the value.
  Error e;
  LandmarkOptions bad;
  bad.count = 33;
  EXPECT_FALSE(LandmarkMap::create(g, walk, bad, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_EQ(e.message, "pathing::LandmarkMap: count = 33 is outside [1, 32]");
}

// Sliced queries with landmarks equal find_path exactly; weighted A* with landmarks stays
// within its bound; an impassable start (its own cost ignored) is searched.
TEST_P(LandmarksByStorage, SlicedWeightedAndImpassableStart) {
  std::mt19937_64 rng(5);
  AStar one_shot;
  AStar sliced;
  std::vector<GridCoord> a;
  std::vector<GridCoord> b;
  for (int trial = 0; trial < 200; ++trial) {
    const Grid g = test::random_grid(rng, 32, 32, 0.2, 3);
    const LandmarkMap lm = build(g, kTerrain);
    SearchOptions o;
    o.landmarks = &lm;
    o.weight = trial % 2 == 0 ? 1.0 : 1.5;
    const GridCoord from = random_cell(rng, g);
    const GridCoord to = random_cell(rng, g);
    const PathResult r = one_shot.find_path(g, kTerrain, from, to, a, o);
    PathResult s = sliced.start_query(g, kTerrain, from, to, o);
    while (s.status == SearchStatus::in_progress) s = sliced.continue_query(7);
    s = sliced.finish_query(b);
    ASSERT_EQ(s.status, r.status) << trial;
    ASSERT_EQ(s.stats.expanded, r.stats.expanded) << trial;
    ASSERT_EQ(a, b) << trial;
    const std::vector<std::uint64_t> ref =
        test::reference_dijkstra(g, kTerrain, from, Connectivity::eight);
    const std::uint64_t best = ref[cell_index(to, 32)];
    ASSERT_EQ(r.found(), best != cost::kInfinite) << trial;
    if (r.found()) {
      const auto got = static_cast<double>(test::path_cost_fixed(g, kTerrain, a));
      ASSERT_LE(got, static_cast<double>(best) * o.weight + 1) << trial;
      if (o.weight == 1.0) {
        ASSERT_EQ(test::path_cost_fixed(g, kTerrain, a), best) << trial;
      }
    }
  }
}

// Units larger than one cell: a map built on the unit grid serves size-2 queries.
TEST(Landmarks, UnitGrids) {
  std::mt19937_64 rng(11);
  const Grid g = test::random_grid(rng, 40, 40, 0.08, 3);
  const ClearanceMap cm(g, kTerrain, 2);
  const LandmarkMap lm(*cm.unit_grid(2), cm.unit_layer());
  SearchOptions o;
  o.unit_size = 2;
  o.clearance = &cm;
  SearchOptions with = o;
  with.landmarks = &lm;
  AStar astar;
  std::vector<GridCoord> a;
  std::vector<GridCoord> b;
  for (int q = 0; q < 50; ++q) {
    const GridCoord from = random_cell(rng, g);
    const GridCoord to = random_cell(rng, g);
    const PathResult r = astar.find_path(g, kTerrain, from, to, a, o);
    const PathResult s = astar.find_path(g, kTerrain, from, to, b, with);
    ASSERT_EQ(r.status, s.status) << q;
    if (r.found()) {
      ASSERT_EQ(r.cost, s.cost) << q;
      ASSERT_LE(s.stats.expanded, r.stats.expanded) << q;
    }
  }
  // A map of the original grid is stale for a size-2 query.
  const LandmarkMap plain(g, kTerrain);
  with.landmarks = &plain;
  EXPECT_EQ(astar.find_path(g, kTerrain, {0, 0}, {30, 30}, a, with).status, SearchStatus::stale);
}

// No allocation on warm queries with landmarks, nor on a sync that keeps the map.
TEST_P(LandmarksByStorage, WarmQueriesAllocateNothing) {
  std::mt19937_64 rng(3);
  Grid g = test::random_grid(rng, 128, 128, 0.1, 3);
  LandmarkMap lm = build(g, kTerrain);
  AStar astar(128, 128);
  std::vector<GridCoord> out;
  out.reserve(128 * 128);
  SearchOptions o;
  o.landmarks = &lm;
  astar.find_path(g, kTerrain, {0, 0}, {127, 127}, out, o);
  const test::AllocationScope scope;
  for (int q = 0; q < 30; ++q) {
    g.set_blocked(random_cell(rng, g), true);
    lm.sync(g, kTerrain);
    const GridCoord from = random_cell(rng, g);
    const GridCoord to = random_cell(rng, g);
    astar.find_path(g, kTerrain, from, to, out, o);
  }
  EXPECT_EQ(scope.count(), 0u);
}

// 16-bit storage on the 10 x 6 open map: 11 fraction bits (the farthest distance from the first
// cell is 4 + 5 sqrt 2 = 11.07 units; 2 x 11.07 x 2^11 < 65535 <= 2 x 11.07 x 2^12), 2 bytes a
// distance, the same landmarks and, there, the exact octile bound between them.
TEST(Landmarks, Storage16FractionBitsAndMemory) {
  const Grid g(10, 6);
  LandmarkOptions lo;
  lo.count = 3;
  lo.storage = LandmarkStorage::bits16;
  const LandmarkMap lm(g, GridLayer{1}, lo);
  ASSERT_EQ(lm.storage(), LandmarkStorage::bits16);
  EXPECT_EQ(lm.fraction_bits(), 11);
  EXPECT_EQ(lm.memory_bytes(), 60u * 3 * 2 + 60 + 3 * sizeof(GridCoord));
  EXPECT_EQ(lm.landmarks()[0], (GridCoord{9, 5}));
  EXPECT_EQ(lm.landmarks()[1], (GridCoord{0, 0}));
  // D((0, 0), (9, 5)) = 4 straight + 5 diagonal moves in units of 2^-11: 4 x 2048 + 5 x
  // floor(sqrt 2 x 2048) = 8192 + 5 x 2896.
  EXPECT_EQ(lm.distance(0, 0), 8192u + 5 * 2896);
  EXPECT_EQ(lm.distances16(0)[0], 8192u + 5 * 2896);
  EXPECT_EQ(lm.lower_bound({0, 0}, {9, 5}), std::uint64_t{8192 + 5 * 2896} << 13);
  LandmarkOptions automatic = lo;
  automatic.storage = LandmarkStorage::automatic;
  EXPECT_EQ(LandmarkMap(g, GridLayer{1}, automatic).storage(), LandmarkStorage::bits16);
  LandmarkOptions bad = lo;
  bad.storage = static_cast<LandmarkStorage>(7);
  Error e;
  EXPECT_FALSE(LandmarkMap::create(g, GridLayer{1}, bad, &e).has_value());
  EXPECT_EQ(e.message, "pathing::LandmarkMap: storage = 7 is not bits32, bits16 or automatic");
}

// Maps too dear for 16 bits: `bits16` falls back to 32-bit storage (documented; never an
// error, so a rebuild in `sync` cannot fail), `automatic` too, and below
// kAutomaticFractionBits `automatic` keeps 32 bits while `bits16` takes 16. Paths stay exact.
TEST(Landmarks, Storage16FallsBackOnDearMaps) {
  // A 200-cell corridor of cost 255: the farthest distance is 199 x 255 = 50,745 units, twice
  // that does not fit 16 bits even at 0 fraction bits.
  Grid g(200, 1);
  for (int x = 0; x < 200; ++x) g.set_tile({x, 0}, 1);
  const GridLayer dear{1, 255};
  LandmarkOptions lo;
  lo.storage = LandmarkStorage::bits16;
  const LandmarkMap lm(g, dear, lo);
  EXPECT_EQ(lm.storage(), LandmarkStorage::bits32);
  EXPECT_EQ(lm.options().storage, LandmarkStorage::bits16);
  const LandmarkMap wide(g, dear);
  EXPECT_EQ(lm.fraction_bits(), wide.fraction_bits());
  EXPECT_EQ(lm.memory_bytes(), wide.memory_bytes());
  lo.storage = LandmarkStorage::automatic;
  EXPECT_EQ(LandmarkMap(g, dear, lo).storage(), LandmarkStorage::bits32);
  AStar astar;
  std::vector<GridCoord> out;
  SearchOptions o;
  o.landmarks = &lm;
  PathResult r = astar.find_path(g, dear, {0, 0}, {199, 0}, out, o);
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.cost, 199.0 * 255);

  // 60 cells of cost 255: 59 x 255 = 15,045 units; 2 x 15,045 x 2^1 < 65535 <= 2 x 15,045 x 2^2:
  // 1 fraction bit. `bits16` takes it, `automatic` (needs 4) keeps 32 bits.
  Grid s(60, 1);
  for (int x = 0; x < 60; ++x) s.set_tile({x, 0}, 1);
  lo.storage = LandmarkStorage::bits16;
  const LandmarkMap narrow(s, dear, lo);
  EXPECT_EQ(narrow.storage(), LandmarkStorage::bits16);
  EXPECT_EQ(narrow.fraction_bits(), 1);
  lo.storage = LandmarkStorage::automatic;
  EXPECT_EQ(LandmarkMap(s, dear, lo).storage(), LandmarkStorage::bits32);
  o.landmarks = &narrow;
  r = astar.find_path(s, dear, {0, 0}, {59, 0}, out, o);
  ASSERT_TRUE(r.found());
  EXPECT_EQ(r.cost, 59.0 * 255);
  EXPECT_LE(r.stats.expanded, 61u);

  // 0 fraction bits: a 120 x 2 field of cost 255, farthest distance 118 x 255 + 255 sqrt 2 =
  // 30,450.6 units (2 x 30,450 < 65535 <= 2 x 60,901 at 1 bit): whole cost units, still exact.
  Grid z(120, 2);
  for (int x = 0; x < 120; ++x)
    for (int y = 0; y < 2; ++y) z.set_tile({x, y}, 1);
  lo.storage = LandmarkStorage::bits16;
  const LandmarkMap whole(z, dear, lo);
  ASSERT_EQ(whole.storage(), LandmarkStorage::bits16);
  EXPECT_EQ(whole.fraction_bits(), 0);
  o.landmarks = &whole;
  for (int x = 0; x < 120; x += 7) {
    const std::vector<std::uint64_t> ref =
        test::reference_dijkstra(z, dear, {x, 0}, Connectivity::eight);
    for (int tx = 0; tx < 120; tx += 5) {
      r = astar.find_path(z, dear, {x, 0}, {tx, 1}, out, o);
      ASSERT_TRUE(r.found());
      ASSERT_EQ(test::path_cost_fixed(z, dear, out), ref[cell_index({tx, 1}, 120)]);
    }
  }
}

// The 16-bit term (vector chunks of 8 and a scalar tail) equals the plain loop for every length
// up to 32 and values across the whole range.
TEST(Landmarks, MaxGap16MatchesScalar) {
  std::mt19937_64 rng(16);
  std::uint16_t a[32];
  std::uint16_t b[32];
  for (int trial = 0; trial < 2000; ++trial) {
    const int n = uniform_int(rng, 0, 32);
    for (int i = 0; i < 32; ++i) {
      const auto x = static_cast<std::uint16_t>(rng() >> 48);
      const auto y = static_cast<std::uint16_t>(rng() >> 48);
      a[i] = trial % 3 == 0 ? static_cast<std::uint16_t>(x & 0xFF) : x;
      b[i] = y;
    }
    std::uint32_t want = 0;
    for (int i = 0; i < n; ++i) {
      const std::uint32_t d = a[i] > b[i] ? std::uint32_t{a[i]} - b[i] : std::uint32_t{b[i]} - a[i];
      want = d > want ? d : want;
    }
    ASSERT_EQ(detail::max_gap16(a, b, static_cast<std::size_t>(n)), want) << trial;
  }
}

}  // namespace
}  // namespace pathing
