// pathing: fast grid path-finding. MIT licensed.
//
// Path reconstruction from a search's parent directions: into a GridPath or a cell buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathing/detail/nodes/node_table.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/map/path.hpp"

namespace pathing::detail {

/// Builds a GridPath by walking parents back from `to` until a node without parent. Requires every
/// parent on the chain to be a 4-connected direction and the chain to hold at most 56 moves.
template <class Workspace, class Space>
[[nodiscard]] inline GridPath reconstruct_steps(const Workspace& ws, const Space& space,
                                                GridCoord to) noexcept {
  GridPath path;
  GridCoord c = to;
  for (;;) {
    const std::uint8_t p = ws.parent_of(space.index(c.x, c.y));
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

template <class Workspace, class Space>
inline CellPathCost reconstruct_cells(const Workspace& ws, const Space& space, const Grid& grid,
                                      const GridLayer& layer, GridCoord to,
                                      std::vector<GridCoord>& out) {
  CellPathCost pc;
  GridCoord c = to;
  for (;;) {
    const std::uint8_t p = ws.parent_of(space.index(c.x, c.y));
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
    const auto d = static_cast<Direction8>(ws.parent_of(space.index(c.x, c.y)));
    c = c - step_offset(d);
  }
  return pc;
}

}  // namespace pathing::detail
