// pathing: fast grid path-finding. MIT licensed.
//
// The native side of the JavaScript benchmark (bench/js/run.mjs, issue #18): times the same
// queries as the WebAssembly build, with the same method, so the two can be compared row by row.
//
// Input (a file named by argv[1], or stdin), one item a line:
//   map movingai PATH        a Moving AI map (io::load_map), searched under io::movingai_layer()
//   map seed PATH            a seed benchmark map (io::load_seed_map), under GridLayer{1}
//   q ALGO SX SY GX GY       a query on the last map; ALGO: astar4 astar8 jps jps+ bounded4
//                            bounded4p (bounded4 with the bit-parallel BFS held to the compiler's
//                            portable 128-bit vectors, as in WebAssembly: no AVX2 / AVX-512)
// Output: one line a query, "TIME_NS COST STATUS EXPANDED", TIME_NS as run.mjs measures it: after
// warm-up calls (>= 5 ms, at least one), the median of 7 batches of repetitions (each at least ~2
// ms) divided by the batch's calls, or of 3 single calls when a call takes 2 ms or more.
//
// Build (run.mjs does it): g++ -std=c++20 -O3 -DNDEBUG -I include bench/js/native_rows.cpp
//   src/io/*.cpp -o build/js-bench/native_rows
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "pathing/detail/test_access.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/io/seed_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"

namespace {

using Clock = std::chrono::steady_clock;

/// Seconds a call of `f` takes (see the file comment).
template <class F>
double time_per_call(F&& f) {
  const auto seconds = [](Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
  };
  auto t0 = Clock::now();
  do f();  // warm-up (>= 5 ms, at least one call): memory grown, caches filled
  while (seconds(t0) < 5e-3);
  t0 = Clock::now();
  f();
  const double one = seconds(t0);
  if (one >= 2e-3) {
    std::array<double, 3> s{one, 0, 0};
    for (int i = 1; i < 3; ++i) {
      t0 = Clock::now();
      f();
      s[static_cast<std::size_t>(i)] = seconds(t0);
    }
    std::sort(s.begin(), s.end());
    return s[1];
  }
  const long reps = std::max(1L, static_cast<long>(2e-3 / std::max(one, 5e-8)));
  std::array<double, 7> batch{};
  for (double& b : batch) {
    t0 = Clock::now();
    for (long r = 0; r < reps; ++r) f();
    b = seconds(t0) / static_cast<double>(reps);
  }
  std::sort(batch.begin(), batch.end());
  return batch[3];
}

}  // namespace

int main(int argc, char** argv) {
  std::ifstream file;
  if (argc > 1) file.open(argv[1]);
  std::istream& in = argc > 1 ? static_cast<std::istream&>(file) : std::cin;
  if (!in) {
    std::fprintf(stderr, "native_rows: cannot read %s\n", argc > 1 ? argv[1] : "stdin");
    return 2;
  }
  std::optional<pathing::Grid> grid;
  pathing::GridLayer layer{1};
  pathing::AStar astar;
  pathing::AStar portable;  // bounded4p
  pathing::detail::TestAccess::limit_simd(portable, 0);
  pathing::Jps jps;
  pathing::JpsPlus jps_plus;
  std::vector<pathing::GridCoord> cells;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string kind;
    ls >> kind;
    if (kind == "map") {
      std::string type;
      std::string path;
      ls >> type >> path;
      pathing::Error e;
      if (type == "seed") {
        auto m = pathing::io::try_load_seed_map(path, &e);
        if (!m) {
          std::fprintf(stderr, "native_rows: %s\n", e.message.c_str());
          return 2;
        }
        grid = std::move(m->grid);
        layer = pathing::GridLayer{1};
      } else {
        auto m = pathing::io::try_load_map(path, &e);
        if (!m) {
          std::fprintf(stderr, "native_rows: %s\n", e.message.c_str());
          return 2;
        }
        grid = std::move(m->grid);
        layer = pathing::io::movingai_layer();
      }
    } else if (kind == "q") {
      std::string algo;
      pathing::GridCoord a;
      pathing::GridCoord b;
      ls >> algo >> a.x >> a.y >> b.x >> b.y;
      if (!grid) return 2;
      const pathing::Grid& g = *grid;
      pathing::PathResult r;
      double t = 0;
      if (algo == "astar4" || algo == "astar8") {
        const pathing::SearchOptions o{algo == "astar4" ? pathing::Connectivity::four
                                                        : pathing::Connectivity::eight};
        t = time_per_call([&] { r = astar.find_path(g, layer, a, b, cells, o); });
      } else if (algo == "jps") {
        t = time_per_call([&] { r = jps.find_path(g, layer, a, b, cells); });
      } else if (algo == "jps+") {
        t = time_per_call([&] { r = jps_plus.find_path(g, layer, a, b, cells); });
      } else if (algo == "bounded4" || algo == "bounded4p") {
        pathing::AStar& s = algo == "bounded4" ? astar : portable;
        pathing::BoundedResult br;
        t = time_per_call([&] { br = s.build_path(g, layer, a, b); });
        r.status = br.status;
        r.cost = br.cost;
        r.stats = br.stats;
      } else {
        std::fprintf(stderr, "native_rows: unknown algorithm %s\n", algo.c_str());
        return 2;
      }
      std::printf("%.1f %.17g %s %llu\n", t * 1e9, r.cost,
                  std::string(pathing::to_string(r.status)).c_str(),
                  static_cast<unsigned long long>(r.stats.expanded));
    }
  }
  return 0;
}
