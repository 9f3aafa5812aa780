// pathing: fast grid path-finding. MIT licensed.
//
// Chaining bounded searches: routes longer than a GridPath's 56 steps.
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/path.hpp"
#include "pathing/search/result.hpp"
#include "pathing/search/searcher.hpp"

namespace pathing {

/// How `chain_paths` ended.
enum class ChainStatus : std::uint8_t {
  reached = 0,       ///< The last segment ends at the goal.
  no_progress,       ///< A bounded search could not get closer to the goal than where the chain
                     ///< stands (dead end larger than the search window, or goal unreachable);
                     ///< `ChainResult::last_search` says which.
  segment_limit,     ///< `max_segments` segments were appended before the goal was reached.
  invalid_endpoint,  ///< The start is off the grid; nothing was appended.
};

/// Lower-case name of a chain status ("reached", "no_progress", ...).
[[nodiscard]] constexpr std::string_view to_string(ChainStatus s) noexcept {
  switch (s) {
    case ChainStatus::reached:
      return "reached";
    case ChainStatus::no_progress:
      return "no_progress";
    case ChainStatus::segment_limit:
      return "segment_limit";
    case ChainStatus::invalid_endpoint:
      return "invalid_endpoint";
  }
  return "unknown";
}

/// What `chain_paths` did.
struct ChainResult {
  ChainStatus status = ChainStatus::reached;  ///< Why the chain ended.
  GridCoord finish;            ///< Where the appended segments end (the start if none).
  std::uint32_t segments = 0;  ///< GridPaths appended to the caller's buffer.
  std::uint32_t moves = 0;     ///< 4-connected moves in those segments.
  double cost = 0;             ///< Sum of the segments' `BoundedResult::cost`: the layer costs of
                               ///< the cells entered, in cost units.
  SearchStatus last_search = SearchStatus::found;  ///< Status of the last bounded search run.
  SearchStats stats;  ///< Expansions and generations summed over the searches.

  /// True when the chain reaches the goal (paths answer `found()`, as `PathResult` does).
  [[nodiscard]] constexpr bool found() const noexcept { return status == ChainStatus::reached; }
  /// The former name of `found()`, kept for one release.
  [[deprecated("use found()")]] [[nodiscard]] constexpr bool reached() const noexcept {
    return found();
  }
};

/// Routes from `from` to `to` with repeated bounded (56-step) searches: each search starts where
/// the previous partial path ended and its path is appended to `out` as one `GridPath` segment,
/// until a segment reaches the goal (seed: "What if you need a path longer than 54 cells? Build
/// multiple paths!"). Use `chain_to_cells` to flatten the segments, or walk them one by one with a
/// `DiagonalWalker`.
///
/// Every partial segment ends strictly closer to the goal (Manhattan distance) than it started, so
/// the chain stops after at most manhattan(from, to) segments; it stops early with `no_progress`
/// when a search cannot get closer (the chain is greedy: a dead end wider than the 57-cell search
/// window that the unbounded `find_path` would walk out of stops it), and with `segment_limit`
/// after `max_segments` segments (a per-tick budget, say; call again from `finish` to continue).
/// Segments appended before a stop stay in `out` (the route so far); `from == to` appends nothing
/// and reports `reached`.
///
/// Paths are 4-connected and each segment is optimal (A*) or greedy (GreedyBestFirst) only within
/// its window: the whole route is not optimal. Complexity: one bounded search per segment.
/// Allocation: none once `out` has capacity (the searchers' own workspaces are reused).
template <BoundedSearcher S>
ChainResult chain_paths(S& searcher, const Grid& grid, const GridLayer& layer, GridCoord from,
                        GridCoord to, std::vector<GridPath>& out,
                        std::uint32_t max_segments = std::numeric_limits<std::uint32_t>::max()) {
  ChainResult r;
  r.finish = from;
  if (!grid.in_bounds(from)) {
    r.status = ChainStatus::invalid_endpoint;
    r.last_search = SearchStatus::invalid_endpoint;
    return r;
  }
  GridCoord at = from;
  while (at != to) {
    if (r.segments >= max_segments) {
      r.status = ChainStatus::segment_limit;
      break;
    }
    const BoundedResult b = searcher.build_path(grid, layer, at, to);
    r.last_search = b.status;
    r.stats.expanded += b.stats.expanded;
    r.stats.generated += b.stats.generated;
    const bool closer = manhattan_distance(b.finish, to) < manhattan_distance(at, to);
    if (b.path.empty() || (b.status != SearchStatus::found && !closer)) {
      r.status = ChainStatus::no_progress;
      break;
    }
    out.push_back(b.path);
    ++r.segments;
    r.moves += b.moves;
    r.cost += b.cost;
    at = b.finish;
  }
  r.finish = at;
  return r;
}

}  // namespace pathing
