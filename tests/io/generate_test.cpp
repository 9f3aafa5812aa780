#include "pathing/io/generate.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "pathing/search/astar.hpp"

namespace pathing::io {
namespace {

namespace fs = std::filesystem;

// Golden maps (see the tests below).
const char* const kGoldenRandom =
    "...@.@..@.@.\n"
    "......@@.@.@\n"
    "@@...@....@.\n"
    "..@@....@...\n";
const char* const kGoldenMaze =
    ".@.........\n"
    ".@.@@@@@.@.\n"
    ".@.@...@.@.\n"
    ".@@@.@.@.@@\n"
    ".@...@.@...\n"
    ".@.@@@.@@@.\n"
    "...@.......\n";
const char* const kGoldenRooms =
    "...@...@...@.\n"
    "...@...@...@.\n"
    "...@...@...@.\n"
    "@@.@@.@@@@.@.\n"
    "...........@.\n"
    "...@...@.....\n"
    "...@...@...@.\n"
    "@.@@@@@@@@@@@\n"
    ".............\n";

std::string rows_of(const Grid& g) {
  const std::string text = format_map(g);
  return text.substr(text.find("map\n") + 4);
}

/// Number of 8-connected components (no corner cutting) of the passable cells.
int components(const Grid& g) {
  const GridLayer layer = movingai_layer();
  std::vector<int> seen(g.cell_count(), 0);
  int count = 0;
  for (int y = 0; y < g.rows(); ++y)
    for (int x = 0; x < g.cols(); ++x) {
      const auto i = static_cast<std::size_t>(y * g.cols() + x);
      if (layer.cost_at(g, {x, y}) == 0 || seen[i]) continue;
      ++count;
      std::vector<GridCoord> stack{{x, y}};
      seen[i] = 1;
      while (!stack.empty()) {
        const GridCoord c = stack.back();
        stack.pop_back();
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            const GridCoord n{c.x + dx, c.y + dy};
            if (layer.cost_at(g, n) == 0) continue;
            if (dx != 0 && dy != 0 &&
                (layer.cost_at(g, {n.x, c.y}) == 0 || layer.cost_at(g, {c.x, n.y}) == 0))
              continue;
            const auto j = static_cast<std::size_t>(n.y * g.cols() + n.x);
            if (!seen[j]) {
              seen[j] = 1;
              stack.push_back(n);
            }
          }
      }
    }
  return count;
}

int blocked_count(const Grid& g) {
  int n = 0;
  for (int y = 0; y < g.rows(); ++y)
    for (int x = 0; x < g.cols(); ++x) n += g.is_blocked({x, y});
  return n;
}

TEST(Generate, KindNames) {
  EXPECT_EQ(to_string(MapKind::rooms), "rooms");
  EXPECT_EQ(to_string(MapKind::terrain), "terrain");
  EXPECT_EQ(parse_map_kind("terrain"), MapKind::terrain);
  EXPECT_EQ(parse_map_kind("maze"), MapKind::maze);
  EXPECT_EQ(parse_map_kind("random"), MapKind::random);
  EXPECT_EQ(parse_map_kind("room"), std::nullopt);
}

// Golden outputs: the generators must give these exact maps on every platform (mt19937_64 and
// our own bounded draw are fully specified).
TEST(Generate, RandomMapIsDeterministicAndGolden) {
  const MapSpec spec{MapKind::random, 12, 4, 0.3, 7, 42};
  const Grid a = generate_map(spec);
  EXPECT_EQ(a, generate_map(spec));
  EXPECT_EQ(rows_of(a), kGoldenRandom);
  MapSpec other = spec;
  other.seed = 43;
  EXPECT_NE(rows_of(generate_map(other)), rows_of(a));
  other.density = 0.0;
  EXPECT_EQ(blocked_count(generate_map(other)), 0);
  other.density = 1.0;
  EXPECT_EQ(blocked_count(generate_map(other)), 48);
  // The density is honoured on a large map (4096 cells, 0.25: expect 1024 +- 4 sigma = 111).
  const int n = blocked_count(generate_map({MapKind::random, 64, 64, 0.25, 7, 5}));
  EXPECT_NEAR(n, 1024, 111);
}

// Terrain: the golden 12 x 8 map, and on 128 x 128 the shares of each kind of cell (the ranks
// put 20 % rock, then 30 / 40 / 30 % of the rest as ground / grass / forest, before the roads
// turn some of each into ground), roads crossing the map, and the terrain layer's costs.
TEST(Generate, TerrainIsGoldenWithItsShares) {
  const Grid t = generate_map({MapKind::terrain, 12, 8, 0.2, 7, 5});
  EXPECT_EQ(rows_of(t),
            "@@WWSSSS....\n"
            "@@WWWSSS....\n"
            "@@WWWSSS....\n"
            "@@WWWSSSS...\n"
            "@@@WWWSSSS..\n"
            "@@@WWWSSSS..\n"
            ".@@WWW.SS...\n"
            "............\n");
  const Grid g = generate_map({MapKind::terrain, 128, 128, 0.2, 7, 1});
  int count[4] = {0, 0, 0, 0};  // ground, grass, forest, rock
  for (int y = 0; y < 128; ++y)
    for (int x = 0; x < 128; ++x) ++count[g.is_blocked({x, y}) ? 3 : g.tile({x, y})];
  const int n = 128 * 128;
  EXPECT_NEAR(count[3], n * 0.2, n * 0.02);  // rock: 20 %, less the roads
  EXPECT_LE(count[3], n * 0.2 + 1);
  EXPECT_NEAR(count[1], n * 0.32, n * 0.03);  // grass: 40 % of 80 %
  EXPECT_NEAR(count[2], n * 0.24, n * 0.03);  // forest: 30 % of 80 %
  EXPECT_GE(count[0], n * 0.24);              // ground and roads
  EXPECT_EQ(terrain_layer().tag_cost(0), 1);
  EXPECT_EQ(terrain_layer().tag_cost(1), 3);
  EXPECT_EQ(terrain_layer().tag_cost(2), 5);
  EXPECT_EQ(terrain_layer().tag_cost(3), 0);
  EXPECT_EQ(terrain_layer().blocked_tag_cost(0), 0);
  EXPECT_EQ(generate_map({MapKind::terrain, 128, 128, 0.2, 7, 1}), g);
}

TEST(Generate, MazeIsAPerfectMazeAndGolden) {
  const Grid m = generate_map({MapKind::maze, 11, 7, 0.0, 7, 3});
  EXPECT_EQ(rows_of(m), kGoldenMaze);
  for (const auto& [w, h, seed] :
       {std::tuple{11, 7, 3}, std::tuple{32, 32, 9}, std::tuple{1, 1, 1}, std::tuple{40, 3, 2}}) {
    const Grid g = generate_map({MapKind::maze, w, h, 0.0, 7, static_cast<std::uint64_t>(seed)});
    // Every free cell connected, and 4-adjacencies = free cells - 1 (a tree: one path between
    // any two cells). Odd/odd cells are always walls, so no diagonal move exists.
    EXPECT_EQ(components(g), 1) << w << "x" << h;
    int free_cells = 0;
    int edges = 0;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        if (g.is_blocked({x, y})) continue;
        ++free_cells;
        EXPECT_FALSE(x % 2 == 1 && y % 2 == 1);
        if (x + 1 < w && !g.is_blocked({x + 1, y})) ++edges;
        if (y + 1 < h && !g.is_blocked({x, y + 1})) ++edges;
      }
    EXPECT_EQ(edges, free_cells - 1) << w << "x" << h;
    EXPECT_EQ(free_cells, 2 * ((w + 1) / 2) * ((h + 1) / 2) - 1) << w << "x" << h;
  }
}

TEST(Generate, MazeCorridorWidth) {
  // corridor_width 1 is the classic maze (same draws, same map).
  MapSpec one{MapKind::maze, 32, 32, 0.0, 7, 3};
  one.corridor_width = 1;
  EXPECT_EQ(generate_map(one), generate_map({MapKind::maze, 32, 32, 0.0, 7, 3}));
  for (const auto& [w, h, c] : {std::tuple{64, 64, 8}, std::tuple{50, 23, 4}, std::tuple{5, 9, 3},
                                std::tuple{3, 2, 8}, std::tuple{100, 100, 32}}) {
    MapSpec spec{MapKind::maze, w, h, 0.0, 7, 5};
    spec.corridor_width = c;
    const Grid g = generate_map(spec);
    // A spanning tree of nodes: every free cell connected, N nodes of c x c cells and N - 1
    // openings of c cells (c clamped to the smaller side).
    const int cw = std::min({c, w, h});
    const int nodes = ((w - cw) / (cw + 1) + 1) * ((h - cw) / (cw + 1) + 1);
    EXPECT_EQ(components(g), 1) << w << "x" << h << " corridor " << c;
    int free_cells = 0;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        free_cells += !g.is_blocked({x, y});
        // Walls lie on the lines between nodes: a cell on two of them is always a wall.
        if (x % (cw + 1) == cw && y % (cw + 1) == cw) {
          EXPECT_TRUE(g.is_blocked({x, y}));
        }
      }
    EXPECT_EQ(free_cells, nodes * cw * cw + (nodes - 1) * cw) << w << "x" << h << " corridor " << c;
  }
  MapSpec bad{MapKind::maze, 8, 8, 0.0, 7, 1};
  bad.corridor_width = 0;
  EXPECT_THROW((void)generate_map(bad), std::invalid_argument);
}

TEST(Generate, RoomsAreConnectedByDoorsAndGolden) {
  const Grid r = generate_map({MapKind::rooms, 13, 9, 0.0, 3, 4});
  EXPECT_EQ(rows_of(r), kGoldenRooms);
  for (double density : {0.0, 0.5, 1.0}) {
    const Grid g = generate_map({MapKind::rooms, 64, 64, density, 7, 11});
    EXPECT_EQ(components(g), 1) << density;
    // Walls on every 8th line; 8 x 8 rooms with 112 walls between them; the spanning tree opens
    // 63 doors, density 1 opens all 112.
    int doors = 0;
    for (int y = 0; y < 64; ++y)
      for (int x = 0; x < 64; ++x) {
        const bool on_wall = x % 8 == 7 || y % 8 == 7;
        if (!on_wall) {
          EXPECT_FALSE(g.is_blocked({x, y}));
        }
        if (on_wall && !g.is_blocked({x, y})) ++doors;
        if (x % 8 == 7 && y % 8 == 7) {
          EXPECT_TRUE(g.is_blocked({x, y}));
        }
      }
    if (density == 0.0) {
      EXPECT_EQ(doors, 63);
    }
    if (density == 1.0) {
      EXPECT_EQ(doors, 112);
    }
    if (density == 0.5) {
      EXPECT_GT(doors, 63);
      EXPECT_LT(doors, 112);
    }
  }
}

TEST(Generate, RejectsBadSpecs) {
  EXPECT_THROW((void)generate_map({MapKind::random, 0, 5, 0.2, 7, 1}), std::invalid_argument);
  EXPECT_THROW((void)generate_map({MapKind::random, 5, 40000, 0.2, 7, 1}), std::invalid_argument);
  EXPECT_THROW((void)generate_map({MapKind::random, 5, 5, 1.5, 7, 1}), std::invalid_argument);
  EXPECT_THROW((void)generate_map({MapKind::random, 5, 5, -0.1, 7, 1}), std::invalid_argument);
  EXPECT_THROW((void)generate_map({MapKind::random, 5, 5, std::nan(""), 7, 1}),
               std::invalid_argument);
  EXPECT_THROW((void)generate_map({MapKind::rooms, 5, 5, 0.2, 0, 1}), std::invalid_argument);
  try {
    (void)generate_map({MapKind::random, 5, 5, 2.5, 7, 1});
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("density 2.5"), std::string::npos) << e.what();
  }
}

TEST(ReferenceDijkstra, ExactLengthsNoCornerCutting) {
  const Grid open(5, 5);
  EXPECT_DOUBLE_EQ(*reference_shortest_length(open, {0, 0}, {4, 2}), 2 + 2 * std::sqrt(2.0));
  EXPECT_DOUBLE_EQ(*reference_shortest_length(open, {4, 4}, {0, 0}), 4 * std::sqrt(2.0));
  EXPECT_EQ(*reference_shortest_length(open, {2, 2}, {2, 2}), 0.0);
  Grid g = parse_map("type octile\nheight 3\nwidth 3\nmap\n.@.\n...\n@@@\n", "g").grid;
  // (0,0) -> (2,0): around the wall below it, no corner cutting: down, right-up diagonal is cut
  // by the wall at (1,0), so down, right, right, up = 4.
  EXPECT_DOUBLE_EQ(*reference_shortest_length(g, {0, 0}, {2, 0}), 4.0);
  EXPECT_DOUBLE_EQ(*reference_shortest_length(g, {0, 1}, {2, 1}), 2.0);
  EXPECT_EQ(reference_shortest_length(g, {0, 0}, {1, 2}), std::nullopt);  // goal blocked
  EXPECT_EQ(reference_shortest_length(g, {0, 0}, {3, 0}), std::nullopt);  // off the grid
  Grid split = parse_map("type octile\nheight 2\nwidth 3\nmap\n.@.\n.@.\n", "s").grid;
  EXPECT_EQ(reference_shortest_length(split, {0, 0}, {2, 1}), std::nullopt);
  // Costly terrain: a layer where swamp (tag 1) costs 3.
  Grid swamp(3, 1);
  swamp.set_tile({1, 0}, tag::kSwamp);
  EXPECT_DOUBLE_EQ(*reference_shortest_length(swamp, {0, 0}, {2, 0}, GridLayer({1, 3})), 4.0);
}

TEST(GenerateScenario, QueriesAreValidSortedAndMatchAStar) {
  for (MapKind kind : {MapKind::random, MapKind::rooms, MapKind::maze}) {
    const Grid g = generate_map({kind, 48, 40, 0.25, 5, 77});
    const Scenario s = generate_scenario(g, "gen.map", 25, 99);
    ASSERT_EQ(s.entries.size(), 25u);
    EXPECT_EQ(s.version, "1");
    EXPECT_NO_THROW(validate_scenario(s, g, "gen.map.scen"));
    AStar astar(g.cols(), g.rows());
    std::vector<GridCoord> path;
    int last_bucket = 0;
    for (const ScenarioEntry& e : s.entries) {
      EXPECT_EQ(e.map, "gen.map");
      EXPECT_NE(e.start(), e.goal());
      EXPECT_EQ(e.decimals, 8);
      EXPECT_EQ(e.bucket, static_cast<int>(std::floor(e.optimal_length / 4)));
      EXPECT_GE(e.bucket, last_bucket);
      last_bucket = e.bucket;
      const PathResult r = astar.find_path(g, movingai_layer(), e.start(), e.goal(), path);
      ASSERT_TRUE(r.found());
      EXPECT_NEAR(r.cost, e.optimal_length, 1e-9);
    }
    // Same seed, same queries; the text round-trips through the parser.
    const std::string text = format_scenario(s);
    EXPECT_EQ(text, format_scenario(generate_scenario(g, "gen.map", 25, 99)));
    const Scenario back = parse_scenario(text, "back");
    ASSERT_EQ(back.entries.size(), 25u);
    for (std::size_t i = 0; i < 25; ++i) {
      EXPECT_EQ(back.entries[i].start(), s.entries[i].start());
      EXPECT_EQ(back.entries[i].goal(), s.entries[i].goal());
      EXPECT_EQ(back.entries[i].line, s.entries[i].line);
      EXPECT_NEAR(back.entries[i].optimal_length, s.entries[i].optimal_length, 0.5e-8);
      EXPECT_EQ(back.entries[i].decimals, 8);
    }
  }
}

TEST(GenerateScenario, FormatPrintsFixedDecimals) {
  Scenario s;
  s.version = "1";
  ScenarioEntry e;
  e.bucket = 3;
  e.map = "m.map";
  e.map_width = 10;
  e.map_height = 20;
  e.start_x = 1;
  e.start_y = 2;
  e.goal_x = 3;
  e.goal_y = 4;
  e.optimal_length = 12.0 + std::sqrt(2.0);
  e.decimals = 8;
  s.entries.push_back(e);
  e.optimal_length = 7;
  e.decimals = 0;
  s.entries.push_back(e);
  EXPECT_EQ(
      format_scenario(s),
      "version 1\n3\tm.map\t10\t20\t1\t2\t3\t4\t13.41421356\n3\tm.map\t10\t20\t1\t2\t3\t4\t7\n");
}

TEST(GenerateScenario, Errors) {
  const Grid g(4, 4);
  EXPECT_THROW((void)generate_scenario(g, "m", -1, 1), std::invalid_argument);
  EXPECT_TRUE(generate_scenario(g, "m", 0, 1).entries.empty());
  Grid one(3, 1);
  one.set_blocked({0, 0}, true);
  one.set_blocked({1, 0}, true);
  EXPECT_THROW((void)generate_scenario(one, "m", 1, 1), std::invalid_argument);
  const Grid split = parse_map("type octile\nheight 1\nwidth 3\nmap\n.@.\n", "s").grid;
  try {
    (void)generate_scenario(split, "m", 2, 1);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("found only 0 of 2"), std::string::npos) << e.what();
  }
}

// --- tile_map and generate_long_scenario (huge maps, issue #17 item 6) -------------------------

// A walled source with one component: rows 1..3 open inside the border. Its ports: row 2 (it
// carves 2 cells: (0, 2) and (6, 2); rows 1 and 3 would carve 3 and 4) and column 3 (carves 2:
// (3, 0) and (3, 4); columns 2 and 4 tie at 2 but column 3 is the middle).
const char* const kTileSource =
    "type octile\nheight 5\nwidth 7\nmap\n"
    "@@@@@@@\n"
    "@@....@\n"
    "@.....@\n"
    "@@...@@\n"
    "@@@@@@@\n";

/// The source cell tile_map puts at (x, y): mirrored on odd tiles, or plain repetition.
std::uint8_t tiled_cell(const Grid& src, int x, int y, bool mirror) {
  const int w = src.cols();
  const int h = src.rows();
  int sx = x % w;
  int sy = y % h;
  if (mirror && (x / w) % 2 == 1) sx = w - 1 - sx;
  if (mirror && (y / h) % 2 == 1) sy = h - 1 - sy;
  return src.cell({sx, sy});
}

TEST(TileMap, MirroredAndPlainCopiesOfTheSource) {
  // An asymmetric source with tags and blocked cells of every kind format_map writes.
  const Grid src =
      parse_map("type octile\nheight 3\nwidth 5\nmap\n.@TS.\nW..O.\n..@.T\n", "s").grid;
  for (const bool mirror : {true, false}) {
    for (const auto& [w, h] :
         {std::pair{13, 8}, std::pair{5, 3}, std::pair{2, 1}, std::pair{20, 12}}) {
      TileOptions options;
      options.mirror = mirror;
      options.connect = false;
      const Grid g = tile_map(src, w, h, options);
      ASSERT_EQ(g.cols(), w);
      ASSERT_EQ(g.rows(), h);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          ASSERT_EQ(g.cell({x, y}), tiled_cell(src, x, y, mirror))
              << "mirror " << mirror << " at " << x << "," << y;
      EXPECT_EQ(g, tile_map(src, w, h, options));  // deterministic
    }
  }
  // Mirrored: the cells facing each other across a seam are the same border cell.
  TileOptions plain_mirror;
  plain_mirror.connect = false;
  const Grid g = tile_map(src, 10, 6, plain_mirror);
  for (int y = 0; y < 6; ++y) EXPECT_EQ(g.cell({4, y}), g.cell({5, y}));
  for (int x = 0; x < 10; ++x) EXPECT_EQ(g.cell({x, 2}), g.cell({x, 3}));
}

TEST(TileMap, PortsJoinEveryTile) {
  const Grid src = parse_map(kTileSource, "src").grid;
  Grid ported = src;
  for (const GridCoord c : {GridCoord{0, 2}, GridCoord{6, 2}, GridCoord{3, 0}, GridCoord{3, 4}})
    ported.set_cell(c, 0);
  for (const bool mirror : {true, false}) {
    TileOptions options;
    options.mirror = mirror;
    options.connect = false;
    // 3 x 3 complete tiles: without ports 9 components, with them one.
    const Grid apart = tile_map(src, 21, 15, options);
    EXPECT_EQ(components(apart), 9);
    options.connect = true;
    const Grid joined = tile_map(src, 21, 15, options);
    EXPECT_EQ(components(joined), 1) << "mirror " << mirror;
    // Exactly the source with its four port cells carved, tiled.
    for (int y = 0; y < 15; ++y)
      for (int x = 0; x < 21; ++x)
        ASSERT_EQ(joined.cell({x, y}), tiled_cell(ported, x, y, mirror)) << x << "," << y;
    EXPECT_EQ(blocked_count(apart) - blocked_count(joined), 9 * 4);
  }
  // The ports meet across the seams: row 2 crosses the seam x = 6 | 7 open on both sides.
  const Grid joined = tile_map(src, 14, 10);
  EXPECT_FALSE(joined.is_blocked({6, 2}));
  EXPECT_FALSE(joined.is_blocked({7, 2}));
  EXPECT_FALSE(joined.is_blocked({3, 4}));
  EXPECT_FALSE(joined.is_blocked({3, 5}));
  // The ports go to the largest component: the pocket at (0, 4) gets none and stays apart.
  // Row 2 (members 2..5: carves 3) beats rows 1 and 3 (4 each); columns 3 and 4 tie at 2 and
  // column 3 is the middle one.
  const Grid pocket = parse_map(
                          "type octile\nheight 5\nwidth 7\nmap\n"
                          "@@@@@@@\n"
                          "@@@...@\n"
                          "@@....@\n"
                          "@@...@@\n"
                          ".@@@@@@\n",
                          "p")
                          .grid;
  const Grid t = tile_map(pocket, 7, 5);
  for (const GridCoord c :
       {GridCoord{0, 2}, GridCoord{1, 2}, GridCoord{6, 2}, GridCoord{3, 0}, GridCoord{3, 4}})
    EXPECT_FALSE(t.is_blocked(c)) << c.x << "," << c.y;
  EXPECT_EQ(blocked_count(pocket) - blocked_count(t), 5);
  EXPECT_EQ(components(t), 2);
  // A source with nothing passable gets no port.
  Grid walls(4, 3);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) walls.set_blocked({x, y}, true);
  EXPECT_EQ(blocked_count(tile_map(walls, 9, 7)), 63);
}

TEST(TileMap, ErrorsNameTheValue) {
  const Grid src = parse_map(kTileSource, "src").grid;
  const auto message = [&](int w, int h, const TileOptions& o) -> std::string {
    try {
      (void)tile_map(src, w, h, o);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "no exception";
  };
  EXPECT_EQ(message(0, 5, {}),
            "pathing::io::tile_map: size 0 x 5 is outside [1, 32768] per side / 268435456 cells");
  EXPECT_NE(message(7, 32769, {}).find("size 7 x 32769 is outside"), std::string::npos);
  EXPECT_NE(message(16384, 16385, {}).find("size 16384 x 16385 is outside"), std::string::npos);
  EXPECT_NE(message(-3, 4, {}).find("size -3 x 4"), std::string::npos);
  TileOptions ground_impassable;
  ground_impassable.layer = GridLayer({0, 1});
  EXPECT_NE(message(10, 10, ground_impassable).find("the layer makes it impassable"),
            std::string::npos);
  ground_impassable.connect = false;  // nothing to carve: fine
  EXPECT_EQ(tile_map(src, 10, 10, ground_impassable).cols(), 10);
  Error error;
  EXPECT_EQ(try_tile_map(src, 0, 5, {}, &error), std::nullopt);
  EXPECT_EQ(error.code, ErrorCode::invalid_argument);
  EXPECT_NE(error.message.find("size 0 x 5"), std::string::npos) << error.message;
  EXPECT_EQ(try_tile_map(src, 7, 5, {}, &error)->cols(), 7);
}

/// Checks every entry of a long scenario on `g`: opposite quarters (when both sides split),
/// far apart, in order of bucket, and the length exactly the reference Dijkstra's and A*'s.
void check_long_scenario(const Grid& g, const Scenario& s, int queries, const GridLayer& layer) {
  ASSERT_EQ(static_cast<int>(s.entries.size()), queries);
  EXPECT_EQ(s.version, "1");
  EXPECT_NO_THROW(validate_scenario(s, g, "long.map.scen"));
  AStar astar(g.cols(), g.rows());
  std::vector<GridCoord> path;
  int last_bucket = 0;
  const int half_x = g.cols() / 2;
  const int half_y = g.rows() / 2;
  for (std::size_t i = 0; i < s.entries.size(); ++i) {
    const ScenarioEntry& e = s.entries[i];
    EXPECT_EQ(e.line, static_cast<int>(i) + 2);
    EXPECT_EQ(e.map, "long.map");
    EXPECT_EQ(e.decimals, 8);
    EXPECT_EQ(e.bucket, static_cast<int>(std::floor(e.optimal_length / 4)));
    EXPECT_GE(e.bucket, last_bucket);
    last_bucket = e.bucket;
    if (g.cols() >= 2) {
      EXPECT_NE(e.start_x < half_x, e.goal_x < half_x) << e.line;
    }
    if (g.rows() >= 2) {
      EXPECT_NE(e.start_y < half_y, e.goal_y < half_y) << e.line;
    }
    const int dx = std::abs(e.start_x - e.goal_x);
    const int dy = std::abs(e.start_y - e.goal_y);
    const double octile = std::max(dx, dy) + (std::sqrt(2.0) - 1) * std::min(dx, dy);
    EXPECT_GE(octile, std::max(g.cols(), g.rows()) / 2.0) << e.line;
    const std::optional<double> reference =
        reference_shortest_length(g, e.start(), e.goal(), layer);
    ASSERT_TRUE(reference.has_value()) << e.line;
    EXPECT_EQ(e.optimal_length, *reference) << e.line;  // bit for bit
    const PathResult r = astar.find_path(g, layer, e.start(), e.goal(), path);
    ASSERT_TRUE(r.found());
    EXPECT_EQ(e.optimal_length, r.cost) << e.line;
  }
}

TEST(LongScenario, OppositeQuartersExactLengths) {
  // Uniform costs (JPS answers): a tiled rooms map and a tiled maze.
  const Grid rooms = tile_map(generate_map({MapKind::rooms, 40, 30, 0.1, 5, 11}), 130, 95);
  const Scenario a = generate_long_scenario(rooms, "long.map", 40, 7);
  check_long_scenario(rooms, a, 40, movingai_layer());
  EXPECT_EQ(format_scenario(a), format_scenario(generate_long_scenario(rooms, "long.map", 40, 7)));
  EXPECT_NE(format_scenario(a), format_scenario(generate_long_scenario(rooms, "long.map", 40, 8)));
  const Grid maze = tile_map(generate_map({MapKind::maze, 21, 21, 0, 7, 3}), 64, 50);
  check_long_scenario(maze, generate_long_scenario(maze, "long.map", 24, 1), 24, movingai_layer());
  // Weighted terrain (A* answers).
  const Grid terrain = tile_map(generate_map({MapKind::terrain, 48, 48, 0.2, 7, 4}), 100, 90,
                                {true, true, terrain_layer()});
  check_long_scenario(terrain, generate_long_scenario(terrain, "long.map", 20, 3, terrain_layer()),
                      20, terrain_layer());
  // Sides of 1 are not split: a 1 x 40 corridor goes from one half of its rows to the other.
  const Grid column(1, 40);
  check_long_scenario(column, generate_long_scenario(column, "long.map", 6, 2), 6,
                      movingai_layer());
  EXPECT_TRUE(generate_long_scenario(column, "long.map", 0, 2).entries.empty());
}

TEST(LongScenario, StaysInTheLargestComponent) {
  // The left half is blocked but for a 3 x 3 pocket: the largest component is the right half,
  // the left quarters hold none of it, so start and goal are drawn anywhere in the component.
  Grid g(40, 20);
  for (int y = 0; y < 20; ++y)
    for (int x = 0; x < 20; ++x)
      if (x < 1 || x > 3 || y < 1 || y > 3) g.set_blocked({x, y}, true);
  const Scenario s = generate_long_scenario(g, "long.map", 12, 5);
  ASSERT_EQ(s.entries.size(), 12u);
  for (const ScenarioEntry& e : s.entries) {
    EXPECT_GE(e.start_x, 20);
    EXPECT_GE(e.goal_x, 20);
    EXPECT_NE(e.start(), e.goal());
    EXPECT_EQ(e.optimal_length, *reference_shortest_length(g, e.start(), e.goal()));
  }
}

TEST(LongScenario, ErrorsNameTheValue) {
  const Grid g(4, 4);
  try {
    (void)generate_long_scenario(g, "m", -1, 1);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("queries = -1"), std::string::npos) << e.what();
  }
  Grid one(3, 1);
  one.set_blocked({0, 0}, true);
  one.set_blocked({2, 0}, true);
  Error error;
  EXPECT_EQ(try_generate_long_scenario(one, "m", 2, 1, movingai_layer(), &error), std::nullopt);
  EXPECT_EQ(error.code, ErrorCode::invalid_argument);
  EXPECT_NE(error.message.find("the largest connected component has 1 cells"), std::string::npos)
      << error.message;
  one.set_blocked({1, 0}, true);
  EXPECT_THROW((void)generate_long_scenario(one, "m", 2, 1), std::invalid_argument);
  EXPECT_EQ(try_generate_long_scenario(g, "m", 3, 1)->entries.size(), 3u);
}

// The sample data shipped in data/ is exactly what the generator makes with the parameters in
// data/README.md, and every query is solved optimally by A*.
TEST(GeneratedData, ShippedSamplesAreReproducible) {
  const char* env = std::getenv("PATHING_SOURCE_DIR");
  const char* src = env != nullptr ? env : PATHING_TEST_SOURCE_DIR;
  struct Sample {
    const char* name;
    MapSpec spec;
    int queries;
    std::uint64_t scen_seed;
    GridLayer layer = movingai_layer();
  };
  const Sample samples[] = {
      {"random-64", {MapKind::random, 64, 64, 0.2, 7, 1}, 40, 1},
      {"rooms-64", {MapKind::rooms, 64, 64, 0.2, 7, 2}, 40, 2},
      {"maze-32", {MapKind::maze, 32, 32, 0.0, 7, 3}, 30, 3},
      {"terrain-64", {MapKind::terrain, 64, 64, 0.2, 7, 4}, 40, 4, terrain_layer()},
  };
  for (const Sample& s : samples) {
    const fs::path map_file = fs::path(src) / "data" / (std::string(s.name) + ".map");
    auto slurp = [](const fs::path& p) {
      std::ifstream in(p, std::ios::binary);
      std::ostringstream ss;
      ss << in.rdbuf();
      return std::move(ss).str();
    };
    const Grid g = generate_map(s.spec);
    EXPECT_EQ(slurp(map_file), format_map(g)) << map_file;
    const std::string map_name = std::string(s.name) + ".map";
    EXPECT_EQ(slurp(fs::path(map_file) += ".scen"),
              format_scenario(generate_scenario(g, map_name, s.queries, s.scen_seed, s.layer)))
        << map_file;
  }
}

}  // namespace
}  // namespace pathing::io
