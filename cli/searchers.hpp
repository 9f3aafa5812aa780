// pathing: fast grid path-finding. MIT licensed.
//
// The searches the CLI runs, behind one interface: reserve(cols, rows) and
// find_path(grid, from, to, layer, out, connectivity). AStar and GreedyBestFirst have it already;
// the jump point searches get thin adapters that own the precomputed map (built once per map,
// outside any timed loop).
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/search/hpa_star.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/subgoal_search.hpp"

namespace pathing::cli {

/// Online JPS over a JpsMap built at construction (uniform cost, 8-connected only).
class JpsSearch {
 public:
  JpsSearch(const Grid& grid, const GridLayer& layer)
      : map_(grid, layer), jps_(grid.cols(), grid.rows()) {}
  void reserve(int cols, int rows) { jps_.reserve(cols, rows); }
  PathResult find_path(const Grid& grid, const GridLayer&, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options) {
    return jps_.find_path(grid, map_, from, to, out, options);
  }
  void jump_points(std::vector<GridCoord>& out) const { jps_.jump_points(out); }
  [[nodiscard]] std::size_t table_bytes() const noexcept { return map_.memory_bytes(); }

 private:
  JpsMap map_;
  Jps jps_;
};

/// JPS+ over a jump-distance table built at construction; the build is timed.
class JpsPlusSearch {
 public:
  JpsPlusSearch(const Grid& grid, const GridLayer& layer) : jps_(grid.cols(), grid.rows()) {
    const auto t0 = std::chrono::steady_clock::now();
    table_.build(grid, layer);
    build_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  }
  /// Over a table loaded elsewhere (`scen --prep`); `build_ms` is then 0 (the caller times the
  /// load).
  JpsPlusSearch(const Grid& grid, JpsPlusMap table)
      : table_(std::move(table)), jps_(grid.cols(), grid.rows()) {}
  void reserve(int cols, int rows) { jps_.reserve(cols, rows); }
  PathResult find_path(const Grid& grid, const GridLayer&, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options) {
    return jps_.find_path(grid, table_, from, to, out, options);
  }
  void jump_points(std::vector<GridCoord>& out) const { jps_.jump_points(out); }
  [[nodiscard]] std::size_t table_bytes() const noexcept { return table_.memory_bytes(); }
  /// Milliseconds the table took to build.
  [[nodiscard]] double build_ms() const noexcept { return build_ms_; }

 private:
  JpsPlusMap table_;
  JpsPlus jps_;
  double build_ms_ = 0;
};

/// Subgoal graph search over a SubgoalGraph built at construction (contracted or not); the build
/// is timed.
class SubgoalCliSearch {
 public:
  SubgoalCliSearch(const Grid& grid, const GridLayer& layer, bool contract)
      : search_(grid.cols(), grid.rows()) {
    const auto t0 = std::chrono::steady_clock::now();
    SubgoalOptions options;
    options.contract = contract;
    graph_.build(grid, layer, options);
    build_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    search_.reserve(graph_);
  }
  /// Over a graph loaded elsewhere (`--prep`); `build_ms` is then 0 (the caller times the load).
  SubgoalCliSearch(const Grid& grid, SubgoalGraph graph)
      : graph_(std::move(graph)), search_(grid.cols(), grid.rows()) {
    search_.reserve(graph_);
  }
  void reserve(int cols, int rows) { search_.reserve(cols, rows); }
  PathResult find_path(const Grid& grid, const GridLayer&, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options) {
    return search_.find_path(grid, graph_, from, to, out, options);
  }
  /// The path's nodes (start, subgoals, goal), drawn as jump points.
  void jump_points(std::vector<GridCoord>& out) const { search_.nodes(out); }
  [[nodiscard]] std::size_t table_bytes() const noexcept { return graph_.memory_bytes(); }
  [[nodiscard]] double build_ms() const noexcept { return build_ms_; }
  /// The graph searched.
  [[nodiscard]] const SubgoalGraph& graph() const noexcept { return graph_; }

 private:
  SubgoalGraph graph_;
  SubgoalSearch search_;
  double build_ms_ = 0;
};

/// HPA* over a HierarchyMap built at construction (or loaded: `scen --prep`); the build is timed.
/// `smoothing` is HpaStar::set_smoothing's window (0: off).
class HpaSearch {
 public:
  HpaSearch(const Grid& grid, const GridLayer& layer, const HierarchyOptions& options,
            int smoothing) {
    const auto t0 = std::chrono::steady_clock::now();
    map_.build(grid, layer, options);
    build_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    hpa_.set_smoothing(smoothing);
  }
  /// Over a map loaded elsewhere; `build_ms` is then 0 (the caller times the load).
  HpaSearch(HierarchyMap map, int smoothing) : map_(std::move(map)) {
    hpa_.set_smoothing(smoothing);
  }
  /// Makes queries those of a unit of `unit_size` (at most `map().max_unit_size()`) on `grid` and
  /// `layer`, the grid and layer the map was built for: `find_path` then ignores the (unit) grid
  /// and layer it is given and searches the map's own unit grid (HAA*).
  void set_unit(const Grid& grid, const GridLayer& layer, int unit_size) {
    base_grid_ = &grid;
    base_layer_ = layer;
    unit_size_ = unit_size;
  }
  void reserve(int, int) {}
  /// Landmarks on the abstract graph (`HierarchyMap::build_landmarks`); their time is added to
  /// `build_ms`. False (and a message in `error`) when refused.
  bool build_landmarks(const Grid& grid, int count, Error& error) {
    return timed([&] { return map_.build_landmarks(grid, count, &error); });
  }
  /// A second level of clusters (`HierarchyMap::build_clusters`); their time is added to
  /// `build_ms`. False (and a message in `error`) when refused.
  bool build_clusters(const Grid& grid, int sectors, Error& error) {
    return timed([&] { return map_.build_clusters(grid, sectors, &error); });
  }
  PathResult find_path(const Grid& grid, const GridLayer& layer, GridCoord from, GridCoord to,
                       std::vector<GridCoord>& out, const SearchOptions& options) {
    if (unit_size_ == 1) return hpa_.find_path(grid, layer, map_, from, to, out, options);
    SearchOptions o = options;
    o.unit_size = unit_size_;
    return hpa_.find_path(*base_grid_, base_layer_, map_, from, to, out, o);
  }
  [[nodiscard]] std::size_t table_bytes() const noexcept { return map_.memory_bytes(); }
  [[nodiscard]] double build_ms() const noexcept { return build_ms_; }
  [[nodiscard]] const HierarchyMap& map() const noexcept { return map_; }
  /// The abstract path of the last query (start, transition cells, goal).
  [[nodiscard]] std::vector<GridCoord> abstract_path() const {
    const auto p = hpa_.abstract_path();
    return {p.begin(), p.end()};
  }
  /// The level-2 path of the last query on a map with clusters (start, level-2 nodes, goal).
  [[nodiscard]] std::vector<GridCoord> cluster_path() const {
    const auto p = hpa_.cluster_path();
    return {p.begin(), p.end()};
  }

 private:
  // Runs `build`, adding its time to build_ms_.
  template <class Build>
  bool timed(Build&& build) {
    const auto t0 = std::chrono::steady_clock::now();
    const bool ok = build();
    build_ms_ +=
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return ok;
  }

  HierarchyMap map_;
  HpaStar hpa_;
  double build_ms_ = 0;
  const Grid* base_grid_ = nullptr;  // set_unit: the map's grid (unit_size_ above 1)
  GridLayer base_layer_;
  int unit_size_ = 1;
};

/// True for the jump point searches and the subgoal graph search, which need 8-connected moves
/// and uniform costs.
inline bool is_jump_point_search(const std::string& algo) {
  return algo == "jps" || algo == "jps+" || algo == "subgoal";
}

}  // namespace pathing::cli
