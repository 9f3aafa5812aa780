// A consumer of pathing: finds a path on a small map with both the core and pathing::io.
#include <pathing/io/movingai.hpp>
#include <pathing/pathing.hpp>

#include <cstdio>
#include <vector>

int main() {
  const pathing::io::Map map = pathing::io::parse_map(
      "type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n", "consumer.map");
  pathing::AStar astar;
  std::vector<pathing::GridCoord> path;
  const pathing::PathResult r =
      astar.find_path(map.grid, pathing::io::movingai_layer(), {0, 1}, {4, 1}, path);
  std::printf("consumer: pathing %s found=%d moves=%u cost=%.5f\n", PATHING_VERSION_STRING,
              r.found() ? 1 : 0, r.moves, r.cost);
  return r.found() && r.moves == 6 ? 0 : 1;
}
