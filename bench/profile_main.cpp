// pathing_profile: runs one search over one input, for valgrind --tool=callgrind (instruction
// counts are stable on a busy machine; wall time is not).
//
// Usage: pathing_profile SEARCH FILE [REPEAT]
//   SEARCH: astar8 | astar4 | greedy8 | greedy4 (find_path on every row of the .scen FILE), or
//           astar-bounded | greedy-bounded (build_path on the seed map FILE, S to F) |
//           greedy-bounded-expand (the same, the greedy expansion without the bit-parallel BFS)
// Prints the number of queries and of expansions. Instructions per expansion:
//   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='pathing::*::find_path*'
//     build/bench/bench/pathing_profile astar8 ../shared/data/movingai/dao/den520d.map.scen
//   (then the total Ir / the expansions printed; build_path* for the bounded searches).
// PATHING_SIMD=L (0, 1 or 2) limits the bounded searches' vectors to level L (BitBfs::limit_simd).
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "pathing/detail/test_access.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/io/seed_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"

int main(int argc, char** argv) {
  using namespace pathing;
  if (argc < 3) {
    std::fprintf(stderr, "usage: pathing_profile SEARCH FILE [REPEAT]\n");
    return 2;
  }
  const std::string search = argv[1];
  const std::string file = argv[2];
  const int repeat = argc > 3 ? std::atoi(argv[3]) : 1;
  try {
    AStar astar;
    GreedyBestFirst greedy;
    // PATHING_SIMD=0|1|2: the bounded searches' vector level at most (scalar-ish, AVX2, AVX-512).
    if (const char* simd = std::getenv("PATHING_SIMD")) {
      detail::TestAccess::limit_simd(astar, std::atoi(simd));
      detail::TestAccess::limit_simd(greedy, std::atoi(simd));
    }
    std::uint64_t expanded = 0;
    std::uint64_t queries = 0;
    if (search == "greedy-bounded-expand") {  // the greedy expansion alone (no bit-parallel BFS)
      greedy.set_bit_parallel(false);
    }
    if (search == "astar-bounded" || search.rfind("greedy-bounded", 0) == 0) {
      const io::SeedMap m = io::load_seed_map(file);
      const GridLayer walk{1};
      for (int r = 0; r < repeat; ++r) {
        const BoundedResult b = search == "astar-bounded"
                                    ? astar.build_path(m.grid, walk, m.start, m.finish)
                                    : greedy.build_path(m.grid, walk, m.start, m.finish);
        expanded += b.stats.expanded;
        ++queries;
      }
    } else {
      const io::Scenario scen = io::load_scenario(file);
      const io::Map map = io::load_map(io::scenario_map_path(scen, file));
      const GridLayer layer = io::movingai_layer();
      const Connectivity conn = search.back() == '8' ? Connectivity::eight : Connectivity::four;
      const bool use_astar = search.rfind("astar", 0) == 0;
      std::vector<GridCoord> out;
      for (int r = 0; r < repeat; ++r) {
        for (const io::ScenarioEntry& e : scen.entries) {
          const PathResult p =
              use_astar ? astar.find_path(map.grid, layer, e.start(), e.goal(), out, {conn})
                        : greedy.find_path(map.grid, layer, e.start(), e.goal(), out, {conn});
          expanded += p.stats.expanded;
          ++queries;
        }
      }
    }
    std::printf("queries %llu expanded %llu\n", static_cast<unsigned long long>(queries),
                static_cast<unsigned long long>(expanded));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pathing_profile: %s\n", e.what());
    return 1;
  }
  return 0;
}
