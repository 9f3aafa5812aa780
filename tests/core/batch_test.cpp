#include "pathing/agent/path_batch.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "support/alloc_counter.hpp"
#include "support/field_reference.hpp"

namespace pathing {
namespace {

using test::random_grid;
using test::random_layer;

std::vector<PathQuery> random_batch_queries(const Grid& grid, unsigned seed, std::size_t n) {
  std::mt19937 rng(seed);
  std::vector<PathQuery> q;
  for (std::size_t i = 0; i < n; ++i) {
    auto cell = [&] {
      return GridCoord{static_cast<int>(rng() % static_cast<unsigned>(grid.cols())),
                       static_cast<int>(rng() % static_cast<unsigned>(grid.rows()))};
    };
    q.push_back({cell(), cell()});
  }
  q[3].to = {grid.cols(), 0};  // invalid endpoint: answered, not thrown
  return q;
}

void expect_same_as_sequential(const PathResult& a, const PathResult& b, std::size_t i) {
  EXPECT_EQ(a.status, b.status) << i;
  EXPECT_EQ(a.finish, b.finish) << i;
  EXPECT_EQ(a.cost, b.cost) << i;
  EXPECT_EQ(a.cost, b.cost) << i;
  EXPECT_EQ(a.moves, b.moves) << i;
  EXPECT_EQ(a.stats.expanded, b.stats.expanded) << i;
  EXPECT_EQ(a.stats.generated, b.stats.generated) << i;
}

TEST(PathBatch, FindPathsEqualSequentialAStarForAnyThreadCount) {
  const GridLayer layer = random_layer();
  const Grid grid = random_grid(48, 40, 81, 25, true);
  const auto queries = random_batch_queries(grid, 82, 60);
  for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
    AStar astar;
    std::vector<PathResult> want(queries.size());
    std::vector<std::vector<GridCoord>> want_paths(queries.size());
    for (std::size_t i = 0; i < queries.size(); ++i) {
      want[i] = astar.find_path(grid, layer, queries[i].from, queries[i].to, want_paths[i], {conn});
    }
    for (const unsigned threads : {1u, 2u, 4u}) {
      PathBatch batch(threads);
      EXPECT_EQ(batch.thread_count(), threads);
      std::vector<PathResult> got(queries.size());
      std::vector<std::vector<GridCoord>> paths(queries.size());
      ASSERT_TRUE(batch.find_paths(grid, layer, queries, got, paths, {conn}).ok());
      for (std::size_t i = 0; i < queries.size(); ++i) {
        expect_same_as_sequential(got[i], want[i], i);
        EXPECT_EQ(paths[i], want_paths[i]) << i;
      }
      EXPECT_EQ(got[3].status, SearchStatus::invalid_endpoint);
    }
  }
}

TEST(PathBatch, FieldsAndFlowsEqualSequentialForAnyThreadCount) {
  const GridLayer layer = random_layer();
  const Grid grid = random_grid(70, 50, 91, 20, true);
  std::mt19937 rng(92);
  std::vector<std::vector<FieldSource>> lists(9);
  for (auto& l : lists) {
    for (unsigned k = 0; k < 1 + rng() % 3; ++k) {
      l.push_back({{static_cast<int>(rng() % 70), static_cast<int>(rng() % 50)},
                   static_cast<double>(rng() % 3)});
    }
  }
  lists[4].clear();  // no sources: an all-unreached field
  const std::vector<std::span<const FieldSource>> spans(lists.begin(), lists.end());
  FieldOptions o;
  o.connectivity = Connectivity::eight;
  Dijkstra dijkstra;
  std::vector<DistanceField> want(lists.size());
  std::vector<FieldStats> want_stats(lists.size());
  std::vector<FlowField> want_flows(lists.size());
  for (std::size_t i = 0; i < lists.size(); ++i) {
    want_stats[i] = dijkstra.compute(grid, layer, lists[i], want[i], o);
    want_flows[i].build(grid, layer, want[i]);
  }
  for (const unsigned threads : {1u, 2u, 4u}) {
    PathBatch batch(threads);
    std::vector<DistanceField> fields(lists.size());
    std::vector<FieldStats> stats(lists.size());
    std::vector<FlowField> flows(lists.size());
    ASSERT_TRUE(batch.compute_fields(grid, layer, spans, fields, o, stats).ok());
    ASSERT_TRUE(batch.build_flows(grid, layer, fields, flows).ok());
    for (std::size_t i = 0; i < lists.size(); ++i) {
      EXPECT_EQ(test::costs_of(fields[i]), test::costs_of(want[i])) << i;
      EXPECT_EQ(stats[i].settled, want_stats[i].settled) << i;
      EXPECT_EQ(stats[i].generated, want_stats[i].generated) << i;
      EXPECT_TRUE(std::equal(flows[i].directions().begin(), flows[i].directions().end(),
                             want_flows[i].directions().begin(), want_flows[i].directions().end()))
          << i;
    }
    EXPECT_EQ(stats[4].settled, 0u);
  }
}

TEST(PathBatch, RunVisitsEveryIndexOnceOnEveryThreadCount) {
  for (const unsigned threads : {1u, 2u, 4u, 7u}) {
    PathBatch batch(threads);
    for (const std::size_t n :
         {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{1000}}) {
      std::vector<std::atomic<int>> hits(n);
      std::vector<std::atomic<int>> worker_used(threads);
      batch.run(n, [&](std::size_t i, PathBatch::Worker& w) {
        hits[i].fetch_add(1);
        const auto id = static_cast<std::size_t>(&w - &batch.worker(0));
        ASSERT_LT(id, threads);
        worker_used[id].fetch_add(1);
      });
      for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(hits[i].load(), 1) << i;
      int total = 0;
      for (auto& u : worker_used) total += u.load();
      EXPECT_EQ(total, static_cast<int>(n));
    }
  }
}

#if PATHING_HAS_EXCEPTIONS  // (the exception paths; see docs/errors.md for -fno-exceptions)
TEST(PathBatch, TheLowestFailingItemsExceptionIsRethrown) {
  for (const unsigned threads : {1u, 2u, 4u}) {
    PathBatch batch(threads);
    std::atomic<int> ran{0};
    try {
      batch.run(200, [&](std::size_t i, PathBatch::Worker&) {
        ran.fetch_add(1);
        if (i == 170 || i == 42 || i == 99) throw std::runtime_error("item " + std::to_string(i));
      });
      FAIL() << "no exception";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "item 42");
    }
    EXPECT_EQ(ran.load(), 200);  // the other items still ran
    // The pool is still usable.
    std::atomic<int> again{0};
    batch.run(10, [&](std::size_t, PathBatch::Worker&) { again.fetch_add(1); });
    EXPECT_EQ(again.load(), 10);
  }
}

#endif

TEST(PathBatch, BadArgumentsReturnAnErrorBeforeAnyWork) {
  const Grid grid(10, 10);
  PathBatch batch(2);
  const std::vector<PathQuery> queries(3);
  std::vector<PathResult> results(2);
  std::vector<std::vector<GridCoord>> paths(3);
  paths[0] = {{7, 7}};
  Error e = batch.find_paths(grid, GridLayer{}, queries, results, paths);
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_EQ(e.message, "pathing::PathBatch::find_paths: results has 2 slots for 3 items");
  EXPECT_EQ(paths[0], (std::vector<GridCoord>{{7, 7}}));  // nothing written
  const std::vector<FieldSource> good = {{{1, 1}, 0}};
  const std::vector<FieldSource> bad = {{{1, 1}, 0}, {{3, 10}, 0}};
  const std::vector<std::span<const FieldSource>> lists = {good, bad};
  std::vector<DistanceField> fields(2);
  e = batch.compute_fields(grid, GridLayer{}, lists, fields);
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_EQ(e.message,
            "pathing::PathBatch::compute_fields: list 1: source 1 at (3, 10) is outside the 10 x "
            "10 grid");
  EXPECT_EQ(fields[0].cols(), 0);  // nothing ran
  std::vector<FlowField> flows(1);
  e = batch.build_flows(grid, GridLayer{}, fields, flows);
  EXPECT_EQ(e.message, "pathing::PathBatch::build_flows: flows has 1 slots for 2 items");
  flows.resize(2);
  e = batch.build_flows(grid, GridLayer{}, fields, flows);
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_EQ(e.message,
            "pathing::PathBatch::build_flows: field 0 is stale: not computed on this grid at its "
            "current version with this layer");
  EXPECT_EQ(flows[0].cols(), 0);
  // Good arguments: no error.
  std::vector<PathResult> three(3);
  EXPECT_TRUE(batch.find_paths(grid, GridLayer{}, queries, three, paths).ok());
}

TEST(PathBatch, WarmBatchesAllocateNothing) {
  const GridLayer layer = random_layer();
  const Grid grid = random_grid(40, 40, 101, 20, true);
  const auto queries = random_batch_queries(grid, 102, 24);
  const std::vector<FieldSource> sources = {{{5, 5}, 0}, {{36, 38}, 0}};
  const std::vector<std::span<const FieldSource>> lists(6, std::span<const FieldSource>(sources));
  PathBatch batch(3);
  std::vector<PathResult> results(queries.size());
  std::vector<std::vector<GridCoord>> paths(queries.size());
  std::vector<DistanceField> fields(lists.size());
  std::vector<FlowField> flows(lists.size());
  auto all = [&] {
    (void)batch.find_paths(grid, layer, queries, results, paths);
    (void)batch.compute_fields(grid, layer, lists, fields);
    (void)batch.build_flows(grid, layer, fields, flows);
  };
  // Which thread runs which item varies, so warm every searcher on every item first.
  for (unsigned w = 0; w < batch.thread_count(); ++w) {
    std::vector<GridCoord> scratch;
    for (const PathQuery& q : queries) {
      (void)batch.worker(w).astar.find_path(grid, layer, q.from, q.to, scratch);
    }
    DistanceField f;
    batch.worker(w).dijkstra.compute(grid, layer, sources, f);
  }
  all();
  const test::AllocationScope scope;
  all();
  all();
  EXPECT_EQ(scope.count(), 0u);
}

TEST(PathBatch, ZeroThreadsMeansTheHardwareThreadCount) {
  const PathBatch batch(0);
  const unsigned hw = std::thread::hardware_concurrency();
  EXPECT_EQ(batch.thread_count(), hw != 0 ? hw : 1u);
}

}  // namespace
}  // namespace pathing
