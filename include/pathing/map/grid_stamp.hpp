// pathing: fast grid path-finding. MIT licensed.
//
// The stamp a structure derived from a grid keeps of the grid and layer it was built from: what
// `is_current` and `sync` compare (docs/stale_caches.md).
#pragma once

#include <cstdint>

#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"

namespace pathing::detail {

/// Which grid a derived structure (`JpsMap`, `RegionMap`, `ClearanceMap`, `LandmarkMap`,
/// `HierarchyMap`; `JpsPlusMap` and `SubgoalGraph` through their `JpsMap`) was built from: the
/// grid object (`Grid::instance_id()`), its `version()` then, its size and the layer, and whether
/// it was built at all. The fields are plain members: a structure reads `cols` and `rows` on its
/// hot paths as it would its own, and may set them (and `layer`) at the start of a build that
/// needs them before calling `record` at its end. Every member function is O(1) and noexcept;
/// nothing allocates.
struct GridStamp {
  int cols = 0;                    ///< Columns of the grid (0 before the first build).
  int rows = 0;                    ///< Rows of the grid (0 before the first build).
  std::uint64_t grid_id = 0;       ///< `instance_id()` of the grid (meaningful when `built`).
  std::uint64_t grid_version = 0;  ///< `version()` of the grid when last built or updated.
  GridLayer layer{};               ///< The layer the structure was built with.
  bool built = false;              ///< Built at least once (before: current for no grid).

  /// Records a finished build from `grid` under `with`: its size, identity and current version,
  /// the layer, and `built`.
  void record(const Grid& grid, const GridLayer& with) noexcept {
    cols = grid.cols();
    rows = grid.rows();
    grid_id = grid.instance_id();
    grid_version = grid.version();
    layer = with;
    built = true;
  }

  /// Records that the structure caught up with `grid`'s current `version()` (after an update of
  /// the cells that changed; the caller has checked `same_grid`).
  void record_version(const Grid& grid) noexcept { grid_version = grid.version(); }

  /// True when built from this very grid object (same `instance_id()`) at its current size,
  /// whatever its version and the layer: the condition for updating only some cells
  /// (`update_cells`).
  [[nodiscard]] bool same_grid(const Grid& grid) const noexcept {
    return built && grid_id == grid.instance_id() && cols == grid.cols() && rows == grid.rows();
  }

  /// `same_grid(grid)` and built with `with`: the structure may catch up with `grid` from its edit
  /// log (the `same_source` of `replay_edits_or_rebuild`).
  [[nodiscard]] bool same_source(const Grid& grid, const GridLayer& with) const noexcept {
    return same_grid(grid) && layer == with;
  }

  /// True when built (or updated) from this very grid object at its current `version()`,
  /// whatever the layer.
  [[nodiscard]] bool is_current(const Grid& grid) const noexcept {
    return same_grid(grid) && grid_version == grid.version();
  }

  /// `is_current(grid)` and built with `with`.
  [[nodiscard]] bool is_current(const Grid& grid, const GridLayer& with) const noexcept {
    return is_current(grid) && layer == with;
  }

  /// True when `c` lies on the recorded size: 0 <= x < `cols` and 0 <= y < `rows`.
  [[nodiscard]] bool in_bounds(GridCoord c) const noexcept {
    return static_cast<unsigned>(c.x) < static_cast<unsigned>(cols) &&
           static_cast<unsigned>(c.y) < static_cast<unsigned>(rows);
  }

  /// `grid_id` once built, 0 before (the `grid_id()` the structures report).
  [[nodiscard]] std::uint64_t id() const noexcept { return built ? grid_id : 0; }

  /// Same fields.
  friend bool operator==(const GridStamp&, const GridStamp&) = default;
};

}  // namespace pathing::detail
