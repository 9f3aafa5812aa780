// pathing: fast grid path-finding. MIT licensed.
//
// The one packing of a cell into 32 bits that every open list and log of the library uses.
#pragma once

#include <cstdint>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"

namespace pathing::detail {

/// Bits of x in a cell key: x | y << kCellKeyShift. Grid sides are at most 2^15 (`Grid::kMaxSide`;
/// grid.hpp checks it against this constant), so x and y fit,
/// a key is below 2^31, and keys order cells row-major (smaller y, then smaller x), which is the
/// searches' documented tie order.
inline constexpr unsigned kCellKeyShift = 16;

/// The key of cell (x, y). Precondition: 0 <= x, y < 2^15 (a cell of a grid). O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE constexpr std::uint32_t cell_key(int x, int y) noexcept {
  return static_cast<std::uint32_t>(x) | (static_cast<std::uint32_t>(y) << kCellKeyShift);
}
/// The x of a key made by `cell_key`. O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE constexpr int cell_key_x(std::uint32_t key) noexcept {
  return static_cast<int>(key & ((1u << kCellKeyShift) - 1));
}
/// The y of a key made by `cell_key`. O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE constexpr int cell_key_y(std::uint32_t key) noexcept {
  return static_cast<int>(key >> kCellKeyShift);
}
/// The cell of a key made by `cell_key`. O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE constexpr GridCoord cell_of_key(std::uint32_t key) noexcept {
  return {cell_key_x(key), cell_key_y(key)};
}
/// cell_key(x + dx, y + dy) - cell_key(x, y), modulo 2^32, for a step (dx, dy) between two cells
/// of a grid: adding it to a key gives the neighbour's key. O(1).
[[nodiscard]] constexpr std::uint32_t cell_key_step(int dx, int dy) noexcept {
  return static_cast<std::uint32_t>(dx) + (static_cast<std::uint32_t>(dy) << kCellKeyShift);
}

}  // namespace pathing::detail
