// pathing: fast grid path-finding. MIT licensed.
//
// Umbrella header: the whole single-threaded header-only core. Not included: `batch.hpp`
// (PathBatch, which brings in <thread>, <mutex>, <condition_variable>): include
// <pathing/agent/path_batch.hpp> for it. Every header also compiles on its own; including only the
// ones a file uses compiles faster (docs/benchmarks.md, "Compile time").
#pragma once

#include "pathing/agent/chain.hpp"
#include "pathing/agent/path_convert.hpp"
#include "pathing/agent/path_follower.hpp"
#include "pathing/agent/smoothing.hpp"
#include "pathing/field/dijkstra.hpp"
#include "pathing/field/field_repair.hpp"
#include "pathing/field/flow_field.hpp"
#include "pathing/field/sector_flow_field.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/graph.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/grid_graph.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/map_sync.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/map/path.hpp"
#include "pathing/map/world.hpp"
#include "pathing/precompute/clearance_map.hpp"
#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/precompute/jps_map.hpp"
#include "pathing/precompute/region_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/graph_astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "pathing/search/hpa_star.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/result.hpp"
#include "pathing/search/searcher.hpp"
#include "pathing/search/subgoal_search.hpp"
#include "pathing/version.hpp"
