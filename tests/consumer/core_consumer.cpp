// A consumer of the header-only core alone (pathing::pathing): finds a path around a wall.
#include <pathing/pathing.hpp>

#include <cstdio>
#include <vector>

int main() {
  // .....
  // .###.
  // .....
  pathing::Grid grid(5, 3);
  for (int x = 1; x <= 3; ++x) grid.set_blocked({x, 1}, true);
  pathing::AStar astar;
  std::vector<pathing::GridCoord> path;
  const pathing::PathResult r = astar.find_path(grid, pathing::GridLayer{}, {0, 1}, {4, 1}, path);
  std::printf("core consumer: pathing %s found=%d moves=%u cost=%.5f\n", PATHING_VERSION_STRING,
              r.found() ? 1 : 0, r.moves, r.cost);
  // No corner cutting: around the wall in 6 straight moves.
  return r.found() && r.moves == 6 && r.cost == 6.0 ? 0 : 1;
}
