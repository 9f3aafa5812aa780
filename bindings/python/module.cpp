// pathing: fast grid path-finding. MIT licensed.
//
// The Python extension `pathing._pathing` (issue #18): the C++ API under the same names, NumPy
// arrays in and out, the GIL released during every query and field computation.
//
// Layout conventions (docs/python.md): a grid as a NumPy array is (rows, cols), row-major,
// indexed [y, x]; a list of cells or a path is an (n, 2) int32 array of (x, y) rows.
#include <pybind11/numpy.h>
#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>
#include <structmember.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "pathing/agent/path_batch.hpp"
#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/io/precomputed.hpp"
#include "pathing/pathing.hpp"
#include "pathing/version.hpp"

#if PATHING_PYTHON_ALLOC_COUNTER
#include "alloc_counter/alloc_counter.hpp"
#endif

namespace py = pybind11;
using namespace pathing;

static_assert(sizeof(GridCoord) == 2 * sizeof(std::int32_t) && std::is_standard_layout_v<GridCoord>,
              "a GridCoord array is an (n, 2) int32 array");

// --- GridCoord <-> (x, y)
// -------------------------------------------------------------------------
namespace pybind11::detail {
template <>
struct type_caster<GridCoord> {
  PYBIND11_TYPE_CASTER(GridCoord, const_name("tuple[int, int]"));

  bool load(handle src, bool convert) {
    if (!src) return false;
    PyObject* o = src.ptr();
    PyObject* a = nullptr;
    PyObject* b = nullptr;
    object keep;
    if (PyTuple_Check(o) && PyTuple_GET_SIZE(o) == 2) {
      a = PyTuple_GET_ITEM(o, 0);
      b = PyTuple_GET_ITEM(o, 1);
    } else if (PyList_Check(o) && PyList_GET_SIZE(o) == 2) {
      a = PyList_GET_ITEM(o, 0);
      b = PyList_GET_ITEM(o, 1);
    } else {
      if (!convert || PyUnicode_Check(o) || !PySequence_Check(o) || PySequence_Size(o) != 2) {
        PyErr_Clear();
        return false;
      }
      keep = reinterpret_steal<object>(PySequence_Tuple(o));
      if (!keep) {
        PyErr_Clear();
        return false;
      }
      a = PyTuple_GET_ITEM(keep.ptr(), 0);
      b = PyTuple_GET_ITEM(keep.ptr(), 1);
    }
    make_caster<int> cx;
    make_caster<int> cy;
    if (!cx.load(a, convert) || !cy.load(b, convert)) return false;
    value = GridCoord{cast_op<int>(cx), cast_op<int>(cy)};
    return true;
  }

  static handle cast(GridCoord c, return_value_policy, handle) {
    return make_tuple(c.x, c.y).release();
  }
};
}  // namespace pybind11::detail

namespace {

using CoordArray = py::array_t<std::int32_t, py::array::c_style>;

// An (n, 2) int32 array copied from cells.
// Made through the NumPy C API directly: pybind11's array constructors build std::vectors for
// the shape and strides (two operator new calls a path).
CoordArray to_array(const GridCoord* cells, std::size_t n) {
  auto& api = py::detail::npy_api::get();
  Py_intptr_t dims[2] = {static_cast<Py_intptr_t>(n), 2};
  PyObject* descr = api.PyArray_DescrFromType_(py::detail::npy_api::NPY_INT32_);
  if (descr == nullptr) throw py::error_already_set();
  PyObject* arr = api.PyArray_NewFromDescr_(api.PyArray_Type_, descr, 2, dims, nullptr, nullptr, 0,
                                            nullptr);  // steals descr
  if (arr == nullptr) throw py::error_already_set();
  if (n != 0) std::memcpy(py::detail::array_proxy(arr)->data, cells, n * sizeof(GridCoord));
  return py::reinterpret_steal<CoordArray>(arr);
}
CoordArray to_array(const std::vector<GridCoord>& cells) {
  return to_array(cells.data(), cells.size());
}

// Cells from anything NumPy reads as an (n, 2) integer array (a list of (x, y) pairs included).
std::vector<GridCoord> coords_from(const py::handle& obj, const char* what) {
  const py::array any = py::array::ensure(obj);
  if (!any) throw py::type_error(std::string(what) + ": expected an (n, 2) array of (x, y) cells");
  if (any.ndim() == 1 && any.shape(0) == 0) return {};
  if (any.ndim() != 2 || any.shape(1) != 2) {
    throw py::value_error(std::string(what) + ": expected an (n, 2) array of (x, y) cells, got " +
                          std::to_string(any.ndim()) + " dimension(s)" +
                          (any.ndim() >= 1
                               ? ", shape[-1] = " + std::to_string(any.shape(any.ndim() - 1))
                               : std::string()));
  }
  const char kind = any.dtype().kind();
  if (kind != 'i' && kind != 'u') {
    throw py::type_error(std::string(what) + ": expected integer cells, got dtype kind '" +
                         std::string(1, kind) + "'");
  }
  const auto a = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(any);
  const auto n = static_cast<std::size_t>(a.shape(0));
  std::vector<GridCoord> out(n);
  const std::int64_t* p = a.data();
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t x = p[2 * i];
    const std::int64_t y = p[2 * i + 1];
    if (x < INT32_MIN || x > INT32_MAX || y < INT32_MIN || y > INT32_MAX) {
      throw py::value_error(std::string(what) + ": row " + std::to_string(i) +
                            " does not fit in a 32-bit int");
    }
    out[i] = GridCoord{static_cast<int>(x), static_cast<int>(y)};
  }
  return out;
}

// One searcher object per thread: a second thread entering the same searcher while the first one
// runs (the GIL is released during queries) gets an exception instead of a data race.
class Busy {
 public:
  Busy(std::atomic<bool>& flag, const char* name) : flag_(flag) {
    if (flag_.exchange(true, std::memory_order_acquire)) {
      throw std::runtime_error(std::string("pathing.") + name +
                               ": used by two threads at once (one searcher per thread)");
    }
  }
  ~Busy() { flag_.store(false, std::memory_order_release); }
  Busy(const Busy&) = delete;
  Busy& operator=(const Busy&) = delete;

 private:
  std::atomic<bool>& flag_;
};

// A searcher and the C++ buffer its queries reuse (a warm query allocates no C++ memory).
template <class S>
struct Searcher {
  S s;
  std::vector<GridCoord> cells;
  std::atomic<bool> busy{false};
  int last_cols = 0;  // size of the grid of the last unbounded query (for expanded_mask)
  int last_rows = 0;
};

// The Python PathResult, a plain CPython type (not a pybind11 class, whose instances hold a
// C++ object allocated with operator new): made per query with Python's allocator only, so a
// warm find_path allocates no C++ memory. The status is the SearchStatus member object itself
// (cached), `stats` is made on access.
struct PathResultObject {
  PyObject_HEAD PyObject* status;  // a SearchStatus member (strong reference)
  PyObject* finish;                // (x, y) tuple
  PyObject* path;                  // (n, 2) int32 ndarray
  double cost;
  unsigned int moves;
  unsigned long long expanded;
  unsigned long long generated;
  int found;
};

PyTypeObject* g_path_result_type = nullptr;
std::array<PyObject*, 10> g_status_objects{};  // SearchStatus members, by value

PyObject* status_object(SearchStatus s) {
  PyObject* o = g_status_objects[static_cast<std::size_t>(s) % g_status_objects.size()];
  Py_INCREF(o);
  return o;
}

void path_result_dealloc(PyObject* self) {
  auto* r = reinterpret_cast<PathResultObject*>(self);
  PyTypeObject* type = Py_TYPE(self);
  Py_XDECREF(r->status);
  Py_XDECREF(r->finish);
  Py_XDECREF(r->path);
  type->tp_free(self);
  Py_DECREF(type);
}

PyObject* path_result_found(PyObject* self, void*) {
  return PyBool_FromLong(reinterpret_cast<PathResultObject*>(self)->found);
}
PyObject* path_result_partial(PyObject* self, void*) {
  return PyBool_FromLong(!reinterpret_cast<PathResultObject*>(self)->found);
}
PyObject* path_result_stats(PyObject* self, void*) {
  const auto* r = reinterpret_cast<PathResultObject*>(self);
  try {
    return py::cast(SearchStats{r->expanded, r->generated}).release().ptr();
  } catch (py::error_already_set& e) {
    e.restore();
    return nullptr;
  }
}
PyObject* path_result_repr(PyObject* self) {
  const auto* r = reinterpret_cast<PathResultObject*>(self);
  return PyUnicode_FromFormat("PathResult(status=%S, cost=%R, moves=%u)", r->status,
                              py::float_(r->cost).ptr(), r->moves);
}

PyMemberDef g_path_result_members[] = {
    {"status", T_OBJECT_EX, offsetof(PathResultObject, status), READONLY,
     "Why the search ended (SearchStatus)."},
    {"finish", T_OBJECT_EX, offsetof(PathResultObject, finish), READONLY,
     "Last cell of the path, (x, y): the goal, or the best cell reached."},
    {"path", T_OBJECT_EX, offsetof(PathResultObject, path), READONLY,
     "(moves + 1, 2) int32 array of (x, y) cells from the start; (0, 2) when nothing was "
     "searched."},
    {"cost", T_DOUBLE, offsetof(PathResultObject, cost), READONLY,
     "Path cost in cost units (layer costs of the cells entered, diagonals times sqrt(2)), exact "
     "to double precision."},
    {"moves", T_UINT, offsetof(PathResultObject, moves), READONLY, "Number of moves."},
    {nullptr, 0, 0, 0, nullptr}};

PyGetSetDef g_path_result_getset[] = {
    {"found", path_result_found, nullptr, "True when the path reaches the goal.", nullptr},
    {"partial", path_result_partial, nullptr, "True unless the path reaches the goal.", nullptr},
    {"stats", path_result_stats, nullptr, "SearchStats: expanded / generated nodes.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

void register_path_result(py::module_& m) {
  static PyType_Slot slots[] = {
      {Py_tp_dealloc, reinterpret_cast<void*>(&path_result_dealloc)},
      {Py_tp_repr, reinterpret_cast<void*>(&path_result_repr)},
      {Py_tp_members, g_path_result_members},
      {Py_tp_getset, g_path_result_getset},
      {Py_tp_doc, const_cast<char*>("Result of an unbounded query (find_path); read-only.")},
      {0, nullptr}};
  static PyType_Spec spec = {"pathing._pathing.PathResult", sizeof(PathResultObject), 0,
                             Py_TPFLAGS_DEFAULT
#ifdef Py_TPFLAGS_DISALLOW_INSTANTIATION
                                 | Py_TPFLAGS_DISALLOW_INSTANTIATION
#endif
                             ,
                             slots};
  PyObject* type = PyType_FromSpec(&spec);
  if (type == nullptr) throw py::error_already_set();
  g_path_result_type = reinterpret_cast<PyTypeObject*>(type);
  m.add_object("PathResult", py::reinterpret_borrow<py::object>(type));  // keeps a reference
  const py::object enum_type = m.attr("SearchStatus");
  for (std::size_t i = 0; i < g_status_objects.size(); ++i) {
    g_status_objects[i] =
        py::object(enum_type.attr(to_string(static_cast<SearchStatus>(i)).data())).release().ptr();
  }
}

// A new PathResult (Python memory only). Needs the GIL.
py::object make_path_result(const PathResult& r, CoordArray path) {
  PyObject* o = g_path_result_type->tp_alloc(g_path_result_type, 0);
  if (o == nullptr) throw py::error_already_set();
  auto* p = reinterpret_cast<PathResultObject*>(o);
  p->status = status_object(r.status);
  p->finish = Py_BuildValue("(ii)", r.finish.x, r.finish.y);
  p->path = path.release().ptr();
  p->cost = r.cost;
  p->moves = r.moves;
  p->expanded = r.stats.expanded;
  p->generated = r.stats.generated;
  p->found = r.found() ? 1 : 0;
  if (p->finish == nullptr) {
    Py_DECREF(o);
    throw py::error_already_set();
  }
  return py::reinterpret_steal<py::object>(o);
}

struct PyBoundedResult {
  BoundedResult r;
  CoordArray path;
};

bool refused(SearchStatus s) {
  return s == SearchStatus::invalid_endpoint || s == SearchStatus::unsupported ||
         s == SearchStatus::invalid_argument || s == SearchStatus::stale;
}

template <class S, class L>
py::object find_path(Searcher<S>& w, const char* name, const Grid& grid, const L& layer,
                     GridCoord from, GridCoord to, const std::optional<SearchOptions>& options) {
  const Busy busy(w.busy, name);
  PathResult r;
  {
    const py::gil_scoped_release release;
    w.cells.clear();  // capacity kept; a refused query leaves it empty
    r = w.s.find_path(grid, layer, from, to, w.cells, options ? *options : SearchOptions{});
  }
  w.last_cols = grid.cols();
  w.last_rows = grid.rows();
  return make_path_result(r, to_array(w.cells));
}

// find_path as a raw CPython method (METH_FASTCALL | METH_KEYWORDS) rather than a pybind11
// function: pybind11's dispatcher allocates two std::vectors (the arguments and their conversion
// flags) on every call, and costs a few hundred nanoseconds. Arguments: (grid, layer_or_map, start,
// goal, options=None), by position or name ("layer" or "map" for the second).
const char* const kFindPathArgs[] = {"grid", "layer", "start", "goal", "options"};

template <class Caster>
bool load_arg(Caster& c, PyObject* o) {
  return o != nullptr && c.load(py::handle(o), true);
}

template <class S, class Map>
PyObject* fast_find_path(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                         PyObject* kwnames) {
  constexpr const char* kName = "find_path";
  try {
    PyObject* a[5] = {nullptr, nullptr, nullptr, nullptr, nullptr};
    if (nargs > 5) {
      PyErr_Format(PyExc_TypeError, "%s() takes at most 5 arguments (%zd given)", kName, nargs);
      return nullptr;
    }
    for (Py_ssize_t i = 0; i < nargs; ++i) a[i] = args[i];
    if (kwnames != nullptr) {
      const Py_ssize_t nk = PyTuple_GET_SIZE(kwnames);
      for (Py_ssize_t k = 0; k < nk; ++k) {
        PyObject* key = PyTuple_GET_ITEM(kwnames, k);
        int slot = -1;
        for (int j = 0; j < 5; ++j) {
          if (PyUnicode_CompareWithASCIIString(key, kFindPathArgs[j]) == 0) slot = j;
        }
        if (slot < 0 && PyUnicode_CompareWithASCIIString(key, "map") == 0) slot = 1;
        if (slot < 0) {
          PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", kName, key);
          return nullptr;
        }
        if (a[slot] != nullptr) {
          PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", kName,
                       kFindPathArgs[slot]);
          return nullptr;
        }
        a[slot] = args[nargs + k];
      }
    }
    for (int j = 0; j < 4; ++j) {
      if (a[j] == nullptr) {
        PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", kName,
                     kFindPathArgs[j]);
        return nullptr;
      }
    }
    py::detail::make_caster<Searcher<S>> self_c;
    py::detail::make_caster<Grid> grid_c;
    py::detail::make_caster<GridLayer> layer_c;
    py::detail::make_caster<GridCoord> from_c;
    py::detail::make_caster<GridCoord> to_c;
    py::detail::make_caster<SearchOptions> opt_c;
    if (!load_arg(self_c, self)) {
      PyErr_SetString(PyExc_TypeError, "find_path: bad self");
      return nullptr;
    }
    if (!load_arg(grid_c, a[0])) {
      PyErr_Format(PyExc_TypeError, "find_path(): grid must be a pathing.Grid, not %.100s",
                   Py_TYPE(a[0])->tp_name);
      return nullptr;
    }
    if (!load_arg(from_c, a[2]) || !load_arg(to_c, a[3])) {
      PyErr_SetString(PyExc_TypeError,
                      "find_path(): start and goal must be (x, y) pairs of integers");
      return nullptr;
    }
    std::optional<SearchOptions> options;
    if (a[4] != nullptr && a[4] != Py_None) {
      if (!load_arg(opt_c, a[4])) {
        PyErr_Format(PyExc_TypeError,
                     "find_path(): options must be a pathing.SearchOptions or None, not %.100s",
                     Py_TYPE(a[4])->tp_name);
        return nullptr;
      }
      options = py::detail::cast_op<SearchOptions&>(opt_c);
    }
    Searcher<S>& w = py::detail::cast_op<Searcher<S>&>(self_c);
    const Grid& grid = py::detail::cast_op<Grid&>(grid_c);
    const GridCoord from = py::detail::cast_op<GridCoord>(from_c);
    const GridCoord to = py::detail::cast_op<GridCoord>(to_c);
    const char* name = Py_TYPE(self)->tp_name;  // "pathing._pathing.AStar" -> "AStar"
    if (const char* dot = std::strrchr(name, '.')) name = dot + 1;
    if (load_arg(layer_c, a[1])) {
      return find_path(w, name, grid, py::detail::cast_op<GridLayer&>(layer_c), from, to, options)
          .release()
          .ptr();
    }
    if constexpr (!std::is_void_v<Map>) {
      py::detail::make_caster<Map> map_c;
      if (load_arg(map_c, a[1])) {
        return find_path(w, name, grid, py::detail::cast_op<Map&>(map_c), from, to, options)
            .release()
            .ptr();
      }
    }
    PyErr_Format(PyExc_TypeError, "find_path(): layer must be a pathing.GridLayer%s, not %.100s",
                 std::is_void_v<Map> ? "" : " (or the searcher's map type)",
                 Py_TYPE(a[1])->tp_name);
    return nullptr;
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (py::builtin_exception& e) {
    e.set_error();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

template <class S, class Map>
void add_fast_find_path(py::handle cls, const char* doc) {
  static PyMethodDef def = {
      "find_path",
      reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&fast_find_path<S, Map>)),
      METH_FASTCALL | METH_KEYWORDS, doc};
  PyObject* descr = PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), &def);
  if (descr == nullptr || PyObject_SetAttrString(cls.ptr(), "find_path", descr) != 0) {
    Py_XDECREF(descr);
    throw py::error_already_set();
  }
  Py_DECREF(descr);
}

template <class S>
PyBoundedResult build_path(Searcher<S>& w, const char* name, const Grid& grid,
                           const GridLayer& layer, GridCoord from, GridCoord to) {
  const Busy busy(w.busy, name);
  BoundedResult r;
  {
    const py::gil_scoped_release release;
    r = w.s.build_path(grid, layer, from, to);
    if (refused(r.status)) {
      w.cells.clear();
    } else {
      path_to_cells(from, r.path, w.cells);
    }
  }
  return PyBoundedResult{r, to_array(w.cells)};
}

template <class S>
py::array_t<bool> expanded_mask(const Searcher<S>& w) {
  py::array_t<bool> m(
      {static_cast<py::ssize_t>(w.last_rows), static_cast<py::ssize_t>(w.last_cols)});
  bool* p = m.mutable_data();
  for (int y = 0; y < w.last_rows; ++y) {
    for (int x = 0; x < w.last_cols; ++x) *p++ = w.s.was_expanded(GridCoord{x, y});
  }
  return m;
}

// --- Grid <-> NumPy ---------------------------------------------------------------------------
Grid grid_from_numpy(const py::array& tags, const std::optional<py::array>& blocked) {
  if (tags.ndim() != 2) {
    throw py::value_error("pathing.Grid.from_numpy: tags must be a 2-D (rows, cols) array, got " +
                          std::to_string(tags.ndim()) + " dimension(s)");
  }
  const char kind = tags.dtype().kind();
  if (kind != 'u' && kind != 'i' && kind != 'b') {
    throw py::type_error(
        "pathing.Grid.from_numpy: tags must be an integer array (uint8), got dtype kind '" +
        std::string(1, kind) + "'");
  }
  const auto rows = tags.shape(0);
  const auto cols = tags.shape(1);
  Error e;
  std::optional<Grid> made =
      Grid::create(static_cast<int>(std::min<py::ssize_t>(cols, INT32_MAX)),
                   static_cast<int>(std::min<py::ssize_t>(rows, INT32_MAX)), 0, &e);
  if (!made) throw py::value_error(e.message);
  Grid& grid = *made;
  const auto t = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(tags);
  py::array_t<bool, py::array::c_style | py::array::forcecast> b;
  if (blocked) {
    if (blocked->ndim() != 2 || blocked->shape(0) != rows || blocked->shape(1) != cols) {
      throw py::value_error("pathing.Grid.from_numpy: blocked must have the shape of tags (" +
                            std::to_string(rows) + ", " + std::to_string(cols) + ")");
    }
    const char bk = blocked->dtype().kind();
    if (bk != 'b' && bk != 'u' && bk != 'i') {
      throw py::type_error(
          "pathing.Grid.from_numpy: blocked must be a bool or integer array, got dtype kind '" +
          std::string(1, bk) + "'");
    }
    b = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(*blocked);
  }
  const std::int64_t* tp = t.data();
  const bool* bp = blocked ? b.data() : nullptr;
  std::string bad;
  {
    const py::gil_scoped_release release;
    for (int y = 0; y < grid.rows() && bad.empty(); ++y) {
      for (int x = 0; x < grid.cols(); ++x) {
        const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(cols) +
                              static_cast<std::size_t>(x);
        const std::int64_t tag = tp[i];
        if (tag < 0 || tag > Grid::kTagMask) {
          bad = "pathing.Grid.from_numpy: tag " + std::to_string(tag) +
                " at [y=" + std::to_string(y) + ", x=" + std::to_string(x) + "] is outside [0, 7]";
          break;
        }
        const auto v = static_cast<std::uint8_t>(
            tag | ((bp != nullptr && bp[i]) ? Grid::kBlockedBit : std::uint8_t{0}));
        if (v != 0) grid.set_cell(GridCoord{x, y}, v);
      }
    }
  }
  if (!bad.empty()) throw py::value_error(bad);
  return std::move(*made);
}

template <class F>
py::array_t<std::uint8_t> grid_map(const Grid& g, F f) {
  py::array_t<std::uint8_t> a(
      {static_cast<py::ssize_t>(g.rows()), static_cast<py::ssize_t>(g.cols())});
  std::uint8_t* p = a.mutable_data();
  for (int y = 0; y < g.rows(); ++y) {
    for (int x = 0; x < g.cols(); ++x) *p++ = f(g.cell_unchecked(x, y));
  }
  return a;
}

// --- fields: storage shared with NumPy views ---------------------------------------------------
// A field object counts the NumPy views of its storage alive; while any is, recomputing it into
// a grid of another size (which would reallocate the storage under the views) raises
// BufferError, as resizing a bytearray with exported buffers does.
//
// `busy` is set (with the GIL held) while a computation writes the field with the GIL released;
// readers, which hold the GIL, refuse a busy field, so no thread reads storage being rewritten
// or reallocated.
struct PyDistanceField {
  DistanceField f;
  int views = 0;
  std::atomic<bool> busy{false};
};
struct PyFlowField {
  FlowField f;
  int views = 0;
  std::atomic<bool> busy{false};
};

template <class T>
const auto& read(const T& holder) {
  if (holder.busy.load(std::memory_order_acquire)) {
    throw std::runtime_error("pathing: this field is being computed by another thread");
  }
  return holder.f;
}

// Dijkstra and PathBatch with the busy flag of the searchers (one thread at a time).
struct PyDijkstra {
  Dijkstra d;
  std::atomic<bool> busy{false};
};
struct PyPathBatch {
  PathBatch b;
  std::atomic<bool> busy{false};
  explicit PyPathBatch(unsigned threads) : b(threads) {}
};

template <class T>
void check_resize(const T& holder, const Grid& grid, const char* what) {
  if (holder.views > 0 && (holder.f.cols() != grid.cols() || holder.f.rows() != grid.rows())) {
    throw py::buffer_error(std::string("pathing.") + what +
                           ": cannot compute into a field of another size while NumPy views of "
                           "it exist (delete them, or use a new field)");
  }
}

// A read-only (rows, cols) view of `data`, keeping `owner` alive and counted in `*views`.
template <class T>
py::array view_of(const T* data, int rows, int cols, py::handle owner, int* views) {
  owner.inc_ref();
  ++*views;
  struct Ctx {
    PyObject* owner;
    int* views;
  };
  auto* ctx = new Ctx{owner.ptr(), views};
  py::capsule base(ctx, [](void* p) {
    auto* c = static_cast<Ctx*>(p);
    --*c->views;
    Py_DECREF(c->owner);
    delete c;
  });
  py::array a(py::dtype::of<T>(), {static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(cols)},
              {static_cast<py::ssize_t>(cols) * static_cast<py::ssize_t>(sizeof(T)),
               static_cast<py::ssize_t>(sizeof(T))},
              data, base);
  a.attr("flags").attr("writeable") = false;
  return a;
}

std::vector<FieldSource> sources_from(const py::handle& obj) {
  // A single cell, a list of FieldSource / (x, y) / (x, y, initial_cost), or an (n, 2) array.
  std::vector<FieldSource> out;
  if (py::isinstance<FieldSource>(obj)) {
    out.push_back(obj.cast<FieldSource>());
    return out;
  }
  if (py::isinstance<py::array>(obj)) {
    for (GridCoord c : coords_from(obj, "sources")) out.push_back(FieldSource{c, 0});
    return out;
  }
  if (py::isinstance<py::tuple>(obj) && py::len(obj) == 2 &&
      !py::isinstance<py::tuple>(obj.cast<py::tuple>()[0])) {
    out.push_back(FieldSource{obj.cast<GridCoord>(), 0});
    return out;
  }
  for (const py::handle item : obj) {
    if (py::isinstance<FieldSource>(item)) {
      out.push_back(item.cast<FieldSource>());
      continue;
    }
    const py::tuple t = py::tuple(py::reinterpret_borrow<py::object>(item));
    if (t.size() == 2) {
      out.push_back(FieldSource{GridCoord{t[0].cast<int>(), t[1].cast<int>()}, 0});
    } else if (t.size() == 3) {
      out.push_back(
          FieldSource{GridCoord{t[0].cast<int>(), t[1].cast<int>()}, t[2].cast<double>()});
    } else {
      throw py::value_error(
          "sources: each source is a FieldSource, (x, y) or (x, y, initial_cost)");
    }
  }
  return out;
}

// --- bench helpers ------------------------------------------------------------------------------
// Times the same queries inside C++ (no Python per query): per-query nanoseconds, `repeats`
// rounds over all queries, the best round's mean.
template <class S, class L>
double time_queries(Searcher<S>& w, const Grid& grid, const L& layer,
                    const std::vector<GridCoord>& starts, const std::vector<GridCoord>& goals,
                    int repeats, const SearchOptions& options, double* checksum) {
  const Busy busy(w.busy, "_bench");
  const py::gil_scoped_release release;
  double best = 1e300;
  double sum = 0;
  for (int r = 0; r < repeats; ++r) {
    sum = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < starts.size(); ++i) {
      const PathResult res = w.s.find_path(grid, layer, starts[i], goals[i], w.cells, options);
      sum += res.cost;
    }
    const auto t1 = std::chrono::steady_clock::now();
    const double ns = std::chrono::duration<double, std::nano>(t1 - t0).count();
    best = std::min(best, ns / static_cast<double>(std::max<std::size_t>(1, starts.size())));
  }
  *checksum = sum;
  return best;
}

template <class S>
void bind_searcher_common(py::class_<Searcher<S>>& c, const char* name) {
  c.def(py::init<>(), "A searcher with no memory yet (it grows on the first query).")
      .def(
          "reserve",
          [](Searcher<S>& w, int cols, int rows) {
            const Busy busy(w.busy, "reserve");
            w.s.reserve(cols, rows);
          },
          py::arg("cols"), py::arg("rows"),
          "Sizes the working memory so that no query on a grid of at most cols x rows cells "
          "allocates C++ memory. Raises ValueError for sizes outside the grid limits.")
      .def_property_readonly(
          "memory_bytes", [](const Searcher<S>& w) { return w.s.memory_bytes(); },
          "Bytes of C++ working memory held (the reused path buffer not included).")
      .def("__repr__", [name](const Searcher<S>& w) {
        return std::string("<pathing.") + name +
               " memory_bytes=" + std::to_string(w.s.memory_bytes()) + ">";
      });
}

constexpr const char* kFindPathDoc =
    "find_path(grid, layer, start, goal, options=None) -> PathResult\n\n"
    "The unbounded query: a path from `start` to `goal` (cells, (x, y) tuples), 8-connected by "
    "default (`options`: SearchOptions). Never raises for a bad query: the result's `status` "
    "says why it ended (unreachable, invalid_endpoint, unsupported, ...). `path` is an (n, 2) "
    "int32 array of (x, y) cells from start to the path's last cell (the goal, or the best cell "
    "reached; empty when nothing was searched); `cost` in cost units (a straight move onto a "
    "cell of layer cost 1 = 1.0). The GIL is released during the search. Not thread-safe: one "
    "searcher per thread (a second thread entering it raises RuntimeError). A warm query "
    "allocates no C++ memory: the C++ path buffer is reused; only the returned NumPy array is "
    "new.";

constexpr const char* kFindPathDocMap =
    "find_path(grid, layer, start, goal, options=None) -> PathResult\n\n"
    "As AStar.find_path (statuses, path, cost, GIL, one searcher per thread). The second "
    "argument may also be a shared JpsMap / JpsPlusMap (keyword `map`): then the status is stale "
    "unless it matches the grid (sync it). Uniform-cost layers and 8-connected moves only "
    "(otherwise status unsupported).";

constexpr const char* kBuildPathDoc =
    "build_path(grid, layer, start, goal) -> BoundedResult\n\n"
    "The bounded (seed) mode: 4-connected, at most 56 moves, constant memory. `path` is the "
    "(moves + 1, 2) int32 array of cells walked from `start` (empty when nothing was searched), "
    "`directions` the moves as Direction values. Never raises for a bad query (see `status`). "
    "GIL released; one searcher per thread.";

// HpaStar and what its lazy refinement reads: the grid and the map of the last plan are kept
// alive (Python references) until the next plan, so that refine_next never reads a freed object.
struct PyHpaStar {
  HpaStar s;
  std::vector<GridCoord> cells;  // the path refined so far (find_path: the whole path)
  std::atomic<bool> busy{false};
  py::object grid_ref;
  py::object map_ref;
};

// A HierarchyMap call that reports failure through an Error: raises ValueError with its message.
void raise_unless(bool ok, const Error& e) {
  if (!ok) throw py::value_error(e.message);
}

// The grid and map arguments of HpaStar's queries, type-checked (kept as objects to hold them).
void check_hpa_args(const char* fn, const py::object& grid, const py::object& map) {
  if (!py::isinstance<Grid>(grid))
    throw py::type_error(std::string(fn) + "(): grid must be a pathing.Grid, not " +
                         std::string(py::str(py::type::of(grid).attr("__name__"))));
  if (!py::isinstance<HierarchyMap>(map))
    throw py::type_error(std::string(fn) + "(): map must be a pathing.HierarchyMap, not " +
                         std::string(py::str(py::type::of(map).attr("__name__"))));
}

// Builds a derived structure with `T::create(args..., &error)` with the GIL released (the build
// is O(cells) or more), as a unique_ptr for pybind11; raises ValueError with the library's
// message when the build is refused.
template <class T, class... Args>
std::unique_ptr<T> create_or_raise(const Args&... args) {
  Error e;
  std::optional<T> made;
  {
    const py::gil_scoped_release release;
    made = T::create(args..., &e);
  }
  if (!made) throw py::value_error(e.message);
  return std::make_unique<T>(std::move(*made));
}

// `is_current(grid, layer=None)` of a derived structure: built from this grid object at its
// current version, under `layer` (any layer when None).
template <class Map>
bool is_current_for(const Map& m, const Grid& g, std::optional<GridLayer> layer) {
  return layer.has_value() ? m.is_current(g, *layer) : m.is_current(g);
}

// A deprecated Python name: a DeprecationWarning naming its replacement (an error when the
// warning filter turns warnings into errors).
void deprecated_name(const char* old_name, const char* new_name) {
  const std::string text = std::string("pathing.") + old_name + " is deprecated: use pathing." +
                           new_name;
  if (PyErr_WarnEx(PyExc_DeprecationWarning, text.c_str(), 2) != 0) throw py::error_already_set();
}

}  // namespace

// `save()` (a std::string) run with the GIL released, as Python bytes.
template <class Save>
py::bytes bytes_released(Save&& save) {
  std::string out;
  {
    const py::gil_scoped_release release;
    out = save();
  }
  return py::bytes(out);
}

// pathing.io.parse_KIND(data, grid, layer, name) and load_KIND(path, grid, layer) for one kind
// of precomputed file; `what` names the result in the docstrings, `made_by` the CLI command.
template <class Map>
void def_parse_and_load(py::module_& io, const std::string& kind,
                        Map (*parse)(std::string_view, const Grid&, const GridLayer&,
                                     const std::string&),
                        Map (*load)(const std::filesystem::path&, const Grid&, const GridLayer&),
                        const std::string& what, const std::string& made_by) {
  io.def(
      ("parse_" + kind).c_str(),
      [parse](const py::bytes& data, const Grid& g, const GridLayer& l, const std::string& name) {
        const std::string bytes = data;
        const py::gil_scoped_release release;
        return parse(bytes, g, l, name);
      },
      py::arg("data"), py::arg("grid"), py::arg("layer"), py::arg("name") = "<bytes>",
      (what + " from file bytes, for `grid` under `layer` (docs/precomputed.md). Raises "
              "PrecomputedError.")
          .c_str());
  io.def(("load_" + kind).c_str(),
         [load](const std::filesystem::path& p, const Grid& g, const GridLayer& l) {
           const py::gil_scoped_release release;
           return load(p, g, l);
         },
         py::arg("path"), py::arg("grid"), py::arg("layer"),
         (what + " from a file (" + made_by + "). Raises PrecomputedError.").c_str());
}

PYBIND11_MODULE(_pathing, m) {
  m.doc() =
      "pathing: fast grid path-finding (A*, greedy best-first, JPS, JPS+, Dijkstra maps), the "
      "C++ library's API under the same names. Cells are (x, y) tuples; grids as NumPy arrays "
      "are (rows, cols), indexed [y, x]; paths are (n, 2) int32 arrays of (x, y) rows.";
  m.attr("__version__") = PATHING_VERSION_STRING;

  // --- enums --------------------------------------------------------------------------------
  py::enum_<SearchStatus>(m, "SearchStatus", "How a query ended (C++ pathing::SearchStatus).")
      .value("found", SearchStatus::found, "The path reaches the goal.")
      .value("unreachable", SearchStatus::unreachable, "No path exists.")
      .value("too_far", SearchStatus::too_far, "Bounded mode: the goal needs more than 56 steps.")
      .value("invalid_endpoint", SearchStatus::invalid_endpoint,
             "Start (unbounded: or goal) outside the grid.")
      .value("expansion_limit", SearchStatus::expansion_limit,
             "SearchLimits.max_expansions stopped the search.")
      .value("cost_limit", SearchStatus::cost_limit, "SearchLimits.max_cost stopped the search.")
      .value("stale", SearchStatus::stale,
             "A derived structure (JPS map, field) does not match the grid; nothing searched.")
      .value("unsupported", SearchStatus::unsupported,
             "The search cannot honour this layer or these options; nothing searched.")
      .value("invalid_argument", SearchStatus::invalid_argument,
             "An option is out of range (e.g. weight < 1); nothing searched.")
      .value("in_progress", SearchStatus::in_progress,
             "A sliced query (C++ start_query / continue_query) is not over yet.");

  py::enum_<Connectivity>(m, "Connectivity", "4- or 8-connected moves (8: no corner cutting).")
      .value("four", Connectivity::four)
      .value("eight", Connectivity::eight);

  py::enum_<Direction>(m, "Direction", "One 4-connected step (the GridPath values).")
      .value("right", Direction::right)
      .value("down", Direction::down)
      .value("left", Direction::left)
      .value("up", Direction::up)
      .value("none", Direction::none);

  py::enum_<Direction8>(m, "Direction8", "One 8-connected step (FlowField directions).")
      .value("right", Direction8::right)
      .value("down", Direction8::down)
      .value("left", Direction8::left)
      .value("up", Direction8::up)
      .value("down_right", Direction8::down_right)
      .value("down_left", Direction8::down_left)
      .value("up_left", Direction8::up_left)
      .value("up_right", Direction8::up_right);

  py::enum_<FieldDirection>(m, "FieldDirection", "Which way the costs of a field run.")
      .value("to_sources", FieldDirection::to_sources,
             "cost(c) = cheapest walk FROM c to a source (goal maps, flow fields).")
      .value("from_sources", FieldDirection::from_sources,
             "cost(c) = cheapest walk from a source TO c (spreading: light, noise).");

  py::enum_<MapSync>(m, "MapSync", "What a sync did to a JPS map / JPS+ table.")
      .value("current", MapSync::current)
      .value("updated", MapSync::updated)
      .value("rebuilt", MapSync::rebuilt);

  // --- options and results --------------------------------------------------------------------
  py::class_<SearchLimits>(m, "SearchLimits", "Per-query cut-offs (default: none).")
      .def(py::init([](std::uint64_t max_expansions, double max_cost) {
             return SearchLimits{max_expansions, max_cost};
           }),
           py::arg("max_expansions") = SearchLimits{}.max_expansions,
           py::arg("max_cost") = SearchLimits{}.max_cost,
           "max_expansions: stop after this many expansions; max_cost: prune moves whose cost "
           "exceeds it, in cost units (inf: none).")
      .def_readwrite("max_expansions", &SearchLimits::max_expansions,
                     "Stop after this many expansions (default: no limit).")
      .def_readwrite("max_cost", &SearchLimits::max_cost,
                     "Prune moves whose cost exceeds this, in cost units (inf: no limit).")
      .def("__repr__", [](const SearchLimits& l) {
        return "SearchLimits(max_expansions=" + std::to_string(l.max_expansions) +
               ", max_cost=" + py::repr(py::float_(l.max_cost)).cast<std::string>() + ")";
      });

  // LandmarkMap is declared here so that SearchOptions can name it (its methods: below).
  py::enum_<LandmarkStorage>(m, "LandmarkStorage", "Width of a LandmarkMap's stored distances.")
      .value("bits32", LandmarkStorage::bits32)
      .value("bits16", LandmarkStorage::bits16)
      .value("automatic", LandmarkStorage::automatic);
  py::class_<LandmarkMap> landmark_map(
      m, "LandmarkMap",
      "Landmark (ALT) heuristics for AStar on any layer (C++ pathing::LandmarkMap; "
      "docs/landmarks.md): `count` landmarks and each cell's distances to them. Pass it as "
      "SearchOptions(landmarks=...): the same optimal costs, far fewer expansions on weighted "
      "terrain. Read-only while searches use it.");

  py::class_<ClearanceMap> clearance_map(
      m, "ClearanceMap",
      "Clearance for units bigger than a cell (C++ pathing::ClearanceMap, HAA*'s annotation; "
      "docs/clearance.md): for each cell, the largest square unit (up to max_unit_size) whose "
      "top-left anchor can stand there. Pass it as SearchOptions(unit_size=k, clearance=...). "
      "Read-only while searches use it.");
  py::class_<RegionMap> region_map(
      m, "RegionMap",
      "Connected regions of passable cells (C++ pathing::RegionMap; docs/regions.md): O(1) "
      "reachability, kept current under edits. Pass it as SearchOptions(regions=...) so that "
      "an unreachable goal is answered at once. Read-only while searches use it.");

  py::class_<SearchOptions>(m, "SearchOptions",
                            "The options of every grid search, with the C++ defaults: "
                            "8-connected, no limits, weight 1, no landmarks.")
      .def(py::init([](Connectivity c, std::optional<SearchLimits> limits, double weight,
                       const LandmarkMap* landmarks, const RegionMap* regions, bool nearest,
                       int unit_size, const ClearanceMap* clearance) {
             SearchOptions o{c, limits ? *limits : SearchLimits{}, weight};
             o.landmarks = landmarks;
             o.regions = regions;
             o.nearest_if_unreachable = nearest;
             o.unit_size = unit_size;
             o.clearance = clearance;
             return o;
           }),
           py::arg("connectivity") = Connectivity::eight, py::arg("limits") = py::none(),
           py::arg("weight") = 1.0, py::arg("landmarks") = nullptr, py::arg("regions") = nullptr,
           py::arg("nearest_if_unreachable") = false, py::arg("unit_size") = 1,
           py::arg("clearance") = nullptr, py::keep_alive<1, 5>(), py::keep_alive<1, 6>(),
           py::keep_alive<1, 9>(),
           "Options with the C++ defaults: 8-connected, no limits (limits=None), weight 1, no "
           "landmarks (a LandmarkMap for AStar), no regions (a RegionMap), a unit of 1 cell (a "
           "size above 1 needs a ClearanceMap). The maps given are kept alive by these options.")
      .def_property(
          "regions", [](const SearchOptions& o) { return o.regions; },
          py::cpp_function([](SearchOptions& o, const RegionMap* r) { o.regions = r; },
                           py::keep_alive<1, 2>()),
          py::return_value_policy::reference,
          "A RegionMap of the grid and layer searched (None: none): an unreachable goal is "
          "answered at once (unreachable, 0 expansions); a map not current gives stale.")
      .def_readwrite("nearest_if_unreachable", &SearchOptions::nearest_if_unreachable,
                     "With regions: search to the reachable cell nearest an unreachable goal "
                     "instead (a partial result).")
      .def_readwrite("unit_size", &SearchOptions::unit_size,
                     "Side of the unit's square body in cells (default 1); above 1 needs "
                     "`clearance`; the path is the body's top-left anchor's.")
      .def_property(
          "clearance", [](const SearchOptions& o) { return o.clearance; },
          py::cpp_function([](SearchOptions& o, const ClearanceMap* c) { o.clearance = c; },
                           py::keep_alive<1, 2>()),
          py::return_value_policy::reference,
          "The ClearanceMap of the grid and layer searched, for unit_size above 1 (None: none).")
      .def_property(
          "landmarks", [](const SearchOptions& o) { return o.landmarks; },
          py::cpp_function([](SearchOptions& o, const LandmarkMap* l) { o.landmarks = l; },
                           py::keep_alive<1, 2>()),
          py::return_value_policy::reference,
          "A LandmarkMap for AStar (None: the octile bound alone). A map not current for the "
          "grid and layer searched gives SearchStatus.stale; the other searches answer "
          "unsupported when it is set.")
      .def_readwrite("connectivity", &SearchOptions::connectivity,
                     "Connectivity.four or Connectivity.eight (default eight).")
      .def_readwrite("limits", &SearchOptions::limits, "SearchLimits: expansion and cost cut-offs.")
      .def_readwrite("weight", &SearchOptions::weight, "Heuristic weight w >= 1 (weighted A*).")
      .def("__repr__", [](const SearchOptions& o) {
        return std::string("SearchOptions(connectivity=") +
               (o.connectivity == Connectivity::four ? "four" : "eight") +
               ", limits=" + py::repr(py::cast(o.limits)).cast<std::string>() +
               ", weight=" + py::repr(py::float_(o.weight)).cast<std::string>() +
               (o.landmarks != nullptr
                    ? ", landmarks=<LandmarkMap of " + std::to_string(o.landmarks->count()) + ">"
                    : std::string()) +
               (o.regions != nullptr ? std::string(", regions=<RegionMap>") : std::string()) +
               (o.nearest_if_unreachable ? std::string(", nearest_if_unreachable=True")
                                         : std::string()) +
               (o.unit_size != 1 ? ", unit_size=" + std::to_string(o.unit_size) : std::string()) +
               (o.clearance != nullptr ? std::string(", clearance=<ClearanceMap>")
                                       : std::string()) +
               ")";
      });

  py::class_<SearchStats>(m, "SearchStats", "Work done by one query.")
      .def(py::init<>(), "An empty object (see the class).")
      .def_readonly("expanded", &SearchStats::expanded, "Nodes expanded (closed).")
      .def_readonly("generated", &SearchStats::generated, "Nodes pushed onto the open list.")
      .def("__repr__", [](const SearchStats& s) {
        return "SearchStats(expanded=" + std::to_string(s.expanded) +
               ", generated=" + std::to_string(s.generated) + ")";
      });

  register_path_result(m);

  py::class_<PyBoundedResult>(m, "BoundedResult", "Result of a bounded query (build_path).")
      .def_property_readonly(
          "status", [](const PyBoundedResult& p) { return p.r.status; },
          "Why the search ended (SearchStatus).")
      .def_property_readonly(
          "finish", [](const PyBoundedResult& p) { return p.r.finish; },
          "Where the path ends, (x, y): the goal, or the best cell reached.")
      .def_property_readonly(
          "cost", [](const PyBoundedResult& p) { return p.r.cost; },
          "Sum of the layer costs of the cells entered, in cost units.")
      .def_property_readonly(
          "moves", [](const PyBoundedResult& p) { return p.r.moves; },
          "Number of moves (at most 56).")
      .def_property_readonly(
          "stats", [](const PyBoundedResult& p) { return p.r.stats; },
          "SearchStats: expanded / generated nodes.")
      .def_readonly("path", &PyBoundedResult::path,
                    "(moves + 1, 2) int32 array of the cells walked from the start.")
      .def_property_readonly(
          "directions",
          [](const PyBoundedResult& p) {
            py::array_t<std::uint8_t> d(static_cast<py::ssize_t>(p.r.path.len()));
            for (int i = 0; i < p.r.path.len(); ++i) {
              d.mutable_data()[i] = static_cast<std::uint8_t>(p.r.path.at(i));
            }
            return d;
          },
          "The moves as uint8 Direction values (0 right, 1 down, 2 left, 3 up).")
      .def_property_readonly(
          "found", [](const PyBoundedResult& p) { return p.r.found(); },
          "True when the path reaches the goal.")
      .def_property_readonly(
          "partial", [](const PyBoundedResult& p) { return p.r.partial(); },
          "True unless the path reaches the goal.")
      .def("__repr__", [](const PyBoundedResult& p) {
        return "BoundedResult(status=" + std::string(to_string(p.r.status)) +
               ", cost=" + py::repr(py::float_(p.r.cost)).cast<std::string>() +
               ", moves=" + std::to_string(p.r.moves) + ")";
      });

  // --- Grid -------------------------------------------------------------------------------------
  py::class_<Grid>(m, "Grid",
                   "A packed grid: 4 bits a cell, a 3-bit tile tag (0..7) and a blocked flag. "
                   "Cells are (x, y) = (column, row). Reading from many threads is safe; do not "
                   "mutate a grid while another thread searches it.")
      .def(py::init<int, int, std::uint8_t>(), py::arg("cols"), py::arg("rows"),
           py::arg("default_tile") = 0,
           "A cols x rows grid of tag `default_tile`, nothing blocked. Raises ValueError (the C++ "
           "message) for a side outside [1, 32768], more than 2^28 cells or a tag > 7.")
      .def_static("from_numpy", &grid_from_numpy, py::arg("tags"), py::arg("blocked") = py::none(),
                  "A grid from a (rows, cols) integer array of tags (0..7, indexed [y, x]) and an "
                  "optional bool/integer array of the same shape (non-zero: blocked). One C++ "
                  "loop, no per-cell Python. Raises ValueError for a bad shape, a tag outside "
                  "[0, 7] (naming it and its position) or a bad size; TypeError for a "
                  "non-integer dtype.")
      .def(
          "tags",
          [](const Grid& g) {
            return grid_map(
                g, [](std::uint8_t v) { return static_cast<std::uint8_t>(v & Grid::kTagMask); });
          },
          "The tags as a new (rows, cols) uint8 array, indexed [y, x].")
      .def(
          "blocked_mask",
          [](const Grid& g) {
            py::array_t<bool> a(
                {static_cast<py::ssize_t>(g.rows()), static_cast<py::ssize_t>(g.cols())});
            bool* p = a.mutable_data();
            for (int y = 0; y < g.rows(); ++y) {
              for (int x = 0; x < g.cols(); ++x) {
                *p++ = (g.cell_unchecked(x, y) & Grid::kBlockedBit) != 0;
              }
            }
            return a;
          },
          "The blocked flags as a new (rows, cols) bool array, indexed [y, x].")
      .def(
          "cells", [](const Grid& g) { return grid_map(g, [](std::uint8_t v) { return v; }); },
          "The raw 4-bit cell values (tag | 8 if blocked) as a new (rows, cols) uint8 array.")
      .def_property_readonly("cols", &Grid::cols, "Number of columns (x).")
      .def_property_readonly("rows", &Grid::rows, "Number of rows (y).")
      .def_property_readonly(
          "shape", [](const Grid& g) { return py::make_tuple(g.rows(), g.cols()); },
          "(rows, cols), the shape of the NumPy arrays.")
      .def_property_readonly("cell_count", &Grid::cell_count, "cols * rows.")
      .def_property_readonly("memory_bytes", &Grid::memory_bytes, "Bytes of packed cell storage.")
      .def_property_readonly("version", &Grid::version, "Bumped by every successful mutation.")
      .def_property_readonly("instance_id", &Grid::instance_id,
                             "A process-wide unique id of this grid object (renewed by copies).")
      .def("in_bounds", &Grid::in_bounds, py::arg("cell"),
           "Whether the cell (x, y) lies on the grid.")
      .def("cell", &Grid::cell, py::arg("cell"), "Raw 4-bit value; 0 outside the grid.")
      .def("tile", &Grid::tile, py::arg("cell"), "Tag (0..7); 0 outside the grid.")
      .def("is_blocked", &Grid::is_blocked, py::arg("cell"),
           "Whether the cell carries the blocked flag; False outside the grid.")
      .def("set_tile", &Grid::set_tile, py::arg("cell"), py::arg("tag"),
           "Sets the tag (0..7); False (no change) outside the grid or for a tag > 7.")
      .def("set_blocked", &Grid::set_blocked, py::arg("cell"), py::arg("blocked"),
           "Sets or clears the blocked flag, keeping the tag; False (no change) outside the grid.")
      .def("set_cell", &Grid::set_cell, py::arg("cell"), py::arg("value"),
           "Sets the raw 4-bit value (tag | 8 if blocked, 0..15); False (no change) outside the "
           "grid or for a value > 15.")
      .def(
          "copy", [](const Grid& g) { return Grid(g); }, "A copy (a new instance_id).")
      .def("__copy__", [](const Grid& g) { return Grid(g); })
      .def(
          "__deepcopy__", [](const Grid& g, py::dict) { return Grid(g); }, py::arg("memo"))
      .def(py::self == py::self)
      .def("__repr__", [](const Grid& g) {
        return "<pathing.Grid " + std::to_string(g.cols()) + " x " + std::to_string(g.rows()) + ">";
      });

  // --- GridLayer --------------------------------------------------------------------------------
  py::class_<GridLayer>(m, "GridLayer",
                        "Move costs per (tag, blocked) pair: 0 = impassable, 1..255 the cost of "
                        "entering the cell (diagonals times sqrt(2)). A 16-byte value.")
      .def(py::init<>(), "Tag 0 costs 1; every other tag and blocked cells are impassable.")
      .def(py::init([](const std::vector<int>& tag_costs, const py::object& blocked) {
             if (tag_costs.size() > 8) {
               throw py::value_error("pathing::GridLayer: " + std::to_string(tag_costs.size()) +
                                     " tag costs given, at most 8");
             }
             auto check = [](int v, const char* what) {
               if (v < 0 || v > 255) {
                 throw py::value_error(std::string("pathing::GridLayer: ") + what + " " +
                                       std::to_string(v) + " is outside [0, 255]");
               }
               return static_cast<std::uint8_t>(v);
             };
             std::array<std::uint8_t, 8> t{};
             for (std::size_t i = 0; i < tag_costs.size(); ++i)
               t[i] = check(tag_costs[i], "tag cost");
             if (py::isinstance<py::int_>(blocked)) {
               return GridLayer(t, check(blocked.cast<int>(), "blocked cost"));
             }
             const auto bl = blocked.cast<std::vector<int>>();
             if (bl.size() != 8) {
               throw py::value_error(
                   "pathing::GridLayer: blocked costs: 8 values (one a tag), got " +
                   std::to_string(bl.size()));
             }
             std::array<std::uint8_t, 8> b{};
             for (std::size_t i = 0; i < 8; ++i) b[i] = check(bl[i], "blocked tag cost");
             return GridLayer(t, b);
           }),
           py::arg("tag_costs"), py::arg("blocked_cost") = 0,
           "A layer from up to 8 tag costs (missing tags impassable) and either one blocked cost "
           "for all tags or a list of 8 blocked costs (one a tag). Raises ValueError for a cost "
           "outside [0, 255] or more than 8 costs.")
      .def_static("uniform", &GridLayer::uniform, py::arg("cost"), py::arg("blocked_cost") = 0,
                  "Every tag costs `cost`; blocked cells `blocked_cost`.")
      .def("cost_of_cell", &GridLayer::cost_of_cell, py::arg("value"),
           "The cost of entering a cell of raw 4-bit value `value` (0 = impassable).")
      .def("tag_cost", &GridLayer::tag_cost, py::arg("tag"),
           "The cost of an unblocked cell of tag `tag` (0 = impassable).")
      .def("blocked_cost", &GridLayer::blocked_cost,
           "The cost of a blocked cell of tag 0 (of every blocked cell when "
           "has_one_blocked_cost()).")
      .def("blocked_tag_cost", &GridLayer::blocked_tag_cost, py::arg("tag"),
           "The cost of a blocked cell of tag `tag` (0 = impassable).")
      .def("has_one_blocked_cost", &GridLayer::has_one_blocked_cost,
           "Whether every blocked cell costs the same whatever its tag.")
      .def("with_tag_cost", &GridLayer::with_tag_cost, py::arg("tag"), py::arg("cost"),
           "A copy with tag `tag` costing `cost`.")
      .def("with_blocked_tag_cost", &GridLayer::with_blocked_tag_cost, py::arg("tag"),
           py::arg("cost"), "A copy with blocked cells of tag `tag` costing `cost`.")
      .def("with_blocked_cost", &GridLayer::with_blocked_cost, py::arg("cost"),
           "A copy where every blocked cell costs `cost`.")
      .def("min_passable_cost", &GridLayer::min_passable_cost,
           "The cheapest non-zero cost (0 when nothing is passable).")
      .def("uniform_cost", &GridLayer::uniform_cost,
           "The cost every passable cell value shares, or 0.")
      .def("cost_at", &GridLayer::cost_at, py::arg("grid"), py::arg("cell"),
           "The cost of entering `cell` of `grid` (0: impassable or off the grid).")
      .def(py::self == py::self)
      .def("__repr__", [](const GridLayer& l) {
        std::string s = "GridLayer([";
        for (std::uint8_t t = 0; t < 8; ++t) s += (t ? ", " : "") + std::to_string(l.tag_cost(t));
        s += "], [";
        for (std::uint8_t t = 0; t < 8; ++t) {
          s += (t ? ", " : "") + std::to_string(l.blocked_tag_cost(t));
        }
        return s + "])";
      });

  // --- searchers --------------------------------------------------------------------------------
  using PyAStar = Searcher<AStar>;
  py::class_<PyAStar> astar(m, "AStar",
                            "A* (optimal; weighted with SearchOptions.weight > 1). Owns its "
                            "working memory: reuse one per thread.");
  bind_searcher_common(astar, "AStar");
  add_fast_find_path<AStar, void>(astar, kFindPathDoc);
  astar
      .def(
          "build_path",
          [](PyAStar& w, const Grid& g, const GridLayer& l, GridCoord a, GridCoord b) {
            return build_path(w, "AStar", g, l, a, b);
          },
          py::arg("grid"), py::arg("layer"), py::arg("start"), py::arg("goal"), kBuildPathDoc)
      .def(
          "was_expanded", [](const PyAStar& w, GridCoord c) { return w.s.was_expanded(c); },
          py::arg("cell"), "Whether the last find_path expanded `cell`.")
      .def("expanded_mask", &expanded_mask<AStar>,
           "The cells the last find_path expanded, as a (rows, cols) bool array of its grid.")
      .def_property(
          "bit_parallel", [](const PyAStar& w) { return w.s.bit_parallel(); },
          [](PyAStar& w, bool on) { w.s.set_bit_parallel(on); },
          "Whether bounded queries on uniform-cost layers try the bit-parallel BFS first.");

  using PyGreedy = Searcher<GreedyBestFirst>;
  py::class_<PyGreedy> greedy(m, "GreedyBestFirst",
                              "Greedy best-first search: few expansions, no optimality. Owns "
                              "its working memory: reuse one per thread.");
  bind_searcher_common(greedy, "GreedyBestFirst");
  add_fast_find_path<GreedyBestFirst, void>(greedy, kFindPathDoc);
  greedy
      .def(
          "build_path",
          [](PyGreedy& w, const Grid& g, const GridLayer& l, GridCoord a, GridCoord b) {
            return build_path(w, "GreedyBestFirst", g, l, a, b);
          },
          py::arg("grid"), py::arg("layer"), py::arg("start"), py::arg("goal"), kBuildPathDoc)
      .def(
          "was_expanded", [](const PyGreedy& w, GridCoord c) { return w.s.was_expanded(c); },
          py::arg("cell"), "Whether the last find_path expanded `cell`.")
      .def("expanded_mask", &expanded_mask<GreedyBestFirst>,
           "The cells the last find_path expanded, as a (rows, cols) bool array of its grid.")
      .def_property(
          "bit_parallel", [](const PyGreedy& w) { return w.s.bit_parallel(); },
          [](PyGreedy& w, bool on) { w.s.set_bit_parallel(on); },
          "Whether bounded queries on uniform-cost layers try the bit-parallel BFS first.");

  py::class_<JpsMap>(m, "JpsMap",
                     "The passability bitmaps of a grid under a uniform-cost layer, shared by "
                     "Jps searchers (read-only while they search).")
      .def(py::init<>(), "An empty object (see the class).")
      .def(py::init<const Grid&, const GridLayer&>(), py::arg("grid"), py::arg("layer"))
      .def("build", &JpsMap::build, py::arg("grid"), py::arg("layer"),
           "Rebuilds the map from the grid under `layer` (O(cells)).")
      .def("sync", &JpsMap::sync, py::arg("grid"), py::arg("layer"),
           "Brings the map up to date with the grid (cheaply after a few edits).")
      .def("is_current", is_current_for<JpsMap>, py::arg("grid"), py::arg("layer") = py::none(),
           "Whether the map describes this grid object at its current version under `layer` "
           "(any layer when `layer` is None).")
      .def(
          "matches",
          [](const JpsMap& m, const Grid& g) {
            deprecated_name("JpsMap.matches", "JpsMap.is_current(grid)");
            return m.is_current(g);
          },
          py::arg("grid"), "Deprecated: is_current(grid).")
      .def_property_readonly("cols", &JpsMap::cols, "Columns of the grid the map was built from.")
      .def_property_readonly("rows", &JpsMap::rows, "Rows of the grid the map was built from.")
      .def_property_readonly("layer", &JpsMap::layer, "The layer the map was built with.")
      .def_property_readonly("memory_bytes", &JpsMap::memory_bytes, "Bytes held.");

  py::class_<JpsPlusMap>(m, "JpsPlusMap",
                         "The JPS+ jump-distance table of a grid (16 bytes a cell), shared by "
                         "JpsPlus searchers.")
      .def(py::init<>(), "An empty object (see the class).")
      .def(py::init([](const Grid& g, const GridLayer& l) {
             auto p = std::make_unique<JpsPlusMap>();
             const py::gil_scoped_release release;
             p->build(g, l);
             return p;
           }),
           py::arg("grid"), py::arg("layer"))
      .def(
          "build",
          [](JpsPlusMap& m2, const Grid& g, const GridLayer& l) {
            const py::gil_scoped_release release;
            m2.build(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Rebuilds the table from the grid under `layer` (O(cells), GIL released).")
      .def("sync", &JpsPlusMap::sync, py::arg("grid"), py::arg("layer"),
           "Brings the table up to date with the grid (cheaply after a few edits); returns what it "
           "did.")
      .def("is_current", is_current_for<JpsPlusMap>, py::arg("grid"), py::arg("layer") = py::none(),
           "Whether the table describes this grid object at its current version under `layer` "
           "(any layer when `layer` is None).")
      .def(
          "matches",
          [](const JpsPlusMap& m, const Grid& g) {
            deprecated_name("JpsPlusMap.matches", "JpsPlusMap.is_current(grid)");
            return m.is_current(g);
          },
          py::arg("grid"), "Deprecated: is_current(grid).")
      .def_property_readonly("cols", &JpsPlusMap::cols,
                             "Columns of the grid the table was built from.")
      .def_property_readonly("rows", &JpsPlusMap::rows,
                             "Rows of the grid the table was built from.")
      .def_property_readonly("layer", &JpsPlusMap::layer, "The layer the table was built with.")
      .def_property_readonly("memory_bytes", &JpsPlusMap::memory_bytes,
                             "Bytes held (16 a cell plus the bitmaps).");

  landmark_map
      .def(py::init([](const Grid& g, const GridLayer& l, int count, Connectivity connectivity,
                       LandmarkStorage storage) {
             LandmarkOptions o;
             o.count = count;
             o.connectivity = connectivity;
             o.storage = storage;
             return create_or_raise<LandmarkMap>(g, l, o);
           }),
           py::arg("grid"), py::arg("layer"), py::arg("count") = 8,
           py::arg("connectivity") = Connectivity::eight,
           py::arg("storage") = LandmarkStorage::bits32,
           "Places `count` (1-32) landmarks by farthest-point selection and computes every cell's "
           "distances (k + 2 Dijkstra searches; GIL released). Raises ValueError for a count out "
           "of range.")
      .def(
          "sync",
          [](LandmarkMap& lm, const Grid& g, const GridLayer& l) {
            const py::gil_scoped_release release;
            return lm.sync(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Brings the map up to date: `updated` (still admissible) when no cell's cost went down "
          "since the build, else rebuilt; returns what it did.")
      .def("is_current", &LandmarkMap::is_current, py::arg("grid"), py::arg("layer"),
           "Whether the map describes this grid object at its current version under `layer` "
           "(AStar answers stale otherwise).")
      .def_property_readonly("count", &LandmarkMap::count, "Landmarks placed.")
      .def_property_readonly(
          "landmarks",
          [](const LandmarkMap& lm) {
            const auto cells = lm.landmarks();
            return to_array(cells.data(), cells.size());
          },
          "The landmarks' cells, an (n, 2) int32 array of (x, y).")
      .def_property_readonly("fraction_bits", &LandmarkMap::fraction_bits,
                             "Fraction bits of the stored distances.")
      .def_property_readonly("storage", &LandmarkMap::storage,
                             "The width used (bits32 or bits16; automatic resolves to one).")
      .def_property_readonly(
          "connectivity", [](const LandmarkMap& lm) { return lm.options().connectivity; },
          "The moves the distances follow.")
      .def_property_readonly("cols", &LandmarkMap::cols, "Columns of the grid it was built from.")
      .def_property_readonly("rows", &LandmarkMap::rows, "Rows of the grid it was built from.")
      .def_property_readonly("memory_bytes", &LandmarkMap::memory_bytes,
                             "Bytes held (the distances, the cost copy).");

  clearance_map
      .def(py::init([](const Grid& g, const GridLayer& l, int max_unit_size) {
             return create_or_raise<ClearanceMap>(g, l, max_unit_size);
           }),
           py::arg("grid"), py::arg("layer"), py::arg("max_unit_size") = 3,
           "The clearance of every cell for units up to max_unit_size (O(cells x sizes); GIL "
           "released). Raises ValueError for a size out of range or an unsupported layer.")
      .def(
          "sync",
          [](ClearanceMap& c, const Grid& g, const GridLayer& l) {
            const py::gil_scoped_release release;
            return c.sync(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Brings the map up to date with the grid (only around the edited cells when the edit "
          "log holds them); returns what it did.")
      .def("is_current", is_current_for<ClearanceMap>, py::arg("grid"),
           py::arg("layer") = py::none(),
           "Whether the map describes this grid object at its current version under `layer` "
           "(any layer when `layer` is None; searches answer stale otherwise).")
      .def("clearance", &ClearanceMap::clearance, py::arg("cell"),
           "The largest unit size whose anchor fits at `cell` (0: impassable or off the map).")
      .def("fits", &ClearanceMap::fits, py::arg("cell"), py::arg("unit_size"),
           "Whether a unit of `unit_size` fits with its anchor at `cell`.")
      .def(
          "clearances",
          [](const ClearanceMap& c) {
            py::array_t<std::uint8_t> out({c.rows(), c.cols()});
            auto v = out.mutable_unchecked<2>();
            for (int y = 0; y < c.rows(); ++y)
              for (int x = 0; x < c.cols(); ++x)
                v(y, x) = static_cast<std::uint8_t>(c.clearance({x, y}));
            return out;
          },
          "Every cell's clearance as a new (rows, cols) uint8 array, indexed [y, x].")
      .def(
          "unit_grid",
          [](const ClearanceMap& c, int unit_size) {
            const Grid* g = c.unit_grid(unit_size);
            if (g == nullptr) {
              throw py::value_error(
                  "pathing.ClearanceMap.unit_grid: unit_size = " + std::to_string(unit_size) +
                  " is outside [1, " + std::to_string(c.max_unit_size()) + "]");
            }
            return Grid(*g);
          },
          py::arg("unit_size"),
          "A copy of the unit grid for bodies of unit_size x unit_size cells (C++ "
          "ClearanceMap::unit_grid): a cell holds a 4-bit code of the body's cost with its "
          "anchor (top-left cell) there, 15 where the body does not fit. Read through "
          "`unit_layer`, a size-k query is the size-1 query on this grid, so any search or field "
          "moves such a body (docs/clearance.md). O(cells). Raises ValueError naming the size "
          "outside [1, max_unit_size]. The copy does not follow later syncs.")
      .def_property_readonly(
          "unit_layer", [](const ClearanceMap& c) { return c.unit_layer(); },
          "The layer of the unit grids (a copy): the layer's distinct costs as codes, smallest "
          "first.")
      .def_property_readonly("max_unit_size", &ClearanceMap::max_unit_size,
                             "The largest unit size it answers for.")
      .def_property_readonly("cols", &ClearanceMap::cols, "Columns of the grid it was built from.")
      .def_property_readonly("rows", &ClearanceMap::rows, "Rows of the grid it was built from.")
      .def_property_readonly("memory_bytes", &ClearanceMap::memory_bytes, "Bytes held.");

  region_map
      .def(py::init([](const Grid& g, const GridLayer& l) {
             auto r = std::make_unique<RegionMap>();
             const py::gil_scoped_release release;
             r->build(g, l);
             return r;
           }),
           py::arg("grid"), py::arg("layer"),
           "The regions of `grid` under `layer` (one pass; GIL released).")
      .def(
          "sync",
          [](RegionMap& r, const Grid& g, const GridLayer& l) {
            const py::gil_scoped_release release;
            return r.sync(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Brings the regions up to date (merging and splitting around the edited cells when the "
          "edit log holds them); returns what it did.")
      .def("is_current", &RegionMap::is_current, py::arg("grid"), py::arg("layer"),
           "Whether the map describes this grid object at its current version under `layer`.")
      .def("reachable", &RegionMap::reachable, py::arg("a"), py::arg("b"),
           "Whether a path joins passable cells a and b (O(1)); False when either is impassable "
           "or off the map.")
      .def("region", &RegionMap::region, py::arg("cell"),
           "The region label of `cell` (1..), or 0 when impassable or off the map.")
      .def("region_size", &RegionMap::region_size, py::arg("label"),
           "Cells of region `label` (0 for label 0 or a label not in use).")
      .def(
          "labels",
          [](const RegionMap& r) {
            py::array_t<std::uint32_t> out({r.rows(), r.cols()});
            auto v = out.mutable_unchecked<2>();
            for (int y = 0; y < r.rows(); ++y)
              for (int x = 0; x < r.cols(); ++x) v(y, x) = r.region({x, y});
            return out;
          },
          "Every cell's region label as a new (rows, cols) uint32 array, indexed [y, x].")
      .def_property_readonly("region_count", &RegionMap::region_count, "Regions in all.")
      .def_property_readonly("cols", &RegionMap::cols, "Columns of the grid it was built from.")
      .def_property_readonly("rows", &RegionMap::rows, "Rows of the grid it was built from.")
      .def_property_readonly("memory_bytes", &RegionMap::memory_bytes, "Bytes held.");

  using PyJps = Searcher<Jps>;
  py::class_<PyJps> jps(m, "Jps",
                        "Online jump point search: optimal, uniform-cost layers, 8-connected "
                        "(otherwise status unsupported). One searcher per thread.");
  bind_searcher_common(jps, "Jps");
  add_fast_find_path<Jps, JpsMap>(jps, kFindPathDocMap);
  jps.def(
         "jump_points",
         [](const PyJps& w) {
           std::vector<GridCoord> v;
           w.s.jump_points(v);
           return to_array(v);
         },
         "The jump points of the last path, an (n, 2) int32 array.")
      .def_property_readonly(
          "last_map_sync", [](const PyJps& w) { return w.s.last_map_sync(); },
          "What the last find_path(grid, layer, ...) did to the internal map (MapSync).");

  using PyJpsPlus = Searcher<JpsPlus>;
  py::class_<PyJpsPlus> jpp(m, "JpsPlus",
                            "JPS+ (precomputed jump distances): optimal, uniform-cost layers, "
                            "8-connected. One searcher per thread.");
  bind_searcher_common(jpp, "JpsPlus");
  add_fast_find_path<JpsPlus, JpsPlusMap>(jpp, kFindPathDocMap);
  jpp.def(
         "jump_points",
         [](const PyJpsPlus& w) {
           std::vector<GridCoord> v;
           w.s.jump_points(v);
           return to_array(v);
         },
         "The jump points of the last path, an (n, 2) int32 array.")
      .def_property_readonly(
          "last_map_sync", [](const PyJpsPlus& w) { return w.s.last_map_sync(); },
          "What the last find_path(grid, layer, ...) did to the internal table (MapSync).");

  // --- HPA* -------------------------------------------------------------------------------------
  py::class_<HierarchyMap>(
      m, "HierarchyMap",
      "The sector graph of HPA* (C++ pathing::HierarchyMap; docs/hierarchy.md): sectors of "
      "`sector_size` cells, transitions on their borders, the cheapest paths inside each sector; "
      "optionally landmarks on that graph (build_landmarks) and a second level of clusters of "
      "sectors (build_clusters). With max_unit_size above 1, the annotated hierarchy of HAA*: one "
      "map for units of 1..max_unit_size cells a side (SearchOptions(unit_size=k)), with a "
      "clearance map of its own (`clearance`). Shared by HpaStar searchers (read-only while "
      "they search).")
      .def(py::init([](const Grid& g, const GridLayer& l, int sector_size,
                       Connectivity connectivity, int max_unit_size) {
             HierarchyOptions o;
             o.sector_size = sector_size;
             o.connectivity = connectivity;
             o.max_unit_size = max_unit_size;
             return create_or_raise<HierarchyMap>(g, l, o);
           }),
           py::arg("grid"), py::arg("layer"), py::arg("sector_size") = 32,
           py::arg("connectivity") = Connectivity::eight, py::arg("max_unit_size") = 1,
           "Builds the map of `grid` under `layer` for units up to max_unit_size (GIL released). "
           "Raises ValueError for a sector_size outside [4, 128], a max_unit_size outside [1, 32] "
           "or (sizes above 1) a layer with more than 14 distinct passable costs.")
      .def(
          "sync",
          [](HierarchyMap& h, const Grid& g, const GridLayer& l) {
            const py::gil_scoped_release release;
            return h.sync(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Brings the map up to date with the grid: rebuilds only the sectors (and clusters) the "
          "edits since touched, or everything past the grid's edit log; returns what it did.")
      .def("is_current", &HierarchyMap::is_current, py::arg("grid"), py::arg("layer"),
           "Whether the map describes this grid object at its current version under `layer` "
           "(HpaStar answers stale otherwise).")
      .def(
          "build_landmarks",
          [](HierarchyMap& h, const Grid& g, int count) {
            Error e;
            bool ok = false;
            {
              const py::gil_scoped_release release;
              ok = h.build_landmarks(g, count, &e);
            }
            raise_unless(ok, e);
          },
          py::arg("grid"), py::arg("count"),
          "Places `count` (1-16) landmarks on the abstract graph: the same paths at weight 1, far "
          "fewer expansions. Raises ValueError (nothing changed) for a count out of range or a "
          "map not current for `grid`.")
      .def("drop_landmarks", &HierarchyMap::drop_landmarks, "Forgets the landmarks.")
      .def(
          "build_clusters",
          [](HierarchyMap& h, const Grid& g, int sectors) {
            Error e;
            bool ok = false;
            {
              const py::gil_scoped_release release;
              ok = h.build_clusters(g, sectors, &e);
            }
            raise_unless(ok, e);
          },
          py::arg("grid"), py::arg("sectors"),
          "Adds the second level: clusters of `sectors` x `sectors` sectors (2-16). HpaStar then "
          "searches it, at the same cost at weight 1 with far fewer expansions on big maps. "
          "Raises ValueError (nothing changed) for a side out of range or a map not current.")
      .def("drop_clusters", &HierarchyMap::drop_clusters, "Forgets the clusters.")
      .def_property_readonly("sector_size", &HierarchyMap::sector_size, "Side of a sector, cells.")
      .def_property_readonly("max_unit_size", &HierarchyMap::max_unit_size,
                             "The largest unit size served (SearchOptions(unit_size=k), k <= it).")
      .def_property_readonly(
          "clearance", &HierarchyMap::clearance, py::return_value_policy::reference_internal,
          "The map's own ClearanceMap when max_unit_size is above 1 (kept current with the map; "
          "usable as SearchOptions(clearance=...) for AStar); an empty one otherwise.")
      .def_property_readonly("sector_count", &HierarchyMap::sector_count, "Sectors in all.")
      .def_property_readonly("node_count", &HierarchyMap::node_count,
                             "Abstract nodes (transition cells) in all.")
      .def_property_readonly("landmark_count", &HierarchyMap::landmark_count,
                             "Landmarks held (0: none, or dropped by a sync).")
      .def_property_readonly("cluster_sectors", &HierarchyMap::cluster_sectors,
                             "Cluster side in sectors (0: no clusters).")
      .def_property_readonly("cluster_count", &HierarchyMap::cluster_count, "Clusters in all.")
      .def_property_readonly("cluster_node_count", &HierarchyMap::cluster_node_total,
                             "Level-2 nodes in all.")
      .def_property_readonly("last_sync_sectors", &HierarchyMap::last_sync_sectors,
                             "Sectors the last sync rebuilt.")
      .def_property_readonly("last_sync_clusters", &HierarchyMap::last_sync_clusters,
                             "Clusters the last sync rebuilt.")
      .def_property_readonly("cols", &HierarchyMap::cols, "Columns of the grid it was built from.")
      .def_property_readonly("rows", &HierarchyMap::rows, "Rows of the grid it was built from.")
      .def_property_readonly("layer", &HierarchyMap::layer, "The layer it was built with.")
      .def_property_readonly("memory_bytes", &HierarchyMap::memory_bytes,
                             "Bytes held (sectors, nodes, matrices, landmarks, clusters).");

  py::class_<SectorFlowField>(
      m, "SectorFlowField",
      "A flow field for crowds on huge maps (C++ pathing::SectorFlowField; docs/hierarchy.md, "
      "'Sector flow fields'; Emerson, Game AI Pro 2013): the goal's costs on a HierarchyMap's "
      "nodes, and a sector's flow field built on first use, cached. Holds its grid and map (kept "
      "alive). One thread at a time (lookups build fields).")
      .def(py::init<>(), "A field without a goal.")
      .def("set_goal", &SectorFlowField::set_goal, py::arg("grid"), py::arg("layer"),
           py::arg("map"), py::arg("goal"), py::keep_alive<1, 2>(), py::keep_alive<1, 4>(),
           "Makes `goal` the goal over `map` (current for grid and layer); drops the sector "
           "fields held. Returns found, or stale / invalid_endpoint with nothing changed.")
      .def("sync", &SectorFlowField::sync,
           "After the grid was edited and the map synced: drops only the sector fields whose "
           "inputs changed. Returns found, stale (sync the map first), invalid_endpoint or "
           "invalid_argument (no goal).")
      .def("is_current", &SectorFlowField::is_current,
           "Whether the goal is set and the grid and map are unchanged since.")
      .def_property_readonly("has_goal", &SectorFlowField::has_goal, "Whether a goal is set.")
      .def_property_readonly("goal", &SectorFlowField::goal, "The goal (x, y).")
      .def("next_step", &SectorFlowField::next_step, py::arg("cell"),
           "The Direction8 of the next step from `cell`, or None (the goal, unreached, off the "
           "grid, or not current). Builds the sector's field on first use.")
      .def("next_cell", &SectorFlowField::next_cell, py::arg("cell"),
           "The cell one step along the flow (the cell itself without a step).")
      .def(
          "next_cells",
          [](SectorFlowField& f, const py::object& cells) {
            std::vector<GridCoord> c = coords_from(cells, "cells");
            for (GridCoord& x : c) x = f.next_cell(x);
            return to_array(c);
          },
          py::arg("cells"),
          "next_cell of every row of an (n, 2) array of (x, y): a crowd's tick in one call; "
          "returns a new (n, 2) int32 array.")
      .def("cost", &SectorFlowField::cost, py::arg("cell"),
           "The cost from `cell` to the goal in cost units (inf when unreached or not current).")
      .def(
          "prepare",
          [](SectorFlowField& f, const py::object& cells) {
            const std::vector<GridCoord> c = coords_from(cells, "cells");
            return f.prepare(c);
          },
          py::arg("cells"),
          "Builds now the fields of the sectors of `cells` (a crowd before its first tick); "
          "returns how many were built.")
      .def_property("cache_limit", &SectorFlowField::cache_limit, &SectorFlowField::set_cache_limit,
                    "At most this many sector fields held (0: no limit); least recently used "
                    "evicted first.")
      .def("release", &SectorFlowField::release, "Frees the storage of slots holding no field.")
      .def_property_readonly("sectors_built", &SectorFlowField::sectors_built,
                             "Sector fields held.")
      .def_property_readonly("builds", &SectorFlowField::builds,
                             "Sector fields built since set_goal.")
      .def_property_readonly("last_sync_sectors", &SectorFlowField::last_sync_sectors,
                             "Sector fields the last sync dropped.")
      .def_property_readonly("memory_bytes", &SectorFlowField::memory_bytes, "Bytes held.");

  py::class_<PyHpaStar>(m, "HpaStar",
                        "Hierarchical A* over a HierarchyMap (C++ pathing::HpaStar): "
                        "near-optimal paths on big maps, the cost always reported; lazy "
                        "refinement (plan, then refine_next). One searcher per thread.")
      .def(py::init<>(), "A searcher with no memory yet (it grows on the first query).")
      .def(
          "find_path",
          [](PyHpaStar& w, py::object grid, const GridLayer& l, py::object map, GridCoord a,
             GridCoord b, const std::optional<SearchOptions>& options) {
            const Busy busy(w.busy, "find_path");
            check_hpa_args("find_path", grid, map);
            const Grid& g = grid.cast<const Grid&>();
            const HierarchyMap& h = map.cast<const HierarchyMap&>();
            PathResult r;
            {
              const py::gil_scoped_release release;
              w.cells.clear();
              r = w.s.find_path(g, l, h, a, b, w.cells, options ? *options : SearchOptions{});
            }
            w.grid_ref = std::move(grid);
            w.map_ref = std::move(map);
            return make_path_result(r, to_array(w.cells));
          },
          py::arg("grid"), py::arg("layer"), py::arg("map"), py::arg("start"), py::arg("goal"),
          py::arg("options") = py::none(),
          "find_path(grid, layer, map, start, goal, options=None) -> PathResult\n\n"
          "The whole path (plan, every segment refined, then the shortcuts of `smoothing`). "
          "Statuses as AStar.find_path, plus stale when the map is not current for the grid; "
          "options.weight > 1 weights the abstract search. `cost` is the exact cost of `path`. "
          "GIL released; one searcher per thread.")
      .def(
          "plan",
          [](PyHpaStar& w, py::object grid, const GridLayer& l, py::object map, GridCoord a,
             GridCoord b, const std::optional<SearchOptions>& options) {
            const Busy busy(w.busy, "plan");
            check_hpa_args("plan", grid, map);
            const Grid& g = grid.cast<const Grid&>();
            const HierarchyMap& h = map.cast<const HierarchyMap&>();
            PathResult r;
            {
              const py::gil_scoped_release release;
              w.cells.clear();
              r = w.s.plan(g, l, h, a, b, options ? *options : SearchOptions{});
            }
            w.grid_ref = std::move(grid);
            w.map_ref = std::move(map);
            return make_path_result(r, to_array(w.cells));
          },
          py::arg("grid"), py::arg("layer"), py::arg("map"), py::arg("start"), py::arg("goal"),
          py::arg("options") = py::none(),
          "plan(grid, layer, map, start, goal, options=None) -> PathResult\n\n"
          "The abstract search alone (no cells yet: `path` is empty; `cost` is the abstract "
          "cost). Then refine_next / refine_until give the cells a segment at a time.")
      .def(
          "refine_next",
          [](PyHpaStar& w) {
            const Busy busy(w.busy, "refine_next");
            const py::gil_scoped_release release;
            return w.s.refine_next(w.cells);
          },
          "Refines the next segment of the last plan into `refined` (the first call also adds "
          "the start). Returns in_progress while segments remain, found once the goal is in, "
          "stale if the grid was written since the plan, invalid_argument with no plan.")
      .def(
          "refine_until",
          [](PyHpaStar& w, std::size_t min_cells) {
            const Busy busy(w.busy, "refine_until");
            const py::gil_scoped_release release;
            return w.s.refine_until(min_cells, w.cells);
          },
          py::arg("min_cells"),
          "Refines segments until `refined` holds at least `min_cells` cells or the path is "
          "complete (a unit's first steps: refine_until(33)). Returns the last status.")
      .def_property_readonly(
          "refined", [](const PyHpaStar& w) { return to_array(w.cells); },
          "The cells refined since the last plan (find_path: its path), an (n, 2) int32 array.")
      .def(
          "abstract_path",
          [](const PyHpaStar& w) {
            const auto p = w.s.abstract_path();
            return to_array(std::vector<GridCoord>(p.begin(), p.end()));
          },
          "The abstract path of the last plan (start, transition cells, goal), as far as it is "
          "known: with clusters it grows as refinement goes.")
      .def(
          "cluster_path",
          [](const PyHpaStar& w) {
            const auto p = w.s.cluster_path();
            return to_array(std::vector<GridCoord>(p.begin(), p.end()));
          },
          "The level-2 path of the last plan on a map with clusters (start, level-2 nodes, "
          "goal); empty otherwise.")
      .def_property(
          "smoothing", [](const PyHpaStar& w) { return w.s.smoothing(); },
          [](PyHpaStar& w, int window) { w.s.set_smoothing(window); },
          "find_path's shortcut window in cells (0: off).")
      .def_property(
          "landmarks", [](const PyHpaStar& w) { return w.s.landmarks(); },
          [](PyHpaStar& w, bool on) { w.s.set_landmarks(on); },
          "Whether the search reads the map's landmarks when it has them (default True).")
      .def_property(
          "clusters", [](const PyHpaStar& w) { return w.s.clusters(); },
          [](PyHpaStar& w, bool on) { w.s.set_clusters(on); },
          "Whether the search uses the map's clusters when it has them (default True).")
      .def_property_readonly(
          "memory_bytes", [](const PyHpaStar& w) { return w.s.memory_bytes(); },
          "Bytes of C++ working memory held (the path buffer not included).")
      .def("__repr__", [](const PyHpaStar& w) {
        return "<pathing.HpaStar memory_bytes=" + std::to_string(w.s.memory_bytes()) + ">";
      });

  // --- fields -----------------------------------------------------------------------------------
  py::class_<FieldSource>(m, "FieldSource", "A source cell of a field and its initial cost.")
      .def(py::init([](GridCoord c, double initial) {
             return FieldSource{c, initial};
           }),
           py::arg("cell"), py::arg("initial_cost") = 0.0,
           "A source at `cell` whose field value starts at `initial_cost` (cost units, >= 0).")
      .def_readwrite("cell", &FieldSource::cell, "The source cell (x, y).")
      .def_readwrite("initial_cost", &FieldSource::initial_cost,
                     "Cost at the source, in cost units (>= 0).");

  py::class_<FieldOptions>(m, "FieldOptions", "How a field is computed (C++ defaults).")
      .def(py::init([](Connectivity c, FieldDirection d, double max_cost) {
             return FieldOptions{c, d, max_cost};
           }),
           py::arg("connectivity") = Connectivity::eight,
           py::arg("direction") = FieldDirection::to_sources,
           py::arg("max_cost") = FieldOptions{}.max_cost,
           "Field options with the C++ defaults: 8-connected, toward the sources, no cost limit.")
      .def_readwrite("connectivity", &FieldOptions::connectivity,
                     "Connectivity.four or Connectivity.eight (default eight).")
      .def_readwrite("direction", &FieldOptions::direction,
                     "FieldDirection.to_sources (default) or from_sources.")
      .def_readwrite("max_cost", &FieldOptions::max_cost, "Cost limit in cost units (inf: none).");

  py::class_<FieldStats>(m, "FieldStats", "How one field computation ended.")
      .def_readonly(
          "status", &FieldStats::status,
          "found when computed; invalid_endpoint / invalid_argument / stale: nothing computed.")
      .def_readonly("bad_source", &FieldStats::bad_source,
                    "Index of the first bad source (when the status says so).")
      .def_readonly("sources", &FieldStats::sources, "Source cells seeded.")
      .def_readonly("settled", &FieldStats::settled, "Cells settled (reached).")
      .def_readonly("canonical", &FieldStats::canonical, "Whether canonical ordering ran.")
      .def("ok", &FieldStats::ok, "True when the field was computed (status found).")
      .def("__repr__", [](const FieldStats& s) {
        return "FieldStats(status=" + std::string(to_string(s.status)) +
               ", settled=" + std::to_string(s.settled) + ")";
      });

  py::class_<PyDistanceField>(m, "DistanceField",
                              "A Dijkstra map: per cell, the cost between it and the nearest "
                              "source (cost units; inf unreached). Filled by Dijkstra.compute; "
                              "reuse it (recomputing allocates nothing for the same size).")
      .def(py::init<>(), "An empty field (0 x 0) until computed.")
      .def_property_readonly(
          "cols", [](const PyDistanceField& d) { return read(d).cols(); },
          "Columns of the grid the field was computed on (0: never computed).")
      .def_property_readonly(
          "rows", [](const PyDistanceField& d) { return read(d).rows(); },
          "Rows of the grid the field was computed on (0: never computed).")
      .def_property_readonly(
          "shape",
          [](const PyDistanceField& d) { return py::make_tuple(read(d).rows(), read(d).cols()); },
          "(rows, cols), the shape of costs() and costs_fixed().")
      .def_property_readonly(
          "connectivity", [](const PyDistanceField& d) { return read(d).connectivity(); },
          "The Connectivity the field was computed with.")
      .def_property_readonly(
          "direction", [](const PyDistanceField& d) { return read(d).direction(); },
          "The FieldDirection the field was computed with.")
      .def_property_readonly(
          "max_cost", [](const PyDistanceField& d) { return read(d).max_cost(); },
          "The cost limit it was computed with, in cost units (inf: none).")
      .def_property_readonly(
          "layer", [](const PyDistanceField& d) { return read(d).layer(); },
          "The layer it was computed with.")
      .def_property_readonly(
          "bias_fixed", [](const PyDistanceField& d) { return read(d).bias_fixed(); },
          "Fixed-point offset added to every stored cost (0 except on flee maps).")
      .def_property_readonly(
          "memory_bytes", [](const PyDistanceField& d) { return read(d).memory_bytes(); },
          "Bytes of storage held (8 a cell).")
      .def(
          "is_current",
          [](const PyDistanceField& d, const Grid& g, const GridLayer& l) {
            return read(d).is_current(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Whether the field was computed on this grid object, at its current version, with "
          "`layer`.")
      .def(
          "reached", [](const PyDistanceField& d, GridCoord c) { return read(d).reached(c); },
          py::arg("cell"), "Whether `cell` is on the grid and was reached.")
      .def(
          "cost", [](const PyDistanceField& d, GridCoord c) { return read(d).cost(c); },
          py::arg("cell"), "Cost in cost units; inf when unreached or off the grid.")
      .def(
          "cost_fixed", [](const PyDistanceField& d, GridCoord c) { return read(d).cost_fixed(c); },
          py::arg("cell"),
          "The stored fixed-point cost (value + bias_fixed, COST_ONE a unit); UNREACHED when "
          "unreached or off the grid. Exact.")
      .def(
          "value_fixed",
          [](const PyDistanceField& d, GridCoord c) { return read(d).value_fixed(c); },
          py::arg("cell"),
          "The signed fixed-point value (stored cost - bias); 2^63 - 1 when unreached.")
      .def(
          "costs",
          [](const PyDistanceField& holder) {
            const DistanceField& f = read(holder);
            py::array_t<double> a(
                {static_cast<py::ssize_t>(f.rows()), static_cast<py::ssize_t>(f.cols())});
            double* p = a.mutable_data();
            const auto fixed = f.costs_fixed();
            const std::uint64_t bias = f.bias_fixed();
            for (std::size_t i = 0; i < fixed.size(); ++i) {
              p[i] = fixed[i] == DistanceField::kUnreached
                         ? std::numeric_limits<double>::infinity()
                         : static_cast<double>(static_cast<std::int64_t>(fixed[i] - bias)) /
                               static_cast<double>(cost::kStraight);
            }
            return a;
          },
          "A new (rows, cols) float64 array of costs in cost units (inf where unreached), "
          "indexed [y, x]; as cost(c) cell by cell.")
      .def(
          "costs_fixed",
          [](py::object self) {
            auto& d = self.cast<PyDistanceField&>();
            const DistanceField& f = read(d);
            return view_of(f.costs_fixed().data(), f.rows(), f.cols(), self, &d.views);
          },
          "A read-only, zero-copy (rows, cols) uint64 view of the stored fixed-point costs "
          "(value + bias_fixed, 2^24 a straight cost-1 move; 2^64-1 unreached). It shows later "
          "recomputations of the field; while a view exists, computing into this field for a "
          "grid of another size raises BufferError.");
  m.attr("DistanceField").attr("UNREACHED") = DistanceField::kUnreached;
  m.attr("COST_ONE") = cost::kStraight;

  py::class_<PyFlowField>(m, "FlowField",
                          "Per cell, the direction of the next step toward the nearest source "
                          "of a DistanceField (255: none).")
      .def(py::init<>(), "An empty object (see the class).")
      .def(
          "build",
          [](PyFlowField& f, const Grid& g, const GridLayer& l, const PyDistanceField& d) {
            const DistanceField& field = read(d);
            check_resize(f, g, "FlowField.build");
            const Busy busy(f.busy, "FlowField.build");
            const py::gil_scoped_release release;
            return f.f.build(g, l, field);
          },
          py::arg("grid"), py::arg("layer"), py::arg("field"),
          "Computes every cell's step from `field`. Returns SearchStatus.found, or stale (this "
          "flow field unchanged) when `field` is not current for grid and layer. GIL released.")
      .def(
          "is_current",
          [](const PyFlowField& f, const Grid& g, const GridLayer& l) {
            return read(f).is_current(g, l);
          },
          py::arg("grid"), py::arg("layer"),
          "Whether the flow field was built on this grid object, at its current version, with "
          "`layer`.")
      .def_property_readonly(
          "cols", [](const PyFlowField& f) { return read(f).cols(); },
          "Columns of the grid (0 before the first build).")
      .def_property_readonly(
          "rows", [](const PyFlowField& f) { return read(f).rows(); },
          "Rows of the grid (0 before the first build).")
      .def_property_readonly(
          "shape",
          [](const PyFlowField& f) { return py::make_tuple(read(f).rows(), read(f).cols()); },
          "(rows, cols), the shape of directions().")
      .def_property_readonly(
          "memory_bytes", [](const PyFlowField& f) { return read(f).memory_bytes(); },
          "Bytes of storage held.")
      .def(
          "next_step", [](const PyFlowField& f, GridCoord c) { return read(f).next_step(c); },
          py::arg("cell"),
          "The Direction8 of the next step, or None (source, unreached, off the grid).")
      .def(
          "next_cell", [](const PyFlowField& f, GridCoord c) { return read(f).next_cell(c); },
          py::arg("cell"), "The cell one step along the flow; the cell itself when none.")
      .def(
          "raw", [](const PyFlowField& f, GridCoord c) { return read(f).raw(c); }, py::arg("cell"),
          "The stored direction of `cell`: a Direction8 value (0..7) or NONE (255).")
      .def(
          "directions",
          [](py::object self) {
            auto& f = self.cast<PyFlowField&>();
            const FlowField& flow = read(f);
            return view_of(flow.directions().data(), flow.rows(), flow.cols(), self, &f.views);
          },
          "A read-only, zero-copy (rows, cols) uint8 view of the directions (Direction8 values, "
          "255 = none). While a view exists, building this flow field for a grid of another size "
          "raises BufferError.");
  m.attr("FlowField").attr("NONE") = FlowField::kNone;

  py::class_<PyDijkstra>(m, "Dijkstra",
                         "Multi-source Dijkstra filling DistanceFields. Reuse one per thread.")
      .def(py::init<>(), "An empty object (see the class).")
      .def(
          "compute",
          [](PyDijkstra& w, const Grid& g, const GridLayer& l, const py::object& sources,
             PyDistanceField& out, const std::optional<FieldOptions>& o) {
            const std::vector<FieldSource> src = sources_from(sources);
            check_resize(out, g, "Dijkstra.compute");
            const Busy busy(w.busy, "Dijkstra");
            const Busy writing(out.busy, "DistanceField (the `out` of a computation)");
            const py::gil_scoped_release release;
            return w.d.compute(g, l, std::span<const FieldSource>(src), out.f,
                               o ? *o : FieldOptions{});
          },
          py::arg("grid"), py::arg("layer"), py::arg("sources"), py::arg("out"),
          py::arg("options") = py::none(),
          "Computes the field of `sources` (a cell (x, y), a FieldSource, a list of FieldSource / "
          "(x, y) / (x, y, initial_cost), or an (n, 2) array) into `out`. Returns FieldStats: "
          "status invalid_endpoint (source off the grid) or invalid_argument (bad initial cost) "
          "leave `out` unchanged. GIL released.")
      .def(
          "compute_explore",
          [](PyDijkstra& w, const Grid& g, const GridLayer& l, const py::array& explored,
             PyDistanceField& out, const std::optional<FieldOptions>& o) {
            if (explored.ndim() != 2 || explored.shape(0) != g.rows() ||
                explored.shape(1) != g.cols()) {
              throw py::value_error(
                  "pathing.Dijkstra.compute_explore: explored must be a (rows, cols) = (" +
                  std::to_string(g.rows()) + ", " + std::to_string(g.cols()) + ") array");
            }
            const auto e =
                py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(explored);
            std::vector<std::uint64_t> bits((g.cell_count() + 63) / 64, 0);
            const bool* p = e.data();
            for (std::size_t i = 0; i < g.cell_count(); ++i) {
              if (p[i]) bits[i / 64] |= std::uint64_t{1} << (i % 64);
            }
            check_resize(out, g, "Dijkstra.compute_explore");
            const Busy busy(w.busy, "Dijkstra");
            const Busy writing(out.busy, "DistanceField (the `out` of a computation)");
            const py::gil_scoped_release release;
            return w.d.compute_explore(g, l, std::span<const std::uint64_t>(bits), out.f,
                                       o ? *o : FieldOptions{});
          },
          py::arg("grid"), py::arg("layer"), py::arg("explored"), py::arg("out"),
          py::arg("options") = py::none(),
          "Auto-explore: the field whose sources are the cells not explored (`explored`: a "
          "(rows, cols) bool array).")
      .def(
          "compute_flee",
          [](PyDijkstra& w, const Grid& g, const GridLayer& l, const PyDistanceField& toward,
             PyDistanceField& out, double factor) {
            const DistanceField& from = read(toward);  // before `out` (which may be `toward`)
            check_resize(out, g, "Dijkstra.compute_flee");
            const Busy busy(w.busy, "Dijkstra");
            const Busy writing(out.busy, "DistanceField (the `out` of a computation)");
            const py::gil_scoped_release release;
            return w.d.compute_flee(g, l, from, out.f, factor);
          },
          py::arg("grid"), py::arg("layer"), py::arg("toward"), py::arg("out"),
          py::arg("factor") = -1.2,
          "A flee map from `toward` (values times `factor`, relaxed again); status stale when "
          "`toward` is not current.");

  // --- batch
  // --------------------------------------------------------------------------------------
  py::class_<PyPathBatch>(m, "PathBatch",
                          "A pool of C++ threads (the caller included) running many queries at "
                          "once, one searcher per thread; results do not depend on the thread "
                          "count. One call at a time per batch.")
      .def(py::init<unsigned>(), py::arg("threads") = 0,
           "`threads` in all, the caller included; 0 = hardware concurrency.")
      .def_property_readonly(
          "thread_count", [](const PyPathBatch& w) { return w.b.thread_count(); },
          "Threads in the pool, the caller included.")
      .def(
          "find_paths",
          [](PyPathBatch& w, const Grid& g, const GridLayer& l, const py::object& starts,
             const py::object& goals, const std::optional<SearchOptions>& o) {
            const std::vector<GridCoord> s = coords_from(starts, "starts");
            const std::vector<GridCoord> t = coords_from(goals, "goals");
            if (s.size() != t.size()) {
              throw py::value_error("pathing.PathBatch.find_paths: " + std::to_string(s.size()) +
                                    " starts but " + std::to_string(t.size()) + " goals");
            }
            std::vector<PathQuery> q(s.size());
            for (std::size_t i = 0; i < s.size(); ++i) q[i] = PathQuery{s[i], t[i]};
            std::vector<PathResult> res(s.size());
            std::vector<std::vector<GridCoord>> paths(s.size());
            Error e;
            {
              const Busy busy(w.busy, "PathBatch");
              const py::gil_scoped_release release;
              e = w.b.find_paths(g, l, q, res, paths, o ? *o : SearchOptions{});
            }
            if (!e.ok()) throw py::value_error(e.message);
            const auto n = static_cast<py::ssize_t>(s.size());
            py::array_t<std::uint8_t> status(n);
            py::array_t<double> costs(n);
            py::array_t<std::uint32_t> moves(n);
            py::array_t<std::uint64_t> expanded(n);
            py::list out_paths(n);
            for (py::ssize_t i = 0; i < n; ++i) {
              const PathResult& r = res[static_cast<std::size_t>(i)];
              status.mutable_data()[i] = static_cast<std::uint8_t>(r.status);
              costs.mutable_data()[i] = r.cost;
              moves.mutable_data()[i] = r.moves;
              expanded.mutable_data()[i] = r.stats.expanded;
              out_paths[static_cast<std::size_t>(i)] =
                  refused(r.status) ? to_array(nullptr, 0)
                                    : to_array(paths[static_cast<std::size_t>(i)]);
            }
            py::dict d;
            d["status"] = status;
            d["cost"] = costs;
            d["moves"] = moves;
            d["expanded"] = expanded;
            d["paths"] = out_paths;
            return d;
          },
          py::arg("grid"), py::arg("layer"), py::arg("starts"), py::arg("goals"),
          py::arg("options") = py::none(),
          "AStar.find_path for every (start, goal) pair ((n, 2) arrays), across the pool with "
          "the GIL released. Returns a dict of arrays: status (uint8 SearchStatus values), cost "
          "(float64), moves (uint32), expanded (uint64) and paths (a list of (m, 2) arrays), "
          "exactly as a loop of AStar.find_path would give.")
      .def(
          "compute_fields",
          [](PyPathBatch& w, const Grid& g, const GridLayer& l, const py::list& sources,
             const std::optional<FieldOptions>& o) {
            std::vector<std::vector<FieldSource>> src;
            for (const py::handle s : sources) src.push_back(sources_from(s));
            std::vector<std::span<const FieldSource>> spans(src.begin(), src.end());
            std::vector<DistanceField> fields(src.size());
            std::vector<FieldStats> stats(src.size());
            Error e;
            {
              const Busy busy(w.busy, "PathBatch");
              const py::gil_scoped_release release;
              e = w.b.compute_fields(g, l, spans, fields, o ? *o : FieldOptions{}, stats);
            }
            if (!e.ok()) throw py::value_error(e.message);
            py::list out;
            for (DistanceField& f : fields) {
              auto p = std::make_unique<PyDistanceField>();
              p->f = std::move(f);
              out.append(py::cast(std::move(p)));
            }
            return out;
          },
          py::arg("grid"), py::arg("layer"), py::arg("sources"), py::arg("options") = py::none(),
          "Dijkstra.compute for every source list, across the pool: a list of DistanceFields. "
          "Raises ValueError (the C++ message) for a source off the grid or a bad initial cost.");

  // --- smoothing ------------------------------------------------------------------------------
  m.def("line_of_sight", &line_of_sight, py::arg("grid"), py::arg("layer"), py::arg("a"),
        py::arg("b"),
        "Whether a mover can walk the straight segment between the centres of cells a and b "
        "(every touched cell passable, no blocked corner).");
  m.def(
      "smooth_path",
      [](const Grid& g, const GridLayer& l, const py::object& cells) {
        const std::vector<GridCoord> c = coords_from(cells, "cells");
        std::vector<GridCoord> out;
        {
          const py::gil_scoped_release release;
          smooth_path(g, l, c, out);
        }
        return to_array(out);
      },
      py::arg("grid"), py::arg("layer"), py::arg("cells"),
      "String pulling: the waypoints ((m, 2) int32) a mover walks in straight lines along the "
      "(n, 2) path `cells`.");

  // --- Moving AI files --------------------------------------------------------------------------
  py::module_ io = m.def_submodule("io", "Moving AI .map / .scen files (pathing::io).");
  static py::exception<io::ParseError> parse_error(io, "ParseError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const io::ParseError& e) {
      py::object exc = py::reinterpret_borrow<py::object>(parse_error.ptr())(e.what());
      exc.attr("file") = e.file();
      exc.attr("line") = e.line();
      exc.attr("column") = e.column();
      PyErr_SetObject(parse_error.ptr(), exc.ptr());
    }
  });
  io.attr("ParseError").attr("__doc__") =
      "A malformed Moving AI file (or one that cannot be read): str(e) is the C++ message "
      "\"FILE:LINE:COLUMN: message\"; attributes file, line, column (0 = whole file / line).";
  static py::exception<io::PrecomputedError> precomputed_error(io, "PrecomputedError",
                                                               PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const io::PrecomputedError& e) {
      py::object exc = py::reinterpret_borrow<py::object>(precomputed_error.ptr())(e.what());
      exc.attr("file") = e.file();
      exc.attr("byte") = e.byte();
      PyErr_SetObject(precomputed_error.ptr(), exc.ptr());
    }
  });
  io.attr("PrecomputedError").attr("__doc__") =
      "A precomputed file that cannot be used (malformed, corrupted, made for another grid, layer, "
      "kind or format version, or unreadable): str(e) is the C++ message \"FILE: byte N: "
      "message\"; attributes file and byte (-1: the whole file).";

  io.def("movingai_layer", &io::movingai_layer,
         "The benchmark rules as a layer: ground and swamp cost 1; trees, water, blocked "
         "impassable.");

  py::class_<io::Map>(io, "Map", "A Moving AI map: the grid and the `type` line.")
      .def_readwrite("grid", &io::Map::grid, "The map as a Grid (cols = width, rows = height).")
      .def_readwrite("type", &io::Map::type, "The word of the `type` line (e.g. \"octile\").");

  io.def(
      "load_map",
      [](const std::filesystem::path& p) {
        const py::gil_scoped_release release;
        return io::load_map(p);
      },
      py::arg("path"),
      "Reads a .map file. Raises pathing.io.ParseError \"FILE:LINE:COLUMN: message\".");
  io.def("parse_map", &io::parse_map, py::arg("text"), py::arg("name") = "<string>",
         "Parses .map text; errors name `name`.");
  io.def("format_map", &io::format_map, py::arg("grid"),
         "The grid in Moving AI format. Raises ValueError for a cell with no Moving AI "
         "character.");

  py::class_<io::ScenarioEntry>(io, "ScenarioEntry", "One query of a scenario file.")
      .def_readonly("bucket", &io::ScenarioEntry::bucket, "The bucket column.")
      .def_readonly("map", &io::ScenarioEntry::map, "The map column as written.")
      .def_readonly("map_width", &io::ScenarioEntry::map_width, "The map column as written.")
      .def_readonly("map_height", &io::ScenarioEntry::map_height, "The map column as written.")
      .def_readonly("start_x", &io::ScenarioEntry::start_x, "Start column.")
      .def_readonly("start_y", &io::ScenarioEntry::start_y, "Start row.")
      .def_readonly("goal_x", &io::ScenarioEntry::goal_x, "Goal column.")
      .def_readonly("goal_y", &io::ScenarioEntry::goal_y, "Goal row.")
      .def_readonly("optimal_length", &io::ScenarioEntry::optimal_length,
                    "8-connected optimal length, as printed (straight move = 1).")
      .def_readonly("decimals", &io::ScenarioEntry::decimals,
                    "Digits after the decimal point in the file.")
      .def_readonly("line", &io::ScenarioEntry::line, "Line in the file, from 1.")
      .def("tolerance", &io::ScenarioEntry::tolerance,
           "The match tolerance in cost units (printed precision plus a float32 ulp).")
      .def("start", &io::ScenarioEntry::start, "The start cell (x, y).")
      .def("goal", &io::ScenarioEntry::goal, "The goal cell (x, y).");

  py::class_<io::Scenario>(io, "Scenario", "A parsed .scen file.")
      .def_readonly("version", &io::Scenario::version, "The version line: \"1\" or \"1.0\".")
      .def_readonly("entries", &io::Scenario::entries,
                    "The queries, in file order (a new list of ScenarioEntry).")
      .def("__len__", [](const io::Scenario& s) { return s.entries.size(); })
      .def(
          "starts",
          [](const io::Scenario& s) {
            std::vector<GridCoord> v;
            for (const auto& e : s.entries) v.push_back(e.start());
            return to_array(v);
          },
          "(n, 2) int32 array of the start cells.")
      .def(
          "goals",
          [](const io::Scenario& s) {
            std::vector<GridCoord> v;
            for (const auto& e : s.entries) v.push_back(e.goal());
            return to_array(v);
          },
          "(n, 2) int32 array of the goal cells.")
      .def(
          "optimal_lengths",
          [](const io::Scenario& s) {
            py::array_t<double> a(static_cast<py::ssize_t>(s.entries.size()));
            for (std::size_t i = 0; i < s.entries.size(); ++i) {
              a.mutable_data()[i] = s.entries[i].optimal_length;
            }
            return a;
          },
          "(n,) float64 array of the optimal lengths.")
      .def(
          "tolerances",
          [](const io::Scenario& s) {
            py::array_t<double> a(static_cast<py::ssize_t>(s.entries.size()));
            for (std::size_t i = 0; i < s.entries.size(); ++i) {
              a.mutable_data()[i] = s.entries[i].tolerance();
            }
            return a;
          },
          "(n,) float64 array of ScenarioEntry.tolerance().");

  io.def(
      "load_scenario",
      [](const std::filesystem::path& p) {
        const py::gil_scoped_release release;
        return io::load_scenario(p);
      },
      py::arg("path"), "Reads a .scen file. Raises pathing.io.ParseError.");
  io.def("parse_scenario", &io::parse_scenario, py::arg("text"), py::arg("name") = "<string>",
         "Parses .scen text; errors (ParseError) name `name`.");
  io.def("validate_scenario", &io::validate_scenario, py::arg("scenario"), py::arg("grid"),
         py::arg("name"),
         "Raises ParseError at the first entry whose size or cells do not fit the grid.");
  io.def("scenario_map_path", &io::scenario_map_path, py::arg("scenario"), py::arg("scen_file"),
         "The map file of a scenario (the map column's base name, beside the .scen file).");
  io.def(
      "generate_map",
      [](const std::string& kind, int width, int height, double density, int room_size,
         std::uint64_t seed) {
        const auto k = io::parse_map_kind(kind);
        if (!k) throw py::value_error("pathing.io.generate_map: unknown kind '" + kind + "'");
        io::MapSpec spec;
        spec.kind = *k;
        spec.width = width;
        spec.height = height;
        spec.density = density;
        spec.room_size = room_size;
        spec.seed = seed;
        return io::generate_map(spec);
      },
      py::arg("kind"), py::arg("width") = 64, py::arg("height") = 64, py::arg("density") = 0.2,
      py::arg("room_size") = 7, py::arg("seed") = 1,
      "A generated map (kind: random, rooms or maze); the same arguments give the same grid. "
      "Raises ValueError (the C++ message) for a bad argument.");

  // --- Precomputed files (docs/precomputed.md) ---------------------------------------------------
  // The bytes are copied out of Python before the GIL is released.
  io.def(
      "serialize_jps_plus",
      [](const JpsPlusMap& map, const Grid& g) {
        return bytes_released([&] { return io::serialize_jps_plus(map, g); });
      },
      py::arg("map"), py::arg("grid"),
      "The file bytes of a JPS+ table current for `grid`. Raises ValueError when it is not.");
  io.def(
      "serialize_landmarks",
      [](const LandmarkMap& map, const Grid& g, const GridLayer& l) {
        return bytes_released([&] { return io::serialize_landmarks(map, g, l); });
      },
      py::arg("map"), py::arg("grid"), py::arg("layer"),
      "The file bytes of a LandmarkMap current for `grid` under `layer`. Raises ValueError when "
      "it is not.");
  io.def(
      "serialize_hierarchy",
      [](const HierarchyMap& map, const Grid& g) {
        return bytes_released([&] { return io::serialize_hierarchy(map, g); });
      },
      py::arg("map"), py::arg("grid"),
      "The file bytes of a HierarchyMap current for `grid`, with its landmarks and clusters when "
      "it holds them. Raises ValueError when it is not current.");
  def_parse_and_load(io, "jps_plus", &io::parse_jps_plus, &io::load_jps_plus, "A JPS+ table",
                     "`pathing prep --algo jps+`");
  def_parse_and_load(io, "landmarks", &io::parse_landmarks, &io::load_landmarks,
                     "A LandmarkMap (checked: its bound stays admissible and consistent)",
                     "`pathing prep --algo alt`");
  def_parse_and_load(io, "hierarchy", &io::parse_hierarchy, &io::load_hierarchy,
                     "A HierarchyMap (with the landmarks and clusters saved with it)",
                     "`pathing prep --algo hpa`");

  // --- benchmark helpers ------------------------------------------------------------------------
  py::module_ bench = m.def_submodule("_bench", "Timing helpers for bench/python/overhead.py.");
  auto def_time = [&bench](auto* tag, const char* doc) {
    using W = std::remove_pointer_t<decltype(tag)>;
    bench.def(
        "time_find_path",
        [](W& w, const Grid& g, const GridLayer& l, const py::object& starts,
           const py::object& goals, int repeats, const std::optional<SearchOptions>& o) {
          const auto s = coords_from(starts, "starts");
          const auto t = coords_from(goals, "goals");
          if (s.size() != t.size()) throw py::value_error("starts and goals differ in length");
          double checksum = 0;
          const double ns = time_queries(w, g, l, s, t, std::max(1, repeats),
                                         o ? *o : SearchOptions{}, &checksum);
          return py::make_tuple(ns, checksum);
        },
        py::arg("searcher"), py::arg("grid"), py::arg("layer"), py::arg("starts"), py::arg("goals"),
        py::arg("repeats") = 5, py::arg("options") = py::none(), doc);
  };
#if PATHING_PYTHON_ALLOC_COUNTER
  bench.def(
      "allocation_count", [] { return counting::allocation_count(); },
      "Global operator new calls made by the extension's code so far (test builds only).");
  bench.def(
      "find_path_allocations",
      [](PyAStar& w, const Grid& g, const GridLayer& l, GridCoord a, GridCoord b) {
        const counting::AllocationScope scope;
        py::object r = find_path(w, "AStar", g, l, a, b, std::nullopt);
        return py::make_tuple(scope.count(), r);
      },
      "The operator new calls of AStar.find_path's body (what the binding does around the C++ "
      "query, pybind11's argument dispatch excluded) and its result.");
#endif
  constexpr const char* kTimeDoc =
      "Runs find_path for every (start, goal) in a C++ loop (steady_clock, GIL released), "
      "`repeats` rounds; returns (best round's mean ns a query, sum of costs).";
  def_time(static_cast<PyAStar*>(nullptr), kTimeDoc);
  def_time(static_cast<PyGreedy*>(nullptr), kTimeDoc);
  def_time(static_cast<PyJps*>(nullptr), kTimeDoc);
  def_time(static_cast<PyJpsPlus*>(nullptr), kTimeDoc);
}
