// Test support for distance fields: random maps and a textbook Dijkstra written independently of
// the library's neighbour code (std::priority_queue, explicit move rules).
#pragma once

#include <cstdint>
#include <functional>
#include <queue>
#include <random>
#include <utility>
#include <vector>

#include "pathing/field/dijkstra.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"

namespace pathing::test {

/// The layer of the random maps: tags 0, 1, 2 cost 1, 3, 7; tag 3 and blocked cells impassable.
inline GridLayer random_layer() {
  return GridLayer({1, 3, 7, 0});
}

/// A `cols` x `rows` map: each cell blocked with probability `walls_percent`%, with a random tag
/// 0..3 otherwise (`weighted`; tag 0 only when false). Deterministic for a seed.
inline Grid random_grid(int cols, int rows, unsigned seed, int walls_percent, bool weighted) {
  std::mt19937 rng(seed);
  Grid g(cols, rows);
  for (int y = 0; y < rows; ++y) {
    for (int x = 0; x < cols; ++x) {
      if (static_cast<int>(rng() % 100) < walls_percent) {
        g.set_blocked({x, y}, true);
      } else if (weighted) {
        const unsigned r = rng() % 10;  // tags 0 (50%), 1 (20%), 2 (20%), 3 (10%)
        g.set_tile({x, y}, static_cast<std::uint8_t>(r < 5 ? 0 : r < 7 ? 1 : r < 9 ? 2 : 3));
      }
    }
  }
  return g;
}

/// Textbook Dijkstra with the documented move model: a move between orthogonal or (8-connected)
/// diagonal neighbours a -> b costs layer cost of b times 1 or sqrt(2) (fixed point), needs b
/// passable and, diagonally, both cells beside the move passable. `to_sources`: cost of walking
/// from each cell to the nearest source; `from_sources`: from the sources to each cell.
inline std::vector<std::uint64_t> reference_field(const Grid& grid, const GridLayer& layer,
                                                  const std::vector<FieldSource>& sources,
                                                  Connectivity conn, FieldDirection dir,
                                                  std::uint64_t max_cost = cost::kInfinite) {
  const int cols = grid.cols();
  const int rows = grid.rows();
  std::vector<std::uint64_t> dist(static_cast<std::size_t>(cols) * rows, cost::kInfinite);
  using Entry = std::pair<std::uint64_t, int>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> pq;
  for (const FieldSource& s : sources) {
    const int i = s.cell.y * cols + s.cell.x;
    const std::uint64_t initial = DistanceField::initial_cost_fixed(s.initial_cost);
    if (initial <= max_cost && initial < dist[static_cast<std::size_t>(i)]) {
      dist[static_cast<std::size_t>(i)] = initial;
      pq.push({initial, i});
    }
  }
  auto passable = [&](int x, int y) { return layer.cost_at(grid, {x, y}) != 0; };
  const int dxs[8] = {1, 0, -1, 0, 1, -1, -1, 1};
  const int dys[8] = {0, 1, 0, -1, 1, 1, -1, -1};
  const int moves = conn == Connectivity::four ? 4 : 8;
  while (!pq.empty()) {
    const auto [d, i] = pq.top();
    pq.pop();
    if (d != dist[static_cast<std::size_t>(i)]) continue;
    const int x = i % cols;
    const int y = i / cols;
    for (int k = 0; k < moves; ++k) {
      const int nx = x + dxs[k];
      const int ny = y + dys[k];
      if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
      const bool diagonal = k >= 4;
      if (diagonal && !(passable(nx, y) && passable(x, ny))) continue;
      // from_sources: we walk x,y -> n (enter n); to_sources: n walks into x,y (enter x,y).
      const std::uint64_t entered = dir == FieldDirection::from_sources
                                        ? layer.cost_at(grid, {nx, ny})
                                        : layer.cost_at(grid, {x, y});
      if (entered == 0) continue;
      const std::uint64_t nd = d + entered * (diagonal ? cost::kDiagonal : cost::kStraight);
      const auto n = static_cast<std::size_t>(ny * cols + nx);
      if (nd <= max_cost && nd < dist[n]) {
        dist[n] = nd;
        pq.push({nd, ny * cols + nx});
      }
    }
  }
  return dist;
}

/// The stored costs of a field as a vector (for whole-field comparisons).
inline std::vector<std::uint64_t> costs_of(const DistanceField& f) {
  return {f.costs_fixed().begin(), f.costs_fixed().end()};
}

}  // namespace pathing::test
