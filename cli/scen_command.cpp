// pathing: fast grid path-finding. MIT licensed.
//
// `pathing scen`: runs a Moving AI scenario file and reports time, work, optimality and heap
// allocations per query.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <string>
#include <vector>

#include "alloc_counter/alloc_counter.hpp"
#include "atomic_file.hpp"
#include "commands.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/io/precomputed.hpp"
#include "pathing/precompute/landmark_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "searchers.hpp"

namespace pathing::cli {

namespace {

namespace fs = std::filesystem;

/// What one query did.
struct Row {
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  std::int64_t nanos = 0;
  std::uint32_t steps = 0;
  double cost = 0;
  SearchStatus status = SearchStatus::found;
};

/// Runs every entry with one searcher (reserved to the grid beforehand), timing each query;
/// heap allocations are counted over all the queries, the first one included.
template <class Searcher>
std::uint64_t run_queries(Searcher& searcher, const io::Scenario& scen, const Grid& grid,
                          const GridLayer& layer, const SearchOptions& options,
                          std::vector<Row>& rows) {
  std::vector<GridCoord> path;
  path.reserve(grid.cell_count());  // a path never holds more cells than the grid
  searcher.reserve(grid.cols(), grid.rows());
  rows.assign(scen.entries.size(), Row{});

  const bool progress = isatty(STDERR_FILENO) != 0;
  const std::size_t n = scen.entries.size();
  const std::size_t every = std::max<std::size_t>(1, n / 100);
  using Clock = std::chrono::steady_clock;

  // Allocations during the queries: everything counted in the loop but the progress line's.
  const counting::AllocationScope allocations;
  std::uint64_t progress_allocations = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const io::ScenarioEntry& e = scen.entries[i];
    const auto t0 = Clock::now();
    const PathResult r = searcher.find_path(grid, layer, e.start(), e.goal(), path, options);
    const auto t1 = Clock::now();
    Row& row = rows[i];
    row.expanded = r.stats.expanded;
    row.generated = r.stats.generated;
    row.nanos = std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count();
    row.steps = r.moves;
    row.cost = r.cost;
    row.status = r.status;
    if (progress && (i + 1) % every == 0) {
      const std::uint64_t before = counting::allocation_count();
      fmt::print(stderr, "\r  {} of {} queries", i + 1, n);
      std::fflush(stderr);
      progress_allocations += counting::allocation_count() - before;
    }
  }
  const std::uint64_t counted = allocations.count() - progress_allocations;
  if (progress) fmt::print(stderr, "\r{:40}\r", "");
  return counted;
}

}  // namespace

LandmarkStorage landmark_storage(const std::string& bits) {
  if (bits == "16") return LandmarkStorage::bits16;
  if (bits == "auto") return LandmarkStorage::automatic;
  return LandmarkStorage::bits32;
}

GridLayer layer_from_costs(const std::vector<int>& costs, const GridLayer& fallback) {
  if (costs.empty()) return fallback;
  std::array<std::uint8_t, 8> c{};
  for (std::size_t i = 0; i < costs.size() && i < c.size(); ++i)
    c[i] = static_cast<std::uint8_t>(costs[i]);
  return GridLayer(c, 0);
}

int run_scen(const ScenOptions& o) {
  const io::Scenario scen = io::load_scenario(o.scen_file);
  const fs::path map_file =
      o.map_file.empty() ? io::scenario_map_path(scen, o.scen_file) : fs::path(o.map_file);
  const io::Map map = io::load_map(map_file);
  io::validate_scenario(scen, map.grid, o.scen_file);
  const Connectivity conn = o.moves == 4 ? Connectivity::four : Connectivity::eight;
  const bool eight = conn == Connectivity::eight;

  if (is_jump_point_search(o.algo) && !eight) {
    fmt::print(stderr, "pathing: --algo {} needs 8-connected moves (--moves 8)\n", o.algo);
    return kExitBadInput;
  }
  const GridLayer layer = layer_from_costs(o.costs, io::movingai_layer());
  if (!o.prep_file.empty() && o.algo != "jps+" && o.algo != "subgoal" && o.algo != "alt" &&
      o.algo != "hpa") {
    fmt::print(stderr, "pathing: --prep needs --algo jps+, subgoal, alt or hpa\n");
    return kExitBadInput;
  }
  if (is_jump_point_search(o.algo) && layer.uniform_cost() == 0) {
    fmt::print(stderr, "pathing: --algo {} needs every passable cell to cost the same (--costs)\n",
               o.algo);
    return kExitBadInput;
  }
  if (o.contract && o.algo != "subgoal") {
    fmt::print(stderr, "pathing: --contract needs --algo subgoal\n");
    return kExitBadInput;
  }
  if (o.contract && !o.prep_file.empty()) {
    fmt::print(stderr,
               "pathing: --contract and --prep: a loaded subgoal graph is as it was saved\n");
    return kExitBadInput;
  }
  if (!o.landmark_bits.empty() && o.algo != "alt") {
    fmt::print(stderr, "pathing: --landmark-bits needs --algo alt\n");
    return kExitBadInput;
  }
  if (!o.landmark_bits.empty() && !o.prep_file.empty()) {
    fmt::print(stderr,
               "pathing: --landmark-bits and --prep: loaded landmarks keep the width they were "
               "saved with (pathing prep --landmark-bits)\n");
    return kExitBadInput;
  }
  if (o.clusters != 0 && o.algo != "hpa") {
    fmt::print(stderr, "pathing: --clusters needs --algo hpa\n");
    return kExitBadInput;
  }
  if (o.weight != 1.0 && o.algo != "astar" && o.algo != "hpa") {
    fmt::print(stderr, "pathing: --weight needs --algo astar or hpa\n");
    return kExitBadInput;
  }
  std::vector<Row> rows;
  std::uint64_t allocations = 0;
  int sector = o.sector;  // hpa: the side of the hierarchy's sectors
  int hpa_landmarks = 0;  // hpa: landmarks held (built, or loaded with --prep)
  int clusters = 0;       // hpa: cluster side held
  double table_ms =
      -1;  // jps+, subgoal, alt, hpa: time to build (or load) the table, landmarks, hierarchy
  std::size_t table_bytes = 0;
  std::string alt_storage;  // --algo alt: the landmarks' count and width, for the search line
  SearchOptions options;
  options.connectivity = conn;
  options.weight = o.weight;
  if (o.algo == "greedy") {
    GreedyBestFirst bfs;
    allocations = run_queries(bfs, scen, map.grid, layer, options, rows);
  } else if (o.algo == "jps") {
    JpsSearch jps(map.grid, layer);
    table_bytes = jps.table_bytes();
    allocations = run_queries(jps, scen, map.grid, layer, options, rows);
  } else if (o.algo == "jps+") {
    const auto t0 = std::chrono::steady_clock::now();
    JpsPlusSearch jpp =
        o.prep_file.empty()
            ? JpsPlusSearch(map.grid, layer)
            : JpsPlusSearch(map.grid, io::load_jps_plus(o.prep_file, map.grid, layer));
    table_ms =
        o.prep_file.empty()
            ? jpp.build_ms()
            : std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                  .count();
    table_bytes = jpp.table_bytes();
    allocations = run_queries(jpp, scen, map.grid, layer, options, rows);
  } else if (o.algo == "subgoal") {
    const auto t0 = std::chrono::steady_clock::now();
    SubgoalCliSearch sub =
        o.prep_file.empty()
            ? SubgoalCliSearch(map.grid, layer, o.contract)
            : SubgoalCliSearch(map.grid, io::load_subgoal_graph(o.prep_file, map.grid, layer));
    table_ms =
        o.prep_file.empty()
            ? sub.build_ms()
            : std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                  .count();
    table_bytes = sub.table_bytes();
    allocations = run_queries(sub, scen, map.grid, layer, options, rows);
  } else if (o.algo == "alt") {
    LandmarkOptions lo;
    lo.count = o.landmarks;
    lo.connectivity = conn;
    lo.storage = landmark_storage(o.landmark_bits);
    const auto t0 = std::chrono::steady_clock::now();
    const LandmarkMap landmarks = o.prep_file.empty()
                                      ? LandmarkMap(map.grid, layer, lo)
                                      : io::load_landmarks(o.prep_file, map.grid, layer);
    if (!landmarks.serves(conn)) {
      fmt::print(stderr, "pathing: {}: the landmarks are 4-connected; --moves 8 needs 8\n",
                 o.prep_file);
      return kExitBadInput;
    }
    table_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    table_bytes = landmarks.memory_bytes();
    alt_storage = fmt::format(
        " ({} landmarks, {}-bit distances, {} fraction bits)", landmarks.count(),
        landmarks.storage() == LandmarkStorage::bits16 ? 16 : 32, landmarks.fraction_bits());
    options.landmarks = &landmarks;
    AStar astar;
    allocations = run_queries(astar, scen, map.grid, layer, options, rows);
  } else if (o.algo == "hpa") {
    HierarchyOptions ho;
    ho.sector_size = o.sector;
    ho.connectivity = conn;
    const auto t0 = std::chrono::steady_clock::now();
    HpaSearch hpa = o.prep_file.empty()
                        ? HpaSearch(map.grid, layer, ho, o.smooth)
                        : HpaSearch(io::load_hierarchy(o.prep_file, map.grid, layer), o.smooth);
    if (hpa.map().options().connectivity != conn) {
      fmt::print(stderr, "pathing: {}: the hierarchy is {}-connected; --moves {} needs {}\n",
                 o.prep_file, static_cast<int>(hpa.map().options().connectivity), o.moves, o.moves);
      return kExitBadInput;
    }
    sector = hpa.map().sector_size();  // a loaded hierarchy's own
    Error lm_error;
    // A loaded hierarchy keeps the landmarks and clusters it was saved with; --landmarks and
    // --clusters other than those rebuild them.
    if (o.hpa_landmarks > 0 && hpa.map().landmark_count() != o.hpa_landmarks &&
        !hpa.build_landmarks(map.grid, o.hpa_landmarks, lm_error)) {
      fmt::print(stderr, "pathing: {}\n", lm_error.message);
      return kExitBadInput;
    }
    if (o.clusters > 0 && hpa.map().cluster_sectors() != o.clusters &&
        !hpa.build_clusters(map.grid, o.clusters, lm_error)) {
      fmt::print(stderr, "pathing: {}\n", lm_error.message);
      return kExitBadInput;
    }
    hpa_landmarks = hpa.map().landmark_count();
    clusters = hpa.map().cluster_sectors();
    table_ms =
        o.prep_file.empty()
            ? hpa.build_ms()
            : std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                  .count();
    table_bytes = hpa.table_bytes();
    allocations = run_queries(hpa, scen, map.grid, layer, options, rows);
  } else {
    AStar astar;
    allocations = run_queries(astar, scen, map.grid, layer, options, rows);
  }
  // Paths that may cost more than the optimum: reported as cost / optimal.
  const bool near_optimal = o.algo == "hpa" || o.weight != 1.0;

  // Summary.
  const std::size_t n = rows.size();
  std::size_t solved = 0;
  std::size_t optimal = 0;
  double sum_expanded = 0;
  std::vector<std::int64_t> nanos;
  nanos.reserve(n);
  std::vector<std::size_t> failures;  // --check: unsolved, or (8-connected) not optimal
  std::vector<double> ratios;         // hpa: cost / optimal of each solved query
  for (std::size_t i = 0; i < n; ++i) {
    const Row& r = rows[i];
    const io::ScenarioEntry& e = scen.entries[i];
    const bool found = r.status == SearchStatus::found;
    solved += found;
    const bool opt = found && std::fabs(r.cost - e.optimal_length) <= e.tolerance();
    optimal += opt;
    // hpa: a path is wrong only when cheaper than the optimum (beyond the scenario's precision).
    const bool wrong =
        near_optimal ? found && eight && r.cost < e.optimal_length - e.tolerance() : eight && !opt;
    if (!found || wrong) failures.push_back(i);
    if (found && near_optimal && e.optimal_length > 0) ratios.push_back(r.cost / e.optimal_length);
    sum_expanded += static_cast<double>(r.expanded);
    nanos.push_back(r.nanos);
  }
  std::sort(nanos.begin(), nanos.end());
  double sum_nanos = 0;
  for (std::int64_t v : nanos) sum_nanos += static_cast<double>(v);
  const double dn = static_cast<double>(n);
  const double mean_us = n == 0 ? 0.0 : sum_nanos / dn / 1000.0;
  // Median: the middle value (mean of the two middle ones for an even count); p99: nearest rank.
  const double median_us =
      n == 0 ? 0.0
             : (n % 2 == 1
                    ? static_cast<double>(nanos[n / 2])
                    : (static_cast<double>(nanos[n / 2 - 1]) + static_cast<double>(nanos[n / 2])) /
                          2.0) /
                   1000.0;
  const std::size_t p99_rank = n == 0 ? 0 : static_cast<std::size_t>(std::ceil(0.99 * dn));
  const double p99_us = n == 0 ? 0.0 : static_cast<double>(nanos[p99_rank - 1]) / 1000.0;
  const double mean_expanded = n == 0 ? 0.0 : sum_expanded / dn;
  const std::string algo_name = o.algo;
  // hpa: suboptimality (cost / optimal) over the solved queries: mean, p99 (nearest rank), max.
  std::sort(ratios.begin(), ratios.end());
  double ratio_sum = 0;
  for (double v : ratios) ratio_sum += v;
  const std::size_t nr = ratios.size();
  const double ratio_mean = nr == 0 ? 1.0 : ratio_sum / static_cast<double>(nr);
  const double ratio_p99 =
      nr == 0 ? 1.0
              : ratios[static_cast<std::size_t>(std::ceil(0.99 * static_cast<double>(nr))) - 1];
  const double ratio_max = nr == 0 ? 1.0 : ratios.back();
  const std::string suboptimality = near_optimal && eight ? fmt::format(
                                                                ", \"suboptimality_mean\": {:.6f}, "
                                                                "\"suboptimality_p99\": {:.6f}, "
                                                                "\"suboptimality_max\": {:.6f}",
                                                                ratio_mean, ratio_p99, ratio_max)
                                                          : std::string();

  if (!o.tsv_file.empty()) {
    std::string tsv = "id\talg\texpanded\tgenerated\tnanos\tplen\tpcost\tscost\n";
    auto out = std::back_inserter(tsv);
    for (std::size_t i = 0; i < n; ++i) {
      const Row& r = rows[i];
      const io::ScenarioEntry& e = scen.entries[i];
      // Unsolved queries: plen and pcost are -1.
      if (r.status == SearchStatus::found) {
        fmt::format_to(out, "{}\t{}\t{}\t{}\t{}\t{}\t{:.8f}\t{:.{}f}\n", i, algo_name, r.expanded,
                       r.generated, r.nanos, r.steps, r.cost, e.optimal_length, e.decimals);
      } else {
        fmt::format_to(out, "{}\t{}\t{}\t{}\t{}\t-1\t-1\t{:.{}f}\n", i, algo_name, r.expanded,
                       r.generated, r.nanos, e.optimal_length, e.decimals);
      }
    }
    // All or nothing (issue #19 D5): a failed write leaves the old file, or none.
    if (!write_file(o.tsv_file, tsv)) return kExitBadInput;
  }

  if (o.json) {
    fmt::print(
        "{{\"queries\": {}, \"solved\": {}, \"optimal\": {}, \"mean_us\": {:.3f}, "
        "\"median_us\": {:.3f}, \"p99_us\": {:.3f}, \"mean_expanded\": {:.1f}, "
        "\"allocations\": {}, \"algo\": \"{}\", \"moves\": {}{}{}}}\n",
        n, solved, eight ? std::to_string(optimal) : std::string("null"), mean_us, median_us,
        p99_us, mean_expanded, allocations, algo_name, o.moves, suboptimality,
        table_bytes == 0
            ? std::string()
            : fmt::format(", \"table_bytes\": {}{}", table_bytes,
                          table_ms < 0 ? std::string()
                                       : fmt::format(", \"table_build_ms\": {:.3f}", table_ms)));
  } else {
    fmt::print("scenario     {}\n", o.scen_file);
    fmt::print("map          {} ({} x {})\n", map_file.string(), map.grid.cols(), map.grid.rows());
    fmt::print(
        "search       {}, {}-connected{}{}{}\n", algo_name, o.moves,
        o.weight != 1.0 ? fmt::format(", weight {:g}", o.weight) : std::string(),
        o.algo == "hpa"
            ? fmt::format(
                  " (sectors of {} cells, smoothing window {}{}{})", sector, o.smooth,
                  hpa_landmarks > 0 ? fmt::format(", {} landmarks", hpa_landmarks) : std::string(),
                  clusters > 0 ? fmt::format(", clusters of {} x {} sectors", clusters, clusters)
                               : std::string())
            : std::string(),
        alt_storage);
    fmt::print("queries      {}\n", n);
    fmt::print("solved       {} of {}\n", solved, n);
    if (eight) {
      fmt::print("optimal      {} of {} (within the printed precision of the scenario)\n", optimal,
                 n);
      if (near_optimal)
        fmt::print("suboptimal   cost / optimal: mean {:.4f}, p99 {:.4f}, max {:.4f}\n", ratio_mean,
                   ratio_p99, ratio_max);
    } else {
      fmt::print("optimal      n/a (the scenario lengths are 8-connected)\n");
    }
    fmt::print("time/query   mean {:.3f} us, median {:.3f} us, p99 {:.3f} us\n", mean_us, median_us,
               p99_us);
    fmt::print("expanded     mean {:.1f} per query\n", mean_expanded);
    fmt::print("allocations  {} during the {} queries (operator new calls)\n", allocations, n);
    if (table_bytes != 0) {
      fmt::print("precomputed  {} bytes ({:.2f} bytes a cell){}\n", table_bytes,
                 static_cast<double>(table_bytes) / static_cast<double>(map.grid.cell_count()),
                 table_ms < 0 ? std::string()
                              : fmt::format(", {} in {:.3f} ms",
                                            o.prep_file.empty() ? "built" : "loaded", table_ms));
    }
  }

  if (o.check && !failures.empty()) {
    for (std::size_t i : failures) {
      const Row& r = rows[i];
      const io::ScenarioEntry& e = scen.entries[i];
      if (r.status != SearchStatus::found) {
        fmt::print(stderr,
                   "{}:{}: query {} ({}, {}) -> ({}, {}): not solved ({}), expected {:.{}f}\n",
                   o.scen_file, e.line, i, e.start_x, e.start_y, e.goal_x, e.goal_y,
                   to_string(r.status), e.optimal_length, e.decimals);
      } else {
        fmt::print(stderr,
                   "{}:{}: query {} ({}, {}) -> ({}, {}): length {:.8f}, expected {:.{}f} "
                   "(tolerance {:.2g})\n",
                   o.scen_file, e.line, i, e.start_x, e.start_y, e.goal_x, e.goal_y, r.cost,
                   e.optimal_length, e.decimals, e.tolerance());
      }
    }
    fmt::print(stderr, "pathing: check failed: {} of {} queries {}\n", failures.size(), n,
               near_optimal ? (eight ? "not solved, or cheaper than the optimum" : "not solved")
               : eight      ? "not solved optimally"
                            : "not solved");
    return kExitFailed;
  }
  return kExitOk;
}

}  // namespace pathing::cli
