// pathing: fast grid path-finding. MIT licensed.
//
// The Python extension `pathing._pathing`: enums, search options, statistics and results.
#include "common.hpp"

namespace pathing_py {

void bind_results(py::module_& m) {
  m.doc() =
      "pathing: fast grid path-finding (A*, greedy best-first, JPS, JPS+, Dijkstra maps), the "
      "C++ library's API under the same names. Cells are (x, y) tuples; grids as NumPy arrays "
      "are (rows, cols), indexed [y, x]; paths are (n, 2) int32 arrays of (x, y) rows.";
  m.attr("__version__") = PATHING_VERSION_STRING;

  // --- enums --------------------------------------------------------------------------------
  py::enum_<SearchStatus>(m, "SearchStatus", "How a query ended (C++ pathing::SearchStatus).")
      .value("found", SearchStatus::found, "The path reaches the goal.")
      .value("unreachable", SearchStatus::unreachable, "No path exists.")
      .value("too_far", SearchStatus::too_far, "Bounded mode: the goal needs more than 56 steps.")
      .value("invalid_endpoint", SearchStatus::invalid_endpoint,
             "Start (unbounded: or goal) outside the grid.")
      .value("expansion_limit", SearchStatus::expansion_limit,
             "SearchLimits.max_expansions stopped the search.")
      .value("cost_limit", SearchStatus::cost_limit, "SearchLimits.max_cost stopped the search.")
      .value("stale", SearchStatus::stale,
             "A derived structure (JPS map, field) does not match the grid; nothing searched.")
      .value("unsupported", SearchStatus::unsupported,
             "The search cannot honour this layer or these options; nothing searched.")
      .value("invalid_argument", SearchStatus::invalid_argument,
             "An option is out of range (e.g. weight < 1); nothing searched.")
      .value("in_progress", SearchStatus::in_progress,
             "A sliced query (C++ start_query / continue_query) is not over yet.");

  py::enum_<Connectivity>(m, "Connectivity", "4- or 8-connected moves (8: no corner cutting).")
      .value("four", Connectivity::four)
      .value("eight", Connectivity::eight);

  py::enum_<Direction>(m, "Direction", "One 4-connected step (the GridPath values).")
      .value("right", Direction::right)
      .value("down", Direction::down)
      .value("left", Direction::left)
      .value("up", Direction::up)
      .value("none", Direction::none);

  py::enum_<Direction8>(m, "Direction8", "One 8-connected step (FlowField directions).")
      .value("right", Direction8::right)
      .value("down", Direction8::down)
      .value("left", Direction8::left)
      .value("up", Direction8::up)
      .value("down_right", Direction8::down_right)
      .value("down_left", Direction8::down_left)
      .value("up_left", Direction8::up_left)
      .value("up_right", Direction8::up_right);

  py::enum_<FieldDirection>(m, "FieldDirection", "Which way the costs of a field run.")
      .value("to_sources", FieldDirection::to_sources,
             "cost(c) = cheapest walk FROM c to a source (goal maps, flow fields).")
      .value("from_sources", FieldDirection::from_sources,
             "cost(c) = cheapest walk from a source TO c (spreading: light, noise).");

  py::enum_<MapSync>(m, "MapSync", "What a sync did to a JPS map / JPS+ table.")
      .value("current", MapSync::current)
      .value("updated", MapSync::updated)
      .value("rebuilt", MapSync::rebuilt);

  // --- options and results --------------------------------------------------------------------
  py::class_<SearchLimits>(m, "SearchLimits", "Per-query cut-offs (default: none).")
      .def(py::init([](std::uint64_t max_expansions, double max_cost) {
             return SearchLimits{max_expansions, max_cost};
           }),
           py::arg("max_expansions") = SearchLimits{}.max_expansions,
           py::arg("max_cost") = SearchLimits{}.max_cost,
           "max_expansions: stop after this many expansions; max_cost: prune moves whose cost "
           "exceeds it, in cost units (inf: none).")
      .def_readwrite("max_expansions", &SearchLimits::max_expansions,
                     "Stop after this many expansions (default: no limit).")
      .def_readwrite("max_cost", &SearchLimits::max_cost,
                     "Prune moves whose cost exceeds this, in cost units (inf: no limit).")
      .def("__repr__", [](const SearchLimits& l) {
        return "SearchLimits(max_expansions=" + std::to_string(l.max_expansions) +
               ", max_cost=" + py::repr(py::float_(l.max_cost)).cast<std::string>() + ")";
      });

  // LandmarkMap is declared here so that SearchOptions can name it (its methods: below).
  py::enum_<LandmarkStorage>(m, "LandmarkStorage", "Width of a LandmarkMap's stored distances.")
      .value("bits32", LandmarkStorage::bits32)
      .value("bits16", LandmarkStorage::bits16)
      .value("automatic", LandmarkStorage::automatic);
  py::class_<LandmarkMap> landmark_map(
      m, "LandmarkMap",
      "Landmark (ALT) heuristics for AStar on any layer (C++ pathing::LandmarkMap; "
      "docs/landmarks.md): `count` landmarks and each cell's distances to them. Pass it as "
      "SearchOptions(landmarks=...): the same optimal costs, far fewer expansions on weighted "
      "terrain. Read-only while searches use it.");

  py::class_<ClearanceMap> clearance_map(
      m, "ClearanceMap",
      "Clearance for units bigger than a cell (C++ pathing::ClearanceMap, HAA*'s annotation; "
      "docs/clearance.md): for each cell, the largest square unit (up to max_unit_size) whose "
      "top-left anchor can stand there. Pass it as SearchOptions(unit_size=k, clearance=...). "
      "Read-only while searches use it.");
  py::class_<RegionMap> region_map(
      m, "RegionMap",
      "Connected regions of passable cells (C++ pathing::RegionMap; docs/regions.md): O(1) "
      "reachability, kept current under edits. Pass it as SearchOptions(regions=...) so that "
      "an unreachable goal is answered at once. Read-only while searches use it.");

  py::class_<SearchOptions>(m, "SearchOptions",
                            "The options of every grid search, with the C++ defaults: "
                            "8-connected, no limits, weight 1, no landmarks.")
      .def(py::init([](Connectivity c, std::optional<SearchLimits> limits, double weight,
                       const LandmarkMap* landmarks, const RegionMap* regions, bool nearest,
                       int unit_size, const ClearanceMap* clearance) {
             SearchOptions o{c, limits ? *limits : SearchLimits{}, weight};
             o.landmarks = landmarks;
             o.regions = regions;
             o.nearest_if_unreachable = nearest;
             o.unit_size = unit_size;
             o.clearance = clearance;
             return o;
           }),
           py::arg("connectivity") = Connectivity::eight, py::arg("limits") = py::none(),
           py::arg("weight") = 1.0, py::arg("landmarks") = nullptr, py::arg("regions") = nullptr,
           py::arg("nearest_if_unreachable") = false, py::arg("unit_size") = 1,
           py::arg("clearance") = nullptr, py::keep_alive<1, 5>(), py::keep_alive<1, 6>(),
           py::keep_alive<1, 9>(),
           "Options with the C++ defaults: 8-connected, no limits (limits=None), weight 1, no "
           "landmarks (a LandmarkMap for AStar), no regions (a RegionMap), a unit of 1 cell (a "
           "size above 1 needs a ClearanceMap). The maps given are kept alive by these options.")
      .def_property(
          "regions", [](const SearchOptions& o) { return o.regions; },
          py::cpp_function([](SearchOptions& o, const RegionMap* r) { o.regions = r; },
                           py::keep_alive<1, 2>()),
          py::return_value_policy::reference,
          "A RegionMap of the grid and layer searched (None: none): an unreachable goal is "
          "answered at once (unreachable, 0 expansions); a map not current gives stale.")
      .def_readwrite("nearest_if_unreachable", &SearchOptions::nearest_if_unreachable,
                     "With regions: search to the reachable cell nearest an unreachable goal "
                     "instead (a partial result).")
      .def_readwrite("unit_size", &SearchOptions::unit_size,
                     "Side of the unit's square body in cells (default 1); above 1 needs "
                     "`clearance`; the path is the body's top-left anchor's.")
      .def_property(
          "clearance", [](const SearchOptions& o) { return o.clearance; },
          py::cpp_function([](SearchOptions& o, const ClearanceMap* c) { o.clearance = c; },
                           py::keep_alive<1, 2>()),
          py::return_value_policy::reference,
          "The ClearanceMap of the grid and layer searched, for unit_size above 1 (None: none).")
      .def_property(
          "landmarks", [](const SearchOptions& o) { return o.landmarks; },
          py::cpp_function([](SearchOptions& o, const LandmarkMap* l) { o.landmarks = l; },
                           py::keep_alive<1, 2>()),
          py::return_value_policy::reference,
          "A LandmarkMap for AStar (None: the octile bound alone). A map not current for the "
          "grid and layer searched gives SearchStatus.stale; the other searches answer "
          "unsupported when it is set.")
      .def_readwrite("connectivity", &SearchOptions::connectivity,
                     "Connectivity.four or Connectivity.eight (default eight).")
      .def_readwrite("limits", &SearchOptions::limits, "SearchLimits: expansion and cost cut-offs.")
      .def_readwrite("weight", &SearchOptions::weight, "Heuristic weight w >= 1 (weighted A*).")
      .def("__repr__", [](const SearchOptions& o) {
        return std::string("SearchOptions(connectivity=") +
               (o.connectivity == Connectivity::four ? "four" : "eight") +
               ", limits=" + py::repr(py::cast(o.limits)).cast<std::string>() +
               ", weight=" + py::repr(py::float_(o.weight)).cast<std::string>() +
               (o.landmarks != nullptr
                    ? ", landmarks=<LandmarkMap of " + std::to_string(o.landmarks->count()) + ">"
                    : std::string()) +
               (o.regions != nullptr ? std::string(", regions=<RegionMap>") : std::string()) +
               (o.nearest_if_unreachable ? std::string(", nearest_if_unreachable=True")
                                         : std::string()) +
               (o.unit_size != 1 ? ", unit_size=" + std::to_string(o.unit_size) : std::string()) +
               (o.clearance != nullptr ? std::string(", clearance=<ClearanceMap>")
                                       : std::string()) +
               ")";
      });

  py::class_<SearchStats>(m, "SearchStats", "Work done by one query.")
      .def(py::init<>(), "An empty object (see the class).")
      .def_readonly("expanded", &SearchStats::expanded, "Nodes expanded (closed).")
      .def_readonly("generated", &SearchStats::generated, "Nodes pushed onto the open list.")
      .def("__repr__", [](const SearchStats& s) {
        return "SearchStats(expanded=" + std::to_string(s.expanded) +
               ", generated=" + std::to_string(s.generated) + ")";
      });

  register_path_result(m);

  py::class_<PyBoundedResult>(m, "BoundedResult", "Result of a bounded query (build_path).")
      .def_property_readonly(
          "status", [](const PyBoundedResult& p) { return p.r.status; },
          "Why the search ended (SearchStatus).")
      .def_property_readonly(
          "finish", [](const PyBoundedResult& p) { return p.r.finish; },
          "Where the path ends, (x, y): the goal, or the best cell reached.")
      .def_property_readonly(
          "cost", [](const PyBoundedResult& p) { return p.r.cost; },
          "Sum of the layer costs of the cells entered, in cost units.")
      .def_property_readonly(
          "moves", [](const PyBoundedResult& p) { return p.r.moves; },
          "Number of moves (at most 56).")
      .def_property_readonly(
          "stats", [](const PyBoundedResult& p) { return p.r.stats; },
          "SearchStats: expanded / generated nodes.")
      .def_readonly("path", &PyBoundedResult::path,
                    "(moves + 1, 2) int32 array of the cells walked from the start.")
      .def_property_readonly(
          "directions",
          [](const PyBoundedResult& p) {
            py::array_t<std::uint8_t> d(static_cast<py::ssize_t>(p.r.path.len()));
            for (int i = 0; i < p.r.path.len(); ++i) {
              d.mutable_data()[i] = static_cast<std::uint8_t>(p.r.path.at(i));
            }
            return d;
          },
          "The moves as uint8 Direction values (0 right, 1 down, 2 left, 3 up).")
      .def_property_readonly(
          "found", [](const PyBoundedResult& p) { return p.r.found(); },
          "True when the path reaches the goal.")
      .def_property_readonly(
          "partial", [](const PyBoundedResult& p) { return p.r.partial(); },
          "True unless the path reaches the goal.")
      .def("__repr__", [](const PyBoundedResult& p) {
        return "BoundedResult(status=" + std::string(to_string(p.r.status)) +
               ", cost=" + py::repr(py::float_(p.r.cost)).cast<std::string>() +
               ", moves=" + std::to_string(p.r.moves) + ")";
      });
}

}  // namespace pathing_py
