// pathing: fast grid path-finding. MIT licensed.
//
// A monotone radix heap for 64-bit keys (Dijkstra's open list).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace pathing::detail {

/// Monotone min-priority queue of (64-bit key, `T`) items: a radix heap (Ahuja, Mehlhorn, Orlin &
/// Tarjan, "Faster algorithms for the shortest path problem", J. ACM 37(2), 1990; the one-level
/// variant with 65 buckets). Keys pushed must never be smaller than the last key popped -- true of
/// Dijkstra's algorithm with non-negative move costs, and of A* with a consistent heuristic.
///
/// Bucket 0 holds the items whose key equals the last popped key; bucket b (1..64) those whose key
/// first differs from it in bit b-1. Pop takes from bucket 0, or, when it is empty, redistributes
/// the lowest non-empty bucket around its smallest key (each item moves to a strictly lower bucket,
/// so it moves at most 64 times; in practice once or twice). push O(1), pop amortised
/// O(log C) for a key range C; no comparisons between items. Equal keys pop last-in first-out
/// within bucket 0: the order is a deterministic function of the pushes.
///
/// Bucket vectors keep their capacity across `clear()`, so a warm heap allocates nothing. Memory:
/// 8 + sizeof(T) bytes (padded) per item held, spread over the buckets. Not thread-safe.
template <class T>
class RadixHeap {
 public:
  /// One queued item.
  struct Item {
    std::uint64_t key;
    T value;
  };

  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  /// The last key popped (0 after `clear`): the smallest key that may still be pushed.
  [[nodiscard]] std::uint64_t last_key() const noexcept { return last_; }

  /// Empties the heap (keeping every bucket's capacity) and lowers the key floor to 0. O(buckets).
  void clear() noexcept {
    buckets_[0].clear();
    std::uint64_t m = mask_;
    while (m != 0) {
      buckets_[static_cast<unsigned>(std::countr_zero(m)) + 1].clear();
      m &= m - 1;
    }
    mask_ = 0;
    last_ = 0;
    size_ = 0;
  }

  /// Adds an item. Precondition: key >= last_key().
  void push(std::uint64_t key, const T& value) {
    const unsigned b = bucket_of(key);
    buckets_[b].push_back(Item{key, value});
    if (b != 0) mask_ |= std::uint64_t{1} << (b - 1);
    ++size_;
  }

  /// Removes and returns an item of the smallest key. Precondition: !empty().
  Item pop() {
    if (buckets_[0].empty()) refill();
    std::vector<Item>& b0 = buckets_[0];
    const Item it = b0.back();
    b0.pop_back();
    --size_;
    return it;
  }

  /// The smallest key held (it becomes `last_key()`). Precondition: !empty().
  [[nodiscard]] std::uint64_t min_key() {
    if (buckets_[0].empty()) refill();
    return last_;
  }

  /// Total capacity of the buckets, in items.
  [[nodiscard]] std::size_t capacity() const noexcept {
    std::size_t c = 0;
    for (const auto& b : buckets_) c += b.capacity();
    return c;
  }

 private:
  [[nodiscard]] unsigned bucket_of(std::uint64_t key) const noexcept {
    return key == last_ ? 0u : 64u - static_cast<unsigned>(std::countl_zero(key ^ last_));
  }

  // Bucket 0 is empty and size_ > 0: move the lowest non-empty bucket down around its minimum.
  void refill() {
    const unsigned b = static_cast<unsigned>(std::countr_zero(mask_)) + 1;
    std::vector<Item>& src = buckets_[b];
    std::uint64_t m = src.front().key;
    for (const Item& it : src) m = it.key < m ? it.key : m;
    last_ = m;
    for (const Item& it : src) {
      const unsigned nb = bucket_of(it.key);  // < b
      buckets_[nb].push_back(it);
      if (nb != 0) mask_ |= std::uint64_t{1} << (nb - 1);
    }
    src.clear();
    mask_ &= ~(std::uint64_t{1} << (b - 1));
  }

  std::array<std::vector<Item>, 65> buckets_{};
  std::uint64_t mask_ = 0;  // bit b-1 set when bucket b (1..64) is non-empty
  std::uint64_t last_ = 0;
  std::size_t size_ = 0;
};

}  // namespace pathing::detail
