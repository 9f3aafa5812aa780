// The bit-parallel BFS's cache of passable cells (detail/bfs/passable_bits.hpp): every window it
// reads equals the grid's cells after edits, restarts, other grids and passable sets, and the
// bounded searches that read through it never answer from a stale bit.
#include "pathing/search/bit_bfs/passable_bits.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"

namespace pathing {
namespace {

bool processor_has_avx2() {
#if PATHING_BIT_BFS_AVX2
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
#else
  return false;
#endif
}

// The passable sets the tests cycle through: tag 0 only, unblocked, everything, value lists.
constexpr std::uint16_t kSets[] = {0x0001, 0x00FF, 0xFFFF, 0xFF0A, 0x0055, 0x8001};

void fill_random(Grid& g, std::mt19937& rng) {
  const unsigned density = rng() % 60;
  for (int y = 0; y < g.rows(); ++y) {
    for (int x = 0; x < g.cols(); ++x) {
      g.set_cell({x, y},
                 static_cast<std::uint8_t>(rng() % 100 < density ? 8 + rng() % 8 : rng() % 8));
    }
  }
}

// Reads a few random windows (every width 1..64, both one and two chunks a row, rows to the
// grid's edges) and compares each bit with the cell's value.
void check_windows(detail::PassableBits& bits, const Grid& g, std::uint16_t set, std::mt19937& rng,
                   const std::string& where) {
  for (int k = 0; k < 4; ++k) {
    const int x0 = static_cast<int>(rng() % static_cast<unsigned>(g.cols()));
    const int width = 1 + static_cast<int>(rng() % 64);
    const int y_begin = static_cast<int>(rng() % static_cast<unsigned>(g.rows()));
    const int y_end =
        y_begin + static_cast<int>(rng() % static_cast<unsigned>(g.rows() - y_begin + 1));
    int rows_read = 0;
    bits.read(g, x0, width, y_begin, y_end, [&](int y, std::uint64_t w) {
      ASSERT_EQ(y, y_begin + rows_read) << where;
      ++rows_read;
      std::uint64_t want = 0;
      for (int i = 0; i < width && x0 + i < g.cols(); ++i) {
        want |= std::uint64_t{(set >> g.cell({x0 + i, y})) & 1u} << i;
      }
      ASSERT_EQ(w, want) << where << ": row " << y << ", columns " << x0 << " + " << width;
    });
    ASSERT_EQ(rows_read, y_end - y_begin) << where;
  }
}

// Random grids of 1..200 columns and 1..80 rows (up to four tiles a row, tiles cut by the grid's
// edges and rows by the end of its buffer), and of up to 1100 x 600 (more tiles than the cache
// holds: slots taken over), then 400 steps each of: a few edits (replayed from the edit log),
// more edits than the log holds, another passable set, a copy of the grid (another object);
// after each, sync and read windows. With and without the AVX2 classification.
TEST(PassableBits, WindowsEqualTheCellsThroughEditsRestartsAndOtherGrids) {
  std::mt19937 rng(41);
  std::vector<bool> levels{false};
  if (processor_has_avx2()) levels.push_back(true);
  int replays = 0;
  int restarts = 0;
  for (const bool avx2 : levels) {
    for (int map = 0; map < 40; ++map) {
      // One map in four is larger than the tiles the cache holds (512 x 256 cells).
      const bool large = map % 4 == 3;
      Grid g(1 + static_cast<int>(rng() % (large ? 1100 : 200)),
             1 + static_cast<int>(rng() % (large ? 600 : 80)));
      fill_random(g, rng);
      detail::PassableBits bits;
      std::uint16_t set = kSets[rng() % std::size(kSets)];
      for (int step = 0; step < 400; ++step) {
        const unsigned what = rng() % 10;
        bool restart = false;
        if (what < 6) {  // a few edits: replayed
          const int n = static_cast<int>(rng() % 8);
          for (int i = 0; i < n; ++i) {
            const GridCoord c{static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
                              static_cast<int>(rng() % static_cast<unsigned>(g.rows()))};
            g.set_cell(c, static_cast<std::uint8_t>(rng() % 16));
          }
        } else if (what == 6) {  // more than the log holds
          for (std::size_t i = 0; i <= Grid::kEditLogCapacity; ++i) {
            g.set_cell({static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
                        static_cast<int>(rng() % static_cast<unsigned>(g.rows()))},
                       static_cast<std::uint8_t>(rng() % 16));
          }
          restart = true;
        } else if (what == 7) {
          set = kSets[rng() % std::size(kSets)];
          restart = true;
        } else if (what == 8) {
          Grid copy = g;  // another object: another instance_id
          g = copy;
          restart = true;
        }
        const bool held = bits.holds(g, set);
        bits.sync(g, set, avx2);
        ASSERT_TRUE(bits.holds(g, set));
        if (held) ++replays;
        if (restart && !held) ++restarts;
        check_windows(bits, g, set, rng,
                      "map " + std::to_string(map) + " step " + std::to_string(step) +
                          (avx2 ? " avx2" : " portable"));
      }
    }
  }
  EXPECT_GE(replays, 10000);
  EXPECT_GE(restarts, 3000);
}

// The 16-bit generation wraps after 65,535 restarts: tiles of old generations must not pass for
// the new ones. Alternating two passable sets restarts at every sync. Tile (0, 1) (rows 64-69)
// is read in generation 1 (set 0x00FF) and then not until the wrap, which comes back to
// generation 1 with the other set (and again at the second wrap): without the tiles' generations
// cleared, its old bits would pass for current. Tile (0, 0) is read at every sync.
TEST(PassableBits, GenerationWrapKeepsNoStaleTile) {
  Grid g(70, 70);
  std::mt19937 rng(5);
  fill_random(g, rng);
  detail::PassableBits bits;
  const bool avx2 = processor_has_avx2();
  const auto check_rows = [&](std::uint16_t set, int i, int y_begin, int y_end) {
    int rows_read = 0;
    bits.read(g, 0, 64, y_begin, y_end, [&](int y, std::uint64_t w) {
      ++rows_read;
      std::uint64_t want = 0;
      for (int x = 0; x < 64; ++x) want |= std::uint64_t{(set >> g.cell({x, y})) & 1u} << x;
      ASSERT_EQ(w, want) << "sync " << i << ", row " << y;
    });
    ASSERT_EQ(rows_read, y_end - y_begin);
  };
  for (int i = 0; i < 140000; ++i) {
    const std::uint16_t set = (i & 1) != 0 ? 0x0001 : 0x00FF;
    bits.sync(g, set, avx2);
    check_rows(set, i, 0, 1);
    if (i % 65535 == 0) check_rows(set, i, 64, 70);  // generation 1: syncs 0, 65,535, 131,070
  }
}

// Through the searches: after edits between queries (a few, or more than the edit log holds),
// with more passable sets than the searcher keeps caches for, and after grid assignment, the
// bounded AStar and GreedyBestFirst of one searcher answer exactly as fresh searchers do.
TEST(PassableBits, BoundedQueriesAfterEditsEqualFreshSearchers) {
  std::mt19937 rng(23);
  const GridLayer layers[] = {GridLayer{1},
                              GridLayer::uniform(1),
                              GridLayer::uniform(3, 3),
                              GridLayer({0, 2, 0, 2, 2, 0, 0, 2}, 0),
                              GridLayer({1, 1, 1, 1, 1, 1, 1, 0}, 1),
                              GridLayer({2, 0, 2, 0, 0, 2}, 0)};
  AStar astar;
  GreedyBestFirst greedy;
  int found = 0;
  int changed = 0;
  for (int map = 0; map < 30; ++map) {
    Grid g(20 + static_cast<int>(rng() % 110), 20 + static_cast<int>(rng() % 60));
    for (int y = 0; y < g.rows(); ++y) {
      for (int x = 0; x < g.cols(); ++x) {
        g.set_cell({x, y}, static_cast<std::uint8_t>(rng() % 100 < 25 ? 8 : rng() % 4));
      }
    }
    for (int q = 0; q < 150; ++q) {
      const GridLayer& layer = layers[rng() % std::size(layers)];
      const GridCoord from{static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
                           static_cast<int>(rng() % static_cast<unsigned>(g.rows()))};
      const GridCoord to{std::clamp(from.x + static_cast<int>(rng() % 41) - 20, 0, g.cols() - 1),
                         std::clamp(from.y + static_cast<int>(rng() % 41) - 20, 0, g.rows() - 1)};
      BoundedResult before = astar.build_path(g, layer, from, to);
      // Edits: on the path just found (so the next answer must change), elsewhere, or many.
      const unsigned what = rng() % 5;
      if (what <= 1 && before.status == SearchStatus::found && before.path.len() > 2) {
        GridCoord c = from;
        for (int i = 0; i < before.path.len() / 2; ++i) c = c + step_offset(before.path.at(i));
        g.set_blocked(c, true);
      } else if (what == 2) {
        for (int i = 0; i < 5; ++i) {
          g.set_cell({static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
                      static_cast<int>(rng() % static_cast<unsigned>(g.rows()))},
                     static_cast<std::uint8_t>(rng() % 16));
        }
      } else if (what == 3) {
        for (int i = 0; i < 100; ++i) {
          g.set_cell({static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
                      static_cast<int>(rng() % static_cast<unsigned>(g.rows()))},
                     static_cast<std::uint8_t>(rng() % 4 == 0 ? 8 : rng() % 4));
        }
      } else if (q % 25 == 0) {
        Grid copy = g;
        g = copy;
      }
      AStar fresh_astar;
      GreedyBestFirst fresh_greedy;
      const BoundedResult got = astar.build_path(g, layer, from, to);
      const BoundedResult want = fresh_astar.build_path(g, layer, from, to);
      ASSERT_EQ(got.status, want.status) << "map " << map << " query " << q;
      ASSERT_EQ(got.path, want.path) << "map " << map << " query " << q;
      ASSERT_EQ(got.cost, want.cost);
      ASSERT_EQ(got.stats.expanded, want.stats.expanded);
      ASSERT_EQ(got.stats.generated, want.stats.generated);
      const BoundedResult ggot = greedy.build_path(g, layer, from, to);
      const BoundedResult gwant = fresh_greedy.build_path(g, layer, from, to);
      ASSERT_EQ(ggot.status, gwant.status);
      ASSERT_EQ(ggot.path, gwant.path);
      ASSERT_EQ(ggot.stats.expanded, gwant.stats.expanded);
      if (want.status == SearchStatus::found) ++found;
      if (want.status != before.status || want.path != before.path) ++changed;
    }
  }
  EXPECT_GE(found, 1800);   // 2,093 of 4,500 when written
  EXPECT_GE(changed, 250);  // 326: the answer differs from the one before the edits
}

// The cache's memory is fixed: a searcher's bounded-mode memory is the same on 60 x 60 and
// 3000 x 3000 grids, and stops growing at four grid/layer pairs.
TEST(PassableBits, BoundedMemoryDoesNotGrowWithTheGrid) {
  AStar small;
  AStar large;
  std::vector<std::size_t> small_bytes;
  for (int i = 0; i < 8; ++i) {
    const Grid s(60, 60);
    const Grid l(3000, 3000);
    const BoundedResult a = small.build_path(s, GridLayer{1}, {20, 20}, {40, 50});
    const BoundedResult b = large.build_path(l, GridLayer{1}, {2900, 2900}, {2920, 2930});
    ASSERT_EQ(a.status, SearchStatus::found);
    ASSERT_EQ(b.status, SearchStatus::found);
    ASSERT_EQ(small.memory_bytes(), large.memory_bytes()) << "grid " << i;
    small_bytes.push_back(small.memory_bytes());
  }
  EXPECT_LT(small_bytes[0], small_bytes[3]);  // a cache for each of the first four grids
  EXPECT_EQ(small_bytes[3], small_bytes[7]);  // and no more
  EXPECT_LT(small_bytes[7], std::size_t{110} * 1024);
}

}  // namespace
}  // namespace pathing
