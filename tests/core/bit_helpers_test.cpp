// detail::lowest_bit and detail::bit_width_branchless (compiler.hpp): the branch-free bit scans
// of the open lists and the bit-parallel BFS, against std::countr_zero / std::bit_width.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>

#include "pathing/detail/compiler.hpp"

namespace pathing {
namespace {

TEST(BitHelpers, LowestBitEqualsCountrZeroOnEveryNonZeroPattern) {
  for (unsigned i = 0; i < 64; ++i) {
    const std::uint64_t one = std::uint64_t{1} << i;
    EXPECT_EQ(detail::lowest_bit(one), i);
    EXPECT_EQ(detail::lowest_bit(~std::uint64_t{0} << i), i);
    EXPECT_EQ(detail::lowest_bit(one | (std::uint64_t{1} << 63)), i);
  }
  std::mt19937_64 rng(7);
  for (int n = 0; n < 100000; ++n) {
    std::uint64_t x = rng() >> (rng() % 64);
    x <<= rng() % 64;
    if (x == 0) continue;
    ASSERT_EQ(detail::lowest_bit(x), static_cast<unsigned>(std::countr_zero(x))) << x;
  }
}

TEST(BitHelpers, BitWidthBranchlessEqualsBitWidthIncludingZero) {
  EXPECT_EQ(detail::bit_width_branchless(0), 0u);
  EXPECT_EQ(detail::bit_width_branchless(1), 1u);
  EXPECT_EQ(detail::bit_width_branchless(~std::uint64_t{0}), 64u);
  for (unsigned i = 0; i < 64; ++i) {
    const std::uint64_t one = std::uint64_t{1} << i;
    EXPECT_EQ(detail::bit_width_branchless(one), i + 1);
    EXPECT_EQ(detail::bit_width_branchless(one - 1), i);
    EXPECT_EQ(detail::bit_width_branchless(one | 1u), i + 1);
  }
  std::mt19937_64 rng(8);
  for (int n = 0; n < 100000; ++n) {
    const std::uint64_t x = rng() >> (rng() % 64);
    ASSERT_EQ(detail::bit_width_branchless(x), static_cast<unsigned>(std::bit_width(x))) << x;
  }
}

}  // namespace
}  // namespace pathing
