#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/agent/path_convert.hpp"
#include "pathing/detail/compiler.hpp"

namespace pathing {
namespace {

using D = Direction;

TEST(PathConvert, PathToCells) {
  std::vector<GridCoord> out{{9, 9}, {9, 9}, {9, 9}, {9, 9}, {9, 9}, {9, 9}};
  path_to_cells({2, 3}, GridPath{D::right, D::down, D::down, D::left}, out);
  EXPECT_EQ(out, (std::vector<GridCoord>{{2, 3}, {3, 3}, {3, 4}, {3, 5}, {2, 5}}));
  path_to_cells({1, 1}, GridPath{}, out);
  EXPECT_EQ(out, (std::vector<GridCoord>{{1, 1}}));
}

TEST(PathConvert, ChainToCells) {
  const std::vector<GridPath> segments{GridPath{D::right, D::right}, GridPath{}, GridPath{D::up}};
  std::vector<GridCoord> out;
  chain_to_cells({0, 5}, segments, out);
  EXPECT_EQ(out, (std::vector<GridCoord>{{0, 5}, {1, 5}, {2, 5}, {2, 4}}));
  chain_to_cells({4, 4}, std::vector<GridPath>{}, out);
  EXPECT_EQ(out, (std::vector<GridCoord>{{4, 4}}));
}

// Issue #19 D11: walking from a start near the ends of the int range overflowed int; the walk
// is exact in 64 bits and the written coordinates saturate.
TEST(PathConvert, PathToCellsSaturatesAtTheEndsOfTheIntRange) {
  constexpr int kMin = std::numeric_limits<int>::min();
  constexpr int kMax = std::numeric_limits<int>::max();
  std::vector<GridCoord> out;
  const GridPath rights{D::right, D::right, D::right, D::right, D::right};
  path_to_cells({kMax - 2, 0}, rights, out);
  EXPECT_EQ(out, (std::vector<GridCoord>{
                     {kMax - 2, 0}, {kMax - 1, 0}, {kMax, 0}, {kMax, 0}, {kMax, 0}, {kMax, 0}}));
  const GridPath lefts_up{D::left, D::left, D::left, D::up};
  path_to_cells({kMin + 1, kMin}, lefts_up, out);
  EXPECT_EQ(out, (std::vector<GridCoord>{
                     {kMin + 1, kMin}, {kMin, kMin}, {kMin, kMin}, {kMin, kMin}, {kMin, kMin}}));
  // Exact in 64 bits: stepping back after leaving the range returns to the real coordinates.
  path_to_cells({kMax, 5}, GridPath{D::right, D::right, D::left, D::left, D::left, D::down}, out);
  EXPECT_EQ(
      out,
      (std::vector<GridCoord>{
          {kMax, 5}, {kMax, 5}, {kMax, 5}, {kMax, 5}, {kMax, 5}, {kMax - 1, 5}, {kMax - 1, 6}}));
  // A start just far enough from the ends takes the ordinary path, with the same cells.
  path_to_cells({kMax - 5, kMin + 5}, GridPath{D::right, D::right, D::right, D::right, D::right},
                out);
  EXPECT_EQ(out.back(), (GridCoord{kMax, kMin + 5}));
}

TEST(PathConvert, ChainToCellsSaturatesAtTheEndsOfTheIntRange) {
  constexpr int kMin = std::numeric_limits<int>::min();
  constexpr int kMax = std::numeric_limits<int>::max();
  const std::vector<GridPath> segments{GridPath{D::right, D::right, D::right}, GridPath{},
                                       GridPath{D::right, D::right, D::down}};
  std::vector<GridCoord> out;
  chain_to_cells({kMax - 2, kMax - 1}, segments, out);
  EXPECT_EQ(out, (std::vector<GridCoord>{{kMax - 2, kMax - 1},
                                         {kMax - 1, kMax - 1},
                                         {kMax, kMax - 1},
                                         {kMax, kMax - 1},
                                         {kMax, kMax - 1},
                                         {kMax, kMax - 1},
                                         {kMax, kMax}}));
  const std::vector<GridPath> ups{GridPath{D::up, D::up}, GridPath{D::left}};
  chain_to_cells({kMin, kMin + 1}, ups, out);
  EXPECT_EQ(out,
            (std::vector<GridCoord>{{kMin, kMin + 1}, {kMin, kMin}, {kMin, kMin}, {kMin, kMin}}));
}

TEST(PathConvert, CellsToWorldGivesCellCentres) {
  const WorldMapping mapping(16.0, 8.0);
  std::vector<WorldPos> out;
  cells_to_world(mapping, std::vector<GridCoord>{{0, 0}, {3, 2}, {-1, 0}}, out);
  EXPECT_EQ(out, (std::vector<WorldPos>{{8.0, 4.0}, {56.0, 20.0}, {-8.0, 4.0}}));
  for (const WorldPos p : out) EXPECT_EQ(mapping.to_world(mapping.to_cell(p)), p);
}

TEST(PathConvert, PathFromCellsRoundTrips) {
  const GridPath path{D::up, D::up, D::left, D::down, D::right, D::right};
  std::vector<GridCoord> cells;
  path_to_cells({5, 5}, path, cells);
  EXPECT_EQ(path_from_cells(cells), path);
  EXPECT_EQ(path_from_cells(std::vector<GridCoord>{{7, 7}}), GridPath{});
  // The longest path that fits: 56 steps.
  std::vector<GridCoord> line;
  for (int x = 0; x <= 56; ++x) line.push_back({x, 0});
  const GridPath longest = path_from_cells(line);
  EXPECT_EQ(longest.len(), 56);
  EXPECT_EQ(longest.end_from({0, 0}), (GridCoord{56, 0}));
}

#if PATHING_HAS_EXCEPTIONS
TEST(PathConvert, PathFromCellsErrors) {
  EXPECT_THROW((void)path_from_cells(std::vector<GridCoord>{}), std::invalid_argument);
  try {
    (void)path_from_cells(std::vector<GridCoord>{{0, 0}, {1, 0}, {2, 1}, {3, 1}});
    FAIL() << "a diagonal step must be rejected";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "pathing::path_from_cells: cells 1 (1, 0) and 2 (2, 1) are not 4-connected "
              "neighbours");
  }
  EXPECT_THROW((void)path_from_cells(std::vector<GridCoord>{{0, 0}, {0, 0}}),
               std::invalid_argument);
  std::vector<GridCoord> line;
  for (int x = 0; x <= 57; ++x) line.push_back({x, 0});
  try {
    (void)path_from_cells(line);
    FAIL() << "57 steps must be rejected";
  } catch (const std::length_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "pathing::path_from_cells: 57 steps given, at most 56 fit in a GridPath");
  }
}
#endif

}  // namespace
}  // namespace pathing
