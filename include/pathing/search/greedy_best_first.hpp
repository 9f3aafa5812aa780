// pathing: fast grid path-finding. MIT licensed.
//
// Greedy best-first search: fast, not optimal.
#pragma once

#include <cstdint>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/nodes/index_space.hpp"
#include "pathing/detail/nodes/node_table.hpp"
#include "pathing/detail/queue/bucket_queue.hpp"
#include "pathing/detail/queue/hot_stack.hpp"
#include "pathing/detail/reserve.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/map/path.hpp"
#include "pathing/search/bit_bfs/bit_bfs.hpp"
#include "pathing/search/result.hpp"
#include "pathing/search/searcher.hpp"

namespace pathing {

/// Greedy best-first search (seed: "Zero alloc pathfinding in Go"): always expands the open cell
/// closest to the goal, ignoring the cost walked so far. Much less work than A* on open maps;
/// paths are valid but not always shortest. Layer costs only decide passability (any non-zero
/// cost is walkable); the reported cost of an unbounded path is still its layer cost.
///
/// Open list: a "hot" LIFO stack for moves that bring the search closer to the goal, then a
/// 64-bucket queue keyed by distance to the goal (Manhattan; 8-connected: 5 * max(dx, dy) +
/// 2 * min(dx, dy), i.e. octile in fifths of a cell) with an exact overflow heap for keys outside
/// its 64-key window (the seed's queue wrapped keys modulo 64 and lost its order past ~312 cells).
/// A cell is pushed once: the first time it is reached (the visited set is the generation-stamped
/// parent map). Neighbours are generated right, down, left, up (then down-right, down-left,
/// up-left, up-right), so ties are deterministic.
///
/// Modes, results, memory and thread-safety are as for `AStar`: `build_path` is the seed's bounded
/// 56-step search (constant memory), `find_path` the unbounded one (5 bytes a grid cell:
/// `detail::ParentWorkspace`, a 4-byte generation stamp and a 1-byte parent direction; no g).
/// Allocation: none once warm.
class GreedyBestFirst {
 public:
  /// A searcher with no memory yet; it grows on first use.
  GreedyBestFirst() = default;
  /// A searcher whose unbounded workspace is sized for `cols` x `rows` grids up front.
  GreedyBestFirst(int cols, int rows) { reserve(cols, rows); }

  /// Sizes the unbounded workspace for grids up to `cols` x `rows` cells (never shrinks): the
  /// node arrays (5 bytes a cell) and the open list, room for a quarter of the cells in the bucket
  /// queue, as many in its overflow heap and in the hot stack (about 9 bytes a cell; at least 1024
  /// entries each). A cell is pushed at most once, so the open list never holds more entries than
  /// the grid has cells; a quarter is far more than the queries on the Moving AI benchmark maps
  /// need, so in practice no query on such a grid allocates (if one did, the open list would grow
  /// once and keep its capacity).
  /// @throws std::invalid_argument naming the value for a negative side or a size beyond the
  ///         Grid's limits (0 reserves nothing). Without exceptions such a size changes nothing.
  void reserve(int cols, int rows) {
    detail::reserve_or_throw(cols, rows, "pathing::GreedyBestFirst",
                             [this](std::size_t n) { grow(n); });
  }

  /// The non-throwing form of `reserve`: false when `reserve` would throw, with nothing changed
  /// and `*error` (when not null) set to `ErrorCode::invalid_size` and a message naming the value
  /// (e.g. "pathing::GreedyBestFirst::reserve: cols = -1 is outside [0, 32768]"); false with
  /// `ErrorCode::out_of_memory` when an allocation fails (exceptions enabled). Else true.
  [[nodiscard]] bool try_reserve(int cols, int rows, Error* error = nullptr) noexcept {
    return detail::try_reserve_with(cols, rows, "pathing::GreedyBestFirst", error,
                                    [this](std::size_t n) { grow(n); });
  }

  /// Whether `build_path` may answer with the bit-parallel breadth-first search
  /// (`detail::BitBfs`; default true). Off, it always runs the greedy search, whose paths and
  /// statistics are those described above. O(1).
  void set_bit_parallel(bool on) noexcept { bit_parallel_ = on; }
  /// Whether `build_path` may use the bit-parallel search.
  [[nodiscard]] bool bit_parallel() const noexcept { return bit_parallel_; }

  /// Bounded search, the seed's `BuildPath`: 4-connected, at most 56 steps; arguments as for
  /// `AStar::build_path`. `cost` is the layer cost of the returned path. Unless
  /// `set_bit_parallel(false)`, a bit-parallel breadth-first search answers first when a path of at
  /// most 56 steps exists (`detail::BitBfs`: one 64-bit word a row, a few word operations a row and
  /// step, less work than the greedy search's queue on the seeds' maps): the path is then a
  /// shortest one, never longer than the greedy path, with the tie rule and statistics given at
  /// `AStar::build_path`. Otherwise the greedy search runs. Partial results end at the cell
  /// expanded closest to the goal (Manhattan, earliest on ties). See `AStar::build_path` for
  /// statuses. Complexity: O(k) for k cells within 57 steps of the start (k
  /// <= 6613), plus O(log) for keys outside the bucket window.
  BoundedResult build_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to);

  /// The same bounded search with the connected regions of `grid` under `layer` checked first
  /// (`SearchOptions::regions` for the bounded mode): `stale` (nothing searched, empty path,
  /// `finish = from`) unless `regions.is_current(grid, layer)`; `unreachable` at once (0
  /// expansions, empty path, `finish = from`) when `to` is on the grid and no path at all reaches
  /// it. Otherwise exactly `build_path(grid, layer, from, to)`: a goal in the start's region can
  /// still be `too_far` (the map knows nothing of the 56-step window). O(1) before the search.
  BoundedResult build_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                           const RegionMap& regions);

  /// The same bounded search for a unit of `unit_size` x `unit_size` cells (docs/clearance.md),
  /// as `AStar::build_path(grid, layer, from, to, clearance, unit_size)`: exactly
  /// `build_path(*clearance.unit_grid(unit_size), clearance.unit_layer(), from, to)`;
  /// `invalid_argument` for a size outside [1, `clearance.max_unit_size()`], `stale` unless
  /// `clearance.is_current(grid, layer)` (empty path, `finish = from`, nothing searched).
  BoundedResult build_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                           const ClearanceMap& clearance, int unit_size);

  /// The bounded search with the `SearchOptions` of `find_path` that the bounded mode has:
  /// `regions` (as `build_path(..., regions)`) and `unit_size` with `clearance` (as
  /// `build_path(..., clearance, unit_size)`; with both, the region map must be current for the
  /// unit grid and unit layer, as in `find_path`). A bounded path (`GridPath`) is 4-connected:
  /// `connectivity` is not read. Refused with `unsupported` (empty path, `finish = from`, nothing
  /// searched): a weight above 1, `landmarks`, `nearest_if_unreachable`, limits other than the
  /// defaults; with `invalid_argument`: a weight below 1 or NaN. The unit size is checked first
  /// (`invalid_argument`, `stale`), then the options, as in `find_path`. O(1) before the search.
  BoundedResult build_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                           const SearchOptions& options);

  /// Unbounded search over the whole grid, 4- or 8-connected (no corner cutting; default 8, as
  /// every search). Arguments as for `AStar::find_path`. `out` receives the cells from `from` to
  /// the end of the path (left unchanged when nothing was searched). `cost` is the layer cost of
  /// the returned path. Options: `limits.max_expansions` applies; a finite `limits.max_cost`
  /// gives `unsupported` (greedy search keeps no g, so it cannot honour it), and so do landmark
  /// heuristics (`landmarks`, A* only); any valid weight
  /// (>= 1) is accepted and changes nothing (greedy ordering is the w -> inf limit of weighted
  /// A*); a weight below 1 or NaN gives `invalid_argument`.
  PathResult find_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options = {});

  /// Whether the last unbounded query (`find_path`) expanded cell `c`. Same contract as
  /// `AStar::was_expanded`: exactly the `stats.expanded` cells (the goal of a `found` query is not
  /// expanded), false before the first unbounded query, after `invalid_endpoint` and outside that
  /// query's grid. O(1); not for hot paths.
  [[nodiscard]] bool was_expanded(GridCoord c) const noexcept {
    return last_query_.contains(c) && full_.stamps.is_closed(last_query_.index(c));
  }

  /// Bytes of working memory held.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return full_.bytes() + window_.bytes() + hot_.bytes() + queue_.bytes() + bit_bfs_.bytes();
  }

 private:
  friend struct detail::TestAccess;
  BoundedResult bounded_query(const Grid& grid, const GridLayer& layer, GridCoord from,
                              GridCoord to, const RegionMap* regions);
  void force_generation(std::uint32_t g) noexcept {
    full_.stamps.force_generation(g);
    window_.stamps.force_generation(g);
  }
  void grow(std::size_t n) {
    full_.ensure(n);
    const std::size_t entries = n / 4 < 1024 ? 1024 : n / 4;
    hot_.reserve(entries);
    queue_.reserve(entries);
    bit_bfs_.reserve();
  }

  struct Entry {
    std::uint32_t xy;     // detail::cell_key(x, y)
    std::uint32_t depth;  // steps from the start
  };

  template <Connectivity C>
  [[nodiscard]] static std::uint32_t key_of(int x, int y, GridCoord to) noexcept {
    const auto dx = static_cast<std::uint32_t>(x > to.x ? x - to.x : to.x - x);
    const auto dy = static_cast<std::uint32_t>(y > to.y ? y - to.y : to.y - y);
    if constexpr (C == Connectivity::four) {
      return dx + dy;
    } else {
      return dx > dy ? 5 * dx + 2 * dy : 5 * dy + 2 * dx;
    }
  }

  template <Connectivity C, class Space, bool Bounded>
  void search(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer,
              detail::ParentWorkspace& ws, const Space& space, const SearchLimits& limits,
              SearchStatus& status, GridCoord& finish, SearchStats& stats);

  detail::ParentWorkspace full_;
  detail::ParentWorkspace window_;
  detail::HotStack<Entry> hot_;
  detail::BucketQueue<Entry> queue_;
  detail::BitBfs bit_bfs_;  // bounded mode: the bit-parallel BFS tried first
  bool bit_parallel_ = true;
  detail::LastQueryArea last_query_;  // grid of the last unbounded query, for was_expanded
};

static_assert(BoundedGridSearcher<GreedyBestFirst>);

/// The former name of `GreedyBestFirst`, kept for one release. "Bfs" read as breadth-first
/// search, which this is not (the breadth-first search is `detail::BitBfs`).
using GreedyBfs [[deprecated("pathing::GreedyBfs is renamed pathing::GreedyBestFirst")]] =
    GreedyBestFirst;

}  // namespace pathing

#if !PATHING_COMPILED
#include "pathing/search/greedy_best_first/greedy_best_first_impl.hpp"
#endif
