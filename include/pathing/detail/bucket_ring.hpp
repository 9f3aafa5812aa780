// pathing: fast grid path-finding. MIT licensed.
//
// A circular array of buckets: the open list of Dial's algorithm.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace pathing::detail {

/// The bucket array of Dial's algorithm (R. B. Dial, "Algorithm 360: Shortest-path forest with
/// topological ordering", CACM 12(11), 1969), generalised to buckets of width Delta: bucket b holds
/// the items whose key lies in [b * Delta, (b + 1) * Delta). When Delta is at most the smallest
/// move cost, every item of the lowest non-empty bucket already has its final cost (no move from
/// the same bucket can improve it), so a Dijkstra search settles a whole bucket in any order and
/// needs no comparisons at all: push O(1), finding the next bucket O(kBuckets / 64) at worst.
///
/// The ring holds 2^kBits buckets addressed by absolute bucket number modulo the ring size; the
/// caller keeps every held bucket within kBuckets of the lowest (true when a move spans fewer than
/// kBuckets - 1 buckets). A 64-bit word per 64 buckets marks the non-empty ones.
///
/// Bucket vectors keep their capacity across `clear()`, so a warm ring allocates nothing. Memory:
/// sizeof(T) per item held. Not thread-safe.
template <class T, unsigned kBits = 9>
class BucketRing {
 public:
  /// Number of buckets in the ring.
  static constexpr std::size_t kBuckets = std::size_t{1} << kBits;
  /// Returned by `next` when the ring is empty.
  static constexpr std::uint64_t kNone = ~std::uint64_t{0};

  /// Empties every bucket (keeping capacity). O(non-empty buckets + kBuckets / 64).
  void clear() noexcept {
    for (std::size_t w = 0; w < kWords; ++w) {
      std::uint64_t m = bits_[w];
      while (m != 0) {
        buckets_[w * 64 + static_cast<std::size_t>(std::countr_zero(m))].clear();
        m &= m - 1;
      }
      bits_[w] = 0;
    }
  }

  /// True when no bucket holds an item.
  [[nodiscard]] bool empty() const noexcept {
    for (const std::uint64_t w : bits_) {
      if (w != 0) return false;
    }
    return true;
  }

  /// Adds `value` to absolute bucket `bucket`.
  void push(std::uint64_t bucket, const T& value) {
    const std::size_t s = slot(bucket);
    buckets_[s].push_back(value);
    bits_[s >> 6] |= std::uint64_t{1} << (s & 63);
  }

  /// The lowest non-empty absolute bucket number >= `from`, given that every held bucket lies in
  /// [from, from + kBuckets); `kNone` when the ring is empty. O(kBuckets / 64).
  [[nodiscard]] std::uint64_t next(std::uint64_t from) const noexcept {
    const std::size_t start = slot(from);
    std::size_t w = start >> 6;
    std::uint64_t m = bits_[w] & (~std::uint64_t{0} << (start & 63));
    for (std::size_t k = 0; k <= kWords; ++k) {
      if (m != 0) {
        const std::size_t s = (w << 6) + static_cast<std::size_t>(std::countr_zero(m));
        return from + ((s - start) & (kBuckets - 1));
      }
      w = (w + 1) & (kWords - 1);
      m = bits_[w];
    }
    return kNone;
  }

  /// The items of absolute bucket `bucket` (to iterate; pushes to other buckets leave it valid).
  [[nodiscard]] std::vector<T>& items(std::uint64_t bucket) noexcept {
    return buckets_[slot(bucket)];
  }

  /// Empties absolute bucket `bucket`.
  void release(std::uint64_t bucket) noexcept {
    const std::size_t s = slot(bucket);
    buckets_[s].clear();
    bits_[s >> 6] &= ~(std::uint64_t{1} << (s & 63));
  }

  /// Total capacity of the buckets, in items.
  [[nodiscard]] std::size_t capacity() const noexcept {
    std::size_t c = 0;
    for (const auto& b : buckets_) c += b.capacity();
    return c;
  }

 private:
  static constexpr std::size_t kWords = kBuckets / 64;
  static_assert(kBits >= 6, "at least 64 buckets");

  [[nodiscard]] static std::size_t slot(std::uint64_t bucket) noexcept {
    return static_cast<std::size_t>(bucket) & (kBuckets - 1);
  }

  std::array<std::vector<T>, kBuckets> buckets_{};
  std::array<std::uint64_t, kWords> bits_{};
};

}  // namespace pathing::detail
