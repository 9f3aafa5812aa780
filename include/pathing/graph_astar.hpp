// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/search/graph_astar.hpp> instead
// (see CHANGELOG.md).
#pragma once

#include "pathing/search/graph_astar.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/graph_astar.hpp> is deprecated: include <pathing/search/graph_astar.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
