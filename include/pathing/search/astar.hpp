// pathing: fast grid path-finding. MIT licensed.
//
// A* on the grid: bounded (seed mode, GridPath) and unbounded (whole grid, 4/8-connected).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/moves/cell_reader.hpp"
#include "pathing/detail/nodes/index_space.hpp"
#include "pathing/detail/nodes/node_table.hpp"
#include "pathing/detail/queue/binary_heap.hpp"
#include "pathing/detail/queue/level_queue.hpp"
#include "pathing/detail/queue/two_level_queue.hpp"
#include "pathing/detail/reserve.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/map/path.hpp"
#include "pathing/search/bit_bfs/bit_bfs.hpp"
#include "pathing/search/query/sliced_query.hpp"
#include "pathing/search/result.hpp"
#include "pathing/search/searcher.hpp"

namespace pathing {

/// A* search (Hart, Nilsson & Raphael 1968) on a `Grid` read through a `GridLayer`; seed:
/// "Going A-star". Costs come from the layer: entering a cell of layer cost c costs c (straight) or
/// c * sqrt(2) (diagonal); 0 = impassable. The heuristic is Manhattan (4-connected) or octile
/// (8-connected) distance times the layer's smallest cost, so paths are optimal; with landmarks
/// (`SearchOptions::landmarks`, a `LandmarkMap`: ALT, docs/landmarks.md) h is the larger of that
/// and the landmarks' bound, still admissible and consistent: the same costs, fewer expansions
/// on weighted terrain.
///
/// Two modes:
/// - `build_path` (bounded, the seed's API): 4-connected, at most 56 steps, search confined to the
///   window of cells within 57 steps of the start; memory is constant (about 225 KB, plus
///   about 52 KB for the bit-parallel BFS tried first on uniform-cost layers, 17 KB more for each
///   further grid or layer among the last four it caches) whatever the grid's size. Returns a
///   16-byte `GridPath`. Each step also costs one fixed-point unit (2^-24 of a cost unit) and h
///   counts the steps left too, so among the cheapest paths the one with the fewest steps wins;
///   nodes deeper than 56 steps are closed unexpanded, and the search gives up (`too_far`) only
///   once f exceeds the dearest path of 56 steps.
/// - `find_path` (unbounded): the whole grid, any length, 4- or 8-connected; writes the cells into
///   a caller-owned vector whose capacity is reused. Memory: 16 bytes a grid cell (node records),
///   grown on the first query on a larger grid, plus the open list (as large as the queries need
///   it; about 16 bytes a cell once `reserve` was called).
///
/// Open list and ties (deterministic: the same query always gives the same path):
/// - f = g + h, and among equal f the larger g first, then the smaller cell index (row-major,
///   y * cols + x): exactly the order of a textbook A* whose priority queue sorts by (f, larger g,
///   smaller index), hence the same expansions, on 8-connected layers whose passable cells all
///   cost the same (tested against one). With mixed costs, successors that one expansion pushes
///   under the current f are taken last generated first. The open list is a
///   `detail::LevelQueue`: one list per distinct f, a radix heap of the distinct f values, each
///   list sorted by g when its f is reached.
/// - 4-connected on such a uniform-cost layer f only takes two values at a time (f and f + 2c;
///   bounded mode: f and f + 2 (c + 1 unit)), and the open list is two stacks
///   (`detail::TwoLevelQueue`): ties in f go to the most recently generated node (a depth-first
///   dive, which also favours larger g).
/// - Weighted (`SearchOptions::weight` > 1): a binary heap of (f, then smaller weighted h, i.e.
///   larger g, then smaller y, then smaller x).
/// Duplicates are pushed instead of decreased and dropped when their f is reached or when popped
/// (lazy deletion). Closed set and g costs live in generation-stamped node records, so starting a
/// query is O(1): nothing in a query scales with the grid's size.
///
/// Hot loop (its measurements: docs/benchmarks.md): neighbour
/// passability and costs from three 16-bit loads of the packed grid (`detail::CellReader`; no
/// bounds checks off the border; 8-connected: the 3 x 3 block's passability from three look-ups
/// in a `detail::PassTable` and one in a table of moves), neighbour records at constant offsets
/// from three row addresses, compile-time neighbour directions, closed records holding g = 0
/// (one comparison rejects closed and no-better successors), the parent skipped, 4-connected f
/// updated incrementally, no virtual calls or std::function.
///
/// Allocation: none once warm (the open list and arrays keep their capacity). The object itself
/// is about 10.5 KB (the open list's level cache and buckets; a 4 KB passability table for the
/// 8-connected searches, rebuilt only when a query's layer passes other cell values than the
/// previous 8-connected query's: O(4096) then, O(16) otherwise).
/// Thread-safety: one AStar per thread; many AStars may read the same `const Grid&`
/// concurrently.
class AStar {
 public:
  /// An A* searcher with no memory yet; it grows on first use.
  AStar() = default;
  /// An A* searcher whose unbounded workspace is sized for grids of `cols` x `rows` cells, so the
  /// first query allocates nothing either.
  AStar(int cols, int rows) { reserve(cols, rows); }

  /// Sizes the unbounded workspace for grids up to `cols` x `rows` cells (never shrinks): the
  /// node records (16 bytes a cell) and the open lists, room for half a cell's worth of entries
  /// (about 16 bytes a cell; at least 1024 entries). With lazy deletion the open list could in
  /// theory outgrow that; the largest seen is about 0.375 entries a cell (a 4-connected flood of a
  /// 256 x 256 map with an unreachable goal) and at most 0.125 on the Moving AI benchmark maps, so
  /// in practice no query on such a grid allocates; if one did, the open list would grow once and
  /// keep its capacity.
  /// @throws std::invalid_argument naming the value for a negative side or a size beyond the
  ///         Grid's limits (0 reserves nothing). Without exceptions such a size changes nothing.
  void reserve(int cols, int rows) {
    detail::reserve_or_throw(cols, rows, "pathing::AStar", [this](std::size_t n) { grow(n); });
  }

  /// The non-throwing form of `reserve`: false when `reserve` would throw, with nothing changed
  /// and `*error` (when not null) set to `ErrorCode::invalid_size` and a message naming the value
  /// (e.g. "pathing::AStar::reserve: cols = -1 is outside [0, 32768]"); false with
  /// `ErrorCode::out_of_memory` when an allocation fails (exceptions enabled). Else true.
  [[nodiscard]] bool try_reserve(int cols, int rows, Error* error = nullptr) noexcept {
    return detail::try_reserve_with(cols, rows, "pathing::AStar", error,
                                    [this](std::size_t n) { grow(n); });
  }

  /// Whether `build_path` may answer with the bit-parallel breadth-first search
  /// (`detail::BitBfs`) on layers whose passable cells all cost the same (default true). Off, it
  /// always runs the cell-by-cell A*, whose ties and statistics are those described above. O(1).
  void set_bit_parallel(bool on) noexcept { bit_parallel_ = on; }
  /// Whether `build_path` may use the bit-parallel search.
  [[nodiscard]] bool bit_parallel() const noexcept { return bit_parallel_; }

  /// Bounded search, the seed's `BuildPath`: 4-connected, at most 56 steps.
  ///
  /// On a layer whose passable cell values all cost the same c, the fewest steps is the cheapest
  /// path, and (unless `set_bit_parallel(false)`) a bit-parallel breadth-first search over the
  /// box that can hold a path of at most 56 steps answers first: one 64-bit word a row, a few
  /// word operations a row and step (`detail::BitBfs`). When it finds the goal the result is a
  /// shortest path with its tie rule (walking back from the goal, repeat the next step's
  /// direction where possible, else the first of right, down, left, up) and its work in `stats`
  /// (expanded: cells nearer than the goal's layer; generated: cells reached). Otherwise (no path
  /// of at most 56 steps, goal off the grid or impassable, mixed costs) the cell-by-cell A* below
  /// runs and gives the partial result.
  ///
  /// @param grid the map; only read.
  /// @param layer move costs of the cell values (0 = impassable).
  /// @param from start cell (its own cost is ignored: a unit may stand on its own blocked cell).
  /// @param to goal cell; may lie off the grid (the search then heads toward it: `too_far`).
  /// @return `path` from `from` toward `to`; `cost` = sum of the layer costs of the cells
  ///   entered; unless the goal was reached (`partial()`), `finish` is the cell reached closest to
  ///   the goal (Manhattan; the earliest expanded on ties) and `status` says why (`too_far`: the
  ///   goal needs more than 56 steps; `unreachable`; `invalid_endpoint` for a start outside the
  ///   grid, with an empty path and finish = from). `from == to` gives an empty, found path.
  /// Bounded mode is always 4-connected and unweighted, with no limits but the 56-step window.
  /// Complexity: O(k log k) for k cells within 57 steps of the start (k <= 6613).
  BoundedResult build_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to);

  /// The same bounded search with the connected regions of `grid` under `layer` checked first
  /// (`SearchOptions::regions` for the bounded mode): `stale` (nothing searched, empty path,
  /// `finish = from`) unless `regions.is_current(grid, layer)`; `unreachable` at once (0
  /// expansions, empty path, `finish = from`) when `to` is on the grid and no path at all reaches
  /// it. Otherwise exactly `build_path(grid, layer, from, to)`: a goal in the start's region can
  /// still be `too_far` (the map knows nothing of the 56-step window). O(1) before the search.
  BoundedResult build_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                           const RegionMap& regions);

  /// The same bounded search for a unit of `unit_size` x `unit_size` cells (docs/clearance.md):
  /// exactly `build_path(*clearance.unit_grid(unit_size), clearance.unit_layer(), from, to)`, the
  /// anchors' path (top-left cells of the body). `invalid_argument` (empty path, `finish =
  /// from`, nothing searched) for a size outside [1, `clearance.max_unit_size()`]; `stale` (the
  /// same) unless `clearance.is_current(grid, layer)`. O(1) before the search.
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

  /// Unbounded search over the whole grid.
  ///
  /// @param grid the map; only read.
  /// @param layer move costs of the cell values (0 = impassable).
  /// @param from start cell (its own cost is ignored).
  /// @param to goal cell.
  /// @param out receives the cells from `from` to the path's end, both included (cleared first;
  ///   left unchanged when the status is `invalid_endpoint` or `invalid_argument`).
  /// @param options connectivity (default 8: octile costs, no corner cutting), expansion and cost
  ///   limits, and the heuristic weight w [Limits: w >= 1, up to +inf]: weighted A* (Pohl 1970;
  ///   the roguelike seed's "overestimating heuristic"), f = g + w h, fewer expansions and a path
  ///   costing at most w times the optimum (the weighted h saturates at 2^62 fixed-point units:
  ///   greedy ordering); `regions` (a `RegionMap`: a goal no path reaches is `unreachable` at
  ///   once, 0 expansions, `out` = {from}; a map not current for (grid, layer) is `stale`) and
  ///   `nearest_if_unreachable` (docs/regions.md); `landmarks` (a `LandmarkMap`: landmark
  ///   heuristics, docs/landmarks.md; `stale` when not current for the grid and layer searched,
  ///   `unsupported` for a 4-connected map and 8-connected moves; the partial result of a search
  ///   that ends without the goal is still the expanded cell of smallest octile distance).
  /// @return `found`, or a partial result ending at the cell closest to the goal that was
  ///   expanded, with the status that stopped the search (`unreachable`, `expansion_limit`,
  ///   `cost_limit`); `invalid_endpoint` when `from` or `to` is outside the grid;
  ///   `invalid_argument` for a weight below 1 or NaN (nothing searched); `stale` for a region
  ///   or landmark map that is not current, `unsupported` for a landmark map of other moves
  ///   (nothing searched, `out` unchanged).
  /// Complexity: O(n log k) for n cells expanded (at most the reachable area) and k distinct f
  /// values open at once (tens to hundreds on game maps; O(n) 4-connected on uniform layers, O(n
  /// log n) weighted); starting a query is O(1); nothing scales with the grid's size except a
  /// first use on a larger grid.
  PathResult find_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options = {});

  /// Sliced queries (Detour's `initSlicedFindPath` / `updateSlicedFindPath` /
  /// `finalizeSlicedFindPath`, recastnavigation): the query of `find_path`, run a budget of
  /// expansions at a time, so that a game spreads its queries over several frames; docs/sliced.md.
  /// `start_query` checks the arguments and prepares the search (no expansion);
  /// `continue_query(n)` expands at most n more nodes; `finish_query(out)` writes the path. The
  /// result equals `find_path(grid, layer, from, to, out, options)` exactly, whatever the
  /// budgets: status, finish, cost, moves, `stats.expanded` and `stats.generated`, and the cells
  /// (the very same search loop runs, paused between two pops of the open list).
  ///
  /// One query at a time per searcher: `start_query` replaces the query in progress, and any
  /// other query of this object (`find_path`, `build_path`) or `cancel_query` cancels it (later
  /// calls answer `invalid_argument`). The searcher keeps the address of `grid`: the grid must
  /// outlive the query (until `finish_query` or `cancel_query`). The layer and options are
  /// copied (`options.regions` is only read by `start_query`). Allocation: none once warm, as
  /// `find_path`. Thread-safety: as the class (one AStar per thread); the grid must not be written
  /// while a call runs, but may be written between calls: the query then turns `stale`.
  ///
  /// Starts a sliced query: the checks of `find_path` (same arguments, same statuses, in the same
  /// order: `invalid_argument`, `invalid_endpoint`, and with `options.regions` set `stale` or
  /// `unreachable` at once), then the start node is put on the open list; nothing is expanded.
  /// @return `in_progress` (stats: 0 expanded, 1 generated; `finish = from`), or the final answer
  ///   of a query refused at the start, exactly `find_path`'s (`finish_query` then writes what
  ///   `find_path` writes: `out` unchanged, or {from} for a region map's `unreachable`).
  /// Complexity: O(1) (plus the region map's check, and the workspace growing on a larger grid
  /// than before, as `find_path`).
  PathResult start_query(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                         const SearchOptions& options = {});

  /// Runs at most `max_expansions` more expansions of the query `start_query` started (an
  /// expansion as in `stats.expanded`; taking the goal or a stale duplicate off the open list is
  /// not one). The search pauses between two pops once the budget is spent, and resumes there.
  /// @param max_expansions the budget of this call; 0 or negative: nothing is done.
  /// @return `in_progress` while the search is not over (stats so far; `finish` = the expanded
  ///   cell closest to the goal so far; cost and moves 0), else its final status, finish and
  ///   stats, those of `find_path` (cost and moves 0 until `finish_query`); the same final
  ///   result again when called after the end. `stale` (nothing more searched, `finish = from`,
  ///   no path, stats so far) when the grid changed since `start_query` (`instance_id()` or
  ///   `version()`: a written cell, an assignment): never a path through a new wall.
  ///   `invalid_argument` when no query is in progress (none started, or cancelled, finished,
  ///   or replaced by another query of this object).
  /// Complexity: O(b log k) for b = the budget, as `find_path`'s loop; O(1) when paused.
  PathResult continue_query(int max_expansions);

  /// Ends the query: runs the rest of the search without a budget if it is still in progress,
  /// then writes the path into `out` as `find_path` does (cleared first; capacity reused).
  /// @return exactly `find_path`'s result for the arguments of `start_query`, with `cost` and
  ///   `moves`; `stale` (out unchanged) when the grid changed since `start_query`;
  ///   `invalid_argument` (out unchanged) when no query is in progress. The query is over
  ///   afterwards (`was_expanded` still describes it).
  /// Complexity: the rest of the search, plus O(path length).
  PathResult finish_query(std::vector<GridCoord>& out);

  /// Cancels the query in progress, if any: later `continue_query` / `finish_query` calls answer
  /// `invalid_argument`. O(1).
  void cancel_query() noexcept { sliced_.phase = detail::SlicedQuery::Phase::idle; }

  /// Whether a sliced query was started and not yet finished or cancelled (it may have ended its
  /// search already: `finish_query` then only writes the path). O(1).
  [[nodiscard]] bool query_active() const noexcept {
    return sliced_.phase != detail::SlicedQuery::Phase::idle;
  }

  /// Whether the last unbounded query (`find_path`) expanded (closed) cell `c`: for drawing the
  /// searched area or counting it, not for hot paths. The cells expanded are exactly the
  /// `stats.expanded` ones: the goal of a `found` query is taken off the open list but not
  /// expanded, so it reads false. False before the first unbounded query, after one that ended
  /// with `invalid_endpoint`, and for cells outside that query's grid. Bounded queries
  /// (`build_path`) do not change the answer. O(1) (reads the generation stamps).
  [[nodiscard]] bool was_expanded(GridCoord c) const noexcept {
    return last_query_.contains(c) && full_.is_closed(last_query_.index(c));
  }

  /// Bytes of working memory held (bounded and unbounded workspaces, open lists).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return full_.bytes() + window_.bytes() + open_.bytes() + uniform_open_.bytes() +
           weighted_open_.bytes() + depth_.capacity() + bit_bfs_.bytes();
  }

 private:
  friend struct detail::TestAccess;
  BoundedResult bounded_query(const Grid& grid, const GridLayer& layer, GridCoord from,
                              GridCoord to, const RegionMap* regions);
  PathResult step_query(std::uint64_t budget);
  // `unsupported` for a landmark map that does not serve the options' connectivity, `stale` for
  // one not current for (grid, layer), else `found` (also without a map). O(1).
  [[nodiscard]] static SearchStatus check_landmarks(const Grid& grid, const GridLayer& layer,
                                                    const SearchOptions& options) noexcept;
  void force_generation(std::uint32_t g) noexcept {
    full_.force_generation(g);
    window_.force_generation(g);
  }
  void grow(std::size_t n) {
    full_.ensure(n);
    const std::size_t entries = n / 2 < 1024 ? 1024 : n / 2;
    open_.reserve(entries);
    uniform_open_.reserve(entries);
    bit_bfs_.reserve();
  }

  // Open list of weighted A* (f = g + w h is not monotone along paths): a binary heap of 128-bit
  // entries, f in the high 64 bits, the weighted h = f - g quantised to 2^-10 of a cell in the next
  // 32 (equal f and smaller h: larger g first) and the packed cell (`detail::cell_key`: smaller y,
  // then smaller x) in the low 32. One branch-free 128-bit comparison a step. The interface of
  // the other open lists (start / push / pop(live) / last).
  class WeightedOpenList {
   public:
    static constexpr bool kDropsStale = false;
    [[nodiscard]] bool empty() const noexcept { return heap_.empty(); }
    void start(std::uint64_t f, std::uint64_t /*step*/, std::uint32_t xy) {
      heap_.clear();
      push(f, xy, 0);
    }
    void push(std::uint64_t f, std::uint32_t xy, std::uint64_t g) {
      const std::uint64_t q = (f - g) >> 14;
      const std::uint32_t hq = q > 0xFFFFFFFFu ? 0xFFFFFFFFu : static_cast<std::uint32_t>(q);
      heap_.push(detail::make_key128(f, (std::uint64_t{hq} << 32) | xy));
    }
    /// Pops the smallest entry: its packed cell; `last()` becomes its f.
    template <class Live>
    std::uint32_t pop(Live&& /*live*/) noexcept {
      const Entry e = heap_.pop();
      last_ = detail::key128_hi(e);
      return static_cast<std::uint32_t>(detail::key128_lo(e));
    }
    [[nodiscard]] std::uint64_t last() const noexcept { return last_; }
    [[nodiscard]] std::size_t bytes() const noexcept { return heap_.capacity() * sizeof(Entry); }

   private:
    // One unsigned __int128 on GCC/Clang, a two-word struct with the same order elsewhere.
    using Entry = detail::Key128;
    struct Less {
      bool operator()(Entry a, Entry b) const noexcept { return a < b; }
    };
    detail::BinaryHeap<Entry, Less> heap_;
    std::uint64_t last_ = 0;
  };

  template <Connectivity C, class Space, bool Bounded, bool Uni, bool Sliced, int LmBits,
            class Queue>
  void search(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer,
              detail::NodeTable& table, const Space& space, Queue& open_list,
              const SearchLimits& limits, SearchStatus& status, GridCoord& finish,
              SearchStats& stats);
  template <Connectivity C, class Space, bool Bounded, bool Sliced = false>
  void dispatch(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer,
                detail::NodeTable& table, const Space& space, const SearchLimits& limits,
                SearchStatus& status, GridCoord& finish, SearchStats& stats);

  detail::NodeTable full_;
  detail::NodeTable window_;
  std::vector<std::uint8_t> depth_;     // bounded mode: steps from the start per window node
  detail::LevelQueue open_;             // open list, keyed by f = g + h
  detail::TwoLevelQueue uniform_open_;  // open list, 4-connected on a uniform-cost layer
  WeightedOpenList weighted_open_;      // open list when the heuristic weight is > 1
  double weight_ = 1.0;
  const LandmarkMap* landmarks_ = nullptr;  // the query's landmark map (unbounded queries)
  detail::BitBfs bit_bfs_;                  // bounded mode on uniform-cost layers
  bool bit_parallel_ = true;
  detail::LastQueryArea last_query_;  // grid of the last unbounded query, for was_expanded
  detail::PassTable pass_table_;      // 8-connected: passability of 3 cells of a row, 4 KB
  std::uint64_t finish_g_ = 0;        // g of the last search's finish cell
  // Sliced queries: the query's bookkeeping, and the search loop's carried locals between calls
  // (`search<..., Sliced = true>` loads them on entry and stores them when it pauses).
  struct SliceCursor {
    std::uint64_t budget = 0;  // expansions this call may make
    bool started = false;      // the loop ran before: resume instead of initialising
    bool pruned = false;
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
    std::uint64_t best_dist = 0;
    std::uint64_t best_g = 0;
    GridCoord best{};
  };
  detail::SlicedQuery sliced_;
  SliceCursor cursor_;
};

static_assert(BoundedGridSearcher<AStar>);

}  // namespace pathing

#if !PATHING_COMPILED
#include "pathing/search/astar/astar_impl.hpp"
#endif
