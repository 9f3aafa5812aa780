#include "pathing/detail/moves/padded_costs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <vector>

#include "pathing/detail/moves/neighbors.hpp"
#include "support/field_reference.hpp"

namespace pathing {
namespace {

using Move = std::tuple<int, int, std::uint64_t>;  // other cell x, y; step cost

template <Connectivity C, bool Predecessors>
std::vector<Move> padded_moves(const detail::PaddedCosts& pc, const Grid& grid, int x, int y) {
  std::vector<Move> out;
  detail::for_each_move<C, Predecessors>(
      pc.data() + pc.index(x, y), static_cast<std::ptrdiff_t>(pc.stride()), x, y, grid.cols(),
      grid.rows(), [&](Direction8 d, std::uint64_t step) {
        const GridCoord n = GridCoord{x, y} + step_offset(d);
        out.emplace_back(n.x, n.y, step);
      });
  return out;
}

template <Connectivity C>
void check_grid(const Grid& grid, const GridLayer& layer) {
  detail::PaddedCosts pc;
  pc.build(grid, layer, 0, 0, grid.cols() - 1, grid.rows() - 1);
  // The moves out of every cell, by for_each_neighbor; the moves into a cell are derived from them.
  std::vector<std::vector<Move>> into(grid.cell_count());
  for (int y = 0; y < grid.rows(); ++y) {
    for (int x = 0; x < grid.cols(); ++x) {
      std::vector<Move> out;
      detail::for_each_neighbor<C>(
          grid, layer, x, y, [&](int nx, int ny, Direction8, std::uint64_t step) {
            out.emplace_back(nx, ny, step);
            into[static_cast<std::size_t>(ny * grid.cols() + nx)].emplace_back(x, y, step);
          });
      ASSERT_EQ((padded_moves<C, false>(pc, grid, x, y)), out) << x << "," << y;
      EXPECT_EQ(pc.data()[pc.index(x, y)], layer.cost_at(grid, {x, y}));
    }
  }
  for (int y = 0; y < grid.rows(); ++y) {
    for (int x = 0; x < grid.cols(); ++x) {
      auto want = into[static_cast<std::size_t>(y * grid.cols() + x)];
      auto got = padded_moves<C, true>(pc, grid, x, y);
      std::sort(want.begin(), want.end());
      std::sort(got.begin(), got.end());
      ASSERT_EQ(got, want) << x << "," << y;
    }
  }
}

TEST(PaddedCosts, MovesEqualForEachNeighborBothWays) {
  for (unsigned seed = 1; seed <= 4; ++seed) {
    const Grid grid = test::random_grid(13 + static_cast<int>(seed), 9 + static_cast<int>(seed),
                                        seed, 30, true);  // odd and even widths
    check_grid<Connectivity::four>(grid, test::random_layer());
    check_grid<Connectivity::eight>(grid, test::random_layer());
    check_grid<Connectivity::eight>(grid, GridLayer({5, 0, 255, 1}, 2));  // blocked cells passable
  }
}

TEST(PaddedCosts, PartialBuildFillsTheBoxAndZeroesTheRing) {
  const Grid grid = test::random_grid(20, 12, 9, 0, true);
  const GridLayer layer = GridLayer::uniform(4);
  detail::PaddedCosts pc;
  pc.build(grid, layer, 5, 3, 10, 6);  // widened to whole bytes: x in [4, 11]
  for (int y = 3; y <= 6; ++y) {
    for (int x = 4; x <= 11; ++x) EXPECT_EQ(pc.data()[pc.index(x, y)], 4) << x << "," << y;
    EXPECT_EQ(pc.data()[pc.index(3, y)], 0);
    EXPECT_EQ(pc.data()[pc.index(12, y)], 0);
  }
  for (int x = 3; x <= 12; ++x) {
    EXPECT_EQ(pc.data()[pc.index(x, 2)], 0);
    EXPECT_EQ(pc.data()[pc.index(x, 7)], 0);
  }
  pc.build(grid, layer, 0, 0, 19, 11);
  for (int x = -1; x <= 20; ++x) {
    EXPECT_EQ(pc.data()[pc.index(x, -1)], 0);
    EXPECT_EQ(pc.data()[pc.index(x, 12)], 0);
  }
  for (int y = -1; y <= 12; ++y) {
    EXPECT_EQ(pc.data()[pc.index(-1, y)], 0);
    EXPECT_EQ(pc.data()[pc.index(20, y)], 0);
  }
  EXPECT_EQ(pc.stride(), 22u);
}

}  // namespace
}  // namespace pathing
