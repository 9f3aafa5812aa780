// pathing: fast grid path-finding. MIT licensed.
//
// The move model read the plain way: the passable neighbours of a cell under a layer.
#pragma once

#include <cstdint>

#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"

namespace pathing::detail {

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

}  // namespace pathing::detail
