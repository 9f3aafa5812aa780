// pathing: fast grid path-finding. MIT licensed.
//
// A* confined to one rectangle of the grid: the refinement of an HPA* abstract edge into cells.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/precompute/hierarchy/sector_search.hpp"

namespace pathing::detail {

/// A* from one cell to another inside a rectangle of at most 2^14 cells, with the costs of
/// `SectorSearch` (1/256 units: straight 256 c, diagonal 362 c; the source's own cost ignored)
/// and h = octile (Manhattan when 4-connected) distance times the layer's smallest cost in the same
/// units, consistent, so the cost found is the cheapest inside the rectangle, the value
/// `SectorSearch` gives. Ties: smaller f, then the smaller row-major index in the rectangle.
/// Node records are generation-stamped: starting a search is O(1), not O(rectangle). Memory: 8
/// bytes a cell of the largest rectangle plus the heap; nothing allocated once warm.
class SectorAStar {
 public:
  /// Searches `rect` from `source` to `target` (both inside it); true when the target was
  /// reached (then `parent` walks back from it). `expanded` counts the cells expanded.
  bool run(const Grid& grid, const GridLayer& layer, Connectivity conn, SectorRect rect,
           GridCoord source, GridCoord target, std::uint64_t& expanded) {
    rect_ = rect;
    const std::size_t n = static_cast<std::size_t>(rect.w) * static_cast<std::size_t>(rect.h);
    if (dist_.size() < n) {
      dist_.resize(n, 0);
      parent_.resize(n, 0);
      stamp_.resize(n, 0);
    }
    if (++generation_ == 0) {  // wrapped: clear every stamp
      std::fill(stamp_.begin(), stamp_.end(), 0);
      generation_ = 1;
    }
    heap_.clear();
    const std::uint32_t min_cost = layer.min_passable_cost();
    const auto h = [&](int x, int y) -> std::uint32_t {
      const auto dx = static_cast<std::uint32_t>(std::abs(x - target.x));
      const auto dy = static_cast<std::uint32_t>(std::abs(y - target.y));
      if (conn == Connectivity::four) return (dx + dy) * kSectorStraight * min_cost;
      const std::uint32_t lo = std::min(dx, dy);
      const std::uint32_t hi = std::max(dx, dy);
      return (hi * kSectorStraight + lo * (kSectorDiagonal - kSectorStraight)) * min_cost;
    };
    const auto cost_at = [&](int x, int y) -> std::uint32_t {
      return layer.cost_of_cell(grid.cell_unchecked(x, y));
    };
    const std::uint32_t s = local(source.x, source.y);
    const std::uint32_t t = local(target.x, target.y);
    stamp_[s] = generation_;
    dist_[s] = 0;
    parent_[s] = static_cast<std::uint16_t>(s);
    heap_.push_back((std::uint64_t{h(source.x, source.y)} << kLocalBits) | s);
    const auto greater = std::greater<std::uint64_t>{};
    while (!heap_.empty()) {
      std::pop_heap(heap_.begin(), heap_.end(), greater);
      const std::uint64_t key = heap_.back();
      heap_.pop_back();
      const auto u = static_cast<std::uint32_t>(key & kLocalMask);
      if (u == t) return true;
      const int ux = rect.x0 + static_cast<int>(u % static_cast<std::uint32_t>(rect.w));
      const int uy = rect.y0 + static_cast<int>(u / static_cast<std::uint32_t>(rect.w));
      const std::uint32_t du = dist_[u];
      if ((key >> kLocalBits) != du + h(ux, uy)) continue;  // an older duplicate
      ++expanded;
      const auto relax = [&](int vx, int vy, std::uint32_t mult) PATHING_ALWAYS_INLINE {
        const std::uint32_t cv = cost_at(vx, vy);
        if (cv == 0) return;
        const std::uint32_t v = local(vx, vy);
        const std::uint32_t d = du + cv * mult;
        if (stamp_[v] == generation_ && dist_[v] <= d) return;
        stamp_[v] = generation_;
        dist_[v] = d;
        parent_[v] = static_cast<std::uint16_t>(u);
        heap_.push_back((std::uint64_t{d + h(vx, vy)} << kLocalBits) | v);
        std::push_heap(heap_.begin(), heap_.end(), greater);
      };
      for_each_sector_move(
          rect.w, rect.h, ux - rect.x0, uy - rect.y0, conn,
          [&](int x, int y)
              PATHING_ALWAYS_INLINE { return cost_at(rect.x0 + x, rect.y0 + y) != 0; },
          [&](int x, int y, std::uint32_t mult)
              PATHING_ALWAYS_INLINE { relax(rect.x0 + x, rect.y0 + y, mult); });
    }
    return false;
  }

  /// The cell before `c` on the path found (the source for the source).
  [[nodiscard]] GridCoord parent(GridCoord c) const noexcept {
    const std::uint32_t p = parent_[local(c.x, c.y)];
    return GridCoord{rect_.x0 + static_cast<int>(p % static_cast<std::uint32_t>(rect_.w)),
                     rect_.y0 + static_cast<int>(p / static_cast<std::uint32_t>(rect_.w))};
  }

  /// Bytes held.
  [[nodiscard]] std::size_t bytes() const noexcept {
    return dist_.capacity() * 4 + parent_.capacity() * 2 + stamp_.capacity() * 4 +
           heap_.capacity() * 8;
  }

 private:
  static constexpr int kLocalBits = 14;
  static constexpr std::uint64_t kLocalMask = (std::uint64_t{1} << kLocalBits) - 1;
  [[nodiscard]] std::uint32_t local(int x, int y) const noexcept {
    return static_cast<std::uint32_t>((y - rect_.y0) * rect_.w + (x - rect_.x0));
  }

  SectorRect rect_;
  std::vector<std::uint32_t> dist_;
  std::vector<std::uint16_t> parent_;
  std::vector<std::uint32_t> stamp_;
  std::uint32_t generation_ = 0;
  std::vector<std::uint64_t> heap_;
};

}  // namespace pathing::detail
