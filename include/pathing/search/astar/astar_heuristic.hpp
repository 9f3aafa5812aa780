// pathing: fast grid path-finding. MIT licensed.
//
// The heuristic policies of `AStar`: octile (or Manhattan) distance, and the landmark (ALT) bound
// on top of it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/precompute/landmark_map.hpp"

namespace pathing::detail {

/// The distance heuristic of a grid A*: h = (dx + dy) * hs - min(dx, dy) * hd toward `to`, in
/// fixed-point units, with hs = the layer's smallest cost times `cost::kStraight` plus `eps` (the
/// bounded mode's step term) and hd = the same cost times (2 kStraight - kDiagonal): octile
/// distance times the smallest cost (8-connected), Manhattan distance (4-connected: the min term
/// is left out). Admissible and consistent on every layer. Copyable, O(1) a call.
template <Connectivity C>
class OctileHeuristic {
 public:
  OctileHeuristic(std::uint64_t min_cost, std::uint64_t eps, GridCoord to) noexcept
      : hs_(min_cost * cost::kStraight + eps),
        hd_(min_cost * (2 * cost::kStraight - cost::kDiagonal)),
        tx_(to.x),
        ty_(to.y) {}

  /// h of cell (nx, ny).
  [[nodiscard]] PATHING_ALWAYS_INLINE std::uint64_t operator()(int nx, int ny) const noexcept {
    const auto dx = static_cast<std::uint64_t>(nx > tx_ ? nx - tx_ : tx_ - nx);
    const auto dy = static_cast<std::uint64_t>(ny > ty_ ? ny - ty_ : ty_ - ny);
    std::uint64_t h = (dx + dy) * hs_;
    if constexpr (C == Connectivity::eight) h -= (dx < dy ? dx : dy) * hd_;
    return h;
  }
  /// The cost of one straight step toward the goal in h's units (hs above).
  [[nodiscard]] std::uint64_t straight_step() const noexcept { return hs_; }

 private:
  std::uint64_t hs_;
  std::uint64_t hd_;
  int tx_;
  int ty_;
};

/// The landmark (ALT) bound of `LandmarkMap` (Goldberg and Harrelson 2005; docs/landmarks.md)
/// toward one goal: max over landmarks L of |D(L, goal) - D(L, n)|, in fixed-point units, plus
/// phi(goal) - phi(n) with phi the potential of the cell's layer cost (`LandmarkMap::potential`;
/// the symmetric metric's correction), at least 0. `Word` is the map's storage (`std::uint32_t`,
/// or `std::uint16_t` for 16-bit maps, compared 8 at a time by `max_gap16`). The goal's distances
/// are copied once (at most `LandmarkMap::kMaxLandmarks`); the map must outlive the object and
/// stay unchanged. O(landmarks) a call.
template <class Word>
class LandmarkBound {
  static_assert(std::is_same_v<Word, std::uint32_t> || std::is_same_v<Word, std::uint16_t>);
  static constexpr bool k16 = std::is_same_v<Word, std::uint16_t>;

 public:
  /// The bound toward the cell of index `goal_index` (the map's cell order: row-major) whose
  /// layer cost is `goal_cost`.
  LandmarkBound(const LandmarkMap& map, std::size_t goal_index, std::uint8_t goal_cost) noexcept
      : dist_(row_of(map, 0)),
        count_(static_cast<std::size_t>(map.count())),
        shift_(cost::kFractionBits - map.fraction_bits()),
        phi_goal_(LandmarkMap::potential(goal_cost)) {
    const Word* g = row_of(map, goal_index);
    for (std::size_t i = 0; i < count_; ++i) goal_[i] = g[i];
  }

  /// The bound at the cell of index `index`, of layer cost `c`. Every landmark counts: a cell in
  /// another area than a landmark holds the map's "unreached" value and makes the term huge,
  /// which only happens where no path leads to the goal (a generated cell is passable).
  [[nodiscard]] PATHING_ALWAYS_INLINE std::uint64_t operator()(std::size_t index,
                                                               std::uint8_t c) const noexcept {
    const Word* dn = dist_ + index * count_;
    std::uint32_t m = 0;
    if constexpr (k16) {
      m = max_gap16(dn, goal_.data(), count_);
    } else {
      for (std::size_t i = 0; i < count_; ++i) m = gap_max(m, dn[i], goal_[i]);
    }
    return combine(m, c);
  }

  /// The bound at the start cell (index `index`, layer cost `c`), which may lie outside every
  /// landmark's area (a search ignores the start's own cost): the landmarks that reach neither it
  /// nor the goal are left out; 0 when none is left.
  [[nodiscard]] std::uint64_t at_start(std::size_t index, std::uint8_t c) const noexcept {
    const Word* ds = dist_ + index * count_;
    std::uint32_t m = 0;
    bool any = false;
    for (std::size_t i = 0; i < count_; ++i) {
      if (ds[i] == kUnreached || goal_[i] == kUnreached) continue;
      m = gap_max(m, ds[i], goal_[i]);
      any = true;
    }
    return any ? combine(m, c) : 0;
  }

 private:
  static constexpr Word kUnreached =
      k16 ? Word{LandmarkMap::kUnreached16} : static_cast<Word>(LandmarkMap::kUnreached);

  static const Word* row_of(const LandmarkMap& map, std::size_t cell) noexcept {
    if constexpr (k16) {
      return map.distances16(cell);
    } else {
      return map.distances(cell);
    }
  }
  [[nodiscard]] PATHING_ALWAYS_INLINE static std::uint32_t gap_max(std::uint32_t m, std::uint32_t a,
                                                                   std::uint32_t b) noexcept {
    const std::uint32_t d = a > b ? a - b : b - a;
    return d > m ? d : m;
  }
  [[nodiscard]] PATHING_ALWAYS_INLINE std::uint64_t combine(std::uint32_t m,
                                                            std::uint8_t c) const noexcept {
    const std::uint64_t up = (std::uint64_t{m} << shift_) + phi_goal_;
    const std::uint64_t down = LandmarkMap::potential(c);
    return up > down ? up - down : 0;
  }

  const Word* dist_;
  std::size_t count_;
  int shift_;
  std::uint64_t phi_goal_;
  std::array<Word, LandmarkMap::kMaxLandmarks> goal_{};
};

/// No landmark bound: the octile heuristic alone (`AStar` without `SearchOptions::landmarks`).
struct NoLandmarkBound {};

}  // namespace pathing::detail
