// Bad input to pathing::io: truncated files at every byte, NUL bytes at every position, CRLF and
// lone CR line ends, huge numbers, missing files, and the caller's objects after a failed call
// (docs/robustness.md maps each bad input to its documented result and its test).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/io/seed_map.hpp"
#include "support/parse_error.hpp"

namespace pathing::io {
namespace {

namespace fs = std::filesystem;

const std::string kMap = "type octile\nheight 3\nwidth 4\nmap\n.@..\nT.S.\n..@O\n";
const std::string kScen =
    "version 1\n"
    "0\tm.map\t4\t3\t0\t0\t3\t0\t3\n"
    "1\tm.map\t4\t3\t0\t0\t1\t2\t4.41421356\n";

int count_lines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n + (!s.empty() && s.back() != '\n');
}

std::string crlf(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\n') out += '\r';
    out += c;
  }
  return out;
}

TEST(IoBadInput, MapTruncatedAtEveryByteFailsWithAPositionOrParsesWhole) {
  const Map whole = parse_map(kMap, "t.map");
  for (std::size_t n = 0; n < kMap.size(); ++n) {
    const std::string cut = kMap.substr(0, n);
    SCOPED_TRACE("first " + std::to_string(n) + " bytes");
    if (n + 1 == kMap.size()) {  // only the final '\n' missing
      EXPECT_EQ(parse_map(cut, "t.map").grid, whole.grid);
      continue;
    }
    const ParseError e = parse_error([&] { (void)parse_map(cut, "t.map"); });
    EXPECT_GE(e.line(), 1);
    EXPECT_LE(e.line(), count_lines(cut) + 1) << e.what();
    EXPECT_GE(e.column(), 1) << e.what();
  }
}

TEST(IoBadInput, ScenarioTruncatedAtEveryByteFailsWithAPositionOrParsesAPrefix) {
  const Scenario whole = parse_scenario(kScen, "t.scen");
  for (std::size_t n = 0; n < kScen.size(); ++n) {
    const std::string cut = kScen.substr(0, n);
    SCOPED_TRACE("first " + std::to_string(n) + " bytes");
    try {
      const Scenario s = parse_scenario(cut, "t.scen");
      // A cut inside a number can leave a shorter valid number: then every entry but the last
      // is the file's, and the last differs at most in its final field.
      ASSERT_LE(s.entries.size(), whole.entries.size());
      for (std::size_t i = 0; i < s.entries.size(); ++i) {
        const ScenarioEntry& a = s.entries[i];
        const ScenarioEntry& b = whole.entries[i];
        EXPECT_EQ(a.map, b.map);
        EXPECT_EQ(a.start(), b.start());
        if (i + 1 < s.entries.size()) {
          EXPECT_EQ(a.optimal_length, b.optimal_length);
        }
      }
    } catch (const ParseError& e) {
      EXPECT_EQ(e.line(), count_lines(cut) == 0 ? 1 : count_lines(cut)) << e.what();
      EXPECT_GE(e.column(), 1) << e.what();
    }
  }
  // A cut in the middle of the length's fraction: "4.41421356" -> "4." is an error.
  const ParseError e =
      parse_error([&] { (void)parse_scenario(kScen.substr(0, kScen.size() - 9), "t.scen"); });
  EXPECT_EQ(e.line(), 3);
  EXPECT_NE(std::string(e.what()).find("bad optimal length '4.'"), std::string::npos) << e.what();
}

TEST(IoBadInput, NulByteAtEveryPositionIsReportedWhereItIs) {
  for (const std::string& text : {kMap, kScen}) {
    for (std::size_t i = 0; i < text.size(); ++i) {
      std::string bad = text;
      bad[i] = '\0';
      int line = 1;
      std::size_t line_start = 0;
      for (std::size_t k = 0; k < i; ++k)
        if (text[k] == '\n') {
          ++line;
          line_start = k + 1;
        }
      const bool is_map = text == kMap;
      const ParseError e = parse_error([&] {
        if (is_map) {
          (void)parse_map(bad, "n");
        } else {
          (void)parse_scenario(bad, "n");
        }
      });
      EXPECT_EQ(e.line(), line) << e.what();
      EXPECT_EQ(e.column(), static_cast<int>(i - line_start) + 1) << e.what();
      EXPECT_NE(std::string(e.what()).find("NUL byte"), std::string::npos) << e.what();
    }
  }
}

TEST(IoBadInput, CrlfFilesReadLikeLfFilesAndLoneCrIsAnError) {
  EXPECT_EQ(parse_map(crlf(kMap), "t.map").grid, parse_map(kMap, "t.map").grid);
  const Scenario a = parse_scenario(crlf(kScen), "t.scen");
  const Scenario b = parse_scenario(kScen, "t.scen");
  ASSERT_EQ(a.entries.size(), b.entries.size());
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    EXPECT_EQ(a.entries[i].optimal_length, b.entries[i].optimal_length);
    EXPECT_EQ(a.entries[i].decimals, b.entries[i].decimals);
    EXPECT_EQ(a.entries[i].columns, b.entries[i].columns);
  }
  const std::string seed = "S x\n  F\n";
  EXPECT_EQ(parse_seed_map(crlf(seed), "s").grid, parse_seed_map(seed, "s").grid);
  // Old Mac line ends (CR only) are not line ends: the header line runs on.
  const ParseError e =
      parse_error([] { (void)parse_map("type octile\rheight 1\rwidth 1\rmap\r.\r", "cr.map"); });
  EXPECT_EQ(std::string(e.what()), "cr.map:1:20: unexpected '1\\x0dwidth' after the 'type' header");
  // A CR inside a map row is an unknown character, named by its code.
  const ParseError row =
      parse_error([] { (void)parse_map("type octile\nheight 1\nwidth 3\nmap\n.\r.\n", "cr.map"); });
  EXPECT_EQ(row.line(), 5);
  EXPECT_EQ(row.column(), 2);
  EXPECT_NE(std::string(row.what()).find("'\\x0d'"), std::string::npos) << row.what();
}

TEST(IoBadInput, HugeAndOddNumbersNameTheValue) {
  const auto map_error = [](const std::string& header) {
    return std::string(parse_error([&] { (void)parse_map(header, "h.map"); }).what());
  };
  EXPECT_EQ(map_error("type octile\nheight 2147483648\n"),
            "h.map:2:8: height '2147483648' is outside [1, 32768]");
  EXPECT_EQ(map_error("type octile\nheight 3\nwidth -2147483649\n"),
            "h.map:3:7: width '-2147483649' is outside [1, 32768]");
  EXPECT_EQ(map_error("type octile\nheight 1e3\n"),
            "h.map:2:8: bad height '1e3': expected a whole number");
  EXPECT_EQ(map_error("type octile\nheight 0x10\n"),
            "h.map:2:8: bad height '0x10': expected a whole number");
  EXPECT_EQ(map_error("type octile\nheight 16384\nwidth 16385\nmap\n"),
            "h.map:3:7: width 16385 x height 16384 exceeds the limit of 268435456 cells");
  // Leading zeros are a plain decimal number.
  EXPECT_EQ(parse_map("type octile\nheight 001\nwidth 0002\nmap\n..\n", "z").grid.cols(), 2);
  // A scenario coordinate may be any int: INT_MAX parses, then fails validation.
  const Scenario s = parse_scenario("version 1\n0 m.map 4 3 2147483647 0 0 0 1\n", "big.scen");
  EXPECT_EQ(s.entries[0].start_x, 2147483647);
  EXPECT_EQ(std::string(parse_error([&] { validate_scenario(s, Grid(4, 3), "big.scen"); }).what()),
            "big.scen:2:13: start x 2147483647 is outside the map (4 x 3)");
  EXPECT_EQ(std::string(parse_error([] {
                          (void)parse_scenario("version 1\n0 m.map 4 3 2147483648 0 0 0 1\n",
                                               "big.scen");
                        }).what()),
            "big.scen:2:13: start x '2147483648' is outside [0, 2147483647]");
  // A 100,000-character field is quoted cut to 40 characters.
  const std::string long_field(100000, '7');
  const std::string msg = map_error("type octile\nheight " + long_field + "\n");
  EXPECT_LT(msg.size(), 120u) << msg;
  EXPECT_NE(msg.find("'7777777777777777777777777777777777777777...'"), std::string::npos) << msg;
}

TEST(IoBadInput, ScenarioWhoseMapIsMissingNamesTheMapFile) {
  const fs::path dir = fs::temp_directory_path() / "pathing-robustness-missing";
  fs::create_directories(dir);
  const Scenario s = parse_scenario("version 1\n0 maps/gone.map 4 3 0 0 1 1 1.41421356\n", "x");
  const fs::path map_file = scenario_map_path(s, dir / "gone.map.scen");
  EXPECT_EQ(map_file, dir / "gone.map");
  const ParseError e = parse_error([&] { (void)load_map(map_file); });
  EXPECT_EQ(e.file(), map_file.string());
  EXPECT_EQ(e.line(), 0);
  EXPECT_EQ(e.column(), 0);
  EXPECT_NE(std::string(e.what()).find("cannot open the file: No such file or directory"),
            std::string::npos)
      << e.what();
}

TEST(IoBadInput, ScenarioForAMapOfOtherDimensionsNamesBothSizes) {
  const Scenario s = parse_scenario("version 1\n0 m.map 5 3 0 0 1 1 1.41421356\n", "m.map.scen");
  const Map m = parse_map(kMap, "m.map");
  EXPECT_EQ(std::string(parse_error([&] { validate_scenario(s, m.grid, "m.map.scen"); }).what()),
            "m.map.scen:2:9: map width 5 does not match the map (4 x 3)");
}

TEST(IoBadInput, AFailedParseLeavesTheCallersObjectsUnchanged) {
  Map m = parse_map(kMap, "t.map");
  const Map before = m;
  EXPECT_THROW(m = parse_map(kMap.substr(0, 40), "t.map"), ParseError);
  EXPECT_THROW(m = load_map("/nonexistent/t.map"), ParseError);
  EXPECT_EQ(m.grid, before.grid);
  EXPECT_EQ(m.grid.version(), before.grid.version());
  EXPECT_EQ(m.type, before.type);

  Scenario s = parse_scenario(kScen, "t.scen");
  const std::size_t n = s.entries.size();
  EXPECT_THROW(s = parse_scenario(kScen + "0 m.map 4 3 0 0 9 x 1\n", "t.scen"), ParseError);
  EXPECT_EQ(s.entries.size(), n);
  EXPECT_EQ(s.entries[1].optimal_length, 4.41421356);
  EXPECT_THROW(validate_scenario(s, Grid(2, 2), "t.scen"), ParseError);  // const: nothing to change
  EXPECT_EQ(s.entries.size(), n);

  SeedMap sm = parse_seed_map("S F\n", "s");
  EXPECT_THROW(sm = parse_seed_map("S F\nS  \n", "s"), ParseError);
  EXPECT_EQ(sm.start, (GridCoord{0, 0}));
  EXPECT_EQ(sm.finish, (GridCoord{2, 0}));
  EXPECT_EQ(sm.grid.rows(), 1);
}

// Fuzz defect (scen_parser target): a control character inside the map column (a stray CR:
// "0 a\rmap 3 2 ...") was accepted as part of the map's file name.
TEST(Regression, ControlCharacterInTheScenarioMapColumn) {
  EXPECT_EQ(std::string(parse_error([] {
                          (void)parse_scenario("version 1\n0 a\rmap 3 2 0 0 0 0 0\n", "t.scen");
                        }).what()),
            "t.scen:2:4: control character in the map column 'a\\x0dmap'");
  EXPECT_EQ(parse_error([] {
              (void)parse_scenario("version 1\n0\tx.map\x7f\t3\t2\t0\t0\t0\t0\t0\n", "t.scen");
            }).column(),
            8);
  // Bytes >= 0x80 (UTF-8 names) are fine.
  EXPECT_EQ(parse_scenario("version 1\n0 caf\xc3\xa9.map 3 2 0 0 0 0 0\n", "t.scen").entries[0].map,
            "caf\xc3\xa9.map");
}

// Review defect: generate_map with rooms near INT_MAX cells wide overflowed `int` (room_size + 1
// and width + step - 1). Rooms larger than the map now give the map of map-sized rooms: no wall.
TEST(Regression, GeneratedRoomsLargerThanTheMap) {
  MapSpec spec;
  spec.kind = MapKind::rooms;
  spec.width = 40;
  spec.height = 25;
  spec.room_size = 40;
  const Grid reference = generate_map(spec);
  for (int y = 0; y < 25; ++y)
    for (int x = 0; x < 40; ++x) ASSERT_FALSE(reference.is_blocked({x, y}));
  for (int room : {41, 1000000, 2147483646, 2147483647}) {
    spec.room_size = room;
    EXPECT_EQ(generate_map(spec), reference) << room;
  }
  // The sizes the Grid rejects are rejected before anything else, naming the value.
  spec.width = 32768;
  spec.height = 32768;
  EXPECT_THROW((void)generate_map(spec), std::invalid_argument);
}

TEST(IoBadInput, EmptyAndBlankFiles) {
  EXPECT_EQ(std::string(parse_error([] { (void)parse_map("", "e.map"); }).what()),
            "e.map:1:1: the file ends before the 'type' header line");
  EXPECT_EQ(std::string(parse_error([] { (void)parse_map("\n\n\n", "e.map"); }).what()),
            "e.map:1:1: expected the 'type' header line, found an empty line");
  EXPECT_EQ(std::string(parse_error([] { (void)parse_scenario("", "e.scen"); }).what()),
            "e.scen:1:1: empty file: expected 'version 1'");
  EXPECT_EQ(std::string(parse_error([] { (void)parse_seed_map("\r\n\r\n", "e.txt"); }).what()),
            "e.txt:1:1: empty map: expected rows of 'x', ' ', 'S', 'F'");
}

}  // namespace
}  // namespace pathing::io
