// pathing: fast grid path-finding. MIT licensed.
//
// GraphAStar: A* over any type that models SearchGraph (graph.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "pathing/detail/moves/neighbors.hpp"
#include "pathing/detail/nodes/node_table.hpp"
#include "pathing/detail/queue/binary_heap.hpp"
#include "pathing/detail/queue/hot_stack.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/map/graph.hpp"
#include "pathing/search/result.hpp"

namespace pathing {

/// Result of a `GraphAStar` query; the nodes go to a caller-owned buffer.
template <class Node, class Cost>
struct GraphPathResult {
  SearchStatus status = SearchStatus::found;  ///< Why the search ended.
  Node finish{};            ///< Last node of the path: the goal, or the best node reached.
  Cost cost{};              ///< Sum of the edge costs along the path, in the graph's `cost_type`.
  std::uint32_t moves = 0;  ///< Number of edges (nodes in the path minus 1).
  SearchStats stats;        ///< Expanded / generated nodes.

  /// True when the path reaches the goal.
  [[nodiscard]] constexpr bool found() const noexcept { return status == SearchStatus::found; }
  /// True unless the path reaches the goal.
  [[nodiscard]] constexpr bool partial() const noexcept { return status != SearchStatus::found; }
};

/// A* search (Hart, Nilsson & Raphael 1968) over any graph modelling `SearchGraph` (seed: the Zig
/// "A* algorithm" post's generic `calculatePath(graph, from, to)`, here with no allocation per
/// query and no hash map: node ids are dense, so the closed set, g costs and parents live in
/// generation-stamped flat arrays, as in `AStar`).
///
/// - Optimality: with an admissible and consistent heuristic and weight 1 the path is a cheapest
///   one. Closed nodes are never reopened.
/// - Weighted A* (Pohl 1970; the roguelike seed's "overestimating heuristic"): f = g + w * h; with
///   w > 1 the search usually expands fewer nodes and the path costs at most w times the optimum.
/// - Open list: binary heap ordered by f = g + w * h, ties broken toward larger g (deeper nodes
///   first), then by the heap's fixed sift order; neighbours are pushed in the order the graph
///   reports them. With w = 1, a successor whose f equals that of the node being expanded (the
///   current minimum, as h is consistent) skips the heap: it goes to a LIFO stack expanded before
///   the heap (the f-equal bypass, as in `AStar`; on open grids most successors take it). The same
///   query on the same graph always gives the same path. Duplicates are pushed instead of
///   decreased and skipped when popped (lazy deletion).
/// - Partial results: when the goal is unreachable (or a limit stops the search) the path ends at
///   the expanded node with the smallest (unweighted) heuristic to the goal, the earliest expanded
///   on ties; the status says why (`unreachable`, `expansion_limit`, `cost_limit`).
///
/// Memory: 4 + sizeof(cost_type) + sizeof(node_type) bytes per node id of the largest graph
/// searched, plus the open list; grown on the first query on a larger graph, then reused.
/// Allocation: none once warm. Complexity: O(E log E) for E edges scanned; starting a query is
/// O(1). Thread-safety: one GraphAStar per thread; many may search the same `const G&` at once if
/// G's const members are thread-safe.
///
/// A `G` that does not model `SearchGraph` is rejected with one static_assert per missing piece.
template <class G>
class GraphAStar {
  static constexpr bool kGraphOk = detail::check_search_graph<G>();
  // Naming the value here makes the check run as soon as GraphAStar<G> is instantiated.
  using GraphChecked = std::bool_constant<kGraphOk>;

 public:
  /// The graph type searched.
  using graph_type = G;
  /// The graph's dense node id.
  using node_type = typename detail::GraphNodeOf<G>::type;
  /// The graph's cost type.
  using cost_type = typename detail::GraphCostOf<G>::type;
  /// What `find_path` returns.
  using result_type = GraphPathResult<node_type, cost_type>;

  /// A searcher with no memory yet; it grows on first use.
  GraphAStar() = default;
  /// A searcher sized for graphs of up to `node_count` nodes, so the first query allocates
  /// nothing either (the open list still grows until it fits the largest frontier).
  explicit GraphAStar(std::size_t node_count) { reserve(node_count); }

  /// Sizes the workspace for graphs of up to `node_count` nodes (never shrinks).
  void reserve(std::size_t node_count) {
    ws_.ensure(node_count);
    heap_.reserve(1024);
    hot_.reserve(256);
  }

  /// Weighted A*: f = g + w * h. Values below 1 (or NaN) are taken as 1. Default 1 (optimal).
  /// With an integral `cost_type`, w * h is rounded down (and saturates at half the type's
  /// maximum); any weight up to +inf works.
  void set_heuristic_weight(double w) noexcept { weight_ = (w >= 1.0) ? w : 1.0; }
  /// The heuristic weight in use.
  [[nodiscard]] double heuristic_weight() const noexcept { return weight_; }

  /// Searches `graph` from `from` to `to`.
  ///
  /// @param graph the graph; only its const members are called.
  /// @param from the start node id.
  /// @param to the goal node id.
  /// @param out receives the nodes from `from` to the path's end, both included (its capacity is
  ///   reused; left unchanged when the status is `invalid_endpoint` or `invalid_argument`).
  /// @param limits `max_expansions` caps the expansions; `max_cost` prunes nodes whose g exceeds
  ///   it, read in units of `graph_cost_unit<G>()` (1 unless G declares `cost_unit`).
  /// @return `found`, or a partial result (see the class comment); `invalid_endpoint` when `from`
  ///   or `to` is not in [0, node_count()). `from == to` gives a one-node path of cost 0.
  ///   `invalid_argument` (the search stops there; cost 0, 0 steps, finish = from, `out`
  ///   unchanged) when the graph reports a neighbour id outside [0, node_count()), or (signed and
  ///   floating cost types) a negative or NaN edge cost or heuristic value, or a negative or NaN
  ///   floating heuristic value for an integral `cost_type` (values above its maximum saturate
  ///   there), or (integral cost
  ///   types) when a node's g plus an edge cost would exceed the largest `cost_type`: the sum of
  ///   the edge costs along every path the search extends must fit `cost_type` (checked when the
  ///   edge is scanned, so a goal found first is still `found`). Never throws on bad input
  ///   (docs/errors.md). With an integral `cost_type`, f = g + w * h saturates at the type's
  ///   maximum (any heuristic value is safe; the path is optimal only for an admissible one);
  ///   floating cost types add as they are.
  result_type find_path(const G& graph, node_type from, node_type to, std::vector<node_type>& out,
                        const SearchLimits& limits = {});

  /// Bytes of working memory held (per-node arrays and open list).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return ws_.bytes() + heap_.capacity() * sizeof(OpenEntry) + hot_.bytes();
  }

 private:
  friend struct detail::TestAccess;
  void force_generation(std::uint32_t g) noexcept { ws_.stamps.force_generation(g); }
  struct OpenEntry {
    cost_type f;
    cost_type g;
    node_type node;
  };
  struct OpenLess {
    bool operator()(const OpenEntry& a, const OpenEntry& b) const noexcept {
      return a.f < b.f || (a.f == b.f && a.g > b.g);
    }
  };

  [[nodiscard]] cost_type weighted(cost_type h) const noexcept {
    if (weight_ == 1.0 || h == cost_type{0}) return h;  // 0 * inf would be NaN
    if constexpr (std::is_floating_point_v<cost_type>) {
      return static_cast<cost_type>(h * weight_);
    } else {
      // Half the type's maximum, so that g + w * h cannot overflow while g fits the other half.
      const double v = static_cast<double>(h) * weight_;
      constexpr auto kMax = std::numeric_limits<cost_type>::max() / 2;
      return v >= static_cast<double>(kMax) ? kMax : static_cast<cost_type>(v);
    }
  }

  static constexpr cost_type kMaxCost = std::numeric_limits<cost_type>::max();

  // f = g + w * h. Integral cost types saturate at kMaxCost (g + h can exceed it even with w = 1:
  // a heuristic of INT_MAX), so f never overflows; floating ones add as they are (inf stays inf).
  [[nodiscard]] cost_type f_of(cost_type g, cost_type h) const noexcept {
    const cost_type wh = weighted(h);
    if constexpr (std::is_integral_v<cost_type>) {
      return wh > static_cast<cost_type>(kMaxCost - g) ? kMaxCost : static_cast<cost_type>(g + wh);
    } else {
      return static_cast<cost_type>(g + wh);
    }
  }

  [[nodiscard]] static cost_type max_g_of(const SearchLimits& limits) noexcept {
    constexpr cost_type kNoLimit = std::numeric_limits<cost_type>::has_infinity
                                       ? std::numeric_limits<cost_type>::infinity()
                                       : std::numeric_limits<cost_type>::max();
    const double m = limits.max_cost * graph_cost_unit<G>();
    if (!(m >= 0)) return cost_type{0};  // negative or NaN: every move pruned (cost::from_units)
    if (!(m < static_cast<double>(std::numeric_limits<cost_type>::max()))) return kNoLimit;
    return static_cast<cost_type>(m);
  }

  // The heuristic of n; sets `bad` (and returns 0) when it is negative or NaN. A floating value
  // for an integral cost_type is range-checked before the conversion (out of range is undefined
  // behaviour): values at or above the type's maximum saturate there.
  [[nodiscard]] static cost_type checked_heuristic(const G& graph, node_type n, node_type goal,
                                                   bool& bad) {
    const auto raw = graph.heuristic(n, goal);
    using raw_type = std::remove_cvref_t<decltype(raw)>;
    if constexpr (std::is_floating_point_v<raw_type> && std::is_integral_v<cost_type>) {
      if (!(raw >= raw_type{0})) {
        bad = true;
        return cost_type{0};
      }
      if (!(raw < static_cast<raw_type>(kMaxCost))) return kMaxCost;
      return static_cast<cost_type>(raw);
    } else {
      const cost_type h = static_cast<cost_type>(raw);
      if constexpr (!std::is_unsigned_v<cost_type>) {
        if (!(h >= cost_type{0})) {
          bad = true;
          return cost_type{0};
        }
      }
      return h;
    }
  }

  detail::BasicNodeWorkspace<cost_type, node_type> ws_;
  detail::BinaryHeap<OpenEntry, OpenLess> heap_;
  detail::HotStack<OpenEntry> hot_;  // f-equal successors, expanded next (LIFO) without the heap
  double weight_ = 1.0;
};

// ---------------------------------------------------------------------------------------------
// Implementation

template <class G>
typename GraphAStar<G>::result_type GraphAStar<G>::find_path(const G& graph, node_type from,
                                                             node_type to,
                                                             std::vector<node_type>& out,
                                                             const SearchLimits& limits) {
  result_type r;
  r.finish = from;
  if constexpr (kGraphOk) {
    const std::size_t count = static_cast<std::size_t>(graph.node_count());
    const auto s = static_cast<std::size_t>(from);
    if (!(s < count) || !(static_cast<std::size_t>(to) < count)) {
      r.status = SearchStatus::invalid_endpoint;
      return r;
    }
    ws_.ensure(count);
    ws_.stamps.next_generation();
    heap_.clear();
    hot_.clear();
    const cost_type max_g = max_g_of(limits);
    // The f-equal bypass is exact only while f never decreases along an edge (consistent h, w = 1).
    const bool bypass = weight_ == 1.0;

    bool bad = false;  // the graph broke its contract: invalid_argument
    const cost_type h0 = checked_heuristic(graph, from, to, bad);
    if (bad) {
      r.status = SearchStatus::invalid_argument;
      return r;
    }
    ws_.stamps.mark_open(s);
    ws_.g[s] = cost_type{0};
    ws_.parent[s] = from;  // the start is its own parent
    hot_.push(OpenEntry{weighted(h0), cost_type{0}, from});
    r.stats.generated = 1;

    node_type best = from;
    cost_type best_h = h0;
    r.status = SearchStatus::unreachable;
    bool pruned = false;

    while (!hot_.empty() || !heap_.empty()) {
      OpenEntry e;
      if (!hot_.empty()) {
        e = hot_.pop();
      } else {
        e = heap_.pop();
      }
      const auto i = static_cast<std::size_t>(e.node);
      if (!ws_.stamps.is_open(i) || e.g != ws_.g[i]) continue;  // stale duplicate
      if (e.node == to) {
        r.status = SearchStatus::found;
        best = to;
        break;
      }
      if (r.stats.expanded >= limits.max_expansions) {
        r.status = SearchStatus::expansion_limit;
        break;
      }
      ws_.stamps.mark_closed(i);
      ++r.stats.expanded;
      if (e.node != from) {
        if (const cost_type h = checked_heuristic(graph, e.node, to, bad); h < best_h) {
          best_h = h;
          best = e.node;
        }
      }
      graph.for_each_neighbor(e.node, [&](node_type n, cost_type step) {
        if (bad) return;
        const auto ni = static_cast<std::size_t>(n);
        if (!(ni < count)) {
          bad = true;  // a neighbour id outside [0, node_count())
          return;
        }
        if constexpr (!std::is_unsigned_v<cost_type>) {
          if (!(step >= cost_type{0})) {
            bad = true;  // a negative or NaN edge cost
            return;
          }
        }
        cost_type ng;
        if constexpr (std::is_integral_v<cost_type>) {
          // e.g <= max_g, so max_g - e.g cannot overflow: one compare, as for a float, and the
          // sum is formed only when it fits.
          if (step > static_cast<cost_type>(max_g - e.g)) {
            if (step > static_cast<cost_type>(kMaxCost - e.g)) {
              bad = true;  // g + edge cost does not fit cost_type
              return;
            }
            pruned = true;
            return;
          }
          ng = static_cast<cost_type>(e.g + step);
        } else {
          ng = static_cast<cost_type>(e.g + step);
          if (ng > max_g) {
            pruned = true;
            return;
          }
        }
        if (ws_.stamps.is_seen(ni)) {
          if (!ws_.stamps.is_open(ni) || ng >= ws_.g[ni]) return;  // closed, or no better
        }
        ws_.stamps.mark_open(ni);
        ws_.g[ni] = ng;
        ws_.parent[ni] = e.node;
        const cost_type h = checked_heuristic(graph, n, to, bad);
        if (bad) return;
        const cost_type nf = f_of(ng, h);
        if (bypass && nf == e.f) {
          hot_.push(OpenEntry{nf, ng, n});
        } else {
          heap_.push(OpenEntry{nf, ng, n});
        }
        ++r.stats.generated;
      });
      if (bad) {
        r.status = SearchStatus::invalid_argument;
        return r;  // cost 0, 0 steps, finish = from, `out` unchanged
      }
    }
    if (r.status == SearchStatus::unreachable && pruned) r.status = SearchStatus::cost_limit;

    // Reconstruction: count the edges, then write the nodes back to front (no reversal).
    std::uint32_t steps = 0;
    for (node_type c = best; ws_.parent[static_cast<std::size_t>(c)] != c;
         c = ws_.parent[static_cast<std::size_t>(c)]) {
      ++steps;
    }
    out.resize(static_cast<std::size_t>(steps) + 1);
    node_type c = best;
    for (std::size_t k = steps + 1; k-- > 0;) {
      out[k] = c;
      c = ws_.parent[static_cast<std::size_t>(c)];
    }
    r.finish = best;
    r.cost = ws_.g[static_cast<std::size_t>(best)];
    r.moves = steps;
  }
  return r;
}

}  // namespace pathing
