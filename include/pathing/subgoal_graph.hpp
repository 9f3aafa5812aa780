// pathing: fast grid path-finding. MIT licensed.
//
// Simple subgoal graphs: preprocessed exact search over the convex corners of the obstacles.
#pragma once

#include <cstddef>
#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "pathing/coord.hpp"
#include "pathing/detail/jump/jump_contract.hpp"
#include "pathing/detail/jump/jump_search.hpp"
#include "pathing/detail/nodes/cell_key.hpp"
#include "pathing/detail/reserve.hpp"
#include "pathing/detail/subgoal/direct_scan.hpp"
#include "pathing/grid.hpp"
#include "pathing/jps_map.hpp"
#include "pathing/layer.hpp"
#include "pathing/map_sync.hpp"
#include "pathing/result.hpp"

namespace pathing {

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
/// (subgoal numbers), a `JpsMap` (about 2 bits a cell, for the grid's identity and passability),
/// and 4 bytes a subgoal plus 4 bytes an edge: `memory_bytes()`. Build: O(cells) for the subgoals,
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
  /// The graph of `grid` under `layer`. @throws std::bad_alloc only.
  SubgoalGraph(const Grid& grid, const GridLayer& layer) { build(grid, layer); }

  /// Rebuilds the graph from `grid` under `layer`. O(cells + scans); allocates.
  void build(const Grid& grid, const GridLayer& layer);

  /// Brings the graph up to date with `grid` under `layer`: nothing when current (O(1),
  /// `current`), else a full `build` (`rebuilt`; subgoal graphs have no incremental update).
  MapSync sync(const Grid& grid, const GridLayer& layer) {
    if (is_current(grid, layer)) return MapSync::current;
    build(grid, layer);
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
    const std::uint32_t id = id_[cell(x, y)];
    for (std::uint32_t e = offsets_[id]; e < offsets_[id + 1]; ++e)
      out.push_back(detail::cell_of_key(edges_[e]));
  }

  /// Bytes held (the number to report as the preprocessing's memory cost).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return cls_.capacity() + clear_.capacity() * sizeof(Clearance) +
           id_.capacity() * sizeof(std::uint32_t) +
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
  [[nodiscard]] std::uint32_t subgoal_id(int x, int y) const noexcept { return id_[cell(x, y)]; }
  /// Edges of subgoal number `id`: `edge_keys()[edge_begin(id) .. edge_begin(id + 1))`.
  [[nodiscard]] std::uint32_t edge_begin(std::uint32_t id) const noexcept { return offsets_[id]; }
  /// The edges' target cells as cell keys (`detail::cell_key`).
  [[nodiscard]] const std::uint32_t* edge_keys() const noexcept { return edges_.data(); }

 private:
  [[nodiscard]] std::size_t cell(int x, int y) const noexcept {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_) +
           static_cast<std::size_t>(x);
  }

  JpsMap bits_;  // identity (grid, version, layer) and passability
  int cols_ = 0;
  int rows_ = 0;
  std::ptrdiff_t pitch_ = 2;
  std::vector<std::uint8_t> cls_;         // padded cell classes
  std::vector<std::uint32_t> id_;         // subgoal number of each subgoal cell (row-major)
  std::vector<std::uint32_t> subgoals_;   // cell keys, row-major
  std::vector<std::uint32_t> offsets_;    // CSR: edges of subgoal i at [offsets_[i], offsets_[i+1])
  std::vector<std::uint32_t> edges_;      // target cell keys
  using Clearance = detail::SubgoalClearance;
  std::vector<Clearance> clear_;          // straight clearances, padded like cls_
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
/// Memory: 36 bytes a cell of search state (as `JpsPlus`) plus 4 bytes a subgoal. Allocation:
/// none after `reserve(graph)` for queries on that graph (or after a first query on it).
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
    if (goal_mark_.size() < graph.subgoal_count()) goal_mark_.resize(graph.subgoal_count(), 0);
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
    return detail::finish_jump_query(search(graph, c.unit_cost, from, c.target, out,
                                            options.limits),
                                     c);
  }

  /// What the last `find_path(grid, layer, ...)` that searched did to its internal graph.
  [[nodiscard]] MapSync last_map_sync() const noexcept { return last_sync_; }

  /// The nodes of the path returned by the last `find_path` (start, subgoals, finish).
  void nodes(std::vector<GridCoord>& out) const { search_.write_jump_points(out); }

  /// Bytes held: search state, goal marks and the internal graph.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return search_.memory_bytes() + goal_mark_.capacity() * sizeof(std::uint32_t) +
           own_graph_.memory_bytes();
  }

 private:
  PathResult search(const SubgoalGraph& graph, std::uint8_t unit_cost, GridCoord from,
                    GridCoord to, std::vector<GridCoord>& out, const SearchLimits& limits);

  detail::JumpPointSearch search_;
  SubgoalGraph own_graph_;
  MapSync last_sync_ = MapSync::current;
  std::vector<std::uint32_t> goal_mark_;  // per subgoal: == mark_ when it reaches the goal directly
  std::uint32_t mark_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Implementation

inline void SubgoalGraph::build(const Grid& grid, const GridLayer& layer) {
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
  id_.assign(grid.cell_count(), std::numeric_limits<std::uint32_t>::max());
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
        id_[cell(x, y)] = static_cast<std::uint32_t>(subgoals_.size());
        subgoals_.push_back(detail::cell_key(x, y));
      }
    }
  }
  // Straight clearances: cells to the next blocked cell or subgoal, each way.
  clear_.assign(cls_.size(), Clearance{});
  Clearance* const cl = clear_.data();
  for (int y = 0; y < rows_; ++y) {
    for (int x = cols_ - 1; x >= 0; --x) {
      const std::ptrdiff_t p = padded(x, y);
      cl[p][0] = c[p + 1] == detail::kSubgoalFree ? static_cast<std::uint16_t>(cl[p + 1][0] + 1) : 0;
    }
    for (int x = 0; x < cols_; ++x) {
      const std::ptrdiff_t p = padded(x, y);
      cl[p][1] = c[p - 1] == detail::kSubgoalFree ? static_cast<std::uint16_t>(cl[p - 1][1] + 1) : 0;
    }
  }
  for (int y = rows_ - 1; y >= 0; --y) {
    for (int x = 0; x < cols_; ++x) {
      const std::ptrdiff_t p = padded(x, y);
      cl[p][2] = c[p + pitch_] == detail::kSubgoalFree
                     ? static_cast<std::uint16_t>(cl[p + pitch_][2] + 1)
                     : 0;
    }
  }
  for (int y = 0; y < rows_; ++y) {
    for (int x = 0; x < cols_; ++x) {
      const std::ptrdiff_t p = padded(x, y);
      cl[p][3] = c[p - pitch_] == detail::kSubgoalFree
                     ? static_cast<std::uint16_t>(cl[p - pitch_][3] + 1)
                     : 0;
    }
  }
  offsets_.assign(subgoals_.size() + 1, 0);
  edges_.clear();
  for (std::size_t i = 0; i < subgoals_.size(); ++i) {
    const GridCoord s = detail::cell_of_key(subgoals_[i]);
    detail::subgoal_direct_scan(c, cl, pitch_, padded(s.x, s.y), s.x, s.y, false, 0, 0,
                                [&](std::ptrdiff_t, int qx, int qy) {
                                  edges_.push_back(detail::cell_key(qx, qy));
                                });
    offsets_[i + 1] = static_cast<std::uint32_t>(edges_.size());
  }
}

inline PathResult SubgoalSearch::search(const SubgoalGraph& graph, std::uint8_t unit_cost,
                                        GridCoord from, GridCoord to, std::vector<GridCoord>& out,
                                        const SearchLimits& limits) {
  PathResult r;
  r.finish = from;
  search_.ensure(static_cast<std::size_t>(graph.cols()) * static_cast<std::size_t>(graph.rows()));
  if (goal_mark_.size() < graph.subgoal_count()) goal_mark_.resize(graph.subgoal_count(), 0);
  if (++mark_ == 0) {
    std::fill(goal_mark_.begin(), goal_mark_.end(), 0u);
    mark_ = 1;
  }
  const std::uint8_t* const cls = graph.classes();
  const std::ptrdiff_t pitch = graph.pitch();
  const detail::SubgoalClearance* const clear = graph.clearances();
  const std::ptrdiff_t goal_p = graph.padded(to.x, to.y);
  const bool goal_open = cls[goal_p] != detail::kSubgoalBlocked;
  // The goal's connections (when it is not a subgoal itself): the subgoals u its scan reaches,
  // kept when u's own scan would reach the goal (the diagonal-first path from u is clear).
  if (goal_open && cls[goal_p] != detail::kSubgoalCell && !(from == to)) {
    detail::subgoal_direct_scan(cls, clear, pitch, goal_p, to.x, to.y, false, 0, 0,
                                [&](std::ptrdiff_t q, int qx, int qy) {
      const int dx = to.x - qx;
      const int dy = to.y - qy;
      if (detail::subgoal_diagonal_first_clear(cls, pitch, q, dx < 0 ? -dx : dx,
                                               dy < 0 ? -dy : dy, dx < 0 ? -1 : 1,
                                               dy < 0 ? -1 : 1)) {
        goal_mark_[graph.subgoal_id(qx, qy)] = mark_;
      }
    });
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
        const std::ptrdiff_t p = graph.padded(x, y);
        if (cls[p] != detail::kSubgoalCell || (x == from.x && y == from.y)) {
          if (cls[p] == detail::kSubgoalBlocked) {
            // A blocked start (its own passability is ignored): its legal single moves. The
            // subgoals were made with it blocked, so the cells it leaves to are searched from as
            // starts of their own (the scan below): a path never enters it again.
            for (int dy = -1; dy <= 1; ++dy) {
              for (int dx = -1; dx <= 1; ++dx) {
                const std::ptrdiff_t q = p + dx + dy * pitch;
                if ((dx == 0 && dy == 0) || cls[q] == detail::kSubgoalBlocked) continue;
                if (dx != 0 && dy != 0 &&
                    (cls[p + dx] == detail::kSubgoalBlocked ||
                     cls[p + dy * pitch] == detail::kSubgoalBlocked)) {
                  continue;
                }
                generate(x + dx, y + dy);
              }
            }
            return;
          }
          // The start (or a cell a blocked start moved to): its own scan, the goal among the
          // cells it stops at.
          detail::subgoal_direct_scan(cls, clear, pitch, p, x, y, goal_open, to.x, to.y,
                                      [&](std::ptrdiff_t, int qx, int qy) { generate(qx, qy); });
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

}  // namespace pathing
