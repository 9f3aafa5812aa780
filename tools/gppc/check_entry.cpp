// pathing: fast grid path-finding. MIT licensed.
//
// pathing_gppc_check: runs a GPPC entry (the four functions of the start kit's Entry.h, here
// tools/gppc/Entry.cpp) the way the kit's harness does, and checks every answer.
//
// Usage: pathing_gppc_check [--index-dir DIR] [MAP] SCEN [[MAP] SCEN]...
//
// For each scenario (a Moving AI .scen file; its map is the MAP given just before it, else the
// file its map column names, in the scenario's directory): reads the map into a std::vector<bool>
// as the kit does (`.`, `G`, `S` traversable, everything else an obstacle), calls PreprocessMap
// (file DIR/NAME-MAPBASE, DIR default "index_data", created if missing), PrepareForSearch, then
// GetPath for each row, again and again until it returns true, timing the calls as the kit does.
// Each path is checked on our own: a non-empty path starts at the start and ends at the goal
// (start == goal needs the empty path), every point is a traversable cell, consecutive points lie
// on one horizontal, vertical or diagonal line whose cells are all traversable and whose diagonal
// moves cut no corner (the rules the kit's validator applies, and more: it checks neither end).
// The empty path means "no path" (length 0), as in the kit's scenarios, where an optimal length
// of 0 between two different cells says no path exists. The length (the kit's: the sum of the
// Euclidean lengths of the segments) must equal the row's optimal length within max(1e-4, the
// row's printed precision; see `pathing::io::ScenarioEntry::tolerance`). A second pass repeats the
// queries warm and counts the heap allocations they make (when built with the allocation
// counter).
//
// Prints one line a scenario and a total; exits 0 when every row is valid and optimal, 1 when one
// is not, 2 on a usage or file error. Builds with and without exceptions.
#include "Entry.h"

#include <pathing/io/movingai.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

// Set to 1 by the build when the program links the counting operator new (tools/alloc_counter).
#ifndef PATHING_GPPC_COUNT_ALLOCATIONS
#define PATHING_GPPC_COUNT_ALLOCATIONS 0
#endif
#if PATHING_GPPC_COUNT_ALLOCATIONS
#include "alloc_counter/alloc_counter.hpp"
#endif

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

/// The most GetPath calls a query may take (an entry that never returns true fails the row).
constexpr int kMaxCallsPerQuery = 1 << 20;

/// A map as the kit hands it to an entry.
struct KitMap {
  std::vector<bool> bits;  ///< width * height cells, row by row; true = traversable.
  int width = 0;           ///< Columns.
  int height = 0;          ///< Rows.

  /// Whether (x, y) lies on the map and is traversable.
  [[nodiscard]] bool open_at(int x, int y) const {
    return x >= 0 && y >= 0 && x < width && y < height &&
           bits[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                static_cast<std::size_t>(x)];
  }
};

/// The kit's reading of a parsed Moving AI map: traversable = `.`, `G`, `S` (exactly the cells the
/// Moving AI layer lets one enter).
KitMap to_kit_map(const pathing::Grid& grid) {
  KitMap m;
  m.width = grid.cols();
  m.height = grid.rows();
  m.bits.resize(grid.cell_count());
  const pathing::GridLayer layer = pathing::io::movingai_layer();
  for (int y = 0; y < m.height; ++y) {
    for (int x = 0; x < m.width; ++x) {
      m.bits[static_cast<std::size_t>(y) * static_cast<std::size_t>(m.width) +
             static_cast<std::size_t>(x)] = layer.cost_of_cell(grid.cell({x, y})) != 0;
    }
  }
  return m;
}

/// What the check of one answer found.
struct Verdict {
  const char* invalid = nullptr;  ///< Why the path breaks the rules; null when valid.
  double length = 0;              ///< The kit's length of the path.
};

/// Checks `path` as the answer from `s` to `g` on `map` (see the file comment). O(cells on it).
Verdict check_path(const KitMap& map, xyLoc s, xyLoc g, const std::vector<xyLoc>& path) {
  Verdict v;
  if (path.empty()) return v;  // "no path", length 0: the row's optimum says whether that is right
  if (s.x == g.x && s.y == g.y) {
    v.invalid = "start == goal needs an empty path";
    return v;
  }
  if (path.size() == 1) {
    v.invalid = "a path of one point";
    return v;
  }
  if (path.front().x != s.x || path.front().y != s.y) {
    v.invalid = "does not start at the start";
    return v;
  }
  if (path.back().x != g.x || path.back().y != g.y) {
    v.invalid = "does not end at the goal";
    return v;
  }
  for (const xyLoc p : path) {
    if (!map.open_at(p.x, p.y)) {
      v.invalid = "a point off the map or on an obstacle";
      return v;
    }
  }
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const int dx = path[i + 1].x - path[i].x;
    const int dy = path[i + 1].y - path[i].y;
    if (dx != 0 && dy != 0 && std::abs(dx) != std::abs(dy)) {
      v.invalid = "a segment neither straight nor diagonal";
      return v;
    }
    const int sx = (dx > 0) - (dx < 0);
    const int sy = (dy > 0) - (dy < 0);
    const int steps = std::max(std::abs(dx), std::abs(dy));
    int x = path[i].x;
    int y = path[i].y;
    for (int k = 0; k < steps; ++k) {
      if (sx != 0 && sy != 0 && (!map.open_at(x + sx, y) || !map.open_at(x, y + sy))) {
        v.invalid = "a diagonal move cuts a corner";
        return v;
      }
      x += sx;
      y += sy;
      if (!map.open_at(x, y)) {
        v.invalid = "a segment crosses an obstacle";
        return v;
      }
    }
    v.length += std::sqrt(static_cast<double>(dx * dx + dy * dy));  // as the kit sums it
  }
  return v;
}

/// Index-file name as the kit makes it: DIR/NAME-BASE, BASE the map's file name up to its last
/// dot.
std::string index_file(const std::string& dir, const fs::path& map) {
  return dir + "/" + GetName() + "-" + map.stem().string();
}

/// The map a scenario names: the base name of its first row's map column, beside the scenario.
fs::path scenario_map(const pathing::io::Scenario& scen, const fs::path& scen_file) {
  const std::string& column = scen.entries.front().map;
  const std::size_t slash = column.find_last_of("/\\");
  return scen_file.parent_path() / column.substr(slash == std::string::npos ? 0 : slash + 1);
}

/// Totals over all scenarios.
struct Totals {
  std::size_t rows = 0;           ///< Rows checked.
  std::size_t valid = 0;          ///< Rows whose path is valid.
  std::size_t optimal = 0;        ///< Rows whose path is valid and of the optimal length.
  double micros = 0;              ///< Sum of the first (harness-like) pass's query times, in us.
  std::uint64_t allocations = 0;  ///< Heap allocations of the warm passes (when counted).
};

/// Every `PrepareForSearch` result, kept for the program's lifetime: the interface has no way to
/// free one (the kit's harness never frees it either). Held by a never-destroyed list, so that
/// they stay reachable and leak checkers (LeakSanitizer in the dev preset) do not report them.
std::vector<void*>& prepared() {
  static auto* const kept = new std::vector<void*>();
  return *kept;
}

/// Runs one map and scenario; false on a file error (reported on stderr).
bool run_scenario(const fs::path& map_file, const fs::path& scen_file,
                  const pathing::io::Scenario& scen, const std::string& index_dir, Totals& totals) {
  pathing::Error error;
  const std::optional<pathing::io::Map> parsed = pathing::io::try_load_map(map_file, &error);
  if (!parsed) {
    std::fprintf(stderr, "%s\n", error.message.c_str());
    return false;
  }
  if (!pathing::io::try_validate_scenario(scen, parsed->grid, scen_file.string(), &error)) {
    std::fprintf(stderr, "%s\n", error.message.c_str());
    return false;
  }
  const KitMap map = to_kit_map(parsed->grid);
  const std::string datafile = index_file(index_dir, map_file);

  const Clock::time_point t0 = Clock::now();
  PreprocessMap(map.bits, map.width, map.height, datafile);
  const Clock::time_point t1 = Clock::now();
  void* data = PrepareForSearch(map.bits, map.width, map.height, datafile);
  const Clock::time_point t2 = Clock::now();
  prepared().push_back(data);

  const std::size_t n = scen.entries.size();
  std::vector<xyLoc> path;
  std::vector<double> micros(n);
  std::size_t valid = 0;
  std::size_t optimal = 0;
  int reported = 0;
  // Pass 1, as the kit's harness: each row once, in file order, the path vector reused.
  for (std::size_t i = 0; i < n; ++i) {
    const pathing::io::ScenarioEntry& e = scen.entries[i];
    const xyLoc s{static_cast<std::int16_t>(e.start_x), static_cast<std::int16_t>(e.start_y)};
    const xyLoc g{static_cast<std::int16_t>(e.goal_x), static_cast<std::int16_t>(e.goal_y)};
    path.clear();
    int calls = 0;
    bool done = false;
    Clock::duration spent{};
    while (!done && calls < kMaxCallsPerQuery) {
      const Clock::time_point a = Clock::now();
      done = GetPath(data, s, g, path);
      spent += Clock::now() - a;
      ++calls;
    }
    micros[i] = std::chrono::duration<double, std::micro>(spent).count();
    Verdict v = check_path(map, s, g, path);
    if (!done) v.invalid = "GetPath never returned true";
    const double tolerance = std::max(1e-4, e.tolerance());
    const bool is_optimal = !v.invalid && std::fabs(v.length - e.optimal_length) <= tolerance;
    valid += v.invalid ? 0 : 1;
    optimal += is_optimal ? 1 : 0;
    if ((v.invalid || !is_optimal) && reported++ < 5) {
      const char* why = v.invalid      ? v.invalid
                        : path.empty() ? "no path returned"
                                       : "not the optimal length";
      std::printf("  %s:%d: (%d, %d) -> (%d, %d): %s (length %.8f, optimal %.8f, %zu points)\n",
                  scen_file.string().c_str(), e.line, s.x, s.y, g.x, g.y, why, v.length,
                  e.optimal_length, path.size());
    }
  }
  // Pass 2: the same queries again, warm: time and heap allocations.
  std::uint64_t allocations = 0;
  double warm_total = 0;
  {
#if PATHING_GPPC_COUNT_ALLOCATIONS
    const pathing::counting::AllocationScope scope;
#endif
    const Clock::time_point a = Clock::now();
    for (const pathing::io::ScenarioEntry& e : scen.entries) {
      const xyLoc s{static_cast<std::int16_t>(e.start_x), static_cast<std::int16_t>(e.start_y)};
      const xyLoc g{static_cast<std::int16_t>(e.goal_x), static_cast<std::int16_t>(e.goal_y)};
      path.clear();
      for (int calls = 0; calls < kMaxCallsPerQuery && !GetPath(data, s, g, path); ++calls) {
      }
    }
    warm_total = std::chrono::duration<double, std::micro>(Clock::now() - a).count();
#if PATHING_GPPC_COUNT_ALLOCATIONS
    allocations = scope.count();
#endif
  }

  double sum = 0;
  double worst = 0;
  for (const double m : micros) {
    sum += m;
    worst = std::max(worst, m);
  }
  const double dn = n ? static_cast<double>(n) : 1.0;
  std::printf(
      "%s (%d x %d): %zu rows; preprocess %.3f ms, prepare %.3f ms; GetPath mean %.3f us, max "
      "%.3f us; warm mean %.3f us, %s allocations; valid %zu, optimal %zu\n",
      map_file.filename().string().c_str(), map.width, map.height, n,
      std::chrono::duration<double, std::milli>(t1 - t0).count(),
      std::chrono::duration<double, std::milli>(t2 - t1).count(), sum / dn, worst, warm_total / dn,
      PATHING_GPPC_COUNT_ALLOCATIONS ? std::to_string(allocations).c_str() : "uncounted", valid,
      optimal);
  totals.rows += n;
  totals.valid += valid;
  totals.optimal += optimal;
  totals.micros += sum;
  totals.allocations += allocations;
  return true;
}

void usage(const char* argv0) {
  std::fprintf(stderr, "usage: %s [--index-dir DIR] [MAP] SCEN [[MAP] SCEN]...\n", argv0);
}

[[nodiscard]] bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

}  // namespace

int main(int argc, char** argv) {
  std::string index_dir = "index_data";
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--index-dir" && i + 1 < argc) {
      index_dir = argv[++i];
    } else if (a == "-h" || a == "--help" || (a.size() > 1 && a[0] == '-')) {
      usage(argv[0]);
      return 2;
    } else {
      args.emplace_back(a);
    }
  }
  if (args.empty() || !ends_with(args.back(), ".scen")) {
    usage(argv[0]);
    return 2;
  }
  std::error_code ec;
  fs::create_directories(index_dir, ec);  // as the kit's compile.sh makes index_data/
  if (ec) {
    std::fprintf(stderr, "%s: cannot create the directory: %s\n", index_dir.c_str(),
                 ec.message().c_str());
    return 2;
  }

  Totals totals;
  std::printf("entry %s\n", GetName().c_str());
  std::string map_arg;
  for (const std::string& a : args) {
    if (!ends_with(a, ".scen")) {
      if (!map_arg.empty()) {
        usage(argv[0]);
        return 2;
      }
      map_arg = a;
      continue;
    }
    pathing::Error error;
    const std::optional<pathing::io::Scenario> scen = pathing::io::try_load_scenario(a, &error);
    if (!scen) {
      std::fprintf(stderr, "%s\n", error.message.c_str());
      return 2;
    }
    if (scen->entries.empty()) {
      std::fprintf(stderr, "%s: no rows\n", a.c_str());
      return 2;
    }
    const fs::path map_file = map_arg.empty() ? scenario_map(*scen, a) : fs::path(map_arg);
    map_arg.clear();
    if (!run_scenario(map_file, a, *scen, index_dir, totals)) return 2;
  }
  const double dn = totals.rows ? static_cast<double>(totals.rows) : 1.0;
  const bool ok = totals.valid == totals.rows && totals.optimal == totals.rows;
  std::printf(
      "total: %zu rows, valid %zu, optimal %zu, GetPath mean %.3f us, warm allocations %s: %s\n",
      totals.rows, totals.valid, totals.optimal, totals.micros / dn,
      PATHING_GPPC_COUNT_ALLOCATIONS ? std::to_string(totals.allocations).c_str() : "uncounted",
      ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
