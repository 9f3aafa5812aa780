// pathing: fast grid path-finding. MIT licensed.
//
// The parts of `AStar`'s search loop (search/astar.hpp, `AStar::search`): the query's constants,
// the locals the loop carries from one expansion to the next, and the start, the pop, the closing
// of a node and its expansion as member functions the loop inlines.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <type_traits>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/moves/cell_reader.hpp"
#include "pathing/detail/nodes/cell_key.hpp"
#include "pathing/detail/nodes/index_space.hpp"
#include "pathing/detail/nodes/node_table.hpp"
#include "pathing/detail/queue/two_level_queue.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/map/path.hpp"
#include "pathing/precompute/landmark_map.hpp"
#include "pathing/search/astar/astar_heuristic.hpp"
#include "pathing/search/result.hpp"

namespace pathing::detail {

/// One run of `AStar`'s search loop (the loop itself is `AStar::search`'s): the query's constants,
/// the locals the loop carries from one expansion to the next (counters, the closest cell so far,
/// why the search stopped), and the parts of an iteration. Every member function is forced inline
/// and the object holds only scalars, pointers and references, so that its members become the
/// loop's own locals (registers): a pointer to it must never leave the inlined code (no call that
/// is not inlined may receive it).
///
/// Template parameters: `C` the moves; `Space` the node numbering (`GridSpace`; `WindowSpace` in
/// the bounded mode, `Bounded`: 4-connected, each step costs one fixed-point unit more, nodes
/// deeper than `GridPath::kMaxSteps` are not expanded); `Uni`: every passable cell of the layer
/// costs the same; `LmBits`: 0 without landmarks, else the landmark map's storage (16 or 32 bits);
/// `Weighted`: f = g + w h with w = `weight`; `Queue` the open list: `LevelQueue` (f = g + h),
/// `TwoLevelQueue` (4-connected on a uniform layer: f grows by 0 or 2 c) or the weighted one
/// (`AStar::WeightedOpenList`), each with start / push / pop(live) / last and `kDropsStale`.
///
/// h of a cell: its octile distance to the goal (Manhattan 4-connected) times the layer's smallest
/// cost, plus one unit a step in the bounded mode (`OctileHeuristic`), so that among the cheapest
/// paths the one with the fewest steps wins; with landmarks the larger of that and the landmarks'
/// bound (`LandmarkBound`); weighted, w times that (`weighted`). Admissible and consistent
/// unweighted.
template <Connectivity C, class Space, bool Bounded, bool Uni, int LmBits, bool Weighted,
          class Queue>
struct AStarLoop {
  static_assert(LmBits == 0 || LmBits == 16 || LmBits == 32);
  static constexpr bool kUniform = std::is_same_v<Queue, TwoLevelQueue>;
  static constexpr bool kLm = LmBits != 0;
  // 4-connected, unweighted, no landmarks: f of a successor from its parent's f.
  static constexpr bool kIncremental = !Weighted && !kLm && C == Connectivity::four;
  static_assert(!kLm || (!Bounded && !kUniform));
  static_assert(!kUniform || (C == Connectivity::four && Uni));
  static_assert(!Bounded || C == Connectivity::four);
  using LmWord = std::conditional_t<LmBits == 16, std::uint16_t, std::uint32_t>;
  /// The landmark bound of the query (an empty policy without landmarks).
  using Bound = std::conditional_t<kLm, LandmarkBound<LmWord>, NoLandmarkBound>;
  // Bounded mode: each step also costs 1 fixed-point unit, and h counts the steps left too.
  static constexpr std::uint64_t kEps = Bounded ? 1 : 0;
  // Per Direction8: the move's cost factor, cell offset, and key step (the key of a neighbour is
  // the cell's key plus kKeyStep[d], `cell_key_step`).
  static constexpr std::uint64_t kUnit[8] = {cost::kStraight, cost::kStraight, cost::kStraight,
                                             cost::kStraight, cost::kDiagonal, cost::kDiagonal,
                                             cost::kDiagonal, cost::kDiagonal};
  static constexpr int kOx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
  static constexpr int kOy[8] = {0, 1, 0, -1, 1, 1, -1, -1};
  static constexpr std::uint32_t kKeyStep[8] = {
      cell_key_step(kOx[0], kOy[0]), cell_key_step(kOx[1], kOy[1]), cell_key_step(kOx[2], kOy[2]),
      cell_key_step(kOx[3], kOy[3]), cell_key_step(kOx[4], kOy[4]), cell_key_step(kOx[5], kOy[5]),
      cell_key_step(kOx[6], kOy[6]), cell_key_step(kOx[7], kOy[7])};

  /// The node being expanded, as the relaxations of its moves read it.
  struct Expansion {
    int x;
    int y;
    std::uint32_t xy;    // packed cell (`cell_key`)
    std::uint32_t node;  // index in `Space`
    std::uint64_t g;
    std::uint64_t f;
    NodeRecord* here;         // its record
    NodeRecord* below;        // the record of the cell below it (the next row)
    NodeRecord* above;        // the record of the cell above it
    std::uint8_t next_depth;  // bounded mode: the successors' steps from the start
  };

  /// The landmark bound toward `to` (`lm` not null) with landmarks, the empty policy without
  /// (`lm` not read). O(landmarks).
  static Bound make_bound([[maybe_unused]] const LandmarkMap* lm, [[maybe_unused]] const Grid& grid,
                          [[maybe_unused]] const GridLayer& layer,
                          [[maybe_unused]] const Space& node_space,
                          [[maybe_unused]] GridCoord to) noexcept {
    if constexpr (kLm) {
      return Bound(*lm, node_space.index(to.x, to.y), layer.cost_at(grid, to));
    } else {
      return Bound{};
    }
  }

  /// The state of a search from `from` to `to` on `grid` under `layer` in `table` (whose current
  /// generation's stamps are taken: call `next_generation` first on a new query) with `limits`;
  /// `reader`, `bound` and `queue` are the query's cell reader, landmark bound and open list and
  /// must outlive the object; `pass_table` the 8-connected passability table (`PassTable::data`,
  /// updated for `layer`), `depths` the bounded mode's steps per node (else null), `w` the
  /// heuristic weight. The counters start as a new search's (1 generated: the start); nothing is
  /// written (`start` puts the start on the open list). O(landmarks).
  PATHING_ALWAYS_INLINE AStarLoop(const Grid& grid, const GridLayer& layer, GridCoord from,
                                  GridCoord to, const Space& node_space, NodeTable& table,
                                  const CellReader& reader, const Bound& bound, Queue& queue,
                                  const std::uint8_t* pass_table, std::uint8_t* depths, double w,
                                  const SearchLimits& limits) noexcept
      : space(node_space),
        cells(reader),
        lm_bound(bound),
        open_list(queue),
        pass(pass_table),
        nodes(table.data()),
        depth(depths),
        weight(w),
        hscale(layer.min_passable_cost()),
        max_g(cost::from_units(limits.max_cost)),  // NaN, < 0: 0; +inf: none
        octile_h(hscale, kEps, to),
        hs(octile_h.straight_step()),
        tx(to.x),
        ty(to.y),
        row_down(node_space.delta(Direction8::down)),
        row_up(node_space.delta(Direction8::up)),
        open(table.open_stamp()),
        closed(table.closed_stamp()),
        goal(goal_index(grid, node_space, from, to)),
        deep_cut(deep_cut_of(layer)),
        max_expansions(limits.max_expansions),
        h0(start_h(grid, layer, from)),
        best(from),
        // Unweighted without landmarks the closest cell is the one of smallest h (strictly
        // increasing with the distance: the same order).
        best_dist((Weighted || kLm) ? distance_fixed(C, from, to) : h0) {}

  /// w h, rounded down and saturated at 2^62 (any weight up to +inf), so that f = g + w h cannot
  /// overflow; h itself when w = 1 or h = 0. O(1).
  [[nodiscard]] PATHING_ALWAYS_INLINE std::uint64_t weighted(std::uint64_t h) const noexcept {
    if (weight == 1.0 || h == 0) return h;
    const double v = static_cast<double>(h) * weight;
    return v < 0x1p62 ? static_cast<std::uint64_t>(v) : std::uint64_t{1} << 62;
  }

  /// h of cell (nx, ny), whose layer cost is `c` (read with landmarks only); weighted, w h.
  /// O(1), O(landmarks) with landmarks.
  [[nodiscard]] PATHING_ALWAYS_INLINE std::uint64_t h_of(
      int nx, int ny, [[maybe_unused]] std::uint8_t c) const noexcept {
    std::uint64_t h = octile_h(nx, ny);
    if constexpr (kLm) {
      const std::uint64_t hl = lm_bound(space.index(nx, ny), c);
      h = hl > h ? hl : h;
    }
    if constexpr (Weighted) h = weighted(h);
    return h;
  }

  /// h of the start `from` (as `h_of`). It may lie outside every landmark's area (an impassable
  /// start: its own cost is ignored): `LandmarkBound::at_start` leaves out the landmarks that do
  /// not reach it. O(1), O(landmarks) with landmarks.
  [[nodiscard]] PATHING_ALWAYS_INLINE std::uint64_t start_h([[maybe_unused]] const Grid& grid,
                                                            [[maybe_unused]] const GridLayer& layer,
                                                            GridCoord from) const noexcept {
    if constexpr (kLm) {
      std::uint64_t h = octile_h(from.x, from.y);
      const std::uint64_t hl =
          lm_bound.at_start(space.index(from.x, from.y), layer.cost_at(grid, from));
      h = hl > h ? hl : h;
      if constexpr (Weighted) h = weighted(h);
      return h;
    } else {
      return h_of(from.x, from.y, 0);
    }
  }

  /// The node index of the goal `to`; an index no node has (~0) for a goal off the grid or, in the
  /// bounded mode, outside the search window (the window index of a cell outside the window
  /// aliases a cell inside it). O(1).
  [[nodiscard]] static std::uint32_t goal_index(const Grid& grid, const Space& node_space,
                                                [[maybe_unused]] GridCoord from,
                                                GridCoord to) noexcept {
    bool goal_indexed = grid.in_bounds(to);
    if constexpr (Bounded) {
      goal_indexed = goal_indexed && std::abs(to.x - from.x) <= WindowSpace::kRadius &&
                     std::abs(to.y - from.y) <= WindowSpace::kRadius;
    }
    return goal_indexed ? static_cast<std::uint32_t>(node_space.index(to.x, to.y))
                        : ~std::uint32_t{0};
  }

  /// Bounded mode: the f of the dearest path of `GridPath::kMaxSteps` steps on `layer`. A node
  /// deeper than that many steps is closed unexpanded (`too_deep`), and the search stops with
  /// `too_far` only once f exceeds this: before, a path of at most that many steps to the goal
  /// may still be found. 0 unbounded. O(1).
  [[nodiscard]] static std::uint64_t deep_cut_of([[maybe_unused]] const GridLayer& layer) noexcept {
    if constexpr (Bounded) {
      const std::uint64_t max_step = layer.max_cost();
      return GridPath::kMaxSteps * (max_step * cost::kStraight + 1);
    } else {
      return 0;
    }
  }

  /// Puts the start `from` on the open list, with g = 0 and no parent (a query's first run of the
  /// loop; a resumed one does not). O(1).
  PATHING_ALWAYS_INLINE void start(GridCoord from) {
    const auto s = static_cast<std::uint32_t>(space.index(from.x, from.y));
    nodes[s] = NodeRecord{0, open, kNoParent};
    if constexpr (Bounded && !kUniform) depth[s] = 0;
    // 4-connected on a uniform layer every step costs hs: f grows by 0 or 2 hs (TwoLevelQueue).
    open_list.start(h0, 2 * hs, cell_key(from.x, from.y));
  }

  /// Takes the next entry off the (non-empty) open list: its packed cell (`cell_key`); its f is
  /// `open_list.last()`. A queue that drops stale duplicates (`Queue::kDropsStale`: the node was
  /// improved or closed since) level by level does so here, and returns `LevelQueue::kNil` when
  /// every entry left was stale. O(1) amortised, plus the queue's level changes.
  PATHING_ALWAYS_INLINE std::uint32_t pop() {
    // The callback gets copies, not this object, which must not escape into the queue's calls.
    const NodeRecord* const records = nodes;
    const std::uint32_t open_mark = open;
    const Space& sp = space;
    return open_list.pop([records, open_mark, &sp](std::uint32_t v, std::uint64_t pushed_g) {
      const NodeRecord& r = records[sp.index(cell_key_x(v), cell_key_y(v))];
      return r.stamp == open_mark && r.g == pushed_g;
    });
  }

  /// Closes the open node `rec` at (x, y), of f `f`, and counts its expansion; keeps it as the
  /// closest cell to the goal if it is closer than every cell expanded before (the earliest
  /// expanded on ties). Its record keeps g = 0, so that "ng < g" alone rejects a closed successor.
  /// Returns its g. O(1).
  PATHING_ALWAYS_INLINE std::uint64_t close(NodeRecord& rec, int x, int y, std::uint64_t f) {
    const std::uint64_t g = rec.g;
    rec.stamp = closed;
    rec.g = 0;
    ++expanded;
    std::uint64_t d;
    if constexpr (Weighted || kLm) {
      d = distance_fixed(C, GridCoord{x, y}, GridCoord{tx, ty});
    } else {
      d = f - g;  // h of this node
    }
    if (d < best_dist) {
      best_dist = d;
      best = GridCoord{x, y};
      best_g = g;
    }
    return g;
  }

  /// Generates the successors of the node `node` at (x, y) (packed cell `xy`) just closed with g
  /// `g` and f `f`: reads its neighbours' passability and costs (`CellReader`), leaves out the
  /// parent (closed), and relaxes each allowed move. Straight moves are pushed first, each kind
  /// by decreasing cell index (down, right, left, up; down-right, down-left, up-right, up-left):
  /// the last pushed pops first, so among successors of equal f and g the smallest index goes
  /// first, as the tie rule says. O(1) (at most 8 moves) plus the open list's pushes.
  PATHING_ALWAYS_INLINE void expand(int x, int y, std::uint32_t xy, std::uint32_t node,
                                    std::uint64_t g, std::uint64_t f) {
    std::uint8_t cost[8];
    unsigned mask;
    if constexpr (C == Connectivity::eight) {
      mask = cells.neighbors8(x, y, cost, pass);
    } else {
      mask = cells.neighbors<C>(x, y, cost);
    }
    // The neighbours' records: constant offsets from the records of this cell and of the cells
    // below and above it (three addresses in registers instead of an offset a direction).
    NodeRecord* const here = nodes + node;
    const std::uint8_t next_depth =
        (Bounded && !kUniform) ? static_cast<std::uint8_t>(depth[node] + 1) : std::uint8_t{0};
    const Expansion e{
        x, y, xy, node, g, f, here, row_step(here, row_down), row_step(here, row_up), next_depth};
    // The parent is closed: skip it (Direction8 d ^ 2 is the reverse of d).
    const unsigned parent = here->parent;
    mask &= parent < 8 ? ~(1u << (parent ^ 2u)) : ~0u;
    if (mask & 2u) relax<1>(e, cost[1]);
    if (mask & 1u) relax<0>(e, cost[0]);
    if (mask & 4u) relax<2>(e, cost[2]);
    if (mask & 8u) relax<3>(e, cost[3]);
    if constexpr (C == Connectivity::eight) {
      if (mask & 16u) relax<4>(e, cost[4]);
      if (mask & 32u) relax<5>(e, cost[5]);
      if (mask & 128u) relax<7>(e, cost[7]);
      if (mask & 64u) relax<6>(e, cost[6]);
    }
  }

  /// The record `d` records after `here`. A row off the grid is never read (no move leads there),
  /// but its address may lie off the node table: it is computed as an integer, not by pointer
  /// arithmetic. O(1).
  [[nodiscard]] PATHING_ALWAYS_INLINE static NodeRecord* row_step(NodeRecord* here,
                                                                  std::ptrdiff_t d) noexcept {
    return reinterpret_cast<NodeRecord*>(
        reinterpret_cast<std::uintptr_t>(here) +
        static_cast<std::uintptr_t>(d * static_cast<std::ptrdiff_t>(sizeof(NodeRecord))));
  }

  /// Relaxes the move `D` (a `Direction8`) of the expansion `e` into a passable cell of layer
  /// cost `c`: a successor new to this query or reached with a smaller g than before is
  /// recorded (g, parent direction) and pushed with its f, unless g exceeds the cost limit (then
  /// `pruned`). O(1) plus the push.
  template <unsigned D>
  PATHING_ALWAYS_INLINE void relax(const Expansion& e, std::uint8_t c) {
    // Uni: every passable cell costs hscale.
    const std::uint64_t step = (Uni ? hscale * kUnit[D] : c * kUnit[D]) + kEps;
    const std::uint64_t ng = e.g + step;
    constexpr int kRow = kOy[D];
    NodeRecord& nr = (kRow > 0 ? e.below : (kRow < 0 ? e.above : e.here))[kOx[D]];
    // New (stamp of an older query), or open with a larger g; closed ones hold g = 0.
    const bool better = (nr.stamp < open) | (ng < nr.g);
    if (!better) return;
    if (ng > max_g) [[unlikely]] {
      pruned = true;
      return;
    }
    nr = NodeRecord{ng, open, static_cast<std::uint8_t>(D)};
    if constexpr (Bounded && !kUniform) {
      depth[static_cast<std::ptrdiff_t>(e.node) + space.delta(static_cast<Direction8>(D))] =
          e.next_depth;
    }
    open_list.push(successor_f<D>(e, step, ng, c), e.xy + kKeyStep[D], ng);  // ties: larger g
    ++generated;
  }

  /// f of the successor by move `D` of the expansion `e`, reached with g `ng` by a step of
  /// `step`, into a cell of layer cost `c`. 4-connected and unweighted without landmarks
  /// (`kIncremental`), from the parent's f: the move changes the Manhattan h by -hs when it goes
  /// toward the goal on its axis, by +hs otherwise (2^64-modular sums; f stays positive). Else
  /// ng + h (weighted: ng + w h). O(1), O(landmarks) with landmarks.
  template <unsigned D>
  [[nodiscard]] PATHING_ALWAYS_INLINE std::uint64_t successor_f(const Expansion& e,
                                                                std::uint64_t step,
                                                                std::uint64_t ng,
                                                                std::uint8_t c) const noexcept {
    if constexpr (kIncremental) {
      static_assert(D < 4);
      const bool toward = D == 0 ? e.x < tx : (D == 1 ? e.y < ty : (D == 2 ? e.x > tx : e.y > ty));
      return e.f + step + (toward ? -hs : hs);
    } else {
      return ng + h_of(e.x + kOx[D], e.y + kOy[D], c);
    }
  }

  // The query's constants.
  const Space& space;
  const CellReader& cells;
  const Bound& lm_bound;
  Queue& open_list;
  const std::uint8_t* const pass;  // 8-connected: `PassTable::data` for the layer
  NodeRecord* const nodes;
  std::uint8_t* const depth;  // bounded mode: steps from the start per node
  const double weight;
  const std::uint64_t hscale;  // the layer's smallest cost
  const std::uint64_t max_g;   // `SearchLimits::max_cost` in fixed point
  const OctileHeuristic<C> octile_h;
  const std::uint64_t hs;  // h of one straight step
  const int tx;            // the goal
  const int ty;
  const std::ptrdiff_t row_down;  // node index offsets of the next and the previous row
  const std::ptrdiff_t row_up;
  const std::uint32_t open;      // stamps of the open and closed records of this query
  const std::uint32_t closed;    // (closed records hold g = 0)
  const std::uint32_t goal;      // `goal_index`
  const std::uint64_t deep_cut;  // `deep_cut_of`
  const std::uint64_t max_expansions;
  const std::uint64_t h0;  // h of the start

  // The locals the loop carries (a sliced query saves and restores them between calls).
  std::uint64_t expanded = 0;
  std::uint64_t generated = 1;
  GridCoord best;            // the closest cell to the goal expanded so far (`close`)
  std::uint64_t best_dist;   // its distance (by h unweighted without landmarks)
  std::uint64_t best_g = 0;  // its g
  SearchStatus result = SearchStatus::unreachable;  // why the loop stopped
  bool pruned = false;                              // a successor was dropped for the cost limit
  bool too_deep = false;  // bounded mode: a node deeper than the step limit was closed
};

}  // namespace pathing::detail
