// pathing: fast grid path-finding. MIT licensed.
//
// A circular array of buckets: the open list of Dial's algorithm.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "pathing/detail/compiler.hpp"

namespace pathing::detail {

/// The bucket array of Dial's algorithm (R. B. Dial, "Algorithm 360: Shortest-path forest with
/// topological ordering", CACM 12(11), 1969), generalised to buckets of width Delta: bucket b holds
/// the items whose key lies in [b * Delta, (b + 1) * Delta). When Delta is at most the smallest
/// move cost, every item of the lowest non-empty bucket already has its final cost (no move from
/// the same bucket can improve it), so a Dijkstra search settles a whole bucket in any order and
/// needs no comparisons at all: push O(1), finding the next bucket O(span).
///
/// The ring holds 2^kBits buckets addressed by absolute bucket number modulo the ring size. The
/// caller keeps every held item within `span` buckets after the one it last released (true when a
/// move spans at most `span` buckets), and `next` looks only there, so no occupancy bookkeeping is
/// needed on push.
///
/// Bucket vectors keep their capacity across `clear()`, so a warm ring allocates nothing. Memory:
/// sizeof(T) per item held. Not thread-safe.
template <class T, unsigned kBits = 9>
class BucketRing {
 public:
  /// Number of buckets in the ring.
  static constexpr std::size_t kBuckets = std::size_t{1} << kBits;
  /// Returned by `next` when no bucket in the span holds an item.
  static constexpr std::uint64_t kNone = ~std::uint64_t{0};

  /// Empties every bucket (keeping capacity). O(kBuckets).
  void clear() noexcept {
    for (auto& b : buckets_) b.size = 0;
  }

  /// Adds `value` to absolute bucket `bucket`. Amortised O(1); allocates only when the bucket
  /// outgrows every size it had before.
  PATHING_ALWAYS_INLINE void push(std::uint64_t bucket, const T& value) {
    Bucket& b = buckets_[slot(bucket)];
    if (b.size == b.items.size()) [[unlikely]]
      grow(b);
    b.items[b.size++] = value;
  }

  /// The lowest non-empty absolute bucket in [from, from + span), or `kNone`. Precondition:
  /// span <= kBuckets. O(span) at worst; O(1) when bucket `from` holds items.
  [[nodiscard]] std::uint64_t next(std::uint64_t from, std::uint64_t span) const noexcept {
    for (std::uint64_t k = 0; k < span; ++k) {
      if (buckets_[slot(from + k)].size != 0) return from + k;
    }
    return kNone;
  }

  /// The items of absolute bucket `bucket` (to iterate; pushes to other buckets leave them valid).
  [[nodiscard]] std::span<const T> items(std::uint64_t bucket) const noexcept {
    const Bucket& b = buckets_[slot(bucket)];
    return {b.items.data(), b.size};
  }

  /// Empties absolute bucket `bucket`.
  void release(std::uint64_t bucket) noexcept { buckets_[slot(bucket)].size = 0; }

  /// Total capacity of the buckets, in items.
  [[nodiscard]] std::size_t capacity() const noexcept {
    std::size_t c = 0;
    for (const auto& b : buckets_) c += b.items.size();
    return c;
  }

 private:
  // A bucket: `size` items used of `items` (whose size is the capacity; a plain counter keeps
  // the push fast path small enough to inline).
  struct Bucket {
    std::vector<T> items;
    std::size_t size = 0;
  };

  [[nodiscard]] static std::size_t slot(std::uint64_t bucket) noexcept {
    return static_cast<std::size_t>(bucket) & (kBuckets - 1);
  }

  PATHING_NOINLINE static void grow(Bucket& b) {
    b.items.resize(b.items.size() < 32 ? 64 : 2 * b.items.size());
  }

  std::array<Bucket, kBuckets> buckets_{};
};

}  // namespace pathing::detail
