// Example: A* on a hex map in axial coordinates, with pathing::GraphAStar.
//
// Any type with a dense node id, a neighbour visitor and a heuristic is a pathing::SearchGraph
// (include/pathing/graph.hpp). Here the nodes are the hexes of a parallelogram-shaped map in
// axial coordinates (q, r) (see redblobgames.com/grids/hexagons): node id = r * width + q.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "pathing/search/graph_astar.hpp"

namespace {

// The map, one string per row r; column q is the character index. '.' plains (cost 1),
// 'f' forest (cost 3), '#' rock (impassable), 'S' start, 'G' goal (plains).
constexpr std::array<const char*, 8> kRows{
    "S.....#.....",  //
    "......#..f..",  //
    "..###.#..f..",  //
    "....#.#.fff.",  //
    "....#...f...",  //
    "....####....",  //
    "ff.......#..",  //
    "fff......#.G",  //
};

class HexMap {
 public:
  using node_type = std::uint32_t;  // dense id: r * width + q
  using cost_type = std::uint32_t;  // cost of entering a hex

  HexMap() {
    for (int r = 0; r < height(); ++r)
      for (int q = 0; q < width(); ++q) {
        const char c = kRows[static_cast<std::size_t>(r)][q];
        if (c == 'S') start_ = id(q, r);
        if (c == 'G') goal_ = id(q, r);
      }
  }

  static int width() { return 12; }
  static int height() { return static_cast<int>(kRows.size()); }
  static node_type id(int q, int r) { return static_cast<node_type>(r * width() + q); }
  static int q_of(node_type n) { return static_cast<int>(n) % width(); }
  static int r_of(node_type n) { return static_cast<int>(n) / width(); }
  node_type start() const { return start_; }
  node_type goal() const { return goal_; }

  // --- what pathing::SearchGraph asks for --------------------------------------------------
  std::size_t node_count() const { return static_cast<std::size_t>(width() * height()); }

  // The six axial neighbours; entering a hex costs its terrain cost. No allocation.
  template <class F>
  void for_each_neighbor(node_type n, F&& visit) const {
    constexpr int kDirs[6][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};
    for (const auto& d : kDirs) {
      const int q = q_of(n) + d[0];
      const int r = r_of(n) + d[1];
      if (q < 0 || q >= width() || r < 0 || r >= height()) continue;
      if (const cost_type c = terrain_cost(q, r)) visit(id(q, r), c);
    }
  }

  // Hex distance times the cheapest terrain cost (1): admissible and consistent.
  cost_type heuristic(node_type a, node_type b) const {
    const int dq = q_of(a) - q_of(b);
    const int dr = r_of(a) - r_of(b);
    return static_cast<cost_type>((std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2);
  }

 private:
  static cost_type terrain_cost(int q, int r) {
    switch (kRows[static_cast<std::size_t>(r)][q]) {
      case '#':
        return 0;
      case 'f':
        return 3;
      default:
        return 1;
    }
  }
  node_type start_ = 0;
  node_type goal_ = 0;
};

}  // namespace

int main() {
  const HexMap map;
  pathing::GraphAStar<HexMap> search;  // reuse it for every query: no allocation once warm
  std::vector<HexMap::node_type> path;
  const auto result = search.find_path(map, map.start(), map.goal(), path);
  if (!result.found()) {
    std::printf("no path: %s\n", std::string(pathing::to_string(result.status)).c_str());
    return 1;
  }

  // Draw the parallelogram: row r is shifted right by r half-hexes; '*' marks the path.
  std::vector<std::string> rows(kRows.begin(), kRows.end());
  for (const auto n : path) {
    char& c =
        rows[static_cast<std::size_t>(HexMap::r_of(n))][static_cast<std::size_t>(HexMap::q_of(n))];
    if (c != 'S' && c != 'G') c = '*';
  }
  for (int r = 0; r < HexMap::height(); ++r) {
    std::printf("%*s", r, "");
    for (const char c : rows[static_cast<std::size_t>(r)]) std::printf("%c ", c);
    std::printf("\n");
  }
  std::printf("hex path: %u steps, cost %u, %llu hexes expanded\n", result.moves, result.cost,
              static_cast<unsigned long long>(result.stats.expanded));
  return 0;
}
