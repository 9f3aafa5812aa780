// pathing: fast grid path-finding. MIT licensed.
//
// `pathing gen`: writes a generated (or tiled) map and its scenario file.
#include <fmt/core.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "atomic_file.hpp"
#include "commands.hpp"
#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/map/layer.hpp"

namespace pathing::cli {

namespace {

/// Writes OUT.map and OUT.map.scen, both or neither; false after a failure (reported).
bool write_map_and_scenario(const std::string& out_file, const Grid& grid,
                            const io::Scenario& scen) {
  const std::string scen_file = out_file + ".scen";
  // Both files are written to temporary files first and put in place only when both were
  // written (issue #19 D5): a failed write changes neither OUT.map nor OUT.map.scen.
  StagedFile map_out(out_file);
  StagedFile scen_out(scen_file);
  if (!map_out.write(io::format_map(grid))) return false;
  if (!scen_out.write(io::format_scenario(scen))) return false;
  if (!map_out.commit()) return false;  // neither file replaced
  if (!scen_out.commit()) {
    // The one state a failure can leave: the new map beside the old scenario (or none).
    fmt::print(stderr,
               "pathing: {} is the new map, but {} was not replaced: it does not match it\n",
               out_file, scen_file);
    return false;
  }
  return true;
}

std::size_t blocked_cells(const Grid& grid) {
  std::size_t blocked = 0;
  for (int y = 0; y < grid.rows(); ++y)
    for (int x = 0; x < grid.cols(); ++x) blocked += grid.is_blocked({x, y});
  return blocked;
}

std::string costs_text(const std::vector<int>& costs) {
  std::string text;
  for (std::size_t i = 0; i < costs.size(); ++i) {
    if (i != 0) text += ',';
    text += std::to_string(costs[i]);
  }
  return text;
}

/// `gen tile`: the source map tiled (mirrored, joined by ports) and long queries.
int run_gen_tile(const GenOptions& o) {
  if (o.source.empty()) {
    fmt::print(stderr, "pathing: gen tile needs --source MAP (the map to tile)\n");
    return kExitBadInput;
  }
  const io::Map source = io::load_map(o.source);  // ParseError: exit 2 in main
  const GridLayer layer = layer_from_costs(o.costs, io::movingai_layer());
  io::TileOptions tiling;
  tiling.layer = layer;
  const Grid grid = io::tile_map(source.grid, o.width, o.height, tiling);
  const std::string map_name = std::filesystem::path(o.out_file).filename().string();
  const io::Scenario scen = io::generate_long_scenario(grid, map_name, o.queries, o.seed, layer);
  if (!write_map_and_scenario(o.out_file, grid, scen)) return kExitBadInput;
  fmt::print(
      "wrote {} (tile of {} ({} x {}), {} x {}, {} blocked cells) and {}.scen ({} queries)\n",
      o.out_file, o.source, source.grid.cols(), source.grid.rows(), grid.cols(), grid.rows(),
      blocked_cells(grid), o.out_file, scen.entries.size());
  if (!o.costs.empty()) {
    fmt::print("optimal lengths under --costs {} (pass it to `pathing scen`)\n",
               costs_text(o.costs));
  }
  return kExitOk;
}

}  // namespace

int run_gen(const GenOptions& o) {
  if (o.kind == "tile") return run_gen_tile(o);
  if (!o.source.empty()) {
    fmt::print(stderr, "pathing: --source is for `gen tile` only, not `gen {}`\n", o.kind);
    return kExitBadInput;
  }
  const std::optional<io::MapKind> kind = io::parse_map_kind(o.kind);
  if (!kind) {
    fmt::print(stderr, "pathing: unknown map kind '{}' (random, rooms, maze, terrain, tile)\n",
               o.kind);
    return kExitBadInput;
  }
  io::MapSpec spec;
  spec.kind = *kind;
  spec.width = o.width;
  spec.height = o.height;
  spec.density = o.density;
  spec.seed = o.seed;
  spec.room_size = o.room_size;
  spec.corridor_width = o.corridor;
  const Grid grid = io::generate_map(spec);
  const std::string map_name = std::filesystem::path(o.out_file).filename().string();
  const bool terrain = *kind == io::MapKind::terrain;
  const GridLayer layer =
      layer_from_costs(o.costs, terrain ? io::terrain_layer() : io::movingai_layer());
  const io::Scenario scen = io::generate_scenario(grid, map_name, o.queries, o.seed, layer);
  if (!write_map_and_scenario(o.out_file, grid, scen)) return kExitBadInput;
  fmt::print("wrote {} ({} {} x {}, {} blocked cells) and {}.scen ({} queries)\n", o.out_file,
             io::to_string(*kind), grid.cols(), grid.rows(), blocked_cells(grid), o.out_file,
             scen.entries.size());
  if (terrain || !o.costs.empty()) {
    fmt::print("optimal lengths under --costs {} (pass it to `pathing scen`)\n",
               o.costs.empty() ? std::string("1,3,5") : costs_text(o.costs));
  }
  return kExitOk;
}

}  // namespace pathing::cli
