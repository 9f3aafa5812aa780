// Reading a Moving AI map and scenario and answering its queries with A* and JPS+, checking each
// length against the scenario's optimum (the way the benchmark papers report results).
// Usage: example_movingai_queries FILE.map.scen   (the map is found beside it by name)
#include <pathing/io/movingai.hpp>
#include <pathing/pathing.hpp>

#include <cmath>
#include <cstdio>
#include <exception>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s FILE.map.scen\n", argv[0]);
    return 2;
  }
  try {
    const pathing::io::Scenario scen = pathing::io::load_scenario(argv[1]);
    const pathing::io::Map map =
        pathing::io::load_map(pathing::io::scenario_map_path(scen, argv[1]));
    pathing::io::validate_scenario(scen, map.grid, argv[1]);  // sizes and coordinates
    const pathing::GridLayer layer = pathing::io::movingai_layer();

    pathing::AStar astar(map.grid.cols(), map.grid.rows());  // sized once: no allocation later
    const pathing::JpsPlusMap table(map.grid, layer);        // JPS+ precomputation, once a map
    pathing::JpsPlus jps_plus(map.grid.cols(), map.grid.rows());
    std::vector<pathing::GridCoord> path;

    int optimal_astar = 0;
    int optimal_jps = 0;
    std::uint64_t expanded_astar = 0;
    std::uint64_t expanded_jps = 0;
    for (const pathing::io::ScenarioEntry& q : scen.entries) {
      const pathing::PathResult a = astar.find_path(map.grid, layer, q.start(), q.goal(), path);
      const pathing::PathResult j = jps_plus.find_path(map.grid, table, q.start(), q.goal(), path);
      optimal_astar += a.found() && std::fabs(a.cost - q.optimal_length) <= q.tolerance();
      optimal_jps += j.found() && std::fabs(j.cost - q.optimal_length) <= q.tolerance();
      expanded_astar += a.stats.expanded;
      expanded_jps += j.stats.expanded;
    }
    const auto n = static_cast<int>(scen.entries.size());
    std::printf(
        "%d queries on a %d x %d map: A* optimal %d of %d (%.1f expanded a query), "
        "JPS+ optimal %d of %d (%.1f expanded a query)\n",
        n, map.grid.cols(), map.grid.rows(), optimal_astar, n,
        n ? static_cast<double>(expanded_astar) / n : 0.0, optimal_jps, n,
        n ? static_cast<double>(expanded_jps) / n : 0.0);
    return optimal_astar == n && optimal_jps == n ? 0 : 1;
  } catch (const std::exception& e) {  // ParseError: "file:line:column: message"
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
}
