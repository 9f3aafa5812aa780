// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/map/map_sync.hpp> instead (see
// CHANGELOG.md).
#pragma once

#include "pathing/map/map_sync.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/map_sync.hpp> is deprecated: include <pathing/map/map_sync.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
