// pathing: fast grid path-finding. MIT licensed.
//
// Conversions between path representations: GridPath <-> cells, chained GridPaths -> cells,
// cells -> world positions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/error.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/path.hpp"
#include "pathing/map/world.hpp"

namespace pathing {

namespace detail {

/// `v` clamped to [INT_MIN, INT_MAX]. O(1).
[[nodiscard]] constexpr int saturate_to_int(std::int64_t v) noexcept {
  constexpr std::int64_t kMin = std::numeric_limits<int>::min();
  constexpr std::int64_t kMax = std::numeric_limits<int>::max();
  return static_cast<int>(v < kMin ? kMin : (v > kMax ? kMax : v));
}

/// True when every cell within `steps` 4-connected steps of `c` has int coordinates (so walking
/// them cannot overflow). O(1).
[[nodiscard]] constexpr bool steps_stay_in_int(GridCoord c, std::size_t steps) noexcept {
  constexpr int kMin = std::numeric_limits<int>::min();
  constexpr int kMax = std::numeric_limits<int>::max();
  if (steps > static_cast<std::size_t>(kMax)) return false;
  const int s = static_cast<int>(steps);
  return c.x <= kMax - s && c.x >= kMin + s && c.y <= kMax - s && c.y >= kMin + s;
}

/// The slow path of `path_to_cells` / `chain_to_cells` near the ends of the int range: walks
/// `segments` from `start` in 64-bit coordinates and writes each cell saturated to int, `start`
/// first, to `out` (room for 1 + the total steps). O(total steps).
inline void walk_cells_saturating(GridCoord start, std::span<const GridPath> segments,
                                  GridCoord* out) noexcept {
  std::int64_t x = start.x;
  std::int64_t y = start.y;
  *out++ = start;
  for (const GridPath& p : segments) {
    for (int i = 0; i < p.len(); ++i) {
      const GridCoord d = step_offset(p.at(i));
      x += d.x;
      y += d.y;
      *out++ = GridCoord{saturate_to_int(x), saturate_to_int(y)};
    }
  }
}

}  // namespace detail

/// Writes the cells of `path` walked from `start` into `out`, replacing its contents (capacity
/// reused): `start` first, then the cell after each step, len() + 1 cells in all. The path's
/// iteration position is ignored. Any `start` is valid: near the ends of the int range the walk
/// is computed in 64 bits and a coordinate that would leave [INT_MIN, INT_MAX] is written
/// saturated to it (e.g. 5 steps right from x = INT_MAX - 2 give INT_MAX - 1, then INT_MAX four
/// times). O(len).
inline void path_to_cells(GridCoord start, const GridPath& path, std::vector<GridCoord>& out) {
  out.resize(static_cast<std::size_t>(path.len()) + 1);
  if (!detail::steps_stay_in_int(start, static_cast<std::size_t>(path.len()))) {
    detail::walk_cells_saturating(start, std::span<const GridPath>(&path, 1), out.data());
    return;
  }
  out[0] = start;
  for (int i = 0; i < path.len(); ++i) {
    start = start + step_offset(path.at(i));
    out[static_cast<std::size_t>(i) + 1] = start;
  }
}

/// Writes the cells of consecutive path segments (as appended by `chain_paths`) walked from
/// `start` into `out`, replacing its contents: `start`, then the cell after each step of each
/// segment in order. Any `start` is valid: coordinates that would leave the int range saturate,
/// as in `path_to_cells` (the walk is exact in 64 bits; only the written cells are clamped).
/// O(total steps).
inline void chain_to_cells(GridCoord start, std::span<const GridPath> segments,
                           std::vector<GridCoord>& out) {
  std::size_t n = 1;
  for (const GridPath& p : segments) n += static_cast<std::size_t>(p.len());
  out.resize(n);
  if (!detail::steps_stay_in_int(start, n - 1)) {
    detail::walk_cells_saturating(start, segments, out.data());
    return;
  }
  out[0] = start;
  std::size_t k = 1;
  for (const GridPath& p : segments) {
    for (int i = 0; i < p.len(); ++i) {
      start = start + step_offset(p.at(i));
      out[k++] = start;
    }
  }
}

/// Writes the world position of each cell's centre (`WorldMapping::to_world`) into `out`,
/// replacing its contents (capacity reused). O(n).
inline void cells_to_world(const WorldMapping& mapping, std::span<const GridCoord> cells,
                           std::vector<WorldPos>& out) {
  out.resize(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) out[i] = mapping.to_world(cells[i]);
}

/// The non-throwing form of `path_from_cells`: the path, or nothing with `*error` (when not null)
/// set to `ErrorCode::invalid_argument` (no cells, or two consecutive cells that are not
/// 4-neighbours: the message names their indices and coordinates) or `ErrorCode::too_long` (more
/// than 56 steps). O(n).
[[nodiscard]] inline std::optional<GridPath> try_path_from_cells(std::span<const GridCoord> cells,
                                                                 Error* error = nullptr) noexcept {
  if (cells.empty()) {
    detail::report(error, ErrorCode::invalid_argument,
                   "pathing::path_from_cells: no cells given (need at least the start)");
    return std::nullopt;
  }
  const std::size_t steps = cells.size() - 1;
  if (steps > static_cast<std::size_t>(GridPath::kMaxSteps)) {
    detail::report(error, ErrorCode::too_long,
                   "pathing::path_from_cells: " + std::to_string(steps) + " steps given, at most " +
                       std::to_string(GridPath::kMaxSteps) + " fit in a GridPath");
    return std::nullopt;
  }
  const auto step_between = [](GridCoord a, GridCoord b) {
    const GridCoord d = b - a;
    if (d == GridCoord{1, 0}) return Direction::right;
    if (d == GridCoord{0, 1}) return Direction::down;
    if (d == GridCoord{-1, 0}) return Direction::left;
    if (d == GridCoord{0, -1}) return Direction::up;
    return Direction::none;
  };
  for (std::size_t i = 1; i <= steps; ++i) {  // front to back: the error names the first bad pair
    const GridCoord a = cells[i - 1];
    const GridCoord b = cells[i];
    if (step_between(a, b) == Direction::none) {
      detail::report(error, ErrorCode::invalid_argument,
                     "pathing::path_from_cells: cells " + std::to_string(i - 1) + " (" +
                         std::to_string(a.x) + ", " + std::to_string(a.y) + ") and " +
                         std::to_string(i) + " (" + std::to_string(b.x) + ", " +
                         std::to_string(b.y) + ") are not 4-connected neighbours");
      return std::nullopt;
    }
  }
  GridPath path;
  for (std::size_t i = steps; i > 0; --i) path.push_front(step_between(cells[i - 1], cells[i]));
  return path;
}

/// The `GridPath` that walks through `cells` in order (the inverse of `path_to_cells`; the start
/// cell is `cells.front()` and is not stored in the path). O(n).
/// @throws std::invalid_argument when `cells` is empty or two consecutive cells are not
///         4-neighbours (the message names their indices and coordinates);
///         std::length_error when the cells make more than 56 steps. Without exceptions
///         (docs/errors.md) these inputs give the empty path; `try_path_from_cells` tells them
///         apart.
[[nodiscard]] inline GridPath path_from_cells(std::span<const GridCoord> cells) {
  Error e;
  if (std::optional<GridPath> p = try_path_from_cells(cells, &e)) return *p;
  if (e.code == ErrorCode::too_long) {
    PATHING_THROW(std::length_error(e.message));
  } else {
    PATHING_THROW(std::invalid_argument(e.message));
  }
  return GridPath{};
}

}  // namespace pathing
