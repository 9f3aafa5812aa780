// pathing: fast grid path-finding. MIT licensed.
//
// The Python extension `pathing._pathing`: Grid and GridLayer.
#include "common.hpp"

namespace pathing_py {

void bind_map(py::module_& m) {
  // --- Grid -------------------------------------------------------------------------------------
  py::class_<Grid>(m, "Grid",
                   "A packed grid: 4 bits a cell, a 3-bit tile tag (0..7) and a blocked flag. "
                   "Cells are (x, y) = (column, row). Reading from many threads is safe; do not "
                   "mutate a grid while another thread searches it.")
      .def(py::init<int, int, std::uint8_t>(), py::arg("cols"), py::arg("rows"),
           py::arg("default_tile") = 0,
           "A cols x rows grid of tag `default_tile`, nothing blocked. Raises ValueError (the C++ "
           "message) for a side outside [1, 32768], more than 2^28 cells or a tag > 7.")
      .def_static("from_numpy", &grid_from_numpy, py::arg("tags"), py::arg("blocked") = py::none(),
                  "A grid from a (rows, cols) integer array of tags (0..7, indexed [y, x]) and an "
                  "optional bool/integer array of the same shape (non-zero: blocked). One C++ "
                  "loop, no per-cell Python. Raises ValueError for a bad shape, a tag outside "
                  "[0, 7] (naming it and its position) or a bad size; TypeError for a "
                  "non-integer dtype.")
      .def(
          "tags",
          [](const Grid& g) {
            return grid_map(
                g, [](std::uint8_t v) { return static_cast<std::uint8_t>(v & Grid::kTagMask); });
          },
          "The tags as a new (rows, cols) uint8 array, indexed [y, x].")
      .def(
          "blocked_mask",
          [](const Grid& g) {
            py::array_t<bool> a(
                {static_cast<py::ssize_t>(g.rows()), static_cast<py::ssize_t>(g.cols())});
            bool* p = a.mutable_data();
            for (int y = 0; y < g.rows(); ++y) {
              for (int x = 0; x < g.cols(); ++x) {
                *p++ = (g.cell_unchecked(x, y) & Grid::kBlockedBit) != 0;
              }
            }
            return a;
          },
          "The blocked flags as a new (rows, cols) bool array, indexed [y, x].")
      .def(
          "cells", [](const Grid& g) { return grid_map(g, [](std::uint8_t v) { return v; }); },
          "The raw 4-bit cell values (tag | 8 if blocked) as a new (rows, cols) uint8 array.")
      .def_property_readonly("cols", &Grid::cols, "Number of columns (x).")
      .def_property_readonly("rows", &Grid::rows, "Number of rows (y).")
      .def_property_readonly(
          "shape", [](const Grid& g) { return py::make_tuple(g.rows(), g.cols()); },
          "(rows, cols), the shape of the NumPy arrays.")
      .def_property_readonly("cell_count", &Grid::cell_count, "cols * rows.")
      .def_property_readonly("memory_bytes", &Grid::memory_bytes, "Bytes of packed cell storage.")
      .def_property_readonly("version", &Grid::version, "Bumped by every successful mutation.")
      .def_property_readonly("instance_id", &Grid::instance_id,
                             "A process-wide unique id of this grid object (renewed by copies).")
      .def("in_bounds", &Grid::in_bounds, py::arg("cell"),
           "Whether the cell (x, y) lies on the grid.")
      .def("cell", &Grid::cell, py::arg("cell"), "Raw 4-bit value; 0 outside the grid.")
      .def("tile", &Grid::tile, py::arg("cell"), "Tag (0..7); 0 outside the grid.")
      .def("is_blocked", &Grid::is_blocked, py::arg("cell"),
           "Whether the cell carries the blocked flag; False outside the grid.")
      .def("set_tile", &Grid::set_tile, py::arg("cell"), py::arg("tag"),
           "Sets the tag (0..7); False (no change) outside the grid or for a tag > 7.")
      .def("set_blocked", &Grid::set_blocked, py::arg("cell"), py::arg("blocked"),
           "Sets or clears the blocked flag, keeping the tag; False (no change) outside the grid.")
      .def("set_cell", &Grid::set_cell, py::arg("cell"), py::arg("value"),
           "Sets the raw 4-bit value (tag | 8 if blocked, 0..15); False (no change) outside the "
           "grid or for a value > 15.")
      .def(
          "copy", [](const Grid& g) { return Grid(g); }, "A copy (a new instance_id).")
      .def("__copy__", [](const Grid& g) { return Grid(g); })
      .def(
          "__deepcopy__", [](const Grid& g, py::dict) { return Grid(g); }, py::arg("memo"))
      .def(py::self == py::self)
      .def("__repr__", [](const Grid& g) {
        return "<pathing.Grid " + std::to_string(g.cols()) + " x " + std::to_string(g.rows()) + ">";
      });

  // --- GridLayer --------------------------------------------------------------------------------
  py::class_<GridLayer>(m, "GridLayer",
                        "Move costs per (tag, blocked) pair: 0 = impassable, 1..255 the cost of "
                        "entering the cell (diagonals times sqrt(2)). A 16-byte value.")
      .def(py::init<>(), "Tag 0 costs 1; every other tag and blocked cells are impassable.")
      .def(py::init([](const std::vector<int>& tag_costs, const py::object& blocked) {
             if (tag_costs.size() > 8) {
               throw py::value_error("pathing::GridLayer: " + std::to_string(tag_costs.size()) +
                                     " tag costs given, at most 8");
             }
             auto check = [](int v, const char* what) {
               if (v < 0 || v > 255) {
                 throw py::value_error(std::string("pathing::GridLayer: ") + what + " " +
                                       std::to_string(v) + " is outside [0, 255]");
               }
               return static_cast<std::uint8_t>(v);
             };
             std::array<std::uint8_t, 8> t{};
             for (std::size_t i = 0; i < tag_costs.size(); ++i)
               t[i] = check(tag_costs[i], "tag cost");
             if (py::isinstance<py::int_>(blocked)) {
               return GridLayer(t, check(blocked.cast<int>(), "blocked cost"));
             }
             const auto bl = blocked.cast<std::vector<int>>();
             if (bl.size() != 8) {
               throw py::value_error(
                   "pathing::GridLayer: blocked costs: 8 values (one a tag), got " +
                   std::to_string(bl.size()));
             }
             std::array<std::uint8_t, 8> b{};
             for (std::size_t i = 0; i < 8; ++i) b[i] = check(bl[i], "blocked tag cost");
             return GridLayer(t, b);
           }),
           py::arg("tag_costs"), py::arg("blocked_cost") = 0,
           "A layer from up to 8 tag costs (missing tags impassable) and either one blocked cost "
           "for all tags or a list of 8 blocked costs (one a tag). Raises ValueError for a cost "
           "outside [0, 255] or more than 8 costs.")
      .def_static("uniform", &GridLayer::uniform, py::arg("cost"), py::arg("blocked_cost") = 0,
                  "Every tag costs `cost`; blocked cells `blocked_cost`.")
      .def("cost_of_cell", &GridLayer::cost_of_cell, py::arg("value"),
           "The cost of entering a cell of raw 4-bit value `value` (0 = impassable).")
      .def("tag_cost", &GridLayer::tag_cost, py::arg("tag"),
           "The cost of an unblocked cell of tag `tag` (0 = impassable).")
      .def("blocked_cost", &GridLayer::blocked_cost,
           "The cost of a blocked cell of tag 0 (of every blocked cell when "
           "has_one_blocked_cost()).")
      .def("blocked_tag_cost", &GridLayer::blocked_tag_cost, py::arg("tag"),
           "The cost of a blocked cell of tag `tag` (0 = impassable).")
      .def("has_one_blocked_cost", &GridLayer::has_one_blocked_cost,
           "Whether every blocked cell costs the same whatever its tag.")
      .def("with_tag_cost", &GridLayer::with_tag_cost, py::arg("tag"), py::arg("cost"),
           "A copy with tag `tag` costing `cost`.")
      .def("with_blocked_tag_cost", &GridLayer::with_blocked_tag_cost, py::arg("tag"),
           py::arg("cost"), "A copy with blocked cells of tag `tag` costing `cost`.")
      .def("with_blocked_cost", &GridLayer::with_blocked_cost, py::arg("cost"),
           "A copy where every blocked cell costs `cost`.")
      .def("min_passable_cost", &GridLayer::min_passable_cost,
           "The cheapest non-zero cost (0 when nothing is passable).")
      .def("uniform_cost", &GridLayer::uniform_cost,
           "The cost every passable cell value shares, or 0.")
      .def("cost_at", &GridLayer::cost_at, py::arg("grid"), py::arg("cell"),
           "The cost of entering `cell` of `grid` (0: impassable or off the grid).")
      .def(py::self == py::self)
      .def("__repr__", [](const GridLayer& l) {
        std::string s = "GridLayer([";
        for (std::uint8_t t = 0; t < 8; ++t) s += (t ? ", " : "") + std::to_string(l.tag_cost(t));
        s += "], [";
        for (std::uint8_t t = 0; t < 8; ++t) {
          s += (t ? ", " : "") + std::to_string(l.blocked_tag_cost(t));
        }
        return s + "])";
      });
}

}  // namespace pathing_py
