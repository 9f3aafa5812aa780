// pathing: fast grid path-finding. MIT licensed.
//
// Deprecated header path, kept for one release: include <pathing/field/sector_flow_field.hpp>
// instead (see CHANGELOG.md).
#pragma once

#include "pathing/field/sector_flow_field.hpp"

#if !defined(PATHING_NO_DEPRECATED_HEADER_MESSAGE)
#pragma message( \
    "<pathing/sector_flow_field.hpp> is deprecated: include <pathing/field/sector_flow_field.hpp> (define PATHING_NO_DEPRECATED_HEADER_MESSAGE to silence this)")
#endif
