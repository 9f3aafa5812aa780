// pathing_compiled (PATHING_COMPILED): GreedyBestFirst's queries and search loops, defined once,
// with the bit-parallel BFS its bounded queries try first.
#include "pathing/search/greedy_best_first.hpp"
#include "pathing/search/greedy_best_first/greedy_best_first_impl.hpp"
