// pathing: fast grid path-finding. MIT licensed.
//
// The successor generation of JPS+ (`JpsPlus`): the pruning rules of `jps_directions` with every
// jump read from a precomputed jump-distance table (`JpsPlusMap`).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/search/jump/jps_expand.hpp"
#include "pathing/search/jump/jump_search.hpp"

namespace pathing::detail {

/// Successors of one JPS+ node (x, y) entered with direction `travel`: the directions of
/// `jps_directions`, each jump read from the table.
///
/// `m` is a `JpsPlusMap` (a template parameter so that this header needs only the table's
/// interface: `data()`, the row-major table of 8 `std::int16_t` jump distances a cell indexed by
/// `Direction8` value, in cells, and `cols()`). `gen(int x, int y, std::uint8_t travel,
/// std::uint64_t cost)` receives each successor, its travel code and the segment's cost from
/// (x, y) in the fixed-point units of `segment_cost`, every cell costing 1, as in `jps_expand`.
/// The goal is generated directly when it lies within a straight jump's reach or in a diagonal
/// hop's quadrant with the diagonal-then-straight path to it inside the table's distances.
/// Preconditions: `m` in sync with the searched grid, (x, y) on it, `goal` on it, `travel` as
/// `jps_directions` takes it. Complexity: O(1) a straight jump; a diagonal jump O(1) for each
/// diagonal jump point it hops over (it stops where the table has none left). Allocates nothing;
/// `gen` is the only side effect.
template <class Table, class Gen>
PATHING_ALWAYS_INLINE inline void jps_plus_expand(const Table& m, int x, int y, std::uint8_t travel,
                                                  GridCoord goal, Gen& gen) {
  // The table through local copies: the compiler need not reload them after each `gen`.
  const std::array<std::int16_t, 8>* const table = m.data();
  const auto cols = static_cast<std::size_t>(m.cols());
  auto distances = [&](int cx, int cy) PATHING_ALWAYS_INLINE -> const std::array<std::int16_t, 8>& {
    return table[static_cast<std::size_t>(cy) * cols + static_cast<std::size_t>(cx)];
  };
  // Straight from (cx, cy), `steps` diagonal moves from (x, y), along s: the goal if it lies
  // within reach, else the jump point.
  auto straight_from = [&](int cx, int cy, int steps, Direction8 s) PATHING_ALWAYS_INLINE {
    const int v = distances(cx, cy)[static_cast<unsigned>(s)];
    const GridCoord o = step_offset(s);
    const int along = o.x != 0 ? (goal.y == cy ? (goal.x - cx) * o.x : -1)
                               : (goal.x == cx ? (goal.y - cy) * o.y : -1);
    // 0 < along <= |v| as one branch (rarely taken: it predicts well).
    if (static_cast<unsigned>(along - 1) < static_cast<unsigned>(v > 0 ? v : -v)) {
      gen(goal.x, goal.y, travel_code(s), segment_cost(steps, along));
    } else if (v > 0) {
      gen(cx + v * o.x, cy + v * o.y, travel_code(s), segment_cost(steps, v));
    }
  };
  auto straight = [&](Direction8 s) PATHING_ALWAYS_INLINE { straight_from(x, y, 0, s); };
  auto diagonal = [&](int dx, int dy) PATHING_ALWAYS_INLINE {
    const Direction8 d = diagonal_direction(dx, dy);
    const Direction8 h = dx > 0 ? Direction8::right : Direction8::left;
    const Direction8 vdir = dy > 0 ? Direction8::down : Direction8::up;
    int cx = x;
    int cy = y;
    int steps = 0;  // diagonal moves from (x, y) to (cx, cy)
    for (;;) {
      const int v = distances(cx, cy)[static_cast<unsigned>(d)];
      const int reach = v > 0 ? v : -v;
      // Goal in this direction's quadrant (k > 0), its diagonal part within this hop (k <=
      // reach)? One branch, rarely taken.
      const int gx = (goal.x - cx) * dx;
      const int gy = (goal.y - cy) * dy;
      const int k = gx < gy ? gx : gy;
      if (static_cast<unsigned>(k - 1) < static_cast<unsigned>(reach)) {
        if (gx == gy) {
          gen(goal.x, goal.y, travel_code(d), segment_cost(steps + k, 0));
          return;
        }
        const int ix = cx + k * dx;
        const int iy = cy + k * dy;
        const int rest = gx > gy ? gx - gy : gy - gx;
        const int sv = distances(ix, iy)[static_cast<unsigned>(gx > gy ? h : vdir)];
        if (rest <= (sv > 0 ? sv : -sv)) {
          gen(goal.x, goal.y, travel_code(gx > gy ? h : vdir), segment_cost(steps + k, rest));
        }
      }
      if (v <= 0) return;
      cx += v * dx;
      cy += v * dy;
      steps += v;
      straight_from(cx, cy, steps, h);
      straight_from(cx, cy, steps, vdir);
    }
  };
  // Forced neighbours from the node's own entry: entered by a straight move along t, the cell
  // behind the node (against t) is passable, so the diagonal jump towards side s and back
  // against t is legal (distance != 0) exactly when the side cell and the cell behind it are
  // both passable: the side cell is forced when it is passable (distance along s != 0) and
  // that diagonal is not.
  const std::array<std::int16_t, 8>& own = distances(x, y);
  jps_directions(
      travel,
      [&](Direction8 t, Direction8 side) PATHING_ALWAYS_INLINE {
        const GridCoord os = step_offset(side);
        const GridCoord ot = step_offset(t);
        // Both tests, one branch later (bitwise on 0/1 integers, not &&).
        return (static_cast<unsigned>(own[static_cast<unsigned>(side)] != 0) &
                static_cast<unsigned>(
                    own[static_cast<unsigned>(diagonal_direction(os.x - ot.x, os.y - ot.y))] ==
                    0)) != 0;
      },
      straight, diagonal);
}

}  // namespace pathing::detail
