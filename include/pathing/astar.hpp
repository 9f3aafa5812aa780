// pathing: fast grid path-finding. MIT licensed.
//
// A* on the grid: bounded (seed mode, GridPath) and unbounded (whole grid, 4/8-connected).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "pathing/coord.hpp"
#include "pathing/detail/binary_heap.hpp"
#include "pathing/detail/search_space.hpp"
#include "pathing/grid.hpp"
#include "pathing/layer.hpp"
#include "pathing/moves.hpp"
#include "pathing/path.hpp"
#include "pathing/result.hpp"

namespace pathing {

/// A* search (Hart, Nilsson & Raphael 1968) on a `Grid` read through a `GridLayer`; seed:
/// "Going A-star". Costs come from the layer: entering a cell of layer cost c costs c (straight) or
/// c * sqrt(2) (diagonal); 0 = impassable. The heuristic is Manhattan (4-connected) or octile
/// (8-connected) distance times the layer's smallest cost, so paths are optimal.
///
/// Two modes:
/// - `build_path` (bounded, the seed's API): 4-connected, at most 56 steps, search confined to the
///   window of cells within 57 steps of the start; memory is constant (about 170 KB) whatever
///   the grid's size. Returns a 16-byte `GridPath`.
/// - `find_path` (unbounded): the whole grid, any length, 4- or 8-connected; writes the cells into
///   a caller-owned vector whose capacity is reused. Memory: 13 bytes a grid cell, grown on the
///   first query on a larger grid, plus the open list (as large as the queries need it; 24 bytes
///   a cell once `reserve` was called).
///
/// Open list: binary heap ordered by f = g + h, ties broken toward larger g (deeper nodes first),
/// then by the heap's fixed sift order: the same query always gives the same path. Duplicates are
/// pushed instead of decreased and skipped when popped (lazy deletion). Closed set and g costs
/// live in generation-stamped arrays, so starting a query is O(1).
///
/// Allocation: none once warm (the heap and arrays keep their capacity). Thread-safety: one
/// AStar per thread; many AStars may read the same `const Grid&` concurrently.
class AStar {
 public:
  /// An A* searcher with no memory yet; it grows on first use.
  AStar() = default;
  /// An A* searcher whose unbounded workspace is sized for grids of `cols` x `rows` cells, so the
  /// first query allocates nothing either.
  AStar(int cols, int rows) { reserve(cols, rows); }

  /// Sizes the unbounded workspace for grids up to `cols` x `rows` cells (never shrinks): the
  /// node arrays (13 bytes a cell) and the open list, one 24-byte entry a cell (at least 1024).
  /// With lazy deletion the open list could in theory outgrow the cell count; the largest seen
  /// is about 0.375 entries a cell (a 4-connected flood of a 256 x 256 map with an unreachable
  /// goal) and at most 0.125 on the Moving AI benchmark maps, so in practice no query on such a
  /// grid allocates; if one did, the open list would grow once and keep its capacity.
  /// @throws std::invalid_argument naming the value for a negative side or a size beyond the
  ///         Grid's limits (0 reserves nothing).
  void reserve(int cols, int rows) {
    const std::size_t n = detail::reserved_cells(cols, rows, "pathing::AStar");
    full_.ensure(n);
    heap_.reserve(n < 1024 ? 1024 : n);
    hot_.reserve(1024);
  }

  /// Weighted A* (Pohl 1970; the roguelike seed's "overestimating heuristic"): f = g + w * h.
  /// With w > 1 the search expands fewer nodes and the path costs at most w times the optimum.
  /// Values below 1 (or NaN) are taken as 1; any larger value works, up to +inf (the weighted h
  /// saturates at 2^62 fixed-point units: greedy ordering). Default 1 (optimal).
  void set_heuristic_weight(double w) noexcept { weight_ = (w >= 1.0) ? w : 1.0; }
  /// The heuristic weight in use.
  [[nodiscard]] double heuristic_weight() const noexcept { return weight_; }

  /// Bounded search, the seed's `BuildPath`: 4-connected, at most 56 steps.
  ///
  /// @return `steps` from `from` toward `to`; `cost` = sum of the layer costs of the cells entered;
  ///   `partial` unless the goal was reached, in which case `finish` is the cell reached closest to
  ///   the goal (Manhattan; the earliest expanded on ties) and `status` says why (`too_far`: the
  ///   goal needs more than 56 steps; `unreachable`; `invalid_endpoint` for a start outside the
  ///   grid, with an empty path and finish = from). `from == to` gives an empty, non-partial path.
  /// The start cell's own cost is ignored (a unit may stand on its own blocked cell).
  /// Complexity: O(k log k) for k cells within 57 steps of the start (k <= 6613).
  BoundedResult build_path(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer);

  /// Unbounded search over the whole grid.
  ///
  /// @param grid the map; only read.
  /// @param from start cell (its own cost is ignored).
  /// @param to goal cell.
  /// @param layer move costs of the cell values (0 = impassable).
  /// @param out receives the cells from `from` to the path's end, both included (cleared first;
  ///   left unchanged when the status is `invalid_endpoint`).
  /// @param conn 4- or 8-connected moves (8: octile costs, no corner cutting).
  /// @param limits optional expansion and cost caps.
  /// @return `found`, or a partial result ending at the cell closest to the goal that was
  ///   expanded, with the status that stopped the search (`unreachable`, `expansion_limit`,
  ///   `cost_limit`), or `invalid_endpoint` when `from` or `to` is outside the grid.
  /// Complexity: O(n log n) for n cells expanded (at most the reachable area); starting a query is
  /// O(1); nothing scales with the grid's size except a first use on a larger grid.
  PathResult find_path(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer,
                       std::vector<GridCoord>& out, Connectivity conn = Connectivity::eight,
                       const SearchLimits& limits = {});

  /// Whether the last unbounded query (`find_path`) expanded (closed) cell `c`: for drawing the
  /// searched area or counting it, not for hot paths. The cells expanded are exactly the
  /// `stats.expanded` ones: the goal of a `found` query is taken off the open list but not
  /// expanded, so it reads false. False before the first unbounded query, after one that ended
  /// with `invalid_endpoint`, and for cells outside that query's grid. Bounded queries
  /// (`build_path`) do not change the answer. O(1) (reads the generation stamps).
  [[nodiscard]] bool was_expanded(GridCoord c) const noexcept {
    return last_query_.contains(c) && full_.is_closed(last_query_.index(c));
  }

  /// Bytes of working memory held (bounded and unbounded workspaces, open list).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return full_.bytes() + window_.bytes() + heap_.capacity() * sizeof(OpenEntry) +
           hot_.capacity() * sizeof(std::uint32_t) + depth_.capacity();
  }

  /// Testing hook: sets both generation counters, e.g. near 2^32 to force the wrap-around.
  void debug_force_generation(std::uint32_t g) noexcept {
    full_.force_generation(g);
    window_.force_generation(g);
  }

 private:
  // Open-list entry: one 128-bit key = f (high 64 bits), h quantised to 2^-10 of a cell (next
  // 32 bits: equal f and smaller h means larger g), node index (low 32 bits: last tie-break).
  // Comparing two entries is one branch-free 128-bit comparison.
  __extension__ using OpenEntry = unsigned __int128;
  struct OpenLess {
    bool operator()(OpenEntry a, OpenEntry b) const noexcept { return a < b; }
  };
  static OpenEntry make_entry(std::uint64_t f, std::uint64_t h, std::uint32_t node) noexcept {
    return (static_cast<OpenEntry>(f) << 64) | (static_cast<OpenEntry>(quantise(h)) << 32) | node;
  }
  static std::uint32_t quantise(std::uint64_t h) noexcept {
    const std::uint64_t q = h >> 14;
    return q > 0xFFFFFFFFu ? 0xFFFFFFFFu : static_cast<std::uint32_t>(q);
  }

  template <Connectivity C, class Space, bool Bounded>
  void search(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer,
              detail::NodeTable& nodes, const Space& space, const SearchLimits& limits,
              SearchStatus& status, GridCoord& finish, SearchStats& stats);

  [[nodiscard]] std::uint64_t weighted(std::uint64_t h) const noexcept {
    if (weight_ == 1.0 || h == 0) return h;
    // Saturates at 2^62 (any weight up to +inf), so f = g + h cannot overflow.
    const double v = static_cast<double>(h) * weight_;
    return v < 0x1p62 ? static_cast<std::uint64_t>(v) : std::uint64_t{1} << 62;
  }

  detail::NodeTable full_;
  detail::NodeTable window_;
  std::vector<std::uint8_t> depth_;  // bounded mode: steps from the start per window node
  detail::BinaryHeap<OpenEntry, OpenLess> heap_;
  std::vector<std::uint32_t> hot_;  // successors with f equal to the current minimum (LIFO)
  double weight_ = 1.0;
  detail::LastQueryArea last_query_;  // grid of the last unbounded query, for was_expanded
};

// ---------------------------------------------------------------------------------------------
// Implementation

template <Connectivity C, class Space, bool Bounded>
inline void AStar::search(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer,
                          detail::NodeTable& nodes, const Space& space, const SearchLimits& limits,
                          SearchStatus& status, GridCoord& finish, SearchStats& stats) {
  const std::uint64_t hscale = layer.min_passable_cost();
  const std::uint64_t max_g = cost::from_units(limits.max_cost);  // NaN, < 0: 0; +inf: none
  // Bounded mode adds the step count to g and h alike (see `deep_cut` below): f stays constant
  // along an ideal path, so the f-equal bypass keeps working.
  auto h_of = [&](int x, int y) -> std::uint64_t {
    const std::uint64_t d = distance_fixed(C, GridCoord{x, y}, to);
    return weighted(hscale * d + (Bounded ? d / cost::kStraight : 0));
  };
  std::ptrdiff_t delta[8];
  for (unsigned d = 0; d < 8; ++d) delta[d] = space.delta(static_cast<Direction8>(d));

  nodes.next_generation();
  const std::uint32_t open = nodes.open_stamp();
  const std::uint32_t closed = nodes.closed_stamp();
  heap_.clear();
  hot_.clear();
  const auto s = static_cast<std::uint32_t>(space.index(from.x, from.y));
  nodes[s] = detail::NodeRecord{0, open, detail::kNoParent};
  if constexpr (Bounded) depth_[s] = 0;
  hot_.push_back(s);
  std::uint64_t f_cur = h_of(from.x, from.y);
  stats.generated = 1;

  // Goal index; a goal off the grid, or (bounded mode) outside the search window, gets an index no
  // node has: the window index of a cell outside the window aliases a cell inside it.
  bool goal_indexed = grid.in_bounds(to);
  if constexpr (Bounded) {
    goal_indexed = goal_indexed && std::abs(to.x - from.x) <= detail::WindowSpace::kRadius &&
                   std::abs(to.y - from.y) <= detail::WindowSpace::kRadius;
  }
  const std::uint32_t goal =
      goal_indexed ? static_cast<std::uint32_t>(space.index(to.x, to.y)) : ~std::uint32_t{0};
  GridCoord best = from;
  std::uint64_t best_dist = distance_fixed(C, from, to);
  status = SearchStatus::unreachable;
  bool pruned = false;
  // Bounded mode: each step also costs 1 fixed-point unit (and h counts the Manhattan steps
  // left: still admissible and consistent), so among the cheapest paths the one with the fewest
  // steps wins; a node deeper than 56 steps is not expanded, and the search stops
  // with too_far only once f exceeds the dearest path of 56 steps (`deep_cut`): before that a
  // path of <= 56 steps to the goal may still be found.
  std::uint64_t deep_cut = 0;
  bool too_deep = false;
  if constexpr (Bounded) {
    std::uint64_t max_step = 0;
    for (std::uint8_t v = 0; v < 16; ++v)
      if (layer.cost_of_cell(v) > max_step) max_step = layer.cost_of_cell(v);
    deep_cut = GridPath::kMaxSteps * (max_step * cost::kStraight + 1);
  }

  while (!hot_.empty() || !heap_.empty()) {
    std::uint32_t node;
    if (!hot_.empty()) {
      node = hot_.back();
      hot_.pop_back();
    } else {
      const OpenEntry top = heap_.pop();
      node = static_cast<std::uint32_t>(top);
      f_cur = static_cast<std::uint64_t>(top >> 64);
    }
    detail::NodeRecord& rec = nodes[node];
    if (rec.stamp != open) continue;  // closed already: a stale duplicate
    if constexpr (Bounded) {
      if (depth_[node] > GridPath::kMaxSteps) {
        if (f_cur > deep_cut) {
          status = SearchStatus::too_far;
          break;
        }
        too_deep = true;
        rec.stamp = closed;
        continue;
      }
    }
    if (node == goal) {
      status = SearchStatus::found;
      best = to;
      break;
    }
    if (stats.expanded >= limits.max_expansions) {
      status = SearchStatus::expansion_limit;
      break;
    }
    rec.stamp = closed;
    ++stats.expanded;
    const GridCoord c = space.coords(node);
    if (const std::uint64_t d = distance_fixed(C, c, to); d < best_dist) {
      best_dist = d;
      best = c;
    }
    const std::uint64_t g = rec.g;
    const std::uint8_t depth = Bounded ? depth_[node] : 0;
    detail::for_each_neighbor<C>(
        grid, layer, c.x, c.y, [&](int nx, int ny, Direction8 dir, std::uint64_t step) {
          const auto n = static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(node) +
                                                    delta[static_cast<unsigned>(dir)]);
          const std::uint64_t ng = g + step + (Bounded ? 1 : 0);
          detail::NodeRecord& nr = nodes[n];
          if (nr.stamp >= open) {
            if (nr.stamp != open || ng >= nr.g) return;  // closed, or no better
          }
          if (ng > max_g) {
            pruned = true;
            return;
          }
          nr.g = ng;
          nr.stamp = open;
          nr.parent = static_cast<std::uint8_t>(dir);
          if constexpr (Bounded) depth_[n] = static_cast<std::uint8_t>(depth + 1);
          const std::uint64_t h = h_of(nx, ny);
          // A successor whose f equals the current (minimum) f is among the best open nodes
          // and has a larger g than its parent: expand it next, bypassing the heap.
          if (ng + h == f_cur) {
            hot_.push_back(n);
          } else {
            heap_.push(make_entry(ng + h, h, n));
          }
          ++stats.generated;
        });
  }
  if (status == SearchStatus::unreachable && too_deep) status = SearchStatus::too_far;
  if (status == SearchStatus::unreachable && pruned) status = SearchStatus::cost_limit;
  finish = best;
}

inline BoundedResult AStar::build_path(const Grid& grid, GridCoord from, GridCoord to,
                                       const GridLayer& layer) {
  BoundedResult r;
  r.finish = from;
  if (!grid.in_bounds(from)) {
    r.partial = true;
    r.status = SearchStatus::invalid_endpoint;
    return r;
  }
  if (from == to) return r;
  window_.ensure(detail::WindowSpace::kNodes);
  if (depth_.size() < detail::WindowSpace::kNodes) depth_.resize(detail::WindowSpace::kNodes);
  const detail::WindowSpace space{from.x - detail::WindowSpace::kRadius,
                                  from.y - detail::WindowSpace::kRadius};
  // A goal off the grid can still be approached: the search heads for it and returns a partial
  // path.
  search<Connectivity::four, detail::WindowSpace, true>(
      grid, from, detail::bounded_target(from, to), layer, window_, space, {}, r.status, r.finish,
      r.stats);
  r.partial = r.status != SearchStatus::found;
  r.steps = detail::reconstruct_steps(window_, space, r.finish);
  r.cost = static_cast<int>(window_[space.index(r.finish.x, r.finish.y)].g / cost::kStraight);
  return r;
}

inline PathResult AStar::find_path(const Grid& grid, GridCoord from, GridCoord to,
                                   const GridLayer& layer, std::vector<GridCoord>& out,
                                   Connectivity conn, const SearchLimits& limits) {
  PathResult r;
  r.finish = from;
  if (!grid.in_bounds(from) || !grid.in_bounds(to)) {
    r.status = SearchStatus::invalid_endpoint;
    last_query_ = {};
    return r;
  }
  full_.ensure(grid.cell_count());
  last_query_ = {grid.cols(), grid.rows()};
  const detail::GridSpace space(grid.cols());
  if (conn == Connectivity::four) {
    search<Connectivity::four, detail::GridSpace, false>(grid, from, to, layer, full_, space,
                                                         limits, r.status, r.finish, r.stats);
  } else {
    search<Connectivity::eight, detail::GridSpace, false>(grid, from, to, layer, full_, space,
                                                          limits, r.status, r.finish, r.stats);
  }
  const detail::CellPathCost pc =
      detail::reconstruct_cells(full_, space, grid, layer, r.finish, out);
  r.cost_fixed = full_[space.index(r.finish.x, r.finish.y)].g;
  r.cost = cost::exact_length(pc.straight, pc.diagonal);
  r.steps = pc.steps;
  return r;
}

}  // namespace pathing
