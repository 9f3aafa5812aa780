// pathing: fast grid path-finding. MIT licensed.
//
// The Python extension `pathing._pathing`: pathing.io (Moving AI files, precomputed files) and the
// benchmark helpers.
#include "common.hpp"

namespace pathing_py {

void bind_io(py::module_& m) {
  // --- Moving AI files --------------------------------------------------------------------------
  py::module_ io = m.def_submodule("io", "Moving AI .map / .scen files (pathing::io).");
  static py::exception<io::ParseError> parse_error(io, "ParseError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const io::ParseError& e) {
      py::object exc = py::reinterpret_borrow<py::object>(parse_error.ptr())(e.what());
      exc.attr("file") = e.file();
      exc.attr("line") = e.line();
      exc.attr("column") = e.column();
      PyErr_SetObject(parse_error.ptr(), exc.ptr());
    }
  });
  io.attr("ParseError").attr("__doc__") =
      "A malformed Moving AI file (or one that cannot be read): str(e) is the C++ message "
      "\"FILE:LINE:COLUMN: message\"; attributes file, line, column (0 = whole file / line).";
  static py::exception<io::PrecomputedError> precomputed_error(io, "PrecomputedError",
                                                               PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const io::PrecomputedError& e) {
      py::object exc = py::reinterpret_borrow<py::object>(precomputed_error.ptr())(e.what());
      exc.attr("file") = e.file();
      exc.attr("byte") = e.byte();
      PyErr_SetObject(precomputed_error.ptr(), exc.ptr());
    }
  });
  io.attr("PrecomputedError").attr("__doc__") =
      "A precomputed file that cannot be used (malformed, corrupted, made for another grid, layer, "
      "kind or format version, or unreadable): str(e) is the C++ message \"FILE: byte N: "
      "message\"; attributes file and byte (-1: the whole file).";

  io.def("movingai_layer", &io::movingai_layer,
         "The benchmark rules as a layer: ground and swamp cost 1; trees, water, blocked "
         "impassable.");

  py::class_<io::Map>(io, "Map", "A Moving AI map: the grid and the `type` line.")
      .def_readwrite("grid", &io::Map::grid, "The map as a Grid (cols = width, rows = height).")
      .def_readwrite("type", &io::Map::type, "The word of the `type` line (e.g. \"octile\").");

  io.def(
      "load_map",
      [](const std::filesystem::path& p) {
        const py::gil_scoped_release release;
        return io::load_map(p);
      },
      py::arg("path"),
      "Reads a .map file. Raises pathing.io.ParseError \"FILE:LINE:COLUMN: message\".");
  io.def("parse_map", &io::parse_map, py::arg("text"), py::arg("name") = "<string>",
         "Parses .map text; errors name `name`.");
  io.def("format_map", &io::format_map, py::arg("grid"),
         "The grid in Moving AI format. Raises ValueError for a cell with no Moving AI "
         "character.");

  py::class_<io::ScenarioEntry>(io, "ScenarioEntry", "One query of a scenario file.")
      .def_readonly("bucket", &io::ScenarioEntry::bucket, "The bucket column.")
      .def_readonly("map", &io::ScenarioEntry::map, "The map column as written.")
      .def_readonly("map_width", &io::ScenarioEntry::map_width, "The map column as written.")
      .def_readonly("map_height", &io::ScenarioEntry::map_height, "The map column as written.")
      .def_readonly("start_x", &io::ScenarioEntry::start_x, "Start column.")
      .def_readonly("start_y", &io::ScenarioEntry::start_y, "Start row.")
      .def_readonly("goal_x", &io::ScenarioEntry::goal_x, "Goal column.")
      .def_readonly("goal_y", &io::ScenarioEntry::goal_y, "Goal row.")
      .def_readonly("optimal_length", &io::ScenarioEntry::optimal_length,
                    "8-connected optimal length, as printed (straight move = 1).")
      .def_readonly("decimals", &io::ScenarioEntry::decimals,
                    "Digits after the decimal point in the file.")
      .def_readonly("line", &io::ScenarioEntry::line, "Line in the file, from 1.")
      .def("tolerance", &io::ScenarioEntry::tolerance,
           "The match tolerance in cost units (printed precision plus a float32 ulp).")
      .def("start", &io::ScenarioEntry::start, "The start cell (x, y).")
      .def("goal", &io::ScenarioEntry::goal, "The goal cell (x, y).");

  py::class_<io::Scenario>(io, "Scenario", "A parsed .scen file.")
      .def_readonly("version", &io::Scenario::version, "The version line: \"1\" or \"1.0\".")
      .def_readonly("entries", &io::Scenario::entries,
                    "The queries, in file order (a new list of ScenarioEntry).")
      .def("__len__", [](const io::Scenario& s) { return s.entries.size(); })
      .def(
          "starts",
          [](const io::Scenario& s) {
            std::vector<GridCoord> v;
            for (const auto& e : s.entries) v.push_back(e.start());
            return to_array(v);
          },
          "(n, 2) int32 array of the start cells.")
      .def(
          "goals",
          [](const io::Scenario& s) {
            std::vector<GridCoord> v;
            for (const auto& e : s.entries) v.push_back(e.goal());
            return to_array(v);
          },
          "(n, 2) int32 array of the goal cells.")
      .def(
          "optimal_lengths",
          [](const io::Scenario& s) {
            py::array_t<double> a(static_cast<py::ssize_t>(s.entries.size()));
            for (std::size_t i = 0; i < s.entries.size(); ++i) {
              a.mutable_data()[i] = s.entries[i].optimal_length;
            }
            return a;
          },
          "(n,) float64 array of the optimal lengths.")
      .def(
          "tolerances",
          [](const io::Scenario& s) {
            py::array_t<double> a(static_cast<py::ssize_t>(s.entries.size()));
            for (std::size_t i = 0; i < s.entries.size(); ++i) {
              a.mutable_data()[i] = s.entries[i].tolerance();
            }
            return a;
          },
          "(n,) float64 array of ScenarioEntry.tolerance().");

  io.def(
      "load_scenario",
      [](const std::filesystem::path& p) {
        const py::gil_scoped_release release;
        return io::load_scenario(p);
      },
      py::arg("path"), "Reads a .scen file. Raises pathing.io.ParseError.");
  io.def("parse_scenario", &io::parse_scenario, py::arg("text"), py::arg("name") = "<string>",
         "Parses .scen text; errors (ParseError) name `name`.");
  io.def("validate_scenario", &io::validate_scenario, py::arg("scenario"), py::arg("grid"),
         py::arg("name"),
         "Raises ParseError at the first entry whose size or cells do not fit the grid.");
  io.def("scenario_map_path", &io::scenario_map_path, py::arg("scenario"), py::arg("scen_file"),
         "The map file of a scenario (the map column's base name, beside the .scen file).");
  io.def(
      "generate_map",
      [](const std::string& kind, int width, int height, double density, int room_size,
         std::uint64_t seed) {
        const auto k = io::parse_map_kind(kind);
        if (!k) throw py::value_error("pathing.io.generate_map: unknown kind '" + kind + "'");
        io::MapSpec spec;
        spec.kind = *k;
        spec.width = width;
        spec.height = height;
        spec.density = density;
        spec.room_size = room_size;
        spec.seed = seed;
        return io::generate_map(spec);
      },
      py::arg("kind"), py::arg("width") = 64, py::arg("height") = 64, py::arg("density") = 0.2,
      py::arg("room_size") = 7, py::arg("seed") = 1,
      "A generated map (kind: random, rooms or maze); the same arguments give the same grid. "
      "Raises ValueError (the C++ message) for a bad argument.");

  // --- Precomputed files (docs/precomputed.md) ---------------------------------------------------
  // The bytes are copied out of Python before the GIL is released.
  io.def(
      "serialize_jps_plus",
      [](const JpsPlusMap& map, const Grid& g) {
        return bytes_released([&] { return io::serialize_jps_plus(map, g); });
      },
      py::arg("map"), py::arg("grid"),
      "The file bytes of a JPS+ table current for `grid`. Raises ValueError when it is not.");
  io.def(
      "serialize_landmarks",
      [](const LandmarkMap& map, const Grid& g, const GridLayer& l) {
        return bytes_released([&] { return io::serialize_landmarks(map, g, l); });
      },
      py::arg("map"), py::arg("grid"), py::arg("layer"),
      "The file bytes of a LandmarkMap current for `grid` under `layer`. Raises ValueError when "
      "it is not.");
  io.def(
      "serialize_hierarchy",
      [](const HierarchyMap& map, const Grid& g) {
        return bytes_released([&] { return io::serialize_hierarchy(map, g); });
      },
      py::arg("map"), py::arg("grid"),
      "The file bytes of a HierarchyMap current for `grid`, with its landmarks and clusters when "
      "it holds them. Raises ValueError when it is not current.");
  def_parse_and_load(io, "jps_plus", &io::parse_jps_plus, &io::load_jps_plus, "A JPS+ table",
                     "`pathing prep --algo jps+`");
  def_parse_and_load(io, "landmarks", &io::parse_landmarks, &io::load_landmarks,
                     "A LandmarkMap (checked: its bound stays admissible and consistent)",
                     "`pathing prep --algo alt`");
  def_parse_and_load(io, "hierarchy", &io::parse_hierarchy, &io::load_hierarchy,
                     "A HierarchyMap (with the landmarks and clusters saved with it)",
                     "`pathing prep --algo hpa`");

  // --- benchmark helpers ------------------------------------------------------------------------
  py::module_ bench = m.def_submodule("_bench", "Timing helpers for bench/python/overhead.py.");
  auto def_time = [&bench](auto* tag, const char* doc) {
    using W = std::remove_pointer_t<decltype(tag)>;
    bench.def(
        "time_find_path",
        [](W& w, const Grid& g, const GridLayer& l, const py::object& starts,
           const py::object& goals, int repeats, const std::optional<SearchOptions>& o) {
          const auto s = coords_from(starts, "starts");
          const auto t = coords_from(goals, "goals");
          if (s.size() != t.size()) throw py::value_error("starts and goals differ in length");
          double checksum = 0;
          const double ns = time_queries(w, g, l, s, t, std::max(1, repeats),
                                         o ? *o : SearchOptions{}, &checksum);
          return py::make_tuple(ns, checksum);
        },
        py::arg("searcher"), py::arg("grid"), py::arg("layer"), py::arg("starts"), py::arg("goals"),
        py::arg("repeats") = 5, py::arg("options") = py::none(), doc);
  };
#if PATHING_PYTHON_ALLOC_COUNTER
  bench.def(
      "allocation_count", [] { return counting::allocation_count(); },
      "Global operator new calls made by the extension's code so far (test builds only).");
  bench.def(
      "find_path_allocations",
      [](PyAStar& w, const Grid& g, const GridLayer& l, GridCoord a, GridCoord b) {
        const counting::AllocationScope scope;
        py::object r = find_path(w, "AStar", g, l, a, b, std::nullopt);
        return py::make_tuple(scope.count(), r);
      },
      "The operator new calls of AStar.find_path's body (what the binding does around the C++ "
      "query, pybind11's argument dispatch excluded) and its result.");
#endif
  constexpr const char* kTimeDoc =
      "Runs find_path for every (start, goal) in a C++ loop (steady_clock, GIL released), "
      "`repeats` rounds; returns (best round's mean ns a query, sum of costs).";
  def_time(static_cast<PyAStar*>(nullptr), kTimeDoc);
  def_time(static_cast<PyGreedy*>(nullptr), kTimeDoc);
  def_time(static_cast<PyJps*>(nullptr), kTimeDoc);
  def_time(static_cast<PyJpsPlus*>(nullptr), kTimeDoc);
}

}  // namespace pathing_py
