// The portable paths of detail/compiler.hpp against the builtin ones: mul_high64 and the 128-bit
// open-list key. This file is also compiled into pathing_portable_tests with PATHING_NO_INT128
// (tests/CMakeLists.txt), where the whole library takes the portable path; the weighted-A*
// checksum below must then be the same as in pathing_core_tests (the GCC/Clang __int128 path).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/search/astar.hpp"

namespace pathing {
namespace {

TEST(PortableInt128, MulHigh64MatchesTheReference) {
  const std::uint64_t edge[] = {0,
                                1,
                                2,
                                0xFFFFFFFFu,
                                0x100000000u,
                                ~std::uint64_t{0},
                                ~std::uint64_t{0} - 1,
                                std::uint64_t{1} << 63};
  for (std::uint64_t a : edge) {
    for (std::uint64_t b : edge) {
      EXPECT_EQ(detail::portable_mul_high64(a, b), detail::mul_high64(a, b)) << a << " " << b;
    }
  }
  EXPECT_EQ(detail::portable_mul_high64(~std::uint64_t{0}, ~std::uint64_t{0}),
            ~std::uint64_t{0} - 1);
  EXPECT_EQ(detail::portable_mul_high64(std::uint64_t{1} << 63, 4), 2u);
  std::mt19937_64 rng(11);
  for (int n = 0; n < 200000; ++n) {
    const std::uint64_t a = rng() >> (rng() % 64);
    const std::uint64_t b = rng() >> (rng() % 64);
    ASSERT_EQ(detail::portable_mul_high64(a, b), detail::mul_high64(a, b)) << a << " " << b;
#if PATHING_HAS_INT128
    __extension__ using U128 = unsigned __int128;
    ASSERT_EQ(detail::portable_mul_high64(a, b),
              static_cast<std::uint64_t>((static_cast<U128>(a) * b) >> 64));
#endif
  }
}

TEST(PortableInt128, KeyOrderIsTheOrderOfTheWords) {
  std::mt19937_64 rng(5);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> words;
  for (int n = 0; n < 5000; ++n) words.emplace_back(rng() % 16, rng() % 4 == 0 ? ~rng() : rng());
  std::vector<detail::PortableKey128> portable;
  std::vector<detail::Key128> native;
  for (const auto& [hi, lo] : words) {
    portable.push_back(detail::PortableKey128{hi, lo});
    native.push_back(detail::make_key128(hi, lo));
  }
  std::sort(words.begin(), words.end());
  std::sort(portable.begin(), portable.end());
  std::sort(native.begin(), native.end());
  for (std::size_t i = 0; i < words.size(); ++i) {
    ASSERT_EQ(portable[i].hi, words[i].first);
    ASSERT_EQ(portable[i].lo, words[i].second);
    ASSERT_EQ(detail::key128_hi(native[i]), words[i].first);
    ASSERT_EQ(detail::key128_lo(native[i]), words[i].second);
  }
  EXPECT_TRUE((detail::PortableKey128{1, 0} < detail::PortableKey128{1, 1}));
  EXPECT_FALSE((detail::PortableKey128{2, 0} < detail::PortableKey128{1, ~std::uint64_t{0}}));
}

// Weighted A* (the open list keyed by Key128) over seeded random maps: a checksum of every
// result. The same number in the __int128 build and in the portable build (PATHING_NO_INT128)
// shows both paths order the open list alike.
TEST(PortableInt128, WeightedAStarChecksumIsTheSameOnEveryPath) {
  std::mt19937_64 rng(2026);
  AStar astar;
  std::vector<GridCoord> out;
  std::uint64_t sum = 0;
  const GridLayer layer({1, 3, 0, 2}, 0);
  for (int map = 0; map < 6; ++map) {
    Grid g(48, 40);
    for (int y = 0; y < 40; ++y) {
      for (int x = 0; x < 48; ++x) {
        const auto r = rng() % 10;
        g.set_tile({x, y}, static_cast<std::uint8_t>(r < 6 ? 0 : (r < 8 ? 1 : (r < 9 ? 3 : 2))));
      }
    }
    for (const double w : {1.5, 3.0}) {
      for (int q = 0; q < 20; ++q) {
        const GridCoord from{static_cast<int>(rng() % 48), static_cast<int>(rng() % 40)};
        const GridCoord to{static_cast<int>(rng() % 48), static_cast<int>(rng() % 40)};
        const Connectivity c = q % 2 == 0 ? Connectivity::eight : Connectivity::four;
        const PathResult r = astar.find_path(g, layer, from, to, out, {c, {}, w});
        sum = sum * 1000003 + static_cast<std::uint64_t>(r.status);
        sum = sum * 1000003 + std::bit_cast<std::uint64_t>(r.cost);
        sum = sum * 1000003 + r.moves;
        sum = sum * 1000003 + r.stats.expanded;
        for (GridCoord cell : out)
          sum = sum * 31 + static_cast<std::uint64_t>(cell.y * 48 + cell.x);
      }
    }
  }
  EXPECT_EQ(sum, std::uint64_t{13552418629956201789u});
}

}  // namespace
}  // namespace pathing
