// pathing: fast grid path-finding. MIT licensed.
//
// The definitions of `AStar` (search/astar.hpp): the query front-ends and the search loop.
// Included by astar.hpp in header-only builds, and by the compiled library's source otherwise
// (`PATHING_COMPILED`).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/moves/cell_reader.hpp"
#include "pathing/detail/moves/neighbors.hpp"
#include "pathing/detail/nodes/cell_key.hpp"
#include "pathing/detail/nodes/index_space.hpp"
#include "pathing/detail/nodes/node_table.hpp"
#include "pathing/detail/nodes/reconstruct.hpp"
#include "pathing/detail/queue/binary_heap.hpp"
#include "pathing/detail/queue/level_queue.hpp"
#include "pathing/detail/queue/two_level_queue.hpp"
#include "pathing/detail/reserve.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/map/path.hpp"
#include "pathing/precompute/landmark_map.hpp"
#include "pathing/search/bit_bfs/bit_bfs.hpp"
#include "pathing/search/bit_bfs/bit_bfs_kernels.hpp"
#include "pathing/search/bit_bfs/passable_bits_avx2.hpp"
#include "pathing/search/query/grid_query.hpp"
#include "pathing/search/query/sliced_query.hpp"
#include "pathing/search/query/unit_query.hpp"
#include "pathing/search/result.hpp"
#include "pathing/search/searcher.hpp"

#include "pathing/search/astar.hpp"
#include "pathing/search/astar/astar_heuristic.hpp"

namespace pathing {

template <Connectivity C, class Space, bool Bounded, bool Uni, bool Sliced, int LmBits, class Queue>
inline void AStar::search(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer,
                          detail::NodeTable& table, const Space& space, Queue& open_list,
                          const SearchLimits& limits, SearchStatus& status, GridCoord& finish,
                          SearchStats& stats) {
  // Queue: LevelQueue (f = g + h), TwoLevelQueue (4-connected and every passable cell of the
  // layer costs the same: f grows by 0 or 2 c), WeightedOpenList (f = g + w h).
  constexpr bool kUniform = std::is_same_v<Queue, detail::TwoLevelQueue>;
  constexpr bool kWeighted = std::is_same_v<Queue, WeightedOpenList>;
  // LmBits: 0 no landmarks, 32 or 16 the landmark map's storage (`LandmarkMap::storage`).
  static_assert(LmBits == 0 || LmBits == 16 || LmBits == 32);
  constexpr bool Lm = LmBits != 0;
  using LmWord = std::conditional_t<LmBits == 16, std::uint16_t, std::uint32_t>;
  constexpr bool kIncremental = !kWeighted && !Lm && C == Connectivity::four;
  static_assert(!Lm || (!Bounded && !kUniform));
  static_assert(!kUniform || (C == Connectivity::four && Uni));
  static_assert(!Bounded || C == Connectivity::four);
  static_assert(!Sliced || !Bounded);
  // Sliced: a call after the first resumes the loop where the last one paused (the open list and
  // node records are as it left them; its carried locals come back from `cursor_`).
  bool resume = false;
  if constexpr (Sliced) resume = cursor_.started;
  const std::uint64_t hscale = layer.min_passable_cost();
  const std::uint64_t max_g = cost::from_units(limits.max_cost);  // NaN, < 0: 0; +inf: none
  // Bounded mode: each step also costs 1 fixed-point unit (`eps`), and h counts the Manhattan
  // steps left too (still admissible and consistent): among the cheapest paths the one with the
  // fewest steps wins, and f stays constant along an ideal path.
  constexpr std::uint64_t eps = Bounded ? 1 : 0;
  // h: octile (Manhattan 4-connected) distance times hscale, plus eps a step
  // (`detail::OctileHeuristic`); with landmarks the larger of that and the landmarks' bound
  // (`detail::LandmarkBound`, 16- or 32-bit storage).
  const detail::OctileHeuristic<C> octile_h(hscale, eps, to);
  const std::uint64_t hs = octile_h.straight_step();
  const int tx = to.x;
  const int ty = to.y;
  using Bound = std::conditional_t<Lm, detail::LandmarkBound<LmWord>, detail::NoLandmarkBound>;
  const Bound lm_bound = [&] {
    if constexpr (Lm) {
      return Bound(*landmarks_, space.index(tx, ty), layer.cost_at(grid, to));
    } else {
      return Bound{};
    }
  }();
  // h of cell (nx, ny), whose layer cost is `c` (landmarks only). Forced inline where landmarks
  // call it (`h_body`: GCC otherwise calls it out of line from each of the 8 moves); without
  // landmarks through `h_of`, inlined at the compiler's choice.
  const auto h_body = [&](int nx, int ny, [[maybe_unused]] std::uint8_t c)
                          PATHING_ALWAYS_INLINE -> std::uint64_t {
    std::uint64_t h = octile_h(nx, ny);
    if constexpr (Lm) {
      const std::uint64_t hl = lm_bound(space.index(nx, ny), c);
      h = hl > h ? hl : h;
    }
    if constexpr (kWeighted) h = weighted(h);
    return h;
  };
  const auto h_of = [&](int nx, int ny, std::uint8_t c) -> std::uint64_t {
    return h_body(nx, ny, c);
  };
  std::ptrdiff_t delta[8];
  for (unsigned d = 0; d < 8; ++d) delta[d] = space.delta(static_cast<Direction8>(d));
  constexpr std::uint64_t kUnit[8] = {cost::kStraight, cost::kStraight, cost::kStraight,
                                      cost::kStraight, cost::kDiagonal, cost::kDiagonal,
                                      cost::kDiagonal, cost::kDiagonal};
  constexpr int kOx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
  constexpr int kOy[8] = {0, 1, 0, -1, 1, 1, -1, -1};
  // The key of a neighbour is the cell's key plus kKeyStep[d] (`detail::cell_key_step`).
  constexpr std::uint32_t kKeyStep[8] = {
      detail::cell_key_step(kOx[0], kOy[0]), detail::cell_key_step(kOx[1], kOy[1]),
      detail::cell_key_step(kOx[2], kOy[2]), detail::cell_key_step(kOx[3], kOy[3]),
      detail::cell_key_step(kOx[4], kOy[4]), detail::cell_key_step(kOx[5], kOy[5]),
      detail::cell_key_step(kOx[6], kOy[6]), detail::cell_key_step(kOx[7], kOy[7])};

  const detail::CellReader cells(grid, layer);
  const std::uint8_t* pass = nullptr;
  if constexpr (C == Connectivity::eight) {
    pass_table_.update(layer);
    pass = pass_table_.data();
  }
  if (!resume) table.next_generation();
  const std::uint32_t open = table.open_stamp();
  const std::uint32_t closed = table.closed_stamp();
  detail::NodeRecord* const nodes = table.data();
  std::uint8_t* const depth = Bounded ? depth_.data() : nullptr;

  std::uint64_t h0 = 0;
  if constexpr (Lm) {
    // The start may lie outside every landmark's area (an impassable start: its own cost is
    // ignored): `at_start` leaves out the landmarks that do not reach it.
    std::uint64_t h = octile_h(from.x, from.y);
    const std::uint64_t hl =
        lm_bound.at_start(space.index(from.x, from.y), layer.cost_at(grid, from));
    h = hl > h ? hl : h;
    if constexpr (kWeighted) h = weighted(h);
    h0 = h;
  } else {
    h0 = h_of(from.x, from.y, 0);
  }
  if (!resume) {
    const auto s = static_cast<std::uint32_t>(space.index(from.x, from.y));
    nodes[s] = detail::NodeRecord{0, open, detail::kNoParent};
    if constexpr (Bounded && !kUniform) depth[s] = 0;
    // 4-connected on a uniform layer every step costs hs: f grows by 0 or 2 hs (TwoLevelQueue).
    open_list.start(h0, 2 * hs, detail::cell_key(from.x, from.y));
  }

  // Goal index; a goal off the grid, or (bounded mode) outside the search window, gets an index no
  // node has: the window index of a cell outside the window aliases a cell inside it.
  bool goal_indexed = grid.in_bounds(to);
  if constexpr (Bounded) {
    goal_indexed = goal_indexed && std::abs(to.x - from.x) <= detail::WindowSpace::kRadius &&
                   std::abs(to.y - from.y) <= detail::WindowSpace::kRadius;
  }
  const std::uint32_t goal =
      goal_indexed ? static_cast<std::uint32_t>(space.index(to.x, to.y)) : ~std::uint32_t{0};
  // Bounded mode: a node deeper than 56 steps is not expanded (closed, and the search remembers
  // it), and the search stops with too_far only once f exceeds the dearest path of 56 steps
  // (`deep_cut`): before that a path of <= 56 steps to the goal may still be found.
  std::uint64_t deep_cut = 0;
  bool too_deep = false;
  if constexpr (Bounded) {
    const std::uint64_t max_step = layer.max_cost();
    deep_cut = GridPath::kMaxSteps * (max_step * cost::kStraight + 1);
  }
  // Locals, not the caller's structs: stores to the node records could alias those.
  const std::uint64_t max_expansions = limits.max_expansions;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 1;
  GridCoord best = from;
  // Closest expanded cell so far, by h (unweighted: strictly increasing with the distance, so the
  // same order); the earliest expanded on ties.
  std::uint64_t best_dist = (kWeighted || Lm) ? distance_fixed(C, from, to) : h0;
  std::uint64_t best_g = 0;
  SearchStatus result = SearchStatus::unreachable;
  bool pruned = false;
  [[maybe_unused]] std::uint64_t stop_at = 0;  // sliced: pause once `expanded` reaches it
  if constexpr (Sliced) {
    if (resume) {
      expanded = cursor_.expanded;
      generated = cursor_.generated;
      best = cursor_.best;
      best_dist = cursor_.best_dist;
      best_g = cursor_.best_g;
      pruned = cursor_.pruned;
    }
    const std::uint64_t room = ~std::uint64_t{0} - expanded;
    stop_at = expanded + (cursor_.budget < room ? cursor_.budget : room);
  }

  while (!open_list.empty()) {
    if constexpr (Sliced) {
      // Out of budget: pause between two pops (nothing half done), keeping the carried locals.
      if (expanded >= stop_at) {
        cursor_ =
            SliceCursor{cursor_.budget, true, pruned, expanded, generated, best_dist, best_g, best};
        stats.expanded = expanded;
        stats.generated = generated;
        status = SearchStatus::in_progress;
        finish = best;
        return;
      }
    }
    // Stale duplicates (the node was improved or closed since) are dropped level by level by a
    // queue that can (LevelQueue), else skipped below.
    const std::uint32_t xy = open_list.pop([&](std::uint32_t v, std::uint64_t pushed_g) {
      const detail::NodeRecord& r =
          nodes[space.index(detail::cell_key_x(v), detail::cell_key_y(v))];
      return r.stamp == open && r.g == pushed_g;
    });
    if constexpr (Queue::kDropsStale) {
      if (xy == detail::LevelQueue::kNil) continue;
    }
    const std::uint64_t f_cur = open_list.last();
    const int x = detail::cell_key_x(xy);
    const int y = detail::cell_key_y(xy);
    const auto node = static_cast<std::uint32_t>(space.index(x, y));
    detail::NodeRecord& rec = nodes[node];
    if (rec.stamp != open) continue;  // closed already: a stale duplicate
    if constexpr (Bounded) {
      // Steps from the start: uniform costs make g = steps * hs.
      const std::uint64_t steps = kUniform ? rec.g / hs : depth[node];
      if (steps > GridPath::kMaxSteps) {
        if (f_cur > deep_cut) {
          result = SearchStatus::too_far;
          break;
        }
        too_deep = true;
        rec.stamp = closed;
        rec.g = 0;
        continue;
      }
    }
    if (node == goal) {
      result = SearchStatus::found;
      best = to;
      break;
    }
    if (expanded >= max_expansions) [[unlikely]] {
      result = SearchStatus::expansion_limit;
      break;
    }
    const std::uint64_t g = rec.g;
    // Closed records keep g = 0, so "ng < g" alone rejects them below.
    rec.stamp = closed;
    rec.g = 0;
    ++expanded;
    {
      std::uint64_t d;
      if constexpr (kWeighted || Lm) {
        d = distance_fixed(C, GridCoord{x, y}, to);
      } else {
        d = f_cur - g;  // h of this node
      }
      if (d < best_dist) {
        best_dist = d;
        best = GridCoord{x, y};
        best_g = g;
      }
    }

    std::uint8_t cost[8];
    unsigned mask;
    if constexpr (C == Connectivity::eight) {
      mask = cells.neighbors8(x, y, cost, pass);
    } else {
      mask = cells.neighbors<C>(x, y, cost);
    }
    // The neighbours' records: constant offsets from the records of this cell and of the cells
    // below and above it (three addresses in registers instead of an offset a direction). A row
    // off the grid is never read (no move leads there), but its address may lie off the node
    // table: it is computed as an integer, not by pointer arithmetic.
    detail::NodeRecord* const here = nodes + node;
    const auto row_step = [here](std::ptrdiff_t d) {
      return reinterpret_cast<detail::NodeRecord*>(
          reinterpret_cast<std::uintptr_t>(here) +
          static_cast<std::uintptr_t>(d * static_cast<std::ptrdiff_t>(sizeof(detail::NodeRecord))));
    };
    detail::NodeRecord* const below = row_step(delta[1]);
    detail::NodeRecord* const above = row_step(delta[3]);
    // The parent is closed: skip it (Direction8 d ^ 2 is the reverse of d).
    const unsigned parent = rec.parent;
    mask &= parent < 8 ? ~(1u << (parent ^ 2u)) : ~0u;
    [[maybe_unused]] const std::uint8_t next_depth =
        (Bounded && !kUniform) ? static_cast<std::uint8_t>(depth[node] + 1) : 0;
    const auto relax = [&]<unsigned D>() PATHING_ALWAYS_INLINE {
      // Uni: every passable cell costs hscale.
      const std::uint64_t step = (Uni ? hscale * kUnit[D] : cost[D] * kUnit[D]) + eps;
      const std::uint64_t ng = g + step;
      constexpr int kRow = kOy[D];
      detail::NodeRecord& nr = (kRow > 0 ? below : (kRow < 0 ? above : here))[kOx[D]];
      // New (stamp of an older query), or open with a larger g; closed ones hold g = 0.
      const bool better = (nr.stamp < open) | (ng < nr.g);
      if (!better) return;
      if (ng > max_g) [[unlikely]] {
        pruned = true;
        return;
      }
      nr = detail::NodeRecord{ng, open, static_cast<std::uint8_t>(D)};
      if constexpr (Bounded && !kUniform)
        depth[static_cast<std::ptrdiff_t>(node) + delta[D]] = next_depth;
      const int nx = x + kOx[D];
      const int ny = y + kOy[D];
      std::uint64_t f;
      if constexpr (kIncremental) {
        // 4-connected, unweighted: the move changes the Manhattan h by -hs when it goes toward
        // the goal on its axis, by +hs otherwise (2^64-modular sums; f stays positive).
        bool toward;
        if constexpr (D == 0) toward = x < tx;
        if constexpr (D == 1) toward = y < ty;
        if constexpr (D == 2) toward = x > tx;
        if constexpr (D == 3) toward = y > ty;
        f = f_cur + step + (toward ? -hs : hs);
      } else {
        if constexpr (Lm)
          f = ng + h_body(nx, ny, cost[D]);  // weighted: w h
        else
          f = ng + h_of(nx, ny, cost[D]);  // weighted: h_of gives w h
      }
      open_list.push(f, xy + kKeyStep[D], ng);  // ties in f: larger g first
      ++generated;
    };
    // Successors are pushed straight moves first, each kind by decreasing cell index (down,
    // right, left, up; down-right, down-left, up-right, up-left): the last pushed pops first, so
    // among successors of equal f and g the smallest index goes first, as the tie rule says.
    if (mask & 2u) relax.template operator()<1>();
    if (mask & 1u) relax.template operator()<0>();
    if (mask & 4u) relax.template operator()<2>();
    if (mask & 8u) relax.template operator()<3>();
    if constexpr (C == Connectivity::eight) {
      if (mask & 16u) relax.template operator()<4>();
      if (mask & 32u) relax.template operator()<5>();
      if (mask & 128u) relax.template operator()<7>();
      if (mask & 64u) relax.template operator()<6>();
    }
  }
  stats.expanded = expanded;
  stats.generated = generated;
  status = result;
  if (status == SearchStatus::unreachable && too_deep) status = SearchStatus::too_far;
  if (status == SearchStatus::unreachable && pruned) status = SearchStatus::cost_limit;
  finish = best;
  finish_g_ = result == SearchStatus::found ? nodes[goal].g : best_g;
  if constexpr (Sliced) cursor_.started = false;
}

template <Connectivity C, class Space, bool Bounded, bool Sliced>
inline void AStar::dispatch(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer,
                            detail::NodeTable& table, const Space& space,
                            const SearchLimits& limits, SearchStatus& status, GridCoord& finish,
                            SearchStats& stats) {
  if constexpr (!Bounded) {
    if (landmarks_ != nullptr) {
      // The storage width picks the instance once per query (not per generated cell).
      const bool narrow = landmarks_->storage() == LandmarkStorage::bits16;
      if (weight_ != 1.0) {
        if (narrow)
          search<C, Space, false, false, Sliced, 16>(grid, from, to, layer, table, space,
                                                     weighted_open_, limits, status, finish, stats);
        else
          search<C, Space, false, false, Sliced, 32>(grid, from, to, layer, table, space,
                                                     weighted_open_, limits, status, finish, stats);
      } else {
        if (narrow)
          search<C, Space, false, false, Sliced, 16>(grid, from, to, layer, table, space, open_,
                                                     limits, status, finish, stats);
        else
          search<C, Space, false, false, Sliced, 32>(grid, from, to, layer, table, space, open_,
                                                     limits, status, finish, stats);
      }
      return;
    }
  }
  if (weight_ != 1.0) {
    search<C, Space, Bounded, false, Sliced, 0>(grid, from, to, layer, table, space, weighted_open_,
                                                limits, status, finish, stats);
  } else if (layer.uniform_cost() != 0) {
    if constexpr (C == Connectivity::four) {
      search<C, Space, Bounded, true, Sliced, 0>(grid, from, to, layer, table, space, uniform_open_,
                                                 limits, status, finish, stats);
    } else {
      search<C, Space, Bounded, true, Sliced, 0>(grid, from, to, layer, table, space, open_, limits,
                                                 status, finish, stats);
    }
  } else {
    search<C, Space, Bounded, false, Sliced, 0>(grid, from, to, layer, table, space, open_, limits,
                                                status, finish, stats);
  }
}

PATHING_FUNC BoundedResult AStar::build_path(const Grid& grid, const GridLayer& layer,
                                             GridCoord from, GridCoord to) {
  return bounded_query(grid, layer, from, to, nullptr);
}

PATHING_FUNC BoundedResult AStar::build_path(const Grid& grid, const GridLayer& layer,
                                             GridCoord from, GridCoord to,
                                             const RegionMap& regions) {
  return bounded_query(grid, layer, from, to, &regions);
}

PATHING_FUNC BoundedResult AStar::build_path(const Grid& grid, const GridLayer& layer,
                                             GridCoord from, GridCoord to,
                                             const ClearanceMap& clearance, int unit_size) {
  const detail::UnitSearch u = detail::bounded_unit_search(grid, layer, clearance, unit_size);
  if (u.status != SearchStatus::found) {
    cancel_query();
    return detail::refused_bounded_query(from, u.status);
  }
  return bounded_query(*u.grid, *u.layer, from, to, nullptr);
}

PATHING_FUNC BoundedResult AStar::build_path(const Grid& grid, const GridLayer& layer,
                                             GridCoord from, GridCoord to,
                                             const SearchOptions& options) {
  const detail::UnitSearch u = detail::start_bounded_query(grid, layer, options);
  if (u.status != SearchStatus::found) {
    cancel_query();  // as every other query of this object
    return detail::refused_bounded_query(from, u.status);
  }
  return bounded_query(*u.grid, *u.layer, from, to, options.regions);
}

PATHING_FUNC BoundedResult AStar::bounded_query(const Grid& grid, const GridLayer& layer,
                                                GridCoord from, GridCoord to,
                                                const RegionMap* regions) {
  cancel_query();  // the open lists are shared
  return detail::run_bounded_query(
      grid, layer, from, to, bit_bfs_, bit_parallel_, true, window_,
      [&](const detail::WindowSpace& space, GridCoord target, BoundedResult& r) {
        weight_ = 1.0;
        landmarks_ = nullptr;
        if (depth_.size() < detail::WindowSpace::kNodes) depth_.resize(detail::WindowSpace::kNodes);
        dispatch<Connectivity::four, detail::WindowSpace, true>(
            grid, from, target, layer, window_, space, {}, r.status, r.finish, r.stats);
      },
      [&](const BoundedResult&) { return static_cast<double>(finish_g_ / cost::kStraight); },
      regions);
}

PATHING_FUNC PathResult AStar::find_path(const Grid& grid, const GridLayer& layer, GridCoord from,
                                         GridCoord to, std::vector<GridCoord>& out,
                                         const SearchOptions& options) {
  cancel_query();
  return detail::run_unbounded_query(
      grid, layer, from, to, out, options, full_, last_query_,
      [&](const Grid& g, const GridLayer& l) { return check_landmarks(g, l, options); },
      [&]<Connectivity C>(const Grid& g, const GridLayer& l, const detail::GridSpace& space,
                          GridCoord target, PathResult& r) {
        weight_ = options.weight;
        landmarks_ = options.landmarks;
        dispatch<C, detail::GridSpace, false>(g, from, target, l, full_, space, options.limits,
                                              r.status, r.finish, r.stats);
      });
}

PATHING_FUNC SearchStatus AStar::check_landmarks(const Grid& grid, const GridLayer& layer,
                                                 const SearchOptions& options) noexcept {
  const LandmarkMap* lm = options.landmarks;
  if (lm == nullptr) return SearchStatus::found;
  if (!lm->serves(options.connectivity)) return SearchStatus::unsupported;
  if (!lm->is_current(grid, layer)) return SearchStatus::stale;
  return SearchStatus::found;
}

PATHING_FUNC PathResult AStar::start_query(const Grid& grid, const GridLayer& layer, GridCoord from,
                                           GridCoord to, const SearchOptions& options) {
  sliced_.begin(grid, layer, from, to, options);
  cursor_.started = false;
  const PathResult r = sliced_.start(detail::start_unbounded_query(
      grid, layer, from, to, nullptr, options, full_, last_query_,
      [&](const Grid& g, const GridLayer& l) { return check_landmarks(g, l, options); }));
  if (r.status != SearchStatus::in_progress) return r;
  // The start node on the open list, nothing expanded: a call of the loop with no budget.
  return step_query(0);
}

PATHING_FUNC PathResult AStar::step_query(std::uint64_t budget) {
  const Grid& grid = *sliced_.grid;
  PathResult& r = sliced_.result;
  weight_ = sliced_.weight;
  landmarks_ = sliced_.landmarks;
  cursor_.budget = budget;
  const detail::GridSpace space(grid.cols());
  if (sliced_.connectivity == Connectivity::four) {
    dispatch<Connectivity::four, detail::GridSpace, false, true>(
        grid, sliced_.from, sliced_.target, sliced_.layer, full_, space, sliced_.limits, r.status,
        r.finish, r.stats);
  } else {
    dispatch<Connectivity::eight, detail::GridSpace, false, true>(
        grid, sliced_.from, sliced_.target, sliced_.layer, full_, space, sliced_.limits, r.status,
        r.finish, r.stats);
  }
  return sliced_.end_slice();
}

PATHING_FUNC PathResult AStar::continue_query(int max_expansions) {
  return sliced_.resume(
      max_expansions, [&] { return sliced_.grid_changed(); },
      [&](std::uint64_t budget) { return step_query(budget); });
}

PATHING_FUNC PathResult AStar::finish_query(std::vector<GridCoord>& out) {
  return sliced_.finish(
      out, [&] { return sliced_.grid_changed(); },
      [&](std::uint64_t budget) { return step_query(budget); },
      [&](PathResult& r, std::vector<GridCoord>& o) {
        // `partial` was applied when the search ended.
        detail::finish_unbounded_query(full_, *sliced_.grid, sliced_.layer, false, r, o);
      });
}

}  // namespace pathing
