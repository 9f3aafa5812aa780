// pathing: fast grid path-finding. MIT licensed.
//
// Parts every grid search shares: node index spaces, the per-node workspace, neighbour
// generation under the move model, and path reconstruction into a GridPath or a cell buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathing/coord.hpp"
#include "pathing/detail/generation_map.hpp"
#include "pathing/grid.hpp"
#include "pathing/layer.hpp"
#include "pathing/moves.hpp"
#include "pathing/path.hpp"

namespace pathing::detail {

/// Sentinel parent: the start node.
inline constexpr std::uint8_t kNoParent = 0xFF;

/// Nodes are the grid's cells, indexed row-major (unbounded searches). Memory scales with the grid.
struct GridSpace {
  int cols = 0;
  [[nodiscard]] std::size_t index(int x, int y) const noexcept {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(x);
  }
};

/// Nodes are the cells of a fixed window centred on the start (bounded searches): a cell within
/// `kRadius` steps of the start in each axis. Memory is constant whatever the grid's size.
struct WindowSpace {
  static constexpr int kRadius = GridPath::kMaxSteps + 1;  // 57: depth-57 nodes still fit
  static constexpr int kSide = 2 * kRadius + 1;            // 115
  static constexpr std::size_t kNodes = static_cast<std::size_t>(kSide) * kSide;
  int ox = 0;  // grid x of window column 0
  int oy = 0;  // grid y of window row 0
  [[nodiscard]] std::size_t index(int x, int y) const noexcept {
    return static_cast<std::size_t>(y - oy) * kSide + static_cast<std::size_t>(x - ox);
  }
};

/// The per-node arrays of a search (struct of arrays): generation stamps (open/closed), g costs in
/// fixed point, and the direction of the move that reached the node (`Direction8` value, or
/// `kNoParent`). 13 bytes a node. Owned by one searcher; not thread-safe.
struct NodeWorkspace {
  GenerationMap stamps;
  std::vector<std::uint64_t> g;
  std::vector<std::uint8_t> parent;

  /// Grows to `n` nodes; allocates only when n exceeds what was seen before.
  void ensure(std::size_t n) {
    stamps.ensure(n);
    if (g.size() < n) g.resize(n);
    if (parent.size() < n) parent.resize(n);
  }
  [[nodiscard]] std::size_t bytes() const noexcept {
    return stamps.size() * sizeof(std::uint32_t) + g.size() * sizeof(std::uint64_t) +
           parent.size();
  }
};

/// Calls `f(nx, ny, dir, step_cost_fixed)` for each neighbour of (x, y) that lies on the grid and
/// is passable under `layer`, in `Direction8` order (right, down, left, up, then the diagonals
/// down-right, down-left, up-left, up-right). With `Connectivity::eight` a diagonal is offered
/// only when both orthogonal cells it passes are passable (no corner cutting). The step cost is the
/// layer cost of the cell entered times `cost::kStraight` or `cost::kDiagonal`.
template <Connectivity C, class F>
inline void for_each_neighbor(const Grid& grid, const GridLayer& layer, int x, int y, F&& f) {
  const int cols = grid.cols();
  const int rows = grid.rows();
  const bool has_r = x + 1 < cols;
  const bool has_d = y + 1 < rows;
  const bool has_l = x > 0;
  const bool has_u = y > 0;
  const std::uint8_t cr = has_r ? layer.cost_of_cell(grid.cell_unchecked(x + 1, y)) : 0;
  const std::uint8_t cd = has_d ? layer.cost_of_cell(grid.cell_unchecked(x, y + 1)) : 0;
  const std::uint8_t cl = has_l ? layer.cost_of_cell(grid.cell_unchecked(x - 1, y)) : 0;
  const std::uint8_t cu = has_u ? layer.cost_of_cell(grid.cell_unchecked(x, y - 1)) : 0;
  if (cr) f(x + 1, y, Direction8::right, cr * cost::kStraight);
  if (cd) f(x, y + 1, Direction8::down, cd * cost::kStraight);
  if (cl) f(x - 1, y, Direction8::left, cl * cost::kStraight);
  if (cu) f(x, y - 1, Direction8::up, cu * cost::kStraight);
  if constexpr (C == Connectivity::eight) {
    if (cr && cd) {
      if (const std::uint8_t c = layer.cost_of_cell(grid.cell_unchecked(x + 1, y + 1)))
        f(x + 1, y + 1, Direction8::down_right, c * cost::kDiagonal);
    }
    if (cl && cd) {
      if (const std::uint8_t c = layer.cost_of_cell(grid.cell_unchecked(x - 1, y + 1)))
        f(x - 1, y + 1, Direction8::down_left, c * cost::kDiagonal);
    }
    if (cl && cu) {
      if (const std::uint8_t c = layer.cost_of_cell(grid.cell_unchecked(x - 1, y - 1)))
        f(x - 1, y - 1, Direction8::up_left, c * cost::kDiagonal);
    }
    if (cr && cu) {
      if (const std::uint8_t c = layer.cost_of_cell(grid.cell_unchecked(x + 1, y - 1)))
        f(x + 1, y - 1, Direction8::up_right, c * cost::kDiagonal);
    }
  }
}

/// Builds a GridPath by walking parents back from `to` until a node without parent. Requires every
/// parent on the chain to be a 4-connected direction and the chain to hold at most 56 moves.
template <class Space>
[[nodiscard]] inline GridPath reconstruct_steps(const NodeWorkspace& ws, const Space& space,
                                                GridCoord to) noexcept {
  GridPath path;
  GridCoord c = to;
  for (;;) {
    const std::uint8_t p = ws.parent[space.index(c.x, c.y)];
    if (p == kNoParent) break;
    const auto d = static_cast<Direction>(p);
    path.push_front(d);
    c = c - step_offset(d);
  }
  return path;
}

/// Writes the cells from the start to `to` (both included) into `out`, reusing its capacity, and
/// returns the exact cost: sums of layer costs entered by straight and by diagonal moves.
struct CellPathCost {
  std::uint64_t straight = 0;  // sum of layer costs of cells entered by straight moves
  std::uint64_t diagonal = 0;  // same for diagonal moves
  std::uint32_t steps = 0;
};

template <class Space>
inline CellPathCost reconstruct_cells(const NodeWorkspace& ws, const Space& space,
                                      const Grid& grid, const GridLayer& layer, GridCoord to,
                                      std::vector<GridCoord>& out) {
  CellPathCost pc;
  GridCoord c = to;
  for (;;) {
    const std::uint8_t p = ws.parent[space.index(c.x, c.y)];
    if (p == kNoParent) break;
    const auto d = static_cast<Direction8>(p);
    const std::uint8_t cost = layer.cost_of_cell(grid.cell_unchecked(c.x, c.y));
    (is_diagonal(d) ? pc.diagonal : pc.straight) += cost;
    ++pc.steps;
    c = c - step_offset(d);
  }
  out.resize(static_cast<std::size_t>(pc.steps) + 1);
  c = to;
  for (std::size_t i = pc.steps + 1; i-- > 0;) {
    out[i] = c;
    if (i == 0) break;
    const auto d = static_cast<Direction8>(ws.parent[space.index(c.x, c.y)]);
    c = c - step_offset(d);
  }
  return pc;
}

}  // namespace pathing::detail
