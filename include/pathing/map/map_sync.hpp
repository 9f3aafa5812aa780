// pathing: fast grid path-finding. MIT licensed.
//
// How a structure derived from a grid (`JpsMap`, `JpsPlusMap`, `RegionMap`) catches up with the
// grid's edits: the `sync` result, and the one edit-log replay they share (docs/stale_caches.md).
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/grid_stamp.hpp"
#include "pathing/map/layer.hpp"

namespace pathing {

/// What the `sync` of a derived structure (`JpsMap`, `JpsPlusMap`, `RegionMap`) did.
enum class MapSync : std::uint8_t {
  current = 0,  ///< The map was current already: nothing done (O(1)).
  updated,      ///< Brought up to date from the grid's edit log (O(edits)).
  rebuilt,      ///< Rebuilt from the whole grid (O(cells)).
};

/// The protocol every structure derived from a grid follows (`JpsMap`, `JpsPlusMap`,
/// `RegionMap`, `LandmarkMap`, `ClearanceMap`, `HierarchyMap`, `SubgoalGraph`; checked with
/// `static_assert` beside each): it records the grid object (`Grid::instance_id()`), the grid's
/// `version()`, size and the layer it was built from, and
/// - `is_current(grid, layer)`: built (or synced) from this grid object at its current version
///   with `layer`; `is_current(grid)`: the same whatever the layer (what a search handed the
///   structure checks; it then reads the structure's own layer). Both O(1), noexcept.
/// - `sync(grid, layer) -> MapSync`: catches up with the grid's edits (from the edit log where
///   it can, else a rebuild), after which `is_current(grid, layer)` holds.
/// A search given a structure that is not current answers `SearchStatus::stale` and reads nothing
/// of it: nothing stale is used silently. docs/architecture.md, "The life of a derived structure".
template <class T>
concept GridDerived = requires(T& t, const T& c, const Grid& grid, const GridLayer& layer) {
  { c.is_current(grid, layer) }
  noexcept->std::same_as<bool>;
  { c.is_current(grid) }
  noexcept->std::same_as<bool>;
  { t.sync(grid, layer) } -> std::same_as<MapSync>;
};

namespace detail {

/// The shared step of every derived structure's `sync` once it is known not to be current:
/// when `same_source` (the structure was built from this grid object, at this size, with the
/// layer asked for) and the grid's edit log holds every cell written since `built_version`
/// (at most `Grid::kEditLogCapacity` writes), calls `apply_cells(std::span<const GridCoord>)` with
/// those cells (duplicates possible) and returns `updated`; otherwise calls `rebuild()` and
/// returns `rebuilt`. O(1) plus what the callbacks cost; no allocation of its own.
template <class ApplyCells, class Rebuild>
MapSync replay_edits_or_rebuild(const Grid& grid, bool same_source, std::uint64_t built_version,
                                ApplyCells&& apply_cells, Rebuild&& rebuild) {
  if (same_source) {
    std::array<GridCoord, Grid::kEditLogCapacity> edits;
    const std::size_t n = grid.edits_since(built_version, edits);
    if (n != Grid::kEditsUnknown) {
      apply_cells(std::span<const GridCoord>(edits.data(), n));
      return MapSync::updated;
    }
  }
  rebuild();
  return MapSync::rebuilt;
}

/// The whole `sync(grid, layer)` of a derived structure that keeps a `GridStamp`: `current`
/// (calling nothing) when `stamp.is_current(grid, layer)`; otherwise `replay_edits_or_rebuild`
/// with `same_source` = `stamp.same_source(grid, layer)` from `stamp.grid_version` (the callbacks
/// record the new stamp). O(1) plus what the callbacks cost; no allocation of its own.
template <class ApplyCells, class Rebuild>
MapSync sync_stamped(const Grid& grid, const GridLayer& layer, const GridStamp& stamp,
                     ApplyCells&& apply_cells, Rebuild&& rebuild) {
  if (stamp.is_current(grid, layer)) return MapSync::current;
  return replay_edits_or_rebuild(grid, stamp.same_source(grid, layer), stamp.grid_version,
                                 std::forward<ApplyCells>(apply_cells),
                                 std::forward<Rebuild>(rebuild));
}

/// The argument check of a derived structure's `update_cells` (`RegionMap`, `ClearanceMap`):
/// true when the structure was built from this grid object (`built_from_grid`) and every cell
/// lies on the grid; otherwise throws `std::invalid_argument` (PATHING_THROW: without exceptions,
/// returns false) with a message that starts with `who` (e.g. "pathing::RegionMap::update_cells")
/// and names the first offending cell. O(cells), allocates only for the message.
[[nodiscard]] inline bool check_update_cells(const char* who, bool built_from_grid,
                                             const Grid& grid, std::span<const GridCoord> cells) {
  static_cast<void>(who);  // (only read by the messages, which a build without exceptions drops)
  if (!built_from_grid) {
    PATHING_THROW(std::invalid_argument(
        std::string(who) +
        ": the map was not built from this grid object (rebuild it with build or sync)"));
    return false;
  }
  for (const GridCoord c : cells) {
    if (!grid.in_bounds(c)) {
      PATHING_THROW(std::invalid_argument(std::string(who) + ": cell (" + std::to_string(c.x) +
                                          ", " + std::to_string(c.y) + ") is outside the " +
                                          std::to_string(grid.cols()) + " x " +
                                          std::to_string(grid.rows()) + " grid"));
      return false;
    }
  }
  return true;
}

}  // namespace detail
}  // namespace pathing
