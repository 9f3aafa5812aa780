// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/precompute/region_map.hpp> instead
// (see CHANGELOG.md).
#pragma once

#include "pathing/precompute/region_map.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/regions.hpp> is deprecated: include <pathing/precompute/region_map.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
