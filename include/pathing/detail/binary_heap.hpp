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
        const std::size_t end = first + Arity < n ? first + Arity : n;
        for (std::size_t k = first + 1; k < end; ++k) {
          if (Less{}(a[k], a[c])) c = k;
        }
        if (!Less{}(a[c], last)) break;
        a[i] = a[c];
        i = c;
      }
      a[i] = last;
    }
    return out;
  }

 private:
  std::vector<T> items_;
};

}  // namespace pathing::detail
