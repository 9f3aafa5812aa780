// pathing: fast grid path-finding. MIT licensed.
//
// The door the tests use to reach a searcher's internals; not part of the API.
#pragma once

#include <cstdint>

namespace pathing::detail {

/// Test hooks of the searchers (`AStar`, `GreedyBestFirst`, `Jps`, `JpsPlus`, `GraphAStar`), which
/// befriend it: not part of the API, no stability promised. O(1) each.
struct TestAccess {
  /// Sets the searcher's generation counters to `g` (rounded down to even), e.g. near 2^32 to
  /// force the wrap-around that clears every stamp (`GenerationCounter`).
  template <class Searcher>
  static void force_generation(Searcher& s, std::uint32_t g) noexcept {
    s.force_generation(g);
  }
  /// Makes the bounded mode's bit-parallel BFS of an `AStar` or `GreedyBestFirst` use at most
  /// vector level `level` (0 = the compiler's 128-bit vectors, 1 = AVX2, 2 = AVX-512;
  /// `BitBfs::limit_simd`) even where the processor has more, so that every level can be tested and
  /// benchmarked on one machine. Returns the level now in use.
  template <class Searcher>
  static int limit_simd(Searcher& s, int level) noexcept {
    return s.bit_bfs_.limit_simd(level);
  }
};

}  // namespace pathing::detail
