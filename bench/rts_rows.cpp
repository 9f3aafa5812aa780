// The RTS tick rows of issue #16: 1000 units of sizes 1, 2 and 3 (a third each) on `dao/brc202d`
// and on a generated 512 x 512 map (8 % walls, std::mt19937_64 seed 1000), mixed goals (8 goal
// areas where a 3 x 3 body fits), 5 % of the units moving and blocking cells every tick. A unit's
// body is the grid's blocked bit (soft: a blocked cell costs 3, a free one 1, walls impassable),
// kept by a per-cell count; the cells a tick writes go to `ClearanceMap::update_cells` (O(k^3) a
// cell). Path requests: every unit at tick 0 (the spike the issue measured: "tick 0 took 309
// ms"), then 1 % of the units a tick (they get a new goal). Two ways to serve the same requests:
// - one-shot: every request of the tick runs `AStar::find_path` to the end;
// - sliced: `start_query` / `continue_query` / `finish_query` with at most 250,000 expansions a
//   tick, first come first served; the rest waits. The grid changes every tick (the movers), so
//   a query still in flight at the end of a tick is `stale` at the next and starts again; after
//   two restarts it is finished in one go that tick (`forced_one_shot`; that tick may exceed the
//   budget).
// Per row, over 120 ticks: mean, p99 and max tick time (steady_clock: moves, clearance update,
// searches), tick 0's time, requests served, the tick by which every request was served
// (`drained_at`, -1: not within the run), stale restarts, and global operator new calls over
// ticks 1..59 (`allocs_1_59`) and ticks 60..119 (`allocs_warm`). Needs ../shared/data for brc202d
// (or PATHING_SHARED_DATA); skipped without.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "pathing/io/movingai.hpp"
#include "pathing/precompute/clearance_map.hpp"
#include "pathing/search/astar.hpp"
#include "support/alloc_counter.hpp"

namespace pathing::bench {
namespace {

namespace fs = std::filesystem;

constexpr int kUnits = 1000;
constexpr int kTicks = 120;
constexpr int kMovers = kUnits / 20;     // 5 % a tick
constexpr int kNewGoals = kUnits / 100;  // 1 % a tick
constexpr std::uint64_t kBudget = 250000;

// Walls: tag 1 (impassable); units: the blocked bit on tag 0 (cost 3).
const GridLayer kLayer(std::array<std::uint8_t, 8>{1, 0, 0, 0, 0, 0, 0, 0},
                       std::array<std::uint8_t, 8>{3, 0, 0, 0, 0, 0, 0, 0});

// The map as tags (walls tag 1), or an empty grid when the file is missing.
std::optional<Grid> rts_map(const std::string& name) {
  if (name == "gen512") {
    Grid g(512, 512);
    std::mt19937_64 rng(1000);
    for (int y = 0; y < 512; ++y)
      for (int x = 0; x < 512; ++x)
        if (rng() % 100 < 8) g.set_tile({x, y}, 1);
    return g;
  }
  const char* env = std::getenv("PATHING_SHARED_DATA");
  const fs::path dir = env != nullptr
                           ? fs::path(env)
                           : fs::path(PATHING_BENCH_SOURCE_DIR) / ".." / "shared" / "data";
  const fs::path file = dir / "movingai" / "dao" / (name + ".map");
  if (!fs::exists(file)) return std::nullopt;
  const io::Map m = io::load_map(file);
  const GridLayer walk = io::movingai_layer();
  Grid g(m.grid.cols(), m.grid.rows());
  for (int y = 0; y < g.rows(); ++y)
    for (int x = 0; x < g.cols(); ++x)
      if (walk.cost_at(m.grid, {x, y}) == 0) g.set_tile({x, y}, 1);
  return g;
}

struct Unit {
  GridCoord at;
  GridCoord goal;
  int size = 1;
};

struct World {
  Grid grid{1, 1};
  std::vector<std::uint16_t> count;  // units covering each cell
  std::vector<GridCoord> changed;    // cells whose blocked bit this tick flipped

  void cover(GridCoord a, int k, int delta) {
    for (int dy = 0; dy < k; ++dy) {
      for (int dx = 0; dx < k; ++dx) {
        const GridCoord c{a.x + dx, a.y + dy};
        std::uint16_t& n =
            count[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(grid.cols()) +
                  static_cast<std::size_t>(c.x)];
        const bool was = n > 0;
        n = static_cast<std::uint16_t>(n + delta);
        if (was != (n > 0)) {
          grid.set_blocked(c, n > 0);
          changed.push_back(c);
        }
      }
    }
  }
};

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto k = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(k, v.size() - 1)];
}

void rts_row(benchmark::State& s, const std::string& name, bool budget) {
  const std::optional<Grid> base = rts_map(name);
  if (!base) {
    s.SkipWithError("no ../shared/data/movingai/dao map (set PATHING_SHARED_DATA)");
    return;
  }
  std::vector<double> tick_us;
  tick_us.reserve(static_cast<std::size_t>(kTicks) * 16);  // (no allocation inside the ticks)
  double served_total = 0;
  std::uint64_t allocations = 0;
  std::uint64_t allocs_early = 0;
  std::uint64_t expanded_total = 0;
  double restarts_total = 0;
  int drained_at = -1;
  double forced = 0;
  for (auto _ : s) {
    World w;
    w.grid = *base;
    w.count.assign(w.grid.cell_count(), 0);
    ClearanceMap clearance(w.grid, kLayer, 3);
    // Units and goals (deterministic): anchors where the body fits on the empty map.
    std::mt19937_64 rng(7);
    const auto random_fit = [&](int k) {
      for (;;) {
        const GridCoord c{static_cast<int>(rng() % static_cast<unsigned>(w.grid.cols())),
                          static_cast<int>(rng() % static_cast<unsigned>(w.grid.rows()))};
        if (clearance.fits(c, 3) && clearance.fits(c, k)) return c;
      }
    };
    std::array<GridCoord, 8> goals{};
    for (GridCoord& g : goals) g = random_fit(3);
    std::vector<Unit> units(kUnits);
    for (int i = 0; i < kUnits; ++i) {
      units[static_cast<std::size_t>(i)].size = 1 + i % 3;
      units[static_cast<std::size_t>(i)].at = random_fit(1 + i % 3);
      units[static_cast<std::size_t>(i)].goal = goals[static_cast<std::size_t>(i) % goals.size()];
    }
    for (const Unit& u : units) w.cover(u.at, u.size, +1);
    w.changed.clear();
    clearance.sync(w.grid, kLayer);
    AStar astar(w.grid.cols(), w.grid.rows());
    std::vector<GridCoord> out;
    out.reserve(w.grid.cell_count());
    // Requests, first come first served: a ring of unit indices (each unit at most once).
    std::vector<int> ring(kUnits);
    std::size_t head = 0;
    std::size_t size = 0;
    const auto push = [&](int i) {
      ring[(head + size) % ring.size()] = i;
      ++size;
    };
    for (int i = 0; i < kUnits; ++i) push(i);
    bool in_flight = false;
    std::uint64_t seen = 0;            // expansions of the query in flight counted so far
    int restarts = 0;                  // times the query in flight went stale
    std::vector<int> mark(kUnits, 0);  // a unit already queued
    for (int i = 0; i < kUnits; ++i) mark[static_cast<std::size_t>(i)] = 1;
    w.changed.reserve(static_cast<std::size_t>(kMovers) * 18 + 64);
    const auto opts = [&](int k) {
      SearchOptions o;
      o.unit_size = k;
      o.clearance = &clearance;
      return o;
    };
    std::uint64_t allocs_before = 0;
    for (int tick = 0; tick < kTicks; ++tick) {
      if (tick == 1) allocs_before = counting::allocation_count();
      if (tick == 60) {
        allocs_early += counting::allocation_count() - allocs_before;
        allocs_before = counting::allocation_count();
      }
      const auto t0 = std::chrono::steady_clock::now();
      // 5 % of the units step to a neighbouring anchor their body fits (blocking its cells).
      w.changed.clear();
      for (int m = 0; m < kMovers; ++m) {
        const int i = (tick * kMovers + m) % kUnits;
        Unit& u = units[static_cast<std::size_t>(i)];
        w.cover(u.at, u.size, -1);
        const GridCoord to{u.at.x + static_cast<int>(rng() % 3) - 1,
                           u.at.y + static_cast<int>(rng() % 3) - 1};
        // Units are soft (blocked cells cost 3), so only walls decide where a body fits.
        if (clearance.fits(to, u.size)) u.at = to;  // (a step onto walls or off the map: stay)
        w.cover(u.at, u.size, +1);
      }
      clearance.update_cells(w.grid, w.changed);
      // 1 % of the units get a new goal and ask for a path.
      if (tick > 0) {
        for (int m = 0; m < kNewGoals; ++m) {
          const int i = static_cast<int>(rng() % kUnits);
          units[static_cast<std::size_t>(i)].goal = goals[rng() % goals.size()];
          if (mark[static_cast<std::size_t>(i)] == 0) {
            mark[static_cast<std::size_t>(i)] = 1;
            push(i);
          }
        }
      }
      // Serve the requests. A sliced query in flight when the tick's budget ran out goes on
      // next tick, unless the grid changed meanwhile (then it is `stale` and starts again).
      std::uint64_t left = kBudget;
      while (size > 0) {
        const int i = ring[head];
        const Unit& u = units[static_cast<std::size_t>(i)];
        if (!budget) {
          const PathResult r = astar.find_path(w.grid, kLayer, u.at, u.goal, out, opts(u.size));
          expanded_total += r.stats.expanded;
        } else {
          if (left == 0) break;
          if (restarts >= 2) {  // stale twice: finish it in one go (the tick may run over)
            const PathResult r = astar.find_path(w.grid, kLayer, u.at, u.goal, out, opts(u.size));
            expanded_total += r.stats.expanded;
            forced += 1;
            restarts = 0;
            in_flight = false;
            mark[static_cast<std::size_t>(i)] = 0;
            head = (head + 1) % ring.size();
            --size;
            served_total += 1;
            continue;
          }
          if (!in_flight) {
            astar.start_query(w.grid, kLayer, u.at, u.goal, opts(u.size));
            in_flight = true;
            seen = 0;
          }
          const PathResult r = astar.continue_query(static_cast<int>(left));
          if (r.status == SearchStatus::stale) {  // moved units changed the grid: start again
            in_flight = false;
            restarts += 1;
            restarts_total += 1;
            continue;
          }
          left -= r.stats.expanded - seen;
          expanded_total += r.stats.expanded - seen;
          seen = r.stats.expanded;
          if (r.status == SearchStatus::in_progress) break;  // out of budget: next tick
          astar.finish_query(out);
          in_flight = false;
          restarts = 0;
        }
        mark[static_cast<std::size_t>(i)] = 0;
        head = (head + 1) % ring.size();
        --size;
        served_total += 1;
      }
      if (size == 0 && drained_at < 0) drained_at = tick;
      const auto t1 = std::chrono::steady_clock::now();
      tick_us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
    allocations += counting::allocation_count() - allocs_before;
  }
  const auto n = static_cast<double>(s.iterations());
  double sum = 0;
  for (const double v : tick_us) sum += v;
  s.counters["tick_mean_us"] = tick_us.empty() ? 0 : sum / static_cast<double>(tick_us.size());
  s.counters["tick_p99_us"] = percentile(tick_us, 0.99);
  s.counters["tick_max_us"] = percentile(tick_us, 1.0);
  s.counters["tick0_us"] = tick_us.empty() ? 0 : tick_us.front();
  s.counters["served"] = served_total / n;
  s.counters["expanded"] = static_cast<double>(expanded_total) / n;
  s.counters["drained_at"] = drained_at;
  s.counters["stale_restarts"] = restarts_total / n;
  s.counters["forced_one_shot"] = forced / n;
  s.counters["allocs_1_59"] = static_cast<double>(allocs_early) / n;
  s.counters["allocs_warm"] = static_cast<double>(allocations) / n;
}

[[maybe_unused]] const bool registered = [] {
  for (const char* map : {"brc202d", "gen512"}) {
    for (const bool budget : {false, true}) {
      benchmark::RegisterBenchmark(
          ("rts/" + std::string(map) + (budget ? "/sliced 250k expansions a tick" : "/one-shot"))
              .c_str(),
          [map, budget](benchmark::State& s) { rts_row(s, map, budget); })
          ->Iterations(1)
          ->Unit(benchmark::kMillisecond);
    }
  }
  return true;
}();

}  // namespace
}  // namespace pathing::bench
