// pathing: fast grid path-finding. MIT licensed.
//
// SearchGraph: what any graph must provide to be searched by GraphAStar; NodeInterner for graphs
// whose natural node keys are sparse (names, 64-bit ids, coordinates).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/error.hpp"

namespace pathing {

/// The callable a graph's `for_each_neighbor` is checked against by `SearchGraph`: it takes a
/// neighbour id and the cost of the edge to it. GraphAStar passes a lambda of the same shape.
template <class Node, class Cost>
struct NeighborVisitorArchetype {
  /// Receives one edge: the neighbour's id and the edge's cost. Does nothing.
  constexpr void operator()(Node, Cost) const noexcept {}
};

/// Part of `SearchGraph`: `G::node_type` names an integral type (not bool) used as a dense node id.
template <class G>
concept GraphNodeIds = requires {
  typename G::node_type;
}
&&std::integral<typename G::node_type> &&
    !std::same_as<std::remove_cv_t<typename G::node_type>, bool>;

/// Part of `SearchGraph`: `G::cost_type` names an arithmetic type (not bool) for edge costs,
/// heuristic values and path costs.
template <class G>
concept GraphCosts = requires {
  typename G::cost_type;
}
&&std::is_arithmetic_v<typename G::cost_type> &&
    !std::same_as<std::remove_cv_t<typename G::cost_type>, bool>;

/// Part of `SearchGraph`: `g.node_count()` on a const graph gives the number of node ids.
template <class G>
concept GraphNodeCount = requires(const G& g) {
  { g.node_count() } -> std::convertible_to<std::size_t>;
};

/// Part of `SearchGraph`: `g.for_each_neighbor(n, visit)` on a const graph calls
/// `visit(neighbor, edge_cost)` once for each edge leaving `n`.
template <class G>
concept GraphNeighbors = GraphNodeIds<G> && GraphCosts<G> &&
    requires(const G& g, typename G::node_type n,
             NeighborVisitorArchetype<typename G::node_type, typename G::cost_type>& visit) {
  g.for_each_neighbor(n, visit);
};

/// Part of `SearchGraph`: `g.heuristic(n, goal)` on a const graph estimates the cost from `n` to
/// `goal` as a value convertible to `cost_type`.
template <class G>
concept GraphHeuristic = GraphNodeIds<G> && GraphCosts<G> &&
    requires(const G& g, typename G::node_type n) {
  { g.heuristic(n, n) } -> std::convertible_to<typename G::cost_type>;
};

/// What a graph must provide to be searched by `GraphAStar` (seed: the Zig A* post's "searchable
/// graph" contract of iterateNeigh / gcost / hcost, made a checked C++20 concept):
///
/// ```
/// struct MyGraph {
///   using node_type = std::uint32_t;   // dense ids: 0 .. node_count() - 1
///   using cost_type = std::uint32_t;   // any arithmetic type; costs must be >= 0
///   std::size_t node_count() const;
///   template <class F> void for_each_neighbor(node_type n, F&& f) const;  // f(neighbor, cost)
///   cost_type heuristic(node_type n, node_type goal) const;               // <= true cost
/// };
/// ```
///
/// - Node ids are dense: every id a graph hands out lies in [0, node_count()), so the search keeps
///   its per-node state in flat arrays (4 + sizeof(cost_type) + sizeof(node_type) bytes a node)
///   instead of a hash map. Graphs whose natural keys are sparse (names, 64-bit ids, coordinates
///   of an unbounded world) map them to dense ids once, when the graph is built, with
///   `NodeInterner` (the hashing policy is its `Hash` parameter); the searches then never hash.
/// - `for_each_neighbor` reports each edge with its cost, so an edge is looked up once (the seed
///   asked for `gcost(from, to)` separately). It must not allocate if queries are to be
///   allocation-free; a template member taking `F&&` inlines the visitor (no std::function).
/// - `heuristic(n, goal)` must be admissible (never above the true remaining cost) for optimal
///   paths, and consistent (h(a) <= cost(a, b) + h(b) for every edge) because GraphAStar never
///   reopens a closed node; 0 everywhere is valid (Dijkstra's algorithm).
/// - Optional: `static constexpr cost_type cost_unit` = the cost of one "unit" in `cost_type`
///   (e.g. `cost::kStraight` for fixed-point costs). `SearchLimits::max_cost` is read in units of
///   it; without it one unit is 1.
///
/// The pieces (`GraphNodeIds`, `GraphCosts`, `GraphNodeCount`, `GraphNeighbors`,
/// `GraphHeuristic`) are concepts of their own so that `GraphAStar<G>` can name the missing one.
template <class G>
concept SearchGraph =
    GraphNodeIds<G> && GraphCosts<G> && GraphNodeCount<G> && GraphNeighbors<G> && GraphHeuristic<G>;

/// True when `G` declares the optional `cost_unit` constant.
template <class G>
concept GraphHasCostUnit = requires {
  { G::cost_unit } -> std::convertible_to<double>;
};

/// The cost of one unit of `SearchLimits::max_cost` in the graph's `cost_type`: `G::cost_unit`
/// when declared, otherwise 1.
template <class G>
[[nodiscard]] constexpr double graph_cost_unit() noexcept {
  if constexpr (GraphHasCostUnit<G>) {
    return static_cast<double>(G::cost_unit);
  } else {
    return 1.0;
  }
}

namespace detail {

/// Fires one readable static_assert per missing piece of `SearchGraph<G>` and returns whether G
/// satisfies it. Used by `GraphAStar<G>` so that a wrong graph type gives one message that says
/// what to add, instead of pages of template errors.
template <class G>
consteval bool check_search_graph() {
  static_assert(GraphNodeIds<G>,
                "pathing::SearchGraph: the graph must declare `using node_type = <integral type>;` "
                "(dense node ids 0 .. node_count() - 1; not bool)");
  static_assert(GraphCosts<G>,
                "pathing::SearchGraph: the graph must declare `using cost_type = <arithmetic "
                "type>;` (edge and heuristic costs; not bool)");
  static_assert(GraphNodeCount<G>,
                "pathing::SearchGraph: the graph must provide `std::size_t node_count() const` "
                "(the number of node ids)");
  static_assert(!(GraphNodeIds<G> && GraphCosts<G>) || GraphNeighbors<G>,
                "pathing::SearchGraph: the graph must provide `template <class F> void "
                "for_each_neighbor(node_type n, F&& f) const` calling f(neighbor, edge_cost) for "
                "each edge leaving n");
  static_assert(!(GraphNodeIds<G> && GraphCosts<G>) || GraphHeuristic<G>,
                "pathing::SearchGraph: the graph must provide `cost_type heuristic(node_type n, "
                "node_type goal) const` (an admissible, consistent estimate of the cost to goal)");
  return SearchGraph<G>;
}

/// `G::node_type` / `G::cost_type` when present, placeholders otherwise, so that a class template
/// over a non-conforming G stops at the static_asserts above without follow-on errors.
template <class G, bool = GraphNodeIds<G>>
struct GraphNodeOf {
  using type = std::uint32_t;
};
template <class G>
struct GraphNodeOf<G, true> {
  using type = typename G::node_type;
};
template <class G, bool = GraphCosts<G>>
struct GraphCostOf {
  using type = std::uint64_t;
};
template <class G>
struct GraphCostOf<G, true> {
  using type = typename G::cost_type;
};

}  // namespace detail

/// Maps sparse node keys (names, 64-bit ids, coordinates) to the dense ids 0, 1, 2, ... a
/// `SearchGraph` needs, and back. This is the library's policy for sparse ids: hash once while
/// building the graph, search on dense ids (no hashing in the hot loop).
///
/// `Key` must be hashable by `Hash` and comparable by `Eq`; `Id` is an unsigned integral type
/// (ids are handed out in first-seen order). `intern` allocates (hash map and key vector);
/// `find`, `key` and `size` do not. Not thread-safe for writes; concurrent const use is safe.
template <class Key, class Id = std::uint32_t, class Hash = std::hash<Key>,
          class Eq = std::equal_to<Key>>
class NodeInterner {
  static_assert(std::unsigned_integral<Id>, "pathing::NodeInterner: Id must be unsigned integral");

 public:
  /// The sparse key type.
  using key_type = Key;
  /// The dense id type.
  using id_type = Id;

  /// The id of `key`, giving it the next free id when it is new. Amortized O(1).
  /// @throws std::length_error when `Id` has no value left for a new key. Without exceptions
  ///   (docs/errors.md) that call returns `std::numeric_limits<Id>::max()`, an id never handed
  ///   out (`key` and `find_key` reject it), and interns nothing.
  Id intern(const Key& key) {
    Error e;
    if (const std::optional<Id> id = try_intern(key, &e)) return *id;
    PATHING_THROW(std::length_error(e.message));
    return std::numeric_limits<Id>::max();
  }

  /// The non-throwing form of `intern`: the id, or nothing (and no change) when `Id` has no value
  /// left, with `*error` (when not null) set to `ErrorCode::too_long` and a message naming the
  /// limit. Allocation failure throws std::bad_alloc as `intern` does (exceptions enabled).
  std::optional<Id> try_intern(const Key& key, Error* error = nullptr) {
    if (const auto it = ids_.find(key); it != ids_.end()) return it->second;
    if (keys_.size() >= static_cast<std::size_t>(std::numeric_limits<Id>::max())) {
      detail::report(error, ErrorCode::too_long,
                     "pathing::NodeInterner: more than " +
                         std::to_string(std::numeric_limits<Id>::max()) +
                         " keys do not fit the id type");
      return std::nullopt;
    }
    const auto id = static_cast<Id>(keys_.size());
    keys_.push_back(key);
    ids_.emplace(key, id);
    return id;
  }

  /// The id of `key`, or nothing when it was never interned. O(1) expected.
  [[nodiscard]] std::optional<Id> find(const Key& key) const {
    if (const auto it = ids_.find(key); it != ids_.end()) return it->second;
    return std::nullopt;
  }

  /// The key of `id`. @throws std::out_of_range naming the id when it was never handed out.
  ///   Without exceptions (docs/errors.md) such an id gives a value-initialized `Key` (a static
  ///   object; `Key` must then be default-constructible); `find_key` is the non-throwing form.
  [[nodiscard]] const Key& key(Id id) const {
    if (static_cast<std::size_t>(id) >= keys_.size()) {
      PATHING_THROW(std::out_of_range("pathing::NodeInterner: id " + std::to_string(id) +
                                      " was never handed out (" + std::to_string(keys_.size()) +
                                      " keys)"));
#if !PATHING_HAS_EXCEPTIONS
      static const Key kNone{};
      return kNone;
#endif
    }
    return keys_[static_cast<std::size_t>(id)];
  }

  /// The key of `id`, or nullptr when `id` was never handed out (the non-throwing form of `key`).
  /// O(1). The pointer stays valid until the next `intern`.
  [[nodiscard]] const Key* find_key(Id id) const noexcept {
    return static_cast<std::size_t>(id) < keys_.size() ? &keys_[static_cast<std::size_t>(id)]
                                                       : nullptr;
  }

  /// Number of keys interned: every id lies in [0, size()). Use it as the graph's node_count().
  [[nodiscard]] std::size_t size() const noexcept {
    return keys_.size();
  }

 private:
  std::unordered_map<Key, Id, Hash, Eq> ids_;
  std::vector<Key> keys_;
};

}  // namespace pathing
