// pathing: fast grid path-finding. MIT licensed.
//
// `pathing td`: a tower-defence demo of FieldRepair (issue #16, items 2, 3 and 7). One goal
// field and its flow field; towers of K x K cells placed one at a time, two in three on a
// spawn's current path (walking the flow from it) and the rest anywhere, each asked first with
// `FieldRepair::would_block` (refused when it would cut a spawn off) and the field and flow
// repaired after it. Prints a line a tower and a summary (repair times against one rebuild);
// `--svg` draws the final field, the towers (orange; refused ones outlined in red), the spawns
// and their paths (blue).
#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "commands.hpp"
#include "pathing/field/dijkstra.hpp"
#include "pathing/field/field_repair.hpp"
#include "pathing/field/flow_field.hpp"
#include "pathing/io/movingai.hpp"
#include "svg.hpp"

namespace pathing::cli {

namespace {

// "X,Y" -> a cell, or false.
bool parse_cell(const std::string& text, GridCoord& out) {
  const std::size_t comma = text.find(',');
  if (comma == std::string::npos) return false;
  const char* const b = text.data();
  const char* const e = b + text.size();
  const auto rx = std::from_chars(b, b + comma, out.x);
  const auto ry = std::from_chars(b + comma + 1, e, out.y);
  return rx.ec == std::errc{} && rx.ptr == b + comma && ry.ec == std::errc{} && ry.ptr == e;
}

double micros(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double, std::micro>(b - a).count();
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int run_td(const TdOptions& o) {
  const io::Map map = io::load_map(o.map_file);
  Grid grid = map.grid;
  const GridCoord goal{o.gx, o.gy};
  const GridLayer layer = io::movingai_layer();
  if (!grid.in_bounds(goal)) {
    fmt::print(stderr, "pathing: goal ({}, {}) is outside the map {} ({} x {})\n", goal.x, goal.y,
               o.map_file, grid.cols(), grid.rows());
    return kExitBadInput;
  }
  if (layer.cost_at(grid, goal) == 0) {
    fmt::print(stderr, "pathing: goal ({}, {}) is a wall in {}\n", goal.x, goal.y, o.map_file);
    return kExitBadInput;
  }
  FieldOptions options;
  options.connectivity = o.moves == 4 ? Connectivity::four : Connectivity::eight;
  Dijkstra dijkstra;
  DistanceField field;
  FlowField flow;
  FieldStats built;
  double rebuild_us = 0;
  for (int warm = 0; warm < 2; ++warm) {  // the second time with warm buffers, as a game would
    const auto t0 = std::chrono::steady_clock::now();
    built = dijkstra.compute(grid, layer, goal, field, options);
    flow.build(grid, layer, field);
    rebuild_us = micros(t0, std::chrono::steady_clock::now());
  }
  if (!built.ok()) {
    fmt::print(stderr, "pathing: the goal's field could not be computed: {}\n",
               to_string(built.status));
    return kExitBadInput;
  }

  std::vector<GridCoord> spawns;
  for (const std::string& text : o.spawns) {
    GridCoord c;
    if (!parse_cell(text, c)) {
      fmt::print(stderr, "pathing: --spawn \"{}\": expected X,Y (two integers)\n", text);
      return kExitBadInput;
    }
    if (!grid.in_bounds(c) || !field.reached(c) || layer.cost_at(grid, c) == 0) {
      fmt::print(stderr,
                 "pathing: --spawn {},{}: not a cell of {} from which the goal is reached\n", c.x,
                 c.y, o.map_file);
      return kExitBadInput;
    }
    spawns.push_back(c);
  }
  if (spawns.empty()) {  // the reached passable cell farthest from the goal (first in row order)
    GridCoord far = goal;
    double best = 0;
    for (int y = 0; y < grid.rows(); ++y) {
      for (int x = 0; x < grid.cols(); ++x) {
        const double v = field.cost({x, y});
        if (v > best && v < 1e300 && layer.cost_at(grid, {x, y}) != 0) {
          best = v;
          far = {x, y};
        }
      }
    }
    spawns.push_back(far);
  }
  fmt::print("td: {} ({} x {}), goal ({}, {}), {} spawn{}: field and flow built in {:.1f} us\n",
             o.map_file, grid.cols(), grid.rows(), goal.x, goal.y, spawns.size(),
             spawns.size() == 1 ? "" : "s", rebuild_us);

  FieldRepair repair;
  std::mt19937_64 rng(o.seed);
  std::vector<GridCoord> placed;
  std::vector<GridCoord> refused_at;
  std::vector<GridCoord> cells;
  std::vector<GridCoord> walk;
  std::vector<double> repair_us;
  std::vector<double> check_us;
  int refused = 0;
  const int k = o.tower_size;
  long long attempts = static_cast<long long>(o.towers) * 50 + 100;
  while (static_cast<int>(placed.size()) < o.towers && attempts-- > 0) {
    GridCoord c;
    if (rng() % 3 != 0) {  // on a spawn's current path
      walk.clear();
      GridCoord at = spawns[rng() % spawns.size()];
      while (flow.next_step(at) && walk.size() < grid.cell_count()) {
        walk.push_back(at);
        at = flow.next_cell(at);
      }
      if (walk.empty()) continue;
      c = walk[rng() % walk.size()];
      c.x -= static_cast<int>(rng() % static_cast<unsigned>(k));
      c.y -= static_cast<int>(rng() % static_cast<unsigned>(k));
    } else {
      c = {static_cast<int>(rng() % static_cast<unsigned>(grid.cols())),
           static_cast<int>(rng() % static_cast<unsigned>(grid.rows()))};
    }
    cells.clear();
    bool fits = true;
    for (int dy = 0; dy < k && fits; ++dy) {
      for (int dx = 0; dx < k && fits; ++dx) {
        const GridCoord t{c.x + dx, c.y + dy};
        fits = grid.in_bounds(t) && layer.cost_at(grid, t) != 0 && t != goal &&
               std::find(spawns.begin(), spawns.end(), t) == spawns.end();
        cells.push_back(t);
      }
    }
    if (!fits) continue;  // on a wall, a tower, the goal or a spawn: draw again
    const auto c0 = std::chrono::steady_clock::now();
    const BlockCheck check = repair.would_block(grid, layer, field, cells, spawns);
    const auto c1 = std::chrono::steady_clock::now();
    check_us.push_back(micros(c0, c1));
    if (!check.ok()) {
      fmt::print(stderr, "pathing: would_block failed: {}\n", to_string(check.status));
      return kExitBadInput;
    }
    const int n = static_cast<int>(placed.size()) + refused + 1;
    if (check.blocks) {
      ++refused;
      refused_at.push_back(c);
      const GridCoord s = spawns[check.first_cut];
      fmt::print("tower {} at ({}, {}): refused, it would cut spawn ({}, {}) off ({:.1f} us)\n", n,
                 c.x, c.y, s.x, s.y, micros(c0, c1));
      continue;
    }
    for (const GridCoord t : cells) grid.set_blocked(t, true);
    const auto r0 = std::chrono::steady_clock::now();
    const FieldRepairStats st = repair.repair(grid, layer, field, &flow);
    const auto r1 = std::chrono::steady_clock::now();
    if (!st.ok()) {
      fmt::print(stderr, "pathing: repair failed: {}\n", to_string(st.status));
      return kExitBadInput;
    }
    repair_us.push_back(micros(r0, r1));
    placed.push_back(c);
    fmt::print("tower {} at ({}, {}): placed; {} cells changed, repaired in {:.1f} us\n", n, c.x,
               c.y, st.changed, micros(r0, r1));
  }
  for (const GridCoord s : spawns) {
    fmt::print("spawn ({}, {}): {:.2f} to the goal\n", s.x, s.y, field.cost(s));
  }
  fmt::print(
      "placed {} towers, refused {}; repair median {:.1f} us, check median {:.1f} us, one rebuild "
      "{:.1f} us\n",
      placed.size(), refused, median(repair_us), median(check_us), rebuild_us);

  if (!o.svg_file.empty()) {
    std::string picture = draw_field(grid, layer, field, flow, goal, true);
    picture += "<g fill=\"#f08c00\" stroke=\"#000000\" stroke-width=\"0.1\">\n";
    for (const GridCoord c : placed) {
      picture +=
          fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n", c.x, c.y, k, k);
    }
    picture += "</g>\n";
    // The towers refused (they would have cut a spawn off): red outlines.
    picture += "<g fill=\"none\" stroke=\"#d01010\" stroke-width=\"0.25\">\n";
    for (const GridCoord c : refused_at) {
      picture +=
          fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n", c.x, c.y, k, k);
    }
    picture += "</g>\n";
    // Each spawn's path along the flow.
    picture +=
        "<g fill=\"none\" stroke=\"#1060d0\" stroke-width=\"0.5\" stroke-linejoin=\"round\" "
        "shape-rendering=\"auto\">\n";
    for (const GridCoord s : spawns) {
      std::string points;
      GridCoord at = s;
      std::size_t steps = 0;
      for (;;) {
        points += fmt::format("{:.1f},{:.1f} ", at.x + 0.5, at.y + 0.5);
        if (!flow.next_step(at) || ++steps > grid.cell_count()) break;
        at = flow.next_cell(at);
      }
      picture += fmt::format("<polyline points=\"{}\"/>\n", points);
    }
    picture += "</g>\n";
    for (const GridCoord s : spawns) svg::dot(picture, s, "#1060d0");
    if (!svg::write(picture, o.svg_file)) return kExitBadInput;
    fmt::print("wrote {}\n", o.svg_file);
  }
  return kExitOk;
}

}  // namespace pathing::cli
