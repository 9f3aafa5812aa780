// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/search/searcher.hpp> instead (see
// CHANGELOG.md).
#pragma once

#include "pathing/search/searcher.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/searcher.hpp> is deprecated: include <pathing/search/searcher.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
