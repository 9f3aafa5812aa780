// pathing: fast grid path-finding. MIT licensed.
//
// Landmark (differential) heuristics for A* on weighted grids: ALT.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/payload_fwd.hpp"
#include "pathing/detail/queue/radix_heap.hpp"
#include "pathing/error.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/grid_stamp.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/map_sync.hpp"
#include "pathing/map/moves.hpp"

namespace pathing {

/// The width of a `LandmarkMap`'s stored distances (`LandmarkOptions::storage`; docs/landmarks.md,
/// "Storage").
enum class LandmarkStorage : std::uint8_t {
  /// 4 bytes a distance, 1 to 24 fraction bits (the default: the most precise bound).
  bits32,
  /// 2 bytes a distance, 0 to 24 fraction bits: half the memory, 8 landmarks of a cell in one
  /// 128-bit load (SSE2 / NEON). A map whose distances do not fit 16 bits even at 0 fraction bits
  /// (twice its farthest distance 65535 cost units or more) is stored with 32 bits instead
  /// (`LandmarkMap::storage()` says which; never an error, so `sync` can always rebuild).
  bits16,
  /// 16 bits when that keeps at least `LandmarkMap::kAutomaticFractionBits` fraction bits, else
  /// 32 bits.
  automatic,
};

/// How a `LandmarkMap` is built.
struct LandmarkOptions {
  /// Landmarks to place, in [1, `LandmarkMap::kMaxLandmarks`]. Default 8. Memory and the
  /// heuristic's cost per generated node grow linearly with it.
  int count = 8;
  /// The moves the distances follow (default 8: octile, no corner cutting). A map built for
  /// 8-connected moves also serves 4-connected queries (admissible, weaker); a 4-connected map
  /// serves only 4-connected queries.
  Connectivity connectivity = Connectivity::eight;
  /// The width of the stored distances (default `LandmarkStorage::bits32`; `LandmarkStorage`).
  LandmarkStorage storage = LandmarkStorage::bits32;
};

namespace detail {

/// max over i < n of |a[i] - b[i]| (16-bit landmark distances): the landmark term of A*'s h.
/// Chunks of 8 go through the compiler's 128-bit vectors on GCC and Clang (one load, two
/// saturating subtractions and a horizontal max on SSE2 / NEON); the rest, and every element on
/// other compilers, one at a time. O(n).
[[nodiscard]] PATHING_ALWAYS_INLINE inline std::uint32_t max_gap16(const std::uint16_t* a,
                                                                   const std::uint16_t* b,
                                                                   std::size_t n) noexcept {
  std::uint32_t m = 0;
  std::size_t i = 0;
#if defined(__GNUC__) || defined(__clang__)
  using V = std::uint16_t __attribute__((vector_size(16)));
  if (n >= 8) {
    const V zero{};
    V best{};
    for (; i + 8 <= n; i += 8) {
      V va;
      V vb;
      __builtin_memcpy(&va, a + i, sizeof va);
      __builtin_memcpy(&vb, b + i, sizeof vb);
      const V d = (va > vb ? va - vb : zero) | (vb > va ? vb - va : zero);
      best = best > d ? best : d;
    }
    V s = __builtin_shufflevector(best, best, 4, 5, 6, 7, 0, 1, 2, 3);
    best = best > s ? best : s;
    s = __builtin_shufflevector(best, best, 2, 3, 0, 1, 6, 7, 4, 5);
    best = best > s ? best : s;
    s = __builtin_shufflevector(best, best, 1, 0, 3, 2, 5, 4, 7, 6);
    best = best > s ? best : s;
    m = best[0];
  }
#endif
  for (; i < n; ++i) {
    const std::uint32_t x = a[i];
    const std::uint32_t y = b[i];
    const std::uint32_t d = x > y ? x - y : y - x;
    m = d > m ? d : m;
  }
  return m;
}

}  // namespace detail

/// Landmark heuristics for `AStar` on any layer (ALT: Goldberg & Harrelson, "Computing the
/// shortest path: A* search meets graph theory", SODA 2005; differential heuristics: Sturtevant,
/// Felner, Barer, Schaeffer & Burch, "Memory-based heuristics for explicit state spaces", IJCAI
/// 2009); docs/landmarks.md. Pass it as `SearchOptions::landmarks`.
///
/// The bound. Moves are directed (entering b costs cost(b), times sqrt 2 on a diagonal), so a
/// symmetric metric is made with the potential phi(n) = cost(n) / 2: a path P from n to g costs
/// r(P) + phi(g) - phi(n), where a move a -> b has the reduced cost cost(b) + phi(a) - phi(b) =
/// (cost(a) + cost(b)) / 2 when straight, and at least cost_lo (sqrt 2 - 1/2) + cost_hi / 2 when
/// diagonal (lo, hi: the smaller and larger of the two costs). Those reduced costs, with sqrt 2
/// rounded down, define a symmetric metric r' below r, and the map stores, for every cell n and
/// landmark L, the distance D(L, n) in r'. Then
///   h(n) = max over landmarks of |D(L, goal) - D(L, n)| + phi(goal) - phi(n)
/// is admissible and consistent (triangle inequality, then the potential's telescoping sum), and
/// A* takes max(octile bound, h): paths stay optimal. On uniform-cost layers r' is the octile
/// metric itself. Distances are integers in units of 2^-`fraction_bits()` of a cost unit
/// (straight move of cost 1 = 2^fraction_bits()), with the fraction bits chosen per map, 1 to 24
/// (the searches' own fixed point), so that twice the farthest distance fits in 32 bits: 24 on
/// maps whose paths cost below about 128 units, fewer on larger or dearer maps (every fraction
/// bit less halves the precision of sqrt 2, never admissibility). Cells no landmark path reaches
/// hold `kUnreached`.
///
/// Storage (`LandmarkOptions::storage`, `storage()`): 32-bit distances (the default) or 16-bit
/// ones (`kUnreached16` = not reached), by the same rule with 16 bits: fraction bits 0 to 24 such
/// that twice the farthest distance stays below 65535 (see `fraction_bits()`), falling back
/// to 32 bits when even 0 fraction bits do not fit. Fewer bits keep the bound exact in its own
/// metric: with b fraction bits every move's reduced cost is rounded down to a multiple of 2^-b
/// (a straight one floor((cost(a) + cost(b)) 2^b / 2), a diagonal one cost_lo floor(sqrt 2 2^b) +
/// floor((cost_hi - cost_lo) 2^b / 2)), which is symmetric, non-negative and never above the
/// move's reduced cost in the searches' own 2^-24 units; the stored distances are the exact
/// integer shortest-path distances of those rounded costs, so they form a metric (the triangle
/// inequality holds exactly, no rounding error accumulates along a path), and each term
/// |D(L, g) - D(L, n)| changes across a move by at most that move's rounded cost, at most its true
/// reduced cost. Hence h stays admissible AND consistent at any width; fewer bits only make it
/// weaker (docs/landmarks.md measures by how much). Both layouts are cell-major (the distances of
/// one cell contiguous), and A* picks its evaluation once per query (a template parameter), not
/// per generated cell.
///
/// Placement (deterministic): farthest-point selection (Goldberg & Harrelson's "farthest") in
/// the largest connected area (ties: the smaller row-major index; areas of equal size: the one
/// whose first cell comes first): the first landmark is the cell farthest from the area's first
/// cell, each next one the cell farthest from every landmark so far. An area with fewer cells
/// than landmarks gets as many as it has (`count()` may be below the count asked for). Other
/// areas get none: queries there run with the octile bound alone.
///
/// Staying current (the pattern of `RegionMap`, with one difference): the map records the
/// grid's `instance_id()`, `version()`, the layer and a copy of every cell's cost. `is_current`
/// compares them in O(1); A* with a map that is not current answers `stale` without searching.
/// `sync` after edits checks each edited cell against the cost copy: edits that only raise costs
/// or add walls keep the distances a lower bound (every move costs at least what it did), so the
/// map stays admissible and consistent and is just marked current (O(edits): `updated`; O(cells)
/// when the grid's edit log no longer holds the edits); an edit that lowers a cost or opens a
/// wall could make h overestimate, so the map is rebuilt (`rebuilt`). Raised costs make the
/// heuristic weaker until the next `build`.
///
/// Limits: at most `kMaxLandmarks` landmarks; any layer (costs 1..255). Memory: 4 bytes (16-bit
/// storage: 2) a cell per landmark plus 1 byte a cell (the cost copy); `build` also holds 16 bytes
/// a cell of scratch while it runs. Complexity: `build` runs k + 2 Dijkstra searches over the grid,
/// O(k cells log C); `lower_bound` O(k). Thread-safety: const members may run concurrently (any
/// number of searchers may read one map); `build` and `sync` must not run concurrently with
/// anything else on it. Errors: `build` (and the constructor) throw `std::invalid_argument` naming
/// the value for a count outside [1, kMaxLandmarks] (`create` is the non-throwing form; without
/// exceptions such a call changes nothing); queries never throw.
class LandmarkMap {
 public:
  /// The most landmarks a map may hold.
  static constexpr int kMaxLandmarks = 32;
  /// The distance of a cell no path reaches from the landmark (or an impassable cell).
  static constexpr std::uint32_t kUnreached = 0xFFFFFFFFu;
  /// The 16-bit storage's `kUnreached`.
  static constexpr std::uint16_t kUnreached16 = 0xFFFFu;
  /// `LandmarkStorage::automatic` takes 16 bits when they keep at least this many fraction bits.
  static constexpr int kAutomaticFractionBits = 4;

  /// An empty map (never built: current for no grid, `count()` 0). Allocates nothing.
  LandmarkMap() = default;

  /// The map of `grid` under `layer` (`build`).
  /// @throws std::invalid_argument as `build`.
  LandmarkMap(const Grid& grid, const GridLayer& layer, const LandmarkOptions& options = {}) {
    build(grid, layer, options);
  }

  /// The non-throwing form of the constructor: the map, or nothing when `build` would throw; then
  /// `*error` (when not null) holds `ErrorCode::invalid_argument` and the message naming the
  /// value. O(as build).
  [[nodiscard]] static std::optional<LandmarkMap> create(const Grid& grid, const GridLayer& layer,
                                                         const LandmarkOptions& options = {},
                                                         Error* error = nullptr) {
    if (!validate(options, error)) return std::nullopt;
    LandmarkMap m;
    m.build(grid, layer, options);
    return m;
  }

  /// Places the landmarks and computes every cell's distances from scratch (class comment).
  /// Complexity: a flood and k + 2 Dijkstra searches of the grid (timings: docs/benchmarks.md).
  /// Allocates.
  /// @throws std::invalid_argument, changing nothing, for `options.count` outside [1,
  ///         kMaxLandmarks] or a connectivity other than four or eight; std::bad_alloc.
  void build(const Grid& grid, const GridLayer& layer, const LandmarkOptions& options = {}) {
    Error e;
    if (!validate(options, &e)) {
      PATHING_THROW(std::invalid_argument(e.message));
      return;
    }
    compute(grid, layer, options);
  }

  /// True when the map was built (or synced) from this very grid object at its current
  /// `version()` and with `layer`. O(1).
  [[nodiscard]] bool is_current(const Grid& grid, const GridLayer& layer) const noexcept {
    return stamp_.is_current(grid, layer);
  }
  /// True when built (or synced) from this very grid object at its current `version()`, whatever
  /// the layer. O(1).
  [[nodiscard]] bool is_current(const Grid& grid) const noexcept { return stamp_.is_current(grid); }

  /// Brings the map up to date with `grid` under `layer`: nothing when `is_current` (O(1):
  /// `current`); when it was built from this grid object with this layer and no cell's cost
  /// went down since `build` (no cost lowered, no wall opened: checked against the cost copy for
  /// the cells of the grid's edit log, or for every cell when the log no longer holds them all),
  /// marks it current (`updated`: O(edits), or O(cells) past the log); otherwise rebuilds
  /// (`rebuilt`, as `build` with the options of the last build). Afterwards `is_current(grid,
  /// layer)` holds. @throws std::bad_alloc only (a rebuild).
  MapSync sync(const Grid& grid, const GridLayer& layer) {
    if (is_current(grid, layer)) return MapSync::current;
    if (stamp_.same_source(grid, layer)) {
      std::array<GridCoord, Grid::kEditLogCapacity> edits;
      const std::size_t n = grid.edits_since(stamp_.grid_version, edits);
      bool lowered = false;
      if (n != Grid::kEditsUnknown) {
        for (std::size_t i = 0; i < n && !lowered; ++i)
          lowered = cost_went_down(grid, edits[i].x, edits[i].y);
      } else {
        for (int y = 0; y < stamp_.rows && !lowered; ++y)
          for (int x = 0; x < stamp_.cols && !lowered; ++x) lowered = cost_went_down(grid, x, y);
      }
      if (!lowered) {
        stamp_.record_version(grid);
        return MapSync::updated;
      }
    }
    compute(grid, layer, options_);
    return MapSync::rebuilt;
  }

  /// An admissible, consistent lower bound on the cost of the cheapest path from `a` to `b` (the
  /// move model of `options().connectivity`, the costs at build time or higher), in fixed-point
  /// units (`cost::kStraight` = one straight move of cost 1): max over the landmarks that reach
  /// both cells of |D(L, b) - D(L, a)|, plus (cost(b) - cost(a)) / 2 (costs at build time),
  /// floored at 0; 0 when a cell is off the grid or no landmark reaches both. Does not include the
  /// octile bound A* adds. The caller checks `is_current`. O(count()).
  [[nodiscard]] std::uint64_t lower_bound(GridCoord a, GridCoord b) const noexcept {
    if (!in_map(a) || !in_map(b)) return 0;
    std::uint32_t m = 0;
    bool any = false;
    for (int i = 0; i < count_; ++i) {
      const std::uint32_t x = distance(index(a), i);
      const std::uint32_t y = distance(index(b), i);
      if (x == kUnreached || y == kUnreached) continue;
      const std::uint32_t d = x > y ? x - y : y - x;
      m = d > m ? d : m;
      any = true;
    }
    if (!any) return 0;
    const std::uint64_t up = (std::uint64_t{m} << shift()) + potential(costs_[index(b)]);
    const std::uint64_t down = potential(costs_[index(a)]);
    return up > down ? up - down : 0;
  }

  /// The potential of a cell of layer cost `cost` in the landmark bound: cost * kStraight / 2
  /// (class comment), in fixed-point units. O(1).
  [[nodiscard]] static constexpr std::uint64_t potential(std::uint8_t cost) noexcept {
    return std::uint64_t{cost} << (cost::kFractionBits - 1);
  }

  /// The distances D(L_0, n) .. D(L_{count()-1}, n) of the cell of row-major index `cell`
  /// (y * cols + x), in units of 2^-`fraction_bits()` (`kUnreached`: not reached), when
  /// `storage()` is `LandmarkStorage::bits32`; null with 16-bit storage (`distances16`). The
  /// caller keeps `cell` below cols x rows. O(1).
  [[nodiscard]] const std::uint32_t* distances(std::size_t cell) const noexcept {
    if (storage_ != LandmarkStorage::bits32) return nullptr;
    return dist_.data() + cell * static_cast<std::size_t>(count_);
  }

  /// As `distances`, for 16-bit storage (`kUnreached16`: not reached); null with 32-bit storage.
  /// O(1).
  [[nodiscard]] const std::uint16_t* distances16(std::size_t cell) const noexcept {
    if (storage_ != LandmarkStorage::bits16) return nullptr;
    return dist16_.data() + cell * static_cast<std::size_t>(count_);
  }

  /// D(L_i, n) of the cell of row-major index `cell` whatever the storage, in units of
  /// 2^-`fraction_bits()`; `kUnreached` (also for 16-bit storage) when not reached. The caller
  /// keeps `cell` below cols x rows and `i` below `count()`. O(1).
  [[nodiscard]] std::uint32_t distance(std::size_t cell, int i) const noexcept {
    const std::size_t at = cell * static_cast<std::size_t>(count_) + static_cast<std::size_t>(i);
    if (storage_ == LandmarkStorage::bits32) return dist_[at];
    const std::uint16_t d = dist16_[at];
    return d == kUnreached16 ? kUnreached : d;
  }

  /// The width of the stored distances: `LandmarkStorage::bits32` or `bits16` (never
  /// `automatic`: what the build chose; see `LandmarkStorage`). `bits32` before the first build.
  [[nodiscard]] LandmarkStorage storage() const noexcept { return storage_; }

  /// Landmarks placed (0 before the first build; may be below the count asked for, see the class
  /// comment).
  [[nodiscard]] int count() const noexcept { return count_; }
  /// The landmark cells, in the order they were placed.
  [[nodiscard]] std::span<const GridCoord> landmarks() const noexcept {
    return {landmarks_.data(), landmarks_.size()};
  }
  /// Fraction bits of the stored distances (32-bit storage: 1..24; 16-bit: 0..24): distance units
  /// are 2^-fraction_bits() of a cost unit.
  [[nodiscard]] int fraction_bits() const noexcept { return fraction_bits_; }
  /// The options of the last build.
  [[nodiscard]] const LandmarkOptions& options() const noexcept { return options_; }
  /// Whether the map serves queries with `connectivity` (its own, or four for an 8-connected map).
  [[nodiscard]] bool serves(Connectivity connectivity) const noexcept {
    return connectivity == options_.connectivity || connectivity == Connectivity::four;
  }
  /// The `instance_id()` of the grid the map was built from (0: never built).
  [[nodiscard]] std::uint64_t grid_id() const noexcept { return stamp_.id(); }
  /// Columns of the grid the map was built from.
  [[nodiscard]] int cols() const noexcept { return stamp_.cols; }
  /// Rows of the grid the map was built from.
  [[nodiscard]] int rows() const noexcept { return stamp_.rows; }
  /// Bytes held: the distances (4 or 2 bytes each, `storage()`), the cost copy and the landmark
  /// cells. O(1).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return dist_.capacity() * sizeof(std::uint32_t) + dist16_.capacity() * sizeof(std::uint16_t) +
           costs_.capacity() + landmarks_.capacity() * sizeof(GridCoord);
  }

  /// Appends this map's payload to a precomputed file being written (pathing::io's format,
  /// docs/precomputed.md; `io::serialize_landmarks` writes the container around it and checks first
  /// that the map is current for the file's grid). O(cells x count()). Defined in the compiled
  /// pathing_io library (src/io/landmark_map_io.cpp), like `load_payload`: only code that links
  /// pathing::io calls them.
  /// @throws std::bad_alloc.
  void save_payload(io::detail::PayloadWriter& out) const;
  /// The map held by the payload of a file whose container was checked for `grid` under
  /// `layer` (the options and landmarks checked, every distance checked against the bound's
  /// contract on the grid: the bound stays admissible and consistent), current for `grid`. O(cells
  /// x count()).
  /// @throws io::PrecomputedError naming the byte of the first field that does not fit;
  /// std::bad_alloc.
  [[nodiscard]] static LandmarkMap load_payload(const io::detail::PayloadReader& in,
                                                const Grid& grid, const GridLayer& layer);

 private:
  [[nodiscard]] static bool validate(const LandmarkOptions& o, Error* error) noexcept {
    if (o.count < 1 || o.count > kMaxLandmarks) {
      detail::report(error, ErrorCode::invalid_argument,
                     "pathing::LandmarkMap: count = " + std::to_string(o.count) +
                         " is outside [1, " + std::to_string(kMaxLandmarks) + "]");
      return false;
    }
    if (o.connectivity != Connectivity::four && o.connectivity != Connectivity::eight) {
      detail::report(error, ErrorCode::invalid_argument,
                     "pathing::LandmarkMap: connectivity = " +
                         std::to_string(static_cast<int>(o.connectivity)) + " is not 4 or 8");
      return false;
    }
    if (o.storage != LandmarkStorage::bits32 && o.storage != LandmarkStorage::bits16 &&
        o.storage != LandmarkStorage::automatic) {
      detail::report(
          error, ErrorCode::invalid_argument,
          "pathing::LandmarkMap: storage = " + std::to_string(static_cast<int>(o.storage)) +
              " is not bits32, bits16 or automatic");
      return false;
    }
    return true;
  }

  [[nodiscard]] int shift() const noexcept { return cost::kFractionBits - fraction_bits_; }
  [[nodiscard]] bool in_map(GridCoord c) const noexcept {
    return c.x >= 0 && c.y >= 0 && c.x < stamp_.cols && c.y < stamp_.rows;
  }
  [[nodiscard]] std::size_t index(GridCoord c) const noexcept {
    return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(stamp_.cols) +
           static_cast<std::size_t>(c.x);
  }
  [[nodiscard]] bool cost_went_down(const Grid& grid, int x, int y) const noexcept {
    const std::uint8_t now = stamp_.layer.cost_of_cell(grid.cell_unchecked(x, y));
    const std::uint8_t then = costs_[index(GridCoord{x, y})];
    return now != 0 && (then == 0 || now < then);
  }

  // Calls f(m, diagonal) for each cell m a move of the map's connectivity leads to from the
  // passable cell v: m passable, and for a diagonal both orthogonal cells passable.
  template <class F>
  void for_each_move(std::size_t v, F&& f) const {
    constexpr int kDx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
    constexpr int kDy[8] = {0, 1, 0, -1, 1, 1, -1, -1};
    const auto cols = static_cast<std::size_t>(stamp_.cols);
    const int x = static_cast<int>(v % cols);
    const int y = static_cast<int>(v / cols);
    const auto passable = [&](int px, int py) {
      return px >= 0 && py >= 0 && px < stamp_.cols && py < stamp_.rows &&
             costs_[static_cast<std::size_t>(py) * cols + static_cast<std::size_t>(px)] != 0;
    };
    const int dirs = options_.connectivity == Connectivity::eight ? 8 : 4;
    for (int dir = 0; dir < dirs; ++dir) {
      const int nx = x + kDx[dir];
      const int ny = y + kDy[dir];
      if (!passable(nx, ny)) continue;
      if (dir >= 4 && (!passable(nx, y) || !passable(x, ny))) continue;  // no corner cutting
      f(static_cast<std::size_t>(ny) * cols + static_cast<std::size_t>(nx), dir >= 4);
    }
  }

  // Dijkstra from `source` over the symmetric metric r' with straight unit `su` and diagonal
  // unit `du` per cost (class comment): `dist` (cells; kInf = not reached) receives the
  // distances. Returns the largest finite distance.
  static constexpr std::uint64_t kInf = ~std::uint64_t{0};

 public:
  /// The length in the landmark metric of a move between cells of layer costs `ca` and `cb`
  /// (straight or `diagonal`) with `su` = 2^b units a straight cost unit and `du` = floor(sqrt 2
  /// 2^b): floor((ca + cb) su / 2) straight, lo du + floor((hi - lo) su / 2) diagonal (class
  /// comment; for b >= 1 both exact halves). Symmetric in `ca`, `cb`. The loader of saved maps
  /// checks distances against it. O(1).
  [[nodiscard]] static constexpr std::uint64_t move_length(std::uint64_t ca, std::uint64_t cb,
                                                           bool diagonal, std::uint64_t su,
                                                           std::uint64_t du) noexcept {
    if (!diagonal) return (ca + cb) * su / 2;
    const std::uint64_t lo = ca < cb ? ca : cb;
    const std::uint64_t hi = ca < cb ? cb : ca;
    return lo * du + (hi - lo) * su / 2;
  }

 private:
  std::uint64_t dijkstra(std::size_t source, std::uint64_t su, std::uint64_t du,
                         std::vector<std::uint64_t>& dist) {
    std::fill(dist.begin(), dist.end(), kInf);
    heap_.clear();
    dist[source] = 0;
    heap_.push(0, static_cast<std::uint32_t>(source));
    std::uint64_t far = 0;
    while (!heap_.empty()) {
      // (Not a structured binding: clang before 16 cannot capture one in the lambda below.)
      const auto item = heap_.pop();
      const std::uint64_t d = item.key;
      const std::uint32_t v = item.value;
      if (d != dist[v]) continue;
      far = d;
      const std::uint8_t cv = costs_[v];
      for_each_move(v, [&](std::size_t m, bool diagonal) {
        const std::uint64_t nd = d + move_length(cv, costs_[m], diagonal, su, du);
        if (nd < dist[m]) {
          dist[m] = nd;
          heap_.push(nd, static_cast<std::uint32_t>(m));
        }
      });
    }
    return far;
  }

  void compute(const Grid& grid, const GridLayer& layer, const LandmarkOptions& options) {
    options_ = options;
    stamp_.layer = layer;
    stamp_.cols = grid.cols();
    stamp_.rows = grid.rows();
    const std::size_t n = grid.cell_count();
    costs_.resize(n);
    for (int y = 0; y < stamp_.rows; ++y)
      for (int x = 0; x < stamp_.cols; ++x)
        costs_[index(GridCoord{x, y})] = layer.cost_of_cell(grid.cell_unchecked(x, y));
    landmarks_.clear();
    count_ = 0;
    fraction_bits_ = cost::kFractionBits;
    storage_ = LandmarkStorage::bits32;
    dist_.clear();
    dist16_.clear();
    std::vector<std::uint64_t> dist(n);
    std::vector<std::uint64_t> nearest(n);  // distance to the nearest landmark so far
    // The largest area: its first cell (row-major) as the seed. Areas are labelled by one flood
    // each (`nearest` holds the labels here, 0 = not labelled yet).
    std::size_t seed = n;
    std::size_t best_size = 0;
    std::fill(nearest.begin(), nearest.end(), 0);
    std::vector<std::uint32_t> stack;
    std::uint64_t label = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (costs_[i] == 0 || nearest[i] != 0) continue;
      ++label;
      nearest[i] = label;
      stack.assign(1, static_cast<std::uint32_t>(i));
      std::size_t size = 0;
      while (!stack.empty()) {
        const std::uint32_t v = stack.back();
        stack.pop_back();
        ++size;
        for_each_move(v, [&](std::size_t m, bool) {
          if (nearest[m] == 0) {
            nearest[m] = label;
            stack.push_back(static_cast<std::uint32_t>(m));
          }
        });
      }
      if (size > best_size) {
        best_size = size;
        seed = i;
      }
    }
    if (seed != n) {
      // Fraction bits: any two cells of the area lie within 2 far of each other (through the
      // seed; the metric is symmetric), so 2 far (+ slack for the rounded diagonal) must fit.
      // 16 bits: the same rule without the slack. With b fraction bits every move's length is at
      // most its 24-bit length >> (24 - b) (`move_length` rounds down), so every distance from
      // a landmark is at most 2 (far >> (24 - b)): below kUnreached16 when this loop stops
      // with `fits16`.
      const std::uint64_t far = dijkstra(seed, cost::kStraight, cost::kDiagonal, dist);
      int bits = cost::kFractionBits;
      while (bits > 1 && (2 * (far >> (cost::kFractionBits - bits)) + (far >> 20) + 64) >=
                             std::uint64_t{kUnreached})
        --bits;
      int bits16 = cost::kFractionBits;
      while (bits16 > 0 &&
             2 * (far >> (cost::kFractionBits - bits16)) >= std::uint64_t{kUnreached16})
        --bits16;
      const bool fits16 = 2 * (far >> (cost::kFractionBits - bits16)) < std::uint64_t{kUnreached16};
      bool narrow = false;
      if (options.storage == LandmarkStorage::bits16) narrow = fits16;
      if (options.storage == LandmarkStorage::automatic)
        narrow = fits16 && bits16 >= kAutomaticFractionBits;
      if (narrow) {
        storage_ = LandmarkStorage::bits16;
        if (!place(seed, bits16, dist, nearest)) storage_ = LandmarkStorage::bits32;
      }
      if (storage_ == LandmarkStorage::bits32) place(seed, bits, dist, nearest);
    } else if (options.storage != LandmarkStorage::bits32) {
      storage_ = LandmarkStorage::bits16;  // no passable cell: nothing stored, any width fits
    }
    stamp_.record(grid, layer);
  }

  // Farthest-point placement and the distance table (in `storage_`'s width), in units of
  // 2^-bits; retried with fewer bits if a distance would not fit (the rule above makes that
  // unreachable in practice). False (16-bit storage only) when even the fewest bits do not fit:
  // the caller then places again with 32 bits.
  bool place(std::size_t seed, int bits, std::vector<std::uint64_t>& dist,
             std::vector<std::uint64_t>& nearest) {
    const std::size_t n = costs_.size();
    const bool narrow = storage_ == LandmarkStorage::bits16;
    const std::uint64_t limit = narrow ? std::uint64_t{kUnreached16} : std::uint64_t{kUnreached};
    const int fewest = narrow ? 0 : 1;
    for (;;) {
      const std::uint64_t su = std::uint64_t{1} << bits;
      const std::uint64_t du = cost::kDiagonal >> (cost::kFractionBits - bits);
      fraction_bits_ = bits;
      const int k = options_.count;
      dist_.clear();
      dist16_.clear();
      if (narrow)
        dist16_.assign(n * static_cast<std::size_t>(k), kUnreached16);
      else
        dist_.assign(n * static_cast<std::size_t>(k), kUnreached);
      landmarks_.clear();
      landmarks_.reserve(static_cast<std::size_t>(k));
      count_ = 0;
      // Distances from the seed pick the first landmark; `nearest` then tracks the distance to
      // the closest landmark placed.
      dijkstra(seed, su, du, nearest);
      bool overflow = false;
      for (int i = 0; i < k && !overflow; ++i) {
        std::size_t pick = n;
        std::uint64_t best = 0;
        for (std::size_t c = 0; c < n; ++c) {
          if (nearest[c] != kInf && nearest[c] > best) {
            best = nearest[c];
            pick = c;
          }
        }
        if (i > 0 && pick == n) break;  // every cell of the area is a landmark already
        if (pick == n) pick = seed;     // a one-cell area
        landmarks_.push_back(
            GridCoord{static_cast<int>(pick % static_cast<std::size_t>(stamp_.cols)),
                      static_cast<int>(pick / static_cast<std::size_t>(stamp_.cols))});
        dijkstra(pick, su, du, dist);
        for (std::size_t c = 0; c < n; ++c) {
          if (dist[c] == kInf) continue;
          if (dist[c] >= limit) {
            overflow = true;
            break;
          }
          const std::size_t at = c * static_cast<std::size_t>(k) + static_cast<std::size_t>(i);
          if (narrow)
            dist16_[at] = static_cast<std::uint16_t>(dist[c]);
          else
            dist_[at] = static_cast<std::uint32_t>(dist[c]);
          if (i == 0 || dist[c] < nearest[c]) nearest[c] = dist[c];
        }
        ++count_;
      }
      if (!overflow) break;
      if (bits == fewest) {
        if (narrow) {
          dist16_.clear();
          dist16_.shrink_to_fit();
          return false;
        }
        break;
      }
      --bits;
    }
    // Keep count_ values a cell (the stride the searches read).
    if (count_ < options_.count) {
      landmarks_.shrink_to_fit();
      if (narrow)
        compact(dist16_);
      else
        compact(dist_);
    }
    if (narrow) {
      dist_.shrink_to_fit();
    } else {
      dist16_.shrink_to_fit();
    }
    return true;
  }

  template <class T>
  void compact(std::vector<T>& d) {
    const std::size_t n = costs_.size();
    const auto k = static_cast<std::size_t>(options_.count);
    const auto m = static_cast<std::size_t>(count_);
    for (std::size_t c = 0; c < n; ++c)
      for (std::size_t i = 0; i < m; ++i) d[c * m + i] = d[c * k + i];
    d.resize(n * m);
    d.shrink_to_fit();
  }

  LandmarkOptions options_{};
  std::vector<std::uint32_t> dist_;    // 32-bit storage, cell-major: dist_[cell * count_ + i]
  std::vector<std::uint16_t> dist16_;  // 16-bit storage, the same layout
  LandmarkStorage storage_ = LandmarkStorage::bits32;
  std::vector<std::uint8_t> costs_;  // each cell's layer cost at build time
  std::vector<GridCoord> landmarks_;
  detail::RadixHeap<std::uint32_t> heap_;
  int count_ = 0;
  int fraction_bits_ = cost::kFractionBits;
  detail::GridStamp stamp_;  // the grid, version, size and layer it was built from
};

static_assert(GridDerived<LandmarkMap>);

}  // namespace pathing
