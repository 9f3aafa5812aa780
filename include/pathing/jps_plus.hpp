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

#include "pathing/coord.hpp"
#include "pathing/detail/compiler.hpp"
#include "pathing/detail/jump/jps_plus_expand.hpp"
#include "pathing/detail/jump/jump_contract.hpp"
#include "pathing/detail/jump/jump_search.hpp"
#include "pathing/detail/jump/jump_sliced.hpp"
#include "pathing/detail/reserve.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/grid.hpp"
#include "pathing/jps.hpp"  // unused here; kept for code that gets `Jps` through this header
#include "pathing/jps_map.hpp"
#include "pathing/layer.hpp"
#include "pathing/result.hpp"

namespace pathing {

namespace io::detail {
struct PrecomputedAccess;  // pathing::io's loader (io/precomputed.hpp)
}  // namespace io::detail

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
/// for 512 x 512. Build: O(cells), 8 sweeps in row order: 3.4-7.6 ms for the 512 x 512 Moving AI
/// maps, 1.3 ms for 256 x 256 (Release, one core of a shared 2-core EPYC VM). Updates:
/// `update_cells` recomputes the straight distances of the rows and columns next to each changed
/// cell (3 rows and 3 columns a cell) and the diagonal distances that depend on them, following
/// each diagonal only while its values change: O(k * (cols + rows) + changed entries) for k cells
/// (about 0.1 ms for one cell of a 512 x 512 map, 40 times less than `build`); the result equals
/// a full build.
///
/// Staying in sync, thread-safety: as `JpsMap` (records the grid's `instance_id()`, `version()`
/// and the layer; const members may be used by many searchers at once).
class JpsPlusMap {
  friend struct io::detail::PrecomputedAccess;  // restores a saved map

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
  [[nodiscard]] bool matches(const Grid& grid) const noexcept { return bits_.matches(grid); }
  /// The layer the table was built with.
  [[nodiscard]] const GridLayer& layer() const noexcept { return bits_.layer(); }

  /// Brings the table up to date with `grid` under `layer`, as `JpsMap::sync`: nothing when
  /// current (O(1)); after at most `Grid::kEditLogCapacity` cell writes to the same grid object
  /// with the same layer, `update_cells` on the logged cells (O(k * (cols + rows)) plus the
  /// diagonal entries that change, about 0.1 ms a cell on 512 x 512; may allocate its scratch the
  /// first time: `updated`); otherwise a full `build` (O(cells): `rebuilt`).
  MapSync sync(const Grid& grid, const GridLayer& layer) {
    if (is_current(grid, layer)) return MapSync::current;
    return detail::replay_edits_or_rebuild(
        grid,
        bits_.built_ && bits_.layer_ == layer && bits_.grid_id_ == grid.instance_id() &&
            cols_ == grid.cols() && rows_ == grid.rows(),
        bits_.grid_version_, [&](std::span<const GridCoord> cells) { apply_cells(grid, cells); },
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

/// JPS+ search over a `JpsPlusMap`: the pruning rules, options, statuses and results of `Jps`
/// (8-connected, no corner cutting, weight 1, UNIFORM COST: a layer whose passable cell values do
/// not all cost the same is `unsupported`; costs equal `AStar`'s), but every jump is a table
/// lookup instead of a scan. A diagonal jump hops from one diagonal jump point to the next,
/// generating the straight jump points found from each (those diagonal cells are not nodes, as in
/// "Improving Jump Point Search"); the goal is detected without scanning: when it lies within
/// reach along a straight direction, or in the quadrant of a diagonal direction such that the
/// diagonal-then-straight path to it stays within the distances of the table (Rabin's
/// "target jump point"), it is generated directly.
///
/// Results, statistics, partial paths, tie-breaking, memory and thread-safety as for `Jps`:
/// `out` gets every cell of the path; `jump_points()` the nodes. Allocation: none once warm.
///
/// Stale tables: `find_path(grid, layer, ...)` keeps an internal `JpsPlusMap` brought up to date
/// by `JpsPlusMap::sync`: O(1) when unchanged; after k <= 64 cell writes to the same grid object,
/// `update_cells` from the grid's edit log (O(k * (cols + rows)) plus the diagonal entries that
/// change: about 0.1 ms a cell on 512 x 512, 40 times less than a build; may allocate its scratch
/// once); otherwise a full build (O(cells): 1.3 ms for 256 x 256, 3.4-7.6 ms for 512 x 512).
/// `find_path(grid, map, ...)` returns `SearchStatus::stale` unless `map.matches(grid)`.
class JpsPlus {
 public:
  /// A searcher with no memory yet; it grows on first use.
  JpsPlus() = default;
  /// A searcher sized for `cols` x `rows` grids.
  JpsPlus(int cols, int rows) { reserve(cols, rows); }

  /// Sizes the search state for grids up to `cols` x `rows` cells (never shrinks).
  /// @throws std::invalid_argument naming the value for a negative side or a size beyond the
  ///         Grid's limits (0 reserves nothing).
  void reserve(int cols, int rows) {
    search_.ensure(detail::reserved_cells(cols, rows, "pathing::JpsPlus"));
  }

  /// Shortest path on `grid` under `layer` through the internal table (kept up to date as the
  /// class comment says). Arguments, statuses and `out` as `Jps::find_path(grid, layer, ...)`;
  /// each jump is O(1).
  PathResult find_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options = {}) {
    sliced_.cancel();
    const detail::JumpSearchCheck c = detail::start_jump_query<JpsPlusMap>(
        search_, &own_map_, &last_sync_, nullptr, grid, layer, from, to, &out, options);
    if (c.status != SearchStatus::found) return detail::refused_jump_query(from, c.status);
    return detail::finish_jump_query(
        search(own_map_, c.unit_cost, from, c.target, out, options.limits), c);
  }

  /// Same, on a caller-owned table (shared by any number of searchers), under the layer it was
  /// built with. Returns `stale` (nothing searched, `out` unchanged) unless `map.matches(grid)`
  /// (`JpsPlusMap::sync` brings it up to date). O(1) to start a query.
  PathResult find_path(const Grid& grid, const JpsPlusMap& map, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options = {}) {
    sliced_.cancel();
    const detail::JumpSearchCheck c = detail::start_jump_query<JpsPlusMap>(
        search_, nullptr, nullptr, &map, grid, map.layer(), from, to, &out, options);
    if (c.status != SearchStatus::found) return detail::refused_jump_query(from, c.status);
    return detail::finish_jump_query(search(map, c.unit_cost, from, c.target, out, options.limits),
                                     c);
  }

  /// As `find_path`, but `out` receives only the turning points of the same path, as
  /// `Jps::find_turning_points` (O(jump points) instead of O(path length) for the output).
  PathResult find_turning_points(const Grid& grid, const GridLayer& layer, GridCoord from,
                                 GridCoord to, std::vector<GridCoord>& out,
                                 const SearchOptions& options = {}) {
    sliced_.cancel();
    const detail::JumpSearchCheck c = detail::start_jump_query<JpsPlusMap>(
        search_, &own_map_, &last_sync_, nullptr, grid, layer, from, to, &out, options);
    if (c.status != SearchStatus::found) return detail::refused_jump_query(from, c.status);
    return detail::finish_jump_query(
        search(own_map_, c.unit_cost, from, c.target, out, options.limits, true), c);
  }

  /// Same, on a caller-owned table, as `find_path(grid, map, ...)`.
  PathResult find_turning_points(const Grid& grid, const JpsPlusMap& map, GridCoord from,
                                 GridCoord to, std::vector<GridCoord>& out,
                                 const SearchOptions& options = {}) {
    sliced_.cancel();
    const detail::JumpSearchCheck c = detail::start_jump_query<JpsPlusMap>(
        search_, nullptr, nullptr, &map, grid, map.layer(), from, to, &out, options);
    if (c.status != SearchStatus::found) return detail::refused_jump_query(from, c.status);
    return detail::finish_jump_query(
        search(map, c.unit_cost, from, c.target, out, options.limits, true), c);
  }

  /// Sliced queries, as `Jps::start_query` / `continue_query` / `finish_query` / `cancel_query`
  /// (same contract; docs/sliced.md): the result of `finish_query` equals `find_path`'s exactly.
  /// Starts a query on the internal table (synced here, as `find_path` does); nothing expanded.
  PathResult start_query(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                         const SearchOptions& options = {}) {
    return sliced_.start(search_, &own_map_, &last_sync_, nullptr, grid, layer, from, to, options);
  }
  /// Starts a query on a caller-owned table (kept by address: it must outlive the query), as
  /// `Jps::start_query(grid, map, ...)`. O(1).
  PathResult start_query(const Grid& grid, const JpsPlusMap& map, GridCoord from, GridCoord to,
                         const SearchOptions& options = {}) {
    return sliced_.start(search_, nullptr, nullptr, &map, grid, map.layer(), from, to, options);
  }
  /// At most `max_expansions` more expansions (0 or negative: none), as `Jps::continue_query`.
  PathResult continue_query(int max_expansions) { return sliced_.resume(search_, max_expansions); }
  /// The rest of the search, then the path into `out`, as `Jps::finish_query`.
  PathResult finish_query(std::vector<GridCoord>& out) { return sliced_.finish(search_, out); }
  /// Cancels the query in progress, if any (later calls: `invalid_argument`). O(1).
  void cancel_query() noexcept { sliced_.cancel(); }
  /// Whether a query was started and not yet finished or cancelled. O(1).
  [[nodiscard]] bool query_active() const noexcept { return sliced_.active(); }

  /// What the last `find_path(grid, layer, ...)` that searched did to its internal table.
  [[nodiscard]] MapSync last_map_sync() const noexcept { return last_sync_; }

  /// The jump points of the path returned by the last `find_path`, as `Jps::jump_points`.
  void jump_points(std::vector<GridCoord>& out) const { search_.write_jump_points(out); }

  /// Bytes held: search state, open list and the internal table of `find_path(grid, layer, ...)`.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return search_.memory_bytes() + own_map_.memory_bytes();
  }

 private:
  friend struct detail::TestAccess;
  void force_generation(std::uint32_t g) noexcept { search_.debug_force_generation(g); }
  PathResult search(const JpsPlusMap& map, std::uint8_t unit_cost, GridCoord from, GridCoord to,
                    std::vector<GridCoord>& out, const SearchLimits& limits,
                    bool turning_points = false);

  struct ExpandAt {
    template <class Gen>
    PATHING_ALWAYS_INLINE void operator()(const JpsPlusMap& map, int x, int y, std::uint8_t travel,
                                          GridCoord to, Gen& gen) const {
      detail::jps_plus_expand(map, x, y, travel, to, gen);
    }
  };

  detail::JumpPointSearch search_;
  JpsPlusMap own_map_;
  MapSync last_sync_ = MapSync::current;
  detail::SlicedJumpQuery<JpsPlusMap, ExpandAt> sliced_;
};

// ---------------------------------------------------------------------------------------------
// Implementation

inline PathResult JpsPlus::search(const JpsPlusMap& map, std::uint8_t unit_cost, GridCoord from,
                                  GridCoord to, std::vector<GridCoord>& out,
                                  const SearchLimits& limits, bool turning_points) {
  PathResult r;
  r.finish = from;
  search_.ensure(static_cast<std::size_t>(map.cols()) * static_cast<std::size_t>(map.rows()));
  search_.run(
      map.cols(), map.rows(), from, to, limits, unit_cost,
      [&](int x, int y, std::uint8_t travel, auto& gen)
          PATHING_ALWAYS_INLINE { detail::jps_plus_expand(map, x, y, travel, to, gen); },
      r);
  if (turning_points) {
    search_.write_turning_points(r, out, unit_cost);
  } else {
    search_.write_path(r, out, unit_cost);
  }
  return r;
}

}  // namespace pathing
