// The one front-end of every grid search (detail::start_grid_query): the same faulty query gets
// the same status from AStar, GreedyBestFirst, Jps, JpsPlus, SubgoalSearch and HpaStar, because
// every search checks in one order: unit grid -> options -> endpoints -> regions. Each case below
// holds two faults, so that it fails when two steps swap.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "pathing/precompute/clearance_map.hpp"
#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/precompute/region_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "pathing/search/hpa_star.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/subgoal_search.hpp"
#include "support/layers.hpp"

namespace pathing::front_end_test {
namespace {

using test::kWalk;

/// One search's unbounded query, as a function of (grid, options): from (1, 1) to `to`.
struct Search {
  std::string name;
  std::function<PathResult(const Grid&, GridCoord, std::vector<GridCoord>&, const SearchOptions&)>
      run;
};

/// 24 x 24 open cells, a wall at x = 12 from y = 0 to y = 23 (the right half is unreachable).
Grid walled_map() {
  Grid g(24, 24);
  for (int y = 0; y < 24; ++y) g.set_blocked({12, y}, true);
  return g;
}

/// The query of a search `S` with a `find_path(grid, layer, from, to, out, options)`.
template <class S>
Search plain(std::string name) {
  return {std::move(name),
          [](const Grid& g, GridCoord to, std::vector<GridCoord>& out, const SearchOptions& o) {
            S search;
            return search.find_path(g, kWalk, {1, 1}, to, out, o);
          }};
}

std::vector<Search> searches(const HierarchyMap& hierarchy) {
  std::vector<Search> s{plain<AStar>("AStar"), plain<GreedyBestFirst>("GreedyBestFirst"),
                        plain<Jps>("Jps"), plain<JpsPlus>("JpsPlus"),
                        plain<SubgoalSearch>("SubgoalSearch")};
  s.push_back({"HpaStar", [&hierarchy](const Grid& g, GridCoord to, std::vector<GridCoord>& out,
                                       const SearchOptions& o) {
                 HpaStar hpa;
                 return hpa.find_path(g, kWalk, hierarchy, {1, 1}, to, out, o);
               }});
  return s;
}

const std::vector<GridCoord> kUntouched{{7, 7}};

TEST(FrontEnd, EverySearchChecksUnitGridThenOptionsThenEndpoints) {
  Grid g = walled_map();
  HierarchyOptions ho;
  ho.sector_size = 8;
  ho.max_unit_size = 2;
  const HierarchyMap hierarchy(g, kWalk, ho);
  const ClearanceMap clearance(g, kWalk, 2);
  const double nan = std::nan("");
  for (const Search& s : searches(hierarchy)) {
    SCOPED_TRACE(s.name);
    std::vector<GridCoord> out = kUntouched;
    SearchOptions o;
    o.clearance = &clearance;

    // Options before endpoints: a NaN weight and a goal off the grid.
    o.weight = nan;
    EXPECT_EQ(s.run(g, {40, 1}, out, o).status, SearchStatus::invalid_argument);
    // Unit grid before options: a unit size the clearance maps do not serve, and a NaN weight,
    // are both invalid_argument; a unit size they serve passes.
    o.unit_size = 3;
    EXPECT_EQ(s.run(g, {2, 2}, out, o).status, SearchStatus::invalid_argument);
    o.weight = 1.0;
    EXPECT_EQ(s.run(g, {2, 2}, out, o).status, SearchStatus::invalid_argument);
    o.unit_size = 2;
    EXPECT_EQ(s.run(g, {4, 4}, out, o).status, SearchStatus::found);
    // Endpoints on the unit grid: a goal off it.
    EXPECT_EQ(s.run(g, {1, 40}, out, o).status, SearchStatus::invalid_endpoint);
    EXPECT_EQ(out, std::vector<GridCoord>({{1, 1}, {2, 2}, {3, 3}, {4, 4}})) << "kept from found";
    out = kUntouched;
    o.unit_size = 1;
    EXPECT_EQ(s.run(g, {-1, 1}, out, o).status, SearchStatus::invalid_endpoint);
    EXPECT_EQ(out, kUntouched);
  }

  // Unit grid before options, once the grid was written: the unit grids are stale (HpaStar: the
  // map's own), which the unit step finds before the NaN weight.
  g.set_blocked({20, 20}, true);
  for (const Search& s : searches(hierarchy)) {
    SCOPED_TRACE(s.name);
    std::vector<GridCoord> out = kUntouched;
    SearchOptions o;
    o.clearance = &clearance;
    o.unit_size = 2;
    o.weight = nan;
    EXPECT_EQ(s.run(g, {4, 4}, out, o).status, SearchStatus::stale);
    o.unit_size = 1;
    EXPECT_EQ(s.run(g, {4, 4}, out, o).status, SearchStatus::invalid_argument);
    EXPECT_EQ(out, kUntouched);
  }
}

TEST(FrontEnd, EverySearchChecksEndpointsThenRegions) {
  Grid g = walled_map();
  HierarchyOptions ho;
  ho.sector_size = 8;
  const HierarchyMap hierarchy(g, kWalk, ho);
  const RegionMap regions(g, kWalk);
  for (const Search& s : searches(hierarchy)) {
    SCOPED_TRACE(s.name);
    const bool hpa = s.name == "HpaStar";  // region maps are an option HPA* does not take
    std::vector<GridCoord> out = kUntouched;
    SearchOptions o;
    o.regions = &regions;
    // A goal off the grid is found before anything the region map says.
    EXPECT_EQ(s.run(g, {30, 1}, out, o).status,
              hpa ? SearchStatus::unsupported : SearchStatus::invalid_endpoint);
    EXPECT_EQ(out, kUntouched);
    // A goal behind the wall: unreachable at once, 0 expansions, out = {from}.
    const PathResult r = s.run(g, {20, 5}, out, o);
    if (hpa) {
      EXPECT_EQ(r.status, SearchStatus::unsupported);
      EXPECT_EQ(out, kUntouched);
    } else {
      EXPECT_EQ(r.status, SearchStatus::unreachable);
      EXPECT_EQ(r.stats.expanded, 0u);
      EXPECT_EQ(r.finish, (GridCoord{1, 1}));
      EXPECT_EQ(out, std::vector<GridCoord>({{1, 1}}));
    }
  }
  // A region map built before a write is stale; an endpoint off the grid still comes first.
  g.set_blocked({5, 20}, true);
  for (const Search& s : searches(hierarchy)) {
    if (s.name == "HpaStar") continue;
    SCOPED_TRACE(s.name);
    std::vector<GridCoord> out = kUntouched;
    SearchOptions o;
    o.regions = &regions;
    EXPECT_EQ(s.run(g, {1, 30}, out, o).status, SearchStatus::invalid_endpoint);
    EXPECT_EQ(s.run(g, {5, 5}, out, o).status, SearchStatus::stale);
    EXPECT_EQ(out, kUntouched);
  }
}

}  // namespace
}  // namespace pathing::front_end_test
