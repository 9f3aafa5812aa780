// pathing: fast grid path-finding. MIT licensed.
//
// The scans of simple subgoal graphs: which cells are subgoals, and which subgoals a cell reaches
// directly (diagonal-first, through no other subgoal).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "pathing/detail/compiler.hpp"

namespace pathing::detail {

/// Cell classes of a `SubgoalGraph`'s padded class array: one byte a cell, rows of `pitch` =
/// cols + 2 bytes, one padding cell (blocked) on every side, so a scan never leaves the array.
inline constexpr std::uint8_t kSubgoalFree = 0;
inline constexpr std::uint8_t kSubgoalBlocked = 1;
inline constexpr std::uint8_t kSubgoalCell = 2;

/// Whether the diagonal move from padded index `p` by (dx, dy) is legal under the corner rule:
/// the cell entered and both orthogonal cells it passes are not blocked. O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE inline bool subgoal_diagonal_legal(
    const std::uint8_t* cls, std::ptrdiff_t p, int dx, std::ptrdiff_t dy_pitch) noexcept {
  return cls[p + dx] != kSubgoalBlocked && cls[p + dy_pitch] != kSubgoalBlocked &&
         cls[p + dx + dy_pitch] != kSubgoalBlocked;
}

/// Straight clearances of a `SubgoalGraph`'s cells, indexed like the padded class array: for
/// each direction (0 east, 1 west, 2 south, 3 north), how many cells a straight walk from the cell
/// passes before it meets a blocked cell or a subgoal (the cell met is not counted), saturated at
/// `kSubgoalClearanceMax`: a saturated value means "at least that many", and the walk goes on
/// from the cell that many steps away (`subgoal_clearance`). 4 bytes a cell.
using SubgoalClearance = std::array<std::uint8_t, 4>;

/// The largest stored clearance (see `SubgoalClearance`).
inline constexpr int kSubgoalClearanceMax = 255;

/// The clearance of padded cell `p` in direction `dir` (0 east, 1 west, 2 south, 3 north; `step`
/// the padded index step of that direction), unsaturated: each saturated value continues from
/// the cell `kSubgoalClearanceMax` steps on (those cells are all free). O(1 + clearance / 255).
[[nodiscard]] PATHING_ALWAYS_INLINE inline int subgoal_clearance(const SubgoalClearance* clear,
                                                                 std::ptrdiff_t p, int dir,
                                                                 std::ptrdiff_t step) noexcept {
  const auto d = static_cast<std::size_t>(dir);
  int c = clear[p][d];
  if (c == kSubgoalClearanceMax) [[unlikely]] {
    int total = 0;
    do {
      total += kSubgoalClearanceMax;
      p += kSubgoalClearanceMax * step;
      c = clear[p][d];
    } while (c == kSubgoalClearanceMax);
    c += total;
  }
  return c;
}

/// The direct scan of simple subgoal graphs (T. Uras, S. Koenig and C. Hernandez, "Subgoal Graphs
/// for Optimal Pathfinding in Eight-Neighbor Grids", ICAPS 2013, "GetDirectHReachable"), from
/// cell (x, y) at padded index `s` of the class array `cls` (rows of `pitch` bytes, see above;
/// `clear` its straight clearances): calls `emit(q, qx, qy)` for every cell q = (qx, qy) that is a
/// subgoal (class `kSubgoalCell`) or the extra cell (tx, ty) (when `has_target`) and that (x, y)
/// reaches by a diagonal-first path (at most min(|dx|, |dy|) diagonal moves, then straight
/// moves; every move legal under the corner rule) whose cells before q are neither subgoals nor
/// the extra cell. Such a path has the octile length of the pair, so q is h-reachable from s. The
/// straight scans from the i-th diagonal cell stop one cell after the shortest reach of the
/// straight scans before them (the paper's `max` clearance): a cell beyond it is h-reachable
/// through a subgoal found earlier, so pruning it keeps every direct pair. (x, y) itself is never
/// emitted; nothing is emitted twice. O(diagonal cells walked): each straight scan is one
/// clearance lookup. Allocates nothing.
template <class Emit>
PATHING_ALWAYS_INLINE inline void subgoal_direct_scan(const std::uint8_t* cls,
                                                      const SubgoalClearance* clear,
                                                      std::ptrdiff_t pitch, std::ptrdiff_t s, int x,
                                                      int y, bool has_target, int tx, int ty,
                                                      Emit&& emit) {
  // The straight scan from p = (px, py) in direction `dir` (step (sx, sy), `step` in the array):
  // emits the subgoal or extra cell that stops it within limit + 1 cells; returns the free cells
  // walked before the stop, at most `limit`.
  auto straight = [&](std::ptrdiff_t p, int px, int py, int dir, int sx, int sy,
                      std::ptrdiff_t step, int limit) PATHING_ALWAYS_INLINE {
    int stop = subgoal_clearance(clear, p, dir, step) + 1;
    bool target = false;
    if (has_target) {
      const int along = sx != 0 ? (ty == py ? (tx - px) * sx : 0) : (tx == px ? (ty - py) * sy : 0);
      if (along >= 1 && along <= stop) {
        stop = along;
        target = true;
      }
    }
    if (stop - 1 > limit) return limit;
    const std::ptrdiff_t q = p + stop * step;
    if (target || cls[q] == kSubgoalCell) emit(q, px + stop * sx, py + stop * sy);
    return stop - 1;
  };
  constexpr int kNoLimit = 1 << 30;
  const int east = straight(s, x, y, 0, 1, 0, 1, kNoLimit);
  const int west = straight(s, x, y, 1, -1, 0, -1, kNoLimit);
  const int south = straight(s, x, y, 2, 0, 1, pitch, kNoLimit);
  const int north = straight(s, x, y, 3, 0, -1, -pitch, kNoLimit);
  for (int dir = 0; dir < 4; ++dir) {
    const int dx = (dir & 1) != 0 ? -1 : 1;
    const int dy = (dir & 2) != 0 ? -1 : 1;
    const std::ptrdiff_t dyp = dy > 0 ? pitch : -pitch;
    int max_x = dx > 0 ? east : west;
    int max_y = dy > 0 ? south : north;
    std::ptrdiff_t p = s;
    int px = x;
    int py = y;
    for (;;) {
      if (!subgoal_diagonal_legal(cls, p, dx, dyp)) break;
      p += dx + dyp;
      px += dx;
      py += dy;
      if (cls[p] == kSubgoalCell || (has_target && px == tx && py == ty)) {
        emit(p, px, py);
        break;
      }
      max_x = straight(p, px, py, dx > 0 ? 0 : 1, dx, 0, dx, max_x);
      max_y = straight(p, px, py, dy > 0 ? 2 : 3, 0, dy, dyp, max_y);
    }
  }
}

/// Whether the diagonal-first path from padded index `a` to `b` (`adx`, `ady` the absolute
/// differences of x and y, `sx`, `sy` their signs) is legal and passes no subgoal before `b`:
/// what `subgoal_direct_scan` from `a` would need to emit `b`. O(max(adx, ady)).
[[nodiscard]] inline bool subgoal_diagonal_first_clear(const std::uint8_t* cls,
                                                       std::ptrdiff_t pitch, std::ptrdiff_t a,
                                                       int adx, int ady, int sx, int sy) noexcept {
  const int diag = adx < ady ? adx : ady;
  const int rest = (adx > ady ? adx : ady) - diag;
  const std::ptrdiff_t dyp = sy * pitch;
  const std::ptrdiff_t step = adx > ady ? sx : dyp;
  std::ptrdiff_t p = a;
  const int total = diag + rest;
  for (int i = 0; i < total; ++i) {
    if (i < diag) {
      if (!subgoal_diagonal_legal(cls, p, sx, dyp)) return false;
      p += sx + dyp;
    } else {
      p += step;
      if (cls[p] == kSubgoalBlocked) return false;
    }
    if (i + 1 < total && cls[p] == kSubgoalCell) return false;
  }
  return true;
}

}  // namespace pathing::detail
