// pathing: fast grid path-finding. MIT licensed.
//
// A d-ary min-heap over a reusable vector.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace pathing::detail {

/// Min-heap of `T` ordered by `Less` (a stateless strict weak order), with `Arity` children per
/// node (2 = binary heap; 4 halves the depth, which pays when comparisons are cheap and the heap
/// is large). Storage is a vector whose capacity is kept across `clear()`, so a warm heap never
/// allocates. push/pop O(log n), top/empty/clear O(1). Not thread-safe.
template <class T, class Less, std::size_t Arity = 2>
class BinaryHeap {
  static_assert(Arity >= 2);

 public:
  [[nodiscard]] bool empty() const noexcept { return items_.empty(); }
  [[nodiscard]] std::size_t size() const noexcept { return items_.size(); }
  [[nodiscard]] std::size_t capacity() const noexcept { return items_.capacity(); }
  [[nodiscard]] const T& top() const noexcept { return items_.front(); }
  void clear() noexcept { items_.clear(); }
  void reserve(std::size_t n) { items_.reserve(n); }

  void push(const T& v) {
    items_.push_back(v);
    T* a = items_.data();
    std::size_t i = items_.size() - 1;
    while (i > 0) {
      const std::size_t p = (i - 1) / Arity;
      if (!Less{}(v, a[p])) break;
      a[i] = a[p];
      i = p;
    }
    a[i] = v;
  }

  /// Removes and returns the smallest element. Precondition: !empty().
  ///
  /// Bottom-up (Wegener's "bottom-up heapsort" sift): the hole left at the root moves down to a
  /// leaf along the smaller children (one comparison between siblings a level, no comparison with
  /// the moved element), then the last element sifts up from there, which is usually at once:
  /// about half the comparisons of the textbook sift-down, and the sibling comparison compiles
  /// to a conditional move.
  T pop() noexcept {
    T* a = items_.data();
    const T out = a[0];
    const T last = items_.back();
    items_.pop_back();
    const std::size_t n = items_.size();
    if (n != 0) {
      std::size_t i = 0;
      for (;;) {
        const std::size_t first = Arity * i + 1;
        if (first >= n) break;
        std::size_t c = first;
        if (first + Arity <= n) {
          for (std::size_t k = first + 1; k < first + Arity; ++k) {
            c += static_cast<std::size_t>(Less{}(a[k], a[c])) * (k - c);  // no branch
          }
        } else {
          for (std::size_t k = first + 1; k < n; ++k) c = Less{}(a[k], a[c]) ? k : c;
        }
        a[i] = a[c];
        i = c;
      }
      while (i > 0) {
        const std::size_t p = (i - 1) / Arity;
        if (!Less{}(last, a[p])) break;
        a[i] = a[p];
        i = p;
      }
      a[i] = last;
    }
    return out;
  }

 private:
  std::vector<T> items_;
};

}  // namespace pathing::detail
