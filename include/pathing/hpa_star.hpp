// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/search/hpa_star.hpp> instead (see
// CHANGELOG.md).
#pragma once

#include "pathing/search/hpa_star.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/hpa_star.hpp> is deprecated: include <pathing/search/hpa_star.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
