// pathing: fast grid path-finding. MIT licensed.
//
// A min-priority queue for searches whose open lists hold few distinct keys.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/queue/radix_heap.hpp"

namespace pathing::detail {

/// Min-priority queue of 32-bit values under 64-bit keys, with a 64-bit rank that breaks ties
/// (ideas: the bucket queue of Dial 1969 with buckets found through a cache rather than indexed,
/// since f values are not small integers; the lazy sorting of the "two-level" bucket queues),
/// built for grid searches, whose open lists hold many entries but few distinct keys (an
/// 8-connected A* with the octile heuristic has some tens to hundreds of distinct f values open
/// at once, a 4-connected one two or three).
///
/// Entries of one key form a list, a "level". The level of the smallest key is the current one
/// (`last()`); the others wait in a radix heap of levels (Ahuja, Mehlhorn, Orlin & Tarjan 1990,
/// as `RadixHeap`: bucket b holds the levels whose key first differs from the heap's floor in bit
/// b - 1, each bucket a list through the levels), and a 1024-slot direct-mapped cache finds the
/// level of a key on push. So:
/// - push of the current key, or of a smaller one (which becomes current): O(1);
/// - push of a larger key: O(1) when its level exists and is in the cache, else a new level, also
///   O(1) (a cache miss may open a second level of the same key: they are merged when that key
///   becomes current);
/// - pop: O(1) from the current level; when it is empty, the waiting levels of the smallest key
///   become current (amortised O(log C) for a key range C: each level moves down the buckets at
///   most 64 times, in practice once or twice), drop the entries the caller says are dead (stale
///   duplicates) and are sorted: O(m) more for m entries nearly in order, which is what a search
///   pushes (insertion sort; std::sort past a budget of moves, so never worse than
///   O(m log m)); m is a handful on grid maps.
/// Keys below the radix heap's floor (pushed out of order; never by A* with a consistent
/// heuristic, whose keys only grow) redistribute the waiting levels: O(levels) each.
/// A binary heap of the n entries would pay O(log n) comparisons on every pop instead.
///
/// Order: keys pop in non-decreasing order (any keys; no monotonicity needed). Within a key: when
/// a level becomes current its entries are ordered by rank, larger first, then by smaller value;
/// entries pushed under the current key after that go in front, last-in first-out. (A* pushes
/// rank = g: the successors it pushes under the current f have a larger g than every entry left
/// in the level, so the level stays in rank order and the queue pops exactly by (f, larger g,
/// smaller value) when successors of equal f are pushed by increasing g.) Deterministic.
///
/// Storage: pools of 16-byte entries and 16-byte levels with free lists (at most as many as were
/// in the queue at once), a sort scratch, and inline the cache and the radix buckets (about 4.8
/// KB); capacities are kept across `clear`, so a warm queue allocates nothing. Not thread-safe.
class LevelQueue {
 public:
  static constexpr std::uint32_t kNil = ~std::uint32_t{0};

  LevelQueue() noexcept = default;

  /// Empties the queue, keeping its capacity; `last()` becomes `key` (the key the caller expects
  /// first, e.g. the start's f: pushes of it are O(1)). O(1).
  void clear(std::uint64_t key) noexcept {
    used_ = 0;
    levels_.clear();
    bucket_[0] = kNil;
    for (std::uint64_t m = mask_; m != 0; m &= m - 1)
      bucket_[static_cast<unsigned>(std::countr_zero(m)) + 1] = kNil;
    mask_ = 0;
    floor_ = key;
    free_entry_ = kNil;
    free_level_ = kNil;
    head_ = kNil;
    last_ = key;
  }

  /// Reserves room for `n` entries (and n / 4 + 64 levels) in the queue at once.
  void reserve(std::size_t n) {
    if (n > entries_.size()) entries_.resize(n);
    levels_.reserve(n / 4 + 64);
    sort_.reserve(n / 4 + 64);
  }
  /// Bytes held (entries, levels, sort scratch).
  [[nodiscard]] std::size_t bytes() const noexcept {
    return entries_.capacity() * sizeof(Entry) + levels_.capacity() * sizeof(Level) +
           sort_.capacity() * sizeof(Entry);
  }

  [[nodiscard]] bool empty() const noexcept {
    return head_ == kNil && bucket_[0] == kNil && mask_ == 0;
  }
  /// The key of the current level: the key of the last pop, or a smaller key pushed since.
  [[nodiscard]] std::uint64_t last() const noexcept { return last_; }

  /// Adds `value` under `key` (< 2^64 - 1) with tie-breaking `rank`.
  PATHING_ALWAYS_INLINE void push(std::uint64_t key, std::uint32_t value, std::uint64_t rank = 0) {
    if (key == last_) [[likely]] {
      head_ = new_entry(value, rank, head_);
      return;
    }
    if (key > last_) [[likely]] {
      // A slot may hold a level number of an earlier query or a reused level: the bound and
      // the key check reject those, so the cache is never cleared.
      const unsigned slot = slot_of(key);
      const std::uint32_t l = cache_[slot];
      if (l < levels_.size() && levels_[l].key == key) [[likely]] {
        levels_[l].head = new_entry(value, rank, levels_[l].head);
        return;
      }
      push_new_level(key, value, rank, slot);
      return;
    }
    push_below(key, value, rank);
  }

  // The open-list interface every A* queue shares (`AStar::search`; `TwoLevelQueue` has the
  // same): start / push(key, value, rank) / pop(live) / last().
  /// `pop(live)` may return kNil (every entry left was stale).
  static constexpr bool kDropsStale = true;
  /// `clear(key)`, then `value` under `key` with rank 0; `step` is not needed.
  void start(std::uint64_t key, std::uint64_t /*step*/, std::uint32_t value) {
    clear(key);
    push(key, value, 0);
  }

  /// Removes and returns a value of the smallest key; `last()` becomes that key.
  /// Precondition: !empty().
  PATHING_ALWAYS_INLINE std::uint32_t pop() {
    return pop([](std::uint32_t, std::uint64_t) { return true; });
  }

  /// As pop(), and when a level becomes current, its entries for which `live(value, rank)` is
  /// false are dropped before it is sorted (a search's stale duplicates: cheaper to drop in that
  /// pass than to sort and pop). Returns kNil when every entry left was dropped.
  template <class Live>
  PATHING_ALWAYS_INLINE std::uint32_t pop(Live live) {
    if (head_ == kNil) [[unlikely]] {
      next_level(live);
      if (head_ == kNil) return kNil;
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
    std::uint64_t rank;
    std::uint32_t value;
    std::uint32_t next;
  };
  struct Level {
    std::uint64_t key;
    std::uint32_t head;  // first entry; next free level when free
    std::uint32_t next;  // next level of the same radix bucket
  };
  static constexpr std::uint64_t kNoKey = ~std::uint64_t{0};

  static constexpr unsigned kCacheBits = 10;
  static unsigned slot_of(std::uint64_t key) noexcept {
    // Multiplicative hashing. Not by the golden ratio (Fibonacci hashing): A*'s keys are sums of
    // multiples of two step costs (2^24 and round(2^24 sqrt 2) per unit of layer cost), which
    // that multiplier crowds into few slots; MurmurHash3's finaliser multiplier spreads them, at
    // the same cost (levels opened a key: docs/benchmarks.md).
    return static_cast<unsigned>((key * 0xFF51AFD7ED558CCDull) >> (64 - kCacheBits));
  }

  PATHING_ALWAYS_INLINE std::uint32_t new_entry(std::uint32_t value, std::uint64_t rank,
                                                std::uint32_t next) {
    std::uint32_t i = free_entry_;
    if (i != kNil) {
      free_entry_ = entries_[i].next;
      entries_[i] = Entry{rank, value, next};
    } else {
      // A fresh entry from the pool (no vector growth check inlined here: in a large
      // translation unit GCC left push_back as a call in the search loop).
      if (used_ == entries_.size()) [[unlikely]] {
        grow_entries();
      }
      i = static_cast<std::uint32_t>(used_++);
      entries_[i] = Entry{rank, value, next};
    }
    return i;
  }

  // The smallest waiting key becomes current: its levels merged, sorted by (larger rank, smaller
  // value). Out of line: it runs once a level, and inlined into a search loop it crowds the
  // loop's registers.
  template <class Live>
  PATHING_NOINLINE void next_level(Live live) {
    if (bucket_[0] == kNil) refill();
    last_ = floor_;
    sort_.clear();
    // Bucket 0: every level of the key floor_ (levels of one key are merged here).
    std::uint32_t l = bucket_[0];
    bucket_[0] = kNil;
    do {
      Level& lv = levels_[l];
      const std::uint32_t next_level_of_key = lv.next;
      const std::size_t begin = sort_.size();
      for (std::uint32_t i = lv.head, next; i != kNil; i = next) {
        Entry& e = entries_[i];
        next = e.next;
        if (live(e.value, e.rank)) {
          sort_.push_back(Entry{e.rank, e.value, i});
        } else {
          e.next = free_entry_;
          free_entry_ = i;
        }
      }
      // Oldest first: a search tends to push into a future level with falling ranks (g), so
      // this order is nearly sorted already.
      std::reverse(sort_.begin() + static_cast<std::ptrdiff_t>(begin), sort_.end());
      lv.key = kNoKey;  // the cache may still point here: no key matches
      lv.head = free_level_;
      free_level_ = l;
      l = next_level_of_key;
    } while (l != kNil);
    const auto first = [](const Entry& a, const Entry& b) {
      return a.rank != b.rank ? a.rank > b.rank : a.value < b.value;
    };
    const std::size_t n = sort_.size();
    if (n == 0) {
      head_ = kNil;
      return;
    }
    // Insertion sort: nearly linear on nearly sorted levels; past a budget of moves (a level in
    // no order) std::sort takes over.
    std::size_t budget = 4 * n + 16;
    for (std::size_t i = 1; i < n; ++i) {
      const Entry v = sort_[i];
      std::size_t j = i;
      for (; j > 0 && first(v, sort_[j - 1]); --j) sort_[j] = sort_[j - 1];
      sort_[j] = v;
      budget -= i - j < budget ? i - j : budget;
      if (budget == 0) {
        std::sort(sort_.begin(), sort_.end(), first);
        break;
      }
    }
    // sort_[i].next holds the entry's index: relink in sorted order.
    head_ = sort_[0].next;
    for (std::size_t i = 0; i + 1 < n; ++i) entries_[sort_[i].next].next = sort_[i + 1].next;
    entries_[sort_[n - 1].next].next = kNil;
  }

  // push of a key above last_ whose level is not cached (in `slot`): a new level.
  PATHING_NOINLINE void push_new_level(std::uint64_t key, std::uint32_t value, std::uint64_t rank,
                                       unsigned slot) {
    const std::uint32_t l = park(key, kNil);
    cache_[slot] = l;
    levels_[l].head = new_entry(value, rank, kNil);
  }

  // push of a key below last_: it becomes current; the old current level waits in the buckets.
  PATHING_NOINLINE void push_below(std::uint64_t key, std::uint32_t value, std::uint64_t rank) {
    if (head_ != kNil) cache_[slot_of(last_)] = park(last_, head_);
    last_ = key;
    head_ = new_entry(value, rank, kNil);
  }

  // A new level of `key` holding the list `head`, put in its radix bucket; returns its number.
  std::uint32_t park(std::uint64_t key, std::uint32_t head) {
    if (key < floor_) [[unlikely]]
      rebase(key);
    std::uint32_t l = free_level_;
    if (l != kNil) {
      free_level_ = levels_[l].head;
      levels_[l] = Level{key, head, kNil};
    } else {
      l = static_cast<std::uint32_t>(levels_.size());
      levels_.push_back(Level{key, head, kNil});
    }
    link(l, radix_bucket(key, floor_));
    return l;
  }

  // Puts level l at the front of bucket b.
  void link(std::uint32_t l, unsigned b) noexcept {
    const std::uint64_t key = levels_[l].key;
    if (b != 0) {
      const std::uint64_t bit = std::uint64_t{1} << (b - 1);
      if ((mask_ & bit) == 0 || key < min_[b]) min_[b] = key;
      mask_ |= bit;
    }
    levels_[l].next = bucket_[b];
    bucket_[b] = l;
  }

  // Bucket 0 is empty and some bucket is not: the levels of the lowest non-empty bucket move to
  // lower buckets around their smallest key, which becomes floor_ (each level moves to a
  // strictly lower bucket, so at most 64 times).
  void refill() noexcept {
    const unsigned b = static_cast<unsigned>(std::countr_zero(mask_)) + 1;
    mask_ &= mask_ - 1;
    floor_ = min_[b];
    std::uint32_t l = bucket_[b];
    bucket_[b] = kNil;
    while (l != kNil) {
      const std::uint32_t next = levels_[l].next;
      link(l, radix_bucket(levels_[l].key, floor_));
      l = next;
    }
  }

  // A level of a key below floor_ is parked (keys pushed out of order: never in A* with a
  // consistent heuristic): every bucket is redistributed around the new floor. O(levels).
  void rebase(std::uint64_t key) noexcept {
    std::uint32_t all = kNil;
    const auto take = [&](unsigned b) {
      for (std::uint32_t l = bucket_[b], next; l != kNil; l = next) {
        next = levels_[l].next;
        levels_[l].next = all;
        all = l;
      }
      bucket_[b] = kNil;
    };
    take(0);
    for (std::uint64_t m = mask_; m != 0; m &= m - 1)
      take(static_cast<unsigned>(std::countr_zero(m)) + 1);
    mask_ = 0;
    floor_ = key;
    for (std::uint32_t l = all, next; l != kNil; l = next) {
      next = levels_[l].next;
      link(l, radix_bucket(levels_[l].key, floor_));
    }
  }

  // Grows the entry pool (its size is the capacity; `used_` entries are taken). Out of line.
  PATHING_NOINLINE void grow_entries() { entries_.resize(entries_.size() * 2 + 64); }

  std::vector<Entry> entries_;  // entries 0 .. used_ - 1 are taken (in a level or free)
  std::size_t used_ = 0;
  std::vector<Level> levels_;
  std::vector<Entry> sort_;  // scratch of next_level (next = the entry's index)
  // Waiting levels: a radix heap (bucket b: levels whose key first differs from floor_ in bit
  // b - 1; bucket 0: key == floor_), each bucket a list through Level::next.
  std::uint32_t bucket_[65] = {kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil,
                               kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil,
                               kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil,
                               kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil,
                               kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil,
                               kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil};
  std::uint64_t min_[65] = {};  // smallest key of bucket b, valid while its mask bit is set
  std::uint64_t mask_ = 0;      // bit b - 1 set when bucket b (1..64) is non-empty
  std::uint64_t floor_ = 0;     // every waiting level's key is >= floor_
  std::uint32_t free_entry_ = kNil;
  std::uint32_t free_level_ = kNil;
  std::uint32_t head_ = kNil;  // current level (key last_)
  std::uint64_t last_ = 0;
  std::uint32_t cache_[1u << kCacheBits] = {};
};

}  // namespace pathing::detail
