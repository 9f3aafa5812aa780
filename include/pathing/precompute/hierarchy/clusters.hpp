// pathing: fast grid path-finding. MIT licensed.
//
// The second level of a `HierarchyMap` (multi-level HPA*): clusters of sectors, their level-2
// nodes and the matrices between them, and the searches confined to one cluster.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/precompute/hierarchy/cluster_work.hpp"
#include "pathing/precompute/hierarchy/sector_search.hpp"

namespace pathing::detail {

/// The clusters of a `HierarchyMap` (`HierarchyMap::build_clusters` documents them): square
/// blocks of `side` x `side` sectors, row-major (`across` x `down`); a level-2 node is a node of
/// the map with a transition into another cluster; each cluster holds the matrix (64-bit, in 1/256
/// cost units, row = from) of the cheapest abstract paths between its level-2 nodes that stay
/// inside it, kNoClusterPath where there is none. The level-1 graph is passed to each member that
/// reads it (`Graph`: a `HierarchyMap`, of which this class is a friend), never kept. Not
/// thread-safe while building; the tables and `dijkstra` (on the caller's `ClusterWork`) may run
/// concurrently.
class HierarchyClusters {
 public:
  /// No path inside a cluster.
  static constexpr std::uint64_t kNoClusterPath = ~std::uint64_t{0};

  /// One cluster's slot in `node` and `dist`.
  struct Cluster {
    std::uint32_t first = 0;     // first level-2 node in `node`
    std::uint32_t count = 0;     // level-2 nodes
    std::uint32_t capacity = 0;  // slots reserved at first and dist_first (capacity^2)
    std::size_t dist_first = 0;  // first entry of its matrix in `dist`
  };

  /// Cluster side in sectors (0: no clusters).
  int side = 0;
  /// Clusters across and down.
  int across = 0;
  int down = 0;
  /// Sectors across of the map the clusters were built on.
  int sectors_x = 0;
  /// The clusters, row-major.
  std::vector<Cluster> list;
  /// Per level-2 slot: the node (node slot of the map) it is, kSectorNoPath when unused.
  std::vector<std::uint32_t> node;
  /// Per cluster: count x count matrix, row = from.
  std::vector<std::uint64_t> dist;
  /// Per node slot of the map: its level-2 slot, or kSectorNoPath.
  std::vector<std::uint32_t> slot_of;
  /// Clusters the last sync rebuilt.
  std::size_t last_sync = 0;
  /// The scratch of the builds' searches (and of the landmarks'); kept for `sync`.
  ClusterWork work;

  /// Forgets the clusters and frees their memory and `work`. O(1).
  void drop() noexcept {
    side = 0;
    across = 0;
    down = 0;
    release(list);
    release(node);
    release(dist);
    release(slot_of);
    work = {};
  }

  /// Bytes held (not the scratch).
  [[nodiscard]] std::size_t bytes() const noexcept {
    return list.capacity() * sizeof(Cluster) + node.capacity() * 4 + dist.capacity() * 8 +
           slot_of.capacity() * 4;
  }

  /// The cluster of sector t (clusters built). O(1).
  [[nodiscard]] std::uint32_t of_sector(std::uint32_t t) const noexcept {
    const auto sx = static_cast<std::uint32_t>(sectors_x);
    const auto c = static_cast<std::uint32_t>(side);
    return (t / sx / c) * static_cast<std::uint32_t>(across) + t % sx / c;
  }

  /// The cost from level-2 node `i` of cluster `k` to its node `j` (kNoClusterPath: none). O(1).
  [[nodiscard]] std::uint64_t cost(std::uint32_t k, std::uint32_t i,
                                   std::uint32_t j) const noexcept {
    const Cluster& cl = list[k];
    return dist[cl.dist_first + std::size_t{i} * cl.count + j];
  }

  /// Level-2 nodes in all. O(clusters).
  [[nodiscard]] std::size_t node_total() const noexcept {
    std::size_t n = 0;
    for (const Cluster& cl : list) n += cl.count;
    return n;
  }

  /// Builds every cluster of `sectors` x `sectors` sectors of `graph`; without `fill`, only the
  /// level-2 nodes (the matrices then hold kNoClusterPath until a loader fills them). O(one
  /// confined Dijkstra a level-2 node). Allocates.
  template <class Graph>
  void compute(const Graph& graph, int sectors, bool fill = true) {
    drop();
    side = sectors;
    sectors_x = graph.sectors_x_;
    across = (graph.sectors_x_ + sectors - 1) / sectors;
    down = (graph.sectors_y_ + sectors - 1) / sectors;
    list.assign(static_cast<std::size_t>(across) * static_cast<std::size_t>(down), Cluster{});
    slot_of.assign(graph.node_cell_.size(), kSectorNoPath);
    for (std::uint32_t k = 0; k < list.size(); ++k) build(graph, k, fill);
    node.shrink_to_fit();
    dist.shrink_to_fit();
  }

  /// After a partial sync of `graph`: rebuilds the clusters of the sectors `dirty` (sector
  /// numbers) and records their number in `last_sync`. Allocates.
  template <class Graph>
  void sync(const Graph& graph, std::span<const std::uint32_t> dirty) {
    slot_of.resize(graph.node_cell_.size(), kSectorNoPath);
    std::vector<std::uint32_t>& ks = dirty_;
    ks.clear();
    for (const std::uint32_t s : dirty) ks.push_back(of_sector(s));
    std::sort(ks.begin(), ks.end());
    ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
    for (const std::uint32_t k : ks) build(graph, k);
    last_sync = ks.size();
  }

  /// Dijkstra over `graph`'s abstract graph confined to cluster k, from the seeds already in `w`,
  /// forward or backward (Backward: distances to the seeds), until the heap is empty or `target`
  /// is settled. Node numbers at or above the node slots are virtual (a query's start or goal):
  /// settled, never expanded. extra(u, g) runs on each expanded node (a query's edges into its
  /// goal). With `h` (a consistent lower bound, in 1/256 units, on the cost from a node's cell to
  /// the target: A*), the search settles far fewer nodes before the target. O(E log V) of the
  /// cluster.
  template <bool Backward, class Graph, class Extra>
  void dijkstra(const Graph& graph, ClusterWork& w, std::uint32_t k, std::uint32_t target,
                Extra&& extra) const {
    dijkstra<Backward>(graph, w, k, target, extra, [](GridCoord) { return std::uint64_t{0}; });
  }
  template <bool Backward, class Graph, class Extra, class Bound>
  void dijkstra(const Graph& graph, ClusterWork& w, std::uint32_t k, std::uint32_t target,
                Extra&& extra, Bound&& h) const {
    w.run<Backward>(
        graph, [&](std::uint32_t other) { return of_sector(other) == k; }, target, extra, h);
  }

 private:
  // Empties `v` and frees its memory (`v = {}` would keep its capacity).
  template <class V>
  static void release(V& v) noexcept {
    V().swap(v);
  }

  // (Re)computes the level-2 nodes and (with `fill`) the matrix of cluster k.
  template <class Graph>
  void build(const Graph& graph, std::uint32_t k, bool fill = true) {
    const auto c = static_cast<std::uint32_t>(side);
    const std::uint32_t kx = k % static_cast<std::uint32_t>(across);
    const std::uint32_t ky = k / static_cast<std::uint32_t>(across);
    const auto sx_end = std::min(static_cast<std::uint32_t>(graph.sectors_x_), (kx + 1) * c);
    const auto sy_end = std::min(static_cast<std::uint32_t>(graph.sectors_y_), (ky + 1) * c);
    scratch_.clear();
    for (std::uint32_t sy = ky * c; sy < sy_end; ++sy) {
      for (std::uint32_t sx = kx * c; sx < sx_end; ++sx) {
        const std::uint32_t t = sy * static_cast<std::uint32_t>(graph.sectors_x_) + sx;
        const auto& sec = graph.sectors_[t];
        for (std::uint32_t i = 0; i < sec.count; ++i) {
          const std::uint32_t u = sec.first + i;
          bool exits = false;
          graph.template for_each_transition<false>(
              u, Graph::cell_of(graph.node_cell_[u]), t,
              [&](std::uint32_t other) { return of_sector(other) != k; },
              [&](std::uint32_t, std::uint64_t) { exits = true; });
          if (exits) scratch_.push_back(u);
        }
      }
    }
    Cluster& cl = list[k];
    for (std::uint32_t i = 0; i < cl.count; ++i) {
      const std::uint32_t old = node[cl.first + i];
      if (old < slot_of.size() && slot_of[old] == cl.first + i) slot_of[old] = kSectorNoPath;
    }
    const auto count = static_cast<std::uint32_t>(scratch_.size());
    if (count > cl.capacity) {  // a new slot at the end (the old one stays unused)
      cl.first = static_cast<std::uint32_t>(node.size());
      cl.dist_first = dist.size();
      cl.capacity = count;
      node.resize(node.size() + count, kSectorNoPath);
      dist.resize(dist.size() + std::size_t{count} * count, kNoClusterPath);
    }
    cl.count = count;
    for (std::uint32_t i = 0; i < cl.capacity; ++i)
      node[cl.first + i] = i < count ? scratch_[i] : kSectorNoPath;
    for (std::uint32_t i = 0; i < count; ++i) slot_of[scratch_[i]] = cl.first + i;
    if (!fill) return;
    const std::size_t slots = graph.node_cell_.size();
    for (std::uint32_t i = 0; i < count; ++i) {
      work.begin(slots);
      work.relax(scratch_[i], 0, kSectorNoPath);
      dijkstra<false>(graph, work, k, kSectorNoPath, [](std::uint32_t, std::uint64_t) {});
      for (std::uint32_t j = 0; j < count; ++j) {
        const std::uint32_t v = scratch_[j];
        dist[cl.dist_first + std::size_t{i} * count + j] =
            work.settled(v) ? work.records[v].g : kNoClusterPath;
      }
    }
  }

  std::vector<std::uint32_t> scratch_;  // build's level-2 nodes
  std::vector<std::uint32_t> dirty_;    // sync's clusters
};

}  // namespace pathing::detail
