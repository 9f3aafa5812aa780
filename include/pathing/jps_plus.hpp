// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/precompute/jps_plus_map.hpp> and
// <pathing/search/jps_plus.hpp> and <pathing/search/jps.hpp> instead (see CHANGELOG.md).
#pragma once

#include "pathing/precompute/jps_plus_map.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/jps_plus.hpp> is deprecated: include <pathing/precompute/jps_plus_map.hpp> and <pathing/search/jps_plus.hpp> and <pathing/search/jps.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
