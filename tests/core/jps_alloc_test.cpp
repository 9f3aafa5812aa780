// Zero allocations, really (issue #15, item 8): after `reserve(cols, rows)`, no Jps or JpsPlus
// query on a grid of that size allocates, whatever its frontier -- on a dense random map (40 %
// blocked, 512 x 512, where unreachable goals make a query close a whole component) and on a
// large open map. The open list's stale-entry purge that makes this hold is exercised on small
// maps (a lowered trigger) against the reference Dijkstra, and `PooledRadixHeap::rebuild` on
// its own.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "pathing/detail/queue/radix_heap.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "pathing/search/jump/jps_expand.hpp"
#include "pathing/search/jump/jps_plus_expand.hpp"
#include "pathing/search/jump/jump_search.hpp"
#include "support/alloc_counter.hpp"
#include "support/layers.hpp"
#include "support/reference.hpp"

namespace pathing {
namespace {

using test::kWalk;

#ifdef NDEBUG
constexpr int kQueries = 200;
#else
constexpr int kQueries = 12;
#endif

std::vector<std::pair<GridCoord, GridCoord>> random_queries(std::mt19937_64& rng, const Grid& g,
                                                            int count) {
  std::vector<std::pair<GridCoord, GridCoord>> q;
  auto cell = [&] {
    for (;;) {
      const GridCoord c{static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
                        static_cast<int>(rng() % static_cast<unsigned>(g.rows()))};
      if (!g.is_blocked(c)) return c;
    }
  };
  for (int i = 0; i < count; ++i) q.push_back({cell(), cell()});
  return q;
}

struct Totals {
  std::uint64_t allocations = 0;
  std::uint64_t most_generated = 0;
  int found = 0;
  int unreachable = 0;
};

// Fresh searchers, reserved and never warmed up; every query's Jps and JpsPlus costs agree.
Totals run_cold(const Grid& g, const std::vector<std::pair<GridCoord, GridCoord>>& queries) {
  const JpsMap bits(g, kWalk);
  const JpsPlusMap table(g, kWalk);
  Jps jps;
  JpsPlus plus;
  jps.reserve(g.cols(), g.rows());
  plus.reserve(g.cols(), g.rows());
  std::vector<GridCoord> a;
  std::vector<GridCoord> b;
  std::vector<GridCoord> pts;
  a.reserve(g.cell_count());  // a path never holds more cells than the grid
  b.reserve(g.cell_count());
  pts.reserve(g.cell_count());
  Totals t;
  const test::AllocationScope scope;
  for (const auto& [s, e] : queries) {
    const PathResult rj = jps.find_path(g, bits, s, e, a);
    jps.jump_points(pts);
    const PathResult rp = plus.find_path(g, table, s, e, b);
    plus.jump_points(pts);
    EXPECT_EQ(rj.status, rp.status);
    if (rj.found()) {
      EXPECT_EQ(rj.cost, rp.cost);
      ++t.found;
    } else {
      ++t.unreachable;
    }
    t.most_generated = std::max({t.most_generated, rj.stats.generated, rp.stats.generated});
  }
  t.allocations = scope.count();
  return t;
}

TEST(JpsAllocation, DenseRandom512AfterReserveAllocatesNothing) {
  std::mt19937_64 rng(40);
  const Grid g = test::random_grid(rng, 512, 512, 0.40);
  const auto queries = random_queries(rng, g, kQueries);
  const Totals t = run_cold(g, queries);
  EXPECT_EQ(t.allocations, 0u);
  // Both outcomes occur (an unreachable goal closes its start's whole component), and some query
  // pushed more than the old reservation of 256 + cells / 32 entries: the regime that allocated.
  EXPECT_GT(t.found, 0);
  EXPECT_GT(t.unreachable, 0);
  EXPECT_GT(t.most_generated, 256u + g.cell_count() / 32);
}

TEST(JpsAllocation, LargeOpenMapAfterReserveAllocatesNothing) {
  std::mt19937_64 rng(41);
  const Grid g = test::random_grid(rng, 1024, 1024, 0.02);
  auto queries = random_queries(rng, g, kQueries / 4);
  // Corner to corner across the whole map, both diagonals.
  queries.push_back({{0, 0}, {1023, 1023}});
  queries.push_back({{1023, 0}, {0, 1023}});
  for (auto& [s, e] : queries) {
    for (GridCoord* c : {&s, &e}) {
      if (g.is_blocked(*c)) *c = GridCoord{c->x ^ 1, c->y};  // corners: a neighbour if blocked
    }
  }
  const Totals t = run_cold(g, queries);
  EXPECT_EQ(t.allocations, 0u);
  EXPECT_GT(t.found, 0);
  EXPECT_GT(t.most_generated, 20000u);  // long jumps, but a large frontier (hot stack) too
}

TEST(JpsAllocation, ReservedSmallerGridsToo) {
  // reserve(cols, rows) covers every grid of at most cols * rows cells, any shape.
  std::mt19937_64 rng(42);
  Jps jps;
  jps.reserve(128, 128);
  std::vector<GridCoord> out;
  out.reserve(128 * 128);
  std::vector<Grid> grids;
  grids.push_back(test::random_grid(rng, 128, 128, 0.40));
  grids.push_back(test::random_grid(rng, 256, 64, 0.40));
  grids.push_back(test::random_grid(rng, 16, 1024, 0.35));
  std::vector<JpsMap> maps;
  for (const Grid& g : grids) maps.emplace_back(g, kWalk);
  std::vector<std::vector<std::pair<GridCoord, GridCoord>>> queries;
  for (const Grid& g : grids) queries.push_back(random_queries(rng, g, kQueries));
  const test::AllocationScope scope;
  std::uint64_t expanded = 0;
  for (std::size_t i = 0; i < grids.size(); ++i) {
    for (const auto& [s, e] : queries[i])
      expanded += jps.find_path(grids[i], maps[i], s, e, out).stats.expanded;
  }
  EXPECT_EQ(scope.count(), 0u);
  EXPECT_GT(expanded, 1000u);
}

// The purge of stale open-list entries (normally when a query used as many pool entries as the
// grid has cells), forced early: costs stay exact, nothing allocates, and purges happened.
TEST(JpsAllocation, PurgingStaleEntriesKeepsCostsExact) {
  std::mt19937_64 rng(43);
  for (const int limit : {1, 8, 64}) {
    std::uint64_t purges = 0;
    for (int round = 0; round < 12; ++round) {
      const Grid g = test::random_grid(rng, 40, 30, 0.30);
      const JpsMap bits(g, kWalk);
      const JpsPlusMap table(g, kWalk);
      detail::JumpPointSearch js;
      detail::JumpPointSearch jp;
      js.ensure(g.cell_count());
      jp.ensure(g.cell_count());
      js.debug_limit_pool(static_cast<std::size_t>(limit));
      jp.debug_limit_pool(static_cast<std::size_t>(limit));
      if (round % 3 == 0) {  // with re-keyings too
        js.debug_limit_key_room(12);
        jp.debug_limit_key_room(12);
      }
      std::vector<GridCoord> out;
      out.reserve(g.cell_count());
      const auto queries = random_queries(rng, g, 6);
      for (const auto& query : queries) {
        const GridCoord s = query.first;  // plain variables: clang 14 cannot capture bindings
        const GridCoord e = query.second;
        const auto dist = test::reference_dijkstra(g, kWalk, s, Connectivity::eight);
        const std::uint64_t want = dist[static_cast<std::size_t>(e.y * g.cols() + e.x)];
        for (detail::JumpPointSearch* search : {&js, &jp}) {
          PathResult r;
          r.finish = s;
          const test::AllocationScope scope;
          if (search == &js) {
            search->run(
                g.cols(), g.rows(), s, e, SearchLimits{}, 1,
                [&](int x, int y, std::uint8_t travel, auto& gen) {
                  detail::jps_expand(bits, x, y, travel, e, gen);
                },
                r);
          } else {
            search->run(
                g.cols(), g.rows(), s, e, SearchLimits{}, 1,
                [&](int x, int y, std::uint8_t travel, auto& gen) {
                  detail::jps_plus_expand(table, x, y, travel, e, gen);
                },
                r);
          }
          search->write_path(r, out);
          EXPECT_EQ(scope.count(), 0u);
          if (want == cost::kInfinite) {
            EXPECT_EQ(r.status, SearchStatus::unreachable);
          } else {
            ASSERT_EQ(r.status, SearchStatus::found);
            EXPECT_EQ(test::path_cost_fixed(g, kWalk, out), want);
            EXPECT_EQ(test::validate_path(g, kWalk, Connectivity::eight, s, out), "");
          }
        }
      }
      purges += js.debug_purges() + jp.debug_purges();
    }
    EXPECT_GT(purges, 12u) << "limit " << limit;
  }
}

// PooledRadixHeap::rebuild: drops the rejected items, frees popped entries, keeps the others in
// key order; with a monotone re-keying too.
TEST(PooledRadixHeapRebuild, DropsRejectedItemsAndFreesPoppedEntries) {
  std::mt19937_64 rng(44);
  detail::PooledRadixHeap<std::uint32_t> q;
  q.reserve(4096);
  std::vector<std::pair<std::uint64_t, std::uint32_t>> model;  // the items the heap must hold
  std::uint64_t last = 0;
  std::uint32_t next_value = 0;
  for (int step = 0; step < 4000; ++step) {
    const unsigned op = static_cast<unsigned>(rng() % 10);
    if (op < 6 || model.empty()) {
      const std::uint64_t key = last + rng() % 5000;
      q.push(key, next_value);
      model.push_back({key, next_value});
      ++next_value;
    } else if (op < 9) {
      const auto it = q.pop();
      const auto m = std::min_element(model.begin(), model.end(),
                                      [](auto& a, auto& b) { return a.first < b.first; });
      ASSERT_EQ(it.key, m->first);
      // Equal keys may leave in any order: remove the popped item itself.
      const auto found = std::find(model.begin(), model.end(), std::make_pair(it.key, it.value));
      ASSERT_NE(found, model.end());
      model.erase(found);
      last = it.key;
    } else {
      // Drop the items of odd values; sometimes halve every key (monotone) and the floor.
      const bool halve = rng() % 2 == 0;
      q.rebuild(halve ? q.last_key() / 2 : q.last_key(), [&](std::uint64_t& key, std::uint32_t v) {
        if (halve) key /= 2;
        return v % 2 == 0;
      });
      std::erase_if(model, [](auto& p) { return p.second % 2 != 0; });
      if (halve) {
        for (auto& p : model) p.first /= 2;
        last /= 2;
      }
      ASSERT_EQ(q.size(), model.size());
      ASSERT_EQ(q.pool_used(), model.size());
    }
  }
  while (!q.empty()) {
    const auto it = q.pop();
    const auto found = std::find(model.begin(), model.end(), std::make_pair(it.key, it.value));
    ASSERT_NE(found, model.end());
    ASSERT_EQ(it.key, std::min_element(model.begin(), model.end())->first);
    model.erase(found);
  }
  EXPECT_TRUE(model.empty());
}

}  // namespace
}  // namespace pathing
