// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/map/world.hpp> instead (see
// CHANGELOG.md).
#pragma once

#include "pathing/map/world.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/world.hpp> is deprecated: include <pathing/map/world.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
