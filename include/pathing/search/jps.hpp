// pathing: fast grid path-finding. MIT licensed.
//
// Jump Point Search, online: block-based (a 64-cell word a step) jumps over a JpsMap.
#pragma once

#include <cstdint>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/precompute/jps_map.hpp"
#include "pathing/search/jump/jps_expand.hpp"
#include "pathing/search/jump_point_searcher.hpp"

namespace pathing {

namespace detail {
/// The jump policy of `Jps` (see `JumpPointSearcher`): online jumps over a `JpsMap`.
struct JpsJump {
  using Map = JpsMap;
  static constexpr const char* kName = "pathing::Jps";
  template <class Gen>
  PATHING_ALWAYS_INLINE void operator()(const JpsMap& map, int x, int y, std::uint8_t travel,
                                        GridCoord to, Gen& gen) const {
    jps_expand(map, x, y, travel, to, gen);
  }
};
}  // namespace detail

/// Jump Point Search (D. Harabor and A. Grastien, "Online Graph Pruning for Pathfinding on Grid
/// Maps", AAAI 2011) for 8-connected grids WITHOUT corner cutting (the Moving AI benchmark rule:
/// a diagonal move needs both orthogonal cells it passes passable), with the block-based jumps of
/// "Improving Jump Point Search" (ICAPS 2014): straight jumps test a 64-cell word at a time on a
/// bit-packed row (`JpsMap`, vertical ones on its transposed copy) with count-trailing-zeros.
/// Diagonal jumps step one cell at a time and run the two straight scans from every cell; at a
/// diagonal cell where a scan finds something, the scans' results are generated directly (the
/// "intermediate" jump point is pruned, as in the ICAPS 2014 paper) and the cell itself is pushed
/// only to continue the diagonal later (see `detail::jps_expand`).
///
/// UNIFORM COST: the searches take only layers whose passable cell values (layer cost != 0) all
/// cost the same c (any c in 1..255), 8-connected moves, weight 1 and no landmark map (A* only);
/// anything else returns
/// `SearchStatus::unsupported` without searching (use `AStar`), a weight below 1 or NaN
/// `invalid_argument`. Paths are optimal for straight moves of c and diagonal moves of c sqrt(2),
/// the same costs as `AStar::find_path` with `Connectivity::eight` on that layer (`cost` to double
/// precision, bit for bit); `SearchLimits::max_cost` is in the same cost units.
///
/// Results are as for `AStar::find_path`: `out` gets EVERY cell of the path, start and end
/// included (the segment between two jump points is expanded diagonal-first); `stats` counts
/// nodes expanded (taken off the open list) and generated (pushed): jump points, the goal and the
/// diagonal cells pushed to continue a diagonal; `jump_points()` gives the nodes of the last
/// path. `find_turning_points` runs the same search and writes only the path's turning points
/// (O(jump points) instead of O(path length)). Partial results end at the expanded jump point
/// closest to the goal (octile distance), which may be farther from the goal than the closest
/// reachable cell; `max_cost` prunes jump points whose g exceeds it. The start cell's own
/// passability is ignored (a unit may stand on a blocked cell); a blocked goal is unreachable.
///
/// Tie-breaking: open list ordered by f = g + octile h, ties toward larger g, then an order fixed
/// by the pushes (see `detail::JumpPointSearch`); successors generated in the fixed order of
/// `detail::jps_directions`; first parent kept on equal g: deterministic.
///
/// Stale maps: `find_path(grid, layer, ...)` keeps an internal `JpsMap` and brings it up to date
/// itself (`JpsMap::sync`): O(1) when the grid and layer are unchanged, O(k) after k <= 64 cell
/// writes to the same grid object (from the grid's edit log), a rebuild (O(cells)) otherwise
/// (another grid, a copy or assignment, another layer, more than 64 writes). `find_path(grid,
/// map, ...)` takes a caller-owned map and returns `SearchStatus::stale` (nothing searched, `out`
/// unchanged) unless `map.is_current(grid)`: call `map.sync(grid, layer)` first. A path through a
/// cell the grid now blocks is never returned.
///
/// Memory: 36 bytes a grid cell of search state (node records, open-list pool and hot stack,
/// sized by `reserve` for the worst query: see `detail::JumpPointSearch`); `find_path(grid,
/// layer, ...)` also keeps a `JpsMap` (about 2 bits a cell). Allocation: none after `reserve` for
/// any query on a grid of at most that size (map in sync or caught up from the edit log).
/// Thread-safety: one Jps per thread; any number of them may share one `const JpsMap&`.
using Jps = JumpPointSearcher<detail::JpsJump>;

}  // namespace pathing
