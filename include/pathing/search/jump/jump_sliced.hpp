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
    const JumpSearchCheck c = start_jump_query<Map>(state, own, last_sync, shared, grid, layer,
                                                    from, to, nullptr, options);
    if (c.status != SearchStatus::found) {
      return q_.refuse(refused_jump_query(from, c.status), c.status == SearchStatus::unreachable);
    }
    map_ = own != nullptr ? own : shared;
    layer_ = map_->layer();
    q_.search_on(*c.grid, layer_);
    q_.target = c.target;
    q_.partial = c.partial;
    unit_cost_ = c.unit_cost;
    state.ensure(static_cast<std::size_t>(map_->cols()) * static_cast<std::size_t>(map_->rows()));
    state.start_slices();
    return step(state, 0);  // the start node pushed, nothing expanded
  }

  /// Runs at most `max_expansions` more expansions (0 or negative: none). `stale` when the grid,
  /// or the map's grid or layer, changed since `start`.
  PathResult resume(JumpPointSearch& state, int max_expansions) {
    if (q_.phase == SlicedQuery::Phase::idle) return SlicedQuery::no_query();
    if (q_.phase == SlicedQuery::Phase::done) return q_.result;
    if (changed()) return q_.make_stale();
    if (max_expansions <= 0) return q_.result;
    return step(state, static_cast<std::uint64_t>(max_expansions));
  }

  /// Runs the rest of the search, then writes the path (`write_path`); the query ends.
  PathResult finish(JumpPointSearch& state, std::vector<GridCoord>& out) {
    using Phase = SlicedQuery::Phase;
    if (q_.phase == Phase::idle) return SlicedQuery::no_query();
    if (q_.searched || q_.phase == Phase::searching) {
      if (changed()) {
        const PathResult r = q_.make_stale();
        q_.phase = Phase::idle;
        return r;
      }
      if (q_.phase == Phase::searching) step(state, ~std::uint64_t{0});
      state.write_path(q_.result, out, unit_cost_);
      q_.phase = Phase::idle;
      return q_.result;
    }
    return q_.finish_unsearched(out);
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
    PathResult& r = q_.result;
    state.run_slice(
        map.cols(), map.rows(), q_.from, to, q_.limits, unit_cost_, budget,
        [&](int x, int y, std::uint8_t travel, auto& gen)
            PATHING_ALWAYS_INLINE { Expand{}(map, x, y, travel, to, gen); },
        r);
    if (r.status != SearchStatus::in_progress) {
      q_.phase = SlicedQuery::Phase::done;
      q_.searched = true;
      if (q_.partial && r.status == SearchStatus::found) r.status = SearchStatus::unreachable;
    }
    return r;
  }

  SlicedQuery q_;
  const Map* map_ = nullptr;
  GridLayer layer_;
  std::uint8_t unit_cost_ = 1;
};

}  // namespace pathing::detail
