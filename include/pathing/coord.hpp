// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/map/coord.hpp> instead (see
// CHANGELOG.md).
#pragma once

#include "pathing/map/coord.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/coord.hpp> is deprecated: include <pathing/map/coord.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
