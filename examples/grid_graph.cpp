// Example: the library's own Grid seen as a pathing::SearchGraph (pathing::GridGraph), searched
// with the generic pathing::GraphAStar and compared with the grid-specific pathing::AStar; then
// the path is smoothed into straight-line waypoints and mapped to world positions.
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "pathing/agent/path_convert.hpp"
#include "pathing/agent/smoothing.hpp"
#include "pathing/map/grid_graph.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/graph_astar.hpp"

int main() {
  // '#' walls, '~' swamp (tag 1, costs 4 to enter), '.' ground (tag 0, costs 1).
  constexpr std::array<const char*, 9> kMap{
      "..............",  //
      ".S......#.....",  //
      "........#.....",  //
      "..~~~~..#.....",  //
      "..~~~~..#.....",  //
      "..~~~~..####..",  //
      "..............",  //
      "..#######.....",  //
      "............G.",  //
  };
  pathing::Grid grid(14, static_cast<int>(kMap.size()));
  pathing::GridCoord start;
  pathing::GridCoord goal;
  for (int y = 0; y < grid.rows(); ++y)
    for (int x = 0; x < grid.cols(); ++x) {
      const char c = kMap[static_cast<std::size_t>(y)][x];
      if (c == '#') grid.set_blocked({x, y}, true);
      if (c == '~') grid.set_tile({x, y}, 1);
      if (c == 'S') start = {x, y};
      if (c == 'G') goal = {x, y};
    }
  const pathing::GridLayer walker{1, 4};  // tag 0 costs 1, tag 1 costs 4, walls impassable

  // The generic search over the grid-as-graph: node ids are y * cols + x.
  const pathing::GridGraph8 graph(grid, walker);
  pathing::GraphAStar<pathing::GridGraph8> generic;
  std::vector<std::uint32_t> nodes;
  const auto g = generic.find_path(graph, graph.node(start), graph.node(goal), nodes);

  // The grid-specific search: same model, so the same cost. The path may differ among equal-cost
  // ones: AStar breaks ties its own way (see astar.hpp), GraphAStar by larger g.
  pathing::AStar astar;
  std::vector<pathing::GridCoord> cells;
  const pathing::PathResult a = astar.find_path(grid, walker, start, goal, cells);
  std::vector<pathing::GridCoord> generic_cells;
  graph.to_cells(nodes, generic_cells);

  std::printf("GraphAStar<GridGraph8>: %s, cost %.4f, %u moves, %llu expanded\n",
              std::string(pathing::to_string(g.status)).c_str(), pathing::cost::to_double(g.cost),
              g.moves, static_cast<unsigned long long>(g.stats.expanded));
  std::printf("AStar::find_path:       %s, cost %.4f, %u moves, %llu expanded\n",
              std::string(pathing::to_string(a.status)).c_str(), a.cost, a.moves,
              static_cast<unsigned long long>(a.stats.expanded));
  // GraphAStar's cost is fixed point (the graph's cost_type); AStar reports cost units.
  const bool same_cost = std::abs(pathing::cost::to_double(g.cost) - a.cost) < 1e-6;
  std::printf("same cost: %s (same cells: %s)\n", same_cost ? "yes" : "no",
              generic_cells == cells ? "yes" : "no");

  // String pulling: the waypoints a unit can walk between in straight lines.
  std::vector<pathing::GridCoord> waypoints;
  pathing::smooth_path(grid, walker, cells, waypoints);
  std::vector<pathing::WorldPos> world;
  pathing::cells_to_world(pathing::WorldMapping(32, 32), waypoints, world);  // cell centres
  std::printf("%zu waypoints:", waypoints.size());
  for (std::size_t i = 0; i < waypoints.size(); ++i) {
    std::printf(" (%d,%d)=[%.0f,%.0f]", waypoints[i].x, waypoints[i].y, world[i].x, world[i].y);
  }
  std::printf("\n");

  // Draw: '*' path cells, 'o' waypoints.
  std::vector<std::string> rows(kMap.begin(), kMap.end());
  for (const auto c : cells)
    rows[static_cast<std::size_t>(c.y)][static_cast<std::size_t>(c.x)] = '*';
  for (const auto c : waypoints)
    rows[static_cast<std::size_t>(c.y)][static_cast<std::size_t>(c.x)] = 'o';
  for (const auto& r : rows) std::printf("  %s\n", r.c_str());
  return g.found() && same_cost ? 0 : 1;
}
