// pathing: fast grid path-finding. MIT licensed.
//
// The Python extension `pathing._pathing` (issue #18): the C++ API under the same names, NumPy
// arrays in and out, the GIL released during every query and field computation. One bind_*
// function a concept (bind_*.cpp), called in the order their types are needed.
//
// Layout conventions (docs/python.md): a grid as a NumPy array is (rows, cols), row-major,
// indexed [y, x]; a list of cells or a path is an (n, 2) int32 array of (x, y) rows.
#include "common.hpp"

PYBIND11_MODULE(_pathing, m) {
  pathing_py::bind_results(m);
  pathing_py::bind_map(m);
  pathing_py::bind_search(m);
  pathing_py::bind_hierarchy(m);
  pathing_py::bind_field(m);
  pathing_py::bind_agent(m);
  pathing_py::bind_io(m);
}
