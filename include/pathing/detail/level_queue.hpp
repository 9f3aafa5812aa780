// pathing: fast grid path-finding. MIT licensed.
//
// A min-priority queue for searches whose open lists hold few distinct keys.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "pathing/detail/binary_heap.hpp"

namespace pathing::detail {

/// Min-priority queue of 32-bit values under 64-bit keys, built for grid searches, whose open
/// lists hold many entries but few distinct keys (an 8-connected A* with the octile heuristic has
/// some tens of distinct f values open at once; a 4-connected one two or three).
///
/// Entries of one key form a LIFO list, a "level". The level of the smallest key is the current
/// one (`last()`); the others sit in a binary heap ordered by key, and a 64-slot direct-mapped
/// cache finds the level of a key on push. So:
/// - push of the current key, or of a smaller one (which becomes current): O(1), no comparison
///   with other entries;
/// - push of a larger key: O(1) when its level exists and is in the cache, else a new level
///   (O(log k) for k levels; a cache miss may open a second level of the same key: harmless);
/// - pop: O(1) from the current level; when it is empty, the heap's smallest level becomes
///   current, O(log k).
/// A binary heap would pay O(log n) comparisons of n entries on every pop instead.
///
/// Order: keys pop in non-decreasing order (any keys; no monotonicity needed). Entries of equal
/// key pop last-in first-out within a level; levels of equal key (cache misses) pop in the order
/// of their level numbers. Deterministic: the same pushes and pops give the same order.
///
/// Storage: pools of 8-byte entries and 16-byte levels with free lists (at most as many as were
/// in the queue at once) and the heap of levels; capacities are kept across `clear`, so a warm
/// queue allocates nothing. Not thread-safe.
class LevelQueue {
 public:
  static constexpr std::uint32_t kNil = ~std::uint32_t{0};

  LevelQueue() noexcept { clear(0); }

  /// Empties the queue, keeping its capacity; `last()` becomes `key` (the key the caller expects
  /// first, e.g. the start's f: pushes of it are O(1)). O(1).
  void clear(std::uint64_t key) noexcept {
    entries_.clear();
    levels_.clear();
    heap_.clear();
    free_entry_ = kNil;
    free_level_ = kNil;
    head_ = kNil;
    last_ = key;
    std::memset(cache_, 0xFF, sizeof cache_);
  }

  /// Reserves room for `n` entries (and n / 4 + 64 levels) in the queue at once.
  void reserve(std::size_t n) {
    entries_.reserve(n);
    levels_.reserve(n / 4 + 64);
    heap_.reserve(n / 4 + 64);
  }
  /// Bytes held (entries, levels, heap).
  [[nodiscard]] std::size_t bytes() const noexcept {
    return entries_.capacity() * sizeof(Entry) + levels_.capacity() * sizeof(Level) +
           heap_.capacity() * sizeof(HeapItem);
  }

  [[nodiscard]] bool empty() const noexcept { return head_ == kNil && heap_.empty(); }
  /// The key of the current level: the key of the last pop, or a smaller key pushed since.
  [[nodiscard]] std::uint64_t last() const noexcept { return last_; }

  /// Adds `value` under `key` (< 2^64 - 1).
  [[gnu::always_inline]] void push(std::uint64_t key, std::uint32_t value) {
    if (key == last_) [[likely]] {
      head_ = new_entry(value, head_);
      return;
    }
    if (key > last_) [[likely]] {
      const std::uint32_t l = cache_[slot_of(key)];
      if (l != kNil && levels_[l].key == key) [[likely]] {
        levels_[l].head = new_entry(value, levels_[l].head);
        return;
      }
    }
    push_slow(key, value);
  }

  /// Removes and returns a value of the smallest key; `last()` becomes that key.
  /// Precondition: !empty().
  [[gnu::always_inline]] std::uint32_t pop() noexcept {
    if (head_ == kNil) [[unlikely]] {
      const HeapItem top = heap_.pop();
      const auto l = static_cast<std::uint32_t>(top.level);
      last_ = top.key;
      Level& lv = levels_[l];
      head_ = lv.head;
      lv.key = kNoKey;  // the cache may still point here: no key matches
      lv.head = free_level_;
      free_level_ = l;
    }
    const std::uint32_t i = head_;
    Entry& e = entries_[i];
    head_ = e.next;
    e.next = free_entry_;
    free_entry_ = i;
    return e.value;
  }

 private:
  struct Entry {
    std::uint32_t value;
    std::uint32_t next;
  };
  struct Level {
    std::uint64_t key;
    std::uint32_t head;  // first entry; next free level when free
  };
  struct HeapItem {
    std::uint64_t key;
    std::uint64_t level;
  };
  struct HeapLess {  // keys only: levels of equal key pop in an order fixed by the operations
    bool operator()(const HeapItem& a, const HeapItem& b) const noexcept { return a.key < b.key; }
  };
  static constexpr std::uint64_t kNoKey = ~std::uint64_t{0};

  static unsigned slot_of(std::uint64_t key) noexcept {
    return static_cast<unsigned>((key * 0x9E3779B97F4A7C15ull) >> 58);
  }

  [[gnu::always_inline]] std::uint32_t new_entry(std::uint32_t value, std::uint32_t next) {
    std::uint32_t i = free_entry_;
    if (i != kNil) {
      free_entry_ = entries_[i].next;
      entries_[i] = Entry{value, next};
    } else {
      i = static_cast<std::uint32_t>(entries_.size());
      entries_.push_back(Entry{value, next});
    }
    return i;
  }

  // push of a key below last_ (it becomes current) or of a key whose level is not cached.
  [[gnu::noinline]] void push_slow(std::uint64_t key, std::uint32_t value) {
    if (key < last_) {  // becomes the current level; the old one goes to the heap
      if (head_ != kNil) cache_[slot_of(last_)] = park(last_, head_);
      last_ = key;
      head_ = new_entry(value, kNil);
      return;
    }
    const std::uint32_t l = park(key, kNil);
    cache_[slot_of(key)] = l;
    levels_[l].head = new_entry(value, kNil);
  }

  // A new level of `key` holding the list `head`, pushed onto the heap; returns its number.
  std::uint32_t park(std::uint64_t key, std::uint32_t head) {
    std::uint32_t l = free_level_;
    if (l != kNil) {
      free_level_ = levels_[l].head;
      levels_[l] = Level{key, head};
    } else {
      l = static_cast<std::uint32_t>(levels_.size());
      levels_.push_back(Level{key, head});
    }
    heap_.push(HeapItem{key, l});
    return l;
  }

  std::vector<Entry> entries_;
  std::vector<Level> levels_;
  BinaryHeap<HeapItem, HeapLess> heap_;
  std::uint32_t free_entry_ = kNil;
  std::uint32_t free_level_ = kNil;
  std::uint32_t head_ = kNil;  // current level (key last_)
  std::uint64_t last_ = 0;
  std::uint32_t cache_[64];
};

}  // namespace pathing::detail
