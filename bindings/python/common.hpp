// pathing: fast grid path-finding. MIT licensed.
//
// What every file of the Python extension `pathing._pathing` shares: the includes, the type
// casters, the searcher wrappers and helpers (namespace pathing_py), and one bind_* function a
// concept (bind_*.cpp), which module.cpp calls in order.
//
// Layout conventions (docs/python.md): a grid as a NumPy array is (rows, cols), row-major,
// indexed [y, x]; a list of cells or a path is an (n, 2) int32 array of (x, y) rows.
#pragma once

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

namespace pathing_py {

using CoordArray = py::array_t<std::int32_t, py::array::c_style>;

// An (n, 2) int32 array copied from cells.
// Made through the NumPy C API directly: pybind11's array constructors build std::vectors for
// the shape and strides (two operator new calls a path).
inline CoordArray to_array(const GridCoord* cells, std::size_t n) {
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
inline CoordArray to_array(const std::vector<GridCoord>& cells) {
  return to_array(cells.data(), cells.size());
}

// Cells from anything NumPy reads as an (n, 2) integer array (a list of (x, y) pairs included).
inline std::vector<GridCoord> coords_from(const py::handle& obj, const char* what) {
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

inline PyTypeObject* g_path_result_type = nullptr;
inline std::array<PyObject*, 10> g_status_objects{};  // SearchStatus members, by value

inline PyObject* status_object(SearchStatus s) {
  PyObject* o = g_status_objects[static_cast<std::size_t>(s) % g_status_objects.size()];
  Py_INCREF(o);
  return o;
}

inline void path_result_dealloc(PyObject* self) {
  auto* r = reinterpret_cast<PathResultObject*>(self);
  PyTypeObject* type = Py_TYPE(self);
  Py_XDECREF(r->status);
  Py_XDECREF(r->finish);
  Py_XDECREF(r->path);
  type->tp_free(self);
  Py_DECREF(type);
}

inline PyObject* path_result_found(PyObject* self, void*) {
  return PyBool_FromLong(reinterpret_cast<PathResultObject*>(self)->found);
}
inline PyObject* path_result_partial(PyObject* self, void*) {
  return PyBool_FromLong(!reinterpret_cast<PathResultObject*>(self)->found);
}
inline PyObject* path_result_stats(PyObject* self, void*) {
  const auto* r = reinterpret_cast<PathResultObject*>(self);
  try {
    return py::cast(SearchStats{r->expanded, r->generated}).release().ptr();
  } catch (py::error_already_set& e) {
    e.restore();
    return nullptr;
  }
}
inline PyObject* path_result_repr(PyObject* self) {
  const auto* r = reinterpret_cast<PathResultObject*>(self);
  return PyUnicode_FromFormat("PathResult(status=%S, cost=%R, moves=%u)", r->status,
                              py::float_(r->cost).ptr(), r->moves);
}

inline PyMemberDef g_path_result_members[] = {
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

inline PyGetSetDef g_path_result_getset[] = {
    {"found", path_result_found, nullptr, "True when the path reaches the goal.", nullptr},
    {"partial", path_result_partial, nullptr, "True unless the path reaches the goal.", nullptr},
    {"stats", path_result_stats, nullptr, "SearchStats: expanded / generated nodes.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

inline void register_path_result(py::module_& m) {
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
inline py::object make_path_result(const PathResult& r, CoordArray path) {
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

inline bool refused(SearchStatus s) {
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
inline Grid grid_from_numpy(const py::array& tags, const std::optional<py::array>& blocked) {
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

inline std::vector<FieldSource> sources_from(const py::handle& obj) {
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
inline void raise_unless(bool ok, const Error& e) {
  if (!ok) throw py::value_error(e.message);
}

// The grid and map arguments of HpaStar's queries, type-checked (kept as objects to hold them).
inline void check_hpa_args(const char* fn, const py::object& grid, const py::object& map) {
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
inline void deprecated_name(const char* old_name, const char* new_name) {
  const std::string text =
      std::string("pathing.") + old_name + " is deprecated: use pathing." + new_name;
  if (PyErr_WarnEx(PyExc_DeprecationWarning, text.c_str(), 2) != 0) throw py::error_already_set();
}

}  // namespace pathing_py

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

namespace pathing_py {
using PyAStar = Searcher<AStar>;
using PyGreedy = Searcher<GreedyBestFirst>;
using PyJps = Searcher<Jps>;
using PyJpsPlus = Searcher<JpsPlus>;

// Registers enums, search options, statistics and results (bind_results.cpp).
void bind_results(py::module_& m);
// Registers Grid and GridLayer (bind_map.cpp).
void bind_map(py::module_& m);
// Registers the searchers, the jump-point maps and the landmark, clearance and region maps
// (bind_search.cpp).
void bind_search(py::module_& m);
// Registers HPA*: HierarchyMap, SectorFlowField, HpaStar (bind_hierarchy.cpp).
void bind_hierarchy(py::module_& m);
// Registers distance fields, flow fields and Dijkstra (bind_field.cpp).
void bind_field(py::module_& m);
// Registers PathBatch and path smoothing (bind_agent.cpp).
void bind_agent(py::module_& m);
// Registers pathing.io (Moving AI files, precomputed files) and the benchmark helpers
// (bind_io.cpp).
void bind_io(py::module_& m);
}  // namespace pathing_py

using namespace pathing_py;
