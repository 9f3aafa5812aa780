// pathing: fast grid path-finding. MIT licensed.
//
// Mapping between world positions (pixels, metres) and grid cells.
#pragma once

#include <cmath>
#include <stdexcept>
#include <string>

#include "pathing/coord.hpp"

namespace pathing {

/// A position in world units (pixels, metres: whatever the game uses), y growing downwards like
/// the rows of the grid.
struct WorldPos {
  double x = 0;  ///< World units to the right of the grid's left edge.
  double y = 0;  ///< World units below the grid's top edge.
  /// Exactly the same position.
  friend constexpr bool operator==(WorldPos, WorldPos) = default;
};

/// Maps world positions to grid cells and back, as in the seed library: every cell is a
/// `cell_width` x `cell_height` rectangle, cell (0, 0) covers [0, cell_width) x [0, cell_height).
///
/// A position maps to the cell that contains it (floor division, so negative positions map to
/// negative cells instead of the seed's truncation towards 0); a cell maps to its centre.
/// All members are O(1) and thread-safe.
class WorldMapping {
 public:
  /// Cells of 32 x 32 world units (the seed's default).
  constexpr WorldMapping() noexcept = default;

  /// Cells of `cell_width` x `cell_height` world units.
  /// @throws std::invalid_argument when a size is not a finite number > 0 (the value is named).
  WorldMapping(double cell_width, double cell_height) : w_(cell_width), h_(cell_height) {
    if (!(cell_width > 0) || !std::isfinite(cell_width)) {
      throw std::invalid_argument("pathing::WorldMapping: cell_width = " +
                                  std::to_string(cell_width) + " must be finite and > 0");
    }
    if (!(cell_height > 0) || !std::isfinite(cell_height)) {
      throw std::invalid_argument("pathing::WorldMapping: cell_height = " +
                                  std::to_string(cell_height) + " must be finite and > 0");
    }
  }

  /// Width of a cell, in world units.
  [[nodiscard]] constexpr double cell_width() const noexcept { return w_; }
  /// Height of a cell, in world units.
  [[nodiscard]] constexpr double cell_height() const noexcept { return h_; }

  /// The cell containing world position `p`.
  [[nodiscard]] GridCoord to_cell(WorldPos p) const noexcept {
    return {static_cast<int>(std::floor(p.x / w_)), static_cast<int>(std::floor(p.y / h_))};
  }
  /// The centre of cell `c`, in world units.
  [[nodiscard]] constexpr WorldPos to_world(GridCoord c) const noexcept {
    return {(c.x + 0.5) * w_, (c.y + 0.5) * h_};
  }
  /// The centre of the cell containing `p` (snaps a position to the grid).
  [[nodiscard]] WorldPos align(WorldPos p) const noexcept { return to_world(to_cell(p)); }

 private:
  double w_ = 32.0;
  double h_ = 32.0;
};

}  // namespace pathing
