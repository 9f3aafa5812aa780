// The non-throwing forms of pathing::io (try_parse_map, try_load_map, ...): exact error codes and
// messages. Also built without exceptions (the noexcept preset), where they are the only way in.
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>

#include "pathing/error.hpp"
#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/io/seed_map.hpp"

namespace pathing::io {
namespace {

TEST(IoNoThrow, TryParseMapGivesTheMapOrTheParseErrorText) {
  Error e;
  const std::optional<Map> m =
      try_parse_map("type octile\nheight 1\nwidth 3\nmap\n.@T\n", "t.map", &e);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->grid.cols(), 3);
  EXPECT_TRUE(m->grid.is_blocked({1, 0}));
  EXPECT_EQ(e.code, ErrorCode::none);

  EXPECT_FALSE(try_parse_map("type octile\nheight 1\nwidth 3\nmap\n.?T\n", "t.map", &e));
  EXPECT_EQ(e.code, ErrorCode::parse_error);
  EXPECT_EQ(e.message.rfind("t.map:5:2: ", 0), 0u) << e.message;
  EXPECT_NE(e.message.find("'?'"), std::string::npos) << e.message;

  EXPECT_FALSE(try_parse_map("", "t.map").has_value());  // a null Error* is allowed
}

TEST(IoNoThrow, UnreadableFilesAreIoErrors) {
  Error e;
  const std::filesystem::path missing = "/nonexistent/pathing/none.map";
  EXPECT_FALSE(try_load_map(missing, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::io_error);
  EXPECT_EQ(e.message.rfind(missing.string() + ":0:0: ", 0), 0u) << e.message;
  EXPECT_FALSE(try_load_scenario("/nonexistent/pathing/none.scen", &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::io_error);
  EXPECT_FALSE(try_load_seed_map("/nonexistent/pathing/none.txt", &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::io_error);
}

// Issue #19 D8, D9 without exceptions: a directory (and, on Linux, a device and a read error) is
// an io_error naming the file and the reason.
TEST(IoNoThrow, NonRegularFilesAndReadErrorsAreIoErrors) {
  Error e;
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  EXPECT_FALSE(try_load_map(dir, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::io_error);
  EXPECT_EQ(
      e.message,
      dir.string() + ":0:0: is not a regular file (a directory): only regular files are read");
  EXPECT_FALSE(try_load_seed_map(dir, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::io_error);
#if defined(__linux__)
  EXPECT_FALSE(try_load_scenario("/dev/zero", &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::io_error);
  EXPECT_EQ(e.message,
            "/dev/zero:0:0: is not a regular file (a character device): only regular files are "
            "read");
  if (std::filesystem::exists("/proc/self/mem")) {
    EXPECT_FALSE(try_load_map("/proc/self/mem", &e).has_value());
    EXPECT_EQ(e.code, ErrorCode::io_error);
    EXPECT_EQ(e.message, "/proc/self/mem:0:0: cannot read the file: Input/output error");
  }
#endif
}

TEST(IoNoThrow, ScenariosAndSeedMaps) {
  Error e;
  EXPECT_FALSE(try_parse_scenario("version 2\n", "t.scen", &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::parse_error);
  EXPECT_EQ(e.message.rfind("t.scen:1:", 0), 0u) << e.message;

  const std::optional<SeedMap> s = try_parse_seed_map("S x\n  F\n", "s.txt", &e);
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->start, (GridCoord{0, 0}));
  EXPECT_EQ(s->finish, (GridCoord{2, 1}));
  EXPECT_FALSE(try_parse_seed_map("S x\n  Q\n", "s.txt", &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::parse_error);
  EXPECT_EQ(e.message.rfind("s.txt:2:3: ", 0), 0u) << e.message;
}

TEST(IoNoThrow, GeneratorsReportBadArguments) {
  Error e;
  MapSpec spec;
  spec.width = 0;
  spec.height = 8;
  EXPECT_FALSE(try_generate_map(spec, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_EQ(e.message.rfind("pathing::io::generate_map: size 0 x 8", 0), 0u) << e.message;
  spec.width = 16;
  const std::optional<Grid> g = try_generate_map(spec, &e);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->cols(), 16);
  EXPECT_FALSE(try_generate_scenario(*g, "m.map", -1, 1, movingai_layer(), &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  const std::optional<Scenario> scen = try_generate_scenario(*g, "m.map", 3, 1);
  ASSERT_TRUE(scen.has_value());
  EXPECT_TRUE(try_validate_scenario(*scen, *g, "m.scen", &e));
}

}  // namespace
}  // namespace pathing::io
