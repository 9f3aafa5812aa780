// pathing: fast grid path-finding. MIT licensed.
//
// GridGraph: a Grid read through a GridLayer, seen as a SearchGraph.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathing/detail/moves/neighbors.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/graph.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"

namespace pathing {

/// A `Grid` read through a `GridLayer` with connectivity `C`, as a `SearchGraph`: the nodes are
/// the cells (id = y * cols + x), the edges are the moves of moves.hpp (4- or 8-connected, no
/// corner cutting, entering a cell of layer cost c costs c * cost::kStraight or c *
/// cost::kDiagonal in fixed point), the heuristic is the Manhattan (four) or octile (eight)
/// distance times the layer's smallest cost. This is exactly `AStar::find_path`'s model, so
/// `GraphAStar<GridGraph<C>>` finds paths of the same cost (the paths may differ among equal-cost
/// ones: the two searches break ties differently).
///
/// Costs: `cost_type` is the fixed-point `std::uint64_t` of moves.hpp; `cost_unit` =
/// cost::kStraight, so `SearchLimits::max_cost` keeps its meaning (a straight move of cost 1 =
/// 1.0). Use `cost::to_double` to print a cost.
///
/// Lifetime: keeps a pointer to `grid` (which must outlive the graph; its cells may change between
/// queries) and a copy of `layer`. A small value (48 bytes): cheap to make per query. Members are
/// O(1) and thread-safe to call concurrently while the grid is not being mutated.
template <Connectivity C>
class GridGraph {
 public:
  /// Node id: y * cols + x (grids hold at most 2^30 cells).
  using node_type = std::uint32_t;
  /// Fixed-point cost of moves.hpp (cost::kStraight = a straight move of layer cost 1).
  using cost_type = std::uint64_t;
  /// One straight move of layer cost 1 (see `graph_cost_unit`).
  static constexpr cost_type cost_unit = cost::kStraight;
  /// The connectivity of the moves.
  static constexpr Connectivity connectivity = C;
  /// The id `node()` gives for a cell off the grid; GraphAStar reports it as `invalid_endpoint`.
  static constexpr node_type kInvalidNode = 0xFFFFFFFFu;

  /// A graph over `grid` as seen by `layer`.
  GridGraph(const Grid& grid, const GridLayer& layer) noexcept
      : grid_(&grid), layer_(layer), hscale_(layer.min_passable_cost()) {}

  /// Number of nodes: the grid's cell count.
  [[nodiscard]] std::size_t node_count() const noexcept { return grid_->cell_count(); }

  /// The node of cell `c`, or `kInvalidNode` when `c` is off the grid.
  [[nodiscard]] node_type node(GridCoord c) const noexcept {
    if (!grid_->in_bounds(c)) return kInvalidNode;
    return static_cast<node_type>(c.y) * static_cast<node_type>(grid_->cols()) +
           static_cast<node_type>(c.x);
  }
  /// The cell of node `n` (precondition: n < node_count()).
  [[nodiscard]] GridCoord coord(node_type n) const noexcept {
    const auto cols = static_cast<node_type>(grid_->cols());
    return {static_cast<int>(n % cols), static_cast<int>(n / cols)};
  }

  /// Calls `f(neighbor, step_cost)` for each passable neighbour of `n`, in `Direction8` order
  /// (right, down, left, up, then down-right, down-left, up-left, up-right), like the grid
  /// searches. The cost of the cell `n` itself is not looked at (a unit may stand on a blocked
  /// cell).
  template <class F>
  void for_each_neighbor(node_type n, F&& f) const {
    const GridCoord c = coord(n);
    const auto cols = static_cast<node_type>(grid_->cols());
    detail::for_each_neighbor<C>(
        *grid_, layer_, c.x, c.y, [&](int nx, int ny, Direction8, std::uint64_t step) {
          f(static_cast<node_type>(ny) * cols + static_cast<node_type>(nx), step);
        });
  }

  /// Admissible, consistent heuristic: distance_fixed(C, n, goal) times the layer's smallest cost.
  [[nodiscard]] cost_type heuristic(node_type n, node_type goal) const noexcept {
    return hscale_ * distance_fixed(C, coord(n), coord(goal));
  }

  /// Converts a node path (as written by GraphAStar::find_path) to cells, replacing `out`'s
  /// contents (capacity reused). O(len).
  void to_cells(const std::vector<node_type>& nodes, std::vector<GridCoord>& out) const {
    out.resize(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) out[i] = coord(nodes[i]);
  }

  /// The grid searched.
  [[nodiscard]] const Grid& grid() const noexcept { return *grid_; }
  /// The layer the grid is read through.
  [[nodiscard]] const GridLayer& layer() const noexcept { return layer_; }

 private:
  const Grid* grid_;
  GridLayer layer_;
  std::uint64_t hscale_;
};

/// The 4-connected grid graph.
using GridGraph4 = GridGraph<Connectivity::four>;
/// The 8-connected grid graph (no corner cutting).
using GridGraph8 = GridGraph<Connectivity::eight>;

static_assert(SearchGraph<GridGraph4> && SearchGraph<GridGraph8>);

}  // namespace pathing
