// pathing: fast grid path-finding. MIT licensed.
//
// Incremental fields: a distance field and its flow field brought up to date after grid edits and
// source changes in time proportional to what changes, and the tower-defence question "would
// blocking these cells cut a spawn off?" (docs/incremental.md).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/moves/padded_costs.hpp"
#include "pathing/detail/nodes/generation_map.hpp"
#include "pathing/detail/queue/radix_heap.hpp"
#include "pathing/field/dijkstra.hpp"
#include "pathing/field/flow_field.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/map_sync.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/search/result.hpp"

namespace pathing {

/// What one `FieldRepair::repair` did. `status`: `found` when the field (and the flow, when
/// given) now equals what `Dijkstra::compute` and `FlowField::build` give on the grid as it is,
/// with the sources asked for; otherwise nothing was changed: `unsupported` (the field was not
/// made by `Dijkstra::compute` from a list of sources: `DistanceField::has_source_list`),
/// `invalid_endpoint` / `invalid_argument` (a bad source, `bad_source` its index, as
/// `Dijkstra::compute` reports it).
struct FieldRepairStats {
  SearchStatus status = SearchStatus::found;  ///< See above.
  /// `current`: nothing had changed (O(1) plus comparing the source lists); `updated`: repaired
  /// from the grid's edit log; `rebuilt`: recomputed from scratch (another grid, size or layer,
  /// or more edits than the grid's log holds, `Grid::kEditLogCapacity`).
  MapSync sync = MapSync::current;
  std::size_t bad_source = 0;        ///< Index of the first bad source (when status says so).
  std::uint64_t edits = 0;           ///< Cell writes read from the grid's edit log.
  std::uint64_t source_changes = 0;  ///< Cells whose source cost differs between the old and new
                                     ///< source lists.
  std::uint64_t invalidated = 0;     ///< Cells whose old value lost its support (raised or cut).
  std::uint64_t changed = 0;         ///< Cells whose value changed (`FieldRepair::changed_cells`).
  std::uint64_t settled = 0;         ///< Cells settled while propagating the new values.
  bool flow_rebuilt = false;  ///< The flow given was rebuilt whole (it did not match the field
                              ///< before the repair, or the field was rebuilt), not updated cell
                              ///< by cell.
  bool gave_up = false;       ///< The repair outgrew `FieldRepair::rebuild_fraction` of the grid's
                              ///< cells, was undone and the field rebuilt (`sync` is `rebuilt`).

  /// True when the field is up to date (`status == found`).
  [[nodiscard]] constexpr bool ok() const noexcept { return status == SearchStatus::found; }
};

/// The answer of `FieldRepair::would_block`. `status`: `found` when answered; otherwise nothing
/// was answered: `stale` (the field is not current for the grid and layer), `unsupported` (the
/// field has no source list), `invalid_endpoint` (a cell or spawn off the grid; `bad_index` its
/// index in `cells`, then in `spawns`).
struct BlockCheck {
  SearchStatus status = SearchStatus::found;  ///< See above.
  bool blocks = false;                        ///< True when at least one spawn would be cut off.
  std::size_t cut = 0;            ///< Number of distinct spawn cells that would be cut off.
  std::size_t first_cut = 0;      ///< Index in `spawns` of the first spawn cut off (when `blocks`).
  std::size_t bad_index = 0;      ///< Index of the offending cell or spawn (`invalid_endpoint`).
  std::uint64_t invalidated = 0;  ///< Cells whose value lost its support under the blocking.
  std::uint64_t settled = 0;      ///< Cells settled looking for another way to the spawns.

  /// True when the question was answered (`status == found`).
  [[nodiscard]] constexpr bool ok() const noexcept { return status == SearchStatus::found; }
};

/// Keeps `DistanceField`s (and their `FlowField`s) current as the grid changes, without
/// recomputing them: dynamic single-source shortest paths after Ramalingam & Reps ("An
/// incremental algorithm for a generalization of the shortest-path problem", J. Algorithms 21,
/// 1996), the idea behind LPA* and D* Lite (Koenig & Likhachev 2002), for many sources on a grid.
///
/// A repair reads the cells written since the field was computed from the grid's edit log
/// (`Grid::edits_since`, the last `Grid::kEditLogCapacity` writes) and the new source list, and
/// then, with every move cost strictly positive:
/// 1. Invalidation: the cells whose equation changed (those around an edited cell: a cell's
///    layer cost is the cost of entering it, and it decides the diagonals it is the corner of;
///    and the cells whose source cost changed) are checked in increasing order of their old
///    value; a cell whose value is no longer given by its source cost or by a neighbour still
///    valid (fixed-point costs are exact, so "given by" is an equality) loses it, and its
///    neighbours of higher value are checked in turn.
/// 2. Propagation: each checked or invalidated cell takes the best of its source cost and its
///    neighbours' values, and Dijkstra's algorithm spreads the values that fell from there.
/// The result equals `Dijkstra::compute` on the edited grid exactly (same fixed-point costs,
/// same unreached cells, same cost limit), tested cell by cell against a rebuild after every
/// batch of long random edit sequences.
///
/// Complexity: O((a + e) log C) for `a` cells whose value changes or is checked (the cells
/// around the edits and the invalidated ones, each looking at its 8 neighbours), `e` the edits
/// and C the cost range (a radix heap); independent of the grid's size. A flow field given to
/// `repair` is updated on the changed cells and their neighbours only. Worst case: a wall that
/// cuts the map in two invalidates every cell behind it; a repair costs several times what a
/// rebuild does per cell, so once it has invalidated and settled more than
/// `rebuild_fraction()` of the grid's cells (default 1/8) it undoes its work and rebuilds:
/// at worst that work, its undoing and one rebuild: O(cells) (timings: docs/incremental.md).
///
/// Memory: 5 bytes a grid cell (stamps), plus 12 bytes per cell changed in one repair; a
/// `Dijkstra` for rebuilds. Allocation: none once warm (every buffer keeps its capacity).
/// Errors: statuses, never thrown (but `std::bad_alloc` growing); a failed call changes nothing.
/// Thread-safety: one FieldRepair per thread; it writes only the field and flow it is given.
/// Tie-breaking: none is needed: values are unique, and a flow's directions follow
/// `FlowField`'s rule (the first qualifying neighbour in `Direction8` order).
class FieldRepair {
 public:
  FieldRepair() = default;

  /// Sizes the stamps for grids of up to `cols` x `rows` cells (a repair on a larger grid grows
  /// them). O(cols * rows).
  void reserve(int cols, int rows) {
    ensure(static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows));
  }

  /// Brings `field` up to date with `grid` (the edits made since it was computed or last
  /// repaired) keeping its sources, connectivity, direction and cost limit, and `flow` (when not
  /// null) with it. The same as `repair(grid, layer, field.sources(), field, flow)`.
  FieldRepairStats repair(const Grid& grid, const GridLayer& layer, DistanceField& field,
                          FlowField* flow = nullptr) {
    return repair(grid, layer, field.sources(), field, flow);
  }

  /// Brings `field` up to date with `grid` under `layer` and with the sources `sources` (which
  /// replace the field's own: sources added, removed, moved or given other initial costs), and
  /// `flow` with it when not null.
  /// @param grid the map as it is now; only read.
  /// @param layer move costs; another layer than the field's means a rebuild.
  /// @param sources the sources from now on (checked as `Dijkstra::compute` checks them); may
  ///        be `field.sources()` itself.
  /// @param field a field made by `Dijkstra::compute` from a source list (else `unsupported`).
  ///        Afterwards it is current (`is_current(grid, layer)`) and equal, cell for cell, to
  ///        `Dijkstra::compute(grid, layer, sources, ...)` with its options.
  /// @param flow a flow field, or null. It is updated cell by cell when it was built from the
  ///        field as it was before the repair (the same computation, `computation_id`), and
  ///        rebuilt whole otherwise (`flow_rebuilt`); either way it then equals
  ///        `FlowField::build(grid, layer, field)`.
  /// @return see `FieldRepairStats`. The cells whose value changed: `changed_cells()`.
  FieldRepairStats repair(const Grid& grid, const GridLayer& layer,
                          std::span<const FieldSource> sources, DistanceField& field,
                          FlowField* flow = nullptr);

  /// Whether putting the blocked flag on every cell of `cells` (`Grid::set_blocked`, read through
  /// `layer`: a cell whose blocked cost is not 0 stays passable at that cost) would cut any
  /// spawn of `spawns` off from the sources of `field`: a spawn is cut off when it is reached
  /// now and would not be (within the field's cost limit). Nothing is committed: `field` is
  /// written during the check and restored, bit for bit, before it returns. If the caller then
  /// commits the edit (`set_blocked` on the grid), `repair` gives the field after it.
  /// Cost: the invalidation phase of a repair; only when a spawn loses its value, the
  /// propagation, and only until every such spawn has a value again. Spawns unreached now are
  /// ignored; a spawn on a cell being blocked keeps its value toward the sources (a unit may
  /// leave the cell it stands on) but not away from them.
  /// @param grid the map as it is now (before the edit); only read.
  /// @param layer move costs, the field's layer (else `stale`).
  /// @param field current for `grid` and `layer` (else `stale`), with a source list.
  /// @param cells the cells to block (on the grid; duplicates allowed).
  /// @param spawns the cells that must keep a way to the sources (on the grid).
  /// @return see `BlockCheck`: `blocks` and the first spawn cut off, or the status that refused
  ///   the check (`field` then unchanged).
  BlockCheck would_block(const Grid& grid, const GridLayer& layer, DistanceField& field,
                         std::span<const GridCoord> cells, std::span<const GridCoord> spawns);

  /// The cells whose value the last successful `repair` changed (any order; empty after a
  /// rebuild or when nothing changed). Valid until the next call.
  [[nodiscard]] std::span<const GridCoord> changed_cells() const noexcept { return changed_; }

  /// When a repair gives up: once the cells it has invalidated plus the cells it has settled
  /// pass `fraction` x the grid's cells, it undoes what it did and rebuilds the field instead
  /// (`FieldRepairStats::gave_up`): a repair touches a cell several times where a rebuild
  /// touches it once, so past some share of the map a rebuild is cheaper (docs/incremental.md has
  /// the measurements behind the default, 1/8). 0: always rebuild; >= 1 or +inf: never give up.
  /// NaN or negative: ignored. O(1).
  void set_rebuild_fraction(double fraction) noexcept {
    if (fraction >= 0) rebuild_fraction_ = fraction;
  }
  /// The fraction set above (default 0.125).
  [[nodiscard]] double rebuild_fraction() const noexcept { return rebuild_fraction_; }

  /// The `Dijkstra` used for rebuilds (to set its canonical-ordering policy).
  [[nodiscard]] Dijkstra& dijkstra() noexcept { return dijkstra_; }

  /// Bytes of working memory held (the rebuild `Dijkstra` included).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return stamp_.capacity() * sizeof(std::uint32_t) + flags_.capacity() +
           heap_.capacity() * sizeof(detail::RadixHeap<std::uint32_t>::Item) +
           (check_.capacity() + invalid_.capacity()) * sizeof(std::uint32_t) +
           undo_.capacity() * sizeof(Logged) + changed_.capacity() * sizeof(GridCoord) +
           (new_sources_.capacity() + old_sources_.capacity()) * sizeof(SourceCost) +
           dijkstra_.memory_bytes();
  }

 private:
  // Per-cell flags, valid while the cell's stamp equals the current generation.
  static constexpr std::uint8_t kLogged = 1;     // old value in undo_
  static constexpr std::uint8_t kChecked = 2;    // in check_ (equation changed)
  static constexpr std::uint8_t kQueued = 4;     // queued for the invalidation check
  static constexpr std::uint8_t kSpawn = 16;     // would_block: a spawn
  static constexpr std::uint8_t kSpawnCut = 32;  // would_block: a spawn without a value (yet)
  static constexpr std::uint8_t kFlow = 64;      // flow direction recomputed

  static constexpr std::uint64_t kUnreached = DistanceField::kUnreached;

  struct Logged {
    std::uint32_t index;
    std::uint64_t old;
  };
  struct SourceCost {
    std::uint32_t index;
    std::uint64_t fixed;
    friend bool operator==(const SourceCost&, const SourceCost&) = default;
  };

  void ensure(std::size_t n) {
    if (stamp_.size() < n) {
      stamp_.resize(n, 0);
      flags_.resize(n, 0);
    }
  }
  void next_generation() {
    if (gen_.advance()) std::fill(stamp_.begin(), stamp_.end(), 0u);
  }
  [[nodiscard]] std::uint8_t flags(std::size_t i) const noexcept {
    return stamp_[i] == gen_.value() ? flags_[i] : std::uint8_t{0};
  }
  void set_flag(std::size_t i, std::uint8_t f) noexcept {
    if (stamp_[i] != gen_.value()) {
      stamp_[i] = gen_.value();
      flags_[i] = 0;
    }
    flags_[i] = static_cast<std::uint8_t>(flags_[i] | f);
  }
  void clear_flag(std::size_t i, std::uint8_t f) noexcept {
    if (stamp_[i] == gen_.value()) flags_[i] = static_cast<std::uint8_t>(flags_[i] & ~f);
  }

  // The sources as (cell index, fixed-point cost) sorted by index, one per cell (the lowest),
  // without those above the cost limit (they start nothing).
  static void normalise(std::span<const FieldSource> sources, int cols, std::uint64_t max_cost,
                        std::vector<SourceCost>& out) {
    out.clear();
    for (const FieldSource& s : sources) {
      const std::uint64_t fixed = DistanceField::initial_cost_fixed(s.initial_cost);
      if (fixed > max_cost) continue;
      out.push_back({static_cast<std::uint32_t>(s.cell.y) * static_cast<std::uint32_t>(cols) +
                         static_cast<std::uint32_t>(s.cell.x),
                     fixed});
    }
    std::sort(out.begin(), out.end(), [](const SourceCost& a, const SourceCost& b) {
      return a.index != b.index ? a.index < b.index : a.fixed < b.fixed;
    });
    out.erase(
        std::unique(out.begin(), out.end(),
                    [](const SourceCost& a, const SourceCost& b) { return a.index == b.index; }),
        out.end());
  }
  [[nodiscard]] std::uint64_t source_cost(std::uint32_t i) const noexcept {
    const auto it =
        std::lower_bound(new_sources_.begin(), new_sources_.end(), i,
                         [](const SourceCost& s, std::uint32_t key) { return s.index < key; });
    return it != new_sources_.end() && it->index == i ? it->fixed : kUnreached;
  }

  // One repair's view of the map: the layer cost of a cell (0 off the grid) read from the
  // unpacked costs (`pad_`, a frame of impassable cells around the grid), for x in [-1, cols]
  // and y in [-1, rows].
  struct Costs {
    const std::uint8_t* origin;  // cell (0, 0)
    std::ptrdiff_t stride;
    int cols;
    int rows;
    [[nodiscard]] PATHING_ALWAYS_INLINE std::uint8_t operator()(int x, int y) const noexcept {
      return origin[static_cast<std::ptrdiff_t>(y) * stride + x];
    }
  };
  [[nodiscard]] Costs costs_view(const Grid& grid) const noexcept {
    return {pad_.data() + pad_.index(0, 0), static_cast<std::ptrdiff_t>(pad_.stride()), grid.cols(),
            grid.rows()};
  }

  // Brings the unpacked costs up to date with `grid` under `layer`: the cells written since the
  // last call (the grid's edit log), or the whole grid (a first call, another grid or layer, or
  // an overflowed log).
  void sync_costs(const Grid& grid, const GridLayer& layer) {
    if (pad_id_ == grid.instance_id() && pad_layer_ == layer && pad_cells_ == grid.cell_count()) {
      if (pad_version_ == grid.version()) return;
      std::array<GridCoord, Grid::kEditLogCapacity> edits;
      const std::size_t n = grid.edits_since(pad_version_, edits);
      if (n != Grid::kEditsUnknown) {
        for (std::size_t k = 0; k < n; ++k)
          pad_.set(edits[k].x, edits[k].y, layer.cost_at(grid, edits[k]));
        pad_version_ = grid.version();
        return;
      }
    }
    pad_.build(grid, layer, 0, 0, grid.cols() - 1, grid.rows() - 1);
    pad_id_ = grid.instance_id();
    pad_version_ = grid.version();
    pad_layer_ = layer;
    pad_cells_ = grid.cell_count();
  }

  // The moves between cell (x, y) and its neighbours under the move model of
  // `detail::for_each_neighbor`, in `Direction8` order: Out, the moves from (x, y) into a
  // neighbour (which must be passable); otherwise the moves from a neighbour (passable or not)
  // into (x, y) (which must be passable). Calls f(nx, ny, dir, step_fixed); diagonals need both
  // orthogonal cells passed to be passable.
  template <bool Out, Connectivity C, class CostFn, class F>
  PATHING_ALWAYS_INLINE static void for_each_link(const CostFn& cost, int x, int y, F&& f) {
    const std::uint8_t cr = cost(x + 1, y);
    const std::uint8_t cd = cost(x, y + 1);
    const std::uint8_t cl = cost(x - 1, y);
    const std::uint8_t cu = cost(x, y - 1);
    if constexpr (Out) {
      if (cr) f(x + 1, y, Direction8::right, cr * cost::kStraight);
      if (cd) f(x, y + 1, Direction8::down, cd * cost::kStraight);
      if (cl) f(x - 1, y, Direction8::left, cl * cost::kStraight);
      if (cu) f(x, y - 1, Direction8::up, cu * cost::kStraight);
      if constexpr (C == Connectivity::eight) {
        if (cr && cd) {
          if (const std::uint8_t c = cost(x + 1, y + 1))
            f(x + 1, y + 1, Direction8::down_right, c * cost::kDiagonal);
        }
        if (cl && cd) {
          if (const std::uint8_t c = cost(x - 1, y + 1))
            f(x - 1, y + 1, Direction8::down_left, c * cost::kDiagonal);
        }
        if (cl && cu) {
          if (const std::uint8_t c = cost(x - 1, y - 1))
            f(x - 1, y - 1, Direction8::up_left, c * cost::kDiagonal);
        }
        if (cr && cu) {
          if (const std::uint8_t c = cost(x + 1, y - 1))
            f(x + 1, y - 1, Direction8::up_right, c * cost::kDiagonal);
        }
      }
    } else {
      const std::uint8_t here = cost(x, y);
      if (here == 0) return;
      const std::uint64_t straight = here * cost::kStraight;
      const bool r = x + 1 < cost.cols, d = y + 1 < cost.rows, l = x > 0, u = y > 0;
      if (r) f(x + 1, y, Direction8::right, straight);
      if (d) f(x, y + 1, Direction8::down, straight);
      if (l) f(x - 1, y, Direction8::left, straight);
      if (u) f(x, y - 1, Direction8::up, straight);
      if constexpr (C == Connectivity::eight) {
        const std::uint64_t diagonal = here * cost::kDiagonal;
        if (cr && cd) f(x + 1, y + 1, Direction8::down_right, diagonal);
        if (cl && cd) f(x - 1, y + 1, Direction8::down_left, diagonal);
        if (cl && cu) f(x - 1, y - 1, Direction8::up_left, diagonal);
        if (cr && cu) f(x + 1, y - 1, Direction8::up_right, diagonal);
      }
    }
  }

  // Records the old value of cell i once per repair (the undo log of would_block, and the list
  // of changed cells).
  void log(std::size_t i, std::uint64_t old) {
    if ((flags(i) & kLogged) != 0) return;
    undo_.push_back({static_cast<std::uint32_t>(i), old});
    set_flag(i, kLogged);
  }

  // Marks cell i as one whose equation changed, and queues it for the invalidation check.
  void check(std::size_t i, const std::uint64_t* g) {
    const std::uint8_t f = flags(i);
    if ((f & kChecked) != 0) return;
    check_.push_back(static_cast<std::uint32_t>(i));
    set_flag(i, kChecked);
    if ((f & kQueued) == 0 && g[i] != kUnreached) {
      set_flag(i, kQueued);
      heap_.push(g[i], static_cast<std::uint32_t>(i));
    }
  }

  // The two phases (see the class comment) for connectivity C and direction D on `cost`'s view
  // of the map, after check_ and the queue were filled. `spawns_left` (would_block): the number
  // of spawns that lost their value; propagation stops once every one has a value again.
  template <Connectivity C, FieldDirection D, class CostFn>
  void run(const CostFn& cost, DistanceField& field, std::uint64_t& invalidated,
           std::uint64_t& settled, std::size_t* spawns_left);

  template <class CostFn>
  void run(const CostFn& cost, DistanceField& field, std::uint64_t& invalidated,
           std::uint64_t& settled, std::size_t* spawns_left) {
    const bool four = field.connectivity() == Connectivity::four;
    if (field.direction() == FieldDirection::to_sources) {
      four ? run<Connectivity::four, FieldDirection::to_sources>(cost, field, invalidated, settled,
                                                                 spawns_left)
           : run<Connectivity::eight, FieldDirection::to_sources>(cost, field, invalidated, settled,
                                                                  spawns_left);
    } else {
      four ? run<Connectivity::four, FieldDirection::from_sources>(cost, field, invalidated,
                                                                   settled, spawns_left)
           : run<Connectivity::eight, FieldDirection::from_sources>(cost, field, invalidated,
                                                                    settled, spawns_left);
    }
  }

  // Recomputes the flow direction of cell (x, y) from the field (FlowField's rule).
  template <Connectivity C, FieldDirection D, class CostFn>
  static void flow_cell(const CostFn& cost, const DistanceField& field, FlowField& flow, int x,
                        int y) {
    const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(cost.cols) +
                          static_cast<std::size_t>(x);
    const std::uint64_t* const g = field.costs_.data();
    const std::uint64_t here = g[i];
    std::uint8_t best = FlowField::kNone;
    if (here != kUnreached) {
      for_each_link<D == FieldDirection::to_sources, C>(
          cost, x, y, [&](int nx, int ny, Direction8 d, std::uint64_t step) {
            const std::uint64_t there =
                g[static_cast<std::size_t>(ny) * static_cast<std::size_t>(cost.cols) +
                  static_cast<std::size_t>(nx)];
            if (best == FlowField::kNone && there != kUnreached && there + step == here)
              best = static_cast<std::uint8_t>(d);
          });
    }
    flow.dirs_[i] = best;
  }
  template <class CostFn>
  void update_flow(const CostFn& cost, const DistanceField& field, FlowField& flow);

  // Calls f.template operator()<C, D>() for the field's connectivity and direction.
  template <class F>
  static void dispatch(const DistanceField& field, F&& f) {
    const bool four = field.connectivity() == Connectivity::four;
    if (field.direction() == FieldDirection::to_sources) {
      four ? f.template operator()<Connectivity::four, FieldDirection::to_sources>()
           : f.template operator()<Connectivity::eight, FieldDirection::to_sources>();
    } else {
      four ? f.template operator()<Connectivity::four, FieldDirection::from_sources>()
           : f.template operator()<Connectivity::eight, FieldDirection::from_sources>();
    }
  }

  // Puts back every value logged this generation (a would_block check, or a repair cut short by
  // an exception) and the field's band of reached rows.
  struct Restore {
    FieldRepair* self;
    DistanceField* field;
    int x0, y0, x1, y1;
    Restore(FieldRepair* s, DistanceField* f) noexcept
        : self(s), field(f), x0(f->x0_), y0(f->y0_), x1(f->x1_), y1(f->y1_) {}
    Restore(const Restore&) = delete;
    Restore& operator=(const Restore&) = delete;
    ~Restore() {
      if (self == nullptr) return;
      std::uint64_t* const g = field->costs_.data();
      for (const Logged& l : self->undo_) g[l.index] = l.old;
      field->x0_ = x0;
      field->y0_ = y0;
      field->x1_ = x1;
      field->y1_ = y1;
    }
  };

  // Starts a repair or check on a grid of n cells.
  void start(std::size_t n) {
    ensure(n);
    next_generation();
    heap_.clear();
    check_.clear();
    invalid_.clear();
    undo_.clear();
    changed_.clear();
  }

  // Calls f(nx, ny) for (x, y) and each of its 8 neighbours that lies on a cols x rows grid, row
  // by row from the top left. O(1).
  template <class F>
  static void for_each_around(int x, int y, int cols, int rows, F&& f) {
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const int nx = x + dx, ny = y + dy;
        if (static_cast<unsigned>(nx) < static_cast<unsigned>(cols) &&
            static_cast<unsigned>(ny) < static_cast<unsigned>(rows)) {
          f(nx, ny);
        }
      }
    }
  }

  // Marks the cells around (x, y) (and itself): the cells whose moves an edit there changes.
  void check_around(int x, int y, int cols, int rows, const std::uint64_t* g) {
    for_each_around(x, y, cols, rows, [&](int nx, int ny) {
      check(static_cast<std::size_t>(ny) * static_cast<std::size_t>(cols) +
                static_cast<std::size_t>(nx),
            g);
    });
  }

  detail::GenerationCounter gen_;
  std::vector<std::uint32_t> stamp_;  // generation in which flags_ was last written
  std::vector<std::uint8_t> flags_;
  detail::RadixHeap<std::uint32_t> heap_;
  std::vector<std::uint32_t> check_;    // cells whose equation changed
  std::vector<std::uint32_t> invalid_;  // cells that lost their value
  std::vector<Logged> undo_;            // old values of the cells written
  std::vector<GridCoord> changed_;
  std::vector<SourceCost> new_sources_;
  std::vector<SourceCost> old_sources_;
  Dijkstra dijkstra_;
  // The grid's costs unpacked (sync_costs) and what they were unpacked from.
  detail::PaddedCosts pad_;
  std::uint64_t pad_id_ = 0;
  std::uint64_t pad_version_ = 0;
  GridLayer pad_layer_;
  std::size_t pad_cells_ = 0;
  std::vector<std::uint8_t> overlay_;  // would_block: the costs the blocked cells had
  double rebuild_fraction_ = 0.125;
  // The run's budget of invalidated + settled cells, and whether it ran out (see
  // set_rebuild_fraction).
  std::uint64_t work_limit_ = ~std::uint64_t{0};
  bool gave_up_ = false;
};

// ---------------------------------------------------------------------------------------------
// Implementation

template <Connectivity C, FieldDirection D, class CostFn>
void FieldRepair::run(const CostFn& cost, DistanceField& field, std::uint64_t& invalidated,
                      std::uint64_t& settled, std::size_t* spawns_left) {
  constexpr bool kToSources = D == FieldDirection::to_sources;
  std::uint64_t* const g = field.costs_.data();
  const int cols = cost.cols;
  const int rows = cost.rows;
  const std::uint64_t max_cost = field.max_cost_;
  const auto index = [cols](int x, int y) {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(cols) +
           static_cast<std::size_t>(x);
  };
  // Phase 1, invalidation: in increasing order of old value, so that every neighbour that could
  // give a cell its value (a lower one) has been decided before the cell is.
  while (!heap_.empty()) {
    const auto item = heap_.pop();
    const std::size_t i = item.value;
    const std::uint64_t k = item.key;  // == g[i]: a queued cell's value changes only below
    const int x = static_cast<int>(i % static_cast<std::size_t>(cols));
    const int y = static_cast<int>(i / static_cast<std::size_t>(cols));
    bool supported = source_cost(static_cast<std::uint32_t>(i)) == k;
    if (!supported) {
      for_each_link<kToSources, C>(cost, x, y, [&](int nx, int ny, Direction8, std::uint64_t step) {
        const std::uint64_t there = g[index(nx, ny)];
        supported |= there != kUnreached && there + step == k;
      });
    }
    if (supported) continue;
    log(i, k);
    g[i] = kUnreached;
    invalid_.push_back(static_cast<std::uint32_t>(i));
    if (++invalidated > work_limit_) {
      gave_up_ = true;
      return;
    }
    if (spawns_left != nullptr && (flags(i) & kSpawn) != 0) {
      set_flag(i, kSpawnCut);
      ++*spawns_left;
    }
    // Any neighbour of higher value may have taken its value from this cell.
    for_each_around(x, y, cols, rows, [&](int nx, int ny) {
      const std::size_t j = index(nx, ny);
      const std::uint64_t gj = g[j];
      if (gj == kUnreached || gj <= k || (flags(j) & kQueued) != 0) return;
      set_flag(j, kQueued);
      heap_.push(gj, static_cast<std::uint32_t>(j));
    });
  }
  if (spawns_left != nullptr && *spawns_left == 0) return;  // every spawn kept its value

  // Phase 2, propagation: the checked and invalidated cells take the best their source and
  // their neighbours give, and Dijkstra's algorithm spreads every value that fell.
  heap_.clear();
  bool done = false;
  int y0 = field.y0_, y1 = field.y1_;
  const auto lower = [&](std::size_t j, int jy, std::uint64_t value) {
    const std::uint64_t old = g[j];
    log(j, old);
    g[j] = value;
    heap_.push(value, static_cast<std::uint32_t>(j));
    if (old != kUnreached) return;
    y0 = jy < y0 ? jy : y0;
    y1 = jy > y1 ? jy : y1;
    if (spawns_left != nullptr && (flags(j) & kSpawnCut) != 0) {
      clear_flag(j, kSpawnCut);
      done = --*spawns_left == 0;
    }
  };
  const auto restart_from = [&](std::size_t i) {
    const int x = static_cast<int>(i % static_cast<std::size_t>(cols));
    const int y = static_cast<int>(i / static_cast<std::size_t>(cols));
    std::uint64_t best = source_cost(static_cast<std::uint32_t>(i));
    for_each_link<kToSources, C>(cost, x, y, [&](int nx, int ny, Direction8, std::uint64_t step) {
      const std::uint64_t there = g[index(nx, ny)];
      if (there != kUnreached && there + step < best) best = there + step;
    });
    if (best < g[i] && best <= max_cost) lower(i, y, best);
  };
  for (const std::uint32_t i : check_) restart_from(i);
  for (const std::uint32_t i : invalid_) restart_from(i);
  while (!done && !heap_.empty()) {
    const auto item = heap_.pop();
    const std::size_t i = item.value;
    const std::uint64_t k = item.key;
    if (g[i] != k) continue;  // lowered again after it was queued
    if (++settled + invalidated > work_limit_) {
      gave_up_ = true;
      return;
    }
    const int x = static_cast<int>(i % static_cast<std::size_t>(cols));
    const int y = static_cast<int>(i / static_cast<std::size_t>(cols));
    for_each_link<!kToSources, C>(cost, x, y, [&](int nx, int ny, Direction8, std::uint64_t step) {
      const std::size_t j = index(nx, ny);
      const std::uint64_t nv = k + step;
      if (nv < g[j] && nv <= max_cost) lower(j, ny, nv);
    });
  }
  if (y0 <= y1) {
    field.x0_ = 0;
    field.x1_ = cols - 1;
    field.y0_ = y0;
    field.y1_ = y1;
  }
}

template <class CostFn>
void FieldRepair::update_flow(const CostFn& cost, const DistanceField& field, FlowField& flow) {
  const int cols = cost.cols;
  const int rows = cost.rows;
  dispatch(field, [&]<Connectivity C, FieldDirection D>() {
    const auto visit = [&](int x, int y) {
      if (static_cast<unsigned>(x) >= static_cast<unsigned>(cols) ||
          static_cast<unsigned>(y) >= static_cast<unsigned>(rows)) {
        return;
      }
      const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(cols) +
                            static_cast<std::size_t>(x);
      if ((flags(i) & kFlow) != 0) return;
      set_flag(i, kFlow);
      flow_cell<C, D>(cost, field, flow, x, y);
    };
    // A cell's direction depends on its value, its neighbours' values and its moves: recompute
    // it where a move changed (the checked cells) and around every changed value.
    for (const std::uint32_t i : check_) {
      visit(static_cast<int>(i % static_cast<std::size_t>(cols)),
            static_cast<int>(i / static_cast<std::size_t>(cols)));
    }
    for (const GridCoord c : changed_) {
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) visit(c.x + dx, c.y + dy);
      }
    }
  });
}

inline FieldRepairStats FieldRepair::repair(const Grid& grid, const GridLayer& layer,
                                            std::span<const FieldSource> sources,
                                            DistanceField& field, FlowField* flow) {
  FieldRepairStats st;
  if (!field.has_source_list()) {
    st.status = SearchStatus::unsupported;
    return st;
  }
  if (const FieldStats bad = Dijkstra::check_sources(grid, sources); !bad.ok()) {
    st.status = bad.status;
    st.bad_source = bad.bad_source;
    return st;
  }
  changed_.clear();
  const int cols = grid.cols();
  const int rows = grid.rows();
  const bool same_source = field.grid_id_ == grid.instance_id() && field.cols_ == cols &&
                           field.rows_ == rows && field.layer_ == layer;
  // Whether `flow` holds the directions of the field as it is before this repair.
  const bool flow_matches = flow != nullptr && flow->grid_id_ == field.grid_id_ &&
                            flow->grid_version_ == field.grid_version_ &&
                            flow->field_id_ == field.computation_id() && flow->layer_ == layer &&
                            flow->cols_ == cols && flow->rows_ == rows;
  const auto rebuild = [&] {
    FieldOptions options;
    options.connectivity = field.conn_;
    options.direction = field.dir_;
    options.max_cost = field.max_cost();
    dijkstra_.compute(grid, layer, sources, field, options);
    if (flow != nullptr) {
      flow->build(grid, layer, field);
      st.flow_rebuilt = true;
    }
  };
  if (!same_source) {
    rebuild();
    st.sync = MapSync::rebuilt;
    return st;
  }
  normalise(sources, cols, field.max_cost_, new_sources_);
  normalise(field.sources(), cols, field.max_cost_, old_sources_);
  if (field.grid_version_ == grid.version() && new_sources_ == old_sources_) {
    field.keep_sources(sources);
    if (flow != nullptr && !flow_matches) {
      flow->build(grid, layer, field);
      st.flow_rebuilt = true;
    }
    st.sync = MapSync::current;
    return st;
  }
  st.sync = detail::replay_edits_or_rebuild(
      grid, true, field.grid_version_,
      [&](std::span<const GridCoord> edits) {
        start(grid.cell_count());
        std::uint64_t* const g = field.costs_.data();
        st.edits = edits.size();
        for (const GridCoord e : edits) check_around(e.x, e.y, cols, rows, g);
        // The cells whose source cost differs (both lists sorted by cell).
        std::size_t a = 0, b = 0;
        while (a < old_sources_.size() || b < new_sources_.size()) {
          std::uint32_t cell;
          if (b == new_sources_.size() ||
              (a < old_sources_.size() && old_sources_[a].index < new_sources_[b].index)) {
            cell = old_sources_[a++].index;
          } else if (a == old_sources_.size() || new_sources_[b].index < old_sources_[a].index) {
            cell = new_sources_[b++].index;
          } else {
            const bool same = old_sources_[a].fixed == new_sources_[b].fixed;
            cell = new_sources_[b].index;
            ++a;
            ++b;
            if (same) continue;
          }
          ++st.source_changes;
          check(cell, g);
        }
        sync_costs(grid, layer);
        const Costs cost = costs_view(grid);
        const double limit = rebuild_fraction_ * static_cast<double>(grid.cell_count());
        work_limit_ = limit < 1.8e19 ? static_cast<std::uint64_t>(limit) : ~std::uint64_t{0};
        gave_up_ = false;
        {
          // Puts the old values back if the repair gives up or an allocation throws.
          Restore restore(this, &field);
          run(cost, field, st.invalidated, st.settled, nullptr);
          if (!gave_up_) restore.self = nullptr;
        }
        if (gave_up_) {
          st.gave_up = true;
          undo_.clear();
          rebuild();
          return;
        }
        for (const Logged& l : undo_) {
          if (g[l.index] != l.old) {
            changed_.push_back({static_cast<int>(l.index % static_cast<std::uint32_t>(cols)),
                                static_cast<int>(l.index / static_cast<std::uint32_t>(cols))});
          }
        }
        st.changed = changed_.size();
        field.grid_version_ = grid.version();
        field.computation_ = detail::InstanceId{};
        field.keep_sources(sources);
        if (flow != nullptr) {
          if (flow_matches) {
            update_flow(cost, field, *flow);
            flow->grid_version_ = grid.version();
            flow->field_id_ = field.computation_id();
          } else {
            flow->build(grid, layer, field);
            st.flow_rebuilt = true;
          }
        }
      },
      [&] {
        changed_.clear();
        rebuild();
      });
  if (st.gave_up) st.sync = MapSync::rebuilt;
  return st;
}

inline BlockCheck FieldRepair::would_block(const Grid& grid, const GridLayer& layer,
                                           DistanceField& field, std::span<const GridCoord> cells,
                                           std::span<const GridCoord> spawns) {
  BlockCheck bc;
  if (!field.is_current(grid, layer)) {
    bc.status = SearchStatus::stale;
    return bc;
  }
  if (!field.has_source_list()) {
    bc.status = SearchStatus::unsupported;
    return bc;
  }
  for (std::size_t k = 0; k < cells.size(); ++k) {
    if (!grid.in_bounds(cells[k])) {
      bc.status = SearchStatus::invalid_endpoint;
      bc.bad_index = k;
      return bc;
    }
  }
  for (std::size_t k = 0; k < spawns.size(); ++k) {
    if (!grid.in_bounds(spawns[k])) {
      bc.status = SearchStatus::invalid_endpoint;
      bc.bad_index = k;
      return bc;
    }
  }
  const int cols = grid.cols();
  const int rows = grid.rows();
  start(grid.cell_count());
  normalise(field.sources(), cols, field.max_cost_, new_sources_);
  const auto index = [cols](GridCoord c) {
    return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(cols) +
           static_cast<std::size_t>(c.x);
  };
  for (const GridCoord c : spawns) set_flag(index(c), kSpawn);
  std::uint64_t* const g = field.costs_.data();
  for (const GridCoord c : cells) check_around(c.x, c.y, cols, rows, g);
  // The blocked cells as the layer reads them, written into the unpacked costs for the check
  // and put back after it (in reverse, so that a cell listed twice gets its own value back).
  sync_costs(grid, layer);
  overlay_.clear();
  for (const GridCoord c : cells) {
    overlay_.push_back(pad_.get(c.x, c.y));
    pad_.set(c.x, c.y,
             layer.cost_of_cell(static_cast<std::uint8_t>(grid.cell(c) | Grid::kBlockedBit)));
  }
  struct PutBack {
    detail::PaddedCosts& pad;
    std::span<const GridCoord> cells;
    const std::vector<std::uint8_t>& old;
    PutBack(detail::PaddedCosts& p, std::span<const GridCoord> c,
            const std::vector<std::uint8_t>& o) noexcept
        : pad(p), cells(c), old(o) {}
    PutBack(const PutBack&) = delete;
    PutBack& operator=(const PutBack&) = delete;
    ~PutBack() {
      for (std::size_t k = cells.size(); k-- > 0;) pad.set(cells[k].x, cells[k].y, old[k]);
    }
  } put_back(pad_, cells, overlay_);
  Restore restore(this, &field);  // the field is given back as it was, whatever happens
  const Costs cost = costs_view(grid);
  std::size_t left = 0;
  work_limit_ = ~std::uint64_t{0};  // (an answer is needed: no giving up)
  gave_up_ = false;
  run(cost, field, bc.invalidated, bc.settled, &left);
  bc.cut = left;
  bc.blocks = left > 0;
  if (bc.blocks) {
    for (std::size_t k = 0; k < spawns.size(); ++k) {
      if ((flags(index(spawns[k])) & kSpawnCut) != 0) {
        bc.first_cut = k;
        break;
      }
    }
  }
  return bc;
}

}  // namespace pathing
