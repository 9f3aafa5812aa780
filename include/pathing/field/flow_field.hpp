// pathing: fast grid path-finding. MIT licensed.
//
// Flow fields: the best next step toward the sources of a distance field, for every cell.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/moves/padded_costs.hpp"
#include "pathing/field/dijkstra.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/search/result.hpp"

namespace pathing {

/// A flow field (vector field pathfinding, as in Emerson, "Crowd Pathfinding and Steering Using
/// Flow Field Tiles", Game AI Pro 2013; "rolling downhill" on a roguelike Dijkstra map): for every
/// cell, the direction of one best next step toward the sources of a `DistanceField`, so any number
/// of units share one field and each reads its move in O(1).
///
/// Built from a field: the step from cell c goes to a neighbour n with
/// field(c) = field(n) + cost of the move (for a `to_sources` field the move c -> n, entering n;
/// for a `from_sources` field the move n -> c, entering c, so the walk retraces a cheapest
/// source-to-c path backwards). Following the steps from any reached cell ends at a source, and
/// for a `to_sources` field the moves walked cost exactly field(c) - field(end) (every step
/// strictly lowers the field, so a walk never loops). Cells with no such neighbour get no step:
/// sources (whose value is not beaten by a neighbour), unreached cells, and flee-map minima.
///
/// Ties: among the neighbours that qualify, the first in `Direction8` order wins: right, down,
/// left, up, down_right, down_left, up_left, up_right (straight moves before diagonals). A source
/// whose initial cost equals a neighbour's value plus the move gets that step, not "none".
///
/// Memory: 2 bytes a cell (directions, and the grid's costs unpacked while building). Building
/// allocates only when the grid is larger than any before.
/// Thread-safety: const members may be called from any number of threads at once; `build` must
/// not run concurrently with readers.
class FlowField {
 public:
  /// Stored direction of a cell without a step.
  static constexpr std::uint8_t kNone = 0xFF;

  /// An empty flow field (0 x 0: no cell has a step).
  FlowField() = default;

  /// Computes the step of every cell from `field`, which must be current for `grid` and `layer`
  /// (`DistanceField::is_current`: computed on this grid object, at its current `version()`,
  /// with this layer). O(cells reached by the field, times 8) plus a 1-byte-a-cell fill.
  /// @return `found` when built; `stale` (this flow field unchanged) when `field` is not current:
  ///   computed on another grid (another size, a copy, an assigned grid), an older version, with
  ///   another layer, or never computed. Never throws but `std::bad_alloc` (growing).
  SearchStatus build(const Grid& grid, const GridLayer& layer, const DistanceField& field) {
    if (!field.is_current(grid, layer)) return SearchStatus::stale;
    cols_ = grid.cols();
    rows_ = grid.rows();
    layer_ = layer;
    grid_id_ = grid.instance_id();
    grid_version_ = grid.version();
    field_id_ = field.computation_id();
    dirs_.assign(grid.cell_count(), kNone);
    const bool four = field.connectivity() == Connectivity::four;
    if (field.direction() == FieldDirection::to_sources) {
      four ? fill<Connectivity::four, FieldDirection::to_sources>(grid, layer, field)
           : fill<Connectivity::eight, FieldDirection::to_sources>(grid, layer, field);
    } else {
      four ? fill<Connectivity::four, FieldDirection::from_sources>(grid, layer, field)
           : fill<Connectivity::eight, FieldDirection::from_sources>(grid, layer, field);
    }
    return SearchStatus::found;
  }

  /// True when the flow was built on this very grid object at its current `version()` with
  /// `layer` (like `DistanceField::is_current`; a flow does not follow later grid edits: rebuild
  /// its field and it). O(1).
  [[nodiscard]] bool is_current(const Grid& grid, const GridLayer& layer) const noexcept {
    return grid_id_ != 0 && grid_id_ == grid.instance_id() && grid_version_ == grid.version() &&
           layer_ == layer && cols_ == grid.cols() && rows_ == grid.rows();
  }

  /// Columns of the grid (0 before the first build).
  [[nodiscard]] int cols() const noexcept { return cols_; }
  /// Rows of the grid (0 before the first build).
  [[nodiscard]] int rows() const noexcept { return rows_; }

  /// The direction of the next step from `c`, or nullopt for a source, an unreached cell or a cell
  /// off the grid. O(1).
  [[nodiscard]] std::optional<Direction8> next_step(GridCoord c) const noexcept {
    const std::uint8_t d = raw(c);
    if (d == kNone) return std::nullopt;
    return static_cast<Direction8>(d);
  }

  /// The cell one step from `c` along the flow; `c` itself when it has no step. O(1).
  [[nodiscard]] GridCoord next_cell(GridCoord c) const noexcept {
    const std::uint8_t d = raw(c);
    return d == kNone ? c : c + step_offset(static_cast<Direction8>(d));
  }

  /// The stored direction of `c`: a `Direction8` value (0..7) or `kNone`. O(1).
  [[nodiscard]] std::uint8_t raw(GridCoord c) const noexcept {
    if (static_cast<unsigned>(c.x) >= static_cast<unsigned>(cols_) ||
        static_cast<unsigned>(c.y) >= static_cast<unsigned>(rows_)) {
      return kNone;
    }
    return dirs_[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(cols_) +
                 static_cast<std::size_t>(c.x)];
  }

  /// All stored directions, row-major (index y * cols() + x).
  [[nodiscard]] std::span<const std::uint8_t> directions() const noexcept {
    return {dirs_.data(), static_cast<std::size_t>(cols_) * static_cast<std::size_t>(rows_)};
  }

  /// Bytes of storage held.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return dirs_.capacity() + costs_.capacity();
  }

 private:
  friend class FieldRepair;

  template <Connectivity C, FieldDirection D>
  void fill(const Grid& grid, const GridLayer& layer, const DistanceField& field) {
    const int x0 = field.x0_, y0 = field.y0_, x1 = field.x1_, y1 = field.y1_;
    if (x0 > x1 || y0 > y1) return;
    costs_.build(grid, layer, x0 - 1, y0 - 1, x1 + 1, y1 + 1);
    const std::uint64_t* const g = field.costs_.data();
    const std::uint8_t* const pad = costs_.data();
    const auto pstride = static_cast<std::ptrdiff_t>(costs_.stride());
    const auto gcols = static_cast<std::ptrdiff_t>(cols_);
    const std::array<std::ptrdiff_t, 8> dg = {1,         gcols,     -1,         -gcols,
                                              gcols + 1, gcols - 1, -gcols - 1, -gcols + 1};
    for (int y = y0; y <= y1; ++y) {
      const std::size_t row = static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_);
      const std::uint8_t* const prow = pad + costs_.index(0, y);
      for (int x = x0; x <= x1; ++x) {
        const std::size_t i = row + static_cast<std::size_t>(x);
        const std::uint64_t here = g[i];
        if (here == DistanceField::kUnreached) continue;
        std::uint8_t best = kNone;
        const std::uint64_t* const gp = g + i;
        auto consider = [&](Direction8 d, std::uint64_t step) PATHING_ALWAYS_INLINE {
          const std::uint64_t there = gp[dg[static_cast<unsigned>(d)]];
          const bool hit = there != DistanceField::kUnreached && there + step == here;
          best = (hit && best == kNone) ? static_cast<std::uint8_t>(d) : best;
        };
        // to_sources: the moves out of the cell; from_sources: the moves into it.
        detail::for_each_move<C, D == FieldDirection::from_sources>(prow + x, pstride, x, y, cols_,
                                                                    rows_, consider);
        dirs_[i] = best;
      }
    }
  }

  std::vector<std::uint8_t> dirs_;
  detail::PaddedCosts costs_;  // the grid unpacked around the field's reached rows
  int cols_ = 0;
  int rows_ = 0;
  GridLayer layer_;
  std::uint64_t grid_id_ = 0;  // 0: never built
  std::uint64_t grid_version_ = 0;
  std::uint64_t field_id_ = 0;  // computation_id() of the field built from
};

}  // namespace pathing
