// pathing: fast grid path-finding. MIT licensed.
//
// Distance fields ("Dijkstra maps"): the cost between every cell and the nearest of many sources.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/moves/canonical_order.hpp"
#include "pathing/detail/moves/padded_costs.hpp"
#include "pathing/detail/nodes/cell_key.hpp"
#include "pathing/detail/queue/bucket_ring.hpp"
#include "pathing/detail/queue/radix_heap.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/search/result.hpp"

namespace pathing {

/// Which way the costs of a field run. The two differ only when the layer gives cells different
/// costs (a move costs the layer cost of the cell it enters).
enum class FieldDirection : std::uint8_t {
  /// cost(c) = cheapest cost of walking FROM c to a source (plus that source's initial cost):
  /// what units heading for the sources need (goal maps, flow fields, auto-explore, fleeing).
  /// Equals `AStar::find_path(grid, c, source, ...)` cost for a single source.
  to_sources = 0,
  /// cost(c) = cheapest cost of walking from a source TO c: spreading from the sources (light,
  /// noise, scent). Equals `AStar::find_path(grid, source, c, ...)` cost for a single source.
  from_sources = 1,
};

/// One source of a field: a cell and the cost the field starts with there, in cost units (the
/// units of `DistanceField::cost`: 1.0 = one straight move onto a cell of layer cost 1), in
/// [0, `DistanceField::kMaxInitialCost`]; kept to 2^-24 cost units (rounded down), the fixed
/// point of the searches (`cost::kStraight`). A lower initial cost makes a source more attractive:
/// a roguelike "desire" value (roguebasin, "The Incredible Power of Dijkstra Maps").
struct FieldSource {
  GridCoord cell;           ///< The source cell (must lie on the grid).
  double initial_cost = 0;  ///< Cost at the source, in cost units (see above).
};

/// How a field is computed.
struct FieldOptions {
  /// 4- or 8-connected moves (8: octile costs, no corner cutting; see `Connectivity`).
  Connectivity connectivity = Connectivity::eight;
  /// Toward the sources (default) or away from them.
  FieldDirection direction = FieldDirection::to_sources;
  /// Cost limit in cost units (8.0 = 8 straight moves onto cells of layer cost 1), read as
  /// `SearchLimits::max_cost` is (`cost::from_units`: +inf or 2^38 units or more: no limit; a
  /// negative value or NaN keeps only sources of initial cost 0): cells whose cost exceeds it stay
  /// unreached and are never expanded (a light radius, a leash). Exact: every cell with cost <=
  /// the limit is reached with its true cost. Default: no limit.
  double max_cost = std::numeric_limits<double>::infinity();
};

/// How one field computation ended, and the work it did. `status`: `found` when the field was
/// computed; otherwise nothing was computed and the output field is unchanged:
/// `invalid_endpoint` (a source off the grid), `invalid_argument` (an initial cost negative, NaN
/// or above `DistanceField::kMaxInitialCost`, an explored bitmap too short, a flee factor not
/// finite or too large), `stale` (a flee map's input field not computed on this grid, at its
/// current version, with this layer). `bad_source`: the index of the offending source for
/// `invalid_endpoint` / `invalid_argument` from `compute`.
struct FieldStats {
  SearchStatus status = SearchStatus::found;  ///< See above.
  std::size_t bad_source = 0;   ///< Index of the first bad source (when status says so).
  std::uint64_t sources = 0;    ///< Source cells started at their initial cost (within the cost
                                ///< limit; a repeated cell counts again only when it lowers it).
  std::uint64_t settled = 0;    ///< Cells settled (expanded once): the number of reached cells.
  std::uint64_t generated = 0;  ///< Pushes onto the open list, sources included.
  bool canonical = false;       ///< Whether canonical ordering ran (see `Dijkstra`).

  /// True when the field was computed (`status == found`).
  [[nodiscard]] constexpr bool ok() const noexcept { return status == SearchStatus::found; }
};

/// A distance field, or "Dijkstra map" (roguebasin, "The Incredible Power of Dijkstra Maps"): for
/// every cell of a grid the fixed-point cost between it and the nearest source (see
/// `FieldDirection` for which way), filled by `Dijkstra`. A caller-owned value: keep one per
/// purpose and recompute it in place; its storage is reused, so recomputing allocates nothing
/// once it has held a grid of that size.
///
/// Units: `cost(c)` and `max_cost()` are in cost units (double: a straight move onto a cell of
/// layer cost 1 = 1.0; +infinity unreached). Inside, costs are `std::uint64_t` fixed point, 2^24
/// (`cost::kStraight`) = one straight move into a cell of layer cost 1, `cost::kDiagonal` =
/// round(sqrt(2) * 2^24) a diagonal one (see moves.hpp), exposed exactly by the `*_fixed`
/// accessors. Unreached cells (walled off, beyond the cost limit, or never computed) hold
/// `kUnreached` (= `cost::kInfinite`) in fixed point.
///
/// Which cells get a cost: a move enters a passable cell (layer cost > 0) and, diagonally, needs
/// both orthogonal cells it passes to be passable. The cell a move leaves may be impassable (as
/// for `AStar::find_path`'s start: a unit may stand on a cell it blocks itself), so toward the
/// sources an impassable cell next to the reached area gets a cost too (it can be left, never
/// entered); away from the sources impassable cells stay unreached. Sources always get their
/// initial cost (when within the cost limit), passable or not.
///
/// Bias: fields made by `Dijkstra::compute_flee` hold negative values; they store
/// `value + bias_fixed()` (so all stored costs stay unsigned and comparable) and `cost()` (units)
/// or `value_fixed()` give the signed value back. Other fields have bias 0.
///
/// Staleness: a field records the grid's `instance_id()` and `version()`, the layer and the
/// options it was computed with; `is_current(grid, layer)` says whether it still describes that
/// grid (O(1)). A field does not follow later grid edits: `FlowField::build` and
/// `Dijkstra::compute_flee` refuse one that is not current (`SearchStatus::stale`); recompute it.
///
/// Memory: 8 bytes a cell. Thread-safety: const members may be called from any number of threads;
/// recomputing must not run concurrently with readers.
class DistanceField {
 public:
  /// Stored cost of an unreached cell.
  static constexpr std::uint64_t kUnreached = cost::kInfinite;
  /// Largest initial cost of a source, in cost units (2^38: 2^62 in fixed point, which keeps every
  /// sum below 2^64).
  static constexpr double kMaxInitialCost = static_cast<double>(std::uint64_t{1} << 38);
  /// The fixed-point value of an initial cost in [0, kMaxInitialCost] (`cost::kStraight` units,
  /// rounded down): what `cost_fixed` returns at a source of that initial cost. O(1).
  [[nodiscard]] static constexpr std::uint64_t initial_cost_fixed(double units) noexcept {
    return static_cast<std::uint64_t>(units * static_cast<double>(cost::kStraight));
  }

  /// An empty field (0 x 0; every cell unreached) until computed.
  DistanceField() = default;

  /// Columns of the grid this field was computed on (0 when never computed).
  [[nodiscard]] int cols() const noexcept { return cols_; }
  /// Rows of the grid this field was computed on (0 when never computed).
  [[nodiscard]] int rows() const noexcept { return rows_; }
  /// Connectivity the field was computed with.
  [[nodiscard]] Connectivity connectivity() const noexcept { return conn_; }
  /// Direction the field was computed with.
  [[nodiscard]] FieldDirection direction() const noexcept { return dir_; }
  /// Cost limit the field was computed with, in cost units as applied (rounded down to the fixed
  /// point, 2^-24 of a unit); +infinity when none.
  [[nodiscard]] double max_cost() const noexcept {
    return max_cost_ == cost::kInfinite ? std::numeric_limits<double>::infinity()
                                        : cost::to_double(max_cost_);
  }
  /// The same limit in fixed point (`cost::kInfinite` = none), exact.
  [[nodiscard]] std::uint64_t max_cost_fixed() const noexcept { return max_cost_; }
  /// The layer the field was computed with.
  [[nodiscard]] const GridLayer& layer() const noexcept { return layer_; }
  /// `instance_id()` of the grid it was computed on (0: never computed).
  [[nodiscard]] std::uint64_t grid_id() const noexcept { return grid_id_; }
  /// `version()` of that grid when the field was computed.
  [[nodiscard]] std::uint64_t grid_version() const noexcept { return grid_version_; }
  /// True when the field was computed on this very grid object at its current `version()` with
  /// `layer`. O(1).
  [[nodiscard]] bool is_current(const Grid& grid, const GridLayer& layer) const noexcept {
    return grid_id_ != 0 && grid_id_ == grid.instance_id() && grid_version_ == grid.version() &&
           layer_ == layer && cols_ == grid.cols() && rows_ == grid.rows();
  }
  /// Fixed-point offset added to every stored cost (0 except for flee fields). See the class
  /// comment.
  [[nodiscard]] std::uint64_t bias_fixed() const noexcept { return bias_; }

  /// True when `c` is on the grid and was reached. O(1).
  [[nodiscard]] bool reached(GridCoord c) const noexcept { return cost_fixed(c) != kUnreached; }

  /// The value of `c` in cost units (a straight move onto a cell of layer cost 1 = 1.0): the cost
  /// between `c` and the nearest source (see `FieldDirection`), negative on flee maps;
  /// +infinity when unreached or off the grid. Rounded to double (use `cost_fixed` /
  /// `value_fixed` for exact comparisons). O(1).
  [[nodiscard]] double cost(GridCoord c) const noexcept {
    const std::uint64_t s = cost_fixed(c);
    if (s == kUnreached) return std::numeric_limits<double>::infinity();
    return static_cast<double>(value_fixed(c)) / static_cast<double>(cost::kStraight);
  }

  /// The stored fixed-point cost of `c` (value + bias, `cost::kStraight` a unit); `kUnreached`
  /// when unreached or off the grid. Exact. O(1).
  [[nodiscard]] std::uint64_t cost_fixed(GridCoord c) const noexcept {
    if (static_cast<unsigned>(c.x) >= static_cast<unsigned>(cols_) ||
        static_cast<unsigned>(c.y) >= static_cast<unsigned>(rows_)) {
      return kUnreached;
    }
    return costs_[index(c.x, c.y)];
  }

  /// The signed fixed-point value of `c` (stored cost - bias); INT64_MAX when unreached. O(1).
  [[nodiscard]] std::int64_t value_fixed(GridCoord c) const noexcept {
    const std::uint64_t s = cost_fixed(c);
    if (s == kUnreached) return std::numeric_limits<std::int64_t>::max();
    return static_cast<std::int64_t>(s) - static_cast<std::int64_t>(bias_);
  }

  /// All stored fixed-point costs (value + bias), row-major (index y * cols() + x),
  /// cols() * rows() entries.
  [[nodiscard]] std::span<const std::uint64_t> costs_fixed() const noexcept {
    return {costs_.data(), static_cast<std::size_t>(cols_) * static_cast<std::size_t>(rows_)};
  }

  /// The sources of the last `Dijkstra::compute` into this field, as given (duplicates and all);
  /// empty for a field made otherwise (`compute_explore`, `compute_flee`, never computed) or
  /// repaired with other sources since (then the repair's sources). `FieldRepair` reads them.
  [[nodiscard]] std::span<const FieldSource> sources() const noexcept { return sources_; }
  /// True when the field was made by `Dijkstra::compute` from a list of sources (kept in
  /// `sources()`), so that `FieldRepair` can bring it up to date; false for explore and flee
  /// fields and for a field never computed.
  [[nodiscard]] bool has_source_list() const noexcept { return has_source_list_; }
  /// A process-wide unique number renewed by every computation or repair that writes the field
  /// (and by copying it): a `FlowField` records the one it was built from, so that `FieldRepair`
  /// updates only a flow that matches the field's values. O(1).
  [[nodiscard]] std::uint64_t computation_id() const noexcept { return computation_.value(); }

  /// Bytes of storage held.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return costs_.capacity() * sizeof(std::uint64_t) + sources_.capacity() * sizeof(FieldSource);
  }

 private:
  friend class Dijkstra;
  friend class FlowField;
  friend class FieldRepair;

  [[nodiscard]] std::size_t index(int x, int y) const noexcept {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_) +
           static_cast<std::size_t>(x);
  }

  // Keeps the source list a field was computed from, for FieldRepair (allocating only when it
  // outgrows every earlier one); `sources` may be (part of) `sources_` itself.
  void keep_sources(std::span<const FieldSource> sources) {
    const std::less<const FieldSource*> before;
    const FieldSource* const own = sources_.data();
    if (sources.data() == own && sources.size() == sources_.size()) {
      // the list already kept
    } else if (!before(sources.data(), own) && before(sources.data(), own + sources_.size())) {
      std::vector<FieldSource> copy(sources.begin(), sources.end());
      sources_.swap(copy);
    } else {
      sources_.assign(sources.begin(), sources.end());
    }
    has_source_list_ = true;
  }

  // Makes every cell of a `grid`-sized field unreached: only the box of the cells the last
  // computation reached (the rows it reached) is cleared when the size is unchanged, so a small
  // light radius on a big map costs little; otherwise the whole buffer is refilled (allocating
  // only when it grows).
  void reset(const Grid& grid, const GridLayer& layer, Connectivity conn, FieldDirection dir,
             std::uint64_t max_cost) {
    const std::size_t n = grid.cell_count();
    if (cols_ == grid.cols() && rows_ == grid.rows() && costs_.size() == n) {
      for (int y = y0_; y <= y1_; ++y) {
        std::uint64_t* row = costs_.data() + index(0, y);
        std::fill(row + x0_, row + x1_ + 1, kUnreached);
      }
    } else {
      costs_.assign(n, kUnreached);
    }
    cols_ = grid.cols();
    rows_ = grid.rows();
    conn_ = conn;
    dir_ = dir;
    max_cost_ = max_cost;
    layer_ = layer;
    grid_id_ = grid.instance_id();
    grid_version_ = grid.version();
    bias_ = 0;
    has_source_list_ = false;
    computation_ = detail::InstanceId{};
    x0_ = cols_;
    y0_ = rows_;
    x1_ = -1;
    y1_ = -1;
  }

  std::vector<std::uint64_t> costs_;
  int cols_ = 0;
  int rows_ = 0;
  Connectivity conn_ = Connectivity::eight;
  FieldDirection dir_ = FieldDirection::to_sources;
  std::uint64_t max_cost_ = cost::kInfinite;
  std::uint64_t bias_ = 0;
  GridLayer layer_;
  std::uint64_t grid_id_ = 0;  // 0: never computed (or invalidated by a throwing predicate)
  std::uint64_t grid_version_ = 0;
  std::vector<FieldSource> sources_;  // see sources()
  bool has_source_list_ = false;
  detail::InstanceId computation_;  // see computation_id()
  // A box holding every reached cell (empty when x0_ > x1_ or y0_ > y1_); Dijkstra makes it the
  // band of rows reached.
  int x0_ = 0;
  int y0_ = 0;
  int x1_ = -1;
  int y1_ = -1;
};

/// Multi-source Dijkstra (Dijkstra 1959) over a `Grid` read through a `GridLayer`, filling
/// `DistanceField`s: the roguelike "Dijkstra map" (roguebasin, "The Incredible Power of Dijkstra
/// Maps") and the input of `FlowField`. Costs follow `Connectivity` and the layer exactly as
/// `AStar::find_path` does, so a single-source field equals A*'s optimal cost to every cell.
///
/// Open list: Dial's bucket queue with buckets as wide as the cheapest move of the layer
/// (`detail::BucketRing`, 512 buckets in a ring): a bucket's cells all have their final costs
/// when it comes up, so settling needs no comparisons between queued cells and every push and pop
/// is O(1); sources wait in a radix heap (`detail::RadixHeap`) until their bucket comes up. The
/// field itself holds the g costs, so no other per-cell state exists. Costs are exact (integer
/// fixed point, see moves.hpp).
///
/// The grid's layer costs are unpacked into a byte per cell with an impassable frame
/// (`detail::PaddedCosts`): the whole grid, or with a cost limit only the cells within
/// limit / cheapest-move cells of a source; neighbours are then read without bounds checks or
/// nibble extraction (`detail::for_each_move`, the move model of `detail::for_each_neighbor`).
/// A whole-grid unpack is kept and reused while the grid's contents (`Grid::instance_id`,
/// `Grid::version`) and the layer stay the same, so repeated fields on one map (a goal that
/// moves every tick) skip it.
///
/// Canonical ordering: 8-connected, when every passable cell value of the layer costs the same
/// (the Moving AI maps, most walk layers) and the map is open (at most 35% of its passable cells
/// touch a wall: `CanonicalOrdering`), a cell relaxes only the moves that can continue a
/// diagonal-first shortest path given the moves that reached it (`detail::kCanonicalSuccessors`;
/// Sturtevant & Rabin, "Canonical Orderings on Grids", IJCAI 2016): 1 to 3 moves a cell in the
/// open instead of 8, the same costs.
///
/// Complexity: O(n) for n cells reached (plus O(s log C) for s sources spread over a cost range
/// C), plus the unpacking above when it is not reused (O(1) a cell unpacked) and the reset of the
/// rows the previous computation into the same field reached. Timings: docs/benchmarks.md.
/// Memory: about 1 byte a grid cell (unpacked costs; 4 with canonical ordering: neighbour masks and
/// the directions that reached each cell) plus 4 bytes per queued cell.
/// Allocation: none once warm (the open list keeps its capacity; the field keeps its storage).
/// Errors: never thrown (but `std::bad_alloc` growing, and whatever a caller's predicate
/// throws): a source off the grid or an initial cost above `DistanceField::kMaxInitialCost` is a
/// status in the returned `FieldStats` (see there), checked before anything is written, and the
/// output field is left unchanged. Staleness: the unpack cache above is keyed by the grid's
/// `instance_id()`, `version()` and the layer, so it never serves an edited grid; the fields it
/// writes record the same stamp (`DistanceField::is_current`). Thread-safety: one Dijkstra per
/// thread; many may read the same `const Grid&` at once.
class Dijkstra {
 public:
  Dijkstra() = default;

  /// Computes the field of `sources` (any number, duplicates allowed: the lowest initial cost
  /// counts) into `out`, which is overwritten: every cell gets the cost between it and the nearest
  /// source (in `options.direction`), or `DistanceField::kUnreached`. No sources: every cell
  /// unreached.
  /// Returns the statistics; status `invalid_endpoint` when a source is off the grid,
  /// `invalid_argument` when its initial cost is negative, NaN or above
  /// `DistanceField::kMaxInitialCost`
  /// (`bad_source` = its index; `out` is then unchanged).
  FieldStats compute(const Grid& grid, const GridLayer& layer, std::span<const FieldSource> sources,
                     DistanceField& out, const FieldOptions& options = {}) {
    if (const FieldStats bad = check_sources(grid, sources); !bad.ok()) return bad;
    Box box{grid.cols(), grid.rows(), -1, -1};
    for (const FieldSource& s : sources) box.add(s.cell.x, s.cell.y);
    const FieldStats st = run(grid, layer, out, options, box, [&](auto&& add_source) {
      for (const FieldSource& s : sources)
        add_source(s.cell.x, s.cell.y, DistanceField::initial_cost_fixed(s.initial_cost));
    });
    out.keep_sources(sources);
    return st;
  }

  /// The field of the single source `source` (initial cost 0). Status `invalid_endpoint` (and
  /// `out` unchanged) when `source` is off the grid.
  FieldStats compute(const Grid& grid, const GridLayer& layer, GridCoord source, DistanceField& out,
                     const FieldOptions& options = {}) {
    const FieldSource s{source, 0};
    return compute(grid, layer, std::span<const FieldSource>(&s, 1), out, options);
  }

  /// Auto-explore: the field whose sources (initial cost 0) are the cells not yet explored, so a
  /// unit following its `FlowField` walks to the nearest unexplored cell it can enter (roguebasin,
  /// "The Incredible Power of Dijkstra Maps"; DCSS/Brogue auto-explore). Every cell explored: every
  /// cell unreached.
  /// @param grid the map; only read.
  /// @param layer move costs (0 = impassable).
  /// @param explored bitmap of explored cells, row-major: cell i = y * cols + x is explored when
  ///        bit (i % 64) of word i / 64 is set; at least ceil(cols * rows / 64) words (bits past
  ///        the last cell are ignored).
  /// @param out the field written (reused between calls).
  /// @param options connectivity, direction and cost limit.
  /// @return status `invalid_argument` (and `out` unchanged) when `explored` is too short.
  FieldStats compute_explore(const Grid& grid, const GridLayer& layer,
                             std::span<const std::uint64_t> explored, DistanceField& out,
                             const FieldOptions& options = {}) {
    const std::size_t n = grid.cell_count();
    const std::size_t words = (n + 63) / 64;
    if (explored.size() < words) {
      FieldStats bad;
      bad.status = SearchStatus::invalid_argument;
      return bad;
    }
    const std::size_t cols = static_cast<std::size_t>(grid.cols());
    return run(grid, layer, out, options, Box::whole(grid), [&](auto&& add_source) {
      for (std::size_t w = 0; w < words; ++w) {
        std::uint64_t todo = ~explored[w];
        if (w + 1 == words && n % 64 != 0) todo &= (std::uint64_t{1} << (n % 64)) - 1;
        while (todo != 0) {
          const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(todo));
          todo &= todo - 1;
          add_source(static_cast<int>(i % cols), static_cast<int>(i / cols), 0);
        }
      }
    });
  }

  /// Auto-explore with a predicate: the sources are the cells c for which `is_explored(c)` is
  /// false. `is_explored` is called once per cell, row by row, on the calling thread; if it
  /// throws, the exception propagates and `out` is left valid: every cell unreached, recording no
  /// grid (`grid_id()` 0, so `is_current` is false and a later computation into it starts clean).
  template <class IsExplored>
  requires std::predicate<IsExplored&, GridCoord> FieldStats
  compute_explore_if(const Grid& grid, const GridLayer& layer, IsExplored&& is_explored,
                     DistanceField& out, const FieldOptions& options = {}) {
    return run(grid, layer, out, options, Box::whole(grid), [&](auto&& add_source) {
      for (int y = 0; y < grid.rows(); ++y) {
        for (int x = 0; x < grid.cols(); ++x) {
          if (!is_explored(GridCoord{x, y})) add_source(x, y, 0);
        }
      }
    });
  }

  /// A flee map (roguebasin, "The Incredible Power of Dijkstra Maps"): every reached cell of
  /// `toward` (usually a field toward the player) becomes a source whose initial value is its
  /// value times `factor` (rounded to the nearest fixed-point unit), and the field is relaxed
  /// again, so out(c) = min over cells s of (factor * toward(s) + cost between c and s). With a
  /// negative factor such as -1.2 the lowest values lie far from the player but a unit prefers an
  /// escape route to a dead end nearby; following the result's `FlowField` flees.
  ///
  /// The result keeps `toward`'s connectivity and direction and has no cost limit; its values are
  /// negative, stored with `bias_fixed()` (`cost()` / `value_fixed()` give the signed value). `out`
  /// may be `toward` itself (in-place). Statuses (nothing computed, `out` unchanged): `stale` when
  /// `toward` is not current for `grid` and `layer` (`DistanceField::is_current`: computed on
  /// another grid, an older version, another layer, or never); `invalid_argument` when `factor` is
  /// not finite or |factor * value| reaches 2^61 for some cell.
  FieldStats compute_flee(const Grid& grid, const GridLayer& layer, const DistanceField& toward,
                          DistanceField& out, double factor = -1.2);

  /// Checks sources as `compute` does: each must lie on the grid (else status
  /// `invalid_endpoint`) with an initial cost in [0, `DistanceField::kMaxInitialCost`] (else
  /// `invalid_argument`); `bad_source` is the first bad one's index. O(sources), never throws.
  [[nodiscard]] static FieldStats check_sources(const Grid& grid,
                                                std::span<const FieldSource> sources) noexcept {
    FieldStats st;
    for (std::size_t i = 0; i < sources.size(); ++i) {
      if (!grid.in_bounds(sources[i].cell)) {
        st.status = SearchStatus::invalid_endpoint;
      } else if (!(sources[i].initial_cost >= 0.0 &&
                   sources[i].initial_cost <= DistanceField::kMaxInitialCost)) {
        st.status = SearchStatus::invalid_argument;
      } else {
        continue;
      }
      st.bad_source = i;
      return st;
    }
    return st;
  }

  /// When `compute` relaxes only the canonical moves of each cell (8-connected moves on a layer
  /// whose passable cell values all cost the same; see the class comment). The costs are the same
  /// either way; only the time (and `FieldStats::generated`) differs.
  enum class CanonicalOrdering : std::uint8_t {
    automatic,  ///< When at most 35% of the passable cells touch a wall or the edge (default).
    never,      ///< Always relax all eight moves.
    always,     ///< Whenever the costs are uniform (e.g. to test it on any map).
  };
  /// Sets the policy above for the next computations. O(1).
  void set_canonical_ordering(CanonicalOrdering ordering) noexcept { ordering_ = ordering; }

  /// Bytes of working memory held (the open lists).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return ring_.capacity() * sizeof(Cell) +
           sources_.capacity() * sizeof(detail::RadixHeap<Cell>::Item) + costs_.capacity() +
           near_.capacity() + into_.capacity() + came_.capacity();
  }

 private:
  // An open-list item: a cell packed by detail::cell_key.
  using Cell = std::uint32_t;

  [[nodiscard]] static Cell pack(int x, int y) noexcept { return detail::cell_key(x, y); }

  // Bucket width 2^shift_: the largest power of two not above the cheapest move of the layer, so
  // a move always leaves its bucket (see detail::BucketRing); span_: how many buckets past its
  // own the dearest move can reach (at most 255 * sqrt(2) + 1 = 362 < the ring's 512).
  void set_buckets(const GridLayer& layer, Connectivity conn) noexcept {
    const unsigned lo = layer.min_passable_cost();
    const unsigned hi = layer.max_cost();
    uniform_ = lo != 0 && hi == lo;  // (a layer property: the unpack cache does not know conn)
    uniform_cost_ = static_cast<std::uint8_t>(lo);
    shift_ = static_cast<unsigned>(cost::kFractionBits) +
             (lo > 1 ? static_cast<unsigned>(std::bit_width(lo)) - 1 : 0u);
    const std::uint64_t dearest =
        hi * (conn == Connectivity::eight ? cost::kDiagonal : cost::kStraight);
    span_ = (dearest >> shift_) + 2;
  }

  // Clears a field whose sources were not all added (see run).
  struct SourcesGuard {
    DistanceField* field;
    explicit SourcesGuard(DistanceField* f) noexcept : field(f) {}
    SourcesGuard(const SourcesGuard&) = delete;
    SourcesGuard& operator=(const SourcesGuard&) = delete;
    ~SourcesGuard() {
      if (field == nullptr) return;
      std::fill(field->costs_.begin(), field->costs_.end(), DistanceField::kUnreached);
      field->x0_ = field->cols_;
      field->y0_ = field->rows_;
      field->x1_ = -1;
      field->y1_ = -1;
      field->grid_id_ = 0;
      field->grid_version_ = 0;
      field->has_source_list_ = false;
    }
  };

  // A box of cells, inclusive (empty when x0 > x1).
  struct Box {
    int x0, y0, x1, y1;
    static Box whole(const Grid& grid) noexcept { return {0, 0, grid.cols() - 1, grid.rows() - 1}; }
    void add(int x, int y) noexcept {
      x0 = x < x0 ? x : x0;
      y0 = y < y0 ? y : y0;
      x1 = x > x1 ? x : x1;
      y1 = y > y1 ? y : y1;
    }
  };

  // Resets `out`, lets `add_sources(add_source)` add the sources (all inside `sources`), unpacks
  // the grid where the search can go, then settles every reachable cell.
  template <class AddSources>
  FieldStats run(const Grid& grid, const GridLayer& layer, DistanceField& out,
                 const FieldOptions& options, Box sources, AddSources&& add_sources) {
    const std::uint64_t max_cost = cost::from_units(options.max_cost);
    out.reset(grid, layer, options.connectivity, options.direction, max_cost);
    ring_.clear();
    sources_.clear();
    set_buckets(layer, options.connectivity);
    if (uniform_ && came_.size() < grid.cell_count()) came_.resize(grid.cell_count());
    FieldStats st;
    std::uint64_t* const g = out.costs_.data();
    const std::size_t cols = static_cast<std::size_t>(grid.cols());
    {
      // If `add_sources` throws (a caller's predicate), the field is left valid: all unreached,
      // recording no grid (the source cells would otherwise survive outside the reset box).
      SourcesGuard guard{&out};
      add_sources([&](int x, int y, std::uint64_t initial) {
        const std::size_t i = static_cast<std::size_t>(y) * cols + static_cast<std::size_t>(x);
        add_source(g, i, initial, max_cost, pack(x, y), st);
      });
      guard.field = nullptr;
    }
    prepare(grid, layer, sources, max_cost);
    settle(grid, out, max_cost, st);
    return st;
  }

  // Unpacks the costs of the cells the search may read: with a cost limit, every move costs at
  // least the layer's cheapest cost, so no cell farther than limit / cheapest (Chebyshev) from a
  // source is reached, and only that box (and the ring the padded map zeroes around it) is read.
  void prepare(const Grid& grid, const GridLayer& layer, Box box, std::uint64_t max_cost) {
    const std::uint64_t cheapest = layer.min_passable_cost() * cost::kStraight;
    if (max_cost != cost::kInfinite && cheapest != 0 && box.x0 <= box.x1) {
      const std::uint64_t reach = max_cost / cheapest;
      const int r = reach < static_cast<std::uint64_t>(Grid::kMaxSide) ? static_cast<int>(reach)
                                                                       : Grid::kMaxSide;
      box = {box.x0 - r, box.y0 - r, box.x1 + r, box.y1 + r};
    } else if (cheapest != 0) {
      box = Box::whole(grid);
    }
    if (built_whole_ && built_id_ == grid.instance_id() && built_version_ == grid.version() &&
        built_layer_ == layer) {
      return;  // every cell was unpacked from the same grid contents and layer before
    }
    built_whole_ = false;  // (a partial build below zeroes the ring around its box)
    costs_.build(grid, layer, box.x0, box.y0, box.x1, box.y1);
    open_map_ = uniform_ && build_near(grid, box);
    built_id_ = grid.instance_id();
    built_version_ = grid.version();
    built_layer_ = layer;
    built_whole_ =
        box.x0 <= 0 && box.y0 <= 0 && box.x1 >= grid.cols() - 1 && box.y1 >= grid.rows() - 1;
  }

  // Canonical ordering pays where walls are few and long (it relaxes 1 to 3 moves a cell in the
  // open instead of 8, for a little bookkeeping a cell); among scattered obstacles most cells have
  // forced neighbours and the bookkeeping costs more than it saves (the threshold and its
  // measurements: docs/benchmarks.md).
  static constexpr unsigned kCanonicalMaxBoundaryPercent = 35;

  // For canonical ordering: per cell of `box` (clamped to the grid) the passability of its eight
  // neighbours (`near_`, bit k = Direction8 k) and the moves into it from them that the move rules
  // allow toward the sources (`into_`: an on-grid neighbour, diagonally with both cells passed
  // passable), indexed as `costs_`; rows written so that the compiler vectorises them. Returns
  // whether canonical ordering pays on this box (see kCanonicalMaxBoundaryPercent).
  bool build_near(const Grid& grid, Box box) {
    const std::size_t stride = costs_.stride();
    const std::size_t n = stride * (static_cast<std::size_t>(grid.rows()) + 2);
    if (near_.size() < n) {
      near_.resize(n);
      into_.resize(n);
    }
    const int x0 = std::max(box.x0, 0);
    const int y0 = std::max(box.y0, 0);
    const int x1 = std::min(box.x1, grid.cols() - 1);
    const int y1 = std::min(box.y1, grid.rows() - 1);
    if (x0 > x1 || y0 > y1) return false;
    const std::uint8_t* const pad = costs_.data();
    const std::size_t width = static_cast<std::size_t>(x1 - x0) + 1;
    std::size_t passable = 0;
    std::size_t boundary = 0;  // passable cells with an impassable (or off-grid) neighbour
    for (int y = y0; y <= y1; ++y) {
      const std::size_t m = costs_.index(x0, y);
      const std::uint8_t* const pm = pad + m;
      const std::uint8_t* const pu = pm - stride;
      const std::uint8_t* const pd = pm + stride;
      std::uint8_t* const near = near_.data() + m;
      std::uint8_t* const into = into_.data() + m;
      for (std::size_t k = 0; k < width; ++k) {
        const unsigned r = pm[k + 1] != 0, dn = pd[k] != 0, l = pm[k - 1] != 0, u = pu[k] != 0;
        const auto nb = static_cast<std::uint8_t>(
            r | (dn << 1) | (l << 2) | (u << 3) | (unsigned{pd[k + 1] != 0} << 4) |
            (unsigned{pd[k - 1] != 0} << 5) | (unsigned{pu[k - 1] != 0} << 6) |
            (unsigned{pu[k + 1] != 0} << 7));
        near[k] = nb;
        into[k] = static_cast<std::uint8_t>(0x0Fu | ((r & dn) << 4) | ((l & dn) << 5) |
                                            ((l & u) << 6) | ((r & u) << 7));
        const unsigned here = pm[k] != 0;
        passable += here;
        boundary += here & unsigned{nb != 0xFF};
      }
      // No straight move comes from off the grid.
      if (x0 == 0) into[0] = static_cast<std::uint8_t>(into[0] & ~0x04u);
      if (x1 == grid.cols() - 1) {
        into[width - 1] = static_cast<std::uint8_t>(into[width - 1] & ~0x01u);
      }
      const unsigned drop = (y == 0 ? 0x08u : 0u) | (y == grid.rows() - 1 ? 0x02u : 0u);
      if (drop != 0) {
        for (std::size_t k = 0; k < width; ++k)
          into[k] = static_cast<std::uint8_t>(into[k] & ~drop);
      }
    }
    return boundary * 100 <= passable * kCanonicalMaxBoundaryPercent;
  }

  // Gives a cell the initial cost `initial` unless it already has a lower one. A cell whose cost
  // stays in the same bucket is already queued there, so it is not queued twice.
  // A source may leave in every direction (canonical ordering).
  void add_source(std::uint64_t* g, std::size_t i, std::uint64_t initial, std::uint64_t max_cost,
                  Cell cell, FieldStats& st) {
    const std::uint64_t old = g[i];
    if (initial > max_cost || initial >= old) return;
    g[i] = initial;
    if (uniform_) came_[i] = 0xFF;
    ++st.sources;
    if ((old >> shift_) == (initial >> shift_)) return;
    sources_.push(initial, cell);
    ++st.generated;
  }

  void settle(const Grid& grid, DistanceField& out, std::uint64_t max_cost, FieldStats& st) {
    const bool limited = max_cost != cost::kInfinite;
    if (out.conn_ == Connectivity::four) {
      settle<Connectivity::four>(grid, out, max_cost, st, limited);
    } else {
      settle<Connectivity::eight>(grid, out, max_cost, st, limited);
    }
  }
  template <Connectivity C>
  void settle(const Grid& grid, DistanceField& out, std::uint64_t max_cost, FieldStats& st,
              bool limited) {
    if constexpr (C == Connectivity::eight) {
      if (uniform_ && (ordering_ == CanonicalOrdering::always ||
                       (ordering_ == CanonicalOrdering::automatic && open_map_))) {
        st.canonical = true;
        settle<C, true>(grid, out, max_cost, st, limited);
        return;
      }
    }
    settle<C, false>(grid, out, max_cost, st, limited);
  }
  template <Connectivity C, bool Canonical>
  void settle(const Grid& grid, DistanceField& out, std::uint64_t max_cost, FieldStats& st,
              bool limited) {
    if (out.dir_ == FieldDirection::to_sources) {
      limited ? settle<C, FieldDirection::to_sources, true, Canonical>(grid, out, max_cost, st)
              : settle<C, FieldDirection::to_sources, false, Canonical>(grid, out, max_cost, st);
    } else {
      limited ? settle<C, FieldDirection::from_sources, true, Canonical>(grid, out, max_cost, st)
              : settle<C, FieldDirection::from_sources, false, Canonical>(grid, out, max_cost, st);
    }
  }

  // Dijkstra with a bucket ring (Dial's algorithm with buckets of width 2^shift_ <= the cheapest
  // move): the lowest bucket holds only final costs, so it is settled as a plain array; a move
  // pushes its target into a later bucket when its cost drops into a new bucket (a drop within the
  // bucket it is queued in needs no push: the queued entry reads the cost when settled). An entry
  // whose cell's cost has left its bucket is stale and skipped, so every cell is settled exactly
  // once. Sources wait in a radix heap (their costs may lie far apart, e.g. a flee map's) and join
  // the ring when their bucket comes up.
  //
  // Canonical (8-connected, uniform costs, few boundary cells): a cell relaxes only the moves of
  // `detail::kCanonicalSuccessors` for the directions that reached it with its final cost
  // (`came_`, merged on equal costs; every direction for a source), plus, toward the sources, the
  // moves from impassable neighbours (reached, never entered). A move always lands in a later
  // bucket, so every equal-cost arrival is merged before the cell is settled.
  template <Connectivity C, FieldDirection D, bool Limited, bool Canonical>
  void settle(const Grid& grid, DistanceField& out, std::uint64_t max_cost, FieldStats& st) {
    std::uint64_t* const g = out.costs_.data();
    const int cols = grid.cols();
    const int rows = grid.rows();
    const auto gcols = static_cast<std::ptrdiff_t>(cols);
    const std::uint8_t* const pad = costs_.data();
    const auto pcols = static_cast<std::ptrdiff_t>(costs_.stride());
    const std::size_t pad_origin = costs_.index(0, 0);
    const unsigned shift = shift_;
    // Per Direction8: the offset of the neighbour in the field and in packed (`detail::cell_key`)
    // form.
    const std::array<std::ptrdiff_t, 8> dg = {1,         gcols,     -1,         -gcols,
                                              gcols + 1, gcols - 1, -gcols - 1, -gcols + 1};
    constexpr std::array<Cell, 8> dc = {
        detail::cell_key_step(1, 0),   detail::cell_key_step(0, 1), detail::cell_key_step(-1, 0),
        detail::cell_key_step(0, -1),  detail::cell_key_step(1, 1), detail::cell_key_step(-1, 1),
        detail::cell_key_step(-1, -1), detail::cell_key_step(1, -1)};
    std::uint8_t* const came = came_.data();
    const std::uint64_t straight_step = std::uint64_t{uniform_cost_} * cost::kStraight;
    const std::uint64_t diagonal_step = std::uint64_t{uniform_cost_} * cost::kDiagonal;
    int y0 = out.y0_, y1 = out.y1_;  // the rows reached (tracking columns too costs more than
    std::uint64_t settled = 0;       // it saves when resetting)
    std::uint64_t generated = 0;
    std::uint64_t from = 0;
    for (;;) {
      std::uint64_t b = ring_.next(from, span_);
      while (!sources_.empty()) {
        const std::uint64_t sb = sources_.min_key() >> shift;
        if (sb > b) break;
        b = sb;
        ring_.push(b, sources_.pop().value);
      }
      if (b == Ring::kNone) break;
      const std::span<const Cell> items = ring_.items(b);  // moves never push into bucket b
      const std::size_t count = items.size();
      const Cell* const cells = items.data();
      for (std::size_t k = 0; k < count; ++k) {
        const Cell cell = cells[k];
        const int x = detail::cell_key_x(cell);
        const int y = detail::cell_key_y(cell);
        const std::size_t gi = static_cast<std::size_t>(y) * static_cast<std::size_t>(cols) +
                               static_cast<std::size_t>(x);
        std::uint64_t* const gp = g + gi;
        const std::uint64_t gu = *gp;
        if ((gu >> shift) != b) continue;  // stale: settled from a lower bucket
        ++settled;
        y0 = y < y0 ? y : y0;
        y1 = y > y1 ? y : y1;
        const std::uint8_t* const pp = pad + pad_origin + gi + 2 * static_cast<std::size_t>(y);
        if constexpr (Canonical) {
          // As below, also recording the direction of the move that set (or tied) the cost.
          auto relax = [&](unsigned di, std::uint64_t step) PATHING_ALWAYS_INLINE {
            std::uint64_t& gn = gp[dg[di]];
            const std::uint64_t ng = gu + step;
            const std::uint64_t old = gn;
            if (ng <= old && (!Limited || ng <= max_cost)) {
              std::uint8_t& arrived = came[static_cast<std::ptrdiff_t>(gi) + dg[di]];
              if (ng == old) {
                arrived = static_cast<std::uint8_t>(arrived | (1u << di));
                return;
              }
              gn = ng;
              arrived = static_cast<std::uint8_t>(1u << di);
              if ((old >> shift) != (ng >> shift)) {
                ring_.push(ng >> shift, cell + dc[di]);
                ++generated;
              }
            }
          };
          if (D == FieldDirection::to_sources && *pp == 0) continue;  // a leaf: never entered
          const std::size_t pi = static_cast<std::size_t>(pp - pad);
          const unsigned near = near_[pi];
          unsigned reached = came[gi];  // never 0 for a cell that has a cost
          unsigned moves = 0;
          do {
            const auto travel = static_cast<unsigned>(std::countr_zero(reached)) & 7u;
            moves |= detail::kCanonicalSuccessors[travel][near];
            reached &= reached - 1;
          } while (reached != 0);
          if constexpr (D == FieldDirection::to_sources) {
            moves = (moves | ~near) & into_[pi];  // impassable neighbours: every allowed move
          } else {
            moves &= detail::kValidMoves[near];
          }
          while (moves != 0) {
            const auto di = static_cast<unsigned>(std::countr_zero(moves));
            moves &= moves - 1;
            relax(di, di < 4 ? straight_step : diagonal_step);
          }
        } else {
          // A move between this cell and its neighbour in direction d costing `step`: lower the
          // neighbour's cost if the move improves it.
          auto relax = [&](Direction8 d, std::uint64_t step) PATHING_ALWAYS_INLINE {
            const auto di = static_cast<unsigned>(d);
            std::uint64_t& gn = gp[dg[di]];
            const std::uint64_t ng = gu + step;
            const std::uint64_t old = gn;
            if (ng < old && (!Limited || ng <= max_cost)) {
              gn = ng;
              if ((old >> shift) != (ng >> shift)) {
                ring_.push(ng >> shift, cell + dc[di]);
                ++generated;
              }
            }
          };
          detail::for_each_move<C, D == FieldDirection::to_sources>(pp, pcols, x, y, cols, rows,
                                                                    relax);
        }
      }
      ring_.release(b);
      from = b + 1;
    }
    if (y0 <= y1) {
      out.x0_ = 0;
      out.x1_ = cols - 1;
    }
    out.y0_ = y0;
    out.y1_ = y1;
    st.settled += settled;
    st.generated += generated;
  }

  using Ring = detail::BucketRing<Cell, 9>;
  Ring ring_;
  detail::RadixHeap<Cell> sources_;
  detail::PaddedCosts costs_;
  // What costs_ was last unpacked from: a whole-grid unpack is reused while the grid's contents
  // (instance_id, version) and the layer stay the same.
  std::uint64_t built_id_ = 0;
  std::uint64_t built_version_ = 0;
  GridLayer built_layer_;
  bool built_whole_ = false;
  unsigned shift_ = cost::kFractionBits;
  std::uint64_t span_ = 2;
  // Canonical ordering (8-connected, every passable cell value costing `uniform_cost_`; see
  // settle): per unpacked cell the passability of its neighbours and the moves into it toward the
  // sources (build_near), per field cell the directions of the moves that reached it with its
  // current cost; `open_map_`: whether the unpacked map is open enough for it to pay.
  bool uniform_ = false;
  bool open_map_ = false;
  CanonicalOrdering ordering_ = CanonicalOrdering::automatic;
  std::uint8_t uniform_cost_ = 1;
  std::vector<std::uint8_t> near_;
  std::vector<std::uint8_t> into_;
  std::vector<std::uint8_t> came_;
};

// ---------------------------------------------------------------------------------------------
// Implementation

inline FieldStats Dijkstra::compute_flee(const Grid& grid, const GridLayer& layer,
                                         const DistanceField& toward, DistanceField& out,
                                         double factor) {
  FieldStats st;
  if (!toward.is_current(grid, layer)) {
    st.status = SearchStatus::stale;
    return st;
  }
  if (!std::isfinite(factor)) {
    st.status = SearchStatus::invalid_argument;
    return st;
  }
  // Pass 1: the scaled values' range (and the overflow check) over the reached box.
  const int bx0 = toward.x0_, by0 = toward.y0_, bx1 = toward.x1_, by1 = toward.y1_;
  const std::uint64_t in_bias = toward.bias_;
  constexpr double kLimit = 2305843009213693952.0;  // 2^61
  auto scaled = [&](std::uint64_t stored) {
    const double v = factor * static_cast<double>(static_cast<std::int64_t>(stored - in_bias));
    return v;
  };
  double lowest = 0;
  for (int y = by0; y <= by1; ++y) {
    for (int x = bx0; x <= bx1; ++x) {
      const std::uint64_t s = toward.costs_[toward.index(x, y)];
      if (s == DistanceField::kUnreached) continue;
      const double v = scaled(s);
      if (!(std::fabs(v) < kLimit)) {
        st.status = SearchStatus::invalid_argument;
        return st;
      }
      lowest = v < lowest ? v : lowest;
    }
  }
  const auto bias = static_cast<std::uint64_t>(-std::llround(lowest));
  // Pass 2: start from every reached cell at its scaled value (in place when out aliases toward).
  const Connectivity conn = toward.conn_;
  const FieldDirection dir = toward.dir_;
  if (&out != &toward) out.reset(grid, layer, conn, dir, cost::kInfinite);
  out.layer_ = layer;
  out.grid_id_ = grid.instance_id();
  out.grid_version_ = grid.version();
  out.conn_ = conn;
  out.dir_ = dir;
  out.max_cost_ = cost::kInfinite;
  out.bias_ = bias;
  out.has_source_list_ = false;
  out.computation_ = detail::InstanceId{};
  out.x0_ = grid.cols();
  out.y0_ = grid.rows();
  out.x1_ = -1;
  out.y1_ = -1;
  ring_.clear();
  sources_.clear();
  set_buckets(layer, conn);
  if (uniform_ && came_.size() < grid.cell_count()) came_.resize(grid.cell_count());
  for (int y = by0; y <= by1; ++y) {
    for (int x = bx0; x <= bx1; ++x) {
      const std::size_t i = out.index(x, y);
      const std::uint64_t s = toward.costs_[i];
      if (s == DistanceField::kUnreached) continue;
      out.costs_[i] = DistanceField::kUnreached;  // (in place: forget the old value)
      add_source(
          out.costs_.data(), i,
          static_cast<std::uint64_t>(std::llround(scaled(s)) + static_cast<std::int64_t>(bias)),
          cost::kInfinite, pack(x, y), st);
    }
  }
  prepare(grid, layer, Box::whole(grid), cost::kInfinite);
  settle(grid, out, cost::kInfinite, st);
  return st;
}

}  // namespace pathing
