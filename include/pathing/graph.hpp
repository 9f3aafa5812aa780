// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/map/graph.hpp> instead (see
// CHANGELOG.md).
#pragma once

#include "pathing/map/graph.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/graph.hpp> is deprecated: include <pathing/map/graph.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
