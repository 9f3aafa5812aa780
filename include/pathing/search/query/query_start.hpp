// pathing: fast grid path-finding. MIT licensed.
//
// The one front-end every grid search's query starts with (AStar, GreedyBestFirst, Jps, JpsPlus,
// SubgoalSearch, HpaStar): unit grid -> options -> endpoints -> regions.
#pragma once

#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/search/query/region_check.hpp"
#include "pathing/search/query/unit_query.hpp"
#include "pathing/search/result.hpp"

namespace pathing::detail {

/// What the front-end (`start_grid_query`) decided. `status` `found`: search `*grid` under
/// `*layer` toward `target`; any other status is the query's answer (`refused_query(from,
/// status)`), nothing searched. `partial`: `target` stands in for an unreachable goal (a `found`
/// of the search becomes `unreachable`). `from_only`: the answer is `unreachable` from the region
/// map, whose output is {from}.
struct QueryStart {
  SearchStatus status = SearchStatus::found;
  const Grid* grid = nullptr;        ///< The grid searched: a unit grid, or the one given.
  const GridLayer* layer = nullptr;  ///< The layer searched: the unit layer, or the one given.
  GridCoord target{};                ///< Where to search to: the goal or its stand-in.
  bool partial = false;              ///< `target` stands in for an unreachable goal.
  bool from_only = false;            ///< `unreachable` from the region map: output {from}.
};

/// The answer of a query that searched nothing: `status`, `finish = from`, everything else zero.
/// O(1).
[[nodiscard]] inline PathResult refused_query(GridCoord from, SearchStatus status) noexcept {
  PathResult r;
  r.status = status;
  r.finish = from;
  return r;
}

/// Which clearance map gives the unit grids of `SearchOptions::unit_size`, and whether the layer
/// is replaced by its unit layer.
struct UnitSource {
  /// The clearance map (null: only unit size 1 is valid): `options.clearance`, or a map's own.
  const ClearanceMap* clearance = nullptr;
  /// True when the given layer is the searched map's own (a caller-owned jump-point map or
  /// subgoal graph, built on the unit grid): only the grid is replaced, the layer is kept.
  bool keep_layer = false;
};

/// The one front-end of an unbounded grid query: the checks every grid search makes before its
/// loop, in this order (the first that fails decides the status; nothing is searched or written
/// then, except `*out` = {from} for the region map's `unreachable`):
///   0. unit grid (`unit_search`): a unit size other than 1 needs `units.clearance` with that
///      size (`invalid_argument`) current for (grid, layer) (`stale`); then its unit grid and
///      unit layer (the layer kept when `units.keep_layer`) replace `grid` and `layer` in every
///      step below and in the result;
///   1. options: a weight below 1 or NaN is `invalid_argument`; then `check_options(grid,
///      layer)` (the search's own checks on the grid and layer searched: what it cannot honour,
///      `unsupported`; a structure it reads that is not current, `stale`) decides unless it
///      returns `found`;
///   2. endpoints: `invalid_endpoint` unless `from` and `to` are both on the grid;
///   3. regions (`options.regions` set; `check_regions` under `options.connectivity`): `stale`
///      unless the region map is current for (grid, layer); a goal no path reaches is
///      `unreachable` at once (`from_only`, and `*out` = {from} when `out` is not null), or, with
///      `options.nearest_if_unreachable`, the nearest reachable cell becomes `target`
///      (`partial`).
/// O(1) besides the region check (O(1) without `nearest_if_unreachable`); no allocation but
/// `*out`'s. Never throws.
template <class CheckOptions>
[[nodiscard]] PATHING_ALWAYS_INLINE inline QueryStart start_grid_query(
    const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
    std::vector<GridCoord>* out, const SearchOptions& options, UnitSource units,
    CheckOptions&& check_options) {
  QueryStart q;
  q.target = to;
  const UnitSearch us =
      unit_search(grid, units.keep_layer ? nullptr : &layer, options.unit_size, units.clearance);
  q.grid = us.grid;
  q.layer = units.keep_layer ? &layer : us.layer;
  if (us.status != SearchStatus::found) [[unlikely]] {
    q.status = us.status;
    return q;
  }
  if (!(options.weight >= 1.0)) {  // also NaN
    q.status = SearchStatus::invalid_argument;
    return q;
  }
  q.status = check_options(*q.grid, *q.layer);
  if (q.status != SearchStatus::found) return q;
  if (!q.grid->in_bounds(from) || !q.grid->in_bounds(to)) {
    q.status = SearchStatus::invalid_endpoint;
    return q;
  }
  if (options.regions != nullptr) {
    const RegionCheck rc = check_regions(*options.regions, *q.grid, *q.layer, from, to,
                                         options.connectivity, options.nearest_if_unreachable);
    q.status = rc.status;
    q.target = rc.target;
    q.partial = rc.partial;
    if (rc.status == SearchStatus::unreachable) {
      q.from_only = true;
      if (out != nullptr) out->assign(1, from);
    }
  }
  return q;
}

/// The search's own options check when it has none beyond the front-end's: always `found`.
struct NoOptionsCheck {
  /// `found`. O(1).
  constexpr SearchStatus operator()(const Grid&, const GridLayer&) const noexcept {
    return SearchStatus::found;
  }
};

}  // namespace pathing::detail
