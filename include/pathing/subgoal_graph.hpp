// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/precompute/subgoal_graph.hpp> and
// <pathing/search/subgoal_search.hpp> instead (see CHANGELOG.md).
#pragma once

#include "pathing/precompute/subgoal_graph.hpp"
#include "pathing/search/subgoal_search.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/subgoal_graph.hpp> is deprecated: include <pathing/precompute/subgoal_graph.hpp> and <pathing/search/subgoal_search.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
