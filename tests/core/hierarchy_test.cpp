// HPA* (HierarchyMap, HpaStar): against a textbook Dijkstra on thousands of seeded random
// weighted maps (complete: a path exactly when one exists; valid; never cheaper than the optimum;
// exactly the cheapest path that crosses sector borders only at the map's transitions), lazy
// refinement, smoothing, edits (sync equals a rebuild and touches only the sectors edited),
// staleness, refusals and allocations.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <queue>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "pathing/precompute/clearance_map.hpp"
#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/hpa_star.hpp"
#include "support/alloc_counter.hpp"
#include "support/reference.hpp"

namespace pathing {
namespace {

const GridLayer kHpaTerrain{1, 3, 5};

int hpa_uniform(std::mt19937_64& rng, int lo, int hi) {
  return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
}

GridCoord hpa_cell(std::mt19937_64& rng, const Grid& g) {
  return {hpa_uniform(rng, 0, g.cols() - 1), hpa_uniform(rng, 0, g.rows() - 1)};
}

// One random map of the random-map tests: map `iter` is 8-connected when even, weighted (costs
// {1, 3, 5}) when iter % 4 >= 2; sides in [side_lo, side_hi], wall density 0 to 35 %, sector side
// in [4, sector_hi]. The draws happen in this order (the tests' samples depend on it).
struct HpaRandomMap {
  Grid grid{1, 1};
  GridLayer layer;
  HierarchyOptions options;
};
HpaRandomMap hpa_random_map(std::mt19937_64& rng, int iter, int side_lo, int side_hi,
                            int sector_hi) {
  HpaRandomMap m;
  const bool weighted = iter % 4 >= 2;
  const int w = hpa_uniform(rng, side_lo, side_hi);
  const int h = hpa_uniform(rng, side_lo, side_hi);
  const double density = 0.05 * hpa_uniform(rng, 0, 7);
  m.grid = test::random_grid(rng, w, h, density, weighted ? 3 : 1);
  m.layer = weighted ? kHpaTerrain : GridLayer{};
  m.options.sector_size = hpa_uniform(rng, 4, sector_hi);
  m.options.connectivity = iter % 2 == 0 ? Connectivity::eight : Connectivity::four;
  return m;
}

// A textbook Dijkstra on the cells of `g` under `layer` with the hierarchy's own fixed point
// (straight 256 c, diagonal 362 c), the corner rule kept, and a move a -> b (diagonal or not)
// taken only when allow(a, b, diagonal): the cost from `from` to `to` (cost::kInfinite when none).
template <class Allow>
std::uint64_t fixed_point_dijkstra(const Grid& g, const GridLayer& layer, Connectivity conn,
                                   GridCoord from, GridCoord to, Allow&& allow) {
  const int w = g.cols();
  std::vector<std::uint64_t> dist(g.cell_count(), cost::kInfinite);
  using Item = std::pair<std::uint64_t, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
  dist[static_cast<std::size_t>(from.y * w + from.x)] = 0;
  pq.push({0, from.y * w + from.x});
  const auto passable = [&](int x, int y) { return layer.cost_at(g, {x, y}) != 0; };
  while (!pq.empty()) {
    const auto [d, i] = pq.top();
    pq.pop();
    if (d != dist[static_cast<std::size_t>(i)]) continue;
    const GridCoord a{i % w, i / w};
    if (a == to) return d;
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        if (dx == 0 && dy == 0) continue;
        const bool diag = dx != 0 && dy != 0;
        if (diag && conn == Connectivity::four) continue;
        const GridCoord b{a.x + dx, a.y + dy};
        if (!passable(b.x, b.y)) continue;
        if (diag && (!passable(a.x + dx, a.y) || !passable(a.x, a.y + dy))) continue;
        if (!allow(a, b, diag)) continue;
        const std::uint64_t c = layer.cost_at(g, b) * (diag ? 362u : 256u);
        const auto j = static_cast<std::size_t>(b.y * w + b.x);
        if (d + c < dist[j]) {
          dist[j] = d + c;
          pq.push({d + c, static_cast<int>(j)});
        }
      }
    }
  }
  return cost::kInfinite;
}

// The textbook form of what HPA* computes: Dijkstra over the cells where a move between two
// sectors is allowed only as a straight move between two cells that are both abstract nodes
// (`HierarchyMap::sector_nodes`; for a unit size above 1, the nodes serving that size:
// `sector_node_cost` not 0), with the hierarchy's own fixed point (straight 256 c, diagonal 362 c).
// Returns that cost from `from` to `to` (cost::kInfinite when none).
std::uint64_t restricted_cost(const Grid& g, const GridLayer& layer, const HierarchyMap& map,
                              Connectivity conn, GridCoord from, GridCoord to, int unit_size = 1) {
  std::set<std::pair<int, int>> nodes;
  for (std::uint32_t s = 0; s < map.sector_count(); ++s) {
    const std::vector<GridCoord> cells = map.sector_nodes(s);
    for (std::uint32_t i = 0; i < cells.size(); ++i)
      if (map.sector_node_cost(s, i, unit_size) != 0) nodes.insert({cells[i].x, cells[i].y});
  }
  const bool blocked_start = layer.cost_at(g, from) == 0;
  return fixed_point_dijkstra(g, layer, conn, from, to, [&](GridCoord a, GridCoord b, bool diag) {
    // Moves between sectors: straight between two nodes, or any first move from a start on an
    // impassable cell (which is on no transition).
    if (map.sector_of(a) == map.sector_of(b) || (blocked_start && a == from)) return true;
    return !diag && nodes.count({a.x, a.y}) != 0 && nodes.count({b.x, b.y}) != 0;
  });
}

// A textbook Dijkstra inside sector `s` of `map` from `from` to `to`, in the hierarchy's fixed
// point (straight 256 c, diagonal 362 c); cost::kInfinite when none.
std::uint64_t confined_cost(const Grid& g, const GridLayer& layer, const HierarchyMap& map,
                            std::uint32_t s, Connectivity conn, GridCoord from, GridCoord to) {
  const auto inside = [&](int x, int y) {
    return g.in_bounds({x, y}) && map.sector_of({x, y}) == s;
  };
  return fixed_point_dijkstra(g, layer, conn, from, to, [&](GridCoord a, GridCoord b, bool diag) {
    return inside(b.x, b.y) && (!diag || (inside(b.x, a.y) && inside(a.x, b.y)));
  });
}

std::uint64_t hierarchy_fixed_cost(const Grid& g, const GridLayer& layer,
                                   const std::vector<GridCoord>& cells) {
  std::uint64_t total = 0;
  for (std::size_t i = 1; i < cells.size(); ++i) {
    const bool diag = cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y;
    total += layer.cost_at(g, cells[i]) * (diag ? 362u : 256u);
  }
  return total;
}

// Every sector of `a` has the nodes and the edge costs of the same sector of `b`.
void expect_same_hierarchy(const HierarchyMap& a, const HierarchyMap& b) {
  ASSERT_EQ(a.sector_count(), b.sector_count());
  for (std::uint32_t s = 0; s < a.sector_count(); ++s) {
    const std::vector<GridCoord> na = a.sector_nodes(s);
    ASSERT_EQ(na, b.sector_nodes(s)) << "sector " << s;
    for (std::uint32_t i = 0; i < na.size(); ++i)
      for (std::uint32_t j = 0; j < na.size(); ++j)
        ASSERT_EQ(a.sector_cost(s, i, j), b.sector_cost(s, i, j)) << "sector " << s;
  }
}

// On 2,400 seeded random maps (600 in the sanitizer build: test::random_maps; 4- and 8-connected,
// uniform and weighted, sector sides 4 to 12), HPA* finds a path exactly when the textbook Dijkstra
// does; the path is valid, never cheaper than the optimum, and its cost in the hierarchy's fixed
// point equals the restricted reference's (the cheapest path crossing borders only at transitions)
// and the plan's abstract cost. Shortcutting never raises the cost and keeps the path valid.
TEST(Hierarchy, HpaStarMatchesTheRestrictedReferenceOnRandomMaps) {
  std::mt19937_64 rng(20261127);
  HpaStar hpa;
  HpaStar smooth;
  smooth.set_smoothing(16);
  HpaStar weighted_hpa;
  int weighted_dearer = 0;
  std::vector<GridCoord> out;
  std::vector<GridCoord> smoothed;
  int found = 0;
  int dearer = 0;
  for (int iter = 0; iter < test::random_maps(2400); ++iter) {
    const HpaRandomMap case_map = hpa_random_map(rng, iter, 6, 40, 12);
    const Grid& g = case_map.grid;
    const GridLayer& layer = case_map.layer;
    const Connectivity conn = case_map.options.connectivity;
    const int w = g.cols();
    const HierarchyMap map(g, layer, case_map.options);
    SearchOptions so;
    so.connectivity = conn;
    for (int q = 0; q < 3; ++q) {
      const GridCoord from = hpa_cell(rng, g);
      const GridCoord to = hpa_cell(rng, g);
      const std::vector<std::uint64_t> ref = test::reference_dijkstra(g, layer, from, conn);
      const std::uint64_t optimal = ref[static_cast<std::size_t>(to.y * w + to.x)];
      const PathResult r = hpa.find_path(g, layer, map, from, to, out, so);
      const std::string where = "iter " + std::to_string(iter) + " query " + std::to_string(q);
      if (optimal == cost::kInfinite) {
        ASSERT_EQ(r.status, SearchStatus::unreachable) << where;
        ASSERT_EQ(out, std::vector<GridCoord>{from}) << where;
        continue;
      }
      ASSERT_EQ(r.status, SearchStatus::found) << where;
      ++found;
      std::uint64_t fixed = 0;
      ASSERT_EQ(test::validate_path(g, layer, conn, from, out, &fixed), "") << where;
      ASSERT_EQ(out.back(), to) << where;
      ASSERT_GE(fixed, optimal) << where;
      dearer += fixed > optimal;
      ASSERT_EQ(r.cost, test::path_cost_units(g, layer, out)) << where;
      ASSERT_EQ(r.moves, out.size() - 1) << where;
      const std::uint64_t mine = hierarchy_fixed_cost(g, layer, out);
      ASSERT_EQ(mine, restricted_cost(g, layer, map, conn, from, to)) << where;
      const PathResult p = hpa.plan(g, layer, map, from, to, so);
      ASSERT_EQ(p.cost, static_cast<double>(mine) / 256.0) << where;
      // Weighted abstract search (w = 2): valid, never cheaper than the restricted optimum, and
      // at most twice it (in the hierarchy's fixed point, up to one unit a move of rounding).
      SearchOptions w2 = so;
      w2.weight = 2.0;
      const PathResult wr = weighted_hpa.find_path(g, layer, map, from, to, smoothed, w2);
      ASSERT_EQ(wr.status, SearchStatus::found) << where;
      ASSERT_EQ(test::validate_path(g, layer, conn, from, smoothed), "") << where;
      const std::uint64_t wcost = hierarchy_fixed_cost(g, layer, smoothed);
      ASSERT_GE(wcost, mine) << where;
      ASSERT_LE(wcost, 2 * mine) << where;
      weighted_dearer += wcost > mine;
      const PathResult s = smooth.find_path(g, layer, map, from, to, smoothed, so);
      ASSERT_EQ(s.status, SearchStatus::found) << where;
      ASSERT_EQ(test::validate_path(g, layer, conn, from, smoothed), "") << where;
      ASSERT_EQ(smoothed.back(), to) << where;
      ASSERT_LE(test::path_cost_fixed(g, layer, smoothed), fixed) << where;
    }
  }
  // The seeds give thousands of found paths, some of them dearer than optimal (HPA* is not
  // optimal): the counts pin the sample.
  EXPECT_GT(found, test::random_maps(5000));
  EXPECT_GT(dearer, test::random_maps(500));
  EXPECT_GT(weighted_dearer, test::random_maps(100));
}

// Landmarks on the abstract graph (HierarchyMap::build_landmarks) on 2,000 seeded random maps
// (500 in the sanitizer build; 4- and 8-connected, uniform and weighted, 1 to 8 landmarks): the
// bound is admissible and consistent, so HPA* at weight 1 returns exactly the restricted
// reference's cost (as without landmarks), at weight 2 stays within [1, 2] times it, and expands
// fewer abstract nodes in all.
TEST(Hierarchy, LandmarksKeepTheRestrictedCostOnRandomMaps) {
  std::mt19937_64 rng(20261128);
  HpaStar with;
  HpaStar without;
  without.set_landmarks(false);
  std::vector<GridCoord> out;
  std::uint64_t expanded_with = 0;
  std::uint64_t expanded_without = 0;
  int found = 0;
  for (int iter = 0; iter < test::random_maps(2000); ++iter) {
    const HpaRandomMap case_map = hpa_random_map(rng, iter, 8, 48, 10);
    const Grid& g = case_map.grid;
    const GridLayer& layer = case_map.layer;
    const Connectivity conn = case_map.options.connectivity;
    HierarchyMap map(g, layer, case_map.options);
    const int count = hpa_uniform(rng, 1, 8);
    ASSERT_TRUE(map.build_landmarks(g, count));
    ASSERT_LE(map.landmark_count(), count);
    SearchOptions so;
    so.connectivity = conn;
    for (int q = 0; q < 3; ++q) {
      const GridCoord from = hpa_cell(rng, g);
      const GridCoord to = hpa_cell(rng, g);
      const std::string where = "iter " + std::to_string(iter) + " query " + std::to_string(q);
      const std::uint64_t restricted = restricted_cost(g, layer, map, conn, from, to);
      const PathResult r = with.find_path(g, layer, map, from, to, out, so);
      if (restricted == cost::kInfinite) {
        ASSERT_EQ(r.status, SearchStatus::unreachable) << where;
        continue;
      }
      ASSERT_EQ(r.status, SearchStatus::found) << where;
      ++found;
      ASSERT_EQ(test::validate_path(g, layer, conn, from, out), "") << where;
      ASSERT_EQ(hierarchy_fixed_cost(g, layer, out), restricted) << where;
      const PathResult p = without.plan(g, layer, map, from, to, so);
      const PathResult pw = with.plan(g, layer, map, from, to, so);
      ASSERT_EQ(pw.cost, p.cost) << where;
      ASSERT_EQ(pw.cost, static_cast<double>(restricted) / 256.0) << where;
      expanded_with += pw.stats.generated;
      expanded_without += p.stats.generated;
      SearchOptions w2 = so;
      w2.weight = 2.0;
      const PathResult wr = with.find_path(g, layer, map, from, to, out, w2);
      ASSERT_EQ(wr.status, SearchStatus::found) << where;
      ASSERT_EQ(test::validate_path(g, layer, conn, from, out), "") << where;
      const std::uint64_t wcost = hierarchy_fixed_cost(g, layer, out);
      ASSERT_GE(wcost, restricted) << where;
      ASSERT_LE(wcost, 2 * restricted) << where;
    }
  }
  EXPECT_GT(found, test::random_maps(4000));
  EXPECT_LT(expanded_with, expanded_without);
}

// Landmarks and edits: raised costs and new walls inside sectors keep them (and the answers stay
// the restricted optimum); an edit that changes a sector's transitions or makes an edge cheaper
// drops them; a sync past the edit log recomputes them.
TEST(Hierarchy, LandmarksFollowEdits) {
  std::mt19937_64 rng(7);
  int kept = 0;
  int dropped = 0;
  std::vector<GridCoord> out;
  HpaStar hpa;
  for (int iter = 0; iter < test::random_maps(200); ++iter) {
    const bool weighted = iter % 2 == 0;
    Grid g = test::random_grid(rng, 32, 32, 0.15, weighted ? 3 : 1);
    const GridLayer layer = weighted ? kHpaTerrain : GridLayer{};
    HierarchyOptions options;
    options.sector_size = 8;
    HierarchyMap map(g, layer, options);
    ASSERT_TRUE(map.build_landmarks(g, 4));
    const int before = map.landmark_count();
    ASSERT_GT(before, 0);
    // One edit inside a sector (not on a border row or column): a wall, or a dearer tag.
    GridCoord c{1 + 8 * hpa_uniform(rng, 0, 3) + hpa_uniform(rng, 0, 5),
                1 + 8 * hpa_uniform(rng, 0, 3) + hpa_uniform(rng, 0, 5)};
    const bool lower = iter % 3 == 2;
    if (lower) {
      g.set_blocked(c, false);
      g.set_tile(c, 0);
    } else if (weighted && !g.is_blocked(c)) {
      g.set_tile(c, static_cast<std::uint8_t>(std::min(2, g.tile(c) + 1)));
    } else {
      g.set_blocked(c, true);
    }
    ASSERT_EQ(map.sync(g, layer), MapSync::updated);
    const bool changed_cheaper = map.landmark_count() == 0;
    if (changed_cheaper) {
      ++dropped;
    } else {
      ++kept;
      ASSERT_EQ(map.landmark_count(), before);
    }
    // Answers stay the restricted optimum either way.
    for (int q = 0; q < 5; ++q) {
      const GridCoord from = hpa_cell(rng, g);
      const GridCoord to = hpa_cell(rng, g);
      const std::uint64_t restricted =
          restricted_cost(g, layer, map, Connectivity::eight, from, to);
      const PathResult r = hpa.find_path(g, layer, map, from, to, out);
      if (restricted == cost::kInfinite) continue;
      ASSERT_EQ(r.status, SearchStatus::found);
      ASSERT_EQ(hierarchy_fixed_cost(g, layer, out), restricted) << "iter " << iter;
    }
  }
  EXPECT_GT(kept, test::random_maps(50));
  EXPECT_GT(dropped, test::random_maps(10));
  // Past the edit log: rebuilt with the same count.
  Grid g = test::random_grid(rng, 40, 40, 0.1, 1);
  HierarchyMap map(g, GridLayer{}, HierarchyOptions{});
  ASSERT_TRUE(map.build_landmarks(g, 3));
  for (std::size_t i = 0; i < Grid::kEditLogCapacity + 1; ++i)
    g.set_blocked({static_cast<int>(i % 40), 39}, true);
  ASSERT_EQ(map.sync(g, GridLayer{}), MapSync::rebuilt);
  EXPECT_EQ(map.landmark_count(), 3);
  // Refusals change nothing.
  Error e;
  EXPECT_FALSE(map.build_landmarks(g, 0, &e));
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_EQ(map.landmark_count(), 3);
  g.set_blocked({5, 5}, true);
  EXPECT_FALSE(map.build_landmarks(g, 2, &e));
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_EQ(map.landmark_count(), 3);
}

// A hand-checked map: two 4 x 4 sectors side by side, the border open at one row only.
TEST(Hierarchy, ExactTransitionsAndPathOnASmallMap) {
  Grid g(8, 4);
  for (int y = 0; y < 4; ++y)
    if (y != 2) g.set_blocked({4, y}, true);
  HierarchyOptions o;
  o.sector_size = 4;
  const HierarchyMap map(g, GridLayer{}, o);
  EXPECT_EQ(map.sector_count(), 2u);
  EXPECT_EQ(map.sector_nodes(0), (std::vector<GridCoord>{{3, 2}}));
  EXPECT_EQ(map.sector_nodes(1), (std::vector<GridCoord>{{4, 2}}));
  HpaStar hpa;
  std::vector<GridCoord> out;
  const PathResult r = hpa.find_path(g, GridLayer{}, map, {0, 0}, {7, 0}, out);
  ASSERT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(hpa.abstract_path().size(), 4u);  // start, (3,2), (4,2), goal
  EXPECT_EQ(hpa.abstract_path()[1], (GridCoord{3, 2}));
  EXPECT_EQ(hpa.abstract_path()[2], (GridCoord{4, 2}));
  EXPECT_EQ(out.front(), (GridCoord{0, 0}));
  EXPECT_EQ(out.back(), (GridCoord{7, 0}));
  // (0,0) -> (3,2): 2 diagonal moves and 1 straight; (3,2) -> (4,2): 1 straight; (4,2) ->
  // (7,0): (4,1) is blocked, so 1 straight to (5,2), then 2 diagonal.
  EXPECT_EQ(r.moves, 7u);
  EXPECT_EQ(r.cost, test::path_cost_units(g, GridLayer{}, out));
  EXPECT_EQ(r.cost, 3.0 + 4.0 * std::sqrt(2.0));
}

// Lazy refinement: refining segment by segment gives exactly the cells of find_path, and the
// first steps are available after a few segments.
TEST(Hierarchy, LazyRefinementEqualsTheWholePath) {
  std::mt19937_64 rng(7);
  const Grid g = test::random_grid(rng, 120, 90, 0.2, 3);
  HierarchyOptions o;
  o.sector_size = 16;
  const HierarchyMap map(g, kHpaTerrain, o);
  HpaStar hpa;
  std::vector<GridCoord> whole;
  std::vector<GridCoord> lazy;
  int checked = 0;
  for (int q = 0; q < 40; ++q) {
    const GridCoord from = hpa_cell(rng, g);
    const GridCoord to = hpa_cell(rng, g);
    const PathResult r = hpa.find_path(g, kHpaTerrain, map, from, to, whole);
    const PathResult p = hpa.plan(g, kHpaTerrain, map, from, to);
    ASSERT_EQ(p.status, r.status);
    if (!r.found()) continue;
    lazy.clear();
    const SearchStatus first = hpa.refine_until(33, lazy);
    ASSERT_EQ(first, lazy.size() == whole.size() ? SearchStatus::found : SearchStatus::in_progress);
    ASSERT_GE(lazy.size(), std::min<std::size_t>(33, whole.size()));
    ASSERT_TRUE(std::equal(lazy.begin(), lazy.end(), whole.begin()));
    SearchStatus s = SearchStatus::in_progress;
    while (s == SearchStatus::in_progress) s = hpa.refine_next(lazy);
    ASSERT_EQ(s, SearchStatus::found);
    ASSERT_EQ(lazy, whole);
    EXPECT_EQ(hpa.refined_cost(), r.cost);
    EXPECT_EQ(hpa.refine_next(lazy), SearchStatus::found);  // nothing more
    EXPECT_EQ(lazy, whole);
    ++checked;
  }
  EXPECT_GT(checked, 20);
}

// Edits: sync rebuilds only the sectors an edit touches (one, or two and three at borders and
// corners) and then equals a fresh build; searches on a map not synced answer stale, and a
// refinement in progress turns stale when the grid is written.
TEST(Hierarchy, SyncEqualsRebuildAndTouchesOnlyEditedSectors) {
  std::mt19937_64 rng(11);
  Grid g = test::random_grid(rng, 64, 48, 0.25, 3);
  HierarchyOptions o;
  o.sector_size = 8;
  HierarchyMap map(g, kHpaTerrain, o);
  HpaStar hpa;
  std::vector<GridCoord> out;
  for (int round = 0; round < 200; ++round) {
    const GridCoord c = hpa_cell(rng, g);
    g.set_blocked(c, !g.is_blocked(c));
    if (round % 3 == 0) g.set_tile(c, static_cast<std::uint8_t>(rng() % 3));
    EXPECT_FALSE(map.is_current(g, kHpaTerrain));
    EXPECT_EQ(hpa.find_path(g, kHpaTerrain, map, {0, 0}, {5, 5}, out).status, SearchStatus::stale);
    ASSERT_EQ(map.sync(g, kHpaTerrain), MapSync::updated);
    const int lx = c.x % 8;
    const int ly = c.y % 8;
    const std::size_t expect = 1 + ((lx == 0 && c.x > 0) || (lx == 7 && c.x < 63)) +
                               ((ly == 0 && c.y > 0) || (ly == 7 && c.y < 47));
    EXPECT_EQ(map.last_sync_sectors(), expect) << c.x << "," << c.y;
    if (round % 20 == 0) expect_same_hierarchy(map, HierarchyMap(g, kHpaTerrain, o));
  }
  expect_same_hierarchy(map, HierarchyMap(g, kHpaTerrain, o));
  EXPECT_EQ(map.sync(g, kHpaTerrain), MapSync::current);
  // Another layer: a full rebuild.
  EXPECT_EQ(map.sync(g, GridLayer{}), MapSync::rebuilt);
  EXPECT_EQ(map.last_sync_sectors(), map.sector_count());
  expect_same_hierarchy(map, HierarchyMap(g, GridLayer{}, o));
  // A write during refinement.
  Grid open(64, 64);
  const HierarchyMap om(open, GridLayer{}, o);
  ASSERT_EQ(hpa.plan(open, GridLayer{}, om, {0, 0}, {63, 63}).status, SearchStatus::found);
  out.clear();
  EXPECT_EQ(hpa.refine_next(out), SearchStatus::in_progress);
  open.set_blocked({30, 30}, true);
  const std::size_t before = out.size();
  EXPECT_EQ(hpa.refine_next(out), SearchStatus::stale);
  EXPECT_EQ(out.size(), before);
  // ... and after the map is synced: the plan is of the old grid, so it stays stale (a wall may
  // now stand on it); a new plan refines again.
  HierarchyMap synced(open, GridLayer{}, o);
  ASSERT_EQ(hpa.plan(open, GridLayer{}, synced, {0, 0}, {63, 63}).status, SearchStatus::found);
  out.clear();
  EXPECT_EQ(hpa.refine_next(out), SearchStatus::in_progress);
  for (int y = 0; y < 64; ++y)
    if (y != 63) open.set_blocked({40, y}, true);
  ASSERT_EQ(synced.sync(open, GridLayer{}), MapSync::updated);
  const std::size_t kept = out.size();
  EXPECT_EQ(hpa.refine_next(out), SearchStatus::stale);
  EXPECT_EQ(hpa.refine_until(1000, out), SearchStatus::stale);
  EXPECT_EQ(out.size(), kept);
  ASSERT_EQ(hpa.plan(open, GridLayer{}, synced, {0, 0}, {63, 63}).status, SearchStatus::found);
  out.clear();
  SearchStatus st = SearchStatus::in_progress;
  while (st == SearchStatus::in_progress) st = hpa.refine_next(out);
  EXPECT_EQ(st, SearchStatus::found);
  EXPECT_EQ(test::validate_path(open, GridLayer{}, Connectivity::eight, {0, 0}, out), "");
}

// Refusals name nothing searched and leave `out` unchanged; the start's own cost is ignored, a
// blocked goal is unreachable, a start equal to the goal is a one-cell path.
TEST(Hierarchy, RefusalsAndEdgeCases) {
  Grid g(20, 20);
  g.set_blocked({3, 3}, true);
  g.set_blocked({10, 10}, true);
  const HierarchyMap map(g, GridLayer{});
  HpaStar hpa;
  std::vector<GridCoord> out{{9, 9}};
  const std::vector<GridCoord> untouched = out;
  SearchOptions four;
  four.connectivity = Connectivity::four;
  EXPECT_EQ(hpa.find_path(g, GridLayer{}, map, {0, 0}, {5, 5}, out, four).status,
            SearchStatus::unsupported);
  SearchOptions weighted;
  weighted.weight = 0.5;
  EXPECT_EQ(hpa.find_path(g, GridLayer{}, map, {0, 0}, {5, 5}, out, weighted).status,
            SearchStatus::invalid_argument);
  EXPECT_EQ(hpa.find_path(g, GridLayer{}, map, {0, 0}, {20, 5}, out).status,
            SearchStatus::invalid_endpoint);
  EXPECT_EQ(hpa.find_path(g, GridLayer::uniform(2), map, {0, 0}, {5, 5}, out).status,
            SearchStatus::stale);
  EXPECT_EQ(out, untouched);
  std::vector<GridCoord> dummy;
  EXPECT_EQ(HpaStar{}.refine_next(dummy), SearchStatus::invalid_argument);
  PathResult r = hpa.find_path(g, GridLayer{}, map, {4, 4}, {10, 10}, out);
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  EXPECT_EQ(out, (std::vector<GridCoord>{{4, 4}}));
  EXPECT_EQ(r.finish, (GridCoord{4, 4}));
  r = hpa.find_path(g, GridLayer{}, map, {3, 3}, {5, 3}, out);  // blocked start
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(r.moves, 2u);
  r = hpa.find_path(g, GridLayer{}, map, {6, 6}, {6, 6}, out);
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(out, (std::vector<GridCoord>{{6, 6}}));
  EXPECT_EQ(r.cost, 0.0);
  SearchOptions limited;
  limited.limits.max_expansions = 1;
  HierarchyOptions small;
  small.sector_size = 4;
  const HierarchyMap map4(g, GridLayer{}, small);
  r = hpa.find_path(g, GridLayer{}, map4, {0, 0}, {19, 19}, out, limited);
  EXPECT_EQ(r.status, SearchStatus::expansion_limit);
  EXPECT_EQ(out, (std::vector<GridCoord>{{0, 0}}));
  // Options out of range.
  Error e;
  HierarchyOptions bad;
  bad.sector_size = 3;
  EXPECT_FALSE(HierarchyMap::create(g, GridLayer{}, bad, &e).has_value());
  EXPECT_EQ(e.message, "pathing::HierarchyMap: sector_size = 3 is outside [4, 128]");
  bad.sector_size = 129;
  EXPECT_FALSE(HierarchyMap::create(g, GridLayer{}, bad, &e).has_value());
  EXPECT_EQ(e.message, "pathing::HierarchyMap: sector_size = 129 is outside [4, 128]");
  HierarchyMap never;
  EXPECT_FALSE(never.is_current(g, GridLayer{}));
  EXPECT_EQ(hpa.find_path(g, GridLayer{}, never, {0, 0}, {5, 5}, out).status, SearchStatus::stale);
}

// Units larger than a cell (docs/clearance.md): a hierarchy of a ClearanceMap's unit grid serves
// K x K units as AStar does over it (the anchors' paths): on 300 seeded random weighted maps, HPA*
// finds a path exactly when A* over the same unit grid does, valid for the unit grid, never
// cheaper than A*'s.
TEST(Hierarchy, UnitsLargerThanACellSearchTheClearanceUnitGrid) {
  std::mt19937_64 rng(29);
  HpaStar hpa;
  AStar astar;
  std::vector<GridCoord> out;
  std::vector<GridCoord> optimal_path;
  int found = 0;
  for (int iter = 0; iter < 300; ++iter) {
    const Grid g = test::random_grid(rng, hpa_uniform(rng, 10, 48), hpa_uniform(rng, 10, 48),
                                     0.04 * hpa_uniform(rng, 0, 4), 3);
    const ClearanceMap clearance(g, kHpaTerrain, 3);
    const int k = hpa_uniform(rng, 2, 3);
    const Grid& unit_grid = *clearance.unit_grid(k);
    const GridLayer& unit_layer = clearance.unit_layer();
    HierarchyOptions o;
    o.sector_size = hpa_uniform(rng, 4, 10);
    const HierarchyMap map(unit_grid, unit_layer, o);
    for (int q = 0; q < 3; ++q) {
      const GridCoord from = hpa_cell(rng, g);
      const GridCoord to = hpa_cell(rng, g);
      const PathResult r = hpa.find_path(unit_grid, unit_layer, map, from, to, out);
      const PathResult a = astar.find_path(unit_grid, unit_layer, from, to, optimal_path);
      const std::string where = "iter " + std::to_string(iter) + " query " + std::to_string(q);
      ASSERT_EQ(r.found(), a.found()) << where;
      if (!r.found()) continue;
      ++found;
      ASSERT_EQ(test::validate_path(unit_grid, unit_layer, Connectivity::eight, from, out), "")
          << where;
      ASSERT_EQ(out.back(), to) << where;
      ASSERT_GE(r.cost, a.cost - 1e-9) << where;
    }
  }
  EXPECT_GT(found, 300);
}

// Every sector of `a` has the nodes of `b`'s, and for each unit size the same edge costs and
// node entry costs.
void expect_same_unit_hierarchy(const HierarchyMap& a, const HierarchyMap& b,
                                const std::string& where) {
  ASSERT_EQ(a.sector_count(), b.sector_count()) << where;
  ASSERT_EQ(a.max_unit_size(), b.max_unit_size()) << where;
  for (std::uint32_t s = 0; s < a.sector_count(); ++s) {
    const std::vector<GridCoord> na = a.sector_nodes(s);
    ASSERT_EQ(na, b.sector_nodes(s)) << where << " sector " << s;
    for (int k = 1; k <= a.max_unit_size(); ++k) {
      for (std::uint32_t i = 0; i < na.size(); ++i) {
        ASSERT_EQ(a.sector_node_cost(s, i, k), b.sector_node_cost(s, i, k))
            << where << " sector " << s << " size " << k;
        for (std::uint32_t j = 0; j < na.size(); ++j)
          ASSERT_EQ(a.sector_cost(s, i, j, k), b.sector_cost(s, i, j, k))
              << where << " sector " << s << " size " << k;
      }
    }
  }
}

// The annotated hierarchy of HAA* (HierarchyOptions::max_unit_size K = 2..4): one map serves
// every size. On 1,200 seeded random maps (300 in the sanitizer build; 4- and 8-connected,
// uniform and weighted, sector sides 4 to 10), for each size k in [1, K]: HPA* with unit_size k
// finds a path exactly when the textbook Dijkstra over the clearance map's unit grid k does (the
// map stays complete for every size), the path is valid on that unit grid and never cheaper than
// the optimum there, and its cost in the hierarchy's fixed point equals the restricted reference's
// on unit grid k (the cheapest path crossing borders only at the map's nodes); the reported cost
// is the body's (as AStar reports it with the same clearance map); landmarks (computed on the
// size-1 graph) keep that cost at weight 1 for every size. The size-k matrices are the
// sector-confined costs on unit grid k: checked entry by entry against a confined Dijkstra on
// small maps.
TEST(Hierarchy, OneAnnotatedMapServesEveryUnitSize) {
  std::mt19937_64 rng(20261128);
  HpaStar hpa;
  HpaStar hpa_landmarks;
  AStar astar;
  std::vector<GridCoord> out;
  std::vector<GridCoord> with_landmarks;
  std::vector<GridCoord> optimal_path;
  int found = 0;
  int dearer = 0;
  int unreachable = 0;
  std::vector<int> found_by_size(5, 0);
  std::vector<int> served_by_size(5, 0);
  for (int iter = 0; iter < test::random_maps(1200); ++iter) {
    HpaRandomMap case_map = hpa_random_map(rng, iter, 8, 40, 10);
    const int big = hpa_uniform(rng, 2, 4);
    case_map.options.max_unit_size = big;
    const Grid& g = case_map.grid;
    const GridLayer& layer = case_map.layer;
    const Connectivity conn = case_map.options.connectivity;
    const int w = g.cols();
    const HierarchyMap map(g, layer, case_map.options);
    ASSERT_EQ(map.max_unit_size(), big);
    ASSERT_EQ(map.clearance().max_unit_size(), big);
    ASSERT_TRUE(map.clearance().is_current(g, layer));
    HierarchyMap lm_map = map;
    const bool landmarks = lm_map.build_landmarks(g, 4);
    ASSERT_TRUE(landmarks);
    const std::string where_map = "iter " + std::to_string(iter);
    SearchOptions so;
    so.connectivity = conn;
    for (int q = 0; q < 4; ++q) {
      const int k = 1 + q % big;
      so.unit_size = k;
      const Grid& ug = *map.clearance().unit_grid(k);
      const GridLayer& ul = map.clearance().unit_layer();
      const GridCoord from = hpa_cell(rng, g);
      const GridCoord to = hpa_cell(rng, g);
      const std::string where =
          where_map + " query " + std::to_string(q) + " size " + std::to_string(k);
      const std::vector<std::uint64_t> ref = test::reference_dijkstra(ug, ul, from, conn);
      const std::uint64_t optimal = ref[static_cast<std::size_t>(to.y * w + to.x)];
      const PathResult r = hpa.find_path(g, layer, map, from, to, out, so);
      if (optimal == cost::kInfinite) {
        ASSERT_EQ(r.status, SearchStatus::unreachable) << where;
        ASSERT_EQ(out, std::vector<GridCoord>{from}) << where;
        ++unreachable;
        continue;
      }
      ASSERT_EQ(r.status, SearchStatus::found) << where;
      ++found;
      ++found_by_size[static_cast<std::size_t>(k)];
      std::uint64_t fixed = 0;
      ASSERT_EQ(test::validate_path(ug, ul, conn, from, out, &fixed), "") << where;
      ASSERT_EQ(out.back(), to) << where;
      ASSERT_GE(fixed, optimal) << where;
      dearer += fixed > optimal;
      ASSERT_EQ(r.cost, test::path_cost_units(ug, ul, out)) << where;
      const std::uint64_t mine = hierarchy_fixed_cost(ug, ul, out);
      ASSERT_EQ(mine, restricted_cost(ug, ul, map, conn, from, to, k)) << where;
      // AStar over the map's own clearance map: the optimum, in the same units.
      SearchOptions ao = so;
      ao.clearance = &map.clearance();
      const PathResult a = astar.find_path(g, layer, from, to, optimal_path, ao);
      ASSERT_EQ(a.status, SearchStatus::found) << where;
      ASSERT_GE(r.cost, a.cost - 1e-9) << where;
      const PathResult l = hpa_landmarks.find_path(g, layer, lm_map, from, to, with_landmarks, so);
      ASSERT_EQ(l.status, SearchStatus::found) << where;
      ASSERT_EQ(hierarchy_fixed_cost(ug, ul, with_landmarks), mine) << where;
    }
    // The size-k matrices, entry by entry, on the smaller maps: a Dijkstra on unit grid k
    // confined to the sector.
    if (g.cell_count() > 400) continue;
    for (std::uint32_t s = 0; s < map.sector_count(); ++s) {
      const std::vector<GridCoord> nodes = map.sector_nodes(s);
      for (int k = 1; k <= big; ++k) {
        const Grid& ug = *map.clearance().unit_grid(k);
        const GridLayer& ul = map.clearance().unit_layer();
        for (std::uint32_t i = 0; i < nodes.size(); ++i) {
          // A node serves size k with the body's cost there, or not at all (0); size 1: all.
          const std::uint8_t enter = map.sector_node_cost(s, i, k);
          if (enter != 0 || k == 1) {
            ASSERT_EQ(enter, ul.cost_at(ug, nodes[i])) << where_map << " size " << k;
          }
          served_by_size[static_cast<std::size_t>(k)] += enter != 0;
          for (std::uint32_t j = 0; j < nodes.size(); ++j) {
            const std::uint64_t d = confined_cost(ug, ul, map, s, conn, nodes[i], nodes[j]);
            const std::uint64_t want =
                enter == 0 || map.sector_node_cost(s, j, k) == 0 || d == cost::kInfinite
                    ? HierarchyMap::kNoPath
                    : d;
            ASSERT_EQ(map.sector_cost(s, i, j, k), want)
                << where_map << " sector " << s << " size " << k << " " << i << "->" << j;
          }
        }
      }
    }
  }
  std::printf("annotated: %d found (%d dearer than optimal), %d unreachable\n", found, dearer,
              unreachable);
  EXPECT_GT(found, test::random_maps(2000));
  EXPECT_GT(dearer, test::random_maps(100));
  EXPECT_GT(unreachable, test::random_maps(100));
  for (int k = 1; k <= 4; ++k) EXPECT_GT(found_by_size[static_cast<std::size_t>(k)], 0) << k;
  // Fewer nodes serve each larger size (sizes share them; a big body fits fewer borders).
  EXPECT_GT(served_by_size[1], served_by_size[2]);
  EXPECT_GT(served_by_size[2], served_by_size[3]);
  EXPECT_GT(served_by_size[3], 0);
}

// Edits on an annotated map (K = 3): sync replays the grid's edit log through the map's clearance
// map and rebuilds the sectors whose unit grids changed (the K x K anchors up and left of each
// edited cell), and then equals a fresh build, for every size; staleness as for one size.
TEST(Hierarchy, AnnotatedMapSyncEqualsRebuild) {
  std::mt19937_64 rng(12);
  Grid g = test::random_grid(rng, 56, 40, 0.2, 3);
  HierarchyOptions o;
  o.sector_size = 8;
  o.max_unit_size = 3;
  HierarchyMap map(g, kHpaTerrain, o);
  HpaStar hpa;
  std::vector<GridCoord> out;
  SearchOptions two;
  two.unit_size = 2;
  for (int round = 0; round < 120; ++round) {
    const GridCoord c = hpa_cell(rng, g);
    g.set_blocked(c, !g.is_blocked(c));
    if (round % 3 == 0) g.set_tile(c, static_cast<std::uint8_t>(rng() % 3));
    EXPECT_EQ(hpa.find_path(g, kHpaTerrain, map, {0, 0}, {5, 5}, out, two).status,
              SearchStatus::stale);
    ASSERT_EQ(map.sync(g, kHpaTerrain), MapSync::updated);
    ASSERT_TRUE(map.clearance().is_current(g, kHpaTerrain));
    EXPECT_LE(map.last_sync_sectors(), 9u);
    if (round % 10 == 0)
      expect_same_unit_hierarchy(map, HierarchyMap(g, kHpaTerrain, o),
                                 "round " + std::to_string(round));
  }
  expect_same_unit_hierarchy(map, HierarchyMap(g, kHpaTerrain, o), "end");
  EXPECT_EQ(map.sync(g, kHpaTerrain), MapSync::current);
  EXPECT_EQ(map.sync(g, GridLayer{}), MapSync::rebuilt);
  expect_same_unit_hierarchy(map, HierarchyMap(g, GridLayer{}, o), "another layer");
}

// What an annotated map refuses, and what it costs beside one map a size.
TEST(Hierarchy, AnnotatedMapRefusalsAndMemory) {
  Grid g(40, 40);
  for (int y = 5; y < 35; ++y) g.set_blocked({20, y}, true);
  HierarchyOptions o;
  o.sector_size = 10;
  Error e;
  o.max_unit_size = 0;
  EXPECT_FALSE(HierarchyMap::create(g, GridLayer{}, o, &e).has_value());
  EXPECT_EQ(e.message, "pathing::HierarchyMap: max_unit_size = 0 is outside [1, 32]");
  o.max_unit_size = 33;
  EXPECT_FALSE(HierarchyMap::create(g, GridLayer{}, o, &e).has_value());
  EXPECT_EQ(e.message, "pathing::HierarchyMap: max_unit_size = 33 is outside [1, 32]");
  o.max_unit_size = 2;
  const GridLayer many(std::array<std::uint8_t, 8>{1, 2, 3, 4, 5, 6, 7, 8},
                       std::array<std::uint8_t, 8>{9, 10, 11, 12, 13, 14, 15, 16});
  EXPECT_FALSE(HierarchyMap::create(g, many, o, &e).has_value());
  EXPECT_EQ(e.message,
            "pathing::HierarchyMap: pathing::ClearanceMap: the layer has 16 distinct passable "
            "costs; at most 14 fit the unit grids' codes");
  // A one-cell map takes every layer, and refuses unit sizes above 1.
  o.max_unit_size = 1;
  EXPECT_TRUE(HierarchyMap::create(g, many, o, &e).has_value());
  const HierarchyMap one(g, GridLayer{}, o);
  EXPECT_EQ(one.clearance().max_unit_size(), 0);
  HpaStar hpa;
  std::vector<GridCoord> out{{9, 9}};
  SearchOptions two;
  two.unit_size = 2;
  EXPECT_EQ(hpa.find_path(g, GridLayer{}, one, {0, 0}, {39, 39}, out, two).status,
            SearchStatus::invalid_argument);
  EXPECT_EQ(out, (std::vector<GridCoord>{{9, 9}}));
  o.max_unit_size = 3;
  HierarchyMap three(g, GridLayer{}, o);
  SearchOptions four;
  four.unit_size = 4;
  EXPECT_EQ(hpa.find_path(g, GridLayer{}, three, {0, 0}, {39, 39}, out, four).status,
            SearchStatus::invalid_argument);
  SearchOptions zero;
  zero.unit_size = 0;
  EXPECT_EQ(hpa.find_path(g, GridLayer{}, three, {0, 0}, {39, 39}, out, zero).status,
            SearchStatus::invalid_argument);
  EXPECT_EQ(out, (std::vector<GridCoord>{{9, 9}}));
  EXPECT_FALSE(three.build_clusters(g, 2, &e));
  EXPECT_EQ(e.message,
            "pathing::HierarchyMap::build_clusters: clusters serve only maps of one-cell units; "
            "this map has max_unit_size = 3");
  EXPECT_EQ(three.cluster_sectors(), 0);
  // A 3 x 3 unit goes around the wall; its path is of anchors, its cost the body's; the goal
  // (38, 38) has no room for it (the body would leave the grid).
  SearchOptions size3;
  size3.unit_size = 3;
  PathResult r = hpa.find_path(g, GridLayer{}, three, {0, 0}, {37, 37}, out, size3);
  ASSERT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(test::validate_path(*three.clearance().unit_grid(3), three.clearance().unit_layer(),
                                Connectivity::eight, {0, 0}, out),
            "");
  EXPECT_EQ(hpa.find_path(g, GridLayer{}, three, {0, 0}, {38, 38}, out, size3).status,
            SearchStatus::unreachable);
  // Memory: one node set, a matrix a size, the clearance map.
  std::size_t separate = 0;
  for (int k = 1; k <= 3; ++k) {
    HierarchyOptions ok;
    ok.sector_size = 10;
    separate += HierarchyMap(*three.clearance().unit_grid(k), three.clearance().unit_layer(), ok)
                    .memory_bytes();
  }
  EXPECT_GT(three.memory_bytes(), three.clearance().memory_bytes());
  EXPECT_LT(three.memory_bytes() - three.clearance().memory_bytes(), separate * 2);
}

// The level-2 graph (HierarchyMap::build_clusters) of a map with clusters: each cluster's matrix
// against a textbook Dijkstra over the abstract graph read through the public accessors
// (sector_nodes, sector_cost, straight moves between nodes of two sectors costing 256 times the
// cell entered), confined to the cluster's sectors; and the level-2 nodes are exactly the nodes
// with such a move into another cluster.
void expect_clusters_match_the_abstract_graph(const Grid& g, const GridLayer& layer,
                                              const HierarchyMap& map, const std::string& where) {
  // The abstract graph: nodes by cell, edges (to, cost).
  std::vector<GridCoord> cells;
  std::vector<std::uint32_t> sector_of_node;
  std::vector<std::uint32_t> first_of_sector;
  for (std::uint32_t s = 0; s < map.sector_count(); ++s) {
    first_of_sector.push_back(static_cast<std::uint32_t>(cells.size()));
    for (const GridCoord c : map.sector_nodes(s)) {
      cells.push_back(c);
      sector_of_node.push_back(s);
    }
  }
  const auto index_of = [&](GridCoord c) {
    for (std::uint32_t i = 0; i < cells.size(); ++i)
      if (cells[i] == c) return static_cast<int>(i);
    return -1;
  };
  std::vector<std::vector<std::pair<std::uint32_t, std::uint64_t>>> edges(cells.size());
  for (std::uint32_t a = 0; a < cells.size(); ++a) {
    const std::uint32_t s = sector_of_node[a];
    const std::uint32_t i = a - first_of_sector[s];
    for (std::uint32_t j = 0; j < map.sector_node_count(s); ++j) {
      const std::uint32_t d = map.sector_cost(s, i, j);
      if (j != i && d != HierarchyMap::kNoPath) edges[a].push_back({first_of_sector[s] + j, d});
    }
    for (const GridCoord step :
         {GridCoord{1, 0}, GridCoord{0, 1}, GridCoord{-1, 0}, GridCoord{0, -1}}) {
      const GridCoord nb{cells[a].x + step.x, cells[a].y + step.y};
      if (!g.in_bounds(nb) || map.sector_of(nb) == s) continue;
      const int b = index_of(nb);
      if (b >= 0) edges[a].push_back({static_cast<std::uint32_t>(b), layer.cost_at(g, nb) * 256u});
    }
  }
  for (std::uint32_t k = 0; k < map.cluster_count(); ++k) {
    // The level-2 nodes: nodes of the cluster with an edge into another cluster.
    std::vector<std::uint32_t> l2;
    for (std::uint32_t a = 0; a < cells.size(); ++a) {
      if (map.cluster_of(cells[a]) != k) continue;
      bool exits = false;
      for (const auto& [b, c] : edges[a]) exits = exits || map.cluster_of(cells[b]) != k;
      if (exits) l2.push_back(a);
    }
    ASSERT_EQ(map.cluster_node_count(k), l2.size()) << where << " cluster " << k;
    for (std::uint32_t i = 0; i < l2.size(); ++i) {
      ASSERT_EQ(map.cluster_node(k, i), cells[l2[i]]) << where << " cluster " << k;
      std::vector<std::uint64_t> dist(cells.size(), HierarchyMap::kNoClusterPath);
      using Item = std::pair<std::uint64_t, std::uint32_t>;
      std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
      dist[l2[i]] = 0;
      pq.push({0, l2[i]});
      while (!pq.empty()) {
        const auto [d, a] = pq.top();
        pq.pop();
        if (d != dist[a]) continue;
        for (const auto& [b, c] : edges[a]) {
          if (map.cluster_of(cells[b]) != k || d + c >= dist[b]) continue;
          dist[b] = d + c;
          pq.push({d + c, b});
        }
      }
      for (std::uint32_t j = 0; j < l2.size(); ++j)
        ASSERT_EQ(map.cluster_cost(k, i, j), dist[l2[j]])
            << where << " cluster " << k << " " << i << " -> " << j;
    }
  }
}

// Two levels (HierarchyMap::build_clusters) on 1,500 seeded random maps (375 in the sanitizer
// build; 4- and 8-connected, uniform and weighted, sector sides 4 to 8, clusters of 2 to 4
// sectors, landmarks on every third map): each cluster's matrix equals a textbook Dijkstra over
// the abstract graph confined to the cluster; HPA* over the two levels finds a path exactly when
// the restricted reference does, valid, at exactly the restricted cost at weight 1 (the cost of
// the one-level search), within [1, 2] times it at weight 2; lazy refinement gives the cells of
// find_path; the level-2 path runs from the start to the goal; and the two-level search expands
// fewer abstract nodes in all.
TEST(Hierarchy, ClustersKeepTheRestrictedCostOnRandomMaps) {
  std::mt19937_64 rng(20261129);
  HpaStar two;
  HpaStar one;
  one.set_clusters(false);
  HpaStar lazy;
  std::vector<GridCoord> out;
  std::vector<GridCoord> lazy_out;
  std::uint64_t generated_two = 0;
  std::uint64_t generated_one = 0;
  int found = 0;
  int dearer_w2 = 0;
  for (int iter = 0; iter < test::random_maps(1500); ++iter) {
    const HpaRandomMap case_map = hpa_random_map(rng, iter, 8, 64, 8);
    const Grid& g = case_map.grid;
    const GridLayer& layer = case_map.layer;
    const Connectivity conn = case_map.options.connectivity;
    HierarchyMap map(g, layer, case_map.options);
    const int cluster = hpa_uniform(rng, 2, 4);
    ASSERT_TRUE(map.build_clusters(g, cluster));
    ASSERT_EQ(map.cluster_sectors(), cluster);
    if (iter % 3 == 0) {
      ASSERT_TRUE(map.build_landmarks(g, hpa_uniform(rng, 1, 8)));
    }
    const std::string where_map = "iter " + std::to_string(iter);
    if (iter % 10 == 0) expect_clusters_match_the_abstract_graph(g, layer, map, where_map);
    SearchOptions so;
    so.connectivity = conn;
    for (int q = 0; q < 3; ++q) {
      const GridCoord from = hpa_cell(rng, g);
      const GridCoord to = hpa_cell(rng, g);
      const std::string where = where_map + " query " + std::to_string(q);
      const std::uint64_t restricted = restricted_cost(g, layer, map, conn, from, to);
      const PathResult r = two.find_path(g, layer, map, from, to, out, so);
      if (restricted == cost::kInfinite) {
        ASSERT_EQ(r.status, SearchStatus::unreachable) << where;
        ASSERT_EQ(out, std::vector<GridCoord>{from}) << where;
        continue;
      }
      ASSERT_EQ(r.status, SearchStatus::found) << where;
      ++found;
      ASSERT_EQ(test::validate_path(g, layer, conn, from, out), "") << where;
      ASSERT_EQ(out.back(), to) << where;
      ASSERT_EQ(hierarchy_fixed_cost(g, layer, out), restricted) << where;
      ASSERT_EQ(r.cost, test::path_cost_units(g, layer, out)) << where;
      const PathResult p2 = two.plan(g, layer, map, from, to, so);
      ASSERT_EQ(p2.cost, static_cast<double>(restricted) / 256.0) << where;
      if (layer.cost_at(g, from) != 0 && from != to) {
        ASSERT_GE(two.cluster_path().size(), 2u) << where;
        ASSERT_EQ(two.cluster_path().front(), from) << where;
        ASSERT_EQ(two.cluster_path().back(), to) << where;
      }
      const PathResult p1 = one.plan(g, layer, map, from, to, so);
      ASSERT_EQ(p1.cost, p2.cost) << where;
      ASSERT_TRUE(one.cluster_path().empty()) << where;
      generated_two += p2.stats.generated;
      generated_one += p1.stats.generated;
      // Lazy: one segment at a time, the cells of find_path.
      lazy_out.clear();
      ASSERT_EQ(lazy.plan(g, layer, map, from, to, so).status, SearchStatus::found) << where;
      SearchStatus st = SearchStatus::in_progress;
      int steps = 0;
      while (st == SearchStatus::in_progress) {
        st = lazy.refine_next(lazy_out);
        ++steps;
      }
      ASSERT_EQ(st, SearchStatus::found) << where;
      ASSERT_EQ(lazy_out, out) << where;
      ASSERT_EQ(lazy.refine_next(lazy_out), SearchStatus::found) << where;
      ASSERT_EQ(lazy_out, out) << where;
      SearchOptions w2 = so;
      w2.weight = 2.0;
      const PathResult wr = two.find_path(g, layer, map, from, to, out, w2);
      ASSERT_EQ(wr.status, SearchStatus::found) << where;
      ASSERT_EQ(test::validate_path(g, layer, conn, from, out), "") << where;
      const std::uint64_t wcost = hierarchy_fixed_cost(g, layer, out);
      ASSERT_GE(wcost, restricted) << where;
      ASSERT_LE(wcost, 2 * restricted) << where;
      dearer_w2 += wcost > restricted;
    }
  }
  EXPECT_GT(found, test::random_maps(3000));
  EXPECT_GT(dearer_w2, test::random_maps(50));
  EXPECT_LT(generated_two, generated_one);
}

// Clusters and edits: after each of 150 random edits (walls and tiles) `sync` rebuilds the
// sectors touched and the clusters holding them (one to three), and the map equals a fresh build
// with clusters (nodes, level-2 nodes and every matrix); answers stay the restricted optimum; a
// sync past the edit log rebuilds the clusters with the same side; `build` drops them; refusals
// change nothing.
TEST(Hierarchy, ClustersFollowEdits) {
  std::mt19937_64 rng(29);
  Grid g = test::random_grid(rng, 70, 52, 0.25, 3);
  HierarchyOptions o;
  o.sector_size = 6;
  HierarchyMap map(g, kHpaTerrain, o);
  ASSERT_TRUE(map.build_clusters(g, 3));
  const auto expect_same_clusters = [&](const HierarchyMap& a, const HierarchyMap& b) {
    expect_same_hierarchy(a, b);
    ASSERT_EQ(a.cluster_count(), b.cluster_count());
    ASSERT_EQ(a.cluster_node_total(), b.cluster_node_total());
    for (std::uint32_t k = 0; k < a.cluster_count(); ++k) {
      ASSERT_EQ(a.cluster_node_count(k), b.cluster_node_count(k)) << "cluster " << k;
      for (std::uint32_t i = 0; i < a.cluster_node_count(k); ++i) {
        ASSERT_EQ(a.cluster_node(k, i), b.cluster_node(k, i)) << "cluster " << k;
        for (std::uint32_t j = 0; j < a.cluster_node_count(k); ++j)
          ASSERT_EQ(a.cluster_cost(k, i, j), b.cluster_cost(k, i, j)) << "cluster " << k;
      }
    }
  };
  const auto fresh = [&](const GridLayer& layer) {
    HierarchyMap m(g, layer, o);
    EXPECT_TRUE(m.build_clusters(g, 3));
    return m;
  };
  HpaStar hpa;
  std::vector<GridCoord> out;
  for (int round = 0; round < 150; ++round) {
    const GridCoord c = hpa_cell(rng, g);
    g.set_blocked(c, !g.is_blocked(c));
    if (round % 3 == 0) g.set_tile(c, static_cast<std::uint8_t>(rng() % 3));
    ASSERT_EQ(map.sync(g, kHpaTerrain), MapSync::updated);
    EXPECT_GE(map.last_sync_clusters(), 1u);
    EXPECT_LE(map.last_sync_clusters(), map.last_sync_sectors());
    EXPECT_EQ(map.cluster_sectors(), 3);
    if (round % 10 == 0) expect_same_clusters(map, fresh(kHpaTerrain));
    const GridCoord from = hpa_cell(rng, g);
    const GridCoord to = hpa_cell(rng, g);
    const std::uint64_t restricted = restricted_cost(g, kHpaTerrain, map, o.connectivity, from, to);
    const PathResult r = hpa.find_path(g, kHpaTerrain, map, from, to, out);
    if (restricted == cost::kInfinite) {
      EXPECT_EQ(r.status, SearchStatus::unreachable);
    } else {
      ASSERT_EQ(r.status, SearchStatus::found) << "round " << round;
      EXPECT_EQ(hierarchy_fixed_cost(g, kHpaTerrain, out), restricted) << "round " << round;
    }
  }
  expect_same_clusters(map, fresh(kHpaTerrain));
  EXPECT_EQ(map.sync(g, kHpaTerrain), MapSync::current);
  EXPECT_EQ(map.last_sync_sectors(), 0u);
  EXPECT_EQ(map.last_sync_clusters(), 0u);
  // Another layer: everything rebuilt, clusters too.
  EXPECT_EQ(map.sync(g, GridLayer{}), MapSync::rebuilt);
  EXPECT_EQ(map.last_sync_clusters(), map.cluster_count());
  expect_same_clusters(map, fresh(GridLayer{}));
  // Refusals change nothing; build and drop_clusters forget them.
  Error e;
  EXPECT_FALSE(map.build_clusters(g, 1, &e));
  EXPECT_EQ(e.message, "pathing::HierarchyMap::build_clusters: sectors = 1 is outside [2, 16]");
  EXPECT_FALSE(map.build_clusters(g, 17, &e));
  EXPECT_EQ(e.message, "pathing::HierarchyMap::build_clusters: sectors = 17 is outside [2, 16]");
  EXPECT_EQ(map.cluster_sectors(), 3);
  g.set_blocked({0, 0}, !g.is_blocked({0, 0}));
  EXPECT_FALSE(map.build_clusters(g, 2, &e));
  EXPECT_EQ(e.message,
            "pathing::HierarchyMap::build_clusters: the map is not current for this grid (sync it "
            "first)");
  EXPECT_EQ(map.cluster_sectors(), 3);
  map.build(g, GridLayer{}, o);
  EXPECT_EQ(map.cluster_sectors(), 0);
  EXPECT_EQ(map.cluster_count(), 0u);
  ASSERT_TRUE(map.build_clusters(g, 2));
  const std::size_t with = map.memory_bytes();
  map.drop_clusters();
  EXPECT_LT(map.memory_bytes(), with);
  EXPECT_EQ(map.cluster_sectors(), 0);
  EXPECT_EQ(map.cluster_of({0, 0}), HierarchyMap::kNoPath);
}

// Two levels, edge cases: limits, a start equal to the goal, a blocked goal, a blocked start (the
// one-level search: no level-2 path), a write during refinement (stale, nothing appended).
TEST(Hierarchy, ClustersEdgeCases) {
  Grid g(64, 64);
  for (int y = 10; y < 60; ++y) g.set_blocked({31, y}, true);
  HierarchyOptions o;
  o.sector_size = 8;
  HierarchyMap map(g, GridLayer{}, o);
  ASSERT_TRUE(map.build_clusters(g, 2));
  EXPECT_EQ(map.cluster_count(), 16u);
  EXPECT_EQ(map.cluster_of({63, 63}), 15u);
  HpaStar hpa;
  std::vector<GridCoord> out;
  SearchOptions limited;
  limited.limits.max_expansions = 1;
  PathResult r = hpa.find_path(g, GridLayer{}, map, {0, 63}, {63, 63}, out, limited);
  EXPECT_EQ(r.status, SearchStatus::expansion_limit);
  EXPECT_EQ(out, (std::vector<GridCoord>{{0, 63}}));
  EXPECT_TRUE(hpa.cluster_path().empty());
  SearchOptions cheap;
  cheap.limits.max_cost = 10;
  r = hpa.find_path(g, GridLayer{}, map, {0, 63}, {63, 63}, out, cheap);
  EXPECT_EQ(r.status, SearchStatus::cost_limit);
  EXPECT_EQ(out, (std::vector<GridCoord>{{0, 63}}));
  r = hpa.find_path(g, GridLayer{}, map, {5, 5}, {5, 5}, out);
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(out, (std::vector<GridCoord>{{5, 5}}));
  r = hpa.find_path(g, GridLayer{}, map, {5, 5}, {31, 40}, out);
  EXPECT_EQ(r.status, SearchStatus::unreachable);
  EXPECT_EQ(out, (std::vector<GridCoord>{{5, 5}}));
  // Around the wall: the detour through row 0..9, exactly the one-level cost.
  r = hpa.find_path(g, GridLayer{}, map, {0, 63}, {63, 63}, out);
  ASSERT_EQ(r.status, SearchStatus::found);
  EXPECT_EQ(out.front(), (GridCoord{0, 63}));
  EXPECT_EQ(out.back(), (GridCoord{63, 63}));
  EXPECT_GE(hpa.cluster_path().size(), 3u);
  HpaStar one;
  one.set_clusters(false);
  std::vector<GridCoord> one_out;
  EXPECT_EQ(one.find_path(g, GridLayer{}, map, {0, 63}, {63, 63}, one_out).cost, r.cost);
  // A blocked start: the one-level search.
  r = hpa.find_path(g, GridLayer{}, map, {31, 30}, {63, 63}, out);
  EXPECT_EQ(r.status, SearchStatus::found);
  EXPECT_TRUE(hpa.cluster_path().empty());
  // A write during refinement.
  ASSERT_EQ(hpa.plan(g, GridLayer{}, map, {0, 63}, {63, 63}).status, SearchStatus::found);
  out.clear();
  EXPECT_EQ(hpa.refine_next(out), SearchStatus::in_progress);
  g.set_blocked({2, 2}, true);
  const std::size_t before = out.size();
  EXPECT_EQ(hpa.refine_next(out), SearchStatus::stale);
  EXPECT_EQ(out.size(), before);
}

// Zero allocations per warm query: plan, lazy refinement and find_path with smoothing.
TEST(Hierarchy, WarmQueriesAllocateNothing) {
  std::mt19937_64 rng(3);
  const Grid g = test::random_grid(rng, 200, 200, 0.2, 3);
  const HierarchyMap plain(g, kHpaTerrain);
  HierarchyMap with_landmarks = plain;  // and with landmarks (the second pass, below)
  ASSERT_TRUE(with_landmarks.build_landmarks(g, 8));
  HierarchyMap with_clusters = with_landmarks;  // and two levels (the third)
  ASSERT_TRUE(with_clusters.build_clusters(g, 2));
  for (const HierarchyMap* m : {&plain, static_cast<const HierarchyMap*>(&with_landmarks),
                                static_cast<const HierarchyMap*>(&with_clusters)}) {
    const HierarchyMap& map = *m;
    HpaStar hpa;
    hpa.set_smoothing(32);
    std::vector<GridCoord> out;
    out.reserve(g.cell_count());
    std::vector<std::pair<GridCoord, GridCoord>> queries;
    for (int q = 0; q < 50; ++q) queries.push_back({hpa_cell(rng, g), hpa_cell(rng, g)});
    for (const auto& [a, b] : queries)
      static_cast<void>(hpa.find_path(g, kHpaTerrain, map, a, b, out));
    for (const auto& [a, b] : queries)
      static_cast<void>(hpa.find_path(g, kHpaTerrain, map, a, b, out));
    const std::uint64_t before = test::allocation_count();
    int found = 0;
    for (const auto& [a, b] : queries) {
      found += hpa.find_path(g, kHpaTerrain, map, a, b, out).found();
      static_cast<void>(hpa.plan(g, kHpaTerrain, map, a, b));
      out.clear();
      static_cast<void>(hpa.refine_until(33, out));
    }
    EXPECT_EQ(test::allocation_count() - before, 0u);
    EXPECT_GT(found, 20);
  }
  // Units larger than a cell on an annotated map (sizes 1..3, with landmarks), on a more open map.
  const Grid open = test::random_grid(rng, 200, 200, 0.05, 3);
  HierarchyOptions o;
  o.max_unit_size = 3;
  HierarchyMap annotated(open, kHpaTerrain, o);
  ASSERT_TRUE(annotated.build_landmarks(open, 4));
  HpaStar hpa;
  hpa.set_smoothing(32);
  std::vector<GridCoord> out;
  out.reserve(g.cell_count());
  std::vector<std::pair<GridCoord, GridCoord>> queries;
  for (int q = 0; q < 60; ++q) queries.push_back({hpa_cell(rng, open), hpa_cell(rng, open)});
  SearchOptions so;
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t q = 0; q < queries.size(); ++q) {
      so.unit_size = 1 + static_cast<int>(q % 3);
      static_cast<void>(hpa.find_path(open, kHpaTerrain, annotated, queries[q].first,
                                      queries[q].second, out, so));
    }
  }
  const std::uint64_t before = test::allocation_count();
  int found = 0;
  for (std::size_t q = 0; q < queries.size(); ++q) {
    so.unit_size = 1 + static_cast<int>(q % 3);
    found +=
        hpa.find_path(open, kHpaTerrain, annotated, queries[q].first, queries[q].second, out, so)
            .found();
  }
  EXPECT_EQ(test::allocation_count() - before, 0u);
  EXPECT_GT(found, 20);
}

}  // namespace
}  // namespace pathing
