// pathing: fast grid path-finding. MIT licensed.
//
// The Python extension `pathing._pathing`: PathBatch and path smoothing.
#include "common.hpp"

namespace pathing_py {

void bind_agent(py::module_& m) {
  // --- batch
  // --------------------------------------------------------------------------------------
  py::class_<PyPathBatch>(m, "PathBatch",
                          "A pool of C++ threads (the caller included) running many queries at "
                          "once, one searcher per thread; results do not depend on the thread "
                          "count. One call at a time per batch.")
      .def(py::init<unsigned>(), py::arg("threads") = 0,
           "`threads` in all, the caller included; 0 = hardware concurrency.")
      .def_property_readonly(
          "thread_count", [](const PyPathBatch& w) { return w.b.thread_count(); },
          "Threads in the pool, the caller included.")
      .def(
          "find_paths",
          [](PyPathBatch& w, const Grid& g, const GridLayer& l, const py::object& starts,
             const py::object& goals, const std::optional<SearchOptions>& o) {
            const std::vector<GridCoord> s = coords_from(starts, "starts");
            const std::vector<GridCoord> t = coords_from(goals, "goals");
            if (s.size() != t.size()) {
              throw py::value_error("pathing.PathBatch.find_paths: " + std::to_string(s.size()) +
                                    " starts but " + std::to_string(t.size()) + " goals");
            }
            std::vector<PathQuery> q(s.size());
            for (std::size_t i = 0; i < s.size(); ++i) q[i] = PathQuery{s[i], t[i]};
            std::vector<PathResult> res(s.size());
            std::vector<std::vector<GridCoord>> paths(s.size());
            Error e;
            {
              const Busy busy(w.busy, "PathBatch");
              const py::gil_scoped_release release;
              e = w.b.find_paths(g, l, q, res, paths, o ? *o : SearchOptions{});
            }
            if (!e.ok()) throw py::value_error(e.message);
            const auto n = static_cast<py::ssize_t>(s.size());
            py::array_t<std::uint8_t> status(n);
            py::array_t<double> costs(n);
            py::array_t<std::uint32_t> moves(n);
            py::array_t<std::uint64_t> expanded(n);
            py::list out_paths(n);
            for (py::ssize_t i = 0; i < n; ++i) {
              const PathResult& r = res[static_cast<std::size_t>(i)];
              status.mutable_data()[i] = static_cast<std::uint8_t>(r.status);
              costs.mutable_data()[i] = r.cost;
              moves.mutable_data()[i] = r.moves;
              expanded.mutable_data()[i] = r.stats.expanded;
              out_paths[static_cast<std::size_t>(i)] =
                  refused(r.status) ? to_array(nullptr, 0)
                                    : to_array(paths[static_cast<std::size_t>(i)]);
            }
            py::dict d;
            d["status"] = status;
            d["cost"] = costs;
            d["moves"] = moves;
            d["expanded"] = expanded;
            d["paths"] = out_paths;
            return d;
          },
          py::arg("grid"), py::arg("layer"), py::arg("starts"), py::arg("goals"),
          py::arg("options") = py::none(),
          "AStar.find_path for every (start, goal) pair ((n, 2) arrays), across the pool with "
          "the GIL released. Returns a dict of arrays: status (uint8 SearchStatus values), cost "
          "(float64), moves (uint32), expanded (uint64) and paths (a list of (m, 2) arrays), "
          "exactly as a loop of AStar.find_path would give.")
      .def(
          "compute_fields",
          [](PyPathBatch& w, const Grid& g, const GridLayer& l, const py::list& sources,
             const std::optional<FieldOptions>& o) {
            std::vector<std::vector<FieldSource>> src;
            for (const py::handle s : sources) src.push_back(sources_from(s));
            std::vector<std::span<const FieldSource>> spans(src.begin(), src.end());
            std::vector<DistanceField> fields(src.size());
            std::vector<FieldStats> stats(src.size());
            Error e;
            {
              const Busy busy(w.busy, "PathBatch");
              const py::gil_scoped_release release;
              e = w.b.compute_fields(g, l, spans, fields, o ? *o : FieldOptions{}, stats);
            }
            if (!e.ok()) throw py::value_error(e.message);
            py::list out;
            for (DistanceField& f : fields) {
              auto p = std::make_unique<PyDistanceField>();
              p->f = std::move(f);
              out.append(py::cast(std::move(p)));
            }
            return out;
          },
          py::arg("grid"), py::arg("layer"), py::arg("sources"), py::arg("options") = py::none(),
          "Dijkstra.compute for every source list, across the pool: a list of DistanceFields. "
          "Raises ValueError (the C++ message) for a source off the grid or a bad initial cost.");

  // --- smoothing ------------------------------------------------------------------------------
  m.def("line_of_sight", &line_of_sight, py::arg("grid"), py::arg("layer"), py::arg("a"),
        py::arg("b"),
        "Whether a mover can walk the straight segment between the centres of cells a and b "
        "(every touched cell passable, no blocked corner).");
  m.def(
      "smooth_path",
      [](const Grid& g, const GridLayer& l, const py::object& cells) {
        const std::vector<GridCoord> c = coords_from(cells, "cells");
        std::vector<GridCoord> out;
        {
          const py::gil_scoped_release release;
          smooth_path(g, l, c, out);
        }
        return to_array(out);
      },
      py::arg("grid"), py::arg("layer"), py::arg("cells"),
      "String pulling: the waypoints ((m, 2) int32) a mover walks in straight lines along the "
      "(n, 2) path `cells`.");
}

}  // namespace pathing_py
