// The benchmark inputs: the seed maps and the Moving AI scenario sets (or data/ samples).
#include <algorithm>
#include <cmath>
#include <iostream>
#include <stdexcept>

#include "bench.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/io/seed_map.hpp"

namespace pathing::bench {
namespace {

namespace fs = std::filesystem;

// The Go library's map order (maps.json "order").
constexpr const char* kSeedMaps[] = {"no_walls", "simple_wall", "pocket_wall", "multi_wall",
                                     "large_map"};
// The five DAO maps of the targets.
constexpr const char* kDao5[] = {"dao/arena2.map.scen", "dao/brc202d.map.scen",
                                 "dao/den011d.map.scen", "dao/den520d.map.scen",
                                 "dao/lak303d.map.scen"};

void add_scenario(std::vector<Input>& out, const fs::path& scen_file, const std::string& group) {
  const io::Scenario scen = io::load_scenario(scen_file);
  const io::Map map = io::load_map(io::scenario_map_path(scen, scen_file));
  io::validate_scenario(scen, map.grid, scen_file.string());
  std::string name = scen_file.filename().string();
  name = name.substr(0, name.find('.'));
  Input eight;
  eight.group = group;
  eight.name = name;
  eight.grid = map.grid;
  eight.layer = io::movingai_layer();
  eight.conn = Connectivity::eight;
  for (const io::ScenarioEntry& e : scen.entries) {
    eight.queries.push_back(Query{e.start(), e.goal(), e.optimal_length, e.tolerance(), e.line});
  }
  Input four = eight;
  four.conn = Connectivity::four;
  for (Query& q : four.queries) {
    q.optimal = -1;  // filled by the textbook A* (main)
    q.tolerance = 1e-9;
  }
  out.push_back(std::move(eight));
  out.push_back(std::move(four));
}

}  // namespace

std::vector<Input> load_inputs(const DataChoice& choice, const fs::path& source_dir,
                               bool& used_samples) {
  std::vector<Input> out;
  used_samples = false;
  const fs::path seeds = choice.shared / "seed-bench";
  const fs::path movingai = choice.shared / "movingai";
  if (!fs::is_directory(seeds) || !fs::is_directory(movingai)) {
    std::cerr << "pathing_bench: shared data not found at " << choice.shared
              << " (../shared/data with seed-bench/ and movingai/; set PATHING_SHARED_DATA or "
                 "--data=DIR).\n"
              << "pathing_bench: running on the sample maps in " << (source_dir / "data")
              << " instead: no seed-map table, and these numbers are not the ones of "
                 "docs/benchmarks.md.\n";
    used_samples = true;
    for (const char* f : {"maze-32.map.scen", "random-64.map.scen", "rooms-64.map.scen"}) {
      add_scenario(out, source_dir / "data" / f, "data");
    }
    return out;
  }
  for (const char* m : kSeedMaps) {
    const io::SeedMap s = io::load_seed_map(seeds / (std::string(m) + ".txt"));
    Input in;
    in.group = "seed";
    in.name = m;
    in.grid = s.grid;
    in.layer = GridLayer{1};
    in.conn = Connectivity::four;
    in.seed = true;
    in.queries.push_back(Query{s.start, s.finish, -1, 1e-9, 0});
    out.push_back(std::move(in));
  }
  std::vector<fs::path> scens;
  if (choice.sets == "all") {
    for (const auto& e : fs::recursive_directory_iterator(movingai)) {
      const std::string n = e.path().filename().string();
      if (e.is_regular_file() && n.size() > 10 && n.ends_with(".map.scen"))
        scens.push_back(e.path());
    }
    std::sort(scens.begin(), scens.end());
  } else if (choice.sets == "dao5") {
    for (const char* s : kDao5) scens.push_back(movingai / s);
  } else {
    throw std::invalid_argument("pathing_bench: --sets=" + choice.sets +
                                " is not one of dao5, all");
  }
  for (const fs::path& s : scens) add_scenario(out, s, s.parent_path().filename().string());
  return out;
}

double path_length(const Grid& grid, const GridLayer& layer, const std::vector<GridCoord>& cells) {
  std::uint64_t straight = 0;
  std::uint64_t diagonal = 0;
  for (std::size_t i = 1; i < cells.size(); ++i) {
    const std::uint8_t c = layer.cost_at(grid, cells[i]);
    const bool diag = cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y;
    (diag ? diagonal : straight) += c;
  }
  return cost::exact_length(straight, diagonal);
}

}  // namespace pathing::bench
