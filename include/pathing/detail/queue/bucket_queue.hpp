// pathing: fast grid path-finding. MIT licensed.
//
// The 64-bucket priority queue of the seed, made exact for any key range.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "pathing/detail/queue/binary_heap.hpp"

namespace pathing::detail {

/// Min-priority queue for small integer keys (seed: "Bucket64"): 64 LIFO buckets for the keys
/// [base, base + 64) and a 64-bit occupancy mask, so push and pop are O(1) with one
/// count-trailing-zeros; `reset` is O(1).
///
/// Unlike the seed (bucket = key & 63, so keys 64 apart collide and far goals break the order), a
/// key outside the bucket window goes to an overflow binary heap, and pop takes the smaller of
/// the two minima: the order is exact for every key. When the buckets run dry the window moves
/// to the overflow's smallest key. Equal keys pop last-in first-out within a bucket.
///
/// Storage: the buckets are intrusive lists in one pool of entries (sizeof(T) + 4 bytes each,
/// with a free list: at most as many as were in the buckets at once), so one `reserve` covers
/// every bucket (separate bucket vectors would each grow on their own the first time a map needs
/// them); the pool and the overflow heap keep their capacity, so a warm queue allocates nothing.
/// Not thread-safe.
template <class T>
class BucketQueue {
 public:
  static constexpr int kBuckets = 64;

  /// Empties the queue and places the bucket window at [base, base + 64). O(1).
  void reset(std::uint32_t base) noexcept {
    pool_.clear();
    free_ = kNil;
    while (mask_ != 0) {  // only the buckets in use: the others are empty (kNil) already
      head_[static_cast<unsigned>(std::countr_zero(mask_))] = kNil;
      mask_ &= mask_ - 1;
    }
    overflow_.clear();
    base_ = base;
  }

  /// Reserves room for `n` entries in the buckets and `n` in the overflow heap at once.
  void reserve(std::size_t n) {
    pool_.reserve(n);
    overflow_.reserve(n);
  }
  /// Bytes held.
  [[nodiscard]] std::size_t bytes() const noexcept {
    return pool_.capacity() * sizeof(Node) + overflow_.capacity() * sizeof(Keyed);
  }

  [[nodiscard]] bool empty() const noexcept { return mask_ == 0 && overflow_.empty(); }

  void push(std::uint32_t key, const T& v) {
    const std::uint32_t rel = key - base_;
    if (key >= base_ && rel < kBuckets) {
      link(rel, v);
    } else {
      overflow_.push(Keyed{key, v});
    }
  }

  /// Removes and returns an element of the smallest key. Precondition: !empty().
  T pop() {
    if (mask_ == 0) refill();
    const auto i = static_cast<unsigned>(std::countr_zero(mask_));
    if (!overflow_.empty() && overflow_.top().key < base_ + i) return overflow_.pop().value;
    const std::uint32_t n = head_[i];
    Node& node = pool_[n];
    head_[i] = node.next;
    if (node.next == kNil) mask_ &= ~(std::uint64_t{1} << i);
    node.next = free_;
    free_ = n;
    return node.value;
  }

 private:
  static constexpr std::uint32_t kNil = ~std::uint32_t{0};
  struct Node {
    T value;
    std::uint32_t next;  // next entry of the bucket, or of the free list
  };
  struct Keyed {
    std::uint32_t key;
    T value;
  };
  struct KeyLess {
    bool operator()(const Keyed& a, const Keyed& b) const noexcept { return a.key < b.key; }
  };

  // Pushes v on bucket `rel` (the head of an empty bucket is kNil).
  void link(std::uint32_t rel, const T& v) {
    const std::uint32_t next = head_[rel];
    std::uint32_t n = free_;
    if (n != kNil) {
      free_ = pool_[n].next;
      pool_[n] = Node{v, next};
    } else {
      n = static_cast<std::uint32_t>(pool_.size());
      pool_.push_back(Node{v, next});
    }
    head_[rel] = n;
    mask_ |= std::uint64_t{1} << rel;
  }

  static constexpr std::array<std::uint32_t, kBuckets> empty_heads() noexcept {
    std::array<std::uint32_t, kBuckets> h{};
    for (std::uint32_t& x : h) x = kNil;
    return h;
  }

  void refill() {
    base_ = overflow_.top().key;
    while (!overflow_.empty() && overflow_.top().key - base_ < kBuckets) {
      const Keyed k = overflow_.pop();
      link(k.key - base_, k.value);
    }
  }

  std::vector<Node> pool_;
  std::array<std::uint32_t, kBuckets> head_ = empty_heads();
  std::uint32_t free_ = kNil;
  std::uint64_t mask_ = 0;
  std::uint32_t base_ = 0;
  BinaryHeap<Keyed, KeyLess> overflow_;
};

}  // namespace pathing::detail
