// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/search/greedy_best_first.hpp>
// instead (see CHANGELOG.md).
#pragma once

#include "pathing/search/greedy_best_first.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/greedy_bfs.hpp> is deprecated: include <pathing/search/greedy_best_first.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
