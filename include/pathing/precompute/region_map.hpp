// pathing: fast grid path-finding. MIT licensed.
//
// Connected regions of a grid under a layer: O(1) reachability, kept up to date under edits.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
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

/// The connected regions (connected components) of the passable cells of a `Grid` under a
/// `GridLayer`: each cell carries a region label (`std::uint32_t`; 0 = impassable under the
/// layer), two passable cells share a label exactly when a path joins them, so `reachable(a, b)`
/// is one comparison. The searches take a map through `SearchOptions::regions` and answer a goal
/// in another region with `SearchStatus::unreachable` at once instead of flooding the start's
/// region (docs/regions.md).
///
/// Connectivity: one labelling serves 4- and 8-connected moves. An 8-connected diagonal move
/// never cuts a corner (both orthogonal cells beside it must be passable), so its two ends are
/// joined by a 4-connected path too: the 8-connected regions are the 4-connected ones. A cell is
/// passable when its layer cost is not 0; costs do not matter.
///
/// Unit size: a map built on a grid labels one-cell units' regions. For units of k x k cells,
/// build it on a `ClearanceMap`'s unit grid of size k under its unit layer (the regions of the
/// cells where such a unit's top-left cell may stand) and pass it with `SearchOptions::unit_size`
/// k; its stamp is then the unit grid's, which changes only where the body's fit changes.
///
/// Labels: `build` numbers the regions 1, 2, ... in row-major order of their first cell (the one
/// with the smallest y, then x). After `sync` / `update_cells` labels stay unique but are no
/// longer in that order (a merged region keeps the label of the larger part, a split-off part
/// takes a free label): compare partitions, not label values, across edits.
///
/// Staying in sync (the pattern of `JpsMap`): the map records the grid's `instance_id()`,
/// `version()` and the layer. `is_current` compares them in O(1); `sync` brings the map up to
/// date: O(1) when current, by local relabelling from the grid's edit log after at most
/// `Grid::kEditLogCapacity` cell writes to the same grid object under the same layer, else a
/// full rebuild (O(cells)). `update_cells` does the local relabelling for cells the caller names.
///
/// Local relabelling, per changed cell whose passability changed (a change of tag or blocked
/// bit that keeps the passability costs nothing):
/// - a cell that became passable takes the label of the largest region among its 4 orthogonal
///   neighbours and the other neighbouring regions are relabelled to it (a merge): O(total size
///   of the smaller regions); with no passable neighbour it opens a region of its own (O(1));
/// - a cell that became impassable may split its region: one breadth-first search starts from
///   each of its (up to 4) orthogonal neighbours of that region, interleaved one cell at a time;
///   searches that meet join, and the work stops as soon as all have met (typically a loop around
///   the cell: cost proportional to that loop's area) or all but one group have run out of cells
///   (those groups are whole regions, the smaller parts: they take new labels). Cost O(k s) for
///   k <= 4 searches and s the size of the smaller parts, or of the area searched before they met.
/// Worst case: O(size of the region) per changed cell (e.g. a wall cell cut into a long corridor
/// whose two halves are both large, or a cell joining two large regions of equal size); k
/// changed cells cost at most k such floods, never more than k rebuilds. Relabelling never
/// allocates once the scratch is as large as the regions searched (`reserve` sizes it for the
/// worst case).
///
/// Source: connected-component labelling (breadth-first flood fill, as in Rosenfeld and Pfaltz,
/// "Sequential operations in digital picture processing", 1966, for the static labels); the
/// dynamic part (merge by relabelling the smaller region, split by interleaved searches that stop
/// when they meet) is this library's, after the usual "union by size" argument.
///
/// Memory: 8 bytes a cell (the labels and the search marks), plus 4 bytes for each possible
/// label (at most cells / 2 + 2), plus the breadth-first queues (at most 16 bytes a cell, as
/// large as the largest region searched).
///
/// Thread-safety: const members may run concurrently (any number of searchers can share one
/// map); `build`, `sync`, `update_cells` and `reserve` must not run concurrently with anything
/// else on the map. Errors: `update_cells` throws `std::invalid_argument` on misuse; everything
/// else throws only `std::bad_alloc` (when growing); queries never throw.
class RegionMap {
 public:
  /// The label of impassable cells (and of cells outside the map).
  static constexpr std::uint32_t kNoRegion = 0;

  /// An empty map (0 x 0 cells, never built: current for no grid). Allocates nothing.
  RegionMap() = default;
  /// The regions of `grid` under `layer` (`build`). O(cells). @throws std::bad_alloc only.
  RegionMap(const Grid& grid, const GridLayer& layer) { build(grid, layer); }

  /// Labels every cell of `grid` under `layer` from scratch: a breadth-first flood fill from each
  /// unlabelled passable cell in row-major order (no recursion). O(cells); allocates only when
  /// the grid is larger than any built before. @throws std::bad_alloc only.
  void build(const Grid& grid, const GridLayer& layer) {
    stamp_.cols = grid.cols();
    stamp_.rows = grid.rows();
    const std::size_t n = grid.cell_count();
    ensure_scratch(n);
    labels_.assign(n, kNoRegion);
    sizes_.clear();
    sizes_.push_back(0);  // label 0: impassable
    free_.clear();
    count_ = 0;
    mask_ = layer.passable_mask();
    // Passable cells first get kPending (one pass over the rows), then each flood turns the
    // pending cells it reaches into its label.
    for (int y = 0; y < stamp_.rows; ++y) {
      std::uint32_t* row = labels_.data() + index(0, y);
      for (int x = 0; x < stamp_.cols; ++x) row[x] = passable_in(grid, x, y) ? kPending : kNoRegion;
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (labels_[i] != kPending) continue;
      const auto label = static_cast<std::uint32_t>(sizes_.size());
      sizes_.push_back(0);
      ++count_;
      sizes_[label] = relabel_region(i, kPending, label);
    }
    stamp_.record(grid, layer);
  }

  /// True when the map was built (or updated) from this very grid object at its current
  /// `version()` and with `layer`. O(1).
  [[nodiscard]] bool is_current(const Grid& grid, const GridLayer& layer) const noexcept {
    return stamp_.is_current(grid, layer);
  }
  /// True when built (or synced) from this very grid object at its current `version()`, whatever
  /// the layer. O(1).
  [[nodiscard]] bool is_current(const Grid& grid) const noexcept { return stamp_.is_current(grid); }

  /// Brings the map up to date with `grid` under `layer`: nothing when `is_current` (O(1):
  /// `current`); when it was built from this grid object with this layer and the grid's edit log
  /// holds every cell written since (at most `Grid::kEditLogCapacity` writes), relabels locally
  /// around just those cells (see the class comment for the cost: `updated`); otherwise rebuilds
  /// (O(cells): `rebuilt`). Afterwards `is_current(grid, layer)` holds. No allocation once warm.
  /// @throws std::bad_alloc only.
  MapSync sync(const Grid& grid, const GridLayer& layer) {
    return detail::sync_stamped(
        grid, layer, stamp_, [&](std::span<const GridCoord> cells) { apply_cells(grid, cells); },
        [&] { build(grid, layer); });
  }

  /// Relabels locally around the listed cells of `grid` (the grid this map was built from, after
  /// the caller changed those cells under the map's layer) and records the grid's current
  /// version. The caller promises that no other cell changed since the map was last in sync.
  /// Cost as the class comment says (per cell whose passability changed); duplicates are fine.
  /// @throws std::invalid_argument, changing nothing, when the map was not built from this grid
  ///         object (`instance_id()` or size differ) or a cell lies outside the grid (named).
  ///         Without exceptions such a call changes nothing.
  void update_cells(const Grid& grid, std::span<const GridCoord> cells) {
    if (!detail::check_update_cells("pathing::RegionMap::update_cells", stamp_.same_grid(grid),
                                    grid, cells))
      return;
    apply_cells(grid, cells);
  }

  /// Sizes the scratch for grids up to `cols` x `rows` cells (never shrinks), so that no
  /// `build`, `sync` or `update_cells` on such a grid allocates: about 32 bytes a cell.
  /// @throws std::invalid_argument for a negative side or more than `Grid::kMaxCells` cells
  ///         (without exceptions: nothing changes); std::bad_alloc.
  void reserve(int cols, int rows) {
    if (cols < 0 || rows < 0 || std::int64_t{cols} * rows > Grid::kMaxCells) {
      PATHING_THROW(std::invalid_argument("pathing::RegionMap::reserve: " + std::to_string(cols) +
                                          " x " + std::to_string(rows) +
                                          " is not a valid grid size"));
      return;
    }
    const auto n = static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows);
    ensure_scratch(n);
    labels_.reserve(n);
    for (auto& q : queues_) q.reserve(n);
  }

  /// True when passable cells `a` and `b` lie in one region (a path joins them, 4- or
  /// 8-connected alike); false when either is off the map or impassable under the map's layer
  /// (`reachable(a, a)` is false for an impassable `a`). O(1). The caller checks `is_current`.
  [[nodiscard]] bool reachable(GridCoord a, GridCoord b) const noexcept {
    const std::uint32_t ra = region(a);
    return ra != kNoRegion && ra == region(b);
  }

  /// The region label of `c` (1..; see the class comment for the order), or `kNoRegion` (0) when
  /// `c` is impassable or off the map. O(1).
  [[nodiscard]] std::uint32_t region(GridCoord c) const noexcept {
    return in_bounds(c) ? labels_[index(c.x, c.y)] : kNoRegion;
  }

  /// Number of regions (connected components of passable cells). O(1).
  [[nodiscard]] std::uint32_t region_count() const noexcept { return count_; }

  /// Number of cells of region `label`; 0 for `kNoRegion` and for labels not in use. O(1).
  [[nodiscard]] std::uint32_t region_size(std::uint32_t label) const noexcept {
    return label < sizes_.size() && label != kNoRegion ? sizes_[label] : 0;
  }

  /// One more than the largest label in use or freed since the last `build` (labels range over
  /// [1, label_bound())). O(1).
  [[nodiscard]] std::uint32_t label_bound() const noexcept {
    return static_cast<std::uint32_t>(sizes_.size());
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

  /// Bytes held (labels, sizes, free labels, marks and queues, by capacity).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    std::size_t b =
        (labels_.capacity() + sizes_.capacity() + free_.capacity() + marks_.capacity()) *
        sizeof(std::uint32_t);
    for (const auto& q : queues_) b += q.capacity() * sizeof(std::uint32_t);
    return b;
  }

 private:
  static constexpr int kSearches = 4;
  static constexpr std::uint32_t kPending = ~std::uint32_t{0};  // build: passable, unlabelled

  [[nodiscard]] std::size_t index(int x, int y) const noexcept {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(stamp_.cols) +
           static_cast<std::size_t>(x);
  }
  [[nodiscard]] bool passable_in(const Grid& grid, int x, int y) const noexcept {
    return ((mask_ >> grid.cell_unchecked(x, y)) & 1u) != 0;
  }

  void ensure_scratch(std::size_t n) {
    // At most ceil(n / 2) regions (a checkerboard) and one new label at a time beyond them.
    const std::size_t labels = n / 2 + 2;
    if (sizes_.capacity() < labels) sizes_.reserve(labels);
    if (free_.capacity() < labels) free_.reserve(labels);
    if (marks_.size() < n) {
      marks_.assign(n, 0);
      mark_base_ = kSearches;
    }
  }

  // Calls f(neighbour index) for the 4 orthogonal neighbours of cell i = (x, y) on the map.
  template <class F>
  PATHING_ALWAYS_INLINE void for_neighbors(std::size_t i, F&& f) const {
    const int x = static_cast<int>(i % static_cast<std::size_t>(stamp_.cols));
    const int y = static_cast<int>(i / static_cast<std::size_t>(stamp_.cols));
    if (x + 1 < stamp_.cols) f(i + 1);
    if (y + 1 < stamp_.rows) f(i + static_cast<std::size_t>(stamp_.cols));
    if (x > 0) f(i - 1);
    if (y > 0) f(i - static_cast<std::size_t>(stamp_.cols));
  }

  // Relabels the region of cell `start` (label `from`) to `to`; returns its number of cells.
  std::uint32_t relabel_region(std::size_t start, std::uint32_t from, std::uint32_t to) {
    std::vector<std::uint32_t>& q = queues_[0];
    q.clear();
    labels_[start] = to;
    q.push_back(static_cast<std::uint32_t>(start));
    for (std::size_t head = 0; head < q.size(); ++head) {
      for_neighbors(q[head], [&](std::size_t j) {
        if (labels_[j] != from) return;
        labels_[j] = to;
        q.push_back(static_cast<std::uint32_t>(j));
      });
    }
    return static_cast<std::uint32_t>(q.size());
  }

  std::uint32_t new_label() {
    ++count_;
    if (!free_.empty()) {
      const std::uint32_t l = free_.back();
      free_.pop_back();
      return l;
    }
    sizes_.push_back(0);
    return static_cast<std::uint32_t>(sizes_.size() - 1);
  }
  void free_label(std::uint32_t l) {
    sizes_[l] = 0;
    --count_;
    free_.push_back(l);
  }

  void apply_cells(const Grid& grid, std::span<const GridCoord> cells) {
    for (const GridCoord c : cells) {
      const std::size_t i = index(c.x, c.y);
      const bool was = labels_[i] != kNoRegion;
      const bool now = passable_in(grid, c.x, c.y);
      if (was == now) continue;
      if (now) {
        opened(i);
      } else {
        closed(i);
      }
    }
    stamp_.record_version(grid);
  }

  // Cell i became passable: join (merge) the regions around it.
  void opened(std::size_t i) {
    std::array<std::uint32_t, 4> around{};
    std::array<std::size_t, 4> at{};
    int k = 0;
    for_neighbors(i, [&](std::size_t j) {
      const std::uint32_t l = labels_[j];
      if (l == kNoRegion) return;
      for (int m = 0; m < k; ++m) {
        if (around[static_cast<std::size_t>(m)] == l) return;
      }
      around[static_cast<std::size_t>(k)] = l;
      at[static_cast<std::size_t>(k)] = j;
      ++k;
    });
    if (k == 0) {
      const std::uint32_t l = new_label();
      labels_[i] = l;
      sizes_[l] = 1;
      return;
    }
    int big = 0;
    for (int m = 1; m < k; ++m) {
      if (sizes_[around[static_cast<std::size_t>(m)]] >
          sizes_[around[static_cast<std::size_t>(big)]])
        big = m;
    }
    const std::uint32_t keep = around[static_cast<std::size_t>(big)];
    labels_[i] = keep;
    sizes_[keep] += 1;
    for (int m = 0; m < k; ++m) {
      if (m == big) continue;
      const std::uint32_t l = around[static_cast<std::size_t>(m)];
      static_cast<void>(relabel_region(at[static_cast<std::size_t>(m)], l, keep));
      sizes_[keep] += sizes_[l];
      free_label(l);
    }
  }

  // Cell i became impassable: its region may split (interleaved searches from its neighbours).
  void closed(std::size_t i) {
    const std::uint32_t old = labels_[i];
    labels_[i] = kNoRegion;
    sizes_[old] -= 1;
    std::array<std::size_t, kSearches> start{};
    int k = 0;
    for_neighbors(i, [&](std::size_t j) {
      if (labels_[j] == old) start[static_cast<std::size_t>(k++)] = j;
    });
    if (k == 0) {
      free_label(old);
      return;
    }
    if (k == 1) return;
    // Fresh marks: cell j belongs to search s of this call when marks_[j] == mark_base_ + s.
    if (mark_base_ > std::numeric_limits<std::uint32_t>::max() - 2 * kSearches) {
      std::fill(marks_.begin(), marks_.end(), 0u);
      mark_base_ = kSearches;
    }
    mark_base_ += kSearches;
    const std::uint32_t base = mark_base_;
    std::array<int, kSearches> group{};  // union-find parent among the searches
    std::array<std::size_t, kSearches> head{};
    std::array<bool, kSearches> done_group{};  // a finished group (its root's entry)
    for (int s = 0; s < k; ++s) {
      const auto su = static_cast<std::size_t>(s);
      group[su] = s;
      queues_[su].clear();
      queues_[su].push_back(static_cast<std::uint32_t>(start[su]));
      marks_[start[su]] = base + static_cast<std::uint32_t>(s);
    }
    const auto root = [&](int s) {
      while (group[static_cast<std::size_t>(s)] != s) s = group[static_cast<std::size_t>(s)];
      return s;
    };
    int alive = k;  // groups not finished
    while (alive > 1) {
      for (int s = 0; s < k && alive > 1; ++s) {
        const auto su = static_cast<std::size_t>(s);
        std::vector<std::uint32_t>& q = queues_[su];
        if (head[su] >= q.size() || done_group[static_cast<std::size_t>(root(s))]) continue;
        const std::size_t cell = q[head[su]++];
        for_neighbors(cell, [&](std::size_t j) {
          if (labels_[j] != old) return;
          const std::uint32_t m = marks_[j];
          if (m < base || m >= base + kSearches) {
            marks_[j] = base + static_cast<std::uint32_t>(s);
            q.push_back(static_cast<std::uint32_t>(j));
            return;
          }
          const int a = root(s);
          const int b = root(static_cast<int>(m - base));
          if (a != b) {
            group[static_cast<std::size_t>(b)] = a;
            --alive;
          }
        });
        if (alive <= 1) break;
        // Has s's group run out of cells? Then it is a whole region: give it a new label.
        if (head[su] < q.size()) continue;
        const int r = root(s);
        bool exhausted = true;
        for (int t = 0; t < k; ++t) {
          const auto tu = static_cast<std::size_t>(t);
          if (root(t) == r && head[tu] < queues_[tu].size()) exhausted = false;
        }
        if (!exhausted) continue;
        const std::uint32_t l = new_label();
        std::uint32_t n = 0;
        for (int t = 0; t < k; ++t) {
          const auto tu = static_cast<std::size_t>(t);
          if (root(t) != r) continue;
          for (const std::uint32_t c : queues_[tu]) labels_[c] = l;
          n += static_cast<std::uint32_t>(queues_[tu].size());
        }
        sizes_[l] = n;
        sizes_[old] -= n;
        done_group[static_cast<std::size_t>(r)] = true;
        --alive;
      }
    }
  }

  detail::GridStamp stamp_;            // the grid, version, size and layer it was built from
  std::vector<std::uint32_t> labels_;  // per cell, row-major
  std::vector<std::uint32_t> sizes_;   // per label: cells (0: free or kNoRegion)
  std::vector<std::uint32_t> free_;    // labels freed by merges, reused first
  std::uint32_t count_ = 0;
  std::uint16_t mask_ = 0;            // the layer's passable_mask()
  std::vector<std::uint32_t> marks_;  // split searches: mark_base_ + search
  std::uint32_t mark_base_ = kSearches;
  std::array<std::vector<std::uint32_t>, kSearches> queues_;
};

static_assert(GridDerived<RegionMap>);

}  // namespace pathing
