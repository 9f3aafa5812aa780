// Test oracles: a textbook Dijkstra and a path validator, written independently of the searches.
#pragma once

#include <cstdint>
#include <functional>
#include <queue>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"

namespace pathing::test {

/// The sample size of a random-map test: `n` (maps, or a count the sample must reach) in the
/// optimised builds, which run every map; a quarter of it in the sanitizer build (`dev`, where
/// CMake defines PATHING_TEST_QUICK: Debug code under ASan and UBSan runs 10-20 times slower, and
/// the first quarter of the same seeded sequence still covers every case). For CI's time.
template <class T>
constexpr T random_maps(T n) {
#if defined(PATHING_TEST_QUICK)
  return n / 4;
#else
  return n;
#endif
}

/// Textbook Dijkstra from `from`: fixed-point cost to every cell (cost::kInfinite if unreachable),
/// same move model as the library (entered cell's layer cost; diagonals sqrt2 and no corner
/// cutting). std::priority_queue, no tricks.
inline std::vector<std::uint64_t> reference_dijkstra(const Grid& g, const GridLayer& layer,
                                                     GridCoord from, Connectivity conn) {
  const int w = g.cols();
  const int h = g.rows();
  std::vector<std::uint64_t> dist(static_cast<std::size_t>(w) * static_cast<std::size_t>(h),
                                  cost::kInfinite);
  using Item = std::pair<std::uint64_t, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
  const auto idx = [w](int x, int y) {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x);
  };
  dist[idx(from.x, from.y)] = 0;
  pq.push({0, static_cast<int>(idx(from.x, from.y))});
  const auto passable = [&](int x, int y) { return layer.cost_at(g, {x, y}) != 0; };
  while (!pq.empty()) {
    const auto [d, i] = pq.top();
    pq.pop();
    if (d != dist[static_cast<std::size_t>(i)]) continue;
    const int x = i % w;
    const int y = i / w;
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        if (dx == 0 && dy == 0) continue;
        const bool diag = dx != 0 && dy != 0;
        if (diag && conn == Connectivity::four) continue;
        const int nx = x + dx;
        const int ny = y + dy;
        if (!passable(nx, ny)) continue;
        if (diag && (!passable(x + dx, y) || !passable(x, y + dy))) continue;
        const std::uint64_t c =
            layer.cost_at(g, {nx, ny}) * (diag ? cost::kDiagonal : cost::kStraight);
        if (d + c < dist[idx(nx, ny)]) {
          dist[idx(nx, ny)] = d + c;
          pq.push({d + c, static_cast<int>(idx(nx, ny))});
        }
      }
    }
  }
  return dist;
}

/// Per cell: the optimal cost from the start (fixed point, cost::kInfinite if unreachable) and the
/// fewest steps among the optimal paths (lexicographic Dijkstra on (cost, steps)).
struct ReferenceField {
  int cols = 0;
  std::vector<std::uint64_t> cost;
  std::vector<std::uint32_t> steps;
  [[nodiscard]] std::size_t index(GridCoord c) const {
    return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(cols) +
           static_cast<std::size_t>(c.x);
  }
  [[nodiscard]] std::uint64_t cost_at(GridCoord c) const { return cost[index(c)]; }
  [[nodiscard]] std::uint32_t steps_at(GridCoord c) const { return steps[index(c)]; }
  [[nodiscard]] bool reachable(GridCoord c) const { return cost[index(c)] != cost::kInfinite; }
};

/// The textbook Dijkstra above on (cost, steps) pairs; `from` must be on the grid.
inline ReferenceField reference_field(const Grid& g, const GridLayer& layer, GridCoord from,
                                      Connectivity conn) {
  const int w = g.cols();
  const int h = g.rows();
  const std::size_t n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  ReferenceField f{w, std::vector<std::uint64_t>(n, cost::kInfinite),
                   std::vector<std::uint32_t>(n, ~std::uint32_t{0})};
  using Key = std::pair<std::uint64_t, std::uint32_t>;
  using Item = std::pair<Key, std::size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
  f.cost[f.index(from)] = 0;
  f.steps[f.index(from)] = 0;
  pq.push({{0, 0}, f.index(from)});
  const auto passable = [&](int x, int y) { return layer.cost_at(g, {x, y}) != 0; };
  while (!pq.empty()) {
    const auto [key, i] = pq.top();
    pq.pop();
    if (key != Key{f.cost[i], f.steps[i]}) continue;
    const int x = static_cast<int>(i % static_cast<std::size_t>(w));
    const int y = static_cast<int>(i / static_cast<std::size_t>(w));
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        if (dx == 0 && dy == 0) continue;
        const bool diag = dx != 0 && dy != 0;
        if (diag && conn == Connectivity::four) continue;
        if (!passable(x + dx, y + dy)) continue;
        if (diag && (!passable(x + dx, y) || !passable(x, y + dy))) continue;
        const Key next{key.first + layer.cost_at(g, {x + dx, y + dy}) *
                                       (diag ? cost::kDiagonal : cost::kStraight),
                       key.second + 1};
        const std::size_t j = f.index({x + dx, y + dy});
        if (next < Key{f.cost[j], f.steps[j]}) {
          f.cost[j] = next.first;
          f.steps[j] = next.second;
          pq.push({next, j});
        }
      }
    }
  }
  return f;
}

/// Empty string when `cells` is a valid path from `from` under the move model (adjacent steps,
/// every entered cell passable, no corner cutting for diagonals, starts at `from`); otherwise a
/// description of the first defect. Also returns the fixed-point cost through `cost_out`.
inline std::string validate_path(const Grid& g, const GridLayer& layer, Connectivity conn,
                                 GridCoord from, const std::vector<GridCoord>& cells,
                                 std::uint64_t* cost_out = nullptr) {
  if (cells.empty()) return "empty path";
  if (!(cells.front() == from)) return "path does not start at the start";
  std::uint64_t total = 0;
  for (std::size_t i = 1; i < cells.size(); ++i) {
    const GridCoord a = cells[i - 1];
    const GridCoord b = cells[i];
    const int dx = b.x - a.x;
    const int dy = b.y - a.y;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
      return "step " + std::to_string(i) + " is not a unit move";
    const bool diag = dx != 0 && dy != 0;
    if (diag && conn == Connectivity::four) return "diagonal step in 4-connected mode";
    const std::uint8_t c = layer.cost_at(g, b);
    if (c == 0) return "step " + std::to_string(i) + " enters an impassable cell";
    if (diag && (layer.cost_at(g, {a.x + dx, a.y}) == 0 || layer.cost_at(g, {a.x, a.y + dy}) == 0))
      return "step " + std::to_string(i) + " cuts a corner";
    total += c * (diag ? cost::kDiagonal : cost::kStraight);
  }
  if (cost_out) *cost_out = total;
  return {};
}

/// The fixed-point cost of a cell path (the layer costs of the cells entered, diagonals times
/// `cost::kDiagonal`), without validating it.
inline std::uint64_t path_cost_fixed(const Grid& g, const GridLayer& layer,
                                     const std::vector<GridCoord>& cells) {
  std::uint64_t total = 0;
  for (std::size_t i = 1; i < cells.size(); ++i) {
    const bool diag = cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y;
    total += layer.cost_at(g, cells[i]) * (diag ? cost::kDiagonal : cost::kStraight);
  }
  return total;
}

/// The cost of a cell path in cost units, as the searches report it (`cost::exact_length` of
/// the straight and diagonal layer-cost sums).
inline double path_cost_units(const Grid& g, const GridLayer& layer,
                              const std::vector<GridCoord>& cells) {
  std::uint64_t straight = 0;
  std::uint64_t diagonal = 0;
  for (std::size_t i = 1; i < cells.size(); ++i) {
    const bool diag = cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y;
    (diag ? diagonal : straight) += layer.cost_at(g, cells[i]);
  }
  return cost::exact_length(straight, diagonal);
}

/// A random grid: each cell blocked with probability `density`, tags drawn from [0, tags).
inline Grid random_grid(std::mt19937_64& rng, int w, int h, double density, int tags = 1) {
  Grid g(w, h);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      if (tags > 1)
        g.set_tile({x, y}, static_cast<std::uint8_t>(rng() % static_cast<unsigned>(tags)));
      if (u(rng) < density) g.set_blocked({x, y}, true);
    }
  }
  return g;
}

}  // namespace pathing::test
