// pathing: fast grid path-finding. MIT licensed.
//
// `pathing field`: a Dijkstra map (distance field) toward one goal, with its flow field, printed
// as a summary and drawn as an SVG heat map with flow arrows; `--flee` draws the flee map instead.
#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <optional>
#include <string>

#include "commands.hpp"
#include "pathing/field/dijkstra.hpp"
#include "pathing/field/flow_field.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/precompute/clearance_map.hpp"
#include "svg.hpp"

namespace pathing::cli {

namespace {

/// Heat-map colours from near (yellow) to far (dark purple): 12 bins.
constexpr std::array<const char*, 12> kHeat{"#fde725", "#c2df23", "#86d549", "#52c569",
                                            "#2ab07f", "#1e9b8a", "#25858e", "#2d708e",
                                            "#38588c", "#433e85", "#482173", "#440154"};

}  // namespace

std::string draw_field(const Grid& grid, const GridLayer& layer, const DistanceField& field,
                       const FlowField& flow, GridCoord goal, bool show_goal, const Grid* map,
                       const GridLayer* map_layer) {
  // Range of the finite values (flee maps are negative).
  double lo = 0;
  double hi = 0;
  bool any = false;
  for (int y = 0; y < grid.rows(); ++y) {
    for (int x = 0; x < grid.cols(); ++x) {
      if (!field.reached({x, y}) || layer.cost_at(grid, {x, y}) == 0) continue;
      const double v = field.cost({x, y});
      lo = any ? std::min(lo, v) : v;
      hi = any ? std::max(hi, v) : v;
      any = true;
    }
  }
  const double span = hi > lo ? hi - lo : 1.0;
  auto bin = [&](int x, int y) -> int {
    if (!field.reached({x, y}) || layer.cost_at(grid, {x, y}) == 0) return -1;
    const double t = (field.cost({x, y}) - lo) / span;
    return std::clamp(static_cast<int>(t * kHeat.size()), 0, static_cast<int>(kHeat.size()) - 1);
  };
  std::string out = svg::open(grid);
  out +=
      "<defs><marker id=\"a\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"4\" "
      "markerHeight=\"4\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#000000\"/>"
      "</marker></defs>\n";
  for (int b = 0; b < static_cast<int>(kHeat.size()); ++b) {
    out += fmt::format("<g fill=\"{}\">\n", kHeat[static_cast<std::size_t>(b)]);
    svg::runs(out, grid, [&](int x, int y) { return bin(x, y) == b; });
    out += "</g>\n";
  }
  if (map != nullptr && map_layer != nullptr) {
    svg::walls(out, grid, layer, "#c8c8c8");  // where the unit does not fit
    svg::walls(out, *map, *map_layer);
  } else {
    svg::walls(out, grid, layer);
  }
  // Flow arrows: every cell on small maps, a sparser lattice on large ones.
  const int side = std::max(grid.cols(), grid.rows());
  const int every = std::max(2, side / 32);
  out +=
      "<g stroke=\"#000000\" stroke-width=\"0.15\" stroke-opacity=\"0.8\" marker-end=\"url(#a)\" "
      "shape-rendering=\"auto\">\n";
  for (int y = every / 2; y < grid.rows(); y += every) {
    for (int x = every / 2; x < grid.cols(); x += every) {
      if (layer.cost_at(grid, {x, y}) == 0) continue;
      const auto step = flow.next_step({x, y});
      if (!step) continue;
      const GridCoord d = step_offset(*step);
      const double len = 0.45 * every;
      out += fmt::format("<line x1=\"{:.2f}\" y1=\"{:.2f}\" x2=\"{:.2f}\" y2=\"{:.2f}\"/>\n",
                         x + 0.5 - d.x * len * 0.5, y + 0.5 - d.y * len * 0.5,
                         x + 0.5 + d.x * len * 0.5, y + 0.5 + d.y * len * 0.5);
    }
  }
  out += "</g>\n";
  if (show_goal) svg::dot(out, goal, "#d01010");
  return out;
}

int run_field(const FieldCommandOptions& o) {
  const io::Map map = io::load_map(o.map_file);
  const GridCoord goal{o.gx, o.gy};
  if (!map.grid.in_bounds(goal)) {
    fmt::print(stderr, "pathing: goal ({}, {}) is outside the map {} ({} x {})\n", goal.x, goal.y,
               o.map_file, map.grid.cols(), map.grid.rows());
    return kExitBadInput;
  }
  const GridLayer map_layer = io::movingai_layer();
  // A unit of K x K cells: the field of its top-left cell, on the clearance map's unit grid.
  std::optional<ClearanceMap> clearance;
  if (o.size > 1) clearance.emplace(map.grid, map_layer, o.size);
  const Grid& grid = clearance ? *clearance->unit_grid(o.size) : map.grid;
  const GridLayer& layer = clearance ? clearance->unit_layer() : map_layer;
  FieldOptions options;
  options.connectivity = o.moves == 4 ? Connectivity::four : Connectivity::eight;
  Dijkstra dijkstra;
  DistanceField field;
  const auto t0 = std::chrono::steady_clock::now();
  const FieldStats st = dijkstra.compute(grid, layer, goal, field, options);
  const auto t1 = std::chrono::steady_clock::now();
  FieldStats flee_st{};
  if (o.flee) flee_st = dijkstra.compute_flee(grid, layer, field, field, o.flee_factor);
  if (!st.ok() || !flee_st.ok()) {
    fmt::print(stderr, "pathing: the {} field could not be computed: {}\n",
               st.ok() ? "flee" : "distance", to_string(st.ok() ? flee_st.status : st.status));
    return kExitBadInput;
  }
  const auto t2 = std::chrono::steady_clock::now();
  FlowField flow;
  flow.build(grid, layer, field);
  const auto t3 = std::chrono::steady_clock::now();
  const auto us = [](auto a, auto b) {
    return std::chrono::duration<double, std::micro>(b - a).count();
  };
  if (o.size > 1) fmt::print("unit {}x{} (top-left cells)\n", o.size, o.size);
  fmt::print(
      "distance field to ({}, {}), {}-connected: {} cells settled in {:.1f} us ({:.1f} ns a "
      "cell)\n",
      goal.x, goal.y, o.moves, st.settled, us(t0, t1),
      st.settled ? us(t0, t1) * 1000.0 / static_cast<double>(st.settled) : 0.0);
  if (o.flee) {
    fmt::print("flee map (factor {}): {} cells settled in {:.1f} us\n", o.flee_factor,
               flee_st.settled, us(t1, t2));
  }
  fmt::print("flow field built in {:.1f} us\n", us(t2, t3));
  if (!o.svg_file.empty()) {
    std::string picture =
        clearance ? draw_field(grid, layer, field, flow, goal, true, &map.grid, &map_layer)
                  : draw_field(grid, layer, field, flow, goal, true);
    if (!svg::write(picture, o.svg_file)) return kExitBadInput;
    fmt::print("wrote {}\n", o.svg_file);
  }
  // As `path` with no path (exit 1): a goal no unit may enter is reached from no other cell.
  if (layer.cost_at(grid, goal) == 0) {
    fmt::print(stderr, "pathing: goal ({}, {}) is impassable{}: no other cell reaches it\n", goal.x,
               goal.y,
               o.size > 1 ? fmt::format(" for a {}x{} unit", o.size, o.size) : std::string());
    return kExitFailed;
  }
  return kExitOk;
}

}  // namespace pathing::cli
