#include <gtest/gtest.h>

#include "pathing/grid.hpp"

namespace pathing {
namespace {

TEST(Grid, NewGridHasDefaultTileAndNoBlockedCells) {
  const Grid g(5, 3, 2);
  EXPECT_EQ(g.cols(), 5);
  EXPECT_EQ(g.rows(), 3);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 5; ++x) {
      EXPECT_EQ(g.tile({x, y}), 2);
      EXPECT_FALSE(g.is_blocked({x, y}));
    }
}

}  // namespace
}  // namespace pathing
