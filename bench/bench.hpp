// pathing benchmarks: the inputs, the searchers under test (ours and the peers), the report.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "pathing/io/generate.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/search/bit_bfs/bit_bfs.hpp"

namespace pathing::bench {

/// One query: start, goal and the optimal length when known (cost units; < 0: unknown).
struct Query {
  GridCoord from;
  GridCoord to;
  double optimal = -1;   ///< From the .scen file (8-connected) or the textbook A* (4-connected).
  double tolerance = 0;  ///< |ours - optimal| <= tolerance is a match.
  int line = 0;          ///< Line in the scenario file (0 for the seed maps).
};

/// A map and the queries run on it, in one connectivity.
struct Input {
  std::string group;  ///< "seed" (the Go library's five maps) or the Moving AI set ("dao", ...).
  std::string name;   ///< "no_walls", "den520d", ...
  Grid grid{1, 1};
  GridLayer layer;
  std::vector<Query> queries;
  Connectivity conn = Connectivity::four;
  bool seed = false;  ///< Seed map: also run the bounded (build_path) searches.
};

/// Where the inputs come from; see load_inputs.
struct DataChoice {
  std::filesystem::path shared;  ///< ../shared/data (seed-bench/ and movingai/).
  std::string sets = "dao5";  ///< "dao5" (the five DAO maps of the targets), "all" (every .scen).
};

/// Loads the seed maps (4-connected, S to F) and the Moving AI scenario sets (each map once in
/// 8-connected and once in 4-connected), or, when `choice.shared` is missing, the sample maps in
/// the source tree's data/ (with a message on stderr). Throws on malformed files.
std::vector<Input> load_inputs(const DataChoice& choice, const std::filesystem::path& source_dir,
                               bool& used_samples);

/// What one query gave.
struct Outcome {
  bool found = false;
  double cost = 0;             ///< Path length in cost units (straight 1, diagonal sqrt 2).
  std::uint64_t expanded = 0;  ///< Nodes expanded (0 when the searcher cannot tell).
};

/// A searcher under test, bound to one input (built outside the timed loop).
class Searcher {
 public:
  virtual ~Searcher() = default;
  /// Runs one query (timed).
  virtual Outcome run(const Query& q) = 0;
  /// Runs one query and fills every field of Outcome, possibly more slowly (untimed pass).
  virtual Outcome run_checked(const Query& q) { return run(q); }
  /// Working memory held by the searcher, in bytes (0: not reported).
  [[nodiscard]] virtual std::size_t memory_bytes() const { return 0; }
};

/// The peers (bench-only dependencies).
std::unique_ptr<Searcher> make_libtcod(const Input& in);
std::unique_ptr<Searcher> make_boost(const Input& in);

/// Exact length of a cell path: straight + diagonal * sqrt(2), weighted by the layer costs of the
/// cells entered.
double path_length(const Grid& grid, const GridLayer& layer, const std::vector<GridCoord>& cells);

/// One row of the report: median aggregates of one benchmark.
struct Row {
  std::string group;
  std::string input;
  std::string algo;
  Connectivity conn = Connectivity::four;
  double ns_per_query = 0;
  double expanded = 0;
  double ns_per_expansion = 0;
  double allocs = 0;
  double bytes = 0;
  double cost = 0;
  double bad = 0;      ///< Rows whose length differs from the optimum (optimal searches).
  double optimal = 0;  ///< Whether the searcher is optimal (1) or not (0).
  double queries = 0;
  bool extra = false;      ///< Rows of issues #4-#6 (JPS, GraphAStar, weighted A*): own tables.
  double weight = 0;       ///< Weighted A*: the heuristic weight (0: not weighted).
  double worst_ratio = 0;  ///< Largest length / optimum over the rows (0: no optimum known).
  double median_ns = 0;    ///< Median over the queries of one query's time, alone (0: not run).
};

/// The median aggregate of any benchmark: times per iteration and its counters.
struct Measured {
  double cpu_ns = 0;   ///< CPU time of one iteration, ns.
  double real_ns = 0;  ///< Wall time of one iteration, ns.
  std::map<std::string, double> counters;
};
/// Benchmark name -> its median aggregate.
using MeasuredMap = std::map<std::string, Measured>;

/// Memory of a searcher on an input, bytes.
struct MemoryRow {
  std::string input;
  std::size_t cells = 0;
  std::size_t grid_bytes = 0;
  std::size_t astar_bytes = 0;
  std::size_t greedy_bytes = 0;
  std::size_t astar_bounded_bytes = 0;
  std::size_t greedy_bounded_bytes = 0;
};

/// libtcod's Dijkstra (TCOD_dijkstra_new / TCOD_dijkstra_compute) on one map, the peer of our
/// DistanceField: 4-connected through libtcod's map mode (no diagonals), 8-connected through a
/// cost callback refusing corner cutting (the Moving AI rule, as our fields follow).
class FieldPeer {
 public:
  virtual ~FieldPeer() = default;
  /// Computes the distances from `root` to every cell (timed).
  virtual void compute(GridCoord root) = 0;
  /// Distance of (x, y) after `compute`, in cells (straight 1, diagonal about sqrt 2); < 0:
  /// unreached.
  [[nodiscard]] virtual double distance(int x, int y) const = 0;
};
std::unique_ptr<FieldPeer> make_libtcod_dijkstra(const Grid& grid, const GridLayer& layer,
                                                 Connectivity conn);

/// The benchmarks of issues #4-#6 that are not one search per scenario row: JpsPlusMap builds,
/// many units toward one goal (flow field vs A* vs JPS), DistanceField vs libtcod's Dijkstra,
/// PathBatch threads. The constructor loads their inputs and registers the benchmarks (under the
/// names "build/...", "units/...", "field/...", "batch/..."); `print` writes their tables.
class Extras {
 public:
  Extras(const std::vector<Input>& inputs, const DataChoice& choice, bool used_samples,
         int movingai_reps);
  ~Extras();
  Extras(const Extras&) = delete;
  Extras& operator=(const Extras&) = delete;
  /// The markdown tables of these benchmarks and of the extra rows of `rows` (JPS, GraphAStar,
  /// weighted A*), with the issues' targets.
  void print(std::ostream& os, const std::vector<Row>& rows, const MeasuredMap& measured) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// Prints the markdown tables (seed maps, Moving AI 8- and 4-connected, memory, targets).
void print_markdown(std::ostream& os, const std::vector<Row>& rows,
                    const std::vector<MemoryRow>& memory, const std::string& header);

/// printf-style formatting of one number (the tables' cells).
/// The counters of a row that runs `queries` queries an iteration expanding `expanded` nodes in
/// all: `queries`, `expanded` (per query), `per_query` and `per_expansion` (time divided by
/// queries and by expansions).
inline void set_query_counters(benchmark::State& s, double queries, double expanded) {
  s.counters["queries"] = queries;
  s.counters["expanded"] = expanded / queries;
  s.counters["per_query"] = benchmark::Counter(
      queries, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  s.counters["per_expansion"] = benchmark::Counter(
      expanded, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

/// The generated weighted terrain of the landmark and hierarchy rows: `side` x `side`,
/// `io::MapKind::terrain`, density 0.2, seed 1 (read it with `io::terrain_layer()`).
inline Grid bench_terrain(int side) {
  io::MapSpec spec;
  spec.kind = io::MapKind::terrain;
  spec.width = spec.height = side;
  spec.density = 0.2;
  spec.seed = 1;
  return io::generate_map(spec);
}

/// The suboptimality counters of a row (`ratios`: cost / optimal of each query; sorted here):
/// `subopt_mean`, `subopt_p99`, `subopt_max`, then `set_query_counters`. `ratios` not empty.
inline void set_subopt_counters(benchmark::State& s, std::vector<double>& ratios, double expanded) {
  std::sort(ratios.begin(), ratios.end());
  double sum = 0;
  for (const double v : ratios) sum += v;
  const double n = static_cast<double>(ratios.size());
  s.counters["subopt_mean"] = sum / n;
  s.counters["subopt_p99"] = ratios[static_cast<std::size_t>(std::ceil(0.99 * n)) - 1];
  s.counters["subopt_max"] = ratios.back();
  set_query_counters(s, n, expanded);
}

/// One iteration of an edit row: a random cell of `grid` toggled and `sync()` called, then
/// toggled back and `sync()` called again (2 edits); `sync` returns the sectors it rebuilt.
/// Sets the counters `per_edit` and `sectors_per_edit` once `s` ends.
template <class Sync>
void run_edit_row(benchmark::State& s, Grid& grid, Sync&& sync) {
  std::uint64_t state = 5;
  std::size_t sectors = 0;
  for (auto _ : s) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;  // (Knuth's LCG)
    const GridCoord cell{static_cast<int>((state >> 33) % static_cast<std::uint64_t>(grid.cols())),
                         static_cast<int>((state >> 12) % static_cast<std::uint64_t>(grid.rows()))};
    const bool blocked = grid.is_blocked(cell);
    grid.set_blocked(cell, !blocked);
    sectors += sync();
    grid.set_blocked(cell, blocked);
    sectors += sync();
  }
  s.counters["per_edit"] = benchmark::Counter(
      2, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  s.counters["sectors_per_edit"] =
      static_cast<double>(sectors) / (2.0 * static_cast<double>(s.iterations()));
}

inline std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

/// The widest vector level of the bounded searches' bit-parallel BFS on this processor (0 = the
/// portable 128-bit vectors, 1 = AVX2, 2 = AVX-512; detail::BitBfs::simd_level).
inline int best_simd_level() {
  static const int level = detail::BitBfs{}.simd_level();
  return level;
}

/// The name of a vector level in the tables: "AVX-512", "AVX2", "portable".
inline std::string simd_name(int level) {
  return level >= 2 ? "AVX-512" : level == 1 ? "AVX2" : "portable";
}

/// A duration in nanoseconds as text with a unit: "812 ns", "3.45 us", "12.3 us", "1.25 ms".
inline std::string time_text(double ns) {
  if (ns >= 1e6) return fmt("%.2f ms", ns / 1e6);
  if (ns >= 1e4) return fmt("%.1f us", ns / 1e3);
  if (ns >= 1e3) return fmt("%.2f us", ns / 1e3);
  return fmt("%.0f ns", ns);
}

}  // namespace pathing::bench
