// pathing: fast grid path-finding. MIT licensed.
//
// The layer costs of a grid, one byte a cell, framed by impassable cells.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"

namespace pathing::detail {

/// A grid read through a layer, unpacked for hot loops: the layer cost (0 = impassable) of every
/// cell as one byte, in rows of `stride() = cols + 2` bytes with a frame of cells of cost 0 around
/// the grid, so that the 8 neighbours of any grid cell can be read with constant offsets and no
/// bounds checks (off-grid neighbours read as impassable). Used by searches that visit most cells
/// of a large area (distance fields, flow fields), where unpacking once per query is cheaper than
/// extracting a nibble per neighbour read.
///
/// `build` may fill only a box of the grid: cells in the box (widened to whole grid bytes) hold
/// their costs, the ring of cells around it holds 0, and cells farther out hold stale values that
/// the caller must not read (a search whose reach is bounded reads only the box and its ring).
///
/// Memory: (cols + 2) * (rows + 2) bytes, kept across builds (grown only for a larger grid).
/// build is O(cells in the box); reads O(1). Not thread-safe.
class PaddedCosts {
 public:
  /// Unpacks the cells of `grid` in [x0, x1] x [y0, y1] (clamped to the grid) through `layer`
  /// and zeroes the ring around that box.
  void build(const Grid& grid, const GridLayer& layer, int x0, int y0, int x1, int y1) {
    cols_ = grid.cols();
    rows_ = grid.rows();
    stride_ = static_cast<std::size_t>(cols_) + 2;
    const std::size_t n = stride_ * (static_cast<std::size_t>(rows_) + 2);
    if (bytes_.size() != n) bytes_.assign(n, 0);  // (a new size: everything is stale)
    x0 = std::max(x0, 0) & ~1;                    // whole grid bytes: two cells each
    y0 = std::max(y0, 0);
    x1 = std::min(x1 | 1, cols_ - 1);
    y1 = std::min(y1, rows_ - 1);
    if (x0 > x1 || y0 > y1) return;
    // Costs of both cells of a grid byte (low nibble = even x), as they lie in memory.
    std::array<std::uint16_t, 256> pair{};
    for (unsigned b = 0; b < 256; ++b) {
      const std::uint8_t lo = layer.cost_of_cell(static_cast<std::uint8_t>(b & 0xF));
      const std::uint8_t hi = layer.cost_of_cell(static_cast<std::uint8_t>(b >> 4));
      const std::uint8_t two[2] = {lo, hi};
      std::memcpy(&pair[b], two, 2);
    }
    const std::size_t width = static_cast<std::size_t>(x1 - x0) + 1;  // even unless x1 = cols - 1
    for (int y = y0; y <= y1; ++y) {
      const std::uint8_t* src = grid.data() + static_cast<std::size_t>(y) * grid.stride_bytes() +
                                (static_cast<std::size_t>(x0) >> 1);
      std::uint8_t* dst = row(y) + x0;
      std::size_t x = 0;
      for (; x + 1 < width; x += 2) std::memcpy(dst + x, &pair[src[x >> 1]], 2);
      if (x < width) dst[x] = layer.cost_of_cell(static_cast<std::uint8_t>(src[x >> 1] & 0xF));
      dst[-1] = 0;
      dst[width] = 0;
    }
    std::fill(row(y0 - 1) + x0 - 1, row(y0 - 1) + x1 + 2, std::uint8_t{0});
    std::fill(row(y1 + 1) + x0 - 1, row(y1 + 1) + x1 + 2, std::uint8_t{0});
  }

  /// Overwrites the cost of grid cell (x, y) (x in [0, cols), y in [0, rows)): keeps an
  /// unpacked copy current after an edit. O(1).
  void set(int x, int y, std::uint8_t cost) noexcept { bytes_[index(x, y)] = cost; }
  /// The stored cost of (x, y), for x in [-1, cols] and y in [-1, rows]. O(1).
  [[nodiscard]] std::uint8_t get(int x, int y) const noexcept { return bytes_[index(x, y)]; }

  /// Bytes from a row to the next: cols + 2.
  [[nodiscard]] std::size_t stride() const noexcept { return stride_; }
  /// Index of cell (x, y), for x in [-1, cols] and y in [-1, rows].
  [[nodiscard]] std::size_t index(int x, int y) const noexcept {
    return static_cast<std::size_t>(y + 1) * stride_ + static_cast<std::size_t>(x + 1);
  }
  /// The unpacked costs, indexed by `index`.
  [[nodiscard]] const std::uint8_t* data() const noexcept { return bytes_.data(); }
  /// Bytes held.
  [[nodiscard]] std::size_t capacity() const noexcept { return bytes_.capacity(); }

 private:
  [[nodiscard]] std::uint8_t* row(int y) noexcept { return bytes_.data() + index(0, y); }

  std::vector<std::uint8_t> bytes_;
  std::size_t stride_ = 0;
  int cols_ = 0;
  int rows_ = 0;
};

/// The move model of `detail::for_each_neighbor` (moves/neighbors.hpp) read from unpacked costs.
/// Successors: calls `f(dir, step_cost_fixed)` for each move OUT of cell (x, y); Predecessors: for
/// each move INTO it (from a cell that may itself be impassable, as `AStar::find_path` lets a
/// unit leave its own blocked start cell), in both cases in `Direction8` order with `dir` the
/// direction from (x, y) to the other cell. `pp` points at (x, y) in a `PaddedCosts` of row stride
/// `stride`, whose cells around (x, y) must be valid. The rules are those of for_each_neighbor: a
/// move enters a passable cell, costs its layer cost times `cost::kStraight` or `cost::kDiagonal`,
/// and diagonally needs both orthogonal cells it passes to be passable (no corner cutting; the
/// rule is symmetric, so it is the same for the moves into a cell); every cell involved lies on
/// the `cols` x `rows` grid. tests/core/padded_costs_test.cpp checks both directions against
/// for_each_neighbor cell by cell. Always inlined, so that `dir` is a constant inside `f`.
template <Connectivity C, bool Predecessors, class F>
PATHING_ALWAYS_INLINE inline void for_each_move(const std::uint8_t* pp, std::ptrdiff_t stride,
                                                int x, int y, int cols, int rows, F&& f) {
  if constexpr (Predecessors) {
    const std::uint64_t c0 = pp[0];
    if (c0 == 0) return;
    const std::uint64_t straight = c0 * cost::kStraight;
    if (x + 1 < cols) f(Direction8::right, straight);
    if (y + 1 < rows) f(Direction8::down, straight);
    if (x > 0) f(Direction8::left, straight);
    if (y > 0) f(Direction8::up, straight);
    if constexpr (C == Connectivity::eight) {
      const std::uint64_t diagonal = c0 * cost::kDiagonal;
      const bool pr = pp[1] != 0;  // off-grid cells read as impassable
      const bool pd = pp[stride] != 0;
      const bool pl = pp[-1] != 0;
      const bool pu = pp[-stride] != 0;
      if (pr && pd) f(Direction8::down_right, diagonal);
      if (pl && pd) f(Direction8::down_left, diagonal);
      if (pl && pu) f(Direction8::up_left, diagonal);
      if (pr && pu) f(Direction8::up_right, diagonal);
    }
  } else {
    const std::uint64_t cr = pp[1];  // off-grid cells read as impassable
    const std::uint64_t cd = pp[stride];
    const std::uint64_t cl = pp[-1];
    const std::uint64_t cu = pp[-stride];
    if (cr) f(Direction8::right, cr * cost::kStraight);
    if (cd) f(Direction8::down, cd * cost::kStraight);
    if (cl) f(Direction8::left, cl * cost::kStraight);
    if (cu) f(Direction8::up, cu * cost::kStraight);
    if constexpr (C == Connectivity::eight) {
      if (cr && cd) {
        if (const std::uint64_t c = pp[stride + 1]) f(Direction8::down_right, c * cost::kDiagonal);
      }
      if (cl && cd) {
        if (const std::uint64_t c = pp[stride - 1]) f(Direction8::down_left, c * cost::kDiagonal);
      }
      if (cl && cu) {
        if (const std::uint64_t c = pp[-stride - 1]) f(Direction8::up_left, c * cost::kDiagonal);
      }
      if (cr && cu) {
        if (const std::uint64_t c = pp[-stride + 1]) f(Direction8::up_right, c * cost::kDiagonal);
      }
    }
  }
}

}  // namespace pathing::detail
