// detail::CellReader's neighbour masks (neighbors<C>, and neighbors8 through a detail::PassTable)
// against for_each_neighbor, and AStar's cached PassTable across layers.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "pathing/detail/moves/cell_reader.hpp"
#include "pathing/detail/moves/neighbors.hpp"
#include "pathing/search/astar.hpp"

namespace pathing {
namespace {

// The moves of for_each_neighbor out of (x, y): bit d for Direction8 d, costs per direction.
unsigned reference_moves(const Grid& grid, const GridLayer& layer, int x, int y,
                         std::array<std::uint8_t, 8>& cost) {
  unsigned m = 0;
  cost.fill(0);
  detail::for_each_neighbor<Connectivity::eight>(
      grid, layer, x, y, [&](int, int, Direction8 d, std::uint64_t step) {
        const auto i = static_cast<unsigned>(d);
        m |= 1u << i;
        const std::uint64_t unit = is_diagonal(d) ? cost::kDiagonal : cost::kStraight;
        cost[i] = static_cast<std::uint8_t>(step / unit);
      });
  return m;
}

// Every cell of `grid`: neighbors8 (fast path inside, neighbors<eight> on the border) and
// neighbors<eight> give for_each_neighbor's moves, and the layer costs of the moves allowed.
void check_cells(const Grid& grid, const GridLayer& layer, const detail::PassTable& pass) {
  const detail::CellReader cells(grid, layer);
  for (int y = 0; y < grid.rows(); ++y) {
    for (int x = 0; x < grid.cols(); ++x) {
      std::array<std::uint8_t, 8> want{};
      const unsigned m = reference_moves(grid, layer, x, y, want);
      std::uint8_t c8[8];
      std::uint8_t c[8];
      ASSERT_EQ(cells.neighbors8(x, y, c8, pass.data()), m) << "neighbors8 at " << x << "," << y;
      ASSERT_EQ(cells.neighbors<Connectivity::eight>(x, y, c), m) << "at " << x << "," << y;
      for (unsigned d = 0; d < 8; ++d) {
        if ((m >> d) & 1u) {
          EXPECT_EQ(c8[d], want[d])
              << "neighbors8 cost, direction " << d << " at " << x << "," << y;
          EXPECT_EQ(c[d], want[d]) << "cost, direction " << d << " at " << x << "," << y;
        }
      }
    }
  }
}

TEST(CellReader, NeighborsEightMatchesForEachNeighborOnEveryBlockAndParity) {
  // Every passability pattern of a 3 x 3 block (passable: value 0, cost 1 or value 1, cost 3;
  // impassable: value 2 or the blocked value 9), centred on an even and an odd column, inside a
  // 6 x 5 grid (so the block's cells lie in both nibbles of the packed bytes).
  const GridLayer layer({1, 3}, 0);
  detail::PassTable pass;
  pass.update(layer);
  for (unsigned pattern = 0; pattern < 512; ++pattern) {
    for (int cx : {2, 3}) {
      Grid grid(6, 5, 2);
      for (unsigned i = 0; i < 9; ++i) {
        const bool open = ((pattern >> i) & 1u) != 0;
        const std::uint8_t v = open ? static_cast<std::uint8_t>(i & 1u) : (i % 3 == 0 ? 9 : 2);
        grid.set_cell({cx - 1 + static_cast<int>(i % 3), 1 + static_cast<int>(i / 3)}, v);
      }
      check_cells(grid, layer, pass);
    }
  }
}

TEST(CellReader, NeighborsEightMatchesOnRandomGridsAndLayers) {
  std::mt19937_64 rng(5);
  detail::PassTable pass;
  for (int round = 0; round < 40; ++round) {
    std::array<std::uint8_t, 8> tags{};
    for (auto& t : tags) t = static_cast<std::uint8_t>(rng() % 3 == 0 ? 0 : 1 + rng() % 5);
    const GridLayer layer(tags, static_cast<std::uint8_t>(rng() % 2 == 0 ? 0 : 7));
    pass.update(layer);  // a different passable set most rounds: the table is rebuilt
    const int cols = 1 + static_cast<int>(rng() % 9);
    const int rows = 1 + static_cast<int>(rng() % 7);
    Grid grid(cols, rows);
    for (int y = 0; y < rows; ++y)
      for (int x = 0; x < cols; ++x) grid.set_cell({x, y}, static_cast<std::uint8_t>(rng() % 16));
    check_cells(grid, layer, pass);
  }
}

TEST(CellReader, PassTableFollowsTheLayersPassableValues) {
  const std::uint8_t* table = nullptr;
  detail::PassTable pass;
  pass.update(GridLayer({1}, 0));  // value 0 only
  table = pass.data();
  EXPECT_EQ(table[0x000], 7u);  // x - 1, x, x + 1 all value 0
  EXPECT_EQ(table[0x010], 5u);  // x: value 1
  EXPECT_EQ(table[0x100], 3u);  // x + 1: value 1
  EXPECT_EQ(table[0x111], 0u);
  pass.update(GridLayer({0, 4}, 0));  // value 1 only: rebuilt
  EXPECT_EQ(table[0x000], 0u);
  EXPECT_EQ(table[0x010], 2u);
  EXPECT_EQ(table[0x111], 7u);
  pass.update(GridLayer({0, 9}, 0));  // same passable values, other costs: the same table
  EXPECT_EQ(table[0x111], 7u);
  pass.update(GridLayer::uniform(2, 5));  // every value
  EXPECT_EQ(table[0xF8A], 7u);
}

TEST(AStar, EightConnectedSearchFollowsALayerChangeBetweenQueries) {
  // One searcher alternates two layers with different passable values (its cached neighbour
  // table is rebuilt each time); each answer equals a fresh searcher's.
  Grid grid(12, 9);
  std::mt19937_64 rng(3);
  for (int y = 0; y < grid.rows(); ++y)
    for (int x = 0; x < grid.cols(); ++x)
      grid.set_cell({x, y}, static_cast<std::uint8_t>(rng() % 3 == 0 ? 1 : 0));
  const GridLayer a({1, 0}, 0);  // value 1 blocks
  const GridLayer b({1, 2}, 0);  // value 1 costs 2
  AStar shared;
  std::vector<GridCoord> out;
  std::vector<GridCoord> fresh_out;
  for (int i = 0; i < 6; ++i) {
    const GridLayer& layer = i % 2 == 0 ? a : b;
    const GridCoord from{0, static_cast<int>(rng() % 9)};
    const GridCoord to{11, static_cast<int>(rng() % 9)};
    const PathResult r = shared.find_path(grid, layer, from, to, out);
    AStar fresh;
    const PathResult f = fresh.find_path(grid, layer, from, to, fresh_out);
    EXPECT_EQ(r.status, f.status) << "query " << i;
    EXPECT_EQ(r.cost, f.cost) << "query " << i;
    EXPECT_EQ(r.stats.expanded, f.stats.expanded) << "query " << i;
    EXPECT_EQ(out, fresh_out) << "query " << i;
  }
}

}  // namespace
}  // namespace pathing
