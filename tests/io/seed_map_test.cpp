#include "pathing/io/seed_map.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "pathing/search/astar.hpp"

namespace pathing::io {
namespace {

namespace fs = std::filesystem;

void expect_seed_error(const std::string& text, int line, int column, const std::string& what) {
  try {
    (void)parse_seed_map(text, "s.txt");
    ADD_FAILURE() << "no ParseError for: " << what;
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), line) << e.what();
    EXPECT_EQ(e.column(), column) << e.what();
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
  }
}

TEST(SeedMap, ParsesWallsStartAndFinish) {
  const SeedMap m = parse_seed_map("  x \r\nSxx \n   F\n\n", "s.txt");
  ASSERT_EQ(m.grid.cols(), 4);
  ASSERT_EQ(m.grid.rows(), 3);
  EXPECT_EQ(m.start, (GridCoord{0, 1}));
  EXPECT_EQ(m.finish, (GridCoord{3, 2}));
  std::string seen;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) seen += m.grid.is_blocked({x, y}) ? 'x' : '.';
  EXPECT_EQ(seen, "..x..xx.....");
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(m.grid.tile({x, y}), 0);
}

TEST(SeedMap, Errors) {
  expect_seed_error("", 1, 1, "empty map");
  expect_seed_error("\n\n", 1, 1, "empty map");
  expect_seed_error("S  \n  \nF  \n", 2, 3, "short row: 2 characters, the first row has 3");
  expect_seed_error("S  \n    \nF  \n", 2, 4, "long row: 4 characters");
  expect_seed_error("S  \n o \nF  \n", 2, 2, "unknown map character 'o'");
  expect_seed_error("S  \n S \nF  \n", 2, 2, "second 'S' (the first is at line 1, column 1)");
  expect_seed_error("S F\n F \n", 2, 2, "second 'F' (the first is at line 1, column 3)");
  expect_seed_error("  F\n   \n", 0, 0, "no start cell 'S'");
  expect_seed_error("S  \n   \n", 0, 0, "no finish cell 'F'");
  std::string nul = "S F\n x";
  nul += '\0';
  expect_seed_error(nul, 2, 3, "NUL byte");
  EXPECT_THROW((void)load_seed_map("/nonexistent/seed.txt"), ParseError);
}

TEST(SeedMap, SharedBenchMapsMatchMapsJson) {
  const char* env = std::getenv("PATHING_SHARED_DATA");
  const fs::path dir = (env != nullptr ? fs::path(env) : fs::path("../shared/data")) / "seed-bench";
  if (!fs::is_directory(dir)) GTEST_SKIP() << "shared data not found at " << dir << ": skipped";
  struct Expected {
    const char* name;
    int width, height, walls;
    GridCoord start, finish;
    std::uint32_t steps;  // optimal_4_connected_steps of maps.json
  };
  const Expected all[] = {
      {"no_walls", 50, 50, 0, {3, 13}, {37, 17}, 38},
      {"simple_wall", 50, 50, 23, {3, 13}, {20, 13}, 35},
      {"pocket_wall", 50, 50, 72, {8, 25}, {33, 21}, 53},
      {"multi_wall", 50, 50, 122, {4, 1}, {19, 12}, 44},
      {"large_map", 2050, 50, 183, {4, 1}, {19, 12}, 44},
  };
  AStar astar;
  std::vector<GridCoord> path;
  for (const Expected& x : all) {
    const SeedMap m = load_seed_map(dir / (std::string(x.name) + ".txt"));
    EXPECT_EQ(m.grid.cols(), x.width) << x.name;
    EXPECT_EQ(m.grid.rows(), x.height) << x.name;
    int walls = 0;
    for (int y = 0; y < m.grid.rows(); ++y)
      for (int c = 0; c < m.grid.cols(); ++c) walls += m.grid.is_blocked({c, y});
    EXPECT_EQ(walls, x.walls) << x.name;
    EXPECT_EQ(m.start, x.start) << x.name;
    EXPECT_EQ(m.finish, x.finish) << x.name;
    const PathResult r =
        astar.find_path(m.grid, GridLayer(), m.start, m.finish, path, {Connectivity::four});
    EXPECT_TRUE(r.found()) << x.name;
    EXPECT_EQ(r.moves, x.steps) << x.name;
  }
}

}  // namespace
}  // namespace pathing::io
