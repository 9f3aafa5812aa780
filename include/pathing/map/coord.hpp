// pathing: fast grid path-finding. MIT licensed.
//
// Coordinates and directions shared by every part of the library.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "pathing/detail/compiler.hpp"

namespace pathing {

/// A cell position on a grid: `x` is the column, `y` the row, both counted in cells from 0 at the
/// top-left corner (the convention of the seed library and of the Moving AI benchmarks).
///
/// Plain value type; any `int` is representable, out-of-grid coordinates are legal values (a grid
/// reports them as out of bounds). Thread-safe as any value type.
struct GridCoord {
  int x = 0;  ///< Column, in cells.
  int y = 0;  ///< Row, in cells.

  /// Same cell.
  friend constexpr bool operator==(GridCoord, GridCoord) = default;
  /// Component-wise sum (a cell plus an offset).
  friend constexpr GridCoord operator+(GridCoord a, GridCoord b) { return {a.x + b.x, a.y + b.y}; }
  /// Component-wise difference (the offset from b to a).
  friend constexpr GridCoord operator-(GridCoord a, GridCoord b) { return {a.x - b.x, a.y - b.y}; }
};

/// Manhattan (4-connected) distance between two cells, in cells: exact for any two `int`
/// coordinates (at most 2^33 - 2, hence the 64-bit result). O(1).
[[nodiscard]] constexpr std::int64_t manhattan_distance(GridCoord a, GridCoord b) {
  const std::int64_t dx = std::int64_t{a.x} - b.x;
  const std::int64_t dy = std::int64_t{a.y} - b.y;
  return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

/// One 4-connected step, in the seed's order and numbering: the 2-bit value stored in a `GridPath`.
/// `none` (4) is returned by path peeks past the end and is never stored.
enum class Direction : std::uint8_t { right = 0, down = 1, left = 2, up = 3, none = 4 };

/// One 8-connected step. Values 0..3 equal the 4-connected `Direction` values; the diagonals follow
/// clockwise from down-right. Used by the unbounded searches and the path buffers.
enum class Direction8 : std::uint8_t {
  right = 0,
  down = 1,
  left = 2,
  up = 3,
  down_right = 4,
  down_left = 5,
  up_left = 6,
  up_right = 7,
};

/// The cell offset of a 4-connected step (`none` gives {0, 0}). O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE constexpr GridCoord step_offset(Direction d) {
  constexpr std::array<GridCoord, 5> kOffsets{{{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {0, 0}}};
  return kOffsets[static_cast<unsigned>(d) < 5 ? static_cast<unsigned>(d) : 4];
}

/// The cell offset of an 8-connected step. O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE constexpr GridCoord step_offset(Direction8 d) {
  constexpr std::array<GridCoord, 8> kOffsets{
      {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}}};
  return kOffsets[static_cast<unsigned>(d) & 7u];
}

/// True for the four diagonal `Direction8` values.
[[nodiscard]] constexpr bool is_diagonal(Direction8 d) {
  return static_cast<unsigned>(d) >= 4;
}

/// The direction of a unit step from `a` to an adjacent cell `b` (8-connected); `b` must be one of
/// the 8 neighbours of `a` (otherwise the result is unspecified). O(1).
[[nodiscard]] constexpr Direction8 direction_between(GridCoord a, GridCoord b) {
  const int dx = b.x - a.x;
  const int dy = b.y - a.y;
  // Index (dx+1) + 3*(dy+1) -> direction; centre maps to right (unspecified input).
  constexpr std::array<Direction8, 9> kTable{
      Direction8::up_left,   Direction8::up,    Direction8::up_right,
      Direction8::left,      Direction8::right, Direction8::right,
      Direction8::down_left, Direction8::down,  Direction8::down_right};
  const int i = (dx + 1) + 3 * (dy + 1);
  return kTable[static_cast<unsigned>(i) < 9u ? static_cast<unsigned>(i) : 4u];
}

/// Short lower-case name of a direction ("right", "down", "left", "up", "none").
[[nodiscard]] constexpr std::string_view to_string(Direction d) {
  constexpr std::array<std::string_view, 5> kNames{"right", "down", "left", "up", "none"};
  return kNames[static_cast<unsigned>(d) < 5 ? static_cast<unsigned>(d) : 4];
}

}  // namespace pathing
