// pathing: fast grid path-finding. MIT licensed.
//
// Jump Point Search, online: block-based (63 cells a step) jumps over a JpsMap.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathing/coord.hpp"
#include "pathing/detail/jump/jump_search.hpp"
#include "pathing/detail/nodes/node_table.hpp"
#include "pathing/detail/reserve.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/grid.hpp"
#include "pathing/jps_map.hpp"
#include "pathing/layer.hpp"
#include "pathing/result.hpp"

namespace pathing {

/// Jump Point Search (D. Harabor and A. Grastien, "Online Graph Pruning for Pathfinding on Grid
/// Maps", AAAI 2011) for 8-connected grids WITHOUT corner cutting (the Moving AI benchmark rule:
/// a diagonal move needs both orthogonal cells it passes passable), with the block-based jumps of
/// "Improving Jump Point Search" (ICAPS 2014): straight jumps test 63 cells at a time on a
/// bit-packed row (`JpsMap`, vertical ones on its transposed copy) with count-trailing-zeros.
/// Diagonal jumps step one cell at a time and run the two straight scans from every cell; at a
/// diagonal cell where a scan finds something, the scans' results are generated directly (the
/// "intermediate" jump point is pruned, as in the ICAPS 2014 paper) and the cell itself is pushed
/// only to continue the diagonal later (see `detail::jps_expand`).
///
/// UNIFORM COST: the searches take only layers whose passable cell values (layer cost != 0) all
/// cost the same c (any c in 1..255), 8-connected moves and weight 1; anything else returns
/// `SearchStatus::unsupported` without searching (use `AStar`), a weight below 1 or NaN
/// `invalid_argument`. Paths are optimal for straight moves of c and diagonal moves of c sqrt(2),
/// the same costs as `AStar::find_path` with `Connectivity::eight` on that layer (`cost` to double
/// precision, bit for bit); `SearchLimits::max_cost` is in the same cost units.
///
/// Results are as for `AStar::find_path`: `out` gets EVERY cell of the path, start and end
/// included (the segment between two jump points is expanded diagonal-first); `stats` counts
/// nodes expanded (taken off the open list) and generated (pushed): jump points, the goal and the
/// diagonal cells pushed to continue a diagonal; `jump_points()` gives the nodes of the last
/// path. Partial results end at the expanded jump point closest to the goal
/// (octile distance), which may be farther from the goal than the closest reachable cell;
/// `max_cost` prunes jump points whose g exceeds it. The start cell's own passability is ignored
/// (a unit may stand on a blocked cell); a blocked goal is unreachable.
///
/// Tie-breaking: open list ordered by f = g + octile h, ties toward larger g, then an order fixed
/// by the pushes (see `detail::JumpPointSearch`); successors generated in the fixed order of
/// `detail::jps_directions`; first parent kept on equal g: deterministic.
///
/// Stale maps: `find_path(grid, layer, ...)` keeps an internal `JpsMap` and brings it up to date
/// itself (`JpsMap::sync`): O(1) when the grid and layer are unchanged, O(k) after k <= 64 cell
/// writes to the same grid object (from the grid's edit log), a rebuild (O(cells)) otherwise
/// (another grid, a copy or assignment, another layer, more than 64 writes). `find_path(grid,
/// map, ...)` takes a caller-owned map and returns `SearchStatus::stale` (nothing searched, `out`
/// unchanged) unless `map.matches(grid)`: call `map.sync(grid, layer)` first. A path through a
/// cell the grid now blocks is never returned.
///
/// Memory: 36 bytes a grid cell of search state (node records, open-list pool and hot stack,
/// sized by `reserve` for the worst query: see `detail::JumpPointSearch`); `find_path(grid,
/// layer, ...)` also keeps a `JpsMap` (about 2 bits a cell). Allocation: none after `reserve` for
/// any query on a grid of at most that size (map in sync or caught up from the edit log).
/// Thread-safety: one Jps per thread; any number of them may share one `const JpsMap&`.
class Jps {
 public:
  /// A searcher with no memory yet; it grows on first use.
  Jps() = default;
  /// A searcher sized for `cols` x `rows` grids, so the first query allocates only the map.
  Jps(int cols, int rows) { reserve(cols, rows); }

  /// Sizes the search state for grids up to `cols` x `rows` cells (never shrinks).
  /// @throws std::invalid_argument naming the value for a negative side or a size beyond the
  ///         Grid's limits (0 reserves nothing).
  void reserve(int cols, int rows) {
    search_.ensure(detail::reserved_cells(cols, rows, "pathing::Jps"));
  }

  /// Shortest path from `from` to `to` on `grid` under `layer`, through the internal `JpsMap`
  /// (brought up to date as the class comment says).
  ///
  /// @param grid the map.
  /// @param layer its move costs (see UNIFORM COST above).
  /// @param from start cell (its own passability is ignored).
  /// @param to goal cell (a blocked goal is unreachable).
  /// @param out receives every cell from `from` to the end of the path (cleared first; left
  ///   unchanged when nothing was searched: `invalid_endpoint`, `unsupported`,
  ///   `invalid_argument`).
  /// @param options connectivity (eight only), limits (`max_expansions`: nodes expanded;
  ///   `max_cost`: cost units), weight (1 only).
  /// @return `found`, or a partial result (`unreachable`, `expansion_limit`, `cost_limit`), or
  ///   `invalid_endpoint` when `from` or `to` is off the grid, or `unsupported` /
  ///   `invalid_argument` as the class comment says. Never throws but `std::bad_alloc` (growing).
  /// Complexity: the map's catch-up (see above), then typically far below A*'s; worst case
  /// O(n log n + n * cols / 63) for n jump points.
  PathResult find_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options = {}) {
    const detail::JumpSearchCheck check = detail::check_jump_search(layer, options);
    if (check.status != SearchStatus::found) return refuse(from, check.status);
    if (!grid.in_bounds(from) || !grid.in_bounds(to)) {
      return refuse(from, SearchStatus::invalid_endpoint);
    }
    last_sync_ = own_map_.sync(grid, layer);
    return search(own_map_, check.unit_cost, from, to, out, options.limits);
  }

  /// Same, on a caller-owned `map` (many searchers may share it), under the layer it was built
  /// with (`map.layer()`). Returns `stale` (nothing searched, `out` unchanged) unless
  /// `map.matches(grid)`: built or synced from this grid object at its current `version()`
  /// (`JpsMap::sync` brings it up to date, cheaply after a few edits). Other statuses as above.
  /// Starting a query is O(1).
  PathResult find_path(const Grid& grid, const JpsMap& map, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options = {}) {
    const detail::JumpSearchCheck check = detail::check_jump_search(map.layer(), options);
    if (check.status != SearchStatus::found) return refuse(from, check.status);
    if (!map.matches(grid)) return refuse(from, SearchStatus::stale);
    if (!grid.in_bounds(from) || !grid.in_bounds(to)) {
      return refuse(from, SearchStatus::invalid_endpoint);
    }
    return search(map, check.unit_cost, from, to, out, options.limits);
  }

  /// What the last `find_path(grid, layer, ...)` that searched did to its internal map (a
  /// diagnostic: `updated` means the edit log sufficed). `current` before any.
  [[nodiscard]] MapSync last_map_sync() const noexcept { return last_sync_; }

  /// The jump points of the path returned by the last `find_path` (start, each node of the
  /// chain, end), into `out`, capacity reused: consecutive points are joined by a diagonal-first
  /// segment. Empty when the last query had an invalid endpoint. O(jump points).
  void jump_points(std::vector<GridCoord>& out) const { search_.write_jump_points(out); }

  /// Bytes held: search state, open list and the internal map of `find_path(grid, layer, ...)`.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return search_.memory_bytes() + own_map_.memory_bytes();
  }

 private:
  friend struct detail::TestAccess;
  void force_generation(std::uint32_t g) noexcept { search_.debug_force_generation(g); }
  // A result for a query that searched nothing (finish = from, out untouched).
  PathResult refuse(GridCoord from, SearchStatus status) noexcept {
    search_.forget_last();
    PathResult r;
    r.status = status;
    r.finish = from;
    return r;
  }
  PathResult search(const JpsMap& map, std::uint8_t unit_cost, GridCoord from, GridCoord to,
                    std::vector<GridCoord>& out, const SearchLimits& limits);

  detail::JumpPointSearch search_;
  JpsMap own_map_;
  MapSync last_sync_ = MapSync::current;
};

// ---------------------------------------------------------------------------------------------
// Implementation

namespace detail {

/// The directions JPS follows from a node entered with direction `travel` (`kNoParent`: the
/// start, which follows all eight): the natural neighbours of the travel direction plus the
/// forced ones, for 8-connected moves without corner cutting. Travelling east, the cell north of
/// the node is a forced neighbour when it is passable and the cell north-west of the node is
/// blocked; JPS then also follows north and north-east (likewise south; the other travel
/// directions are symmetric). `forced(t, s)` answers that question for a straight travel
/// direction t and a perpendicular side s (`forced_by_bitmap` reads it from a `JpsMap`). A
/// diagonal travel direction has no forced neighbours without corner cutting: it continues
/// diagonally and along both components; a `kDiagonalContinuation` code only continues diagonally
/// (its straight successors were generated when it was). Calls `straight(Direction8)` and
/// `diagonal(dx, dy)` in a fixed order. Shared by `Jps` and `JpsPlus`.
template <class Forced, class Straight, class Diagonal>
PATHING_ALWAYS_INLINE inline void jps_directions(std::uint8_t travel, Forced&& forced,
                                                 Straight&& straight, Diagonal&& diagonal) {
  using D = Direction8;
  if (travel != kNoParent && (travel & kDiagonalContinuation) != 0) {
    const GridCoord o = step_offset(static_cast<Direction8>(travel & 7u));
    diagonal(o.x, o.y);
    return;
  }
  switch (travel) {
    case static_cast<std::uint8_t>(D::right): {
      straight(D::right);
      const bool up = forced(D::right, D::up);
      const bool down = forced(D::right, D::down);
      if (down) straight(D::down);
      if (up) straight(D::up);
      if (down) diagonal(1, 1);
      if (up) diagonal(1, -1);
      return;
    }
    case static_cast<std::uint8_t>(D::left): {
      straight(D::left);
      const bool up = forced(D::left, D::up);
      const bool down = forced(D::left, D::down);
      if (down) straight(D::down);
      if (up) straight(D::up);
      if (down) diagonal(-1, 1);
      if (up) diagonal(-1, -1);
      return;
    }
    case static_cast<std::uint8_t>(D::down): {
      const bool right = forced(D::down, D::right);
      const bool left = forced(D::down, D::left);
      if (right) straight(D::right);
      if (left) straight(D::left);
      straight(D::down);
      if (right) diagonal(1, 1);
      if (left) diagonal(-1, 1);
      return;
    }
    case static_cast<std::uint8_t>(D::up): {
      const bool right = forced(D::up, D::right);
      const bool left = forced(D::up, D::left);
      if (right) straight(D::right);
      if (left) straight(D::left);
      straight(D::up);
      if (left) diagonal(-1, -1);
      if (right) diagonal(1, -1);
      return;
    }
    case static_cast<std::uint8_t>(D::down_right):
      straight(D::right);
      straight(D::down);
      diagonal(1, 1);
      return;
    case static_cast<std::uint8_t>(D::down_left):
      straight(D::left);
      straight(D::down);
      diagonal(-1, 1);
      return;
    case static_cast<std::uint8_t>(D::up_left):
      straight(D::left);
      straight(D::up);
      diagonal(-1, -1);
      return;
    case static_cast<std::uint8_t>(D::up_right):
      straight(D::right);
      straight(D::up);
      diagonal(1, -1);
      return;
    default:  // the start: every direction
      straight(D::right);
      straight(D::left);
      straight(D::down);
      straight(D::up);
      diagonal(1, 1);
      diagonal(-1, 1);
      diagonal(-1, -1);
      diagonal(1, -1);
      return;
  }
}

/// The `forced` test of `jps_directions` on a `JpsMap`, for node (x, y): the cell beside the node
/// on side s is passable and the cell behind that one (against travel direction t) is blocked.
[[nodiscard]] PATHING_ALWAYS_INLINE inline bool forced_by_bitmap(const JpsMap& m, int x, int y,
                                                                 Direction8 t, Direction8 s) {
  const GridCoord os = step_offset(s);
  const GridCoord ot = step_offset(t);
  return m.passable(x + os.x, y + os.y) && !m.passable(x + os.x - ot.x, y + os.y - ot.y);
}

/// The diagonal direction with components (dx, dy), each -1 or 1.
[[nodiscard]] constexpr Direction8 diagonal_direction(int dx, int dy) noexcept {
  return dx > 0 ? (dy > 0 ? Direction8::down_right : Direction8::up_right)
                : (dy > 0 ? Direction8::down_left : Direction8::up_left);
}

/// Successors of one JPS node (x, y) entered with travel code `travel`: each direction of
/// `jps_directions` followed by a jump. Straight jumps are the map's block scans. Diagonal jumps
/// step cell by cell (each step legal without corner cutting) and scan both straight components
/// from each cell; at the first cell t where a scan finds something, the scans' results are
/// generated directly (t is an "intermediate" jump point, Harabor & Grastien 2014) and, when the
/// diagonal goes on from t, t itself is generated with a `kDiagonalContinuation` code, so that
/// the rest of the diagonal is walked once, when (and if) t is expanded.
template <class Gen>
inline void jps_expand(const JpsMap& m, int x, int y, std::uint8_t travel, GridCoord goal,
                       Gen& gen) {
  auto straight = [&](Direction8 s) {
    const std::uint8_t code = travel_code(s);
    switch (s) {
      case Direction8::right:
        if (const int j = m.jump_east(x, y, goal); j != JpsMap::kNoJump) {
          gen(j, y, code, segment_cost(0, j - x));
        }
        return;
      case Direction8::left:
        if (const int j = m.jump_west(x, y, goal); j != JpsMap::kNoJump) {
          gen(j, y, code, segment_cost(0, x - j));
        }
        return;
      case Direction8::down:
        if (const int j = m.jump_south(x, y, goal); j != JpsMap::kNoJump) {
          gen(x, j, code, segment_cost(0, j - y));
        }
        return;
      default:
        if (const int j = m.jump_north(x, y, goal); j != JpsMap::kNoJump) {
          gen(x, j, code, segment_cost(0, y - j));
        }
        return;
    }
  };
  auto diagonal = [&](int dx, int dy) {
    const std::uint8_t h = travel_code(dx > 0 ? Direction8::right : Direction8::left);
    const std::uint8_t v = travel_code(dy > 0 ? Direction8::down : Direction8::up);
    const std::uint8_t d = travel_code(diagonal_direction(dx, dy));
    int cx = x;
    int cy = y;
    while (m.passable(cx + dx, cy) && m.passable(cx, cy + dy) && m.passable(cx + dx, cy + dy)) {
      cx += dx;
      cy += dy;
      const int steps = (cx - x) * dx;  // diagonal moves from (x, y)
      if (cx == goal.x && cy == goal.y) {
        gen(cx, cy, d, segment_cost(steps, 0));
        return;
      }
      const int jh = dx > 0 ? m.jump_east(cx, cy, goal) : m.jump_west(cx, cy, goal);
      const int jv = dy > 0 ? m.jump_south(cx, cy, goal) : m.jump_north(cx, cy, goal);
      if (jh == JpsMap::kNoJump && jv == JpsMap::kNoJump) continue;
      if (jh != JpsMap::kNoJump) gen(jh, cy, h, segment_cost(steps, (jh - cx) * dx));
      if (jv != JpsMap::kNoJump) gen(cx, jv, v, segment_cost(steps, (jv - cy) * dy));
      // Once the goal is generated through (x, y) at octile distance, nothing further along
      // this diagonal can lead to it more cheaply.
      const bool goal_found = (cy == goal.y && jh == goal.x) || (cx == goal.x && jv == goal.y);
      if (!goal_found && m.passable(cx + dx, cy) && m.passable(cx, cy + dy) &&
          m.passable(cx + dx, cy + dy)) {
        gen(cx, cy, static_cast<std::uint8_t>(kDiagonalContinuation | d), segment_cost(steps, 0));
      }
      return;
    }
  };
  jps_directions(
      travel,
      [&](Direction8 t, Direction8 side)
          PATHING_ALWAYS_INLINE { return forced_by_bitmap(m, x, y, t, side); },
      straight, diagonal);
}

}  // namespace detail

inline PathResult Jps::search(const JpsMap& map, std::uint8_t unit_cost, GridCoord from,
                              GridCoord to, std::vector<GridCoord>& out,
                              const SearchLimits& limits) {
  PathResult r;
  r.finish = from;
  search_.ensure(static_cast<std::size_t>(map.cols()) * static_cast<std::size_t>(map.rows()));
  search_.run(
      map.cols(), map.rows(), from, to, limits, unit_cost,
      [&](int x, int y, std::uint8_t travel, auto& gen) {
        detail::jps_expand(map, x, y, travel, to, gen);
      },
      r);
  search_.write_path(r, out, unit_cost);
  return r;
}

}  // namespace pathing
