#include "pathing/io/movingai.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "pathing/search/astar.hpp"
#include "support/parse_error.hpp"

namespace pathing::io {
namespace {

namespace fs = std::filesystem;

/// Asserts that parsing `text` as a map fails at line:column with a message containing `what`.
void expect_map_error(const std::string& text, int line, int column, const std::string& what) {
  const ParseError e = parse_error([&] { (void)parse_map(text, "t.map"); });
  EXPECT_EQ(e.file(), "t.map");
  EXPECT_EQ(e.line(), line) << e.what();
  EXPECT_EQ(e.column(), column) << e.what();
  EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
  EXPECT_EQ(std::string(e.what()).rfind(
                "t.map:" + std::to_string(line) + ":" + std::to_string(column) + ": ", 0),
            0u)
      << e.what();
}

void expect_scen_error(const std::string& text, int line, int column, const std::string& what) {
  const ParseError e = parse_error([&] { (void)parse_scenario(text, "t.scen"); });
  EXPECT_EQ(e.line(), line) << e.what();
  EXPECT_EQ(e.column(), column) << e.what();
  EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
  EXPECT_EQ(std::string(e.what()).rfind(
                "t.scen:" + std::to_string(line) + ":" + std::to_string(column) + ": ", 0),
            0u)
      << e.what();
}

const std::string kHeader = "type octile\nheight 3\nwidth 4\nmap\n";

// ---------------------------------------------------------------------------------------------
// .map

TEST(MovingAiMap, ParsesEveryCharacter) {
  const Map m = parse_map("type octile\nheight 2\nwidth 4\nmap\n.G@O\nTSW.\n", "t.map");
  EXPECT_EQ(m.type, "octile");
  ASSERT_EQ(m.grid.cols(), 4);
  ASSERT_EQ(m.grid.rows(), 2);
  EXPECT_EQ(m.grid.cell({0, 0}), 0);
  EXPECT_EQ(m.grid.cell({1, 0}), 0);
  EXPECT_EQ(m.grid.cell({2, 0}), Grid::kBlockedBit | 0);
  EXPECT_EQ(m.grid.cell({3, 0}), Grid::kBlockedBit | tag::kOutOfBounds);
  EXPECT_EQ(m.grid.cell({0, 1}), tag::kTrees);
  EXPECT_EQ(m.grid.cell({1, 1}), tag::kSwamp);
  EXPECT_EQ(m.grid.cell({2, 1}), tag::kWater);
  EXPECT_EQ(m.grid.cell({3, 1}), 0);
  // The Moving AI layer: ground and swamp passable (cost 1), the rest impassable.
  const GridLayer l = movingai_layer();
  EXPECT_EQ(l.cost_at(m.grid, {0, 0}), 1);
  EXPECT_EQ(l.cost_at(m.grid, {1, 1}), 1);
  EXPECT_EQ(l.cost_at(m.grid, {0, 1}), 0);
  EXPECT_EQ(l.cost_at(m.grid, {2, 1}), 0);
  EXPECT_EQ(l.cost_at(m.grid, {2, 0}), 0);
  EXPECT_EQ(l.cost_at(m.grid, {3, 0}), 0);
}

TEST(MovingAiMap, AcceptsCrlfTabsTrailingBlankLinesAndNoFinalNewline) {
  const Map a =
      parse_map("type\toctile\r\nheight  2\r\nwidth 3\r\nmap\r\n.@.\r\n@..\r\n\r\n\n  \n", "t.map");
  const Map b = parse_map("type octile\nheight 2\nwidth 3\nmap\n.@.\n@..", "t.map");
  EXPECT_EQ(a.grid, b.grid);
  EXPECT_TRUE(a.grid.is_blocked({1, 0}));
  EXPECT_TRUE(a.grid.is_blocked({0, 1}));
  EXPECT_FALSE(a.grid.is_blocked({2, 1}));
}

TEST(MovingAiMap, RoundTripsThroughFormatMap) {
  const std::string text = "type octile\nheight 3\nwidth 5\nmap\n.@OTS\nW...@\n@@.T.\n";
  const Map m = parse_map(text, "t.map");
  EXPECT_EQ(format_map(m.grid), text);
  const Map again = parse_map(format_map(m.grid), "again.map");
  EXPECT_EQ(again.grid, m.grid);
  // G reads as ground and is written back as '.'.
  EXPECT_EQ(format_map(parse_map("type octile\nheight 1\nwidth 2\nmap\nG.\n", "g").grid),
            "type octile\nheight 1\nwidth 2\nmap\n..\n");
}

TEST(MovingAiMap, FormatMapRejectsTagsWithoutACharacter) {
  Grid g(3, 2);
  g.set_tile({2, 1}, 5);
  try {
    (void)format_map(g);
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("(2, 1)"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("tag 5"), std::string::npos) << e.what();
  }
  Grid h(2, 2);
  h.set_cell({1, 0}, Grid::kBlockedBit | 3);
  EXPECT_THROW((void)format_map(h), std::invalid_argument);
}

TEST(MovingAiMapErrors, Header) {
  expect_map_error("", 1, 1, "ends before the 'type' header");
  expect_map_error("typo octile\n", 1, 1, "expected 'type', found 'typo'");
  expect_map_error("\n", 1, 1, "found an empty line");
  expect_map_error("type\n", 1, 5, "missing value after 'type'");
  expect_map_error("type octile extra\n", 1, 13, "unexpected 'extra'");
  expect_map_error("type octile\nwidth 4\nheight 3\nmap\n", 2, 1,
                   "expected 'height', found 'width'");
  expect_map_error("type octile\nheight 3\n", 3, 1, "ends before the 'width' header");
  expect_map_error("type octile\nheight 3\nwidth 4\nmaps\n", 4, 1, "expected 'map', found 'maps'");
  expect_map_error("type octile\nheight 3\nwidth 4\nmap 1\n", 4, 5, "unexpected '1'");
  expect_map_error("type octile\nheight 3\nwidth 4\n", 4, 1, "ends before the 'map' header");
}

TEST(MovingAiMapErrors, Numbers) {
  expect_map_error("type octile\nheight 3a\n", 2, 8, "bad height '3a'");
  expect_map_error("type octile\nheight +3\n", 2, 8, "bad height '+3'");
  expect_map_error("type octile\nheight 3\nwidth 4.0\n", 3, 7, "bad width '4.0'");
  expect_map_error("type octile\nheight 0\n", 2, 8, "height '0' is outside [1, 32768]");
  expect_map_error("type octile\nheight -2\n", 2, 8, "height '-2' is outside [1, 32768]");
  expect_map_error("type octile\nheight 3\nwidth 32769\n", 3, 7, "width '32769' is outside");
  expect_map_error("type octile\nheight 99999999999999999999999\n", 2, 8,
                   "height '99999999999999999999999' is outside [1, 32768]");
}

TEST(MovingAiMapErrors, Rows) {
  expect_map_error(kHeader + "....\n...\n....\n", 6, 4,
                   "short map row 2: 3 characters, expected width 4");
  expect_map_error(kHeader + "....\n....\n.....\n", 7, 5, "long map row 3: 5 characters");
  expect_map_error(kHeader + "....\n..x.\n....\n", 6, 3, "unknown map character 'x'");
  expect_map_error(kHeader + "....\n....\n.\t..\n", 7, 2, "unknown map character '\\x09'");
  expect_map_error(kHeader + "....\n....\n", 7, 1, "ends after 2 of 3 map rows");
  expect_map_error(kHeader, 5, 1, "ends after 0 of 3 map rows");
  expect_map_error(kHeader + "....\n....\n....\n\n  ..@\n", 9, 3,
                   "unexpected text after the 3 map rows: '..@'");
  // A blank line inside the map is a short row.
  expect_map_error(kHeader + "....\n\n....\n", 6, 1, "short map row 2: 0 characters");
  // Only one '\r' is a line end; another is an unknown character.
  expect_map_error(kHeader + "....\r\r\n", 5, 5, "long map row 1");
}

TEST(MovingAiMapErrors, NulByte) {
  std::string text = kHeader + "....\n..";
  text += '\0';
  text += ".\n....\n";
  expect_map_error(text, 6, 3, "NUL byte");
  std::string head = "type oct";
  head += '\0';
  expect_map_error(head, 1, 9, "NUL byte");
}

TEST(MovingAiMapErrors, HugeDeclaredSizeFailsBeforeAllocating) {
  // 16384 x 16384 is within the Grid's limits (128 MiB): a truncated file must fail on its rows,
  // not allocate the grid first.
  const std::string row(16384, '.');
  expect_map_error("type octile\nheight 16384\nwidth 16384\nmap\n" + row + "\n", 6, 1,
                   "ends after 1 of 16384 map rows");
  // Beyond the Grid's cell limit: rejected at the width line.
  expect_map_error("type octile\nheight 32768\nwidth 32768\nmap\n", 3, 7, "exceeds the limit");
}

TEST(MovingAiMapErrors, DirectoryIsNotAFile) {
  const fs::path dir = fs::temp_directory_path();
  const ParseError e = parse_error([&] { (void)load_scenario(dir); });
  EXPECT_EQ(e.line(), 0);
  EXPECT_NE(std::string(e.what()).find("is not a regular file (a directory)"), std::string::npos)
      << e.what();
}

TEST(MovingAiMapErrors, UnreadableFile) {
  const ParseError e = parse_error([] { (void)load_map("/nonexistent/dir/x.map"); });
  EXPECT_EQ(e.line(), 0);
  EXPECT_EQ(e.column(), 0);
  EXPECT_NE(std::string(e.what()).find("/nonexistent/dir/x.map:0:0: cannot open"),
            std::string::npos)
      << e.what();
}

// ---------------------------------------------------------------------------------------------
// .scen

TEST(MovingAiScen, ParsesTabsSpacesVersionsDecimalsAndBlankLines) {
  const std::string text =
      "version 1\n"
      "0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n"
      "3 arena.map  49 49   2 3 4 5    12.82842712\r\n"
      "\n"
      "1\tarena.map\t49\t49\t0\t0\t48\t48\t7.65685\n"
      "\n\n";
  const Scenario s = parse_scenario(text, "t.scen");
  EXPECT_EQ(s.version, "1");
  ASSERT_EQ(s.entries.size(), 3u);
  const ScenarioEntry& a = s.entries[0];
  EXPECT_EQ(a.bucket, 0);
  EXPECT_EQ(a.map, "maps/dao/arena.map");
  EXPECT_EQ(a.map_width, 49);
  EXPECT_EQ(a.map_height, 49);
  EXPECT_EQ(a.start(), (GridCoord{1, 11}));
  EXPECT_EQ(a.goal(), (GridCoord{1, 12}));
  EXPECT_EQ(a.optimal_length, 1.0);
  EXPECT_EQ(a.decimals, 0);
  EXPECT_EQ(a.line, 2);
  EXPECT_EQ(a.columns, (std::array<int, 9>{1, 3, 22, 25, 28, 30, 33, 35, 38}));
  const ScenarioEntry& b = s.entries[1];
  EXPECT_EQ(b.bucket, 3);
  EXPECT_EQ(b.map, "arena.map");
  EXPECT_EQ(b.start(), (GridCoord{2, 3}));
  EXPECT_EQ(b.goal(), (GridCoord{4, 5}));
  EXPECT_DOUBLE_EQ(b.optimal_length, 12.82842712);
  EXPECT_EQ(b.decimals, 8);
  EXPECT_EQ(b.line, 3);
  EXPECT_EQ(b.columns[8], 33);
  EXPECT_EQ(s.entries[2].decimals, 5);
  EXPECT_EQ(s.entries[2].line, 5);

  EXPECT_EQ(
      parse_scenario("version 1.0\n61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95\n",
                     "t.scen")
          .version,
      "1.0");
  EXPECT_TRUE(parse_scenario("version 1\n", "t.scen").entries.empty());
}

TEST(MovingAiScen, ToleranceIsHalfAUnitInTheLastPlacePlusAFloatUlp) {
  ScenarioEntry e;
  e.optimal_length = 2.41421;
  e.decimals = 5;
  EXPECT_DOUBLE_EQ(e.tolerance(), 0.5e-5 + 2.41421 / 8388608.0);
  const double ours = 1.0 + std::sqrt(2.0);  // 2.4142135...
  EXPECT_LE(std::fabs(ours - e.optimal_length), e.tolerance());
  e.optimal_length = 2.41420;
  EXPECT_GT(std::fabs(ours - e.optimal_length), e.tolerance());
  e.optimal_length = 7;
  e.decimals = 0;
  EXPECT_DOUBLE_EQ(e.tolerance(), 0.5 + 7 / 8388608.0);
  // The float32 case of the Moving AI files: 119 + 96 sqrt(2) = 254.76450199 is published as
  // "254.764" (0.502 units of the last place away); it matches, a length 0.002 longer does not.
  e.optimal_length = 254.764;
  e.decimals = 3;
  const double exact = 119 + 96 * std::sqrt(2.0);
  EXPECT_GT(std::fabs(exact - e.optimal_length), 0.5e-3);
  EXPECT_LE(std::fabs(exact - e.optimal_length), e.tolerance());
  EXPECT_GT(std::fabs(exact + 0.002 - e.optimal_length), e.tolerance());
  // The 8-decimal case: 748.75144195 published, 748.75144213 exact (a rounded sqrt(2)).
  e.optimal_length = 748.75144195;
  e.decimals = 8;
  EXPECT_LE(std::fabs(748.75144213 - e.optimal_length), e.tolerance());
  // The closest distinct length at that size (408 diagonals for 577 straight moves less, or
  // the reverse) differs by 8.7e-4: far outside the tolerance.
  EXPECT_LT(e.tolerance(), 1e-4);
}

TEST(MovingAiScenErrors, Version) {
  expect_scen_error("", 1, 1, "empty file");
  expect_scen_error("0\tarena.map\t49\t49\t1\t11\t1\t12\t1\n", 1, 1,
                    "expected 'version 1' as the first line, found '0'");
  expect_scen_error("version\n", 1, 8, "missing version number");
  expect_scen_error("version 2\n", 1, 9, "unsupported scenario version '2'");
  expect_scen_error("version 1 x\n", 1, 11, "unexpected 'x'");
}

TEST(MovingAiScenErrors, Fields) {
  const std::string v = "version 1\n";
  expect_scen_error(v + "0\ta.map\t49\t49\t1\t11\t1\t12\n", 2, 24, "expected 9 fields");
  expect_scen_error(v + "0\ta.map\t49\t49\t1\t11\t1\t12\t1\t5\n", 2, 27,
                    "unexpected 10th field '5'");
  expect_scen_error(v + "0 a.map 49 49 1 1x 1 12 1\n", 2, 17, "bad start y '1x'");
  expect_scen_error(v + "0 a.map 49 49 1 1 -1 12 1\n", 2, 19,
                    "goal x '-1' is outside [0, 2147483647]");
  expect_scen_error(v + "0 a.map 49 49 1 1 1 99999999999 1\n", 2, 21,
                    "goal y '99999999999' is outside");
  expect_scen_error(v + "x a.map 49 49 1 1 1 1 1\n", 2, 1, "bad bucket 'x'");
  expect_scen_error(v + "0 a.map 4a 49 1 1 1 1 1\n", 2, 9, "bad map width '4a'");
  expect_scen_error(v + "0 a.map 49 -49 1 1 1 1 1\n", 2, 12, "map height '-49' is outside");
  expect_scen_error(v + "0 a.map 49 49 1 1 1 1 1.2.3\n", 2, 23, "bad optimal length '1.2.3'");
  expect_scen_error(v + "0 a.map 49 49 1 1 1 1 1e5\n", 2, 23, "bad optimal length '1e5'");
  expect_scen_error(v + "0 a.map 49 49 1 1 1 1 -3\n", 2, 23, "bad optimal length '-3'");
  expect_scen_error(v + "0 a.map 49 49 1 1 1 1 .5\n", 2, 23, "bad optimal length '.5'");
  expect_scen_error(v + "0 a.map 49 49 1 1 1 1 5.\n", 2, 23, "bad optimal length '5.'");
  expect_scen_error(v + "0 a.map 49 49 1 1 1 1 nan\n", 2, 23, "bad optimal length 'nan'");
  expect_scen_error(v + "0 a.map 49 49 1 1 1 1 " + std::string(400, '9') + "\n", 2, 23,
                    "is out of range");
  // The error is on the right line after blank lines and good lines.
  expect_scen_error(v + "0 a.map 49 49 1 1 1 1 1\n\n0 a.map 49 49 1 1 1 1 1\n0 a.map 49 49 1 1\n",
                    5, 18, "found 6");
  std::string nul = v + "0 a.map 49 49 1 1 1 1 1";
  nul += '\0';
  expect_scen_error(nul, 2, 24, "NUL byte");
}

TEST(MovingAiScen, ValidateChecksSizeAndEndpoints) {
  const Grid g(49, 30);
  auto check = [&](const std::string& row, int column, const std::string& what) {
    const Scenario s = parse_scenario("version 1\n0 a.map 49 30 0 0 48 29 1\n" + row + "\n", "s");
    const ParseError e = parse_error([&] { validate_scenario(s, g, "v.scen"); });
    EXPECT_EQ(e.file(), "v.scen");
    EXPECT_EQ(e.line(), 3) << e.what();
    EXPECT_EQ(e.column(), column) << e.what();
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
  };
  EXPECT_NO_THROW(
      validate_scenario(parse_scenario("version 1\n0 a.map 49 30 0 0 48 29 1\n", "s"), g, "v"));
  check("0\ta.map\t50\t30\t1\t1\t1\t1\t1", 9, "map width 50 does not match the map (49 x 30)");
  check("0\ta.map\t49\t31\t1\t1\t1\t1\t1", 12, "map height 31 does not match the map (49 x 30)");
  check("0 a.map 49 30 49 1 1 1 1", 15, "start x 49 is outside the map (49 x 30)");
  check("0 a.map 49 30 1 30 1 1 1", 17, "start y 30 is outside the map");
  check("0 a.map 49 30 1 1 100 1 1", 19, "goal x 100 is outside the map");
  check("0 a.map 49 30 1 1 1 30 1", 21, "goal y 30 is outside the map");
}

TEST(MovingAiScen, MapPathIsTheBaseNameBesideTheScenario) {
  const auto path_for = [](const std::string& column, const fs::path& scen_file) {
    const Scenario s = parse_scenario("version 1\n0 " + column + " 1 1 0 0 0 0 0\n", "s");
    return scenario_map_path(s, scen_file);
  };
  EXPECT_EQ(path_for("maps/dao/arena.map", "/data/dao/arena.map.scen"),
            fs::path("/data/dao/arena.map"));
  EXPECT_EQ(path_for("Berlin_0_256.map", "street/Berlin_0_256.map.scen"),
            fs::path("street/Berlin_0_256.map"));
  EXPECT_EQ(path_for("maps\\dao\\x.map", "s.scen"), fs::path("x.map"));
  const ParseError e = parse_error([&] { (void)path_for("maps/", "d/s.scen"); });
  EXPECT_EQ(e.line(), 2);
  EXPECT_EQ(e.column(), 3);
  const ParseError empty =
      parse_error([] { (void)scenario_map_path(parse_scenario("version 1\n", "e"), "e.scen"); });
  EXPECT_NE(std::string(empty.what()).find("no entries"), std::string::npos);
}

// Rows naming another map than the first ran on the first map (issue #19 D6): refused, with the
// row's line and map column. The same base name under other directories is the same map.
TEST(MovingAiScen, RowsNamingAnotherMapAreRefused) {
  const Scenario same =
      parse_scenario("version 1\n0 maps/dao/a.map 1 1 0 0 0 0 0\n0 a.map 1 1 0 0 0 0 0\n", "s");
  EXPECT_EQ(scenario_map_path(same, "d/a.map.scen"), fs::path("d/a.map"));
  const Scenario mixed = parse_scenario(
      "version 1\n0 a.map 1 1 0 0 0 0 0\n0 a.map 1 1 0 0 0 0 0\n1  b.map 1 1 0 0 0 0 0\n", "s");
  const ParseError e = parse_error([&] { (void)scenario_map_path(mixed, "d/s.scen"); });
  EXPECT_EQ(e.line(), 4);
  EXPECT_EQ(e.column(), 4);
  EXPECT_EQ(std::string(e.what()),
            "d/s.scen:4:4: map column 'b.map' names another map than line 2 ('a.map'): a "
            "scenario runs on one map");
}

// A 100,000-character map column was quoted whole in the message of the map's load
// ("DIR/aaaa...(100,000 characters):0:0: cannot open the file: File name too long").
TEST(MovingAiScen, HugeMapColumnIsRefusedAndQuotedCut) {
  const std::string name(100000, 'a');
  const Scenario s = parse_scenario("version 1\n0 d/" + name + " 1 1 0 0 0 0 0\n", "s");
  const ParseError e = parse_error([&] { (void)scenario_map_path(s, "d/s.scen"); });
  EXPECT_EQ(std::string(e.what()), "d/s.scen:2:3: map column 'd/" + std::string(38, 'a') +
                                       "...' names a file name of 100000 bytes: at most 255");
  // 255 bytes is fine.
  const Scenario ok =
      parse_scenario("version 1\n0 " + std::string(255, 'b') + " 1 1 0 0 0 0 0\n", "s");
  EXPECT_EQ(scenario_map_path(ok, "d/s.scen"), fs::path("d") / std::string(255, 'b'));
}

// ---------------------------------------------------------------------------------------------
// The Moving AI subset in ../shared/data (skipped when absent).

fs::path shared_movingai() {
  const char* env = std::getenv("PATHING_SHARED_DATA");
  const fs::path base = env != nullptr ? fs::path(env) : fs::path("../shared/data");
  return base / "movingai";
}

TEST(MovingAiData, EveryFileParsesAndValidatesWithTheReadmeRowCounts) {
  const fs::path dir = shared_movingai();
  if (!fs::is_directory(dir)) GTEST_SKIP() << "shared data not found at " << dir << ": skipped";
  const std::map<std::string, std::size_t> rows = {
      {"dao/arena.map.scen", 160},
      {"dao/arena2.map.scen", 910},
      {"dao/brc202d.map.scen", 2519},
      {"dao/den011d.map.scen", 780},
      {"dao/den520d.map.scen", 888},
      {"dao/lak303d.map.scen", 1060},
      {"bg512/AR0011SR.map.scen", 1280},
      {"maze/maze512-1-0.map.scen", 11960},
      {"random/random512-10-0.map.scen", 1670},
      {"room/8room_000.map.scen", 1940},
      {"street/Berlin_0_256.map.scen", 930},
      {"street/Boston_0_512.map.scen", 1890},
  };
  std::size_t maps = 0;
  std::size_t scens = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    const std::string ext = entry.path().extension().string();
    if (ext == ".map") {
      const Map m = load_map(entry.path());
      // Every file here is made of `.@T` (street maps with CRLF and no final newline): it
      // round-trips.
      std::ifstream in(entry.path(), std::ios::binary);
      std::ostringstream ss;
      ss << in.rdbuf();
      std::string text = std::move(ss).str();
      std::erase(text, '\r');
      if (!text.empty() && text.back() != '\n') text += '\n';  // street maps: no final newline
      EXPECT_EQ(format_map(m.grid), text) << entry.path();
      ++maps;
    } else if (ext == ".scen") {
      const Scenario s = load_scenario(entry.path());
      const fs::path rel = fs::relative(entry.path(), dir);
      const auto it = rows.find(rel.generic_string());
      ASSERT_NE(it, rows.end()) << "unexpected scenario " << rel;
      EXPECT_EQ(s.entries.size(), it->second) << rel;
      const fs::path map_file = scenario_map_path(s, entry.path());
      const Map m = load_map(map_file);
      EXPECT_NO_THROW(validate_scenario(s, m.grid, entry.path().string())) << rel;
      ++scens;
    }
  }
  EXPECT_EQ(maps, 12u);
  EXPECT_EQ(scens, 12u);
}

TEST(MovingAiData, ArenaScenarioIsSolvedOptimallyByAStar) {
  const fs::path scen_file = shared_movingai() / "dao" / "arena.map.scen";
  if (!fs::exists(scen_file))
    GTEST_SKIP() << "shared data not found at " << scen_file << ": skipped";
  const Scenario s = load_scenario(scen_file);
  const Map m = load_map(scenario_map_path(s, scen_file));
  AStar astar(m.grid.cols(), m.grid.rows());
  std::vector<GridCoord> path;
  int matches = 0;
  for (const ScenarioEntry& e : s.entries) {
    const PathResult r = astar.find_path(m.grid, movingai_layer(), e.start(), e.goal(), path);
    ASSERT_TRUE(r.found()) << "line " << e.line;
    EXPECT_NEAR(r.cost, e.optimal_length, e.tolerance()) << "line " << e.line;
    matches += std::fabs(r.cost - e.optimal_length) <= e.tolerance();
  }
  EXPECT_EQ(matches, 160);
}

}  // namespace
}  // namespace pathing::io
