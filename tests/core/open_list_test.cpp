// The open lists of the searches (detail::LevelQueue, detail::TwoLevelQueue,
// detail::PooledRadixHeap) and A*'s tie rule: f, then larger g, then smaller cell index, the order
// of a textbook A*.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "pathing/detail/queue/level_queue.hpp"
#include "pathing/detail/queue/radix_heap.hpp"
#include "pathing/detail/queue/two_level_queue.hpp"
#include "pathing/search/astar.hpp"
#include "support/alloc_counter.hpp"
#include "support/reference.hpp"

namespace pathing {
namespace {

TEST(LevelQueue, PopsByKeyThenRankThenValue) {
  detail::LevelQueue q;
  q.clear(10);
  q.push(30, 1, 5);
  q.push(20, 2, 1);
  q.push(20, 3, 9);  // same key, larger rank: first
  q.push(20, 4, 9);  // same rank: smaller value first
  q.push(10, 5, 0);  // the current key
  EXPECT_EQ(q.pop(), 5u);
  EXPECT_EQ(q.last(), 10u);
  EXPECT_EQ(q.pop(), 3u);
  EXPECT_EQ(q.last(), 20u);
  EXPECT_EQ(q.pop(), 4u);
  q.push(20, 6, 100);  // pushed under the current key: in front
  EXPECT_EQ(q.pop(), 6u);
  EXPECT_EQ(q.pop(), 2u);
  EXPECT_EQ(q.pop(), 1u);
  EXPECT_EQ(q.last(), 30u);
  EXPECT_TRUE(q.empty());
}

TEST(LevelQueue, SmallerKeyBecomesCurrentAndTheOldLevelWaits) {
  detail::LevelQueue q;
  q.clear(50);
  q.push(50, 1);
  q.push(50, 2);
  q.push(40, 3);  // below last(): current now
  EXPECT_EQ(q.last(), 40u);
  q.push(45, 4);
  EXPECT_EQ(q.pop(), 3u);
  EXPECT_EQ(q.pop(), 4u);
  EXPECT_EQ(q.last(), 45u);
  EXPECT_EQ(q.pop(), 1u);  // the old level, sorted again: equal ranks, smaller value first
  EXPECT_EQ(q.pop(), 2u);
  EXPECT_EQ(q.last(), 50u);
  EXPECT_TRUE(q.empty());
}

TEST(LevelQueue, MatchesAReferenceOrderOnRandomPushesAndPops) {
  // Reference: a priority queue by (key, larger rank, smaller value), with pushes of the current
  // key going in front (last in, first out) as documented. Keys only grow here, as in A*.
  std::mt19937_64 rng(7);
  detail::LevelQueue q;
  for (int round = 0; round < 20; ++round) {
    using Item = std::tuple<std::uint64_t, std::int64_t, std::uint32_t>;  // key, -rank, value
    std::priority_queue<Item, std::vector<Item>, std::greater<>> ref;
    std::uint64_t last = 1000;
    q.clear(last);
    std::uint32_t next_value = 0;
    std::vector<std::uint32_t> got;
    std::vector<std::uint32_t> want;
    for (int step = 0; step < 2000; ++step) {
      if (ref.empty() || rng() % 3 != 0) {
        // A key at or above last, from a small set so levels fill up; ranks distinct per key.
        const std::uint64_t key = last + rng() % 40 * 37;
        const auto rank = static_cast<std::int64_t>(rng() % 1000000);
        const std::uint32_t value = next_value++;
        q.push(key, value, static_cast<std::uint64_t>(rank));
        if (key == last) {
          // In front of the current level, last in first out: before everything left there.
          ref.push(Item{key, std::numeric_limits<std::int64_t>::min() + (100000 - step), value});
        } else {
          ref.push(Item{key, -rank, value});
        }
      } else {
        want.push_back(std::get<2>(ref.top()));
        last = std::get<0>(ref.top());
        ref.pop();
        got.push_back(q.pop());
        ASSERT_EQ(q.last(), last);
      }
    }
    EXPECT_EQ(got, want) << "round " << round;
  }
}

TEST(LevelQueue, KeysBelowTheWaitingLevelsFloorRedistributeThem) {
  detail::LevelQueue q;
  q.clear(100);
  q.push(200, 1);
  q.push(300, 2);
  EXPECT_EQ(q.pop(), 1u);  // 200 current: the waiting levels' floor is 200
  q.push(150, 3);          // below last(): current, the empty 200 level is gone
  q.push(170, 4);          // above last(), below the floor: the levels are redistributed
  q.push(160, 5);
  q.push(300, 6);
  EXPECT_EQ(q.pop(), 3u);
  EXPECT_EQ(q.last(), 150u);
  EXPECT_EQ(q.pop(), 5u);
  EXPECT_EQ(q.last(), 160u);
  EXPECT_EQ(q.pop(), 4u);
  EXPECT_EQ(q.last(), 170u);
  EXPECT_EQ(q.pop(), 2u);  // 300: equal ranks, smaller value first
  EXPECT_EQ(q.pop(), 6u);
  EXPECT_EQ(q.last(), 300u);
  EXPECT_TRUE(q.empty());
}

TEST(LevelQueue, PopsTheSmallestKeyWhenPushesGoBelowEarlierPops) {
  // Keys anywhere, also below the last pop (a queue used with keys out of order): every pop
  // takes a value of the smallest key held, every value comes out once.
  std::mt19937_64 rng(13);
  detail::LevelQueue q;
  for (int round = 0; round < 20; ++round) {
    q.clear(rng() % 1000);
    std::multiset<std::uint64_t> held;
    std::vector<std::uint64_t> key_of;
    std::vector<int> popped;
    const auto pop_one = [&] {
      const std::uint32_t v = q.pop();
      ASSERT_LT(v, key_of.size());
      ASSERT_EQ(key_of[v], *held.begin());
      ASSERT_EQ(q.last(), key_of[v]);
      held.erase(held.find(key_of[v]));
      ++popped[v];
    };
    for (int step = 0; step < 3000; ++step) {
      if (held.empty() || rng() % 3 != 0) {
        const std::uint64_t key = rng() % 64 * (std::uint64_t{1} << (rng() % 30));
        q.push(key, static_cast<std::uint32_t>(key_of.size()), rng() % 100);
        key_of.push_back(key);
        popped.push_back(0);
        held.insert(key);
      } else {
        pop_one();
      }
    }
    while (!held.empty()) pop_one();
    EXPECT_TRUE(q.empty());
    EXPECT_EQ(std::count(popped.begin(), popped.end(), 1), static_cast<long>(popped.size()));
  }
}

TEST(LevelQueue, DropsDeadEntriesWhenALevelStarts) {
  detail::LevelQueue q;
  q.clear(0);
  q.push(5, 1);
  q.push(5, 2);
  q.push(7, 3);
  const auto live = [](std::uint32_t v, std::uint64_t) { return v != 2 && v != 3; };
  EXPECT_EQ(q.pop(live), 1u);
  EXPECT_EQ(q.pop(live), detail::LevelQueue::kNil);  // 3 dropped: nothing left at key 7
  EXPECT_TRUE(q.empty());
}

TEST(LevelQueue, WarmQueueAllocatesNothing) {
  detail::LevelQueue q;
  auto run = [&] {
    q.clear(0);
    for (std::uint32_t i = 0; i < 500; ++i) q.push(i % 17 * 3, i, i);
    while (!q.empty()) q.pop();
  };
  run();
  const test::AllocationScope scope;
  for (int i = 0; i < 3; ++i) run();
  EXPECT_EQ(scope.count(), 0u);
}

TEST(PooledRadixHeap, PopsTheSmallestKeyOnRandomMonotonePushesAndPops) {
  // Reference: a multiset of keys. Pushes stay at or above the last key popped, from a small
  // spread so that keys repeat and every bucket sees use.
  std::mt19937_64 rng(11);
  detail::PooledRadixHeap<std::uint32_t> q;
  for (int round = 0; round < 20; ++round) {
    q.clear();
    std::priority_queue<std::uint64_t, std::vector<std::uint64_t>, std::greater<>> ref;
    std::vector<int> seen(3000, 0);
    std::uint64_t last = 0;
    for (std::uint32_t step = 0; step < 3000; ++step) {
      if (ref.empty() || rng() % 3 != 0) {
        // last + (0..49) * 2^(0..40): every bucket up to 46, no overflow in 3000 steps.
        const unsigned bits = static_cast<unsigned>(rng() % 41);
        const std::uint64_t key = last + (rng() % 50) * (std::uint64_t{1} << bits);
        q.push(key, step);
        ref.push(key);
      } else {
        ASSERT_FALSE(q.empty());
        const auto it = q.pop();
        ASSERT_EQ(it.key, ref.top()) << "round " << round << " step " << step;
        ref.pop();
        last = it.key;
        ASSERT_LT(it.value, step);
        ASSERT_EQ(seen[it.value]++, 0);  // each item once
      }
      ASSERT_EQ(q.size(), ref.size());
    }
    while (!ref.empty()) {
      ASSERT_EQ(q.pop().key, ref.top());
      ref.pop();
    }
    EXPECT_TRUE(q.empty());
  }
}

TEST(PooledRadixHeap, EqualKeysPopInAFixedOrderAndReservedPushesAllocateNothing) {
  detail::PooledRadixHeap<std::uint32_t> q;
  q.reserve(600);
  std::vector<std::uint32_t> order;
  order.reserve(600);
  auto run = [&] {
    q.clear();
    order.clear();
    for (std::uint32_t i = 0; i < 300; ++i) q.push(100 + i % 7 * 64, i);
    for (int i = 0; i < 100; ++i) order.push_back(q.pop().value);
    for (std::uint32_t i = 300; i < 600; ++i) q.push(500 + i % 5, i);
    while (!q.empty()) order.push_back(q.pop().value);
  };
  run();
  const std::vector<std::uint32_t> first = order;
  ASSERT_EQ(first.size(), 600u);
  std::vector<std::uint32_t> sorted = first;
  std::sort(sorted.begin(), sorted.end());
  for (std::uint32_t i = 0; i < 600; ++i) ASSERT_EQ(sorted[i], i);
  {
    const test::AllocationScope scope;
    run();
    EXPECT_EQ(scope.count(), 0u);
  }
  EXPECT_EQ(order, first);  // deterministic
  EXPECT_EQ(q.capacity(), 600u);
}

TEST(TwoLevelQueue, CurrentKeyLifoThenNextKey) {
  detail::TwoLevelQueue q;
  q.clear(10, 4);
  q.push(10, 1);
  q.push(14, 2);
  q.push(10, 3);
  EXPECT_EQ(q.pop(), 3u);
  EXPECT_EQ(q.pop(), 1u);
  EXPECT_EQ(q.last(), 10u);
  q.push(14, 4);
  EXPECT_EQ(q.pop(), 4u);
  EXPECT_EQ(q.last(), 14u);
  q.push(18, 5);
  EXPECT_EQ(q.pop(), 2u);
  EXPECT_EQ(q.pop(), 5u);
  EXPECT_EQ(q.last(), 18u);
  EXPECT_TRUE(q.empty());
}

// A textbook A*: std::priority_queue by (f, larger g, smaller index), fresh arrays, the library's
// move model and fixed-point costs. Returns the number of expansions.
std::uint64_t textbook_expansions(const Grid& g, GridCoord from, GridCoord to) {
  const int w = g.cols();
  const std::size_t n = g.cell_count();
  std::vector<std::uint64_t> dist(n, cost::kInfinite);
  std::vector<char> closed(n, 0);
  using Item = std::tuple<std::uint64_t, std::int64_t, std::uint32_t>;  // f, -g, index
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  const auto idx = [w](GridCoord c) { return static_cast<std::uint32_t>(c.y * w + c.x); };
  const GridLayer walk{1};
  dist[idx(from)] = 0;
  open.push(Item{octile_distance_fixed(from, to), 0, idx(from)});
  std::uint64_t expanded = 0;
  while (!open.empty()) {
    const auto [f, neg_g, i] = open.top();
    open.pop();
    const auto gi = static_cast<std::uint64_t>(-neg_g);
    if (closed[i] || gi != dist[i]) continue;
    if (i == idx(to)) break;
    closed[i] = 1;
    ++expanded;
    const GridCoord c{static_cast<int>(i % static_cast<std::uint32_t>(w)),
                      static_cast<int>(i / static_cast<std::uint32_t>(w))};
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        if (dx == 0 && dy == 0) continue;
        const GridCoord m{c.x + dx, c.y + dy};
        if (walk.cost_at(g, m) == 0) continue;
        const bool diag = dx != 0 && dy != 0;
        if (diag && (walk.cost_at(g, {m.x, c.y}) == 0 || walk.cost_at(g, {c.x, m.y}) == 0))
          continue;
        const std::uint64_t ng = gi + (diag ? cost::kDiagonal : cost::kStraight);
        if (closed[idx(m)] || ng >= dist[idx(m)]) continue;
        dist[idx(m)] = ng;
        open.push(Item{ng + octile_distance_fixed(m, to), -static_cast<std::int64_t>(ng), idx(m)});
      }
    }
  }
  return expanded;
}

TEST(AStarTies, EightConnectedExpandsExactlyWhatTheTextbookAStarExpands) {
  // Uniform-cost layer: the documented order is the textbook's, so the expansion counts match
  // query by query (open maps full of f ties included).
  std::mt19937_64 rng(21);
  AStar a;
  std::vector<GridCoord> out;
  int queries = 0;
  for (double density : {0.0, 0.1, 0.25, 0.35}) {
    const Grid g = test::random_grid(rng, 48, 40, density);
    for (int i = 0; i < 40; ++i) {
      const GridCoord from{static_cast<int>(rng() % 48), static_cast<int>(rng() % 40)};
      const GridCoord to{static_cast<int>(rng() % 48), static_cast<int>(rng() % 40)};
      if (g.is_blocked(from) || g.is_blocked(to)) continue;
      const PathResult r = a.find_path(g, GridLayer{1}, from, to, out, {Connectivity::eight});
      if (!r.found()) continue;
      EXPECT_EQ(r.stats.expanded, textbook_expansions(g, from, to))
          << "density " << density << " from (" << from.x << "," << from.y << ") to (" << to.x
          << "," << to.y << ")";
      ++queries;
    }
  }
  EXPECT_GT(queries, 100);
}

}  // namespace
}  // namespace pathing
