// pathing: fast grid path-finding. MIT licensed.
//
// `pathing path`: one query on a Moving AI map, printed as text and optionally drawn as SVG.
#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "pathing/agent/smoothing.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/io/precomputed.hpp"
#include "pathing/precompute/clearance_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "searchers.hpp"
#include "svg.hpp"

namespace pathing::cli {

namespace {

/// Largest map width drawn as text.
constexpr int kMaxTextColumns = 120;

/// Text drawing: `@` impassable, `.` passable, `*` path, `S` start, `G` goal.
std::string draw_text(const Grid& grid, const GridLayer& layer, const std::vector<GridCoord>& path,
                      GridCoord start, GridCoord goal) {
  std::vector<std::string> rows(static_cast<std::size_t>(grid.rows()));
  for (int y = 0; y < grid.rows(); ++y) {
    std::string& row = rows[static_cast<std::size_t>(y)];
    row.reserve(static_cast<std::size_t>(grid.cols()));
    for (int x = 0; x < grid.cols(); ++x) row += layer.cost_at(grid, {x, y}) == 0 ? '@' : '.';
  }
  auto put = [&](GridCoord c, char ch) {
    rows[static_cast<std::size_t>(c.y)][static_cast<std::size_t>(c.x)] = ch;
  };
  for (GridCoord c : path) put(c, '*');
  put(start, 'S');
  put(goal, 'G');
  std::string out;
  for (const std::string& r : rows) {
    out += r;
    out += '\n';
  }
  return out;
}

/// Appends a polyline through the centres of `cells` (through the centres of the k x k squares
/// whose top-left cells they are, for `k` > 1).
void polyline(std::string& out, const std::vector<GridCoord>& cells, const char* style, int k = 1) {
  if (cells.size() < 2) return;
  out += fmt::format(
      "<polyline fill=\"none\" {} stroke-linejoin=\"round\" stroke-linecap=\"round\" "
      "shape-rendering=\"auto\" points=\"",
      style);
  const double half = k / 2.0;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    out += fmt::format("{}{:g},{:g}", i == 0 ? "" : " ", cells[i].x + half, cells[i].y + half);
  }
  out += "\"/>\n";
}

/// Euclidean length in cells of the straight segments through `waypoints`.
double polyline_length(const std::vector<GridCoord>& waypoints) {
  double length = 0.0;
  for (std::size_t i = 1; i < waypoints.size(); ++i) {
    length += std::hypot(waypoints[i].x - waypoints[i - 1].x, waypoints[i].y - waypoints[i - 1].y);
  }
  return length;
}

/// Appends the k x k footprints of a unit along `cells` (top-left cells), translucent, so that
/// the swept area shows, and the outlines of its footprints at `start` (green) and `goal` (red).
void footprints(std::string& out, const std::vector<GridCoord>& cells, int k, GridCoord start,
                GridCoord goal) {
  out += "<g fill=\"#ff8080\" fill-opacity=\"0.18\">\n";
  for (GridCoord c : cells)
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n", c.x, c.y, k, k);
  out += "</g>\n";
  for (const auto& [c, colour] : {std::pair{start, "#20a020"}, std::pair{goal, "#d01010"}}) {
    out += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" "
        "stroke-width=\"0.25\"/>\n",
        c.x, c.y, k, k, colour);
  }
}

/// SVG drawing in cell units: white passable cells, dark walls, light blue expanded cells (A*,
/// greedy), the path as a red line through cell centres, orange jump points (JPS), the smoothed
/// waypoints (when `waypoints` is not empty) as a blue line with blue dots, a green start and a red
/// goal; for a unit of size k > 1 the path is its top-left cells' and its k x k footprints are
/// drawn along it. HPA*: grey sector lines, grey transition cells, the abstract path dashed
/// purple; with clusters, amber cluster lines and the level-2 path dashed green.
template <class Searcher>
std::string draw_svg(const Grid& grid, const GridLayer& layer, const Searcher& searcher,
                     const std::vector<GridCoord>& path, const std::vector<GridCoord>& waypoints,
                     GridCoord start, GridCoord goal, int unit_size) {
  std::string out = svg::open(grid);
  if constexpr (requires { searcher.was_expanded(GridCoord{}); }) {
    out += "<g fill=\"#cfe3ff\">\n";
    svg::runs(out, grid, [&](int x, int y) { return searcher.was_expanded({x, y}); });
    out += "</g>\n";
  }
  svg::walls(out, grid, layer);
  if constexpr (requires { searcher.abstract_path(); }) {  // hpa: sectors, transitions
    const HierarchyMap& map = searcher.map();
    const int side = map.sector_size();
    // Lines every `step` cells across and down, in one group of `style`.
    const auto lattice = [&](int step, const char* style) {
      out += fmt::format("<g {} shape-rendering=\"auto\">\n", style);
      for (int x = step; x < grid.cols(); x += step)
        out += fmt::format("<line x1=\"{}\" y1=\"0\" x2=\"{}\" y2=\"{}\"/>\n", x, x, grid.rows());
      for (int y = step; y < grid.rows(); y += step)
        out += fmt::format("<line x1=\"0\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n", y, grid.cols(), y);
      out += "</g>\n";
    };
    lattice(side, "stroke=\"#9a9a9a\" stroke-width=\"0.12\"");
    for (std::uint32_t s = 0; s < map.sector_count(); ++s)
      for (const GridCoord c : map.sector_nodes(s))
        out += fmt::format(
            "<rect x=\"{}.2\" y=\"{}.2\" width=\"0.6\" height=\"0.6\" "
            "fill=\"#8a8a8a\"/>\n",
            c.x, c.y);
    const std::vector<GridCoord> abstract = searcher.abstract_path();
    polyline(out, abstract,
             "stroke=\"#a040c0\" stroke-width=\"0.25\" stroke-dasharray=\"0.8 0.6\"");
    for (GridCoord c : abstract) svg::dot(out, c, "#a040c0");
    if (map.cluster_sectors() > 0) {  // two levels: cluster borders, the level-2 path
      lattice(side * map.cluster_sectors(), "stroke=\"#e0a000\" stroke-width=\"0.3\"");
      const std::vector<GridCoord> level2 = searcher.cluster_path();
      polyline(out, level2, "stroke=\"#10a050\" stroke-width=\"0.3\" stroke-dasharray=\"1.6 0.8\"");
      for (GridCoord c : level2) svg::dot(out, c, "#10a050");
    }
  }
  if (unit_size > 1) footprints(out, path, unit_size, start, goal);
  polyline(out, path, "stroke=\"#e02020\" stroke-width=\"0.35\"", unit_size);
  polyline(out, waypoints, "stroke=\"#1060e0\" stroke-width=\"0.45\"", unit_size);
  for (GridCoord c : waypoints) svg::dot(out, c, "#1060e0");
  if constexpr (requires(std::vector<GridCoord> & v) { searcher.jump_points(v); }) {
    std::vector<GridCoord> points;
    searcher.jump_points(points);
    for (GridCoord c : points) svg::dot(out, c, "#ff9900");
  }
  if (unit_size == 1) {  // (a larger unit's start and goal are outlined by `footprints`)
    svg::dot(out, start, "#20a020");
    svg::dot(out, goal, "#d01010");
  }
  return out;
}

/// Runs the query on `search_grid` under `search_layer`: the map and its layer for a unit of one
/// cell, the clearance map's unit grid and layer for a larger one (the drawing shows the map).
template <class Searcher>
int run_with(Searcher& searcher, const PathOptions& o, const io::Map& map, const Grid& search_grid,
             const GridLayer& search_layer) {
  const GridLayer layer = io::movingai_layer();
  const Connectivity conn = o.moves == 4 ? Connectivity::four : Connectivity::eight;
  const GridCoord start{o.sx, o.sy};
  const GridCoord goal{o.gx, o.gy};
  std::vector<GridCoord> path;
  const PathResult r = searcher.find_path(search_grid, search_layer, start, goal, path, {conn});
  const std::string algo_name =
      o.size > 1 ? fmt::format("{}, unit {}x{}", o.algo, o.size, o.size) : o.algo;
  if (r.found()) {
    fmt::print("path found: {} steps, cost {:.8f} ({}, {}-connected; {} expanded, {} generated)\n",
               r.moves, r.cost, algo_name, o.moves, r.stats.expanded, r.stats.generated);
  } else {
    fmt::print(
        "no path: {}; partial path of {} steps to ({}, {}), cost {:.8f} ({}, {}-connected; {} "
        "expanded, {} generated)\n",
        to_string(r.status), r.moves, r.finish.x, r.finish.y, r.cost, algo_name, o.moves,
        r.stats.expanded, r.stats.generated);
  }
  std::vector<GridCoord> waypoints;
  if (o.smooth) {
    smooth_path(search_grid, search_layer, path, waypoints);
    fmt::print("smoothed: {} waypoints, {:.8f} cells of straight segments (path: {} cells)\n",
               waypoints.size(), polyline_length(waypoints), path.size());
    for (std::size_t i = 0; i < waypoints.size(); ++i) {
      fmt::print("{}({}, {})", i == 0 ? "  " : " ", waypoints[i].x, waypoints[i].y);
    }
    if (!waypoints.empty()) fmt::print("\n");
  }
  if (map.grid.cols() <= kMaxTextColumns) {
    fmt::print("{}", draw_text(map.grid, layer, path, start, goal));
  }
  if (!o.svg_file.empty()) {
    std::string picture = draw_svg(map.grid, layer, searcher, path, waypoints, start, goal, o.size);
    if (!svg::write(picture, o.svg_file)) return kExitBadInput;
    fmt::print("wrote {}\n", o.svg_file);
  }
  return r.found() ? kExitOk : kExitFailed;
}

}  // namespace

int run_path(const PathOptions& o) {
  const io::Map map = io::load_map(o.map_file);
  const Grid& g = map.grid;
  for (const auto& [what, c] :
       {std::pair{"start", GridCoord{o.sx, o.sy}}, std::pair{"goal", GridCoord{o.gx, o.gy}}}) {
    if (!g.in_bounds(c)) {
      fmt::print(stderr, "pathing: {} ({}, {}) is outside the map {} ({} x {})\n", what, c.x, c.y,
                 o.map_file, g.cols(), g.rows());
      return kExitBadInput;
    }
  }
  if (is_jump_point_search(o.algo) && o.moves != 8) {
    fmt::print(stderr, "pathing: --algo {} needs 8-connected moves (--moves 8)\n", o.algo);
    return kExitBadInput;
  }
  if (o.contract && o.algo != "subgoal") {
    fmt::print(stderr, "pathing: --contract needs --algo subgoal\n");
    return kExitBadInput;
  }
  if (o.clusters != 0 && o.algo != "hpa") {
    fmt::print(stderr, "pathing: --clusters needs --algo hpa\n");
    return kExitBadInput;
  }
  if (!o.prep_file.empty() && o.algo != "jps+" && o.algo != "subgoal" && o.algo != "hpa") {
    fmt::print(stderr, "pathing: --prep needs --algo jps+, subgoal or hpa\n");
    return kExitBadInput;
  }
  if (o.contract && !o.prep_file.empty()) {
    fmt::print(stderr,
               "pathing: --contract and --prep: a loaded subgoal graph is as it was saved\n");
    return kExitBadInput;
  }
  if (!o.prep_file.empty() && o.size > 1 && o.algo != "hpa") {
    fmt::print(stderr,
               "pathing: --prep holds the map's table; a unit of {0} x {0} cells searches its "
               "clearance grid (--size): drop --prep\n",
               o.size);
    return kExitBadInput;
  }
  // A unit of K x K cells searches the clearance map's unit grid of size K (docs/clearance.md).
  const GridLayer layer = io::movingai_layer();
  std::optional<ClearanceMap> clearance;
  if (o.size > 1) clearance.emplace(g, layer, o.size);
  const Grid& search_grid = clearance ? *clearance->unit_grid(o.size) : g;
  const GridLayer& search_layer = clearance ? clearance->unit_layer() : layer;
  if (o.algo == "greedy") {
    GreedyBestFirst bfs;
    return run_with(bfs, o, map, search_grid, search_layer);
  }
  if (o.algo == "jps") {
    JpsSearch jps(search_grid, search_layer);
    return run_with(jps, o, map, search_grid, search_layer);
  }
  if (o.algo == "jps+") {
    JpsPlusSearch jpp =
        o.prep_file.empty()
            ? JpsPlusSearch(search_grid, search_layer)
            : JpsPlusSearch(search_grid, io::load_jps_plus(o.prep_file, search_grid, search_layer));
    return run_with(jpp, o, map, search_grid, search_layer);
  }
  if (o.algo == "subgoal") {
    SubgoalCliSearch sub =
        o.prep_file.empty()
            ? SubgoalCliSearch(search_grid, search_layer, o.contract)
            : SubgoalCliSearch(search_grid,
                               io::load_subgoal_graph(o.prep_file, search_grid, search_layer));
    return run_with(sub, o, map, search_grid, search_layer);
  }
  if (o.algo == "hpa") {
    const Connectivity conn = o.moves == 4 ? Connectivity::four : Connectivity::eight;
    HierarchyOptions ho;
    ho.sector_size = o.sector;
    ho.connectivity = conn;
    // A saved map for units of every size (prep --max-unit-size) is of the map itself; without
    // --prep a unit of K x K cells gets the hierarchy of its unit grid.
    const bool units = !o.prep_file.empty() && o.size > 1;
    HpaSearch hpa = o.prep_file.empty()
                        ? HpaSearch(search_grid, search_layer, ho, 0)
                        : HpaSearch(io::load_hierarchy(o.prep_file, units ? g : search_grid,
                                                       units ? layer : search_layer),
                                    0);
    if (units && hpa.map().max_unit_size() < o.size) {
      fmt::print(stderr,
                 "pathing: {0}: the hierarchy serves units up to {1} x {1} cells; --size {2} needs "
                 "a file made with prep --max-unit-size {2} or more\n",
                 o.prep_file, hpa.map().max_unit_size(), o.size);
      return kExitBadInput;
    }
    if (units) hpa.set_unit(g, layer, o.size);
    if (hpa.map().options().connectivity != conn) {
      fmt::print(stderr, "pathing: {}: the hierarchy is {}-connected; --moves {} needs {}\n",
                 o.prep_file, static_cast<int>(hpa.map().options().connectivity), o.moves, o.moves);
      return kExitBadInput;
    }
    Error error;
    if (o.clusters > 0 && hpa.map().cluster_sectors() != o.clusters &&
        !hpa.build_clusters(search_grid, o.clusters, error)) {
      fmt::print(stderr, "pathing: {}\n", error.message);
      return kExitBadInput;
    }
    return run_with(hpa, o, map, search_grid, search_layer);
  }
  AStar astar;
  return run_with(astar, o, map, search_grid, search_layer);
}

}  // namespace pathing::cli
