// pathing: fast grid path-finding. MIT licensed.
//
// The WebAssembly glue of the JavaScript API (issue #18): thin embind classes over the C++
// library. bindings/js/pathing.mjs wraps them into the documented API (argument checks, status
// names, PathingError); nothing here is meant to be called directly from user code.
//
// Built with -fno-exceptions: every fallible call uses the library's non-throwing form
// (Grid::create, io::try_parse_map, ...) and returns the error message as a string ("" = fine),
// which the wrapper turns into a PathingError. Results of searches go to a small array of doubles
// in wasm memory (one typed_memory_view a query) and the path to an int32 buffer owned by the
// searcher; the wrapper copies both into JS-owned objects.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "pathing/agent/smoothing.hpp"
#include "pathing/field/dijkstra.hpp"
#include "pathing/field/flow_field.hpp"
#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/version.hpp"

// WebAssembly has no x86 vector extensions: the bounded bit-parallel BFS must run its portable
// 128-bit vector code here (bit_bfs.hpp compiles AVX2 / AVX-512 for x86-64 only).
static_assert(PATHING_BIT_BFS_AVX2 == 0, "the wasm build must use the portable vector path");

namespace {

using emscripten::val;
using pathing::GridCoord;

/// A byte view of `v` (valid until the next call that reallocates wasm memory: copy it in JS).
template <class T>
val view(const std::vector<T>& v) {
  return val(emscripten::typed_memory_view(v.size(), v.data()));
}

class JsGrid {
 public:
  /// A cols x rows grid, or (when the sizes are bad) a 1 x 1 grid with `error()` set.
  JsGrid(int cols, int rows) {
    pathing::Error e;
    if (auto g = pathing::Grid::create(cols, rows, 0, &e)) {
      grid_ = std::move(*g);
    } else {
      error_ = e.message;
    }
  }
  [[nodiscard]] const std::string& error() const { return error_; }
  [[nodiscard]] std::uintptr_t address() const { return reinterpret_cast<std::uintptr_t>(this); }
  [[nodiscard]] const pathing::Grid& grid() const { return grid_; }
  [[nodiscard]] int cols() const { return grid_.cols(); }
  [[nodiscard]] int rows() const { return grid_.rows(); }
  [[nodiscard]] double version() const { return static_cast<double>(grid_.version()); }
  bool setTile(int x, int y, int tag) {
    if (tag < 0 || tag > 7) return false;
    return grid_.set_tile({x, y}, static_cast<std::uint8_t>(tag));
  }
  [[nodiscard]] int tile(int x, int y) const { return grid_.tile({x, y}); }
  bool setBlocked(int x, int y, bool b) { return grid_.set_blocked({x, y}, b); }
  [[nodiscard]] bool blocked(int x, int y) const { return grid_.is_blocked({x, y}); }

  /// Copies `cells` (a JS Uint8Array, length cols * rows, row-major) in: `tags` says whether the
  /// bytes are tags (0..7, blocked bits kept) or blocked flags (0 / non-zero, tags kept). The
  /// wrapper checks length and values first.
  void setBytes(const val& bytes, bool tags) {
    scratch_ = emscripten::convertJSArrayToNumberVector<std::uint8_t>(bytes);
    const int cols = grid_.cols();
    if (scratch_.size() != grid_.cell_count()) return;
    std::size_t i = 0;
    for (int y = 0; y < grid_.rows(); ++y) {
      for (int x = 0; x < cols; ++x, ++i) {
        const std::uint8_t old = grid_.cell({x, y});
        const std::uint8_t b = scratch_[i];
        const std::uint8_t v =
            tags ? static_cast<std::uint8_t>((old & pathing::Grid::kBlockedBit) |
                                             (b & pathing::Grid::kTagMask))
                 : static_cast<std::uint8_t>((old & pathing::Grid::kTagMask) |
                                             (b != 0 ? pathing::Grid::kBlockedBit : 0));
        if (v != old) grid_.set_cell({x, y}, v);
      }
    }
  }
  /// The tags (tags = true) or blocked flags (0 / 1) as a view of a scratch buffer.
  val bytes(bool tags) {
    scratch_.resize(grid_.cell_count());
    std::size_t i = 0;
    for (int y = 0; y < grid_.rows(); ++y) {
      for (int x = 0; x < grid_.cols(); ++x, ++i) {
        scratch_[i] =
            tags ? grid_.tile({x, y}) : static_cast<std::uint8_t>(grid_.is_blocked({x, y}));
      }
    }
    return view(scratch_);
  }
  /// Replaces the grid by the Moving AI map `text` (io::try_parse_map); returns "" or the error
  /// ("name:line:column: message"), the grid then unchanged.
  /// Replaces the grid by a generated map (io::try_generate_map); returns "" or the error.
  std::string generate(const std::string& kind, int cols, int rows, double density, int room_size,
                       double seed) {
    const auto k = pathing::io::parse_map_kind(kind);
    if (!k) return "pathing::io::generate_map: unknown kind '" + kind + "'";
    pathing::io::MapSpec spec;
    spec.kind = *k;
    spec.width = cols;
    spec.height = rows;
    spec.density = density;
    spec.room_size = room_size;
    spec.seed = static_cast<std::uint64_t>(seed);  // the wrapper checks: an integer in [0, 2^53]
    pathing::Error e;
    auto g = pathing::io::try_generate_map(spec, &e);
    if (!g) return e.message.empty() ? std::string(pathing::to_string(e.code)) : e.message;
    grid_ = std::move(*g);
    return {};
  }
  /// The grid in Moving AI .map format (io::format_map).
  [[nodiscard]] std::string formatMovingAi() const { return pathing::io::format_map(grid_); }
  /// Makes this grid a copy of `other`.
  void copyFrom(const JsGrid& other) { grid_ = other.grid_; }

  std::string loadMovingAi(const std::string& text, const std::string& name) {
    pathing::Error e;
    auto m = pathing::io::try_parse_map(text, name, &e);
    if (!m) return e.message.empty() ? std::string(pathing::to_string(e.code)) : e.message;
    grid_ = std::move(m->grid);
    return {};
  }

 private:
  pathing::Grid grid_{1, 1};
  std::string error_;
  std::vector<std::uint8_t> scratch_;
};

class JsLayer {
 public:
  /// From 16 costs (8 unblocked tag costs, 8 blocked tag costs), each checked by the wrapper.
  explicit JsLayer(const val& costs) {
    const auto c = emscripten::convertJSArrayToNumberVector<int>(costs);
    std::array<std::uint8_t, 8> tags{};
    std::array<std::uint8_t, 8> blocked{};
    for (std::size_t i = 0; i < 8 && i < c.size(); ++i) tags[i] = static_cast<std::uint8_t>(c[i]);
    for (std::size_t i = 8; i < 16 && i < c.size(); ++i) {
      blocked[i - 8] = static_cast<std::uint8_t>(c[i]);
    }
    layer_ = pathing::GridLayer(tags, blocked);
  }
  explicit JsLayer(const pathing::GridLayer& l) : layer_(l) {}
  static JsLayer movingAi() { return JsLayer(pathing::io::movingai_layer()); }
  [[nodiscard]] int tagCost(int tag) const {
    return layer_.tag_cost(static_cast<std::uint8_t>(tag));
  }
  [[nodiscard]] int blockedTagCost(int tag) const {
    return layer_.blocked_tag_cost(static_cast<std::uint8_t>(tag));
  }
  [[nodiscard]] const pathing::GridLayer& layer() const { return layer_; }
  [[nodiscard]] std::uintptr_t address() const { return reinterpret_cast<std::uintptr_t>(this); }

 private:
  pathing::GridLayer layer_;
};

/// Result slots shared by every search wrapper (doubles in wasm memory, read through one view).
enum Slot : std::size_t {
  kStatus = 0,
  kCost,
  kMoves,
  kExpanded,
  kGenerated,
  kFinishX,
  kFinishY,
  kPathCells,
  kPathAddress,  ///< Byte address of the path's int32 buffer (x0, y0, x1, y1, ...) in wasm memory.
  kSlots
};

/// Options as the wrapper passes them; false (status invalid_argument) when out of range.
bool read_options(int connectivity, double weight, double max_expansions, double max_cost,
                  pathing::SearchOptions& o) {
  if (connectivity != 4 && connectivity != 8) return false;
  if (std::isnan(max_expansions) || max_expansions < 0) return false;
  o.connectivity = connectivity == 4 ? pathing::Connectivity::four : pathing::Connectivity::eight;
  o.weight = weight;  // the searches check it (invalid_argument)
  o.limits.max_expansions = max_expansions >= 1.8e19 ? std::numeric_limits<std::uint64_t>::max()
                                                     : static_cast<std::uint64_t>(max_expansions);
  o.limits.max_cost = max_cost;
  return true;
}

/// A search wrapper: the searcher, its reused path buffers and result slots.
template <class Searcher>
class JsSearch {
 public:
  val findPath(const JsGrid& g, const JsLayer& l, int sx, int sy, int gx, int gy, int connectivity,
               double weight, double max_expansions, double max_cost) {
    find(g, l, sx, sy, gx, gy, connectivity, weight, max_expansions, max_cost);
    return slots();
  }
  /// The same, results in the slots only (for the plain C exports below: no JS value made).
  int find(const JsGrid& g, const JsLayer& l, int sx, int sy, int gx, int gy, int connectivity,
           double weight, double max_expansions, double max_cost) {
    cells_.clear();
    cols_ = g.cols();
    rows_ = g.rows();
    pathing::SearchOptions o;
    if (!read_options(connectivity, weight, max_expansions, max_cost, o)) {
      pathing::PathResult bad;
      bad.status = pathing::SearchStatus::invalid_argument;
      bad.finish = {sx, sy};
      return store(bad);
    }
    return store(searcher_.find_path(g.grid(), l.layer(), {sx, sy}, {gx, gy}, cells_, o));
  }

  /// The cells of the last path, x0, y0, x1, y1, ... (a view: copy it).
  val path() const { return view(xy_); }

  /// 1 for each cell the last query expanded (AStar, GreedyBestFirst: `was_expanded`; Jps, JpsPlus:
  /// the jump points of the last path), cols * rows bytes of the last query's grid.
  val expandedMask() {
    mask_.assign(static_cast<std::size_t>(cols_) * static_cast<std::size_t>(rows_), 0);
    if constexpr (requires(const Searcher& s) { s.was_expanded(GridCoord{}); }) {
      std::size_t i = 0;
      for (int y = 0; y < rows_; ++y) {
        for (int x = 0; x < cols_; ++x, ++i) mask_[i] = searcher_.was_expanded({x, y}) ? 1 : 0;
      }
    } else {
      std::vector<GridCoord> points;
      searcher_.jump_points(points);
      for (const GridCoord c : points) {
        if (c.x >= 0 && c.y >= 0 && c.x < cols_ && c.y < rows_) {
          mask_[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(cols_) +
                static_cast<std::size_t>(c.x)] = 1;
        }
      }
    }
    return view(mask_);
  }

  /// Bounded seed mode (56 steps, 4-connected), for the searchers that have it.
  val buildPath(const JsGrid& g, const JsLayer& l, int sx, int sy, int gx, int gy) {
    build(g, l, sx, sy, gx, gy);
    return slots();
  }
  int build(const JsGrid& g, const JsLayer& l, int sx, int sy, int gx, int gy) {
    cells_.clear();
    cols_ = g.cols();
    rows_ = g.rows();
    const pathing::BoundedResult b = searcher_.build_path(g.grid(), l.layer(), {sx, sy}, {gx, gy});
    const bool searched = b.status != pathing::SearchStatus::invalid_endpoint &&
                          b.status != pathing::SearchStatus::unsupported &&
                          b.status != pathing::SearchStatus::invalid_argument;
    if (searched) {
      GridCoord c{sx, sy};
      cells_.push_back(c);
      for (int i = 0; i < b.path.len(); ++i) {
        c = c + pathing::step_offset(b.path.at(i));
        cells_.push_back(c);
      }
    }
    pathing::PathResult r;
    r.status = b.status;
    r.finish = b.finish;
    r.cost = b.cost;
    r.moves = b.moves;
    r.stats = b.stats;
    return store(r);
  }

  /// Seconds a `find_path` of the library takes, the query repeated inside wasm (no JavaScript
  /// call between repetitions: the compute alone, as native_rows.cpp times it); then the query
  /// once more through `find` for the result slots. Bad options: -1.
  double timeFind(const JsGrid& g, const JsLayer& l, int sx, int sy, int gx, int gy,
                  int connectivity) {
    pathing::SearchOptions o;
    if (!read_options(connectivity, 1.0, 1.9e19, std::numeric_limits<double>::infinity(), o)) {
      return -1;
    }
    const double t = time_per_call([&] {
      static_cast<void>(searcher_.find_path(g.grid(), l.layer(), {sx, sy}, {gx, gy}, cells_, o));
    });
    find(g, l, sx, sy, gx, gy, connectivity, 1.0, 1.9e19, std::numeric_limits<double>::infinity());
    return t;
  }
  /// The same for bounded seed mode (`build_path`).
  double timeBuild(const JsGrid& g, const JsLayer& l, int sx, int sy, int gx, int gy) {
    const double t = time_per_call([&] {
      static_cast<void>(searcher_.build_path(g.grid(), l.layer(), {sx, sy}, {gx, gy}));
    });
    build(g, l, sx, sy, gx, gy);
    return t;
  }

  /// Byte addresses of this wrapper and of its result slots (doubles), for the C exports.
  [[nodiscard]] std::uintptr_t address() const { return reinterpret_cast<std::uintptr_t>(this); }
  [[nodiscard]] std::uintptr_t slotsAddress() const {
    return reinterpret_cast<std::uintptr_t>(slots_.data());
  }

  [[nodiscard]] double memoryBytes() const { return static_cast<double>(searcher_.memory_bytes()); }

 private:
  val slots() const { return val(emscripten::typed_memory_view(slots_.size(), slots_.data())); }

  int store(const pathing::PathResult& r) {
    slots_[kStatus] = static_cast<double>(r.status);
    slots_[kCost] = r.cost;
    slots_[kMoves] = r.moves;
    slots_[kExpanded] = static_cast<double>(r.stats.expanded);
    slots_[kGenerated] = static_cast<double>(r.stats.generated);
    slots_[kFinishX] = r.finish.x;
    slots_[kFinishY] = r.finish.y;
    slots_[kPathCells] = static_cast<double>(cells_.size());
    xy_.resize(cells_.size() * 2);
    for (std::size_t i = 0; i < cells_.size(); ++i) {
      xy_[2 * i] = cells_[i].x;
      xy_[2 * i + 1] = cells_[i].y;
    }
    slots_[kPathAddress] = static_cast<double>(reinterpret_cast<std::uintptr_t>(xy_.data()));
    return static_cast<int>(r.status);
  }

  Searcher searcher_;
  std::vector<GridCoord> cells_;
  std::vector<std::int32_t> xy_;
  std::vector<std::uint8_t> mask_;
  std::array<double, kSlots> slots_{};
  int cols_ = 0;
  int rows_ = 0;
};

/// Seconds a call of `f` takes, timed inside WebAssembly (no JavaScript between the calls): the
/// method of bench/js/run.mjs and native_rows.cpp (warm-up >= 5 ms, then the median of 7 batches
/// of >= 2 ms, or of 3 single calls when a call takes 2 ms or more). For the benchmark only.
template <class F>
double time_per_call(F&& f) {
  const auto seconds = [](double t0) { return (emscripten_get_now() - t0) / 1e3; };
  double t0 = emscripten_get_now();
  do f();
  while (seconds(t0) < 5e-3);
  t0 = emscripten_get_now();
  f();
  const double one = seconds(t0);
  if (one >= 2e-3) {
    std::array<double, 3> s{one, 0, 0};
    for (std::size_t i = 1; i < 3; ++i) {
      t0 = emscripten_get_now();
      f();
      s[i] = seconds(t0);
    }
    std::sort(s.begin(), s.end());
    return s[1];
  }
  const long reps = std::max(1L, static_cast<long>(2e-3 / std::max(one, 5e-8)));
  std::array<double, 7> batch{};
  for (double& b : batch) {
    t0 = emscripten_get_now();
    for (long r = 0; r < reps; ++r) f();
    b = seconds(t0) / static_cast<double>(reps);
  }
  std::sort(batch.begin(), batch.end());
  return batch[3];
}

using JsAStar = JsSearch<pathing::AStar>;
using JsGreedyBfs = JsSearch<pathing::GreedyBestFirst>;
using JsJps = JsSearch<pathing::Jps>;
using JsJpsPlus = JsSearch<pathing::JpsPlus>;

/// Embind objects by their byte address (the wrapper's `address()`), for the C exports.
template <class T>
T& at(std::uintptr_t address) {
  return *reinterpret_cast<T*>(address);
}

}  // namespace

// Plain C exports of the per-query calls: pathing.mjs calls them directly (no embind argument
// conversion, no JS value made: a few hundred nanoseconds less a query). Arguments are the
// addresses of live embind objects of the right types, checked by the wrapper.
extern "C" {
EMSCRIPTEN_KEEPALIVE int pathing_find_path(int kind, std::uintptr_t searcher, std::uintptr_t grid,
                                           std::uintptr_t layer, int sx, int sy, int gx, int gy,
                                           int connectivity, double weight, double max_expansions,
                                           double max_cost) {
  const JsGrid& g = at<JsGrid>(grid);
  const JsLayer& l = at<JsLayer>(layer);
  switch (kind) {
    case 0:
      return at<JsAStar>(searcher).find(g, l, sx, sy, gx, gy, connectivity, weight, max_expansions,
                                        max_cost);
    case 1:
      return at<JsGreedyBfs>(searcher).find(g, l, sx, sy, gx, gy, connectivity, weight,
                                            max_expansions, max_cost);
    case 2:
      return at<JsJps>(searcher).find(g, l, sx, sy, gx, gy, connectivity, weight, max_expansions,
                                      max_cost);
    default:
      return at<JsJpsPlus>(searcher).find(g, l, sx, sy, gx, gy, connectivity, weight,
                                          max_expansions, max_cost);
  }
}
/// The benchmark's "wasm compute alone" (bench/js/run.mjs): seconds a query takes repeated inside
/// wasm; `bounded` 1 = build_path (kinds 0, 1 only). The result slots then hold the query's result.
EMSCRIPTEN_KEEPALIVE double pathing_time_query(int kind, std::uintptr_t searcher,
                                               std::uintptr_t grid, std::uintptr_t layer, int sx,
                                               int sy, int gx, int gy, int connectivity,
                                               int bounded) {
  const JsGrid& g = at<JsGrid>(grid);
  const JsLayer& l = at<JsLayer>(layer);
  if (bounded != 0) {
    return kind == 0 ? at<JsAStar>(searcher).timeBuild(g, l, sx, sy, gx, gy)
                     : at<JsGreedyBfs>(searcher).timeBuild(g, l, sx, sy, gx, gy);
  }
  switch (kind) {
    case 0:
      return at<JsAStar>(searcher).timeFind(g, l, sx, sy, gx, gy, connectivity);
    case 1:
      return at<JsGreedyBfs>(searcher).timeFind(g, l, sx, sy, gx, gy, connectivity);
    case 2:
      return at<JsJps>(searcher).timeFind(g, l, sx, sy, gx, gy, connectivity);
    default:
      return at<JsJpsPlus>(searcher).timeFind(g, l, sx, sy, gx, gy, connectivity);
  }
}
EMSCRIPTEN_KEEPALIVE int pathing_build_path(int kind, std::uintptr_t searcher, std::uintptr_t grid,
                                            std::uintptr_t layer, int sx, int sy, int gx, int gy) {
  const JsGrid& g = at<JsGrid>(grid);
  const JsLayer& l = at<JsLayer>(layer);
  return kind == 0 ? at<JsAStar>(searcher).build(g, l, sx, sy, gx, gy)
                   : at<JsGreedyBfs>(searcher).build(g, l, sx, sy, gx, gy);
}
}

namespace {

class JsDistanceField {
 public:
  [[nodiscard]] int status() const { return static_cast<int>(status_); }
  void setStatus(pathing::SearchStatus s) { status_ = s; }
  pathing::DistanceField& field() { return field_; }
  [[nodiscard]] const pathing::DistanceField& field() const { return field_; }
  [[nodiscard]] int cols() const { return field_.cols(); }
  [[nodiscard]] int rows() const { return field_.rows(); }
  [[nodiscard]] double cost(int x, int y) const { return field_.cost({x, y}); }
  [[nodiscard]] bool reached(int x, int y) const { return field_.reached({x, y}); }
  /// Every cost, row-major, +inf unreached (a view: copy it).
  val costs() {
    costs_.resize(static_cast<std::size_t>(field_.cols()) *
                  static_cast<std::size_t>(field_.rows()));
    std::size_t i = 0;
    for (int y = 0; y < field_.rows(); ++y) {
      for (int x = 0; x < field_.cols(); ++x) costs_[i++] = field_.cost({x, y});
    }
    return view(costs_);
  }
  [[nodiscard]] double settled() const { return static_cast<double>(settled_); }
  void setSettled(std::uint64_t n) { settled_ = n; }

 private:
  pathing::DistanceField field_;
  pathing::SearchStatus status_ = pathing::SearchStatus::invalid_argument;
  std::uint64_t settled_ = 0;
  std::vector<double> costs_;
};

class JsDijkstra {
 public:
  /// Computes into `out` the field of `sources` (a JS array of numbers x0, y0, x1, y1, ...);
  /// `direction` 0 = to the sources, 1 = from them. Returns the status code.
  int build(const JsGrid& g, const JsLayer& l, const val& sources, int connectivity,
            double max_cost, int direction, JsDistanceField& out) {
    if (connectivity != 4 && connectivity != 8) return invalid(out);
    if (direction != 0 && direction != 1) return invalid(out);
    const auto xy = emscripten::convertJSArrayToNumberVector<int>(sources);
    src_.clear();
    for (std::size_t i = 0; i + 1 < xy.size(); i += 2) src_.push_back({{xy[i], xy[i + 1]}, 0.0});
    pathing::FieldOptions o;
    o.connectivity = connectivity == 4 ? pathing::Connectivity::four : pathing::Connectivity::eight;
    o.direction = direction == 0 ? pathing::FieldDirection::to_sources
                                 : pathing::FieldDirection::from_sources;
    o.max_cost = max_cost;
    const pathing::FieldStats s = dijkstra_.compute(g.grid(), l.layer(), src_, out.field(), o);
    out.setStatus(s.status);
    out.setSettled(s.settled);
    return static_cast<int>(s.status);
  }

 private:
  static int invalid(JsDistanceField& out) {
    out.setStatus(pathing::SearchStatus::invalid_argument);
    return static_cast<int>(pathing::SearchStatus::invalid_argument);
  }
  pathing::Dijkstra dijkstra_;
  std::vector<pathing::FieldSource> src_;
};

class JsFlowField {
 public:
  int build(const JsGrid& g, const JsLayer& l, const JsDistanceField& f) {
    return static_cast<int>(flow_.build(g.grid(), l.layer(), f.field()));
  }
  [[nodiscard]] int raw(int x, int y) const { return flow_.raw({x, y}); }
  [[nodiscard]] int cols() const { return flow_.cols(); }
  [[nodiscard]] int rows() const { return flow_.rows(); }
  val directions() const {
    const auto d = flow_.directions();
    return val(emscripten::typed_memory_view(d.size(), d.data()));
  }

 private:
  pathing::FlowField flow_;
};

/// Scenario parsing: numbers (9 a row: bucket, width, height, sx, sy, gx, gy, optimal,
/// tolerance) and the map names (one a line) of the last parse.
struct ScenarioBuffer {
  std::vector<double> numbers;
  std::string maps;
};
ScenarioBuffer& scenario_buffer() {
  static ScenarioBuffer b;
  return b;
}

std::string parseScenario(const std::string& text, const std::string& name) {
  ScenarioBuffer& b = scenario_buffer();
  b.numbers.clear();
  b.maps.clear();
  pathing::Error e;
  auto s = pathing::io::try_parse_scenario(text, name, &e);
  if (!s) return e.message.empty() ? std::string(pathing::to_string(e.code)) : e.message;
  for (const pathing::io::ScenarioEntry& r : s->entries) {
    b.numbers.insert(b.numbers.end(),
                     {static_cast<double>(r.bucket), static_cast<double>(r.map_width),
                      static_cast<double>(r.map_height), static_cast<double>(r.start_x),
                      static_cast<double>(r.start_y), static_cast<double>(r.goal_x),
                      static_cast<double>(r.goal_y), r.optimal_length, r.tolerance()});
    b.maps += r.map;
    b.maps += '\n';
  }
  return {};
}
val scenarioNumbers() {
  return view(scenario_buffer().numbers);
}
std::string scenarioMaps() {
  return scenario_buffer().maps;
}

/// String pulling of a path (x0, y0, x1, y1, ... as a JS array): the waypoints into a buffer.
std::vector<std::int32_t>& smooth_buffer() {
  static std::vector<std::int32_t> b;
  return b;
}
val smoothPath(const JsGrid& g, const JsLayer& l, const val& path) {
  const auto xy = emscripten::convertJSArrayToNumberVector<int>(path);
  std::vector<GridCoord> cells;
  for (std::size_t i = 0; i + 1 < xy.size(); i += 2) cells.push_back({xy[i], xy[i + 1]});
  std::vector<GridCoord> way;
  pathing::smooth_path(g.grid(), l.layer(), cells, way);
  auto& out = smooth_buffer();
  out.clear();
  for (const GridCoord c : way) {
    out.push_back(c.x);
    out.push_back(c.y);
  }
  return view(out);
}

bool lineOfSight(const JsGrid& g, const JsLayer& l, int ax, int ay, int bx, int by) {
  return pathing::line_of_sight(g.grid(), l.layer(), {ax, ay}, {bx, by});
}

/// The error of the last `generateScenario` that failed ("" after a success).
std::string& scenario_error() {
  static std::string e;
  return e;
}
/// A generated Moving AI scenario for `g` as text (io::try_generate_scenario, format_scenario),
/// or "" with `scenarioError()` set.
std::string generateScenario(const JsGrid& g, const std::string& map_name, int queries,
                             double seed) {
  pathing::Error e;
  auto s = pathing::io::try_generate_scenario(g.grid(), map_name, queries,
                                              static_cast<std::uint64_t>(seed),
                                              pathing::io::movingai_layer(), &e);
  if (!s) {
    scenario_error() = e.message.empty() ? std::string(pathing::to_string(e.code)) : e.message;
    return {};
  }
  scenario_error().clear();
  return pathing::io::format_scenario(*s);
}
std::string scenarioError() {
  return scenario_error();
}

std::string version() {
  return PATHING_VERSION_STRING;
}

template <class S>
void bind_search(const char* name) {
  emscripten::class_<S>(name)
      .template constructor<>()
      .function("findPath", &S::findPath)
      .function("path", &S::path)
      .function("expandedMask", &S::expandedMask)
      .function("memoryBytes", &S::memoryBytes)
      .function("address", &S::address)
      .function("slotsAddress", &S::slotsAddress);
}

}  // namespace

EMSCRIPTEN_BINDINGS(pathing_js) {
  using emscripten::class_;
  using emscripten::function;
  class_<JsGrid>("Grid")
      .constructor<int, int>()
      .function("error", &JsGrid::error)
      .function("address", &JsGrid::address)
      .function("cols", &JsGrid::cols)
      .function("rows", &JsGrid::rows)
      .function("version", &JsGrid::version)
      .function("setTile", &JsGrid::setTile)
      .function("tile", &JsGrid::tile)
      .function("setBlocked", &JsGrid::setBlocked)
      .function("blocked", &JsGrid::blocked)
      .function("setBytes", &JsGrid::setBytes)
      .function("bytes", &JsGrid::bytes)
      .function("loadMovingAi", &JsGrid::loadMovingAi)
      .function("generate", &JsGrid::generate)
      .function("formatMovingAi", &JsGrid::formatMovingAi)
      .function("copyFrom", &JsGrid::copyFrom);
  class_<JsLayer>("GridLayer")
      .constructor<val>()
      .class_function("movingAi", &JsLayer::movingAi)
      .function("address", &JsLayer::address)
      .function("tagCost", &JsLayer::tagCost)
      .function("blockedTagCost", &JsLayer::blockedTagCost);
  class_<JsAStar>("AStar")
      .constructor<>()
      .function("findPath", &JsAStar::findPath)
      .function("buildPath", &JsAStar::buildPath)
      .function("path", &JsAStar::path)
      .function("expandedMask", &JsAStar::expandedMask)
      .function("memoryBytes", &JsAStar::memoryBytes)
      .function("address", &JsAStar::address)
      .function("slotsAddress", &JsAStar::slotsAddress);
  class_<JsGreedyBfs>("GreedyBestFirst")
      .constructor<>()
      .function("findPath", &JsGreedyBfs::findPath)
      .function("buildPath", &JsGreedyBfs::buildPath)
      .function("path", &JsGreedyBfs::path)
      .function("expandedMask", &JsGreedyBfs::expandedMask)
      .function("memoryBytes", &JsGreedyBfs::memoryBytes)
      .function("address", &JsGreedyBfs::address)
      .function("slotsAddress", &JsGreedyBfs::slotsAddress);
  bind_search<JsJps>("Jps");
  bind_search<JsJpsPlus>("JpsPlus");
  class_<JsDistanceField>("DistanceField")
      .constructor<>()
      .function("status", &JsDistanceField::status)
      .function("cols", &JsDistanceField::cols)
      .function("rows", &JsDistanceField::rows)
      .function("cost", &JsDistanceField::cost)
      .function("reached", &JsDistanceField::reached)
      .function("costs", &JsDistanceField::costs)
      .function("settled", &JsDistanceField::settled);
  class_<JsDijkstra>("Dijkstra").constructor<>().function("build", &JsDijkstra::build);
  class_<JsFlowField>("FlowField")
      .constructor<>()
      .function("build", &JsFlowField::build)
      .function("raw", &JsFlowField::raw)
      .function("cols", &JsFlowField::cols)
      .function("rows", &JsFlowField::rows)
      .function("directions", &JsFlowField::directions);
  function("parseScenario", &parseScenario);
  function("scenarioNumbers", &scenarioNumbers);
  function("scenarioMaps", &scenarioMaps);
  function("smoothPath", &smoothPath);
  function("lineOfSight", &lineOfSight);
  function("generateScenario", &generateScenario);
  function("scenarioError", &scenarioError);
  function("version", &version);
}
