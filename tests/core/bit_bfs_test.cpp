// The bit-parallel BFS behind the bounded searches (detail/bit_bfs.hpp): its cell classifier, its
// answers against the cell-by-cell searches, its tie rule, every vector width, no allocation.
#include "pathing/search/bit_bfs/bit_bfs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "pathing/detail/test_access.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "support/alloc_counter.hpp"
#include "support/reference.hpp"
#include "support/search_checks.hpp"

namespace pathing {
namespace {

using test::cells_of;

TEST(NibbleClassifier, MatchesTheSetOnEveryValueSet) {
  std::mt19937_64 rng(7);
  // One word holding the 16 values in order, and random words.
  std::vector<std::uint64_t> words{0xFEDCBA9876543210ull};
  for (int i = 0; i < 3; ++i) words.push_back(rng());
  for (unsigned set = 0; set < 0x10000; ++set) {
    const detail::NibbleClassifier classify(static_cast<std::uint16_t>(set));
    for (const std::uint64_t w : words) {
      std::uint32_t want = 0;
      for (unsigned i = 0; i < 16; ++i) {
        const unsigned value = static_cast<unsigned>(w >> (4 * i)) & 0xFu;
        want |= ((set >> value) & 1u) << i;
      }
      ASSERT_EQ(classify(w), want) << "set " << set << " word " << w;
    }
  }
}

TEST(BitBfsLayers, PassableValuesAndUniformCost) {
  EXPECT_EQ(GridLayer{1}.passable_mask(), 0x0001);
  EXPECT_EQ(GridLayer::uniform(3).passable_mask(), 0x00FF);
  EXPECT_EQ(GridLayer::uniform(3, 3).passable_mask(), 0xFFFF);
  EXPECT_EQ(GridLayer({0, 2, 0, 2}, 2).passable_mask(), 0xFF0A);
  EXPECT_EQ(GridLayer{1}.uniform_cost(), 1);
  EXPECT_EQ(GridLayer({0, 2, 0, 2}, 2).uniform_cost(), 2);
  EXPECT_EQ(GridLayer({1, 2}).uniform_cost(), 0);
  EXPECT_EQ(GridLayer::uniform(4, 1).uniform_cost(), 0);
  EXPECT_EQ(GridLayer({0, 0}).uniform_cost(), 0);
}

// The tie rule on an open map: walking back from the goal the first step is the first move in
// Direction order that keeps the path shortest (right), then it repeats while it can.
TEST(BitBfsTies, WalkBackRepeatsTheStepElseTakesDirectionOrder) {
  const Grid g(8, 8);
  AStar a;
  BoundedResult r = a.build_path(g, GridLayer{1}, {0, 0}, {2, 2});
  EXPECT_EQ(r.path.to_string(), "{down,down,right,right}");
  r = a.build_path(g, GridLayer{1}, {3, 3}, {1, 0});
  EXPECT_EQ(r.path.to_string(), "{up,up,up,left,left}");
  // Around a wall (stage 2, the 56-step box): x = 2 blocked on rows 0..3. Back from the goal
  // (4, 0): right (from (3, 0)) comes before up; right cannot repeat (the wall), so up, up, up,
  // up, then right three times and down four times.
  Grid w(6, 6);
  for (int y = 0; y < 4; ++y) w.set_blocked({2, y}, true);
  r = a.build_path(w, GridLayer{1}, {0, 0}, {4, 0});
  EXPECT_EQ(r.path.to_string(), "{down,down,down,down,right,right,right,up,up,up,up,right}");
  EXPECT_EQ(r.cost, 12);
  EXPECT_FALSE(r.partial());
  // The work: cells nearer than the goal's layer expanded, every cell reached generated.
  EXPECT_GT(r.stats.generated, r.stats.expanded);
  GreedyBestFirst greedy;
  EXPECT_EQ(greedy.build_path(w, GridLayer{1}, {0, 0}, {4, 0}).path, r.path);
}

// The tie rule written out cell by cell, from textbook Dijkstra distances: walking back from the
// goal, a predecessor is a neighbour one step nearer the start; repeat the step after when it has
// one, else take the first of right, down, left, up. The bounded searches' paths (built a
// straight run at a time) must equal it exactly.
GridPath rule_path(const Grid& g, const GridLayer& layer, GridCoord from, GridCoord to) {
  const auto dist = test::reference_dijkstra(g, layer, from, Connectivity::four);
  const auto at = [&](GridCoord c) {
    return dist[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(g.cols()) +
                static_cast<std::size_t>(c.x)];
  };
  const std::uint64_t unit = layer.uniform_cost() * cost::kStraight;
  GridPath path;
  GridCoord c = to;
  int after = 4;
  while (c != from) {
    int take = -1;
    for (int d = 0; d < 4; ++d) {
      const GridCoord p = c - step_offset(static_cast<Direction>(d));
      if (!g.in_bounds(p) || at(p) == cost::kInfinite || at(p) + unit != at(c)) continue;
      if (take < 0 || d == after) take = d;
    }
    if (take < 0) return GridPath{};  // no predecessor: not a shortest-path tree (a bug)
    path.push_front(static_cast<Direction>(take));
    c = c - step_offset(static_cast<Direction>(take));
    after = take;
  }
  return path;
}

struct BfsCase {
  Grid grid;
  GridLayer layer;
  GridCoord from;
  GridCoord to;
};

// Random maps: sizes 1x1 to 90x70 (wider and narrower than the 57-cell box, 32-byte reads near
// the end of the grid's buffer), 0-50% walls, tags 0..7 with the blocked bit, layers of every
// classifier kind (tag 0 only, unblocked, all, a value list) and mixed costs, goals up to 64
// steps away (beyond the 56-step limit too).
std::vector<BfsCase> random_cases(int n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  const GridLayer layers[] = {GridLayer{1},
                              GridLayer::uniform(1),
                              GridLayer::uniform(3, 3),
                              GridLayer({0, 2, 0, 2, 2, 0, 0, 2}, 0),
                              GridLayer({1, 1, 1, 1, 1, 1, 1, 0}, 1),
                              GridLayer({1, 3, 1})};
  std::vector<BfsCase> cases;
  for (int i = 0; i < n; ++i) {
    const int cols = 1 + static_cast<int>(rng() % 90);
    const int rows = 1 + static_cast<int>(rng() % 70);
    Grid g(cols, rows);
    const unsigned density = rng() % 51;
    for (int y = 0; y < rows; ++y) {
      for (int x = 0; x < cols; ++x) {
        g.set_tile({x, y}, static_cast<std::uint8_t>(rng() % 8 < 5 ? 0 : rng() % 8));
        if (rng() % 100 < density) g.set_blocked({x, y}, true);
      }
    }
    const GridCoord from{static_cast<int>(rng() % cols), static_cast<int>(rng() % rows)};
    const int reach = 1 + static_cast<int>(rng() % 64);
    const GridCoord to{from.x + static_cast<int>(rng() % (2 * reach + 1)) - reach,
                       from.y + static_cast<int>(rng() % (2 * reach + 1)) - reach};
    cases.push_back({std::move(g), layers[rng() % std::size(layers)], from, to});
  }
  return cases;
}

// The bit-parallel answers equal the cell-by-cell A*'s in cost and length and are valid paths;
// where it does not answer the result is the cell-by-cell search's, field for field.
TEST(BitBfsDifferential, MatchesCellByCellAStarAndGreedy) {
  AStar bit;
  AStar cell;
  cell.set_bit_parallel(false);
  GreedyBestFirst greedy_bit;
  GreedyBestFirst greedy_cell;
  greedy_cell.set_bit_parallel(false);
  int answered = 0;
  int longer_than_greedy = 0;
  for (const BfsCase& c : random_cases(3000, 11)) {
    const BoundedResult want = cell.build_path(c.grid, c.layer, c.from, c.to);
    const BoundedResult got = bit.build_path(c.grid, c.layer, c.from, c.to);
    ASSERT_EQ(got.status, want.status);
    ASSERT_EQ(got.cost, want.cost);
    ASSERT_EQ(got.path.len(), want.path.len());
    ASSERT_EQ(got.finish, want.finish);
    const bool uniform = c.layer.uniform_cost() != 0;
    if (want.status == SearchStatus::found && uniform && c.from != c.to) {
      ++answered;
      const auto cells = cells_of(c.from, got.path);
      ASSERT_EQ(test::validate_path(c.grid, c.layer, Connectivity::four, c.from, cells), "");
      ASSERT_EQ(cells.back(), c.to);
      ASSERT_GT(got.stats.generated, 0u);
    } else {
      ASSERT_EQ(got.path, want.path);
      ASSERT_EQ(got.stats.expanded, want.stats.expanded);
      ASSERT_EQ(got.stats.generated, want.stats.generated);
    }
    // GreedyBestFirst (costs do not matter to it): the BFS's shortest path whenever one of at most
    // 56 steps exists, else the greedy search's own result, field for field.
    detail::BitBfs bfs;
    GridPath shortest;
    SearchStats st;
    const int steps = c.grid.in_bounds(c.to) && c.from != c.to
                          ? bfs.find(c.grid, c.from, c.to, c.layer.passable_mask(), shortest, st)
                          : -1;
    if (want.status == SearchStatus::found && uniform && c.from != c.to) {
      ASSERT_EQ(steps, want.path.len());
    }
    const BoundedResult gw = greedy_cell.build_path(c.grid, c.layer, c.from, c.to);
    const BoundedResult gg = greedy_bit.build_path(c.grid, c.layer, c.from, c.to);
    if (steps >= 0) {
      ASSERT_EQ(gg.status, SearchStatus::found);
      ASSERT_EQ(gg.path, shortest);
      ASSERT_EQ(gg.moves, static_cast<std::uint32_t>(steps));
      ASSERT_EQ(gg.cost, detail::bounded_path_cost(c.grid, c.layer, c.from, gg.path));
      if (gw.status != SearchStatus::found || gw.path.len() > steps) ++longer_than_greedy;
    } else {
      ASSERT_EQ(gg.status, gw.status);
      ASSERT_EQ(gg.path, gw.path);
      ASSERT_EQ(gg.finish, gw.finish);
      ASSERT_EQ(gg.stats.expanded, gw.stats.expanded);
    }
  }
  EXPECT_GE(answered, 400);
  EXPECT_GE(longer_than_greedy, 20);  // queries where the greedy path was longer or missing
}

// Random maps (both stages: the monotone sweep and the layered search) and open maps (long
// straight runs): the bounded AStar and GreedyBestFirst paths equal the cell-by-cell tie rule.
void check_tie_rule(int level) {
  AStar a;
  GreedyBestFirst greedy;
  ASSERT_EQ(detail::TestAccess::limit_simd(a, level), level);
  ASSERT_EQ(detail::TestAccess::limit_simd(greedy, level), level);
  int checked = 0;
  int long_runs = 0;  // paths with a straight run of 20 steps or more
  auto check = [&](const Grid& g, const GridLayer& layer, GridCoord from, GridCoord to) {
    const BoundedResult r = a.build_path(g, layer, from, to);
    if (r.status != SearchStatus::found || from == to) return;
    const GridPath want = rule_path(g, layer, from, to);
    ASSERT_EQ(r.path.to_string(), want.to_string())
        << "from " << from.x << "," << from.y << " to " << to.x << "," << to.y;
    ASSERT_EQ(greedy.build_path(g, layer, from, to).path, want);
    ++checked;
    int run = 1;
    for (int i = 1; i < want.len(); ++i) {
      run = want.at(i) == want.at(i - 1) ? run + 1 : 1;
      if (run == 20) ++long_runs;
    }
  };
  for (const BfsCase& c : random_cases(2000, 31)) {
    if (c.layer.uniform_cost() == 0 || !c.grid.in_bounds(c.to)) continue;
    check(c.grid, c.layer, c.from, c.to);
  }
  const Grid open(60, 60);
  std::mt19937 rng(5);
  for (int i = 0; i < 300; ++i) {
    const GridCoord from{static_cast<int>(rng() % 60), static_cast<int>(rng() % 60)};
    const GridCoord to{static_cast<int>(rng() % 60), static_cast<int>(rng() % 60)};
    check(open, GridLayer{1}, from, to);
  }
  EXPECT_GE(checked, 500);
  EXPECT_GE(long_runs, 50);
}

TEST(BitBfsTies, EqualTheCellByCellRuleOnRandomAndOpenMaps) {
  // At every vector level the machine has: each has its own layer loop (and AVX2 its own row
  // layout, interleaved).
  const int top = detail::BitBfs{}.simd_level();
  for (int level = 0; level <= top; ++level) {
    SCOPED_TRACE("vector level " + std::to_string(level));
    check_tie_rule(level);
  }
}

// The tallest box, 57 rows (8 vectors of 8 rows interleaved with AVX-512, rows in order with AVX2
// past 48 rows), and the boxes of 1 to 56 rows around it, at every vector level: a wall between
// the start and the goal, two rows apart, makes the path go round it (stage 2).
TEST(BitBfsTies, TallestBoxesAtEveryLevel) {
  const int top = detail::BitBfs{}.simd_level();
  for (int level = 0; level <= top; ++level) {
    SCOPED_TRACE("vector level " + std::to_string(level));
    AStar a;
    ASSERT_EQ(detail::TestAccess::limit_simd(a, level), level);
    // 60 x 80: start (30, 40), goal (30, 42), the wall on row 41 from x = 10 to 50: 21 steps
    // sideways, 2 down, 21 back. dist 2, so the box is rows 13 .. 69 (57 rows).
    Grid g(60, 80);
    for (int x = 10; x <= 50; ++x) g.set_blocked({x, 41}, true);
    BoundedResult r = a.build_path(g, GridLayer{1}, {30, 40}, {30, 42});
    ASSERT_EQ(r.status, SearchStatus::found);
    EXPECT_EQ(r.moves, 44u);
    EXPECT_EQ(r.cost, 44);
    EXPECT_EQ(r.path.to_string(), rule_path(g, GridLayer{1}, {30, 40}, {30, 42}).to_string());
    // Every box height: the grid cut to `rows` rows (the box clipped by its bottom edge).
    for (int rows = 43; rows <= 80; ++rows) {
      Grid cut(60, rows);
      for (int x = 10; x <= 50; ++x) cut.set_blocked({x, 41}, true);
      r = a.build_path(cut, GridLayer{1}, {30, 40}, {30, 42});
      ASSERT_EQ(r.status, SearchStatus::found) << rows;
      ASSERT_EQ(r.path.to_string(), rule_path(cut, GridLayer{1}, {30, 40}, {30, 42}).to_string())
          << rows;
    }
  }
}

// Every vector width gives the same answers (the machine's widest and every narrower one).
TEST(BitBfsDifferential, EveryVectorWidthAgrees) {
  detail::BitBfs widest;
  const int top = widest.simd_level();
  std::vector<detail::BitBfs> by_level(static_cast<std::size_t>(top) + 1);
  for (int l = 0; l <= top; ++l) ASSERT_EQ(by_level[static_cast<std::size_t>(l)].limit_simd(l), l);
  int found = 0;
  for (const BfsCase& c : random_cases(1500, 23)) {
    if (!c.grid.in_bounds(c.to) || c.from == c.to) continue;
    const std::uint16_t set = c.layer.passable_mask();
    GridPath first;
    int first_steps = -2;
    for (auto& bfs : by_level) {
      GridPath p;
      SearchStats st;
      const int steps = bfs.find(c.grid, c.from, c.to, set, p, st);
      if (first_steps == -2) {
        first_steps = steps;
        first = p;
      } else {
        ASSERT_EQ(steps, first_steps);
        ASSERT_EQ(p, first);
      }
    }
    if (first_steps >= 0) ++found;
  }
  EXPECT_GE(found, 240);
  std::printf("[   INFO   ] vector levels tested: 0..%d\n", top);
}

// The work counted by stage 2 (the layered BFS), at every vector level, against a textbook
// queue BFS confined to the same box (the bounding box of start and goal widened by
// ((56 - d) & ~1) / 2 cells each side, d their Manhattan distance, clipped to the grid; the
// start's own value ignored): `expanded` = the cells nearer than the goal, `generated` = the
// cells at most as far, each after stage 1's count (the cells it reached, all expanded).
TEST(BitBfsStats, StageTwoCountsEqualAQueueBfsInTheBox) {
  const int top = detail::BitBfs{}.simd_level();
  std::vector<detail::BitBfs> by_level(static_cast<std::size_t>(top) + 1);
  for (int l = 0; l <= top; ++l) ASSERT_EQ(by_level[static_cast<std::size_t>(l)].limit_simd(l), l);
  int checked = 0;
  for (const BfsCase& c : random_cases(9000, 41)) {
    if (!c.grid.in_bounds(c.to) || c.from == c.to) continue;
    const int dist = std::abs(c.to.x - c.from.x) + std::abs(c.to.y - c.from.y);
    if (dist > GridPath::kMaxSteps) continue;
    const int half = ((GridPath::kMaxSteps - dist) & ~1) / 2;
    const int x0 = std::max(std::min(c.from.x, c.to.x) - half, 0);
    const int x1 = std::min(std::max(c.from.x, c.to.x) + half, c.grid.cols() - 1);
    const int y0 = std::max(std::min(c.from.y, c.to.y) - half, 0);
    const int y1 = std::min(std::max(c.from.y, c.to.y) + half, c.grid.rows() - 1);
    const std::uint16_t set = c.layer.passable_mask();
    const int w = x1 - x0 + 1;
    std::vector<int> d(static_cast<std::size_t>(w * (y1 - y0 + 1)), -1);
    const auto at = [&](GridCoord p) -> int& {
      return d[static_cast<std::size_t>((p.y - y0) * w + (p.x - x0))];
    };
    std::vector<GridCoord> queue{c.from};
    at(c.from) = 0;
    for (std::size_t i = 0; i < queue.size(); ++i) {
      for (int dir = 0; dir < 4; ++dir) {
        const GridCoord n = queue[i] + step_offset(static_cast<Direction>(dir));
        if (n.x < x0 || n.x > x1 || n.y < y0 || n.y > y1 || at(n) >= 0) continue;
        if (((set >> c.grid.cell(n)) & 1u) == 0) continue;
        at(n) = at(queue[i]) + 1;
        queue.push_back(n);
      }
    }
    const int want_steps = at(c.to) <= GridPath::kMaxSteps ? at(c.to) : -1;
    // Stage 1's work comes first: the cells reachable from the start by moves toward the goal
    // only, in the bounding box of the two (every one counted as expanded when it fails).
    const int sx = c.to.x >= c.from.x ? 1 : -1;
    const int sy = c.to.y >= c.from.y ? 1 : -1;
    std::vector<char> mono(d.size(), 0);
    std::uint64_t monotone = 0;
    for (int y = c.from.y;; y += sy) {
      for (int x = c.from.x;; x += sx) {
        const GridCoord p{x, y};
        const bool seed = p == c.from;
        const bool from_side =
            x != c.from.x && mono[static_cast<std::size_t>((y - y0) * w + (x - sx - x0))] != 0;
        const bool from_row =
            y != c.from.y && mono[static_cast<std::size_t>((y - sy - y0) * w + (x - x0))] != 0;
        if (seed || ((from_side || from_row) && ((set >> c.grid.cell(p)) & 1u) != 0)) {
          mono[static_cast<std::size_t>((y - y0) * w + (x - x0))] = 1;
          ++monotone;
        }
        if (x == c.to.x) break;
      }
      if (y == c.to.y) break;
    }
    std::uint64_t nearer = monotone;
    std::uint64_t as_far = monotone;
    for (const int v : d) {
      nearer += v >= 0 && v < want_steps ? 1u : 0u;
      as_far += v >= 0 && v <= want_steps ? 1u : 0u;
    }
    for (auto& bfs : by_level) {
      GridPath p;
      SearchStats st;
      const int steps = bfs.find(c.grid, c.from, c.to, set, p, st);
      ASSERT_EQ(steps, want_steps);
      if (steps <= dist) continue;  // none, or stage 1 (the monotone sweep) answered
      ASSERT_EQ(st.expanded, nearer) << "level " << bfs.simd_level();
      ASSERT_EQ(st.generated, as_far) << "level " << bfs.simd_level();
      ++checked;
    }
  }
  EXPECT_GE(checked, 150 * (top + 1));  // about 200 a level
}

TEST(BitBfsAllocation, WarmBoundedQueriesAllocateNothing) {
  AStar a(64, 64);
  GreedyBestFirst g(64, 64);
  const auto cases = random_cases(200, 5);
  for (const BfsCase& c : cases) {  // warm-up: the bounded window of the fallback search
    (void)a.build_path(c.grid, c.layer, c.from, c.to);
    (void)g.build_path(c.grid, c.layer, c.from, c.to);
  }
  test::AllocationScope scope;
  for (const BfsCase& c : cases) {
    (void)a.build_path(c.grid, c.layer, c.from, c.to);
    (void)g.build_path(c.grid, c.layer, c.from, c.to);
  }
  EXPECT_EQ(scope.count(), 0u);
}

}  // namespace
}  // namespace pathing
