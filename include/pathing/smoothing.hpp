// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/agent/smoothing.hpp> instead (see
// CHANGELOG.md).
#pragma once

#include "pathing/agent/smoothing.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/smoothing.hpp> is deprecated: include <pathing/agent/smoothing.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
