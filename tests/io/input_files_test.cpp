// Reading input files (issue #19 D8, D9): only regular files are read, never blocking on a FIFO
// nor running on forever on a device; the size read is capped; a read error is reported as one.
// (docs/robustness.md, "Files".)
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>

#include "pathing/io/movingai.hpp"
#include "pathing/io/seed_map.hpp"
#include "support/parse_error.hpp"

#if !defined(_WIN32)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace pathing::io {
namespace {

namespace fs = std::filesystem;

/// A scratch directory of this test program, made empty.
fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("pathing-input-files-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

TEST(IoInputFiles, ADirectoryIsNotARegularFile) {
  const fs::path dir = scratch("dir");
  for (const auto& e :
       {parse_error([&] { (void)load_map(dir); }), parse_error([&] { (void)load_scenario(dir); }),
        parse_error([&] { (void)load_seed_map(dir); })}) {
    EXPECT_EQ(e.file(), dir.string());
    EXPECT_EQ(e.line(), 0);
    EXPECT_EQ(e.column(), 0);
    EXPECT_EQ(std::string(e.what()), dir.string() +
                                         ":0:0: is not a regular file (a directory): only regular "
                                         "files are read");
  }
  Error error;
  EXPECT_FALSE(try_load_map(dir, &error));
  EXPECT_EQ(error.code, ErrorCode::io_error);
}

#if !defined(_WIN32)
// /dev/null read as an empty map ("the file ends before the 'type' header line"), /dev/zero grew
// a string past 4 GB.
TEST(IoInputFiles, CharacterDevicesAreRefused) {
  if (!fs::exists("/dev/null")) GTEST_SKIP() << "no /dev/null";
  const ParseError null_error = parse_error([] { (void)load_map("/dev/null"); });
  ASSERT_EQ(std::string(null_error.what()),
            "/dev/null:0:0: is not a regular file (a character device): only regular files are "
            "read");
  if (!fs::exists("/dev/zero")) GTEST_SKIP() << "no /dev/zero";
  for (const auto& e : {parse_error([] { (void)load_map("/dev/zero"); }),
                        parse_error([] { (void)load_scenario("/dev/zero"); }),
                        parse_error([] { (void)load_seed_map("/dev/zero"); })}) {
    EXPECT_TRUE(contains(e.what(), "/dev/zero:0:0: is not a regular file (a character device)"))
        << e.what();
  }
}

// A FIFO with no writer blocked the open forever.
TEST(IoInputFiles, AFifoIsRefusedWithoutBlocking) {
  const fs::path fifo = scratch("fifo") / "map.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto loading = std::async(std::launch::async, [&] {
    return std::string(parse_error([&] { (void)load_map(fifo); }).what());
  });
  if (loading.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
    // Blocked in open(): a writer that closes at once lets it return (to an empty file).
    const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
    if (fd >= 0) ::close(fd);
    loading.wait();
    FAIL() << "load_map blocked on a FIFO without a writer";
  }
  EXPECT_EQ(loading.get(),
            fifo.string() + ":0:0: is not a regular file (a FIFO): only regular files are read");
  Error error;
  EXPECT_FALSE(try_load_scenario(fifo, &error));
  EXPECT_EQ(error.code, ErrorCode::io_error);
  EXPECT_TRUE(contains(error.message, "(a FIFO)")) << error.message;
}
#endif

#if defined(__linux__)
// A read error (EIO) was reported as an empty file: "the file ends before the 'type' header
// line". Reading /proc/self/mem at offset 0 (never mapped) fails with EIO, as root too.
TEST(IoInputFiles, AReadErrorIsReportedWithItsReason) {
  if (!fs::exists("/proc/self/mem")) GTEST_SKIP() << "no /proc/self/mem";
  const ParseError e = parse_error([] { (void)load_map("/proc/self/mem"); });
  EXPECT_EQ(std::string(e.what()), "/proc/self/mem:0:0: cannot read the file: Input/output error");
  EXPECT_TRUE(contains(parse_error([] { (void)load_scenario("/proc/self/mem"); }).what(),
                       "cannot read the file: Input/output error"));
  EXPECT_TRUE(contains(parse_error([] { (void)load_seed_map("/proc/self/mem"); }).what(),
                       "cannot read the file: Input/output error"));
  Error error;
  EXPECT_FALSE(try_load_map("/proc/self/mem", &error));
  EXPECT_EQ(error.code, ErrorCode::io_error);
}
#endif

const std::string kSmallMap = "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n";

// A map is read up to its header + H * (W + 2) + kMapTrailingBlankBytes bytes: 5000 blank lines
// after a 3 x 2 map used to be read (and accepted), whatever their number.
TEST(IoInputFiles, AMapFileLongerThanItsHeaderAllowsIsRefused) {
  const fs::path dir = scratch("map-cap");
  const std::uint64_t limit = 33 + 2 * (3 + 2) + kMapTrailingBlankBytes;  // header: 33 bytes
  write(dir / "ok.map", kSmallMap + std::string(limit - kSmallMap.size(), '\n'));
  EXPECT_EQ(load_map(dir / "ok.map").grid.cols(), 3);  // exactly at the limit

  write(dir / "blank.map", kSmallMap + std::string(5000, '\n'));
  const ParseError e = parse_error([&] { (void)load_map(dir / "blank.map"); });
  EXPECT_EQ(std::string(e.what()),
            (dir / "blank.map").string() + ":" + std::to_string(7 + limit - kSmallMap.size()) +
                ":1: the file goes on past 4139 bytes, the limit for a 3 x 2 map (its header, 2 "
                "rows of at most 5 bytes, and 4096 bytes of blank lines)");

  // Past the limit, the first error before it is reported, as in the whole file.
  write(dir / "text.map", kSmallMap + "\n\nxyz" + std::string(200000, 'x'));
  EXPECT_EQ(std::string(parse_error([&] { (void)load_map(dir / "text.map"); }).what()),
            (dir / "text.map").string() +
                ":9:1: unexpected text after the 2 map rows: "
                "'xyzxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'");
  write(dir / "long-row.map", "type octile\nheight 2\nwidth 3\nmap\n" + std::string(100000, '.'));
  EXPECT_TRUE(contains(parse_error([&] { (void)load_map(dir / "long-row.map"); }).what(),
                       "long-row.map:5:4: long map row 1"));

  // A header that does not end within kMaxMapHeaderBytes.
  write(dir / "header.map", "type octile\nhight 2\n" + std::string(100000, ' '));
  EXPECT_TRUE(contains(parse_error([&] { (void)load_map(dir / "header.map"); }).what(),
                       "header.map:2:1: expected 'height', found 'hight'"));
  write(dir / "header2.map", "type octile\nheight 2\nwidth 3\n" + std::string(100000, ' '));
  EXPECT_EQ(std::string(parse_error([&] { (void)load_map(dir / "header2.map"); }).what()),
            (dir / "header2.map").string() +
                ":4:65508: the file goes on past 65536 bytes, the limit for the 4 header lines of "
                "a map");
  // Exactly kMaxMapHeaderBytes bytes, then the end of the file: parsed (and refused) as a whole.
  const std::string three_lines = "type octile\nheight 2\nwidth 3";
  write(dir / "header3.map", three_lines + std::string(65536 - three_lines.size(), ' '));
  EXPECT_TRUE(contains(parse_error([&] { (void)load_map(dir / "header3.map"); }).what(),
                       "header3.map:4:1: the file ends before the 'map' header line"));
  // A NUL byte far into a long file is reported where it is, as by parse_map.
  write(dir / "nul.map", kSmallMap + std::string(100, '\n') + '\0' + std::string(100000, '\n'));
  EXPECT_TRUE(contains(parse_error([&] { (void)load_map(dir / "nul.map"); }).what(),
                       "nul.map:107:1: NUL byte"));
}

TEST(IoInputFiles, AScenarioFileLongerThanTheLimitIsRefused) {
  const fs::path dir = scratch("scen-cap");
  const std::string scen = "version 1\n0\tm.map\t3\t2\t0\t0\t2\t0\t2\n";
  write(dir / "s.scen", scen);
  EXPECT_EQ(load_scenario(dir / "s.scen", scen.size()).entries.size(), 1u);
  EXPECT_EQ(std::string(parse_error([&] { (void)load_scenario(dir / "s.scen", 20); }).what()),
            (dir / "s.scen").string() +
                ":2:11: the file goes on past 20 bytes, the limit for a scenario file");
  EXPECT_EQ(kMaxScenarioBytes, std::uint64_t{1} << 30);
  EXPECT_EQ(load_scenario(dir / "s.scen").entries.size(), 1u);
}

}  // namespace
}  // namespace pathing::io
