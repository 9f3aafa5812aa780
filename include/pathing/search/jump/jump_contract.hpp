// pathing: fast grid path-finding. MIT licensed.
//
// The start of a query shared by the jump point searchers (`Jps`, `JpsPlus`): the contract checks
// made before searching, the synchronisation of a searcher's own map, and a refused query's result.
#pragma once

#include <vector>
#include "pathing/map/coord.hpp"

#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/precompute/jps_map.hpp"
#include "pathing/search/jump/jump_search.hpp"
#include "pathing/search/query/region_check.hpp"
#include "pathing/search/query/unit_query.hpp"
#include "pathing/search/result.hpp"

namespace pathing::detail {

/// The result of a query that searched nothing: `status`, `finish` = `from`, everything else
/// zero. O(1).
[[nodiscard]] inline PathResult refused_jump_query(GridCoord from, SearchStatus status) noexcept {
  PathResult r;
  r.status = status;
  r.finish = from;
  return r;
}

/// Starts a query of a jump point searcher (`Jps`, `JpsPlus`): the contract checks, in this order
/// (the first that fails decides the status):
///   0. `unit_search` (`SearchOptions::unit_size`): `invalid_argument` or `stale` for a unit size
///      above 1 without a fitting, current clearance map; else the unit grid (and, without
///      `shared`, the unit layer) replace `grid` and `layer` in every step below and in the
///      returned `grid` (the grid searched);
///   1. `check_jump_search(layer, options)`: `invalid_argument` for a weight below 1 or NaN,
///      `unsupported` for another weight, 4-connected moves or a non-uniform layer;
///   2. when `shared` is not null (a caller-owned map, searched under its own layer, which
///      `layer` must be): `stale` unless `shared->is_current(grid)`;
///   3. `invalid_endpoint` unless `from` and `to` are both on `grid`;
///   4. with `options.regions` set (`check_regions` under `layer`): `stale` unless the region map
///      is current for (grid, layer); `unreachable` when no path reaches `to` (then `*out` =
///      {from} when `out` is not null: the answer is `refused_jump_query(from, unreachable)`, 0
///      expansions; `unreachable` is returned in no other case), unless
///      `options.nearest_if_unreachable` makes the nearest reachable cell the `target` (with
///      `partial` set: `finish_jump_query` turns a `found` into `unreachable`);
/// then, when `own` is not null (the searcher's own map; `last_sync` then not null either), brings
/// it up to date with `grid` under `layer` (`own->sync`: O(1) when current, else an update from
/// the grid's edit log or a rebuild: see `JpsMap::sync`, `JpsPlusMap::sync`) and stores what that
/// did in `*last_sync`.
///
/// Returns `found` with the layer's `unit_cost` (1..255): search now; any other status: return
/// `refused_jump_query(from, status)` (then nothing was synced and `state` has forgotten its last
/// path, so `jump_points` gives none). `Map` is `JpsMap` or `JpsPlusMap`; pass exactly one of
/// `own`, `shared`. O(1) (16 layer entries) besides the sync. Throws only what `own->sync` throws
/// (`std::bad_alloc`).
template <class Map>
[[nodiscard]] JumpSearchCheck start_jump_query(JumpPointSearch& state, Map* own, MapSync* last_sync,
                                               const Map* shared, const Grid& given_grid,
                                               const GridLayer& given_layer, GridCoord from,
                                               GridCoord to, std::vector<GridCoord>* out,
                                               const SearchOptions& options) {
  const UnitSearch us =
      unit_search(given_grid, shared != nullptr ? nullptr : &given_layer, options);
  if (us.status != SearchStatus::found) [[unlikely]] {
    state.forget_last();
    JumpSearchCheck refused{us.status, 0};
    refused.grid = &given_grid;
    return refused;
  }
  const Grid& grid = *us.grid;
  const GridLayer& layer = shared != nullptr ? given_layer : *us.layer;
  JumpSearchCheck check = check_jump_search(layer, options);
  check.target = to;
  check.grid = &grid;
  if (check.status == SearchStatus::found) {
    if (shared != nullptr && !shared->is_current(grid)) {
      check = {SearchStatus::stale, 0};
    } else if (!grid.in_bounds(from) || !grid.in_bounds(to)) {
      check = {SearchStatus::invalid_endpoint, 0};
    } else if (options.regions != nullptr) {
      const RegionCheck rc = check_regions(*options.regions, grid, layer, from, to,
                                           options.connectivity, options.nearest_if_unreachable);
      check.status = rc.status;
      check.target = rc.target;
      check.partial = rc.partial;
      if (rc.status == SearchStatus::unreachable && out != nullptr) out->assign(1, from);
    }
  }
  if (check.status != SearchStatus::found) {
    state.forget_last();
  } else if (own != nullptr) {
    *last_sync = own->sync(grid, layer);
  }
  return check;
}

/// The result of a query that searched toward `check.target`: a `found` becomes `unreachable`
/// when that target stood in for an unreachable goal (`check.partial`). O(1).
[[nodiscard]] inline PathResult finish_jump_query(PathResult r,
                                                  const JumpSearchCheck& check) noexcept {
  if (check.partial && r.status == SearchStatus::found) r.status = SearchStatus::unreachable;
  return r;
}

}  // namespace pathing::detail
