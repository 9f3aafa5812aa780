// The searches under test, each behind a small adapter, so that the differential tests, the
// threads test and the search fuzz target (fuzz/search_fuzz.cpp) run every one of them.
//
// Adding a search is one more line in `unbounded_searches()` (and `bounded_searches()` if it has
// a bounded mode): e.g. `v.push_back(unbounded<Jps>("jps", kOptimal).only_if(eight_connected))`.
// A search whose API differs from AStar's gets a hand-written adapter (fill the std::functions).
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "pathing/detail/test_access.hpp"
#include "pathing/map/grid_graph.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/graph_astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"

namespace pathing::test {

/// Path quality bounds: the cost of a found path is at most `bound` times the optimum.
inline constexpr double kOptimal = 1.0;
/// "Any valid path" (greedy searches).
inline constexpr double kAnyCost = std::numeric_limits<double>::infinity();

/// An unbounded search (`find_path` over the whole grid) seen through AStar's interface.
struct UnboundedSearch {
  using FindPath = std::function<PathResult(const Grid&, const GridLayer&, GridCoord, GridCoord,
                                            std::vector<GridCoord>&, const SearchOptions&)>;
  std::string name;
  /// A found path costs at most bound x the optimum (1: optimal; kAnyCost: just valid).
  double bound = kOptimal;
  /// Whether the search takes queries of this layer and connectivity (empty: every query).
  std::function<bool(const GridLayer&, Connectivity)> applies;
  FindPath find_path;
  /// `was_expanded(c)` after the last query (empty: not offered).
  std::function<bool(GridCoord)> was_expanded;
  /// Sets the generation counters (empty: the search has none).
  std::function<void(std::uint32_t)> force_generation;
  /// The heuristic weight the adapter passes (`SearchOptions::weight`).
  double weight = 1.0;
  /// Whether `SearchLimits::max_cost` is honoured (greedy returns `unsupported` instead).
  bool honours_max_cost = true;
  /// Whether a query whose goal is unreachable ends at the cell closest to the goal among all
  /// the cells reachable from the start, by `partial_distance` (empty: `distance_fixed`).
  bool partial_is_closest = true;
  std::function<std::uint64_t(Connectivity, GridCoord, GridCoord)> partial_distance;
  /// Whether each expansion is one cell, every reachable cell expanded once when the goal is
  /// unreachable (false for jump point searches, which expand jump points only).
  bool expands_cells = true;

  [[nodiscard]] bool takes(const GridLayer& layer, Connectivity conn) const {
    return !applies || applies(layer, conn);
  }
  /// A copy that takes only the queries for which `pred(layer, conn)` holds.
  [[nodiscard]] UnboundedSearch only_if(
      std::function<bool(const GridLayer&, Connectivity)> pred) && {
    applies = std::move(pred);
    return std::move(*this);
  }
};

/// A bounded search (`build_path`: 4-connected, at most 56 steps) seen through AStar's interface.
struct BoundedSearch {
  std::string name;
  /// 1 (kOptimal): when the optimum path (fewest steps among the cheapest) has <= 56 steps, the
  /// search finds a path of that cost. kAnyCost: just valid.
  double bound = kOptimal;
  std::function<BoundedResult(const Grid&, const GridLayer&, GridCoord, GridCoord)> build_path;
  std::function<void(std::uint32_t)> force_generation;
};

/// The adapter of a searcher type with AStar's interface (find_path, was_expanded,
/// detail::TestAccess::force_generation); `s` is the instance used (configure it before, e.g. a
/// weight).
template <class Searcher>
UnboundedSearch unbounded(std::string name, double bound, double weight = 1.0,
                          std::shared_ptr<Searcher> s = std::make_shared<Searcher>()) {
  UnboundedSearch u;
  u.name = std::move(name);
  u.bound = bound;
  u.weight = weight;
  u.find_path = [s, weight](const Grid& g, const GridLayer& layer, GridCoord from, GridCoord to,
                            std::vector<GridCoord>& out, SearchOptions options) {
    if (weight != 1.0) options.weight = weight;
    return s->find_path(g, layer, from, to, out, options);
  };
  u.was_expanded = [s](GridCoord c) { return s->was_expanded(c); };
  u.force_generation = [s](std::uint32_t gen) { detail::TestAccess::force_generation(*s, gen); };
  return u;
}

/// Whether every passable cell value of `layer` costs 1 (what the uniform-cost searches such as
/// JPS assume).
inline bool uniform_cost(const GridLayer& layer) {
  for (std::uint8_t v = 0; v < 16; ++v)
    if (layer.cost_of_cell(v) > 1) return false;
  return true;
}

/// The adapter of an 8-connected, uniform-cost searcher (Jps, JpsPlus): `find_path(grid, layer,
/// from, to, out, options)`, no `was_expanded`; it takes only 8-connected queries on layers whose
/// passable cells all cost the same (it returns `unsupported` for the others), and its partial
/// paths end at the expanded jump point closest to the goal, not at the closest reachable cell.
template <class Searcher>
UnboundedSearch unbounded_uniform8(std::string name,
                                   std::shared_ptr<Searcher> s = std::make_shared<Searcher>()) {
  UnboundedSearch u;
  u.name = std::move(name);
  u.bound = kOptimal;
  u.applies = [](const GridLayer& layer, Connectivity conn) {
    return detail::check_jump_search(layer, SearchOptions{conn, {}, 1.0}).status ==
           SearchStatus::found;
  };
  u.find_path = [s](const Grid& g, const GridLayer& layer, GridCoord from, GridCoord to,
                    std::vector<GridCoord>& out, const SearchOptions& options) {
    return s->find_path(g, layer, from, to, out, options);
  };
  u.force_generation = [s](std::uint32_t gen) { detail::TestAccess::force_generation(*s, gen); };
  u.partial_is_closest = false;
  u.expands_cells = false;
  return u;
}

/// The adapter of the generic A* (`GraphAStar`) on the grid seen as a graph (`GridGraph`, 4- or
/// 8-connected): node paths become cell paths; `cost` is recomputed from the cells.
inline UnboundedSearch graph_astar_on_grid(std::string name) {
  using G4 = GridGraph<Connectivity::four>;
  using G8 = GridGraph<Connectivity::eight>;
  auto s4 = std::make_shared<GraphAStar<G4>>();
  auto s8 = std::make_shared<GraphAStar<G8>>();
  auto nodes = std::make_shared<std::vector<std::uint32_t>>();
  UnboundedSearch u;
  u.name = std::move(name);
  u.bound = kOptimal;
  u.find_path = [s4, s8, nodes](const Grid& g, const GridLayer& layer, GridCoord from, GridCoord to,
                                std::vector<GridCoord>& out, const SearchOptions& options) {
    const Connectivity conn = options.connectivity;
    const SearchLimits& limits = options.limits;
    PathResult p;
    const auto run = [&](auto& searcher, const auto& graph) {
      const auto r = searcher.find_path(graph, graph.node(from), graph.node(to), *nodes, limits);
      p.status = r.status;
      p.stats = r.stats;
      p.finish = from;
      if (r.status == SearchStatus::invalid_endpoint) return;
      p.finish = graph.coord(r.finish);
      p.moves = r.moves;
      graph.to_cells(*nodes, out);
      std::uint64_t straight = 0;
      std::uint64_t diagonal = 0;
      for (std::size_t i = 1; i < out.size(); ++i) {
        const bool diag = out[i].x != out[i - 1].x && out[i].y != out[i - 1].y;
        (diag ? diagonal : straight) += layer.cost_at(g, out[i]);
      }
      p.cost = cost::exact_length(straight, diagonal);
    };
    if (conn == Connectivity::four) {
      run(*s4, G4(g, layer));
    } else {
      run(*s8, G8(g, layer));
    }
    return p;
  };
  u.force_generation = [s4, s8](std::uint32_t gen) {
    detail::TestAccess::force_generation(*s4, gen);
    detail::TestAccess::force_generation(*s8, gen);
  };
  return u;
}

/// The bounded adapter of a searcher type with AStar's `build_path`.
template <class Searcher>
BoundedSearch bounded(std::string name, double bound,
                      std::shared_ptr<Searcher> s = std::make_shared<Searcher>()) {
  BoundedSearch b;
  b.name = std::move(name);
  b.bound = bound;
  b.build_path = [s](const Grid& g, const GridLayer& layer, GridCoord from, GridCoord to) {
    return s->build_path(g, layer, from, to);
  };
  b.force_generation = [s](std::uint32_t gen) { detail::TestAccess::force_generation(*s, gen); };
  return b;
}

/// Every unbounded search, each with a fresh searcher (call again for independent instances,
/// e.g. one set a thread).
inline std::vector<UnboundedSearch> unbounded_searches() {
  std::vector<UnboundedSearch> v;
  v.push_back(unbounded<AStar>("astar", kOptimal));
  v.push_back(unbounded<AStar>("astar-w1.5", 1.5, 1.5));
  {
    UnboundedSearch g = unbounded<GreedyBestFirst>("greedy", kAnyCost);
    g.honours_max_cost = false;
    // Greedy ranks cells by Manhattan distance, or 8-connected by 5 max(dx, dy) + 2 min(dx, dy).
    g.partial_distance = [](Connectivity conn, GridCoord a, GridCoord b) -> std::uint64_t {
      const auto dx = static_cast<std::uint64_t>(a.x > b.x ? a.x - b.x : b.x - a.x);
      const auto dy = static_cast<std::uint64_t>(a.y > b.y ? a.y - b.y : b.y - a.y);
      if (conn == Connectivity::four) return dx + dy;
      return dx > dy ? 5 * dx + 2 * dy : 5 * dy + 2 * dx;
    };
    v.push_back(std::move(g));
  }
  v.push_back(graph_astar_on_grid("graph-astar"));
  v.push_back(unbounded_uniform8<Jps>("jps"));
  v.push_back(unbounded_uniform8<JpsPlus>("jps+"));
  return v;
}

/// Every bounded search, each with a fresh searcher.
inline std::vector<BoundedSearch> bounded_searches() {
  std::vector<BoundedSearch> v;
  v.push_back(bounded<AStar>("astar", kOptimal));
  v.push_back(bounded<GreedyBestFirst>("greedy", kAnyCost));
  return v;
}

}  // namespace pathing::test
