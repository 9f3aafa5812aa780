// Fuzz target: the precomputed-structure loaders (pathing/io/precomputed.hpp) on any bytes.
//
// Input: one mode byte, then the file. Mode bits 0-1 pick one of three fixed small grids (and its
// layer); bit 2 rewrites the file's last 8 bytes with the right checksum first, so the fuzzer
// also reaches the grid, layer and payload checks. The four loaders (JPS+, landmarks, hierarchy,
// subgoal graph) get the file. Either a load fails with a PrecomputedError "NAME: ..." (and the
// try_ form agrees), or it succeeds and then: the structure is current for the grid, saving it
// gives back the same bytes (but for the library version that wrote it, which is not checked), a
// JPS+ table equals the built one, A* with loaded landmarks (32- or 16-bit storage) finds paths of
// the optimal cost (plain A*'s) on a few queries, and a loaded hierarchy has a fresh build's nodes
// and HpaStar over it (with the landmarks and clusters the file holds; for every unit size a map
// of format version 3 serves, against A* over its clearance map) finds a valid path exactly
// when A* finds one, never cheaper, its cost reported exactly (with the loaded landmarks alone,
// and with landmarks built on the loaded graph, plans of the same abstract cost as without; valid
// paths); a loaded subgoal graph has a fresh build's subgoals and SubgoalSearch over it
// returns only valid paths, never cheaper than A*'s, their cost reported exactly (a tampered file
// may hide a path). Any other exception, crash, leak or undefined behaviour is a defect.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "pathing/io/precomputed.hpp"
#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/precompute/landmark_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/hpa_star.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/subgoal_search.hpp"
#include "support/precomputed_bytes.hpp"
#include "support/reference.hpp"

namespace {

using namespace pathing;

struct FuzzGrid {
  Grid grid;
  GridLayer layer;
};

// Three grids: a 1 x 1 open cell; 7 x 5 with walls and four terrain costs; 9 x 3 with walls.
const FuzzGrid& fuzz_grid(unsigned which) {
  static const FuzzGrid grids[3] = {
      {Grid(1, 1), GridLayer{1}},
      [] {
        Grid g(7, 5);
        const char* rows[5] = {"0123#01", "1#2#310", "00#1122", "3#00#01", "0120#33"};
        for (int y = 0; y < 5; ++y) {
          for (int x = 0; x < 7; ++x) {
            const char c = rows[y][x];
            g.set_cell({x, y}, c == '#' ? Grid::kBlockedBit : static_cast<std::uint8_t>(c - '0'));
          }
        }
        return FuzzGrid{g, GridLayer{1, 2, 5, 9}};
      }(),
      [] {
        Grid g(9, 3);
        const char* rows[3] = {"..#......", ".#..#.##.", "...#....."};
        for (int y = 0; y < 3; ++y)
          for (int x = 0; x < 9; ++x) g.set_blocked({x, y}, rows[y][x] == '#');
        return FuzzGrid{g, GridLayer{1}};
      }(),
  };
  return grids[which % 3];
}

// save(load(f)) == f, but for the library version that wrote the file (bytes 16-19: recorded,
// not checked on load) and so the checksum.
bool same_file(const std::string& saved, const std::string& file) {
  if (saved.size() != file.size() || saved.size() < 28) return false;
  for (std::size_t i = 0; i + 8 < saved.size(); ++i)
    if ((i < 16 || i >= 20) && saved[i] != file[i]) return false;
  return true;
}

void check_error(const io::PrecomputedError& e, const std::string& name, std::size_t size) {
  const std::string what = e.what();
  fuzz::check(what.rfind(name + ": ", 0) == 0, "error message without the file name: " + what);
  fuzz::check(what.size() > name.size() + 2, "empty error message");
  fuzz::check(e.byte() >= -1 && e.byte() <= static_cast<std::int64_t>(size),
              "error byte outside the file: " + what);
  fuzz::check(e.code() == ErrorCode::parse_error, "parse error with another code: " + what);
}

void check_landmarks(const LandmarkMap& m, const FuzzGrid& g) {
  AStar plain;
  AStar alt;
  std::vector<GridCoord> p1;
  std::vector<GridCoord> p2;
  SearchOptions base;
  base.connectivity = m.options().connectivity;  // a 4-connected map serves only 4-connected A*
  SearchOptions o = base;
  o.landmarks = &m;
  const int cols = g.grid.cols();
  const int rows = g.grid.rows();
  for (int q = 0; q < 6; ++q) {
    const GridCoord a{(q * 5) % cols, (q * 3) % rows};
    const GridCoord b{(cols - 1 - q * 2 % cols + cols) % cols, (rows - 1 + q) % rows};
    const PathResult r1 = plain.find_path(g.grid, g.layer, a, b, p1, base);
    const PathResult r2 = alt.find_path(g.grid, g.layer, a, b, p2, o);
    fuzz::check(r1.status == r2.status, "landmarks change a search's status");
    // (Only found paths: a failed search's partial path ends at the cell of least h, which the
    // landmarks' bound may rank otherwise.)
    if (r1.status == SearchStatus::found)
      fuzz::check(r1.cost == r2.cost, "landmarks change a path's cost (inadmissible bound)");
  }
}

void check_hierarchy(const HierarchyMap& m, const FuzzGrid& g) {
  const HierarchyMap fresh(g.grid, g.layer, m.options());
  fuzz::check(m.sector_count() == fresh.sector_count(), "hierarchy sector count");
  for (std::uint32_t s = 0; s < m.sector_count(); ++s)
    fuzz::check(m.sector_nodes(s) == fresh.sector_nodes(s), "hierarchy nodes differ from a build");
  AStar astar;
  HpaStar hpa;
  std::vector<GridCoord> p1;
  std::vector<GridCoord> p2;
  SearchOptions o;
  o.connectivity = m.options().connectivity;
  const int cols = g.grid.cols();
  const int rows = g.grid.rows();
  for (int q = 0; q < 6; ++q) {
    const GridCoord a{(q * 5) % cols, (q * 3) % rows};
    const GridCoord b{(cols - 1 - q * 2 % cols + cols) % cols, (rows - 1 + q) % rows};
    const PathResult r1 = astar.find_path(g.grid, g.layer, a, b, p1, o);
    const PathResult r2 = hpa.find_path(g.grid, g.layer, m, a, b, p2, o);
    fuzz::check(r1.status == r2.status, "HpaStar over a loaded hierarchy: another status");
    if (r2.status != SearchStatus::found) continue;
    fuzz::check(
        test::validate_path(g.grid, g.layer, o.connectivity, a, p2).empty() && p2.back() == b,
        "HpaStar over a loaded hierarchy: an invalid path");
    fuzz::check(r2.cost == test::path_cost_units(g.grid, g.layer, p2),
                "HpaStar over a loaded hierarchy: the cost reported is not the path's");
    fuzz::check(r2.cost + 1e-9 >= r1.cost, "HpaStar over a loaded hierarchy: cheaper than A*");
  }
  // A map for units larger than a cell (format version 3): every size finds a path exactly when
  // A* over the map's own clearance map does, valid on that size's unit grid, never cheaper.
  for (int k = 2; k <= m.max_unit_size(); ++k) {
    SearchOptions u = o;
    u.unit_size = k;
    SearchOptions ua = u;
    ua.clearance = &m.clearance();
    const Grid& ug = *m.clearance().unit_grid(k);
    for (int q = 0; q < 6; ++q) {
      const GridCoord a{(q * 3) % cols, (q * 2) % rows};
      const GridCoord b{(cols - 1 - q % cols + cols) % cols, (rows - 1 + 2 * q) % rows};
      const PathResult r1 = astar.find_path(g.grid, g.layer, a, b, p1, ua);
      const PathResult r2 = hpa.find_path(g.grid, g.layer, m, a, b, p2, u);
      fuzz::check(r1.status == r2.status, "HpaStar for a big unit: another status than A*'s");
      if (r2.status != SearchStatus::found) continue;
      fuzz::check(
          test::validate_path(ug, m.clearance().unit_layer(), o.connectivity, a, p2).empty() &&
              p2.back() == b,
          "HpaStar for a big unit: an invalid path");
      fuzz::check(r2.cost + 1e-9 >= r1.cost, "HpaStar for a big unit: cheaper than A*");
    }
  }
  // The loaded graph without its loaded landmarks and clusters (format version 2): the baseline.
  HierarchyMap base = m;
  base.drop_landmarks();
  base.drop_clusters();
  HpaStar plain;
  plain.set_landmarks(false);
  // Loaded landmarks alone: the loader checked them to be a feasible potential of the loaded
  // graph, so the abstract cost at weight 1 is the baseline's.
  if (m.landmark_count() > 0) {
    HierarchyMap lm_only = m;
    lm_only.drop_clusters();
    for (int q = 0; q < 6; ++q) {
      const GridCoord a{(q * 2) % cols, (q * 5) % rows};
      const GridCoord b{(cols - 1 - q * 4 % cols + cols) % cols, (rows - 1 + q) % rows};
      const PathResult r1 = plain.plan(g.grid, g.layer, base, a, b, o);
      const PathResult r2 = hpa.plan(g.grid, g.layer, lm_only, a, b, o);
      fuzz::check(r1.status == r2.status, "loaded HPA* landmarks change a plan's status");
      fuzz::check(r1.cost == r2.cost,
                  "loaded HPA* landmarks change the abstract cost (inadmissible bound)");
    }
  }
  // Landmarks on the loaded graph (whatever edge costs it holds): exact for that graph, so the
  // abstract cost at weight 1 stays the same, and paths stay valid.
  HierarchyMap with = base;
  fuzz::check(with.build_landmarks(g.grid, 3), "build_landmarks refused a current map");
  for (int q = 0; q < 6; ++q) {
    const GridCoord a{(q * 7) % cols, (q * 5) % rows};
    const GridCoord b{(cols - 1 - q * 3 % cols + cols) % cols, (rows - 1 + 2 * q) % rows};
    const PathResult r1 = plain.plan(g.grid, g.layer, base, a, b, o);
    const PathResult r2 = hpa.plan(g.grid, g.layer, with, a, b, o);
    fuzz::check(r1.status == r2.status, "HPA* landmarks change a plan's status");
    fuzz::check(r1.cost == r2.cost, "HPA* landmarks change the abstract cost (inadmissible bound)");
    const PathResult r3 = hpa.find_path(g.grid, g.layer, with, a, b, p2, o);
    if (r3.status != SearchStatus::found) continue;
    fuzz::check(
        test::validate_path(g.grid, g.layer, o.connectivity, a, p2).empty() && p2.back() == b,
        "HpaStar with landmarks: an invalid path");
  }
  // Two levels on the loaded graph (with its landmarks): the level-2 graph keeps the abstract
  // distances of whatever graph was loaded, so the cost at weight 1 stays the same, and the lazily
  // expanded paths stay valid.
  HierarchyMap two = with;
  if (m.max_unit_size() > 1) {  // clusters serve only maps of one-cell units
    fuzz::check(!two.build_clusters(g.grid, 2), "build_clusters took a map for big units");
    return;
  }
  fuzz::check(two.build_clusters(g.grid, 2), "build_clusters refused a current map");
  for (int q = 0; q < 6; ++q) {
    const GridCoord a{(q * 3) % cols, (q * 7) % rows};
    const GridCoord b{(cols - 1 - q * 5 % cols + cols) % cols, (rows - 1 + 3 * q) % rows};
    const PathResult r1 = plain.plan(g.grid, g.layer, base, a, b, o);
    const PathResult r2 = hpa.find_path(g.grid, g.layer, two, a, b, p2, o);
    fuzz::check(r1.status == r2.status, "HPA* clusters change a plan's status");
    if (r2.status != SearchStatus::found) continue;
    fuzz::check(r1.cost == hpa.plan(g.grid, g.layer, two, a, b, o).cost,
                "HPA* clusters change the abstract cost");
    fuzz::check(
        test::validate_path(g.grid, g.layer, o.connectivity, a, p2).empty() && p2.back() == b,
        "HpaStar with clusters: an invalid path");
  }
}

void check_subgoal(const SubgoalGraph& m, const FuzzGrid& g) {
  const SubgoalGraph fresh(g.grid, g.layer);
  fuzz::check(m.subgoal_count() == fresh.subgoal_count() && m.edge_count() == fresh.edge_count(),
              "subgoal graph differs from a build");
  if (g.layer.uniform_cost() == 0) return;  // SubgoalSearch answers unsupported
  AStar astar;
  SubgoalSearch search;
  std::vector<GridCoord> p1;
  std::vector<GridCoord> p2;
  const int cols = g.grid.cols();
  const int rows = g.grid.rows();
  for (int q = 0; q < 6; ++q) {
    const GridCoord a{(q * 5) % cols, (q * 3) % rows};
    const GridCoord b{(cols - 1 - q * 2 % cols + cols) % cols, (rows - 1 + q) % rows};
    const PathResult r1 = astar.find_path(g.grid, g.layer, a, b, p1, {Connectivity::eight});
    const PathResult r2 = search.find_path(g.grid, m, a, b, p2);
    if (r2.status != SearchStatus::found) continue;
    fuzz::check(r1.found(), "SubgoalSearch over a loaded graph: a path A* does not find");
    fuzz::check(
        test::validate_path(g.grid, g.layer, Connectivity::eight, a, p2).empty() && p2.back() == b,
        "SubgoalSearch over a loaded graph: an invalid path");
    fuzz::check(r2.cost == test::path_cost_units(g.grid, g.layer, p2),
                "SubgoalSearch over a loaded graph: the cost reported is not the path's");
    fuzz::check(r2.cost + 1e-9 >= r1.cost, "SubgoalSearch over a loaded graph: cheaper than A*");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const unsigned mode = data[0];
  const FuzzGrid& g = fuzz_grid(mode & 3u);
  std::string bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  if ((mode & 4u) != 0) test::fix_precomputed_checksum(bytes);
  const std::string name = "fuzz.prep";

  try {
    const JpsPlusMap m = io::parse_jps_plus(bytes, g.grid, g.layer, name);
    fuzz::check(m.is_current(g.grid, g.layer), "loaded JPS+ table not current");
    fuzz::check(m == JpsPlusMap(g.grid, g.layer), "loaded JPS+ table differs from the built one");
    fuzz::check(same_file(io::serialize_jps_plus(m, g.grid), bytes), "JPS+ save(load(f)) != f");
    fuzz::check(io::try_parse_jps_plus(bytes, g.grid, g.layer, name).has_value(),
                "try_parse_jps_plus disagrees");
  } catch (const io::PrecomputedError& e) {
    check_error(e, name, bytes.size());
    Error err;
    fuzz::check(!io::try_parse_jps_plus(bytes, g.grid, g.layer, name, &err).has_value() &&
                    err.message == e.what(),
                "try_parse_jps_plus disagrees with parse_jps_plus");
  }

  try {
    const LandmarkMap m = io::parse_landmarks(bytes, g.grid, g.layer, name);
    fuzz::check(m.is_current(g.grid, g.layer), "loaded landmark map not current");
    fuzz::check(m.count() >= 0 && m.count() <= LandmarkMap::kMaxLandmarks, "landmark count");
    // Either width loads (the fraction-bits field's high half: 0 = 32-bit, 16 = 16-bit).
    fuzz::check(m.storage() == LandmarkStorage::bits32 || m.storage() == LandmarkStorage::bits16,
                "landmark storage");
    fuzz::check(m.fraction_bits() >= (m.storage() == LandmarkStorage::bits16 ? 0 : 1) &&
                    m.fraction_bits() <= cost::kFractionBits,
                "landmark fraction bits");
    fuzz::check(same_file(io::serialize_landmarks(m, g.grid, g.layer), bytes),
                "landmark save(load(f)) != f");
    check_landmarks(m, g);
  } catch (const io::PrecomputedError& e) {
    check_error(e, name, bytes.size());
    Error err;
    fuzz::check(!io::try_parse_landmarks(bytes, g.grid, g.layer, name, &err).has_value() &&
                    err.message == e.what(),
                "try_parse_landmarks disagrees with parse_landmarks");
  }

  try {
    const HierarchyMap m = io::parse_hierarchy(bytes, g.grid, g.layer, name);
    fuzz::check(m.is_current(g.grid, g.layer), "loaded hierarchy not current");
    fuzz::check(same_file(io::serialize_hierarchy(m, g.grid), bytes),
                "hierarchy save(load(f)) != f");
    fuzz::check(io::try_parse_hierarchy(bytes, g.grid, g.layer, name).has_value(),
                "try_parse_hierarchy disagrees");
    check_hierarchy(m, g);
  } catch (const io::PrecomputedError& e) {
    check_error(e, name, bytes.size());
    Error err;
    fuzz::check(!io::try_parse_hierarchy(bytes, g.grid, g.layer, name, &err).has_value() &&
                    err.message == e.what(),
                "try_parse_hierarchy disagrees with parse_hierarchy");
  }

  try {
    const SubgoalGraph m = io::parse_subgoal_graph(bytes, g.grid, g.layer, name);
    fuzz::check(m.is_current(g.grid, g.layer), "loaded subgoal graph not current");
    fuzz::check(same_file(io::serialize_subgoal_graph(m, g.grid), bytes),
                "subgoal graph save(load(f)) != f");
    fuzz::check(io::try_parse_subgoal_graph(bytes, g.grid, g.layer, name).has_value(),
                "try_parse_subgoal_graph disagrees");
    check_subgoal(m, g);
  } catch (const io::PrecomputedError& e) {
    check_error(e, name, bytes.size());
    Error err;
    fuzz::check(!io::try_parse_subgoal_graph(bytes, g.grid, g.layer, name, &err).has_value() &&
                    err.message == e.what(),
                "try_parse_subgoal_graph disagrees with parse_subgoal_graph");
  }
  return 0;
}
