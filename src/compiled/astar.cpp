// pathing_compiled (PATHING_COMPILED): AStar's queries and search loops, defined once, with the
// bit-parallel BFS its bounded queries try first.
#include "pathing/search/astar.hpp"
#include "pathing/search/astar/astar_impl.hpp"
