// pathing: fast grid path-finding. MIT licensed.
//
// The move model read fast: a grid and layer copied into registers, the 3 x 3 block of a cell
// read with three loads (hot loops of A*, greedy best-first and JPS).
#pragma once

#include <cstddef>
#include <cstdint>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"

namespace pathing::detail {

/// Passability of three neighbouring cells of a grid row from their 12 bits (the nibbles of cells
/// x - 1, x, x + 1 as they lie in the packed grid, x - 1 lowest): bit i is set when cell x - 1 + i
/// is passable under the layer it was built for. For `CellReader::neighbors8`, which reads the
/// 3 x 3 block around a cell with three table look-ups instead of nine nibble extractions.
///
/// Memory: 4 KB (one byte an entry). `update(layer)` rebuilds the table only when the set of
/// passable cell values changed since the last build (a searcher keeps one and calls update at
/// the start of each query: O(16) then, O(4096) on a rebuild). Not thread-safe: one per searcher.
class PassTable {
 public:
  /// Makes the table describe `layer` (cell value v passable when its cost is non-zero).
  void update(const GridLayer& layer) noexcept {
    const unsigned mask = layer.passable_mask();
    if (built_ && mask == mask_) return;
    std::uint8_t one[16];
    for (unsigned v = 0; v < 16; ++v) one[v] = static_cast<std::uint8_t>((mask >> v) & 1u);
    for (unsigned hi = 0; hi < 16; ++hi) {
      for (unsigned mid = 0; mid < 16; ++mid) {
        const auto base = static_cast<std::uint8_t>((one[hi] << 2) | (one[mid] << 1));
        std::uint8_t* row = bits_ + ((hi << 8) | (mid << 4));
        for (unsigned lo = 0; lo < 16; ++lo) row[lo] = static_cast<std::uint8_t>(base | one[lo]);
      }
    }
    mask_ = mask;
    built_ = true;
  }
  /// The table: entry r (12 bits) holds the 3 passability bits of the cells whose nibbles r holds.
  [[nodiscard]] const std::uint8_t* data() const noexcept { return bits_; }

 private:
  std::uint8_t bits_[4096] = {};
  unsigned mask_ = 0;
  bool built_ = false;
};

/// The 8-connected moves (bit d: `Direction8` d) allowed out of the centre of a 3 x 3 block of
/// cells, indexed by the block's passability (bits 0..2: the row above, x - 1..x + 1; bits 3..5:
/// the cell's own row; bits 6..8: the row below; the centre bit is ignored): a straight move
/// needs the cell it enters, a diagonal one that cell and both orthogonal cells it passes
/// between (no corner cutting). 512 bytes, computed at compile time.
inline constexpr auto kMoves8 = [] {
  struct Table {
    std::uint8_t m[512];
  } t{};
  for (unsigned b = 0; b < 512; ++b) {
    const auto at = [b](unsigned row, unsigned col) { return (b >> (row * 3 + col)) & 1u; };
    const unsigned r = at(1, 2), d = at(2, 1), l = at(1, 0), u = at(0, 1);
    unsigned m = r | (d << 1) | (l << 2) | (u << 3);
    m |= (at(2, 2) & r & d) << 4;  // down-right
    m |= (at(2, 0) & d & l) << 5;  // down-left
    m |= (at(0, 0) & l & u) << 6;  // up-left
    m |= (at(0, 2) & u & r) << 7;  // up-right
    t.m[b] = static_cast<std::uint8_t>(m);
  }
  return t;
}();

/// A grid read through a layer, for hot loops: the cell bytes, sizes and the layer's 16-entry
/// cost table copied into the object, so a search keeps them in registers or on its stack (the
/// compiler cannot assume that stores to the search's node arrays leave a `Grid` or `GridLayer`
/// unchanged, and would reload them). Valid while the grid is not resized or destroyed; 32 bytes
/// plus the table. Thread-safe for reading.
class CellReader {
 public:
  CellReader(const Grid& grid, const GridLayer& layer) noexcept
      : data_(grid.data()), stride_(grid.stride_bytes()), cols_(grid.cols()), rows_(grid.rows()) {
    for (unsigned v = 0; v < 16; ++v) {
      table_[v] = layer.cost_of_cell(static_cast<std::uint8_t>(v));
      pass_[v] = table_[v] != 0 ? 1 : 0;
    }
    for (unsigned v = 16; v < 32; ++v) table_[v] = pass_[v] = 0;  // 16: off the grid
  }

  /// The layer cost of entering (x, y); 0 off the grid.
  [[nodiscard]] std::uint8_t cost_at(int x, int y) const noexcept { return table_[nibble(x, y)]; }

  /// The layer costs of the neighbours of (x, y) in `Direction8` order (right, down, left, up,
  /// down-right, down-left, up-left, up-right): 0 for a neighbour that is impassable or off the
  /// grid (with `four` only c[0..3] are written; a caller that reads none of c gets them
  /// optimised away). Returns the mask of the moves allowed (bit d: direction d): the passable
  /// neighbours, and with `eight` a diagonal only when both orthogonal cells it passes between
  /// are passable too (no corner cutting). (x, y) must lie on the grid.
  ///
  /// Cells off the grid's border (1 <= x < cols - 1, 1 <= y < rows - 1) take the fast path: three
  /// 16-bit loads (rows y - 1, y, y + 1, nibbles x - 1..x + 1), no bounds check; border cells
  /// check each neighbour. The moves of `for_each_neighbor`. O(1), no allocation.
  template <Connectivity C>
  PATHING_ALWAYS_INLINE unsigned neighbors(int x, int y, std::uint8_t (&c)[8]) const noexcept {
    constexpr int kN = C == Connectivity::eight ? 8 : 4;
    unsigned n[8];
    if (off_border(x, y)) [[likely]] {
      const auto [up, mid, dn] = block3(x, y);
      n[0] = (mid >> 8) & 0xF;
      n[1] = (dn >> 4) & 0xF;
      n[2] = mid & 0xF;
      n[3] = (up >> 4) & 0xF;
      n[4] = (dn >> 8) & 0xF;
      n[5] = dn & 0xF;
      n[6] = up & 0xF;
      n[7] = (up >> 8) & 0xF;
    } else {
      n[0] = nibble(x + 1, y);
      n[1] = nibble(x, y + 1);
      n[2] = nibble(x - 1, y);
      n[3] = nibble(x, y - 1);
      n[4] = nibble(x + 1, y + 1);
      n[5] = nibble(x - 1, y + 1);
      n[6] = nibble(x - 1, y - 1);
      n[7] = nibble(x + 1, y - 1);
    }
    unsigned m = 0;
    for (int d = 0; d < kN; ++d) {
      m |= static_cast<unsigned>(pass_[n[d]]) << d;
      c[d] = table_[n[d]];
    }
    if constexpr (C == Connectivity::eight) {
      // A diagonal needs both orthogonal cells it passes between: down-right needs right and
      // down (bits 0, 1), down-left down and left (1, 2), up-left left and up (2, 3), up-right
      // up and right (3, 0).
      const unsigned both = (m & (m >> 1) & 0x7u) | (((m >> 3) & m & 1u) << 3);
      m &= 0xFu | (both << 4);
    }
    return m;
  }

  /// As `neighbors<Connectivity::eight>` (same mask, same costs), with the passability of the
  /// 3 x 3 block off the grid's border read through `pass` (a `PassTable` updated for the layer
  /// this reader was made with): three 16-bit loads, three look-ups in `pass` and one in
  /// `kMoves8`. O(1), no allocation.
  PATHING_ALWAYS_INLINE unsigned neighbors8(int x, int y, std::uint8_t (&c)[8],
                                            const std::uint8_t* pass) const noexcept {
    if (off_border(x, y)) [[likely]] {
      const auto [up, mid, dn] = block3(x, y);
      // Costs (dead code for a caller that reads none of c).
      c[0] = table_[(mid >> 8) & 0xF];
      c[1] = table_[(dn >> 4) & 0xF];
      c[2] = table_[mid & 0xF];
      c[3] = table_[(up >> 4) & 0xF];
      c[4] = table_[(dn >> 8) & 0xF];
      c[5] = table_[dn & 0xF];
      c[6] = table_[up & 0xF];
      c[7] = table_[(up >> 8) & 0xF];
      const unsigned block = static_cast<unsigned>(pass[up & 0xFFFu]) |
                             (static_cast<unsigned>(pass[mid & 0xFFFu]) << 3) |
                             (static_cast<unsigned>(pass[dn & 0xFFFu]) << 6);
      return kMoves8.m[block];
    }
    return neighbors<Connectivity::eight>(x, y, c);
  }

 private:
  // True when (x, y) and its 8 neighbours are on the grid (1 <= x < cols - 1, 1 <= y < rows - 1).
  PATHING_ALWAYS_INLINE bool off_border(int x, int y) const noexcept {
    return static_cast<unsigned>(x - 1) < static_cast<unsigned>(cols_ - 2) &&
           static_cast<unsigned>(y - 1) < static_cast<unsigned>(rows_ - 2);
  }
  // The 3 x 3 block around (x, y), for a cell off the border: cells x - 1 .. x + 1 of rows y - 1
  // (up), y (mid) and y + 1 (dn), 4 bits each (cell x - 1 in bits 0-3; bits 12 and up: other
  // cells, masked by the callers that need it): three 16-bit loads.
  struct Block3 {
    unsigned up;
    unsigned mid;
    unsigned dn;
  };
  PATHING_ALWAYS_INLINE Block3 block3(int x, int y) const noexcept {
    const std::uint8_t* p =
        data_ + static_cast<std::size_t>(y) * stride_ + (static_cast<unsigned>(x - 1) >> 1);
    const unsigned sh = (static_cast<unsigned>(x - 1) & 1u) * 4u;
    const auto row = [sh](const std::uint8_t* q) -> unsigned {
      return (static_cast<unsigned>(q[0]) | (static_cast<unsigned>(q[1]) << 8)) >> sh;
    };
    const unsigned mid = row(p);
    const unsigned dn = row(p + stride_);
    const unsigned up = row(p - stride_);
    return Block3{up, mid, dn};
  }

  // The 4-bit value of (x, y), 16 off the grid.
  [[nodiscard]] unsigned nibble(int x, int y) const noexcept {
    if (static_cast<unsigned>(x) >= static_cast<unsigned>(cols_) ||
        static_cast<unsigned>(y) >= static_cast<unsigned>(rows_)) {
      return 16;
    }
    const std::uint8_t b =
        data_[static_cast<std::size_t>(y) * stride_ + (static_cast<unsigned>(x) >> 1)];
    return (b >> ((x & 1) * 4)) & 0xFu;
  }

  const std::uint8_t* data_;
  std::size_t stride_;
  int cols_;
  int rows_;
  std::uint8_t table_[32];  // cost of cell value v; 16 (off the grid)..31: 0
  std::uint8_t pass_[32];   // 1 when cell value v is passable
};

}  // namespace pathing::detail
