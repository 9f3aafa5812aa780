// pathing: fast grid path-finding. MIT licensed.
//
// `pathing prep`: builds a precomputed structure (JPS+ table, subgoal graph, landmarks or HPA*
// hierarchy) of a map and saves it in the binary format of pathing::io (docs/precomputed.md), for
// `scen --prep` and `path --prep`.
#include <fmt/core.h>

#include <chrono>
#include <optional>
#include <string>

#include "atomic_file.hpp"
#include "commands.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/io/precomputed.hpp"
#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/precompute/landmark_map.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/subgoal_search.hpp"

namespace pathing::cli {

int run_prep(const PrepOptions& o) {
  const io::Map map = io::load_map(o.map_file);
  const GridLayer layer = layer_from_costs(o.costs, io::movingai_layer());
  const auto t0 = std::chrono::steady_clock::now();
  std::string bytes;
  std::string what;
  if (o.contract && o.algo != "subgoal") {
    fmt::print(stderr, "pathing: --contract needs --algo subgoal\n");
    return kExitBadInput;
  }
  if (!o.landmark_bits.empty() && o.algo != "alt") {
    fmt::print(stderr, "pathing: --landmark-bits needs --algo alt\n");
    return kExitBadInput;
  }
  if (o.max_unit_size != 1 && o.algo != "hpa") {
    fmt::print(stderr, "pathing: --max-unit-size needs --algo hpa\n");
    return kExitBadInput;
  }
  if (o.clusters != 0 && o.algo != "hpa") {
    fmt::print(stderr, "pathing: --clusters needs --algo hpa\n");
    return kExitBadInput;
  }
  if (o.algo == "jps+") {
    if (layer.uniform_cost() == 0) {
      fmt::print(stderr,
                 "pathing: --algo jps+ needs every passable cell to cost the same (--costs)\n");
      return kExitBadInput;
    }
    const JpsPlusMap table(map.grid, layer);
    bytes = io::serialize_jps_plus(table, map.grid);
    what = "JPS+ table";
  } else if (o.algo == "subgoal") {
    if (layer.uniform_cost() == 0) {
      fmt::print(stderr,
                 "pathing: --algo subgoal needs every passable cell to cost the same (--costs)\n");
      return kExitBadInput;
    }
    SubgoalOptions so;
    so.contract = o.contract;
    const SubgoalGraph graph(map.grid, layer, so);
    bytes = io::serialize_subgoal_graph(graph, map.grid);
    what = fmt::format("subgoal graph{}, {} subgoals, {} edges", o.contract ? ", contracted" : "",
                       graph.subgoal_count(), graph.edge_count());
    if (o.contract)
      what += fmt::format(", core {}, {} contracted edges", graph.core_count(),
                          graph.contracted_edge_count());
  } else if (o.algo == "hpa") {
    HierarchyOptions ho;
    ho.sector_size = o.sector;
    ho.connectivity = o.moves == 4 ? Connectivity::four : Connectivity::eight;
    ho.max_unit_size = o.max_unit_size;
    Error error;
    std::optional<HierarchyMap> made = HierarchyMap::create(map.grid, layer, ho, &error);
    if (!made) {
      fmt::print(stderr, "pathing: {}\n", error.message);
      return kExitBadInput;
    }
    HierarchyMap& hierarchy = *made;
    if (o.hpa_landmarks > 0 && !hierarchy.build_landmarks(map.grid, o.hpa_landmarks, &error)) {
      fmt::print(stderr, "pathing: {}\n", error.message);
      return kExitBadInput;
    }
    if (o.clusters > 0 && !hierarchy.build_clusters(map.grid, o.clusters, &error)) {
      fmt::print(stderr, "pathing: {}\n", error.message);
      return kExitBadInput;
    }
    bytes = io::serialize_hierarchy(hierarchy, map.grid);
    what = fmt::format("hierarchy, sectors of {} cells, {}-connected, {} nodes, {} edges", o.sector,
                       o.moves, hierarchy.node_count(), hierarchy.edge_count());
    if (hierarchy.max_unit_size() > 1)
      what += fmt::format(", units up to {0} x {0} cells", hierarchy.max_unit_size());
    if (hierarchy.landmark_count() > 0)
      what += fmt::format(", {} landmarks", hierarchy.landmark_count());
    if (hierarchy.cluster_sectors() > 0)
      what += fmt::format(", clusters of {} x {} sectors, {} level-2 nodes",
                          hierarchy.cluster_sectors(), hierarchy.cluster_sectors(),
                          hierarchy.cluster_node_total());
  } else {
    LandmarkOptions lo;
    lo.count = o.landmarks;
    lo.connectivity = o.moves == 4 ? Connectivity::four : Connectivity::eight;
    lo.storage = landmark_storage(o.landmark_bits);
    const LandmarkMap landmarks(map.grid, layer, lo);
    bytes = io::serialize_landmarks(landmarks, map.grid, layer);
    what = fmt::format("{} landmarks, {}-connected, {}-bit distances, {} fraction bits",
                       landmarks.count(), o.moves,
                       landmarks.storage() == LandmarkStorage::bits16 ? 16 : 32,
                       landmarks.fraction_bits());
  }
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  // All or nothing: a failed write leaves the old file, or none.
  if (!write_file(o.out_file, bytes)) return kExitBadInput;
  fmt::print("wrote {} ({}; {} bytes, {:.2f} bytes a cell; built in {:.3f} ms)\n", o.out_file, what,
             bytes.size(),
             static_cast<double>(bytes.size()) / static_cast<double>(map.grid.cell_count()), ms);
  return kExitOk;
}

}  // namespace pathing::cli
