// pathing: fast grid path-finding. MIT licensed.
//
// Mapping between world positions (pixels, metres) and grid cells.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "pathing/detail/compiler.hpp"
#include "pathing/error.hpp"
#include "pathing/map/coord.hpp"

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
  ///   Without exceptions (docs/errors.md) such a size makes the default 32 x 32 mapping.
  WorldMapping(double cell_width, double cell_height) {
    Error e;
    if (!check(cell_width, cell_height, &e)) {
      PATHING_THROW(std::invalid_argument(e.message));
      return;  // no exceptions: the default 32 x 32 cells
    }
    w_ = cell_width;
    h_ = cell_height;
  }

  /// The non-throwing form of the constructor: the mapping, or nothing when the constructor would
  /// throw; then `*error` (when not null) gets `ErrorCode::invalid_argument` and the message
  /// naming the value in the shortest %g form that reads back exactly (0 as "0", -1e-9 as
  /// "-1e-09"), e.g. "pathing::WorldMapping: cell_width = 0 must be finite and > 0".
  [[nodiscard]] static std::optional<WorldMapping> create(double cell_width, double cell_height,
                                                          Error* error = nullptr) noexcept {
    if (!check(cell_width, cell_height, error)) return std::nullopt;
    WorldMapping m;
    m.w_ = cell_width;
    m.h_ = cell_height;
    return m;
  }

  /// Width of a cell, in world units.
  [[nodiscard]] constexpr double cell_width() const noexcept { return w_; }
  /// Height of a cell, in world units.
  [[nodiscard]] constexpr double cell_height() const noexcept { return h_; }

  /// The cell containing world position `p`. Every input is defined: a coordinate whose cell
  /// lies outside the range of int (a huge position such as 1e300, or +/-infinity) saturates to
  /// INT_MAX or INT_MIN, and NaN gives INT_MIN (a cell off every grid, like any negative one).
  [[nodiscard]] GridCoord to_cell(WorldPos p) const noexcept {
    return {cell_index(std::floor(p.x / w_)), cell_index(std::floor(p.y / h_))};
  }
  /// The centre of cell `c`, in world units.
  [[nodiscard]] constexpr WorldPos to_world(GridCoord c) const noexcept {
    return {(c.x + 0.5) * w_, (c.y + 0.5) * h_};
  }
  /// The centre of the cell containing `p` (snaps a position to the grid).
  [[nodiscard]] WorldPos align(WorldPos p) const noexcept { return to_world(to_cell(p)); }

 private:
  // A floored cell coordinate as an int: saturated to [INT_MIN, INT_MAX], NaN to INT_MIN. The
  // common case is one range test (NaN fails it too).
  static int cell_index(double v) noexcept {
    constexpr double kMin = static_cast<double>(std::numeric_limits<int>::min());  // exact
    constexpr double kEnd = -kMin;  // INT_MAX + 1, exact
    if (v >= kMin && v < kEnd) return static_cast<int>(v);
    return v > 0 ? std::numeric_limits<int>::max() : std::numeric_limits<int>::min();
  }

  // `v` in the shortest %g form that reads back as `v` ("-1e-09", "0", "inf", "nan"), so the
  // message shows the value given (std::to_string would print -1e-9 as "-0.000000").
  static std::string show(double v) {
    char buf[32];
    for (int digits = 6;; ++digits) {
      std::snprintf(buf, sizeof buf, "%.*g", digits, v);
      if (digits >= 17 || !(v == v) || std::strtod(buf, nullptr) == v) return buf;
    }
  }

  static bool check(double cell_width, double cell_height, Error* error) noexcept {
    const auto bad = [error](const char* name, double v) {
      detail::report(error, ErrorCode::invalid_argument,
                     std::string("pathing::WorldMapping: ") + name + " = " + show(v) +
                         " must be finite and > 0");
      return false;
    };
    if (!(cell_width > 0) || !std::isfinite(cell_width)) return bad("cell_width", cell_width);
    if (!(cell_height > 0) || !std::isfinite(cell_height)) return bad("cell_height", cell_height);
    return true;
  }

  double w_ = 32.0;
  double h_ = 32.0;
};

}  // namespace pathing
