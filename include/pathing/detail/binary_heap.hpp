// pathing: fast grid path-finding. MIT licensed.
//
// A binary min-heap over a reusable vector.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace pathing::detail {

/// Binary min-heap of `T` ordered by `Less` (a stateless strict weak order). Storage is a vector
/// whose capacity is kept across `clear()`, so a warm heap never allocates.
/// push/pop O(log n), top/empty/clear O(1). Not thread-safe.
template <class T, class Less>
class BinaryHeap {
 public:
  [[nodiscard]] bool empty() const noexcept { return items_.empty(); }
  [[nodiscard]] std::size_t size() const noexcept { return items_.size(); }
  [[nodiscard]] std::size_t capacity() const noexcept { return items_.capacity(); }
  [[nodiscard]] const T& top() const noexcept { return items_.front(); }
  void clear() noexcept { items_.clear(); }
  void reserve(std::size_t n) { items_.reserve(n); }

  void push(const T& v) {
    items_.push_back(v);
    std::size_t i = items_.size() - 1;
    while (i > 0) {
      const std::size_t p = (i - 1) / 2;
      if (!Less{}(v, items_[p])) break;
      items_[i] = items_[p];
      i = p;
    }
    items_[i] = v;
  }

  T pop() noexcept {
    T out = items_.front();
    const T last = items_.back();
    items_.pop_back();
    const std::size_t n = items_.size();
    if (n != 0) {
      std::size_t i = 0;
      for (;;) {
        std::size_t c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && Less{}(items_[c + 1], items_[c])) ++c;
        if (!Less{}(items_[c], last)) break;
        items_[i] = items_[c];
        i = c;
      }
      items_[i] = last;
    }
    return out;
  }

 private:
  std::vector<T> items_;
};

}  // namespace pathing::detail
