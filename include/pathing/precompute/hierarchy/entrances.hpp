// pathing: fast grid path-finding. MIT licensed.
//
// The entrances of a `HierarchyMap`'s sectors (Botea et al. 2004) and the transitions chosen on
// them: the nodes of one sector, for one-cell units and (HAA*) for every unit size up to K.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/precompute/clearance_map.hpp"
#include "pathing/precompute/hierarchy/sector_search.hpp"

namespace pathing::detail {

/// A node's cell packed as y * 2^16 + x (sides are at most 2^15): row-major order, no division.
[[nodiscard]] inline std::uint32_t pack_cell(GridCoord c) noexcept {
  return (static_cast<std::uint32_t>(c.y) << 16) | static_cast<std::uint32_t>(c.x);
}
/// The cell of `pack_cell`'s value.
[[nodiscard]] inline GridCoord unpack_cell(std::uint32_t packed) noexcept {
  return {static_cast<int>(packed & 0xFFFFu), static_cast<int>(packed >> 16)};
}

/// The transitions of one sector (`HierarchyMap`'s class comment gives the rules): `compute`
/// leaves in `nodes` the sector's transition cells (packed, sorted, unique) and, for unit sizes
/// above 1, in `sizes` each one's sizes served (bit k - 1: size k). Scratch of the builds and
/// the loader; not thread-safe.
class SectorEntrances {
 public:
  /// Botea et al.: entrances of this many pairs or more get two transitions (their ends), shorter
  /// ones one (the middle pair, the lower index on ties).
  static constexpr int kLongEntrance = 6;

  /// The transition cells of the last `compute`, packed (`pack_cell`), sorted, unique.
  std::vector<std::uint32_t> nodes;
  /// For `max_unit_size` above 1: per entry of `nodes`, the sizes it serves (bit k - 1: size k).
  std::vector<std::uint32_t> sizes;

  /// The transitions of the sector of cells `r` of a grid of `cols` x `rows` cells (`grid` under
  /// `layer`; for `max_unit_size` K above 1 the unit grids of `clearance`, built for K) into
  /// `nodes` (and `sizes`). O(perimeter) plus the sort (O(K perimeter x transitions of a border)
  /// above 1). Allocates only to grow.
  void compute(const Grid& grid, const GridLayer& layer, const SectorRect& r, int cols, int rows,
               int max_unit_size, const ClearanceMap& clearance) {
    nodes.clear();
    constexpr int kDirections[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    if (max_unit_size == 1) {
      for (const auto& d : kDirections) one_cell(grid, layer, r, cols, rows, d[0], d[1]);
      std::sort(nodes.begin(), nodes.end());
      nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
      return;
    }
    pairs_.clear();
    sizes.clear();
    for (const auto& d : kDirections)
      unit_sizes(clearance, max_unit_size, r, cols, rows, d[0], d[1]);
    std::sort(pairs_.begin(), pairs_.end());
    for (const std::uint64_t v : pairs_) {  // a corner cell of two borders: one node
      const auto packed = static_cast<std::uint32_t>(v >> 32);
      const auto served = static_cast<std::uint32_t>(v & 0xFFFFFFFFu);
      if (!nodes.empty() && nodes.back() == packed) {
        sizes.back() |= served;
      } else {
        nodes.push_back(packed);
        sizes.push_back(served);
      }
    }
  }

  /// Frees the scratch (nodes and sizes too).
  void release() noexcept {
    std::vector<std::uint32_t>().swap(nodes);
    std::vector<std::uint32_t>().swap(sizes);
    std::vector<std::uint64_t>().swap(pairs_);
    std::vector<std::pair<int, std::uint32_t>>().swap(chosen_);
  }

 private:
  // One border of a sector: with its neighbour in direction (dx, dy) (one of the four straight
  // directions); `len` pairs (0: no neighbour), pair i joining at(i) on the sector's side to
  // at(i) + (dx, dy). Both sectors of a border scan the same pairs in the same order.
  struct Border {
    int x = 0;
    int y = 0;
    int len = 0;
    bool vertical = false;
    [[nodiscard]] GridCoord at(int i) const noexcept {
      return vertical ? GridCoord{x, y + i} : GridCoord{x + i, y};
    }
  };
  [[nodiscard]] static Border border_of(const SectorRect& r, int cols, int rows, int dx,
                                        int dy) noexcept {
    Border b;
    b.vertical = dx != 0;
    if (dx != 0) {
      b.x = dx > 0 ? r.x0 + r.w - 1 : r.x0;
      if ((dx > 0 && b.x + 1 >= cols) || (dx < 0 && b.x == 0)) return b;
      b.len = r.h;
      b.y = r.y0;
    } else {
      b.y = dy > 0 ? r.y0 + r.h - 1 : r.y0;
      if ((dy > 0 && b.y + 1 >= rows) || (dy < 0 && b.y == 0)) return b;
      b.len = r.w;
      b.x = r.x0;
    }
    return b;
  }

  // Calls run(i, j) for each entrance of border `b` (direction (dx, dy)) on `g` under `L`: each
  // maximal run [i, j] of pairs whose two cells are passable and whose crossing costs the same
  // (the sum of the two costs: runs are cut where it changes, so that on weighted terrain a cheap
  // crossing, a road, gets transitions of its own instead of sharing those of the dear cells
  // beside it).
  template <class Run>
  static void border_runs(const Grid& g, const GridLayer& L, const Border& b, int dx, int dy,
                          Run&& run) {
    const auto pair_cost = [&](int i) {
      const GridCoord a = b.at(i);
      const int ca = L.cost_of_cell(g.cell_unchecked(a.x, a.y));
      const int cb = L.cost_of_cell(g.cell_unchecked(a.x + dx, a.y + dy));
      return ca == 0 || cb == 0 ? 0 : ca + cb;
    };
    int i = 0;
    while (i < b.len) {
      const int run_cost = pair_cost(i);
      if (run_cost == 0) {
        ++i;
        continue;
      }
      int j = i;
      while (j + 1 < b.len && pair_cost(j + 1) == run_cost) ++j;
      run(i, j);
      i = j + 1;
    }
  }

  // The transitions of one border for one-cell units, as the cells on the sector's side, into
  // nodes: a run shorter than kLongEntrance pairs gets its middle pair, a longer one its ends.
  void one_cell(const Grid& grid, const GridLayer& layer, const SectorRect& r, int cols, int rows,
                int dx, int dy) {
    const Border b = border_of(r, cols, rows, dx, dy);
    border_runs(grid, layer, b, dx, dy, [&](int i, int j) {
      if (j - i + 1 < kLongEntrance) {
        nodes.push_back(pack_cell(b.at(i + (j - i) / 2)));
      } else {
        nodes.push_back(pack_cell(b.at(i)));
        nodes.push_back(pack_cell(b.at(j)));
      }
    });
  }

  // The shared transitions of one border for sizes 1..K (big), into pairs_ as (packed cell << 32
  // | sizes served, bit k - 1 for size k): for k = K down to 1 each run of unit grid k by the
  // one-cell rule, served by a transition already chosen inside a short run or within K - 1
  // pairs of a long run's end when there is one (the first chosen), else by a new one.
  void unit_sizes(const ClearanceMap& clearance, int big, const SectorRect& r, int cols, int rows,
                  int dx, int dy) {
    const Border b = border_of(r, cols, rows, dx, dy);
    if (b.len == 0) return;
    chosen_.clear();
    const auto serve = [&](int lo, int hi, int at, int k) {
      std::size_t p = 0;
      while (p < chosen_.size() && !(chosen_[p].first >= lo && chosen_[p].first <= hi)) ++p;
      if (p == chosen_.size()) chosen_.push_back({at, 0u});
      chosen_[p].second |= 1u << (k - 1);
    };
    for (int k = big; k >= 1; --k) {
      border_runs(*clearance.unit_grid(k), clearance.unit_layer(), b, dx, dy, [&](int i, int j) {
        if (j - i + 1 < kLongEntrance) {
          serve(i, j, i + (j - i) / 2, k);
          return;
        }
        serve(i, std::min(j, i + big - 1), i, k);
        serve(std::max(i, j - big + 1), j, j, k);
      });
    }
    for (const auto& [at, served] : chosen_)
      pairs_.push_back(std::uint64_t{pack_cell(b.at(at))} << 32 | served);
  }

  std::vector<std::uint64_t> pairs_;                   // unit_sizes: (cell, sizes) of all borders
  std::vector<std::pair<int, std::uint32_t>> chosen_;  // unit_sizes: (pair, sizes) of one border
};

}  // namespace pathing::detail
