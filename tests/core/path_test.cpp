#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <stdexcept>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/path.hpp"

namespace pathing {
namespace {

using D = Direction;

TEST(GridPath, IsSixteenBytesAndEmptyByDefault) {
  GridPath p;
  EXPECT_EQ(sizeof(GridPath), 16u);
  EXPECT_EQ(p.len(), 0);
  EXPECT_FALSE(p.has_next());
  EXPECT_EQ(p.peek(), D::none);
  EXPECT_EQ(p.next(), D::none);
  EXPECT_EQ(p.to_string(), "{}");
}

TEST(GridPath, IteratesFirstStepFirst) {
  GridPath p{D::up, D::right, D::right, D::down};
  EXPECT_EQ(p.len(), 4);
  EXPECT_EQ(p.to_string(), "{up,right,right,down}");
  EXPECT_EQ(p.peek(), D::up);
  EXPECT_EQ(p.peek2(), std::make_pair(D::up, D::right));
  EXPECT_EQ(p.next(), D::up);
  EXPECT_EQ(p.next(), D::right);
  EXPECT_EQ(p.remaining(), 2);
  EXPECT_EQ(p.next(), D::right);
  EXPECT_EQ(p.peek2(), std::make_pair(D::down, D::none));
  EXPECT_EQ(p.next(), D::down);
  EXPECT_FALSE(p.has_next());
  EXPECT_EQ(p.len(), 4);
  p.rewind();
  EXPECT_EQ(p.next(), D::up);
}

TEST(GridPath, SkipAndAt) {
  GridPath p{D::left, D::left, D::down, D::up};
  p.skip(2);
  EXPECT_EQ(p.next(), D::down);
  p.skip(10);
  EXPECT_FALSE(p.has_next());
  EXPECT_EQ(p.at(0), D::left);
  EXPECT_EQ(p.at(3), D::up);
  EXPECT_EQ(p.at(4), D::none);
  EXPECT_EQ(p.at(-1), D::none);
  EXPECT_EQ(p.end_from({5, 5}), (GridCoord{3, 5}));
}

TEST(GridPath, HoldsExactly56Steps) {
  GridPath p;
  for (int i = 0; i < 56; ++i) EXPECT_TRUE(p.push_front(static_cast<D>(i % 4)));
  EXPECT_FALSE(p.push_front(D::right));
  EXPECT_EQ(p.len(), 56);
  // push_front prepends: the last pushed (i = 55 -> up) is the first step.
  EXPECT_EQ(p.at(0), D::up);
  EXPECT_EQ(p.at(55), D::right);
  int n = 0;
  while (p.has_next()) {
    EXPECT_EQ(p.next(), static_cast<D>((55 - n) % 4));
    ++n;
  }
  EXPECT_EQ(n, 56);
  EXPECT_FALSE(p.push_front(D::none));
}

#if PATHING_HAS_EXCEPTIONS
TEST(GridPath, TooManyStepsThrow) {
  EXPECT_THROW(
      (GridPath{D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up,
                D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up,
                D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up,
                D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up,
                D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up, D::up}),
      std::length_error);
}
#endif

// The seed's Truncated(n) kept the last n steps once the path had been iterated; ours keeps the
// route's first n steps whatever the iterator state.
TEST(GridPath, TruncatedKeepsFirstStepsWhateverTheIteratorState) {
  GridPath p{D::right, D::down, D::left, D::up, D::up};
  const GridPath expect{D::right, D::down};
  EXPECT_EQ(p.truncated(2), expect);
  while (p.has_next()) p.next();
  EXPECT_EQ(p.truncated(2), expect);
  EXPECT_EQ(p.truncated(2).next(), D::right);
  p.rewind();
  p.next();
  EXPECT_EQ(p.truncated(2), expect);
  EXPECT_EQ(p.truncated(0), GridPath{});
  EXPECT_EQ(p.truncated(99), p);
}

TEST(GridPath, EqualityIgnoresIteratorPosition) {
  GridPath a{D::up, D::left};
  GridPath b{D::up, D::left};
  a.next();
  EXPECT_EQ(a, b);
  EXPECT_NE(a, (GridPath{D::left, D::up}));
}

// from_packed: step i from the end in bits 2i, 2i + 1 of high:low; the result equals the path
// built by push_front, whatever the length (both words, the boundary at 32 steps), and ignores
// bits past the last step.
TEST(GridPath, FromPackedEqualsPushFront) {
  std::mt19937_64 rng(3);
  for (int len = 0; len <= 56; ++len) {
    for (int round = 0; round < 20; ++round) {
      GridPath want;
      std::uint64_t low = rng();  // junk past the last step must be ignored
      std::uint64_t high = rng();
      for (int i = 0; i < len; ++i) {  // i = steps pushed so far = index from the end
        const auto d = static_cast<unsigned>(rng() % 4);
        ASSERT_TRUE(want.push_front(static_cast<D>(d)));
        std::uint64_t& word = i < 32 ? low : high;
        const int shift = 2 * (i % 32);
        word = (word & ~(std::uint64_t{3} << shift)) | (std::uint64_t{d} << shift);
      }
      const GridPath got = GridPath::from_packed(low, high, len);
      ASSERT_EQ(got, want) << "len " << len;
      ASSERT_EQ(got.len(), len);
      ASSERT_EQ(got.remaining(), len);  // rewound
      ASSERT_EQ(got.to_string(), want.to_string());
    }
  }
  // Lengths are clamped to 0..56.
  EXPECT_EQ(GridPath::from_packed(~0ull, ~0ull, -3), GridPath{});
  EXPECT_EQ(GridPath::from_packed(~0ull, ~0ull, 99).len(), 56);
  EXPECT_EQ(GridPath::from_packed(~0ull, ~0ull, 99).at(0), D::up);
  EXPECT_EQ(GridPath::from_packed(0b0110, 0, 2), (GridPath{D::down, D::left}));
}

}  // namespace
}  // namespace pathing
