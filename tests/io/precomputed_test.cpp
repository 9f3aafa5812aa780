// Precomputed-structure files (pathing/io/precomputed.hpp): round trips, refusals with their exact
// messages, every single-byte corruption and truncation, a golden file.
#include "pathing/io/precomputed.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "pathing/io/movingai.hpp"
#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/precompute/landmark_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/hpa_star.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/version.hpp"
#include "support/precomputed_bytes.hpp"
#include "support/reference.hpp"

namespace precomputed_test {

using namespace pathing;

// A random grid: each cell blocked with probability `wall`, else a tag in [0, tags).
Grid random_prep_grid(int cols, int rows, double wall, int tags, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  Grid g(cols, rows);
  for (int y = 0; y < rows; ++y) {
    for (int x = 0; x < cols; ++x) {
      const auto tag = static_cast<std::uint8_t>(rng() % static_cast<unsigned>(tags));
      g.set_cell({x, y}, static_cast<std::uint8_t>(u(rng) < wall ? Grid::kBlockedBit : tag));
    }
  }
  return g;
}

// The weighted layer of the landmark tests: tags 0..3 cost 1, 2, 5, 9; blocked impassable.
GridLayer prep_weighted_layer() {
  return GridLayer{1, 2, 5, 9};
}

void prep_fix_checksum(std::string& bytes) {
  test::fix_precomputed_checksum(bytes);
}

void prep_put_u32(std::string& bytes, std::size_t at, std::uint32_t v) {
  for (std::size_t i = 0; i < 4; ++i) bytes[at + i] = static_cast<char>((v >> (8 * i)) & 0xFFu);
}

std::string prep_hex(const std::string& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s;
  for (const char c : bytes) {
    const auto b = static_cast<std::uint8_t>(c);
    s += kDigits[b >> 4];
    s += kDigits[b & 15u];
  }
  return s;
}

// The message of the PrecomputedError `f` throws ("" when it does not throw).
template <class F>
std::string prep_error_of(F&& f) {
  try {
    f();
  } catch (const io::PrecomputedError& e) {
    return e.what();
  }
  return "";
}

// Loaded landmark map == built one, through the public accessors.
void expect_same_landmarks(const LandmarkMap& a, const LandmarkMap& b) {
  ASSERT_EQ(a.count(), b.count());
  EXPECT_EQ(a.options().count, b.options().count);
  EXPECT_EQ(a.options().connectivity, b.options().connectivity);
  EXPECT_EQ(a.fraction_bits(), b.fraction_bits());
  EXPECT_EQ(a.storage(), b.storage());
  EXPECT_EQ(a.memory_bytes(), b.memory_bytes());
  EXPECT_EQ(a.cols(), b.cols());
  EXPECT_EQ(a.rows(), b.rows());
  EXPECT_EQ(a.grid_id(), b.grid_id());
  ASSERT_EQ(a.landmarks().size(), b.landmarks().size());
  for (std::size_t i = 0; i < a.landmarks().size(); ++i)
    EXPECT_EQ(a.landmarks()[i], b.landmarks()[i]);
  const std::size_t cells = static_cast<std::size_t>(a.cols()) * static_cast<std::size_t>(a.rows());
  for (std::size_t c = 0; c < cells; ++c) {
    for (int i = 0; i < a.count(); ++i) {
      ASSERT_EQ(a.distance(c, i), b.distance(c, i)) << "cell " << c << " landmark " << i;
    }
  }
}

// Random queries on passable cells: JpsPlus with the loaded table gives the built table's paths;
// A* with the loaded landmarks gives the built ones' costs and expansions.
void expect_same_searches(const Grid& grid, const GridLayer& layer, const JpsPlusMap* built_jps,
                          const JpsPlusMap* loaded_jps, const LandmarkMap* built_lm,
                          const LandmarkMap* loaded_lm, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<GridCoord> open;
  for (int y = 0; y < grid.rows(); ++y)
    for (int x = 0; x < grid.cols(); ++x)
      if (layer.cost_of_cell(grid.cell_unchecked(x, y)) != 0) open.push_back({x, y});
  if (open.empty()) return;
  JpsPlus jps;
  AStar astar;
  std::vector<GridCoord> p1;
  std::vector<GridCoord> p2;
  for (int q = 0; q < 30; ++q) {
    const GridCoord a = open[rng() % open.size()];
    const GridCoord b = open[rng() % open.size()];
    if (built_jps != nullptr) {
      const PathResult r1 = jps.find_path(grid, *built_jps, a, b, p1);
      const PathResult r2 = jps.find_path(grid, *loaded_jps, a, b, p2);
      EXPECT_EQ(r1.status, r2.status);
      EXPECT_EQ(r1.cost, r2.cost);
      EXPECT_EQ(p1, p2);
    }
    if (built_lm != nullptr) {
      SearchOptions o1;
      o1.landmarks = built_lm;
      SearchOptions o2;
      o2.landmarks = loaded_lm;
      const PathResult r1 = astar.find_path(grid, layer, a, b, p1, o1);
      const PathResult r2 = astar.find_path(grid, layer, a, b, p2, o2);
      EXPECT_EQ(r1.status, r2.status);
      EXPECT_EQ(r1.cost, r2.cost);
      EXPECT_EQ(r1.stats.expanded, r2.stats.expanded);
      EXPECT_EQ(p1, p2);
    }
  }
}

// Loaded hierarchy == built one: the shape, and every sector has the same sector_nodes and
// sector_cost (hence the same node numbers: both are laid out sector by sector).
void expect_same_hierarchy(const HierarchyMap& a, const HierarchyMap& b) {
  EXPECT_EQ(a.sector_size(), b.sector_size());
  EXPECT_EQ(a.options().connectivity, b.options().connectivity);
  EXPECT_EQ(a.cols(), b.cols());
  EXPECT_EQ(a.rows(), b.rows());
  EXPECT_EQ(a.sectors_x(), b.sectors_x());
  EXPECT_EQ(a.sectors_y(), b.sectors_y());
  EXPECT_TRUE(a.layer() == b.layer());
  EXPECT_EQ(a.node_count(), b.node_count());
  EXPECT_EQ(a.edge_count(), b.edge_count());
  ASSERT_EQ(a.sector_count(), b.sector_count());
  for (std::uint32_t s = 0; s < a.sector_count(); ++s) {
    const std::vector<GridCoord> na = a.sector_nodes(s);
    ASSERT_EQ(na, b.sector_nodes(s)) << "sector " << s;
    const auto n = static_cast<std::uint32_t>(na.size());
    for (std::uint32_t i = 0; i < n; ++i)
      for (std::uint32_t j = 0; j < n; ++j)
        ASSERT_EQ(a.sector_cost(s, i, j), b.sector_cost(s, i, j)) << "sector " << s;
  }
}

// Random queries: HpaStar over `loaded` gives `built`'s paths (when given), or (over a tampered
// map) valid paths found exactly when A* finds one, never cheaper, their cost reported exactly.
void expect_hpa_paths(const Grid& grid, const GridLayer& layer, const HierarchyMap* built,
                      const HierarchyMap& loaded, std::uint32_t seed) {
  std::mt19937 rng(seed);
  HpaStar h1;
  HpaStar h2;
  AStar astar;
  SearchOptions o;
  o.connectivity = loaded.options().connectivity;
  std::vector<GridCoord> p1;
  std::vector<GridCoord> p2;
  for (int q = 0; q < 30; ++q) {
    const GridCoord a{static_cast<int>(rng() % static_cast<unsigned>(grid.cols())),
                      static_cast<int>(rng() % static_cast<unsigned>(grid.rows()))};
    const GridCoord b{static_cast<int>(rng() % static_cast<unsigned>(grid.cols())),
                      static_cast<int>(rng() % static_cast<unsigned>(grid.rows()))};
    const PathResult r2 = h2.find_path(grid, layer, loaded, a, b, p2, o);
    if (built != nullptr) {
      const PathResult r1 = h1.find_path(grid, layer, *built, a, b, p1, o);
      EXPECT_EQ(r1.status, r2.status);
      EXPECT_EQ(r1.cost, r2.cost);
      EXPECT_EQ(p1, p2);
      continue;
    }
    const PathResult ra = astar.find_path(grid, layer, a, b, p1, o);
    ASSERT_EQ(ra.status, r2.status)
        << "(" << a.x << ", " << a.y << ") -> (" << b.x << ", " << b.y << ")";
    if (r2.status != SearchStatus::found) continue;
    EXPECT_EQ(test::validate_path(grid, layer, o.connectivity, a, p2), "");
    EXPECT_EQ(p2.back(), b);
    EXPECT_DOUBLE_EQ(r2.cost, test::path_cost_units(grid, layer, p2));
    EXPECT_GE(r2.cost + 1e-9, ra.cost);
  }
}

std::filesystem::path prep_source_dir() {
  const char* env = std::getenv("PATHING_SOURCE_DIR");
  return env != nullptr ? env : PATHING_TEST_SOURCE_DIR;
}

TEST(PrecomputedFile, JpsPlusRoundTripOnRandomGrids) {
  const int sizes[][2] = {{1, 1}, {2, 1}, {7, 5}, {70, 33}, {130, 3}, {3, 129}, {64, 64}};
  std::uint32_t seed = 1;
  for (const auto& s : sizes) {
    for (const double wall : {0.0, 0.2, 0.45}) {
      const Grid grid = random_prep_grid(s[0], s[1], wall, 2, ++seed);
      const GridLayer layer = io::movingai_layer();
      const JpsPlusMap built(grid, layer);
      const std::string bytes = io::serialize_jps_plus(built, grid);
      EXPECT_EQ(bytes.size(), io::max_jps_plus_file_bytes(grid));
      const JpsPlusMap loaded = io::parse_jps_plus(bytes, grid, layer, "t.prep");
      EXPECT_TRUE(loaded == built) << s[0] << " x " << s[1] << " wall " << wall;
      EXPECT_TRUE(loaded.is_current(grid, layer));
      EXPECT_EQ(io::serialize_jps_plus(loaded, grid), bytes);
      expect_same_searches(grid, layer, &built, &loaded, nullptr, nullptr, seed);
    }
  }
}

TEST(PrecomputedFile, LandmarksRoundTripOnRandomGrids) {
  const int sizes[][2] = {{1, 1}, {5, 4}, {40, 23}, {64, 64}};
  std::uint32_t seed = 100;
  for (const auto& s : sizes) {
    for (const double wall : {0.0, 0.3}) {
      for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
        for (const LandmarkStorage width : {LandmarkStorage::bits32, LandmarkStorage::bits16}) {
          const Grid grid = random_prep_grid(s[0], s[1], wall, 4, ++seed);
          const GridLayer layer = prep_weighted_layer();
          const LandmarkMap built(grid, layer, LandmarkOptions{5, conn, width});
          if (built.count() > 0) {
            ASSERT_EQ(built.storage(), width);
          }
          const std::string bytes = io::serialize_landmarks(built, grid, layer);
          // 16-bit files: 2 bytes a distance.
          const std::size_t k = static_cast<std::size_t>(built.count());
          EXPECT_EQ(bytes.size(), 60 + 16 + 8 * k +
                                      (width == LandmarkStorage::bits16 ? 2 : 4) * k *
                                          static_cast<std::size_t>(grid.cell_count()) +
                                      8);
          const LandmarkMap loaded = io::parse_landmarks(bytes, grid, layer, "t.prep");
          expect_same_landmarks(loaded, built);
          EXPECT_TRUE(loaded.is_current(grid, layer));
          EXPECT_EQ(io::serialize_landmarks(loaded, grid, layer), bytes);
          if (conn == Connectivity::eight)
            expect_same_searches(grid, layer, nullptr, nullptr, &built, &loaded, seed);
        }
      }
    }
  }
}

TEST(PrecomputedFile, AllBlockedGridHasNoLandmarks) {
  const Grid grid = random_prep_grid(6, 3, 1.0, 1, 3);
  const LandmarkMap built(grid, io::movingai_layer());
  ASSERT_EQ(built.count(), 0);
  const LandmarkMap loaded = io::parse_landmarks(
      io::serialize_landmarks(built, grid, io::movingai_layer()), grid, io::movingai_layer(), "x");
  expect_same_landmarks(loaded, built);
}

TEST(PrecomputedFile, RoundTripOnShippedMapsThroughFiles) {
  const std::filesystem::path dir = prep_source_dir() / "data";
  const std::filesystem::path tmp = std::filesystem::temp_directory_path() /
                                    ("pathing_prep_test_" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(tmp);
  int maps = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".map") continue;
    ++maps;
    const io::Map map = io::load_map(entry.path());
    const GridLayer layer = entry.path().filename().string().rfind("terrain", 0) == 0
                                ? GridLayer{1, 2, 4, 8}
                                : io::movingai_layer();
    const JpsPlusMap jps(map.grid, layer);
    const LandmarkMap lm(map.grid, layer, LandmarkOptions{4});
    const std::filesystem::path jf = tmp / "j.prep";
    const std::filesystem::path lf = tmp / "l.prep";
    std::ofstream(jf, std::ios::binary) << io::serialize_jps_plus(jps, map.grid);
    std::ofstream(lf, std::ios::binary) << io::serialize_landmarks(lm, map.grid, layer);
    const JpsPlusMap jl = io::load_jps_plus(jf, map.grid, layer);
    EXPECT_TRUE(jl == jps) << entry.path();
    const LandmarkMap ll = io::load_landmarks(lf, map.grid, layer);
    expect_same_landmarks(ll, lm);
    expect_same_searches(map.grid, layer, &jps, &jl, &lm, &ll, 7);
    const HierarchyMap hm(map.grid, layer, HierarchyOptions{16});
    const std::filesystem::path hf = tmp / "h.prep";
    std::ofstream(hf, std::ios::binary) << io::serialize_hierarchy(hm, map.grid);
    const HierarchyMap hl = io::load_hierarchy(hf, map.grid, layer);
    EXPECT_TRUE(hl.is_current(map.grid, layer));
    expect_same_hierarchy(hl, hm);
    expect_hpa_paths(map.grid, layer, &hm, hl, 7);
  }
  EXPECT_GE(maps, 4);
  std::filesystem::remove_all(tmp);
}

TEST(PrecomputedFile, RefusesAnotherGridLayerKindOrVersion) {
  const GridLayer layer = io::movingai_layer();
  Grid grid = random_prep_grid(9, 7, 0.2, 2, 5);
  const std::string bytes = io::serialize_jps_plus(JpsPlusMap(grid, layer), grid);
  const std::string hash = [&] {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%016llx",
                  static_cast<unsigned long long>(io::grid_hash(grid)));
    return std::string(buf);
  }();

  // Another grid of the same size.
  Grid other = grid;
  other.set_blocked({0, 0}, !other.is_blocked({0, 0}));
  char other_hash[32];
  std::snprintf(other_hash, sizeof other_hash, "0x%016llx",
                static_cast<unsigned long long>(io::grid_hash(other)));
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_jps_plus(bytes, other, layer, "a.prep"); }),
            "a.prep: byte 28: made for a 9 x 7 grid whose cells hash to " + hash +
                "; this grid is 9 x 7 and its cells hash to " + other_hash);
  // Another size.
  const Grid big(512, 512);
  char big_hash[32];
  std::snprintf(big_hash, sizeof big_hash, "0x%016llx",
                static_cast<unsigned long long>(io::grid_hash(big)));
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_jps_plus(bytes, big, layer, "a.prep"); }),
            "a.prep: byte 20: made for a 9 x 7 grid whose cells hash to " + hash +
                "; this grid is 512 x 512 and its cells hash to " + big_hash);
  // Another layer.
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_jps_plus(bytes, grid, GridLayer{1}, "a.prep"); }),
            "a.prep: byte 36: made for the layer with cell costs [1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 "
            "0]; this layer's are [1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0]");
  // Another kind.
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_landmarks(bytes, grid, layer, "a.prep"); }),
            "a.prep: byte 12: holds a JPS+ table (kind 1), not a landmark map");
  EXPECT_EQ(io::precomputed_kind(bytes, "a.prep"), io::PrecomputedKind::jps_plus);
  // Another format version (a valid checksum: the version is checked first anyway).
  std::string v4 = bytes;
  prep_put_u32(v4, 8, 4);
  prep_fix_checksum(v4);
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_jps_plus(v4, grid, layer, "a.prep"); }),
            "a.prep: byte 8: made for format version 4, this library reads 1 to 3");
  // Version 2 exists only for hierarchies with landmarks or clusters.
  std::string v2 = bytes;
  prep_put_u32(v2, 8, 2);
  prep_fix_checksum(v2);
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_jps_plus(v2, grid, layer, "a.prep"); }),
            "a.prep: byte 8: format version 2 holds only hierarchies with landmarks or clusters; "
            "a JPS+ table is format version 1");
  // Not a file of ours.
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_jps_plus("type octile\n", grid, layer, "a.map"); }),
            "a.map: byte 0: bad magic: not a pathing precomputed file (it starts with "
            "\"PATHPREP\")");
  // Truncated, corrupted, too long.
  EXPECT_EQ(prep_error_of([&] {
              (void)io::parse_jps_plus(std::string_view(bytes).substr(0, 100), grid, layer, "a");
            }),
            "a: truncated: 100 bytes, the header says " + std::to_string(bytes.size()));
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_jps_plus("PATHPREP", grid, layer, "a"); }),
            "a: truncated: 8 bytes, a file has at least 68");
  std::string flipped = bytes;
  flipped[70] = static_cast<char>(flipped[70] ^ 1);
  EXPECT_NE(prep_error_of([&] {
              (void)io::parse_jps_plus(flipped, grid, layer, "a");
            }).find("a: byte " + std::to_string(bytes.size() - 8) + ": checksum mismatch"),
            std::string::npos);
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_jps_plus(bytes + "xy", grid, layer, "a"); }),
            "a: byte " + std::to_string(bytes.size()) +
                ": 2 bytes after the checksum (the header says the file has " +
                std::to_string(bytes.size()) + " bytes)");
  // A stale map is not saved; the non-throwing forms report it.
  const JpsPlusMap stale(grid, layer);
  grid.set_blocked({1, 1}, !grid.is_blocked({1, 1}));
  Error e;
  EXPECT_FALSE(io::try_serialize_jps_plus(stale, grid, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_FALSE(io::try_parse_jps_plus(bytes, grid, layer, "a.prep", &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::parse_error);
  EXPECT_EQ(e.message.rfind("a.prep: byte 28: made for a 9 x 7 grid", 0), 0u) << e.message;
}

TEST(PrecomputedFile, TamperedPayloadWithValidChecksumIsRefused) {
  const GridLayer layer = io::movingai_layer();
  const Grid grid = random_prep_grid(6, 5, 0.0, 1, 9);
  std::string jps = io::serialize_jps_plus(JpsPlusMap(grid, layer), grid);
  // Cell (0, 0) right: -5 on an open 6 x 5 grid (5 moves to the edge); make it -6 (off the grid).
  ASSERT_EQ(static_cast<std::uint8_t>(jps[60]), 0xFB);
  jps[60] = static_cast<char>(0xFA);
  prep_fix_checksum(jps);
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_jps_plus(jps, grid, layer, "j"); }),
            "j: byte 60: payload values out of range: jump distance -6 of cell (0, 0) right is not "
            "the one this grid gives (-5)");

  const Grid wgrid = random_prep_grid(6, 5, 0.2, 4, 10);
  const GridLayer wl = prep_weighted_layer();
  const std::string lm = io::serialize_landmarks(LandmarkMap(wgrid, wl, {2}), wgrid, wl);
  std::string count = lm;
  prep_put_u32(count, 60, 33);
  prep_fix_checksum(count);
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_landmarks(count, wgrid, wl, "l"); }),
            "l: byte 60: payload values out of range: landmark count 33 is outside [1, 32]");
  std::string off = lm;
  prep_put_u32(off, 76, 6);  // landmark 0's x
  prep_fix_checksum(off);
  EXPECT_NE(prep_error_of([&] {
              (void)io::parse_landmarks(off, wgrid, wl, "l");
            }).find("l: byte 76: payload values out of range: landmark 0 at (6, "),
            std::string::npos);
  // Every distance changed by 2^30 (more than any move of this layer), one at a time: the
  // landmarks' area, the landmark's own distance 0 or the bound's check refuses each. (A smaller
  // change that keeps every move's bound may load: the heuristic stays admissible and consistent.)
  for (std::size_t at = 92; at + 8 < lm.size(); at += 4) {
    std::string t = lm;
    t[at + 3] = static_cast<char>(static_cast<std::uint8_t>(t[at + 3]) ^ 0x40);
    prep_fix_checksum(t);
    EXPECT_NE(prep_error_of([&] {
                (void)io::parse_landmarks(t, wgrid, wl, "l");
              }).find("payload values out of range"),
              std::string::npos)
        << "byte " << at;
  }

  // 16-bit distances: the top bit of each flipped (32768 units, more than any move of a map
  // whose doubled farthest distance fits 16 bits), one at a time; a bad width code; a 32-bit file
  // with 0 fraction bits (16-bit files only).
  const std::string lm16 = io::serialize_landmarks(
      LandmarkMap(wgrid, wl, {2, Connectivity::eight, LandmarkStorage::bits16}), wgrid, wl);
  ASSERT_EQ(lm16.size(), 60 + 16 + 16 + 2 * 2 * 30 + 8);
  for (std::size_t at = 92; at + 8 < lm16.size(); at += 2) {
    std::string t = lm16;
    t[at + 1] = static_cast<char>(static_cast<std::uint8_t>(t[at + 1]) ^ 0x80);
    prep_fix_checksum(t);
    EXPECT_NE(prep_error_of([&] {
                (void)io::parse_landmarks(t, wgrid, wl, "l");
              }).find("payload values out of range"),
              std::string::npos)
        << "byte " << at;
  }
  std::string width = lm16;
  width[74] = 8;  // high half of the fraction-bits field: width code 8
  prep_fix_checksum(width);
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_landmarks(width, wgrid, wl, "l"); }),
            "l: byte 72: payload values out of range: distance width code 8 is not 0 (32-bit) or "
            "16 (16-bit)");
  std::string zero = lm;
  prep_put_u32(zero, 72, 0);
  prep_fix_checksum(zero);
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_landmarks(zero, wgrid, wl, "l"); }),
            "l: byte 72: payload values out of range: fraction bits 0 is outside [1, 24]");
  // A 16-bit file read as 32-bit (width code cleared): the payload size no longer matches.
  std::string narrow = lm16;
  narrow[74] = 0;
  prep_fix_checksum(narrow);
  EXPECT_NE(prep_error_of([&] {
              (void)io::parse_landmarks(narrow, wgrid, wl, "l");
            }).find("landmarks on a 6 x 5 grid has"),
            std::string::npos);
}

TEST(PrecomputedFile, EveryCorruptionAndTruncationIsRefused) {
  const GridLayer layer = prep_weighted_layer();
  const Grid grid = random_prep_grid(5, 4, 0.2, 4, 11);
  const std::string files[] = {
      io::serialize_jps_plus(JpsPlusMap(grid, layer), grid),
      io::serialize_landmarks(LandmarkMap(grid, layer, {2}), grid, layer),
      io::serialize_hierarchy(HierarchyMap(grid, layer, HierarchyOptions{4}), grid),
      io::serialize_landmarks(
          LandmarkMap(grid, layer, {2, Connectivity::eight, LandmarkStorage::bits16}), grid,
          layer)};
  for (int f = 0; f < 4; ++f) {
    const std::string& bytes = files[f];
    const auto load = [&](std::string_view b, Error* e) {
      return f == 0               ? io::try_parse_jps_plus(b, grid, layer, "c", e).has_value()
             : (f == 1 || f == 3) ? io::try_parse_landmarks(b, grid, layer, "c", e).has_value()
                                  : io::try_parse_hierarchy(b, grid, layer, "c", e).has_value();
    };
    ASSERT_TRUE(load(bytes, nullptr));
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      for (const int x : {0x01, 0x80, 0xFF}) {
        std::string t = bytes;
        t[i] = static_cast<char>(static_cast<std::uint8_t>(t[i]) ^ x);
        Error e;
        EXPECT_FALSE(load(t, &e)) << "file " << f << " byte " << i;
        EXPECT_EQ(e.code, ErrorCode::parse_error);
      }
    }
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      Error e;
      EXPECT_FALSE(load(std::string_view(bytes).substr(0, n), &e)) << "file " << f << " size " << n;
      EXPECT_EQ(e.code, ErrorCode::parse_error);
    }
  }
}

// The format cannot change silently: a 2 x 1 open grid, every byte, field by field. (The library
// version field is checked, then set to 100 = 0.1.0, the checksum recomputed, so that a release
// does not change the golden bytes.)
std::string prep_as_version_100(std::string bytes) {
  EXPECT_EQ(static_cast<std::uint8_t>(bytes[16]) | (static_cast<std::uint8_t>(bytes[17]) << 8) |
                (static_cast<std::uint8_t>(bytes[18]) << 16),
            PATHING_VERSION);
  prep_put_u32(bytes, 16, 100);
  prep_fix_checksum(bytes);
  return prep_hex(bytes);
}

TEST(PrecomputedFile, GoldenBytes) {
  const Grid grid(2, 1);
  const GridLayer layer = io::movingai_layer();
  const std::string header =
      "5041544850524550"  // magic "PATHPREP"
      "01000000";         // format version 1
  const std::string grid_fields =
      "64000000"                          // library version 100 (0.1.0)
      "02000000"                          // cols 2
      "01000000"                          // rows 1
      "ed6febb407883208"                  // FNV-1a 64 of the cells 00 00
      "01010000000000000000000000000000"  // layer costs of cell values 0..15
      "2000000000000000";                 // payload 32 bytes
  EXPECT_EQ(prep_as_version_100(io::serialize_jps_plus(JpsPlusMap(grid, layer), grid)),
            header + "01000000" + grid_fields +
                "ffff0000000000000000000000000000"  // (0, 0): right -1, the rest 0
                "00000000ffff00000000000000000000"  // (1, 0): left -1, the rest 0
                "66488e8edd942817");                // checksum
  const std::string lm =
      prep_as_version_100(io::serialize_landmarks(LandmarkMap(grid, layer, {1}), grid, layer));
  EXPECT_EQ(lm, header + "02000000" + grid_fields +
                    "01000000"          // count asked 1
                    "08000000"          // connectivity 8
                    "01000000"          // placed 1
                    "18000000"          // fraction bits 24
                    "0100000000000000"  // landmark (1, 0)
                    "00000001"          // D(L, (0, 0)) = 2^24: one straight move
                    "00000000"          // D(L, (1, 0)) = 0
                    "df234fc4a876a038"  // checksum
  );
  // 16-bit storage: the fraction-bits field's high half 16, 14 fraction bits (2 x 2^14 < 65535),
  // 2 bytes a distance. (Files of 32-bit maps are byte for byte those of every earlier version,
  // above: old files load unchanged.)
  const std::string grid16 =
      grid_fields.substr(0, grid_fields.size() - 16) + "1c00000000000000";  // payload 28 bytes
  const std::string lm16 = prep_as_version_100(io::serialize_landmarks(
      LandmarkMap(grid, layer, {1, Connectivity::eight, LandmarkStorage::bits16}), grid, layer));
  EXPECT_EQ(lm16, header + "02000000" + grid16 +
                      "01000000"          // count asked 1
                      "08000000"          // connectivity 8
                      "01000000"          // placed 1
                      "0e001000"          // fraction bits 14, width code 16
                      "0100000000000000"  // landmark (1, 0)
                      "0040"              // D(L, (0, 0)) = 2^14: one straight move
                      "0000"              // D(L, (1, 0)) = 0
                      "669d4f17dbb6c7a6"  // checksum
  );
}

TEST(PrecomputedFile, FileErrors) {
  const Grid grid(4, 4);
  const GridLayer layer = io::movingai_layer();
  Error e;
  EXPECT_FALSE(io::try_load_jps_plus("/nonexistent/x.prep", grid, layer, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::io_error);
  EXPECT_EQ(e.message.rfind("/nonexistent/x.prep: cannot open the file: ", 0), 0u) << e.message;
  EXPECT_FALSE(io::try_load_landmarks("/", grid, layer, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::io_error);
  // A file longer than any file for this grid is not read past the limit.
  const std::filesystem::path big = std::filesystem::temp_directory_path() /
                                    ("pathing_prep_big_" + std::to_string(std::random_device{}()));
  std::ofstream(big, std::ios::binary) << std::string(1000, 'P');
  EXPECT_EQ(prep_error_of([&] { (void)io::load_jps_plus(big, grid, layer); }),
            big.string() +
                ": byte 324: the file goes on past 324 bytes, the size of a JPS+ file "
                "for a 4 x 4 grid");
  std::filesystem::remove(big);
}

// --- HierarchyMap -------------------------------------------------------------------------------

TEST(PrecomputedFile, HierarchyRoundTripOnRandomGrids) {
  const int sizes[][2] = {{1, 1}, {5, 4}, {9, 1}, {37, 29}, {64, 64}, {3, 70}};
  const GridLayer layer = prep_weighted_layer();
  std::uint32_t seed = 300;
  for (const auto& sz : sizes) {
    for (const double wall : {0.0, 0.3}) {
      for (const int side : {4, 7, 16}) {
        for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
          const Grid grid = random_prep_grid(sz[0], sz[1], wall, 4, ++seed);
          const HierarchyMap built(grid, layer, HierarchyOptions{side, conn});
          const std::string bytes = io::serialize_hierarchy(built, grid);
          EXPECT_LE(bytes.size(), io::max_hierarchy_file_bytes(grid));
          const HierarchyMap loaded = io::parse_hierarchy(bytes, grid, layer, "t.prep");
          EXPECT_TRUE(loaded.is_current(grid, layer));
          expect_same_hierarchy(loaded, built);
          EXPECT_EQ(loaded.memory_bytes(), built.memory_bytes());
          EXPECT_EQ(io::serialize_hierarchy(loaded, grid), bytes);
          expect_hpa_paths(grid, layer, &built, loaded, seed);
        }
      }
    }
  }
}

TEST(PrecomputedFile, HierarchySyncedAndLoadedMapsSaveAsAFreshBuild) {
  const GridLayer layer = prep_weighted_layer();
  Grid grid = random_prep_grid(64, 48, 0.25, 4, 17);
  HierarchyMap synced(grid, layer, HierarchyOptions{8});
  HierarchyMap loaded =
      io::parse_hierarchy(io::serialize_hierarchy(synced, grid), grid, layer, "h");
  std::mt19937 rng(5);
  for (int round = 0; round < 4; ++round) {
    for (int e = 0; e < 6; ++e) {
      const GridCoord c{static_cast<int>(rng() % 64u), static_cast<int>(rng() % 48u)};
      grid.set_blocked(c, !grid.is_blocked(c));
    }
    EXPECT_FALSE(loaded.is_current(grid, layer));
    EXPECT_EQ(synced.sync(grid, layer), MapSync::updated);
    EXPECT_EQ(loaded.sync(grid, layer), MapSync::updated);  // the loaded map's edit replay
    EXPECT_LT(loaded.last_sync_sectors(), loaded.sector_count());
    const HierarchyMap fresh(grid, layer, HierarchyOptions{8});
    const std::string want = io::serialize_hierarchy(fresh, grid);
    EXPECT_EQ(io::serialize_hierarchy(synced, grid), want) << "round " << round;
    EXPECT_EQ(io::serialize_hierarchy(loaded, grid), want) << "round " << round;
    expect_same_hierarchy(io::parse_hierarchy(want, grid, layer, "h"), fresh);
    expect_hpa_paths(grid, layer, &fresh, loaded, static_cast<std::uint32_t>(round));
  }
}

TEST(PrecomputedFile, HierarchyOfABlockedGridHasNoNodes) {
  const Grid grid = random_prep_grid(10, 6, 1.0, 1, 3);
  const HierarchyMap built(grid, io::movingai_layer(), HierarchyOptions{4});
  const std::string bytes = io::serialize_hierarchy(built, grid);
  EXPECT_EQ(bytes.size(), 68u + 20u + 2u * 6u);  // 3 x 2 sectors, no node
  const HierarchyMap loaded = io::parse_hierarchy(bytes, grid, io::movingai_layer(), "x");
  EXPECT_EQ(loaded.node_count(), 0u);
  expect_same_hierarchy(loaded, built);
}

TEST(PrecomputedFile, HierarchyRefusesAnotherGridLayerKindOrVersion) {
  const GridLayer layer = io::movingai_layer();
  Grid grid = random_prep_grid(9, 7, 0.2, 2, 5);
  const std::string bytes =
      io::serialize_hierarchy(HierarchyMap(grid, layer, HierarchyOptions{4}), grid);
  EXPECT_EQ(io::precomputed_kind(bytes, "h.prep"), io::PrecomputedKind::hierarchy);
  Grid other = grid;
  other.set_blocked({0, 0}, !other.is_blocked({0, 0}));
  EXPECT_EQ(prep_error_of([&] {
              (void)io::parse_hierarchy(bytes, other, layer, "h.prep");
            }).rfind("h.prep: byte 28: made for a 9 x 7 grid whose cells hash to 0x", 0),
            0u);
  EXPECT_EQ(prep_error_of([&] {
              (void)io::parse_hierarchy(bytes, Grid(7, 9), layer, "h.prep");
            }).rfind("h.prep: byte 20: made for a 9 x 7 grid", 0),
            0u);
  EXPECT_EQ(
      prep_error_of([&] {
        (void)io::parse_hierarchy(bytes, grid, GridLayer{1, 2}, "h.prep");
      }),
      "h.prep: byte 36: made for the layer with cell costs [1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0]; "
      "this layer's are [1 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0]");
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_landmarks(bytes, grid, layer, "h.prep"); }),
            "h.prep: byte 12: holds a hierarchy (kind 3), not a landmark map");
  const std::string jps = io::serialize_jps_plus(JpsPlusMap(grid, layer), grid);
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_hierarchy(jps, grid, layer, "j.prep"); }),
            "j.prep: byte 12: holds a JPS+ table (kind 1), not a hierarchy");
  std::string v4 = bytes;
  prep_put_u32(v4, 8, 4);
  prep_fix_checksum(v4);
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_hierarchy(v4, grid, layer, "h.prep"); }),
            "h.prep: byte 8: made for format version 4, this library reads 1 to 3");
  // A version-1 payload read as version 2: too short for the landmarks and clusters part.
  std::string v2 = bytes;
  prep_put_u32(v2, 8, 2);
  prep_fix_checksum(v2);
  EXPECT_EQ(prep_error_of([&] {
              (void)io::parse_hierarchy(v2, grid, layer, "h.prep");
            }).find("h.prep: byte 52: payload of "),
            0u);
  // A stale map is not saved; the try_ forms report errors.
  const HierarchyMap stale(grid, layer, HierarchyOptions{4});
  grid.set_blocked({1, 1}, !grid.is_blocked({1, 1}));
  Error e;
  EXPECT_FALSE(io::try_serialize_hierarchy(stale, grid, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_FALSE(io::try_serialize_hierarchy(HierarchyMap(), grid, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_FALSE(io::try_parse_hierarchy(bytes, grid, layer, "h.prep", &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::parse_error);
  EXPECT_EQ(e.message.rfind("h.prep: byte 28: made for a 9 x 7 grid", 0), 0u) << e.message;
}

// The golden grid: 9 x 1, cell (4, 0) of tag 1 (cost 2), the rest tag 0 (cost 1); sector side 4:
// sectors x 0-3, 4-7, 8; nodes (3, 0) | (4, 0), (7, 0) | (8, 0).
Grid prep_golden_hierarchy_grid() {
  Grid g(9, 1);
  g.set_cell({4, 0}, 1);
  return g;
}

TEST(PrecomputedFile, HierarchyGoldenBytes) {
  const Grid grid = prep_golden_hierarchy_grid();
  const GridLayer layer{1, 2};
  EXPECT_EQ(prep_as_version_100(
                io::serialize_hierarchy(HierarchyMap(grid, layer, HierarchyOptions{4}), grid)),
            std::string("5041544850524550"  // magic "PATHPREP"
                        "01000000"          // format version 1
                        "03000000"          // kind 3: hierarchy
                        "64000000"          // library version 100 (0.1.0)
                        "09000000"          // cols 9
                        "01000000"          // rows 1
                        "5cbf40a70f9f55d9"  // FNV-1a 64 of the cells 00 00 00 00 01 00 00 00 00
                        "01020000000000000000000000000000"  // layer costs of cell values 0..15
                        "4200000000000000"                  // payload 66 bytes
                        "04000000"                          // sector side 4
                        "08000000"                          // connectivity 8
                        "04000000"                          // 4 nodes
                        "0600000000000000"                  // 6 matrix entries
                        "010002000100"                      // node counts of sectors 0, 1, 2
                        "03000000"                          // sector 0: cell 3 = (3, 0)
                        "0400000007000000"                  // sector 1: (4, 0), (7, 0)
                        "08000000"                          // sector 2: (8, 0)
                        "00000000"                          // sector 0: [0]
                        "0000000000030000"  // sector 1: (4, 0) -> (7, 0): 3 x 256 (5, 6, 7)
                        "0004000000000000"  // (7, 0) -> (4, 0): (1 + 1 + 2) x 256
                        "00000000"          // sector 2: [0]
                        "c339f646ca08f7ad"  // checksum
                        ));
}

TEST(PrecomputedFile, HierarchyTamperedPayloadWithValidChecksumIsRefused) {
  const Grid grid = prep_golden_hierarchy_grid();
  const GridLayer layer{1, 2};
  const std::string good =
      io::serialize_hierarchy(HierarchyMap(grid, layer, HierarchyOptions{4}), grid);
  ASSERT_EQ(good.size(), 134u);
  const auto refusal = [&](std::size_t at, std::uint32_t v, int bytes = 4) {
    std::string t = good;
    if (bytes == 2) {
      t[at] = static_cast<char>(v & 0xFFu);
      t[at + 1] = static_cast<char>(v >> 8);
    } else {
      prep_put_u32(t, at, v);
    }
    prep_fix_checksum(t);
    return prep_error_of([&] { (void)io::parse_hierarchy(t, grid, layer, "h"); });
  };
  const std::string bad = "h: byte ";
  EXPECT_EQ(refusal(60, 3),
            bad + "60: payload values out of range: sector size 3 is outside [4, 128]");
  EXPECT_EQ(refusal(60, 129),
            bad + "60: payload values out of range: sector size 129 is outside [4, 128]");
  EXPECT_EQ(refusal(64, 6), bad + "64: payload values out of range: connectivity 6 is not 4 or 8");
  EXPECT_EQ(refusal(60, 5), bad +
                                "68: payload values out of range: 4 nodes; this grid's "
                                "transitions at sector size 5 are 2");
  EXPECT_EQ(refusal(68, 5), bad +
                                "68: payload values out of range: 5 nodes; this grid's "
                                "transitions at sector size 4 are 4");
  EXPECT_EQ(refusal(72, 7), bad +
                                "72: payload values out of range: 7 matrix entries; this grid's "
                                "sectors at size 4 have 6");
  // Counts 2, 1, 1 (the same totals): sector 0 is refused.
  {
    std::string t = good;
    t[80] = 2;
    t[82] = 1;
    prep_fix_checksum(t);
    EXPECT_EQ(prep_error_of([&] { (void)io::parse_hierarchy(t, grid, layer, "h"); }),
              bad +
                  "80: payload values out of range: sector 0 (cells (0, 0) to (3, 0)) has 2 "
                  "nodes; this grid gives it 1");
  }
  EXPECT_EQ(refusal(86, 2), bad +
                                "86: payload values out of range: node 0 of sector 0 is cell "
                                "(2, 0) (number 2); this grid's transition there is (3, 0) "
                                "(number 3)");
  EXPECT_EQ(refusal(94, 100), bad +
                                  "94: payload values out of range: node 1 of sector 1 is cell "
                                  "number 100 (off the grid); this grid's transition there is "
                                  "(7, 0) (number 7)");
  // The matrices start at byte 102: sector 0 [0], sector 1 [0 768 1024 0], sector 2 [0].
  EXPECT_EQ(refusal(102, 5), bad +
                                 "102: payload values out of range: the cost from node 0 (3, 0) "
                                 "to node 0 (3, 0) of sector 0 is 5, not 0");
  EXPECT_EQ(refusal(110, HierarchyMap::kNoPath),
            bad +
                "110: payload values out of range: the cost from node 0 (4, 0) to node 1 (7, 0) "
                "of sector 1 says no path, but a path inside the sector joins them");
  // Bounds: at least 3 straight moves of cost 1 (768); at most 3 cells entered diagonally at the
  // layer's largest cost, 3 x 362 x 2 = 2172.
  EXPECT_EQ(refusal(110, 767),
            bad +
                "110: payload values out of range: the cost from node 0 (4, 0) to node 1 (7, 0) "
                "of sector 1 is 767, outside [768, 2172] (the least and the most its moves "
                "can cost)");
  EXPECT_NE(refusal(114, 2173).find("is 2173, outside [768, 2172]"), std::string::npos);
  EXPECT_EQ(refusal(110, 2172), "");  // within the bounds: loads (docs: only the route changes)
  // Another payload size (4 bytes more, the header saying so).
  {
    std::string t = good.substr(0, good.size() - 8) + std::string(4, '\0') + "01234567";
    t[52] = static_cast<char>(66 + 4);
    prep_fix_checksum(t);
    EXPECT_EQ(prep_error_of([&] { (void)io::parse_hierarchy(t, grid, layer, "h"); }),
              bad + "52: payload of 70 bytes; a hierarchy of this grid at sector size 4 has 66");
    t = good.substr(0, 60 + 12) + "01234567";
    t[52] = 12;
    prep_fix_checksum(t);
    EXPECT_EQ(prep_error_of([&] { (void)io::parse_hierarchy(t, grid, layer, "h"); }),
              bad + "52: payload of 12 bytes; a hierarchy has at least 20");
  }
  // A finite cost between nodes no path joins: cell (5, 0) blocked cuts sector 1 in two.
  Grid cut = grid;
  cut.set_blocked({5, 0}, true);
  std::string t = io::serialize_hierarchy(HierarchyMap(cut, layer, HierarchyOptions{4}), cut);
  ASSERT_EQ(t.size(), 134u);
  ASSERT_EQ(static_cast<std::uint8_t>(t[110]), 0xFF);
  prep_put_u32(t, 110, 768);
  prep_fix_checksum(t);
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_hierarchy(t, cut, layer, "h"); }),
            bad +
                "110: payload values out of range: the cost from node 0 (4, 0) to node 1 (7, 0) "
                "of sector 1 is 768, but no path inside the sector joins them");
}

// A tampered file whose costs stay within the bounds loads; HpaStar over it still finds a valid
// path exactly when one exists, reports its exact cost, and is never cheaper than the optimum.
TEST(PrecomputedFile, HierarchyTamperedCostsWithinBoundsKeepHpaStarSound) {
  const GridLayer layer = prep_weighted_layer();
  for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
    const Grid grid = random_prep_grid(48, 40, 0.3, 4, conn == Connectivity::four ? 21 : 22);
    const HierarchyMap built(grid, layer, HierarchyOptions{8, conn});
    std::string bytes = io::serialize_hierarchy(built, grid);
    std::size_t at = 60 + 20 + 2 * built.sector_count() + 4 * built.node_count();
    std::mt19937 rng(9);
    for (std::uint32_t s = 0; s < built.sector_count(); ++s) {
      const std::vector<GridCoord> nodes = built.sector_nodes(s);
      const auto r = built.sector_rect(s);
      const std::uint64_t most =
          (static_cast<std::uint64_t>(r.w) * static_cast<std::uint64_t>(r.h) - 1) *
          (conn == Connectivity::eight ? 362u : 256u) * 9u;
      for (std::size_t i = 0; i < nodes.size(); ++i) {
        for (std::size_t j = 0; j < nodes.size(); ++j, at += 4) {
          const std::uint32_t d =
              built.sector_cost(s, static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j));
          if (i == j || d == HierarchyMap::kNoPath) continue;
          // The octile (or Manhattan) bound at cost 1, or far dearer than the true cost.
          const std::uint32_t dx = static_cast<std::uint32_t>(std::abs(nodes[i].x - nodes[j].x));
          const std::uint32_t dy = static_cast<std::uint32_t>(std::abs(nodes[i].y - nodes[j].y));
          const std::uint32_t lo = std::min(dx, dy);
          const std::uint32_t hi = std::max(dx, dy);
          const std::uint32_t least =
              conn == Connectivity::eight ? (hi - lo) * 256 + lo * 362 : (dx + dy) * 256;
          prep_put_u32(bytes, at,
                       rng() % 2 == 0 ? least
                                      : static_cast<std::uint32_t>(
                                            std::min<std::uint64_t>(std::uint64_t{d} * 5, most)));
        }
      }
    }
    ASSERT_EQ(at + 8, bytes.size());
    prep_fix_checksum(bytes);
    const HierarchyMap loaded = io::parse_hierarchy(bytes, grid, layer, "t");
    EXPECT_TRUE(loaded.is_current(grid, layer));
    expect_hpa_paths(grid, layer, nullptr, loaded, 77);
  }
}

TEST(PrecomputedFile, HierarchyFileErrors) {
  const Grid grid(4, 4);
  const GridLayer layer = io::movingai_layer();
  Error e;
  EXPECT_FALSE(io::try_load_hierarchy("/nonexistent/h.prep", grid, layer, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::io_error);
  EXPECT_EQ(e.message.rfind("/nonexistent/h.prep: cannot open the file: ", 0), 0u) << e.message;
  // 4 x 4: one sector at every side, at most its 12 border cells as nodes: 68 + 20 + 2 + 4 x 12 +
  // 4 x 144 bytes; then format version 2's part: 24 fixed bytes, 16 landmarks (4 x 16 + 2 x 4 x
  // 16 x 12) and one cluster with its 12 border cells as level-2 nodes (4 + 8 x 144); then
  // format version 3's part: 12 fixed bytes and a matrix for each unit size 2..32 no larger than
  // size 1's (31 x 4 x 144).
  EXPECT_EQ(io::max_hierarchy_file_bytes(grid), 714u + 24u + 1600u + 1156u + 12u + 31u * 576u);
  const std::filesystem::path big = std::filesystem::temp_directory_path() /
                                    ("pathing_prep_hbig_" + std::to_string(std::random_device{}()));
  std::ofstream(big, std::ios::binary) << std::string(22000, 'P');
  EXPECT_EQ(prep_error_of([&] { (void)io::load_hierarchy(big, grid, layer); }),
            big.string() +
                ": byte 21362: the file goes on past 21362 bytes, the largest hierarchy file for "
                "a 4 x 4 grid");
  std::ofstream(big, std::ios::binary)
      << io::serialize_hierarchy(HierarchyMap(grid, layer, HierarchyOptions{4}), grid);
  const std::optional<HierarchyMap> h = io::try_load_hierarchy(big, grid, layer, &e);
  ASSERT_TRUE(h.has_value());
  EXPECT_TRUE(h->is_current(grid, layer));
  std::filesystem::remove(big);
}

// --- Hierarchies with landmarks and clusters (format version 2) ---------------------------------

// Loaded == built for the second level and the landmarks, through the public accessors (the
// landmark tables through the saved bytes: save(load(f)) == f).
void expect_same_levels(const HierarchyMap& a, const HierarchyMap& b) {
  ASSERT_EQ(a.landmark_count(), b.landmark_count());
  for (int i = 0; i < a.landmark_count(); ++i) EXPECT_EQ(a.landmark(i), b.landmark(i));
  ASSERT_EQ(a.cluster_sectors(), b.cluster_sectors());
  EXPECT_EQ(a.clusters_x(), b.clusters_x());
  EXPECT_EQ(a.clusters_y(), b.clusters_y());
  ASSERT_EQ(a.cluster_count(), b.cluster_count());
  for (std::uint32_t k = 0; k < a.cluster_count(); ++k) {
    ASSERT_EQ(a.cluster_node_count(k), b.cluster_node_count(k)) << "cluster " << k;
    for (std::uint32_t i = 0; i < a.cluster_node_count(k); ++i) {
      ASSERT_EQ(a.cluster_node(k, i), b.cluster_node(k, i));
      for (std::uint32_t j = 0; j < a.cluster_node_count(k); ++j)
        ASSERT_EQ(a.cluster_cost(k, i, j), b.cluster_cost(k, i, j)) << "cluster " << k;
    }
  }
}

// Plans over `a` and `b` (weight 1 and 2): the same status, abstract cost and expansions.
void expect_same_plans(const Grid& grid, const GridLayer& layer, const HierarchyMap& a,
                       const HierarchyMap& b, std::uint32_t seed) {
  std::mt19937 rng(seed);
  HpaStar h1;
  HpaStar h2;
  SearchOptions o;
  o.connectivity = a.options().connectivity;
  for (const double w : {1.0, 2.0}) {
    o.weight = w;
    for (int q = 0; q < 20; ++q) {
      const GridCoord s{static_cast<int>(rng() % static_cast<unsigned>(grid.cols())),
                        static_cast<int>(rng() % static_cast<unsigned>(grid.rows()))};
      const GridCoord g{static_cast<int>(rng() % static_cast<unsigned>(grid.cols())),
                        static_cast<int>(rng() % static_cast<unsigned>(grid.rows()))};
      const PathResult r1 = h1.plan(grid, layer, a, s, g, o);
      const PathResult r2 = h2.plan(grid, layer, b, s, g, o);
      ASSERT_EQ(r1.status, r2.status);
      EXPECT_EQ(r1.cost, r2.cost);
      EXPECT_EQ(r1.stats.expanded, r2.stats.expanded);
      EXPECT_EQ(r1.stats.generated, r2.stats.generated);
    }
  }
}

TEST(PrecomputedFile, HierarchyLevelsRoundTripOnRandomGrids) {
  const int sizes[][2] = {{1, 1}, {9, 1}, {37, 29}, {64, 64}, {3, 70}, {90, 41}};
  std::uint32_t seed = 900;
  int files = 0;
  for (const auto& sz : sizes) {
    for (const double wall : {0.0, 0.3}) {
      for (const int side : {4, 7}) {
        for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
          // Weighted (asymmetric landmark tables) and uniform (one table) layers.
          const bool weighted = (++seed % 2) == 0;
          const GridLayer layer = weighted ? prep_weighted_layer() : io::movingai_layer();
          const Grid grid = random_prep_grid(sz[0], sz[1], wall, weighted ? 4 : 1, seed);
          HierarchyMap built(grid, layer, HierarchyOptions{side, conn});
          // Version 1 without either.
          const std::string v1 = io::serialize_hierarchy(built, grid);
          EXPECT_EQ(v1[8], 1);
          const int landmarks = static_cast<int>(seed % 4) * 3;  // 0, 3, 6 or 9
          const int clusters = 2 + static_cast<int>(seed / 4 % 3);
          const bool with_clusters = landmarks == 0 || seed % 3 != 0;
          if (landmarks > 0) {
            ASSERT_TRUE(built.build_landmarks(grid, landmarks));
          }
          if (with_clusters) {
            ASSERT_TRUE(built.build_clusters(grid, clusters));
          }
          const std::string bytes = io::serialize_hierarchy(built, grid);
          EXPECT_LE(bytes.size(), io::max_hierarchy_file_bytes(grid));
          EXPECT_EQ(bytes[8], built.landmark_count() > 0 || with_clusters ? 2 : 1);
          const HierarchyMap loaded = io::parse_hierarchy(bytes, grid, layer, "t.prep");
          EXPECT_TRUE(loaded.is_current(grid, layer));
          expect_same_hierarchy(loaded, built);
          expect_same_levels(loaded, built);
          EXPECT_EQ(loaded.memory_bytes(), built.memory_bytes());
          EXPECT_EQ(io::serialize_hierarchy(loaded, grid), bytes);
          expect_hpa_paths(grid, layer, &built, loaded, seed);
          expect_same_plans(grid, layer, built, loaded, seed);
          ++files;
        }
      }
    }
  }
  EXPECT_EQ(files, 48);
}

// A synced map with clusters saves as a fresh build with clusters; a loaded one syncs its clusters
// too; landmarks kept by a sync (walls added) save and load as they are.
// Every unit size's graph of `a` equals `b`'s: the nodes serving it, their costs, the matrices.
void expect_same_unit_graphs(const HierarchyMap& a, const HierarchyMap& b) {
  ASSERT_EQ(a.max_unit_size(), b.max_unit_size());
  for (int k = 1; k <= a.max_unit_size(); ++k) {
    for (std::uint32_t s = 0; s < a.sector_count(); ++s) {
      const std::uint32_t n = a.sector_node_count(s);
      ASSERT_EQ(n, b.sector_node_count(s));
      for (std::uint32_t i = 0; i < n; ++i) {
        ASSERT_EQ(a.sector_node_cost(s, i, k), b.sector_node_cost(s, i, k)) << s << " " << k;
        for (std::uint32_t j = 0; j < n; ++j)
          ASSERT_EQ(a.sector_cost(s, i, j, k), b.sector_cost(s, i, j, k)) << s << " " << k;
      }
    }
  }
}

// Format version 3: a map for units of every size (HierarchyOptions::max_unit_size 2 or 3, with
// and without landmarks) round-trips on random grids, uniform and weighted, 4- and 8-connected:
// the same nodes, unit graphs and paths for every size, the same bytes when saved again, the
// same memory; a synced map saves as a fresh build.
TEST(PrecomputedFile, HierarchyUnitSizesRoundTripOnRandomGrids) {
  const int sizes[][2] = {{1, 1}, {9, 5}, {37, 29}, {64, 48}, {90, 41}};
  std::uint32_t seed = 1700;
  int files = 0;
  for (const auto& sz : sizes) {
    for (const double wall : {0.0, 0.15}) {
      for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
        const bool weighted = (++seed % 2) == 0;
        const GridLayer layer = weighted ? prep_weighted_layer() : io::movingai_layer();
        const Grid grid = random_prep_grid(sz[0], sz[1], wall, weighted ? 4 : 1, seed);
        HierarchyOptions o{static_cast<int>(4 + seed % 5), conn};
        o.max_unit_size = 2 + static_cast<int>(seed / 2 % 2);
        HierarchyMap built(grid, layer, o);
        if (seed % 3 == 0) {
          ASSERT_TRUE(built.build_landmarks(grid, 3));
        }
        const std::string bytes = io::serialize_hierarchy(built, grid);
        EXPECT_EQ(bytes[8], 3);
        EXPECT_LE(bytes.size(), io::max_hierarchy_file_bytes(grid));
        const HierarchyMap loaded = io::parse_hierarchy(bytes, grid, layer, "u.prep");
        EXPECT_TRUE(loaded.is_current(grid, layer));
        EXPECT_TRUE(loaded.clearance().is_current(grid, layer));
        expect_same_hierarchy(loaded, built);
        expect_same_levels(loaded, built);
        expect_same_unit_graphs(loaded, built);
        EXPECT_EQ(loaded.memory_bytes(), built.memory_bytes());
        EXPECT_EQ(io::serialize_hierarchy(loaded, grid), bytes);
        // The same paths for every size.
        std::mt19937 rng(seed);
        HpaStar h1;
        HpaStar h2;
        std::vector<GridCoord> p1;
        std::vector<GridCoord> p2;
        for (int q = 0; q < 12; ++q) {
          SearchOptions so;
          so.connectivity = conn;
          so.unit_size = 1 + q % o.max_unit_size;
          const GridCoord a{static_cast<int>(rng() % static_cast<unsigned>(sz[0])),
                            static_cast<int>(rng() % static_cast<unsigned>(sz[1]))};
          const GridCoord b{static_cast<int>(rng() % static_cast<unsigned>(sz[0])),
                            static_cast<int>(rng() % static_cast<unsigned>(sz[1]))};
          const PathResult r1 = h1.find_path(grid, layer, built, a, b, p1, so);
          const PathResult r2 = h2.find_path(grid, layer, loaded, a, b, p2, so);
          ASSERT_EQ(r1.status, r2.status);
          ASSERT_EQ(p1, p2);
        }
        ++files;
      }
    }
  }
  EXPECT_EQ(files, 20);
  // Edits: a synced map saves as a fresh build of the edited grid.
  Grid grid = random_prep_grid(48, 40, 0.15, 4, 77);
  HierarchyOptions o{8};
  o.max_unit_size = 3;
  HierarchyMap synced(grid, prep_weighted_layer(), o);
  std::mt19937 rng(8);
  for (int e = 0; e < 30; ++e) {
    const GridCoord c{static_cast<int>(rng() % 48u), static_cast<int>(rng() % 40u)};
    grid.set_blocked(c, !grid.is_blocked(c));
    ASSERT_EQ(synced.sync(grid, prep_weighted_layer()), MapSync::updated);
  }
  EXPECT_EQ(io::serialize_hierarchy(synced, grid),
            io::serialize_hierarchy(HierarchyMap(grid, prep_weighted_layer(), o), grid));
}

// A version-3 file's own fields are checked: the unit size, the count of unit matrix entries,
// the matrices (against unit grid k, naming the size), and clusters are refused.
TEST(PrecomputedFile, HierarchyUnitSizesTamperedPayloadIsRefused) {
  const GridLayer layer = io::movingai_layer();
  const Grid grid = random_prep_grid(16, 12, 0.1, 1, 5);
  HierarchyOptions o{8};
  o.max_unit_size = 2;
  const HierarchyMap built(grid, layer, o);
  const std::string bytes = io::serialize_hierarchy(built, grid);
  ASSERT_EQ(bytes[8], 3);
  const std::size_t base = io::kPrecomputedHeaderBytes;
  const auto tampered = [&](std::size_t at, std::uint32_t v) {
    std::string t = bytes;
    prep_put_u32(t, at, v);
    prep_fix_checksum(t);
    return prep_error_of([&] { (void)io::parse_hierarchy(t, grid, layer, "u.prep"); });
  };
  EXPECT_EQ(tampered(base + 20, 1),
            "u.prep: byte 80: payload values out of range: max_unit_size 1 is outside [2, 32] "
            "(format version 3 holds maps for units larger than a cell)");
  EXPECT_EQ(tampered(base + 20, 33),
            "u.prep: byte 80: payload values out of range: max_unit_size 33 is outside [2, 32] "
            "(format version 3 holds maps for units larger than a cell)");
  // Another size gives other transitions: the node count is the first field to disagree.
  const std::string wrong_k = tampered(base + 20, 3);
  EXPECT_NE(wrong_k.find("nodes; this grid's transitions at sector size 8 are"), std::string::npos)
      << wrong_k;
  const std::string wrong_u = tampered(base + 24, 7);
  EXPECT_NE(wrong_u.find("byte 84: payload values out of range: 7 unit matrix entries; this "
                         "grid's sectors at size 8 for units up to 2 have"),
            std::string::npos)
      << wrong_u;
  // The first unit matrix entry is a diagonal (sector 0's first node serving size 2).
  std::uint64_t unit_entries = 0;
  for (std::uint32_t s = 0; s < built.sector_count(); ++s)
    for (std::uint32_t i = 0; i < built.sector_node_count(s); ++i)
      unit_entries += built.sector_node_cost(s, i, 2) != 0 ? 1 : 0;
  ASSERT_GT(unit_entries, 0u);
  std::uint32_t first_node = 0;
  while (built.sector_node_cost(0, first_node, 2) == 0) ++first_node;
  std::uint64_t total = 0;  // entries of every size-2 matrix
  for (std::uint32_t s = 0; s < built.sector_count(); ++s) {
    std::uint64_t n = 0;
    for (std::uint32_t i = 0; i < built.sector_node_count(s); ++i)
      n += built.sector_node_cost(s, i, 2) != 0 ? 1 : 0;
    total += n * n;
  }
  const std::size_t unit_at = bytes.size() - 8 - static_cast<std::size_t>(4 * total);
  const GridCoord c = built.sector_node(0, first_node);
  EXPECT_EQ(tampered(unit_at, 5),
            "u.prep: byte " + std::to_string(unit_at) +
                ": payload values out of range: the cost from node " + std::to_string(first_node) +
                " (" + std::to_string(c.x) + ", " + std::to_string(c.y) + ") to node " +
                std::to_string(first_node) + " (" + std::to_string(c.x) + ", " +
                std::to_string(c.y) + ") of sector 0 for units of size 2 is 5, not 0");
  // Clusters in a map for big units.
  const std::size_t cluster_at = unit_at - 16;  // side, level-2 nodes, entries (u64)
  EXPECT_NE(tampered(cluster_at, 2).find("cluster side 2 in a map for units up to 2"),
            std::string::npos);
}

TEST(PrecomputedFile, HierarchyLevelsFollowEditsThroughFiles) {
  const GridLayer layer = prep_weighted_layer();
  Grid grid = random_prep_grid(72, 56, 0.2, 4, 41);
  HierarchyMap synced(grid, layer, HierarchyOptions{8});
  ASSERT_TRUE(synced.build_clusters(grid, 3));
  HierarchyMap loaded =
      io::parse_hierarchy(io::serialize_hierarchy(synced, grid), grid, layer, "h");
  ASSERT_EQ(loaded.cluster_sectors(), 3);
  std::mt19937 rng(6);
  for (int round = 0; round < 4; ++round) {
    for (int e = 0; e < 5; ++e) {
      const GridCoord c{static_cast<int>(rng() % 72u), static_cast<int>(rng() % 56u)};
      grid.set_blocked(c, !grid.is_blocked(c));
    }
    EXPECT_EQ(synced.sync(grid, layer), MapSync::updated);
    EXPECT_EQ(loaded.sync(grid, layer), MapSync::updated);
    EXPECT_GT(loaded.last_sync_clusters(), 0u);
    EXPECT_LT(loaded.last_sync_clusters(), loaded.cluster_count());
    HierarchyMap fresh(grid, layer, HierarchyOptions{8});
    ASSERT_TRUE(fresh.build_clusters(grid, 3));
    const std::string want = io::serialize_hierarchy(fresh, grid);
    EXPECT_EQ(io::serialize_hierarchy(synced, grid), want) << "round " << round;
    EXPECT_EQ(io::serialize_hierarchy(loaded, grid), want) << "round " << round;
    expect_same_levels(io::parse_hierarchy(want, grid, layer, "h"), fresh);
  }
  // Landmarks kept by a sync that only adds walls: saved as held, loaded, the same plans.
  ASSERT_TRUE(synced.build_landmarks(grid, 4));
  for (int x = 18; x < 22; ++x) grid.set_blocked({x, 27}, true);  // inside sector (2, 3)
  EXPECT_EQ(synced.sync(grid, layer), MapSync::updated);
  ASSERT_EQ(synced.landmark_count(), 4) << "a sync adding walls keeps the landmarks";
  const std::string bytes = io::serialize_hierarchy(synced, grid);
  const HierarchyMap kept = io::parse_hierarchy(bytes, grid, layer, "h");
  EXPECT_EQ(kept.landmark_count(), 4);
  EXPECT_EQ(io::serialize_hierarchy(kept, grid), bytes);
  expect_same_plans(grid, layer, synced, kept, 8);
}

// The 9 x 1 golden grid (HierarchyGoldenBytes) with one landmark and clusters of 2 sectors: every
// byte of format version 2's part.
TEST(PrecomputedFile, HierarchyLevelsGoldenBytes) {
  const Grid grid = prep_golden_hierarchy_grid();
  const GridLayer layer{1, 2};
  HierarchyMap map(grid, layer, HierarchyOptions{4});
  ASSERT_TRUE(map.build_landmarks(grid, 1));
  ASSERT_TRUE(map.build_clusters(grid, 2));
  const std::string hex = prep_as_version_100(io::serialize_hierarchy(map, grid));
  EXPECT_EQ(hex.substr(0, 16 + 8),
            "5041544850524550"
            "02000000");                                  // format version 2
  EXPECT_EQ(hex.substr(2 * 52, 16), "9600000000000000");  // payload 66 + 84 = 150 bytes
  EXPECT_EQ(hex.substr(2 * 126),
            std::string("01000000"  // 1 landmark
                        "00000000"  // not symmetric (costs 1 and 2): two tables
                        "03000000"  // landmark 0: node 3 = (8, 0), the farthest from node 0
                        // d(L, n) for nodes 0-3: (3, 0) <- (8, 0): 4 + 3 + 1 moves:
                        // (7, 0) -> (4, 0) costs 1 + 1 + 2 = 4 (x 256), then (3, 0) 1 more
                        "00060000"  // node 0 (3, 0): 1536
                        "00050000"  // node 1 (4, 0): 1280
                        "00010000"  // node 2 (7, 0): 256
                        "00000000"  // node 3 (8, 0): 0
                        // d(n, L): (3, 0) -> (8, 0) enters (4, 0) at 2, then 1 + 1 + 1 + 1
                        "00060000"             // node 0: 1536
                        "00040000"             // node 1: 1024
                        "00010000"             // node 2: 256
                        "00000000"             // node 3: 0
                        "02000000"             // clusters of 2 sectors: sectors 0-1 and sector 2
                        "02000000"             // 2 level-2 nodes
                        "0200000000000000"     // 2 level-2 matrix entries
                        "01000000"             // cluster 0: 1 level-2 node, (7, 0)
                        "01000000"             // cluster 1: 1, (8, 0)
                        "0000000000000000"     // cluster 0: [0]
                        "0000000000000000") +  // cluster 1: [0]
                hex.substr(hex.size() - 16));  // (the checksum)
  const HierarchyMap loaded =
      io::parse_hierarchy(io::serialize_hierarchy(map, grid), grid, layer, "g");
  EXPECT_EQ(loaded.landmark(0), (GridCoord{8, 0}));
}

TEST(PrecomputedFile, HierarchyLevelsTamperedPayloadIsRefused) {
  const Grid grid = prep_golden_hierarchy_grid();
  const GridLayer layer{1, 2};
  HierarchyMap map(grid, layer, HierarchyOptions{4});
  ASSERT_TRUE(map.build_landmarks(grid, 1));
  ASSERT_TRUE(map.build_clusters(grid, 2));
  const std::string good = io::serialize_hierarchy(map, grid);
  ASSERT_EQ(good.size(), 218u);
  ASSERT_EQ(io::parse_hierarchy(good, grid, layer, "h").landmark_count(), 1);
  const auto refusal = [&](std::size_t at, std::uint64_t v, int width = 4) {
    std::string t = good;
    test::put_le(t, at, v, width);
    prep_fix_checksum(t);
    return prep_error_of([&] { (void)io::parse_hierarchy(t, grid, layer, "h"); });
  };
  const std::string bad = "h: byte ";
  // Format version 2's part (HierarchyLevelsGoldenBytes) starts at byte 126: k, symmetric, the
  // landmark's node (134), d(L, n) for nodes 0-3 (138-153), d(n, L) (154-169), cluster side
  // (170), N2 (174), M2 (178), counts (186, 190), matrices (194, 202), checksum (210).
  EXPECT_EQ(refusal(126, 17),
            bad + "126: payload values out of range: 17 landmarks; a hierarchy holds at most 16");
  EXPECT_EQ(refusal(130, 2),
            bad + "130: payload values out of range: symmetric flag 2 is not 0 or 1");
  EXPECT_EQ(refusal(134, 4),
            bad + "134: payload values out of range: landmark 0 is node 4; the map has 4 nodes");
  EXPECT_EQ(refusal(150, 5),
            bad +
                "150: payload values out of range: landmark 0 (node 3 (8, 0)) is at distance 5 "
                "from itself, not 0");
  EXPECT_EQ(refusal(166, 5),
            bad +
                "166: payload values out of range: landmark 0 (node 3 (8, 0)) is at distance 5 "
                "to itself, not 0");
  // d(L, (4, 0)) lowered to 1000: the edge (4, 0) -> (3, 0) of cost 256 then needs
  // d(L, (3, 0)) <= 1256, but it is 1536.
  EXPECT_EQ(refusal(142, 1000),
            bad +
                "138: payload values out of range: landmark 0: d(L, v) = 1536 but d(L, u) = "
                "1000 across the edge from node 1 (4, 0) to node 0 (3, 0) of cost 256: not "
                "distances of this graph");
  EXPECT_EQ(refusal(142, HierarchyMap::kNoPath),
            bad +
                "142: payload values out of range: landmark 0: d(L, v) = unreached but d(L, u) "
                "= 1536 across the edge from node 0 (3, 0) to node 1 (4, 0) of cost 512: not "
                "distances of this graph");
  // d((7, 0), L) raised to 300: the edge (4, 0) -> (7, 0) of cost 768 then needs
  // d((4, 0), L) <= 1068, but it is 1024 -- fine; (7, 0) -> (8, 0) of cost 256 needs
  // d((7, 0), L) <= 256 + 0.
  EXPECT_EQ(refusal(162, 300),
            bad +
                "162: payload values out of range: landmark 0: d(u, L) = 300 but d(v, L) = 0 "
                "across the edge from node 2 (7, 0) to node 3 (8, 0) of cost 256: not "
                "distances of this graph");
  // Lower but feasible distances load (a weaker bound): d(L, (3, 0)) = 1400.
  EXPECT_EQ(refusal(138, 1400), "");
  EXPECT_EQ(refusal(170, 1),
            bad +
                "170: payload values out of range: cluster side 1 is outside [2, 16] (0: no "
                "clusters)");
  EXPECT_EQ(refusal(170, 17),
            bad +
                "170: payload values out of range: cluster side 17 is outside [2, 16] (0: no "
                "clusters)");
  EXPECT_EQ(refusal(174, 3),
            bad +
                "174: payload values out of range: 3 level-2 nodes; this grid's clusters of 2 "
                "sectors have 2");
  EXPECT_EQ(refusal(178, 3, 8),
            bad +
                "178: payload values out of range: 3 level-2 matrix entries; this grid's "
                "clusters of 2 sectors have 2");
  EXPECT_EQ(refusal(194, 7, 8),
            bad +
                "194: payload values out of range: the cost from level-2 node 0 (7, 0) to "
                "level-2 node 0 (7, 0) of cluster 0 is 7, not 0");
  // Neither landmarks nor clusters: version 1's business.
  {
    std::string t = good.substr(0, 126) + std::string(24, '\0') + good.substr(good.size() - 8);
    test::put_le(t, 130, 1, 4);
    test::put_le(t, 52, 66 + 24, 8);
    prep_fix_checksum(t);
    EXPECT_EQ(prep_error_of([&] { (void)io::parse_hierarchy(t, grid, layer, "h"); }),
              bad +
                  "126: payload values out of range: format version 2 without landmarks or "
                  "clusters (such a hierarchy is format version 1)");
  }
  // A payload that stops inside the landmark tables, and one with bytes to spare.
  {
    std::string t = good.substr(0, 150) + good.substr(good.size() - 8);
    test::put_le(t, 52, 150 - 60, 8);
    prep_fix_checksum(t);
    EXPECT_EQ(prep_error_of([&] { (void)io::parse_hierarchy(t, grid, layer, "h"); }),
              bad +
                  "52: payload of 90 bytes ends inside the landmarks: a hierarchy of this grid "
                  "at sector size 4 with 1 landmark has at least 126 bytes");
    t = good.substr(0, good.size() - 8) + std::string(8, '\0') + good.substr(good.size() - 8);
    test::put_le(t, 52, 158, 8);
    prep_fix_checksum(t);
    EXPECT_EQ(prep_error_of([&] { (void)io::parse_hierarchy(t, grid, layer, "h"); }),
              bad +
                  "52: payload of 158 bytes; a hierarchy of this grid at sector size 4 with 1 "
                  "landmark and clusters of 2 sectors has 150");
  }
  // Every single-byte change of the extension with a fixed checksum either is refused with a
  // PrecomputedError or loads a map that saves back to the same bytes.
  for (std::size_t at = 126; at + 8 < good.size(); ++at) {
    for (const int delta : {1, 0x80}) {
      std::string t = good;
      t[at] = static_cast<char>(static_cast<std::uint8_t>(t[at]) ^ delta);
      prep_fix_checksum(t);
      try {
        const HierarchyMap m = io::parse_hierarchy(t, grid, layer, "h");
        EXPECT_EQ(io::serialize_hierarchy(m, grid), t) << "byte " << at;
      } catch (const io::PrecomputedError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("h: byte ", 0), 0u) << e.what();
      }
    }
  }
}

// Clusters: each refusal of a tampered matrix, on a grid with two sectors in a cluster.
TEST(PrecomputedFile, HierarchyClusterMatricesAreChecked) {
  // 32 x 8, sectors of 8 (4 x 1), clusters of 2 sectors (2 x 1): the entrance at x = 15 | 16 is
  // 8 long, so it has two transitions, at its ends.
  Grid grid(32, 8);
  const GridLayer layer = io::movingai_layer();
  HierarchyMap map(grid, layer, HierarchyOptions{8, Connectivity::four});
  ASSERT_TRUE(map.build_clusters(grid, 2));
  ASSERT_EQ(map.cluster_count(), 2u);
  ASSERT_EQ(map.cluster_node_count(0), 2u);
  EXPECT_EQ(map.cluster_node(0, 0), (GridCoord{15, 0}));
  EXPECT_EQ(map.cluster_node(0, 1), (GridCoord{15, 7}));
  EXPECT_EQ(map.cluster_cost(0, 0, 1), 7u * 256u);
  const std::string good = io::serialize_hierarchy(map, grid);
  const std::size_t matrices = good.size() - 8 - 8 * 8;  // 2 clusters of 2 x 2 entries
  const auto refusal = [&](std::size_t entry, std::uint64_t v) {
    std::string t = good;
    test::put_le(t, matrices + 8 * entry, v, 8);
    prep_fix_checksum(t);
    return prep_error_of([&] { (void)io::parse_hierarchy(t, grid, layer, "h"); });
  };
  const std::string at = "h: byte " + std::to_string(matrices + 8) +
                         ": payload values out of range: the cost from level-2 node 0 (15, 0) to "
                         "level-2 node 1 (15, 7) of cluster 0 ";
  EXPECT_EQ(refusal(1, HierarchyMap::kNoClusterPath),
            at + "says no path, but a path inside the cluster joins them");
  // Bounds: 7 straight moves at cost 1; (16 x 8 - 1) straight moves at cost 1.
  EXPECT_EQ(refusal(1, 1791),
            at + "is 1791, outside [1792, 32512] (the least and the most its moves can cost)");
  EXPECT_EQ(refusal(1, 32513),
            at + "is 32513, outside [1792, 32512] (the least and the most its moves can cost)");
  EXPECT_EQ(refusal(1, 1793), at + "is 1793, dearer than the edge of their sector, 1792");
  EXPECT_EQ(refusal(1, 1792), "");
  // A wall across cluster 0 at y = 3: the entrance splits in two (transitions (15, 1) and
  // (15, 5)), which no path inside the cluster joins.
  Grid cut = grid;
  for (int x = 0; x < 16; ++x) cut.set_blocked({x, 3}, true);
  HierarchyMap cmap(cut, layer, HierarchyOptions{8, Connectivity::four});
  ASSERT_TRUE(cmap.build_clusters(cut, 2));
  ASSERT_EQ(cmap.cluster_node_count(0), 2u);
  ASSERT_EQ(cmap.cluster_cost(0, 0, 1), HierarchyMap::kNoClusterPath);
  std::string t = io::serialize_hierarchy(cmap, cut);
  const std::size_t cut_matrices = t.size() - 8 - 8 * 8;
  test::put_le(t, cut_matrices + 8, 1792, 8);
  prep_fix_checksum(t);
  const GridCoord p = cmap.cluster_node(0, 0);
  const GridCoord q = cmap.cluster_node(0, 1);
  EXPECT_EQ(prep_error_of([&] { (void)io::parse_hierarchy(t, cut, layer, "h"); }),
            "h: byte " + std::to_string(cut_matrices + 8) +
                ": payload values out of range: the cost from level-2 node 0 (" +
                std::to_string(p.x) + ", " + std::to_string(p.y) + ") to level-2 node 1 (" +
                std::to_string(q.x) + ", " + std::to_string(q.y) +
                ") of cluster 0 is 1792, but no path inside the cluster joins them");
}

// Tampered landmarks (lowered but feasible) and cluster costs (within the bounds) load: HpaStar
// still finds a valid path exactly when one exists, its cost exact, never below the optimum;
// feasible landmarks alone keep weight-1 plans at the cheapest abstract cost.
TEST(PrecomputedFile, HierarchyTamperedLevelsKeepHpaStarSound) {
  const GridLayer layer = prep_weighted_layer();
  for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
    const Grid grid = random_prep_grid(64, 48, 0.25, 4, conn == Connectivity::four ? 51 : 52);
    HierarchyMap built(grid, layer, HierarchyOptions{8, conn});
    ASSERT_TRUE(built.build_landmarks(grid, 4));
    ASSERT_TRUE(built.build_clusters(grid, 2));
    std::string bytes = io::serialize_hierarchy(built, grid);
    // The extension starts after the sector matrices.
    std::size_t entries = 0;
    for (std::uint32_t s = 0; s < built.sector_count(); ++s)
      entries += std::size_t{built.sector_node_count(s)} * built.sector_node_count(s);
    const std::size_t lm_at =
        60 + 20 + 2 * built.sector_count() + 4 * built.node_count() + 4 * entries;
    ASSERT_EQ(test::get_le(bytes, lm_at, 4), 4u);
    ASSERT_EQ(test::get_le(bytes, lm_at + 4, 4), 0u);  // weighted: two tables
    const std::size_t n = built.node_count() * 4;
    const std::size_t tables = lm_at + 8 + 16;
    // Halve every distance (rounding down): still a feasible potential, a weaker bound.
    for (std::size_t i = 0; i < 2 * n; ++i) {
      const std::uint64_t d = test::get_le(bytes, tables + 4 * i, 4);
      if (d != HierarchyMap::kNoPath) test::put_le(bytes, tables + 4 * i, d / 2, 4);
    }
    prep_fix_checksum(bytes);
    HierarchyMap halved = io::parse_hierarchy(bytes, grid, layer, "t");
    HierarchyMap plain = halved;
    plain.drop_landmarks();
    plain.drop_clusters();
    halved.drop_clusters();
    HpaStar h1;
    HpaStar h2;
    SearchOptions o;
    o.connectivity = conn;
    std::mt19937 rng(4);
    int found = 0;
    for (int q = 0; q < 60; ++q) {
      const GridCoord a{static_cast<int>(rng() % 64u), static_cast<int>(rng() % 48u)};
      const GridCoord b{static_cast<int>(rng() % 64u), static_cast<int>(rng() % 48u)};
      const PathResult r1 = h1.plan(grid, layer, plain, a, b, o);
      const PathResult r2 = h2.plan(grid, layer, halved, a, b, o);
      ASSERT_EQ(r1.status, r2.status);
      EXPECT_EQ(r1.cost, r2.cost) << "a feasible potential keeps the cheapest abstract cost";
      found += r1.status == SearchStatus::found;
    }
    EXPECT_GT(found, 20);
    // Cluster costs pushed to their bounds (the octile bound at cost 1, or 5 times dearer capped
    // at the sector edge and the cluster's most): loads, and paths stay sound.
    const std::size_t cl_at = tables + 4 * 2 * n;
    const std::size_t clusters = built.cluster_count();
    std::size_t at = cl_at + 16 + 4 * clusters;
    for (std::uint32_t k = 0; k < clusters; ++k) {
      const std::uint32_t c = built.cluster_node_count(k);
      for (std::uint32_t i = 0; i < c; ++i) {
        for (std::uint32_t j = 0; j < c; ++j, at += 8) {
          const std::uint64_t d = built.cluster_cost(k, i, j);
          if (i == j || d == HierarchyMap::kNoClusterPath) continue;
          const GridCoord p = built.cluster_node(k, i);
          const GridCoord q = built.cluster_node(k, j);
          if (built.sector_of(p) == built.sector_of(q)) continue;  // (capped by the edge)
          const auto dx = static_cast<std::uint64_t>(std::abs(p.x - q.x));
          const auto dy = static_cast<std::uint64_t>(std::abs(p.y - q.y));
          const std::uint64_t least =
              conn == Connectivity::eight
                  ? (std::max(dx, dy) - std::min(dx, dy)) * 256 + std::min(dx, dy) * 362
                  : (dx + dy) * 256;
          // The cluster's most: (cells - 1) x the dearest move x the dearest cost (9).
          const int x0 = static_cast<int>(k % static_cast<std::uint32_t>(built.clusters_x())) * 16;
          const int y0 = static_cast<int>(k / static_cast<std::uint32_t>(built.clusters_x())) * 16;
          const auto cells = static_cast<std::uint64_t>(std::min(16, 64 - x0)) *
                             static_cast<std::uint64_t>(std::min(16, 48 - y0));
          const std::uint64_t most = (cells - 1) * (conn == Connectivity::eight ? 362u : 256u) * 9u;
          test::put_le(bytes, at, rng() % 2 == 0 ? least : std::min(d * 5, most), 8);
        }
      }
    }
    ASSERT_EQ(at + 8, bytes.size());
    prep_fix_checksum(bytes);
    const HierarchyMap loaded = io::parse_hierarchy(bytes, grid, layer, "t");
    EXPECT_EQ(loaded.cluster_sectors(), 2);
    expect_hpa_paths(grid, layer, nullptr, loaded, 78);
  }
}

}  // namespace precomputed_test
