// pathing: fast grid path-finding. MIT licensed.
//
// The query skeleton the cell-by-cell grid searches (AStar, GreedyBestFirst) share: argument
// checks, workspace sizing, connectivity dispatch and path output around a search loop of their
// own.
#pragma once

#include <cstdint>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/nodes/index_space.hpp"
#include "pathing/detail/nodes/reconstruct.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/search/bit_bfs/bit_bfs.hpp"
#include "pathing/search/query/query_start.hpp"
#include "pathing/search/query/region_check.hpp"
#include "pathing/search/result.hpp"

namespace pathing::detail {

/// The first half of an unbounded query (`find_path`, `start_query`) of a cell-by-cell grid
/// search: the front-end (`start_grid_query`: unit grid -> options, with `check_options` the
/// search's own -> endpoints -> regions, with `options.clearance` giving the unit grids); a query
/// it ends clears `last_query` (its answer is `refused_query(from, q.status)`, and `out` =
/// {from} was written for the region map's `unreachable` when `out` is not null). Else `ws`
/// grows to the searched grid's cell count (allocates only on a larger grid than before) and
/// `last_query` records its size: search `*q.grid` under `*q.layer` toward `q.target`.
/// O(1) without regions. Allocates only when `ws` grows (or `out` for the {from} answer).
template <class Workspace, class CheckOptions>
[[nodiscard]] PATHING_ALWAYS_INLINE inline QueryStart start_unbounded_query(
    const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
    std::vector<GridCoord>* out, const SearchOptions& options, Workspace& ws,
    LastQueryArea& last_query, CheckOptions&& check_options) {
  const QueryStart q = start_grid_query(grid, layer, from, to, out, options,
                                        UnitSource{options.clearance, false}, check_options);
  if (q.status != SearchStatus::found) {
    last_query = {};
    return q;
  }
  ws.ensure(q.grid->cell_count());
  last_query = {q.grid->cols(), q.grid->rows()};
  return q;
}

/// The second half of an unbounded query, after its search ended with `r.status`, `r.finish`
/// and `r.stats` set: a `found` becomes `unreachable` when the target stood in for the goal
/// (`partial`); `out` receives the cells from the start to `r.finish` through `ws`'s parent
/// directions, and `r.cost` (cost units, exact octile sum in double) and `r.moves` are set from
/// them. O(path length); allocates only when `out` grows.
template <class Workspace>
inline void finish_unbounded_query(const Workspace& ws, const Grid& grid, const GridLayer& layer,
                                   bool partial, PathResult& r, std::vector<GridCoord>& out) {
  if (partial && r.status == SearchStatus::found) r.status = SearchStatus::unreachable;
  const CellPathCost pc = reconstruct_cells(ws, GridSpace(grid.cols()), grid, layer, r.finish, out);
  r.cost = cost::exact_length(pc.straight, pc.diagonal);
  r.moves = pc.steps;
}

/// Runs one unbounded query (`find_path`) of a cell-by-cell grid search around its search loop:
/// `start_unbounded_query` (the front-end, answering at once when it decides), then
/// `run.template operator()<C>(grid, layer, space, target, r)` searches the grid and layer the
/// front-end chose (a unit grid for a unit size above 1) toward `target`, with C the options'
/// connectivity and a row-major `GridSpace` (it sets `r.status`, `r.finish`, `r.stats`), then
/// `finish_unbounded_query` writes the path into `out` with its cost and moves.
/// Complexity: that of `run`, plus O(path length); without regions the checks are a few
/// branches. Allocates only when `ws` or `out` grow.
template <class Workspace, class CheckOptions, class Run>
[[nodiscard]] inline PathResult run_unbounded_query(const Grid& grid, const GridLayer& layer,
                                                    GridCoord from, GridCoord to,
                                                    std::vector<GridCoord>& out,
                                                    const SearchOptions& options, Workspace& ws,
                                                    LastQueryArea& last_query,
                                                    CheckOptions&& check_options, Run&& run) {
  const QueryStart q =
      start_unbounded_query(grid, layer, from, to, &out, options, ws, last_query, check_options);
  if (q.status != SearchStatus::found) return refused_query(from, q.status);
  PathResult r;
  r.finish = from;
  const GridSpace space(q.grid->cols());
  if (options.connectivity == Connectivity::four) {
    run.template operator()<Connectivity::four>(*q.grid, *q.layer, space, q.target, r);
  } else {
    run.template operator()<Connectivity::eight>(*q.grid, *q.layer, space, q.target, r);
  }
  finish_unbounded_query(ws, *q.grid, *q.layer, q.partial, r, out);
  return r;
}

/// Runs one bounded query (`build_path`, the seed's 56-step API) of a grid search:
/// 1. `from` off the grid gives `invalid_endpoint` (empty path, `finish = from`); `from == to` an
///    empty, found path;
/// 2. with `regions` not null: `stale` (empty path, `finish = from`, nothing searched) unless
///    `regions->is_current(grid, layer)`; `unreachable` at once (the same empty result, 0
///    expansions) when `to` lies on the grid and no path reaches it (`check_regions`). A goal in
///    the start's region may still be `too_far` (more than 56 steps away): the map says nothing
///    about the window;
/// 3. with `bit_parallel`, the bit-parallel BFS answers when it can (`bit_parallel_bounded`;
///    `astar_ties` picks A*'s or greedy's statistics);
/// 4. else `window` grows to the 115 x 115 window once, and `run(space, target, r)` searches the
///    window centred on `from` toward `bounded_target(from, to)` (setting `r.status`, `r.finish`,
///    `r.stats`); the path is read back from `window`'s parents, and `r.cost = cost_of(r)` (cost
///    units).
/// Complexity: that of `run` (k <= 6613 window cells), plus O(56). Allocates only on first use.
template <class Workspace, class Run, class CostOf>
[[nodiscard]] inline BoundedResult run_bounded_query(const Grid& grid, const GridLayer& layer,
                                                     GridCoord from, GridCoord to, BitBfs& bfs,
                                                     bool bit_parallel, bool astar_ties,
                                                     Workspace& window, Run&& run, CostOf&& cost_of,
                                                     const RegionMap* regions = nullptr) {
  BoundedResult r;
  r.finish = from;
  if (!grid.in_bounds(from)) {
    r.status = SearchStatus::invalid_endpoint;
    return r;
  }
  if (from == to) return r;
  if (regions != nullptr) {
    if (!regions->is_current(grid, layer)) {
      r.status = SearchStatus::stale;
      return r;
    }
    if (grid.in_bounds(to) && !start_regions(*regions, from).contains(regions->region(to))) {
      r.status = SearchStatus::unreachable;
      return r;
    }
  }
  if (bit_parallel && bit_parallel_bounded(bfs, grid, from, to, layer, astar_ties, r)) return r;
  window.ensure(WindowSpace::kNodes);
  const WindowSpace space{from.x - WindowSpace::kRadius, from.y - WindowSpace::kRadius};
  // A goal off the grid can still be approached: the search heads for it (partial path).
  run(space, bounded_target(from, to), r);
  // A goal off the grid is never reached: `too_far` (result.hpp), also when the search ran out of
  // cells inside the window first.
  if (r.status == SearchStatus::unreachable && !grid.in_bounds(to))
    r.status = SearchStatus::too_far;
  r.path = reconstruct_steps(window, space, r.finish);
  r.moves = static_cast<std::uint32_t>(r.path.len());
  r.cost = cost_of(r);
  return r;
}

}  // namespace pathing::detail
