// pathing_compiled (PATHING_COMPILED): the cold parts of Grid, defined once.
#include "pathing/map/grid.hpp"
#include "pathing/map/grid_impl.hpp"
