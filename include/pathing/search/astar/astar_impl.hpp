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
#include "pathing/search/astar/astar_loop.hpp"

namespace pathing {

template <Connectivity C, class Space, bool Bounded, bool Uni, bool Sliced, int LmBits, class Queue>
inline void AStar::search(const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer,
                          detail::NodeTable& table, const Space& space, Queue& open_list,
                          const SearchLimits& limits, SearchStatus& status, GridCoord& finish,
                          SearchStats& stats) {
  // The query's constants, the carried locals and the parts of an iteration:
  // `detail::AStarLoop` (its members inlined here, its fields this loop's locals).
  using Loop = detail::AStarLoop<C, Space, Bounded, Uni, LmBits,
                                 std::is_same_v<Queue, WeightedOpenList>, Queue>;
  static_assert(!Sliced || !Bounded);
  // Sliced: a call after the first resumes the loop where the last one paused (the open list and
  // node records are as it left them; its carried locals come back from `cursor_`).
  bool resume = false;
  if constexpr (Sliced) resume = cursor_.started;
  const typename Loop::Bound lm_bound = Loop::make_bound(landmarks_, grid, layer, space, to);
  const detail::CellReader cells(grid, layer);
  const std::uint8_t* pass = nullptr;
  if constexpr (C == Connectivity::eight) {
    pass_table_.update(layer);
    pass = pass_table_.data();
  }
  if (!resume) table.next_generation();
  Loop loop(grid, layer, from, to, space, table, cells, lm_bound, open_list, pass,
            Bounded ? depth_.data() : nullptr, weight_, limits);
  if (!resume) loop.start(from);
  [[maybe_unused]] std::uint64_t stop_at = 0;  // sliced: pause once `expanded` reaches it
  if constexpr (Sliced) {
    if (resume) {
      loop.expanded = cursor_.expanded;
      loop.generated = cursor_.generated;
      loop.best = cursor_.best;
      loop.best_dist = cursor_.best_dist;
      loop.best_g = cursor_.best_g;
      loop.pruned = cursor_.pruned;
    }
    const std::uint64_t room = ~std::uint64_t{0} - loop.expanded;
    stop_at = loop.expanded + (cursor_.budget < room ? cursor_.budget : room);
  }

  while (!open_list.empty()) {
    if constexpr (Sliced) {
      // Out of budget: pause between two pops (nothing half done), keeping the carried locals.
      if (loop.expanded >= stop_at) {
        cursor_ = SliceCursor{cursor_.budget, true,           loop.pruned, loop.expanded,
                              loop.generated, loop.best_dist, loop.best_g, loop.best};
        stats.expanded = loop.expanded;
        stats.generated = loop.generated;
        status = SearchStatus::in_progress;
        finish = loop.best;
        return;
      }
    }
    const std::uint32_t xy = loop.pop();
    if constexpr (Queue::kDropsStale) {
      if (xy == detail::LevelQueue::kNil) continue;
    }
    const std::uint64_t f_cur = open_list.last();
    const int x = detail::cell_key_x(xy);
    const int y = detail::cell_key_y(xy);
    const auto node = static_cast<std::uint32_t>(space.index(x, y));
    detail::NodeRecord& rec = loop.nodes[node];
    if (rec.stamp != loop.open) continue;  // closed already: a stale duplicate
    if constexpr (Bounded) {
      // Steps from the start: uniform costs make g = steps * hs.
      const std::uint64_t steps = Loop::kUniform ? rec.g / loop.hs : loop.depth[node];
      if (steps > GridPath::kMaxSteps) {
        if (f_cur > loop.deep_cut) {
          loop.result = SearchStatus::too_far;
          break;
        }
        loop.too_deep = true;
        rec.stamp = loop.closed;
        rec.g = 0;
        continue;
      }
    }
    if (node == loop.goal) {
      loop.result = SearchStatus::found;
      loop.best = to;
      break;
    }
    if (loop.expanded >= loop.max_expansions) [[unlikely]] {
      loop.result = SearchStatus::expansion_limit;
      break;
    }
    const std::uint64_t g = loop.close(rec, x, y, f_cur);
    loop.expand(x, y, xy, node, g, f_cur);
  }
  stats.expanded = loop.expanded;
  stats.generated = loop.generated;
  status = loop.result;
  if (status == SearchStatus::unreachable && loop.too_deep) status = SearchStatus::too_far;
  if (status == SearchStatus::unreachable && loop.pruned) status = SearchStatus::cost_limit;
  finish = loop.best;
  finish_g_ = loop.result == SearchStatus::found ? loop.nodes[loop.goal].g : loop.best_g;
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
