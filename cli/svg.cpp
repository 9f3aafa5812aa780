// pathing: fast grid path-finding. MIT licensed.
#include "svg.hpp"

#include <algorithm>

#include "atomic_file.hpp"

namespace pathing::cli::svg {

std::string open(const Grid& grid) {
  const int side = std::max(grid.cols(), grid.rows());
  const int px = std::clamp(1600 / side, 1, 16);  // pixels a cell
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
      "viewBox=\"0 0 {} {}\" shape-rendering=\"crispEdges\">\n"
      "<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n",
      grid.cols() * px, grid.rows() * px, grid.cols(), grid.rows(), grid.cols(), grid.rows());
}

void walls(std::string& out, const Grid& grid, const GridLayer& layer, const char* colour) {
  out += fmt::format("<g fill=\"{}\">\n", colour);
  runs(out, grid, [&](int x, int y) { return layer.cost_at(grid, {x, y}) == 0; });
  out += "</g>\n";
}

void dot(std::string& out, GridCoord c, const char* colour) {
  out += fmt::format(
      "<circle cx=\"{}.5\" cy=\"{}.5\" r=\"0.6\" fill=\"{}\" shape-rendering=\"auto\"/>\n", c.x,
      c.y, colour);
}

bool write(std::string& out, const std::string& file) {
  out += "</svg>\n";
  return write_file(file, out);
}

}  // namespace pathing::cli::svg
