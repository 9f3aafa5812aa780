// pathing: fast grid path-finding. MIT licensed.
//
// The Python extension `pathing._pathing`: the searchers, the jump-point maps and the landmark,
// clearance and region maps.
#include "common.hpp"

namespace pathing_py {

void bind_search(py::module_& m) {
  auto landmark_map = py::reinterpret_borrow<py::class_<LandmarkMap>>(m.attr("LandmarkMap"));
  auto clearance_map = py::reinterpret_borrow<py::class_<ClearanceMap>>(m.attr("ClearanceMap"));
  auto region_map = py::reinterpret_borrow<py::class_<RegionMap>>(m.attr("RegionMap"));

  // --- searchers --------------------------------------------------------------------------------
  py::class_<PyAStar> astar(m, "AStar",
                            "A* (optimal; weighted with SearchOptions.weight > 1). Owns its "
                            "working memory: reuse one per thread.");
  bind_searcher_common(astar, "AStar");
  add_fast_find_path<AStar, void>(astar, kFindPathDoc);
  astar
      .def(
          "build_path",
          [](PyAStar& w, const Grid& g, const GridLayer& l, GridCoord a, GridCoord b) {
            return build_path(w, "AStar", g, l, a, b);
          },
          py::arg("grid"), py::arg("layer"), py::arg("start"), py::arg("goal"), kBuildPathDoc)
      .def(
          "was_expanded", [](const PyAStar& w, GridCoord c) { return w.s.was_expanded(c); },
          py::arg("cell"), "Whether the last find_path expanded `cell`.")
      .def("expanded_mask", &expanded_mask<AStar>,
           "The cells the last find_path expanded, as a (rows, cols) bool array of its grid.")
      .def_property(
          "bit_parallel", [](const PyAStar& w) { return w.s.bit_parallel(); },
          [](PyAStar& w, bool on) { w.s.set_bit_parallel(on); },
          "Whether bounded queries on uniform-cost layers try the bit-parallel BFS first.");

  py::class_<PyGreedy> greedy(m, "GreedyBestFirst",
                              "Greedy best-first search: few expansions, no optimality. Owns "
                              "its working memory: reuse one per thread.");
  bind_searcher_common(greedy, "GreedyBestFirst");
  add_fast_find_path<GreedyBestFirst, void>(greedy, kFindPathDoc);
  greedy
      .def(
          "build_path",
          [](PyGreedy& w, const Grid& g, const GridLayer& l, GridCoord a, GridCoord b) {
            return build_path(w, "GreedyBestFirst", g, l, a, b);
          },
          py::arg("grid"), py::arg("layer"), py::arg("start"), py::arg("goal"), kBuildPathDoc)
      .def(
          "was_expanded", [](const PyGreedy& w, GridCoord c) { return w.s.was_expanded(c); },
          py::arg("cell"), "Whether the last find_path expanded `cell`.")
      .def("expanded_mask", &expanded_mask<GreedyBestFirst>,
           "The cells the last find_path expanded, as a (rows, cols) bool array of its grid.")
      .def_property(
          "bit_parallel", [](const PyGreedy& w) { return w.s.bit_parallel(); },
          [](PyGreedy& w, bool on) { w.s.set_bit_parallel(on); },
          "Whether bounded queries on uniform-cost layers try the bit-parallel BFS first.");

  py::class_<JpsMap>(m, "JpsMap",
                     "The passability bitmaps of a grid under a uniform-cost layer, shared by "
                     "Jps searchers (read-only while they search).")
      .def(py::init<>(), "An empty object (see the class).")
      .def(py::init<const Grid&, const GridLayer&>(), py::arg("grid"), py::arg("layer"))
      .def("build", &JpsMap::build, py::arg("grid"), py::arg("layer"),
           "Rebuilds the map from the grid under `layer` (O(cells)).")
      .def("sync", &JpsMap::sync, py::arg("grid"), py::arg("layer"),
           "Brings the map up to date with the grid (cheaply after a few edits).")
      .def("is_current", is_current_for<JpsMap>, py::arg("grid"), py::arg("layer") = py::none(),
           "Whether the map describes this grid object at its current version under `layer` "
           "(any layer when `layer` is None).")
      .def(
          "matches",
          [](const JpsMap& m, const Grid& g) {
            deprecated_name("JpsMap.matches", "JpsMap.is_current(grid)");
            return m.is_current(g);
          },
          py::arg("grid"), "Deprecated: is_current(grid).")
      .def_property_readonly("cols", &JpsMap::cols, "Columns of the grid the map was built from.")
      .def_property_readonly("rows", &JpsMap::rows, "Rows of the grid the map was built from.")
      .def_property_readonly("layer", &JpsMap::layer, "The layer the map was built with.")
      .def_property_readonly("memory_bytes", &JpsMap::memory_bytes, "Bytes held.");

  py::class_<JpsPlusMap>(m, "JpsPlusMap",
                         "The JPS+ jump-distance table of a grid (16 bytes a cell), shared by "
                         "JpsPlus searchers.")
      .def(py::init<>(), "An empty object (see the class).")
      .def(py::init([](const Grid& g, const GridLayer& l) {
             auto p = std::make_unique<JpsPlusMap>();
             const py::gil_scoped_release release;
             p->build(g, l);
             return p;
           }),
           py::arg("grid"), py::arg("layer"))
      .def(
          "build",
          [](JpsPlusMap& m2, const Grid& g, const GridLayer& l) {
            const py::gil_scoped_release release;
            m2.build(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Rebuilds the table from the grid under `layer` (O(cells), GIL released).")
      .def("sync", &JpsPlusMap::sync, py::arg("grid"), py::arg("layer"),
           "Brings the table up to date with the grid (cheaply after a few edits); returns what it "
           "did.")
      .def("is_current", is_current_for<JpsPlusMap>, py::arg("grid"), py::arg("layer") = py::none(),
           "Whether the table describes this grid object at its current version under `layer` "
           "(any layer when `layer` is None).")
      .def(
          "matches",
          [](const JpsPlusMap& m, const Grid& g) {
            deprecated_name("JpsPlusMap.matches", "JpsPlusMap.is_current(grid)");
            return m.is_current(g);
          },
          py::arg("grid"), "Deprecated: is_current(grid).")
      .def_property_readonly("cols", &JpsPlusMap::cols,
                             "Columns of the grid the table was built from.")
      .def_property_readonly("rows", &JpsPlusMap::rows,
                             "Rows of the grid the table was built from.")
      .def_property_readonly("layer", &JpsPlusMap::layer, "The layer the table was built with.")
      .def_property_readonly("memory_bytes", &JpsPlusMap::memory_bytes,
                             "Bytes held (16 a cell plus the bitmaps).");

  landmark_map
      .def(py::init([](const Grid& g, const GridLayer& l, int count, Connectivity connectivity,
                       LandmarkStorage storage) {
             LandmarkOptions o;
             o.count = count;
             o.connectivity = connectivity;
             o.storage = storage;
             return create_or_raise<LandmarkMap>(g, l, o);
           }),
           py::arg("grid"), py::arg("layer"), py::arg("count") = 8,
           py::arg("connectivity") = Connectivity::eight,
           py::arg("storage") = LandmarkStorage::bits32,
           "Places `count` (1-32) landmarks by farthest-point selection and computes every cell's "
           "distances (k + 2 Dijkstra searches; GIL released). Raises ValueError for a count out "
           "of range.")
      .def(
          "sync",
          [](LandmarkMap& lm, const Grid& g, const GridLayer& l) {
            const py::gil_scoped_release release;
            return lm.sync(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Brings the map up to date: `updated` (still admissible) when no cell's cost went down "
          "since the build, else rebuilt; returns what it did.")
      .def("is_current", is_current_for<LandmarkMap>, py::arg("grid"),
           py::arg("layer") = py::none(),
           "Whether the map describes this grid object at its current version under `layer` "
           "(any layer when `layer` is None; AStar answers stale otherwise).")
      .def_property_readonly("count", &LandmarkMap::count, "Landmarks placed.")
      .def_property_readonly(
          "landmarks",
          [](const LandmarkMap& lm) {
            const auto cells = lm.landmarks();
            return to_array(cells.data(), cells.size());
          },
          "The landmarks' cells, an (n, 2) int32 array of (x, y).")
      .def_property_readonly("fraction_bits", &LandmarkMap::fraction_bits,
                             "Fraction bits of the stored distances.")
      .def_property_readonly("storage", &LandmarkMap::storage,
                             "The width used (bits32 or bits16; automatic resolves to one).")
      .def_property_readonly(
          "connectivity", [](const LandmarkMap& lm) { return lm.options().connectivity; },
          "The moves the distances follow.")
      .def_property_readonly("cols", &LandmarkMap::cols, "Columns of the grid it was built from.")
      .def_property_readonly("rows", &LandmarkMap::rows, "Rows of the grid it was built from.")
      .def_property_readonly("memory_bytes", &LandmarkMap::memory_bytes,
                             "Bytes held (the distances, the cost copy).");

  clearance_map
      .def(py::init([](const Grid& g, const GridLayer& l, int max_unit_size) {
             return create_or_raise<ClearanceMap>(g, l, max_unit_size);
           }),
           py::arg("grid"), py::arg("layer"), py::arg("max_unit_size") = 3,
           "The clearance of every cell for units up to max_unit_size (O(cells x sizes); GIL "
           "released). Raises ValueError for a size out of range or an unsupported layer.")
      .def(
          "sync",
          [](ClearanceMap& c, const Grid& g, const GridLayer& l) {
            const py::gil_scoped_release release;
            return c.sync(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Brings the map up to date with the grid (only around the edited cells when the edit "
          "log holds them); returns what it did.")
      .def("is_current", is_current_for<ClearanceMap>, py::arg("grid"),
           py::arg("layer") = py::none(),
           "Whether the map describes this grid object at its current version under `layer` "
           "(any layer when `layer` is None; searches answer stale otherwise).")
      .def("clearance", &ClearanceMap::clearance, py::arg("cell"),
           "The largest unit size whose anchor fits at `cell` (0: impassable or off the map).")
      .def("fits", &ClearanceMap::fits, py::arg("cell"), py::arg("unit_size"),
           "Whether a unit of `unit_size` fits with its anchor at `cell`.")
      .def(
          "clearances",
          [](const ClearanceMap& c) {
            py::array_t<std::uint8_t> out({c.rows(), c.cols()});
            auto v = out.mutable_unchecked<2>();
            for (int y = 0; y < c.rows(); ++y)
              for (int x = 0; x < c.cols(); ++x)
                v(y, x) = static_cast<std::uint8_t>(c.clearance({x, y}));
            return out;
          },
          "Every cell's clearance as a new (rows, cols) uint8 array, indexed [y, x].")
      .def(
          "unit_grid",
          [](const ClearanceMap& c, int unit_size) {
            const Grid* g = c.unit_grid(unit_size);
            if (g == nullptr) {
              throw py::value_error(
                  "pathing.ClearanceMap.unit_grid: unit_size = " + std::to_string(unit_size) +
                  " is outside [1, " + std::to_string(c.max_unit_size()) + "]");
            }
            return Grid(*g);
          },
          py::arg("unit_size"),
          "A copy of the unit grid for bodies of unit_size x unit_size cells (C++ "
          "ClearanceMap::unit_grid): a cell holds a 4-bit code of the body's cost with its "
          "anchor (top-left cell) there, 15 where the body does not fit. Read through "
          "`unit_layer`, a size-k query is the size-1 query on this grid, so any search or field "
          "moves such a body (docs/clearance.md). O(cells). Raises ValueError naming the size "
          "outside [1, max_unit_size]. The copy does not follow later syncs.")
      .def_property_readonly(
          "unit_layer", [](const ClearanceMap& c) { return c.unit_layer(); },
          "The layer of the unit grids (a copy): the layer's distinct costs as codes, smallest "
          "first.")
      .def_property_readonly("max_unit_size", &ClearanceMap::max_unit_size,
                             "The largest unit size it answers for.")
      .def_property_readonly("cols", &ClearanceMap::cols, "Columns of the grid it was built from.")
      .def_property_readonly("rows", &ClearanceMap::rows, "Rows of the grid it was built from.")
      .def_property_readonly("memory_bytes", &ClearanceMap::memory_bytes, "Bytes held.");

  region_map
      .def(py::init([](const Grid& g, const GridLayer& l) {
             auto r = std::make_unique<RegionMap>();
             const py::gil_scoped_release release;
             r->build(g, l);
             return r;
           }),
           py::arg("grid"), py::arg("layer"),
           "The regions of `grid` under `layer` (one pass; GIL released).")
      .def(
          "sync",
          [](RegionMap& r, const Grid& g, const GridLayer& l) {
            const py::gil_scoped_release release;
            return r.sync(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Brings the regions up to date (merging and splitting around the edited cells when the "
          "edit log holds them); returns what it did.")
      .def("is_current", is_current_for<RegionMap>, py::arg("grid"), py::arg("layer") = py::none(),
           "Whether the map describes this grid object at its current version under `layer` "
           "(any layer when `layer` is None).")
      .def("reachable", &RegionMap::reachable, py::arg("a"), py::arg("b"),
           "Whether a path joins passable cells a and b (O(1)); False when either is impassable "
           "or off the map.")
      .def("region", &RegionMap::region, py::arg("cell"),
           "The region label of `cell` (1..), or 0 when impassable or off the map.")
      .def("region_size", &RegionMap::region_size, py::arg("label"),
           "Cells of region `label` (0 for label 0 or a label not in use).")
      .def(
          "labels",
          [](const RegionMap& r) {
            py::array_t<std::uint32_t> out({r.rows(), r.cols()});
            auto v = out.mutable_unchecked<2>();
            for (int y = 0; y < r.rows(); ++y)
              for (int x = 0; x < r.cols(); ++x) v(y, x) = r.region({x, y});
            return out;
          },
          "Every cell's region label as a new (rows, cols) uint32 array, indexed [y, x].")
      .def_property_readonly("region_count", &RegionMap::region_count, "Regions in all.")
      .def_property_readonly("cols", &RegionMap::cols, "Columns of the grid it was built from.")
      .def_property_readonly("rows", &RegionMap::rows, "Rows of the grid it was built from.")
      .def_property_readonly("memory_bytes", &RegionMap::memory_bytes, "Bytes held.");

  py::class_<PyJps> jps(m, "Jps",
                        "Online jump point search: optimal, uniform-cost layers, 8-connected "
                        "(otherwise status unsupported). One searcher per thread.");
  bind_searcher_common(jps, "Jps");
  add_fast_find_path<Jps, JpsMap>(jps, kFindPathDocMap);
  jps.def(
         "jump_points",
         [](const PyJps& w) {
           std::vector<GridCoord> v;
           w.s.jump_points(v);
           return to_array(v);
         },
         "The jump points of the last path, an (n, 2) int32 array.")
      .def_property_readonly(
          "last_map_sync", [](const PyJps& w) { return w.s.last_map_sync(); },
          "What the last find_path(grid, layer, ...) did to the internal map (MapSync).");

  py::class_<PyJpsPlus> jpp(m, "JpsPlus",
                            "JPS+ (precomputed jump distances): optimal, uniform-cost layers, "
                            "8-connected. One searcher per thread.");
  bind_searcher_common(jpp, "JpsPlus");
  add_fast_find_path<JpsPlus, JpsPlusMap>(jpp, kFindPathDocMap);
  jpp.def(
         "jump_points",
         [](const PyJpsPlus& w) {
           std::vector<GridCoord> v;
           w.s.jump_points(v);
           return to_array(v);
         },
         "The jump points of the last path, an (n, 2) int32 array.")
      .def_property_readonly(
          "last_map_sync", [](const PyJpsPlus& w) { return w.s.last_map_sync(); },
          "What the last find_path(grid, layer, ...) did to the internal table (MapSync).");
}

}  // namespace pathing_py
