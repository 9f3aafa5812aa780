// pathing: fast grid path-finding. MIT licensed.
//
// Small SVG helpers shared by the CLI's drawing subcommands (path, field).
#pragma once

#include <fmt/core.h>

#include <string>

#include "pathing/field/dijkstra.hpp"
#include "pathing/field/flow_field.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"

namespace pathing::cli {

/// An open SVG (close it with `svg::write`) of `field` as a heat map from near (yellow) to far
/// (purple), the walls, `flow`'s arrows on a lattice, and the goal as a red dot when
/// `show_goal` (field_command.cpp; `pathing field` and `pathing td` draw with it). With `map`
/// and `map_layer` (a unit larger than one cell: `grid` and `layer` are then a clearance map's
/// unit grid and layer), the cells where the unit does not fit are light grey and `map`'s own
/// walls dark.
std::string draw_field(const Grid& grid, const GridLayer& layer, const DistanceField& field,
                       const FlowField& flow, GridCoord goal, bool show_goal,
                       const Grid* map = nullptr, const GridLayer* map_layer = nullptr);

}  // namespace pathing::cli

namespace pathing::cli::svg {

/// Opens an SVG whose user units are cells (cell (x, y) covers [x, x+1) x [y, y+1)), scaled to at
/// most ~1600 pixels a side, on a white background.
std::string open(const Grid& grid);

/// Appends one rectangle per horizontal run of cells for which `pick(x, y)` holds (so a large
/// region costs one element a row, not one a cell).
template <class Pick>
void runs(std::string& out, const Grid& grid, Pick&& pick) {
  for (int y = 0; y < grid.rows(); ++y) {
    int x = 0;
    while (x < grid.cols()) {
      if (!pick(x, y)) {
        ++x;
        continue;
      }
      const int x0 = x;
      while (x < grid.cols() && pick(x, y)) ++x;
      out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"1\"/>\n", x0, y, x - x0);
    }
  }
}

/// Appends the impassable cells of `layer` as rectangles of `colour` (default dark grey).
void walls(std::string& out, const Grid& grid, const GridLayer& layer,
           const char* colour = "#303030");

/// Appends a filled circle at the centre of `c`.
void dot(std::string& out, GridCoord c, const char* colour);

/// Closes the SVG and writes it to `file` all or nothing (`write_file`, atomic_file.hpp). Returns
/// false on failure, with a message on stderr naming the file and the reason; `file` is then
/// unchanged.
bool write(std::string& out, const std::string& file);

}  // namespace pathing::cli::svg
