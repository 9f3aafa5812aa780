// pathing: fast grid path-finding. MIT licensed.
//
// JpsMap: bit-packed passability of a grid under a layer, row-major and transposed, with the
// block-based (one 64-cell word a step) jump scans of "Improving Jump Point Search".
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/grid_stamp.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/map_sync.hpp"

namespace pathing {

/// The passability of a `Grid` under a `GridLayer` as two bitmaps, one bit a cell (1 = passable,
/// i.e. layer cost non-zero): one row-major, one transposed (column-major) so that vertical jumps
/// scan 64 cells of a column with one word load too. This is the data the jump point searches
/// (`Jps`, `JpsPlus`) read; they treat every passable cell as cost 1.
///
/// Layout: each line (a row, or a column in the transposed copy) is `2 + ceil(len / 64) + 2`
/// 64-bit words: cell i is bit i + 128, so there are 128 blocked cells before the first cell and
/// at least 128 after the last; one all-blocked line lies above the first and below the last.
/// The jump scans therefore never test bounds: the padding stops them.
/// Memory: about 2 bits a cell plus 4 words a line (`memory_bytes()`).
///
/// Staying in sync: the map records the grid's `instance_id()` and `version()` and the layer it
/// was built from. `is_current` compares them in O(1); `sync` brings the map up to date: O(1)
/// when current, O(k) from the grid's edit log after k <= `Grid::kEditLogCapacity` cell writes to
/// the same grid object with the same layer, else a rebuild (O(cells)); `update_cells` patches
/// only the cells the caller names (O(k)). The searches given a map (`Jps::find_path(grid, map,
/// ...)`, `JpsPlus`) check it against the grid in O(1) and return `SearchStatus::stale` when it
/// is not current: a map never silently answers for another grid or version.
///
/// Source: D. Harabor and A. Grastien, "Improving Jump Point Search", ICAPS 2014 (block-based
/// symmetry breaking). Thread-safety: const members may run concurrently (many searchers can
/// share one map); `build`/`sync`/`update_cells` must not run concurrently with anything else.
class JpsMap {
 public:
  /// Value returned by the jump scans when no jump point lies ahead (dead end).
  static constexpr int kNoJump = -(1 << 30);

  /// An empty map (0 x 0 cells): every coordinate is out of bounds. Allocates nothing.
  JpsMap() = default;
  /// The map of `grid` under `layer`. O(cells). @throws std::bad_alloc only.
  JpsMap(const Grid& grid, const GridLayer& layer) { build(grid, layer); }

  /// Rebuilds from `grid` under `layer` (a cell is passable when its layer cost is non-zero).
  /// O(cells); allocates only when the grid is larger than any built before.
  void build(const Grid& grid, const GridLayer& layer) {
    const int cols = grid.cols();
    const int rows = grid.rows();
    row_words_ = line_words(cols);
    col_words_ = line_words(rows);
    rows_bits_.assign(row_words_ * static_cast<std::size_t>(rows + 2), 0);
    cols_bits_.assign(col_words_ * static_cast<std::size_t>(cols + 2), 0);
    // Two cells a byte of the grid: a 256-entry table gives their two passability bits.
    std::uint8_t pair_bits[256];
    for (unsigned b = 0; b < 256; ++b) {
      pair_bits[b] = static_cast<std::uint8_t>(
          (layer.cost_of_cell(static_cast<std::uint8_t>(b & 0xF)) != 0 ? 1u : 0u) |
          (layer.cost_of_cell(static_cast<std::uint8_t>(b >> 4)) != 0 ? 2u : 0u));
    }
    const std::uint8_t* cells = grid.data();
    const std::size_t stride = grid.stride_bytes();
    const std::size_t pairs = (static_cast<std::size_t>(cols) + 1) / 2;
    for (int y = 0; y < rows; ++y) {
      const std::uint8_t* src = cells + static_cast<std::size_t>(y) * stride;
      std::uint64_t* line = row_line(y);
      for (std::size_t i = 0; i < pairs; ++i) {
        std::uint64_t bits = pair_bits[src[i]];
        const std::size_t x = 2 * i;
        if (x + 1 >= static_cast<std::size_t>(cols)) bits &= 1u;  // odd width: no cell x + 1
        if (bits == 0) continue;
        const std::size_t p = x + kPadBits;
        line[p >> 6] |= bits << (p & 63);  // p is even: both bits land in one word
        for (std::uint64_t b = bits; b != 0; b &= b - 1) {
          const std::size_t cx = x + static_cast<std::size_t>(std::countr_zero(b));
          set_bit(col_line(static_cast<int>(cx)), y);
        }
      }
    }
    stamp_.record(grid, layer);
  }

  /// True when the map was built (or updated) from this very grid object at its current
  /// `version()` and with `layer`. O(1).
  [[nodiscard]] bool is_current(const Grid& grid, const GridLayer& layer) const noexcept {
    return stamp_.is_current(grid, layer);
  }

  /// True when the map was built (or updated) from this very grid object at its current
  /// `version()`, whatever the layer: what a search handed this map checks (it then reads the
  /// map's `layer()`). O(1).
  [[nodiscard]] bool is_current(const Grid& grid) const noexcept { return stamp_.is_current(grid); }
  /// The former name of `is_current(grid)`, kept for one release.
  [[deprecated("use is_current(grid)")]] [[nodiscard]] bool matches(
      const Grid& grid) const noexcept {
    return is_current(grid);
  }

  /// Brings the map up to date with `grid` under `layer`: nothing when `is_current` (O(1));
  /// when it was built from this grid object with this layer and the grid's edit log holds
  /// every cell written since (at most `Grid::kEditLogCapacity` writes), re-reads just those
  /// cells (O(k), no allocation: `updated`); otherwise rebuilds (O(cells), allocating only for a
  /// larger grid: `rebuilt`). Afterwards `is_current(grid, layer)` holds.
  MapSync sync(const Grid& grid, const GridLayer& layer) {
    return detail::sync_stamped(
        grid, layer, stamp_, [&](std::span<const GridCoord> cells) { apply_cells(grid, cells); },
        [&] { build(grid, layer); });
  }

  /// Re-reads the passability of the listed cells from `grid` (the grid this map was built from,
  /// after the caller changed those cells) and records the grid's current version. The caller
  /// promises that no other cell changed since the map was last in sync. O(k) for k cells,
  /// no allocation. Duplicates are fine.
  /// @throws std::invalid_argument, changing nothing, when the map was not built from this grid
  ///         object (`instance_id()` or size differ) or a cell lies outside the grid (named).
  void update_cells(const Grid& grid, std::span<const GridCoord> cells) {
    if (!check_update(grid, cells, "JpsMap")) return;
    apply_cells(grid, cells);
  }

  /// Columns (cells along x).
  [[nodiscard]] int cols() const noexcept { return stamp_.cols; }
  /// Rows (cells along y).
  [[nodiscard]] int rows() const noexcept { return stamp_.rows; }
  /// True when `c` lies on the map.
  [[nodiscard]] bool in_bounds(GridCoord c) const noexcept { return stamp_.in_bounds(c); }
  /// The layer the map was built with.
  [[nodiscard]] const GridLayer& layer() const noexcept { return stamp_.layer; }
  /// The `version()` of the grid when the map was last built or updated.
  [[nodiscard]] std::uint64_t grid_version() const noexcept { return stamp_.grid_version; }
  /// The `instance_id()` of the grid the map was built from (0: never built).
  [[nodiscard]] std::uint64_t grid_id() const noexcept { return stamp_.id(); }

  /// Whether (x, y) is passable; false for the padding, so x may range over [-128, cols + 127]
  /// and y over [-1, rows] without a bounds check. O(1).
  [[nodiscard]] bool passable(int x, int y) const noexcept {
    const auto p = static_cast<unsigned>(x + kPadBits);
    return ((row_line(y)[p >> 6] >> (p & 63u)) & 1u) != 0;
  }

  /// Bytes held by the two bitmaps.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return (rows_bits_.capacity() + cols_bits_.capacity()) * sizeof(std::uint64_t);
  }

  // --- Jump scans (Harabor & Grastien 2014, block-based): a 64-cell word a step, with the rule for
  // 8-connected moves without corner cutting. Moving along a line, cell c is a jump point when a
  // neighbour line has c passable but the cell behind c (the one the mover comes from) blocked:
  // the cell beside c is then a forced neighbour. A scan starts at the cell after (x, y), stops
  // at the first jump point or at the goal, and returns its x (east/west) or y (south/north); it
  // returns kNoJump when it hits a blocked cell first. The start cell itself is not tested.
  // Complexity: O(1 + distance / 64) word operations (word-aligned blocks: see scan_forward).
  // `goal` may lie anywhere.

  /// Scans east (+x) from (x, y); -1 <= x <= cols - 1, 0 <= y < rows.
  [[nodiscard]] int jump_east(int x, int y, GridCoord goal) const noexcept {
    return jump_or_none(scan_forward<true>(row_line(y - 1), row_line(y), row_line(y + 1), x,
                                           goal.y == y ? goal.x : kNoJump));
  }
  /// Scans west (-x) from (x, y); 0 <= x <= cols, 0 <= y < rows.
  [[nodiscard]] int jump_west(int x, int y, GridCoord goal) const noexcept {
    return jump_or_none(scan_backward<true>(row_line(y - 1), row_line(y), row_line(y + 1), x,
                                            goal.y == y ? goal.x : kNoJump));
  }
  /// Scans south (+y) from (x, y) on the transposed bitmap; 0 <= x < cols, -1 <= y <= rows - 1.
  [[nodiscard]] int jump_south(int x, int y, GridCoord goal) const noexcept {
    return jump_or_none(scan_forward<true>(col_line(x - 1), col_line(x), col_line(x + 1), y,
                                           goal.x == x ? goal.y : kNoJump));
  }
  /// Scans north (-y) from (x, y) on the transposed bitmap; 0 <= x < cols, 0 <= y <= rows.
  [[nodiscard]] int jump_north(int x, int y, GridCoord goal) const noexcept {
    return jump_or_none(scan_backward<true>(col_line(x - 1), col_line(x), col_line(x + 1), y,
                                            goal.x == x ? goal.y : kNoJump));
  }

  /// What `jump_diagonal` found: the diagonal cell c it stopped at, `steps` diagonal moves from
  /// the start (0: not even the first move is legal, nothing else is set), and there either the
  /// goal (`goal`) or the results of the two straight scans from c along the diagonal's
  /// components (`jh`: x of the horizontal one, `jv`: y of the vertical one, kNoJump for none; at
  /// least one found something), and whether the diagonal may go on from c (`more`).
  struct DiagonalJump {
    int steps = 0;      ///< Diagonal moves from the start to c (0: none legal).
    int jh = kNoJump;   ///< x where the horizontal scan from c stopped, or kNoJump.
    int jv = kNoJump;   ///< y where the vertical scan from c stopped, or kNoJump.
    bool goal = false;  ///< c is the goal.
    bool more = false;  ///< The diagonal may go on from c.
  };

  /// The diagonal jump from (x, y) in direction (DX, DY) (each -1 or 1; x to the right, y down):
  /// steps one cell at a time while the move is legal without corner cutting (both orthogonal
  /// cells and the diagonal cell passable) and runs the horizontal and vertical scans (as
  /// `jump_east` ... `jump_north`) from each cell reached, up to the first cell that is the goal
  /// or where a scan finds something; returns 0 steps when the walk ends before (a blocked cell).
  /// (x, y) on the map, `goal` anywhere. O(cells stepped over * (1 + scan length / 64)).
  template <int DX, int DY>
  [[nodiscard]] DiagonalJump jump_diagonal(int x, int y, GridCoord goal) const noexcept {
    static_assert((DX == 1 || DX == -1) && (DY == 1 || DY == -1));
    const auto rstep = static_cast<std::ptrdiff_t>(row_words_) * DY;
    const auto cstep = static_cast<std::ptrdiff_t>(col_words_) * DX;
    const std::uint64_t* r_back = row_line(y - DY);  // rows y - DY, y, y + DY
    const std::uint64_t* r_cur = row_line(y);
    const std::uint64_t* r_next = row_line(y + DY);
    const std::uint64_t* c_back = col_line(x - DX);  // columns x - DX, x, x + DX
    const std::uint64_t* c_cur = col_line(x);
    const std::uint64_t* c_next = col_line(x + DX);
    int cx = x;
    int cy = y;
    DiagonalJump j;
    if (!(bit(r_cur, x + DX) && bit(r_next, x) && bit(r_next, x + DX))) return j;
    for (;;) {
      cx += DX;
      cy += DY;
      ++j.steps;
      r_back = r_cur;
      r_cur = r_next;
      r_next += rstep;
      c_back = c_cur;
      c_cur = c_next;
      c_next += cstep;
      int rh;  // raw scan answers (see scan_forward)
      int rv;
      if (cx == goal.x || cy == goal.y) [[unlikely]] {  // the goal's row or column
        if (cx == goal.x && cy == goal.y) {
          j.goal = true;
          return j;
        }
        const int hgoal = goal.y == cy ? goal.x : kNoJump;
        const int vgoal = goal.x == cx ? goal.y : kNoJump;
        rh = DX > 0 ? scan_forward<true>(r_back, r_cur, r_next, cx, hgoal)
                    : scan_backward<true>(r_back, r_cur, r_next, cx, hgoal);
        rv = DY > 0 ? scan_forward<true>(c_back, c_cur, c_next, cy, vgoal)
                    : scan_backward<true>(c_back, c_cur, c_next, cy, vgoal);
      } else {
        rh = DX > 0 ? scan_forward<false>(r_back, r_cur, r_next, cx, 0)
                    : scan_backward<false>(r_back, r_cur, r_next, cx, 0);
        rv = DY > 0 ? scan_forward<false>(c_back, c_cur, c_next, cy, 0)
                    : scan_backward<false>(c_back, c_cur, c_next, cy, 0);
      }
      if ((rh & rv) >= 0) {  // not both blocked cells: a scan found something
        j.jh = jump_or_none(rh);
        j.jv = jump_or_none(rv);
        j.more = bit(r_cur, cx + DX) && bit(r_next, cx) && bit(r_next, cx + DX);
        return j;
      }
      // Both scans hit a blocked cell: the next move is legal unless one of them was the first
      // cell (an orthogonal cell of the move), or the diagonal cell is blocked.
      if (rh == cx + DX - kWall || rv == cy + DY - kWall || !bit(r_next, cx + DX)) {
        return DiagonalJump{};
      }
    }
  }

  /// Same bitmaps, layer and grid identity.
  friend bool operator==(const JpsMap& a, const JpsMap& b) noexcept {
    return a.stamp_ == b.stamp_ && a.rows_bits_ == b.rows_bits_ && a.cols_bits_ == b.cols_bits_;
  }

 private:
  friend class JpsPlusMap;
  static constexpr int kPadBits = 128;
  // Offset of a raw scan's "blocked cell" answers: cell c as c - kWall, below 0 for every cell a
  // scan can reach (-129 <= c < 2^15 + 128).
  static constexpr int kWall = 1 << 20;
  // A raw scan answer as the public scans return it.
  [[nodiscard]] static int jump_or_none(int raw) noexcept { return raw < 0 ? kNoJump : raw; }

  static std::size_t line_words(int len) noexcept {
    return (static_cast<std::size_t>(len) + 63) / 64 + 4;
  }
  // Line -1 and line `rows` (or `cols`) are the all-blocked padding lines.
  [[nodiscard]] const std::uint64_t* row_line(int y) const noexcept {
    return rows_bits_.data() + static_cast<std::size_t>(y + 1) * row_words_;
  }
  [[nodiscard]] std::uint64_t* row_line(int y) noexcept {
    return rows_bits_.data() + static_cast<std::size_t>(y + 1) * row_words_;
  }
  [[nodiscard]] const std::uint64_t* col_line(int x) const noexcept {
    return cols_bits_.data() + static_cast<std::size_t>(x + 1) * col_words_;
  }
  [[nodiscard]] std::uint64_t* col_line(int x) noexcept {
    return cols_bits_.data() + static_cast<std::size_t>(x + 1) * col_words_;
  }
  // Cell i of a line (padding included: -128 <= i).
  [[nodiscard]] PATHING_ALWAYS_INLINE static bool bit(const std::uint64_t* line, int i) noexcept {
    const auto p = static_cast<unsigned>(i + kPadBits);
    return ((line[p >> 6] >> (p & 63u)) & 1u) != 0;
  }
  static void set_bit(std::uint64_t* line, int i) noexcept {
    const auto p = static_cast<unsigned>(i + kPadBits);
    line[p >> 6] |= std::uint64_t{1} << (p & 63u);
  }
  static void assign_bit(std::uint64_t* line, int i, bool v) noexcept {
    const auto p = static_cast<unsigned>(i + kPadBits);
    const std::uint64_t m = std::uint64_t{1} << (p & 63u);
    line[p >> 6] = v ? (line[p >> 6] | m) : (line[p >> 6] & ~m);
  }

  // Cells p+1, p+2, ... of `line`; `a` and `b` are the neighbour lines. Word-aligned blocks of
  // 64 cells: the first block is the word holding cell p + 1 (the cells before it masked off),
  // the next ones the following words. A cell is "forced" when a neighbour line has it passable
  // and the cell behind it blocked; the bit behind a word's first cell is the previous word's top
  // bit (carried). One scan of the stop bits (forced or blocked) finds the first event; the goal
  // (with `Goal`) is tested once, against the cells passed. Returns the jump point (or the goal),
  // or, for a blocked cell c reached first, c - kWall (negative).
  template <bool Goal>
  static int scan_forward(const std::uint64_t* a, const std::uint64_t* line, const std::uint64_t* b,
                          int p, int goal) noexcept {
    const int s = p + 1;
    const auto q = static_cast<unsigned>(s + kPadBits);  // >= 64: word q / 64 - 1 exists
    std::size_t w = q >> 6;
    std::uint64_t na = a[w];
    std::uint64_t nb = b[w];
    std::uint64_t wall = ~line[w];
    std::uint64_t stop =
        (na & ~((na << 1) | (a[w - 1] >> 63))) | (nb & ~((nb << 1) | (b[w - 1] >> 63))) | wall;
    stop &= ~std::uint64_t{0} << (q & 63u);
    int base = s - static_cast<int>(q & 63u);  // the cell of bit 0 of word w
    while (stop == 0) {
      const std::uint64_t ca = na >> 63;
      const std::uint64_t cb = nb >> 63;
      ++w;
      base += 64;
      na = a[w];
      nb = b[w];
      wall = ~line[w];
      stop = (na & ~((na << 1) | ca)) | (nb & ~((nb << 1) | cb)) | wall;
    }
    const unsigned bit = detail::lowest_bit(stop);
    const int hit = base + static_cast<int>(bit);
    // Every cell from s up to hit (excluded) is passable: the goal among them is reached first.
    if constexpr (Goal) {
      if (static_cast<unsigned>(goal - s) < static_cast<unsigned>(hit - s)) return goal;
    }
    return ((wall >> bit) & 1u) != 0 ? hit - kWall : hit;
  }
  // Cells p-1, p-2, ... of `line`: as scan_forward, towards lower bits (the bit behind a word's
  // last cell is the next word's bottom bit).
  template <bool Goal>
  static int scan_backward(const std::uint64_t* a, const std::uint64_t* line,
                           const std::uint64_t* b, int p, int goal) noexcept {
    const int e = p - 1;
    const auto q = static_cast<unsigned>(e + kPadBits);  // word q / 64 + 1 exists
    std::size_t w = q >> 6;
    std::uint64_t na = a[w];
    std::uint64_t nb = b[w];
    std::uint64_t wall = ~line[w];
    std::uint64_t stop =
        (na & ~((na >> 1) | (a[w + 1] << 63))) | (nb & ~((nb >> 1) | (b[w + 1] << 63))) | wall;
    stop &= ~std::uint64_t{0} >> (63u - (q & 63u));
    int base = e - static_cast<int>(q & 63u);  // the cell of bit 0 of word w
    while (stop == 0) {
      const std::uint64_t ca = na << 63;
      const std::uint64_t cb = nb << 63;
      --w;
      base -= 64;
      na = a[w];
      nb = b[w];
      wall = ~line[w];
      stop = (na & ~((na >> 1) | ca)) | (nb & ~((nb >> 1) | cb)) | wall;
    }
    const unsigned bit = detail::highest_bit(stop);
    const int hit = base + static_cast<int>(bit);
    if constexpr (Goal) {
      if (static_cast<unsigned>(e - goal) < static_cast<unsigned>(e - hit)) return goal;
    }
    return ((wall >> bit) & 1u) != 0 ? hit - kWall : hit;
  }

  // update_cells without the checks: every cell on the grid, the map built from it.
  void apply_cells(const Grid& grid, std::span<const GridCoord> cells) noexcept {
    for (const GridCoord c : cells) {
      const bool open = stamp_.layer.cost_of_cell(grid.cell_unchecked(c.x, c.y)) != 0;
      assign_bit(row_line(c.y), c.x, open);
      assign_bit(col_line(c.x), c.y, open);
    }
    stamp_.record_version(grid);
  }

  /// True when `cells` may update this map from `grid`; otherwise throws (exceptions on) or
  /// returns false (exceptions off), and the caller changes nothing.
  [[nodiscard]] bool check_update(const Grid& grid, std::span<const GridCoord> cells,
                                  const char* who) const {
    static_cast<void>(who);  // unused without exceptions
    if (!stamp_.same_grid(grid)) {
      PATHING_THROW(
          std::invalid_argument(std::string("pathing::") + who +
                                "::update_cells: the map was not built from this grid object "
                                "(rebuild it with build or sync)"));
      return false;
    }
    for (const GridCoord c : cells) {
      if (!grid.in_bounds(c)) {
        PATHING_THROW(std::invalid_argument(
            std::string("pathing::") + who + "::update_cells: cell (" + std::to_string(c.x) + ", " +
            std::to_string(c.y) + ") is outside the " + std::to_string(stamp_.cols) + " x " +
            std::to_string(stamp_.rows) + " grid"));
        return false;
      }
    }
    return true;
  }

  detail::GridStamp stamp_;  // the grid, version, size and layer it was built from
  std::size_t row_words_ = 0;
  std::size_t col_words_ = 0;
  std::vector<std::uint64_t> rows_bits_;
  std::vector<std::uint64_t> cols_bits_;
};

static_assert(GridDerived<JpsMap>);

}  // namespace pathing
