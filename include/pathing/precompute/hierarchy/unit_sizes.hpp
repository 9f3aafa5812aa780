// pathing: fast grid path-finding. MIT licensed.
//
// The unit sizes above 1 of a `HierarchyMap` (the annotated hierarchy of HAA*): the clearance map
// they are searched on, each size's transitions, and per sector and size the nodes serving it and
// the matrix between them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/precompute/clearance_map.hpp"
#include "pathing/precompute/hierarchy/sector_search.hpp"

namespace pathing::detail {

/// The graphs of unit sizes 2..K of a `HierarchyMap` (K = max_unit_size; the class comment of
/// `HierarchyMap` documents them): per sector s and size k (at s (K - 1) + k - 2) the list of
/// the sector's nodes serving k (local indices, in node order) and the matrix between them (in
/// 1/256 cost units, row = from, kSectorNoPath: none); per node slot v and size (at v (K - 1) +
/// k - 2) its body cost (0: it does not serve k) and its row in the list (kNotServed). Empty when
/// K is 1. The level-1 graph is passed to each member that reads it (`Graph`: a `HierarchyMap`,
/// of which this class is a friend), never kept. Not thread-safe while building; the tables may
/// be read concurrently.
class HierarchyUnits {
 public:
  /// The graph of one sector for one size: its slice of `list` and of `dist`.
  struct UnitSector {
    std::size_t dist_first = 0;    // first entry of its matrix in `dist`
    std::uint32_t list_first = 0;  // first entry of its list in `list`
    std::uint16_t count = 0;       // nodes serving the size
    std::uint16_t capacity = 0;    // list slots reserved (capacity^2 matrix entries)
  };
  /// A node's row for a size it does not serve.
  static constexpr std::uint16_t kNotServed = 0xFFFF;

  /// Sizes above 1 served (K - 1); the stride of `cost` and `pos`.
  std::size_t extra = 0;
  /// Per sector and size.
  std::vector<UnitSector> sectors;
  /// The lists of the nodes serving each size.
  std::vector<std::uint16_t> list;
  /// The matrices.
  std::vector<std::uint32_t> dist;
  /// Per node slot and size: the body cost of its cell, 0 when it does not serve the size.
  std::vector<std::uint8_t> cost;
  /// Per node slot and size: its row in its sector's list, kNotServed.
  std::vector<std::uint16_t> pos;
  /// K above 1: the unit grids searched (built and kept current with the map); else empty.
  ClearanceMap clearance;

  /// Empties the tables for a build of `sector_count` sectors for sizes up to `max_unit_size`
  /// (in [1, ClearanceMap::kMaxUnitSize], checked by the caller) and builds the clearance map of
  /// `grid` under `layer` (above 1). O(cells x K) above 1. Allocates.
  void reset(const Grid& grid, const GridLayer& layer, std::size_t sector_count,
             int max_unit_size) {
    extra = static_cast<std::size_t>(max_unit_size - 1);
    dist.clear();
    cost.clear();
    pos.clear();
    list.clear();
    sectors.assign(sector_count * extra, UnitSector{});
    if (max_unit_size > 1)
      clearance.build(grid, layer, max_unit_size);
    else
      clearance = ClearanceMap();
  }

  /// Makes room for `slots` node slots in `cost` and `pos` (new entries: not served).
  void grow(std::size_t slots) {
    cost.resize(slots * extra, 0);
    pos.resize(slots * extra, kNotServed);
  }

  /// Frees the spare capacity of the tables (after a build).
  void shrink() {
    dist.shrink_to_fit();
    cost.shrink_to_fit();
    pos.shrink_to_fit();
    list.shrink_to_fit();
    sectors.shrink_to_fit();
  }

  /// Frees the build scratch.
  void release_scratch() noexcept { std::vector<std::uint16_t>().swap(scratch_list_); }

  /// Bytes held by the tables and (K above 1) the clearance map.
  [[nodiscard]] std::size_t bytes() const noexcept {
    return dist.capacity() * 4 + cost.capacity() + pos.capacity() * 2 + list.capacity() * 2 +
           sectors.capacity() * sizeof(UnitSector) + (extra > 0 ? clearance.memory_bytes() : 0);
  }

  /// The size-k graph of sector `s` (k in [2, K]). O(1).
  [[nodiscard]] const UnitSector& sector(std::uint32_t s, int k) const noexcept {
    return sectors[s * extra + static_cast<std::size_t>(k - 2)];
  }
  /// Node slot v's row in its sector's size-k list (k in [2, K]), kNotServed when it does not
  /// serve k. O(1).
  [[nodiscard]] std::uint16_t position(std::uint32_t v, int k) const noexcept {
    return pos[v * extra + static_cast<std::size_t>(k - 2)];
  }

  /// The size-k graph (k in [2, K]) of sector `s` of `graph`, whose nodes (packed cells) are
  /// `nodes` and their sizes served `sizes` (bit k - 1: size k): the list of the nodes serving k,
  /// their body costs, and (with `run`) the matrix between them on unit grid k by `search`
  /// (without: kSectorNoPath until a loader fills it). O(list x side^2 log side) with `run`.
  template <class Graph>
  void build_sector(const Graph& graph, std::uint32_t s, int k,
                    std::span<const std::uint32_t> nodes, std::span<const std::uint32_t> sizes,
                    SectorSearch& search, bool run = true) {
    const auto& sec = graph.sectors_[s];
    const auto size_slot = static_cast<std::size_t>(k - 2);
    UnitSector& us = sectors[s * extra + size_slot];
    const Grid& g = *clearance.unit_grid(k);
    const GridLayer& unit_layer = clearance.unit_layer();
    scratch_list_.clear();
    for (std::uint32_t i = 0; i < sec.count; ++i) {
      const std::size_t at = (sec.first + i) * extra + size_slot;
      const GridCoord c = Graph::cell_of(nodes[i]);
      const std::uint8_t body = unit_layer.cost_of_cell(g.cell_unchecked(c.x, c.y));
      const bool serves = ((sizes[i] >> (k - 1)) & 1u) != 0 && body != 0;
      cost[at] = serves ? body : 0;
      pos[at] = serves ? static_cast<std::uint16_t>(scratch_list_.size()) : kNotServed;
      if (serves) scratch_list_.push_back(static_cast<std::uint16_t>(i));
    }
    for (std::uint32_t i = sec.count; i < sec.capacity; ++i) {
      cost[(sec.first + i) * extra + size_slot] = 0;
      pos[(sec.first + i) * extra + size_slot] = kNotServed;
    }
    const auto count = static_cast<std::uint16_t>(scratch_list_.size());
    if (count > us.capacity) {  // a new slot at the end (the old one stays unused)
      us.list_first = static_cast<std::uint32_t>(list.size());
      us.dist_first = dist.size();
      us.capacity = count;
      list.resize(list.size() + count, 0);
      dist.resize(dist.size() + std::size_t{count} * count, kSectorNoPath);
    }
    us.count = count;
    std::copy(scratch_list_.begin(), scratch_list_.end(), list.begin() + us.list_first);
    const SectorRect r = graph.sector_rect(s);
    for (std::uint32_t i = 0; i < count && run; ++i) {
      search.run<false>(g, unit_layer, graph.options_.connectivity, r,
                        Graph::cell_of(nodes[scratch_list_[i]]));
      for (std::uint32_t j = 0; j < count; ++j)
        dist[us.dist_first + i * count + j] = search.dist(Graph::cell_of(nodes[scratch_list_[j]]));
    }
  }

 private:
  std::vector<std::uint16_t> scratch_list_;  // build_sector's list
};

}  // namespace pathing::detail
