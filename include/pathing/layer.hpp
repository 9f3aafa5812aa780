// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/map/layer.hpp> instead (see
// CHANGELOG.md).
#pragma once

#include "pathing/map/layer.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/layer.hpp> is deprecated: include <pathing/map/layer.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
