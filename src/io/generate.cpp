// pathing: fast grid path-finding. MIT licensed.
//
// Map and scenario generators, the tiler of huge maps and the reference Dijkstra (see
// include/pathing/io/generate.hpp).
#include "pathing/io/generate.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <numeric>
#include <queue>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include "charconv_compat.hpp"
#include "pathing/detail/compiler.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/jps.hpp"

namespace pathing::io {

namespace {

/// std::mt19937_64 with platform-independent draws.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}

  /// Uniform in [0, bound), bound >= 1: rejects the lowest (2^64 mod bound) values so that the
  /// remaining range is a multiple of bound, then takes the remainder.
  std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t threshold = (0 - bound) % bound;  // 2^64 mod bound
    for (;;) {
      const std::uint64_t r = engine_();
      if (r >= threshold) return r % bound;
    }
  }

  /// Uniform in [0, 1) with 53 random bits (exact in IEEE double).
  double fraction() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }

  /// True with probability p.
  bool chance(double p) { return fraction() < p; }

 private:
  std::mt19937_64 engine_;
};

void check_size(int width, int height, const char* function = "generate_map") {
  if (width < 1 || width > Grid::kMaxSide || height < 1 || height > Grid::kMaxSide ||
      std::int64_t{width} * height > Grid::kMaxCells) {
    std::string message = "pathing::io::";
    message += function;
    message += ": size ";
    message += std::to_string(width);
    message += " x ";
    message += std::to_string(height);
    message += " is outside [1, ";
    message += std::to_string(Grid::kMaxSide);
    message += "] per side / ";
    message += std::to_string(Grid::kMaxCells);
    message += " cells";
    throw std::invalid_argument(message);
  }
}

Grid make_terrain(const MapSpec& s, Rng& rng) {
  const auto w = static_cast<std::size_t>(s.width);
  const auto h = static_cast<std::size_t>(s.height);
  std::vector<std::uint64_t> value(w * h, 0);
  // Two octaves of integer value noise: lattice spacing 32 (weight 3) and 8 (weight 1), each
  // normalised to [0, 2^16) * spacing^2 / spacing^2 by its own bilinear weights.
  const auto octave = [&](std::size_t spacing, std::uint64_t weight) {
    const std::size_t nx = w / spacing + 2;
    const std::size_t ny = h / spacing + 2;
    std::vector<std::uint64_t> lattice(nx * ny);
    for (auto& v : lattice) v = rng.below(65536);
    for (std::size_t y = 0; y < h; ++y) {
      const std::size_t iy = y / spacing;
      const std::uint64_t fy = y % spacing;
      for (std::size_t x = 0; x < w; ++x) {
        const std::size_t ix = x / spacing;
        const std::uint64_t fx = x % spacing;
        const std::uint64_t a = lattice[iy * nx + ix];
        const std::uint64_t b = lattice[iy * nx + ix + 1];
        const std::uint64_t c = lattice[(iy + 1) * nx + ix];
        const std::uint64_t d = lattice[(iy + 1) * nx + ix + 1];
        const std::uint64_t top = a * (spacing - fx) + b * fx;
        const std::uint64_t bottom = c * (spacing - fx) + d * fx;
        const std::uint64_t v = top * (spacing - fy) + bottom * fy;  // < 2^16 spacing^2
        value[y * w + x] += weight * (v / (spacing * spacing));
      }
    }
  };
  octave(32, 3);
  octave(8, 1);
  // Ranks: the k-th smallest value is the same whatever the selection algorithm.
  std::vector<std::uint64_t> sorted = value;
  const auto kth = [&](double fraction) {
    const auto k = static_cast<std::size_t>(fraction * static_cast<double>(sorted.size()));
    if (k >= sorted.size()) return ~std::uint64_t{0};
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(k), sorted.end());
    return sorted[k];
  };
  const double open = 1.0 - s.density;
  const std::uint64_t ground_below = kth(0.3 * open);
  const std::uint64_t grass_below = kth(0.7 * open);
  const std::uint64_t forest_below = kth(open);
  Grid g(s.width, s.height);
  for (std::size_t y = 0; y < h; ++y) {
    for (std::size_t x = 0; x < w; ++x) {
      const std::uint64_t v = value[y * w + x];
      const GridCoord c{static_cast<int>(x), static_cast<int>(y)};
      if (s.density > 0 && v >= forest_below) {
        g.set_blocked(c, true);
      } else if (v >= grass_below) {
        g.set_tile(c, 2);
      } else if (v >= ground_below) {
        g.set_tile(c, 1);
      }
    }
  }
  const auto road = [&](GridCoord c) {
    if (!g.in_bounds(c)) return;
    g.set_blocked(c, false);
    g.set_tile(c, 0);
  };
  const int roads = 1 + (s.width + s.height) / 128;
  for (int r = 0; r < roads; ++r) {
    if (r % 2 == 0) {
      int y = static_cast<int>(rng.below(h));
      for (int x = 0; x < s.width; ++x) {
        road({x, y});
        road({x, y + 1});
        y += static_cast<int>(rng.below(3)) - 1;
        y = std::clamp(y, 0, s.height - 1);
      }
    } else {
      int x = static_cast<int>(rng.below(w));
      for (int y = 0; y < s.height; ++y) {
        road({x, y});
        road({x + 1, y});
        x += static_cast<int>(rng.below(3)) - 1;
        x = std::clamp(x, 0, s.width - 1);
      }
    }
  }
  return g;
}

void block_all(Grid& g) {
  for (int y = 0; y < g.rows(); ++y)
    for (int x = 0; x < g.cols(); ++x) g.set_blocked({x, y}, true);
}

Grid make_random(const MapSpec& s, Rng& rng) {
  Grid g(s.width, s.height);
  for (int y = 0; y < s.height; ++y)
    for (int x = 0; x < s.width; ++x)
      if (rng.chance(s.density)) g.set_blocked({x, y}, true);
  return g;
}

Grid make_rooms(const MapSpec& s, Rng& rng) {
  Grid g(s.width, s.height);
  // Rooms larger than the map give the same map as rooms of the map's size (no wall at all);
  // clamping keeps room + 1 and the sums below from overflowing for room_size near INT_MAX.
  const int room = std::min(s.room_size, std::max(s.width, s.height));
  const int step = room + 1;
  // Wall lines: x with (x % step) == room_size, same for y.
  for (int y = 0; y < s.height; ++y)
    for (int x = 0; x < s.width; ++x)
      if (x % step == room || y % step == room) g.set_blocked({x, y}, true);
  const int nx = (s.width + step - 1) / step;   // rooms across (the last may be cut short)
  const int ny = (s.height + step - 1) / step;  // rooms down
  struct Wall {
    int a, b;       // room indices (j * nx + i)
    bool vertical;  // wall column between (i, j) and (i + 1, j); else row between (i, j+1)
    int i, j;
  };
  std::vector<Wall> walls;
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const int wx = i * step + room;  // column of the wall to the right of room i
      const int wy = j * step + room;
      if (i + 1 < nx && wx + 1 < s.width) walls.push_back({j * nx + i, j * nx + i + 1, true, i, j});
      if (j + 1 < ny && wy + 1 < s.height)
        walls.push_back({j * nx + i, (j + 1) * nx + i, false, i, j});
    }
  for (std::size_t k = walls.size(); k > 1; --k) {
    std::swap(walls[k - 1], walls[static_cast<std::size_t>(rng.below(k))]);
  }
  std::vector<int> parent(static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny));
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int v) {  // union-find root, with path halving
    while (parent[static_cast<std::size_t>(v)] != v) {
      parent[static_cast<std::size_t>(v)] =
          parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(v)])];
      v = parent[static_cast<std::size_t>(v)];
    }
    return v;
  };
  for (const Wall& w : walls) {
    const int ra = find(w.a);
    const int rb = find(w.b);
    const bool joins = ra != rb;
    if (!joins && !rng.chance(s.density)) continue;
    if (joins) parent[static_cast<std::size_t>(ra)] = rb;
    if (w.vertical) {
      const int y0 = w.j * step;
      const int len = std::min(room, s.height - y0);
      const int y = y0 + static_cast<int>(rng.below(static_cast<std::uint64_t>(len)));
      g.set_blocked({w.i * step + room, y}, false);
    } else {
      const int x0 = w.i * step;
      const int len = std::min(room, s.width - x0);
      const int x = x0 + static_cast<int>(rng.below(static_cast<std::uint64_t>(len)));
      g.set_blocked({x, w.j * step + room}, false);
    }
  }
  return g;
}

Grid make_maze(const MapSpec& s, Rng& rng) {
  Grid g(s.width, s.height);
  block_all(g);
  // Corridors w cells wide, walls 1 cell: node (i, j) is the w x w square at (i step, j step).
  // w = 1 gives nodes at even (x, y), the classic maze (and the same draws, so the same maps).
  const int w = std::min({s.corridor_width, s.width, s.height});
  const int step = w + 1;
  const int nx = (s.width - w) / step + 1;  // nodes whose square fits
  const int ny = (s.height - w) / step + 1;
  std::vector<std::uint8_t> visited(static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny), 0);
  auto node = [&](int i, int j) {
    return static_cast<std::size_t>(j) * static_cast<std::size_t>(nx) + static_cast<std::size_t>(i);
  };
  // Opens the rectangle from node (i0, j0)'s square to node (i1, j1)'s (the same or adjacent).
  auto carve = [&](int i0, int j0, int i1, int j1) {
    for (int y = std::min(j0, j1) * step; y < std::max(j0, j1) * step + w; ++y) {
      for (int x = std::min(i0, i1) * step; x < std::max(i0, i1) * step + w; ++x) {
        g.set_blocked({x, y}, false);
      }
    }
  };
  std::vector<std::pair<int, int>> stack;
  stack.emplace_back(0, 0);
  visited[0] = 1;
  carve(0, 0, 0, 0);
  constexpr int kDx[4] = {1, 0, -1, 0};
  constexpr int kDy[4] = {0, 1, 0, -1};
  while (!stack.empty()) {
    const auto [i, j] = stack.back();
    int options[4];
    int n = 0;
    for (int d = 0; d < 4; ++d) {
      const int ni = i + kDx[d];
      const int nj = j + kDy[d];
      if (ni >= 0 && ni < nx && nj >= 0 && nj < ny && !visited[node(ni, nj)]) options[n++] = d;
    }
    if (n == 0) {
      stack.pop_back();
      continue;
    }
    const int d = options[rng.below(static_cast<std::uint64_t>(n))];
    const int ni = i + kDx[d];
    const int nj = j + kDy[d];
    visited[node(ni, nj)] = 1;
    carve(i, j, ni, nj);  // the wall between and the new node
    stack.emplace_back(ni, nj);
  }
  return g;
}

/// Calls f(nx, ny, diagonal, cost) for each passable neighbour, 8-connected, no corner cutting.
template <class F>
void neighbours8(const Grid& g, const GridLayer& layer, int x, int y, F&& f) {
  static constexpr int kDx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
  static constexpr int kDy[8] = {0, 1, 0, -1, 1, 1, -1, -1};
  for (int d = 0; d < 8; ++d) {
    const int nx = x + kDx[d];
    const int ny = y + kDy[d];
    const std::uint8_t c = layer.cost_at(g, {nx, ny});
    if (c == 0) continue;
    if (d >= 4 && (layer.cost_at(g, {nx, y}) == 0 || layer.cost_at(g, {x, ny}) == 0)) continue;
    f(nx, ny, d >= 4, c);
  }
}

/// One bit a cell, each row padded to whole 64-bit words.
class CellBits {
 public:
  CellBits(int cols, int rows)
      : words_per_row_((static_cast<std::size_t>(cols) + 63) / 64),
        words_(words_per_row_ * static_cast<std::size_t>(rows), 0) {}
  [[nodiscard]] bool test(std::size_t x, std::size_t y) const noexcept {
    return ((words_[y * words_per_row_ + x / 64] >> (x % 64)) & 1) != 0;
  }
  void set(std::size_t x, std::size_t y) noexcept {
    words_[y * words_per_row_ + x / 64] |= std::uint64_t{1} << (x % 64);
  }
  /// The words of row y (bit x % 64 of word x / 64 is cell x).
  [[nodiscard]] const std::uint64_t* row(std::size_t y) const noexcept {
    return words_.data() + y * words_per_row_;
  }

 private:
  std::size_t words_per_row_;
  std::vector<std::uint64_t> words_;
};

/// Marks in `seen` the 4-connected component of the cell (x, y) among the cells of `passable`,
/// breadth first (the queue holds about a frontier, not the component); returns its size.
/// `queue` is scratch space.
std::size_t flood(const CellBits& passable, int cols, int rows, int x, int y, CellBits& seen,
                  std::vector<std::uint32_t>& queue) {
  const auto ucols = static_cast<std::uint32_t>(cols);
  queue.clear();
  queue.push_back(static_cast<std::uint32_t>(y) * ucols + static_cast<std::uint32_t>(x));
  seen.set(static_cast<std::size_t>(x), static_cast<std::size_t>(y));
  std::size_t head = 0;
  std::size_t size = 0;
  const auto visit = [&](std::uint32_t nx, std::uint32_t ny) {
    if (!passable.test(nx, ny) || seen.test(nx, ny)) return;
    seen.set(nx, ny);
    queue.push_back(ny * ucols + nx);
  };
  while (head < queue.size()) {
    const std::uint32_t u = queue[head++];
    ++size;
    if (head >= 65536 && head * 2 >= queue.size()) {  // drop the consumed front
      queue.erase(queue.begin(), queue.begin() + static_cast<std::ptrdiff_t>(head));
      head = 0;
    }
    const std::uint32_t ux = u % ucols;
    const std::uint32_t uy = u / ucols;
    if (ux > 0) visit(ux - 1, uy);
    if (ux + 1 < ucols) visit(ux + 1, uy);
    if (uy > 0) visit(ux, uy - 1);
    if (uy + 1 < static_cast<std::uint32_t>(rows)) visit(ux, uy + 1);
  }
  return size;
}

/// The largest component of `g` under `layer` (8-connected, no corner cutting): its cells and
/// its size (ties: the component holding the first cell in row-major order); size 0 when no cell
/// is passable. These are the 4-connected components of the passable cells: a diagonal move
/// needs both cells it passes passable, and they join its ends orthogonally. O(cells): about 3
/// s for 16384 x 16384.
std::pair<CellBits, std::size_t> largest_component(const Grid& g, const GridLayer& layer) {
  const int cols = g.cols();
  const int rows = g.rows();
  CellBits passable(cols, rows);
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x)
      if (layer.cost_of_cell(g.cell_unchecked(x, y)) != 0) {
        passable.set(static_cast<std::size_t>(x), static_cast<std::size_t>(y));
      }
  CellBits seen(cols, rows);
  std::vector<std::uint32_t> queue;
  GridCoord best{0, 0};
  std::size_t best_size = 0;
  const std::size_t words = (static_cast<std::size_t>(cols) + 63) / 64;
  for (int y = 0; y < rows; ++y) {
    const std::uint64_t* open = passable.row(static_cast<std::size_t>(y));
    const std::uint64_t* done = seen.row(static_cast<std::size_t>(y));
    for (std::size_t w = 0; w < words; ++w) {
      // A flood started here may mark later cells of this word: read it again after each one.
      for (std::uint64_t fresh = open[w] & ~done[w]; fresh != 0; fresh = open[w] & ~done[w]) {
        const int x = static_cast<int>(w * 64) + std::countr_zero(fresh);
        const std::size_t size = flood(passable, cols, rows, x, y, seen, queue);
        if (size > best_size) {
          best_size = size;
          best = {x, y};
        }
      }
    }
  }
  CellBits member(cols, rows);
  if (best_size > 0) flood(passable, cols, rows, best.x, best.y, member, queue);
  return {std::move(member), best_size};
}

/// The source of `tile_map` with its ports carved (TileOptions::connect).
Grid with_ports(const Grid& src, const GridLayer& layer) {
  Grid g = src;
  const auto [member, size] = largest_component(src, layer);
  if (size == 0) return g;
  const int w = src.cols();
  const int h = src.rows();
  // Row y: first[y] / last[y] = the leftmost / rightmost member (first = w: none); columns alike.
  std::vector<int> row_first(static_cast<std::size_t>(h), w);
  std::vector<int> row_last(static_cast<std::size_t>(h), -1);
  std::vector<int> col_first(static_cast<std::size_t>(w), h);
  std::vector<int> col_last(static_cast<std::size_t>(w), -1);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      if (!member.test(static_cast<std::size_t>(x), static_cast<std::size_t>(y))) continue;
      const auto ux = static_cast<std::size_t>(x);
      const auto uy = static_cast<std::size_t>(y);
      row_first[uy] = std::min(row_first[uy], x);
      row_last[uy] = std::max(row_last[uy], x);
      col_first[ux] = std::min(col_first[ux], y);
      col_last[ux] = std::max(col_last[ux], y);
    }
  }
  // The line (row or column) of `n` lines of length `len` whose two ports carve the fewest
  // cells; ties: nearest the middle (|2 i - (n - 1)| smallest), then the smaller index.
  const auto best_line = [](const std::vector<int>& first, const std::vector<int>& last, int len) {
    const int n = static_cast<int>(first.size());
    int best = -1;
    long long best_cost = 0;
    long long best_off = 0;
    for (int i = 0; i < n; ++i) {
      const auto ui = static_cast<std::size_t>(i);
      if (last[ui] < 0) continue;
      const long long cost = first[ui] + (len - 1 - last[ui]);
      const long long off = std::llabs(2LL * i - (n - 1));
      if (best < 0 || cost < best_cost || (cost == best_cost && off < best_off)) {
        best = i;
        best_cost = cost;
        best_off = off;
      }
    }
    return best;
  };
  const auto carve = [&](int x, int y) { g.set_cell({x, y}, 0); };
  const int r = best_line(row_first, row_last, w);  // >= 0: the component has a cell
  for (int x = 0; x < row_first[static_cast<std::size_t>(r)]; ++x) carve(x, r);
  for (int x = row_last[static_cast<std::size_t>(r)] + 1; x < w; ++x) carve(x, r);
  const int c = best_line(col_first, col_last, h);
  for (int y = 0; y < col_first[static_cast<std::size_t>(c)]; ++y) carve(c, y);
  for (int y = col_last[static_cast<std::size_t>(c)] + 1; y < h; ++y) carve(c, y);
  return g;
}

/// The cells of the largest component, counted by row and half, for uniform draws in a
/// rectangle that is a union of halves ("quarters" of `generate_long_scenario`).
class ComponentSampler {
 public:
  ComponentSampler(const CellBits& member, int cols, int rows)
      : member_(member),
        cols_(cols),
        split_x_(cols >= 2 ? cols / 2 : 0),
        split_y_(rows >= 2 ? rows / 2 : 0) {
    // prefix_[h][y]: members of half h (0 left, 1 right, 2 whole row) in rows [0, y).
    for (auto& p : prefix_) p.assign(static_cast<std::size_t>(rows) + 1, 0);
    for (int y = 0; y < rows; ++y) {
      const auto uy = static_cast<std::size_t>(y);
      const std::uint64_t left = count(y, 0, left_end());
      const std::uint64_t right = count(y, split_x_, cols);
      const std::uint64_t whole = count(y, 0, cols);
      prefix_[0][uy + 1] = prefix_[0][uy] + left;
      prefix_[1][uy + 1] = prefix_[1][uy] + right;
      prefix_[2][uy + 1] = prefix_[2][uy] + whole;
    }
  }

  /// A rectangle: columns of half `half` (0 left, 1 right, 2 all), rows [y0, y1).
  struct Area {
    int half;
    int y0;
    int y1;
  };
  /// Quarter q: bit 0 = right half, bit 1 = bottom half.
  [[nodiscard]] Area quarter(int q) const noexcept {
    const int rows = static_cast<int>(prefix_[0].size()) - 1;
    const bool bottom = (q & 2) != 0;
    return {q & 1, bottom ? split_y_ : 0, bottom ? rows : (split_y_ > 0 ? split_y_ : rows)};
  }
  [[nodiscard]] Area whole() const noexcept {
    return {2, 0, static_cast<int>(prefix_[0].size()) - 1};
  }
  [[nodiscard]] std::uint64_t count(const Area& a) const noexcept {
    const auto& p = prefix_[static_cast<std::size_t>(a.half)];
    return p[static_cast<std::size_t>(a.y1)] - p[static_cast<std::size_t>(a.y0)];
  }

  /// A member of `a` (count(a) > 0) drawn uniformly. O(log rows + cols / 64).
  [[nodiscard]] GridCoord draw(const Area& a, Rng& rng) const {
    const auto& p = prefix_[static_cast<std::size_t>(a.half)];
    const std::uint64_t k = p[static_cast<std::size_t>(a.y0)] + rng.below(count(a));
    // The row y with p[y] <= k < p[y + 1].
    const auto it = std::upper_bound(p.begin() + a.y0, p.begin() + a.y1 + 1, k);
    const int y = static_cast<int>(it - p.begin()) - 1;
    std::uint64_t rank = k - p[static_cast<std::size_t>(y)];
    const int x0 = a.half == 1 ? split_x_ : 0;
    const int x1 = a.half == 0 ? left_end() : cols_;
    const std::uint64_t* words = member_.row(static_cast<std::size_t>(y));
    for (int base = x0 - x0 % 64; base < x1; base += 64) {
      std::uint64_t bits = words[base / 64] & span_mask(base, x0, x1);
      const auto n = static_cast<std::uint64_t>(std::popcount(bits));
      if (rank >= n) {
        rank -= n;
        continue;
      }
      for (; rank > 0; --rank) bits &= bits - 1;  // drop the lowest `rank` members
      return {base + std::countr_zero(bits), y};
    }
    return {x0, y};  // not reached: the counts say the row holds the member
  }

 private:
  [[nodiscard]] int left_end() const noexcept { return split_x_ > 0 ? split_x_ : cols_; }
  /// The bits of the word starting at column `base` that lie in [x0, x1).
  static std::uint64_t span_mask(int base, int x0, int x1) noexcept {
    const int lo = std::max(x0 - base, 0);
    const int hi = std::min(x1 - base, 64);
    if (hi <= lo) return 0;
    const std::uint64_t upto = hi == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << hi) - 1;
    return upto & ~((std::uint64_t{1} << lo) - 1);
  }
  [[nodiscard]] std::uint64_t count(int y, int x0, int x1) const noexcept {
    const std::uint64_t* words = member_.row(static_cast<std::size_t>(y));
    std::uint64_t n = 0;
    for (int base = x0 - x0 % 64; base < x1; base += 64) {
      n += static_cast<std::uint64_t>(std::popcount(words[base / 64] & span_mask(base, x0, x1)));
    }
    return n;
  }

  const CellBits& member_;
  int cols_;
  int split_x_;  // 0: the side is not split
  int split_y_;
  std::array<std::vector<std::uint64_t>, 3> prefix_;
};

/// The octile distance between two cells.
double octile(GridCoord a, GridCoord b) noexcept {
  const int dx = std::abs(a.x - b.x);
  const int dy = std::abs(a.y - b.y);
  return std::max(dx, dy) + (std::sqrt(2.0) - 1.0) * std::min(dx, dy);
}

/// An entry of a generated scenario (bucket = floor(length / 4), 8 decimals).
ScenarioEntry make_entry(const Grid& grid, const std::string& map_name, GridCoord from,
                         GridCoord to, double length) {
  ScenarioEntry e;
  e.bucket = static_cast<int>(std::floor(length / 4.0));
  e.map = map_name;
  e.map_width = grid.cols();
  e.map_height = grid.rows();
  e.start_x = from.x;
  e.start_y = from.y;
  e.goal_x = to.x;
  e.goal_y = to.y;
  e.optimal_length = length;
  e.decimals = 8;
  return e;
}

/// Sorts the entries by bucket (stably) and numbers their lines from 2.
void finish_entries(Scenario& scen) {
  std::stable_sort(
      scen.entries.begin(), scen.entries.end(),
      [](const ScenarioEntry& a, const ScenarioEntry& b) { return a.bucket < b.bucket; });
  for (std::size_t i = 0; i < scen.entries.size(); ++i) {
    scen.entries[i].line = static_cast<int>(i) + 2;
  }
}

}  // namespace

std::string_view to_string(MapKind kind) noexcept {
  switch (kind) {
    case MapKind::random:
      return "random";
    case MapKind::rooms:
      return "rooms";
    case MapKind::maze:
      return "maze";
    case MapKind::terrain:
      return "terrain";
  }
  return "unknown";
}

std::optional<MapKind> parse_map_kind(std::string_view name) noexcept {
  if (name == "random") return MapKind::random;
  if (name == "rooms") return MapKind::rooms;
  if (name == "maze") return MapKind::maze;
  if (name == "terrain") return MapKind::terrain;
  return std::nullopt;
}

Grid generate_map(const MapSpec& spec) {
  check_size(spec.width, spec.height);
  if (!(spec.density >= 0.0 && spec.density <= 1.0)) {
    throw std::invalid_argument("pathing::io::generate_map: density " +
                                std::to_string(spec.density) + " is outside [0, 1]");
  }
  if (spec.room_size < 1) {
    throw std::invalid_argument("pathing::io::generate_map: room_size " +
                                std::to_string(spec.room_size) + " must be >= 1");
  }
  if (spec.corridor_width < 1) {
    throw std::invalid_argument("pathing::io::generate_map: corridor_width " +
                                std::to_string(spec.corridor_width) + " must be >= 1");
  }
  Rng rng(spec.seed);
  switch (spec.kind) {
    case MapKind::random:
      return make_random(spec, rng);
    case MapKind::rooms:
      return make_rooms(spec, rng);
    case MapKind::maze:
      return make_maze(spec, rng);
    case MapKind::terrain:
      return make_terrain(spec, rng);
  }
  throw std::invalid_argument("pathing::io::generate_map: unknown map kind");
}

std::optional<double> reference_shortest_length(const Grid& grid, GridCoord from, GridCoord to,
                                                const GridLayer& layer) {
  if (!grid.in_bounds(from) || !grid.in_bounds(to) || layer.cost_at(grid, to) == 0) {
    return std::nullopt;
  }
  if (from == to) return 0.0;
  const std::size_t n = grid.cell_count();
  const auto cols = static_cast<std::size_t>(grid.cols());
  const double kSqrt2 = std::sqrt(2.0);
  std::vector<double> dist(n, HUGE_VAL);
  std::vector<std::uint64_t> straight(n, 0);  // sums of layer costs by move kind on the best path
  std::vector<std::uint64_t> diagonal(n, 0);
  std::vector<std::uint8_t> settled(n, 0);
  using Item = std::pair<double, std::size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  const std::size_t s = static_cast<std::size_t>(from.y) * cols + static_cast<std::size_t>(from.x);
  const std::size_t t = static_cast<std::size_t>(to.y) * cols + static_cast<std::size_t>(to.x);
  dist[s] = 0;
  open.emplace(0.0, s);
  while (!open.empty()) {
    // Not a structured binding: clang 14 cannot capture those in the lambda below.
    const double d = open.top().first;
    const std::size_t u = open.top().second;
    open.pop();
    if (settled[u]) continue;
    settled[u] = 1;
    if (u == t) return cost::exact_length(straight[u], diagonal[u]);
    const int x = static_cast<int>(u % cols);
    const int y = static_cast<int>(u / cols);
    neighbours8(grid, layer, x, y, [&](int nx, int ny, bool diag, std::uint8_t c) {
      const std::size_t v = static_cast<std::size_t>(ny) * cols + static_cast<std::size_t>(nx);
      if (settled[v]) return;
      // The product rounded on its own, as on a target without fused multiply-adds (AArch64
      // fuses by default): the same order of settling, and the same scenarios, on every platform.
      const double nd = d + (diag ? pathing::detail::unfused(c * kSqrt2) : static_cast<double>(c));
      if (nd < dist[v]) {
        dist[v] = nd;
        straight[v] = straight[u] + (diag ? 0 : c);
        diagonal[v] = diagonal[u] + (diag ? c : 0);
        open.emplace(nd, v);
      }
    });
  }
  return std::nullopt;
}

Scenario generate_scenario(const Grid& grid, const std::string& map_name, int queries,
                           std::uint64_t seed, const GridLayer& layer) {
  if (queries < 0) {
    throw std::invalid_argument(
        "pathing::io::generate_scenario: queries = " + std::to_string(queries) + " must be >= 0");
  }
  Scenario scen;
  scen.version.push_back('1');  // (not = "1": GCC 12 -O3 -Wrestrict false positive)
  if (queries == 0) return scen;
  const std::size_t n = grid.cell_count();
  const auto cols = static_cast<std::size_t>(grid.cols());
  std::vector<std::size_t> passable;
  for (std::size_t i = 0; i < n; ++i) {
    if (layer.cost_at(grid, {static_cast<int>(i % cols), static_cast<int>(i / cols)}) != 0) {
      passable.push_back(i);
    }
  }
  if (passable.size() < 2) {
    throw std::invalid_argument("pathing::io::generate_scenario: the map has " +
                                std::to_string(passable.size()) +
                                " passable cells, at least 2 connected ones are needed");
  }
  Rng rng(seed);
  std::vector<std::uint32_t> mark(n, 0);  // component flood: mark == round
  std::vector<std::size_t> component;
  std::vector<std::size_t> stack;
  const long long max_attempts = 64LL * queries + 1024;
  long long attempts = 0;
  std::uint32_t round = 0;
  while (static_cast<int>(scen.entries.size()) < queries) {
    if (++attempts > max_attempts) {
      throw std::runtime_error(
          "pathing::io::generate_scenario: found only " + std::to_string(scen.entries.size()) +
          " of " + std::to_string(queries) + " queries: too few connected passable cells");
    }
    const std::size_t s = passable[static_cast<std::size_t>(rng.below(passable.size()))];
    // The start's component, by flood fill in index order from a stack.
    ++round;
    component.clear();
    stack.assign(1, s);
    mark[s] = round;
    while (!stack.empty()) {
      const std::size_t u = stack.back();
      stack.pop_back();
      component.push_back(u);
      neighbours8(grid, layer, static_cast<int>(u % cols), static_cast<int>(u / cols),
                  [&](int nx, int ny, bool, std::uint8_t) {
                    const std::size_t v =
                        static_cast<std::size_t>(ny) * cols + static_cast<std::size_t>(nx);
                    if (mark[v] != round) {
                      mark[v] = round;
                      stack.push_back(v);
                    }
                  });
    }
    if (component.size() < 2) continue;
    std::sort(component.begin(), component.end());
    std::size_t t = s;
    while (t == s) t = component[static_cast<std::size_t>(rng.below(component.size()))];
    const GridCoord from{static_cast<int>(s % cols), static_cast<int>(s / cols)};
    const GridCoord to{static_cast<int>(t % cols), static_cast<int>(t / cols)};
    const std::optional<double> len = reference_shortest_length(grid, from, to, layer);
    if (!len) continue;  // cannot happen: t is in s's component
    scen.entries.push_back(make_entry(grid, map_name, from, to, *len));
  }
  finish_entries(scen);
  return scen;
}

Grid tile_map(const Grid& tile, int width, int height, const TileOptions& options) {
  check_size(width, height, "tile_map");
  if (tile.empty()) {
    throw std::invalid_argument("pathing::io::tile_map: the source grid is empty (0 x 0)");
  }
  if (options.connect && options.layer.cost_of_cell(0) == 0) {
    throw std::invalid_argument(
        "pathing::io::tile_map: connect carves ground (tag 0, unblocked), but the layer makes "
        "it impassable (cost 0)");
  }
  const Grid src = options.connect ? with_ports(tile, options.layer) : tile;
  const int w = src.cols();
  const int h = src.rows();
  Grid out(width, height);  // every cell 0: only other values are written
  // The source column of each output column (the same for every row).
  std::vector<int> source_x(static_cast<std::size_t>(width));
  for (int x = 0; x < width; ++x) {
    const int u = x % w;
    source_x[static_cast<std::size_t>(x)] = options.mirror && (x / w) % 2 == 1 ? w - 1 - u : u;
  }
  for (int y = 0; y < height; ++y) {
    const int v = y % h;
    const int sy = options.mirror && (y / h) % 2 == 1 ? h - 1 - v : v;
    for (int x = 0; x < width; ++x) {
      const std::uint8_t c = src.cell_unchecked(source_x[static_cast<std::size_t>(x)], sy);
      if (c != 0) out.set_cell({x, y}, c);
    }
  }
  return out;
}

Scenario generate_long_scenario(const Grid& grid, const std::string& map_name, int queries,
                                std::uint64_t seed, const GridLayer& layer) {
  if (queries < 0) {
    throw std::invalid_argument("pathing::io::generate_long_scenario: queries = " +
                                std::to_string(queries) + " must be >= 0");
  }
  Scenario scen;
  scen.version.push_back('1');  // (not = "1": GCC 12 -O3 -Wrestrict false positive)
  if (queries == 0) return scen;
  const auto [member, size] = largest_component(grid, layer);
  if (size < 2) {
    std::string message =
        "pathing::io::generate_long_scenario: the largest connected component has ";
    message += std::to_string(size);
    message += " cells, at least 2 are needed";
    throw std::invalid_argument(message);
  }
  const ComponentSampler sampler(member, grid.cols(), grid.rows());
  const double min_distance = std::max(grid.cols(), grid.rows()) / 2.0;
  constexpr int kTries = 64;
  constexpr int kStartQuarter[4] = {0, 1, 3, 2};  // TL -> BR, TR -> BL, BR -> TL, BL -> TR
  Rng rng(seed);
  // The exact search: JPS on uniform-cost layers (the same costs as A*'s, bit for bit, about 15
  // times faster on a tiled DAO map), else A*. Each sizes its workspace on its first query.
  const bool uniform = layer.uniform_cost() != 0;
  Jps jps;
  AStar astar;
  std::vector<GridCoord> path;
  const auto shortest = [&](GridCoord from, GridCoord to) {
    if (uniform) {
      const PathResult r = jps.find_path(grid, layer, from, to, path);
      if (r.status != SearchStatus::unsupported) return r;
    }
    return astar.find_path(grid, layer, from, to, path);
  };
  scen.entries.reserve(static_cast<std::size_t>(queries));
  for (int k = 0; static_cast<int>(scen.entries.size()) < queries; ++k) {
    const int qs = kStartQuarter[k % 4];
    ComponentSampler::Area from_area = sampler.quarter(qs);
    ComponentSampler::Area to_area = sampler.quarter(3 - qs);
    if (sampler.count(from_area) == 0 || sampler.count(to_area) == 0) {
      from_area = to_area = sampler.whole();
    }
    GridCoord from{};
    GridCoord to{};
    double best = -1;
    for (int t = 0; t < kTries && best < min_distance; ++t) {
      const GridCoord s = sampler.draw(from_area, rng);
      const GridCoord g = sampler.draw(to_area, rng);
      const double d = octile(s, g);
      if (d > best) {
        best = d;
        from = s;
        to = g;
      }
    }
    if (from == to) continue;  // only when every pair drawn was one cell (a tiny component)
    const PathResult r = shortest(from, to);
    if (!r.found()) {
      std::string message = "pathing::io::generate_long_scenario: the search found no path from (";
      message += std::to_string(from.x);
      message += ", ";
      message += std::to_string(from.y);
      message += ") to (";
      message += std::to_string(to.x);
      message += ", ";
      message += std::to_string(to.y);
      message += ") in one component";
      throw std::runtime_error(message);
    }
    scen.entries.push_back(make_entry(grid, map_name, from, to, r.cost));
  }
  finish_entries(scen);
  return scen;
}

std::string format_scenario(const Scenario& scen) {
  std::string out = "version ";
  out += scen.version.empty() ? std::string("1") : scen.version;
  out += '\n';
  char buf[512];  // fixed notation of any double (<= 309 digits) with <= 17 decimals
  for (const ScenarioEntry& e : scen.entries) {
    out += std::to_string(e.bucket);
    out += '\t';
    out += e.map;
    for (int v : {e.map_width, e.map_height, e.start_x, e.start_y, e.goal_x, e.goal_y}) {
      out += '\t';
      out += std::to_string(v);
    }
    out += '\t';
    const auto r = compat::format_fixed(buf, buf + sizeof buf, e.optimal_length,
                                        std::clamp(e.decimals, 0, 17));
    out.append(buf, r.ec == std::errc{} ? r.ptr : buf);
    out += '\n';
  }
  return out;
}

}  // namespace pathing::io
