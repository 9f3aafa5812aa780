// pathing: fast grid path-finding. MIT licensed.
//
// How a structure derived from a grid (`JpsMap`, `JpsPlusMap`, `RegionMap`) catches up with the
// grid's edits: the `sync` result, and the one edit-log replay they share (docs/stale_caches.md).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "pathing/coord.hpp"
#include "pathing/grid.hpp"

namespace pathing {

/// What the `sync` of a derived structure (`JpsMap`, `JpsPlusMap`, `RegionMap`) did.
enum class MapSync : std::uint8_t {
  current = 0,  ///< The map was current already: nothing done (O(1)).
  updated,      ///< Brought up to date from the grid's edit log (O(edits)).
  rebuilt,      ///< Rebuilt from the whole grid (O(cells)).
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

}  // namespace detail
}  // namespace pathing
