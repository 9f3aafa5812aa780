// SectorFlowField: against a textbook "restricted" Dijkstra (moves between sectors only straight,
// between two abstract nodes: the cost HPA* computes) run backward from the goal, on thousands of
// seeded random maps (4- and 8-connected, uniform and weighted), every cell's cost exact and every
// walk along the steps a valid path of exactly that cost; against HpaStar's plans; a hand-checked
// map; impassable and unreached cells and goals; costs spanning more than 32 bits; the cache
// limit; edits (sync equals a fresh field and drops only the fields whose inputs changed);
// staleness; refusals and allocations.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <queue>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "pathing/field/sector_flow_field.hpp"
#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/search/hpa_star.hpp"
#include "support/alloc_counter.hpp"
#include "support/reference.hpp"

namespace pathing {
namespace {

const GridLayer kSffTerrain{1, 3, 5};
constexpr std::uint64_t kSffInf = SectorFlowField::kUnreached;

int sff_uniform(std::mt19937_64& rng, int lo, int hi) {
  return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
}

GridCoord sff_cell(std::mt19937_64& rng, const Grid& g) {
  return {sff_uniform(rng, 0, g.cols() - 1), sff_uniform(rng, 0, g.rows() - 1)};
}

std::size_t sff_index(const Grid& g, GridCoord c) {
  return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(g.cols()) +
         static_cast<std::size_t>(c.x);
}

std::set<std::pair<int, int>> sff_nodes(const HierarchyMap& map) {
  std::set<std::pair<int, int>> nodes;
  for (std::uint32_t s = 0; s < map.sector_count(); ++s)
    for (const GridCoord c : map.sector_nodes(s)) nodes.insert({c.x, c.y});
  return nodes;
}

// Whether the move a -> b (adjacent) is allowed in the restricted model: entering a passable
// cell, no corner cutting, and between sectors only straight between two nodes, except the first
// move from an impassable start (`a` impassable), which may be any move.
bool sff_allowed(const Grid& g, const GridLayer& layer, const HierarchyMap& map,
                 const std::set<std::pair<int, int>>& nodes, Connectivity conn, GridCoord a,
                 GridCoord b) {
  const int dx = b.x - a.x;
  const int dy = b.y - a.y;
  const bool diag = dx != 0 && dy != 0;
  if (diag && conn == Connectivity::four) return false;
  if (layer.cost_at(g, b) == 0) return false;
  if (diag && (layer.cost_at(g, {a.x + dx, a.y}) == 0 || layer.cost_at(g, {a.x, a.y + dy}) == 0))
    return false;
  if (map.sector_of(a) == map.sector_of(b) || layer.cost_at(g, a) == 0) return true;
  return !diag && nodes.count({a.x, a.y}) != 0 && nodes.count({b.x, b.y}) != 0;
}

// The textbook restricted Dijkstra, backward from `goal`: for every cell the cost (1/256 units:
// straight 256 c, diagonal 362 c) of the cheapest restricted path from it to the goal (kSffInf
// when none). Passable cells by a priority-queue Dijkstra over the reversed moves; impassable
// cells (which no move enters) then by their cheapest first move.
std::vector<std::uint64_t> sff_reference(const Grid& g, const GridLayer& layer,
                                         const HierarchyMap& map, Connectivity conn,
                                         GridCoord goal) {
  const std::set<std::pair<int, int>> nodes = sff_nodes(map);
  std::vector<std::uint64_t> dist(g.cell_count(), kSffInf);
  using Item = std::pair<std::uint64_t, std::size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
  dist[sff_index(g, goal)] = 0;
  if (layer.cost_at(g, goal) != 0) pq.push({0, sff_index(g, goal)});
  const auto sff_move_cost = [&](GridCoord a, GridCoord b) -> std::uint64_t {
    const bool diag = a.x != b.x && a.y != b.y;
    return std::uint64_t{layer.cost_at(g, b)} * (diag ? 362u : 256u);
  };
  while (!pq.empty()) {
    const auto [d, i] = pq.top();
    pq.pop();
    if (d != dist[i]) continue;
    const GridCoord b{static_cast<int>(i % static_cast<std::size_t>(g.cols())),
                      static_cast<int>(i / static_cast<std::size_t>(g.cols()))};
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const GridCoord a{b.x + dx, b.y + dy};
        if ((dx == 0 && dy == 0) || !g.in_bounds(a) || layer.cost_at(g, a) == 0) continue;
        if (!sff_allowed(g, layer, map, nodes, conn, a, b)) continue;
        const std::uint64_t nd = d + sff_move_cost(a, b);
        if (nd < dist[sff_index(g, a)]) {
          dist[sff_index(g, a)] = nd;
          pq.push({nd, sff_index(g, a)});
        }
      }
    }
  }
  for (int y = 0; y < g.rows(); ++y) {
    for (int x = 0; x < g.cols(); ++x) {
      const GridCoord a{x, y};
      if (layer.cost_at(g, a) != 0 || a == goal) continue;
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const GridCoord b{x + dx, y + dy};
          if ((dx == 0 && dy == 0) || !g.in_bounds(b)) continue;
          if (!sff_allowed(g, layer, map, nodes, conn, a, b)) continue;
          const std::uint64_t db = dist[sff_index(g, b)];
          if (db == kSffInf || layer.cost_at(g, b) == 0) continue;
          dist[sff_index(g, a)] = std::min(dist[sff_index(g, a)], db + sff_move_cost(a, b));
        }
      }
    }
  }
  return dist;
}

// The same model forward from one start (hierarchy_test.cpp's restricted reference): a check of
// the backward reference above.
std::uint64_t sff_forward_cost(const Grid& g, const GridLayer& layer, const HierarchyMap& map,
                               Connectivity conn, GridCoord from, GridCoord to) {
  const std::set<std::pair<int, int>> nodes = sff_nodes(map);
  std::vector<std::uint64_t> dist(g.cell_count(), kSffInf);
  using Item = std::pair<std::uint64_t, std::size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
  dist[sff_index(g, from)] = 0;
  pq.push({0, sff_index(g, from)});
  while (!pq.empty()) {
    const auto [d, i] = pq.top();
    pq.pop();
    if (d != dist[i]) continue;
    const GridCoord a{static_cast<int>(i % static_cast<std::size_t>(g.cols())),
                      static_cast<int>(i / static_cast<std::size_t>(g.cols()))};
    if (a == to) return d;
    if (layer.cost_at(g, a) == 0 && !(a == from)) continue;
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const GridCoord b{a.x + dx, a.y + dy};
        if ((dx == 0 && dy == 0) || !g.in_bounds(b)) continue;
        if (!sff_allowed(g, layer, map, nodes, conn, a, b)) continue;
        const bool diag = dx != 0 && dy != 0;
        const std::uint64_t nd = d + std::uint64_t{layer.cost_at(g, b)} * (diag ? 362u : 256u);
        if (nd < dist[sff_index(g, b)]) {
          dist[sff_index(g, b)] = nd;
          pq.push({nd, sff_index(g, b)});
        }
      }
    }
  }
  return kSffInf;
}

// Every cell of `f` has the cost and the step of the same cell of `fresh`.
void sff_expect_same(const Grid& g, SectorFlowField& f, SectorFlowField& fresh,
                     const std::string& label) {
  for (int y = 0; y < g.rows(); ++y) {
    for (int x = 0; x < g.cols(); ++x) {
      ASSERT_EQ(f.cost_fixed({x, y}), fresh.cost_fixed({x, y})) << label << " at " << x << "," << y;
      ASSERT_EQ(f.raw({x, y}), fresh.raw({x, y})) << label << " at " << x << "," << y;
    }
  }
}

// On 2,400 seeded random maps (600 in the sanitizer build: test::random_maps; 4- and 8-connected,
// uniform and weighted costs {1, 3, 5}, sector sides 4 to 12, some goals impassable): every cell's
// cost equals the restricted reference's; the step of every reached cell is an allowed move that
// lowers the cost by exactly its own (so following the steps from any cell reaches the goal along a
// path of exactly its cost; whole walks from sampled cells are checked as paths too); an unreached
// cell has no step. Checks of the checks: the backward reference equals the forward one and
// HpaStar's plan cost from sampled cells. Every fifth map also runs with a small cache limit and
// must give the same answers.
TEST(SectorFlowField, MatchesTheRestrictedReferenceOnRandomMaps) {
  std::mt19937_64 rng(20261203);
  SectorFlowField field;
  SectorFlowField limited;
  HpaStar hpa;
  std::uint64_t reached = 0;
  std::uint64_t unreached = 0;
  std::uint64_t impassable_reached = 0;
  std::uint64_t walked_steps = 0;
  int blocked_goals = 0;
  std::vector<GridCoord> walk;
  for (int iter = 0; iter < test::random_maps(2400); ++iter) {
    const Connectivity conn = iter % 2 == 0 ? Connectivity::eight : Connectivity::four;
    const bool weighted = iter % 4 >= 2;
    const int w = sff_uniform(rng, 6, 40);
    const int h = sff_uniform(rng, 6, 40);
    const double density = 0.05 * sff_uniform(rng, 0, 7);
    const Grid g = test::random_grid(rng, w, h, density, weighted ? 3 : 1);
    const GridLayer layer = weighted ? kSffTerrain : GridLayer{};
    HierarchyOptions options;
    options.sector_size = sff_uniform(rng, 4, 12);
    options.connectivity = conn;
    const HierarchyMap map(g, layer, options);
    const std::set<std::pair<int, int>> nodes = sff_nodes(map);
    const GridCoord goal = sff_cell(rng, g);
    blocked_goals += layer.cost_at(g, goal) == 0;
    const std::string label = "iter " + std::to_string(iter);
    ASSERT_EQ(field.set_goal(g, layer, map, goal), SearchStatus::found) << label;
    ASSERT_TRUE(field.is_current());
    const std::vector<std::uint64_t> ref = sff_reference(g, layer, map, conn, goal);
    for (int q = 0; q < 2; ++q) {
      const GridCoord from = sff_cell(rng, g);
      const std::uint64_t expect = ref[sff_index(g, from)];
      ASSERT_EQ(sff_forward_cost(g, layer, map, conn, from, goal), expect) << label;
      SearchOptions so;
      so.connectivity = conn;
      const PathResult p = hpa.plan(g, layer, map, from, goal, so);
      ASSERT_EQ(p.status, expect == kSffInf ? SearchStatus::unreachable : SearchStatus::found)
          << label;
      if (p.found()) {
        ASSERT_EQ(p.cost, static_cast<double>(expect) / 256.0) << label;
      }
    }
    const bool check_limit = iter % 5 == 0;
    if (check_limit) {
      limited.set_cache_limit(static_cast<std::size_t>(1 + iter % 3));
      ASSERT_EQ(limited.set_goal(g, layer, map, goal), SearchStatus::found);
    }
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const GridCoord c{x, y};
        const std::uint64_t expect = ref[sff_index(g, c)];
        const std::string cell_label =
            label + " cell " + std::to_string(x) + "," + std::to_string(y);
        ASSERT_EQ(field.cost_fixed(c), expect) << cell_label;
        if (check_limit) {
          ASSERT_EQ(limited.cost_fixed(c), expect) << cell_label;
          ASSERT_EQ(limited.raw(c), field.raw(c)) << cell_label;
          ASSERT_LE(limited.sectors_built(), limited.cache_limit()) << cell_label;
        }
        if (expect == kSffInf || c == goal) {
          ASSERT_EQ(field.next_step(c), std::nullopt) << cell_label;
          ASSERT_EQ(field.next_cell(c), c) << cell_label;
          unreached += expect == kSffInf;
          continue;
        }
        ++reached;
        impassable_reached += layer.cost_at(g, c) == 0;
        // The step: allowed, and the cost falls by exactly its own. So every walk along the
        // steps ends at the goal (the only reached cell without a step) having cost `expect`.
        const std::optional<Direction8> d = field.next_step(c);
        ASSERT_TRUE(d.has_value()) << cell_label;
        const GridCoord n = c + step_offset(*d);
        ASSERT_EQ(field.next_cell(c), n) << cell_label;
        ASSERT_TRUE(sff_allowed(g, layer, map, nodes, conn, c, n)) << cell_label;
        ASSERT_EQ(std::uint64_t{layer.cost_at(g, n)} * (is_diagonal(*d) ? 362u : 256u) +
                      ref[sff_index(g, n)],
                  expect)
            << cell_label;
      }
    }
    // And whole walks from a few cells, checked as paths.
    for (int k = 0; k < 6; ++k) {
      const GridCoord c = sff_cell(rng, g);
      const std::uint64_t expect = ref[sff_index(g, c)];
      if (expect == kSffInf) continue;
      walk.assign(1, c);
      while (field.next_step(walk.back()).has_value() && walk.size() <= g.cell_count())
        walk.push_back(field.next_cell(walk.back()));
      walked_steps += walk.size() - 1;
      std::uint64_t total = 0;
      for (std::size_t i = 1; i < walk.size(); ++i) {
        ASSERT_TRUE(sff_allowed(g, layer, map, nodes, conn, walk[i - 1], walk[i])) << label;
        const bool diag = walk[i].x != walk[i - 1].x && walk[i].y != walk[i - 1].y;
        total += std::uint64_t{layer.cost_at(g, walk[i])} * (diag ? 362u : 256u);
      }
      ASSERT_EQ(walk.back(), goal) << label;
      ASSERT_EQ(test::validate_path(g, layer, conn, c, walk), "") << label;
      ASSERT_EQ(total, expect) << label;
    }
    ASSERT_EQ(field.cost(goal), 0.0);
    ASSERT_EQ(field.raw({-1, 0}), SectorFlowField::kNone);
    ASSERT_EQ(field.cost_fixed({w, 0}), kSffInf);
  }
  // The seeds give a large and varied sample: the counts pin it.
  EXPECT_GT(reached, test::random_maps(900000u));
  EXPECT_GT(unreached, test::random_maps(100000u));
  EXPECT_GT(impassable_reached, test::random_maps(100000u));
  EXPECT_GT(walked_steps, test::random_maps(100000u));
  EXPECT_GT(blocked_goals, test::random_maps(300));
}

// A hand-checked map: two 4 x 4 sectors side by side, the border open at one row only (the map of
// hierarchy_test.cpp's ExactTransitionsAndPathOnASmallMap), goal (7, 0).
TEST(SectorFlowField, HandCheckedSmallMap) {
  Grid g(8, 4);
  for (int y = 0; y < 4; ++y)
    if (y != 2) g.set_blocked({4, y}, true);
  HierarchyOptions o;
  o.sector_size = 4;
  const HierarchyMap map(g, GridLayer{}, o);
  SectorFlowField f;
  ASSERT_EQ(f.set_goal(g, GridLayer{}, map, {7, 0}), SearchStatus::found);
  EXPECT_EQ(f.reached_nodes(), 2u);
  EXPECT_EQ(f.sectors_built(), 0u);  // nothing built before the first lookup
  // (0,0) -> (3,2): 2 diagonal moves and 1 straight; (3,2) -> (4,2): 1 straight; (4,2) -> (7,0):
  // 1 straight to (5,2), then 2 diagonal.
  EXPECT_EQ(f.cost_fixed({0, 0}), 3u * 256u + 4u * 362u);
  EXPECT_EQ(f.cost({0, 0}), (3.0 * 256 + 4.0 * 362) / 256);
  EXPECT_EQ(f.sectors_built(), 1u);
  // Ties: right first ((1,0) is one straight move closer), then the node's crossing.
  EXPECT_EQ(f.next_step({0, 0}), Direction8::right);
  EXPECT_EQ(f.next_step({3, 2}), Direction8::right);  // the only crossing
  EXPECT_EQ(f.next_step({3, 0}), Direction8::down);   // toward the node, not through the wall
  EXPECT_EQ(f.next_step({4, 2}), Direction8::right);  // (4,1) is blocked: no diagonal
  EXPECT_EQ(f.next_step({5, 2}), Direction8::up_right);
  EXPECT_EQ(f.next_step({7, 0}), std::nullopt);
  EXPECT_EQ(f.cost_fixed({7, 0}), 0u);
  // An impassable cell: (4,0) may leave diagonally across the border onto (3,1) or straight.
  EXPECT_EQ(f.cost_fixed({4, 0}), f.cost_fixed({5, 0}) + 256u);
  EXPECT_EQ(f.next_step({4, 0}), Direction8::right);
  EXPECT_EQ(f.sectors_built(), 2u);
}

// Impassable goals, walled-off cells, impassable cells next to reached ones, refusals.
TEST(SectorFlowField, ImpassableUnreachedAndRefusals) {
  Grid g(16, 12);
  // A closed box at (9..13, 5..9): its inside is unreached.
  for (int i = 9; i <= 13; ++i) {
    g.set_blocked({i, 5}, true);
    g.set_blocked({i, 9}, true);
    g.set_blocked({9, 5 + (i - 9)}, true);
    g.set_blocked({13, 5 + (i - 9)}, true);
  }
  HierarchyOptions o;
  o.sector_size = 4;
  const HierarchyMap map(g, GridLayer{}, o);
  SectorFlowField f;
  EXPECT_FALSE(f.has_goal());
  EXPECT_FALSE(f.is_current());
  EXPECT_EQ(f.raw({0, 0}), SectorFlowField::kNone);
  EXPECT_EQ(f.cost_fixed({0, 0}), kSffInf);
  EXPECT_EQ(f.sync(), SearchStatus::invalid_argument);
  EXPECT_EQ(f.set_goal(g, GridLayer{}, map, {16, 0}), SearchStatus::invalid_endpoint);
  EXPECT_EQ(f.set_goal(g, GridLayer{}, map, {0, -1}), SearchStatus::invalid_endpoint);
  EXPECT_EQ(f.set_goal(g, GridLayer::uniform(2), map, {0, 0}), SearchStatus::stale);
  EXPECT_FALSE(f.has_goal());
  ASSERT_EQ(f.set_goal(g, GridLayer{}, map, {0, 0}), SearchStatus::found);
  EXPECT_EQ(f.goal(), (GridCoord{0, 0}));
  EXPECT_EQ(f.cost_fixed({11, 7}), kSffInf);  // inside the box
  EXPECT_EQ(f.next_step({11, 7}), std::nullopt);
  EXPECT_NE(f.cost_fixed({9, 5}), kSffInf);  // the box's wall: may be left
  EXPECT_NE(f.next_step({9, 5}), std::nullopt);
  EXPECT_EQ(f.cost_fixed({15, 11}), sff_reference(g, GridLayer{}, map, Connectivity::eight,
                                                  {0, 0})[sff_index(g, {15, 11})]);
  // An impassable goal: set, but no other cell reaches it.
  ASSERT_EQ(f.set_goal(g, GridLayer{}, map, {9, 9}), SearchStatus::found);
  EXPECT_EQ(f.reached_nodes(), 0u);
  EXPECT_EQ(f.cost_fixed({9, 9}), 0u);
  EXPECT_EQ(f.next_step({9, 9}), std::nullopt);
  EXPECT_EQ(f.cost_fixed({8, 9}), kSffInf);
  EXPECT_EQ(f.cost_fixed({9, 8}), kSffInf);  // impassable too
  EXPECT_EQ(f.next_step({0, 0}), std::nullopt);
  // A goal inside the box: only the box reaches it.
  ASSERT_EQ(f.set_goal(g, GridLayer{}, map, {11, 7}), SearchStatus::found);
  EXPECT_EQ(f.cost_fixed({10, 6}), 362u);
  EXPECT_EQ(f.next_step({10, 6}), Direction8::down_right);
  EXPECT_EQ(f.cost_fixed({0, 0}), kSffInf);
  EXPECT_EQ(f.cost_fixed({9, 6}), 256u + 362u);  // the wall, left into the box
  EXPECT_EQ(f.next_step({9, 6}), Direction8::right);
  EXPECT_EQ(f.cost_fixed({8, 6}), kSffInf);
}

// Costs whose span inside one sector exceeds 32 bits (a serpentine of cost-255 cells, every
// corridor crossing sector 0) stay exact.
TEST(SectorFlowField, CostsBeyond32BitsStayExact) {
  const int w = 1400;
  const int h = 128;
  Grid g(w, h);
  for (int y = 1; y < h; y += 2)
    for (int x = 0; x < w; ++x)
      if (x != ((y / 2) % 2 == 0 ? w - 1 : 0)) g.set_blocked({x, y}, true);
  const GridLayer layer = GridLayer::uniform(255);
  HierarchyOptions o;
  o.sector_size = 128;
  const HierarchyMap map(g, layer, o);
  SectorFlowField f;
  ASSERT_EQ(f.set_goal(g, layer, map, {0, 0}), SearchStatus::found);
  const std::vector<std::uint64_t> ref = sff_reference(g, layer, map, Connectivity::eight, {0, 0});
  // The test's premise: sector 0's costs span 2^32 or more.
  std::uint64_t lo = kSffInf;
  std::uint64_t hi = 0;
  for (int y = 0; y < h; ++y) {
    const std::uint64_t d = ref[sff_index(g, {0, y})];
    if (d == kSffInf) continue;
    lo = std::min(lo, d);
    hi = std::max(hi, d);
  }
  ASSERT_GE(hi - lo, std::uint64_t{1} << 32);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      ASSERT_EQ(f.cost_fixed({x, y}), ref[sff_index(g, {x, y})]) << x << "," << y;
  GridCoord c{w - 1, h - 1};
  std::uint64_t steps = 0;
  while (f.next_step(c).has_value()) {
    c = f.next_cell(c);
    ++steps;
  }
  EXPECT_EQ(c, (GridCoord{0, 0}));
  EXPECT_GT(steps, 64u * 1300u);
}

// Edits: a field kept across random edits by sync equals a fresh field on every cell each round;
// sync answers stale until the map is synced; lookups of a field not current answer nothing and
// build nothing.
TEST(SectorFlowField, SyncEqualsAFreshField) {
  std::mt19937_64 rng(31);
  for (const Connectivity conn : {Connectivity::eight, Connectivity::four}) {
    Grid g = test::random_grid(rng, 64, 48, 0.2, 3);
    HierarchyOptions o;
    o.sector_size = 8;
    o.connectivity = conn;
    HierarchyMap map(g, kSffTerrain, o);
    SectorFlowField f;
    ASSERT_EQ(f.set_goal(g, kSffTerrain, map, {3, 4}), SearchStatus::found);
    SectorFlowField fresh;
    std::size_t dropped = 0;
    std::size_t kept = 0;
    for (int round = 0; round < 120; ++round) {
      const int writes = round % 10 == 9 ? 70 : sff_uniform(rng, 1, 3);  // 70: past the edit log
      for (int e = 0; e < writes; ++e) {
        const GridCoord c = sff_cell(rng, g);
        if (rng() % 3 == 0) {
          g.set_tile(c, static_cast<std::uint8_t>(rng() % 3));
        } else {
          g.set_blocked(c, !g.is_blocked(c));
        }
      }
      EXPECT_FALSE(f.is_current());
      EXPECT_EQ(f.raw({10, 10}), SectorFlowField::kNone);
      EXPECT_EQ(f.cost_fixed({10, 10}), kSffInf);
      const std::vector<GridCoord> all{{10, 10}, {40, 40}};
      EXPECT_EQ(f.prepare(all), 0u);
      EXPECT_EQ(f.sync(), SearchStatus::stale);
      map.sync(g, kSffTerrain);
      const std::size_t built = f.sectors_built();
      ASSERT_EQ(f.sync(), SearchStatus::found);
      ASSERT_TRUE(f.is_current());
      dropped += f.last_sync_sectors();
      kept += built - f.last_sync_sectors();
      if (writes > 64) {
        EXPECT_EQ(f.last_sync_sectors(), built);
      }
      ASSERT_EQ(fresh.set_goal(g, kSffTerrain, map, {3, 4}), SearchStatus::found);
      sff_expect_same(g, f, fresh, "round " + std::to_string(round));
      EXPECT_EQ(f.sectors_built(), map.sector_count());
      EXPECT_EQ(f.sync(), SearchStatus::found);  // current: nothing to do
      EXPECT_EQ(f.last_sync_sectors(), 0u);
    }
    // Edits anywhere usually change some nodes' costs, but many sectors keep their fields.
    EXPECT_GT(kept, 2 * dropped);
    // Another layer for the map: the field's is no longer current (stale until it returns).
    map.sync(g, GridLayer{});
    EXPECT_FALSE(f.is_current());
    EXPECT_EQ(f.sync(), SearchStatus::stale);
    map.sync(g, kSffTerrain);
    EXPECT_EQ(f.sync(), SearchStatus::found);
    // Other sector sizes at the same grid version: every field dropped, equal to a fresh one.
    o.sector_size = 6;
    map.build(g, kSffTerrain, o);
    EXPECT_FALSE(f.is_current());
    const std::size_t built = f.sectors_built();
    ASSERT_EQ(f.sync(), SearchStatus::found);
    EXPECT_EQ(f.last_sync_sectors(), built);
    ASSERT_EQ(fresh.set_goal(g, kSffTerrain, map, {3, 4}), SearchStatus::found);
    sff_expect_same(g, f, fresh, "sector size 6");
    // Another grid object (an assignment): every field dropped.
    g = Grid(g);
    map.sync(g, kSffTerrain);
    ASSERT_EQ(f.sync(), SearchStatus::found);
    EXPECT_EQ(f.last_sync_sectors(), map.sector_count());
    ASSERT_EQ(fresh.set_goal(g, kSffTerrain, map, {3, 4}), SearchStatus::found);
    sff_expect_same(g, f, fresh, "assigned grid");
  }
}

// sync drops only the fields whose inputs changed: an edit inside the sector farthest from the
// goal (on an open map, no route to the goal passes there) drops that sector's field alone; an
// edit next to the goal changes the costs of the nodes upstream and drops their fields.
TEST(SectorFlowField, SyncDropsOnlyTheFieldsWhoseInputsChanged) {
  Grid g(64, 64);
  HierarchyOptions o;
  o.sector_size = 8;
  HierarchyMap map(g, GridLayer{}, o);
  SectorFlowField f;
  ASSERT_EQ(f.set_goal(g, GridLayer{}, map, {1, 1}), SearchStatus::found);
  std::vector<GridCoord> all;
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x) all.push_back({x, y});
  EXPECT_EQ(f.prepare(all), 64u);
  EXPECT_EQ(f.prepare(all), 0u);
  g.set_blocked({60, 60}, true);
  map.sync(g, GridLayer{});
  ASSERT_EQ(f.sync(), SearchStatus::found);
  EXPECT_EQ(f.last_sync_sectors(), 1u);
  EXPECT_FALSE(f.sector_built(63));
  EXPECT_TRUE(f.sector_built(62));
  const std::uint64_t builds = f.builds();
  EXPECT_EQ(f.prepare(all), 1u);
  EXPECT_EQ(f.builds(), builds + 1);
  SectorFlowField fresh;
  ASSERT_EQ(fresh.set_goal(g, GridLayer{}, map, {1, 1}), SearchStatus::found);
  sff_expect_same(g, f, fresh, "far edit");
  // A wall across the goal's sector: most nodes' costs change.
  for (int x = 0; x < 8; ++x) g.set_blocked({x, 3}, x != 7);
  map.sync(g, GridLayer{});
  ASSERT_EQ(f.sync(), SearchStatus::found);
  EXPECT_GT(f.last_sync_sectors(), 32u);
  ASSERT_EQ(fresh.set_goal(g, GridLayer{}, map, {1, 1}), SearchStatus::found);
  sff_expect_same(g, f, fresh, "wall");
}

// The cache limit: at most that many fields, the least recently looked up evicted first; the
// answers do not change; lowering the limit evicts at once; release frees the unused slots.
TEST(SectorFlowField, CacheLimitAndMemory) {
  std::mt19937_64 rng(5);
  const Grid g = test::random_grid(rng, 96, 96, 0.15, 3);
  HierarchyOptions o;
  o.sector_size = 16;
  const HierarchyMap map(g, kSffTerrain, o);
  SectorFlowField all;
  ASSERT_EQ(all.set_goal(g, kSffTerrain, map, {50, 40}), SearchStatus::found);
  SectorFlowField few;
  few.set_cache_limit(3);
  EXPECT_EQ(few.cache_limit(), 3u);
  ASSERT_EQ(few.set_goal(g, kSffTerrain, map, {50, 40}), SearchStatus::found);
  for (int y = 0; y < 96; ++y) {
    for (int x = 0; x < 96; ++x) {
      ASSERT_EQ(few.cost_fixed({x, y}), all.cost_fixed({x, y}));
      ASSERT_EQ(few.raw({x, y}), all.raw({x, y}));
    }
  }
  EXPECT_EQ(few.sectors_built(), 3u);
  EXPECT_EQ(all.sectors_built(), 36u);
  EXPECT_GE(few.builds(), 36u);
  // The most recently used sector stays: (95, 95)'s is the last looked up.
  EXPECT_TRUE(few.sector_built(map.sector_of({95, 95})));
  static_cast<void>(few.raw({0, 0}));
  EXPECT_TRUE(few.sector_built(map.sector_of({95, 95})));
  EXPECT_TRUE(few.sector_built(0));
  // Memory: 5 bytes a cell of a field and a little more.
  EXPECT_GE(all.field_bytes(), 5u * 96u * 96u);
  EXPECT_LT(all.field_bytes(), 5u * 96u * 96u + 36u * 1024u);
  EXPECT_GT(all.memory_bytes(), all.field_bytes());
  EXPECT_LT(few.field_bytes(), all.field_bytes() / 8);
  // Lowering the limit evicts at once; release frees what no field holds.
  all.set_cache_limit(10);
  EXPECT_EQ(all.sectors_built(), 10u);
  const std::size_t before = all.memory_bytes();
  all.release();
  EXPECT_LT(all.memory_bytes(), before - 20u * 5u * 16u * 16u);
  EXPECT_EQ(all.sectors_built(), 10u);
  for (int y = 0; y < 96; y += 7)
    for (int x = 0; x < 96; x += 5) ASSERT_EQ(all.cost_fixed({x, y}), few.cost_fixed({x, y}));
}

// Lookups in sectors already built allocate nothing: a crowd walks to the goal twice, the second
// time counted; set_goal again with storage warm allocates nothing either.
TEST(SectorFlowField, WarmLookupsAllocateNothing) {
  std::mt19937_64 rng(9);
  const Grid g = test::random_grid(rng, 200, 200, 0.2, 3);
  const HierarchyMap map(g, kSffTerrain);
  SectorFlowField f;
  ASSERT_EQ(f.set_goal(g, kSffTerrain, map, {100, 100}), SearchStatus::found);
  std::vector<GridCoord> crowd;
  for (int i = 0; i < 300; ++i) crowd.push_back(sff_cell(rng, g));
  std::vector<GridCoord> walkers;
  walkers.reserve(crowd.size());
  const auto walk = [&] {
    walkers.assign(crowd.begin(), crowd.end());
    std::uint64_t moved = 0;
    for (int tick = 0; tick < 600; ++tick) {
      for (GridCoord& u : walkers) {
        const GridCoord n = f.next_cell(u);
        moved += !(n == u);
        u = n;
      }
    }
    return moved;
  };
  const std::uint64_t cold = walk();
  const std::uint64_t builds = f.builds();
  const std::uint64_t before = test::allocation_count();
  const std::uint64_t warm = walk();
  EXPECT_EQ(test::allocation_count() - before, 0u);
  EXPECT_EQ(f.builds(), builds);
  EXPECT_EQ(warm, cold);
  EXPECT_GT(warm, 10000u);
  // set_goal again (same map and goal, storage warm) allocates nothing either.
  ASSERT_EQ(f.set_goal(g, kSffTerrain, map, {150, 20}), SearchStatus::found);
  ASSERT_EQ(f.set_goal(g, kSffTerrain, map, {100, 100}), SearchStatus::found);
  const std::uint64_t again = test::allocation_count();
  ASSERT_EQ(f.set_goal(g, kSffTerrain, map, {100, 100}), SearchStatus::found);
  EXPECT_EQ(test::allocation_count() - again, 0u);
  EXPECT_EQ(f.sectors_built(), 0u);
}

}  // namespace
}  // namespace pathing
