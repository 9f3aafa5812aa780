// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/agent/path_follower.hpp> instead
// (see CHANGELOG.md).
#pragma once

#include "pathing/agent/path_follower.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/follower.hpp> is deprecated: include <pathing/agent/path_follower.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
