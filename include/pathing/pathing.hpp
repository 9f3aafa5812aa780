// pathing: fast grid path-finding. MIT licensed.
//
// Umbrella header: the whole single-threaded header-only core. Not included: `batch.hpp`
// (PathBatch, which brings in <thread>, <mutex>, <condition_variable>): include
// <pathing/batch.hpp> for it. Every header also compiles on its own; including only the ones a
// file uses compiles faster (docs/benchmarks.md, "Compile time").
#pragma once

#include "pathing/astar.hpp"
#include "pathing/chain.hpp"
#include "pathing/clearance.hpp"
#include "pathing/coord.hpp"
#include "pathing/distance_field.hpp"
#include "pathing/field_repair.hpp"
#include "pathing/flow_field.hpp"
#include "pathing/follower.hpp"
#include "pathing/graph.hpp"
#include "pathing/graph_astar.hpp"
#include "pathing/greedy_bfs.hpp"
#include "pathing/grid.hpp"
#include "pathing/grid_graph.hpp"
#include "pathing/hierarchy.hpp"
#include "pathing/hpa_star.hpp"
#include "pathing/jps.hpp"
#include "pathing/jps_map.hpp"
#include "pathing/jps_plus.hpp"
#include "pathing/layer.hpp"
#include "pathing/map_sync.hpp"
#include "pathing/moves.hpp"
#include "pathing/path.hpp"
#include "pathing/path_convert.hpp"
#include "pathing/regions.hpp"
#include "pathing/result.hpp"
#include "pathing/searcher.hpp"
#include "pathing/sector_flow_field.hpp"
#include "pathing/smoothing.hpp"
#include "pathing/subgoal_graph.hpp"
#include "pathing/version.hpp"
#include "pathing/world.hpp"
