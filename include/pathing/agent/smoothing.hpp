// pathing: fast grid path-finding. MIT licensed.
//
// Path post-processing: the seed's diagonal shortcut over a GridPath, line of sight between cells,
// and string pulling of a cell path into waypoints.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/path.hpp"

namespace pathing {

/// Walks a 4-connected `GridPath` and turns each L-turn whose two side cells are both passable
/// into one diagonal move (seed: "When you see an L-shaped turn, a diagonal move is possible
/// (hint: use a Peek2 function). If both adjacent cells are free, do a diagonal move").
///
/// At each step the walker peeks at the next two steps; when they are perpendicular (right then
/// down, up then left, ...) and the two cells beside the diagonal, plus the diagonal cell itself,
/// are passable under the layer, it yields the diagonal `Direction8` and consumes both steps;
/// otherwise it yields the single step. The diagonal obeys the 8-connected corner rule of
/// moves.hpp, so the walked route is a valid 8-connected path between the same cells. The path's
/// 2-bit encoding is untouched: the walker iterates its own 16-byte copy (and reads the grid, which
/// may have changed since the path was built).
///
/// The rewrite is greedy from the start: a staircase of n alternating steps becomes n / 2
/// diagonals (plus one straight step when n is odd). O(1) per move, no allocation. Thread-safety:
/// a value; the grid must not be mutated while a walker reads it.
class DiagonalWalker {
 public:
  /// A walker over `path` (from its first step, whatever its iteration position), starting at
  /// cell `start`. Keeps a pointer to `grid` (which must outlive the walker) and a copy of `layer`.
  DiagonalWalker(const Grid& grid, const GridLayer& layer, GridCoord start,
                 const GridPath& path) noexcept
      : grid_(&grid), layer_(layer), path_(path), pos_(start) {
    path_.rewind();
  }

  /// True while moves are left.
  [[nodiscard]] bool has_next() const noexcept { return path_.has_next(); }

  /// The next move (straight or diagonal), advancing `position()`; nothing at the end.
  std::optional<Direction8> next() noexcept {
    if (!path_.has_next()) return std::nullopt;
    const auto [a, b] = path_.peek2();
    if (b != Direction::none &&
        ((static_cast<unsigned>(a) ^ static_cast<unsigned>(b)) & 1u) != 0) {  // perpendicular
      const GridCoord side_a = pos_ + step_offset(a);
      const GridCoord side_b = pos_ + step_offset(b);
      const GridCoord diag = side_a + step_offset(b);
      if (passable(side_a) && passable(side_b) && passable(diag)) {
        path_.skip(2);
        const Direction8 d = direction_between(pos_, diag);
        pos_ = diag;
        return d;
      }
    }
    path_.skip(1);
    pos_ = pos_ + step_offset(a);
    return static_cast<Direction8>(a);
  }

  /// The cell reached so far (the start before the first move).
  [[nodiscard]] GridCoord position() const noexcept { return pos_; }
  /// 4-connected steps of the path not consumed yet.
  [[nodiscard]] int remaining_steps() const noexcept { return path_.remaining(); }

 private:
  [[nodiscard]] bool passable(GridCoord c) const noexcept { return layer_.cost_at(*grid_, c) != 0; }

  const Grid* grid_;
  GridLayer layer_;
  GridPath path_;
  GridCoord pos_;
};

/// Writes the cells visited by a `DiagonalWalker` over `path` from `start` into `out` (replacing
/// its contents, capacity reused): `start`, then the cell after each move. O(len).
inline void diagonal_shortcut_cells(const Grid& grid, const GridLayer& layer, GridCoord start,
                                    const GridPath& path, std::vector<GridCoord>& out) {
  out.clear();
  out.push_back(start);
  DiagonalWalker w(grid, layer, start, path);
  while (w.next()) out.push_back(w.position());
}

/// True when a point moving in a straight line from the centre of cell `a` to the centre of cell
/// `b` never enters an impassable cell (layer cost 0; cells off the grid are impassable) and never
/// squeezes through a corner: where the segment passes exactly through a cell corner, both cells
/// beside it must be passable (the 8-connected corner rule of moves.hpp). The cells of `a` and
/// `b` themselves are not checked (the mover stands on one and aims at the other).
///
/// Every cell the segment touches is checked (a supercover line, in exact integer arithmetic: the
/// crossing of the next column boundary is compared with that of the next row boundary), so a
/// blocked cell whose interior or corner the segment touches always stops it. O(|dx| + |dy|),
/// no allocation, thread-safe.
[[nodiscard]] inline bool line_of_sight(const Grid& grid, const GridLayer& layer, GridCoord a,
                                        GridCoord b) noexcept {
  const auto passable = [&](int x, int y) { return layer.cost_at(grid, GridCoord{x, y}) != 0; };
  const std::int64_t dx = std::abs(static_cast<std::int64_t>(b.x) - a.x);
  const std::int64_t dy = std::abs(static_cast<std::int64_t>(b.y) - a.y);
  const int sx = b.x > a.x ? 1 : -1;
  const int sy = b.y > a.y ? 1 : -1;
  int x = a.x;
  int y = a.y;
  std::int64_t ix = 0;  // column boundaries crossed
  std::int64_t iy = 0;  // row boundaries crossed
  while (ix < dx || iy < dy) {
    // The segment crosses its next column boundary at t = (ix + 1/2) / dx and its next row
    // boundary at t = (iy + 1/2) / dy; compare them without division.
    const std::int64_t tx = (2 * ix + 1) * dy;
    const std::int64_t ty = (2 * iy + 1) * dx;
    if (tx == ty) {  // exactly through a corner: both side cells must be passable
      if (!passable(x + sx, y) || !passable(x, y + sy)) return false;
      x += sx;
      y += sy;
      ++ix;
      ++iy;
    } else if (tx < ty) {
      x += sx;
      ++ix;
    } else {
      y += sy;
      ++iy;
    }
    if (ix == dx && iy == dy) break;  // reached b: its own cell is not checked
    if (!passable(x, y)) return false;
  }
  return true;
}

/// String pulling: reduces a cell path to the waypoints a mover can walk between in straight
/// lines. Writes into `waypoints` (replacing its contents, capacity reused) the first cell, every
/// cell where the line of sight (`line_of_sight`) from the previous waypoint ends, and the last
/// cell; consecutive waypoints therefore always have line of sight, so the straight segments never
/// cross an impassable cell nor cut a blocked corner (given a path whose own steps do neither, as
/// every search of this library returns: a waypoint may be the next cell of the path).
///
/// `cells` is any path (4- or 8-connected, from any search); an empty path gives no waypoints, a
/// one-cell path one. Greedy from the start (each segment is as long as line of sight allows),
/// not the shortest any-angle path (Theta*/Anya would do better). Layer costs only decide
/// passability here: a segment may cross passable cells that the search avoided for their cost.
/// Complexity: O(n * L) for n cells and segments of L cells. Allocation: none once `waypoints`
/// has capacity.
/// @throws std::invalid_argument when `waypoints` is the storage of `cells` (no in-place use).
///   Without exceptions (docs/errors.md) that call returns 0 and changes nothing.
inline std::size_t smooth_path(const Grid& grid, const GridLayer& layer,
                               std::span<const GridCoord> cells,
                               std::vector<GridCoord>& waypoints) {
  if (!cells.empty() && cells.data() == waypoints.data()) {
    PATHING_THROW(
        std::invalid_argument("pathing::smooth_path: waypoints must not be the cell buffer"));
    return 0;  // no exceptions: nothing changed
  }
  waypoints.clear();
  if (cells.empty()) return 0;
  waypoints.push_back(cells.front());
  std::size_t anchor = 0;
  for (std::size_t i = 2; i < cells.size(); ++i) {
    if (!line_of_sight(grid, layer, cells[anchor], cells[i])) {
      anchor = i - 1;
      waypoints.push_back(cells[anchor]);
    }
  }
  if (cells.size() > 1) waypoints.push_back(cells.back());
  return waypoints.size();
}

}  // namespace pathing
