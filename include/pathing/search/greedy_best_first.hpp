// pathing: fast grid path-finding. MIT licensed.
//
// Greedy best-first search: fast, not optimal.
#pragma once

#include <cstdint>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/search/bit_bfs/bit_bfs.hpp"
#include "pathing/detail/compiler.hpp"
#include "pathing/search/query/grid_query.hpp"
#include "pathing/detail/moves/cell_reader.hpp"
#include "pathing/detail/nodes/cell_key.hpp"
#include "pathing/detail/nodes/index_space.hpp"
#include "pathing/detail/nodes/node_table.hpp"
#include "pathing/detail/nodes/reconstruct.hpp"
#include "pathing/detail/queue/bucket_queue.hpp"
#include "pathing/detail/queue/hot_stack.hpp"
#include "pathing/detail/reserve.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/search/query/unit_query.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/map/path.hpp"
#include "pathing/search/result.hpp"
#include "pathing/search/searcher.hpp"

namespace pathing {

/// Greedy best-first search (seed: "Zero alloc pathfinding in Go"): always expands the open cell
/// closest to the goal, ignoring the cost walked so far. Much less work than A* on open maps;
/// paths are valid but not always shortest. Layer costs only decide passability (any non-zero
/// cost is walkable); the reported cost of an unbounded path is still its layer cost.
///
/// Open list: a "hot" LIFO stack for moves that bring the search closer to the goal, then a
/// 64-bucket queue keyed by distance to the goal (Manhattan; 8-connected: 5 * max(dx, dy) +
/// 2 * min(dx, dy), i.e. octile in fifths of a cell) with an exact overflow heap for keys outside
/// its 64-key window (the seed's queue wrapped keys modulo 64 and lost its order past ~312 cells).
/// A cell is pushed once: the first time it is reached (the visited set is the generation-stamped
/// parent map). Neighbours are generated right, down, left, up (then down-right, down-left,
/// up-left, up-right), so ties are deterministic.
///
/// Modes, results, memory and thread-safety are as for `AStar`: `build_path` is the seed's bounded
/// 56-step search (constant memory), `find_path` the unbounded one (5 bytes a grid cell:
/// `detail::ParentWorkspace`, a 4-byte generation stamp and a 1-byte parent direction; no g).
/// Allocation: none once warm.
class GreedyBestFirst {
 public:
  /// A searcher with no memory yet; it grows on first use.
  GreedyBestFirst() = default;
  /// A searcher whose unbounded workspace is sized for `cols` x `rows` grids up front.
  GreedyBestFirst(int cols, int rows) { reserve(cols, rows); }

  /// Sizes the unbounded workspace for grids up to `cols` x `rows` cells (never shrinks): the
  /// node arrays (5 bytes a cell) and the open list, room for a quarter of the cells in the bucket
  /// queue, as many in its overflow heap and in the hot stack (about 9 bytes a cell; at least 1024
  /// entries each). A cell is pushed at most once, so the open list never holds more entries than
  /// the grid has cells; a quarter is far more than the queries on the Moving AI benchmark maps
  /// need, so in practice no query on such a grid allocates (if one did, the open list would grow
  /// once and keep its capacity).
  /// @throws std::invalid_argument naming the value for a negative side or a size beyond the
  ///         Grid's limits (0 reserves nothing). Without exceptions such a size changes nothing.
  void reserve(int cols, int rows) {
    detail::reserve_or_throw(cols, rows, "pathing::GreedyBestFirst", [this](std::size_t n) { grow(n); });
  }

  /// The non-throwing form of `reserve`: false when `reserve` would throw, with nothing changed
  /// and `*error` (when not null) set to `ErrorCode::invalid_size` and a message naming the value
  /// (e.g. "pathing::GreedyBestFirst::reserve: cols = -1 is outside [0, 32768]"); false with
  /// `ErrorCode::out_of_memory` when an allocation fails (exceptions enabled). Else true.
  [[nodiscard]] bool try_reserve(int cols, int rows, Error* error = nullptr) noexcept {
    return detail::try_reserve_with(cols, rows, "pathing::GreedyBestFirst", error,
                                    [this](std::size_t n) { grow(n); });
  }

  /// Whether `build_path` may answer with the bit-parallel breadth-first search
  /// (`detail::BitBfs`; default true). Off, it always runs the greedy search, whose paths and
  /// statistics are those described above. O(1).
  void set_bit_parallel(bool on) noexcept { bit_parallel_ = on; }
  /// Whether `build_path` may use the bit-parallel search.
  [[nodiscard]] bool bit_parallel() const noexcept { return bit_parallel_; }

  /// Bounded search, the seed's `BuildPath`: 4-connected, at most 56 steps; arguments as for
  /// `AStar::build_path`. `cost` is the layer cost of the returned path. Unless
  /// `set_bit_parallel(false)`, a bit-parallel breadth-first search answers first when a path of at
  /// most 56 steps exists (`detail::BitBfs`: one 64-bit word a row, a few word operations a row and
  /// step, less work than the greedy search's queue on the seeds' maps): the path is then a
  /// shortest one, never longer than the greedy path, with the tie rule and statistics given at
  /// `AStar::build_path`. Otherwise the greedy search runs. Partial results end at the cell
  /// expanded closest to the goal (Manhattan, earliest on ties). See `AStar::build_path` for
  /// statuses. Complexity: O(k) for k cells within 57 steps of the start (k
  /// <= 6613), plus O(log) for keys outside the bucket window.
  BoundedResult build_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to);

  /// The same bounded search with the connected regions of `grid` under `layer` checked first
  /// (`SearchOptions::regions` for the bounded mode): `stale` (nothing searched, empty path,
  /// `finish = from`) unless `regions.is_current(grid, layer)`; `unreachable` at once (0
  /// expansions, empty path, `finish = from`) when `to` is on the grid and no path at all reaches
  /// it. Otherwise exactly `build_path(grid, layer, from, to)`: a goal in the start's region can
  /// still be `too_far` (the map knows nothing of the 56-step window). O(1) before the search.
  BoundedResult build_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                           const RegionMap& regions);

  /// The same bounded search for a unit of `unit_size` x `unit_size` cells (docs/clearance.md),
  /// as `AStar::build_path(grid, layer, from, to, clearance, unit_size)`: exactly
  /// `build_path(*clearance.unit_grid(unit_size), clearance.unit_layer(), from, to)`;
  /// `invalid_argument` for a size outside [1, `clearance.max_unit_size()`], `stale` unless
  /// `clearance.is_current(grid, layer)` (empty path, `finish = from`, nothing searched).
  BoundedResult build_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                           const ClearanceMap& clearance, int unit_size);

  /// Unbounded search over the whole grid, 4- or 8-connected (no corner cutting; default 8, as
  /// every search). Arguments as for `AStar::find_path`. `out` receives the cells from `from` to
  /// the end of the path (left unchanged when nothing was searched). `cost` is the layer cost of
  /// the returned path. Options: `limits.max_expansions` applies; a finite `limits.max_cost`
  /// gives `unsupported` (greedy search keeps no g, so it cannot honour it), and so do landmark
  /// heuristics (`landmarks`, A* only); any valid weight
  /// (>= 1) is accepted and changes nothing (greedy ordering is the w -> inf limit of weighted
  /// A*); a weight below 1 or NaN gives `invalid_argument`.
  PathResult find_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options = {});

  /// Whether the last unbounded query (`find_path`) expanded cell `c`. Same contract as
  /// `AStar::was_expanded`: exactly the `stats.expanded` cells (the goal of a `found` query is not
  /// expanded), false before the first unbounded query, after `invalid_endpoint` and outside that
  /// query's grid. O(1); not for hot paths.
  [[nodiscard]] bool was_expanded(GridCoord c) const noexcept {
    return last_query_.contains(c) && full_.stamps.is_closed(last_query_.index(c));
  }

  /// Bytes of working memory held.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return full_.bytes() + window_.bytes() + hot_.bytes() + queue_.bytes() + bit_bfs_.bytes();
  }

 private:
  friend struct detail::TestAccess;
  BoundedResult bounded_query(const Grid& grid, const GridLayer& layer, GridCoord from,
                              GridCoord to, const RegionMap* regions);
  void force_generation(std::uint32_t g) noexcept {
    full_.stamps.force_generation(g);
    window_.stamps.force_generation(g);
  }
  void grow(std::size_t n) {
    full_.ensure(n);
    const std::size_t entries = n / 4 < 1024 ? 1024 : n / 4;
    hot_.reserve(entries);
    queue_.reserve(entries);
    bit_bfs_.reserve();
  }

  struct Entry {
    std::uint32_t xy;     // detail::cell_key(x, y)
    std::uint32_t depth;  // steps from the start
  };

  template <Connectivity C>
  [[nodiscard]] static std::uint32_t key_of(int x, int y, GridCoord to) noexcept {
    const auto dx = static_cast<std::uint32_t>(x > to.x ? x - to.x : to.x - x);
    const auto dy = static_cast<std::uint32_t>(y > to.y ? y - to.y : to.y - y);
    if constexpr (C == Connectivity::four) {
      return dx + dy;
    } else {
      return dx > dy ? 5 * dx + 2 * dy : 5 * dy + 2 * dx;
    }
  }

  template <Connectivity C, class Space, bool Bounded>
  void search(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer,
              detail::ParentWorkspace& ws, const Space& space, const SearchLimits& limits,
              SearchStatus& status, GridCoord& finish, SearchStats& stats);

  detail::ParentWorkspace full_;
  detail::ParentWorkspace window_;
  detail::HotStack<Entry> hot_;
  detail::BucketQueue<Entry> queue_;
  detail::BitBfs bit_bfs_;  // bounded mode: the bit-parallel BFS tried first
  bool bit_parallel_ = true;
  detail::LastQueryArea last_query_;  // grid of the last unbounded query, for was_expanded
};

// ---------------------------------------------------------------------------------------------
// Implementation

template <Connectivity C, class Space, bool Bounded>
inline void GreedyBestFirst::search(const Grid& grid, GridCoord from, GridCoord to,
                              const GridLayer& layer, detail::ParentWorkspace& ws,
                              const Space& space, const SearchLimits& limits, SearchStatus& status,
                              GridCoord& finish, SearchStats& stats) {
  const detail::CellReader cells(grid, layer);
  std::ptrdiff_t delta[8];
  for (unsigned d = 0; d < 8; ++d) delta[d] = space.delta(static_cast<Direction8>(d));
  constexpr int kOx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
  constexpr int kOy[8] = {0, 1, 0, -1, 1, 1, -1, -1};
  const int tx = to.x;
  const int ty = to.y;

  ws.stamps.next_generation();
  const std::uint32_t seen = ws.stamps.generation();  // stamp >= seen: reached this query
  const std::uint32_t closed = seen + 1;
  std::uint32_t* const stamp = ws.stamps.data();
  std::uint8_t* const parent = ws.parent.data();
  hot_.clear();
  const std::uint32_t d0 = key_of<C>(from.x, from.y, to);
  queue_.reset(d0 > 48 ? d0 - 48 : 0);

  const auto s = space.index(from.x, from.y);
  stamp[s] = seen;
  parent[s] = detail::kNoParent;
  hot_.push(Entry{detail::cell_key(from.x, from.y), 0});

  // Locals, not the caller's structs: stores to the node arrays could alias those.
  const std::uint64_t max_expansions = limits.max_expansions;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 1;
  GridCoord best = from;
  std::uint32_t best_key = d0;
  SearchStatus result = SearchStatus::unreachable;

  for (;;) {
    Entry e;
    if (!hot_.empty()) {
      e = hot_.pop();
    } else if (!queue_.empty()) {
      e = queue_.pop();
    } else {
      break;
    }
    const int x = detail::cell_key_x(e.xy);
    const int y = detail::cell_key_y(e.xy);
    if constexpr (Bounded) {
      if (e.depth > static_cast<std::uint32_t>(GridPath::kMaxSteps)) {
        result = SearchStatus::too_far;
        break;
      }
    }
    if (x == tx && y == ty) {
      result = SearchStatus::found;
      best = to;
      break;
    }
    if (expanded >= max_expansions) [[unlikely]] {
      result = SearchStatus::expansion_limit;
      break;
    }
    ++expanded;
    const auto node = space.index(x, y);
    stamp[node] = closed;  // still "seen"; lets was_expanded tell expanded cells apart
    const std::uint32_t key = key_of<C>(x, y, to);
    if (key < best_key) {
      best_key = key;
      best = GridCoord{x, y};
    }
    std::uint8_t cost[8];
    unsigned mask = cells.neighbors<C>(x, y, cost);
    const unsigned from_dir = parent[node];  // the parent was seen: skip it
    mask &= from_dir < 8 ? ~(1u << (from_dir ^ 2u)) : ~0u;
    const std::uint32_t next_depth = e.depth + 1;
    const auto visit = [&]<unsigned D>() PATHING_ALWAYS_INLINE {
      const auto n = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(node) + delta[D]);
      if (stamp[n] >= seen) return;
      stamp[n] = seen;
      parent[n] = static_cast<std::uint8_t>(D);
      const int nx = x + kOx[D];
      const int ny = y + kOy[D];
      std::uint32_t nkey;
      if constexpr (C == Connectivity::four) {
        // The move changes the Manhattan distance by -1 toward the goal on its axis, else +1.
        bool toward;
        if constexpr (D == 0) toward = x < tx;
        if constexpr (D == 1) toward = y < ty;
        if constexpr (D == 2) toward = x > tx;
        if constexpr (D == 3) toward = y > ty;
        nkey = toward ? key - 1 : key + 1;
      } else {
        nkey = key_of<C>(nx, ny, to);
      }
      const Entry ne{detail::cell_key(nx, ny), next_depth};
      if (nkey < key) {
        hot_.push(ne);
      } else {
        queue_.push(nkey, ne);
      }
      ++generated;
    };
    if (mask & 1u) visit.template operator()<0>();
    if (mask & 2u) visit.template operator()<1>();
    if (mask & 4u) visit.template operator()<2>();
    if (mask & 8u) visit.template operator()<3>();
    if constexpr (C == Connectivity::eight) {
      if (mask & 16u) visit.template operator()<4>();
      if (mask & 32u) visit.template operator()<5>();
      if (mask & 64u) visit.template operator()<6>();
      if (mask & 128u) visit.template operator()<7>();
    }
  }
  stats.expanded = expanded;
  stats.generated = generated;
  status = result;
  finish = best;
}

inline BoundedResult GreedyBestFirst::build_path(const Grid& grid, const GridLayer& layer, GridCoord from,
                                           GridCoord to) {
  return bounded_query(grid, layer, from, to, nullptr);
}

inline BoundedResult GreedyBestFirst::build_path(const Grid& grid, const GridLayer& layer, GridCoord from,
                                           GridCoord to, const RegionMap& regions) {
  return bounded_query(grid, layer, from, to, &regions);
}

inline BoundedResult GreedyBestFirst::build_path(const Grid& grid, const GridLayer& layer, GridCoord from,
                                           GridCoord to, const ClearanceMap& clearance,
                                           int unit_size) {
  const detail::UnitSearch u = detail::bounded_unit_search(grid, layer, clearance, unit_size);
  if (u.status != SearchStatus::found) return detail::refused_bounded_query(from, u.status);
  return bounded_query(*u.grid, *u.layer, from, to, nullptr);
}

inline BoundedResult GreedyBestFirst::bounded_query(const Grid& grid, const GridLayer& layer,
                                              GridCoord from, GridCoord to,
                                              const RegionMap* regions) {
  return detail::run_bounded_query(
      grid, layer, from, to, bit_bfs_, bit_parallel_, false, window_,
      [&](const detail::WindowSpace& space, GridCoord target, BoundedResult& r) {
        search<Connectivity::four, detail::WindowSpace, true>(
            grid, from, target, layer, window_, space, {}, r.status, r.finish, r.stats);
      },
      [&](const BoundedResult& r) { return detail::bounded_path_cost(grid, layer, from, r.path); },
      regions);
}

inline PathResult GreedyBestFirst::find_path(const Grid& given_grid, const GridLayer& given_layer,
                                       GridCoord from, GridCoord to, std::vector<GridCoord>& out,
                                       const SearchOptions& options) {
  const detail::UnitSearch u = detail::unit_search(given_grid, &given_layer, options);
  if (u.status != SearchStatus::found) [[unlikely]] {
    last_query_ = {};
    return detail::refused_unit_query(from, u.status);
  }
  const Grid& grid = *u.grid;
  const GridLayer& layer = *u.layer;
  // No g is kept: a cost limit cannot be honoured; nor landmark heuristics (A* only).
  const SearchStatus refusal =
      (cost::from_units(options.limits.max_cost) != cost::kInfinite || options.landmarks != nullptr)
          ? SearchStatus::unsupported
          : SearchStatus::found;
  return detail::run_unbounded_query(
      grid, layer, from, to, out, options, full_, last_query_,
      [&]<Connectivity C>(const detail::GridSpace& space, GridCoord target, PathResult& r) {
        search<C, detail::GridSpace, false>(grid, from, target, layer, full_, space, options.limits,
                                            r.status, r.finish, r.stats);
      },
      refusal);
}

static_assert(BoundedGridSearcher<GreedyBestFirst>);

/// The former name of `GreedyBestFirst`, kept for one release. "Bfs" read as breadth-first
/// search, which this is not (the breadth-first search is `detail::BitBfs`).
using GreedyBfs [[deprecated("pathing::GreedyBfs is renamed pathing::GreedyBestFirst")]] =
    GreedyBestFirst;

}  // namespace pathing
