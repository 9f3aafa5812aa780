// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/field/field_repair.hpp> instead
// (see CHANGELOG.md).
#pragma once

#include "pathing/field/field_repair.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/field_repair.hpp> is deprecated: include <pathing/field/field_repair.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
