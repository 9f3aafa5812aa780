// pathing: fast grid path-finding. MIT licensed.
//
// The open list of a 4-connected A* on a uniform-cost layer: two stacks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "pathing/detail/compiler.hpp"

namespace pathing::detail {

/// Min-priority queue for keys that are always the current key k or k + `step` (a 4-connected
/// A* with the Manhattan heuristic on a layer whose passable cells all cost c: a move changes g
/// by c and h by -c or +c, so f by 0 or 2c). Two LIFO stacks, one a key; when the current one
/// runs dry the other becomes current and k grows by `step`. push and pop are O(1) with no
/// comparison but f == k. The caller guarantees the keys (pushing anything else is an error that
/// this queue does not detect).
///
/// Order: k before k + step; last-in first-out within a key. Storage: two vectors whose
/// capacity is kept across `clear`, so a warm queue allocates nothing. Not thread-safe.
class TwoLevelQueue {
 public:
  /// Empties the queue (keeping capacity); the current key becomes `key`, the next `key + step`.
  void clear(std::uint64_t key, std::uint64_t step) noexcept {
    cur_.clear();
    next_.clear();
    key_ = key;
    step_ = step;
  }
  /// Reserves room for `n` entries in each stack.
  void reserve(std::size_t n) {
    cur_.reserve(n);
    next_.reserve(n);
  }
  /// Bytes held.
  [[nodiscard]] std::size_t bytes() const noexcept {
    return (cur_.capacity() + next_.capacity()) * sizeof(std::uint32_t);
  }
  [[nodiscard]] bool empty() const noexcept { return cur_.empty() && next_.empty(); }
  /// The current key.
  [[nodiscard]] std::uint64_t last() const noexcept { return key_; }
  /// Adds `value` under `key`, which must be last() or last() + step.
  PATHING_ALWAYS_INLINE void push(std::uint64_t key, std::uint32_t value) {
    (key == key_ ? cur_ : next_).push_back(value);
  }
  /// Removes and returns a value of the smallest key. Precondition: !empty().
  std::uint32_t pop() noexcept {
    if (cur_.empty()) [[unlikely]] {
      std::swap(cur_, next_);
      key_ += step_;
    }
    const std::uint32_t v = cur_.back();
    cur_.pop_back();
    return v;
  }

  // The open-list interface every A* queue shares (`AStar::search`; `LevelQueue` has the same):
  // start / push(key, value, g) / pop(live) / last(), and whether pop may drop stale entries.
  /// This queue never drops entries: `pop(live)` always returns a value.
  static constexpr bool kDropsStale = false;
  /// `clear(key, step)`, then `value` under `key`.
  void start(std::uint64_t key, std::uint64_t step, std::uint32_t value) {
    clear(key, step);
    push(key, value);
  }
  /// `push(key, value)`; the g of the entry is not needed for the order.
  PATHING_ALWAYS_INLINE void push(std::uint64_t key, std::uint32_t value, std::uint64_t /*g*/) {
    push(key, value);
  }
  /// `pop()`; `live` is not consulted (stale entries are skipped by the caller).
  template <class Live>
  std::uint32_t pop(Live&& /*live*/) noexcept {
    return pop();
  }

 private:
  std::vector<std::uint32_t> cur_;
  std::vector<std::uint32_t> next_;
  std::uint64_t key_ = 0;
  std::uint64_t step_ = 0;
};

}  // namespace pathing::detail
