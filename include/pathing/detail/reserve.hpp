// pathing: fast grid path-finding. MIT licensed.
//
// The size checks behind every searcher's `reserve` / `try_reserve` (error policy: docs/errors.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "pathing/detail/compiler.hpp"
#include "pathing/error.hpp"
#include "pathing/map/grid.hpp"

namespace pathing::detail {

/// True when `cols` x `rows` is a valid size for a searcher's `reserve(cols, rows)`: each side in
/// [0, Grid::kMaxSide] and the product at most Grid::kMaxCells (no grid is larger, and sizing for
/// it would allocate gigabytes before failing). Else reports `ErrorCode::invalid_size` and a
/// message naming the value and `who` in `*error` (if not null). O(1).
[[nodiscard]] inline bool check_reserve(int cols, int rows, const char* who,
                                        Error* error) noexcept {
  const auto bad = [&](const char* what, std::int64_t v, std::int64_t hi) {
    report(error, ErrorCode::invalid_size,
           std::string(who) + "::reserve: " + what + " = " + std::to_string(v) +
               " is outside [0, " + std::to_string(hi) + "]");
    return false;
  };
  if (cols < 0 || cols > Grid::kMaxSide) return bad("cols", cols, Grid::kMaxSide);
  if (rows < 0 || rows > Grid::kMaxSide) return bad("rows", rows, Grid::kMaxSide);
  if (std::int64_t{cols} * rows > Grid::kMaxCells)
    return bad("cols * rows", std::int64_t{cols} * rows, Grid::kMaxCells);
  return true;
}

/// The cell count of a searcher's `reserve(cols, rows)`: cols * rows, 0 when a side is 0.
/// @throws std::invalid_argument naming the value (and `who`) when `check_reserve` fails; without
///         exceptions it returns 0 then (the searcher reserves nothing and grows on first use).
[[nodiscard]] inline std::size_t reserved_cells(int cols, int rows, const char* who) {
  Error e;
  if (!check_reserve(cols, rows, who, &e)) {
    PATHING_THROW(std::invalid_argument(e.message));
    return 0;
  }
  return static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows);
}

/// The body of a searcher's `reserve(cols, rows)`: checks the size (throws as `reserved_cells`;
/// without exceptions a bad size changes nothing) and calls `grow(cells)`.
template <class Grow>
void reserve_or_throw(int cols, int rows, const char* who, Grow&& grow) {
  Error e;
  if (!check_reserve(cols, rows, who, &e)) {
    PATHING_THROW(std::invalid_argument(e.message));
    return;
  }
  grow(static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows));
}

/// The body of a searcher's `try_reserve(cols, rows, error)`: false with `invalid_size` (nothing
/// changed) for a bad size, false with `out_of_memory` when an allocation throws (exceptions on;
/// what was already reserved stays), else calls `grow(cells)` and returns true.
template <class Grow>
[[nodiscard]] bool try_reserve_with(int cols, int rows, const char* who, Error* error,
                                    Grow&& grow) noexcept {
  if (!check_reserve(cols, rows, who, error)) return false;
  const std::size_t n = static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows);
#if PATHING_HAS_EXCEPTIONS
  try {
    grow(n);
  } catch (...) {
    report(error, ErrorCode::out_of_memory,
           std::string(who) + "::try_reserve: out of memory for " + std::to_string(cols) + " x " +
               std::to_string(rows) + " cells");
    return false;
  }
#else
  grow(n);
#endif
  return true;
}

}  // namespace pathing::detail
