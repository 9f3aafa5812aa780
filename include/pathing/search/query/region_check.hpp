// pathing: fast grid path-finding. MIT licensed.
//
// The region check of `SearchOptions::regions`, shared by every grid search's query skeleton
// (`run_unbounded_query`, `start_jump_query`).
#pragma once

#include <cstdint>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/precompute/region_map.hpp"
#include "pathing/search/result.hpp"

namespace pathing::detail {

/// What the region check decided: `found` (search toward `target`; `partial` when that is the
/// nearest reachable cell standing in for an unreachable goal), `stale` or `unreachable` (answer
/// at once, nothing searched).
struct RegionCheck {
  SearchStatus status = SearchStatus::found;  ///< found: search; else the answer.
  GridCoord target;                           ///< Where to search to.
  bool partial = false;  ///< `target` stands in for an unreachable goal: report `unreachable`.
};

/// The regions a search from `from` can enter: `from`'s region, or when `from` is impassable
/// (its own cost is ignored) those of its passable orthogonal neighbours (a diagonal move out of
/// it needs both orthogonal cells beside it passable: they are in the diagonal cell's region).
struct StartRegions {
  std::uint32_t label[4] = {0, 0, 0, 0};  ///< Up to 4 labels, 0 = unused.
  /// True when label `l` (not 0) is one of them.
  [[nodiscard]] bool contains(std::uint32_t l) const noexcept {
    return l != RegionMap::kNoRegion &&
           (l == label[0] || l == label[1] || l == label[2] || l == label[3]);
  }
};

/// The `StartRegions` of `from` (on the map). O(1).
[[nodiscard]] inline StartRegions start_regions(const RegionMap& map, GridCoord from) noexcept {
  StartRegions s;
  s.label[0] = map.region(from);
  if (s.label[0] == RegionMap::kNoRegion) {
    s.label[0] = map.region({from.x + 1, from.y});
    s.label[1] = map.region({from.x, from.y + 1});
    s.label[2] = map.region({from.x - 1, from.y});
    s.label[3] = map.region({from.x, from.y - 1});
  }
  return s;
}

/// The reachable cell nearest to `to`: `from` or a cell in one of `starts`' regions, nearest by
/// `distance_fixed(conn, cell, to)` (octile or Manhattan), ties to the smaller y, then the smaller
/// x. Scans square rings around `to` (Chebyshev radius 0, 1, ...) and stops once a ring's
/// smallest possible distance exceeds the best found: O(r^2) cells for r the distance found.
[[nodiscard]] inline GridCoord nearest_reachable(const RegionMap& map, const StartRegions& starts,
                                                 GridCoord from, GridCoord to,
                                                 Connectivity conn) noexcept {
  GridCoord best = from;
  std::uint64_t best_d = distance_fixed(conn, from, to);
  const auto consider = [&](int x, int y) {
    const GridCoord c{x, y};
    if (!map.in_bounds(c) || !starts.contains(map.region(c))) return;
    const std::uint64_t d = distance_fixed(conn, c, to);
    if (d < best_d || (d == best_d && (y < best.y || (y == best.y && x < best.x)))) {
      best_d = d;
      best = c;
    }
  };
  // Every cell of ring r lies at distance >= r (both measures); the rings past the map's far
  // side hold no cell.
  const std::int64_t far = std::int64_t{map.cols()} + map.rows() + 2 +
                           (to.x < 0 ? -std::int64_t{to.x} : std::int64_t{to.x}) +
                           (to.y < 0 ? -std::int64_t{to.y} : std::int64_t{to.y});
  for (std::int64_t r = 0; r <= far && static_cast<std::uint64_t>(r) * cost::kStraight <= best_d;
       ++r) {
    const auto ri = static_cast<int>(r);
    const int y0 = to.y - ri;
    const int y1 = to.y + ri;
    const int ylo = y0 < 0 ? 0 : y0;
    const int yhi = y1 >= map.rows() ? map.rows() - 1 : y1;
    for (int y = ylo; y <= yhi; ++y) {
      if (y == y0 || y == y1) {
        const int xlo = to.x - ri < 0 ? 0 : to.x - ri;
        const int xhi = to.x + ri >= map.cols() ? map.cols() - 1 : to.x + ri;
        for (int x = xlo; x <= xhi; ++x) consider(x, y);
      } else {
        consider(to.x - ri, y);
        consider(to.x + ri, y);
      }
    }
  }
  return best;
}

/// The check a search makes when `SearchOptions::regions` is set (the caller has checked that
/// `from` and `to` lie on `grid`): `stale` unless `map.is_current(grid, layer)`; `found` with
/// `target = to` when `from == to` or `to` lies in a region the search can enter from `from`;
/// else, with `nearest`, `found` with the nearest reachable cell (`nearest_reachable`) as target
/// and `partial` set, without it `unreachable`. O(1), plus the ring scan with `nearest`.
/// Kept out of line: the searches pay one predictable branch when no map is given.
[[nodiscard]] PATHING_NOINLINE inline RegionCheck check_regions(
    const RegionMap& map, const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
    Connectivity conn, bool nearest) noexcept {
  RegionCheck c;
  c.target = to;
  if (!map.is_current(grid, layer)) {
    c.status = SearchStatus::stale;
    return c;
  }
  if (from == to) return c;
  const StartRegions starts = start_regions(map, from);
  if (starts.contains(map.region(to))) return c;
  if (!nearest) {
    c.status = SearchStatus::unreachable;
    return c;
  }
  c.target = nearest_reachable(map, starts, from, to, conn);
  c.partial = true;
  return c;
}

}  // namespace pathing::detail
