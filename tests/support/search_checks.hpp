// What every search result must satisfy, checked against the reference Dijkstra: shared by the
// differential tests (tests/core/differential_test.cpp) and the search fuzz target
// (fuzz/search_fuzz.cpp). Each check returns "" or a description of the first defect.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/search/result.hpp"
#include "support/reference.hpp"
#include "support/searches.hpp"

namespace pathing::test {

/// "(x, y)".
inline std::string to_text(GridCoord c) {
  // Appends, not "(" + std::string: GCC 12 -O3 warns (-Wrestrict) on that (GCC bug 105329).
  std::string s = "(";
  s += std::to_string(c.x);
  s += ", ";
  s += std::to_string(c.y);
  s += ')';
  return s;
}

/// One line about a result, for failure messages.
inline std::string describe(const PathResult& r) {
  return std::string(" [status ") + std::string(to_string(r.status)) + ", finish " +
         to_text(r.finish) + ", moves " + std::to_string(r.moves) + ", cost " +
         std::to_string(r.cost) + ", expanded " + std::to_string(r.stats.expanded) + "]";
}
/// One line about a bounded result, for failure messages.
inline std::string describe(const BoundedResult& r) {
  return std::string(" [status ") + std::string(to_string(r.status)) + ", finish " +
         to_text(r.finish) + ", path " + r.path.to_string() + ", cost " + std::to_string(r.cost) +
         ", partial " + (r.partial() ? "yes" : "no") + "]";
}

/// Whether `limits.max_cost` is a limit (see `cost::from_units`: NaN and negative prune every
/// move, 2^38 units or more is no limit).
inline bool cost_capped(const SearchLimits& limits) {
  return cost::from_units(limits.max_cost) != cost::kInfinite;
}

/// Whether `limits` leaves the search free (then it must end with `found` or `unreachable`).
inline bool no_limits(const SearchLimits& limits) {
  return limits.max_expansions == std::numeric_limits<std::uint64_t>::max() && !cost_capped(limits);
}

/// Runs one unbounded query of `s` and checks it. `ref` is `reference_field(g, layer, from,
/// conn)` (unused when an endpoint is off the grid). `out` is the caller's buffer (its prior
/// content must survive an `invalid_endpoint` result). `max_count_cells`: grids up to this many
/// cells also get the O(cells) check of `was_expanded` against `stats.expanded`.
inline std::string check_unbounded(const UnboundedSearch& s, const Grid& g, GridCoord from,
                                   GridCoord to, const GridLayer& layer, Connectivity conn,
                                   const SearchLimits& limits, const ReferenceField* ref,
                                   std::vector<GridCoord>& out, PathResult* result = nullptr,
                                   std::size_t max_count_cells = std::size_t{1} << 16) {
  const std::vector<GridCoord> before = out;
  const PathResult r = s.find_path(g, layer, from, to, out, {conn, limits});
  if (result != nullptr) *result = r;
  const auto fail = [&](const std::string& what) { return s.name + ": " + what + describe(r); };
  const bool count_cells = s.was_expanded && g.cell_count() <= max_count_cells;

  if (!(s.weight >= 1.0)) {  // also NaN
    if (r.status != SearchStatus::invalid_argument) return fail("a weight below 1, yet");
    if (out != before) return fail("the output buffer changed on invalid_argument");
    return {};
  }
  if (!s.honours_max_cost && cost_capped(limits)) {
    if (r.status != SearchStatus::unsupported) return fail("a cost limit it cannot honour, yet");
    if (out != before) return fail("the output buffer changed on unsupported");
    return {};
  }

  if (!g.in_bounds(from) || !g.in_bounds(to)) {
    if (r.status != SearchStatus::invalid_endpoint) return fail("expected invalid_endpoint");
    if (out != before) return fail("the output buffer changed on invalid_endpoint");
    if (!(r.finish == from) || r.moves != 0 || r.stats.expanded != 0 || r.cost != 0)
      return fail("invalid_endpoint with a non-empty result");
    if (count_cells) {
      for (int y = 0; y < g.rows(); ++y)
        for (int x = 0; x < g.cols(); ++x)
          if (s.was_expanded({x, y})) return fail("was_expanded after invalid_endpoint");
    }
    return {};
  }
  if (r.status == SearchStatus::invalid_endpoint)
    return fail("invalid_endpoint for cells on the grid");

  std::uint64_t walked = 0;
  if (const std::string e = validate_path(g, layer, conn, from, out, &walked); !e.empty())
    return fail(e);
  if (!(out.back() == r.finish))
    return fail("the path does not end at finish " + to_text(out.back()));
  if (r.moves + std::size_t{1} != out.size()) return fail("moves != cells - 1");
  std::uint64_t straight = 0;
  std::uint64_t diagonal = 0;
  for (std::size_t i = 1; i < out.size(); ++i) {
    const bool diag = out[i].x != out[i - 1].x && out[i].y != out[i - 1].y;
    (diag ? diagonal : straight) += layer.cost_at(g, out[i]);
  }
  if (r.cost != cost::exact_length(straight, diagonal)) return fail("cost != its exact length");
  if (r.found() != (r.finish == to)) return fail("found iff finish == goal is violated");
  if (r.stats.expanded > limits.max_expansions) return fail("more expansions than max_expansions");
  if (r.status == SearchStatus::expansion_limit && r.stats.expanded != limits.max_expansions)
    return fail("expansion_limit before max_expansions expansions");
  if (r.status == SearchStatus::cost_limit && !cost_capped(limits))
    return fail("cost_limit without a cost limit");
  if (r.status == SearchStatus::too_far) return fail("too_far from an unbounded search");
  if (r.found() && r.moves > 0 && cost_capped(limits) &&
      !(walked <= cost::from_units(limits.max_cost)))
    return fail("found a path dearer than max_cost");

  const bool reach = ref->reachable(to);
  const std::uint64_t opt = ref->cost_at(to);
  if (r.found() && !reach) return fail("found a path the reference says does not exist");
  if (r.status == SearchStatus::unreachable && reach) return fail("unreachable, but a path exists");
  if (no_limits(limits) && r.found() != reach) return fail("no limits, yet not found");
  if (r.found()) {
    if (walked < opt) return fail("cheaper than the optimum " + std::to_string(opt) + "?!");
    if (s.bound == kOptimal && walked != opt)
      return fail("not optimal: the optimum is " + std::to_string(opt));
    if (s.bound != kOptimal &&
        s.bound<kAnyCost&& static_cast<double>(walked)> s.bound * static_cast<double>(opt) +
            1e-6 * static_cast<double>(cost::kStraight))
      return fail("dearer than the bound times the optimum " + std::to_string(opt));
  }
  if (r.status == SearchStatus::unreachable && s.partial_is_closest) {
    const auto dist = [&](GridCoord a) {
      return s.partial_distance ? s.partial_distance(conn, a, to) : distance_fixed(conn, a, to);
    };
    std::uint64_t closest = ~std::uint64_t{0};
    for (int y = 0; y < g.rows(); ++y)
      for (int x = 0; x < g.cols(); ++x)
        if (ref->reachable({x, y})) {
          const std::uint64_t d = dist({x, y});
          if (d < closest) closest = d;
        }
    if (dist(r.finish) != closest)
      return fail("the partial path does not end at the reachable cell closest to the goal");
  }
  if (count_cells) {
    std::uint64_t n = 0;
    for (int y = 0; y < g.rows(); ++y)
      for (int x = 0; x < g.cols(); ++x) n += s.was_expanded({x, y}) ? 1 : 0;
    if (n != r.stats.expanded)
      return fail("was_expanded marks " + std::to_string(n) + " cells, stats.expanded differs");
  }
  return {};
}

/// The cells of a bounded result, from `from`.
inline std::vector<GridCoord> cells_of(GridCoord from, GridPath p) {
  std::vector<GridCoord> out{from};
  p.rewind();
  while (p.has_next()) out.push_back(out.back() + step_offset(p.next()));
  return out;
}

/// Runs one bounded query of `s` and checks it. `ref4` is `reference_field(g, layer, from,
/// Connectivity::four)` (unused when `from` is off the grid).
inline std::string check_bounded(const BoundedSearch& s, const Grid& g, GridCoord from,
                                 GridCoord to, const GridLayer& layer, const ReferenceField* ref4,
                                 BoundedResult* result = nullptr) {
  const BoundedResult r = s.build_path(g, layer, from, to);
  if (result != nullptr) *result = r;
  const auto fail = [&](const std::string& what) {
    return s.name + " (bounded): " + what + describe(r);
  };
  if (!g.in_bounds(from)) {
    if (r.status != SearchStatus::invalid_endpoint || !r.partial() || !r.path.empty() ||
        !(r.finish == from) || r.cost != 0)
      return fail("expected an empty invalid_endpoint result");
    return {};
  }
  if (from == to) {
    if (r.status != SearchStatus::found || r.partial() || !r.path.empty() || r.cost != 0 ||
        !(r.finish == from))
      return fail("start == goal must give an empty found path");
    return {};
  }
  if (r.path.len() > GridPath::kMaxSteps) return fail("more than 56 steps");
  if (r.moves != static_cast<std::uint32_t>(r.path.len())) return fail("moves != path.len()");
  const std::vector<GridCoord> cells = cells_of(from, r.path);
  std::uint64_t walked = 0;
  if (const std::string e = validate_path(g, layer, Connectivity::four, from, cells, &walked);
      !e.empty())
    return fail(e);
  if (!(cells.back() == r.finish)) return fail("the steps do not end at finish");
  if (r.status != SearchStatus::found && r.status != SearchStatus::unreachable &&
      r.status != SearchStatus::too_far)
    return fail("unexpected status");
  if (r.status == SearchStatus::found && !(r.finish == to)) return fail("found, not at the goal");
  if (r.status != SearchStatus::found && r.finish == to) return fail("at the goal, not found");
  if (static_cast<std::uint64_t>(r.cost) * cost::kStraight != walked ||
      r.cost != static_cast<double>(static_cast<std::uint64_t>(r.cost)))
    return fail("cost does not match the steps");
  if (!g.in_bounds(to)) {
    if (r.status != SearchStatus::too_far) return fail("a goal off the grid must be too_far");
    return {};
  }
  const bool reach = ref4->reachable(to);
  if (r.status == SearchStatus::found && !reach) return fail("found a path that does not exist");
  if (r.status == SearchStatus::unreachable && reach) return fail("unreachable, but a path exists");
  if (r.status == SearchStatus::found && walked < ref4->cost_at(to))
    return fail("cheaper than the optimum?!");
  if (s.bound == kOptimal && reach && ref4->steps_at(to) <= GridPath::kMaxSteps &&
      (r.status != SearchStatus::found || walked != ref4->cost_at(to)))
    return fail("an optimal path of " + std::to_string(ref4->steps_at(to)) + " steps and cost " +
                std::to_string(ref4->cost_at(to) / cost::kStraight) + " exists");
  return {};
}

}  // namespace pathing::test
