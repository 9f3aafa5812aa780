// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/agent/chain.hpp> instead (see
// CHANGELOG.md).
#pragma once

#include "pathing/agent/chain.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/chain.hpp> is deprecated: include <pathing/agent/chain.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
