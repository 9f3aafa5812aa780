// pathing: fast grid path-finding. MIT licensed.
//
// The start of a query of the jump point searchers (`Jps`, `JpsPlus`, `SubgoalSearch`): the one
// front-end with their options check, and the synchronisation of a searcher's own map.
#pragma once

#include <cstdint>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/map_sync.hpp"
#include "pathing/search/jump/jump_search.hpp"
#include "pathing/search/query/query_start.hpp"
#include "pathing/search/result.hpp"

namespace pathing::detail {

/// The front-end's decision for a jump point searcher (`start_jump_query`): `QueryStart`, and
/// with `found` the layer's uniform cost (1..255), every move's cost factor.
struct JumpQueryStart : QueryStart {
  std::uint8_t unit_cost = 1;  ///< The uniform cost of the layer searched (`found` only).
};

/// Starts a query of a jump point searcher (`Jps`, `JpsPlus`, `SubgoalSearch`) through the one
/// front-end (`start_grid_query`: unit grid, with `options.clearance` -> options -> endpoints ->
/// regions; see there for the statuses and the {from} output), whose options step is:
///   - `check_jump_search(layer, options)`: `unsupported` for a weight other than 1, 4-connected
///     moves, landmarks or a non-uniform layer;
///   - when `shared` is not null (a caller-owned map, searched under its own layer, which
///     `layer` must be: only the grid is replaced by a unit grid): `stale` unless
///     `shared->is_current(grid)`.
/// Then, when `own` is not null (the searcher's own map; `last_sync` then not null either), brings
/// it up to date with the grid searched under the layer searched (`own->sync`: O(1) when current,
/// else an update from the grid's edit log or a rebuild: see `JpsMap::sync`, `JpsPlusMap::sync`)
/// and stores what that did in `*last_sync`.
///
/// Returns `found` with `unit_cost`: search now; any other status: return
/// `refused_query(from, status)` (then nothing was synced and `state` has forgotten its last
/// path, so `jump_points` gives none). `Map` is `JpsMap`, `JpsPlusMap` or `SubgoalGraph`; pass
/// exactly one of `own`, `shared`. O(1) (16 layer entries) besides the sync. Throws only what
/// `own->sync` throws (`std::bad_alloc`).
template <class Map>
[[nodiscard]] JumpQueryStart start_jump_query(JumpPointSearch& state, Map* own, MapSync* last_sync,
                                              const Map* shared, const Grid& grid,
                                              const GridLayer& layer, GridCoord from, GridCoord to,
                                              std::vector<GridCoord>* out,
                                              const SearchOptions& options) {
  JumpQueryStart j;
  static_cast<QueryStart&>(j) = start_grid_query(
      grid, layer, from, to, out, options, UnitSource{options.clearance, shared != nullptr},
      [&](const Grid& g, const GridLayer& l) {
        const JumpSearchCheck c = check_jump_search(l, options);
        j.unit_cost = c.unit_cost;
        if (c.status != SearchStatus::found) return c.status;
        return shared != nullptr && !shared->is_current(g) ? SearchStatus::stale
                                                           : SearchStatus::found;
      });
  if (j.status != SearchStatus::found) {
    state.forget_last();
  } else if (own != nullptr) {
    *last_sync = own->sync(*j.grid, *j.layer);
  }
  return j;
}

/// The result of a query that searched toward `q.target`: a `found` becomes `unreachable` when
/// that target stood in for an unreachable goal (`q.partial`). O(1).
[[nodiscard]] inline PathResult finish_jump_query(PathResult r, const QueryStart& q) noexcept {
  if (q.partial && r.status == SearchStatus::found) r.status = SearchStatus::unreachable;
  return r;
}

}  // namespace pathing::detail
