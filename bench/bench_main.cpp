// pathing_bench: our searches and the peers (libtcod A*, Boost.Graph astar_search, a textbook
// A*) on the same inputs in the same run, with Google Benchmark; prints markdown tables at the end.
// The 8-connected Moving AI inputs also run Jps, JpsPlus, GraphAStar<GridGraph8> and weighted A*
// (issues #4 and #6); rows.cpp adds JpsPlusMap builds, many units toward one goal, DistanceField
// beside libtcod's Dijkstra and PathBatch (issues #4 and #5), each with a table of its own.
//
// Usage: pathing_bench [--data=DIR] [--sets=dao5|all] [--markdown=FILE]
//                      [--movingai_repetitions=N] [benchmark flags]
// Defaults: --benchmark_repetitions=5 (the seed maps; the Moving AI sets, whose peers take
// seconds an iteration, use --movingai_repetitions=3) --benchmark_report_aggregates_only=true
// (medians are what the tables show). One benchmark iteration runs every query of an input once;
// times are CPU time (the machine is shared: wall time counts the other processes' turns).
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "bench.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/map/grid_graph.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/graph_astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/subgoal_search.hpp"
#include "support/alloc_counter.hpp"
#include "textbook_astar.hpp"

namespace pathing::bench {
namespace {

namespace fs = std::filesystem;

// --- our searchers ------------------------------------------------------------------------------

// `simd` >= 0: the bit-parallel BFS limited to that vector level (detail::TestAccess::limit_simd).
class OursBounded final : public Searcher {
 public:
  OursBounded(const Input& in, bool greedy, int simd = -1) : in_(in), greedy_(greedy) {
    if (simd >= 0) {
      detail::TestAccess::limit_simd(astar_, simd);
      detail::TestAccess::limit_simd(greedy_search_, simd);
    }
  }
  Outcome run(const Query& q) override {
    const BoundedResult r = greedy_ ? greedy_search_.build_path(in_.grid, in_.layer, q.from, q.to)
                                    : astar_.build_path(in_.grid, in_.layer, q.from, q.to);
    return Outcome{!r.partial(), r.cost, r.stats.expanded};
  }
  [[nodiscard]] std::size_t memory_bytes() const override {
    return greedy_ ? greedy_search_.memory_bytes() : astar_.memory_bytes();
  }

 private:
  const Input& in_;
  bool greedy_;
  AStar astar_;
  GreedyBestFirst greedy_search_;
};

class OursUnbounded final : public Searcher {
 public:
  OursUnbounded(const Input& in, bool greedy) : in_(in), greedy_(greedy) {}
  Outcome run(const Query& q) override {
    const PathResult r =
        greedy_ ? greedy_search_.find_path(in_.grid, in_.layer, q.from, q.to, out_, {in_.conn})
                : astar_.find_path(in_.grid, in_.layer, q.from, q.to, out_, {in_.conn});
    return Outcome{r.found(), r.cost, r.stats.expanded};
  }
  [[nodiscard]] std::size_t memory_bytes() const override {
    return greedy_ ? greedy_search_.memory_bytes() : astar_.memory_bytes();
  }

 private:
  const Input& in_;
  bool greedy_;
  AStar astar_;
  GreedyBestFirst greedy_search_;
  std::vector<GridCoord> out_;
};

// Weighted A* (f = g + w h): paths cost at most w times the optimum.
class OursWeighted final : public Searcher {
 public:
  OursWeighted(const Input& in, double w) : in_(in), weight_(w) {}
  Outcome run(const Query& q) override {
    const PathResult r =
        astar_.find_path(in_.grid, in_.layer, q.from, q.to, out_, {in_.conn, {}, weight_});
    return Outcome{r.found(), r.cost, r.stats.expanded};
  }

 private:
  const Input& in_;
  double weight_;
  AStar astar_;
  std::vector<GridCoord> out_;
};

// Jump point search over its map built here, outside the timed loop, as the CLI drives it:
// `Jps` over a `JpsMap`, or `JpsPlus` over a `JpsPlusMap` (whose build time the "JpsPlusMap
// build" rows measure).
template <class Map, class Search>
class OursJumpSearch final : public Searcher {
 public:
  explicit OursJumpSearch(const Input& in)
      : grid_(&in.grid), map_(in.grid, in.layer), search_(in.grid.cols(), in.grid.rows()) {}
  Outcome run(const Query& q) override {
    const PathResult r = search_.find_path(*grid_, map_, q.from, q.to, out_);
    return Outcome{r.found(), r.cost, r.stats.expanded};
  }
  [[nodiscard]] std::size_t memory_bytes() const override {
    return search_.memory_bytes() + map_.memory_bytes();
  }

 private:
  const Grid* grid_;
  Map map_;
  Search search_;
  std::vector<GridCoord> out_;
};
using OursJps = OursJumpSearch<JpsMap, Jps>;
using OursJpsPlus = OursJumpSearch<JpsPlusMap, JpsPlus>;
// Simple subgoal graph search over its graph built here (issue #20).
using OursSubgoal = OursJumpSearch<SubgoalGraph, SubgoalSearch>;

// The generic GraphAStar over the grid seen as a graph (GridGraph8): the price of genericity.
class OursGraph final : public Searcher {
 public:
  explicit OursGraph(const Input& in) : in_(in), graph_(in.grid, in.layer) {
    astar_.reserve(graph_.node_count());
  }
  Outcome run(const Query& q) override {
    const auto r = astar_.find_path(graph_, graph_.node(q.from), graph_.node(q.to), out_);
    return Outcome{r.found(), cost::to_double(r.cost), r.stats.expanded};
  }
  // The exact length of the node path (the fixed-point sum rounds every diagonal).
  Outcome run_checked(const Query& q) override {
    Outcome o = run(q);
    cells_.clear();
    for (const auto n : out_) cells_.push_back(graph_.coord(n));
    o.cost = path_length(in_.grid, in_.layer, cells_);
    return o;
  }
  [[nodiscard]] std::size_t memory_bytes() const override { return astar_.memory_bytes(); }

 private:
  const Input& in_;
  GridGraph8 graph_;
  GraphAStar<GridGraph8> astar_;
  std::vector<GridGraph8::node_type> out_;
  std::vector<GridCoord> cells_;
};

// --- the algorithms of a run
// ----------------------------------------------------------------------

struct Algo {
  std::string name;
  bool optimal;
  bool seed_only;  // bounded searches: seed maps only
  std::function<std::unique_ptr<Searcher>(const Input&)> make;
  bool eight_only = false;  // JPS, GraphAStar<GridGraph8>, weighted A*: 8-connected Moving AI only
  bool per_query = false;   // also time each query alone (untimed pass) for a median per query
  double weight = 0;        // weighted A*: the heuristic weight (0: not weighted)
};

std::vector<Algo> algorithms() {
  std::vector<Algo> bounded;
  // The bounded searches at this processor's widest vector level, then forced down to each lower
  // level (AVX2, the portable 128-bit vectors), so one run shows every level it can.
  for (int level = best_simd_level(); level >= 0; --level) {
    const std::string suffix = level == best_simd_level() ? "" : ", " + simd_name(level);
    const int force = level == best_simd_level() ? -1 : level;
    bounded.push_back({"GreedyBestFirst bounded" + suffix, false, true, [force](const Input& in) {
                         return std::make_unique<OursBounded>(in, true, force);
                       }});
    bounded.push_back({"AStar bounded" + suffix, true, true, [force](const Input& in) {
                         return std::make_unique<OursBounded>(in, false, force);
                       }});
  }
  std::vector<Algo> rest = {
      {"AStar", true, false,
       [](const Input& in) { return std::make_unique<OursUnbounded>(in, false); }},
      {"textbook A*", true, false,
       [](const Input& in) { return std::make_unique<TextbookAStar>(in); }},
      {"libtcod A*", false, false, [](const Input& in) { return make_libtcod(in); }},
      {"Boost astar_search", true, false, [](const Input& in) { return make_boost(in); }},
      // The rows of issues #4 and #6 (8-connected Moving AI maps only; tables of their own).
      {"Jps", true, false, [](const Input& in) { return std::make_unique<OursJps>(in); }, true,
       true},
      {"JpsPlus", true, false, [](const Input& in) { return std::make_unique<OursJpsPlus>(in); },
       true, true},
      {"SubgoalSearch", true, false,
       [](const Input& in) { return std::make_unique<OursSubgoal>(in); }, true, true},
      {"GraphAStar<GridGraph8>", true, false,
       [](const Input& in) { return std::make_unique<OursGraph>(in); }, true},
      {"AStar w=1.5", false, false,
       [](const Input& in) { return std::make_unique<OursWeighted>(in, 1.5); }, true, false, 1.5},
      {"AStar w=2", false, false,
       [](const Input& in) { return std::make_unique<OursWeighted>(in, 2.0); }, true, false, 2.0},
      {"AStar w=3", false, false,
       [](const Input& in) { return std::make_unique<OursWeighted>(in, 3.0); }, true, false, 3.0},
  };
  bounded.insert(bounded.end(), rest.begin(), rest.end());
  return bounded;
}

// Algorithms timed query by query too (the median per query of the JPS table).
bool per_query_peer(const std::string& name) {
  return name == "AStar" || name == "libtcod A*";
}

// --- one benchmark
// --------------------------------------------------------------------------------

struct Case {
  const Input* input;
  Algo algo;
  std::unique_ptr<Searcher> searcher;
  std::uint64_t expanded = 0;  // per pass over the queries
  double cost = 0;             // sum of lengths
  int bad = 0;                 // rows off the optimum
  double worst_ratio = 0;      // largest length / optimum over the rows with a known optimum
  double median_ns = 0;        // median over the queries of one query's time (per_query only)
};

void check_case(Case& c);

void run_case(benchmark::State& state, Case& c) {
  if (!c.searcher) {  // first call: build the searcher and check it, untimed
    c.searcher = c.algo.make(*c.input);
    check_case(c);
  }
  const std::vector<Query>& qs = c.input->queries;
  // Allocations counted around each pass over the queries, not around the benchmark loop (its
  // start and end allocate a little inside the harness, about 100 bytes a run).
  std::uint64_t alloc_count = 0;
  std::uint64_t alloc_bytes = 0;
  for (auto _ : state) {
    const std::uint64_t count0 = counting::allocation_count();
    const std::uint64_t bytes0 = counting::allocated_bytes();
    for (const Query& q : qs) {
      Outcome o = c.searcher->run(q);
      benchmark::DoNotOptimize(o);
    }
    alloc_count += counting::allocation_count() - count0;
    alloc_bytes += counting::allocated_bytes() - bytes0;
  }
  const double runs = static_cast<double>(state.iterations()) * static_cast<double>(qs.size());
  const double n = static_cast<double>(qs.size());
  state.counters["queries"] = n;
  state.counters["expanded"] = static_cast<double>(c.expanded) / n;
  // Seconds (CPU time) per query and per expansion.
  state.counters["t_query"] = benchmark::Counter(
      n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["t_expansion"] = benchmark::Counter(
      static_cast<double>(c.expanded),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["allocs"] = static_cast<double>(alloc_count) / runs;
  state.counters["bytes"] = static_cast<double>(alloc_bytes) / runs;
  state.counters["cost"] = c.cost / n;
  state.counters["bad"] = c.bad;
  state.counters["optimal"] = c.algo.optimal ? 1 : 0;
  state.counters["worst_ratio"] = c.worst_ratio;
  state.counters["median_ns"] = c.median_ns;
}

// Untimed pass: warms the searcher up and checks every length against the optimum.
void check_case(Case& c) {
  c.expanded = 0;
  c.cost = 0;
  c.bad = 0;
  for (const Query& q : c.input->queries) {
    const Outcome o = c.searcher->run_checked(q);
    c.expanded += o.expanded;
    c.cost += o.cost;
    if (q.optimal >= 0 && (!o.found || std::fabs(o.cost - q.optimal) > q.tolerance)) ++c.bad;
    if (q.optimal > 0 && o.found) c.worst_ratio = std::max(c.worst_ratio, o.cost / q.optimal);
  }
  const bool timed_alone = c.algo.per_query || (c.input->conn == Connectivity::eight &&
                                                !c.input->seed && per_query_peer(c.algo.name));
  if (timed_alone) {
    // Each query alone, best of 3 (steady_clock; untimed by Google Benchmark): the median over
    // the queries, beside the mean that the benchmark gives.
    std::vector<double> ns;
    ns.reserve(c.input->queries.size());
    for (const Query& q : c.input->queries) {
      double best = 1e300;
      for (int k = 0; k < 3; ++k) {
        const auto t0 = std::chrono::steady_clock::now();
        Outcome o = c.searcher->run(q);
        benchmark::DoNotOptimize(o);
        const auto t1 = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count());
      }
      ns.push_back(best);
    }
    std::nth_element(ns.begin(), ns.begin() + static_cast<std::ptrdiff_t>(ns.size() / 2), ns.end());
    c.median_ns = ns.empty() ? 0 : ns[ns.size() / 2];
  }
  if (c.bad != 0 && c.algo.optimal) {
    std::cerr << "pathing_bench: " << c.algo.name << " on " << c.input->name << " ("
              << static_cast<int>(c.input->conn) << "-connected): " << c.bad
              << " rows off the optimum\n";
  }
}

// --- the report: keeps the median aggregates
// -------------------------------------------------------

class Reporter : public benchmark::ConsoleReporter {
 public:
  // Colours only on a terminal (the default reporter reads --benchmark_color; this one is ours).
  Reporter() : ConsoleReporter(isatty(1) != 0 ? OO_Defaults : OO_Tabular) {}
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      // The median aggregate; a benchmark run once (1 repetition) has only its one run.
      const bool median = r.run_type == Run::RT_Aggregate && r.aggregate_name == "median";
      const bool single = r.run_type == Run::RT_Iteration && r.repetitions <= 1;
      if (!median && !single) continue;
      auto get = [&](const char* k) {
        const auto it = r.counters.find(k);
        return it == r.counters.end() ? 0.0 : static_cast<double>(it->second);
      };
      const auto key = r.run_name.function_name;
      const auto it = index.find(key);
      if (it == index.end()) continue;
      Row row = it->second;
      row.ns_per_query = get("t_query") * 1e9;
      row.expanded = get("expanded");
      row.ns_per_expansion = get("t_expansion") * 1e9;
      row.allocs = get("allocs");
      row.bytes = get("bytes");
      row.cost = get("cost");
      row.bad = get("bad");
      row.optimal = get("optimal");
      row.queries = get("queries");
      row.worst_ratio = get("worst_ratio");
      row.median_ns = get("median_ns");
      rows.push_back(row);
    }
    for (const Run& r : runs) {  // every benchmark's median, for the extra tables
      const bool median = r.run_type == Run::RT_Aggregate && r.aggregate_name == "median";
      const bool single = r.run_type == Run::RT_Iteration && r.repetitions <= 1;
      if (!median && !single) continue;
      Measured m;
      const double unit = benchmark::GetTimeUnitMultiplier(r.time_unit);
      m.cpu_ns = r.GetAdjustedCPUTime() / unit * 1e9;
      m.real_ns = r.GetAdjustedRealTime() / unit * 1e9;
      for (const auto& [k, v] : r.counters) m.counters[k] = static_cast<double>(v);
      measured[r.run_name.function_name] = m;
    }
  }
  std::map<std::string, Row> index;
  std::vector<Row> rows;
  MeasuredMap measured;
};

std::string conn_name(Connectivity c) {
  return c == Connectivity::four ? "4" : "8";
}

std::string take_flag(int& argc, char** argv, const char* name, std::string fallback) {
  const std::size_t len = std::strlen(name);
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], name, len) == 0 && argv[i][len] == '=') {
      std::string v = argv[i] + len + 1;
      for (int j = i; j + 1 < argc; ++j) argv[j] = argv[j + 1];
      --argc;
      return v;
    }
  }
  return fallback;
}

bool has_flag(int argc, char** argv, const char* prefix) {
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], prefix, std::strlen(prefix)) == 0) return true;
  }
  return false;
}

}  // namespace
}  // namespace pathing::bench

int main(int argc, char** argv) {
  using namespace pathing;
  using namespace pathing::bench;
  const fs::path source_dir = PATHING_BENCH_SOURCE_DIR;
  DataChoice choice;
  const char* env = std::getenv("PATHING_SHARED_DATA");
  choice.shared = take_flag(
      argc, argv, "--data",
      env != nullptr ? std::string(env) : (source_dir / ".." / "shared" / "data").string());
  choice.sets = take_flag(argc, argv, "--sets", "dao5");
  const std::string markdown_file = take_flag(argc, argv, "--markdown", "");
  const int movingai_reps = std::stoi(take_flag(argc, argv, "--movingai_repetitions", "3"));

  // Defaults: 5 repetitions, medians only.
  std::vector<char*> args(argv, argv + argc);
  std::string reps = "--benchmark_repetitions=5";
  std::string aggr = "--benchmark_report_aggregates_only=true";
  if (!has_flag(argc, argv, "--benchmark_repetitions")) args.push_back(reps.data());
  if (!has_flag(argc, argv, "--benchmark_report_aggregates_only")) args.push_back(aggr.data());
  int nargs = static_cast<int>(args.size());
  benchmark::Initialize(&nargs, args.data());
  if (benchmark::ReportUnrecognizedArguments(nargs, args.data())) return 2;

  bool used_samples = false;
  std::vector<Input> inputs;
  try {
    inputs = load_inputs(choice, source_dir, used_samples);
  } catch (const std::exception& e) {
    std::cerr << "pathing_bench: " << e.what() << "\n";
    return 1;
  }

  // The 4-connected optima: the textbook A* (the .scen lengths are 8-connected).
  for (Input& in : inputs) {
    if (in.conn != Connectivity::four) continue;
    TextbookAStar reference(in);
    for (Query& q : in.queries) {
      const Outcome o = reference.run(q);
      q.optimal = o.found ? o.cost : -1;
    }
  }

  Reporter reporter;
  std::vector<std::unique_ptr<Case>> cases;
  std::vector<MemoryRow> memory;
  for (const Input& in : inputs) {
    if (in.conn == Connectivity::eight || in.seed) {
      // Memory of our searchers on this map after its queries (both connectivities alike).
      MemoryRow m;
      m.input = in.name;
      m.cells = in.grid.cell_count();
      m.grid_bytes = in.grid.memory_bytes();
      AStar a;
      GreedyBestFirst b;
      AStar ab;
      GreedyBestFirst bb;
      std::vector<GridCoord> out;
      for (const Query& q : in.queries) {
        a.find_path(in.grid, in.layer, q.from, q.to, out, {in.conn});
        b.find_path(in.grid, in.layer, q.from, q.to, out, {in.conn});
        if (in.seed) {
          ab.build_path(in.grid, in.layer, q.from, q.to);
          bb.build_path(in.grid, in.layer, q.from, q.to);
        }
      }
      m.astar_bytes = a.memory_bytes();
      m.greedy_bytes = b.memory_bytes();
      m.astar_bounded_bytes = in.seed ? ab.memory_bytes() : 0;
      m.greedy_bounded_bytes = in.seed ? bb.memory_bytes() : 0;
      memory.push_back(m);
    }
    for (const Algo& algo : algorithms()) {
      if (algo.seed_only && !in.seed) continue;
      if (algo.eight_only && (in.seed || in.conn != Connectivity::eight)) continue;
      auto c = std::make_unique<Case>();
      c->input = &in;
      c->algo = algo;
      const std::string name =
          in.group + "/" + in.name + "/" + conn_name(in.conn) + "/" + algo.name;
      Row row;
      row.group = in.group;
      row.input = in.name;
      row.algo = algo.name;
      row.conn = in.conn;
      row.extra = algo.eight_only;
      row.weight = algo.weight;
      reporter.index[name] = row;
      Case* raw = c.get();
      auto* b = benchmark::RegisterBenchmark(name.c_str(),
                                             [raw](benchmark::State& s) { run_case(s, *raw); });
      b->Unit(benchmark::kMicrosecond);
      if (!in.seed) b->MinTime(0.2)->Repetitions(movingai_reps);
      cases.push_back(std::move(c));
    }
  }

  // The rows of issues #4-#6 that are not one search per scenario row (rows.cpp).
  Extras extras(inputs, choice, used_samples, movingai_reps);

  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();

  std::ostringstream header;
  header << "Bounded searches' vector level on this processor: " << simd_name(best_simd_level())
         << " (rows marked AVX2 or portable: forced down to that level, same run).\n";
  header << "Compiler: " << __VERSION__ << "; flags: " << PATHING_BENCH_CXX_FLAGS << "; data: "
         << (used_samples ? "data/ samples (../shared absent)" : choice.shared.string()) << "\n";
  std::cout << "\n";
  print_markdown(std::cout, reporter.rows, memory, header.str());
  extras.print(std::cout, reporter.rows, reporter.measured);
  if (!markdown_file.empty()) {
    std::ofstream f(markdown_file);
    print_markdown(f, reporter.rows, memory, header.str());
    extras.print(f, reporter.rows, reporter.measured);
  }
  return 0;
}
