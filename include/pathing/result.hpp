// pathing: fast grid path-finding. MIT licensed.
//
// What a search returns: status, statistics, bounded (GridPath) and unbounded results.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>

#include "pathing/coord.hpp"
#include "pathing/moves.hpp"
#include "pathing/path.hpp"

namespace pathing {

/// How a query ended. Every status but `found` comes with a partial path (possibly empty) to the
/// best cell reached: the one closest to the goal by the search's distance (Manhattan for
/// 4-connected, octile for 8-connected; GreedyBfs ranks 8-connected cells by its key
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
  stale,             ///< A derived structure (jump-point map, JPS+ table, distance or flow
                     ///< field, cache) was built from another grid, another version of the grid,
                     ///< another layer or other options, and could not be brought up to date
                     ///< here; nothing was searched (rebuild or `sync` it first).
  unsupported,       ///< The search cannot honour this layer or these options (for example
                     ///< jump point search on a layer whose passable cells do not all cost
                     ///< the same, or 4-connected moves); nothing was searched.
  invalid_argument,  ///< An option is out of its documented range (e.g. a heuristic weight
                     ///< below 1 or NaN); nothing was searched.
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

/// The options every grid search takes (`find_path(grid, layer, from, to, out, options)`), with
/// the same defaults for every search. A search that cannot honour one returns
/// `SearchStatus::unsupported`; a value out of range is `SearchStatus::invalid_argument`; either
/// way nothing is searched and the output is left unchanged.
struct SearchOptions {
  /// 4- or 8-connected moves (8: octile costs, no corner cutting). Default: eight.
  Connectivity connectivity = Connectivity::eight;
  /// Cut-offs (default: none).
  SearchLimits limits{};
  /// Heuristic weight w >= 1 (weighted A*: paths at most w times the optimum). 1: optimal. Below
  /// 1 or NaN: `invalid_argument`. Searches that only do optimal search (JPS) return
  /// `unsupported` for any other value than 1.
  double weight = 1.0;
};

/// Result of a bounded (seed-mode) search: at most 56 4-connected steps.
struct BoundedResult {
  GridPath steps;        ///< The path from the start, rewound.
  GridCoord finish;      ///< Where `steps` ends: the goal, or the best cell reached.
  int cost = 0;          ///< Greedy BFS: number of steps; A*: sum of the layer costs of
                         ///< the cells entered (cost units).
  bool partial = false;  ///< True unless `finish` is the goal.
  SearchStatus status = SearchStatus::found;  ///< Why the search ended.
  SearchStats stats;                          ///< Expanded / generated nodes.
};

/// Result of an unbounded search; the cells go to a caller-owned buffer.
struct PathResult {
  SearchStatus status = SearchStatus::found;  ///< Why the search ended.
  GridCoord finish;              ///< Last cell of the path: the goal, or the best cell reached.
  std::uint64_t cost_fixed = 0;  ///< Path cost in fixed point (see `cost::kStraight`).
  double cost = 0;               ///< Path cost in cost units, exact to double precision (for
                    ///< 8-connected paths on cost-1 layers this is the Moving AI length).
  std::uint32_t steps = 0;  ///< Number of moves (cells in the path minus 1).
  SearchStats stats;        ///< Expanded / generated nodes.

  /// True when the path reaches the goal.
  [[nodiscard]] constexpr bool found() const noexcept { return status == SearchStatus::found; }
  /// True unless the path reaches the goal.
  [[nodiscard]] constexpr bool partial() const noexcept { return status != SearchStatus::found; }
};

}  // namespace pathing
