// cost::exact_length (the double cost of every search result) is the same bit for bit on every
// platform: the product diagonal * sqrt(2) is rounded before the sum, never fused into one
// multiply-add (which compilers emit by default on AArch64, and on x86-64 with -mfma). The
// expected values were computed with two roundings (Python floats); on the pairs below a fused
// multiply-add gives a different last bit.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/moves.hpp"

namespace pathing {
namespace {

// The length of a run-time pair (read back from a volatile): constant arguments are folded at
// compile time, with two roundings, fused or not.
double length_at_run_time(std::uint64_t straight, std::uint64_t diagonal) {
  volatile std::uint64_t s = straight;
  volatile std::uint64_t d = diagonal;
  return cost::exact_length(s, d);
}

TEST(ExactLength, Sqrt2IsTheCorrectlyRoundedSquareRoot) {
  EXPECT_EQ(cost::kSqrt2, 0x1.6a09e667f3bcdp+0);
  volatile double two = 2.0;
  EXPECT_EQ(cost::kSqrt2, std::sqrt(two));  // IEEE 754: the square root is correctly rounded
}

TEST(ExactLength, IsTheProductRoundedThenTheSum) {
  EXPECT_EQ(length_at_run_time(0, 0), 0.0);
  EXPECT_EQ(length_at_run_time(0, 1), 0x1.6a09e667f3bcdp+0);  // sqrt(2)
  EXPECT_EQ(length_at_run_time(30, 4), 0x1.1d413cccfe77ap+5);
  // Fused: 0x1.0ba5919a791a3p+4 and 0x1.1ba5919a791a3p+4.
  EXPECT_EQ(length_at_run_time(4, 9), 0x1.0ba5919a791a4p+4);
  EXPECT_EQ(length_at_run_time(5, 9), 0x1.1ba5919a791a4p+4);
  EXPECT_EQ(length_at_run_time(1234567, 7654321), 0x1.700627234e5b7p+23);
  EXPECT_EQ(length_at_run_time(std::uint64_t{1} << 40, (std::uint64_t{1} << 40) + 3),
            0x1.3504f333fbfd8p+41);
}

TEST(ExactLength, ChecksumOfEverySmallPairMatchesTwoRoundings) {
  // About one pair in seven of these differs in the last bit when fused.
  std::uint64_t sum = 0;
  for (std::uint64_t straight = 0; straight < 256; ++straight) {
    for (std::uint64_t diagonal = 0; diagonal < 256; ++diagonal) {
      sum = sum * 1000003 + std::bit_cast<std::uint64_t>(cost::exact_length(straight, diagonal));
    }
  }
  EXPECT_EQ(sum, std::uint64_t{4842405837623101042u});
}

TEST(ExactLength, UnfusedKeepsItsValue) {
  EXPECT_EQ(detail::unfused(0.1), 0.1);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(detail::unfused(-0.0)),
            std::bit_cast<std::uint64_t>(-0.0));
  EXPECT_EQ(detail::unfused(0x1.fffffffffffffp+1023), 0x1.fffffffffffffp+1023);
}

}  // namespace
}  // namespace pathing
