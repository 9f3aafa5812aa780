// pathing: fast grid path-finding. MIT licensed.
//
// How a search numbers its nodes: every cell of the grid (unbounded searches) or a fixed window
// around the start (bounded searches).
#pragma once

#include <cstddef>
#include <cstdint>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/map/path.hpp"

namespace pathing::detail {

/// Exact division of 32-bit values by a divisor fixed at run time, with one multiplication
/// (D. Lemire, O. Kaser, N. Kurz, "Faster Remainder by Direct Computation", 2019).
class FastDivider {
 public:
  FastDivider() = default;
  /// Precondition: d >= 1.
  explicit FastDivider(std::uint32_t d) noexcept : m_(d > 1 ? ~std::uint64_t{0} / d + 1 : 0) {}
  /// n / d for any 32-bit n.
  [[nodiscard]] std::uint32_t divide(std::uint32_t n) const noexcept {
    if (m_ == 0) return n;  // d == 1 (2^64 / 1 does not fit)
    return static_cast<std::uint32_t>(mul_high64(m_, n));
  }

 private:
  std::uint64_t m_ = 0;
};

/// Nodes are the grid's cells, indexed row-major (unbounded searches). Memory scales with the grid.
struct GridSpace {
  int cols = 0;
  FastDivider by_cols;
  GridSpace() = default;
  explicit GridSpace(int c) : cols(c), by_cols(static_cast<std::uint32_t>(c)) {}
  [[nodiscard]] std::size_t index(int x, int y) const noexcept {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(cols) +
           static_cast<std::size_t>(x);
  }
  /// The cell of node `i`.
  [[nodiscard]] GridCoord coords(std::uint32_t i) const noexcept {
    const std::uint32_t y = by_cols.divide(i);
    return {static_cast<int>(i - y * static_cast<std::uint32_t>(cols)), static_cast<int>(y)};
  }
  /// Index offset of one step in each `Direction8`.
  [[nodiscard]] std::ptrdiff_t delta(Direction8 d) const noexcept {
    const GridCoord o = step_offset(d);
    return static_cast<std::ptrdiff_t>(o.y) * cols + o.x;
  }
};

/// The grid size of a searcher's last unbounded query (0 x 0: none), so that per-node state can
/// be read back by cell after the query (`was_expanded`). O(1), no allocation.
struct LastQueryArea {
  int cols = 0;
  int rows = 0;
  [[nodiscard]] bool contains(GridCoord c) const noexcept {
    return static_cast<unsigned>(c.x) < static_cast<unsigned>(cols) &&
           static_cast<unsigned>(c.y) < static_cast<unsigned>(rows);
  }
  [[nodiscard]] std::size_t index(GridCoord c) const noexcept {
    return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(cols) +
           static_cast<std::size_t>(c.x);
  }
};

/// Nodes are the cells of a fixed window centred on the start (bounded searches): a cell within
/// `kRadius` steps of the start in each axis. Memory is constant whatever the grid's size.
struct WindowSpace {
  static constexpr int kRadius = GridPath::kMaxSteps + 1;  // 57: depth-57 nodes still fit
  static constexpr int kSide = 2 * kRadius + 1;            // 115
  static constexpr std::size_t kNodes = static_cast<std::size_t>(kSide) * kSide;
  int ox = 0;  // grid x of window column 0
  int oy = 0;  // grid y of window row 0
  [[nodiscard]] std::size_t index(int x, int y) const noexcept {
    return static_cast<std::size_t>(y - oy) * kSide + static_cast<std::size_t>(x - ox);
  }
  [[nodiscard]] GridCoord coords(std::uint32_t i) const noexcept {
    return {ox + static_cast<int>(i % kSide), oy + static_cast<int>(i / kSide)};
  }
  [[nodiscard]] std::ptrdiff_t delta(Direction8 d) const noexcept {
    const GridCoord o = step_offset(d);
    return static_cast<std::ptrdiff_t>(o.y) * kSide + o.x;
  }
};

/// The goal a bounded search heads for: `to` itself, or, for a goal more than 128 cells from
/// `from` along an axis, a stand-in 128 cells away on the same side. The window spans 57 cells
/// either side of the start, so every window cell's Manhattan distance to the stand-in differs
/// from its distance to `to` by the same constant (the same cells are closest, in the same
/// order), the stand-in is as unreachable in 56 steps as `to`, and no distance overflows even
/// for coordinates near INT_MIN / INT_MAX. O(1).
[[nodiscard]] constexpr GridCoord bounded_target(GridCoord from, GridCoord to) noexcept {
  constexpr std::int64_t kFar = 128;
  const auto clamp = [](int f, int t) {
    const std::int64_t d = std::int64_t{t} - f;
    return static_cast<int>(f + (d > kFar ? kFar : (d < -kFar ? -kFar : d)));
  };
  return {clamp(from.x, to.x), clamp(from.y, to.y)};
}

}  // namespace pathing::detail
