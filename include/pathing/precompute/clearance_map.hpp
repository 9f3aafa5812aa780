// pathing: fast grid path-finding. MIT licensed.
//
// Units larger than one cell: the clearance map and the unit grids every search and field reads.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "pathing/error.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/grid_stamp.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/map_sync.hpp"

namespace pathing {

/// Clearance for units larger than one cell (HAA*: Harabor & Botea, "Hierarchical path planning
/// for multi-size agents in heterogeneous environments", IEEE CIG 2008), and the unit grids
/// through which every search and field moves such units (docs/clearance.md).
///
/// Body: a unit of size k (1..`max_unit_size()`) is a k x k square of cells; its position is its
/// anchor, the top-left cell (smallest x and y) of the square, and every path, field value and
/// start or goal of a size-k query is about anchors. `clearance(c)` is the largest k (capped at
/// `max_unit_size()`) such that the k x k square anchored at c lies on the grid and every cell of
/// it is passable under the layer; 0 for an impassable cell or one off the grid.
///
/// Move model for size k, the size-1 model applied to bodies (k = 1 is exactly today's model):
/// - a body may stand at anchor p when the whole k x k square at p is on the grid and passable;
/// - cost: entering anchor p costs the HIGHEST layer cost among the k x k cells under the body
///   at p (its worst terrain: a tank half on a road and half in a swamp moves at swamp speed),
///   times 1 for a straight move and sqrt(2) for a diagonal one; the start's own cost is ignored,
///   as for one cell;
/// - corner rule: a diagonal move from p to p + (dx, dy) also needs the bodies at p + (dx, 0) and
///   p + (0, dy) to fit (the (k+1) x (k+1) square the body sweeps is passable: no corner cut).
///
/// Unit grids: for each size k the map keeps a `Grid` (`unit_grid(k)`) of the same size whose
/// cell at p holds a 4-bit code of the body's cost at p, read through one derived layer
/// (`unit_layer()`): the m distinct non-zero costs of the layer, smallest first, take codes 0..6
/// then 8..14; code 15 (`kNoFit`) is a body that does not fit (a wall under it, or the square off
/// the grid). Code 7 is never used and impassable, so that a layer derived from the unit layer
/// by giving blocked values (8..15) their tag's cost, as `PathFollower` does to look through
/// units, still reads 15 as impassable. A size-k query on (grid, layer) is the size-1 query on
/// (`*unit_grid(k)`, `unit_layer()`), same costs, same corner rule, so every search and field
/// serves every size unchanged: `AStar`, `GreedyBestFirst`, `Jps` and `JpsPlus` take
/// `SearchOptions::unit_size` and `SearchOptions::clearance` (and the bounded `build_path(...,
/// clearance, unit_size)`); fields, jump-point maps, region maps, `FieldRepair`, `PathFollower` and
/// `check_move` take the unit grid and layer themselves. A uniform-cost layer gives a uniform-cost
/// unit layer (same cost), so the jump point searches serve every size. The unit grid is written
/// only where a code changes and logs those writes (`Grid::edits_since`), so structures built on it
/// (`JpsMap`, `RegionMap`, `FieldRepair`'s fields) catch up through their own `sync` after `sync`
/// here.
///
/// Staying in sync (the pattern of `RegionMap`): the map records the grid's `instance_id()`,
/// `version()` and the layer; `sync` after edits updates the clearance values and the unit grids
/// around each edited cell e only: the anchors whose k x k square covers e, [e.x - k + 1, e.x] x
/// [e.y - k + 1, e.y] for each k, and for the clearance values the K x K anchors up and left of e
/// (K = `max_unit_size()`): O(K^3) per edited cell (O(K^2) cells a size, each O(1)), whatever the
/// grid's size; more than `Grid::kEditLogCapacity` edits since the last sync rebuild (O(cells x
/// K)). Tested against a rebuild after random edit sequences.
///
/// Limits: `max_unit_size()` in [1, `kMaxUnitSize`]; the layer may have at most 14 distinct
/// non-zero costs among its 16 (tag, blocked) values (`build` refuses more). Memory: 1 byte a cell
/// (clearance) plus 0.5 byte a cell per size (`max_unit_size()` unit grids). Complexity: `build`
/// O(cells x K); queries O(1).
///
/// Thread-safety: const members may run concurrently (any number of searchers may read one map);
/// `build` and `sync` must not run concurrently with anything else on the map or its unit grids.
/// Errors: `build` (and the constructor) throw `std::invalid_argument` naming the value for a
/// size out of range or a layer with more than 14 distinct passable costs (`create` is the
/// non-throwing form; without exceptions such a call changes nothing); queries never throw.
class ClearanceMap {
 public:
  /// Largest unit size a map may serve.
  static constexpr int kMaxUnitSize = 32;
  /// The unit-grid code of a body that does not fit (impassable in `unit_layer()`).
  static constexpr std::uint8_t kNoFit = 15;
  /// The most distinct passable costs a layer may have (codes 0..6 and 8..14).
  static constexpr int kMaxCosts = 14;

  /// An empty map (never built: current for no grid, `max_unit_size()` 0). Allocates nothing.
  ClearanceMap() = default;

  /// The map of `grid` under `layer` for units of sizes 1..`max_unit_size` (`build`).
  /// @throws std::invalid_argument as `build`.
  ClearanceMap(const Grid& grid, const GridLayer& layer, int max_unit_size = 3) {
    build(grid, layer, max_unit_size);
  }

  /// The non-throwing form of the constructor: the map, or nothing when `build` would throw; then
  /// `*error` (when not null) holds `ErrorCode::invalid_size` (a size outside [1, kMaxUnitSize])
  /// or `ErrorCode::invalid_cost` (more than 14 distinct passable costs) and the message.
  /// O(cells x K).
  [[nodiscard]] static std::optional<ClearanceMap> create(const Grid& grid, const GridLayer& layer,
                                                          int max_unit_size = 3,
                                                          Error* error = nullptr) {
    if (!validate(layer, max_unit_size, error)) return std::nullopt;
    ClearanceMap m;
    m.build(grid, layer, max_unit_size);
    return m;
  }

  /// Computes the clearance values and the unit grids of sizes 1..`max_unit_size` of `grid` under
  /// `layer` from scratch. Unit grids are reused (same objects, their version bumped and their
  /// edit log cut, so structures built on them rebuild) when the size is unchanged. O(cells x K).
  /// @throws std::invalid_argument, changing nothing, for `max_unit_size` outside [1,
  ///         kMaxUnitSize] or a layer with more than 14 distinct passable costs among its 16
  ///         (tag, blocked) values (the codes left after "does not fit" and code 7, see the
  ///         class comment); std::bad_alloc.
  void build(const Grid& grid, const GridLayer& layer, int max_unit_size = 3) {
    Error e;
    if (!validate(layer, max_unit_size, &e)) {
      PATHING_THROW(std::invalid_argument(e.message));
      return;
    }
    set_layer(layer);
    const bool same_shape = stamp_.cols == grid.cols() && stamp_.rows == grid.rows() &&
                            static_cast<int>(units_.size()) == max_unit_size;
    stamp_.cols = grid.cols();
    stamp_.rows = grid.rows();
    max_size_ = max_unit_size;
    if (!same_shape) {
      units_.clear();
      units_.reserve(static_cast<std::size_t>(max_unit_size));
      for (int k = 0; k < max_unit_size; ++k)
        units_.emplace_back(std::max(stamp_.cols, 1), std::max(stamp_.rows, 1));
    }
    clearance_.assign(grid.cell_count(), 0);
    if (grid.empty()) {
      stamp_.cols = stamp_.rows = 0;
    } else {
      for (int y = 0; y < stamp_.rows; ++y) {
        for (int x = 0; x < stamp_.cols; ++x)
          units_[0].unlogged_write(x, y, code_[grid.cell_unchecked(x, y)]);
      }
      for (int k = 2; k <= max_size_; ++k) {
        Grid& u = units_[static_cast<std::size_t>(k - 1)];
        for (int y = 0; y < stamp_.rows; ++y) {
          for (int x = 0; x < stamp_.cols; ++x) u.unlogged_write(x, y, combine(k, x, y));
        }
      }
      for (int y = stamp_.rows - 1; y >= 0; --y) {
        for (int x = stamp_.cols - 1; x >= 0; --x) clearance_[index(x, y)] = clearance_at(x, y);
      }
    }
    for (Grid& u : units_) u.end_unlogged();
    stamp_.record(grid, layer);
  }

  /// True when the map was built (or synced) from this very grid object at its current
  /// `version()` and with `layer`. O(1).
  [[nodiscard]] bool is_current(const Grid& grid, const GridLayer& layer) const noexcept {
    return stamp_.is_current(grid, layer);
  }
  /// True when the map was built (or synced) from this very grid object at its current
  /// `version()`, whatever the layer (the check of a search given a jump-point map built on a
  /// unit grid, which carries the unit layer). O(1).
  [[nodiscard]] bool is_current(const Grid& grid) const noexcept { return stamp_.is_current(grid); }
  /// The former name of `is_current(grid)`, kept for one release.
  [[deprecated("use is_current(grid)")]] [[nodiscard]] bool is_current_grid(
      const Grid& grid) const noexcept {
    return is_current(grid);
  }

  /// Brings the map up to date with `grid` under `layer`: nothing when `is_current` (`current`);
  /// when it was built from this grid object with this layer and the grid's edit log holds every
  /// cell written since (at most `Grid::kEditLogCapacity` writes), updates the clearance values
  /// and the unit grids around those cells only (O(K^3) a cell: `updated`); otherwise rebuilds
  /// with the same `max_unit_size()` (`rebuilt`). Afterwards `is_current(grid, layer)` holds.
  /// Calling it on a map never built does nothing (`current` is not returned: `rebuilt` with 3
  /// sizes, as the constructor's default). No allocation once warm (same grid size).
  /// @throws std::invalid_argument as `build` (only when rebuilding with another layer).
  MapSync sync(const Grid& grid, const GridLayer& layer) {
    return detail::sync_stamped(
        grid, layer, stamp_,
        [&](std::span<const GridCoord> cells) {
          for (const GridCoord c : cells) update_around(grid, c.x, c.y);
          stamp_.record_version(grid);
        },
        [&] { build(grid, layer, max_size_ > 0 ? max_size_ : 3); });
  }

  /// Updates the clearance values and unit grids around the listed cells of `grid` (the grid
  /// this map was built from, after the caller changed those cells; duplicates are fine) and
  /// records the grid's current version: for a game that moves many units a tick, more writes
  /// than the grid's edit log holds, but knows which cells it wrote. O(K^3) a cell, no
  /// allocation. The caller promises that no other cell changed since the map was last current.
  /// @throws std::invalid_argument, changing nothing, when the map was not built from this grid
  ///         object (`instance_id()` or size differ) or a cell lies off the grid (named).
  ///         Without exceptions such a call changes nothing.
  void update_cells(const Grid& grid, std::span<const GridCoord> cells) {
    if (!detail::check_update_cells("pathing::ClearanceMap::update_cells", stamp_.same_grid(grid),
                                    grid, cells))
      return;
    for (const GridCoord c : cells) update_around(grid, c.x, c.y);
    stamp_.record_version(grid);
  }

  /// The largest unit size that fits with its anchor at `c` (see the class comment), capped at
  /// `max_unit_size()`; 0 when `c` is impassable or off the map. O(1).
  [[nodiscard]] int clearance(GridCoord c) const noexcept {
    return in_bounds(c) ? clearance_[index(c.x, c.y)] : 0;
  }

  /// Whether a unit of `unit_size` fits with its anchor at `c`: `clearance(c) >= unit_size`;
  /// false for a size outside [1, `max_unit_size()`]. O(1).
  [[nodiscard]] bool fits(GridCoord c, int unit_size) const noexcept {
    return unit_size >= 1 && unit_size <= max_size_ && clearance(c) >= unit_size;
  }

  /// The unit grid of `unit_size` (see the class comment): same size as the grid, read through
  /// `unit_layer()`; null for a size outside [1, `max_unit_size()`] (or a map never built). The
  /// pointer stays valid until the next `build` that changes the grid's size or the number of
  /// sizes (or a rebuild by `sync` doing so), and its object keeps its identity across `sync`.
  [[nodiscard]] const Grid* unit_grid(int unit_size) const noexcept {
    if (unit_size < 1 || unit_size > max_size_ || !stamp_.built) return nullptr;
    return &units_[static_cast<std::size_t>(unit_size - 1)];
  }

  /// The layer of the unit grids: codes 0..6 then 8..14 cost the distinct non-zero costs of the
  /// map's layer, smallest first; the other codes (among them 7 and `kNoFit`) are impassable.
  /// Uniform exactly when the map's layer is, with the same cost. O(1).
  [[nodiscard]] const GridLayer& unit_layer() const noexcept { return unit_layer_; }

  /// The layer the map was built with.
  [[nodiscard]] const GridLayer& layer() const noexcept { return stamp_.layer; }
  /// Largest unit size served (0 for a map never built).
  [[nodiscard]] int max_unit_size() const noexcept { return max_size_; }
  /// Columns (cells along x).
  [[nodiscard]] int cols() const noexcept { return stamp_.cols; }
  /// Rows (cells along y).
  [[nodiscard]] int rows() const noexcept { return stamp_.rows; }
  /// True when `c` lies on the map.
  [[nodiscard]] bool in_bounds(GridCoord c) const noexcept { return stamp_.in_bounds(c); }
  /// The `instance_id()` of the grid the map was built from (0: never built).
  [[nodiscard]] std::uint64_t grid_id() const noexcept { return stamp_.id(); }
  /// The `version()` of that grid when the map was last built or synced.
  [[nodiscard]] std::uint64_t grid_version() const noexcept { return stamp_.grid_version; }

  /// Whether `build(grid, layer, max_unit_size)` would accept these arguments: false, with
  /// `*error` (when not null) as `create` reports it, for a size outside [1, `kMaxUnitSize`] or a
  /// layer with more than `kMaxCosts` distinct passable costs. O(1), never throws.
  [[nodiscard]] static bool check_options(const GridLayer& layer, int max_unit_size,
                                          Error* error = nullptr) noexcept {
    return validate(layer, max_unit_size, error);
  }

  /// Bytes held: the clearance values and the unit grids.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    std::size_t b = clearance_.capacity() + units_.capacity() * sizeof(Grid);
    for (const Grid& u : units_) b += u.memory_bytes();
    return b;
  }

 private:
  [[nodiscard]] static bool validate(const GridLayer& layer, int max_unit_size,
                                     Error* error) noexcept {
    if (max_unit_size < 1 || max_unit_size > kMaxUnitSize) {
      detail::report(error, ErrorCode::invalid_size,
                     "pathing::ClearanceMap: max_unit_size = " + std::to_string(max_unit_size) +
                         " is outside [1, " + std::to_string(kMaxUnitSize) + "]");
      return false;
    }
    std::array<std::uint8_t, 16> c{};
    for (unsigned v = 0; v < 16; ++v) c[v] = layer.cost_of_cell(static_cast<std::uint8_t>(v));
    std::sort(c.begin(), c.end());
    const auto m =
        std::distance(std::upper_bound(c.begin(), c.end(), std::uint8_t{0}),
                      std::unique(std::upper_bound(c.begin(), c.end(), std::uint8_t{0}), c.end()));
    if (m > kMaxCosts) {
      detail::report(error, ErrorCode::invalid_cost,
                     "pathing::ClearanceMap: the layer has " + std::to_string(m) +
                         " distinct passable costs; at most " + std::to_string(kMaxCosts) +
                         " fit the unit grids' codes");
      return false;
    }
    return true;
  }

  // The codes of the 16 cell values and the unit layer (see the class comment).
  void set_layer(const GridLayer& layer) noexcept {
    stamp_.layer = layer;
    std::array<std::uint8_t, 16> distinct{};
    int m = 0;
    for (unsigned v = 0; v < 16; ++v) {
      const std::uint8_t c = layer.cost_of_cell(static_cast<std::uint8_t>(v));
      if (c != 0 && std::find(distinct.begin(), distinct.begin() + m, c) == distinct.begin() + m)
        distinct[static_cast<std::size_t>(m++)] = c;
    }
    std::sort(distinct.begin(), distinct.begin() + m);
    // Rank i (0-based) takes code i below 7, i + 1 from 7 on: code 7 stays unused.
    const auto code_of_rank = [](int i) { return static_cast<std::uint8_t>(i < 7 ? i : i + 1); };
    for (unsigned v = 0; v < 16; ++v) {
      const std::uint8_t c = layer.cost_of_cell(static_cast<std::uint8_t>(v));
      code_[v] =
          c == 0 ? kNoFit
                 : code_of_rank(static_cast<int>(
                       std::find(distinct.begin(), distinct.begin() + m, c) - distinct.begin()));
    }
    std::array<std::uint8_t, 8> low{};
    std::array<std::uint8_t, 8> high{};
    for (int i = 0; i < m && i < kMaxCosts; ++i) {
      const std::uint8_t code = code_of_rank(i);
      (code < 8 ? low[code] : high[code - 8u]) = distinct[static_cast<std::size_t>(i)];
    }
    unit_layer_ = GridLayer(low, high);
  }

  [[nodiscard]] std::size_t index(int x, int y) const noexcept {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(stamp_.cols) +
           static_cast<std::size_t>(x);
  }

  // The size-k code at (x, y), k >= 2: the largest of the size-(k-1) codes of the four anchors
  // (x, y), (x+1, y), (x, y+1), (x+1, y+1), whose squares cover the k x k square; off the grid:
  // kNoFit.
  [[nodiscard]] std::uint8_t combine(int k, int x, int y) const noexcept {
    if (x + k > stamp_.cols || y + k > stamp_.rows) return kNoFit;
    const Grid& p = units_[static_cast<std::size_t>(k - 2)];
    const std::uint8_t a = std::max(p.cell_unchecked(x, y), p.cell_unchecked(x + 1, y));
    const std::uint8_t b = std::max(p.cell_unchecked(x, y + 1), p.cell_unchecked(x + 1, y + 1));
    return std::max(a, b);
  }

  // Clearance at (x, y) from the size-1 codes and the values right of and below it (HAA*'s
  // recurrence), capped at max_size_.
  [[nodiscard]] std::uint8_t clearance_at(int x, int y) const noexcept {
    if (units_[0].cell_unchecked(x, y) == kNoFit) return 0;
    if (x + 1 >= stamp_.cols || y + 1 >= stamp_.rows) return 1;
    const std::uint8_t m = std::min({clearance_[index(x + 1, y)], clearance_[index(x, y + 1)],
                                     clearance_[index(x + 1, y + 1)]});
    return static_cast<std::uint8_t>(std::min(m + 1, max_size_));
  }

  // Updates everything an edit of cell (ex, ey) can change (see the class comment).
  void update_around(const Grid& grid, int ex, int ey) {
    for (int k = 1; k <= max_size_; ++k) {
      Grid& u = units_[static_cast<std::size_t>(k - 1)];
      for (int y = std::max(0, ey - k + 1); y <= ey; ++y) {
        for (int x = std::max(0, ex - k + 1); x <= ex; ++x) {
          const std::uint8_t v = k == 1 ? code_[grid.cell_unchecked(x, y)] : combine(k, x, y);
          if (v != u.cell_unchecked(x, y)) u.set_cell(GridCoord{x, y}, v);
        }
      }
    }
    // Bottom-right first: each value reads its right and lower neighbours, already updated.
    for (int y = ey; y >= std::max(0, ey - max_size_ + 1); --y) {
      for (int x = ex; x >= std::max(0, ex - max_size_ + 1); --x)
        clearance_[index(x, y)] = clearance_at(x, y);
    }
  }

  detail::GridStamp stamp_;  // the grid, version, size and layer it was built from
  int max_size_ = 0;
  std::vector<std::uint8_t> clearance_;  // per cell, row-major
  std::vector<Grid> units_;              // size k at index k - 1
  std::array<std::uint8_t, 16> code_{};
  GridLayer unit_layer_;
};

static_assert(GridDerived<ClearanceMap>);

}  // namespace pathing
