#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/world.hpp"

namespace pathing {
namespace {

TEST(Grid, NewGridHasDefaultTileAndNoBlockedCells) {
  const Grid g(5, 3, 2);
  EXPECT_EQ(g.cols(), 5);
  EXPECT_EQ(g.rows(), 3);
  EXPECT_EQ(g.cell_count(), 15u);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 5; ++x) {
      EXPECT_EQ(g.tile({x, y}), 2);
      EXPECT_FALSE(g.is_blocked({x, y}));
    }
}

TEST(Grid, SetTileAndBlockedAreIndependent) {
  Grid g(7, 4);
  EXPECT_TRUE(g.set_tile({3, 2}, 5));
  EXPECT_TRUE(g.set_blocked({3, 2}, true));
  EXPECT_EQ(g.tile({3, 2}), 5);
  EXPECT_TRUE(g.is_blocked({3, 2}));
  EXPECT_EQ(g.cell({3, 2}), 0xD);
  EXPECT_TRUE(g.set_tile({3, 2}, 1));
  EXPECT_TRUE(g.is_blocked({3, 2}));
  EXPECT_TRUE(g.set_blocked({3, 2}, false));
  EXPECT_EQ(g.tile({3, 2}), 1);
  EXPECT_FALSE(g.is_blocked({3, 2}));
  // Neighbours sharing the byte are untouched.
  EXPECT_EQ(g.cell({2, 2}), 0);
  EXPECT_EQ(g.cell({4, 2}), 0);
}

TEST(Grid, TagsAboveSevenAreRejected) {
  Grid g(2, 2);
  EXPECT_FALSE(g.set_tile({1, 1}, 0xFF));
  EXPECT_FALSE(g.set_tile({1, 1}, 9));
  EXPECT_EQ(g.cell({1, 1}), 0);
}

TEST(Grid, EveryCellIsIndependent) {
  Grid g(33, 9);
  for (int y = 0; y < 9; ++y)
    for (int x = 0; x < 33; ++x)
      g.set_cell({x, y}, static_cast<std::uint8_t>((x * 7 + y * 3) & 0xF));
  for (int y = 0; y < 9; ++y)
    for (int x = 0; x < 33; ++x) EXPECT_EQ(g.cell({x, y}), (x * 7 + y * 3) & 0xF) << x << "," << y;
}

TEST(Grid, OutOfBoundsReadsAreTagZeroAndWritesAreIgnored) {
  Grid g(4, 4, 3);
  const std::uint64_t v = g.version();
  for (GridCoord c : {GridCoord{-1, 0}, GridCoord{4, 0}, GridCoord{0, -1}, GridCoord{0, 4},
                      GridCoord{-100000, 7}}) {
    EXPECT_FALSE(g.in_bounds(c));
    EXPECT_EQ(g.tile(c), 0);
    EXPECT_FALSE(g.is_blocked(c));
    EXPECT_FALSE(g.set_tile(c, 1));
    EXPECT_FALSE(g.set_blocked(c, true));
  }
  EXPECT_EQ(g.version(), v);
}

TEST(Grid, VersionCountsMutations) {
  Grid g(3, 3);
  EXPECT_EQ(g.version(), 0u);
  g.set_tile({0, 0}, 1);
  g.set_blocked({1, 1}, true);
  EXPECT_EQ(g.version(), 2u);
}

TEST(Grid, RowsAre64BitAligned) {
  const Grid g(17, 3);
  EXPECT_EQ(g.stride_bytes() % 8, 0u);
  EXPECT_GE(g.stride_bytes() * 2, 17u);
  EXPECT_EQ(g.memory_bytes(), g.stride_bytes() * 3);
}

TEST(Grid, LargestGridWorks) {
  Grid g(16384, 16384);
  EXPECT_EQ(g.memory_bytes(), 8192u * 16384u);
  g.set_blocked({16383, 16383}, true);
  EXPECT_TRUE(g.is_blocked({16383, 16383}));
}

#if PATHING_HAS_EXCEPTIONS
TEST(Grid, BadSizesThrowNamingTheValue) {
  const auto message = [](auto&& f) {
    try {
      f();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  EXPECT_NE(message([] { Grid g(0, 5); }).find("cols = 0"), std::string::npos);
  EXPECT_NE(message([] { Grid g(5, -3); }).find("rows = -3"), std::string::npos);
  EXPECT_NE(message([] { Grid g(40000, 5); }).find("cols = 40000"), std::string::npos);
  EXPECT_NE(message([] { Grid g(32768, 32768); }).find("exceeds"), std::string::npos);
  EXPECT_NE(message([] { Grid g(5, 5, 8); }).find("default_tile = 8"), std::string::npos);
}
#endif

TEST(GridLayer, MapsTagsAndBlockedCells) {
  const GridLayer walkers{1, 0, 3};
  EXPECT_EQ(walkers.tag_cost(0), 1);
  EXPECT_EQ(walkers.tag_cost(1), 0);
  EXPECT_EQ(walkers.tag_cost(2), 3);
  EXPECT_EQ(walkers.tag_cost(7), 0);
  EXPECT_EQ(walkers.blocked_cost(), 0);
  EXPECT_EQ(walkers.cost_of_cell(0x2), 3);
  EXPECT_EQ(walkers.cost_of_cell(0xA), 0);  // blocked tag 2
  const GridLayer ghosts = walkers.with_blocked_cost(9);
  EXPECT_EQ(ghosts.cost_of_cell(0xA), 9);
  EXPECT_EQ(ghosts.cost_of_cell(0x2), 3);
  EXPECT_EQ(walkers.min_passable_cost(), 1);
  EXPECT_EQ(GridLayer::uniform(0).min_passable_cost(), 0);
  EXPECT_EQ(GridLayer::uniform(4).with_tag_cost(6, 2).min_passable_cost(), 2);
  EXPECT_EQ(sizeof(GridLayer), 16u);
}

TEST(GridLayer, CostAtReadsGridAndTreatsOutsideAsImpassable) {
  Grid g(3, 1);
  g.set_tile({1, 0}, 1);
  g.set_blocked({2, 0}, true);
  const GridLayer fliers = GridLayer::uniform(1, 1);
  const GridLayer walkers{1, 0};
  EXPECT_EQ(walkers.cost_at(g, {0, 0}), 1);
  EXPECT_EQ(walkers.cost_at(g, {1, 0}), 0);
  EXPECT_EQ(walkers.cost_at(g, {2, 0}), 0);
  EXPECT_EQ(fliers.cost_at(g, {1, 0}), 1);
  EXPECT_EQ(fliers.cost_at(g, {2, 0}), 1);
  EXPECT_EQ(fliers.cost_at(g, {3, 0}), 0);
  EXPECT_EQ(fliers.cost_at(g, {-1, 0}), 0);
}

#if PATHING_HAS_EXCEPTIONS
TEST(GridLayer, RejectsBadCosts) {
  EXPECT_THROW((GridLayer{1, 2, 3, 4, 5, 6, 7, 8, 9}), std::invalid_argument);
  EXPECT_THROW((GridLayer{1, 256}), std::invalid_argument);
  EXPECT_THROW((GridLayer({1}, -1)), std::invalid_argument);
}
#endif

TEST(WorldMapping, PositionsMapToContainingCellAndCellsToCentres) {
  const WorldMapping m(32, 16);
  EXPECT_EQ(m.to_cell({0, 0}), (GridCoord{0, 0}));
  EXPECT_EQ(m.to_cell({31.9, 15.9}), (GridCoord{0, 0}));
  EXPECT_EQ(m.to_cell({32, 16}), (GridCoord{1, 1}));
  EXPECT_EQ(m.to_cell({-0.5, -0.5}), (GridCoord{-1, -1}));
  EXPECT_EQ(m.to_world({2, 3}), (WorldPos{80, 56}));
  EXPECT_EQ(m.align({70, 40}), (WorldPos{80, 40}));
  EXPECT_EQ(WorldMapping().cell_width(), 32.0);
#if PATHING_HAS_EXCEPTIONS
  EXPECT_THROW(WorldMapping(0, 1), std::invalid_argument);
  EXPECT_THROW(WorldMapping(1, -2), std::invalid_argument);
#endif
}

// Issue #19 D3: positions whose cell is outside the int range (or NaN) used to be converted to
// int with undefined behaviour; they saturate, and NaN gives INT_MIN.
TEST(WorldMapping, ToCellSaturatesHugeAndNonFinitePositions) {
  constexpr int kMin = std::numeric_limits<int>::min();
  constexpr int kMax = std::numeric_limits<int>::max();
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const WorldMapping m(32, 16);
  EXPECT_EQ(m.to_cell({nan, 0}), (GridCoord{kMin, 0}));
  EXPECT_EQ(m.to_cell({0, nan}), (GridCoord{0, kMin}));
  EXPECT_EQ(m.to_cell({-nan, nan}), (GridCoord{kMin, kMin}));
  EXPECT_EQ(m.to_cell({kInf, -kInf}), (GridCoord{kMax, kMin}));
  EXPECT_EQ(m.to_cell({-kInf, kInf}), (GridCoord{kMin, kMax}));
  EXPECT_EQ(m.to_cell({1e300, -1e300}), (GridCoord{kMax, kMin}));
  EXPECT_EQ(m.to_cell({-1e300, 1e300}), (GridCoord{kMin, kMax}));
  // The edges of the int range: exact where the cell fits, saturated one cell beyond.
  EXPECT_EQ(m.to_cell({32.0 * kMax, 16.0 * kMin}), (GridCoord{kMax, kMin}));
  EXPECT_EQ(m.to_cell({32.0 * kMax + 32.0, 16.0 * kMin - 16.0}), (GridCoord{kMax, kMin}));
  EXPECT_EQ(m.to_cell({32.0 * kMax - 1.0, 16.0 * kMin + 1.0}), (GridCoord{kMax - 1, kMin}));
  // Ordinary positions are unchanged.
  EXPECT_EQ(m.to_cell({100.5, -100.5}), (GridCoord{3, -7}));
  EXPECT_EQ(m.to_cell({-32.0, 15.999}), (GridCoord{-1, 0}));
  // A tiny cell size turns an ordinary position into a huge cell index.
  const WorldMapping tiny(1e-300, 1e-300);
  EXPECT_EQ(tiny.to_cell({1.0, -1.0}), (GridCoord{kMax, kMin}));
  EXPECT_EQ(tiny.to_cell({0.0, 0.0}), (GridCoord{0, 0}));
}

}  // namespace
}  // namespace pathing
