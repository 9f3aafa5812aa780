// pathing: fast grid path-finding. MIT licensed.
//
// The "hot" LIFO stack of the searches: successors taken next, before the open list.
#pragma once

#include <cstddef>
#include <vector>

#include "pathing/detail/compiler.hpp"

namespace pathing::detail {

/// The hot stack: successors that need not wait in the open list because nothing there comes
/// before them (A* and JPS: same f as the node expanded; greedy best-first: closer to the goal
/// than it), popped last in, first out before the open list is looked at (seed: the Go library's
/// greedy "hot" queue; the roguelike seed's f-equal bypass). One class for every search:
/// - `push` / `pop` / `empty`, amortised O(1), for searches whose stack lives in memory;
/// - `ensure(n)` + `data()` + `size()` + `grow()`, for a hot loop that keeps the top in a local
///   (register) and writes entries through a pointer: `ensure` sizes the storage, `grow` doubles
///   it keeping the entries (call it when the local top reaches `size()`; returns the new storage).
/// Memory: sizeof(T) an entry of capacity; never shrinks. Not thread-safe: one per searcher.
template <class T>
class HotStack {
 public:
  /// Empties the stack; keeps the capacity. O(1).
  void clear() noexcept { items_.clear(); }
  [[nodiscard]] bool empty() const noexcept { return items_.empty(); }
  /// Pushes `v` (allocates only past the capacity).
  void push(const T& v) { items_.push_back(v); }
  /// Pops the last entry pushed. Precondition: !empty().
  T pop() noexcept {
    const T v = items_.back();
    items_.pop_back();
    return v;
  }
  /// Room for `n` entries pushed without allocating.
  void reserve(std::size_t n) { items_.reserve(n); }

  /// Pointer mode: makes at least `n` entries addressable through `data()`.
  void ensure(std::size_t n) {
    if (items_.size() < n) items_.resize(n);
  }
  /// Pointer mode: the storage (valid until `ensure`, `grow`, `push`).
  [[nodiscard]] T* data() noexcept { return items_.data(); }
  /// Pointer mode: the number of addressable entries.
  [[nodiscard]] std::size_t size() const noexcept { return items_.size(); }
  /// Pointer mode: doubles the addressable entries (at least 1), keeping them; the new storage.
  PATHING_NOINLINE T* grow() {
    items_.resize(items_.empty() ? 1 : items_.size() * 2);
    return items_.data();
  }

  /// Bytes held.
  [[nodiscard]] std::size_t bytes() const noexcept { return items_.capacity() * sizeof(T); }

 private:
  std::vector<T> items_;
};

}  // namespace pathing::detail
