// pathing: fast grid path-finding. MIT licensed.
//
// Error: what a non-throwing constructor or loader reports instead of an exception.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "pathing/detail/compiler.hpp"

namespace pathing {

/// Why a non-throwing form (`Grid::create`, `GridLayer::create`, `AStar::try_reserve`, ...)
/// failed. The policy, and which call reports which code, is in docs/errors.md.
enum class ErrorCode : std::uint8_t {
  none = 0,          ///< No error (the value of a default `Error`).
  invalid_size,      ///< A size (grid side, cell count, reserve size) is out of range.
  invalid_tile,      ///< A tile tag > 7 or a 4-bit cell value > 15.
  invalid_cost,      ///< A move cost outside [0, 255], or more than 8 tag costs.
  invalid_argument,  ///< Any other argument out of its documented range.
  too_long,          ///< More items than the destination holds (e.g. 56 steps of a GridPath).
  parse_error,       ///< pathing::io: a file's contents do not follow the format.
  io_error,          ///< pathing::io: a file cannot be opened or read.
  out_of_memory,     ///< An allocation failed (reported only when exceptions are enabled;
                     ///< without them the allocator's own failure handling applies).
};

/// Lower-case name of a code ("invalid_size", ...).
[[nodiscard]] constexpr std::string_view to_string(ErrorCode c) noexcept {
  switch (c) {
    case ErrorCode::none:
      return "none";
    case ErrorCode::invalid_size:
      return "invalid_size";
    case ErrorCode::invalid_tile:
      return "invalid_tile";
    case ErrorCode::invalid_cost:
      return "invalid_cost";
    case ErrorCode::invalid_argument:
      return "invalid_argument";
    case ErrorCode::too_long:
      return "too_long";
    case ErrorCode::parse_error:
      return "parse_error";
    case ErrorCode::io_error:
      return "io_error";
    case ErrorCode::out_of_memory:
      return "out_of_memory";
  }
  return "unknown";
}

/// What went wrong: a code to branch on and a message for people, which names the offending value
/// (the same text the throwing form puts in its exception's `what()`, e.g.
/// "pathing::Grid: cols = 0 is outside [1, 32768]"). A value type; not thread-safe for writes.
struct Error {
  /// The kind of error.
  ErrorCode code = ErrorCode::none;
  /// Human-readable text naming the function and the offending value.
  std::string message;
  /// True when there is no error (`code == ErrorCode::none`). O(1).
  [[nodiscard]] bool ok() const noexcept { return code == ErrorCode::none; }
};

namespace detail {
/// Stores an error in `*out` when `out` is not null. Never throws: should the message not fit in
/// memory, the code is kept and the message left empty.
inline void report(Error* out, ErrorCode code, std::string_view message) noexcept {
  if (out == nullptr) return;
  out->code = code;
#if PATHING_HAS_EXCEPTIONS
  try {
    out->message.assign(message);
  } catch (...) {
    out->message.clear();
  }
#else
  out->message.assign(message);
#endif
}
}  // namespace detail

}  // namespace pathing
