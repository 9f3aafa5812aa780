// pathing: fast grid path-finding. MIT licensed.
//
// A monotone radix heap for 64-bit keys (Dijkstra's open list).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathing/detail/compiler.hpp"

namespace pathing::detail {

/// The radix heap bucket of `key` when `last` is the last key popped: 0 when equal, else 1 + the
/// index of the highest bit in which they differ (1..64). O(1), no branch.
[[nodiscard]] PATHING_ALWAYS_INLINE inline unsigned radix_bucket(std::uint64_t key,
                                                                 std::uint64_t last) noexcept {
  return bit_width_branchless(key ^ last);
}

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
    return radix_bucket(key, last_);
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

/// The radix heap of `RadixHeap` (same buckets, keys and precondition: keys pushed are never
/// smaller than the last key popped) with every item in one pool: each bucket is a singly linked
/// list through it, so the memory a query needs is one entry per push, whatever bucket it lands
/// in, and `reserve(n)` makes the first n pushes after a `clear` allocation-free (a vector per
/// bucket would need n in each). A refill relinks the items of the lowest non-empty bucket into
/// lower ones without copying them; each bucket tracks its smallest key, so a refill walks its
/// list once. Equal keys pop in an order fixed by the pushes and pops (deterministic, not a
/// documented rule). push O(1), pop amortised O(log C) for a key range C.
/// The pool is emptied by `clear` and `rebuild` only, so a round of pushes and pops between two
/// clears holds (8 + sizeof(T) + 4 bytes, padded) per push; `rebuild` gives back the entries of
/// popped items and drops the items its caller no longer needs (lazy deletion's stale
/// duplicates), in place. Not thread-safe.
template <class T>
class PooledRadixHeap {
 public:
  /// One item.
  struct Item {
    std::uint64_t key;
    T value;
  };

  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  /// Pool entries the pushes since the last `clear` may use before one allocates.
  [[nodiscard]] std::size_t capacity() const noexcept { return pool_.size(); }
  /// Bytes held by the pool.
  [[nodiscard]] std::size_t bytes() const noexcept { return pool_.capacity() * sizeof(Node); }
  /// Makes room for `n` pushes between two clears. May allocate.
  void reserve(std::size_t n) {
    if (n > pool_.size()) pool_.resize(n);
  }

  /// Pool entries used since the last `clear` or `rebuild` (pushes, popped items included).
  [[nodiscard]] std::size_t pool_used() const noexcept { return used_; }

  /// Rebuilds the heap in place, allocating nothing: every item still in it is offered to
  /// `keep(key, value)` (in pool order), which returns false to drop it or true to keep it, and
  /// may rewrite `key` through a function `shift` that is nondecreasing over the items and the
  /// last key popped; `floor` must be shift(that last key) (`last_key()` when keys are kept as
  /// they are). Afterwards the pool holds exactly the kept items (the entries
  /// of popped and dropped items are free again: `pool_used() == size()`). Equal keys may leave
  /// in another order than without the rebuild (still one fixed by the pushes, pops and
  /// rebuilds). O(pool_used() + buckets).
  template <class Keep>
  void rebuild(std::uint64_t floor, Keep&& keep) {
    constexpr std::uint32_t kLive = kNone - 1;  // marks the entries of items still in the heap
    Node* const pool = pool_.data();
    for (std::uint32_t& head : head_) {
      for (std::uint32_t i = head; i != kNone;) {
        const std::uint32_t next = pool[i].next;
        pool[i].next = kLive;
        i = next;
      }
    }
    // Entries 0 .. used_ - 1 not marked held popped items (their links are indices or kNone,
    // never kLive: the pool holds fewer than kLive entries).
    std::size_t kept = 0;
    for (std::size_t i = 0; i < used_; ++i) {
      if (pool[i].next != kLive) continue;
      std::uint64_t key = pool[i].key;
      if (!keep(key, static_cast<const T&>(pool[i].value))) continue;
      pool[kept] = Node{key, pool[i].value, kNone};
      ++kept;
    }
    head_.fill(kNone);
    min_.fill(~std::uint64_t{0});
    mask_ = 0;
    last_ = floor;
    for (std::size_t i = 0; i < kept; ++i) {
      const unsigned b = radix_bucket(pool[i].key, last_);
      pool[i].next = head_[b];
      head_[b] = static_cast<std::uint32_t>(i);
      min_[b] = pool[i].key < min_[b] ? pool[i].key : min_[b];
      mark(b);
    }
    used_ = kept;
    size_ = kept;
  }
  /// The last key popped (0 after `clear`): pushes must not go below it.
  [[nodiscard]] std::uint64_t last_key() const noexcept { return last_; }

  /// Empties the heap and the pool (keeping its capacity); the key floor drops to 0. O(buckets).
  void clear() noexcept {
    used_ = 0;
    head_.fill(kNone);
    min_.fill(~std::uint64_t{0});
    mask_ = 0;
    last_ = 0;
    size_ = 0;
  }

  /// Adds an item. Precondition: key >= the last key popped (0 after `clear`). Allocates only
  /// when the pool is full.
  PATHING_ALWAYS_INLINE void push(std::uint64_t key, const T& value) {
    const unsigned b = radix_bucket(key, last_);
    const std::size_t at = used_;
    if (at == pool_.size()) [[unlikely]] {
      grow();
    }
    pool_[at] = Node{key, value, head_[b]};
    used_ = at + 1;
    head_[b] = static_cast<std::uint32_t>(at);
    min_[b] = key < min_[b] ? key : min_[b];
    mark(b);
    ++size_;
  }

  /// Removes and returns an item of the smallest key. Precondition: !empty().
  Item pop() noexcept {
    if (head_[0] == kNone) refill();
    const Node& n = pool_[head_[0]];
    head_[0] = n.next;
    --size_;
    return Item{n.key, n.value};
  }

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  struct Node {
    std::uint64_t key;
    T value;
    std::uint32_t next;  // the next item of the same bucket, kNone at the end
  };

  PATHING_ALWAYS_INLINE void mark(unsigned b) noexcept {
    mask_ |= std::uint64_t{b != 0} << ((b - 1) & 63u);
  }
  // The pool is full: doubles it (out of the callers' hot loops).
  PATHING_NOINLINE void grow() { pool_.resize(pool_.size() * 2 + 64); }

  // Bucket 0 is empty and size_ > 0: relink the lowest non-empty bucket around its minimum.
  void refill() noexcept {
    const unsigned b = lowest_bit(mask_) + 1;  // mask_ != 0: some bucket holds the items
    Node* const pool = pool_.data();
    const std::uint64_t m = min_[b];
    last_ = m;
    for (std::uint32_t i = head_[b]; i != kNone;) {
      const std::uint32_t next = pool[i].next;
      const unsigned nb = radix_bucket(pool[i].key, m);  // < b
      pool[i].next = head_[nb];
      head_[nb] = i;
      min_[nb] = pool[i].key < min_[nb] ? pool[i].key : min_[nb];
      mark(nb);
      i = next;
    }
    head_[b] = kNone;
    min_[b] = ~std::uint64_t{0};
    mask_ &= ~(std::uint64_t{1} << (b - 1));
  }

  std::vector<Node> pool_;  // entries 0 .. used_ - 1 hold the pushes since the last `clear`
  std::size_t used_ = 0;
  std::array<std::uint32_t, 65> head_ = filled_heads();
  std::array<std::uint64_t, 65> min_ = filled_minima();  // smallest key of each bucket
  std::uint64_t mask_ = 0;  // bit b-1 set when bucket b (1..64) is non-empty
  std::uint64_t last_ = 0;
  std::size_t size_ = 0;

  static constexpr std::array<std::uint64_t, 65> filled_minima() noexcept {
    std::array<std::uint64_t, 65> m{};
    m.fill(~std::uint64_t{0});
    return m;
  }
  static constexpr std::array<std::uint32_t, 65> filled_heads() noexcept {
    std::array<std::uint32_t, 65> h{};
    h.fill(kNone);
    return h;
  }
};

}  // namespace pathing::detail
