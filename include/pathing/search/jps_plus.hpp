// pathing: fast grid path-finding. MIT licensed.
//
// JPS+ search: Jump Point Search over the precomputed jump distances of a `JpsPlusMap`.
#pragma once

#include <cstdint>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/precompute/jps_plus_map.hpp"
#include "pathing/search/jump/jps_plus_expand.hpp"
#include "pathing/search/jump_point_searcher.hpp"

namespace pathing {

namespace detail {
/// The jump policy of `JpsPlus` (see `JumpPointSearcher`): jumps read from a `JpsPlusMap`.
struct JpsPlusJump {
  using Map = JpsPlusMap;
  static constexpr const char* kName = "pathing::JpsPlus";
  template <class Gen>
  PATHING_ALWAYS_INLINE void operator()(const JpsPlusMap& map, int x, int y, std::uint8_t travel,
                                        GridCoord to, Gen& gen) const {
    jps_plus_expand(map, x, y, travel, to, gen);
  }
};
}  // namespace detail

/// JPS+ search over a `JpsPlusMap`: the pruning rules, options, statuses and results of `Jps`
/// (8-connected, no corner cutting, weight 1, UNIFORM COST: a layer whose passable cell values do
/// not all cost the same is `unsupported`; costs equal `AStar`'s), but every jump is a table
/// lookup instead of a scan. A diagonal jump hops from one diagonal jump point to the next,
/// generating the straight jump points found from each (those diagonal cells are not nodes, as in
/// "Improving Jump Point Search"); the goal is detected without scanning: when it lies within
/// reach along a straight direction, or in the quadrant of a diagonal direction such that the
/// diagonal-then-straight path to it stays within the distances of the table (Rabin's
/// "target jump point"), it is generated directly.
///
/// Results, statistics, partial paths, tie-breaking, memory and thread-safety as for `Jps`:
/// `out` gets every cell of the path; `jump_points()` the nodes. Allocation: none once warm.
///
/// Stale tables: `find_path(grid, layer, ...)` keeps an internal `JpsPlusMap` brought up to date
/// by `JpsPlusMap::sync`: O(1) when unchanged; after k <= 64 cell writes to the same grid object,
/// `update_cells` from the grid's edit log (O(k * (cols + rows)) plus the diagonal entries that
/// change; may allocate its scratch once); otherwise a full build (O(cells); timings:
/// docs/benchmarks.md).
/// `find_path(grid, map, ...)` returns `SearchStatus::stale` unless `map.is_current(grid)`.
using JpsPlus = JumpPointSearcher<detail::JpsPlusJump>;

}  // namespace pathing
