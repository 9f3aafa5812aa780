// pathing: fast grid path-finding. MIT licensed.
//
// The cold parts of `Grid` (map/grid.hpp): the size checks and their messages. Included by
// grid.hpp in header-only builds, and by the compiled library's source otherwise
// (`PATHING_COMPILED`).
#pragma once

#include <cstdint>
#include <string>

#include "pathing/detail/compiler.hpp"
#include "pathing/error.hpp"
#include "pathing/map/grid.hpp"

namespace pathing {

PATHING_FUNC bool Grid::validate(int cols, int rows, std::uint8_t default_tile,
                                 Error* error) noexcept {
  const auto side = [&](const char* name, int v) {
    detail::report(error, ErrorCode::invalid_size,
                   "pathing::Grid: " + std::string(name) + " = " + std::to_string(v) +
                       " is outside [1, " + std::to_string(kMaxSide) + "]");
    return false;
  };
  if (cols < 1 || cols > kMaxSide) return side("cols", cols);
  if (rows < 1 || rows > kMaxSide) return side("rows", rows);
  if (std::int64_t{cols} * rows > kMaxCells) {
    detail::report(error, ErrorCode::invalid_size,
                   "pathing::Grid: " + std::to_string(cols) + " x " + std::to_string(rows) +
                       " cells exceeds the limit of " + std::to_string(kMaxCells) + " cells");
    return false;
  }
  if (default_tile > kTagMask) {
    detail::report(
        error, ErrorCode::invalid_tile,
        "pathing::Grid: default_tile = " + std::to_string(default_tile) + " is outside [0, 7]");
    return false;
  }
  return true;
}

}  // namespace pathing
