// Deterministic random maps and graphs for the tests of the generic search, smoothing and
// chaining (header-only, portable: no std distributions, whose output differs across libraries).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "pathing/coord.hpp"
#include "pathing/grid.hpp"
#include "pathing/layer.hpp"

namespace pathing::test {

/// SplitMix64 (Steele, Lea & Flood 2014): a tiny PRNG with the same output everywhere.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) noexcept : s_(seed) {}
  std::uint64_t next() noexcept {
    std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform-enough integer in [0, n) for small n (n > 0).
  int below(int n) noexcept { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  /// True with probability percent / 100.
  bool chance(int percent) noexcept { return below(100) < percent; }

 private:
  std::uint64_t s_;
};

/// A cols x rows grid where each cell is blocked with probability `blocked_percent` and otherwise
/// gets a tag in [0, tags).
inline Grid random_grid(SplitMix64& rng, int cols, int rows, int blocked_percent, int tags = 1) {
  Grid g(cols, rows);
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x) {
      if (tags > 1) g.set_tile({x, y}, static_cast<std::uint8_t>(rng.below(tags)));
      if (rng.chance(blocked_percent)) g.set_blocked({x, y}, true);
    }
  return g;
}

/// A layer whose tags 0..7 cost 1..max_cost at random (tag 0 always costs 1, so the smallest
/// cost is 1); blocked cells are impassable.
inline GridLayer random_layer(SplitMix64& rng, int max_cost) {
  std::array<std::uint8_t, 8> costs{};
  costs[0] = 1;
  for (unsigned i = 1; i < 8; ++i) costs[i] = static_cast<std::uint8_t>(1 + rng.below(max_cost));
  return GridLayer(costs, 0);
}

/// A random passable cell (the grid must have one; tries at random, then scans).
inline GridCoord random_free_cell(SplitMix64& rng, const Grid& g, const GridLayer& layer) {
  for (int tries = 0; tries < 1000; ++tries) {
    const GridCoord c{rng.below(g.cols()), rng.below(g.rows())};
    if (layer.cost_at(g, c) != 0) return c;
  }
  for (int y = 0; y < g.rows(); ++y)
    for (int x = 0; x < g.cols(); ++x)
      if (layer.cost_at(g, {x, y}) != 0) return {x, y};
  return {0, 0};
}

}  // namespace pathing::test
