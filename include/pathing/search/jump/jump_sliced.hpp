// pathing: fast grid path-finding. MIT licensed.
//
// The sliced queries of the jump point searchers (`Jps`, `JpsPlus`): `start_query`,
// `continue_query`, `finish_query` around `JumpPointSearch::run_slice`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/search/jump/jump_contract.hpp"
#include "pathing/search/jump/jump_search.hpp"
#include "pathing/search/query/sliced_query.hpp"
#include "pathing/search/result.hpp"

namespace pathing::detail {

/// The sliced query of a jump point searcher over a `Map` (`JpsMap` or `JpsPlusMap`), searched
/// with `Expand` (a stateless functor: `Expand{}(map, x, y, travel, to, gen)` expands a node as
/// the searcher's `find_path` does). The searcher passes its `JumpPointSearch` to every call
/// (the state lives there), and its own map or a caller-owned one to `start`; the map's address
/// is kept until the query ends. The results equal the searcher's `find_path` exactly (the same
/// loop runs, `run_slice`). Statuses and phases: `SlicedQuery`. O(1) per call besides the
/// search; no allocation once warm. Not thread-safe: one per searcher.
template <class Map, class Expand>
class SlicedJumpQuery {
 public:
  /// Starts a query: the checks of `start_jump_query` (the same arguments: `own` + `last_sync`
  /// for the searcher's own map, synced here; or `shared`), then the start node is pushed.
  /// Returns `in_progress`, or the refusal (`finish` then writes what `find_path` writes).
  PathResult start(JumpPointSearch& state, Map* own, MapSync* last_sync, const Map* shared,
                   const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                   const SearchOptions& options) {
    q_.begin(grid, layer, from, to, options);
    const JumpQueryStart j = start_jump_query<Map>(state, own, last_sync, shared, grid, layer, from,
                                                   to, nullptr, options);
    map_ = own != nullptr ? own : shared;
    const PathResult r = q_.start(j);
    if (r.status != SearchStatus::in_progress) return r;
    layer_ = map_->layer();
    unit_cost_ = j.unit_cost;
    state.ensure(static_cast<std::size_t>(map_->cols()) * static_cast<std::size_t>(map_->rows()));
    state.start_slices();
    return step(state, 0);  // the start node pushed, nothing expanded
  }

  /// Runs at most `max_expansions` more expansions (0 or negative: none). `stale` when the grid,
  /// or the map's grid or layer, changed since `start`.
  PathResult resume(JumpPointSearch& state, int max_expansions) {
    return q_.resume(
        max_expansions, [&] { return changed(); },
        [&](std::uint64_t budget) { return step(state, budget); });
  }

  /// Runs the rest of the search, then writes the path (`write_path`); the query ends.
  PathResult finish(JumpPointSearch& state, std::vector<GridCoord>& out) {
    return q_.finish(
        out, [&] { return changed(); }, [&](std::uint64_t budget) { return step(state, budget); },
        [&](PathResult& r, std::vector<GridCoord>& o) { state.write_path(r, o, unit_cost_); });
  }

  /// Ends the query (later calls: `invalid_argument`). O(1).
  void cancel() noexcept { q_.phase = SlicedQuery::Phase::idle; }
  /// Whether a query was started and not yet finished or cancelled. O(1).
  [[nodiscard]] bool active() const noexcept { return q_.phase != SlicedQuery::Phase::idle; }

 private:
  [[nodiscard]] bool changed() const noexcept {
    return q_.grid_changed() || !map_->is_current(*q_.grid) || !(map_->layer() == layer_);
  }

  PathResult step(JumpPointSearch& state, std::uint64_t budget) {
    const Map& map = *map_;
    const GridCoord to = q_.target;
    state.run_slice(
        map.cols(), map.rows(), q_.from, to, q_.limits, unit_cost_, budget,
        [&](int x, int y, std::uint8_t travel, auto& gen)
            PATHING_ALWAYS_INLINE { Expand{}(map, x, y, travel, to, gen); },
        q_.result);
    return q_.end_slice();
  }

  SlicedQuery q_;
  const Map* map_ = nullptr;
  GridLayer layer_;
  std::uint8_t unit_cost_ = 1;
};

}  // namespace pathing::detail
