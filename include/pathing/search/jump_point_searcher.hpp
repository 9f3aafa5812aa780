// pathing: fast grid path-finding. MIT licensed.
//
// The jump point searcher behind `Jps` and `JpsPlus`: one class over a jump policy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/reserve.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/map_sync.hpp"
#include "pathing/search/jump/jump_contract.hpp"
#include "pathing/search/jump/jump_search.hpp"
#include "pathing/search/jump/jump_sliced.hpp"
#include "pathing/search/result.hpp"

namespace pathing {

/// A jump point search over a precomputed map, 8-connected without corner cutting: the one
/// class behind `Jps` (`JumpPointSearcher<detail::JpsJump>`, online jumps over a `JpsMap`) and
/// `JpsPlus` (`JumpPointSearcher<detail::JpsPlusJump>`, jumps read from a `JpsPlusMap`), after
/// warthog's `jps_expansion_policy<JpsJump>` (ShortestPathLab). The query contract (checks and
/// their order: `detail::start_jump_query`), the open list and tie rule
/// (`detail::JumpPointSearch`), path output and sliced queries (`detail::SlicedJumpQuery`) are
/// shared; the `Jump` policy supplies the map and the successor generation:
/// - `typename Jump::Map`: the map type; it has `cols()`, `rows()`, `layer()`,
///   `is_current(grid)`, `sync(grid, layer) -> MapSync` and `memory_bytes()`;
/// - `Jump::kName`: the searcher's public name, for error messages ("pathing::Jps");
/// - `Jump{}(map, x, y, travel, to, gen)`: generates the successors of the node at (x, y),
///   reached by the moves `travel`, toward `to`, through `gen` (`detail::jps_expand`,
///   `detail::jps_plus_expand`).
/// The contract of each public alias (costs supported, statuses, memory) is documented on `Jps`
/// and `JpsPlus`; every member below behaves as documented there.
/// Thread-safety: one searcher per thread; any number of them may share one `const Map&`.
template <class Jump>
class JumpPointSearcher {
 public:
  /// The precomputed map the jumps read (`JpsMap` or `JpsPlusMap`).
  using Map = typename Jump::Map;

  /// A searcher with no memory yet; it grows on first use.
  JumpPointSearcher() = default;
  /// A searcher sized for `cols` x `rows` grids, so the first query allocates only the map.
  JumpPointSearcher(int cols, int rows) { reserve(cols, rows); }

  /// Sizes the search state for grids up to `cols` x `rows` cells (never shrinks).
  /// @throws std::invalid_argument naming the value for a negative side or a size beyond the
  ///         Grid's limits (0 reserves nothing).
  void reserve(int cols, int rows) {
    search_.ensure(detail::reserved_cells(cols, rows, Jump::kName));
  }

  /// Shortest path from `from` to `to` on `grid` under `layer`, through the internal `Map`
  /// (brought up to date as the class comment says).
  ///
  /// @param grid the map.
  /// @param layer its move costs (see UNIFORM COST above).
  /// @param from start cell (its own passability is ignored).
  /// @param to goal cell (a blocked goal is unreachable).
  /// @param out receives every cell from `from` to the end of the path (cleared first; left
  ///   unchanged when nothing was searched: `invalid_endpoint`, `unsupported`,
  ///   `invalid_argument`).
  /// @param options connectivity (eight only), limits (`max_expansions`: nodes expanded;
  ///   `max_cost`: cost units), weight (1 only).
  /// @return `found`, or a partial result (`unreachable`, `expansion_limit`, `cost_limit`), or
  ///   `invalid_endpoint` when `from` or `to` is off the grid, or `unsupported` /
  ///   `invalid_argument` as the class comment says. Never throws but `std::bad_alloc` (growing).
  /// Complexity: the map's catch-up (see above), then typically far below A*'s; worst case
  /// O(n log n + n * cols / 64) for n jump points.
  PathResult find_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options = {}) {
    return query(&own_map_, nullptr, grid, layer, from, to, out, options, false);
  }

  /// Same, on a caller-owned `map` (many searchers may share it), under the layer it was built
  /// with (`map.layer()`). Returns `stale` (nothing searched, `out` unchanged) unless
  /// `map.matches(grid)`: built or synced from this grid object at its current `version()`
  /// (`Map::sync` brings it up to date, cheaply after a few edits). Other statuses as above.
  /// Starting a query is O(1).
  PathResult find_path(const Grid& grid, const Map& map, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options = {}) {
    return query(nullptr, &map, grid, map.layer(), from, to, out, options, false);
  }

  /// As `find_path`, but `out` receives only the turning points of the same path: the start,
  /// every cell where the direction of travel changes, and the end (just the start when the path
  /// has no move; `{from}` where `find_path` writes `{from}`). Consecutive points are joined by a
  /// straight or 45-degree diagonal run of the path's cells, so `out` is `find_path`'s `out`
  /// without the cells inside such runs. Status, finish, cost, moves, stats and `jump_points()`
  /// are `find_path`'s. For callers that need no cell list (e.g. a waypoint follower, the GPPC
  /// entry): writing every cell costs O(path length), this O(jump points). Allocation: as
  /// `find_path`, once `out` has held twice as many points as the path has jump points.
  PathResult find_turning_points(const Grid& grid, const GridLayer& layer, GridCoord from,
                                 GridCoord to, std::vector<GridCoord>& out,
                                 const SearchOptions& options = {}) {
    return query(&own_map_, nullptr, grid, layer, from, to, out, options, true);
  }

  /// Same, on a caller-owned `map`, as `find_path(grid, map, ...)`.
  PathResult find_turning_points(const Grid& grid, const Map& map, GridCoord from, GridCoord to,
                                 std::vector<GridCoord>& out, const SearchOptions& options = {}) {
    return query(nullptr, &map, grid, map.layer(), from, to, out, options, true);
  }

  /// Sliced queries (Detour's `initSlicedFindPath` / `updateSlicedFindPath` /
  /// `finalizeSlicedFindPath`, recastnavigation): `find_path` run a budget of expansions at a
  /// time, so that a game spreads its queries over several frames; docs/sliced.md. The contract
  /// is `AStar`'s (`AStar::start_query`): the result of `finish_query` equals `find_path(grid,
  /// layer, from, to, out, options)` exactly (status, finish, cost, moves, stats, cells,
  /// `jump_points`) whatever the budgets; one query at a time (`start_query` replaces it,
  /// `find_path` and `cancel_query` cancel it: later calls answer `invalid_argument`); the grid
  /// must outlive the query, and any change to it (`instance_id()`, `version()`) makes the query
  /// `stale`, never a path through a new wall. An expansion is a jump point taken off the open
  /// list and expanded (`stats.expanded`). Allocation: none once warm (internal map in sync,
  /// `reserve`d). Thread-safety: as the class.
  ///
  /// Starts a query on the internal map (synced to `grid` under `layer` here, as `find_path`
  /// does): the checks of `find_path` (same statuses, same order), then the start node is
  /// pushed; nothing is expanded.
  /// @return `in_progress` (0 expanded, 1 generated, `finish = from`) or `find_path`'s refusal
  ///   (`unsupported`, `invalid_argument`, `invalid_endpoint`, region map `stale` /
  ///   `unreachable`; `finish_query` then writes what `find_path` writes).
  /// Complexity: the map's catch-up (see the class comment), else O(1).
  PathResult start_query(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                         const SearchOptions& options = {}) {
    return sliced_.start(search_, &own_map_, &last_sync_, nullptr, grid, layer, from, to, options);
  }

  /// Starts a query on a caller-owned `map` (kept by address until the query ends: it must
  /// outlive it), under the layer it was built with: `stale` at once unless `map.matches(grid)`,
  /// and later when the map is rebuilt or synced to another layer. Otherwise as above. O(1).
  PathResult start_query(const Grid& grid, const Map& map, GridCoord from, GridCoord to,
                         const SearchOptions& options = {}) {
    return sliced_.start(search_, nullptr, nullptr, &map, grid, map.layer(), from, to, options);
  }

  /// Runs at most `max_expansions` more expansions (0 or negative: none) of the query.
  /// @return `in_progress` (stats so far; `finish` = the expanded jump point closest to the goal
  ///   so far), or the final status, finish and stats of `find_path` (cost and moves 0 until
  ///   `finish_query`), again on later calls; `stale` when the grid (or a caller-owned map)
  ///   changed since `start_query`; `invalid_argument` with no query in progress.
  /// Complexity: that of the expansions run.
  PathResult continue_query(int max_expansions) { return sliced_.resume(search_, max_expansions); }

  /// Runs the rest of the search without a budget, writes every cell of the path into `out` as
  /// `find_path` does, and ends the query. Returns `find_path`'s result (with cost and moves);
  /// `stale` or `invalid_argument` as `continue_query` (then `out` is unchanged).
  /// Complexity: the rest of the search, plus O(path length).
  PathResult finish_query(std::vector<GridCoord>& out) { return sliced_.finish(search_, out); }

  /// Cancels the query in progress, if any (later calls: `invalid_argument`). O(1).
  void cancel_query() noexcept { sliced_.cancel(); }

  /// Whether a query was started and not yet finished or cancelled. O(1).
  [[nodiscard]] bool query_active() const noexcept { return sliced_.active(); }

  /// What the last `find_path(grid, layer, ...)` that searched did to its internal map (a
  /// diagnostic: `updated` means the edit log sufficed). `current` before any.
  [[nodiscard]] MapSync last_map_sync() const noexcept { return last_sync_; }

  /// The jump points of the path returned by the last `find_path` (start, each node of the
  /// chain, end), into `out`, capacity reused: consecutive points are joined by a diagonal-first
  /// segment. Empty when the last query had an invalid endpoint. O(jump points).
  void jump_points(std::vector<GridCoord>& out) const { search_.write_jump_points(out); }

  /// Bytes held: search state, open list and the internal map of `find_path(grid, layer, ...)`.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return search_.memory_bytes() + own_map_.memory_bytes();
  }

 private:
  friend struct detail::TestAccess;
  void force_generation(std::uint32_t g) noexcept { search_.debug_force_generation(g); }
  // One query on the searcher's own map (`own`) or a caller-owned one (`shared`): the front-end
  // (`detail::start_jump_query`), then the search and its output.
  PathResult query(Map* own, const Map* shared, const Grid& grid, const GridLayer& layer,
                   GridCoord from, GridCoord to, std::vector<GridCoord>& out,
                   const SearchOptions& options, bool turning_points) {
    sliced_.cancel();
    const detail::JumpQueryStart q = detail::start_jump_query<Map>(
        search_, own, &last_sync_, shared, grid, layer, from, to, &out, options);
    if (q.status != SearchStatus::found) return detail::refused_query(from, q.status);
    return detail::finish_jump_query(search(own != nullptr ? *own : *shared, q.unit_cost, from,
                                            q.target, out, options.limits, turning_points),
                                     q);
  }

  PathResult search(const Map& map, std::uint8_t unit_cost, GridCoord from, GridCoord to,
                    std::vector<GridCoord>& out, const SearchLimits& limits,
                    bool turning_points = false);

  detail::JumpPointSearch search_;
  Map own_map_;
  MapSync last_sync_ = MapSync::current;
  detail::SlicedJumpQuery<Map, Jump> sliced_;
};

// ---------------------------------------------------------------------------------------------
// Implementation

template <class Jump>
PathResult JumpPointSearcher<Jump>::search(const Map& map, std::uint8_t unit_cost, GridCoord from,
                                           GridCoord to, std::vector<GridCoord>& out,
                                           const SearchLimits& limits, bool turning_points) {
  PathResult r;
  r.finish = from;
  search_.ensure(static_cast<std::size_t>(map.cols()) * static_cast<std::size_t>(map.rows()));
  search_.run(
      map.cols(), map.rows(), from, to, limits, unit_cost,
      [&](int x, int y, std::uint8_t travel, auto& gen)
          PATHING_ALWAYS_INLINE { Jump{}(map, x, y, travel, to, gen); },
      r);
  if (turning_points) {
    search_.write_turning_points(r, out, unit_cost);
  } else {
    search_.write_path(r, out, unit_cost);
  }
  return r;
}

}  // namespace pathing
