// pathing: fast grid path-finding. MIT licensed.
//
// The Python extension `pathing._pathing`: distance fields, flow fields and Dijkstra.
#include "common.hpp"

namespace pathing_py {

void bind_field(py::module_& m) {
  // --- fields -----------------------------------------------------------------------------------
  py::class_<FieldSource>(m, "FieldSource", "A source cell of a field and its initial cost.")
      .def(py::init([](GridCoord c, double initial) {
             return FieldSource{c, initial};
           }),
           py::arg("cell"), py::arg("initial_cost") = 0.0,
           "A source at `cell` whose field value starts at `initial_cost` (cost units, >= 0).")
      .def_readwrite("cell", &FieldSource::cell, "The source cell (x, y).")
      .def_readwrite("initial_cost", &FieldSource::initial_cost,
                     "Cost at the source, in cost units (>= 0).");

  py::class_<FieldOptions>(m, "FieldOptions", "How a field is computed (C++ defaults).")
      .def(py::init([](Connectivity c, FieldDirection d, double max_cost) {
             return FieldOptions{c, d, max_cost};
           }),
           py::arg("connectivity") = Connectivity::eight,
           py::arg("direction") = FieldDirection::to_sources,
           py::arg("max_cost") = FieldOptions{}.max_cost,
           "Field options with the C++ defaults: 8-connected, toward the sources, no cost limit.")
      .def_readwrite("connectivity", &FieldOptions::connectivity,
                     "Connectivity.four or Connectivity.eight (default eight).")
      .def_readwrite("direction", &FieldOptions::direction,
                     "FieldDirection.to_sources (default) or from_sources.")
      .def_readwrite("max_cost", &FieldOptions::max_cost, "Cost limit in cost units (inf: none).");

  py::class_<FieldStats>(m, "FieldStats", "How one field computation ended.")
      .def_readonly(
          "status", &FieldStats::status,
          "found when computed; invalid_endpoint / invalid_argument / stale: nothing computed.")
      .def_readonly("bad_source", &FieldStats::bad_source,
                    "Index of the first bad source (when the status says so).")
      .def_readonly("sources", &FieldStats::sources, "Source cells seeded.")
      .def_readonly("settled", &FieldStats::settled, "Cells settled (reached).")
      .def_readonly("canonical", &FieldStats::canonical, "Whether canonical ordering ran.")
      .def("ok", &FieldStats::ok, "True when the field was computed (status found).")
      .def("__repr__", [](const FieldStats& s) {
        return "FieldStats(status=" + std::string(to_string(s.status)) +
               ", settled=" + std::to_string(s.settled) + ")";
      });

  py::class_<PyDistanceField>(m, "DistanceField",
                              "A Dijkstra map: per cell, the cost between it and the nearest "
                              "source (cost units; inf unreached). Filled by Dijkstra.compute; "
                              "reuse it (recomputing allocates nothing for the same size).")
      .def(py::init<>(), "An empty field (0 x 0) until computed.")
      .def_property_readonly(
          "cols", [](const PyDistanceField& d) { return read(d).cols(); },
          "Columns of the grid the field was computed on (0: never computed).")
      .def_property_readonly(
          "rows", [](const PyDistanceField& d) { return read(d).rows(); },
          "Rows of the grid the field was computed on (0: never computed).")
      .def_property_readonly(
          "shape",
          [](const PyDistanceField& d) { return py::make_tuple(read(d).rows(), read(d).cols()); },
          "(rows, cols), the shape of costs() and costs_fixed().")
      .def_property_readonly(
          "connectivity", [](const PyDistanceField& d) { return read(d).connectivity(); },
          "The Connectivity the field was computed with.")
      .def_property_readonly(
          "direction", [](const PyDistanceField& d) { return read(d).direction(); },
          "The FieldDirection the field was computed with.")
      .def_property_readonly(
          "max_cost", [](const PyDistanceField& d) { return read(d).max_cost(); },
          "The cost limit it was computed with, in cost units (inf: none).")
      .def_property_readonly(
          "layer", [](const PyDistanceField& d) { return read(d).layer(); },
          "The layer it was computed with.")
      .def_property_readonly(
          "bias_fixed", [](const PyDistanceField& d) { return read(d).bias_fixed(); },
          "Fixed-point offset added to every stored cost (0 except on flee maps).")
      .def_property_readonly(
          "memory_bytes", [](const PyDistanceField& d) { return read(d).memory_bytes(); },
          "Bytes of storage held (8 a cell).")
      .def(
          "is_current",
          [](const PyDistanceField& d, const Grid& g, const GridLayer& l) {
            return read(d).is_current(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Whether the field was computed on this grid object, at its current version, with "
          "`layer`.")
      .def(
          "reached", [](const PyDistanceField& d, GridCoord c) { return read(d).reached(c); },
          py::arg("cell"), "Whether `cell` is on the grid and was reached.")
      .def(
          "cost", [](const PyDistanceField& d, GridCoord c) { return read(d).cost(c); },
          py::arg("cell"), "Cost in cost units; inf when unreached or off the grid.")
      .def(
          "cost_fixed", [](const PyDistanceField& d, GridCoord c) { return read(d).cost_fixed(c); },
          py::arg("cell"),
          "The stored fixed-point cost (value + bias_fixed, COST_ONE a unit); UNREACHED when "
          "unreached or off the grid. Exact.")
      .def(
          "value_fixed",
          [](const PyDistanceField& d, GridCoord c) { return read(d).value_fixed(c); },
          py::arg("cell"),
          "The signed fixed-point value (stored cost - bias); 2^63 - 1 when unreached.")
      .def(
          "costs",
          [](const PyDistanceField& holder) {
            const DistanceField& f = read(holder);
            py::array_t<double> a(
                {static_cast<py::ssize_t>(f.rows()), static_cast<py::ssize_t>(f.cols())});
            double* p = a.mutable_data();
            const auto fixed = f.costs_fixed();
            const std::uint64_t bias = f.bias_fixed();
            for (std::size_t i = 0; i < fixed.size(); ++i) {
              p[i] = fixed[i] == DistanceField::kUnreached
                         ? std::numeric_limits<double>::infinity()
                         : static_cast<double>(static_cast<std::int64_t>(fixed[i] - bias)) /
                               static_cast<double>(cost::kStraight);
            }
            return a;
          },
          "A new (rows, cols) float64 array of costs in cost units (inf where unreached), "
          "indexed [y, x]; as cost(c) cell by cell.")
      .def(
          "costs_fixed",
          [](py::object self) {
            auto& d = self.cast<PyDistanceField&>();
            const DistanceField& f = read(d);
            return view_of(f.costs_fixed().data(), f.rows(), f.cols(), self, &d.views);
          },
          "A read-only, zero-copy (rows, cols) uint64 view of the stored fixed-point costs "
          "(value + bias_fixed, 2^24 a straight cost-1 move; 2^64-1 unreached). It shows later "
          "recomputations of the field; while a view exists, computing into this field for a "
          "grid of another size raises BufferError.");
  m.attr("DistanceField").attr("UNREACHED") = DistanceField::kUnreached;
  m.attr("COST_ONE") = cost::kStraight;

  py::class_<PyFlowField>(m, "FlowField",
                          "Per cell, the direction of the next step toward the nearest source "
                          "of a DistanceField (255: none).")
      .def(py::init<>(), "An empty object (see the class).")
      .def(
          "build",
          [](PyFlowField& f, const Grid& g, const GridLayer& l, const PyDistanceField& d) {
            const DistanceField& field = read(d);
            check_resize(f, g, "FlowField.build");
            const Busy busy(f.busy, "FlowField.build");
            const py::gil_scoped_release release;
            return f.f.build(g, l, field);
          },
          py::arg("grid"), py::arg("layer"), py::arg("field"),
          "Computes every cell's step from `field`. Returns SearchStatus.found, or stale (this "
          "flow field unchanged) when `field` is not current for grid and layer. GIL released.")
      .def(
          "is_current",
          [](const PyFlowField& f, const Grid& g, const GridLayer& l) {
            return read(f).is_current(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Whether the flow field was built on this grid object, at its current version, with "
          "`layer`.")
      .def_property_readonly(
          "cols", [](const PyFlowField& f) { return read(f).cols(); },
          "Columns of the grid (0 before the first build).")
      .def_property_readonly(
          "rows", [](const PyFlowField& f) { return read(f).rows(); },
          "Rows of the grid (0 before the first build).")
      .def_property_readonly(
          "shape",
          [](const PyFlowField& f) { return py::make_tuple(read(f).rows(), read(f).cols()); },
          "(rows, cols), the shape of directions().")
      .def_property_readonly(
          "memory_bytes", [](const PyFlowField& f) { return read(f).memory_bytes(); },
          "Bytes of storage held.")
      .def(
          "next_step", [](const PyFlowField& f, GridCoord c) { return read(f).next_step(c); },
          py::arg("cell"),
          "The Direction8 of the next step, or None (source, unreached, off the grid).")
      .def(
          "next_cell", [](const PyFlowField& f, GridCoord c) { return read(f).next_cell(c); },
          py::arg("cell"), "The cell one step along the flow; the cell itself when none.")
      .def(
          "raw", [](const PyFlowField& f, GridCoord c) { return read(f).raw(c); }, py::arg("cell"),
          "The stored direction of `cell`: a Direction8 value (0..7) or NONE (255).")
      .def(
          "directions",
          [](py::object self) {
            auto& f = self.cast<PyFlowField&>();
            const FlowField& flow = read(f);
            return view_of(flow.directions().data(), flow.rows(), flow.cols(), self, &f.views);
          },
          "A read-only, zero-copy (rows, cols) uint8 view of the directions (Direction8 values, "
          "255 = none). While a view exists, building this flow field for a grid of another size "
          "raises BufferError.");
  m.attr("FlowField").attr("NONE") = FlowField::kNone;

  py::class_<PyDijkstra>(m, "Dijkstra",
                         "Multi-source Dijkstra filling DistanceFields. Reuse one per thread.")
      .def(py::init<>(), "An empty object (see the class).")
      .def(
          "compute",
          [](PyDijkstra& w, const Grid& g, const GridLayer& l, const py::object& sources,
             PyDistanceField& out, const std::optional<FieldOptions>& o) {
            const std::vector<FieldSource> src = sources_from(sources);
            check_resize(out, g, "Dijkstra.compute");
            const Busy busy(w.busy, "Dijkstra");
            const Busy writing(out.busy, "DistanceField (the `out` of a computation)");
            const py::gil_scoped_release release;
            return w.d.compute(g, l, std::span<const FieldSource>(src), out.f,
                               o ? *o : FieldOptions{});
          },
          py::arg("grid"), py::arg("layer"), py::arg("sources"), py::arg("out"),
          py::arg("options") = py::none(),
          "Computes the field of `sources` (a cell (x, y), a FieldSource, a list of FieldSource / "
          "(x, y) / (x, y, initial_cost), or an (n, 2) array) into `out`. Returns FieldStats: "
          "status invalid_endpoint (source off the grid) or invalid_argument (bad initial cost) "
          "leave `out` unchanged. GIL released.")
      .def(
          "compute_explore",
          [](PyDijkstra& w, const Grid& g, const GridLayer& l, const py::array& explored,
             PyDistanceField& out, const std::optional<FieldOptions>& o) {
            if (explored.ndim() != 2 || explored.shape(0) != g.rows() ||
                explored.shape(1) != g.cols()) {
              throw py::value_error(
                  "pathing.Dijkstra.compute_explore: explored must be a (rows, cols) = (" +
                  std::to_string(g.rows()) + ", " + std::to_string(g.cols()) + ") array");
            }
            const auto e =
                py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(explored);
            std::vector<std::uint64_t> bits((g.cell_count() + 63) / 64, 0);
            const bool* p = e.data();
            for (std::size_t i = 0; i < g.cell_count(); ++i) {
              if (p[i]) bits[i / 64] |= std::uint64_t{1} << (i % 64);
            }
            check_resize(out, g, "Dijkstra.compute_explore");
            const Busy busy(w.busy, "Dijkstra");
            const Busy writing(out.busy, "DistanceField (the `out` of a computation)");
            const py::gil_scoped_release release;
            return w.d.compute_explore(g, l, std::span<const std::uint64_t>(bits), out.f,
                                       o ? *o : FieldOptions{});
          },
          py::arg("grid"), py::arg("layer"), py::arg("explored"), py::arg("out"),
          py::arg("options") = py::none(),
          "Auto-explore: the field whose sources are the cells not explored (`explored`: a "
          "(rows, cols) bool array).")
      .def(
          "compute_flee",
          [](PyDijkstra& w, const Grid& g, const GridLayer& l, const PyDistanceField& toward,
             PyDistanceField& out, double factor) {
            const DistanceField& from = read(toward);  // before `out` (which may be `toward`)
            check_resize(out, g, "Dijkstra.compute_flee");
            const Busy busy(w.busy, "Dijkstra");
            const Busy writing(out.busy, "DistanceField (the `out` of a computation)");
            const py::gil_scoped_release release;
            return w.d.compute_flee(g, l, from, out.f, factor);
          },
          py::arg("grid"), py::arg("layer"), py::arg("toward"), py::arg("out"),
          py::arg("factor") = -1.2,
          "A flee map from `toward` (values times `factor`, relaxed again); status stale when "
          "`toward` is not current.");
}

}  // namespace pathing_py
