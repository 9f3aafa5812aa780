// Where the shared benchmark data lives (../shared/data beside the checkout, or
// $PATHING_SHARED_DATA as set by CTest); tests skip with a visible message when it is absent.
#pragma once

#include <cstdlib>
#include <filesystem>

namespace pathing::test {

inline std::filesystem::path shared_data_dir() {
  const char* env = std::getenv("PATHING_SHARED_DATA");
  return env != nullptr ? std::filesystem::path(env) : std::filesystem::path("../shared/data");
}

/// Rows of the Moving AI scenarios a test runs: every row in optimised builds; every 32nd row in
/// Debug/sanitizer builds, which are ~10x slower (the Release run of the suite covers every row).
inline constexpr int kScenarioStride =
#ifdef NDEBUG
    1;
#else
    32;
#endif

}  // namespace pathing::test
