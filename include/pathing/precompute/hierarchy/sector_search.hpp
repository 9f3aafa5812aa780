// pathing: fast grid path-finding. MIT licensed.
//
// Dijkstra confined to one rectangle of the grid (a sector of a `HierarchyMap`): the one search
// behind the hierarchy's intra-sector edges, the insertion of a query's start and goal, and the
// refinement of abstract paths.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"

namespace pathing::detail {

/// A rectangle of cells: [x0, x0 + w) x [y0, y0 + h).
struct SectorRect {
  int x0 = 0;
  int y0 = 0;
  int w = 0;
  int h = 0;
  [[nodiscard]] bool contains(GridCoord c) const noexcept {
    return c.x >= x0 && c.y >= y0 && c.x < x0 + w && c.y < y0 + h;
  }
};

/// Costs of the hierarchy, in units of 1/256 of a straight move of layer cost 1: a straight move
/// into a cell of cost c adds 256 c, a diagonal one 362 c (256 sqrt 2 rounded down). Paths inside
/// a sector of at most 128 x 128 cells stay below 2^31 (16384 cells x 255 x 362).
inline constexpr std::uint32_t kSectorStraight = 256;
inline constexpr std::uint32_t kSectorDiagonal = 362;
/// No path inside the rectangle.
inline constexpr std::uint32_t kSectorNoPath = 0xFFFFFFFFu;
/// No path, in the 64-bit costs of a multi-source search (`SectorSearch::run_multi_source`).
inline constexpr std::uint64_t kSectorNoPath64 = ~std::uint64_t{0};

/// The moves of the sector searches from cell (ux, uy) of a w x h rectangle (coordinates inside
/// it): calls relax(x, y, mult) for each neighbour inside the rectangle, straight ones first
/// (right, down, left, up: mult = kSectorStraight), then, 8-connected, the diagonals (down-right,
/// down-left, up-left, up-right: kSectorDiagonal) whose two orthogonal cells are open (`open(x,
/// y)`: the corner rule of moves.hpp). `relax` checks the cell it enters. The one move order
/// of `SectorSearch` and `SectorAStar`.
template <class Open, class Relax>
PATHING_ALWAYS_INLINE inline void for_each_sector_move(int w, int h, int ux, int uy,
                                                       Connectivity conn, Open&& open,
                                                       Relax&& relax) {
  const bool left = ux > 0;
  const bool right = ux + 1 < w;
  const bool up = uy > 0;
  const bool down = uy + 1 < h;
  if (right) relax(ux + 1, uy, kSectorStraight);
  if (down) relax(ux, uy + 1, kSectorStraight);
  if (left) relax(ux - 1, uy, kSectorStraight);
  if (up) relax(ux, uy - 1, kSectorStraight);
  if (conn != Connectivity::eight) return;
  const bool r_open = right && open(ux + 1, uy);
  const bool l_open = left && open(ux - 1, uy);
  const bool d_open = down && open(ux, uy + 1);
  const bool u_open = up && open(ux, uy - 1);
  if (r_open && d_open) relax(ux + 1, uy + 1, kSectorDiagonal);
  if (l_open && d_open) relax(ux - 1, uy + 1, kSectorDiagonal);
  if (l_open && u_open) relax(ux - 1, uy - 1, kSectorDiagonal);
  if (r_open && u_open) relax(ux + 1, uy - 1, kSectorDiagonal);
}

/// A source of a multi-source search (`SectorSearch::run_multi_source`): a cell of the rectangle
/// and the cost the search starts with there (1/256 cost units, below 2^49).
struct SectorSource {
  GridCoord cell;
  std::uint64_t cost = 0;
};

/// Dijkstra over the cells of one rectangle (at most 128 x 128 = 2^14 cells), forward (cost from
/// the source to every cell) or backward (cost from every cell to the source). Moves follow
/// moves.hpp: entering a cell of layer cost c costs c straight, c sqrt 2 diagonal, only between
/// passable cells, no corner cutting; the source's own cost is ignored when searching forward
/// (a unit may stand on a blocked cell) and is the cost of the last move when searching backward
/// (the source is then a goal, which must be passable). Ties: the smaller cost, then the smaller
/// row-major index inside the rectangle, so every run is deterministic. Memory: 12 bytes a cell
/// of the largest rectangle searched, plus the heap; none allocated once warm. O(n log n) for n
/// cells of the rectangle.
class SectorSearch {
 public:
  /// Searches `rect` from `source` (inside it). `target` (when inside the rectangle) stops the
  /// search once its cost is final. Returns the number of cells expanded.
  template <bool Backward>
  std::uint32_t run(const Grid& grid, const GridLayer& layer, Connectivity conn, SectorRect rect,
                    GridCoord source, GridCoord target = GridCoord{-1, -1}) {
    rect_ = rect;
    const std::size_t n = static_cast<std::size_t>(rect.w) * static_cast<std::size_t>(rect.h);
    if (cost_.size() < n) {
      cost_.resize(n);
      dist_.resize(n);
      parent_.resize(n);
    }
    for (int y = 0; y < rect.h; ++y)
      for (int x = 0; x < rect.w; ++x)
        cost_[static_cast<std::size_t>(y * rect.w + x)] =
            layer.cost_of_cell(grid.cell_unchecked(rect.x0 + x, rect.y0 + y));
    std::fill(dist_.begin(), dist_.begin() + static_cast<std::ptrdiff_t>(n), kSectorNoPath);
    heap_.clear();
    const std::uint32_t s = local(source);
    const std::uint32_t t = rect.contains(target) ? local(target) : kSectorNoPath;
    dist_[s] = 0;
    parent_[s] = s;
    heap_.push_back(s);
    std::uint32_t expanded = 0;
    const auto greater = std::greater<std::uint64_t>{};
    while (!heap_.empty()) {
      std::pop_heap(heap_.begin(), heap_.end(), greater);
      const std::uint64_t key = heap_.back();
      heap_.pop_back();
      const auto u = static_cast<std::uint32_t>(key & kLocalMask);
      const auto du = static_cast<std::uint32_t>(key >> kLocalBits);
      if (du != dist_[u]) continue;  // an older duplicate
      if (u == t) break;
      ++expanded;
      const int ux = static_cast<int>(u % static_cast<std::uint32_t>(rect.w));
      const int uy = static_cast<int>(u / static_cast<std::uint32_t>(rect.w));
      const std::uint32_t cu = cost_[u];
      const auto relax = [&](int vx, int vy, std::uint32_t mult) PATHING_ALWAYS_INLINE {
        const auto v = static_cast<std::uint32_t>(vy * rect.w + vx);
        const std::uint32_t cv = cost_[v];
        if (cv == 0) return;
        const std::uint32_t d = du + (Backward ? cu : cv) * mult;
        if (d < dist_[v]) {
          dist_[v] = d;
          parent_[v] = u;
          heap_.push_back((std::uint64_t{d} << kLocalBits) | v);
          std::push_heap(heap_.begin(), heap_.end(), greater);
        }
      };
      for_each_sector_move(
          rect.w, rect.h, ux, uy, conn,
          [&](int x, int y) PATHING_ALWAYS_INLINE {
            return cost_[static_cast<std::size_t>(y * rect.w + x)] != 0;
          },
          relax);
    }
    return expanded;
  }

  /// The cost found for `c` (inside the last rectangle searched): from the source (forward) or to
  /// it (backward); `kSectorNoPath` when no path inside the rectangle joins them. Exact for every
  /// cell after a search without target; for the target after a search with one.
  [[nodiscard]] std::uint32_t dist(GridCoord c) const noexcept { return dist_[local(c)]; }

  /// The cell before `c` on its cheapest path from the source (forward; backward: the cell after
  /// it toward the source); the source for the source itself.
  [[nodiscard]] GridCoord parent(GridCoord c) const noexcept {
    const std::uint32_t p = parent_[local(c)];
    return GridCoord{rect_.x0 + static_cast<int>(p % static_cast<std::uint32_t>(rect_.w)),
                     rect_.y0 + static_cast<int>(p / static_cast<std::uint32_t>(rect_.w))};
  }

  /// The multi-source form of `run` (no target): every source starts at its own cost (any number of
  /// sources, duplicates allowed: the lowest cost counts), and each cell gets the cheapest seed
  /// cost plus path cost, in 64 bits (`multi_source_dist`; source costs plus paths must stay below
  /// 2^49). Backward, a source on an impassable cell keeps its cost but is never left (no move
  /// enters it). Same moves, ties and memory as `run` (plus 8 bytes a cell for the 64-bit costs);
  /// `parent` keeps describing the last `run`. Returns the number of cells expanded. O(n log n).
  template <bool Backward>
  std::uint32_t run_multi_source(const Grid& grid, const GridLayer& layer, Connectivity conn,
                                 SectorRect rect, std::span<const SectorSource> sources) {
    source_rect_ = rect;
    const std::size_t n = static_cast<std::size_t>(rect.w) * static_cast<std::size_t>(rect.h);
    if (cost_.size() < n) {
      cost_.resize(n);
      dist_.resize(n);
      parent_.resize(n);
    }
    if (dist64_.size() < n) dist64_.resize(n);
    for (int y = 0; y < rect.h; ++y)
      for (int x = 0; x < rect.w; ++x)
        cost_[static_cast<std::size_t>(y * rect.w + x)] =
            layer.cost_of_cell(grid.cell_unchecked(rect.x0 + x, rect.y0 + y));
    std::fill(dist64_.begin(), dist64_.begin() + static_cast<std::ptrdiff_t>(n), kSectorNoPath64);
    heap_.clear();
    const auto greater = std::greater<std::uint64_t>{};
    for (const SectorSource& source : sources) {
      const auto v = static_cast<std::uint32_t>((source.cell.y - rect.y0) * rect.w +
                                                (source.cell.x - rect.x0));
      if (source.cost >= dist64_[v]) continue;
      dist64_[v] = source.cost;
      heap_.push_back((source.cost << kLocalBits) | v);
    }
    std::make_heap(heap_.begin(), heap_.end(), greater);
    std::uint32_t expanded = 0;
    while (!heap_.empty()) {
      std::pop_heap(heap_.begin(), heap_.end(), greater);
      const std::uint64_t key = heap_.back();
      heap_.pop_back();
      const auto u = static_cast<std::uint32_t>(key & kLocalMask);
      const std::uint64_t du = key >> kLocalBits;
      if (du != dist64_[u]) continue;  // an older duplicate
      ++expanded;
      const std::uint32_t cu = cost_[u];
      if (Backward && cu == 0) continue;  // an impassable source: nothing moves into it
      const int ux = static_cast<int>(u % static_cast<std::uint32_t>(rect.w));
      const int uy = static_cast<int>(u / static_cast<std::uint32_t>(rect.w));
      const auto relax = [&](int vx, int vy, std::uint32_t mult) PATHING_ALWAYS_INLINE {
        const auto v = static_cast<std::uint32_t>(vy * rect.w + vx);
        const std::uint32_t cv = cost_[v];
        if (cv == 0) return;
        const std::uint64_t d = du + std::uint64_t{Backward ? cu : cv} * mult;
        if (d < dist64_[v]) {
          dist64_[v] = d;
          heap_.push_back((d << kLocalBits) | v);
          std::push_heap(heap_.begin(), heap_.end(), greater);
        }
      };
      for_each_sector_move(
          rect.w, rect.h, ux, uy, conn,
          [&](int x, int y) PATHING_ALWAYS_INLINE {
            return cost_[static_cast<std::size_t>(y * rect.w + x)] != 0;
          },
          relax);
    }
    return expanded;
  }

  /// The cost found for `c` (inside the rectangle) by the last `run_multi_source`: the cheapest
  /// seed cost plus path cost, `kSectorNoPath64` when no source reaches it.
  [[nodiscard]] std::uint64_t multi_source_dist(GridCoord c) const noexcept {
    return dist64_[static_cast<std::size_t>((c.y - source_rect_.y0) * source_rect_.w +
                                            (c.x - source_rect_.x0))];
  }
  /// All the costs of the last `run_multi_source`, row-major in its rectangle (index y * w + x,
  /// local).
  [[nodiscard]] std::span<const std::uint64_t> multi_source_dists() const noexcept {
    return {dist64_.data(),
            static_cast<std::size_t>(source_rect_.w) * static_cast<std::size_t>(source_rect_.h)};
  }
  /// The layer costs (0: impassable) of the cells of the last `run_multi_source`'s rectangle,
  /// row-major and local as `multi_source_dists`; valid until the next search.
  [[nodiscard]] std::span<const std::uint8_t> multi_source_cell_costs() const noexcept {
    return {cost_.data(),
            static_cast<std::size_t>(source_rect_.w) * static_cast<std::size_t>(source_rect_.h)};
  }

  /// Bytes held.
  [[nodiscard]] std::size_t bytes() const noexcept {
    return cost_.capacity() + dist_.capacity() * 4 + parent_.capacity() * 4 + heap_.capacity() * 8 +
           dist64_.capacity() * 8;
  }

  /// Sizes the workspace for rectangles of up to `cells` cells.
  void reserve(std::size_t cells) {
    cost_.reserve(cells);
    dist_.reserve(cells);
    parent_.reserve(cells);
    heap_.reserve(cells * 4);
  }

 private:
  static constexpr int kLocalBits = 14;
  static constexpr std::uint64_t kLocalMask = (std::uint64_t{1} << kLocalBits) - 1;
  [[nodiscard]] std::uint32_t local(GridCoord c) const noexcept {
    return static_cast<std::uint32_t>((c.y - rect_.y0) * rect_.w + (c.x - rect_.x0));
  }

  SectorRect rect_;
  SectorRect source_rect_;
  std::vector<std::uint64_t> dist64_;  // run_multi_source's costs
  std::vector<std::uint8_t> cost_;
  std::vector<std::uint32_t> dist_;
  std::vector<std::uint32_t> parent_;
  std::vector<std::uint64_t> heap_;
};

}  // namespace pathing::detail
