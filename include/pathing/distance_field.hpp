// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/field/dijkstra.hpp> instead (see
// CHANGELOG.md).
#pragma once

#include "pathing/field/dijkstra.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/distance_field.hpp> is deprecated: include <pathing/field/dijkstra.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
