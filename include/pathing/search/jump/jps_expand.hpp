// pathing: fast grid path-finding. MIT licensed.
//
// The successor generation of online Jump Point Search (`Jps`): the pruning rules shared with
// JPS+ (`jps_directions`) and the jumps over a `JpsMap` (`jps_expand`).
#pragma once

#include <cstdint>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/nodes/node_table.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/precompute/jps_map.hpp"
#include "pathing/search/jump/jump_search.hpp"

namespace pathing::detail {

/// The directions JPS follows from a node entered with direction `travel` (`kNoParent`: the
/// start, which follows all eight): the natural neighbours of the travel direction plus the
/// forced ones, for 8-connected moves without corner cutting. Travelling east, the cell north of
/// the node is a forced neighbour when it is passable and the cell north-west of the node is
/// blocked; JPS then also follows north and north-east (likewise south; the other travel
/// directions are symmetric). `forced(t, s)` answers that question for a straight travel
/// direction t and a perpendicular side s (`forced_by_bitmap` reads it from a `JpsMap`). A
/// diagonal travel direction has no forced neighbours without corner cutting: it continues
/// diagonally and along both components; a `kDiagonalContinuation` code only continues diagonally
/// (its straight successors were generated when it was). Calls `straight(Direction8)` and
/// `diagonal(dx, dy)` in a fixed order. Shared by `Jps` and `JpsPlus`.
///
/// Precondition: `travel` is `kNoParent`, a `travel_code` of a `Direction8`, or
/// `kDiagonalContinuation | travel_code(d)` for a diagonal d. `forced(Direction8 t, Direction8 s)`
/// returns bool; `diagonal` gets each component as -1 or 1 (x to the right, y down). Complexity:
/// O(1) besides the callbacks: at most 2 calls of `forced`, 4 of `straight`, 4 of `diagonal`.
template <class Forced, class Straight, class Diagonal>
PATHING_ALWAYS_INLINE inline void jps_directions(std::uint8_t travel, Forced&& forced,
                                                 Straight&& straight, Diagonal&& diagonal) {
  using D = Direction8;
  if (travel != kNoParent && (travel & kDiagonalContinuation) != 0) {
    const GridCoord o = step_offset(static_cast<Direction8>(travel & 7u));
    diagonal(o.x, o.y);
    return;
  }
  switch (travel) {
    case static_cast<std::uint8_t>(D::right): {
      straight(D::right);
      const bool up = forced(D::right, D::up);
      const bool down = forced(D::right, D::down);
      if (down) straight(D::down);
      if (up) straight(D::up);
      if (down) diagonal(1, 1);
      if (up) diagonal(1, -1);
      return;
    }
    case static_cast<std::uint8_t>(D::left): {
      straight(D::left);
      const bool up = forced(D::left, D::up);
      const bool down = forced(D::left, D::down);
      if (down) straight(D::down);
      if (up) straight(D::up);
      if (down) diagonal(-1, 1);
      if (up) diagonal(-1, -1);
      return;
    }
    case static_cast<std::uint8_t>(D::down): {
      const bool right = forced(D::down, D::right);
      const bool left = forced(D::down, D::left);
      if (right) straight(D::right);
      if (left) straight(D::left);
      straight(D::down);
      if (right) diagonal(1, 1);
      if (left) diagonal(-1, 1);
      return;
    }
    case static_cast<std::uint8_t>(D::up): {
      const bool right = forced(D::up, D::right);
      const bool left = forced(D::up, D::left);
      if (right) straight(D::right);
      if (left) straight(D::left);
      straight(D::up);
      if (left) diagonal(-1, -1);
      if (right) diagonal(1, -1);
      return;
    }
    case static_cast<std::uint8_t>(D::down_right):
      straight(D::right);
      straight(D::down);
      diagonal(1, 1);
      return;
    case static_cast<std::uint8_t>(D::down_left):
      straight(D::left);
      straight(D::down);
      diagonal(-1, 1);
      return;
    case static_cast<std::uint8_t>(D::up_left):
      straight(D::left);
      straight(D::up);
      diagonal(-1, -1);
      return;
    case static_cast<std::uint8_t>(D::up_right):
      straight(D::right);
      straight(D::up);
      diagonal(1, -1);
      return;
    default:  // the start: every direction
      straight(D::right);
      straight(D::left);
      straight(D::down);
      straight(D::up);
      diagonal(1, 1);
      diagonal(-1, 1);
      diagonal(-1, -1);
      diagonal(1, -1);
      return;
  }
}

/// The `forced` test of `jps_directions` on a `JpsMap`, for node (x, y): the cell beside the node
/// on side s is passable and the cell behind that one (against travel direction t) is blocked.
/// Precondition: t straight, s perpendicular to it, (x, y) on the map (cells off it read as
/// blocked: see `JpsMap::passable`). O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE inline bool forced_by_bitmap(const JpsMap& m, int x, int y,
                                                                 Direction8 t, Direction8 s) {
  const GridCoord os = step_offset(s);
  const GridCoord ot = step_offset(t);
  return m.passable(x + os.x, y + os.y) && !m.passable(x + os.x - ot.x, y + os.y - ot.y);
}

/// The diagonal direction with components (dx, dy), each -1 or 1 (x to the right, y down). O(1).
[[nodiscard]] constexpr Direction8 diagonal_direction(int dx, int dy) noexcept {
  return dx > 0 ? (dy > 0 ? Direction8::down_right : Direction8::up_right)
                : (dy > 0 ? Direction8::down_left : Direction8::up_left);
}

/// Successors of one JPS node (x, y) entered with travel code `travel`: each direction of
/// `jps_directions` followed by a jump. Straight jumps are the map's block scans. Diagonal jumps
/// step cell by cell (each step legal without corner cutting) and scan both straight components
/// from each cell; at the first cell t where a scan finds something, the scans' results are
/// generated directly (t is an "intermediate" jump point, Harabor & Grastien 2014) and, when the
/// diagonal goes on from t, t itself is generated with a `kDiagonalContinuation` code, so that
/// the rest of the diagonal is walked once, when (and if) t is expanded.
///
/// `gen(int x, int y, std::uint8_t travel, std::uint64_t cost)` receives each successor, its
/// travel code (as `jps_directions` takes it) and the segment's cost from (x, y) in the
/// fixed-point units of `segment_cost`, every cell costing 1 (`JumpPointSearch::run` applies the
/// layer's unit cost). The goal is generated when a jump reaches it. Preconditions: `m` in sync
/// with the searched grid, (x, y) on it (`goal` may lie anywhere), `travel` as `jps_directions`
/// takes it. Complexity: O(1 + length / 64) a straight jump; a diagonal jump O(1 + length / 64)
/// for each cell it steps over (two straight scans a cell), up to the first one whose scans find
/// something. Allocates nothing; `gen` is the only side effect.
template <class Gen>
inline void jps_expand(const JpsMap& m, int x, int y, std::uint8_t travel, GridCoord goal,
                       Gen& gen) {
  auto straight = [&](Direction8 s) {
    const std::uint8_t code = travel_code(s);
    switch (s) {
      case Direction8::right:
        if (const int j = m.jump_east(x, y, goal); j != JpsMap::kNoJump) {
          gen(j, y, code, segment_cost(0, j - x));
        }
        return;
      case Direction8::left:
        if (const int j = m.jump_west(x, y, goal); j != JpsMap::kNoJump) {
          gen(j, y, code, segment_cost(0, x - j));
        }
        return;
      case Direction8::down:
        if (const int j = m.jump_south(x, y, goal); j != JpsMap::kNoJump) {
          gen(x, j, code, segment_cost(0, j - y));
        }
        return;
      default:
        if (const int j = m.jump_north(x, y, goal); j != JpsMap::kNoJump) {
          gen(x, j, code, segment_cost(0, y - j));
        }
        return;
    }
  };
  auto diagonal_to = [&]<int DX, int DY>() PATHING_ALWAYS_INLINE {
    const JpsMap::DiagonalJump j = m.jump_diagonal<DX, DY>(x, y, goal);
    if (j.steps == 0) return;
    const std::uint8_t d = travel_code(diagonal_direction(DX, DY));
    const int cx = x + j.steps * DX;
    const int cy = y + j.steps * DY;
    if (j.goal) {
      gen(cx, cy, d, segment_cost(j.steps, 0));
      return;
    }
    if (j.jh != JpsMap::kNoJump) {
      gen(j.jh, cy, travel_code(DX > 0 ? Direction8::right : Direction8::left),
          segment_cost(j.steps, (j.jh - cx) * DX));
    }
    if (j.jv != JpsMap::kNoJump) {
      gen(cx, j.jv, travel_code(DY > 0 ? Direction8::down : Direction8::up),
          segment_cost(j.steps, (j.jv - cy) * DY));
    }
    // Once the goal is generated through (x, y) at octile distance, nothing further along this
    // diagonal can lead to it more cheaply.
    const bool goal_found = (cy == goal.y && j.jh == goal.x) || (cx == goal.x && j.jv == goal.y);
    if (!goal_found && j.more) {
      gen(cx, cy, static_cast<std::uint8_t>(kDiagonalContinuation | d), segment_cost(j.steps, 0));
    }
  };
  auto diagonal = [&](int dx, int dy) PATHING_ALWAYS_INLINE {
    if (dx > 0) {
      if (dy > 0) {
        diagonal_to.template operator()<1, 1>();
      } else {
        diagonal_to.template operator()<1, -1>();
      }
    } else if (dy > 0) {
      diagonal_to.template operator()<-1, 1>();
    } else {
      diagonal_to.template operator()<-1, -1>();
    }
  };
  jps_directions(
      travel,
      [&](Direction8 t, Direction8 side)
          PATHING_ALWAYS_INLINE { return forced_by_bitmap(m, x, y, t, side); },
      straight, diagonal);
}

}  // namespace pathing::detail
