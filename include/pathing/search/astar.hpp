// pathing: fast grid path-finding. MIT licensed.
//
// A* on the grid: bounded (seed mode, GridPath) and unbounded (whole grid, 4/8-connected).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/search/bit_bfs/bit_bfs.hpp"
#include "pathing/detail/compiler.hpp"
#include "pathing/search/query/grid_query.hpp"
#include "pathing/detail/moves/cell_reader.hpp"
#include "pathing/detail/moves/neighbors.hpp"
#include "pathing/detail/nodes/cell_key.hpp"
#include "pathing/detail/nodes/index_space.hpp"
#include "pathing/detail/nodes/node_table.hpp"
#include "pathing/detail/nodes/reconstruct.hpp"
#include "pathing/detail/queue/binary_heap.hpp"
#include "pathing/detail/queue/level_queue.hpp"
#include "pathing/detail/queue/two_level_queue.hpp"
#include "pathing/detail/reserve.hpp"
#include "pathing/search/query/sliced_query.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/search/query/unit_query.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/precompute/landmark_map.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/map/path.hpp"
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

  [[nodiscard]] std::uint64_t weighted(std::uint64_t h) const noexcept {
    if (weight_ == 1.0 || h == 0) return h;
    // Saturates at 2^62 (any weight up to +inf), so f = g + h cannot overflow.
    const double v = static_cast<double>(h) * weight_;
    return v < 0x1p62 ? static_cast<std::uint64_t>(v) : std::uint64_t{1} << 62;
  }

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

// ---------------------------------------------------------------------------------------------
// Implementation

template <Connectivity C, class Space, bool Bounded, bool Uni, bool Sliced, int LmBits, class Queue>
inline void AStar::search(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer,
                          detail::NodeTable& table, const Space& space, Queue& open_list,
                          const SearchLimits& limits, SearchStatus& status, GridCoord& finish,
                          SearchStats& stats) {
  // Queue: LevelQueue (f = g + h), TwoLevelQueue (4-connected and every passable cell of the
  // layer costs the same: f grows by 0 or 2 c), WeightedOpenList (f = g + w h).
  constexpr bool kUniform = std::is_same_v<Queue, detail::TwoLevelQueue>;
  constexpr bool kWeighted = std::is_same_v<Queue, WeightedOpenList>;
  // LmBits: 0 no landmarks, 32 or 16 the landmark map's storage (`LandmarkMap::storage`).
  static_assert(LmBits == 0 || LmBits == 16 || LmBits == 32);
  constexpr bool Lm = LmBits != 0;
  using LmWord = std::conditional_t<LmBits == 16, std::uint16_t, std::uint32_t>;
  constexpr bool kIncremental = !kWeighted && !Lm && C == Connectivity::four;
  static_assert(!Lm || (!Bounded && !kUniform));
  static_assert(!kUniform || (C == Connectivity::four && Uni));
  static_assert(!Bounded || C == Connectivity::four);
  static_assert(!Sliced || !Bounded);
  // Sliced: a call after the first resumes the loop where the last one paused (the open list and
  // node records are as it left them; its carried locals come back from `cursor_`).
  bool resume = false;
  if constexpr (Sliced) resume = cursor_.started;
  const std::uint64_t hscale = layer.min_passable_cost();
  const std::uint64_t max_g = cost::from_units(limits.max_cost);  // NaN, < 0: 0; +inf: none
  // Bounded mode: each step also costs 1 fixed-point unit (`eps`), and h counts the Manhattan
  // steps left too (still admissible and consistent): among the cheapest paths the one with the
  // fewest steps wins, and f stays constant along an ideal path.
  constexpr std::uint64_t eps = Bounded ? 1 : 0;
  // h = (dx + dy) * hs - min(dx, dy) * hd (octile times hscale; Manhattan: hd unused).
  const std::uint64_t hs = hscale * cost::kStraight + eps;
  const std::uint64_t hd = hscale * (2 * cost::kStraight - cost::kDiagonal);
  const int tx = to.x;
  const int ty = to.y;
  const auto octile_h = [&](int nx, int ny) -> std::uint64_t {
    const auto dx = static_cast<std::uint64_t>(nx > tx ? nx - tx : tx - nx);
    const auto dy = static_cast<std::uint64_t>(ny > ty ? ny - ty : ty - ny);
    std::uint64_t h = (dx + dy) * hs;
    if constexpr (C == Connectivity::eight) h -= (dx < dy ? dx : dy) * hd;
    return h;
  };
  // Landmarks (ALT, `LandmarkMap`): h = max(octile bound, max over landmarks of |D(L, goal) -
  // D(L, n)| + phi(goal) - phi(n)), phi = half the layer cost (the current one: the map is
  // current, and raised costs keep the bound admissible and consistent). A cell in another area
  // than a landmark holds kUnreached: the term is then huge, which only happens where no path
  // leads to the goal (every generated cell but the start is passable; the start's h leaves such
  // terms out).
  // 16-bit storage: the same with kUnreached16, the 8 terms of a cell in one vector.
  [[maybe_unused]] const LmWord* lm_dist = nullptr;
  [[maybe_unused]] std::size_t lm_count = 0;
  [[maybe_unused]] int lm_shift = 0;
  [[maybe_unused]] std::uint64_t lm_phi_goal = 0;
  [[maybe_unused]] std::array<LmWord, LandmarkMap::kMaxLandmarks> lm_goal{};
  [[maybe_unused]] constexpr LmWord kLmUnreached =
      LmBits == 16 ? LmWord{LandmarkMap::kUnreached16}
                   : static_cast<LmWord>(LandmarkMap::kUnreached);
  if constexpr (Lm) {
    lm_count = static_cast<std::size_t>(landmarks_->count());
    const auto row = [&](std::size_t cell) -> const LmWord* {
      if constexpr (LmBits == 16)
        return landmarks_->distances16(cell);
      else
        return landmarks_->distances(cell);
    };
    lm_dist = row(0);
    lm_shift = cost::kFractionBits - landmarks_->fraction_bits();
    const LmWord* g = row(space.index(tx, ty));
    for (std::size_t i = 0; i < lm_count; ++i) lm_goal[i] = g[i];
    lm_phi_goal = LandmarkMap::potential(layer.cost_at(grid, to));
  }
  // h of cell (nx, ny), whose layer cost is `c` (landmarks only). Forced inline where landmarks
  // call it (`h_body`: GCC otherwise calls it out of line from each of the 8 moves); without
  // landmarks through `h_of`, inlined at the compiler's choice (the octile searches' code stays
  // as it was: same instruction counts under callgrind).
  const auto h_body = [&](int nx, int ny, [[maybe_unused]] std::uint8_t c)
                          PATHING_ALWAYS_INLINE -> std::uint64_t {
    std::uint64_t h = octile_h(nx, ny);
    if constexpr (Lm) {
      const LmWord* dn = lm_dist + space.index(nx, ny) * lm_count;
      std::uint32_t m = 0;
      if constexpr (LmBits == 16) {
        m = detail::max_gap16(dn, lm_goal.data(), lm_count);
      } else {
        for (std::size_t i = 0; i < lm_count; ++i) {
          const std::uint32_t a = dn[i];
          const std::uint32_t b = lm_goal[i];
          const std::uint32_t d = a > b ? a - b : b - a;
          m = d > m ? d : m;
        }
      }
      const std::uint64_t up = (std::uint64_t{m} << lm_shift) + lm_phi_goal;
      const std::uint64_t down = LandmarkMap::potential(c);
      const std::uint64_t hl = up > down ? up - down : 0;
      h = hl > h ? hl : h;
    }
    if constexpr (kWeighted) h = weighted(h);
    return h;
  };
  const auto h_of = [&](int nx, int ny, std::uint8_t c) -> std::uint64_t {
    return h_body(nx, ny, c);
  };
  std::ptrdiff_t delta[8];
  for (unsigned d = 0; d < 8; ++d) delta[d] = space.delta(static_cast<Direction8>(d));
  constexpr std::uint64_t kUnit[8] = {cost::kStraight, cost::kStraight, cost::kStraight,
                                      cost::kStraight, cost::kDiagonal, cost::kDiagonal,
                                      cost::kDiagonal, cost::kDiagonal};
  constexpr int kOx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
  constexpr int kOy[8] = {0, 1, 0, -1, 1, 1, -1, -1};
  // The key of a neighbour is the cell's key plus kKeyStep[d] (`detail::cell_key_step`).
  constexpr std::uint32_t kKeyStep[8] = {
      detail::cell_key_step(kOx[0], kOy[0]), detail::cell_key_step(kOx[1], kOy[1]),
      detail::cell_key_step(kOx[2], kOy[2]), detail::cell_key_step(kOx[3], kOy[3]),
      detail::cell_key_step(kOx[4], kOy[4]), detail::cell_key_step(kOx[5], kOy[5]),
      detail::cell_key_step(kOx[6], kOy[6]), detail::cell_key_step(kOx[7], kOy[7])};

  const detail::CellReader cells(grid, layer);
  const std::uint8_t* pass = nullptr;
  if constexpr (C == Connectivity::eight) {
    pass_table_.update(layer);
    pass = pass_table_.data();
  }
  if (!resume) table.next_generation();
  const std::uint32_t open = table.open_stamp();
  const std::uint32_t closed = table.closed_stamp();
  detail::NodeRecord* const nodes = table.data();
  std::uint8_t* const depth = Bounded ? depth_.data() : nullptr;

  std::uint64_t h0 = 0;
  if constexpr (Lm) {
    // The start may lie outside every landmark's area (an impassable start: its own cost is
    // ignored): the landmarks that do not reach it are left out of its h.
    std::uint64_t h = octile_h(from.x, from.y);
    const LmWord* ds = lm_dist + space.index(from.x, from.y) * lm_count;
    std::uint32_t m = 0;
    bool any = false;
    for (std::size_t i = 0; i < lm_count; ++i) {
      if (ds[i] == kLmUnreached || lm_goal[i] == kLmUnreached) continue;
      const std::uint32_t a = ds[i];
      const std::uint32_t b = lm_goal[i];
      const std::uint32_t d = a > b ? a - b : b - a;
      m = d > m ? d : m;
      any = true;
    }
    if (any) {
      const std::uint64_t up = (std::uint64_t{m} << lm_shift) + lm_phi_goal;
      const std::uint64_t down = LandmarkMap::potential(layer.cost_at(grid, from));
      const std::uint64_t hl = up > down ? up - down : 0;
      h = hl > h ? hl : h;
    }
    if constexpr (kWeighted) h = weighted(h);
    h0 = h;
  } else {
    h0 = h_of(from.x, from.y, 0);
  }
  if (!resume) {
    const auto s = static_cast<std::uint32_t>(space.index(from.x, from.y));
    nodes[s] = detail::NodeRecord{0, open, detail::kNoParent};
    if constexpr (Bounded && !kUniform) depth[s] = 0;
    // 4-connected on a uniform layer every step costs hs: f grows by 0 or 2 hs (TwoLevelQueue).
    open_list.start(h0, 2 * hs, detail::cell_key(from.x, from.y));
  }

  // Goal index; a goal off the grid, or (bounded mode) outside the search window, gets an index no
  // node has: the window index of a cell outside the window aliases a cell inside it.
  bool goal_indexed = grid.in_bounds(to);
  if constexpr (Bounded) {
    goal_indexed = goal_indexed && std::abs(to.x - from.x) <= detail::WindowSpace::kRadius &&
                   std::abs(to.y - from.y) <= detail::WindowSpace::kRadius;
  }
  const std::uint32_t goal =
      goal_indexed ? static_cast<std::uint32_t>(space.index(to.x, to.y)) : ~std::uint32_t{0};
  // Bounded mode: a node deeper than 56 steps is not expanded (closed, and the search remembers
  // it), and the search stops with too_far only once f exceeds the dearest path of 56 steps
  // (`deep_cut`): before that a path of <= 56 steps to the goal may still be found.
  std::uint64_t deep_cut = 0;
  bool too_deep = false;
  if constexpr (Bounded) {
    const std::uint64_t max_step = layer.max_cost();
    deep_cut = GridPath::kMaxSteps * (max_step * cost::kStraight + 1);
  }
  // Locals, not the caller's structs: stores to the node records could alias those.
  const std::uint64_t max_expansions = limits.max_expansions;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 1;
  GridCoord best = from;
  // Closest expanded cell so far, by h (unweighted: strictly increasing with the distance, so the
  // same order); the earliest expanded on ties.
  std::uint64_t best_dist = (kWeighted || Lm) ? distance_fixed(C, from, to) : h0;
  std::uint64_t best_g = 0;
  SearchStatus result = SearchStatus::unreachable;
  bool pruned = false;
  [[maybe_unused]] std::uint64_t stop_at = 0;  // sliced: pause once `expanded` reaches it
  if constexpr (Sliced) {
    if (resume) {
      expanded = cursor_.expanded;
      generated = cursor_.generated;
      best = cursor_.best;
      best_dist = cursor_.best_dist;
      best_g = cursor_.best_g;
      pruned = cursor_.pruned;
    }
    const std::uint64_t room = ~std::uint64_t{0} - expanded;
    stop_at = expanded + (cursor_.budget < room ? cursor_.budget : room);
  }

  while (!open_list.empty()) {
    if constexpr (Sliced) {
      // Out of budget: pause between two pops (nothing half done), keeping the carried locals.
      if (expanded >= stop_at) {
        cursor_ =
            SliceCursor{cursor_.budget, true, pruned, expanded, generated, best_dist, best_g, best};
        stats.expanded = expanded;
        stats.generated = generated;
        status = SearchStatus::in_progress;
        finish = best;
        return;
      }
    }
    // Stale duplicates (the node was improved or closed since) are dropped level by level by a
    // queue that can (LevelQueue), else skipped below.
    const std::uint32_t xy = open_list.pop([&](std::uint32_t v, std::uint64_t pushed_g) {
      const detail::NodeRecord& r =
          nodes[space.index(detail::cell_key_x(v), detail::cell_key_y(v))];
      return r.stamp == open && r.g == pushed_g;
    });
    if constexpr (Queue::kDropsStale) {
      if (xy == detail::LevelQueue::kNil) continue;
    }
    const std::uint64_t f_cur = open_list.last();
    const int x = detail::cell_key_x(xy);
    const int y = detail::cell_key_y(xy);
    const auto node = static_cast<std::uint32_t>(space.index(x, y));
    detail::NodeRecord& rec = nodes[node];
    if (rec.stamp != open) continue;  // closed already: a stale duplicate
    if constexpr (Bounded) {
      // Steps from the start: uniform costs make g = steps * hs.
      const std::uint64_t steps = kUniform ? rec.g / hs : depth[node];
      if (steps > GridPath::kMaxSteps) {
        if (f_cur > deep_cut) {
          result = SearchStatus::too_far;
          break;
        }
        too_deep = true;
        rec.stamp = closed;
        rec.g = 0;
        continue;
      }
    }
    if (node == goal) {
      result = SearchStatus::found;
      best = to;
      break;
    }
    if (expanded >= max_expansions) [[unlikely]] {
      result = SearchStatus::expansion_limit;
      break;
    }
    const std::uint64_t g = rec.g;
    // Closed records keep g = 0, so "ng < g" alone rejects them below.
    rec.stamp = closed;
    rec.g = 0;
    ++expanded;
    {
      std::uint64_t d;
      if constexpr (kWeighted || Lm) {
        d = distance_fixed(C, GridCoord{x, y}, to);
      } else {
        d = f_cur - g;  // h of this node
      }
      if (d < best_dist) {
        best_dist = d;
        best = GridCoord{x, y};
        best_g = g;
      }
    }

    std::uint8_t cost[8];
    unsigned mask;
    if constexpr (C == Connectivity::eight) {
      mask = cells.neighbors8(x, y, cost, pass);
    } else {
      mask = cells.neighbors<C>(x, y, cost);
    }
    // The neighbours' records: constant offsets from the records of this cell and of the cells
    // below and above it (three addresses in registers instead of an offset a direction). A row
    // off the grid is never read (no move leads there), but its address may lie off the node
    // table: it is computed as an integer, not by pointer arithmetic.
    detail::NodeRecord* const here = nodes + node;
    const auto row_step = [here](std::ptrdiff_t d) {
      return reinterpret_cast<detail::NodeRecord*>(
          reinterpret_cast<std::uintptr_t>(here) +
          static_cast<std::uintptr_t>(d * static_cast<std::ptrdiff_t>(sizeof(detail::NodeRecord))));
    };
    detail::NodeRecord* const below = row_step(delta[1]);
    detail::NodeRecord* const above = row_step(delta[3]);
    // The parent is closed: skip it (Direction8 d ^ 2 is the reverse of d).
    const unsigned parent = rec.parent;
    mask &= parent < 8 ? ~(1u << (parent ^ 2u)) : ~0u;
    [[maybe_unused]] const std::uint8_t next_depth =
        (Bounded && !kUniform) ? static_cast<std::uint8_t>(depth[node] + 1) : 0;
    const auto relax = [&]<unsigned D>() PATHING_ALWAYS_INLINE {
      // Uni: every passable cell costs hscale.
      const std::uint64_t step = (Uni ? hscale * kUnit[D] : cost[D] * kUnit[D]) + eps;
      const std::uint64_t ng = g + step;
      constexpr int kRow = kOy[D];
      detail::NodeRecord& nr = (kRow > 0 ? below : (kRow < 0 ? above : here))[kOx[D]];
      // New (stamp of an older query), or open with a larger g; closed ones hold g = 0.
      const bool better = (nr.stamp < open) | (ng < nr.g);
      if (!better) return;
      if (ng > max_g) [[unlikely]] {
        pruned = true;
        return;
      }
      nr = detail::NodeRecord{ng, open, static_cast<std::uint8_t>(D)};
      if constexpr (Bounded && !kUniform)
        depth[static_cast<std::ptrdiff_t>(node) + delta[D]] = next_depth;
      const int nx = x + kOx[D];
      const int ny = y + kOy[D];
      std::uint64_t f;
      if constexpr (kIncremental) {
        // 4-connected, unweighted: the move changes the Manhattan h by -hs when it goes toward
        // the goal on its axis, by +hs otherwise (2^64-modular sums; f stays positive).
        bool toward;
        if constexpr (D == 0) toward = x < tx;
        if constexpr (D == 1) toward = y < ty;
        if constexpr (D == 2) toward = x > tx;
        if constexpr (D == 3) toward = y > ty;
        f = f_cur + step + (toward ? -hs : hs);
      } else {
        if constexpr (Lm)
          f = ng + h_body(nx, ny, cost[D]);  // weighted: w h
        else
          f = ng + h_of(nx, ny, cost[D]);  // weighted: h_of gives w h
      }
      open_list.push(f, xy + kKeyStep[D], ng);  // ties in f: larger g first
      ++generated;
    };
    // Successors are pushed straight moves first, each kind by decreasing cell index (down,
    // right, left, up; down-right, down-left, up-right, up-left): the last pushed pops first, so
    // among successors of equal f and g the smallest index goes first, as the tie rule says.
    if (mask & 2u) relax.template operator()<1>();
    if (mask & 1u) relax.template operator()<0>();
    if (mask & 4u) relax.template operator()<2>();
    if (mask & 8u) relax.template operator()<3>();
    if constexpr (C == Connectivity::eight) {
      if (mask & 16u) relax.template operator()<4>();
      if (mask & 32u) relax.template operator()<5>();
      if (mask & 128u) relax.template operator()<7>();
      if (mask & 64u) relax.template operator()<6>();
    }
  }
  stats.expanded = expanded;
  stats.generated = generated;
  status = result;
  if (status == SearchStatus::unreachable && too_deep) status = SearchStatus::too_far;
  if (status == SearchStatus::unreachable && pruned) status = SearchStatus::cost_limit;
  finish = best;
  finish_g_ = result == SearchStatus::found ? nodes[goal].g : best_g;
  if constexpr (Sliced) cursor_.started = false;
}

template <Connectivity C, class Space, bool Bounded, bool Sliced>
inline void AStar::dispatch(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer,
                            detail::NodeTable& table, const Space& space,
                            const SearchLimits& limits, SearchStatus& status, GridCoord& finish,
                            SearchStats& stats) {
  if constexpr (!Bounded) {
    if (landmarks_ != nullptr) {
      // The storage width picks the instance once per query (not per generated cell).
      const bool narrow = landmarks_->storage() == LandmarkStorage::bits16;
      if (weight_ != 1.0) {
        if (narrow)
          search<C, Space, false, false, Sliced, 16>(grid, from, to, layer, table, space,
                                                     weighted_open_, limits, status, finish, stats);
        else
          search<C, Space, false, false, Sliced, 32>(grid, from, to, layer, table, space,
                                                     weighted_open_, limits, status, finish, stats);
      } else {
        if (narrow)
          search<C, Space, false, false, Sliced, 16>(grid, from, to, layer, table, space, open_,
                                                     limits, status, finish, stats);
        else
          search<C, Space, false, false, Sliced, 32>(grid, from, to, layer, table, space, open_,
                                                     limits, status, finish, stats);
      }
      return;
    }
  }
  if (weight_ != 1.0) {
    search<C, Space, Bounded, false, Sliced, 0>(grid, from, to, layer, table, space, weighted_open_,
                                                limits, status, finish, stats);
  } else if (layer.uniform_cost() != 0) {
    if constexpr (C == Connectivity::four) {
      search<C, Space, Bounded, true, Sliced, 0>(grid, from, to, layer, table, space, uniform_open_,
                                                 limits, status, finish, stats);
    } else {
      search<C, Space, Bounded, true, Sliced, 0>(grid, from, to, layer, table, space, open_, limits,
                                                 status, finish, stats);
    }
  } else {
    search<C, Space, Bounded, false, Sliced, 0>(grid, from, to, layer, table, space, open_, limits,
                                                status, finish, stats);
  }
}

inline BoundedResult AStar::build_path(const Grid& grid, const GridLayer& layer, GridCoord from,
                                       GridCoord to) {
  return bounded_query(grid, layer, from, to, nullptr);
}

inline BoundedResult AStar::build_path(const Grid& grid, const GridLayer& layer, GridCoord from,
                                       GridCoord to, const RegionMap& regions) {
  return bounded_query(grid, layer, from, to, &regions);
}

inline BoundedResult AStar::build_path(const Grid& grid, const GridLayer& layer, GridCoord from,
                                       GridCoord to, const ClearanceMap& clearance, int unit_size) {
  const detail::UnitSearch u = detail::bounded_unit_search(grid, layer, clearance, unit_size);
  if (u.status != SearchStatus::found) {
    cancel_query();
    return detail::refused_bounded_query(from, u.status);
  }
  return bounded_query(*u.grid, *u.layer, from, to, nullptr);
}

inline BoundedResult AStar::bounded_query(const Grid& grid, const GridLayer& layer, GridCoord from,
                                          GridCoord to, const RegionMap* regions) {
  cancel_query();  // the open lists are shared
  return detail::run_bounded_query(
      grid, layer, from, to, bit_bfs_, bit_parallel_, true, window_,
      [&](const detail::WindowSpace& space, GridCoord target, BoundedResult& r) {
        weight_ = 1.0;
        landmarks_ = nullptr;
        if (depth_.size() < detail::WindowSpace::kNodes) depth_.resize(detail::WindowSpace::kNodes);
        dispatch<Connectivity::four, detail::WindowSpace, true>(
            grid, from, target, layer, window_, space, {}, r.status, r.finish, r.stats);
      },
      [&](const BoundedResult&) { return static_cast<double>(finish_g_ / cost::kStraight); },
      regions);
}

inline PathResult AStar::find_path(const Grid& given_grid, const GridLayer& given_layer,
                                   GridCoord from, GridCoord to, std::vector<GridCoord>& out,
                                   const SearchOptions& options) {
  cancel_query();
  const detail::UnitSearch u = detail::unit_search(given_grid, &given_layer, options);
  if (u.status != SearchStatus::found) [[unlikely]] {
    last_query_ = {};
    return detail::refused_unit_query(from, u.status);
  }
  const Grid& grid = *u.grid;
  const GridLayer& layer = *u.layer;
  return detail::run_unbounded_query(
      grid, layer, from, to, out, options, full_, last_query_,
      [&]<Connectivity C>(const detail::GridSpace& space, GridCoord target, PathResult& r) {
        weight_ = options.weight;
        landmarks_ = options.landmarks;
        dispatch<C, detail::GridSpace, false>(grid, from, target, layer, full_, space,
                                              options.limits, r.status, r.finish, r.stats);
      },
      check_landmarks(grid, layer, options));
}

inline SearchStatus AStar::check_landmarks(const Grid& grid, const GridLayer& layer,
                                           const SearchOptions& options) noexcept {
  const LandmarkMap* lm = options.landmarks;
  if (lm == nullptr) return SearchStatus::found;
  if (!lm->serves(options.connectivity)) return SearchStatus::unsupported;
  if (!lm->is_current(grid, layer)) return SearchStatus::stale;
  return SearchStatus::found;
}

inline PathResult AStar::start_query(const Grid& given_grid, const GridLayer& given_layer,
                                     GridCoord from, GridCoord to, const SearchOptions& options) {
  sliced_.begin(given_grid, given_layer, from, to, options);
  cursor_.started = false;
  const detail::UnitSearch us = detail::unit_search(given_grid, &given_layer, options);
  if (us.status != SearchStatus::found) {
    last_query_ = {};
    return sliced_.refuse(detail::refused_unit_query(from, us.status), false);
  }
  const Grid& grid = *us.grid;
  const GridLayer& layer = *us.layer;
  sliced_.search_on(grid, layer);
  const detail::UnboundedStart u =
      detail::start_unbounded_query(grid, layer, from, to, nullptr, options, full_, last_query_,
                                    check_landmarks(grid, layer, options));
  if (!u.go) return sliced_.refuse(u.result, u.from_only);
  sliced_.target = u.target;
  sliced_.partial = u.partial;
  // The start node on the open list, nothing expanded: a call of the loop with no budget.
  return step_query(0);
}

inline PathResult AStar::step_query(std::uint64_t budget) {
  const Grid& grid = *sliced_.grid;
  PathResult& r = sliced_.result;
  weight_ = sliced_.weight;
  landmarks_ = sliced_.landmarks;
  cursor_.budget = budget;
  const detail::GridSpace space(grid.cols());
  if (sliced_.connectivity == Connectivity::four) {
    dispatch<Connectivity::four, detail::GridSpace, false, true>(
        grid, sliced_.from, sliced_.target, sliced_.layer, full_, space, sliced_.limits, r.status,
        r.finish, r.stats);
  } else {
    dispatch<Connectivity::eight, detail::GridSpace, false, true>(
        grid, sliced_.from, sliced_.target, sliced_.layer, full_, space, sliced_.limits, r.status,
        r.finish, r.stats);
  }
  if (r.status != SearchStatus::in_progress) {
    sliced_.phase = detail::SlicedQuery::Phase::done;
    sliced_.searched = true;
    if (sliced_.partial && r.status == SearchStatus::found) r.status = SearchStatus::unreachable;
  }
  return r;
}

inline PathResult AStar::continue_query(int max_expansions) {
  using Phase = detail::SlicedQuery::Phase;
  if (sliced_.phase == Phase::idle) return detail::SlicedQuery::no_query();
  if (sliced_.phase == Phase::done) return sliced_.result;
  if (sliced_.grid_changed()) return sliced_.make_stale();
  if (max_expansions <= 0) return sliced_.result;
  return step_query(static_cast<std::uint64_t>(max_expansions));
}

inline PathResult AStar::finish_query(std::vector<GridCoord>& out) {
  using Phase = detail::SlicedQuery::Phase;
  if (sliced_.phase == Phase::idle) return detail::SlicedQuery::no_query();
  if (sliced_.searched || sliced_.phase == Phase::searching) {
    if (sliced_.grid_changed()) {
      const PathResult r = sliced_.make_stale();
      sliced_.phase = Phase::idle;
      return r;
    }
    if (sliced_.phase == Phase::searching) step_query(~std::uint64_t{0});
    PathResult& r = sliced_.result;
    // `partial` was applied when the search ended.
    detail::finish_unbounded_query(full_, *sliced_.grid, sliced_.layer, false, r, out);
    sliced_.phase = Phase::idle;
    return r;
  }
  return sliced_.finish_unsearched(out);
}

static_assert(BoundedGridSearcher<AStar>);

}  // namespace pathing
