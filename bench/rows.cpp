// The benchmarks of issues #4-#6 that are not one search per scenario row, and the tables of all
// the rows those issues asked for:
// - #4: JPS / JPS+ beside AStar and libtcod A* (rows of bench_main.cpp), JpsPlusMap build times;
// - #5: many units toward one goal (one flow field vs one A* or JPS query per unit), DistanceField
//   beside libtcod's Dijkstra, PathBatch with 1 and 2 threads;
// - #6: GraphAStar<GridGraph8> beside AStar, weighted A* (w = 1.5, 2, 3) beside w = 1.
#include <benchmark/benchmark.h>

#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "bench.hpp"
#include "pathing/agent/path_batch.hpp"
#include "pathing/field/dijkstra.hpp"
#include "pathing/field/flow_field.hpp"
#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/subgoal_search.hpp"
#include "support/alloc_counter.hpp"

namespace pathing::bench {
namespace {

namespace fs = std::filesystem;

constexpr int kUnits = 1000;                   // units of the "many units" rows
constexpr std::uint64_t kUnitSeed = 20261121;  // their start cells (std::mt19937_64)

std::string pass(bool ok) {
  return ok ? "met" : "**NOT met**";
}

std::string conn_text(Connectivity c) {
  return c == Connectivity::four ? "4" : "8";
}

// A map of the extra rows.
struct MapInput {
  std::string name;
  Grid grid{1, 1};
  GridLayer layer = io::movingai_layer();
  std::string origin;  // "Moving AI" or how it was generated
};

// Many units toward one goal on one map.
struct Units {
  const MapInput* map = nullptr;
  GridCoord goal;
  std::vector<GridCoord> starts;
  std::vector<PathQuery> queries;
  // Untimed checks.
  double mean_astar_length = 0;  // mean A* length (cells)
  double mean_walk_length = 0;   // mean length walked along the flow field
  int walk_mismatches = 0;       // walks not ending at the goal or longer than A*
  int jps_mismatches = 0;        // JPS lengths differing from A*'s
  bool walks_reach = true;       // every walk reaches the goal (else no timed walks)
  double mean_walk_steps = 0;
};

// DistanceField vs libtcod's Dijkstra on one map and connectivity.
struct FieldCase {
  const Input* input = nullptr;
  Connectivity conn = Connectivity::eight;
  GridCoord source;
  std::size_t reached = 0;  // passable cells reached (ours), the "settled cells" of both
  std::size_t tcod_reached = 0;
  double max_diff = 0;        // largest |libtcod - ours| distance, cells
  std::uint64_t settled = 0;  // our FieldStats::settled
};

// Passable cells reached by `field` (impassable cells next to the reached area also get a cost
// toward the sources; they are not counted).
std::size_t reached_passable(const DistanceField& field, const Grid& grid, const GridLayer& layer) {
  std::size_t n = 0;
  for (int y = 0; y < grid.rows(); ++y) {
    for (int x = 0; x < grid.cols(); ++x) {
      const GridCoord c{x, y};
      if (layer.cost_at(grid, c) != 0 && field.reached(c)) ++n;
    }
  }
  return n;
}

bool load_movingai_map(const fs::path& file, const std::string& name, MapInput& out) {
  if (!fs::is_regular_file(file)) return false;
  io::Map m = io::load_map(file);
  out.name = name;
  out.grid = m.grid;
  out.origin = "Moving AI";
  return true;
}

// CPU time of the whole process (all threads), ns.
double process_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

void set_common(benchmark::internal::Benchmark* b, int reps) {
  b->Unit(benchmark::kMicrosecond)->MinTime(0.2)->Repetitions(reps);
}

}  // namespace

struct Extras::State {
  std::vector<const Input*> dao8;  // the 8-connected Moving AI DAO inputs
  std::vector<MapInput> build_maps;
  std::vector<MapInput> unit_maps;
  std::vector<Units> units;
  std::vector<FieldCase> fields;
  bool batch = false;
  std::string skipped;  // why rows are missing
};

Extras::Extras(const std::vector<Input>& inputs, const DataChoice& choice, bool used_samples,
               int movingai_reps)
    : state_(std::make_unique<State>()) {
  State& st = *state_;
  for (const Input& in : inputs) {
    if (!in.seed && in.conn == Connectivity::eight && (in.group == "dao" || used_samples)) {
      st.dao8.push_back(&in);
    }
  }
  st.build_maps.reserve(st.dao8.size() + 2);
  st.unit_maps.reserve(2);
  for (const Input* in : st.dao8) {
    MapInput m;
    m.name = in->name;
    m.grid = in->grid;
    m.layer = in->layer;
    m.origin = "Moving AI";
    st.build_maps.push_back(std::move(m));
  }
  const fs::path movingai = choice.shared / "movingai";
  MapInput random512;
  const bool have_random =
      !used_samples &&
      load_movingai_map(movingai / "random" / "random512-10-0.map", "random512-10-0", random512);
  if (!used_samples) {
    MapInput maze;
    if (load_movingai_map(movingai / "maze" / "maze512-1-0.map", "maze512-1-0", maze)) {
      st.build_maps.push_back(std::move(maze));
    } else {
      std::cerr << "pathing_bench: " << (movingai / "maze" / "maze512-1-0.map")
                << " absent: no maze512-1-0 build row.\n";
    }
    if (have_random) {
      st.build_maps.push_back(random512);
    } else {
      std::cerr << "pathing_bench: " << (movingai / "random" / "random512-10-0.map")
                << " absent: the 512 x 512 rows use a generated random map instead.\n";
    }
  }

  // --- JpsPlusMap builds (issue #4) ---
  for (const MapInput& m : st.build_maps) {
    const MapInput* mp = &m;
    auto* b = benchmark::RegisterBenchmark(
        ("build/" + m.name + "/JpsPlusMap").c_str(), [mp](benchmark::State& s) {
          std::size_t bytes = 0;
          for (auto _ : s) {
            JpsPlusMap table(mp->grid, mp->layer);  // cold: allocation included
            bytes = table.memory_bytes();
            benchmark::DoNotOptimize(table);
          }
          s.counters["bytes_per_cell"] =
              static_cast<double>(bytes) / static_cast<double>(mp->grid.cell_count());
          s.counters["cells"] = static_cast<double>(mp->grid.cell_count());
        });
    set_common(b, movingai_reps);
  }

  // --- SubgoalGraph builds (issue #20) ---
  for (const MapInput& m : st.build_maps) {
    const MapInput* mp = &m;
    auto* b = benchmark::RegisterBenchmark(
        ("build/" + m.name + "/SubgoalGraph").c_str(), [mp](benchmark::State& s) {
          std::size_t bytes = 0;
          std::size_t subgoals = 0;
          std::size_t edges = 0;
          for (auto _ : s) {
            SubgoalGraph graph(mp->grid, mp->layer);  // cold: allocation included
            bytes = graph.memory_bytes();
            subgoals = graph.subgoal_count();
            edges = graph.edge_count();
            benchmark::DoNotOptimize(graph);
          }
          s.counters["bytes_per_cell"] =
              static_cast<double>(bytes) / static_cast<double>(mp->grid.cell_count());
          s.counters["subgoals"] = static_cast<double>(subgoals);
          s.counters["edges"] = static_cast<double>(edges);
        });
    set_common(b, movingai_reps);
  }

  // --- many units toward one goal (issue #5) ---
  for (const Input* in : st.dao8) {
    if (in->name == "brc202d" || (used_samples && st.unit_maps.empty())) {
      MapInput m;
      m.name = in->name;
      m.grid = in->grid;
      m.layer = in->layer;
      m.origin = "Moving AI";
      st.unit_maps.push_back(std::move(m));
    }
  }
  if (!used_samples) {
    if (have_random) {
      st.unit_maps.push_back(random512);
    } else {
      io::MapSpec spec;
      spec.kind = io::MapKind::random;
      spec.width = spec.height = 512;
      spec.density = 0.1;
      spec.seed = 1;
      MapInput m;
      m.name = "generated random 512x512 10%";
      m.grid = io::generate_map(spec);
      m.layer = io::movingai_layer();
      m.origin = "pathing::io::generate_map(random, 512 x 512, density 0.1, seed 1)";
      st.unit_maps.push_back(std::move(m));
    }
  }
  st.units.reserve(st.unit_maps.size());
  for (const MapInput& m : st.unit_maps) {
    Units u;
    u.map = &m;
    // The goal: the first scenario row's goal on a Moving AI DAO map; else the passable cell
    // nearest the centre (row-major scan outward is enough: the first passable of the middle row).
    u.goal = GridCoord{-1, -1};
    for (const Input* in : st.dao8) {
      if (in->name == m.name && !in->queries.empty()) u.goal = in->queries.front().to;
    }
    if (u.goal.x < 0) {
      const int y = m.grid.rows() / 2;
      for (int x = m.grid.cols() / 2; x < m.grid.cols() && u.goal.x < 0; ++x) {
        if (m.layer.cost_at(m.grid, GridCoord{x, y}) != 0) u.goal = GridCoord{x, y};
      }
    }
    DistanceField field;
    Dijkstra dijkstra;
    dijkstra.compute(m.grid, m.layer, u.goal, field);
    std::mt19937_64 rng(kUnitSeed);
    std::uniform_int_distribution<int> xs(0, m.grid.cols() - 1);
    std::uniform_int_distribution<int> ys(0, m.grid.rows() - 1);
    while (static_cast<int>(u.starts.size()) < kUnits) {
      const GridCoord c{xs(rng), ys(rng)};
      if (c == u.goal || m.layer.cost_at(m.grid, c) == 0 || !field.reached(c)) continue;
      u.starts.push_back(c);
      u.queries.push_back(PathQuery{c, u.goal});
    }
    // Untimed checks: every walk ends at the goal with the A* length; JPS gives the same length.
    FlowField flow;
    flow.build(m.grid, m.layer, field);
    AStar astar;
    JpsMap jmap(m.grid, m.layer);
    Jps jps;
    std::vector<GridCoord> out;
    std::vector<GridCoord> walk;
    double astar_sum = 0;
    double walk_sum = 0;
    double steps = 0;
    for (const GridCoord s : u.starts) {
      const PathResult a = astar.find_path(m.grid, m.layer, s, u.goal, out, {Connectivity::eight});
      const PathResult j = jps.find_path(m.grid, jmap, s, u.goal, out);
      walk.assign(1, s);
      GridCoord c = s;
      while (c != u.goal && walk.size() <= m.grid.cell_count()) {
        const GridCoord n = flow.next_cell(c);
        if (n == c) break;
        walk.push_back(n);
        c = n;
      }
      const double wl = path_length(m.grid, m.layer, walk);
      astar_sum += a.cost;
      walk_sum += wl;
      steps += static_cast<double>(walk.size() - 1);
      if (c != u.goal) u.walks_reach = false;
      if (c != u.goal || !a.found() || std::fabs(wl - a.cost) > 1e-6) ++u.walk_mismatches;
      if (!j.found() || std::fabs(j.cost - a.cost) > 1e-6) ++u.jps_mismatches;
    }
    u.mean_astar_length = astar_sum / kUnits;
    u.mean_walk_length = walk_sum / kUnits;
    u.mean_walk_steps = steps / kUnits;
    if (u.walk_mismatches != 0 || u.jps_mismatches != 0) {
      std::cerr << "pathing_bench: units on " << m.name << ": " << u.walk_mismatches
                << " flow-field walks and " << u.jps_mismatches << " JPS paths differ from A*\n";
    }
    st.units.push_back(std::move(u));
  }
  for (const Units& u : st.units) {
    if (!u.walks_reach) continue;  // reported by the check above; a timed walk would not end
    const Units* up = &u;
    const std::string base = "units/" + u.map->name + "/";
    set_common(benchmark::RegisterBenchmark(
                   (base + "field build").c_str(),
                   [up](benchmark::State& s) {
                     const MapInput& m = *up->map;
                     DistanceField field;
                     FlowField flow;
                     Dijkstra dijkstra;
                     dijkstra.compute(m.grid, m.layer, up->goal, field);  // warm up
                     flow.build(m.grid, m.layer, field);
                     const test::AllocationScope allocs;
                     FieldStats fs;
                     for (auto _ : s) {
                       fs = dijkstra.compute(m.grid, m.layer, up->goal, field);
                       flow.build(m.grid, m.layer, field);
                       benchmark::ClobberMemory();
                     }
                     s.counters["settled"] = static_cast<double>(fs.settled);
                     s.counters["allocs"] =
                         static_cast<double>(allocs.count()) / static_cast<double>(s.iterations());
                   }),
               movingai_reps);
    set_common(benchmark::RegisterBenchmark(
                   (base + "walks").c_str(),
                   [up](benchmark::State& s) {
                     const MapInput& m = *up->map;
                     DistanceField field;
                     FlowField flow;
                     Dijkstra dijkstra;
                     dijkstra.compute(m.grid, m.layer, up->goal, field);
                     flow.build(m.grid, m.layer, field);
                     const test::AllocationScope allocs;
                     std::uint64_t steps = 0;
                     for (auto _ : s) {
                       steps = 0;
                       for (const GridCoord start : up->starts) {
                         GridCoord c = start;
                         while (c != up->goal) {  // checked: every walk reaches the goal
                           c = flow.next_cell(c);
                           ++steps;
                         }
                         benchmark::DoNotOptimize(c);
                       }
                     }
                     s.counters["steps"] = static_cast<double>(steps);
                     s.counters["allocs"] =
                         static_cast<double>(allocs.count()) / static_cast<double>(s.iterations());
                   }),
               movingai_reps);
    set_common(benchmark::RegisterBenchmark(
                   (base + "AStar").c_str(),
                   [up](benchmark::State& s) {
                     const MapInput& m = *up->map;
                     AStar astar;
                     std::vector<GridCoord> out;
                     for (const PathQuery& q : up->queries) {  // warm up
                       astar.find_path(m.grid, m.layer, q.from, q.to, out, {Connectivity::eight});
                     }
                     const test::AllocationScope allocs;
                     std::uint64_t expanded = 0;
                     for (auto _ : s) {
                       expanded = 0;
                       for (const PathQuery& q : up->queries) {
                         const PathResult r = astar.find_path(m.grid, m.layer, q.from, q.to, out,
                                                              {Connectivity::eight});
                         expanded += r.stats.expanded;
                       }
                     }
                     s.counters["expanded"] = static_cast<double>(expanded);
                     s.counters["allocs"] =
                         static_cast<double>(allocs.count()) / static_cast<double>(s.iterations());
                   }),
               movingai_reps);
    set_common(benchmark::RegisterBenchmark(
                   (base + "Jps").c_str(),
                   [up](benchmark::State& s) {
                     const MapInput& m = *up->map;
                     const JpsMap jmap(m.grid, m.layer);
                     Jps jps(m.grid.cols(), m.grid.rows());
                     std::vector<GridCoord> out;
                     for (const PathQuery& q : up->queries)
                       jps.find_path(m.grid, jmap, q.from, q.to, out);
                     const test::AllocationScope allocs;
                     std::uint64_t expanded = 0;
                     for (auto _ : s) {
                       expanded = 0;
                       for (const PathQuery& q : up->queries) {
                         const PathResult r = jps.find_path(m.grid, jmap, q.from, q.to, out);
                         expanded += r.stats.expanded;
                       }
                     }
                     s.counters["expanded"] = static_cast<double>(expanded);
                     s.counters["allocs"] =
                         static_cast<double>(allocs.count()) / static_cast<double>(s.iterations());
                   }),
               movingai_reps);
  }

  // --- PathBatch: the 1000 A* queries of the first units map, 1 and 2 threads (wall time) ---
  if (!st.units.empty()) {
    st.batch = true;
    const Units* up = &st.units.front();
    for (const unsigned threads : {1u, 2u}) {
      auto* b = benchmark::RegisterBenchmark(
          ("batch/" + up->map->name + "/" + std::to_string(threads)).c_str(),
          [up, threads](benchmark::State& s) {
            const MapInput& m = *up->map;
            PathBatch batch(threads);
            std::vector<PathResult> results(up->queries.size());
            std::vector<std::vector<GridCoord>> paths(up->queries.size());
            (void)batch.find_paths(m.grid, m.layer, up->queries, results, paths);  // warm up
            const test::AllocationScope allocs;
            const double cpu0 = process_cpu_ns();
            for (auto _ : s) {
              (void)batch.find_paths(m.grid, m.layer, up->queries, results, paths);
              benchmark::ClobberMemory();
            }
            // CPU time of the whole process (every thread) per batch: shows whether both
            // threads ran.
            s.counters["process_cpu_ns"] =
                (process_cpu_ns() - cpu0) / static_cast<double>(s.iterations());
            s.counters["threads"] = threads;
            s.counters["allocs"] =
                static_cast<double>(allocs.count()) / static_cast<double>(s.iterations());
          });
      set_common(b, movingai_reps);
      b->UseRealTime();
    }
  }

  // --- DistanceField vs libtcod's Dijkstra (issue #5) ---
  for (const Input* in : st.dao8) {
    if (in->queries.empty()) continue;
    for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      FieldCase fc;
      fc.input = in;
      fc.conn = conn;
      fc.source = in->queries.front().from;
      FieldOptions opt;
      opt.connectivity = conn;
      DistanceField field;
      Dijkstra dijkstra;
      const FieldStats fst = dijkstra.compute(in->grid, in->layer, fc.source, field, opt);
      fc.settled = fst.settled;
      fc.reached = reached_passable(field, in->grid, in->layer);
      const auto peer = make_libtcod_dijkstra(in->grid, in->layer, conn);
      peer->compute(fc.source);
      for (int y = 0; y < in->grid.rows(); ++y) {
        for (int x = 0; x < in->grid.cols(); ++x) {
          const GridCoord c{x, y};
          if (in->layer.cost_at(in->grid, c) == 0) continue;
          const double t = peer->distance(x, y);
          if (t >= 0) ++fc.tcod_reached;
          if (t >= 0 && field.reached(c)) {
            fc.max_diff = std::max(fc.max_diff, std::fabs(t - field.cost(c)));
          }
        }
      }
      st.fields.push_back(fc);
    }
  }
  for (const FieldCase& fc : st.fields) {
    const FieldCase* fp = &fc;
    const std::string base = "field/" + fc.input->name + "/" + conn_text(fc.conn) + "/";
    set_common(benchmark::RegisterBenchmark(
                   (base + "DistanceField").c_str(),
                   [fp](benchmark::State& s) {
                     FieldOptions opt;
                     opt.connectivity = fp->conn;
                     DistanceField field;
                     Dijkstra dijkstra;
                     dijkstra.compute(fp->input->grid, fp->input->layer, fp->source, field, opt);
                     const test::AllocationScope allocs;
                     for (auto _ : s) {
                       dijkstra.compute(fp->input->grid, fp->input->layer, fp->source, field, opt);
                       benchmark::ClobberMemory();
                     }
                     s.counters["allocs"] =
                         static_cast<double>(allocs.count()) / static_cast<double>(s.iterations());
                   }),
               movingai_reps);
    set_common(benchmark::RegisterBenchmark((base + "libtcod Dijkstra").c_str(),
                                            [fp](benchmark::State& s) {
                                              const auto peer = make_libtcod_dijkstra(
                                                  fp->input->grid, fp->input->layer, fp->conn);
                                              peer->compute(fp->source);
                                              for (auto _ : s) {
                                                peer->compute(fp->source);
                                                benchmark::ClobberMemory();
                                              }
                                            }),
               movingai_reps);
  }
}

Extras::~Extras() = default;

namespace {

const Row* find_row(const std::vector<Row>& rows, const std::string& input,
                    const std::string& algo) {
  for (const Row& r : rows) {
    if (r.group != "seed" && r.conn == Connectivity::eight && r.input == input && r.algo == algo) {
      return &r;
    }
  }
  return nullptr;
}

const Measured* find_measured(const MeasuredMap& m, const std::string& name) {
  const auto it = m.find(name);
  return it == m.end() ? nullptr : &it->second;
}

double counter(const Measured& m, const char* k) {
  const auto it = m.counters.find(k);
  return it == m.counters.end() ? 0.0 : it->second;
}

std::string length_text(const Row& r) {
  std::string s = fmt("%.2f", r.cost);
  if (r.bad == 0) return s + (r.optimal != 0 ? " (optimal)" : " (shortest)");
  return s + (r.optimal != 0 ? " (NOT optimal: " : " (longer: ") + fmt("%.0f rows", r.bad) + ")";
}

// Issue #4's targets: mean query time, microseconds (half of warthog's).
double jps_target_us(const std::string& algo, const std::string& map) {
  struct T {
    const char* map;
    double jps;
    double plus;
  };
  static constexpr T kTargets[] = {
      {"brc202d", 61, 31.5}, {"den520d", 12.5, 4}, {"lak303d", 24, 16}, {"arena2", 11, 6}};
  for (const T& t : kTargets) {
    if (map == t.map) return algo == "Jps" ? t.jps : t.plus;
  }
  return 0;
}

}  // namespace

void Extras::print(std::ostream& os, const std::vector<Row>& rows,
                   const MeasuredMap& measured) const {
  const State& st = *state_;
  os << "\n## Rows of issues #4, #5 and #6\n\n"
     << "Same run as the tables above. CPU time (not wall time) except where a table says "
        "otherwise; medians of the repetitions. allocs: global operator new calls in the timed "
        "loop (libtcod's malloc is not counted).\n";

  // --- #4: JPS ---
  std::vector<std::string> maps;
  for (const Row& r : rows) {
    if (r.extra && (r.algo == "Jps" || r.algo == "JpsPlus" || r.algo == "SubgoalSearch") &&
        std::find(maps.begin(), maps.end(), r.input) == maps.end()) {
      maps.push_back(r.input);
    }
  }
  if (!maps.empty()) {
    os << "\n### JPS and JPS+ on the Moving AI maps: 8-connected, every scenario row (issue #4)\n\n"
       << "mean/query: one benchmark iteration runs every scenario row once, divided by the rows "
          "(median of the repetitions); median/query: each row timed alone (steady_clock, best of "
          "3), the median over the rows. Jps and JpsPlus build their JpsMap / JpsPlusMap once per "
          "map, outside the timed loop (JpsPlusMap build times: next table). Lengths are checked "
          "row by row against the .scen optimum. Targets: the issue's mean query times "
          "(half of warthog's).\n\n"
       << "| map | search | mean/query | median/query | expanded/query | ns/expansion | "
          "allocs/query | bytes/query | length | speed-up vs AStar | speed-up vs libtcod A* | "
          "target (mean) |\n"
       << "|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---|\n";
    for (const std::string& map : maps) {
      const Row* astar = find_row(rows, map, "AStar");
      const Row* tcod = find_row(rows, map, "libtcod A*");
      for (const char* algo : {"AStar", "libtcod A*", "Jps", "JpsPlus", "SubgoalSearch"}) {
        const Row* r = find_row(rows, map, algo);
        if (r == nullptr) continue;
        auto ratio = [&](const Row* peer) {
          return peer != nullptr && r->ns_per_query > 0
                     ? fmt("%.1fx", peer->ns_per_query / r->ns_per_query)
                     : std::string("-");
        };
        const bool jps = std::string(algo) == "Jps" || std::string(algo) == "JpsPlus";
        const double target = jps ? jps_target_us(algo, map) : 0;
        std::string t = "-";
        if (target > 0) {
          t = "<= " + fmt("%g", target) +
              " us: " + pass(r->ns_per_query <= target * 1e3 && r->bad == 0);
        }
        os << "| " << map << " | " << algo << " | " << time_text(r->ns_per_query) << " | "
           << (r->median_ns > 0 ? time_text(r->median_ns) : "-") << " | "
           << (r->expanded > 0 ? fmt("%.1f", r->expanded) : "-") << " | "
           << (r->expanded > 0 ? fmt("%.1f", r->ns_per_expansion) : "-") << " | "
           << fmt("%.2f", r->allocs) << " | " << fmt("%.0f", r->bytes) << " | " << length_text(*r)
           << " | " << (std::string(algo) == "AStar" ? "-" : ratio(astar)) << " | "
           << (std::string(algo) == "libtcod A*" ? "-" : ratio(tcod)) << " | " << t << " |\n";
      }
    }
  }

  // --- #4: JpsPlusMap builds ---
  if (!st.build_maps.empty()) {
    os << "\n### JpsPlusMap build (issue #4)\n\n"
       << "A fresh `JpsPlusMap(grid, layer)` per iteration (allocation included): the 8 jump "
          "distances of every cell plus its JpsMap bitmaps. Target: < 50 ms for a 512 x 512 "
          "map.\n\n"
       << "| map | size | build | bytes/cell | total bytes | target |\n"
       << "|---|---|---:|---:|---:|---|\n";
    for (const MapInput& m : st.build_maps) {
      const Measured* r = find_measured(measured, "build/" + m.name + "/JpsPlusMap");
      if (r == nullptr) continue;
      const bool big = m.grid.cols() >= 512 || m.grid.rows() >= 512;
      const double bpc = counter(*r, "bytes_per_cell");
      os << "| " << m.name << " | " << m.grid.cols() << " x " << m.grid.rows() << " | "
         << fmt("%.2f ms", r->cpu_ns / 1e6) << " | " << fmt("%.2f", bpc) << " | "
         << fmt("%.0f", bpc * static_cast<double>(m.grid.cell_count())) << " | "
         << (big ? "< 50 ms: " + pass(r->cpu_ns < 50e6) : std::string("-")) << " |\n";
    }
  }

  // --- #20: SubgoalGraph builds ---
  if (!st.build_maps.empty()) {
    os << "\n### SubgoalGraph build (issue #20)\n\n"
       << "A fresh `SubgoalGraph(grid, layer)` per iteration (allocation included): subgoals, "
          "straight clearances and the direct edges. Issue #20's limits for a 512 x 512 map: "
          "<= 1 s and <= 16 bytes a cell.\n\n"
       << "| map | size | build | subgoals | edges | bytes/cell | limits |\n"
       << "|---|---|---:|---:|---:|---:|---|\n";
    for (const MapInput& m : st.build_maps) {
      const Measured* r = find_measured(measured, "build/" + m.name + "/SubgoalGraph");
      if (r == nullptr) continue;
      const bool big = m.grid.cols() >= 512 || m.grid.rows() >= 512;
      const double bpc = counter(*r, "bytes_per_cell");
      os << "| " << m.name << " | " << m.grid.cols() << " x " << m.grid.rows() << " | "
         << fmt("%.2f ms", r->cpu_ns / 1e6) << " | " << fmt("%.0f", counter(*r, "subgoals"))
         << " | " << fmt("%.0f", counter(*r, "edges")) << " | " << fmt("%.2f", bpc) << " | "
         << (big ? "<= 1 s: " + pass(r->cpu_ns <= 1e9) + ", <= 16 B/cell: " + pass(bpc <= 16)
                 : std::string("-"))
         << " |\n";
    }
  }

  // --- #5: many units ---
  if (!st.units.empty()) {
    os << "\n### Many units toward one goal: 8-connected (issue #5)\n\n"
       << kUnits << " units on random passable cells that can reach the goal (std::mt19937_64 "
       << "seed " << kUnitSeed << "), one goal (a DAO map: its first scenario row's goal). "
       << "(a) one `Dijkstra::compute` toward the goal + `FlowField::build`, then each unit "
          "follows `next_cell` to the goal; (b) one `AStar::find_path` per unit; (c) one "
          "`Jps::find_path` per unit (JpsMap built once, outside the loop). Per tick = all "
       << kUnits
       << " units once. Break-even: field build / one unit's query (A* or Jps): from that many "
          "units on, one field costs less than a query per unit (the walks, a few ns a step: "
          "see their column, left out). allocs: per unit per tick. Checked (untimed): every walk "
          "reaches the goal "
          "with the A* length, every JPS "
          "length equals A*'s.\n\n"
       << "| map | field build | " << kUnits << " walks | (a) field + walks | (b) " << kUnits
       << " AStar | (c) " << kUnits
       << " Jps | A* per unit | Jps per unit | break-even vs A* | break-even vs Jps | "
          "allocs/unit (a/b/c) | check |\n"
       << "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n";
    for (const Units& u : st.units) {
      const std::string base = "units/" + u.map->name + "/";
      const Measured* f = find_measured(measured, base + "field build");
      const Measured* w = find_measured(measured, base + "walks");
      const Measured* a = find_measured(measured, base + "AStar");
      const Measured* j = find_measured(measured, base + "Jps");
      if (f == nullptr || w == nullptr || a == nullptr || j == nullptr) continue;
      const double n = kUnits;
      auto breakeven = [&](const Measured* q) {
        return fmt("%.1f units", f->cpu_ns / (q->cpu_ns / n));
      };
      os << "| " << u.map->name << " (" << u.map->grid.cols() << " x " << u.map->grid.rows()
         << ") | " << time_text(f->cpu_ns) << " | " << time_text(w->cpu_ns) << " | "
         << time_text(f->cpu_ns + w->cpu_ns) << " | " << time_text(a->cpu_ns) << " | "
         << time_text(j->cpu_ns) << " | " << time_text(a->cpu_ns / n) << " | "
         << time_text(j->cpu_ns / n) << " | " << breakeven(a) << " | " << breakeven(j) << " | "
         << fmt("%.3f", (counter(*f, "allocs") + counter(*w, "allocs")) / n) << " / "
         << fmt("%.3f", counter(*a, "allocs") / n) << " / "
         << fmt("%.3f", counter(*j, "allocs") / n) << " | "
         << (u.walk_mismatches == 0 && u.jps_mismatches == 0
                 ? "ok: mean length " + fmt("%.2f", u.mean_astar_length) + ", " +
                       fmt("%.0f", u.mean_walk_steps) + " steps"
                 : "**" + fmt("%.0f", u.walk_mismatches) + " walks, " +
                       fmt("%.0f", u.jps_mismatches) + " JPS paths off A***")
         << " |\n";
    }
  }

  // --- #5: DistanceField vs libtcod ---
  if (!st.fields.empty()) {
    os << "\n### DistanceField vs libtcod's Dijkstra (issue #5)\n\n"
       << "One field from the first scenario row's start over the whole map, in the same run. "
          "ns/cell: time of one computation / passable cells reached (the same cells for both; "
          "checked). Ours: `Dijkstra::compute` into a warm `DistanceField` (to_sources); "
          "libtcod: `TCOD_dijkstra_compute` (4-connected: `TCOD_dijkstra_new(map, 0)`; "
          "8-connected: `TCOD_dijkstra_new_using_function` with a callback refusing corner "
          "cutting, diagonal sqrt 2). max diff: largest |libtcod - ours| distance in cells "
          "(libtcod counts in hundredths: a diagonal is 1.41). Target: libtcod / ours >= 5x.\n\n"
       << "| map | connectivity | cells reached | ours | ours ns/cell | libtcod | libtcod "
          "ns/cell | libtcod / ours | allocs | max diff | target >= 5x |\n"
       << "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
    for (const FieldCase& fc : st.fields) {
      const std::string base = "field/" + fc.input->name + "/" + conn_text(fc.conn) + "/";
      const Measured* o = find_measured(measured, base + "DistanceField");
      const Measured* t = find_measured(measured, base + "libtcod Dijkstra");
      if (o == nullptr || t == nullptr) continue;
      const double cells = static_cast<double>(fc.reached);
      const double ratio = t->cpu_ns / o->cpu_ns;
      const bool same = fc.reached == fc.tcod_reached;
      os << "| " << fc.input->name << " | " << conn_text(fc.conn) << " | " << fc.reached
         << (same ? "" : " (libtcod: " + std::to_string(fc.tcod_reached) + ")") << " | "
         << time_text(o->cpu_ns) << " | " << fmt("%.1f", o->cpu_ns / cells) << " | "
         << time_text(t->cpu_ns) << " | " << fmt("%.1f", t->cpu_ns / cells) << " | "
         << fmt("%.1fx", ratio) << " | " << fmt("%.0f", counter(*o, "allocs")) << " | "
         << fmt("%.3f", fc.max_diff) << " | " << pass(ratio >= 5 && same) << " |\n";
    }
  }

  // --- #5: PathBatch ---
  if (st.batch) {
    const Units& u = st.units.front();
    const Measured* one = find_measured(measured, "batch/" + u.map->name + "/1");
    const Measured* two = find_measured(measured, "batch/" + u.map->name + "/2");
    if (one != nullptr && two != nullptr) {
      os << "\n### PathBatch: " << kUnits << " A* queries, 1 vs 2 threads (issue #5)\n\n"
         << "The " << kUnits << " queries of the many-units rows on " << u.map->name
         << " through `PathBatch::find_paths` (8-connected). WALL time (real time: CPU time of "
            "the calling thread would miss the other thread's work); process CPU time: all "
            "threads together. The machine has 2 cores shared with other processes (load average "
            "in the header), so the speed-up is what was left to us, a lower bound.\n\n"
         << "| threads | wall time / batch | per query | process CPU time / batch | allocs/batch "
            "| speed-up (wall) |\n"
         << "|---:|---:|---:|---:|---:|---:|\n";
      for (const Measured* m : {one, two}) {
        os << "| " << fmt("%.0f", counter(*m, "threads")) << " | " << time_text(m->real_ns) << " | "
           << time_text(m->real_ns / kUnits) << " | " << time_text(counter(*m, "process_cpu_ns"))
           << " | " << fmt("%.2f", counter(*m, "allocs")) << " | "
           << fmt("%.2fx", one->real_ns / m->real_ns) << " |\n";
      }
    }
  }

  // --- #6: GraphAStar ---
  bool any_graph = false;
  for (const Row& r : rows) any_graph = any_graph || r.algo == "GraphAStar<GridGraph8>";
  if (any_graph) {
    os << "\n### GraphAStar over GridGraph8 vs AStar: 8-connected, every scenario row "
          "(issue #6)\n\n"
       << "| map | AStar | GraphAStar<GridGraph8> | GraphAStar / AStar time | expanded/query "
          "(AStar / Graph) | ns/expansion (AStar / Graph) | allocs/query (Graph) | length "
          "(Graph) |\n|---|---:|---:|---:|---:|---:|---:|---|\n";
    for (const Row& g : rows) {
      if (g.algo != "GraphAStar<GridGraph8>") continue;
      const Row* a = find_row(rows, g.input, "AStar");
      if (a == nullptr) continue;
      os << "| " << g.input << " | " << time_text(a->ns_per_query) << " | "
         << time_text(g.ns_per_query) << " | " << fmt("%.2fx", g.ns_per_query / a->ns_per_query)
         << " | " << fmt("%.1f", a->expanded) << " / " << fmt("%.1f", g.expanded) << " | "
         << fmt("%.1f", a->ns_per_expansion) << " / " << fmt("%.1f", g.ns_per_expansion) << " | "
         << fmt("%.2f", g.allocs) << " | " << length_text(g) << " |\n";
    }
  }

  // --- #6: weighted A* ---
  std::vector<double> weights;
  for (const Row& r : rows) {
    if (r.weight > 0 && std::find(weights.begin(), weights.end(), r.weight) == weights.end()) {
      weights.push_back(r.weight);
    }
  }
  if (!weights.empty()) {
    os << "\n### Weighted A* (f = g + w h) vs w = 1: 8-connected, every scenario row "
          "(issue #6)\n\n"
       << "`SearchOptions::weight = w`. saved: expansions saved vs w = 1 (AStar); length "
          "ratio: mean length / mean optimal length; worst: the largest length / optimum over "
          "the rows (must be <= w).\n\n"
       << "| map | w | ns/query | speed-up vs w = 1 | expanded/query | saved | mean length | "
          "length ratio | worst ratio | <= w |\n"
       << "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
    for (const Row& base : rows) {
      if (base.algo != "AStar" || base.extra || base.group == "seed" ||
          base.conn != Connectivity::eight) {
        continue;
      }
      for (const double w : weights) {
        const Row* r = nullptr;
        for (const Row& x : rows) {
          if (x.weight == w && x.input == base.input && x.group == base.group) r = &x;
        }
        if (r == nullptr) continue;
        os << "| " << base.input << " | " << fmt("%g", w) << " | " << time_text(r->ns_per_query)
           << " | " << fmt("%.2fx", base.ns_per_query / r->ns_per_query) << " | "
           << fmt("%.1f", r->expanded) << " | "
           << fmt("%.1f%%", 100.0 * (1.0 - r->expanded / base.expanded)) << " | "
           << fmt("%.2f", r->cost) << " | " << fmt("%.4f", r->cost / base.cost) << " | "
           << fmt("%.4f", r->worst_ratio) << " | " << pass(r->worst_ratio <= w + 1e-9) << " |\n";
      }
    }
    os << "\n| w | total expansions, all maps (w = 1 / w) | saved | worst length ratio | "
          "<= w |\n|---:|---:|---:|---:|---|\n";
    for (const double w : weights) {
      double e1 = 0;
      double ew = 0;
      double worst = 0;
      for (const Row& base : rows) {
        if (base.algo != "AStar" || base.extra || base.group == "seed" ||
            base.conn != Connectivity::eight) {
          continue;
        }
        for (const Row& x : rows) {
          if (x.weight == w && x.input == base.input && x.group == base.group) {
            e1 += base.expanded * base.queries;
            ew += x.expanded * x.queries;
            worst = std::max(worst, x.worst_ratio);
          }
        }
      }
      os << "| " << fmt("%g", w) << " | " << fmt("%.0f", e1) << " / " << fmt("%.0f", ew) << " | "
         << fmt("%.0f", e1 - ew) << " (" << fmt("%.1f%%", e1 > 0 ? 100.0 * (1 - ew / e1) : 0)
         << ") | " << fmt("%.4f", worst) << " | " << pass(worst <= w + 1e-9) << " |\n";
    }
  }

  // --- #16: unreachable goals with and without a RegionMap (bench/regions_rows.cpp) ---
  const char* const region_cases[] = {"open256-occupied-goal", "random256-walled-goal"};
  bool region_header = false;
  for (const char* name : region_cases) {
    const std::string base = std::string("regions/") + name + "/8/AStar unreachable, ";
    const Measured* flood = find_measured(measured, base + "no regions (flood)");
    const Measured* fast = find_measured(measured, base + "regions");
    const Measured* nearest = find_measured(measured, base + "regions + nearest");
    const Measured* build =
        find_measured(measured, std::string("regions/") + name + "/RegionMap build");
    if (flood == nullptr || fast == nullptr) continue;
    if (!region_header) {
      os << "\n### Unreachable goals: A* 8-connected with and without a RegionMap (issue #16)\n\n"
         << "One query to a goal no path reaches (open256: an open 256 x 256 map, the goal taken "
            "by a unit; random256: 30 % walls, the goal walled in), from the cell of the largest "
            "region. Without regions A* floods the start's region; with `SearchOptions::regions` "
            "it answers `unreachable` at once; `nearest_if_unreachable` searches to the reachable "
            "cell nearest the goal instead. RegionMap build: the whole map, scratch warm.\n\n"
         << "| map | flooding (no regions) | expanded | regions | speed-up | regions + nearest | "
            "RegionMap build | regions | bytes/cell |\n"
         << "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
      region_header = true;
    }
    os << "| " << name << " | " << time_text(flood->cpu_ns) << " | "
       << fmt("%.0f", counter(*flood, "expanded")) << " | " << time_text(fast->cpu_ns) << " | "
       << fmt("%.0fx", fast->cpu_ns > 0 ? flood->cpu_ns / fast->cpu_ns : 0.0) << " | "
       << (nearest != nullptr ? time_text(nearest->cpu_ns) + " (" +
                                    fmt("%.0f", counter(*nearest, "moves")) + " moves)"
                              : std::string("-"))
       << " | " << (build != nullptr ? time_text(build->cpu_ns) : std::string("-")) << " | "
       << (build != nullptr ? fmt("%.0f", counter(*build, "regions")) : std::string("-")) << " | "
       << (build != nullptr ? fmt("%.1f", counter(*build, "bytes_per_cell")) : std::string("-"))
       << " |\n";
  }
  // --- #16: tower defence, field repair and would_block against a rebuild (bench/td_rows.cpp) ---
  const Measured* td_repair = find_measured(measured, "td/td512/repair per tower (field + flow)");
  const Measured* td_rebuild = find_measured(measured, "td/td512/rebuild per tower (field + flow)");
  const Measured* td_block = find_measured(measured, "td/td512/would_block per tower");
  if (td_repair != nullptr && td_rebuild != nullptr && td_block != nullptr) {
    const double rebuild_median = counter(*td_rebuild, "median_us");
    os << "\n### Tower defence: fields repaired after each tower (issue #16)\n\n"
       << "A 512 x 512 map (8 % walls), one goal field (8-connected, toward the goal) and its flow "
          "field; 200 towers of 2 x 2 cells placed one at a time (half on a spawn's current path). "
          "Per placement: `FieldRepair::repair` (field + flow), a rebuild (`Dijkstra::compute` + "
          "`FlowField::build`), and `FieldRepair::would_block` before placing. Times per "
          "placement (steady_clock), over every placement of the row's iterations. Targets: repair "
          "and would_block medians at least 10x faster than a rebuild.\n\n"
       << "| per tower | median | p99 | mean | cells changed | cells invalidated | rebuild median "
          "/ this median | target >= 10x |\n"
       << "|---|---:|---:|---:|---:|---:|---:|---|\n";
    const auto line = [&](const char* what, const Measured& m, bool target) {
      const double median = counter(m, "median_us");
      const double ratio = median > 0 ? rebuild_median / median : 0.0;
      os << "| " << what << " | " << time_text(median * 1e3) << " | "
         << time_text(counter(m, "p99_us") * 1e3) << " | " << time_text(counter(m, "mean_us") * 1e3)
         << " | " << fmt("%.0f", counter(m, "changed_per_tower")) << " | "
         << fmt("%.0f", counter(m, "invalidated_per_tower")) << " | " << fmt("%.0fx", ratio)
         << " | " << (target ? pass(ratio >= 10) : std::string("-")) << " |\n";
    };
    line("repair (field + flow)", *td_repair, true);
    line("would_block", *td_block, true);
    line("rebuild (field + flow)", *td_rebuild, false);
  }
  const Measured* sync_open =
      find_measured(measured, "regions/open256/RegionMap sync, one cell in the open");
  const Measured* sync_halves = find_measured(
      measured, "regions/halved256/RegionMap sync, one cell splitting or joining halves");
  if (sync_open != nullptr && sync_halves != nullptr) {
    os << "\nRegionMap::sync after one cell toggled: " << time_text(sync_open->cpu_ns)
       << " in the open; " << time_text(sync_halves->cpu_ns)
       << " for the only gap of a wall between two halves of ~32,600 cells (the worst case, "
          "O(region size)).\n";
  }
}

}  // namespace pathing::bench
