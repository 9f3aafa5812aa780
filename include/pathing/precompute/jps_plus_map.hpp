// pathing: fast grid path-finding. MIT licensed.
//
// JPS+: Jump Point Search over precomputed jump distances.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/payload_fwd.hpp"
#include "pathing/detail/reserve.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/map_sync.hpp"
#include "pathing/precompute/jps_map.hpp"

namespace pathing {

/// The preprocessed data of JPS+ (D. Harabor and A. Grastien, "Improving Jump Point Search",
/// ICAPS 2014; S. Rabin, "JPS+: Over 100x Faster than A*", GDC 2015 / Game AI Pro 2 ch. 14):
/// for every cell and each of the 8 directions, the jump distance a query would otherwise scan
/// for, for 8-connected moves without corner cutting and uniform cost (passable = layer cost
/// != 0). Built from a `Grid` and a `GridLayer`; holds a `JpsMap` of the same grid too.
///
/// `jump_distance(c, d)` = k > 0: moving from c in direction d, the k-th cell is the first jump
/// point (straight d: a cell with a forced neighbour, as `JpsMap`'s scans define it; diagonal d:
/// a cell from which a straight jump along either component of d finds a jump point), every move
/// on the way legal. k <= 0: there is none; -k legal moves lead up to a blocked cell or the edge
/// (0: not even one move). Values are in cells, from -32767 to 32767.
///
/// Memory: 16 bytes a cell (8 int16 distances) plus the `JpsMap` (`memory_bytes()`): 4.29 MB
/// for 512 x 512. Build: O(cells), 8 sweeps in row order (timings: docs/benchmarks.md). Updates:
/// `update_cells` recomputes the straight distances of the rows and columns next to each changed
/// cell (3 rows and 3 columns a cell) and the diagonal distances that depend on them, following
/// each diagonal only while its values change: O(k * (cols + rows) + changed entries) for k cells;
/// the result equals a full build.
///
/// Staying in sync, thread-safety: as `JpsMap` (records the grid's `instance_id()`, `version()`
/// and the layer; const members may be used by many searchers at once).
class JpsPlusMap {
 public:
  /// An empty map (0 x 0 cells). Allocates nothing.
  JpsPlusMap() = default;
  /// The table of `grid` under `layer`. O(cells).
  JpsPlusMap(const Grid& grid, const GridLayer& layer) { build(grid, layer); }

  /// Rebuilds the bitmaps and the whole table. O(cells); allocates only for a larger grid.
  void build(const Grid& grid, const GridLayer& layer) {
    bits_.build(grid, layer);
    cols_ = grid.cols();
    rows_ = grid.rows();
    dist_.assign(grid.cell_count(), Entry{});
    for (int y = 0; y < rows_; ++y) {
      for (int x = cols_ - 1; x >= 0; --x) set(x, y, kRight, straight_value(x, y, 1, 0, kRight));
      for (int x = 0; x < cols_; ++x) set(x, y, kLeft, straight_value(x, y, -1, 0, kLeft));
    }
    for (int y = rows_ - 1; y >= 0; --y) {
      for (int x = 0; x < cols_; ++x) set(x, y, kDown, straight_value(x, y, 0, 1, kDown));
      for (int x = 0; x < cols_; ++x) {
        set(x, y, kDownRight, diagonal_value(x, y, 1, 1));
        set(x, y, kDownLeft, diagonal_value(x, y, -1, 1));
      }
    }
    for (int y = 0; y < rows_; ++y) {
      for (int x = 0; x < cols_; ++x) set(x, y, kUp, straight_value(x, y, 0, -1, kUp));
      for (int x = 0; x < cols_; ++x) {
        set(x, y, kUpLeft, diagonal_value(x, y, -1, -1));
        set(x, y, kUpRight, diagonal_value(x, y, 1, -1));
      }
    }
  }

  /// True when built (or updated) from this grid object at its current version with `layer`.
  [[nodiscard]] bool is_current(const Grid& grid, const GridLayer& layer) const noexcept {
    return bits_.is_current(grid, layer);
  }
  /// True when built (or updated) from this grid object at its current version, whatever the
  /// layer (what `JpsPlus::find_path(grid, map, ...)` checks). O(1).
  [[nodiscard]] bool is_current(const Grid& grid) const noexcept { return bits_.is_current(grid); }
  /// The former name of `is_current(grid)`, kept for one release.
  [[deprecated("use is_current(grid)")]] [[nodiscard]] bool matches(
      const Grid& grid) const noexcept {
    return is_current(grid);
  }
  /// The layer the table was built with.
  [[nodiscard]] const GridLayer& layer() const noexcept { return bits_.layer(); }

  /// Brings the table up to date with `grid` under `layer`, as `JpsMap::sync`: nothing when
  /// current (O(1)); after at most `Grid::kEditLogCapacity` cell writes to the same grid object
  /// with the same layer, `update_cells` on the logged cells (O(k * (cols + rows)) plus the
  /// diagonal entries that change; may allocate its scratch the first time: `updated`); otherwise
  /// a full `build` (O(cells): `rebuilt`).
  MapSync sync(const Grid& grid, const GridLayer& layer) {
    return detail::sync_stamped(
        grid, layer, bits_.stamp_,
        [&](std::span<const GridCoord> cells) { apply_cells(grid, cells); },
        [&] { build(grid, layer); });
  }

  /// Re-reads the listed cells from `grid` (the grid this map was built from; no other cell may
  /// have changed since the map was last in sync) and updates the bitmaps and the table: the
  /// straight distances of rows y-1..y+1 and columns x-1..x+1 of each listed cell (x, y), then
  /// the diagonal distances that depend on them, in dependency order, each diagonal followed
  /// only while its values change. The result equals `build` on the changed grid. May allocate
  /// scratch space on the first update. Duplicates are fine.
  /// @throws std::invalid_argument, changing nothing, as `JpsMap::update_cells`.
  void update_cells(const Grid& grid, std::span<const GridCoord> cells) {
    if (!bits_.check_update(grid, cells, "JpsPlusMap")) return;
    apply_cells(grid, cells);
  }

  /// Columns (cells along x).
  [[nodiscard]] int cols() const noexcept { return cols_; }
  /// Rows (cells along y).
  [[nodiscard]] int rows() const noexcept { return rows_; }
  /// The passability bitmaps (the searches read them to find forced neighbours).
  [[nodiscard]] const JpsMap& bitmap() const noexcept { return bits_; }

 private:
  // update_cells without the checks.
  void apply_cells(const Grid& grid, std::span<const GridCoord> cells) {
    bits_.apply_cells(grid, cells);
    if (cells.empty()) return;
    line_scratch_.clear();
    for (const GridCoord c : cells) {
      for (int d = -1; d <= 1; ++d) {
        if (c.y + d >= 0 && c.y + d < rows_) line_scratch_.push_back(c.y + d);
        // Columns as negative numbers (~x): one sort for both.
        if (c.x + d >= 0 && c.x + d < cols_) line_scratch_.push_back(~(c.x + d));
      }
    }
    std::sort(line_scratch_.begin(), line_scratch_.end());
    line_scratch_.erase(std::unique(line_scratch_.begin(), line_scratch_.end()),
                        line_scratch_.end());
    for (const int v : line_scratch_) {
      if (v >= 0) {
        const int y = v;
        for (int x = cols_ - 1; x >= 0; --x) set(x, y, kRight, straight_value(x, y, 1, 0, kRight));
        for (int x = 0; x < cols_; ++x) set(x, y, kLeft, straight_value(x, y, -1, 0, kLeft));
      } else {
        const int x = ~v;
        for (int y = rows_ - 1; y >= 0; --y) set(x, y, kDown, straight_value(x, y, 0, 1, kDown));
        for (int y = 0; y < rows_; ++y) set(x, y, kUp, straight_value(x, y, 0, -1, kUp));
      }
    }
    update_diagonal(cells, 1, 1);
    update_diagonal(cells, -1, 1);
    update_diagonal(cells, -1, -1);
    update_diagonal(cells, 1, -1);
  }

 public:
  /// The jump distance from cell `c` in direction `d` (see the class comment), in cells.
  /// @throws std::out_of_range naming the cell when `c` is outside the map (with exceptions
  ///   off: returns 0, "no legal move").
  [[nodiscard]] int jump_distance(GridCoord c, Direction8 d) const {
    if (!bits_.in_bounds(c)) {
      PATHING_THROW(std::out_of_range("pathing::JpsPlusMap::jump_distance: cell (" +
                                      std::to_string(c.x) + ", " + std::to_string(c.y) +
                                      ") is outside the " + std::to_string(cols_) + " x " +
                                      std::to_string(rows_) + " map"));
      return 0;
    }
    return at(c.x, c.y)[static_cast<unsigned>(d) & 7u];
  }

  /// The 8 jump distances of (x, y), indexed by `Direction8` value; no bounds check. O(1).
  [[nodiscard]] const std::array<std::int16_t, 8>& distances(int x, int y) const noexcept {
    return at(x, y);
  }

  /// The whole table, row-major (cell (x, y) at y * cols() + x): 8 distances a cell, indexed by
  /// `Direction8` value. Valid until the next `build` or `sync` that rebuilds.
  [[nodiscard]] const std::array<std::int16_t, 8>* data() const noexcept { return dist_.data(); }

  /// Bytes of the table and bitmaps (the number to report as the preprocessing's memory cost).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return dist_.capacity() * sizeof(Entry) + bits_.memory_bytes() +
           dirty_.capacity() * sizeof(std::uint64_t) + line_scratch_.capacity() * sizeof(int);
  }

  /// Appends this table's payload to a precomputed file being written (pathing::io's format,
  /// docs/precomputed.md; `io::serialize_jps_plus` writes the container around it and checks first
  /// that the table is current for the file's grid). O(cells). Defined in the compiled pathing_io
  /// library (src/io/jps_plus_map_io.cpp), like `load_payload`: only code that links pathing::io
  /// calls them.
  /// @throws std::bad_alloc.
  void save_payload(io::detail::PayloadWriter& out) const;
  /// The table held by the payload of a file whose container was checked for `grid` under
  /// `layer` (every entry checked against the recurrence of `build`, so the table equals a build),
  /// current for `grid`. O(cells).
  /// @throws io::PrecomputedError naming the byte of the first field that does not fit;
  /// std::bad_alloc.
  [[nodiscard]] static JpsPlusMap load_payload(const io::detail::PayloadReader& in,
                                               const Grid& grid, const GridLayer& layer);

  /// Same bitmaps, grid identity and table.
  friend bool operator==(const JpsPlusMap& a, const JpsPlusMap& b) noexcept {
    return a.bits_ == b.bits_ && a.dist_ == b.dist_;
  }

 private:
  using Entry = std::array<std::int16_t, 8>;
  static constexpr unsigned kRight = 0, kDown = 1, kLeft = 2, kUp = 3, kDownRight = 4,
                            kDownLeft = 5, kUpLeft = 6, kUpRight = 7;

  [[nodiscard]] static constexpr unsigned diagonal_index(int dx, int dy) noexcept {
    return dx > 0 ? (dy > 0 ? kDownRight : kUpRight) : (dy > 0 ? kDownLeft : kUpLeft);
  }
  [[nodiscard]] const Entry& at(int x, int y) const noexcept {
    return dist_[static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_) +
                 static_cast<std::size_t>(x)];
  }
  void set(int x, int y, unsigned d, int v) noexcept {
    dist_[static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_) +
          static_cast<std::size_t>(x)][d] = static_cast<std::int16_t>(v);
  }
  [[nodiscard]] static int extend(int v) noexcept { return v > 0 ? v + 1 : v - 1; }

  // Straight distance from (x, y) in direction (sx, sy) (index d), from the next cell's value.
  [[nodiscard]] int straight_value(int x, int y, int sx, int sy, unsigned d) const noexcept {
    const int tx = x + sx;
    const int ty = y + sy;
    if (!bits_.passable(tx, ty)) return 0;
    // Forced neighbour at t: a side cell open while the side cell behind t is blocked.
    const int px = sy;  // perpendicular offsets: (sy, sx) and (-sy, -sx)
    const int py = sx;
    const bool forced =
        (bits_.passable(tx + px, ty + py) && !bits_.passable(tx + px - sx, ty + py - sy)) ||
        (bits_.passable(tx - px, ty - py) && !bits_.passable(tx - px - sx, ty - py - sy));
    if (forced) return 1;
    return extend(at(tx, ty)[d]);
  }

  // Diagonal distance from (x, y) in direction (dx, dy), from the next diagonal cell's values.
  [[nodiscard]] int diagonal_value(int x, int y, int dx, int dy) const noexcept {
    if (!bits_.passable(x + dx, y) || !bits_.passable(x, y + dy) ||
        !bits_.passable(x + dx, y + dy)) {
      return 0;
    }
    const Entry& t = at(x + dx, y + dy);
    if (t[dx > 0 ? kRight : kLeft] > 0 || t[dy > 0 ? kDown : kUp] > 0) return 1;
    return extend(t[diagonal_index(dx, dy)]);
  }

  // Recomputes the (dx, dy) diagonal distances after the straight ones of the rows and columns
  // around `cells` changed. The value at c depends on c + (dx, 0), c + (0, dy), c + (dx, dy)
  // (passability, straight distances, diagonal distance), so the cells whose inputs other than
  // the diagonal distance changed lie in rows y - dy - 1 .. y - dy + 1 or columns x - dx - 1 ..
  // x - dx + 1 of a changed cell (x, y): those are recomputed, in dependency order (rows away
  // from the direction of travel), and a change at c marks c - (dx, dy) for recomputation.
  void update_diagonal(std::span<const GridCoord> cells, int dx, int dy) {
    const std::size_t words = (static_cast<std::size_t>(cols_) + 63) / 64;
    if (dirty_.size() < words * static_cast<std::size_t>(rows_)) {
      dirty_.assign(words * static_cast<std::size_t>(rows_), 0);
    }
    auto mark = [&](int x, int y) {
      dirty_[static_cast<std::size_t>(y) * words + (static_cast<unsigned>(x) >> 6)] |=
          std::uint64_t{1} << (static_cast<unsigned>(x) & 63u);
    };
    // Rows are processed from `first` towards `last` (step -dy: dependencies come first).
    int first = dy > 0 ? -1 : rows_;
    int last = dy > 0 ? rows_ : -1;
    auto widen = [&](int y) {
      if (dy > 0) {
        first = std::max(first, y);
        last = std::min(last, y);
      } else {
        first = std::min(first, y);
        last = std::max(last, y);
      }
    };
    for (const GridCoord c : cells) {
      for (int y = c.y - dy - 1; y <= c.y - dy + 1; ++y) {
        if (y < 0 || y >= rows_) continue;
        std::uint64_t* row = dirty_.data() + static_cast<std::size_t>(y) * words;
        for (std::size_t w = 0; w < words; ++w) row[w] = ~std::uint64_t{0};
        if (cols_ % 64 != 0) row[words - 1] = (std::uint64_t{1} << (cols_ % 64)) - 1;
        widen(y);
      }
      for (int x = c.x - dx - 1; x <= c.x - dx + 1; ++x) {
        if (x < 0 || x >= cols_) continue;
        for (int y = 0; y < rows_; ++y) mark(x, y);
        widen(0);
        widen(rows_ - 1);
      }
    }
    const unsigned d = diagonal_index(dx, dy);
    for (int y = first; dy > 0 ? y >= last : y <= last; y -= dy) {
      std::uint64_t* row = dirty_.data() + static_cast<std::size_t>(y) * words;
      for (std::size_t w = 0; w < words; ++w) {
        while (row[w] != 0) {
          const int x = static_cast<int>(w * 64) + std::countr_zero(row[w]);
          row[w] &= row[w] - 1;
          const int v = diagonal_value(x, y, dx, dy);
          if (v == at(x, y)[d]) continue;
          set(x, y, d, v);
          const int ux = x - dx;
          const int uy = y - dy;
          if (ux >= 0 && ux < cols_ && uy >= 0 && uy < rows_) {
            mark(ux, uy);
            widen(uy);
          }
        }
      }
    }
  }

  JpsMap bits_;
  int cols_ = 0;
  int rows_ = 0;
  std::vector<Entry> dist_;
  std::vector<std::uint64_t> dirty_;  // update scratch: cells to recompute, one bit a cell
  std::vector<int> line_scratch_;     // update scratch: rows (>= 0) and ~columns to recompute
};

static_assert(GridDerived<JpsPlusMap>);

}  // namespace pathing
