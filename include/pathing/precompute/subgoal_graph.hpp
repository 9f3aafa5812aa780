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

#include "pathing/detail/nodes/cell_key.hpp"
#include "pathing/detail/payload_fwd.hpp"
#include "pathing/detail/reserve.hpp"
#include "pathing/error.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/map_sync.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/precompute/jps_map.hpp"
#include "pathing/precompute/subgoal/direct_scan.hpp"

namespace pathing {

/// How a `SubgoalGraph` is built. The default is the simple subgoal graph, uncontracted.
struct SubgoalOptions {
  /// Contract the graph (docs/subgoal.md): contraction hierarchies over the subgoals (R.
  /// Geisberger, P. Sanders, D. Schultes and D. Delling, WEA 2008; over subgoal graphs: T. Uras
  /// and S. Koenig, SoCS 2014), leaving the subgoals that would need many shortcuts uncontracted
  /// (the core). Queries stay exact and get much faster on mazes and room maps, little or none on
  /// open game maps; the build takes longer (the witness searches, bounded by `max_witness_work`;
  /// timings: docs/benchmarks.md).
  bool contract = false;
  /// A subgoal is contracted only while its edge difference (shortcuts it needs minus its edges)
  /// is at most this. [Limits: -64..64]
  int max_edge_difference = 2;
  /// Nodes a witness search may settle (beyond it the shortcut is kept: more edges, still
  /// exact). [Limits: 1..65536]
  int witness_settle_limit = 64;
  /// Edge relaxations all witness searches together may make; once spent, the subgoals not yet
  /// contracted form the core (a bound on the build, deterministic). A graph where it ran out
  /// before any subgoal was contracted (on dense maps) is searched as the plain graph.
  /// [Limits: >= 0]
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
  [[nodiscard]] bool is_current(const Grid& grid) const noexcept { return bits_.is_current(grid); }
  /// The former name of `is_current(grid)`, kept for one release.
  [[deprecated("use is_current(grid)")]] [[nodiscard]] bool matches(
      const Grid& grid) const noexcept {
    return is_current(grid);
  }
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

  /// Appends this graph's payload to a precomputed file being written (pathing::io's format,
  /// docs/precomputed.md; `io::serialize_subgoal_graph` writes the container around it and checks
  /// first that the graph is current for the file's grid). O(subgoals + contracted edges). Defined
  /// in the compiled pathing_io library (src/io/subgoal_graph_io.cpp), like `load_payload`: only
  /// code that links pathing::io calls them.
  /// @throws std::bad_alloc.
  void save_payload(io::detail::PayloadWriter& out) const;
  /// The graph held by the payload of a file whose container was checked for `grid` under
  /// `layer` (the subgoals and their edges recomputed from the grid, the contraction checked so
  /// that every edge unpacks into a walk of its cost), current for `grid`. O(as build without the
  /// contraction, plus the contracted edges).
  /// @throws io::PrecomputedError naming the byte of the first field that does not fit;
  /// std::bad_alloc.
  [[nodiscard]] static SubgoalGraph load_payload(const io::detail::PayloadReader& in,
                                                 const Grid& grid, const GridLayer& layer);

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
  struct Payload;  // save_payload's and load_payload's parts and checks (src/io)

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

static_assert(GridDerived<SubgoalGraph>);

}  // namespace pathing
