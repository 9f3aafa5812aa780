// pathing: fast grid path-finding. MIT licensed.
//
// What a search returns: status, statistics, bounded (GridPath) and unbounded results.
//
// One way of answering, library-wide: a result that carries a path (`PathResult`,
// `BoundedResult`, `GraphPathResult`, `ChainResult`) answers `found()`; a build, a field
// computation or a repair (`FieldStats`, `FieldRepairStats`, `Error`) answers `ok()`; both read
// the `status` (a `SearchStatus`, or the type's own enum) that says why.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>

#include "pathing/map/coord.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/map/path.hpp"

namespace pathing {

class RegionMap;
class ClearanceMap;
class LandmarkMap;

/// How a query ended. Every status but `found` comes with a partial path (possibly empty) to the
/// best cell reached: the one closest to the goal by the search's distance (Manhattan for
/// 4-connected, octile for 8-connected; GreedyBestFirst ranks 8-connected cells by its key
/// 5 max(dx, dy) + 2 min(dx, dy)), earliest expanded on ties.
enum class SearchStatus : std::uint8_t {
  found = 0,         ///< The path reaches the goal.
  unreachable,       ///< No path exists (within the bounded window, for bounded searches).
  too_far,           ///< Bounded mode: the goal needs more than 56 steps (A*: its cheapest
                     ///< path does), or lies more than 56 steps away or off the grid.
  invalid_endpoint,  ///< Start outside the grid (unbounded: start or goal). An impassable
                     ///< start is not invalid: its own cost is ignored.
  expansion_limit,   ///< `SearchLimits::max_expansions` stopped the search.
  cost_limit,        ///< `SearchLimits::max_cost` stopped the search.
  stale,             ///< A derived structure (jump-point map, JPS+ table, region map, distance
          ///< or flow field, cache) was built from another grid, another version of the grid,
          ///< another layer or other options, and could not be brought up to date
          ///< here; nothing was searched (rebuild or `sync` it first).
  unsupported,       ///< The search cannot honour this layer or these options (for example
                     ///< jump point search on a layer whose passable cells do not all cost
                     ///< the same, or 4-connected moves); nothing was searched.
  invalid_argument,  ///< An option is out of its documented range (e.g. a heuristic weight
                     ///< below 1 or NaN); nothing was searched. Sliced queries: a call with no
                     ///< query started (or after it was cancelled or finished).
  in_progress,       ///< Sliced queries (`start_query` / `continue_query`, docs/sliced.md): the
                     ///< search is not over yet; continue it. Never returned by `find_path`.
};

/// Lower-case name of a status ("found", "unreachable", ...).
[[nodiscard]] constexpr std::string_view to_string(SearchStatus s) noexcept {
  switch (s) {
    case SearchStatus::found:
      return "found";
    case SearchStatus::unreachable:
      return "unreachable";
    case SearchStatus::too_far:
      return "too_far";
    case SearchStatus::invalid_endpoint:
      return "invalid_endpoint";
    case SearchStatus::expansion_limit:
      return "expansion_limit";
    case SearchStatus::cost_limit:
      return "cost_limit";
    case SearchStatus::stale:
      return "stale";
    case SearchStatus::unsupported:
      return "unsupported";
    case SearchStatus::invalid_argument:
      return "invalid_argument";
    case SearchStatus::in_progress:
      return "in_progress";
  }
  return "unknown";
}

/// Work done by one query.
struct SearchStats {
  std::uint64_t expanded = 0;   ///< Nodes taken off the open list and expanded (closed).
  std::uint64_t generated = 0;  ///< Nodes pushed onto the open list (including re-openings).
};

/// Per-query cut-offs (warthog-style). A search that hits one stops and returns a partial result
/// with the matching status. Defaults: no limit.
struct SearchLimits {
  /// Stop after this many expansions.
  std::uint64_t max_expansions = std::numeric_limits<std::uint64_t>::max();
  /// Never generate nodes whose g exceeds this cost, in cost units (straight move of cost 1 =
  /// 1.0); a search that found no path and pruned some node ends with `cost_limit`. +inf (or any
  /// value of 2^38 units or more) means no limit; a negative value or NaN prunes every move (only
  /// `from == to` is found), as `cost::from_units` reads it.
  double max_cost = std::numeric_limits<double>::infinity();
};

/// The options every grid search takes (`GridSearcher`), with the same defaults and the same
/// meaning in every search. A search that cannot honour an option returns
/// `SearchStatus::unsupported` and searches nothing (e.g. jump point search with 4-connected moves
/// or a weight other than 1; greedy best-first with a finite `limits.max_cost`, since it keeps no
/// g); a value out of range (`weight` below 1 or NaN) gives `SearchStatus::invalid_argument`.
struct SearchOptions {
  /// 4- or 8-connected moves (8: octile costs, never cutting a corner). Default 8 everywhere.
  Connectivity connectivity = Connectivity::eight;
  /// Expansion and cost cut-offs (cost units). Default: none.
  SearchLimits limits{};
  /// Heuristic weight w >= 1 (weighted A*, Pohl 1970: f = g + w h; a found path costs at most w
  /// times the optimum). Default 1 (optimal). +inf is allowed (greedy ordering). Greedy
  /// best-first takes any valid weight and ignores it (it is the w -> inf limit already).
  double weight = 1.0;
  /// Connected regions of the grid under the search's layer (`RegionMap`), or null (default: the
  /// search floods the start's region to learn that a goal cannot be reached). When set, an
  /// unbounded search (`find_path`) first checks it in O(1): a map not current for the grid and
  /// layer (`RegionMap::is_current`) gives `SearchStatus::stale` (nothing searched, `out`
  /// unchanged); a goal that no path reaches (impassable, or in another region than the start, or
  /// than every passable orthogonal neighbour of an impassable start) gives `unreachable` at once:
  /// 0 expansions, `finish = from`, 0 moves, cost 0, `out` = {from}. Reachable goals are searched
  /// as without the map (same path, same statistics). Not read by the bounded `build_path`.
  const RegionMap* regions = nullptr;
  /// With `regions` set and a goal no path reaches: search instead to the reachable cell nearest
  /// to the goal (by the octile distance for 8-connected moves, Manhattan for 4-connected; ties:
  /// the smaller y, then the smaller x; the start itself counts as reachable), and report that
  /// path as a partial result: status `unreachable` (or the limit that stopped it), `finish` =
  /// that cell. Finding the cell costs O(r^2) cell reads for r the distance from the goal to it.
  /// Default false (answer at once). Ignored without `regions`.
  bool nearest_if_unreachable = false;
  /// Side of the unit's square body in cells (HAA* clearance; docs/clearance.md): the path is
  /// that of the body's anchor, its top-left cell; every cell under the body must be passable,
  /// entering an anchor costs the highest layer cost under the body there, and a diagonal move
  /// needs both bodies beside it to fit (`ClearanceMap`). 1 (default) is a one-cell unit, the
  /// plain search (`clearance` is then not read). A size above 1 needs `clearance`: null, a size
  /// below 1 or above `clearance->max_unit_size()` give `SearchStatus::invalid_argument`; a map
  /// not current for (grid, layer) gives `stale` (nothing searched, `out` unchanged). With a
  /// region map, it must be the one of the unit grid (`RegionMap(*clearance->unit_grid(k),
  /// clearance->unit_layer())`); with a jump-point map, one built on that unit grid.
  int unit_size = 1;
  /// The clearance map of the grid and layer searched, for `unit_size` above 1; not owned, only
  /// read during the call that takes the options (a sliced query's `start_query` and the calls
  /// after it: it must outlive the query).
  const ClearanceMap* clearance = nullptr;
  /// Landmark heuristics (`LandmarkMap`, docs/landmarks.md) for `AStar::find_path` and its
  /// sliced queries, or null (default: the octile or Manhattan bound alone). With a map, A*'s h
  /// is the larger of that bound and the landmarks' bound: the same optimal costs, far fewer
  /// expansions on weighted terrain. A map not current for the grid and layer searched (with
  /// `unit_size` above 1: the unit grid and `clearance->unit_layer()`) gives
  /// `SearchStatus::stale`; a map that does not serve the connectivity (a 4-connected map for
  /// 8-connected moves) gives `unsupported`; nothing is searched then and `out` is unchanged.
  /// Not owned; read during the call (a sliced query: until it ends). The other searches
  /// (greedy best-first, JPS, JPS+) answer `unsupported` when it is set.
  const LandmarkMap* landmarks = nullptr;
};

/// Result of an unbounded search (`find_path`); the cells go to a caller-owned buffer. The same
/// fields mean the same thing in every search and in `BoundedResult`.
struct PathResult {
  SearchStatus status = SearchStatus::found;  ///< Why the search ended.
  GridCoord finish;  ///< Last cell of the path: the goal, or the best cell reached.
  double cost = 0;   ///< Path cost in cost units: the layer costs of the cells entered, diagonal
                     ///< moves times sqrt(2), exact to double precision (for 8-connected paths on
                     ///< cost-1 layers this is the Moving AI length). The same path always gives
                     ///< the same value, bit for bit.
  std::uint32_t moves = 0;  ///< Number of moves (cells in the path minus 1).
  SearchStats stats;        ///< Expanded / generated nodes.

  /// True when the path reaches the goal.
  [[nodiscard]] constexpr bool found() const noexcept { return status == SearchStatus::found; }
  /// True unless the path reaches the goal.
  [[nodiscard]] constexpr bool partial() const noexcept { return status != SearchStatus::found; }
};

/// Result of a bounded (seed-mode) search (`build_path`): at most 56 4-connected moves in a
/// 16-byte `GridPath`. Fields as in `PathResult`.
struct BoundedResult {
  GridPath path;  ///< The moves from the start, rewound (ready to read with `next()`).
  SearchStatus status = SearchStatus::found;  ///< Why the search ended.
  GridCoord finish;  ///< Where `path` ends: the goal, or the best cell reached.
  double cost = 0;   ///< Sum of the layer costs of the cells entered, in cost units (every search,
                     ///< greedy best-first included).
  std::uint32_t moves = 0;  ///< Number of moves (`path.len()`).
  SearchStats stats;        ///< Expanded / generated nodes.

  /// True when the path reaches the goal.
  [[nodiscard]] constexpr bool found() const noexcept { return status == SearchStatus::found; }
  /// True unless the path reaches the goal.
  [[nodiscard]] constexpr bool partial() const noexcept { return status != SearchStatus::found; }
};

}  // namespace pathing
