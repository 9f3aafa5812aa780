// pathing: fast grid path-finding. MIT licensed.
//
// The bookkeeping of a sliced query (`start_query` / `continue_query` / `finish_query` of AStar,
// Jps, JpsPlus): the phase, the grid it was started on, its arguments and its result so far.
#pragma once

#include <cstdint>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/search/query/query_start.hpp"
#include "pathing/search/result.hpp"

namespace pathing::detail {

/// What a searcher remembers of its sliced query between calls (the loop's own carried locals
/// live with the loop). The shape is Detour's `initSlicedFindPath` / `updateSlicedFindPath` /
/// `finalizeSlicedFindPath` (recastnavigation): start, advance by a budget of iterations,
/// finalize into the caller's buffer.
///
/// Phases: `idle` (no query: never started, cancelled, finished, or superseded by another query
/// of the same searcher), `searching` (`result.status` is `in_progress`), `done` (`result` is
/// final: a search that ended, `searched`; or a query refused at the start, or found stale).
/// The grid is kept by address and identified by (`instance_id()`, `version()`) at the start:
/// any change makes the query `stale`. The layer and options are copied (the region map pointer
/// is only read at the start and is not kept). O(1) everywhere, no allocation.
struct SlicedQuery {
  enum class Phase : std::uint8_t { idle, searching, done };
  Phase phase = Phase::idle;
  bool searched = false;       // done: a search ran, its path is in the node records
  bool out_is_from = false;    // done, not searched: `finish_query` writes {from} (regions)
  bool partial = false;        // the target stands in for an unreachable goal (regions)
  const Grid* grid = nullptr;  // the grid searched (a unit grid for a unit size above 1)
  std::uint64_t grid_id = 0;
  std::uint64_t grid_version = 0;
  const Grid* source = nullptr;  // the grid the caller passed to `start_query`
  std::uint64_t source_id = 0;
  std::uint64_t source_version = 0;
  GridLayer layer;
  GridCoord from{};
  GridCoord target{};
  Connectivity connectivity = Connectivity::eight;
  SearchLimits limits{};
  double weight = 1.0;
  const LandmarkMap* landmarks = nullptr;  // A*: the options' landmark map
  PathResult result;                       // status in_progress while searching; stats so far

  /// Records a query started on `g` (its identity now), in phase `searching`.
  void begin(const Grid& g, const GridLayer& l, GridCoord f, GridCoord t,
             const SearchOptions& o) noexcept {
    phase = Phase::searching;
    searched = false;
    out_is_from = false;
    partial = false;
    grid = &g;
    grid_id = g.instance_id();
    grid_version = g.version();
    source = &g;
    source_id = grid_id;
    source_version = grid_version;
    layer = l;
    from = f;
    target = t;
    connectivity = o.connectivity;
    limits = o.limits;
    weight = o.weight;
    landmarks = o.landmarks;
    result = PathResult{};
    result.status = SearchStatus::in_progress;
    result.finish = f;
  }

  /// Searches `g` under `l` instead of the grid and layer given to `begin` (a unit size above 1:
  /// the clearance map's unit grid and layer); the query still turns stale when the grid given
  /// to `begin` changes. O(1).
  void search_on(const Grid& g, const GridLayer& l) noexcept {
    grid = &g;
    grid_id = g.instance_id();
    grid_version = g.version();
    layer = l;
  }

  /// Continues `begin` with the front-end's decision `q` (`start_grid_query`): a query it ended
  /// is refused (`refused_query(from, q.status)`; `finish_query` writes {from} when `q.from_only`)
  /// and that answer returned; else the query searches `*q.grid` under `*q.layer` toward
  /// `q.target` (`search_on`) and the result so far (`in_progress`) is returned. O(1).
  PathResult start(const QueryStart& q) noexcept {
    if (q.status != SearchStatus::found) return refuse(refused_query(from, q.status), q.from_only);
    search_on(*q.grid, *q.layer);
    target = q.target;
    partial = q.partial;
    return result;
  }

  /// Bookkeeping after a slice of the search loop wrote `result`: a search that ended (status
  /// not `in_progress`) makes the query `done` (`searched`), a `found` toward a stand-in target
  /// (`partial`) becoming `unreachable`. Returns `result`. O(1).
  PathResult end_slice() noexcept {
    if (result.status != SearchStatus::in_progress) {
      phase = Phase::done;
      searched = true;
      if (partial && result.status == SearchStatus::found)
        result.status = SearchStatus::unreachable;
    }
    return result;
  }

  /// The `continue_query` of every sliced query: `invalid_argument` with no query (`no_query`),
  /// the final result when `done`, `stale` (`make_stale`) when `changed()` (the grid, or a
  /// structure the search reads, changed since the start), the result so far for a budget of 0
  /// or less, else `step(budget)`: at most `max_expansions` more expansions of the loop, which
  /// returns the result after them (`end_slice`). O(1) besides `step`.
  template <class Changed, class Step>
  PathResult resume(int max_expansions, Changed&& changed, Step&& step) {
    if (phase == Phase::idle) return no_query();
    if (phase == Phase::done) return result;
    if (changed()) return make_stale();
    if (max_expansions <= 0) return result;
    return step(static_cast<std::uint64_t>(max_expansions));
  }

  /// The `finish_query` of every sliced query: `invalid_argument` with no query; a query that
  /// searched, or is searching, answers `stale` when `changed()`, else runs the rest of the
  /// search (`step` with an unlimited budget) and `write_path(result, out)` writes its path; a
  /// query refused at its start writes what `finish_unsearched` writes. The query becomes `idle`.
  /// Returns the final result. O(1) besides `step` and `write_path`.
  template <class Changed, class Step, class WritePath>
  PathResult finish(std::vector<GridCoord>& out, Changed&& changed, Step&& step,
                    WritePath&& write_path) {
    if (phase == Phase::idle) return no_query();
    if (!searched && phase != Phase::searching) return finish_unsearched(out);
    if (changed()) {
      const PathResult r = make_stale();
      phase = Phase::idle;
      return r;
    }
    if (phase == Phase::searching) step(~std::uint64_t{0});
    write_path(result, out);
    phase = Phase::idle;
    return result;
  }

  /// Ends the query at its start with `r` (a refusal, or `unreachable` from the region map:
  /// then `out_is_from`). Returns `r`.
  PathResult refuse(const PathResult& r, bool from_only) noexcept {
    phase = Phase::done;
    searched = false;
    out_is_from = from_only;
    result = r;
    return r;
  }

  /// Whether the grid the query was started on, or the grid it searches, changed since
  /// (written, assigned, or another grid object now lives at its address). Reads both grids:
  /// they must still exist.
  [[nodiscard]] bool grid_changed() const noexcept {
    return source->instance_id() != source_id || source->version() != source_version ||
           grid->instance_id() != grid_id || grid->version() != grid_version;
  }

  /// Ends a query whose grid changed: `stale`, `finish = from`, no path, the work done so far in
  /// `stats`. Returns that result.
  PathResult make_stale() noexcept {
    phase = Phase::done;
    searched = false;
    out_is_from = false;
    result.status = SearchStatus::stale;
    result.finish = from;
    result.cost = 0;
    result.moves = 0;
    return result;
  }

  /// The answer of a call made with no query (`idle`): `invalid_argument`, nothing else set.
  [[nodiscard]] static PathResult no_query() noexcept {
    PathResult r;
    r.status = SearchStatus::invalid_argument;
    return r;
  }

  /// A `finish_query` of a `done` query that did not search: `out` = {from} after a region map's
  /// `unreachable`, else unchanged; the query becomes `idle`. Returns the result.
  PathResult finish_unsearched(std::vector<GridCoord>& out) {
    if (out_is_from) out.assign(1, from);
    phase = Phase::idle;
    return result;
  }
};

}  // namespace pathing::detail
