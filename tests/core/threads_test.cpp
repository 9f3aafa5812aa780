// Many searchers sharing one `const Grid&`: N threads, each with its own searchers (every search
// of tests/support/searches.hpp, bounded and unbounded), run the same queries as a sequential
// run and must give exactly its results. Runs in every build; under ThreadSanitizer (the `tsan`
// preset) it also proves that the searches only read the shared grid and layer.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <thread>
#include <vector>

#include "support/reference.hpp"
#include "support/searches.hpp"

namespace pathing {
namespace {

/// Everything a query returns, for comparison.
struct Outcome {
  SearchStatus status = SearchStatus::invalid_endpoint;  // also: the search does not take it
  double cost = 0;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  std::vector<GridCoord> cells;
  GridPath steps;
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

struct Query {
  GridCoord from;
  GridCoord to;
  Connectivity conn;
  GridLayer layer;
};

/// Runs every query on every search (fresh searchers), starting at query `first` and wrapping
/// around, so that threads do not run the same query at the same time; results by query index.
std::vector<Outcome> run_all(const Grid& grid, const std::vector<Query>& queries,
                             std::size_t first) {
  std::vector<test::UnboundedSearch> searches = test::unbounded_searches();
  std::vector<test::BoundedSearch> bounded = test::bounded_searches();
  const std::size_t per_query = searches.size() + bounded.size();
  std::vector<Outcome> results(queries.size() * per_query);
  std::vector<GridCoord> out;
  for (std::size_t k = 0; k < queries.size(); ++k) {
    const std::size_t q = (first + k) % queries.size();
    const Query& query = queries[q];
    const GridLayer& layer = query.layer;
    for (std::size_t i = 0; i < searches.size(); ++i) {
      if (!searches[i].takes(layer, query.conn)) continue;
      const PathResult r =
          searches[i].find_path(grid, layer, query.from, query.to, out, {query.conn});
      results[q * per_query + i] =
          Outcome{r.status, r.cost, r.stats.expanded, r.stats.generated, out, {}};
    }
    for (std::size_t i = 0; i < bounded.size(); ++i) {
      const BoundedResult r = bounded[i].build_path(grid, layer, query.from, query.to);
      results[q * per_query + searches.size() + i] = Outcome{
          r.status, r.cost, r.stats.expanded, r.stats.generated, {},
          r.path};
    }
  }
  return results;
}

TEST(Threads, SearchersSharingOneConstGridGiveTheSequentialResults) {
  std::mt19937_64 rng(2024);
  const Grid grid = test::random_grid(rng, 96, 80, 0.3, 3);
  // A weighted layer and a uniform-cost one (for the searches that take only that).
  const GridLayer weighted{1, 4, 2};
  const GridLayer uniform{1, 1, 0};
  std::vector<Query> queries;
  for (int i = 0; i < 24; ++i) {
    const GridCoord from{static_cast<int>(rng() % 96), static_cast<int>(rng() % 80)};
    // Some goals within the bounded searches' reach, some across the map.
    const GridCoord to = i % 2 == 0
                             ? GridCoord{static_cast<int>(rng() % 96), static_cast<int>(rng() % 80)}
                             : GridCoord{from.x + static_cast<int>(rng() % 21) - 10,
                                         from.y + static_cast<int>(rng() % 21) - 10};
    queries.push_back({from, to, i % 3 == 0 ? Connectivity::four : Connectivity::eight,
                       i % 4 < 2 ? weighted : uniform});
  }
  const std::vector<Outcome> sequential = run_all(grid, queries, 0);
  std::size_t found = 0;
  for (const Outcome& o : sequential) found += o.status == SearchStatus::found;
  EXPECT_GT(found, sequential.size() / 5);  // the queries do real work

  constexpr int kThreads = 8;
  std::vector<std::vector<Outcome>> results(kThreads);
  std::vector<std::thread> threads;
  const Grid& shared = grid;  // every thread reads the same const grid and layer
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      results[static_cast<std::size_t>(t)] =
          run_all(shared, queries, static_cast<std::size_t>(t) * 3);
    });
  }
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    ASSERT_EQ(results[static_cast<std::size_t>(t)].size(), sequential.size());
    for (std::size_t i = 0; i < sequential.size(); ++i) {
      EXPECT_TRUE(results[static_cast<std::size_t>(t)][i] == sequential[i])
          << "thread " << t << ", result " << i;
    }
  }
}

}  // namespace
}  // namespace pathing
