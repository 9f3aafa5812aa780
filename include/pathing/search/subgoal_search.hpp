// pathing: fast grid path-finding. MIT licensed.
//
// Subgoal search: exact A* over a `SubgoalGraph` (simple subgoal graphs, Uras, Koenig and Hernandez
// 2013).
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
#include "pathing/detail/reserve.hpp"
#include "pathing/error.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/map_sync.hpp"
#include "pathing/precompute/jps_map.hpp"
#include "pathing/precompute/subgoal/direct_scan.hpp"
#include "pathing/precompute/subgoal_graph.hpp"
#include "pathing/search/jump/jump_contract.hpp"
#include "pathing/search/jump/jump_search.hpp"
#include "pathing/search/result.hpp"

namespace pathing {

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
    return query(&own_graph_, nullptr, grid, layer, from, to, out, options);
  }

  /// Same, on a caller-owned graph (shared by any number of searchers), under the layer it was
  /// built with. Returns `stale` (nothing searched, `out` unchanged) unless `graph.matches(grid)`.
  PathResult find_path(const Grid& grid, const SubgoalGraph& graph, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options = {}) {
    return query(nullptr, &graph, grid, graph.layer(), from, to, out, options);
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
  // One query on the searcher's own graph (`own`) or a caller-owned one (`shared`): the
  // front-end (`detail::start_jump_query`), then the search.
  PathResult query(SubgoalGraph* own, const SubgoalGraph* shared, const Grid& grid,
                   const GridLayer& layer, GridCoord from, GridCoord to,
                   std::vector<GridCoord>& out, const SearchOptions& options) {
    const detail::JumpQueryStart q = detail::start_jump_query<SubgoalGraph>(
        search_, own, &last_sync_, shared, grid, layer, from, to, &out, options);
    if (q.status != SearchStatus::found) return detail::refused_query(from, q.status);
    return detail::finish_jump_query(
        search(own != nullptr ? *own : *shared, q.unit_cost, from, q.target, out, options.limits),
        q);
  }

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
