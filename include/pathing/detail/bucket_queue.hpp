// pathing: fast grid path-finding. MIT licensed.
//
// The 64-bucket priority queue of the seed, made exact for any key range.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "pathing/detail/binary_heap.hpp"

namespace pathing::detail {

/// Min-priority queue for small integer keys (seed: "Bucket64"): 64 LIFO buckets for the keys
/// [base, base + 64) and a 64-bit occupancy mask, so push and pop are O(1) with one
/// count-trailing-zeros; `reset` touches only the non-empty buckets.
///
/// Unlike the seed (bucket = key & 63, so keys 64 apart collide and far goals break the order), a
/// key outside the bucket window goes to an overflow binary heap, and pop takes the smaller of
/// the two minima: the order is exact for every key. When the buckets run dry the window moves
/// to the overflow's smallest key. Equal keys pop last-in first-out within a bucket.
///
/// Bucket vectors keep their capacity, so a warm queue allocates nothing. Not thread-safe.
template <class T>
class BucketQueue {
 public:
  static constexpr int kBuckets = 64;

  /// Empties the queue and places the bucket window at [base, base + 64).
  void reset(std::uint32_t base) noexcept {
    std::uint64_t m = mask_;
    while (m != 0) {
      buckets_[static_cast<unsigned>(std::countr_zero(m))].clear();
      m &= m - 1;
    }
    mask_ = 0;
    overflow_.clear();
    base_ = base;
  }

  [[nodiscard]] bool empty() const noexcept { return mask_ == 0 && overflow_.empty(); }

  void push(std::uint32_t key, const T& v) {
    const std::uint32_t rel = key - base_;
    if (key >= base_ && rel < kBuckets) {
      buckets_[rel].push_back(v);
      mask_ |= std::uint64_t{1} << rel;
    } else {
      overflow_.push(Keyed{key, v});
    }
  }

  /// Removes and returns an element of the smallest key. Precondition: !empty().
  T pop() {
    if (mask_ == 0) refill();
    const auto i = static_cast<unsigned>(std::countr_zero(mask_));
    if (!overflow_.empty() && overflow_.top().key < base_ + i) return overflow_.pop().value;
    std::vector<T>& b = buckets_[i];
    T v = b.back();
    b.pop_back();
    if (b.empty()) mask_ &= ~(std::uint64_t{1} << i);
    return v;
  }

 private:
  struct Keyed {
    std::uint32_t key;
    T value;
  };
  struct KeyLess {
    bool operator()(const Keyed& a, const Keyed& b) const noexcept { return a.key < b.key; }
  };

  void refill() {
    base_ = overflow_.top().key;
    while (!overflow_.empty() && overflow_.top().key - base_ < kBuckets) {
      const Keyed k = overflow_.pop();
      const std::uint32_t rel = k.key - base_;
      buckets_[rel].push_back(k.value);
      mask_ |= std::uint64_t{1} << rel;
    }
  }

  std::array<std::vector<T>, kBuckets> buckets_{};
  std::uint64_t mask_ = 0;
  std::uint32_t base_ = 0;
  BinaryHeap<Keyed, KeyLess> overflow_;
};

}  // namespace pathing::detail
