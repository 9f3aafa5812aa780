// pathing: fast grid path-finding. MIT licensed.
#pragma once

/// Library version, semantic versioning.
#define PATHING_VERSION_MAJOR 0
#define PATHING_VERSION_MINOR 1
#define PATHING_VERSION_PATCH 0
/// Version as one number: major * 10000 + minor * 100 + patch.
#define PATHING_VERSION \
  (PATHING_VERSION_MAJOR * 10000 + PATHING_VERSION_MINOR * 100 + PATHING_VERSION_PATCH)
/// Version as text.
#define PATHING_VERSION_STRING "0.1.0"
