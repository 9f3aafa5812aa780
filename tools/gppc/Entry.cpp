// pathing: fast grid path-finding. MIT licensed.
//
// Our entry for the Grid-Based Path Planning Competition start kit (gppc-dev/startkit-classic):
// the four functions of the kit's Entry.h, answered by JPS+ (`pathing::JpsPlus` over a
// `pathing::JpsPlusMap`) on the header-only core alone, or, compiled with
// -DPATHING_GPPC_SEARCH=jps, by online JPS (`pathing::Jps` over a `pathing::JpsMap`), or, with
// -DPATHING_GPPC_SEARCH=subgoal, by the contracted subgoal graph search (`pathing::SubgoalSearch`
// over a `pathing::SubgoalGraph` built with `SubgoalOptions::contract`), or, with
// -DPATHING_GPPC_SEARCH=auto, by whichever of JPS+ and the contracted subgoal search answers a
// sample of the map's queries faster (chosen once a map, in `PrepareForSearch`). Builds
// unchanged in a kit checkout (next to the kit's Entry.h) and here (next to our restatement of
// it). See tools/gppc/README.md.
#include "Entry.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/precompute/jps_map.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/result.hpp"
#include "pathing/search/subgoal_search.hpp"

// The search, chosen at compile time: PATHING_GPPC_SEARCH is jps_plus (the default), jps,
// subgoal or auto.
#ifndef PATHING_GPPC_SEARCH
#define PATHING_GPPC_SEARCH jps_plus
#endif
#define PATHING_GPPC_KIND_jps_plus 1
#define PATHING_GPPC_KIND_jps 2
#define PATHING_GPPC_KIND_subgoal 3
#define PATHING_GPPC_KIND_auto 4
#define PATHING_GPPC_CAT2(a, b) a##b
#define PATHING_GPPC_CAT(a, b) PATHING_GPPC_CAT2(a, b)
#if PATHING_GPPC_CAT(PATHING_GPPC_KIND_, PATHING_GPPC_SEARCH) == 1
#define PATHING_GPPC_NAME "pathing-jps-plus"
#elif PATHING_GPPC_CAT(PATHING_GPPC_KIND_, PATHING_GPPC_SEARCH) == 2
#define PATHING_GPPC_NAME "pathing-jps"
#define PATHING_GPPC_ONLINE 1
#elif PATHING_GPPC_CAT(PATHING_GPPC_KIND_, PATHING_GPPC_SEARCH) == 3
#define PATHING_GPPC_NAME "pathing-subgoal"
#define PATHING_GPPC_SUBGOAL 1
#elif PATHING_GPPC_CAT(PATHING_GPPC_KIND_, PATHING_GPPC_SEARCH) == 4
#define PATHING_GPPC_NAME "pathing-auto"
#define PATHING_GPPC_AUTO 1
#else
#error "PATHING_GPPC_SEARCH must be jps_plus, jps, subgoal or auto"
#endif

namespace {

#if defined(PATHING_GPPC_ONLINE)
/// Online JPS: the jump scans read the passability bitmaps (about 2 bits a cell).
using SearchMap = pathing::JpsMap;
using Searcher = pathing::Jps;
#elif defined(PATHING_GPPC_SUBGOAL)
/// The contracted subgoal graph (docs/subgoal.md): 15-22 bytes a cell on maze and room maps.
using SearchMap = pathing::SubgoalGraph;
using Searcher = pathing::SubgoalSearch;
#else
/// JPS+: precomputed jump distances (16.4 bytes a cell with their bitmaps). With `auto`, also the
/// contracted subgoal graph while the choice is made, kept only when it wins.
using SearchMap = pathing::JpsPlusMap;
using Searcher = pathing::JpsPlus;
#endif

/// Everything one map's queries need, built by `PrepareForSearch` and never moved afterwards (the
/// JPS+ table records the grid object it was built from).
///
/// Memory, for a map of n cells: the grid (n / 2 bytes), the JPS+ table with its bitmaps (16.4
/// bytes a cell: `JpsPlusMap::memory_bytes`; online JPS: the bitmaps alone, about 0.25 bytes a
/// cell), the search state (36 bytes a cell, reserved up front: `JpsPlus::memory_bytes`) and the
/// point buffer (16 bytes a traversable cell, reserved up front: twice the jump points a path
/// can have, as `find_turning_points` asks): 53 to 69 bytes a cell, 13.8 to 17.9 MB for 512 x
/// 512 (JPS+); about 17 bytes a cell less for online JPS.
class GppcSearch {
 public:
  /// Builds the grid (traversable cells: tag 0, cost 1; the others blocked) and the JPS+ table
  /// (or the online JPS bitmaps), and reserves the search state and the path buffer for the longest
  /// possible path. O(cells).
  GppcSearch(const std::vector<bool>& bits, int width, int height) : grid_(width, height) {
    std::size_t open = 0;
    for (int y = 0; y < grid_.rows(); ++y) {
      for (int x = 0; x < grid_.cols(); ++x) {
        const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                              static_cast<std::size_t>(x);
        const bool traversable = i < bits.size() && bits[i];
        if (traversable) {
          ++open;
        } else {
          grid_.set_blocked({x, y}, true);
        }
      }
    }
#ifdef PATHING_GPPC_SUBGOAL
    pathing::SubgoalOptions options;
    options.contract = true;
    table_.build(grid_, kLayer, options);
    search_.reserve(table_);
#else
    table_.build(grid_, kLayer);
#endif
    search_.reserve(grid_.cols(), grid_.rows());
    // A shortest path visits each cell at most once; `find_turning_points` asks for room for
    // twice its jump points (cells of the path).
    cells_.reserve(2 * (open + 1));
#ifdef PATHING_GPPC_AUTO
    choose_search();
#endif
  }

#ifdef PATHING_GPPC_AUTO
  /// Whether the queries go to the contracted subgoal search (else JPS+).
  [[nodiscard]] bool uses_subgoal() const noexcept {
    return use_subgoal_;
  }
#endif

  /// Answers one query as `GetPath` documents: the turning points of a shortest path (the start,
  /// every cell where the direction of travel changes, the goal), or nothing. Allocates only when
  /// `path` has less capacity than the answer (the kit reuses one vector for all queries).
  void find(xyLoc s, xyLoc g, std::vector<xyLoc>& path) {
    path.clear();
    const pathing::GridCoord from{s.x, s.y};
    const pathing::GridCoord to{g.x, g.y};
    if (from == to) return;  // the rules: an empty path of length 0
    // A start off the map is `invalid_endpoint`, an obstacle start is not searched from either
    // (the kit never asks; JpsPlus would ignore the start's own cell), no path `unreachable`.
    if (!grid_.in_bounds(from) || grid_.is_blocked(from)) return;
    bool every_cell = false;
    const pathing::PathResult r = run(from, to, every_cell);
    if (!r.found() || cells_.size() < 2) return;
    if (!every_cell) {
      // The jump point searches write the turning points themselves, from the jump points
      // (O(jump points), not O(path length)).
      path.resize(cells_.size());
      for (std::size_t i = 0; i < cells_.size(); ++i) path[i] = to_loc(cells_[i]);
      return;
    }
    // Every cell of the path (the subgoal search) -> its turning points. The kit's validator
    // accepts any horizontal, vertical or diagonal segment over free cells without corner cutting,
    // which each straight run of the path is.
    const std::size_t n = cells_.size();
    std::size_t turns = 2;  // start and goal
    for (std::size_t i = 1; i + 1 < n; ++i) {
      if (is_turn(i)) ++turns;
    }
    path.resize(turns);
    std::size_t k = 0;
    path[k++] = to_loc(cells_[0]);
    for (std::size_t i = 1; i + 1 < n; ++i) {
      if (is_turn(i)) path[k++] = to_loc(cells_[i]);
    }
    path[k] = to_loc(cells_[n - 1]);
  }

 private:
  /// 8-connected moves, straight 1, diagonal sqrt 2: every traversable cell costs 1 to enter,
  /// blocked cells are impassable (the kit's map has no terrain costs).
  static constexpr pathing::GridLayer kLayer = pathing::GridLayer::uniform(1, 0);

  /// The chosen search's answer into `cells_`: every cell of the path (the subgoal search;
  /// `every_cell` set) or only its turning points (JPS and JPS+: `find_turning_points`).
  pathing::PathResult run(pathing::GridCoord from, pathing::GridCoord to, bool& every_cell) {
#ifdef PATHING_GPPC_SUBGOAL
    every_cell = true;
    return search_.find_path(grid_, table_, from, to, cells_);
#else
#ifdef PATHING_GPPC_AUTO
    if (use_subgoal_) {
      every_cell = true;
      return sub_search_.find_path(grid_, sub_, from, to, cells_);
    }
#endif
    every_cell = false;
    return search_.find_turning_points(grid_, table_, from, to, cells_);
#endif
  }

#ifdef PATHING_GPPC_AUTO
  /// Builds the contracted subgoal graph and keeps it when it answers a sample of 64 queries
  /// faster than JPS+: pairs of traversable cells drawn by a fixed generator, timed twice on
  /// each search (the faster of the two passes counts). A graph whose contraction contracted
  /// nothing (dense and open maps: the work budget ran out) is dropped untimed: JPS+ is faster
  /// there. Both searches are exact, so the choice changes only the time a query takes, never
  /// its answer's length; near a tie it may differ from run to run.
  void choose_search() {
    pathing::SubgoalOptions options;
    options.contract = true;
    sub_.build(grid_, kLayer, options);
    if (sub_.core_count() == sub_.subgoal_count()) {
      sub_ = pathing::SubgoalGraph();
      return;
    }
    sub_search_.reserve(sub_);
    std::vector<pathing::GridCoord> sample;
    std::uint64_t x = 0x9e3779b97f4a7c15ull;
    const auto next = [&x]() {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      return x;
    };
    for (int tries = 0; tries < 100000 && sample.size() < 128; ++tries) {
      const pathing::GridCoord c{
          static_cast<int>(next() % static_cast<std::uint64_t>(grid_.cols())),
          static_cast<int>(next() % static_cast<std::uint64_t>(grid_.rows()))};
      if (!grid_.is_blocked(c)) sample.push_back(c);
    }
    const auto pass = [&](bool subgoal) {
      const auto t0 = std::chrono::steady_clock::now();
      for (std::size_t i = 0; i + 1 < sample.size(); i += 2) {
        use_subgoal_ = subgoal;
        bool every_cell = false;
        (void)run(sample[i], sample[i + 1], every_cell);
      }
      return std::chrono::steady_clock::now() - t0;
    };
    const auto jps_plus = std::min(pass(false), pass(false));
    const auto subgoal = std::min(pass(true), pass(true));
    use_subgoal_ = subgoal < jps_plus;
    if (!use_subgoal_) {
      sub_ = pathing::SubgoalGraph();
      sub_search_ = pathing::SubgoalSearch();
    }
  }
#endif

  /// Whether the path changes direction at cell i (0 < i < cells_.size() - 1).
  [[nodiscard]] bool is_turn(std::size_t i) const noexcept {
    return cells_[i] - cells_[i - 1] != cells_[i + 1] - cells_[i];
  }
  /// The kit's form of a cell of the map (coordinates below 2^15: the kit's maps fit).
  [[nodiscard]] static xyLoc to_loc(pathing::GridCoord c) noexcept {
    return xyLoc{static_cast<std::int16_t>(c.x), static_cast<std::int16_t>(c.y)};
  }

  pathing::Grid grid_;
  SearchMap table_;
  Searcher search_;
  std::vector<pathing::GridCoord> cells_;  // the last path: its cells (subgoal) or turning points
#ifdef PATHING_GPPC_AUTO
  pathing::SubgoalGraph sub_;          // the contracted graph, when it won
  pathing::SubgoalSearch sub_search_;  // its searcher
  bool use_subgoal_ = false;
#endif
};

}  // namespace

/// Writes nothing, by choice: the JPS+ table takes milliseconds to build (7.5-14.5 ms for the
/// 512 x 512 Moving AI maps on a busy 2-core VM), so `PrepareForSearch` builds it from the map
/// and no preprocessing file is needed (the library has no file format for the table; the kit
/// neither requires the file to exist nor times `PrepareForSearch`).
void PreprocessMap(const std::vector<bool>& /*bits*/, int /*width*/, int /*height*/,
                   const std::string& /*filename*/) {}

/// Builds the grid and the JPS+ table from `bits` and reserves all query memory (see
/// `GppcSearch`); `filename` is not read. Returns a `GppcSearch` on the heap (the kit never frees
/// it). O(cells). Throws std::invalid_argument when a side is outside [1, 32768] (without
/// exceptions: every query then answers "no path"), std::bad_alloc when memory runs out.
void* PrepareForSearch(const std::vector<bool>& bits, int width, int height,
                       const std::string& /*filename*/) {
  return new GppcSearch(bits, width, height);
}

/// One query, answered completely in one call (always returns true): `path` receives the turning
/// points of a shortest path from `s` to `g` (see `GppcSearch::find`), or stays empty when `s ==
/// g` or no path exists. Zero allocations once `path` has held an answer as long.
bool GetPath(void* data, xyLoc s, xyLoc g, std::vector<xyLoc>& path) {
  static_cast<GppcSearch*>(data)->find(s, g, path);
  return true;
}

/// "pathing-jps-plus" (our library's JPS+), "pathing-jps" (online JPS), "pathing-subgoal" (the
/// contracted subgoal search) or "pathing-auto" (the faster of JPS+ and the contracted subgoal
/// search, per map): file-name-safe names, as the kit names its preprocessing file after them.
std::string GetName() {
  return PATHING_GPPC_NAME;
}
