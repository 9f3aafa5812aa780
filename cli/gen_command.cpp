// pathing: fast grid path-finding. MIT licensed.
//
// `pathing gen`: writes a generated map and its scenario file.
#include <fmt/core.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include "commands.hpp"
#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"

namespace pathing::cli {

namespace {

bool write_text(const std::string& file, const std::string& text) {
  std::FILE* f = std::fopen(file.c_str(), "wb");
  if (f == nullptr) {
    fmt::print(stderr, "pathing: cannot write {}: {}\n", file, std::strerror(errno));
    return false;
  }
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !ok) {
    fmt::print(stderr, "pathing: cannot write {}\n", file);
    return false;
  }
  return true;
}

}  // namespace

int run_gen(const GenOptions& o) {
  const std::optional<io::MapKind> kind = io::parse_map_kind(o.kind);
  if (!kind) {
    fmt::print(stderr, "pathing: unknown map kind '{}' (random, rooms, maze)\n", o.kind);
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
  const io::Scenario scen = io::generate_scenario(grid, map_name, o.queries, o.seed);
  const std::string scen_file = o.out_file + ".scen";
  if (!write_text(o.out_file, io::format_map(grid))) return kExitBadInput;
  if (!write_text(scen_file, io::format_scenario(scen))) return kExitBadInput;
  std::size_t blocked = 0;
  for (int y = 0; y < grid.rows(); ++y)
    for (int x = 0; x < grid.cols(); ++x) blocked += grid.is_blocked({x, y});
  fmt::print("wrote {} ({} {} x {}, {} blocked cells) and {} ({} queries)\n", o.out_file,
             io::to_string(*kind), grid.cols(), grid.rows(), blocked, scen_file,
             scen.entries.size());
  return kExitOk;
}

}  // namespace pathing::cli
