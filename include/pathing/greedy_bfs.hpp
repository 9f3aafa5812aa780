// pathing: fast grid path-finding. MIT licensed.
//
// Greedy best-first search: fast, not optimal.
#pragma once

#include <cstdint>
#include <vector>

#include "pathing/coord.hpp"
#include "pathing/detail/bucket_queue.hpp"
#include "pathing/detail/search_space.hpp"
#include "pathing/grid.hpp"
#include "pathing/layer.hpp"
#include "pathing/moves.hpp"
#include "pathing/path.hpp"
#include "pathing/result.hpp"

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
/// 56-step search (constant memory), `find_path` the unbounded one (5 bytes a grid cell).
/// Allocation: none once warm.
class GreedyBfs {
 public:
  /// A searcher with no memory yet; it grows on first use.
  GreedyBfs() = default;
  /// A searcher whose unbounded workspace is sized for `cols` x `rows` grids up front.
  GreedyBfs(int cols, int rows) { reserve(cols, rows); }

  /// Sizes the unbounded workspace for grids up to `cols` x `rows` cells (never shrinks).
  /// @throws std::invalid_argument naming the value for a negative side or a size beyond the
  ///         Grid's limits (0 reserves nothing).
  void reserve(int cols, int rows) {
    const std::size_t n = detail::reserved_cells(cols, rows, "pathing::GreedyBfs");
    full_.ensure(n);
    hot_.reserve(256);
  }

  /// Bounded search, the seed's `BuildPath`: 4-connected, at most 56 steps. `cost` is the number
  /// of steps. Partial results end at the cell expanded closest to the goal (Manhattan, earliest
  /// on ties). See `AStar::build_path` for statuses. Complexity: O(k) for k cells within 57
  /// steps of the start (k <= 6613), plus O(log) for keys outside the bucket window.
  BoundedResult build_path(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer);

  /// Unbounded search over the whole grid, 4- or 8-connected (no corner cutting). `out` receives
  /// the cells from `from` to the end of the path (left unchanged on `invalid_endpoint`).
  /// `cost` is the layer cost of the returned path. Limits: `max_expansions` applies; `max_cost`
  /// is ignored (greedy search does not track g).
  PathResult find_path(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer,
                       std::vector<GridCoord>& out, Connectivity conn = Connectivity::four,
                       const SearchLimits& limits = {});

  /// Whether the last unbounded query (`find_path`) expanded cell `c`. Same contract as
  /// `AStar::was_expanded`: exactly the `stats.expanded` cells (the goal of a `found` query is not
  /// expanded), false before the first unbounded query, after `invalid_endpoint` and outside that
  /// query's grid. O(1); not for hot paths.
  [[nodiscard]] bool was_expanded(GridCoord c) const noexcept {
    return last_query_.contains(c) && full_.stamps.is_closed(last_query_.index(c));
  }

  /// Bytes of working memory held.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return full_.bytes() + window_.bytes() + hot_.capacity() * sizeof(Entry);
  }

  /// Testing hook: sets the generation counters, e.g. near 2^32 to force the wrap-around.
  void debug_force_generation(std::uint32_t g) noexcept {
    full_.stamps.force_generation(g);
    window_.stamps.force_generation(g);
  }

 private:
  struct Entry {
    std::uint32_t node;
    std::uint16_t x;
    std::uint16_t y;
    std::uint32_t depth;
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
              detail::NodeWorkspace& ws, const Space& space, const SearchLimits& limits,
              SearchStatus& status, GridCoord& finish, SearchStats& stats);

  detail::NodeWorkspace full_;
  detail::NodeWorkspace window_;
  std::vector<Entry> hot_;
  detail::BucketQueue<Entry> queue_;
  detail::LastQueryArea last_query_;  // grid of the last unbounded query, for was_expanded
};

// ---------------------------------------------------------------------------------------------
// Implementation

template <Connectivity C, class Space, bool Bounded>
inline void GreedyBfs::search(const Grid& grid, GridCoord from, GridCoord to,
                              const GridLayer& layer, detail::NodeWorkspace& ws, const Space& space,
                              const SearchLimits& limits, SearchStatus& status, GridCoord& finish,
                              SearchStats& stats) {
  ws.stamps.next_generation();
  hot_.clear();
  const std::uint32_t d0 = key_of<C>(from.x, from.y, to);
  queue_.reset(d0 > 48 ? d0 - 48 : 0);

  const std::size_t s = space.index(from.x, from.y);
  ws.stamps.mark_open(s);
  ws.parent[s] = detail::kNoParent;
  hot_.push_back(Entry{static_cast<std::uint32_t>(s), static_cast<std::uint16_t>(from.x),
                       static_cast<std::uint16_t>(from.y), 0});
  stats.generated = 1;

  GridCoord best = from;
  std::uint32_t best_key = d0;
  status = SearchStatus::unreachable;

  while (!hot_.empty() || !queue_.empty()) {
    Entry e;
    if (!hot_.empty()) {
      e = hot_.back();
      hot_.pop_back();
    } else {
      e = queue_.pop();
    }
    const int x = e.x;
    const int y = e.y;
    if constexpr (Bounded) {
      if (e.depth > static_cast<std::uint32_t>(GridPath::kMaxSteps)) {
        status = SearchStatus::too_far;
        break;
      }
    }
    if (x == to.x && y == to.y) {
      status = SearchStatus::found;
      best = to;
      break;
    }
    if (stats.expanded >= limits.max_expansions) {
      status = SearchStatus::expansion_limit;
      break;
    }
    ++stats.expanded;
    ws.stamps.mark_closed(e.node);  // still "seen"; lets was_expanded tell expanded cells apart
    const std::uint32_t key = key_of<C>(x, y, to);
    if (key < best_key) {
      best_key = key;
      best = GridCoord{x, y};
    }
    detail::for_each_neighbor<C>(
        grid, layer, x, y, [&](int nx, int ny, Direction8 dir, std::uint64_t) {
          const std::size_t n = space.index(nx, ny);
          if (ws.stamps.is_seen(n)) return;
          ws.stamps.mark_open(n);
          ws.parent[n] = static_cast<std::uint8_t>(dir);
          const Entry ne{static_cast<std::uint32_t>(n), static_cast<std::uint16_t>(nx),
                         static_cast<std::uint16_t>(ny), e.depth + 1};
          const std::uint32_t nkey = key_of<C>(nx, ny, to);
          if (nkey < key) {
            hot_.push_back(ne);
          } else {
            queue_.push(nkey, ne);
          }
          ++stats.generated;
        });
  }
  finish = best;
}

inline BoundedResult GreedyBfs::build_path(const Grid& grid, GridCoord from, GridCoord to,
                                           const GridLayer& layer) {
  BoundedResult r;
  r.finish = from;
  if (!grid.in_bounds(from)) {
    r.partial = true;
    r.status = SearchStatus::invalid_endpoint;
    return r;
  }
  if (from == to) return r;
  window_.ensure(detail::WindowSpace::kNodes);
  const detail::WindowSpace space{from.x - detail::WindowSpace::kRadius,
                                  from.y - detail::WindowSpace::kRadius};
  search<Connectivity::four, detail::WindowSpace, true>(
      grid, from, detail::bounded_target(from, to), layer, window_, space, {}, r.status, r.finish,
      r.stats);
  r.partial = r.status != SearchStatus::found;
  r.steps = detail::reconstruct_steps(window_, space, r.finish);
  r.cost = r.steps.len();
  return r;
}

inline PathResult GreedyBfs::find_path(const Grid& grid, GridCoord from, GridCoord to,
                                       const GridLayer& layer, std::vector<GridCoord>& out,
                                       Connectivity conn, const SearchLimits& limits) {
  PathResult r;
  r.finish = from;
  if (!grid.in_bounds(from) || !grid.in_bounds(to)) {
    r.status = SearchStatus::invalid_endpoint;
    last_query_ = {};
    return r;
  }
  full_.ensure(grid.cell_count());
  last_query_ = {grid.cols(), grid.rows()};
  const detail::GridSpace space(grid.cols());
  if (conn == Connectivity::four) {
    search<Connectivity::four, detail::GridSpace, false>(grid, from, to, layer, full_, space,
                                                         limits, r.status, r.finish, r.stats);
  } else {
    search<Connectivity::eight, detail::GridSpace, false>(grid, from, to, layer, full_, space,
                                                          limits, r.status, r.finish, r.stats);
  }
  const detail::CellPathCost pc =
      detail::reconstruct_cells(full_, space, grid, layer, r.finish, out);
  r.cost = cost::exact_length(pc.straight, pc.diagonal);
  r.cost_fixed = pc.straight * cost::kStraight + pc.diagonal * cost::kDiagonal;
  r.steps = pc.steps;
  return r;
}

}  // namespace pathing
