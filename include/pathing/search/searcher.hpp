// pathing: fast grid path-finding. MIT licensed.
//
// The one searcher contract every grid search meets.
#pragma once

#include <concepts>
#include <cstddef>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/search/result.hpp"

namespace pathing {

/// A grid search (`AStar`, `GreedyBestFirst`, `Jps`, `JpsPlus`, or a user type) callable alike:
/// - `s.find_path(grid, layer, from, to, out, options) -> PathResult`: the unbounded query, the
///   cells of the path written to `out` (capacity reused), `options` (`SearchOptions`) with the
///   same defaults everywhere (8-connected, no limits, weight 1). Never throws: a layer or option
///   the search cannot honour gives `SearchStatus::unsupported`, one out of range
///   `invalid_argument`, an endpoint off the grid `invalid_endpoint`, a derived structure that
///   does not match the grid `stale`; then nothing is searched and `out` is unchanged.
/// - `s.reserve(cols, rows)`: sizes the workspace so that no query on a grid of at most that
///   size allocates.
/// - `s.memory_bytes()`: bytes of working memory held.
/// Every searcher is a value that owns its scratch memory: one per thread, reused across queries
/// (zero allocations per warm query); any number may read one `const Grid&` at once.
/// See docs/contract.md for the design.
template <class S>
concept GridSearcher = requires(S& s, const S& cs, const Grid& grid, const GridLayer& layer,
                                GridCoord from, GridCoord to, std::vector<GridCoord>& out,
                                const SearchOptions& options) {
  { s.find_path(grid, layer, from, to, out, options) } -> std::same_as<PathResult>;
  { s.find_path(grid, layer, from, to, out) } -> std::same_as<PathResult>;
  s.reserve(1, 1);
  { cs.memory_bytes() } -> std::convertible_to<std::size_t>;
};

/// A search with the seeds' bounded mode: `s.build_path(grid, layer, from, to) ->
/// BoundedResult`, 4-connected, at most 56 moves in a 16-byte `GridPath`, constant memory
/// whatever the grid's size; a partial result ends at a cell strictly closer to the goal than
/// `from`, or is empty (`chain_paths` relies on it). Never throws.
template <class S>
concept BoundedSearcher = requires(S& s, const Grid& grid, const GridLayer& layer, GridCoord from,
                                   GridCoord to) {
  { s.build_path(grid, layer, from, to) } -> std::same_as<BoundedResult>;
};

/// A `GridSearcher` that is also a `BoundedSearcher` (`AStar`, `GreedyBestFirst`).
template <class S>
concept BoundedGridSearcher = GridSearcher<S> && BoundedSearcher<S>;

}  // namespace pathing
