// pathing: fast grid path-finding. MIT licensed.
//
// GridLayer: how one kind of mover reads the tile grid.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <optional>
#include <stdexcept>

#include "pathing/detail/compiler.hpp"
#include "pathing/error.hpp"
#include "pathing/map/grid.hpp"

namespace pathing {

/// Maps a 4-bit grid cell (tile tag 0..7 + blocked bit) to a move cost in cost units:
/// 0 = impassable, 1..255 = the cost of entering the cell (seed: "GridLayer", which packs the
/// per-tag costs so that a lookup is one shift and one mask; here the 16 possible cell values
/// index a 16-byte table, so a lookup is one mask and one byte load, with no branch on the
/// blocked bit).
///
/// Each (tag, blocked) pair has its own cost: `tag_cost(t)` for an unblocked cell of tag t,
/// `blocked_tag_cost(t)` for a blocked one. The blocked bit marks cells taken by units (or
/// anything movable), and each layer decides what that means on each terrain: with tag 0 =
/// land and 1 = water, walkers {land 1, water 0} may give blocked land a soft cost of 5 (walk
/// through a crowd if nothing else is near) while blocked water stays 0 (no crossing a river over
/// a parked boat); boats {land 0, water 1} may treat blocked water as 0; ghosts take blocked
/// costs equal to the unblocked ones and ignore units. The seed's form, one blocked cost for
/// every tag (`GridLayer(tag_costs, blocked_cost)`, default 0: impassable), is the special case
/// where all 8 blocked tag costs are equal.
///
/// A layer is a 16-byte value: copy it freely. All members are O(1) and thread-safe.
class GridLayer {
 public:
  /// A layer where tag 0 costs 1 and every other tag, and blocked cells, are impassable.
  constexpr GridLayer() noexcept : GridLayer(std::array<std::uint8_t, 8>{1, 0, 0, 0, 0, 0, 0, 0}) {}

  /// A layer from the 8 per-tag costs (index = tag) and the cost of blocked cells, the same for
  /// every tag (the seed's form).
  constexpr explicit GridLayer(const std::array<std::uint8_t, 8>& tag_costs,
                               std::uint8_t blocked_cost = 0) noexcept {
    for (unsigned i = 0; i < 8; ++i) {
      table_[i] = tag_costs[i];
      table_[i + 8] = blocked_cost;
    }
  }

  /// A layer from the 8 costs of unblocked cells (index = tag) and the 8 costs of blocked cells
  /// (index = tag): every (tag, blocked) pair its own cost.
  constexpr GridLayer(const std::array<std::uint8_t, 8>& tag_costs,
                      const std::array<std::uint8_t, 8>& blocked_tag_costs) noexcept {
    for (unsigned i = 0; i < 8; ++i) {
      table_[i] = tag_costs[i];
      table_[i + 8] = blocked_tag_costs[i];
    }
  }

  /// A layer from up to 8 per-tag costs (missing tags are impassable) and the blocked cost.
  /// @throws std::invalid_argument if more than 8 costs are given or a cost is outside [0, 255]
  ///   (the message names it). Without exceptions (PATHING_HAS_EXCEPTIONS == 0) the same inputs
  ///   make the layer on which every cell is impassable (every search: `unreachable`).
  GridLayer(std::initializer_list<int> tag_costs, int blocked_cost = 0) {
    Error e;
    if (!checked(tag_costs, blocked_cost, &e)) {
      PATHING_THROW(std::invalid_argument(e.message));
      return;  // no exceptions: every cell impassable (table_ stays all 0)
    }
    *this = make(tag_costs, blocked_cost);
  }

  /// The non-throwing form of the initializer-list constructor: the layer, or nothing when the
  /// constructor would throw; then `*error` (when not null) receives `ErrorCode::invalid_cost`
  /// and the constructor's message, e.g. "pathing::GridLayer: tag cost 300 is outside [0, 255]".
  /// Works with and without exceptions. O(1).
  [[nodiscard]] static std::optional<GridLayer> create(std::initializer_list<int> tag_costs,
                                                       int blocked_cost = 0,
                                                       Error* error = nullptr) noexcept {
    if (!checked(tag_costs, blocked_cost, error)) return std::nullopt;
    return make(tag_costs, blocked_cost);
  }

  /// Every tag costs `cost`; blocked cells (of every tag) cost `blocked_cost`.
  [[nodiscard]] static constexpr GridLayer uniform(std::uint8_t cost,
                                                   std::uint8_t blocked_cost = 0) noexcept {
    return GridLayer(std::array<std::uint8_t, 8>{cost, cost, cost, cost, cost, cost, cost, cost},
                     blocked_cost);
  }

  /// The cost of entering a cell with this 4-bit value (tag | blocked bit); 0 = impassable.
  [[nodiscard]] constexpr std::uint8_t cost_of_cell(std::uint8_t cell) const noexcept {
    return table_[cell & 0xF];
  }
  /// The cost of an unblocked cell with tag `tag` (0..7; higher bits ignored).
  [[nodiscard]] constexpr std::uint8_t tag_cost(std::uint8_t tag) const noexcept {
    return table_[tag & 0x7];
  }
  /// The cost of a blocked cell of tag 0: the cost of every blocked cell when the layer has one
  /// blocked cost for all tags (the seed's constructor, `uniform`, `with_blocked_cost`), which
  /// `has_one_blocked_cost()` tells. Per tag: `blocked_tag_cost`.
  [[nodiscard]] constexpr std::uint8_t blocked_cost() const noexcept { return table_[8]; }
  /// The cost of a blocked cell with tag `tag` (0..7; higher bits ignored); 0 = impassable.
  [[nodiscard]] constexpr std::uint8_t blocked_tag_cost(std::uint8_t tag) const noexcept {
    return table_[8u + (tag & 0x7u)];
  }
  /// Whether every blocked cell costs the same whatever its tag (then `blocked_cost()` is that
  /// cost). O(8).
  [[nodiscard]] constexpr bool has_one_blocked_cost() const noexcept {
    for (unsigned i = 9; i < 16; ++i) {
      if (table_[i] != table_[8]) return false;
    }
    return true;
  }

  /// A copy with tag `tag`'s cost replaced.
  [[nodiscard]] constexpr GridLayer with_tag_cost(std::uint8_t tag,
                                                  std::uint8_t cost) const noexcept {
    GridLayer l = *this;
    l.table_[tag & 0x7] = cost;
    return l;
  }
  /// A copy where a blocked cell of tag `tag` (0..7; higher bits ignored) costs `cost`; the
  /// other (tag, blocked) costs are kept.
  [[nodiscard]] constexpr GridLayer with_blocked_tag_cost(std::uint8_t tag,
                                                          std::uint8_t cost) const noexcept {
    GridLayer l = *this;
    l.table_[8u + (tag & 0x7u)] = cost;
    return l;
  }
  /// A copy where every blocked cell costs `cost`, whatever its tag (all 8 blocked tag costs).
  [[nodiscard]] constexpr GridLayer with_blocked_cost(std::uint8_t cost) const noexcept {
    GridLayer l = *this;
    for (unsigned i = 8; i < 16; ++i) l.table_[i] = cost;
    return l;
  }

  /// The smallest non-zero cost of the 16 (tag, blocked) pairs (1..255), or 0 when every cell
  /// value is impassable.
  /// The searches scale their heuristics by it so they stay admissible on costly terrain.
  [[nodiscard]] constexpr std::uint8_t min_passable_cost() const noexcept {
    std::uint8_t m = 0;
    for (std::uint8_t c : table_) {
      if (c != 0 && (m == 0 || c < m)) m = c;
    }
    return m;
  }

  /// The largest of the 16 (tag, blocked) costs (0 when every cell value is impassable). O(16).
  [[nodiscard]] constexpr std::uint8_t max_cost() const noexcept {
    std::uint8_t m = 0;
    for (std::uint8_t c : table_) m = c > m ? c : m;
    return m;
  }

  /// The set of 4-bit cell values a unit may enter, as a 16-bit mask: bit v is set when
  /// `cost_of_cell(v) != 0`. O(16).
  [[nodiscard]] constexpr std::uint16_t passable_mask() const noexcept {
    if (std::is_constant_evaluated() || std::endian::native != std::endian::little) {
      std::uint16_t m = 0;
      for (unsigned v = 0; v < 16; ++v) {
        if (table_[v] != 0) m = static_cast<std::uint16_t>(m | (1u << v));
      }
      return m;
    }
    // SWAR: a flag a non-zero byte, gathered into 8 bits by one multiplication (byte i of the
    // little-endian word -> bit i).
    std::uint64_t w[2];
    std::memcpy(w, table_.data(), sizeof w);
    const auto gather = [](std::uint64_t x) {
      constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full;
      const std::uint64_t flags = ((((x & kLow7) + kLow7) | x) & ~kLow7) >> 7;
      return static_cast<unsigned>((flags * 0x0102040810204080ull) >> 56);
    };
    return static_cast<std::uint16_t>(gather(w[0]) | (gather(w[1]) << 8));
  }

  /// The cost every passable cell value shares (1..255), or 0 when passable values cost
  /// differently or nothing is passable. Non-zero means "uniform-cost layer": the layers the
  /// bit-parallel BFS, the jump point searches and A*'s two-stack open list serve. O(16).
  [[nodiscard]] constexpr std::uint8_t uniform_cost() const noexcept {
    if (std::is_constant_evaluated()) {
      std::uint8_t c = 0;
      for (std::uint8_t k : table_) {
        if (k == 0) continue;
        if (c != 0 && k != c) return 0;
        c = k;
      }
      return c;
    }
    // Two 8-byte words, a byte a cost (SWAR, no branch a byte; the bounded searches ask it every
    // query): pick any passable cost c, then no byte may be other than 0 or c.
    std::uint64_t w[2];
    std::memcpy(w, table_.data(), sizeof w);
    constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full;
    const auto nonzero = [](std::uint64_t x) {  // bit 8i + 7 set when byte i is not 0
      return (((x & kLow7) + kLow7) | x) & ~kLow7;
    };
    const std::uint64_t nz0 = nonzero(w[0]);
    const std::uint64_t nz1 = nonzero(w[1]);
    if ((nz0 | nz1) == 0) return 0;
    const std::uint64_t src = nz0 != 0 ? w[0] : w[1];
    const unsigned bit = static_cast<unsigned>(std::countr_zero(nz0 != 0 ? nz0 : nz1)) & ~7u;
    const std::uint64_t c = (src >> bit) & 0xFF;
    const std::uint64_t all_c = c * 0x0101010101010101ull;
    const std::uint64_t other = (nz0 & nonzero(w[0] ^ all_c)) | (nz1 & nonzero(w[1] ^ all_c));
    return other == 0 ? static_cast<std::uint8_t>(c) : std::uint8_t{0};
  }

  /// The cost of entering cell `c` of `grid`; 0 (impassable) outside the grid.
  [[nodiscard]] std::uint8_t cost_at(const Grid& grid, GridCoord c) const noexcept {
    return grid.in_bounds(c) ? cost_of_cell(grid.cell_unchecked(c.x, c.y)) : std::uint8_t{0};
  }

  /// Same costs for every cell value.
  friend constexpr bool operator==(const GridLayer&, const GridLayer&) = default;

 private:
  /// True when every cost is valid; else reports the first bad one in `*error` (if not null).
  static bool checked(std::initializer_list<int> tag_costs, int blocked_cost,
                      Error* error) noexcept;  // map/layer_impl.hpp
  /// Precondition: checked(tag_costs, blocked_cost) holds.
  static GridLayer make(std::initializer_list<int> tag_costs, int blocked_cost) noexcept {
    std::array<std::uint8_t, 8> costs{};
    unsigned i = 0;
    for (int c : tag_costs) costs[i++] = static_cast<std::uint8_t>(c);
    return GridLayer(costs, static_cast<std::uint8_t>(blocked_cost));
  }

  alignas(16) std::array<std::uint8_t, 16> table_{};
};

}  // namespace pathing

#if !PATHING_COMPILED
#include "pathing/map/layer_impl.hpp"
#endif
