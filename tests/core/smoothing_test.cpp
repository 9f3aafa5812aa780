#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <vector>

#include "pathing/agent/path_convert.hpp"
#include "pathing/agent/smoothing.hpp"
#include "pathing/detail/compiler.hpp"
#include "pathing/search/astar.hpp"
#include "support/alloc_counter.hpp"
#include "support/graph_test_maps.hpp"

namespace pathing {
namespace {

using D = Direction;
using D8 = Direction8;

std::vector<D8> walk_all(DiagonalWalker w) {
  std::vector<D8> moves;
  while (const std::optional<D8> m = w.next()) moves.push_back(*m);
  EXPECT_FALSE(w.has_next());
  EXPECT_FALSE(w.next().has_value());
  return moves;
}

// --- diagonal shortcut -------------------------------------------------------------------------

TEST(DiagonalWalker, LTurnWithBothSidesFreeBecomesOneDiagonal) {
  const Grid grid(4, 4);
  const GridLayer layer;
  const GridPath path{D::right, D::down};
  DiagonalWalker w(grid, layer, {0, 0}, path);
  EXPECT_EQ(w.next(), D8::down_right);
  EXPECT_EQ(w.position(), (GridCoord{1, 1}));
  EXPECT_FALSE(w.has_next());
  EXPECT_EQ(path, (GridPath{D::right, D::down}));  // the encoding is untouched
}

TEST(DiagonalWalker, BlockedSideKeepsTheLTurn) {
  Grid grid(4, 4);
  grid.set_blocked({0, 1}, true);  // the cell beside the diagonal, off the path
  const GridLayer layer;
  EXPECT_EQ(walk_all(DiagonalWalker(grid, layer, {0, 0}, GridPath{D::right, D::down})),
            (std::vector<D8>{D8::right, D8::down}));
  // A layer that can walk blocked cells sees both sides free again.
  EXPECT_EQ(
      walk_all(DiagonalWalker(grid, GridLayer::uniform(1, 1), {0, 0}, GridPath{D::right, D::down})),
      (std::vector<D8>{D8::down_right}));
}

TEST(DiagonalWalker, StaircaseStraightAndReverseSteps) {
  const Grid grid(8, 8);
  const GridLayer layer;
  // Staircase of 5: two diagonals and the odd step left over.
  EXPECT_EQ(walk_all(DiagonalWalker(grid, layer, {0, 0},
                                    GridPath{D::right, D::down, D::right, D::down, D::right})),
            (std::vector<D8>{D8::down_right, D8::down_right, D8::right}));
  // Straight runs and reversals are not L-turns.
  EXPECT_EQ(walk_all(DiagonalWalker(grid, layer, {3, 3}, GridPath{D::right, D::right, D::left})),
            (std::vector<D8>{D8::right, D8::right, D8::left}));
  // All four turn shapes, each with a different diagonal.
  EXPECT_EQ(walk_all(DiagonalWalker(
                grid, layer, {4, 4},
                GridPath{D::up, D::left, D::down, D::left, D::down, D::right, D::up, D::right})),
            (std::vector<D8>{D8::up_left, D8::down_left, D8::down_right, D8::up_right}));
  // Greedy from the start: right, down, right -> diagonal, then the last step.
  EXPECT_EQ(walk_all(DiagonalWalker(grid, layer, {0, 0}, GridPath{D::right, D::down, D::right})),
            (std::vector<D8>{D8::down_right, D8::right}));
  // An empty path has no moves.
  EXPECT_TRUE(walk_all(DiagonalWalker(grid, layer, {0, 0}, GridPath{})).empty());
}

TEST(DiagonalWalker, StartsFromTheFirstStepWhateverTheIterationPosition) {
  const Grid grid(4, 4);
  GridPath path{D::down, D::right, D::right};
  path.skip(2);
  DiagonalWalker w(grid, GridLayer{}, {0, 0}, path);
  EXPECT_EQ(w.remaining_steps(), 3);
  EXPECT_EQ(w.next(), D8::down_right);
  EXPECT_EQ(w.next(), D8::right);
  EXPECT_EQ(w.position(), (GridCoord{2, 1}));
}

TEST(DiagonalWalker, RandomPathsStayValidAndGetShorter) {
  test::SplitMix64 rng(51);
  AStar astar;
  std::vector<GridCoord> cells;
  int walked = 0;
  int diagonals = 0;
  for (int m = 0; m < 8; ++m) {
    const Grid grid = test::random_grid(rng, 60, 60, 25, 3);
    const GridLayer layer = test::random_layer(rng, 4).with_tag_cost(2, 0);
    for (int q = 0; q < 40; ++q) {
      const GridCoord a = test::random_free_cell(rng, grid, layer);
      const GridCoord b{a.x - 20 + rng.below(41), a.y - 20 + rng.below(41)};
      const BoundedResult r = astar.build_path(grid, layer, a, b);
      if (r.path.empty()) continue;
      diagonal_shortcut_cells(grid, layer, a, r.path, cells);
      // A valid 8-connected path (no corner cutting) between the same cells...
      ASSERT_EQ(test::path_fault(grid, layer, cells, a, r.finish, true), "") << m << " " << q;
      // ... with one move fewer per diagonal, and never longer in octile terms.
      int diag = 0;
      for (std::size_t i = 1; i < cells.size(); ++i)
        if (cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y) ++diag;
      EXPECT_EQ(static_cast<int>(cells.size()) - 1 + diag, r.path.len());
      diagonals += diag;
      ++walked;
    }
  }
  EXPECT_GT(walked, 250);
  EXPECT_GT(diagonals, 150);
}

// --- line of sight
// ---------------------------------------------------------------------------------

TEST(LineOfSight, OpenAndBlockedLines) {
  Grid grid(10, 10);
  const GridLayer layer;
  EXPECT_TRUE(line_of_sight(grid, layer, {0, 0}, {9, 9}));
  EXPECT_TRUE(line_of_sight(grid, layer, {0, 5}, {9, 5}));
  EXPECT_TRUE(line_of_sight(grid, layer, {3, 3}, {3, 3}));
  grid.set_blocked({5, 5}, true);
  EXPECT_FALSE(line_of_sight(grid, layer, {0, 5}, {9, 5}));
  EXPECT_FALSE(line_of_sight(grid, layer, {9, 5}, {0, 5}));
  EXPECT_TRUE(line_of_sight(grid, layer, {0, 4}, {9, 4}));
  // Endpoints are not checked: a mover may stand on its own blocked cell.
  EXPECT_TRUE(line_of_sight(grid, layer, {5, 5}, {5, 0}));
  // (0,0)->(5,2): centres (0.5,0.5)->(5.5,2.5) enter (1,0), (1,1), (2,1), (3,1), (4,1), (4,2),
  // (5,2) and pass no corner: the cells around them are not touched.
  Grid g2(6, 3);
  for (const GridCoord c : {GridCoord{2, 0}, GridCoord{0, 1}, GridCoord{3, 2}, GridCoord{5, 1}})
    g2.set_blocked(c, true);
  EXPECT_TRUE(line_of_sight(g2, layer, {0, 0}, {5, 2}));
  EXPECT_TRUE(line_of_sight(g2, layer, {5, 2}, {0, 0}));
  g2.set_blocked({3, 1}, true);
  EXPECT_FALSE(line_of_sight(g2, layer, {0, 0}, {5, 2}));
  // (0,0)->(3,1) passes exactly through the corner (2,1), between (2,0) and (1,1).
  Grid g3(4, 2);
  EXPECT_TRUE(line_of_sight(g3, layer, {0, 0}, {3, 1}));
  g3.set_blocked({1, 1}, true);
  EXPECT_FALSE(line_of_sight(g3, layer, {0, 0}, {3, 1}));
  // Cells off the grid are impassable.
  EXPECT_FALSE(line_of_sight(g2, layer, {4, 0}, {7, 0}));
}

TEST(LineOfSight, ExactCornerNeedsBothSidesFree) {
  // (0,0)->(2,2) passes exactly through the corners (1,1) and (2,2).
  const GridLayer layer;
  for (const GridCoord side :
       {GridCoord{1, 0}, GridCoord{0, 1}, GridCoord{2, 1}, GridCoord{1, 2}}) {
    Grid grid(3, 3);
    grid.set_blocked(side, true);
    EXPECT_FALSE(line_of_sight(grid, layer, {0, 0}, {2, 2})) << side.x << "," << side.y;
    EXPECT_FALSE(line_of_sight(grid, layer, {2, 2}, {0, 0})) << side.x << "," << side.y;
  }
  Grid grid(3, 3);
  grid.set_blocked({2, 0}, true);
  grid.set_blocked({0, 2}, true);
  EXPECT_TRUE(line_of_sight(grid, layer, {0, 0}, {2, 2}));
  // (0,0)->(2,1): centres (0.5,0.5)->(2.5,1.5) cross x = 1 at y = 0.75, y = 1 at x = 1.5 and
  // x = 2 at y = 1.25: no corner; the cells entered are (1,0), (1,1), (2,1) only.
  Grid g3(3, 2);
  g3.set_blocked({0, 1}, true);
  g3.set_blocked({2, 0}, true);
  EXPECT_TRUE(line_of_sight(g3, layer, {0, 0}, {2, 1}));
}

TEST(LineOfSight, AgreesWithBruteForceOnRandomMaps) {
  test::SplitMix64 rng(61);
  int blocked = 0;
  int clear = 0;
  for (int m = 0; m < 10; ++m) {
    const Grid grid = test::random_grid(rng, 30, 30, 5 + 5 * m);
    const GridLayer layer;
    for (int q = 0; q < 300; ++q) {
      const GridCoord a{rng.below(30), rng.below(30)};
      const GridCoord b = q % 3 == 0 ? GridCoord{a.x + rng.below(9) - 4, a.y + rng.below(9) - 4}
                                     : GridCoord{rng.below(30), rng.below(30)};
      if (!grid.in_bounds(b)) continue;
      const bool want = test::segment_clear_brute(grid, layer, a, b);
      ASSERT_EQ(line_of_sight(grid, layer, a, b), want)
          << "(" << a.x << "," << a.y << ")->(" << b.x << "," << b.y << ") map " << m;
      ASSERT_EQ(line_of_sight(grid, layer, b, a), want);
      (want ? clear : blocked) += 1;
    }
  }
  EXPECT_GT(clear, 300);
  EXPECT_GT(blocked, 300);
}

// --- string pulling
// --------------------------------------------------------------------------------

TEST(SmoothPath, LCorridorGivesThreeWaypoints) {
  // A corridor going right along y = 0 then down along x = 9; everything else blocked.
  Grid grid(10, 10);
  for (int y = 1; y < 10; ++y)
    for (int x = 0; x < 9; ++x) grid.set_blocked({x, y}, true);
  const GridLayer layer;
  std::vector<GridCoord> cells;
  AStar astar;
  ASSERT_TRUE(astar.find_path(grid, layer, {0, 0}, {9, 9}, cells, {Connectivity::eight}).found());
  std::vector<GridCoord> way;
  EXPECT_EQ(smooth_path(grid, layer, cells, way), 3u);
  EXPECT_EQ(way, (std::vector<GridCoord>{{0, 0}, {9, 0}, {9, 9}}));
}

TEST(SmoothPath, OpenMapGivesTheEndpoints) {
  const Grid grid(20, 20);
  std::vector<GridCoord> cells;
  AStar astar;
  ASSERT_TRUE(
      astar.find_path(grid, GridLayer{}, {1, 2}, {17, 9}, cells, {Connectivity::four}).found());
  std::vector<GridCoord> way;
  EXPECT_EQ(smooth_path(grid, GridLayer{}, cells, way), 2u);
  EXPECT_EQ(way, (std::vector<GridCoord>{{1, 2}, {17, 9}}));
}

TEST(SmoothPath, EdgeCasesAndAliasing) {
  const Grid grid(4, 4);
  std::vector<GridCoord> way{{3, 3}};
  EXPECT_EQ(smooth_path(grid, GridLayer{}, std::vector<GridCoord>{}, way), 0u);
  EXPECT_TRUE(way.empty());
  EXPECT_EQ(smooth_path(grid, GridLayer{}, std::vector<GridCoord>{{2, 1}}, way), 1u);
  EXPECT_EQ(way, (std::vector<GridCoord>{{2, 1}}));
  std::vector<GridCoord> cells{{0, 0}, {1, 0}};
  EXPECT_EQ(smooth_path(grid, GridLayer{}, cells, way), 2u);
#if PATHING_HAS_EXCEPTIONS
  EXPECT_THROW(smooth_path(grid, GridLayer{}, cells, cells), std::invalid_argument);
#else
  EXPECT_EQ(smooth_path(grid, GridLayer{}, cells, cells), 0u);
#endif
  EXPECT_EQ(cells, (std::vector<GridCoord>{{0, 0}, {1, 0}}));
}

TEST(SmoothPath, RandomMapsEverySegmentIsClear) {
  test::SplitMix64 rng(71);
  AStar astar;
  std::vector<GridCoord> cells;
  std::vector<GridCoord> way;
  std::size_t total_cells = 0;
  std::size_t total_way = 0;
  int paths = 0;
  for (int m = 0; m < 8; ++m) {
    const Grid grid = test::random_grid(rng, 64, 64, 10 + 3 * m);
    const GridLayer layer;
    const Connectivity conn = m % 2 == 0 ? Connectivity::eight : Connectivity::four;
    for (int q = 0; q < 25; ++q) {
      const GridCoord a = test::random_free_cell(rng, grid, layer);
      const GridCoord b = test::random_free_cell(rng, grid, layer);
      const PathResult r = astar.find_path(grid, layer, a, b, cells, {conn});
      if (!r.found()) continue;
      smooth_path(grid, layer, cells, way);
      ASSERT_FALSE(way.empty());
      EXPECT_EQ(way.front(), a);
      EXPECT_EQ(way.back(), b);
      // Waypoints are cells of the path, in order; every segment is clear (brute force).
      std::size_t k = 0;
      double length = 0;
      for (std::size_t i = 0; i < way.size(); ++i) {
        while (k < cells.size() && cells[k] != way[i]) ++k;
        ASSERT_LT(k, cells.size()) << "waypoint " << i << " is not on the path, in order";
        if (i > 0) {
          ASSERT_TRUE(test::segment_clear_brute(grid, layer, way[i - 1], way[i]))
              << "map " << m << " query " << q << " segment " << i;
          length += std::hypot(way[i].x - way[i - 1].x, way[i].y - way[i - 1].y);
        }
      }
      // Straight lines between the path's own cells are never longer than the path.
      EXPECT_LE(length, r.cost + 1e-9);
      total_cells += cells.size();
      total_way += way.size();
      ++paths;
    }
  }
  EXPECT_GT(paths, 150);
  EXPECT_LT(total_way * 3, total_cells);  // far fewer waypoints than cells
}

TEST(SmoothPath, WarmCallsAllocateNothing) {
  test::SplitMix64 rng(81);
  const Grid grid = test::random_grid(rng, 64, 64, 20);
  AStar astar;
  std::vector<GridCoord> cells;
  std::vector<GridCoord> way;
  const GridCoord a = test::random_free_cell(rng, grid, GridLayer{});
  const GridCoord b = test::random_free_cell(rng, grid, GridLayer{});
  ASSERT_TRUE(astar.find_path(grid, GridLayer{}, a, b, cells).found());
  smooth_path(grid, GridLayer{}, cells, way);
  std::vector<GridCoord> walked;
  walked.reserve(64);
  const test::AllocationScope scope;
  for (int i = 0; i < 10; ++i) smooth_path(grid, GridLayer{}, cells, way);
  diagonal_shortcut_cells(grid, GridLayer{}, {0, 0}, GridPath{D::right, D::down}, walked);
  EXPECT_EQ(scope.count(), 0u);
}

}  // namespace
}  // namespace pathing
