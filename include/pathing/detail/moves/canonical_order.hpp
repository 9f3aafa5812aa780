// pathing: fast grid path-finding. MIT licensed.
//
// The canonical ordering of 8-connected grid moves: which moves out of a cell can continue a
// shortest path, given the direction of the move that entered it.
#pragma once

#include <array>
#include <cstdint>

#include "pathing/map/coord.hpp"
#include "pathing/map/moves.hpp"

namespace pathing::detail {

/// Bit of `Direction8` d in an 8-bit direction mask.
[[nodiscard]] constexpr std::uint8_t direction_bit(Direction8 d) noexcept {
  return static_cast<std::uint8_t>(1u << static_cast<unsigned>(d));
}

/// Canonical successors on an 8-connected grid without corner cutting whose passable cells all
/// cost the same (Sturtevant & Rabin, "Canonical Orderings on Grids", IJCAI 2016; the pruning
/// rules of Jump Point Search, Harabor & Grastien, AAAI 2011, applied one move at a time).
///
/// `kCanonicalSuccessors[d][near]` is the mask (bit k = `Direction8` k) of the moves out of a cell
/// that was entered by a move in direction `d`, where bit k of `near` says whether the neighbour
/// in direction k is passable: after a diagonal move, the same diagonal and its two straight
/// components; after a straight move, the same move, plus the perpendicular move and the diagonal
/// beside it on each side whose cell behind the mover is blocked (a "forced neighbour": no
/// diagonal-first path reaches that side). Every cell reachable from a source has a shortest path
/// whose every move lies in the mask of the move before it (diagonal moves first), so a Dijkstra
/// search that relaxes only those moves, and keeps for a cell the union of the directions that
/// reached it with its final cost, still finds every cost exactly. The masks are candidates: the
/// caller still applies the move rules (passable target, corner rule). Uniform costs only: with
/// costs that differ between cells a shortest path need not be canonical. Checked against a
/// textbook Dijkstra on random maps (tests/core/distance_field_test.cpp).
inline constexpr std::array<std::array<std::uint8_t, 256>, 8> kCanonicalSuccessors = [] {
  using D8 = Direction8;
  std::array<std::array<std::uint8_t, 256>, 8> t{};
  for (unsigned near = 0; near < 256; ++near) {
    auto bit = [](D8 d) -> unsigned { return direction_bit(d); };
    auto blocked = [&](D8 d) { return (near & bit(d)) == 0; };
    auto set = [&](D8 travel, unsigned mask) {
      t[static_cast<unsigned>(travel)][near] = static_cast<std::uint8_t>(mask);
    };
    set(D8::right, bit(D8::right) | (blocked(D8::up_left) ? bit(D8::up) | bit(D8::up_right) : 0u) |
                       (blocked(D8::down_left) ? bit(D8::down) | bit(D8::down_right) : 0u));
    set(D8::left, bit(D8::left) | (blocked(D8::up_right) ? bit(D8::up) | bit(D8::up_left) : 0u) |
                      (blocked(D8::down_right) ? bit(D8::down) | bit(D8::down_left) : 0u));
    set(D8::down, bit(D8::down) | (blocked(D8::up_left) ? bit(D8::left) | bit(D8::down_left) : 0u) |
                      (blocked(D8::up_right) ? bit(D8::right) | bit(D8::down_right) : 0u));
    set(D8::up, bit(D8::up) | (blocked(D8::down_left) ? bit(D8::left) | bit(D8::up_left) : 0u) |
                    (blocked(D8::down_right) ? bit(D8::right) | bit(D8::up_right) : 0u));
    set(D8::down_right, bit(D8::down_right) | bit(D8::right) | bit(D8::down));
    set(D8::down_left, bit(D8::down_left) | bit(D8::left) | bit(D8::down));
    set(D8::up_left, bit(D8::up_left) | bit(D8::left) | bit(D8::up));
    set(D8::up_right, bit(D8::up_right) | bit(D8::right) | bit(D8::up));
  }
  return t;
}();

/// `kValidMoves[near]`: the moves out of a cell that enter a passable neighbour without cutting a
/// corner (a diagonal needs both orthogonal cells it passes passable), for the neighbour
/// passability mask `near` (bit k = `Direction8` k).
inline constexpr std::array<std::uint8_t, 256> kValidMoves = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned near = 0; near < 256; ++near) {
    unsigned m = near & 0x0Fu;
    auto diag = [&](Direction8 d, Direction8 a, Direction8 b) {
      const unsigned need = direction_bit(d) | direction_bit(a) | direction_bit(b);
      if ((near & need) == need) m |= direction_bit(d);
    };
    diag(Direction8::down_right, Direction8::right, Direction8::down);
    diag(Direction8::down_left, Direction8::left, Direction8::down);
    diag(Direction8::up_left, Direction8::left, Direction8::up);
    diag(Direction8::up_right, Direction8::right, Direction8::up);
    t[near] = static_cast<std::uint8_t>(m);
  }
  return t;
}();

}  // namespace pathing::detail
