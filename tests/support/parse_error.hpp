// The ParseError a loader call throws, for tests that check its message, line and column (io tests
// built with exceptions only; see tests/CMakeLists.txt).
#pragma once

#include <gtest/gtest.h>

#include "pathing/io/movingai.hpp"

namespace pathing::io {

/// Runs `f` and returns the ParseError it throws; a test failure (and an empty error at line -1)
/// when it throws none.
template <class F>
ParseError parse_error(F&& f) {
  try {
    f();
  } catch (const ParseError& e) {
    return e;
  }
  ADD_FAILURE() << "no ParseError";
  return ParseError("", -1, -1, "");
}

}  // namespace pathing::io
