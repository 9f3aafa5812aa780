// pathing: fast grid path-finding. MIT licensed.
//
// The scratch of a Dijkstra over a `HierarchyMap`'s abstract graph confined to one cluster of
// sectors (the second level of the hierarchy): stamped records per node slot and a binary heap.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathing/detail/compiler.hpp"

namespace pathing::detail {

/// Records and open list of the searches over a `HierarchyMap`'s abstract graph (its
/// clusters' and landmarks', `HpaStar`'s confined ones). A record belongs to the current
/// search when its stamp is `open_mark` (reached) or `closed_mark` (settled): `begin` starts a
/// new search in O(1) (O(slots) on first use and once every 2^31 searches). Heap order: smaller
/// f = g + h (h: a consistent lower bound on the cost left, 0 for Dijkstra), then smaller node
/// number (deterministic). Not thread-safe; one per searcher.
struct ClusterWork {
  struct Record {
    std::uint64_t g;
    std::uint32_t parent;
    std::uint32_t stamp;
  };
  struct Entry {
    std::uint64_t f;
    std::uint64_t g;
    std::uint32_t id;
  };
  struct Later {
    bool operator()(const Entry& a, const Entry& b) const noexcept {
      return a.f != b.f ? a.f > b.f : a.id > b.id;
    }
  };
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

  std::vector<Record> records;
  std::vector<Entry> heap;
  std::uint32_t generation = 0;
  std::uint32_t open_mark = 0;
  std::uint32_t closed_mark = 0;
  std::uint64_t expanded = 0;  // records settled, over every search since the counter was reset

  /// Starts a search over `slots` node numbers (records grow on first use). Allocates only then.
  void begin(std::size_t slots) {
    if (records.size() < slots) records.resize(slots, Record{0, kNone, 0});
    if (generation >= 0xFFFFFFF0u) {
      for (Record& r : records) r.stamp = 0;
      generation = 0;
    }
    open_mark = ++generation;
    closed_mark = ++generation;
    heap.clear();
  }
  /// Offers g to node `id` reached from `parent`, with `h` its lower bound on the cost left;
  /// false when it is settled or no cheaper.
  PATHING_ALWAYS_INLINE bool relax(std::uint32_t id, std::uint64_t g, std::uint32_t parent,
                                   std::uint64_t h = 0) {
    Record& r = records[id];
    if (r.stamp == closed_mark || (r.stamp == open_mark && r.g <= g)) return false;
    r.stamp = open_mark;
    r.g = g;
    r.parent = parent;
    heap.push_back({g + h, g, id});
    std::push_heap(heap.begin(), heap.end(), Later{});
    return true;
  }
  /// True when node `id` was settled by the current search (its g is then exact).
  [[nodiscard]] bool settled(std::uint32_t id) const noexcept {
    return id < records.size() && records[id].stamp == closed_mark;
  }
  /// Bytes held.
  [[nodiscard]] std::size_t bytes() const noexcept {
    return records.capacity() * sizeof(Record) + heap.capacity() * sizeof(Entry);
  }
};

}  // namespace pathing::detail
