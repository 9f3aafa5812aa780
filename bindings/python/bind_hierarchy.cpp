// pathing: fast grid path-finding. MIT licensed.
//
// The Python extension `pathing._pathing`: HPA*: HierarchyMap, SectorFlowField, HpaStar.
#include "common.hpp"

namespace pathing_py {

void bind_hierarchy(py::module_& m) {
  // --- HPA* -------------------------------------------------------------------------------------
  py::class_<HierarchyMap>(
      m, "HierarchyMap",
      "The sector graph of HPA* (C++ pathing::HierarchyMap; docs/hierarchy.md): sectors of "
      "`sector_size` cells, transitions on their borders, the cheapest paths inside each sector; "
      "optionally landmarks on that graph (build_landmarks) and a second level of clusters of "
      "sectors (build_clusters). With max_unit_size above 1, the annotated hierarchy of HAA*: one "
      "map for units of 1..max_unit_size cells a side (SearchOptions(unit_size=k)), with a "
      "clearance map of its own (`clearance`). Shared by HpaStar searchers (read-only while "
      "they search).")
      .def(py::init([](const Grid& g, const GridLayer& l, int sector_size,
                       Connectivity connectivity, int max_unit_size) {
             HierarchyOptions o;
             o.sector_size = sector_size;
             o.connectivity = connectivity;
             o.max_unit_size = max_unit_size;
             return create_or_raise<HierarchyMap>(g, l, o);
           }),
           py::arg("grid"), py::arg("layer"), py::arg("sector_size") = 32,
           py::arg("connectivity") = Connectivity::eight, py::arg("max_unit_size") = 1,
           "Builds the map of `grid` under `layer` for units up to max_unit_size (GIL released). "
           "Raises ValueError for a sector_size outside [4, 128], a max_unit_size outside [1, 32] "
           "or (sizes above 1) a layer with more than 14 distinct passable costs.")
      .def(
          "sync",
          [](HierarchyMap& h, const Grid& g, const GridLayer& l) {
            const py::gil_scoped_release release;
            return h.sync(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Brings the map up to date with the grid: rebuilds only the sectors (and clusters) the "
          "edits since touched, or everything past the grid's edit log; returns what it did.")
      .def("is_current", is_current_for<HierarchyMap>, py::arg("grid"),
           py::arg("layer") = py::none(),
           "Whether the map describes this grid object at its current version under `layer` "
           "(any layer when `layer` is None; HpaStar answers stale otherwise).")
      .def(
          "build_landmarks",
          [](HierarchyMap& h, const Grid& g, int count) {
            Error e;
            bool ok = false;
            {
              const py::gil_scoped_release release;
              ok = h.build_landmarks(g, count, &e);
            }
            raise_unless(ok, e);
          },
          py::arg("grid"), py::arg("count"),
          "Places `count` (1-16) landmarks on the abstract graph: the same paths at weight 1, far "
          "fewer expansions. Raises ValueError (nothing changed) for a count out of range or a "
          "map not current for `grid`.")
      .def("drop_landmarks", &HierarchyMap::drop_landmarks, "Forgets the landmarks.")
      .def(
          "build_clusters",
          [](HierarchyMap& h, const Grid& g, int sectors) {
            Error e;
            bool ok = false;
            {
              const py::gil_scoped_release release;
              ok = h.build_clusters(g, sectors, &e);
            }
            raise_unless(ok, e);
          },
          py::arg("grid"), py::arg("sectors"),
          "Adds the second level: clusters of `sectors` x `sectors` sectors (2-16). HpaStar then "
          "searches it, at the same cost at weight 1 with far fewer expansions on big maps. "
          "Raises ValueError (nothing changed) for a side out of range or a map not current.")
      .def("drop_clusters", &HierarchyMap::drop_clusters, "Forgets the clusters.")
      .def_property_readonly("sector_size", &HierarchyMap::sector_size, "Side of a sector, cells.")
      .def_property_readonly("max_unit_size", &HierarchyMap::max_unit_size,
                             "The largest unit size served (SearchOptions(unit_size=k), k <= it).")
      .def_property_readonly(
          "clearance", &HierarchyMap::clearance, py::return_value_policy::reference_internal,
          "The map's own ClearanceMap when max_unit_size is above 1 (kept current with the map; "
          "usable as SearchOptions(clearance=...) for AStar); an empty one otherwise.")
      .def_property_readonly("sector_count", &HierarchyMap::sector_count, "Sectors in all.")
      .def_property_readonly("node_count", &HierarchyMap::node_count,
                             "Abstract nodes (transition cells) in all.")
      .def_property_readonly("landmark_count", &HierarchyMap::landmark_count,
                             "Landmarks held (0: none, or dropped by a sync).")
      .def_property_readonly("cluster_sectors", &HierarchyMap::cluster_sectors,
                             "Cluster side in sectors (0: no clusters).")
      .def_property_readonly("cluster_count", &HierarchyMap::cluster_count, "Clusters in all.")
      .def_property_readonly("cluster_node_count", &HierarchyMap::cluster_node_total,
                             "Level-2 nodes in all.")
      .def_property_readonly("last_sync_sectors", &HierarchyMap::last_sync_sectors,
                             "Sectors the last sync rebuilt.")
      .def_property_readonly("last_sync_clusters", &HierarchyMap::last_sync_clusters,
                             "Clusters the last sync rebuilt.")
      .def_property_readonly("cols", &HierarchyMap::cols, "Columns of the grid it was built from.")
      .def_property_readonly("rows", &HierarchyMap::rows, "Rows of the grid it was built from.")
      .def_property_readonly("layer", &HierarchyMap::layer, "The layer it was built with.")
      .def_property_readonly("memory_bytes", &HierarchyMap::memory_bytes,
                             "Bytes held (sectors, nodes, matrices, landmarks, clusters).");

  py::class_<SectorFlowField>(
      m, "SectorFlowField",
      "A flow field for crowds on huge maps (C++ pathing::SectorFlowField; docs/hierarchy.md, "
      "'Sector flow fields'; Emerson, Game AI Pro 2013): the goal's costs on a HierarchyMap's "
      "nodes, and a sector's flow field built on first use, cached. Holds its grid and map (kept "
      "alive). One thread at a time (lookups build fields).")
      .def(py::init<>(), "A field without a goal.")
      .def("set_goal", &SectorFlowField::set_goal, py::arg("grid"), py::arg("layer"),
           py::arg("map"), py::arg("goal"), py::keep_alive<1, 2>(), py::keep_alive<1, 4>(),
           "Makes `goal` the goal over `map` (current for grid and layer); drops the sector "
           "fields held. Returns found, or stale / invalid_endpoint with nothing changed.")
      .def("sync", &SectorFlowField::sync,
           "After the grid was edited and the map synced: drops only the sector fields whose "
           "inputs changed. Returns found, stale (sync the map first), invalid_endpoint or "
           "invalid_argument (no goal).")
      .def("is_current", &SectorFlowField::is_current,
           "Whether the goal is set and the grid and map are unchanged since.")
      .def_property_readonly("has_goal", &SectorFlowField::has_goal, "Whether a goal is set.")
      .def_property_readonly("goal", &SectorFlowField::goal, "The goal (x, y).")
      .def("next_step", &SectorFlowField::next_step, py::arg("cell"),
           "The Direction8 of the next step from `cell`, or None (the goal, unreached, off the "
           "grid, or not current). Builds the sector's field on first use.")
      .def("next_cell", &SectorFlowField::next_cell, py::arg("cell"),
           "The cell one step along the flow (the cell itself without a step).")
      .def(
          "next_cells",
          [](SectorFlowField& f, const py::object& cells) {
            std::vector<GridCoord> c = coords_from(cells, "cells");
            for (GridCoord& x : c) x = f.next_cell(x);
            return to_array(c);
          },
          py::arg("cells"),
          "next_cell of every row of an (n, 2) array of (x, y): a crowd's tick in one call; "
          "returns a new (n, 2) int32 array.")
      .def("cost", &SectorFlowField::cost, py::arg("cell"),
           "The cost from `cell` to the goal in cost units (inf when unreached or not current).")
      .def(
          "prepare",
          [](SectorFlowField& f, const py::object& cells) {
            const std::vector<GridCoord> c = coords_from(cells, "cells");
            return f.prepare(c);
          },
          py::arg("cells"),
          "Builds now the fields of the sectors of `cells` (a crowd before its first tick); "
          "returns how many were built.")
      .def_property("cache_limit", &SectorFlowField::cache_limit, &SectorFlowField::set_cache_limit,
                    "At most this many sector fields held (0: no limit); least recently used "
                    "evicted first.")
      .def("release", &SectorFlowField::release, "Frees the storage of slots holding no field.")
      .def_property_readonly("sectors_built", &SectorFlowField::sectors_built,
                             "Sector fields held.")
      .def_property_readonly("builds", &SectorFlowField::builds,
                             "Sector fields built since set_goal.")
      .def_property_readonly("last_sync_sectors", &SectorFlowField::last_sync_sectors,
                             "Sector fields the last sync dropped.")
      .def_property_readonly("memory_bytes", &SectorFlowField::memory_bytes, "Bytes held.");

  py::class_<PyHpaStar>(m, "HpaStar",
                        "Hierarchical A* over a HierarchyMap (C++ pathing::HpaStar): "
                        "near-optimal paths on big maps, the cost always reported; lazy "
                        "refinement (plan, then refine_next). One searcher per thread.")
      .def(py::init<>(), "A searcher with no memory yet (it grows on the first query).")
      .def(
          "find_path",
          [](PyHpaStar& w, py::object grid, const GridLayer& l, py::object map, GridCoord a,
             GridCoord b, const std::optional<SearchOptions>& options) {
            const Busy busy(w.busy, "find_path");
            check_hpa_args("find_path", grid, map);
            const Grid& g = grid.cast<const Grid&>();
            const HierarchyMap& h = map.cast<const HierarchyMap&>();
            PathResult r;
            {
              const py::gil_scoped_release release;
              w.cells.clear();
              r = w.s.find_path(g, l, h, a, b, w.cells, options ? *options : SearchOptions{});
            }
            w.grid_ref = std::move(grid);
            w.map_ref = std::move(map);
            return make_path_result(r, to_array(w.cells));
          },
          py::arg("grid"), py::arg("layer"), py::arg("map"), py::arg("start"), py::arg("goal"),
          py::arg("options") = py::none(),
          "find_path(grid, layer, map, start, goal, options=None) -> PathResult\n\n"
          "The whole path (plan, every segment refined, then the shortcuts of `smoothing`). "
          "Statuses as AStar.find_path, plus stale when the map is not current for the grid; "
          "options.weight > 1 weights the abstract search. `cost` is the exact cost of `path`. "
          "GIL released; one searcher per thread.")
      .def(
          "plan",
          [](PyHpaStar& w, py::object grid, const GridLayer& l, py::object map, GridCoord a,
             GridCoord b, const std::optional<SearchOptions>& options) {
            const Busy busy(w.busy, "plan");
            check_hpa_args("plan", grid, map);
            const Grid& g = grid.cast<const Grid&>();
            const HierarchyMap& h = map.cast<const HierarchyMap&>();
            PathResult r;
            {
              const py::gil_scoped_release release;
              w.cells.clear();
              r = w.s.plan(g, l, h, a, b, options ? *options : SearchOptions{});
            }
            w.grid_ref = std::move(grid);
            w.map_ref = std::move(map);
            return make_path_result(r, to_array(w.cells));
          },
          py::arg("grid"), py::arg("layer"), py::arg("map"), py::arg("start"), py::arg("goal"),
          py::arg("options") = py::none(),
          "plan(grid, layer, map, start, goal, options=None) -> PathResult\n\n"
          "The abstract search alone (no cells yet: `path` is empty; `cost` is the abstract "
          "cost). Then refine_next / refine_until give the cells a segment at a time.")
      .def(
          "refine_next",
          [](PyHpaStar& w) {
            const Busy busy(w.busy, "refine_next");
            const py::gil_scoped_release release;
            return w.s.refine_next(w.cells);
          },
          "Refines the next segment of the last plan into `refined` (the first call also adds "
          "the start). Returns in_progress while segments remain, found once the goal is in, "
          "stale if the grid was written since the plan, invalid_argument with no plan.")
      .def(
          "refine_until",
          [](PyHpaStar& w, std::size_t min_cells) {
            const Busy busy(w.busy, "refine_until");
            const py::gil_scoped_release release;
            return w.s.refine_until(min_cells, w.cells);
          },
          py::arg("min_cells"),
          "Refines segments until `refined` holds at least `min_cells` cells or the path is "
          "complete (a unit's first steps: refine_until(33)). Returns the last status.")
      .def_property_readonly(
          "refined", [](const PyHpaStar& w) { return to_array(w.cells); },
          "The cells refined since the last plan (find_path: its path), an (n, 2) int32 array.")
      .def(
          "abstract_path",
          [](const PyHpaStar& w) {
            const auto p = w.s.abstract_path();
            return to_array(std::vector<GridCoord>(p.begin(), p.end()));
          },
          "The abstract path of the last plan (start, transition cells, goal), as far as it is "
          "known: with clusters it grows as refinement goes.")
      .def(
          "cluster_path",
          [](const PyHpaStar& w) {
            const auto p = w.s.cluster_path();
            return to_array(std::vector<GridCoord>(p.begin(), p.end()));
          },
          "The level-2 path of the last plan on a map with clusters (start, level-2 nodes, "
          "goal); empty otherwise.")
      .def_property(
          "smoothing", [](const PyHpaStar& w) { return w.s.smoothing(); },
          [](PyHpaStar& w, int window) { w.s.set_smoothing(window); },
          "find_path's shortcut window in cells (0: off).")
      .def_property(
          "landmarks", [](const PyHpaStar& w) { return w.s.landmarks(); },
          [](PyHpaStar& w, bool on) { w.s.set_landmarks(on); },
          "Whether the search reads the map's landmarks when it has them (default True).")
      .def_property(
          "clusters", [](const PyHpaStar& w) { return w.s.clusters(); },
          [](PyHpaStar& w, bool on) { w.s.set_clusters(on); },
          "Whether the search uses the map's clusters when it has them (default True).")
      .def_property_readonly(
          "memory_bytes", [](const PyHpaStar& w) { return w.s.memory_bytes(); },
          "Bytes of C++ working memory held (the path buffer not included).")
      .def("__repr__", [](const PyHpaStar& w) {
        return "<pathing.HpaStar memory_bytes=" + std::to_string(w.s.memory_bytes()) + ">";
      });
}

}  // namespace pathing_py
