// pathing_compiled (PATHING_COMPILED): the cold parts of Grid and GridLayer (their checks and
// error messages), defined once.
#include "pathing/map/grid.hpp"
#include "pathing/map/grid_impl.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/layer_impl.hpp"
