// pathing: fast grid path-finding. MIT licensed.
//
// Simple subgoal graphs: preprocessed exact search over the convex corners of the obstacles.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <queue>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "pathing/coord.hpp"
#include "pathing/detail/jump/jump_contract.hpp"
#include "pathing/detail/jump/jump_search.hpp"
#include "pathing/detail/nodes/cell_key.hpp"
#include "pathing/detail/reserve.hpp"
#include "pathing/detail/subgoal/direct_scan.hpp"
#include "pathing/error.hpp"
#include "pathing/grid.hpp"
#include "pathing/jps_map.hpp"
#include "pathing/layer.hpp"
#include "pathing/map_sync.hpp"
#include "pathing/result.hpp"

namespace pathing {

namespace io::detail {
struct PrecomputedAccess;  // pathing::io's loader (io/precomputed.hpp)
}  // namespace io::detail

/// How a `SubgoalGraph` is built. The default is the simple subgoal graph, uncontracted.
struct SubgoalOptions {
  /// Contract the graph (docs/subgoal.md): contraction hierarchies over the subgoals (R.
  /// Geisberger, P. Sanders, D. Schultes and D. Delling, WEA 2008; over subgoal graphs: T. Uras
  /// and S. Koenig, SoCS 2014), leaving the subgoals that would need many shortcuts uncontracted
  /// (the core). Queries stay exact and get much faster on mazes and room maps (maze512-1-0:
  /// 36x, 8room_000: 3-5x), little or none on open game maps; the build takes longer (0.06-0.5 s
  /// for the 512 x 512 Moving AI maps, bounded by `max_witness_work` on dense ones).
  bool contract = false;
  /// A subgoal is contracted only while its edge difference (shortcuts it needs minus its edges)
  /// is at most this. [Limits: -64..64]
  int max_edge_difference = 2;
  /// Nodes a witness search may settle (beyond it the shortcut is kept: more edges, still
  /// exact). [Limits: 1..65536]
  int witness_settle_limit = 64;
  /// Edge relaxations all witness searches together may make; once spent, the subgoals not yet
  /// contracted form the core (a bound on the build, deterministic). A graph where it ran out
  /// before any subgoal was contracted (dense maps: random512-10-0, Boston_0_512) is searched as
  /// the plain graph. [Limits: >= 0]
  std::uint64_t max_witness_work = std::uint64_t{1} << 25;
  /// Same fields.
  friend bool operator==(const SubgoalOptions&, const SubgoalOptions&) = default;
};

/// An edge of a contracted subgoal graph: to subgoal number `to`, `cost` in fixed-point units
/// (`cost::kStraight` a straight move), through subgoal number `mid` for a shortcut
/// (`kNoMiddle`: an edge of the subgoal graph, walked diagonal-first from one end or the other).
struct SubgoalEdge {
  /// `mid` of an edge that is no shortcut.
  static constexpr std::uint32_t kNoMiddle = 0xffffffffu;
  std::uint32_t to = 0;           ///< The subgoal number it leads to.
  std::uint32_t mid = kNoMiddle;  ///< The middle subgoal of a shortcut, or `kNoMiddle`.
  std::uint64_t cost = 0;         ///< Fixed-point cost (at least the octile distance of its ends).
};

/// A simple subgoal graph (T. Uras, S. Koenig and C. Hernandez, "Subgoal Graphs for Optimal
/// Pathfinding in Eight-Neighbor Grids", ICAPS 2013), for 8-connected moves without corner cutting
/// and uniform cost (passable = layer cost != 0; the Moving AI rules).
///
/// - **Subgoals** are the passable cells diagonal to a blocked cell whose two cells beside both
///   are passable: the convex corners of the obstacles, where shortest paths bend. Cells off the
///   grid count as blocked but make no subgoals (the grid's edge has no convex corner).
/// - **Edges** join a subgoal u to every subgoal v that u reaches by a diagonal-first path (at
///   most min(|dx|, |dy|) diagonal moves, then straight moves, every move legal) through no other
///   subgoal (`detail::subgoal_direct_scan`, the paper's "direct-h-reachable" scan, with its
///   clearance pruning). Such an edge costs the octile distance of its ends. The paper shows
///   that every shortest path of the grid has a counterpart of the same cost in the graph once its
///   two ends are connected the same way, which is what `SubgoalSearch` does.
///
/// Memory: 1 byte a cell (the cell classes, padded by one cell on every side), 4 bytes a cell
/// (the straight clearances, saturated at 255), 0.25 bytes a cell (subgoal numbers by rank), a
/// `JpsMap` (about 2 bits a cell, for the grid's identity and passability), and 8 bytes a
/// subgoal plus 4 bytes an edge; a contracted graph also 5 bytes a subgoal and 16 bytes a
/// contracted edge: `memory_bytes()`. Build: O(cells) for the subgoals,
/// then one scan per subgoal (bounded by the region its straight and diagonal reach covers).
///
/// Staying in sync: records the grid's `instance_id()`, `version()` and the layer, like every
/// derived structure. There is no incremental update: `sync` rebuilds the whole graph whenever the
/// grid or the layer changed (its cost is `build`'s). Thread-safety: const members may be used by
/// any number of searchers at once; `build` / `sync` need exclusive access.
class SubgoalGraph {
 public:
  /// An empty graph (0 x 0 cells). Allocates nothing.
  SubgoalGraph() = default;
  /// The graph of `grid` under `layer` (`build`). @throws std::invalid_argument as `build`.
  SubgoalGraph(const Grid& grid, const GridLayer& layer, const SubgoalOptions& options = {}) {
    build(grid, layer, options);
  }

  /// The non-throwing form of the constructor: the graph, or nothing when `build` would throw;
  /// then `*error` (when not null) holds `ErrorCode::invalid_argument` and the message naming the
  /// value.
  [[nodiscard]] static std::optional<SubgoalGraph> create(const Grid& grid, const GridLayer& layer,
                                                          const SubgoalOptions& options = {},
                                                          Error* error = nullptr) {
    if (!validate(options, error)) return std::nullopt;
    SubgoalGraph g;
    g.compute(grid, layer, options);
    return g;
  }

  /// Rebuilds the graph from `grid` under `layer`: O(cells + scans), plus the contraction when
  /// `options.contract` (bounded by `options.max_witness_work`). Allocates.
  /// @throws std::invalid_argument, changing nothing, for an option outside its limits (named);
  ///   std::bad_alloc.
  void build(const Grid& grid, const GridLayer& layer, const SubgoalOptions& options = {}) {
    Error e;
    if (!validate(options, &e)) {
      PATHING_THROW(std::invalid_argument(e.message));
      return;
    }
    compute(grid, layer, options);
  }

  /// The options of the last build.
  [[nodiscard]] const SubgoalOptions& options() const noexcept { return options_; }
  /// Whether the graph is contracted (`SubgoalOptions::contract`).
  [[nodiscard]] bool contracted() const noexcept { return options_.contract; }
  /// Subgoals left uncontracted (the core); all of them when not contracted.
  [[nodiscard]] std::size_t core_count() const noexcept { return core_count_; }
  /// Edges of the contracted graph (upward edges of contracted subgoals, core edges; shortcuts
  /// included); 0 when not contracted, or when the work budget ran out before any subgoal was
  /// contracted (such a graph keeps no contracted edges and is searched as the plain graph).
  [[nodiscard]] std::size_t contracted_edge_count() const noexcept { return ch_edges_.size(); }

  /// Brings the graph up to date with `grid` under `layer`: nothing when current (O(1),
  /// `current`), else a full `build` (`rebuilt`; subgoal graphs have no incremental update).
  MapSync sync(const Grid& grid, const GridLayer& layer) {
    if (is_current(grid, layer)) return MapSync::current;
    compute(grid, layer, options_);
    return MapSync::rebuilt;
  }

  /// True when built from this grid object at its current version with `layer`. O(1).
  [[nodiscard]] bool is_current(const Grid& grid, const GridLayer& layer) const noexcept {
    return bits_.is_current(grid, layer);
  }
  /// True when built from this grid object at its current version, whatever the layer (what
  /// `SubgoalSearch::find_path(grid, graph, ...)` checks). O(1).
  [[nodiscard]] bool matches(const Grid& grid) const noexcept { return bits_.matches(grid); }
  /// The layer the graph was built with.
  [[nodiscard]] const GridLayer& layer() const noexcept { return bits_.layer(); }
  /// Columns (cells along x).
  [[nodiscard]] int cols() const noexcept { return cols_; }
  /// Rows (cells along y).
  [[nodiscard]] int rows() const noexcept { return rows_; }

  /// Number of subgoals.
  [[nodiscard]] std::size_t subgoal_count() const noexcept { return subgoals_.size(); }
  /// Number of (directed) edges: an edge u -> v for each v the scan from u emits.
  [[nodiscard]] std::size_t edge_count() const noexcept { return edges_.size(); }
  /// Whether (x, y), a cell of the grid, is a subgoal. O(1); no bounds check.
  [[nodiscard]] bool is_subgoal(int x, int y) const noexcept {
    return cls_[static_cast<std::size_t>(padded(x, y))] == detail::kSubgoalCell;
  }
  /// The subgoals, in row-major order (smaller y, then smaller x), into `out` (capacity reused).
  void subgoals(std::vector<GridCoord>& out) const {
    out.clear();
    for (const std::uint32_t k : subgoals_) out.push_back(detail::cell_of_key(k));
  }
  /// The cells the edges of subgoal (x, y) lead to, in the scan's order, into `out` (capacity
  /// reused); empty when (x, y) is not a subgoal of the grid.
  void edges_of(int x, int y, std::vector<GridCoord>& out) const {
    out.clear();
    if (x < 0 || y < 0 || x >= cols_ || y >= rows_ || !is_subgoal(x, y)) return;
    const std::uint32_t id = subgoal_id(x, y);
    for (std::uint32_t e = offsets_[id]; e < offsets_[id + 1]; ++e)
      out.push_back(detail::cell_of_key(edges_[e]));
  }

  /// Bytes held (the number to report as the preprocessing's memory cost).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return cls_.capacity() + clear_.capacity() * sizeof(Clearance) +
           ch_offsets_.capacity() * sizeof(std::uint32_t) +
           ch_edges_.capacity() * sizeof(SubgoalEdge) + core_.capacity() +
           rank_.capacity() * sizeof(RankBlock) +
           (subgoals_.capacity() + offsets_.capacity() + edges_.capacity()) *
               sizeof(std::uint32_t) +
           bits_.memory_bytes();
  }

  // For `SubgoalSearch`: the padded class array, its pitch, a cell's padded index, a subgoal's
  // number and its edges (cell keys).
  /// The straight clearances (`detail::SubgoalClearance`), indexed like `classes()`.
  [[nodiscard]] const detail::SubgoalClearance* clearances() const noexcept {
    return clear_.data();
  }
  /// The padded class array (see `detail::kSubgoalFree`): rows of `pitch()` bytes.
  [[nodiscard]] const std::uint8_t* classes() const noexcept { return cls_.data(); }
  /// Bytes a row of `classes()`: cols() + 2.
  [[nodiscard]] std::ptrdiff_t pitch() const noexcept { return pitch_; }
  /// The index of cell (x, y) in `classes()` (x in [-1, cols], y in [-1, rows]). O(1).
  [[nodiscard]] std::ptrdiff_t padded(int x, int y) const noexcept {
    return static_cast<std::ptrdiff_t>(y + 1) * pitch_ + (x + 1);
  }
  /// The number of the subgoal at (x, y), a subgoal of the grid (unspecified otherwise). O(1).
  [[nodiscard]] std::uint32_t subgoal_id(int x, int y) const noexcept {
    const std::size_t i = cell(x, y);
    const RankBlock& b = rank_[i >> 6];
    return b.rank + static_cast<std::uint32_t>(
                        std::popcount(b.bits & ((std::uint64_t{1} << (i & 63u)) - 1u)));
  }
  /// Edges of subgoal number `id`: `edge_keys()[edge_begin(id) .. edge_begin(id + 1))`.
  [[nodiscard]] std::uint32_t edge_begin(std::uint32_t id) const noexcept { return offsets_[id]; }
  /// The edges' target cells as cell keys (`detail::cell_key`).
  [[nodiscard]] const std::uint32_t* edge_keys() const noexcept { return edges_.data(); }
  /// Whether subgoal number `id` is in the core (never contracted). O(1).
  [[nodiscard]] bool in_core(std::uint32_t id) const noexcept { return core_[id] != 0; }
  /// The first of the contracted edges of subgoal number `id` in `contracted_edges()`; its last
  /// is the one before `contracted_begin(id + 1)`. A contracted subgoal's edges lead to the
  /// subgoals still there when it was contracted (upward), a core subgoal's to the other core
  /// subgoals. Precondition: `contracted_edge_count() > 0` (id <= `subgoal_count()`).
  [[nodiscard]] std::uint32_t contracted_begin(std::uint32_t id) const noexcept {
    return ch_offsets_[id];
  }
  /// The contracted edges (see `contracted_begin`).
  [[nodiscard]] const SubgoalEdge* contracted_edges() const noexcept { return ch_edges_.data(); }
  /// The cell of subgoal number `id`. O(1).
  [[nodiscard]] GridCoord subgoal_cell(std::uint32_t id) const noexcept {
    return detail::cell_of_key(subgoals_[id]);
  }

 private:
  [[nodiscard]] std::size_t cell(int x, int y) const noexcept {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_) +
           static_cast<std::size_t>(x);
  }

  [[nodiscard]] static bool validate(const SubgoalOptions& o, Error* error) {
    auto bad = [&](const char* what, long long v, const char* limits) {
      detail::report(error, ErrorCode::invalid_argument,
                     std::string("pathing::SubgoalGraph: ") + what + " = " + std::to_string(v) +
                         " is outside " + limits);
      return false;
    };
    if (o.max_edge_difference < -64 || o.max_edge_difference > 64)
      return bad("max_edge_difference", o.max_edge_difference, "[-64, 64]");
    if (o.witness_settle_limit < 1 || o.witness_settle_limit > 65536)
      return bad("witness_settle_limit", o.witness_settle_limit, "[1, 65536]");
    return true;
  }
  void compute(const Grid& grid, const GridLayer& layer, const SubgoalOptions& options);
  void contract();
  friend struct io::detail::PrecomputedAccess;  // restores a saved graph

  SubgoalOptions options_;
  std::size_t core_count_ = 0;
  std::vector<std::uint32_t> ch_offsets_;  // CSR of ch_edges_ by subgoal number
  std::vector<SubgoalEdge> ch_edges_;
  std::vector<std::uint8_t> core_;  // per subgoal: 1 = never contracted
  JpsMap bits_;                     // identity (grid, version, layer) and passability
  int cols_ = 0;
  int rows_ = 0;
  std::ptrdiff_t pitch_ = 2;
  std::vector<std::uint8_t> cls_;  // padded cell classes
  // Subgoal numbers by rank: a bit a cell (row-major; 1 = subgoal) in blocks of 64 cells, each
  // with the number of subgoals before it (0.25 bytes a cell).
  struct RankBlock {
    std::uint64_t bits = 0;
    std::uint32_t rank = 0;
  };
  std::vector<RankBlock> rank_;
  std::vector<std::uint32_t> subgoals_;  // cell keys, row-major
  std::vector<std::uint32_t> offsets_;   // CSR: edges of subgoal i at [offsets_[i], offsets_[i+1])
  std::vector<std::uint32_t> edges_;     // target cell keys
  using Clearance = detail::SubgoalClearance;
  std::vector<Clearance> clear_;  // straight clearances, padded like cls_
};

/// Exact search over a `SubgoalGraph` (T. Uras, S. Koenig and C. Hernandez, ICAPS 2013): the
/// start is connected to the subgoals (and the goal) it reaches directly by the graph's scan, the
/// goal to the subgoals that reach it directly (a scan from the goal, each candidate checked from
/// its own side), then A* runs over the subgoals with the octile heuristic, and each edge of the
/// answer is walked diagonal-first into cells.
///
/// The contract is `JpsPlus`'s: 8-connected moves without corner cutting, weight 1, UNIFORM COST
/// (a layer whose passable cell values do not all cost the same is `unsupported`; costs equal
/// `AStar`'s bit for bit), the same statuses, options (limits, regions, unit sizes over a unit
/// grid) and checks, in the same order (`detail::start_jump_query`). `out` gets every cell of the
/// path; partial results end at the expanded node (the start or a subgoal) closest to the goal
/// (octile distance); `stats` counts the start, subgoals and goal expanded and generated. The
/// start cell's own passability is ignored; a blocked goal is unreachable.
///
/// Tie-breaking: `detail::JumpPointSearch`'s open list (f, then larger g, then push order);
/// successors in the graph's edge order (the scan's), the goal last; the first parent kept on
/// equal g: deterministic.
///
/// Stale graphs: `find_path(grid, layer, ...)` keeps an internal graph and rebuilds it when the
/// grid or layer changed (`SubgoalGraph::sync`); `find_path(grid, graph, ...)` returns `stale`
/// (nothing searched, `out` unchanged) unless `graph.matches(grid)`.
///
/// Memory: 36 bytes a cell of search state (as `JpsPlus`), 32 bytes a subgoal (goal marks, the
/// up-set's marks and lists, the answer's nodes, a stack) and, for a contracted graph, 16 bytes a
/// contracted edge (the query's down edges). Allocation: none after `reserve(graph)` for queries
/// on that graph (or after a first query on it).
/// Not thread-safe: one searcher per thread.
class SubgoalSearch {
 public:
  /// A searcher with no memory yet; it grows on first use.
  SubgoalSearch() = default;
  /// A searcher sized for `cols` x `rows` grids.
  SubgoalSearch(int cols, int rows) { reserve(cols, rows); }

  /// Sizes the search state for grids up to `cols` x `rows` cells (never shrinks).
  /// @throws std::invalid_argument naming the value for a negative side or a size beyond the
  ///         Grid's limits (0 reserves nothing).
  void reserve(int cols, int rows) {
    search_.ensure(detail::reserved_cells(cols, rows, "pathing::SubgoalSearch"));
  }

  /// Sizes the search state for `graph`: its grid's cells and its subgoals (never shrinks); no
  /// query on that graph allocates afterwards. @throws std::bad_alloc only.
  void reserve(const SubgoalGraph& graph) {
    reserve(graph.cols(), graph.rows());
    const std::size_t n = graph.subgoal_count();
    if (goal_mark_.size() < n) {
      goal_mark_.resize(n, 0);
      down_stamp_.resize(n, 0);
      down_head_.resize(n, 0);
      seen_.resize(n, 0);
    }
    if (stack_.capacity() < 2 * n + 2) stack_.reserve(2 * n + 2);
    if (chain_.capacity() < n + 2) chain_.reserve(n + 2);
    if (downs_.capacity() < graph.contracted_edge_count())
      downs_.reserve(graph.contracted_edge_count());
  }

  /// Shortest path on `grid` under `layer` through the internal graph (rebuilt when the grid or
  /// layer changed: O(cells + scans)). Arguments, statuses and `out` as
  /// `JpsPlus::find_path(grid, layer, ...)`.
  PathResult find_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options = {}) {
    const detail::JumpSearchCheck c = detail::start_jump_query<SubgoalGraph>(
        search_, &own_graph_, &last_sync_, nullptr, grid, layer, from, to, &out, options);
    if (c.status != SearchStatus::found) return detail::refused_jump_query(from, c.status);
    return detail::finish_jump_query(
        search(own_graph_, c.unit_cost, from, c.target, out, options.limits), c);
  }

  /// Same, on a caller-owned graph (shared by any number of searchers), under the layer it was
  /// built with. Returns `stale` (nothing searched, `out` unchanged) unless `graph.matches(grid)`.
  PathResult find_path(const Grid& grid, const SubgoalGraph& graph, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options = {}) {
    const detail::JumpSearchCheck c = detail::start_jump_query<SubgoalGraph>(
        search_, nullptr, nullptr, &graph, grid, graph.layer(), from, to, &out, options);
    if (c.status != SearchStatus::found) return detail::refused_jump_query(from, c.status);
    return detail::finish_jump_query(
        search(graph, c.unit_cost, from, c.target, out, options.limits), c);
  }

  /// What the last `find_path(grid, layer, ...)` that searched did to its internal graph.
  [[nodiscard]] MapSync last_map_sync() const noexcept { return last_sync_; }

  /// The nodes of the path returned by the last `find_path` (start, subgoals, finish).
  void nodes(std::vector<GridCoord>& out) const { search_.write_jump_points(out); }

  /// Bytes held: search state, goal marks and the internal graph.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return search_.memory_bytes() +
           (goal_mark_.capacity() + down_stamp_.capacity() + down_head_.capacity() +
            seen_.capacity() + stack_.capacity()) *
               sizeof(std::uint32_t) +
           chain_.capacity() * sizeof(GridCoord) + downs_.capacity() * sizeof(Down) +
           own_graph_.memory_bytes();
  }

 private:
  PathResult search(const SubgoalGraph& graph, std::uint8_t unit_cost, GridCoord from, GridCoord to,
                    std::vector<GridCoord>& out, const SearchLimits& limits);

  // The goal's connections (`to` passable, not a subgoal): calls `f(id)` for each subgoal its scan
  // reaches whose own diagonal-first path to the goal is clear (so that it would reach the goal).
  template <class F>
  static void goal_connections(const SubgoalGraph& graph, GridCoord to, F&& f);
  // Expands cell (x, y) that is searched from by a scan, not by the graph's edges: the start, or
  // a cell a blocked start moved to. A blocked cell (a blocked start: its own passability is
  // ignored) gets its legal single moves; the subgoals were made with it blocked, so the cells it
  // leaves to are searched from as starts of their own, and a path never enters it again. Else
  // the cell's scan, with the goal (when `goal_open`) among the cells it stops at. Each successor
  // goes to `direct(nx, ny)` (cost: the octile distance).
  template <class Direct>
  static void expand_cell(const SubgoalGraph& graph, int x, int y, GridCoord to, bool goal_open,
                          Direct&& direct);

  // The contracted graph's query (`SubgoalOptions::contract`).
  PathResult search_contracted(const SubgoalGraph& graph, std::uint8_t unit_cost, GridCoord from,
                               GridCoord to, std::vector<GridCoord>& out,
                               const SearchLimits& limits);
  // Appends the cells after `a` up to `b` of the edge between subgoals a and b of the contracted
  // graph (shortcuts through their middle subgoals), counting moves.
  void append_edge(const SubgoalGraph& graph, std::uint32_t a, std::uint32_t b,
                   std::vector<GridCoord>& out, std::uint64_t& straight, std::uint64_t& diagonal);

  // A down edge of the query: into subgoal `to` (of the goal's up-set), next in its list.
  struct Down {
    std::uint32_t to;
    std::uint32_t next;
    std::uint64_t cost;
  };

  detail::JumpPointSearch search_;
  SubgoalGraph own_graph_;
  MapSync last_sync_ = MapSync::current;
  std::vector<std::uint32_t> goal_mark_;  // per subgoal: == mark_ when it reaches the goal directly
  std::uint32_t mark_ = 0;
  std::vector<std::uint32_t> down_stamp_;  // per subgoal: == mark_ when down_head_ is this query's
  std::vector<std::uint32_t> down_head_;   // per subgoal: first of its down edges (downs_)
  std::vector<std::uint32_t> seen_;        // per subgoal: == mark_ once in the goal's up-set
  std::vector<Down> downs_;
  std::vector<std::uint32_t> stack_;  // up-set walk; path unpacking
  std::vector<GridCoord> chain_;      // the nodes of the answer
};

// ---------------------------------------------------------------------------------------------
// Implementation

inline void SubgoalGraph::compute(const Grid& grid, const GridLayer& layer,
                                  const SubgoalOptions& options) {
  options_ = options;
  bits_.build(grid, layer);
  cols_ = grid.cols();
  rows_ = grid.rows();
  pitch_ = static_cast<std::ptrdiff_t>(cols_) + 2;
  cls_.assign(static_cast<std::size_t>(pitch_) * (static_cast<std::size_t>(rows_) + 2),
              detail::kSubgoalBlocked);
  for (int y = 0; y < rows_; ++y)
    for (int x = 0; x < cols_; ++x)
      if (bits_.passable(x, y)) cls_[static_cast<std::size_t>(padded(x, y))] = detail::kSubgoalFree;
  // Subgoals: a passable cell s diagonal to a blocked cell b (on the grid) with both cells beside
  // the diagonal passable.
  subgoals_.clear();
  rank_.assign((grid.cell_count() + 63) / 64, RankBlock{});
  std::uint8_t* const c = cls_.data();
  for (int y = 0; y < rows_; ++y) {
    for (int x = 0; x < cols_; ++x) {
      const std::ptrdiff_t p = padded(x, y);
      if (c[p] == detail::kSubgoalBlocked) continue;
      bool corner = false;
      for (int dy = -1; dy <= 1 && !corner; dy += 2) {
        for (int dx = -1; dx <= 1; dx += 2) {
          const int bx = x + dx;
          const int by = y + dy;
          if (bx < 0 || by < 0 || bx >= cols_ || by >= rows_) continue;
          if (bits_.passable(bx, by)) continue;
          if (bits_.passable(bx, y) && bits_.passable(x, by)) {
            corner = true;
            break;
          }
        }
      }
      if (corner) {
        c[p] = detail::kSubgoalCell;
        const std::size_t i = cell(x, y);
        RankBlock& b = rank_[i >> 6];
        if (b.bits == 0) b.rank = static_cast<std::uint32_t>(subgoals_.size());  // block's first
        b.bits |= std::uint64_t{1} << (i & 63u);
        subgoals_.push_back(detail::cell_key(x, y));
      }
    }
  }
  // Straight clearances: cells to the next blocked cell or subgoal, each way (saturated: see
  // detail::SubgoalClearance).
  clear_.assign(cls_.size(), Clearance{});
  Clearance* const cl = clear_.data();
  const auto grow = [](std::uint8_t v) {
    return static_cast<std::uint8_t>(v < detail::kSubgoalClearanceMax ? v + 1 : v);
  };
  for (int y = 0; y < rows_; ++y) {
    for (int x = cols_ - 1; x >= 0; --x) {
      const std::ptrdiff_t p = padded(x, y);
      cl[p][0] = c[p + 1] == detail::kSubgoalFree ? grow(cl[p + 1][0]) : std::uint8_t{0};
    }
    for (int x = 0; x < cols_; ++x) {
      const std::ptrdiff_t p = padded(x, y);
      cl[p][1] = c[p - 1] == detail::kSubgoalFree ? grow(cl[p - 1][1]) : std::uint8_t{0};
    }
  }
  for (int y = rows_ - 1; y >= 0; --y) {
    for (int x = 0; x < cols_; ++x) {
      const std::ptrdiff_t p = padded(x, y);
      cl[p][2] = c[p + pitch_] == detail::kSubgoalFree ? grow(cl[p + pitch_][2]) : std::uint8_t{0};
    }
  }
  for (int y = 0; y < rows_; ++y) {
    for (int x = 0; x < cols_; ++x) {
      const std::ptrdiff_t p = padded(x, y);
      cl[p][3] = c[p - pitch_] == detail::kSubgoalFree ? grow(cl[p - pitch_][3]) : std::uint8_t{0};
    }
  }
  offsets_.assign(subgoals_.size() + 1, 0);
  edges_.clear();
  for (std::size_t i = 0; i < subgoals_.size(); ++i) {
    const GridCoord s = detail::cell_of_key(subgoals_[i]);
    detail::subgoal_direct_scan(
        c, cl, pitch_, padded(s.x, s.y), s.x, s.y, false, 0, 0,
        [&](std::ptrdiff_t, int qx, int qy) { edges_.push_back(detail::cell_key(qx, qy)); });
    offsets_[i + 1] = static_cast<std::uint32_t>(edges_.size());
  }
  // No slack: `memory_bytes` counts what is held.
  subgoals_.shrink_to_fit();
  edges_.shrink_to_fit();
  std::vector<std::uint32_t>().swap(ch_offsets_);  // (`= {}` would keep the capacity)
  std::vector<SubgoalEdge>().swap(ch_edges_);
  core_.assign(subgoals_.size(), 1);
  core_count_ = subgoals_.size();
  if (options_.contract) contract();
}

inline void SubgoalGraph::contract() {
  const auto n = static_cast<std::uint32_t>(subgoals_.size());
  // The undirected graph: both directions of every scan edge, octile costs, no duplicates.
  std::vector<std::vector<SubgoalEdge>> adj(n);
  auto add = [&](std::uint32_t a, std::uint32_t b, std::uint64_t c, std::uint32_t mid) {
    for (SubgoalEdge& x : adj[a]) {
      if (x.to == b) {
        if (c < x.cost) {
          x.cost = c;
          x.mid = mid;
        }
        return;
      }
    }
    adj[a].push_back(SubgoalEdge{b, mid, c});
  };
  for (std::uint32_t i = 0; i < n; ++i) {
    const GridCoord a = subgoal_cell(i);
    for (std::uint32_t e = offsets_[i]; e < offsets_[i + 1]; ++e) {
      const GridCoord b = detail::cell_of_key(edges_[e]);
      const std::uint32_t j = subgoal_id(b.x, b.y);
      const std::uint64_t c = octile_distance_fixed(a, b);
      add(i, j, c, SubgoalEdge::kNoMiddle);
      add(j, i, c, SubgoalEdge::kNoMiddle);
    }
  }
  // Witness searches: Dijkstra from a over the remaining graph avoiding u, at most
  // `witness_settle_limit` nodes settled, within the largest cost a shortcut through u would have.
  std::vector<std::uint64_t> dist(n, 0);
  std::vector<std::uint32_t> seen(n, 0);
  std::uint32_t search = 0;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> heap;
  std::uint64_t work = 0;
  const std::uint64_t budget = options_.max_witness_work;
  // Shortcuts needed to contract u (added when `apply`), or -1 once the work budget is spent.
  auto shortcuts = [&](std::uint32_t u, bool apply) -> int {
    if (work >= budget && !apply) return -1;
    int count = 0;
    const std::vector<SubgoalEdge> nb = adj[u];
    for (std::size_t ia = 0; ia < nb.size(); ++ia) {
      const std::uint32_t a = nb[ia].to;
      std::uint64_t bound = 0;
      for (std::size_t ib = ia + 1; ib < nb.size(); ++ib)
        bound = std::max(bound, nb[ia].cost + nb[ib].cost);
      if (ia + 1 >= nb.size()) continue;
      ++search;
      heap.clear();
      dist[a] = 0;
      seen[a] = search;
      heap.emplace_back(0, a);
      int settled = 0;
      while (!heap.empty() && settled < options_.witness_settle_limit) {
        std::pop_heap(heap.begin(), heap.end(), std::greater<>());
        const auto [d, v] = heap.back();
        heap.pop_back();
        if (d != dist[v]) continue;
        if (d > bound) break;
        ++settled;
        for (const SubgoalEdge& x : adj[v]) {
          ++work;
          if (x.to == u) continue;
          const std::uint64_t nd = d + x.cost;
          if (seen[x.to] != search || nd < dist[x.to]) {
            seen[x.to] = search;
            dist[x.to] = nd;
            heap.emplace_back(nd, x.to);
            std::push_heap(heap.begin(), heap.end(), std::greater<>());
          }
        }
      }
      for (std::size_t ib = ia + 1; ib < nb.size(); ++ib) {
        const std::uint32_t b = nb[ib].to;
        const std::uint64_t via = nb[ia].cost + nb[ib].cost;
        if (seen[b] == search && dist[b] <= via) continue;
        ++count;
        if (apply) {
          add(a, b, via, u);
          add(b, a, via, u);
        }
      }
    }
    return count;
  };
  // Contraction order: smallest edge difference first, updated lazily (ties: smaller number).
  using Entry = std::pair<int, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  for (std::uint32_t i = 0; i < n; ++i) {
    const int s = shortcuts(i, false);
    if (s < 0) break;
    queue.emplace(s - static_cast<int>(adj[i].size()), i);
  }
  std::vector<std::vector<SubgoalEdge>> up(n);
  std::size_t contracted = 0;
  while (!queue.empty()) {
    const std::uint32_t u = queue.top().second;
    queue.pop();
    if (core_[u] == 0) continue;
    const int s = shortcuts(u, false);
    if (s < 0) break;  // the work budget is spent: the rest is the core
    const int difference = s - static_cast<int>(adj[u].size());
    if (!queue.empty() && difference > queue.top().first) {
      queue.emplace(difference, u);
      continue;
    }
    if (difference > options_.max_edge_difference) break;
    shortcuts(u, true);
    up[u] = std::move(adj[u]);
    adj[u].clear();
    for (const SubgoalEdge& x : up[u]) {
      std::vector<SubgoalEdge>& l = adj[x.to];
      l.erase(std::remove_if(l.begin(), l.end(), [u](const SubgoalEdge& y) { return y.to == u; }),
              l.end());
    }
    core_[u] = 0;
    ++contracted;
  }
  core_count_ = n - contracted;
  if (contracted == 0) return;  // searched as the plain graph: no contracted edges kept
  ch_offsets_.assign(static_cast<std::size_t>(n) + 1, 0);
  std::size_t total = 0;
  for (std::uint32_t i = 0; i < n; ++i) total += (core_[i] != 0 ? adj[i] : up[i]).size();
  ch_edges_.reserve(total);  // exactly: `memory_bytes` counts what is held
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::vector<SubgoalEdge>& l = core_[i] != 0 ? adj[i] : up[i];
    ch_edges_.insert(ch_edges_.end(), l.begin(), l.end());
    ch_offsets_[i + 1] = static_cast<std::uint32_t>(ch_edges_.size());
  }
}

inline PathResult SubgoalSearch::search(const SubgoalGraph& graph, std::uint8_t unit_cost,
                                        GridCoord from, GridCoord to, std::vector<GridCoord>& out,
                                        const SearchLimits& limits) {
  reserve(graph);
  if (++mark_ == 0) {
    std::fill(goal_mark_.begin(), goal_mark_.end(), 0u);
    std::fill(down_stamp_.begin(), down_stamp_.end(), 0u);
    std::fill(seen_.begin(), seen_.end(), 0u);
    mark_ = 1;
  }
  // A contraction that contracted nothing (its work budget spent first, as on dense maps) is
  // searched as the plain graph: the same costs, and its one-way scan edges are fewer.
  if (graph.contracted() && graph.core_count() < graph.subgoal_count())
    return search_contracted(graph, unit_cost, from, to, out, limits);
  PathResult r;
  r.finish = from;
  const std::uint8_t* const cls = graph.classes();
  const std::ptrdiff_t goal_p = graph.padded(to.x, to.y);
  const bool goal_open = cls[goal_p] != detail::kSubgoalBlocked;
  // The goal's connections, when it is not a subgoal itself (then the edges into it are the
  // graph's).
  if (goal_open && cls[goal_p] != detail::kSubgoalCell && !(from == to)) {
    goal_connections(graph, to, [&](std::uint32_t id) { goal_mark_[id] = mark_; });
  }
  const std::uint32_t* const keys = graph.edge_keys();
  const std::uint32_t mark = mark_;
  const std::uint32_t* const goal_mark = goal_mark_.data();
  search_.run(
      graph.cols(), graph.rows(), from, to, limits, unit_cost,
      [&](int x, int y, std::uint8_t, auto& gen) {
        auto generate = [&](int nx, int ny) PATHING_ALWAYS_INLINE {
          const int adx = nx > x ? nx - x : x - nx;
          const int ady = ny > y ? ny - y : y - ny;
          const int diag = adx < ady ? adx : ady;
          gen(nx, ny, std::uint8_t{0}, detail::segment_cost(diag, (adx > ady ? adx : ady) - diag));
        };
        if (cls[graph.padded(x, y)] != detail::kSubgoalCell || (x == from.x && y == from.y)) {
          expand_cell(graph, x, y, to, goal_open, generate);
          return;
        }
        const std::uint32_t id = graph.subgoal_id(x, y);
        const std::uint32_t end = graph.edge_begin(id + 1);
        for (std::uint32_t e = graph.edge_begin(id); e < end; ++e) {
          const std::uint32_t k = keys[e];
          generate(detail::cell_key_x(k), detail::cell_key_y(k));
        }
        if (goal_mark[id] == mark) generate(to.x, to.y);
      },
      r);
  search_.write_path(r, out, unit_cost);
  return r;
}

template <class F>
void SubgoalSearch::goal_connections(const SubgoalGraph& graph, GridCoord to, F&& f) {
  const std::uint8_t* const cls = graph.classes();
  const std::ptrdiff_t pitch = graph.pitch();
  detail::subgoal_direct_scan(cls, graph.clearances(), pitch, graph.padded(to.x, to.y), to.x, to.y,
                              false, 0, 0, [&](std::ptrdiff_t q, int qx, int qy) {
                                const int dx = to.x - qx;
                                const int dy = to.y - qy;
                                if (detail::subgoal_diagonal_first_clear(
                                        cls, pitch, q, dx < 0 ? -dx : dx, dy < 0 ? -dy : dy,
                                        dx < 0 ? -1 : 1, dy < 0 ? -1 : 1)) {
                                  f(graph.subgoal_id(qx, qy));
                                }
                              });
}

template <class Direct>
void SubgoalSearch::expand_cell(const SubgoalGraph& graph, int x, int y, GridCoord to,
                                bool goal_open, Direct&& direct) {
  const std::uint8_t* const cls = graph.classes();
  const std::ptrdiff_t pitch = graph.pitch();
  const std::ptrdiff_t p = graph.padded(x, y);
  if (cls[p] == detail::kSubgoalBlocked) {
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const std::ptrdiff_t q = p + dx + dy * pitch;
        if ((dx == 0 && dy == 0) || cls[q] == detail::kSubgoalBlocked) continue;
        if (dx != 0 && dy != 0 &&
            (cls[p + dx] == detail::kSubgoalBlocked ||
             cls[p + dy * pitch] == detail::kSubgoalBlocked)) {
          continue;
        }
        direct(x + dx, y + dy);
      }
    }
    return;
  }
  detail::subgoal_direct_scan(cls, graph.clearances(), pitch, p, x, y, goal_open, to.x, to.y,
                              [&](std::ptrdiff_t, int qx, int qy) { direct(qx, qy); });
}

inline void SubgoalSearch::append_edge(const SubgoalGraph& graph, std::uint32_t a, std::uint32_t b,
                                       std::vector<GridCoord>& out, std::uint64_t& straight,
                                       std::uint64_t& diagonal) {
  const std::uint8_t* const cls = graph.classes();
  const std::ptrdiff_t pitch = graph.pitch();
  const SubgoalEdge* const edges = graph.contracted_edges();
  // An explicit stack of (from, to) pairs, the later pair below the earlier one.
  const std::size_t base = stack_.size();
  stack_.push_back(b);
  stack_.push_back(a);
  while (stack_.size() > base) {
    const std::uint32_t u = stack_.back();
    stack_.pop_back();
    const std::uint32_t v = stack_.back();
    stack_.pop_back();
    // The edge joining u and v: in the list of the one contracted first (or either, in the
    // core); the cheapest if both hold one.
    const SubgoalEdge* best = nullptr;
    for (const std::uint32_t s : {u, v}) {
      const std::uint32_t t = s == u ? v : u;
      for (std::uint32_t e = graph.contracted_begin(s); e < graph.contracted_begin(s + 1); ++e) {
        if (edges[e].to == t && (best == nullptr || edges[e].cost < best->cost)) best = &edges[e];
      }
    }
    if (best != nullptr && best->mid != SubgoalEdge::kNoMiddle) {
      stack_.push_back(v);
      stack_.push_back(best->mid);
      stack_.push_back(best->mid);
      stack_.push_back(u);
      continue;
    }
    // An edge of the subgoal graph: diagonal-first from u when that is legal, else from v.
    const GridCoord cu = graph.subgoal_cell(u);
    const GridCoord cv = graph.subgoal_cell(v);
    const int adx = cv.x > cu.x ? cv.x - cu.x : cu.x - cv.x;
    const int ady = cv.y > cu.y ? cv.y - cu.y : cu.y - cv.y;
    const int diag = adx < ady ? adx : ady;
    const int rest = (adx > ady ? adx : ady) - diag;
    const int sx = cv.x > cu.x ? 1 : (cv.x < cu.x ? -1 : 0);
    const int sy = cv.y > cu.y ? 1 : (cv.y < cu.y ? -1 : 0);
    const int rx = adx > ady ? sx : 0;
    const int ry = adx > ady ? 0 : sy;
    bool diagonal_first = true;
    {
      std::ptrdiff_t p = graph.padded(cu.x, cu.y);
      for (int i = 0; i < diag && diagonal_first; ++i) {
        diagonal_first = detail::subgoal_diagonal_legal(cls, p, sx, sy * pitch);
        p += sx + sy * pitch;
      }
      for (int i = 0; i < rest && diagonal_first; ++i) {
        p += rx + ry * pitch;
        diagonal_first = cls[p] != detail::kSubgoalBlocked;
      }
    }
    GridCoord c = cu;
    if (diagonal_first) {
      for (int i = 0; i < diag; ++i) out.push_back(c = GridCoord{c.x + sx, c.y + sy});
      for (int i = 0; i < rest; ++i) out.push_back(c = GridCoord{c.x + rx, c.y + ry});
    } else {  // straight first: diagonal-first from v, reversed
      for (int i = 0; i < rest; ++i) out.push_back(c = GridCoord{c.x + rx, c.y + ry});
      for (int i = 0; i < diag; ++i) out.push_back(c = GridCoord{c.x + sx, c.y + sy});
    }
    straight += static_cast<std::uint64_t>(rest);
    diagonal += static_cast<std::uint64_t>(diag);
  }
}

inline PathResult SubgoalSearch::search_contracted(const SubgoalGraph& graph,
                                                   std::uint8_t unit_cost, GridCoord from,
                                                   GridCoord to, std::vector<GridCoord>& out,
                                                   const SearchLimits& limits) {
  PathResult r;
  r.finish = from;
  const std::uint8_t* const cls = graph.classes();
  const std::ptrdiff_t goal_p = graph.padded(to.x, to.y);
  const bool goal_open = cls[goal_p] != detail::kSubgoalBlocked;
  const std::uint32_t mark = mark_;
  // The goal's connections (as the uncontracted search), then its up-set: every subgoal reached
  // from them by upward edges; each upward edge l -> u of the up-set becomes a down edge u -> l.
  stack_.clear();
  downs_.clear();
  if (goal_open && !(from == to)) {
    if (cls[goal_p] == detail::kSubgoalCell) {
      stack_.push_back(graph.subgoal_id(to.x, to.y));
    } else {
      goal_connections(graph, to, [&](std::uint32_t id) {
        goal_mark_[id] = mark;
        stack_.push_back(id);
      });
    }
  }
  for (const std::uint32_t id : stack_) seen_[id] = mark;
  const SubgoalEdge* const edges = graph.contracted_edges();
  while (!stack_.empty()) {
    const std::uint32_t l = stack_.back();
    stack_.pop_back();
    if (graph.in_core(l)) continue;  // core edges go both ways already
    for (std::uint32_t e = graph.contracted_begin(l); e < graph.contracted_begin(l + 1); ++e) {
      const std::uint32_t u = edges[e].to;
      const std::uint32_t head = down_stamp_[u] == mark ? down_head_[u] : SubgoalEdge::kNoMiddle;
      down_stamp_[u] = mark;
      down_head_[u] = static_cast<std::uint32_t>(downs_.size());
      downs_.push_back(Down{l, head, edges[e].cost});
      if (seen_[u] != mark) {
        seen_[u] = mark;
        stack_.push_back(u);
      }
    }
  }
  const std::uint32_t* const goal_mark = goal_mark_.data();
  search_.run(
      graph.cols(), graph.rows(), from, to, limits, unit_cost,
      [&](int x, int y, std::uint8_t, auto& gen) {
        auto direct = [&](int nx, int ny) PATHING_ALWAYS_INLINE {
          gen(nx, ny, std::uint8_t{0}, octile_distance_fixed(GridCoord{x, y}, GridCoord{nx, ny}));
        };
        if (cls[graph.padded(x, y)] != detail::kSubgoalCell || (x == from.x && y == from.y)) {
          expand_cell(graph, x, y, to, goal_open, direct);
          return;
        }
        const std::uint32_t id = graph.subgoal_id(x, y);
        const std::uint32_t end = graph.contracted_begin(id + 1);
        for (std::uint32_t e = graph.contracted_begin(id); e < end; ++e) {
          const GridCoord c = graph.subgoal_cell(edges[e].to);
          gen(c.x, c.y, std::uint8_t{0}, edges[e].cost);
        }
        if (down_stamp_[id] == mark) {
          for (std::uint32_t d = down_head_[id]; d != SubgoalEdge::kNoMiddle; d = downs_[d].next) {
            const GridCoord c = graph.subgoal_cell(downs_[d].to);
            gen(c.x, c.y, std::uint8_t{0}, downs_[d].cost);
          }
        }
        if (goal_mark[id] == mark) direct(to.x, to.y);
      },
      r);
  // The path: the nodes' chain, each edge unpacked into cells.
  search_.write_jump_points(chain_);
  out.clear();
  out.push_back(from);
  std::uint64_t straight = 0;
  std::uint64_t diagonal = 0;
  for (std::size_t i = 1; i < chain_.size(); ++i) {
    const GridCoord a = chain_[i - 1];
    const GridCoord b = chain_[i];
    const bool a_sub = cls[graph.padded(a.x, a.y)] == detail::kSubgoalCell;
    const bool b_sub = cls[graph.padded(b.x, b.y)] == detail::kSubgoalCell;
    if (i == 1 || !a_sub || !b_sub) {
      // From the start's scan, a blocked start's move, or to the goal: diagonal-first from a.
      const int adx = b.x > a.x ? b.x - a.x : a.x - b.x;
      const int ady = b.y > a.y ? b.y - a.y : a.y - b.y;
      const int diag = adx < ady ? adx : ady;
      const int rest = (adx > ady ? adx : ady) - diag;
      const int sx = b.x > a.x ? 1 : (b.x < a.x ? -1 : 0);
      const int sy = b.y > a.y ? 1 : (b.y < a.y ? -1 : 0);
      GridCoord c = a;
      for (int k = 0; k < diag; ++k) out.push_back(c = GridCoord{c.x + sx, c.y + sy});
      for (int k = 0; k < rest; ++k)
        out.push_back(c = GridCoord{c.x + (adx > ady ? sx : 0), c.y + (adx > ady ? 0 : sy)});
      straight += static_cast<std::uint64_t>(rest);
      diagonal += static_cast<std::uint64_t>(diag);
    } else {
      append_edge(graph, graph.subgoal_id(a.x, a.y), graph.subgoal_id(b.x, b.y), out, straight,
                  diagonal);
    }
  }
  r.moves = static_cast<std::uint32_t>(straight + diagonal);
  r.cost = cost::exact_length(straight * unit_cost, diagonal * unit_cost);
  return r;
}

}  // namespace pathing
