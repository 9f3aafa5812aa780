// pathing: fast grid path-finding. MIT licensed.
//
// The definitions of `GreedyBestFirst` (search/greedy_best_first.hpp): the query front-ends and
// the search loop. Included by greedy_best_first.hpp in header-only builds, and by the compiled
// library's source otherwise (`PATHING_COMPILED`).
#pragma once

#include <cstdint>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/moves/cell_reader.hpp"
#include "pathing/detail/nodes/cell_key.hpp"
#include "pathing/detail/nodes/index_space.hpp"
#include "pathing/detail/nodes/node_table.hpp"
#include "pathing/detail/nodes/reconstruct.hpp"
#include "pathing/detail/queue/bucket_queue.hpp"
#include "pathing/detail/queue/hot_stack.hpp"
#include "pathing/detail/reserve.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/map/path.hpp"
#include "pathing/search/bit_bfs/bit_bfs.hpp"
#include "pathing/search/bit_bfs/bit_bfs_kernels.hpp"
#include "pathing/search/bit_bfs/passable_bits_avx2.hpp"
#include "pathing/search/query/grid_query.hpp"
#include "pathing/search/query/unit_query.hpp"
#include "pathing/search/result.hpp"
#include "pathing/search/searcher.hpp"

#include "pathing/search/greedy_best_first.hpp"

namespace pathing {

template <Connectivity C, class Space, bool Bounded>
inline void GreedyBestFirst::search(const Grid& grid, GridCoord from, GridCoord to,
                                    const GridLayer& layer, detail::ParentWorkspace& ws,
                                    const Space& space, const SearchLimits& limits,
                                    SearchStatus& status, GridCoord& finish, SearchStats& stats) {
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

PATHING_FUNC BoundedResult GreedyBestFirst::build_path(const Grid& grid, const GridLayer& layer,
                                                       GridCoord from, GridCoord to) {
  return bounded_query(grid, layer, from, to, nullptr);
}

PATHING_FUNC BoundedResult GreedyBestFirst::build_path(const Grid& grid, const GridLayer& layer,
                                                       GridCoord from, GridCoord to,
                                                       const RegionMap& regions) {
  return bounded_query(grid, layer, from, to, &regions);
}

PATHING_FUNC BoundedResult GreedyBestFirst::build_path(const Grid& grid, const GridLayer& layer,
                                                       GridCoord from, GridCoord to,
                                                       const ClearanceMap& clearance,
                                                       int unit_size) {
  const detail::UnitSearch u = detail::bounded_unit_search(grid, layer, clearance, unit_size);
  if (u.status != SearchStatus::found) return detail::refused_bounded_query(from, u.status);
  return bounded_query(*u.grid, *u.layer, from, to, nullptr);
}

PATHING_FUNC BoundedResult GreedyBestFirst::build_path(const Grid& grid, const GridLayer& layer,
                                                       GridCoord from, GridCoord to,
                                                       const SearchOptions& options) {
  const detail::UnitSearch u = detail::start_bounded_query(grid, layer, options);
  if (u.status != SearchStatus::found) return detail::refused_bounded_query(from, u.status);
  return bounded_query(*u.grid, *u.layer, from, to, options.regions);
}

PATHING_FUNC BoundedResult GreedyBestFirst::bounded_query(const Grid& grid, const GridLayer& layer,
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

PATHING_FUNC PathResult GreedyBestFirst::find_path(const Grid& grid, const GridLayer& layer,
                                                   GridCoord from, GridCoord to,
                                                   std::vector<GridCoord>& out,
                                                   const SearchOptions& options) {
  // No g is kept: a cost limit cannot be honoured; nor landmark heuristics (A* only).
  const SearchStatus refusal =
      (cost::from_units(options.limits.max_cost) != cost::kInfinite || options.landmarks != nullptr)
          ? SearchStatus::unsupported
          : SearchStatus::found;
  return detail::run_unbounded_query(
      grid, layer, from, to, out, options, full_, last_query_,
      [refusal](const Grid&, const GridLayer&) { return refusal; },
      [&]<Connectivity C>(const Grid& g, const GridLayer& l, const detail::GridSpace& space,
                          GridCoord target, PathResult& r) {
        search<C, detail::GridSpace, false>(g, from, target, l, full_, space, options.limits,
                                            r.status, r.finish, r.stats);
      });
}

}  // namespace pathing
