// pathing: fast grid path-finding. MIT licensed.
//
// `pathing gen`: writes a generated map and its scenario file.
#include <fmt/core.h>

#include <filesystem>
#include <string>

#include "atomic_file.hpp"
#include "commands.hpp"
#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/layer.hpp"

namespace pathing::cli {

int run_gen(const GenOptions& o) {
  const std::optional<io::MapKind> kind = io::parse_map_kind(o.kind);
  if (!kind) {
    fmt::print(stderr, "pathing: unknown map kind '{}' (random, rooms, maze, terrain)\n", o.kind);
    return kExitBadInput;
  }
  io::MapSpec spec;
  spec.kind = *kind;
  spec.width = o.width;
  spec.height = o.height;
  spec.density = o.density;
  spec.seed = o.seed;
  spec.room_size = o.room_size;
  const Grid grid = io::generate_map(spec);
  const std::string map_name = std::filesystem::path(o.out_file).filename().string();
  const bool terrain = *kind == io::MapKind::terrain;
  const GridLayer layer =
      layer_from_costs(o.costs, terrain ? io::terrain_layer() : io::movingai_layer());
  const io::Scenario scen = io::generate_scenario(grid, map_name, o.queries, o.seed, layer);
  const std::string scen_file = o.out_file + ".scen";
  // Both files are written to temporary files first and put in place only when both were
  // written (issue #19 D5): a failed write changes neither OUT.map nor OUT.map.scen.
  StagedFile map_out(o.out_file);
  StagedFile scen_out(scen_file);
  if (!map_out.write(io::format_map(grid))) return kExitBadInput;
  if (!scen_out.write(io::format_scenario(scen))) return kExitBadInput;
  if (!map_out.commit()) return kExitBadInput;  // neither file replaced
  if (!scen_out.commit()) {
    // The one state a failure can leave: the new map beside the old scenario (or none).
    fmt::print(stderr,
               "pathing: {} is the new map, but {} was not replaced: it does not match it\n",
               o.out_file, scen_file);
    return kExitBadInput;
  }
  std::size_t blocked = 0;
  for (int y = 0; y < grid.rows(); ++y)
    for (int x = 0; x < grid.cols(); ++x) blocked += grid.is_blocked({x, y});
  fmt::print("wrote {} ({} {} x {}, {} blocked cells) and {} ({} queries)\n", o.out_file,
             io::to_string(*kind), grid.cols(), grid.rows(), blocked, scen_file,
             scen.entries.size());
  if (terrain || !o.costs.empty()) {
    std::string costs = o.costs.empty() ? "1,3,5" : "";
    for (std::size_t i = 0; i < o.costs.size(); ++i) {
      if (i != 0) costs += ',';
      costs += std::to_string(o.costs[i]);
    }
    fmt::print("optimal lengths under --costs {} (pass it to `pathing scen`)\n", costs);
  }
  return kExitOk;
}

}  // namespace pathing::cli
