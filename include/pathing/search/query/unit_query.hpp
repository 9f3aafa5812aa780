// pathing: fast grid path-finding. MIT licensed.
//
// The unit-size step every grid search's query starts with (`SearchOptions::unit_size`): a query
// for a unit of k x k cells is the one-cell query on the clearance map's unit grid of size k.
#pragma once

#include "pathing/detail/compiler.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/precompute/clearance_map.hpp"
#include "pathing/search/result.hpp"

namespace pathing::detail {

/// Where a query searches: the grid and layer given (unit size 1), or the unit grid of
/// `options.unit_size` and the clearance map's unit layer; `status` other than `found` refuses
/// the query (nothing searched, `out` unchanged, `finish = from`).
struct UnitSearch {
  const Grid* grid;
  const GridLayer* layer;
  SearchStatus status;
};

/// The unit-size check for a size above 1 (see `unit_search`), with the unit grids of `cm`.
[[nodiscard]] inline UnitSearch sized_unit_search(const Grid& grid, const GridLayer* layer,
                                                  int unit_size, const ClearanceMap* cm) noexcept {
  if (grid.empty()) return {&grid, layer, SearchStatus::found};  // every endpoint is off it
  if (unit_size < 1 || cm == nullptr || unit_size > cm->max_unit_size())
    return {&grid, layer, SearchStatus::invalid_argument};
  if (layer != nullptr ? !cm->is_current(grid, *layer) : !cm->is_current(grid))
    return {&grid, layer, SearchStatus::stale};
  return {cm->unit_grid(unit_size), layer != nullptr ? &cm->unit_layer() : nullptr,
          SearchStatus::found};
}

/// The grid and layer a query for a unit of `unit_size` x `unit_size` cells searches, with the
/// unit grids of the clearance map `cm`: unit size 1 (one predictable branch), `grid` and `layer`
/// themselves; above 1, `cm`'s unit grid and unit layer, after checking the size
/// (`invalid_argument`: below 1, above `cm->max_unit_size()`, or no `cm`) and that `cm` is
/// current for (grid, layer) (`stale`). `layer` null: a search on a jump-point map, which carries
/// its own (unit) layer; only the grid is checked and replaced. O(1), never throws.
[[nodiscard]] PATHING_ALWAYS_INLINE inline UnitSearch unit_search(const Grid& grid,
                                                                  const GridLayer* layer,
                                                                  int unit_size,
                                                                  const ClearanceMap* cm) noexcept {
  if (unit_size == 1) [[likely]]
    return {&grid, layer, SearchStatus::found};
  return sized_unit_search(grid, layer, unit_size, cm);
}

/// The grid and layer a query with `options` searches: `unit_search` with
/// `options.unit_size` and the unit grids of `options.clearance`. O(1), never throws.
[[nodiscard]] PATHING_ALWAYS_INLINE inline UnitSearch unit_search(
    const Grid& grid, const GridLayer* layer, const SearchOptions& options) noexcept {
  return unit_search(grid, layer, options.unit_size, options.clearance);
}

/// The unit-size step of a bounded query (`build_path(..., clearance, unit_size)`): the unit grid
/// and layer of `unit_size`, or `invalid_argument` / `stale` as `unit_search`. O(1).
[[nodiscard]] inline UnitSearch bounded_unit_search(const Grid& grid, const GridLayer& layer,
                                                    const ClearanceMap& clearance,
                                                    int unit_size) noexcept {
  return unit_search(grid, &layer, unit_size, &clearance);
}

/// The answer of a bounded query that `bounded_unit_search` refused: `status`, an empty path,
/// `finish = from`.
[[nodiscard]] inline BoundedResult refused_bounded_query(GridCoord from,
                                                         SearchStatus status) noexcept {
  BoundedResult r;
  r.status = status;
  r.finish = from;
  return r;
}

/// The options check of a bounded query given `SearchOptions` (`build_path(..., options)`):
/// `invalid_argument` for a weight below 1 or NaN (as `find_path`); `unsupported` for what the
/// bounded mode cannot honour: a weight above 1, `landmarks`, `nearest_if_unreachable`, or limits
/// other than the defaults; else `found`. `connectivity` is not read: a bounded path (`GridPath`)
/// is 4-connected. O(1).
[[nodiscard]] inline SearchStatus check_bounded_options(const SearchOptions& options) noexcept {
  if (!(options.weight >= 1.0)) return SearchStatus::invalid_argument;  // also NaN
  const SearchLimits none;
  if (options.weight != 1.0 || options.landmarks != nullptr || options.nearest_if_unreachable ||
      options.limits.max_expansions != none.max_expansions ||
      !(options.limits.max_cost == none.max_cost)) {
    return SearchStatus::unsupported;
  }
  return SearchStatus::found;
}

/// The front-end of a bounded query given `SearchOptions` (`build_path(..., options)`), in the
/// order of every query's front-end (`start_grid_query`): the unit grid (`unit_search`), then
/// the options (`check_bounded_options`). `status` other than `found` refuses the query
/// (`refused_bounded_query`). O(1), never throws.
[[nodiscard]] inline UnitSearch start_bounded_query(const Grid& grid, const GridLayer& layer,
                                                    const SearchOptions& options) noexcept {
  UnitSearch u = unit_search(grid, &layer, options);
  if (u.status == SearchStatus::found) u.status = check_bounded_options(options);
  return u;
}

}  // namespace pathing::detail
