// Deterministic random maps and graphs for the tests of the generic search, smoothing and
// chaining (header-only, portable: no std distributions, whose output differs across libraries).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"

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

/// Brute-force check, independent of `line_of_sight`: true when the closed segment between the
/// centres of `a` and `b` touches (interior, edge or corner) no impassable cell other than `a` and
/// `b`. Exact: coordinates are doubled so centres are odd integers and cell squares
/// [2x, 2x + 2] x [2y, 2y + 2]; a square meets the segment iff the bounding boxes overlap and the
/// square's corners are not all strictly on one side of the segment's line. O(area of the box).
inline bool segment_clear_brute(const Grid& g, const GridLayer& layer, GridCoord a, GridCoord b) {
  const std::int64_t px = 2 * a.x + 1, py = 2 * a.y + 1, qx = 2 * b.x + 1, qy = 2 * b.y + 1;
  const auto side = [&](std::int64_t x, std::int64_t y) {
    const std::int64_t c = (qx - px) * (y - py) - (qy - py) * (x - px);
    return c > 0 ? 1 : (c < 0 ? -1 : 0);
  };
  for (int y = std::min(a.y, b.y) - 1; y <= std::max(a.y, b.y) + 1; ++y)
    for (int x = std::min(a.x, b.x) - 1; x <= std::max(a.x, b.x) + 1; ++x) {
      // Cells whose centre is farther than half a diagonal from the line cannot touch it.
      const std::int64_t cross = (qx - px) * (2 * y + 1 - py) - (qy - py) * (2 * x + 1 - px);
      if (cross * cross > 2 * ((qx - px) * (qx - px) + (qy - py) * (qy - py))) continue;
      const GridCoord c{x, y};
      if (c == a || c == b || layer.cost_at(g, c) != 0) continue;
      const std::int64_t x0 = 2 * x, x1 = 2 * x + 2, y0 = 2 * y, y1 = 2 * y + 2;
      if (std::max(px, qx) < x0 || std::min(px, qx) > x1) continue;
      if (std::max(py, qy) < y0 || std::min(py, qy) > y1) continue;
      const int s0 = side(x0, y0), s1 = side(x1, y0), s2 = side(x0, y1), s3 = side(x1, y1);
      if ((s0 > 0 && s1 > 0 && s2 > 0 && s3 > 0) || (s0 < 0 && s1 < 0 && s2 < 0 && s3 < 0))
        continue;
      return false;
    }
  return true;
}

/// Empty when `cells` is a valid path from `from` to `to` on the grid under `layer`: consecutive
/// cells are neighbours (4-connected, or 8-connected with `diagonals`, then without corner
/// cutting), every cell after the first is passable. Otherwise a description of the first fault.
inline std::string path_fault(const Grid& g, const GridLayer& layer,
                              const std::vector<GridCoord>& cells, GridCoord from, GridCoord to,
                              bool diagonals) {
  // Messages are built with += (GCC 12 -O3 warns falsely, -Wrestrict, on "literal" + string).
  const auto at = [](GridCoord c) {
    std::string s = "(";
    s += std::to_string(c.x);
    s += ',';
    s += std::to_string(c.y);
    s += ')';
    return s;
  };
  const auto fault = [](const char* what, const std::string& detail) {
    std::string s = what;
    s += detail;
    return s;
  };
  if (cells.empty()) return "no cells";
  if (cells.front() != from) return fault("starts at ", at(cells.front()));
  if (cells.back() != to) return fault("ends at ", at(cells.back()) + " instead of " + at(to));
  for (std::size_t i = 1; i < cells.size(); ++i) {
    const GridCoord d = cells[i] - cells[i - 1];
    const int adx = std::abs(d.x), ady = std::abs(d.y);
    if (adx > 1 || ady > 1 || adx + ady == 0 || (!diagonals && adx + ady != 1)) {
      return fault("bad step ", std::to_string(i) + ": " + at(cells[i - 1]) + "->" + at(cells[i]));
    }
    if (layer.cost_at(g, cells[i]) == 0) return fault("impassable ", at(cells[i]));
    if (adx + ady == 2 && (layer.cost_at(g, {cells[i - 1].x + d.x, cells[i - 1].y}) == 0 ||
                           layer.cost_at(g, {cells[i - 1].x, cells[i - 1].y + d.y}) == 0)) {
      return fault("corner cut at ", at(cells[i - 1]));
    }
  }
  return {};
}

}  // namespace pathing::test
