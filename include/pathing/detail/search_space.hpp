// pathing: fast grid path-finding. MIT licensed.
//
// Parts every grid search shares: node index spaces, the per-node workspace, neighbour
// generation under the move model, and path reconstruction into a GridPath or a cell buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/coord.hpp"
#include "pathing/detail/compiler.hpp"
#include "pathing/detail/generation_map.hpp"
#include "pathing/error.hpp"
#include "pathing/grid.hpp"
#include "pathing/layer.hpp"
#include "pathing/moves.hpp"
#include "pathing/path.hpp"

namespace pathing::detail {

/// Sentinel parent: the start node.
inline constexpr std::uint8_t kNoParent = 0xFF;

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

/// True when `cols` x `rows` is a valid size for a searcher's `reserve(cols, rows)`: each side in
/// [0, Grid::kMaxSide] and the product at most Grid::kMaxCells (no grid is larger, and sizing for
/// it would allocate gigabytes before failing). Else reports `ErrorCode::invalid_size` and a
/// message naming the value and `who` in `*error` (if not null). O(1).
[[nodiscard]] inline bool check_reserve(int cols, int rows, const char* who,
                                        Error* error) noexcept {
  const auto bad = [&](const char* what, std::int64_t v, std::int64_t hi) {
    report(error, ErrorCode::invalid_size,
           std::string(who) + "::reserve: " + what + " = " + std::to_string(v) +
               " is outside [0, " + std::to_string(hi) + "]");
    return false;
  };
  if (cols < 0 || cols > Grid::kMaxSide) return bad("cols", cols, Grid::kMaxSide);
  if (rows < 0 || rows > Grid::kMaxSide) return bad("rows", rows, Grid::kMaxSide);
  if (std::int64_t{cols} * rows > Grid::kMaxCells)
    return bad("cols * rows", std::int64_t{cols} * rows, Grid::kMaxCells);
  return true;
}

/// The cell count of a searcher's `reserve(cols, rows)`: cols * rows, 0 when a side is 0.
/// @throws std::invalid_argument naming the value (and `who`) when `check_reserve` fails; without
///         exceptions it returns 0 then (the searcher reserves nothing and grows on first use).
[[nodiscard]] inline std::size_t reserved_cells(int cols, int rows, const char* who) {
  Error e;
  if (!check_reserve(cols, rows, who, &e)) {
    PATHING_THROW(std::invalid_argument(e.message));
    return 0;
  }
  return static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows);
}

/// The body of a searcher's `reserve(cols, rows)`: checks the size (throws as `reserved_cells`;
/// without exceptions a bad size changes nothing) and calls `grow(cells)`.
template <class Grow>
void reserve_or_throw(int cols, int rows, const char* who, Grow&& grow) {
  Error e;
  if (!check_reserve(cols, rows, who, &e)) {
    PATHING_THROW(std::invalid_argument(e.message));
    return;
  }
  grow(static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows));
}

/// The body of a searcher's `try_reserve(cols, rows, error)`: false with `invalid_size` (nothing
/// changed) for a bad size, false with `out_of_memory` when an allocation throws (exceptions on;
/// what was already reserved stays), else calls `grow(cells)` and returns true.
template <class Grow>
[[nodiscard]] bool try_reserve_with(int cols, int rows, const char* who, Error* error,
                                    Grow&& grow) noexcept {
  if (!check_reserve(cols, rows, who, error)) return false;
  const std::size_t n = static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows);
#if PATHING_HAS_EXCEPTIONS
  try {
    grow(n);
  } catch (...) {
    report(error, ErrorCode::out_of_memory,
           std::string(who) + "::try_reserve: out of memory for " + std::to_string(cols) + " x " +
               std::to_string(rows) + " cells");
    return false;
  }
#else
  grow(n);
#endif
  return true;
}

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

/// One search node in 16 bytes (array of structs, so a neighbour check touches one cache line):
/// g in fixed point, the generation stamp (open when equal to the table's generation, closed when
/// one more) and the `Direction8` of the move that reached it (`kNoParent` at the start).
struct NodeRecord {
  std::uint64_t g = 0;
  std::uint32_t stamp = 0;
  std::uint8_t parent = kNoParent;
};
static_assert(sizeof(NodeRecord) == 16);

/// Generation-stamped node records with O(1) reset (see GenerationMap for the stamp scheme).
/// `Record` is any struct with a `std::uint32_t stamp` member whose value-initialised form
/// (`Record{}`) has stamp 0 (untouched): `NodeRecord` for A*, the jump point searches' own
/// record. Not thread-safe: one per searcher.
template <class Record>
class BasicNodeTable {
 public:
  /// Grows to at least `n` nodes; allocates only when n exceeds what was seen before.
  void ensure(std::size_t n) {
    if (nodes_.size() < n) nodes_.resize(n, Record{});
  }
  [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }
  [[nodiscard]] std::size_t bytes() const noexcept { return nodes_.capacity() * sizeof(Record); }
  /// Starts a new query. O(1) except once every 2^31 queries (wrap-around clears the stamps).
  void next_generation() noexcept {
    if (gen_ >= GenerationMap::kLastGeneration) {
      for (Record& r : nodes_) r.stamp = 0;
      gen_ = 2;
    } else {
      gen_ += 2;
    }
  }
  [[nodiscard]] std::uint32_t open_stamp() const noexcept { return gen_; }
  [[nodiscard]] std::uint32_t closed_stamp() const noexcept { return gen_ + 1; }
  [[nodiscard]] Record& operator[](std::size_t i) noexcept { return nodes_[i]; }
  /// The records as an array (for hot loops; valid until the next `ensure`).
  [[nodiscard]] Record* data() noexcept { return nodes_.data(); }
  [[nodiscard]] const Record& operator[](std::size_t i) const noexcept { return nodes_[i]; }
  /// Parent direction of node `i` (valid for nodes touched by the current query; records with
  /// a `parent` member only).
  [[nodiscard]] std::uint8_t parent_of(std::size_t i) const noexcept { return nodes_[i].parent; }
  /// Whether node `i` was closed (expanded) by the current query.
  [[nodiscard]] bool is_closed(std::size_t i) const noexcept { return nodes_[i].stamp == gen_ + 1; }
  /// Testing hook: jump the counter (rounded down to even), e.g. near 2^32 to force a wrap.
  void force_generation(std::uint32_t g) noexcept { gen_ = g & ~1u; }

 private:
  std::vector<Record> nodes_;
  std::uint32_t gen_ = 0;
};

/// The node table of the grid A* searches (16-byte `NodeRecord`s).
using NodeTable = BasicNodeTable<NodeRecord>;

/// The per-node arrays of a search (struct of arrays): generation stamps (open/closed), g costs
/// (`Cost`), and how the node was reached (`Parent`: a `Direction8` value for the grid searches, a
/// node id for `GraphAStar`). 4 + sizeof(Cost) + sizeof(Parent) bytes a node. Owned by one
/// searcher; not thread-safe.
template <class Cost, class Parent>
struct BasicNodeWorkspace {
  GenerationMap stamps;
  std::vector<Cost> g;
  std::vector<Parent> parent;

  /// Grows to `n` nodes; allocates only when n exceeds what was seen before.
  void ensure(std::size_t n) {
    stamps.ensure(n);
    if (g.size() < n) g.resize(n);
    if (parent.size() < n) parent.resize(n);
  }
  [[nodiscard]] std::size_t bytes() const noexcept {
    return stamps.size() * sizeof(std::uint32_t) + g.size() * sizeof(Cost) +
           parent.size() * sizeof(Parent);
  }
  [[nodiscard]] std::uint8_t parent_of(std::size_t i) const noexcept { return parent[i]; }
};

/// The grid searches' workspace: fixed-point g costs and the `Direction8` of the move that reached
/// the node (or `kNoParent`). 13 bytes a node.
using NodeWorkspace = BasicNodeWorkspace<std::uint64_t, std::uint8_t>;

/// Calls `f(nx, ny, dir, step_cost_fixed)` for each neighbour of (x, y) that lies on the grid and
/// is passable under `layer`, in `Direction8` order (right, down, left, up, then the diagonals
/// down-right, down-left, up-left, up-right). With `Connectivity::eight` a diagonal is offered
/// only when both orthogonal cells it passes are passable (no corner cutting). The step cost is the
/// layer cost of the cell entered times `cost::kStraight` or `cost::kDiagonal`.
template <Connectivity C, class F>
inline void for_each_neighbor(const Grid& grid, const GridLayer& layer, int x, int y, F&& f) {
  const int cols = grid.cols();
  const int rows = grid.rows();
  const bool has_r = x + 1 < cols;
  const bool has_d = y + 1 < rows;
  const bool has_l = x > 0;
  const bool has_u = y > 0;
  const std::uint8_t cr = has_r ? layer.cost_of_cell(grid.cell_unchecked(x + 1, y)) : 0;
  const std::uint8_t cd = has_d ? layer.cost_of_cell(grid.cell_unchecked(x, y + 1)) : 0;
  const std::uint8_t cl = has_l ? layer.cost_of_cell(grid.cell_unchecked(x - 1, y)) : 0;
  const std::uint8_t cu = has_u ? layer.cost_of_cell(grid.cell_unchecked(x, y - 1)) : 0;
  if (cr) f(x + 1, y, Direction8::right, cr * cost::kStraight);
  if (cd) f(x, y + 1, Direction8::down, cd * cost::kStraight);
  if (cl) f(x - 1, y, Direction8::left, cl * cost::kStraight);
  if (cu) f(x, y - 1, Direction8::up, cu * cost::kStraight);
  if constexpr (C == Connectivity::eight) {
    if (cr && cd) {
      if (const std::uint8_t c = layer.cost_of_cell(grid.cell_unchecked(x + 1, y + 1)))
        f(x + 1, y + 1, Direction8::down_right, c * cost::kDiagonal);
    }
    if (cl && cd) {
      if (const std::uint8_t c = layer.cost_of_cell(grid.cell_unchecked(x - 1, y + 1)))
        f(x - 1, y + 1, Direction8::down_left, c * cost::kDiagonal);
    }
    if (cl && cu) {
      if (const std::uint8_t c = layer.cost_of_cell(grid.cell_unchecked(x - 1, y - 1)))
        f(x - 1, y - 1, Direction8::up_left, c * cost::kDiagonal);
    }
    if (cr && cu) {
      if (const std::uint8_t c = layer.cost_of_cell(grid.cell_unchecked(x + 1, y - 1)))
        f(x + 1, y - 1, Direction8::up_right, c * cost::kDiagonal);
    }
  }
}

/// Whether every passable cell value of `layer` costs the same (and at least one is passable):
/// then a 4-connected search's f values grow by 0 or 2 c only. O(16).
[[nodiscard]] inline bool is_uniform(const GridLayer& layer) noexcept {
  const std::uint8_t m = layer.min_passable_cost();
  if (m == 0) return false;
  for (unsigned v = 0; v < 16; ++v) {
    const std::uint8_t c = layer.cost_of_cell(static_cast<std::uint8_t>(v));
    if (c != 0 && c != m) return false;
  }
  return true;
}

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
    unsigned mask = 0;
    for (unsigned v = 0; v < 16; ++v)
      mask |= (layer.cost_of_cell(static_cast<std::uint8_t>(v)) != 0 ? 1u : 0u) << v;
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

/// Builds a GridPath by walking parents back from `to` until a node without parent. Requires every
/// parent on the chain to be a 4-connected direction and the chain to hold at most 56 moves.
template <class Workspace, class Space>
[[nodiscard]] inline GridPath reconstruct_steps(const Workspace& ws, const Space& space,
                                                GridCoord to) noexcept {
  GridPath path;
  GridCoord c = to;
  for (;;) {
    const std::uint8_t p = ws.parent_of(space.index(c.x, c.y));
    if (p == kNoParent) break;
    const auto d = static_cast<Direction>(p);
    path.push_front(d);
    c = c - step_offset(d);
  }
  return path;
}

/// Writes the cells from the start to `to` (both included) into `out`, reusing its capacity, and
/// returns the exact cost: sums of layer costs entered by straight and by diagonal moves.
struct CellPathCost {
  std::uint64_t straight = 0;  // sum of layer costs of cells entered by straight moves
  std::uint64_t diagonal = 0;  // same for diagonal moves
  std::uint32_t steps = 0;
};

template <class Workspace, class Space>
inline CellPathCost reconstruct_cells(const Workspace& ws, const Space& space, const Grid& grid,
                                      const GridLayer& layer, GridCoord to,
                                      std::vector<GridCoord>& out) {
  CellPathCost pc;
  GridCoord c = to;
  for (;;) {
    const std::uint8_t p = ws.parent_of(space.index(c.x, c.y));
    if (p == kNoParent) break;
    const auto d = static_cast<Direction8>(p);
    const std::uint8_t cost = layer.cost_of_cell(grid.cell_unchecked(c.x, c.y));
    (is_diagonal(d) ? pc.diagonal : pc.straight) += cost;
    ++pc.steps;
    c = c - step_offset(d);
  }
  out.resize(static_cast<std::size_t>(pc.steps) + 1);
  c = to;
  for (std::size_t i = pc.steps + 1; i-- > 0;) {
    out[i] = c;
    if (i == 0) break;
    const auto d = static_cast<Direction8>(ws.parent_of(space.index(c.x, c.y)));
    c = c - step_offset(d);
  }
  return pc;
}

}  // namespace pathing::detail
