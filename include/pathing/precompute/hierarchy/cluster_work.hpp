// pathing: fast grid path-finding. MIT licensed.
//
// The scratch of a Dijkstra (or A*) over a `HierarchyMap`'s abstract graph, whole or confined to
// one cluster of sectors: stamped records per node slot and a binary heap; and that search.
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
  /// Runs the search over the abstract graph of `graph` (a `HierarchyMap`, of which this struct
  /// is a friend) from the seeds already relaxed, forward or backward (Backward: distances to the
  /// seeds), until the heap is empty or `target` is settled: from each settled node, its edges
  /// inside its sector always, its transitions into a sector `other` when inside(other). Node
  /// numbers at or above the node slots are virtual (a query's start or goal): settled, never
  /// expanded. extra(u, g) runs on each expanded node u; h(cell) is a consistent lower bound, in
  /// 1/256 cost units, on the cost from a cell to the target (0 everywhere: Dijkstra).
  /// O(E log V) over the part searched.
  template <bool Backward, class Graph, class Inside, class Extra, class Bound>
  void run(const Graph& graph, Inside&& inside, std::uint32_t target, Extra&& extra, Bound&& h) {
    const auto slots = static_cast<std::uint32_t>(graph.node_cell_.size());
    while (!heap.empty()) {
      std::pop_heap(heap.begin(), heap.end(), Later{});
      const Entry e = heap.back();
      heap.pop_back();
      Record& rec = records[e.id];
      if (rec.stamp == closed_mark || rec.g != e.g) continue;
      rec.stamp = closed_mark;
      ++expanded;
      if (e.id == target) return;
      if (e.id >= slots) continue;
      const std::uint32_t u = e.id;
      const auto c = Graph::cell_of(graph.node_cell_[u]);
      const std::uint32_t t = graph.sector_of(c);
      const auto& sec = graph.sectors_[t];
      const std::uint32_t i = u - sec.first;
      for (std::uint32_t j = 0; j < sec.count; ++j) {
        const std::uint32_t d = Backward ? graph.dist_[sec.dist_first + j * sec.count + i]
                                         : graph.dist_[sec.dist_first + i * sec.count + j];
        if (j != i && d != Graph::kNoPath)
          relax(sec.first + j, e.g + d, u, h(Graph::cell_of(graph.node_cell_[sec.first + j])));
      }
      graph.template for_each_transition<Backward>(
          u, c, t, inside, [&](std::uint32_t v, std::uint64_t cost) {
            relax(v, e.g + cost, u, h(Graph::cell_of(graph.node_cell_[v])));
          });
      extra(u, e.g);
    }
  }
  /// Bytes held.
  [[nodiscard]] std::size_t bytes() const noexcept {
    return records.capacity() * sizeof(Record) + heap.capacity() * sizeof(Entry);
  }
};

}  // namespace pathing::detail
