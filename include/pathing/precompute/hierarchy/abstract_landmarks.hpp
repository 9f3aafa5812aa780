// pathing: fast grid path-finding. MIT licensed.
//
// The landmarks of a `HierarchyMap`'s abstract graph (ALT on the level-1 graph): their tables,
// how they are chosen and computed, and whether a rebuilt sector keeps them valid.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathing/precompute/hierarchy/cluster_work.hpp"
#include "pathing/precompute/hierarchy/node_sets.hpp"
#include "pathing/precompute/hierarchy/sector_search.hpp"

namespace pathing::detail {

/// The landmarks of a `HierarchyMap` (`HierarchyMap::build_landmarks` documents the method and
/// the bound `HpaStar` takes from them). The tables are node-major: `count` entries a node slot,
/// entry `v * count + l` the distance between landmark l and node slot v, in 1/256 cost units,
/// saturated below kSectorNoPath (kSectorNoPath: not reached). The level-1 graph is passed to each
/// member that reads it (`Graph`: a `HierarchyMap`, of which this class is a friend), never kept.
/// Not thread-safe while computing; the tables may be read concurrently.
class AbstractLandmarks {
 public:
  /// Landmarks held (0: none).
  int count = 0;
  /// True when one table serves both directions (`to` is then empty).
  bool symmetric = true;
  /// d(L, n) per node slot and landmark.
  std::vector<std::uint32_t> from;
  /// d(n, L) per node slot and landmark (empty when `symmetric`).
  std::vector<std::uint32_t> to;
  /// The landmarks' node numbers, in selection order.
  std::vector<std::uint32_t> nodes;

  /// Forgets the landmarks and frees their tables. O(1).
  void drop() noexcept {
    count = 0;
    release(from);
    release(to);
    release(nodes);
  }

  /// Bytes held by the tables and the node list (not the scratch).
  [[nodiscard]] std::size_t bytes() const noexcept {
    return (from.capacity() + to.capacity() + nodes.capacity()) * 4;
  }

  /// Computes `wanted` landmarks (in [1, 16]) on `graph`'s abstract graph by farthest-point
  /// selection in its largest weakly connected part (`HierarchyMap::build_landmarks`), searching
  /// with `work`; leaves none (`count` 0) when that part has fewer nodes than `wanted` or there
  /// are no nodes. O(wanted E log V) plus a union-find over the edges. Allocates.
  template <class Graph>
  void compute(const Graph& graph, int wanted, ClusterWork& work) {
    drop();
    const std::size_t slots = graph.node_cell_.size();
    // The largest weakly connected part.
    NodeSets sets(slots);
    graph.join_edges(sets, [](std::uint32_t, std::uint32_t) { return true; });
    std::vector<std::uint32_t> size(slots, 0);
    std::uint32_t best = kSectorNoPath;
    for (std::uint32_t v = 0; v < slots; ++v) {
      if (graph.node_cell_[v] == kSectorNoPath) continue;
      const std::uint32_t root = sets.find(v);
      ++size[root];
      if (best == kSectorNoPath || size[root] > size[best] ||
          (size[root] == size[best] && root < best))
        best = root;
    }
    if (best == kSectorNoPath) return;  // no nodes: no landmarks
    const auto k = static_cast<std::size_t>(
        std::min<std::uint32_t>(static_cast<std::uint32_t>(wanted), size[best]));
    // One table serves both directions when the graph is symmetric: uniform costs (a transition
    // costs the same both ways) and symmetric sector matrices (always so when built; a loaded
    // file's are checked, not assumed).
    symmetric = graph.stamp_.layer.uniform_cost() != 0;
    for (const auto& sec : graph.sectors_) {
      for (std::uint32_t i = 0; symmetric && i < sec.count; ++i)
        for (std::uint32_t j = i + 1; j < sec.count; ++j)
          if (graph.dist_[sec.dist_first + i * sec.count + j] !=
              graph.dist_[sec.dist_first + j * sec.count + i])
            symmetric = false;
      if (!symmetric) break;
    }
    from.assign(slots * k, kSectorNoPath);
    nodes.reserve(k);  // (exactly: a loaded map's memory_bytes equal a build's)
    if (!symmetric) to.assign(slots * k, kSectorNoPath);
    // Farthest-point selection: `nearest` = each node's distance from the nearest landmark so far
    // (forward), starting from the part's first node (`best`, the smallest number in it).
    std::vector<std::uint64_t> nearest(slots, kNoDistance);
    search(graph, work, best, false);
    nearest = dist64_;
    for (std::size_t l = 0; l < k; ++l) {
      std::uint32_t pick = kSectorNoPath;
      for (std::uint32_t v = 0; v < slots; ++v) {
        if (nearest[v] == kNoDistance || sets.find(v) != best) continue;
        if (pick == kSectorNoPath || nearest[v] > nearest[pick]) pick = v;
      }
      if (pick == kSectorNoPath) break;
      nodes.push_back(pick);
      search(graph, work, pick, false);
      for (std::uint32_t v = 0; v < slots; ++v) {
        const std::uint64_t d = dist64_[v];
        from[v * k + l] = d == kNoDistance ? kSectorNoPath : saturate(d);
        if (l == 0 || d < nearest[v]) nearest[v] = d;
      }
      nearest[pick] = 0;
      if (!symmetric) {
        search(graph, work, pick, true);
        for (std::uint32_t v = 0; v < slots; ++v) {
          const std::uint64_t d = dist64_[v];
          to[v * k + l] = d == kNoDistance ? kSectorNoPath : saturate(d);
        }
      }
    }
    count = static_cast<int>(nodes.size());
    if (static_cast<std::size_t>(count) < k) {  // (the part had fewer reachable nodes)
      drop();
      return;
    }
    release(dist64_);
  }

  /// Copies sector `s`'s nodes, entry costs and matrix of `graph` before a sync rebuilds it, for
  /// `kept`. O(nodes of s squared).
  template <class Graph>
  void remember(const Graph& graph, std::uint32_t s) {
    const auto& sec = graph.sectors_[s];
    const auto first = static_cast<std::ptrdiff_t>(sec.first);
    const auto dist_first = static_cast<std::ptrdiff_t>(sec.dist_first);
    const auto n = static_cast<std::ptrdiff_t>(sec.count);
    before_count_ = sec.count;
    before_first_ = sec.first;
    cells_.assign(graph.node_cell_.begin() + first, graph.node_cell_.begin() + first + n);
    costs_.assign(graph.node_cost_.begin() + first, graph.node_cost_.begin() + first + n);
    dists_.assign(graph.dist_.begin() + dist_first, graph.dist_.begin() + dist_first + n * n);
  }

  /// After `remember(graph, s)` and the rebuild of sector `s`: true when the landmarks stay
  /// valid (the same nodes in the same slots, no node cheaper to enter, no intra-sector edge
  /// cheaper: the old distances still bound the new ones from below). O(nodes of s squared).
  template <class Graph>
  [[nodiscard]] bool kept(const Graph& graph, std::uint32_t s) const {
    const auto& after = graph.sectors_[s];
    if (after.count != before_count_ || after.first != before_first_) return false;
    const std::size_t n = before_count_;
    for (std::size_t k = 0; k < n; ++k) {
      if (graph.node_cell_[after.first + k] != cells_[k]) return false;
      if (graph.node_cost_[after.first + k] < costs_[k]) return false;
    }
    for (std::size_t k = 0; k < n * n; ++k)
      if (graph.dist_[after.dist_first + k] < dists_[k]) return false;
    return true;
  }

 private:
  static constexpr std::uint64_t kNoDistance = ~std::uint64_t{0};

  // Empties `v` and frees its memory (`v = {}` would keep its capacity).
  template <class V>
  static void release(V& v) noexcept {
    V().swap(v);
  }
  [[nodiscard]] static std::uint32_t saturate(std::uint64_t d) noexcept {
    return d >= kSectorNoPath - 1 ? kSectorNoPath - 1 : static_cast<std::uint32_t>(d);
  }

  // One Dijkstra over the whole abstract graph from node `source`, forward (d(source, n)) or
  // backward (d(n, source)), into dist64_ (kNoDistance where not reached).
  template <class Graph>
  void search(const Graph& graph, ClusterWork& work, std::uint32_t source, bool backward) {
    const std::size_t slots = graph.node_cell_.size();
    work.begin(slots);
    work.relax(source, 0, kSectorNoPath);
    const auto everywhere = [](std::uint32_t) { return true; };
    const auto none = [](std::uint32_t, std::uint64_t) {};
    const auto zero = [](auto) { return std::uint64_t{0}; };
    if (backward) {
      work.run<true>(graph, everywhere, kSectorNoPath, none, zero);
    } else {
      work.run<false>(graph, everywhere, kSectorNoPath, none, zero);
    }
    dist64_.assign(slots, kNoDistance);
    for (std::uint32_t v = 0; v < slots; ++v)
      if (work.settled(v)) dist64_[v] = work.records[v].g;
  }

  std::vector<std::uint64_t> dist64_;  // search's distances
  // remember's copy of one sector.
  std::size_t before_count_ = 0;
  std::uint32_t before_first_ = 0;
  std::vector<std::uint32_t> cells_;
  std::vector<std::uint8_t> costs_;
  std::vector<std::uint32_t> dists_;
};

}  // namespace pathing::detail
