// RegionMap (issue #16, item 4): labels, reachability against brute force, local relabelling
// against a full rebuild, staleness, allocation, and the searches' region check.
#include "pathing/precompute/region_map.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "support/alloc_counter.hpp"
#include "support/reference.hpp"
#include "support/throws.hpp"

namespace pathing {
namespace {

// The partition of a map as canonical ids: each label becomes the rank of its first cell in
// row-major order (1, 2, ...), 0 stays 0. Also checks region_size and region_count against the
// labels.
std::vector<std::uint32_t> partition(const RegionMap& m) {
  std::vector<std::uint32_t> out;
  std::map<std::uint32_t, std::uint32_t> ids;
  std::map<std::uint32_t, std::uint32_t> sizes;
  for (int y = 0; y < m.rows(); ++y) {
    for (int x = 0; x < m.cols(); ++x) {
      const std::uint32_t l = m.region({x, y});
      if (l == 0) {
        out.push_back(0);
        continue;
      }
      const auto it = ids.emplace(l, static_cast<std::uint32_t>(ids.size() + 1)).first;
      out.push_back(it->second);
      ++sizes[l];
    }
  }
  EXPECT_EQ(m.region_count(), ids.size());
  for (const auto& [l, n] : sizes) EXPECT_EQ(m.region_size(l), n) << "label " << l;
  return out;
}

// Passability under a layer as a string map, '#' impassable.
Grid grid_from(const std::vector<std::string>& rows) {
  Grid g(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
  for (int y = 0; y < g.rows(); ++y)
    for (int x = 0; x < g.cols(); ++x)
      if (rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '#')
        g.set_blocked({x, y}, true);
  return g;
}

TEST(RegionMap, HandMadeLabelsInRowMajorOrder) {
  const Grid g = grid_from({
      "..#..",
      "..#.#",
      "###.#",
      "#.#.#",
      "..##.",
  });
  const RegionMap m(g, GridLayer{});
  const std::vector<std::uint32_t> want = {
      1, 1, 0, 2, 2,  //
      1, 1, 0, 2, 0,  //
      0, 0, 0, 2, 0,  //
      0, 3, 0, 2, 0,  //
      3, 3, 0, 0, 4,
  };
  std::vector<std::uint32_t> got;
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) got.push_back(m.region({x, y}));
  EXPECT_EQ(got, want);
  EXPECT_EQ(m.region_count(), 4u);
  EXPECT_EQ(m.region_size(1), 4u);
  EXPECT_EQ(m.region_size(2), 5u);
  EXPECT_EQ(m.region_size(3), 3u);
  EXPECT_EQ(m.region_size(4), 1u);
  EXPECT_EQ(m.region_size(0), 0u);
  EXPECT_EQ(m.region_size(99), 0u);
  EXPECT_EQ(m.label_bound(), 5u);
  EXPECT_TRUE(m.reachable({0, 0}, {1, 1}));
  EXPECT_FALSE(m.reachable({0, 0}, {3, 0}));
  EXPECT_FALSE(m.reachable({2, 0}, {2, 0}));  // impassable
  EXPECT_FALSE(m.reachable({0, 0}, {-1, 0}));
  EXPECT_FALSE(m.reachable({9, 9}, {9, 9}));
  EXPECT_EQ(m.region({-1, 0}), 0u);
  // (1, 3) and (0, 4) touch at a corner: joined through (1, 4), not by the diagonal.
  EXPECT_TRUE(m.reachable({1, 3}, {0, 4}));
  EXPECT_FALSE(m.reachable({3, 3}, {4, 4}));  // diagonal, both orthogonal cells walls
}

TEST(RegionMap, EmptyAndDegenerate) {
  RegionMap m;
  EXPECT_EQ(m.region_count(), 0u);
  EXPECT_FALSE(m.reachable({0, 0}, {0, 0}));
  const Grid g(1, 1);
  EXPECT_FALSE(m.is_current(g, GridLayer{}));
  EXPECT_EQ(m.sync(g, GridLayer{}), MapSync::rebuilt);
  EXPECT_TRUE(m.reachable({0, 0}, {0, 0}));
  EXPECT_EQ(m.region_count(), 1u);
  const Grid none(3, 2, 1);  // tag 1: impassable under the default layer
  m.build(none, GridLayer{});
  EXPECT_EQ(m.region_count(), 0u);
  EXPECT_FALSE(m.reachable({0, 0}, {0, 0}));
}

// Reachability against textbook Dijkstra (4- and 8-connected) on thousands of random maps,
// 1 x N and N x 1 included: one labelling answers both connectivities.
TEST(RegionMap, ReachableMatchesBruteForceBothConnectivities) {
  std::mt19937_64 rng(20261125);
  const GridLayer layer;
  int maps = 0;
  std::uint64_t pairs = 0;
  std::uint64_t joined = 0;
  for (int it = 0; it < 3000; ++it) {
    const int w = 1 + static_cast<int>(rng() % 24);
    const int h = it % 10 == 0 ? 1 : 1 + static_cast<int>(rng() % 24);
    const double density = static_cast<double>(rng() % 70) / 100.0;
    const Grid g = test::random_grid(rng, (it % 20 == 1) ? 1 : w, h, density);
    const RegionMap m(g, layer);
    ++maps;
    for (int q = 0; q < 3; ++q) {
      const GridCoord a{static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
                        static_cast<int>(rng() % static_cast<unsigned>(g.rows()))};
      const auto d4 = test::reference_dijkstra(g, layer, a, Connectivity::four);
      const auto d8 = test::reference_dijkstra(g, layer, a, Connectivity::eight);
      const bool a_passable = layer.cost_at(g, a) != 0;
      for (int y = 0; y < g.rows(); ++y) {
        for (int x = 0; x < g.cols(); ++x) {
          const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(g.cols()) +
                                static_cast<std::size_t>(x);
          const bool r4 = d4[i] != cost::kInfinite;
          const bool r8 = d8[i] != cost::kInfinite;
          ASSERT_EQ(r4, r8) << "8- and 4-connected regions differ";
          const bool brute = a_passable && layer.cost_at(g, {x, y}) != 0 && r4;
          ASSERT_EQ(m.reachable(a, {x, y}), brute)
              << "map " << it << " a " << a.x << "," << a.y << " b " << x << "," << y;
          ASSERT_EQ(m.reachable({x, y}, a), brute);
          ++pairs;
          joined += brute ? 1u : 0u;
        }
      }
    }
  }
  EXPECT_EQ(maps, 3000);
  EXPECT_GT(joined, pairs / 10);
  EXPECT_LT(joined, pairs - pairs / 10);
}

// Long random edit sequences (walls, tags, blocked bits, whole cells) under a layer where tag 1
// and blocked tag 2 are impassable: sync after each batch equals a fresh build, partition for
// partition; batches of more than kEditLogCapacity writes fall back to a rebuild.
TEST(RegionMap, SyncAfterEditsEqualsFullRebuild) {
  std::mt19937_64 rng(42);
  GridLayer layer = GridLayer::uniform(1, 3).with_tag_cost(1, 0).with_blocked_tag_cost(2, 0);
  layer = layer.with_blocked_tag_cost(0, 0);
  std::uint64_t updated = 0;
  std::uint64_t rebuilt = 0;
  std::uint64_t batches = 0;
  for (int it = 0; it < 60; ++it) {
    const int w = 1 + static_cast<int>(rng() % 40);
    const int h = (it % 7 == 3) ? 1 : 1 + static_cast<int>(rng() % 40);
    Grid g = test::random_grid(rng, w, h, static_cast<double>(rng() % 60) / 100.0, 3);
    RegionMap m(g, layer);
    for (int b = 0; b < 60; ++b) {
      const int n =
          (b % 13 == 12) ? 65 + static_cast<int>(rng() % 20) : 1 + static_cast<int>(rng() % 12);
      for (int e = 0; e < n; ++e) {
        const GridCoord c{static_cast<int>(rng() % static_cast<unsigned>(w)),
                          static_cast<int>(rng() % static_cast<unsigned>(h))};
        switch (rng() % 4) {
          case 0:
            g.set_blocked(c, true);
            break;
          case 1:
            g.set_blocked(c, false);
            break;
          case 2:
            g.set_tile(c, static_cast<std::uint8_t>(rng() % 3));
            break;
          default:
            g.set_cell(c, static_cast<std::uint8_t>(rng() % 16));
            break;
        }
      }
      EXPECT_FALSE(m.is_current(g, layer));
      const MapSync s = m.sync(g, layer);
      EXPECT_EQ(s,
                n > static_cast<int>(Grid::kEditLogCapacity) ? MapSync::rebuilt : MapSync::updated);
      (s == MapSync::updated ? updated : rebuilt) += 1;
      ++batches;
      ASSERT_TRUE(m.is_current(g, layer));
      const RegionMap fresh(g, layer);
      ASSERT_EQ(partition(m), partition(fresh)) << "map " << it << " batch " << b;
      EXPECT_EQ(m.sync(g, layer), MapSync::current);
    }
  }
  EXPECT_EQ(batches, 3600u);
  EXPECT_GT(rebuilt, 200u);
  EXPECT_GT(updated, 3000u);
}

// Single-cell edits that split and merge large regions: a wall drawn across an open map, then
// removed, cell by cell, through update_cells.
TEST(RegionMap, UpdateCellsSplitsAndMerges) {
  Grid g(9, 5);
  const GridLayer layer;
  RegionMap m(g, layer);
  EXPECT_EQ(m.region_count(), 1u);
  for (int y = 0; y < 5; ++y) {
    g.set_blocked({4, y}, true);
    const GridCoord c{4, y};
    m.update_cells(g, std::span<const GridCoord>(&c, 1));
    EXPECT_TRUE(m.is_current(g, layer));
    EXPECT_EQ(m.region_count(), y == 4 ? 2u : 1u);
  }
  EXPECT_EQ(m.region_size(m.region({0, 0})), 20u);
  EXPECT_EQ(m.region_size(m.region({8, 0})), 20u);
  EXPECT_FALSE(m.reachable({0, 0}, {8, 4}));
  g.set_blocked({4, 2}, false);
  const GridCoord c{4, 2};
  m.update_cells(g, std::span<const GridCoord>(&c, 1));
  EXPECT_EQ(m.region_count(), 1u);
  EXPECT_EQ(m.region_size(m.region({4, 2})), 41u);
  EXPECT_TRUE(m.reachable({0, 0}, {8, 4}));
  // A lone cell walled in and opened again; a region that vanishes.
  Grid h = grid_from({"###", "#.#", "###"});
  RegionMap k(h, layer);
  EXPECT_EQ(k.region_count(), 1u);
  h.set_blocked({1, 1}, true);
  EXPECT_EQ(k.sync(h, layer), MapSync::updated);
  EXPECT_EQ(k.region_count(), 0u);
  h.set_blocked({1, 1}, false);
  EXPECT_EQ(k.sync(h, layer), MapSync::updated);
  EXPECT_EQ(k.region_count(), 1u);
  EXPECT_EQ(k.region_size(k.region({1, 1})), 1u);
}

TEST(RegionMap, StaleForAnotherGridOrLayer) {
  Grid g(6, 4);
  const GridLayer layer;
  RegionMap m(g, layer);
  EXPECT_TRUE(m.is_current(g, layer));
  EXPECT_EQ(m.grid_id(), g.instance_id());
  const Grid copy = g;  // same cells, another object
  EXPECT_FALSE(m.is_current(copy, layer));
  const GridLayer other = GridLayer::uniform(2);
  EXPECT_FALSE(m.is_current(g, other));
  EXPECT_EQ(m.sync(g, other), MapSync::rebuilt);  // another layer: rebuilt
  EXPECT_TRUE(m.is_current(g, other));
  EXPECT_EQ(m.sync(copy, other), MapSync::rebuilt);
  EXPECT_TRUE(m.is_current(copy, other));
  EXPECT_FALSE(m.is_current(g, other));
  g.set_blocked({0, 0}, true);
  EXPECT_FALSE(m.is_current(g, other));
  // Misuse of update_cells (a map of another grid object, a cell off the grid) changes nothing.
  const GridCoord c{0, 0};
  PATHING_EXPECT_THROW(m.update_cells(g, std::span<const GridCoord>(&c, 1)), std::invalid_argument);
  EXPECT_FALSE(m.is_current(g, other));
  const GridCoord off{6, 0};
  PATHING_EXPECT_THROW(m.update_cells(copy, std::span<const GridCoord>(&off, 1)),
                       std::invalid_argument);
  EXPECT_TRUE(m.is_current(copy, other));
  PATHING_EXPECT_THROW(m.reserve(-1, 3), std::invalid_argument);
}

TEST(RegionMap, WarmSyncAndReachableAllocateNothing) {
  std::mt19937_64 rng(7);
  Grid g = test::random_grid(rng, 64, 48, 0.35);
  const GridLayer layer;
  RegionMap m;
  m.reserve(g.cols(), g.rows());
  m.build(g, layer);
  std::vector<GridCoord> cells;
  for (int i = 0; i < 4000; ++i)
    cells.push_back({static_cast<int>(rng() % 64), static_cast<int>(rng() % 48)});
  std::uint64_t hits = 0;
  const test::AllocationScope scope;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    g.set_blocked(cells[i], (i & 1) == 0);
    if (i % 5 == 4) {
      EXPECT_EQ(m.sync(g, layer), MapSync::updated);
    }
    hits += m.reachable(cells[i], cells[(i * 7) % cells.size()]) ? 1u : 0u;
  }
  m.build(g, layer);  // a rebuild of a grid no larger than reserved
  EXPECT_EQ(scope.count(), 0u);
  // Warm searches with the map: unreachable at once, and to the nearest reachable cell.
  AStar astar(g.cols(), g.rows());
  std::vector<GridCoord> out;
  out.reserve(g.cell_count());
  SearchOptions o;
  o.regions = &m;
  GridCoord wall{-1, -1};
  for (int y = 0; y < g.rows() && wall.x < 0; ++y)
    for (int x = 0; x < g.cols() && wall.x < 0; ++x)
      if (m.region({x, y}) == 0) wall = {x, y};
  GridCoord open{-1, -1};
  for (int y = 0; y < g.rows() && open.x < 0; ++y)
    for (int x = 0; x < g.cols() && open.x < 0; ++x)
      if (m.region({x, y}) != 0) open = {x, y};
  ASSERT_GE(wall.x, 0);
  ASSERT_GE(open.x, 0);
  static_cast<void>(astar.find_path(g, layer, open, {63, 47}, out, o));  // warm-up
  o.nearest_if_unreachable = true;
  static_cast<void>(astar.find_path(g, layer, open, wall, out, o));
  o.nearest_if_unreachable = false;
  const test::AllocationScope search_scope;
  EXPECT_EQ(astar.find_path(g, layer, open, wall, out, o).status, SearchStatus::unreachable);
  o.nearest_if_unreachable = true;
  EXPECT_EQ(astar.find_path(g, layer, open, wall, out, o).status, SearchStatus::unreachable);
  EXPECT_EQ(search_scope.count(), 0u);
  EXPECT_GT(hits, 0u);
  EXPECT_GT(m.memory_bytes(), 8 * g.cell_count());
}

// --- Searches with SearchOptions::regions ---------------------------------------------------

struct Runner {
  std::string name;
  bool optimal = true;
  bool eight_only = false;
  std::function<PathResult(const Grid&, const GridLayer&, GridCoord, GridCoord,
                           std::vector<GridCoord>&, const SearchOptions&)>
      run;
};

std::vector<Runner> runners() {
  std::vector<Runner> v;
  auto astar = std::make_shared<AStar>();
  v.push_back({"astar", true, false,
               [astar](const Grid& g, const GridLayer& l, GridCoord a, GridCoord b,
                       std::vector<GridCoord>& out,
                       const SearchOptions& o) { return astar->find_path(g, l, a, b, out, o); }});
  auto greedy = std::make_shared<GreedyBestFirst>();
  v.push_back({"greedy", false, false,
               [greedy](const Grid& g, const GridLayer& l, GridCoord a, GridCoord b,
                        std::vector<GridCoord>& out,
                        const SearchOptions& o) { return greedy->find_path(g, l, a, b, out, o); }});
  auto jps = std::make_shared<Jps>();
  v.push_back({"jps", true, true,
               [jps](const Grid& g, const GridLayer& l, GridCoord a, GridCoord b,
                     std::vector<GridCoord>& out,
                     const SearchOptions& o) { return jps->find_path(g, l, a, b, out, o); }});
  auto jps2 = std::make_shared<Jps>();
  auto jmap = std::make_shared<JpsMap>();
  v.push_back({"jps-shared-map", true, true,
               [jps2, jmap](const Grid& g, const GridLayer& l, GridCoord a, GridCoord b,
                            std::vector<GridCoord>& out, const SearchOptions& o) {
                 jmap->sync(g, l);
                 return jps2->find_path(g, *jmap, a, b, out, o);
               }});
  auto plus = std::make_shared<JpsPlus>();
  v.push_back({"jps-plus", true, true,
               [plus](const Grid& g, const GridLayer& l, GridCoord a, GridCoord b,
                      std::vector<GridCoord>& out,
                      const SearchOptions& o) { return plus->find_path(g, l, a, b, out, o); }});
  auto plus2 = std::make_shared<JpsPlus>();
  auto pmap = std::make_shared<JpsPlusMap>();
  v.push_back({"jps-plus-shared-map", true, true,
               [plus2, pmap](const Grid& g, const GridLayer& l, GridCoord a, GridCoord b,
                             std::vector<GridCoord>& out, const SearchOptions& o) {
                 pmap->sync(g, l);
                 return plus2->find_path(g, *pmap, a, b, out, o);
               }});
  return v;
}

void expect_same_with_regions(const PathResult& a, const PathResult& b) {
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.finish, b.finish);
  EXPECT_EQ(a.cost, b.cost);
  EXPECT_EQ(a.moves, b.moves);
  EXPECT_EQ(a.stats.expanded, b.stats.expanded);
  EXPECT_EQ(a.stats.generated, b.stats.generated);
}

// The reachable cell nearest to `to` by brute force: from itself or any cell the reference
// Dijkstra reaches, by (distance_fixed, y, x).
GridCoord brute_nearest(const Grid& g, const std::vector<std::uint64_t>& dist, GridCoord from,
                        GridCoord to, Connectivity conn) {
  GridCoord best = from;
  std::uint64_t bd = distance_fixed(conn, from, to);
  for (int y = 0; y < g.rows(); ++y) {
    for (int x = 0; x < g.cols(); ++x) {
      if (dist[static_cast<std::size_t>(y) * static_cast<std::size_t>(g.cols()) +
               static_cast<std::size_t>(x)] == cost::kInfinite)
        continue;
      const std::uint64_t d = distance_fixed(conn, {x, y}, to);
      if (d < bd || (d == bd && (y < best.y || (y == best.y && x < best.x)))) {
        bd = d;
        best = {x, y};
      }
    }
  }
  return best;
}

TEST(RegionSearch, SameResultsWhenReachableUnreachableAtOnceOtherwise) {
  std::mt19937_64 rng(99);
  std::vector<Runner> rs = runners();
  const GridLayer layer;
  std::map<std::string, std::uint64_t> reachable_pairs;
  std::map<std::string, std::uint64_t> unreachable_pairs;
  std::vector<GridCoord> a;
  std::vector<GridCoord> b;
  for (int it = 0; it < 300; ++it) {
    const int w = 1 + static_cast<int>(rng() % 30);
    const int h = 1 + static_cast<int>(rng() % 30);
    const Grid g = test::random_grid(rng, w, h, 0.2 + static_cast<double>(rng() % 30) / 100.0);
    const RegionMap m(g, layer);
    for (int q = 0; q < 6; ++q) {
      const GridCoord from{static_cast<int>(rng() % static_cast<unsigned>(w)),
                           static_cast<int>(rng() % static_cast<unsigned>(h))};
      const GridCoord to{static_cast<int>(rng() % static_cast<unsigned>(w)),
                         static_cast<int>(rng() % static_cast<unsigned>(h))};
      for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
        const auto ref = test::reference_dijkstra(g, layer, from, conn);
        const bool reach = ref[static_cast<std::size_t>(to.y) * static_cast<std::size_t>(w) +
                               static_cast<std::size_t>(to.x)] != cost::kInfinite;
        for (Runner& r : rs) {
          SCOPED_TRACE(r.name + " map " + std::to_string(it));
          SearchOptions plain;
          plain.connectivity = conn;
          SearchOptions with = plain;
          with.regions = &m;
          a.assign(3, GridCoord{-5, -5});
          b.assign(3, GridCoord{-5, -5});
          const PathResult pa = r.run(g, layer, from, to, a, plain);
          const PathResult pb = r.run(g, layer, from, to, b, with);
          if (r.eight_only && conn == Connectivity::four) {
            EXPECT_EQ(pb.status, SearchStatus::unsupported);
            continue;
          }
          if (reach) {
            EXPECT_EQ(pa.status, SearchStatus::found);
            expect_same_with_regions(pa, pb);
            EXPECT_EQ(a, b);
            ++reachable_pairs[r.name];
          } else {
            EXPECT_EQ(pa.status, SearchStatus::unreachable);
            EXPECT_EQ(pb.status, SearchStatus::unreachable);
            EXPECT_EQ(pb.stats.expanded, 0u);
            EXPECT_EQ(pb.stats.generated, 0u);
            EXPECT_EQ(pb.finish, from);
            EXPECT_EQ(pb.moves, 0u);
            EXPECT_EQ(pb.cost, 0.0);
            EXPECT_EQ(b, std::vector<GridCoord>{from});
            ++unreachable_pairs[r.name];
          }
        }
      }
    }
  }
  for (const Runner& r : rs) {
    EXPECT_GT(reachable_pairs[r.name], 300u) << r.name;
    EXPECT_GT(unreachable_pairs[r.name], 300u) << r.name;
  }
}

TEST(RegionSearch, StaleMapSearchesNothing) {
  Grid g(10, 10);
  const GridLayer layer;
  const RegionMap m(g, layer);
  g.set_blocked({5, 5}, true);
  std::vector<Runner> rs = runners();
  for (Runner& r : rs) {
    SCOPED_TRACE(r.name);
    std::vector<GridCoord> out{{7, 7}};
    SearchOptions o;
    o.regions = &m;
    const PathResult p = r.run(g, layer, {0, 0}, {9, 9}, out, o);
    EXPECT_EQ(p.status, SearchStatus::stale);
    EXPECT_EQ(p.stats.expanded, 0u);
    EXPECT_EQ(p.finish, (GridCoord{0, 0}));
    EXPECT_EQ(out, (std::vector<GridCoord>{GridCoord{7, 7}}));
    // Another layer: stale too.
    RegionMap m2(g, layer);
    o.regions = &m2;
    const GridLayer other = GridLayer::uniform(1, 1);
    EXPECT_EQ(r.run(g, other, {0, 0}, {9, 9}, out, o).status, SearchStatus::stale);
    EXPECT_EQ(r.run(g, layer, {0, 0}, {9, 9}, out, o).status, SearchStatus::found);
  }
}

TEST(RegionSearch, NearestReachableCellAsPartialResult) {
  std::mt19937_64 rng(5);
  std::vector<Runner> rs = runners();
  const GridLayer layer;
  std::uint64_t checked = 0;
  std::vector<GridCoord> out;
  for (int it = 0; it < 200; ++it) {
    const int w = 1 + static_cast<int>(rng() % 25);
    const int h = 1 + static_cast<int>(rng() % 25);
    const Grid g = test::random_grid(rng, w, h, 0.3 + static_cast<double>(rng() % 20) / 100.0);
    const RegionMap m(g, layer);
    for (int q = 0; q < 5; ++q) {
      const GridCoord from{static_cast<int>(rng() % static_cast<unsigned>(w)),
                           static_cast<int>(rng() % static_cast<unsigned>(h))};
      const GridCoord to{static_cast<int>(rng() % static_cast<unsigned>(w)),
                         static_cast<int>(rng() % static_cast<unsigned>(h))};
      for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
        const auto ref = test::reference_dijkstra(g, layer, from, conn);
        const std::size_t ti = static_cast<std::size_t>(to.y) * static_cast<std::size_t>(w) +
                               static_cast<std::size_t>(to.x);
        if (ref[ti] != cost::kInfinite) continue;
        const GridCoord near = brute_nearest(g, ref, from, to, conn);
        const std::uint64_t near_cost =
            near == from ? 0
                         : ref[static_cast<std::size_t>(near.y) * static_cast<std::size_t>(w) +
                               static_cast<std::size_t>(near.x)];
        for (Runner& r : rs) {
          if (r.eight_only && conn == Connectivity::four) continue;
          SCOPED_TRACE(r.name + " map " + std::to_string(it));
          SearchOptions o;
          o.connectivity = conn;
          o.regions = &m;
          o.nearest_if_unreachable = true;
          const PathResult p = r.run(g, layer, from, to, out, o);
          EXPECT_EQ(p.status, SearchStatus::unreachable);
          EXPECT_EQ(p.finish, near);
          ASSERT_FALSE(out.empty());
          EXPECT_EQ(out.back(), near);
          std::uint64_t c = 0;
          EXPECT_EQ(test::validate_path(g, layer, conn, from, out, &c), "");
          if (r.optimal) {
            EXPECT_EQ(c, near_cost);
          }
          EXPECT_EQ(p.moves + 1, out.size());
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 1000u);
}

TEST(RegionSearch, ImpassableStartUsesItsNeighboursRegions) {
  // The start is a wall cell between two rooms: both are reachable from it.
  const Grid g = grid_from({
      "..#..",
      "..#..",
      "#####",
      ".....",
  });
  Grid gg = g;
  gg.set_blocked({1, 2}, true);
  const RegionMap m(gg, GridLayer{});
  AStar astar;
  std::vector<GridCoord> out;
  SearchOptions o;
  o.regions = &m;
  EXPECT_EQ(astar.find_path(gg, GridLayer{}, {1, 2}, {0, 0}, out, o).status, SearchStatus::found);
  EXPECT_EQ(astar.find_path(gg, GridLayer{}, {1, 2}, {4, 3}, out, o).status, SearchStatus::found);
  const PathResult p = astar.find_path(gg, GridLayer{}, {1, 2}, {4, 0}, out, o);
  EXPECT_EQ(p.status, SearchStatus::unreachable);
  EXPECT_EQ(p.stats.expanded, 0u);
  EXPECT_EQ(astar.find_path(gg, GridLayer{}, {2, 2}, {2, 2}, out, o).status, SearchStatus::found);
}

}  // namespace
}  // namespace pathing

namespace pathing {
namespace {

template <class Searcher>
void check_bounded(const char* name) {
  SCOPED_TRACE(name);
  std::mt19937_64 rng(11);
  const GridLayer layer;
  Searcher plain;
  Searcher with;
  std::uint64_t same = 0;
  std::uint64_t at_once = 0;
  for (int it = 0; it < 200; ++it) {
    const int w = 1 + static_cast<int>(rng() % 80);
    const int h = 1 + static_cast<int>(rng() % 80);
    const Grid g = test::random_grid(rng, w, h, 0.2 + static_cast<double>(rng() % 30) / 100.0);
    const RegionMap m(g, layer);
    for (int q = 0; q < 8; ++q) {
      const GridCoord from{static_cast<int>(rng() % static_cast<unsigned>(w)),
                           static_cast<int>(rng() % static_cast<unsigned>(h))};
      // Goals on the grid, and now and then off it (no region: searched as without the map).
      const GridCoord to{static_cast<int>(rng() % static_cast<unsigned>(w + 2)) - 1,
                         static_cast<int>(rng() % static_cast<unsigned>(h + 2)) - 1};
      const BoundedResult a = plain.build_path(g, layer, from, to);
      const BoundedResult b = with.build_path(g, layer, from, to, m);
      const auto ref = test::reference_dijkstra(g, layer, from, Connectivity::four);
      const bool reach =
          g.in_bounds(to) && ref[static_cast<std::size_t>(to.y) * static_cast<std::size_t>(w) +
                                 static_cast<std::size_t>(to.x)] != cost::kInfinite;
      if (reach || !g.in_bounds(to) || from == to) {
        EXPECT_EQ(a.status, b.status);
        EXPECT_EQ(a.finish, b.finish);
        EXPECT_EQ(a.path, b.path);
        EXPECT_EQ(a.cost, b.cost);
        EXPECT_EQ(a.stats.expanded, b.stats.expanded);
        ++same;
      } else {
        EXPECT_NE(a.status, SearchStatus::found);
        EXPECT_EQ(b.status, SearchStatus::unreachable);
        EXPECT_EQ(b.stats.expanded, 0u);
        EXPECT_EQ(b.finish, from);
        EXPECT_EQ(b.moves, 0u);
        EXPECT_EQ(b.path.len(), 0);
        ++at_once;
      }
    }
  }
  EXPECT_GT(same, 300u);
  EXPECT_GT(at_once, 300u);
  Grid g(8, 8);
  const RegionMap m(g, layer);
  g.set_blocked({3, 3}, true);
  const BoundedResult s = with.build_path(g, layer, {0, 0}, {7, 7}, m);
  EXPECT_EQ(s.status, SearchStatus::stale);
  EXPECT_EQ(s.stats.expanded, 0u);
  EXPECT_EQ(s.finish, (GridCoord{0, 0}));
}

TEST(RegionSearch, BoundedSearchesWithRegions) {
  check_bounded<AStar>("astar");
  check_bounded<GreedyBestFirst>("greedy");
}

}  // namespace
}  // namespace pathing
