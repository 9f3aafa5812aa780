// pathing: fast grid path-finding. MIT licensed.
//
// The precomputed-structure files (include/pathing/io/precomputed.hpp,
// docs/precomputed.md): the API over the shared container
// (precomputed_container.hpp) and each structure's own payload
// (`save_payload` / `load_payload`, src/io/*_io.cpp).
#include "pathing/io/precomputed.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "precomputed_container.hpp"

namespace pathing::io {

using detail::guarded_value;
using detail::read_whole;

std::uint64_t grid_hash(const Grid& grid) noexcept {
  std::uint64_t h = detail::kFnvOffset;
  for (int y = 0; y < grid.rows(); ++y) {
    for (int x = 0; x < grid.cols(); ++x) {
      h ^= grid.cell_unchecked(x, y);
      h *= detail::kFnvPrime;
    }
  }
  return h;
}

namespace {

// The file of `kind` holding `structure` (current for `grid`, built with
// `layer`).
template <class Structure>
std::string save_file(const Structure& structure, PrecomputedKind kind, const Grid& grid,
                      const GridLayer& layer) {
  detail::PayloadWriter out(kind, grid, layer);
  structure.save_payload(out);
  return std::move(out).finish();
}

}  // namespace

std::string serialize_jps_plus(const JpsPlusMap& map, const Grid& grid) {
  if (!map.is_current(grid)) {
    throw std::invalid_argument(
        "pathing::io::serialize_jps_plus: the table is not current for this "
        "grid (built for "
        "another grid object or version, or never built): sync it first");
  }
  return save_file(map, PrecomputedKind::jps_plus, grid, map.layer());
}

std::string serialize_landmarks(const LandmarkMap& map, const Grid& grid, const GridLayer& layer) {
  if (!map.is_current(grid, layer)) {
    throw std::invalid_argument(
        "pathing::io::serialize_landmarks: the map is "
        "not current for this grid and layer "
        "(built for another grid object, version or "
        "layer, or never built): sync it first");
  }
  return save_file(map, PrecomputedKind::landmarks, grid, layer);
}

std::string serialize_hierarchy(const HierarchyMap& map, const Grid& grid) {
  if (!map.is_current(grid, map.layer())) {
    throw std::invalid_argument(
        "pathing::io::serialize_hierarchy: the map is not current for this "
        "grid (built for "
        "another grid object or version, or never built): sync it first");
  }
  return save_file(map, PrecomputedKind::hierarchy, grid, map.layer());
}

std::string serialize_subgoal_graph(const SubgoalGraph& graph, const Grid& grid) {
  if (!graph.is_current(grid)) {
    throw std::invalid_argument(
        "pathing::io::serialize_subgoal_graph: the graph is not current for "
        "this grid (built "
        "for another grid object or version, or never built): sync it first");
  }
  return save_file(graph, PrecomputedKind::subgoal_graph, grid, graph.layer());
}

JpsPlusMap parse_jps_plus(std::string_view bytes, const Grid& grid, const GridLayer& layer,
                          const std::string& name) {
  return JpsPlusMap::load_payload(
      detail::open_payload(bytes, PrecomputedKind::jps_plus, grid, layer, name), grid, layer);
}

LandmarkMap parse_landmarks(std::string_view bytes, const Grid& grid, const GridLayer& layer,
                            const std::string& name) {
  return LandmarkMap::load_payload(
      detail::open_payload(bytes, PrecomputedKind::landmarks, grid, layer, name), grid, layer);
}

HierarchyMap parse_hierarchy(std::string_view bytes, const Grid& grid, const GridLayer& layer,
                             const std::string& name) {
  return HierarchyMap::load_payload(
      detail::open_payload(bytes, PrecomputedKind::hierarchy, grid, layer, name), grid, layer);
}

SubgoalGraph parse_subgoal_graph(std::string_view bytes, const Grid& grid, const GridLayer& layer,
                                 const std::string& name) {
  return SubgoalGraph::load_payload(
      detail::open_payload(bytes, PrecomputedKind::subgoal_graph, grid, layer, name), grid, layer);
}

JpsPlusMap load_jps_plus(const std::filesystem::path& file, const Grid& grid,
                         const GridLayer& layer) {
  const std::string bytes =
      read_whole(file, max_jps_plus_file_bytes(grid),
                 "the size of a JPS+ file for a " + std::to_string(grid.cols()) + " x " +
                     std::to_string(grid.rows()) + " grid");
  return parse_jps_plus(bytes, grid, layer, file.string());
}

LandmarkMap load_landmarks(const std::filesystem::path& file, const Grid& grid,
                           const GridLayer& layer) {
  const std::string bytes =
      read_whole(file, max_landmarks_file_bytes(grid),
                 "the largest landmark file for a " + std::to_string(grid.cols()) + " x " +
                     std::to_string(grid.rows()) + " grid");
  return parse_landmarks(bytes, grid, layer, file.string());
}

HierarchyMap load_hierarchy(const std::filesystem::path& file, const Grid& grid,
                            const GridLayer& layer) {
  const std::string bytes =
      read_whole(file, max_hierarchy_file_bytes(grid),
                 "the largest hierarchy file for a " + std::to_string(grid.cols()) + " x " +
                     std::to_string(grid.rows()) + " grid");
  return parse_hierarchy(bytes, grid, layer, file.string());
}

SubgoalGraph load_subgoal_graph(const std::filesystem::path& file, const Grid& grid,
                                const GridLayer& layer) {
  const std::string bytes =
      read_whole(file, max_subgoal_graph_file_bytes(grid),
                 "the largest subgoal graph file for a " + std::to_string(grid.cols()) + " x " +
                     std::to_string(grid.rows()) + " grid");
  return parse_subgoal_graph(bytes, grid, layer, file.string());
}

std::optional<SubgoalGraph> try_parse_subgoal_graph(std::string_view bytes, const Grid& grid,
                                                    const GridLayer& layer, const std::string& name,
                                                    Error* error) noexcept {
  return guarded_value<SubgoalGraph>(error,
                                     [&] { return parse_subgoal_graph(bytes, grid, layer, name); });
}

std::optional<SubgoalGraph> try_load_subgoal_graph(const std::filesystem::path& file,
                                                   const Grid& grid, const GridLayer& layer,
                                                   Error* error) noexcept {
  return guarded_value<SubgoalGraph>(error, [&] { return load_subgoal_graph(file, grid, layer); });
}

std::optional<std::string> try_serialize_subgoal_graph(const SubgoalGraph& graph, const Grid& grid,
                                                       Error* error) noexcept {
  return guarded_value<std::string>(error, [&] { return serialize_subgoal_graph(graph, grid); });
}

PrecomputedKind precomputed_kind(std::string_view bytes, const std::string& name) {
  const std::uint32_t kind = detail::check_prefix(bytes, name);
  if (kind != static_cast<std::uint32_t>(PrecomputedKind::jps_plus) &&
      kind != static_cast<std::uint32_t>(PrecomputedKind::landmarks) &&
      kind != static_cast<std::uint32_t>(PrecomputedKind::hierarchy) &&
      kind != static_cast<std::uint32_t>(PrecomputedKind::subgoal_graph)) {
    throw PrecomputedError(name, detail::kKindAt, "unknown kind " + std::to_string(kind));
  }
  return static_cast<PrecomputedKind>(kind);
}

std::optional<JpsPlusMap> try_parse_jps_plus(std::string_view bytes, const Grid& grid,
                                             const GridLayer& layer, const std::string& name,
                                             Error* error) noexcept {
  return guarded_value<JpsPlusMap>(error, [&] { return parse_jps_plus(bytes, grid, layer, name); });
}

std::optional<LandmarkMap> try_parse_landmarks(std::string_view bytes, const Grid& grid,
                                               const GridLayer& layer, const std::string& name,
                                               Error* error) noexcept {
  return guarded_value<LandmarkMap>(error,
                                    [&] { return parse_landmarks(bytes, grid, layer, name); });
}

std::optional<HierarchyMap> try_parse_hierarchy(std::string_view bytes, const Grid& grid,
                                                const GridLayer& layer, const std::string& name,
                                                Error* error) noexcept {
  return guarded_value<HierarchyMap>(error,
                                     [&] { return parse_hierarchy(bytes, grid, layer, name); });
}

std::optional<JpsPlusMap> try_load_jps_plus(const std::filesystem::path& file, const Grid& grid,
                                            const GridLayer& layer, Error* error) noexcept {
  return guarded_value<JpsPlusMap>(error, [&] { return load_jps_plus(file, grid, layer); });
}

std::optional<LandmarkMap> try_load_landmarks(const std::filesystem::path& file, const Grid& grid,
                                              const GridLayer& layer, Error* error) noexcept {
  return guarded_value<LandmarkMap>(error, [&] { return load_landmarks(file, grid, layer); });
}

std::optional<HierarchyMap> try_load_hierarchy(const std::filesystem::path& file, const Grid& grid,
                                               const GridLayer& layer, Error* error) noexcept {
  return guarded_value<HierarchyMap>(error, [&] { return load_hierarchy(file, grid, layer); });
}

std::optional<std::string> try_serialize_jps_plus(const JpsPlusMap& map, const Grid& grid,
                                                  Error* error) noexcept {
  return guarded_value<std::string>(error, [&] { return serialize_jps_plus(map, grid); });
}

std::optional<std::string> try_serialize_landmarks(const LandmarkMap& map, const Grid& grid,
                                                   const GridLayer& layer, Error* error) noexcept {
  return guarded_value<std::string>(error, [&] { return serialize_landmarks(map, grid, layer); });
}

std::optional<std::string> try_serialize_hierarchy(const HierarchyMap& map, const Grid& grid,
                                                   Error* error) noexcept {
  return guarded_value<std::string>(error, [&] { return serialize_hierarchy(map, grid); });
}

}  // namespace pathing::io
