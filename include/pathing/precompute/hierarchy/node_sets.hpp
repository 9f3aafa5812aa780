// pathing: fast grid path-finding. MIT licensed.
//
// Disjoint sets of a `HierarchyMap`'s node numbers: the connected parts of its abstract graph
// (the landmarks' largest part, the loader's check of cluster matrices).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace pathing::detail {

/// Union-find over node numbers [0, n) with path halving; each set's root is its smallest number,
/// so roots do not depend on the order of the joins. O(n) memory; find and join amortised nearly
/// O(1) (without union by rank: O(log n) amortised). Not thread-safe.
struct NodeSets {
  std::vector<std::uint32_t> parent;

  explicit NodeSets(std::size_t n) : parent(n) {
    for (std::size_t v = 0; v < n; ++v) parent[v] = static_cast<std::uint32_t>(v);
  }
  /// The root of v's set.
  [[nodiscard]] std::uint32_t find(std::uint32_t v) noexcept {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  }
  /// Merges the sets of a and b.
  void join(std::uint32_t a, std::uint32_t b) noexcept {
    a = find(a);
    b = find(b);
    if (a != b) parent[a < b ? b : a] = a < b ? a : b;
  }
};

}  // namespace pathing::detail
