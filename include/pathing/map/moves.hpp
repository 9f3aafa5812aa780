// pathing: fast grid path-finding. MIT licensed.
//
// The move model shared by every search: connectivity, fixed-point costs, heuristics, corner rule.
#pragma once

#include <cstdint>
#include <cstdlib>

#include "pathing/detail/compiler.hpp"
#include "pathing/map/coord.hpp"

namespace pathing {

/// Which moves a search may take from a cell.
///
/// - `four`: right, down, left, up. A move into a cell costs the layer's cost of that cell.
/// - `eight`: also the diagonals; a diagonal move costs sqrt(2) times the layer cost of the cell
///   entered, and is allowed only when both orthogonal cells it passes between are passable
///   (no corner cutting: the rule of the Moving AI benchmarks).
enum class Connectivity : std::uint8_t { four = 4, eight = 8 };

/// Fixed-point path costs, exact enough for the Moving AI benchmarks.
///
/// A cost is an unsigned 64-bit integer in units of 1/2^24 of a straight move of layer cost 1:
/// a straight move into a cell of layer cost c adds `c * kStraight`, a diagonal one adds
/// `c * kDiagonal`, where kDiagonal = round(sqrt(2) * 2^24). Integer arithmetic keeps the searches
/// deterministic and fast; the error it brings is below 2^-25 per diagonal move.
///
/// Why that is exact enough: two paths with a and a' straight and b and b' diagonal unit moves
/// differ in true length by |(a - a') + (b - b') sqrt(2)|, which is either 0 or at least
/// 1 / (3 |b - b'|) (sqrt(2) has bounded partial quotients). The fixed-point lengths differ in
/// error by at most |b - b'| / 2^25, so the search ranks two paths exactly as their true lengths
/// rank them whenever they differ by fewer than ~3300 diagonal moves (2^24 / 1.5 > |b - b'|^2),
/// which covers every Moving AI scenario (the longest optimal lengths are below 2000). Lengths
/// reported to users are recomputed in double precision from the counts of straight and diagonal
/// moves, so a 2-, 5- or 8-decimal benchmark length is matched to its printed precision.
///
/// Range: the largest cost is below 2^28 cells x 255 x 1.5 x 2^24 < 2^61, so no sum overflows.
namespace cost {
/// Fractional bits of a fixed-point cost.
inline constexpr int kFractionBits = 24;
/// One straight move of layer cost 1.
inline constexpr std::uint64_t kStraight = std::uint64_t{1} << kFractionBits;
/// One diagonal move of layer cost 1: round(sqrt(2) * 2^24).
inline constexpr std::uint64_t kDiagonal = 23726566;
/// Marks "no cost yet" / unreachable.
inline constexpr std::uint64_t kInfinite = ~std::uint64_t{0};

/// A fixed-point cost as a double in cost units (straight move of cost 1 = 1.0). Approximate; see
/// `exact_length` for reporting.
[[nodiscard]] constexpr double to_double(std::uint64_t fixed) noexcept {
  return static_cast<double>(fixed) / static_cast<double>(kStraight);
}

/// A cost in cost units (straight move of cost 1 = 1.0) as fixed point, rounded down; negative
/// values and NaN give 0, values too large to represent (>= 2^62 / 2^24 units) and +infinity give
/// `kInfinite` (no limit). For limits such as a light radius: `from_units(8.0)` = 8 straight moves.
[[nodiscard]] constexpr std::uint64_t from_units(double units) noexcept {
  if (!(units > 0)) return 0;
  if (units >= static_cast<double>(std::uint64_t{1} << (62 - kFractionBits))) return kInfinite;
  return static_cast<std::uint64_t>(units * static_cast<double>(kStraight));
}

/// sqrt(2) rounded to the nearest double (what `std::sqrt(2.0)` returns: IEEE 754 square roots
/// are correctly rounded).
inline constexpr double kSqrt2 = 1.4142135623730951;

/// The length of a path made of `straight` straight and `diagonal` diagonal moves weighted by
/// layer cost (sums of layer costs of the cells entered by each kind of move): straight + diagonal
/// * sqrt(2), in double precision. This is the length the CLI compares with the Moving AI optimum.
/// The product and the sum are rounded separately (never one fused multiply-add, which compilers
/// emit by default on AArch64: `detail::unfused`), so the value is the same bit for bit on every
/// platform.
[[nodiscard]] inline double exact_length(std::uint64_t straight, std::uint64_t diagonal) noexcept {
  return static_cast<double>(straight) + detail::unfused(static_cast<double>(diagonal) * kSqrt2);
}
}  // namespace cost

/// Octile distance between two cells in fixed-point units of a layer-cost-1 move:
/// max(dx,dy) straight units + min(dx,dy) * (sqrt(2) - 1). The exact shortest 8-connected distance
/// on an empty map, hence an admissible and consistent heuristic. Defined for any two `int`
/// coordinates (below 2^57). O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE constexpr std::uint64_t octile_distance_fixed(
    GridCoord a, GridCoord b) noexcept {
  const std::int64_t sx = std::int64_t{a.x} - b.x;
  const std::int64_t sy = std::int64_t{a.y} - b.y;
  const auto dx = static_cast<std::uint64_t>(sx < 0 ? -sx : sx);
  const auto dy = static_cast<std::uint64_t>(sy < 0 ? -sy : sy);
  const std::uint64_t lo = dx < dy ? dx : dy;
  const std::uint64_t hi = dx < dy ? dy : dx;
  return hi * cost::kStraight + lo * (cost::kDiagonal - cost::kStraight);
}

/// Manhattan distance in fixed-point units of a layer-cost-1 move (below 2^58 for any two `int`
/// coordinates). O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE constexpr std::uint64_t manhattan_distance_fixed(
    GridCoord a, GridCoord b) noexcept {
  return static_cast<std::uint64_t>(manhattan_distance(a, b)) * cost::kStraight;
}

/// The admissible distance heuristic of a connectivity (Manhattan for four, octile for eight), in
/// fixed-point units of a layer-cost-1 move. O(1).
[[nodiscard]] constexpr std::uint64_t distance_fixed(Connectivity conn, GridCoord a,
                                                     GridCoord b) noexcept {
  return conn == Connectivity::four ? manhattan_distance_fixed(a, b) : octile_distance_fixed(a, b);
}

}  // namespace pathing
