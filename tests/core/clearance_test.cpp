// Units larger than one cell (issue #16 item 1): the clearance map against brute force, its sync
// against a rebuild, and every search and field with a unit size against a brute-force search
// over the k x k body on the original grid (seeded random maps).
#include "pathing/precompute/clearance_map.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <queue>
#include <random>
#include <string>
#include <vector>

#include "pathing/agent/path_follower.hpp"
#include "pathing/field/dijkstra.hpp"
#include "pathing/field/field_repair.hpp"
#include "pathing/field/flow_field.hpp"
#include "pathing/precompute/jps_map.hpp"
#include "pathing/precompute/region_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "support/alloc_counter.hpp"
#include "support/throws.hpp"

namespace pathing {
namespace {
// This file's names (S, D, random_map, random_cell, where, ...) in a namespace of their own: in a
// unity batch (tests/CMakeLists.txt) other test files define the same names.
namespace clearance_test {

constexpr std::uint64_t S = cost::kStraight;
constexpr std::uint64_t D = cost::kDiagonal;
constexpr std::uint64_t kInf = cost::kInfinite;

// --- Brute force over the body, on the original grid --------------------------------------

// The cost of a k x k body anchored at (x, y): the highest layer cost under it, 0 when a cell
// under it is impassable or off the grid.
int body_cost(const Grid& g, const GridLayer& l, int k, int x, int y) {
  if (x < 0 || y < 0 || x + k > g.cols() || y + k > g.rows()) return 0;
  int worst = 0;
  for (int dy = 0; dy < k; ++dy) {
    for (int dx = 0; dx < k; ++dx) {
      const int c = l.cost_at(g, {x + dx, y + dy});
      if (c == 0) return 0;
      worst = std::max(worst, c);
    }
  }
  return worst;
}

// The step from `a` to the adjacent `b` under the body model: its fixed-point cost, or 0 when
// the body cannot make it (the corner rule: a diagonal needs both bodies beside it to fit).
std::uint64_t body_step(const Grid& g, const GridLayer& l, int k, GridCoord a, GridCoord b) {
  const int dx = b.x - a.x;
  const int dy = b.y - a.y;
  const int c = body_cost(g, l, k, b.x, b.y);
  if (c == 0) return 0;
  if (dx != 0 && dy != 0) {
    if (body_cost(g, l, k, a.x + dx, a.y) == 0 || body_cost(g, l, k, a.x, a.y + dy) == 0) return 0;
    return static_cast<std::uint64_t>(c) * D;
  }
  return static_cast<std::uint64_t>(c) * S;
}

constexpr int kDx[8] = {1, 0, -1, 0, 1, -1, 1, -1};
constexpr int kDy[8] = {0, 1, 0, -1, 1, 1, -1, -1};

// Textbook Dijkstra over anchors from `from` (its own cost ignored): g per anchor, row-major.
std::vector<std::uint64_t> body_dijkstra(const Grid& g, const GridLayer& l, int k, GridCoord from,
                                         Connectivity conn) {
  const int cols = g.cols();
  std::vector<std::uint64_t> dist(g.cell_count(), kInf);
  using Item = std::pair<std::uint64_t, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  dist[static_cast<std::size_t>(from.y * cols + from.x)] = 0;
  open.push({0, from.y * cols + from.x});
  const int dirs = conn == Connectivity::four ? 4 : 8;
  while (!open.empty()) {
    const auto [d, i] = open.top();
    open.pop();
    if (d != dist[static_cast<std::size_t>(i)]) continue;
    const GridCoord a{i % cols, i / cols};
    for (int dir = 0; dir < dirs; ++dir) {
      const GridCoord b{a.x + kDx[dir], a.y + kDy[dir]};
      if (!g.in_bounds(b)) continue;
      const std::uint64_t step = body_step(g, l, k, a, b);
      if (step == 0) continue;
      const auto j = static_cast<std::size_t>(b.y * cols + b.x);
      if (d + step < dist[j]) {
        dist[j] = d + step;
        open.push({dist[j], static_cast<int>(j)});
      }
    }
  }
  return dist;
}

// Fewest 4-connected steps from `from` to every anchor (breadth-first), -1 unreached.
std::vector<int> body_bfs4(const Grid& g, const GridLayer& l, int k, GridCoord from) {
  const int cols = g.cols();
  std::vector<int> steps(g.cell_count(), -1);
  std::queue<GridCoord> q;
  steps[static_cast<std::size_t>(from.y * cols + from.x)] = 0;
  q.push(from);
  while (!q.empty()) {
    const GridCoord a = q.front();
    q.pop();
    for (int dir = 0; dir < 4; ++dir) {
      const GridCoord b{a.x + kDx[dir], a.y + kDy[dir]};
      if (!g.in_bounds(b) || body_step(g, l, k, a, b) == 0) continue;
      int& s = steps[static_cast<std::size_t>(b.y * cols + b.x)];
      if (s >= 0) continue;
      s = steps[static_cast<std::size_t>(a.y * cols + a.x)] + 1;
      q.push(b);
    }
  }
  return steps;
}

// The fixed-point cost of a path of anchors under the body model; kInf when a step is not a
// legal move (or the cells are not adjacent).
std::uint64_t body_path_cost(const Grid& g, const GridLayer& l, int k,
                             const std::vector<GridCoord>& path, Connectivity conn) {
  std::uint64_t sum = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const int dx = path[i].x - path[i - 1].x;
    const int dy = path[i].y - path[i - 1].y;
    if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0)) return kInf;
    if (conn == Connectivity::four && dx != 0 && dy != 0) return kInf;
    const std::uint64_t step = body_step(g, l, k, path[i - 1], path[i]);
    if (step == 0) return kInf;
    sum += step;
  }
  return sum;
}

// A random map: each cell blocked with probability walls_percent %, else of tag 0..2 (weighted)
// or 0. Deterministic for the generator's state.
Grid random_map(std::mt19937& rng, int cols, int rows, int walls_percent, bool weighted) {
  Grid g(cols, rows);
  for (int y = 0; y < rows; ++y) {
    for (int x = 0; x < cols; ++x) {
      if (static_cast<int>(rng() % 100) < walls_percent) {
        g.set_blocked({x, y}, true);
      } else if (weighted) {
        g.set_tile({x, y}, static_cast<std::uint8_t>(rng() % 3));
      }
    }
  }
  return g;
}

GridCoord random_cell(std::mt19937& rng, const Grid& g) {
  return {static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
          static_cast<int>(rng() % static_cast<unsigned>(g.rows()))};
}

const GridLayer kWeighted({1, 3, 5});  // tags 0, 1, 2; blocked cells impassable
const GridLayer kUniform({2, 2, 2});   // every passable cell costs 2

std::string where(unsigned seed, int k, const char* what) {
  return std::string(what) + " seed " + std::to_string(seed) + " size " + std::to_string(k);
}

// Clearance values, unit-grid codes and the unit layer all match the brute-force body.
void expect_matches_brute_force(const Grid& g, const GridLayer& l, const ClearanceMap& cm,
                                const std::string& ctx) {
  ASSERT_TRUE(cm.is_current(g, l)) << ctx;
  for (int y = 0; y < g.rows(); ++y) {
    for (int x = 0; x < g.cols(); ++x) {
      int want = 0;
      while (want < cm.max_unit_size() && body_cost(g, l, want + 1, x, y) != 0) ++want;
      ASSERT_EQ(cm.clearance({x, y}), want) << ctx << " clearance at (" << x << ", " << y << ")";
      for (int k = 1; k <= cm.max_unit_size(); ++k) {
        const std::uint8_t code = cm.unit_grid(k)->cell({x, y});
        ASSERT_EQ(int{cm.unit_layer().cost_of_cell(code)}, body_cost(g, l, k, x, y))
            << ctx << " size " << k << " at (" << x << ", " << y << ")";
        ASSERT_EQ(cm.fits({x, y}, k), want >= k) << ctx;
      }
    }
  }
}

// --- The clearance map ------------------------------------------------------------------------

TEST(Clearance, ValuesAndUnitGridsMatchBruteForce) {
  for (unsigned seed = 1; seed <= 400; ++seed) {
    std::mt19937 rng(seed);
    const int cols = 1 + static_cast<int>(rng() % 20);
    const int rows = 1 + static_cast<int>(rng() % 20);
    const bool weighted = seed % 2 == 0;
    const Grid g = random_map(rng, cols, rows, static_cast<int>(rng() % 40), weighted);
    const GridLayer& l = weighted ? kWeighted : kUniform;
    const int max_size = 1 + static_cast<int>(seed % 5);
    const ClearanceMap cm(g, l, max_size);
    EXPECT_EQ(cm.max_unit_size(), max_size);
    expect_matches_brute_force(g, l, cm, "seed " + std::to_string(seed));
    if (HasFatalFailure()) return;
  }
}

TEST(Clearance, OpenMapValuesAreTheDistanceToTheFarEdges) {
  const Grid g(10, 6);
  const ClearanceMap cm(g, GridLayer{}, 32);
  EXPECT_EQ(cm.clearance({0, 0}), 6);
  EXPECT_EQ(cm.clearance({7, 0}), 3);
  EXPECT_EQ(cm.clearance({9, 5}), 1);
  EXPECT_EQ(cm.clearance({10, 0}), 0);
  EXPECT_EQ(cm.clearance({-1, 0}), 0);
  EXPECT_FALSE(cm.fits({0, 0}, 7));
  EXPECT_FALSE(cm.fits({0, 0}, 0));
  EXPECT_EQ(cm.unit_grid(0), nullptr);
  EXPECT_EQ(cm.unit_grid(33), nullptr);
  // The unit layer of a uniform layer is uniform with the same cost: the jump searches apply.
  EXPECT_EQ(cm.unit_layer().uniform_cost(), 1);
  EXPECT_EQ(ClearanceMap(g, kWeighted, 2).unit_layer().uniform_cost(), 0);
  EXPECT_EQ(ClearanceMap(g, kUniform, 2).unit_layer().uniform_cost(), 2);
}

TEST(Clearance, SyncMatchesRebuildAfterRandomEdits) {
  std::uint64_t updated = 0;
  std::uint64_t rebuilt = 0;
  for (unsigned seed = 1; seed <= 150; ++seed) {
    std::mt19937 rng(seed * 31u);
    const int cols = 1 + static_cast<int>(rng() % 24);
    const int rows = 1 + static_cast<int>(rng() % 24);
    const bool weighted = seed % 3 != 0;
    const GridLayer& l = weighted ? kWeighted : kUniform;
    Grid g = random_map(rng, cols, rows, 20, weighted);
    const int max_size = 1 + static_cast<int>(seed % 4);
    ClearanceMap cm(g, l, max_size);
    const Grid* unit2 = cm.unit_grid(std::min(2, max_size));
    for (int batch = 0; batch < 25; ++batch) {
      // Mostly small batches (replayed from the edit log); now and then more than the log holds.
      const int edits = batch % 12 == 11 ? 70 : 1 + static_cast<int>(rng() % 6);
      for (int e = 0; e < edits; ++e) {
        const GridCoord c = random_cell(rng, g);
        if (rng() % 2 == 0) {
          g.set_blocked(c, !g.is_blocked(c));
        } else {
          g.set_tile(c, static_cast<std::uint8_t>(rng() % 3));
        }
      }
      EXPECT_FALSE(cm.is_current(g, l));
      const MapSync s = cm.sync(g, l);
      (s == MapSync::updated ? updated : rebuilt) += 1;
      EXPECT_EQ(s, edits > static_cast<int>(Grid::kEditLogCapacity) ? MapSync::rebuilt
                                                                    : MapSync::updated);
      const ClearanceMap fresh(g, l, max_size);
      for (int k = 1; k <= max_size; ++k) {
        ASSERT_EQ(*cm.unit_grid(k), *fresh.unit_grid(k)) << where(seed, k, "unit grid");
      }
      expect_matches_brute_force(g, l, cm, where(seed, batch, "sync"));
      if (HasFatalFailure()) return;
      EXPECT_EQ(cm.sync(g, l), MapSync::current);
      EXPECT_EQ(cm.unit_grid(std::min(2, max_size)), unit2);  // same objects across syncs
    }
  }
  EXPECT_GT(updated, 10 * rebuilt);
  EXPECT_GT(rebuilt, 0u);
}

TEST(Clearance, UnitGridsLogOnlyChangedCells) {
  Grid g(16, 16);
  const GridLayer l;
  ClearanceMap cm(g, l, 3);
  const Grid& u3 = *cm.unit_grid(3);
  const std::uint64_t v = u3.version();
  g.set_blocked({8, 8}, true);  // 9 anchors of size 3 cover it
  EXPECT_EQ(cm.sync(g, l), MapSync::updated);
  std::array<GridCoord, Grid::kEditLogCapacity> cells{};
  ASSERT_EQ(u3.edits_since(v, cells), 9u);
  g.set_tile({3, 3}, 0);  // a write that changes nothing the unit sees
  EXPECT_EQ(cm.sync(g, l), MapSync::updated);
  EXPECT_EQ(u3.edits_since(v, cells), 9u);
  // A jump-point map built on the unit grid catches up from that log.
  JpsMap jm(u3, cm.unit_layer());
  g.set_blocked({8, 8}, false);
  cm.sync(g, l);
  EXPECT_EQ(jm.sync(u3, cm.unit_layer()), MapSync::updated);
}

TEST(Clearance, UpdateCellsFollowsMoreEditsThanTheLogHolds) {
  std::mt19937 rng(77);
  Grid g = random_map(rng, 40, 30, 10, true);
  ClearanceMap cm(g, kWeighted, 3);
  std::vector<GridCoord> changed;
  for (int round = 0; round < 10; ++round) {
    changed.clear();
    for (int e = 0; e < 150; ++e) {  // more than Grid::kEditLogCapacity writes
      const GridCoord c = random_cell(rng, g);
      g.set_blocked(c, !g.is_blocked(c));
      changed.push_back(c);
    }
    cm.update_cells(g, changed);
    EXPECT_TRUE(cm.is_current(g, kWeighted));
    expect_matches_brute_force(g, kWeighted, cm, "round " + std::to_string(round));
    if (HasFatalFailure()) return;
  }
  const Grid other(40, 30);
  PATHING_EXPECT_THROW(cm.update_cells(other, changed), std::invalid_argument);
  const std::vector<GridCoord> off{{40, 0}};
  PATHING_EXPECT_THROW(cm.update_cells(g, off), std::invalid_argument);
  EXPECT_TRUE(cm.is_current(g, kWeighted));
}

// The move check of the path follower, on the unit grid, is the body's move rule.
TEST(Clearance, MoveCheckOnTheUnitGridIsTheBodyRule) {
  for (unsigned seed = 1; seed <= 60; ++seed) {
    std::mt19937 rng(seed);
    const Grid g = random_map(rng, 12, 12, 20, true);
    const ClearanceMap cm(g, kWeighted, 3);
    for (int k = 1; k <= 3; ++k) {
      for (int y = 0; y < 12; ++y) {
        for (int x = 0; x < 12; ++x) {
          for (int dir = 0; dir < 8; ++dir) {
            const GridCoord a{x, y};
            const GridCoord b{x + kDx[dir], y + kDy[dir]};
            const MoveCheck m = check_move(g, kWeighted, cm, k, a, b, Connectivity::eight);
            const std::uint64_t want = g.in_bounds(b) ? body_step(g, kWeighted, k, a, b) : 0;
            ASSERT_EQ(m.allowed, want != 0) << where(seed, k, "move") << " " << x << "," << y;
            if (want != 0) {
              ASSERT_EQ(m.cost, cost::exact_length(m.diagonal ? 0 : m.layer_cost,
                                                   m.diagonal ? m.layer_cost : 0));
              ASSERT_EQ(std::uint64_t{m.layer_cost} * (m.diagonal ? D : S), want);
            }
          }
        }
      }
    }
  }
}

TEST(Clearance, MoveCheckRefusesAStaleMap) {
  Grid g(8, 8);
  const GridLayer l;
  const ClearanceMap cm(g, l, 2);
  EXPECT_TRUE(check_move(g, l, cm, 2, {0, 0}, {1, 1}).allowed);
  EXPECT_FALSE(check_move(g, l, cm, 3, {0, 0}, {1, 1}).allowed);
  g.set_tile({7, 7}, 0);  // any write: the map is no longer current
  EXPECT_FALSE(check_move(g, l, cm, 2, {0, 0}, {1, 1}).allowed);
}

// A follower on a unit grid, with 8 distinct costs (codes 8.. in use): looking through units
// (blocked values read at their tag's cost) must still read "does not fit" as impassable.
TEST(Clearance, FollowerOnAUnitGridNeverWalksWhereTheBodyDoesNotFit) {
  Grid g(12, 6);
  for (int y = 0; y < 6; ++y) {
    for (int x = 0; x < 12; ++x) g.set_tile({x, y}, static_cast<std::uint8_t>((x + y) % 8));
  }
  for (int y = 0; y < 6; ++y) g.set_blocked({6, y}, true);  // a wall of units, cost 0
  const GridLayer l(std::array<std::uint8_t, 8>{1, 2, 3, 4, 5, 6, 7, 8}, 0);
  const ClearanceMap cm(g, l, 2);
  AStar astar;
  PathFollower f;
  const PathResult r = f.set_goal(astar, *cm.unit_grid(2), cm.unit_layer(), {0, 0}, {10, 0});
  EXPECT_FALSE(r.found());
  // With a gap two cells high the body gets through, and every cell of the path fits.
  g.set_blocked({6, 2}, false);
  g.set_blocked({6, 3}, false);
  ClearanceMap cm2(g, l, 2);
  std::vector<GridCoord> out;
  const PathResult r2 = f.set_goal(astar, *cm2.unit_grid(2), cm2.unit_layer(), {0, 0}, {10, 0});
  ASSERT_TRUE(r2.found());
  SearchOptions o;
  o.unit_size = 2;
  o.clearance = &cm2;
  EXPECT_EQ(r2.cost, astar.find_path(g, l, {0, 0}, {10, 0}, out, o).cost);
  for (const GridCoord c : out) EXPECT_TRUE(cm2.fits(c, 2)) << c.x << "," << c.y;
}

TEST(Clearance, RefusesBadSizesAndLayers) {
  const Grid g(4, 4);
  Error e;
  EXPECT_FALSE(ClearanceMap::create(g, GridLayer{}, 0, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_size);
  EXPECT_EQ(e.message, "pathing::ClearanceMap: max_unit_size = 0 is outside [1, 32]");
  EXPECT_FALSE(ClearanceMap::create(g, GridLayer{}, 33, &e).has_value());
  const GridLayer sixteen(std::array<std::uint8_t, 8>{1, 2, 3, 4, 5, 6, 7, 8},
                          std::array<std::uint8_t, 8>{9, 10, 11, 12, 13, 14, 15, 16});
  EXPECT_FALSE(ClearanceMap::create(g, sixteen, 2, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_cost);
  // Fifteen distinct costs are too many (codes 7 and 15 are taken); fourteen fit, in codes 0..6
  // and 8..14.
  const GridLayer fifteen = sixteen.with_blocked_tag_cost(7, 0);
  EXPECT_FALSE(ClearanceMap::create(g, fifteen, 2, &e).has_value());
  EXPECT_EQ(e.message,
            "pathing::ClearanceMap: the layer has 15 distinct passable costs; at most 14 fit the "
            "unit grids' codes");
  const GridLayer fourteen = fifteen.with_blocked_tag_cost(6, 0);
  ASSERT_TRUE(ClearanceMap::create(g, fourteen, 2, &e).has_value());
  const ClearanceMap cm = *ClearanceMap::create(g, fourteen, 2);
  EXPECT_EQ(cm.unit_layer().cost_of_cell(6), 7);
  EXPECT_EQ(cm.unit_layer().cost_of_cell(7), 0);
  EXPECT_EQ(cm.unit_layer().cost_of_cell(8), 8);
  EXPECT_EQ(cm.unit_layer().cost_of_cell(14), 14);
  EXPECT_EQ(cm.unit_layer().cost_of_cell(ClearanceMap::kNoFit), 0);
  PATHING_EXPECT_THROW(ClearanceMap(g, GridLayer{}, -2), std::invalid_argument);
}

// --- Searches with a unit size ------------------------------------------------------------------

SearchOptions unit_options(const ClearanceMap& cm, int k, Connectivity conn) {
  SearchOptions o;
  o.connectivity = conn;
  o.unit_size = k;
  o.clearance = &cm;
  return o;
}

// Every search against the brute-force body search: A* (optimal cost), greedy best-first (a
// legal path exactly when one exists), JPS and JPS+ (optimal, uniform layers), the bounded
// modes (fewest steps when within 56, uniform layers), the sliced A*, and fields.
TEST(Clearance, EverySearchMatchesTheBruteForceBody) {
  AStar astar;
  GreedyBestFirst greedy;
  Jps jps;
  JpsPlus jps_plus;
  Dijkstra dijkstra;
  DistanceField field;
  std::vector<GridCoord> out;
  std::uint64_t found = 0;
  std::uint64_t queries = 0;
  for (unsigned seed = 1; seed <= 1200; ++seed) {
    std::mt19937 rng(seed * 7u + 1u);
    const int cols = 1 + static_cast<int>(rng() % 18);
    const int rows = 1 + static_cast<int>(rng() % 18);
    const bool weighted = seed % 2 == 0;
    const GridLayer& l = weighted ? kWeighted : kUniform;
    const Grid g = random_map(rng, cols, rows, static_cast<int>(rng() % 30), weighted);
    const ClearanceMap cm(g, l, 3);
    for (int k = 1; k <= 3; ++k) {
      for (int q = 0; q < 3; ++q) {
        const GridCoord from = random_cell(rng, g);
        const GridCoord to = random_cell(rng, g);
        for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
          ++queries;
          const std::vector<std::uint64_t> ref = body_dijkstra(g, l, k, from, conn);
          const std::uint64_t want = ref[static_cast<std::size_t>(to.y * cols + to.x)];
          const SearchOptions o = unit_options(cm, k, conn);
          const std::string ctx = where(seed, k, conn == Connectivity::four ? "four" : "eight");

          const PathResult a = astar.find_path(g, l, from, to, out, o);
          ASSERT_EQ(a.status == SearchStatus::found, want != kInf) << ctx;
          ASSERT_EQ(out.front(), from) << ctx;
          if (want != kInf) {
            ++found;
            ASSERT_EQ(out.back(), to) << ctx;
            ASSERT_EQ(body_path_cost(g, l, k, out, conn), want) << ctx << " A*";
          } else {
            ASSERT_EQ(a.status, SearchStatus::unreachable) << ctx;
          }

          const PathResult gr = greedy.find_path(g, l, from, to, out, o);
          ASSERT_EQ(gr.status == SearchStatus::found, want != kInf) << ctx;
          ASSERT_NE(body_path_cost(g, l, k, out, conn), kInf) << ctx << " greedy";

          // Sliced A*: the same result whatever the budget.
          ASSERT_EQ(astar.start_query(g, l, from, to, o).status == SearchStatus::in_progress, true)
              << ctx;
          while (astar.continue_query(1 + static_cast<int>(rng() % 3)).status ==
                 SearchStatus::in_progress) {
          }
          std::vector<GridCoord> sliced;
          const PathResult s = astar.finish_query(sliced);
          EXPECT_EQ(s.status, a.status) << ctx;
          EXPECT_EQ(s.cost, a.cost) << ctx;
          EXPECT_EQ(s.stats.expanded, a.stats.expanded) << ctx;

          if (conn == Connectivity::eight && !weighted) {
            const PathResult j = jps.find_path(g, l, from, to, out, o);
            ASSERT_EQ(j.status == SearchStatus::found, want != kInf) << ctx;
            if (want != kInf) {
              ASSERT_EQ(body_path_cost(g, l, k, out, conn), want) << ctx << " JPS";
              EXPECT_EQ(j.cost, a.cost) << ctx;
            }
            const PathResult jp = jps_plus.find_path(g, l, from, to, out, o);
            ASSERT_EQ(jp.status == SearchStatus::found, want != kInf) << ctx;
            if (want != kInf) {
              ASSERT_EQ(body_path_cost(g, l, k, out, conn), want) << ctx << " JPS+";
            }
          }

          if (conn == Connectivity::four && !weighted) {
            const std::vector<int> steps = body_bfs4(g, l, k, from);
            const int d = steps[static_cast<std::size_t>(to.y * cols + to.x)];
            const BoundedResult b = astar.build_path(g, l, from, to, cm, k);
            ASSERT_EQ(b.status == SearchStatus::found, d >= 0 && d <= 56) << ctx << " bounded";
            if (b.status == SearchStatus::found) {
              EXPECT_EQ(static_cast<int>(b.path.len()), d) << ctx;
              std::vector<GridCoord> cells{from};
              GridCoord c = from;
              for (int i = 0; i < b.path.len(); ++i) {
                c = c + step_offset(b.path.at(i));
                cells.push_back(c);
              }
              ASSERT_NE(body_path_cost(g, l, k, cells, conn), kInf) << ctx << " bounded path";
            }
            const BoundedResult gb = greedy.build_path(g, l, from, to, cm, k);
            if (gb.status == SearchStatus::found) {
              EXPECT_LE(d, 56) << ctx;
            }
          }

          // A field away from `from` is the brute-force Dijkstra from it, anchor by anchor.
          if (q == 0) {
            FieldOptions fo;
            fo.connectivity = conn;
            fo.direction = FieldDirection::from_sources;
            ASSERT_TRUE(dijkstra.compute(*cm.unit_grid(k), cm.unit_layer(), from, field, fo).ok());
            for (std::size_t i = 0; i < ref.size(); ++i)
              ASSERT_EQ(field.costs_fixed()[i], ref[i]) << ctx << " field cell " << i;
          }
        }
      }
    }
  }
  EXPECT_GT(found, queries / 4);
}

TEST(Clearance, UnitSizeOneIsThePlainSearch) {
  std::mt19937 rng(5);
  const Grid g = random_map(rng, 40, 30, 20, true);
  const ClearanceMap cm(g, kWeighted, 2);
  AStar astar;
  std::vector<GridCoord> plain;
  std::vector<GridCoord> unit;
  for (int q = 0; q < 50; ++q) {
    const GridCoord from = random_cell(rng, g);
    const GridCoord to = random_cell(rng, g);
    const PathResult a = astar.find_path(g, kWeighted, from, to, plain);
    const PathResult b =
        astar.find_path(g, kWeighted, from, to, unit, unit_options(cm, 1, Connectivity::eight));
    EXPECT_EQ(a.status, b.status);
    EXPECT_EQ(a.cost, b.cost);
    EXPECT_EQ(a.stats.expanded, b.stats.expanded);
    EXPECT_EQ(plain, unit);
  }
}

TEST(Clearance, ExactPathOfATwoByTwoUnitAroundAPillar) {
  // A 2 x 2 unit from (0, 2) to (5, 2) on an 8 x 6 map with a wall column at x = 3, rows 0..3:
  // it goes below the wall (rows 4..5 are its only way), 8-connected.
  Grid g(8, 6);
  for (int y = 0; y <= 3; ++y) g.set_blocked({3, y}, true);
  const GridLayer l;
  const ClearanceMap cm(g, l, 2);
  AStar astar;
  std::vector<GridCoord> out;
  const PathResult r =
      astar.find_path(g, l, {0, 2}, {5, 2}, out, unit_options(cm, 2, Connectivity::eight));
  ASSERT_EQ(r.status, SearchStatus::found);
  // Diagonally down (the corner rule keeps it from cutting under the wall at once), down, right
  // three times under the wall, diagonally up, up: 5 straight and 2 diagonal moves.
  EXPECT_EQ(body_path_cost(g, l, 2, out, Connectivity::eight), 2 * D + 5 * S);
  EXPECT_EQ(body_dijkstra(g, l, 2, {0, 2}, Connectivity::eight)[2 * 8 + 5], 2 * D + 5 * S);
  EXPECT_DOUBLE_EQ(r.cost, 5 + 2 * std::sqrt(2.0));
  EXPECT_EQ(r.moves, 7u);
  for (const GridCoord c : out) EXPECT_TRUE(cm.fits(c, 2)) << c.x << "," << c.y;
  // A 3 x 3 unit cannot pass: rows 4..5 are only two high.
  const ClearanceMap cm3(g, l, 3);
  EXPECT_EQ(
      astar.find_path(g, l, {0, 1}, {5, 1}, out, unit_options(cm3, 3, Connectivity::eight)).status,
      SearchStatus::unreachable);
}

TEST(Clearance, RefusalsLeaveOutUnchanged) {
  Grid g(12, 12);
  const GridLayer l;
  const ClearanceMap cm(g, l, 2);
  AStar astar;
  Jps jps;
  GreedyBestFirst greedy;
  const std::vector<GridCoord> before{{7, 7}};
  std::vector<GridCoord> out = before;
  SearchOptions o = unit_options(cm, 3, Connectivity::eight);  // above max_unit_size
  EXPECT_EQ(astar.find_path(g, l, {0, 0}, {5, 5}, out, o).status, SearchStatus::invalid_argument);
  EXPECT_EQ(jps.find_path(g, l, {0, 0}, {5, 5}, out, o).status, SearchStatus::invalid_argument);
  EXPECT_EQ(greedy.find_path(g, l, {0, 0}, {5, 5}, out, o).status, SearchStatus::invalid_argument);
  o.unit_size = 0;
  EXPECT_EQ(astar.find_path(g, l, {0, 0}, {5, 5}, out, o).status, SearchStatus::invalid_argument);
  o.unit_size = 2;
  o.clearance = nullptr;
  EXPECT_EQ(astar.find_path(g, l, {0, 0}, {5, 5}, out, o).status, SearchStatus::invalid_argument);
  o.clearance = &cm;
  EXPECT_EQ(astar.find_path(g, GridLayer::uniform(2), {0, 0}, {5, 5}, out, o).status,
            SearchStatus::stale);  // built for another layer
  g.set_blocked({3, 3}, true);     // the map is not synced: stale, never a path through the wall
  const PathResult r = astar.find_path(g, l, {0, 0}, {5, 5}, out, o);
  EXPECT_EQ(r.status, SearchStatus::stale);
  EXPECT_EQ(r.finish, (GridCoord{0, 0}));
  EXPECT_EQ(jps.find_path(g, l, {0, 0}, {5, 5}, out, o).status, SearchStatus::stale);
  EXPECT_EQ(greedy.find_path(g, l, {0, 0}, {5, 5}, out, o).status, SearchStatus::stale);
  EXPECT_EQ(astar.start_query(g, l, {0, 0}, {5, 5}, o).status, SearchStatus::stale);
  EXPECT_EQ(astar.build_path(g, l, {0, 0}, {5, 5}, cm, 2).status, SearchStatus::stale);
  EXPECT_EQ(greedy.build_path(g, l, {0, 0}, {5, 5}, cm, 2).status, SearchStatus::stale);
  EXPECT_EQ(astar.build_path(g, l, {0, 0}, {5, 5}, cm, 9).status, SearchStatus::invalid_argument);
  EXPECT_EQ(out, before);
}

TEST(Clearance, SlicedQueryTurnsStaleWhenTheGridChanges) {
  Grid g(40, 40);
  const GridLayer l;
  ClearanceMap cm(g, l, 3);
  const SearchOptions o = unit_options(cm, 3, Connectivity::eight);
  AStar astar;
  Jps jps;
  ASSERT_EQ(astar.start_query(g, l, {0, 0}, {36, 36}, o).status, SearchStatus::in_progress);
  ASSERT_EQ(jps.start_query(g, l, {0, 0}, {36, 36}, o).status, SearchStatus::in_progress);
  ASSERT_EQ(astar.continue_query(5).status, SearchStatus::in_progress);
  ASSERT_EQ(jps.continue_query(1).status, SearchStatus::in_progress);
  g.set_blocked({20, 20}, true);  // the original grid changes; the unit grids not yet
  EXPECT_EQ(astar.continue_query(5).status, SearchStatus::stale);
  EXPECT_EQ(jps.continue_query(5).status, SearchStatus::stale);
  cm.sync(g, l);
  // Started again after the sync: found, and equal to find_path.
  ASSERT_EQ(jps.start_query(g, l, {0, 0}, {36, 36}, o).status, SearchStatus::in_progress);
  std::vector<GridCoord> a;
  std::vector<GridCoord> b;
  const PathResult s = jps.finish_query(a);
  const PathResult f = jps.find_path(g, l, {0, 0}, {36, 36}, b, o);
  EXPECT_EQ(s.status, SearchStatus::found);
  EXPECT_EQ(s.cost, f.cost);
  EXPECT_EQ(a, b);
}

TEST(Clearance, CallerOwnedJumpMapsAndRegionsOnTheUnitGrid) {
  std::mt19937 rng(11);
  Grid g = random_map(rng, 48, 48, 15, false);
  const GridLayer l = GridLayer::uniform(2);
  ClearanceMap cm(g, l, 2);
  const Grid& u = *cm.unit_grid(2);
  JpsMap jm(u, cm.unit_layer());
  JpsPlusMap jpm(u, cm.unit_layer());
  RegionMap regions(u, cm.unit_layer());
  Jps jps;
  JpsPlus jps_plus;
  AStar astar;
  std::vector<GridCoord> out;
  for (int round = 0; round < 20; ++round) {
    for (int e = 0; e < 3; ++e) {
      const GridCoord c = random_cell(rng, g);
      g.set_blocked(c, !g.is_blocked(c));
    }
    SearchOptions o = unit_options(cm, 2, Connectivity::eight);
    EXPECT_EQ(jps.find_path(g, jm, {0, 0}, {40, 40}, out, o).status, SearchStatus::stale);
    cm.sync(g, l);
    EXPECT_EQ(jps.find_path(g, jm, {0, 0}, {40, 40}, out, o).status, SearchStatus::stale);
    jm.sync(u, cm.unit_layer());
    jpm.sync(u, cm.unit_layer());
    regions.sync(u, cm.unit_layer());
    for (int q = 0; q < 10; ++q) {
      const GridCoord from = random_cell(rng, g);
      const GridCoord to = random_cell(rng, g);
      const std::vector<std::uint64_t> ref = body_dijkstra(g, l, 2, from, Connectivity::eight);
      const std::uint64_t want = ref[static_cast<std::size_t>(to.y * g.cols() + to.x)];
      o.regions = nullptr;
      const PathResult a = jps.find_path(g, jm, from, to, out, o);
      ASSERT_EQ(a.status == SearchStatus::found, want != kInf);
      if (want != kInf) {
        ASSERT_EQ(body_path_cost(g, l, 2, out, Connectivity::eight), want);
      }
      const PathResult b = jps_plus.find_path(g, jpm, from, to, out, o);
      EXPECT_EQ(b.status, a.status);
      o.regions = &regions;
      const PathResult c = astar.find_path(g, l, from, to, out, o);
      EXPECT_EQ(c.status, a.status);
      if (want != kInf) {  // (partial paths differ: each search ends at its own closest cell)
        EXPECT_EQ(b.cost, a.cost);
        EXPECT_EQ(c.cost, a.cost);
      } else {
        EXPECT_EQ(c.stats.expanded, 0u);  // the region map answers at once
        EXPECT_EQ(out, std::vector<GridCoord>{from});
      }
    }
  }
}

// Incremental fields for every unit size (issue #16 item 2): FieldRepair on the unit grid after
// clearance syncs equals a rebuild, cell by cell.
TEST(Clearance, FieldRepairOnUnitGridsMatchesRebuild) {
  FieldRepair repair;
  repair.set_rebuild_fraction(std::numeric_limits<double>::infinity());
  for (unsigned seed = 1; seed <= 60; ++seed) {
    std::mt19937 rng(seed * 101u);
    const bool weighted = seed % 2 == 0;
    const GridLayer& l = weighted ? kWeighted : kUniform;
    Grid g = random_map(rng, 8 + static_cast<int>(rng() % 14), 8 + static_cast<int>(rng() % 14), 12,
                        weighted);
    const int k = 2 + static_cast<int>(seed % 2);
    ClearanceMap cm(g, l, k);
    const Grid& u = *cm.unit_grid(k);
    const GridLayer& ul = cm.unit_layer();
    FieldOptions fo;
    fo.connectivity = seed % 3 == 0 ? Connectivity::four : Connectivity::eight;
    const std::vector<FieldSource> sources{{random_cell(rng, g), 0}};
    Dijkstra dijkstra;
    DistanceField field;
    ASSERT_TRUE(dijkstra.compute(u, ul, sources, field, fo).ok());
    FlowField flow;
    ASSERT_EQ(flow.build(u, ul, field), SearchStatus::found);
    for (int batch = 0; batch < 20; ++batch) {
      const int edits = 1 + static_cast<int>(rng() % 3);
      for (int e = 0; e < edits; ++e) {
        const GridCoord c = random_cell(rng, g);
        if (rng() % 2 == 0) {
          g.set_blocked(c, !g.is_blocked(c));
        } else {
          g.set_tile(c, static_cast<std::uint8_t>(rng() % 3));
        }
      }
      cm.sync(g, l);
      const FieldRepairStats st = repair.repair(u, ul, field, &flow);
      ASSERT_TRUE(st.ok()) << where(seed, k, "repair");
      DistanceField fresh;
      ASSERT_TRUE(dijkstra.compute(u, ul, sources, fresh, fo).ok());
      for (std::size_t i = 0; i < fresh.costs_fixed().size(); ++i)
        ASSERT_EQ(field.costs_fixed()[i], fresh.costs_fixed()[i]) << where(seed, k, "cell");
      FlowField fresh_flow;
      ASSERT_EQ(fresh_flow.build(u, ul, fresh), SearchStatus::found);
      ASSERT_TRUE(std::equal(flow.directions().begin(), flow.directions().end(),
                             fresh_flow.directions().begin()))
          << where(seed, k, "flow");
    }
  }
}

TEST(Clearance, WarmQueriesAndSmallSyncsAllocateNothing) {
  std::mt19937 rng(3);
  Grid g = random_map(rng, 64, 64, 10, true);
  ClearanceMap cm(g, kWeighted, 3);
  AStar astar(64, 64);
  GreedyBestFirst greedy;
  greedy.reserve(64, 64);
  std::vector<GridCoord> out;
  out.reserve(64 * 64);
  const SearchOptions o = unit_options(cm, 3, Connectivity::eight);
  astar.find_path(g, kWeighted, {0, 0}, {60, 60}, out, o);  // warm up
  greedy.find_path(g, kWeighted, {0, 0}, {60, 60}, out, o);
  astar.build_path(g, kWeighted, {0, 0}, {20, 20}, cm, 2);
  const test::AllocationScope scope;
  for (int q = 0; q < 20; ++q) {
    g.set_blocked(random_cell(rng, g), q % 2 == 0);
    cm.sync(g, kWeighted);
    astar.find_path(g, kWeighted, random_cell(rng, g), random_cell(rng, g), out, o);
    greedy.find_path(g, kWeighted, random_cell(rng, g), random_cell(rng, g), out, o);
    astar.build_path(g, kWeighted, random_cell(rng, g), random_cell(rng, g), cm, 2);
  }
  EXPECT_EQ(scope.count(), 0u);
}

}  // namespace clearance_test
}  // namespace
}  // namespace pathing
