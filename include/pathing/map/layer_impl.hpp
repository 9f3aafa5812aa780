// pathing: fast grid path-finding. MIT licensed.
//
// The cold parts of `GridLayer` (map/layer.hpp): the cost checks and their messages. Included by
// layer.hpp in header-only builds, and by the compiled library's source otherwise
// (`PATHING_COMPILED`).
#pragma once

#include <initializer_list>
#include <string>

#include "pathing/detail/compiler.hpp"
#include "pathing/error.hpp"
#include "pathing/map/layer.hpp"

namespace pathing {

PATHING_FUNC bool GridLayer::checked(std::initializer_list<int> tag_costs, int blocked_cost,
                                     Error* error) noexcept {
  if (tag_costs.size() > 8) {
    detail::report(error, ErrorCode::invalid_cost,
                   "pathing::GridLayer: " + std::to_string(tag_costs.size()) +
                       " tag costs given, at most 8 tags exist");
    return false;
  }
  const auto bad = [error](const char* what, int c) {
    detail::report(error, ErrorCode::invalid_cost,
                   std::string("pathing::GridLayer: ") + what + " " + std::to_string(c) +
                       " is outside [0, 255]");
    return false;
  };
  for (int c : tag_costs) {
    if (c < 0 || c > 255) return bad("tag cost", c);
  }
  if (blocked_cost < 0 || blocked_cost > 255) return bad("blocked cost", blocked_cost);
  return true;
}

}  // namespace pathing
