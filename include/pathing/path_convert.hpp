// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/agent/path_convert.hpp> instead
// (see CHANGELOG.md).
#pragma once

#include "pathing/agent/path_convert.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/path_convert.hpp> is deprecated: include <pathing/agent/path_convert.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
