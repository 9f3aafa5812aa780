// Differential tests: every search of tests/support/searches.hpp against the reference Dijkstra
// on random grids (1x1 to 300x300, 0-60% walls, random tag costs), with the checks of
// tests/support/search_checks.hpp (valid paths, optimal costs, statuses, limits).
//
// Seeded and reproducible: trial i uses seed kBaseSeed + i, printed on failure. To explore
// more, set PATHING_DIFFERENTIAL_SEED (first seed) and PATHING_DIFFERENTIAL_TRIALS.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "pathing/detail/nodes/generation_map.hpp"
#include "support/reference.hpp"
#include "support/search_checks.hpp"
#include "support/searches.hpp"

namespace pathing::test {
namespace {

constexpr std::uint64_t kBaseSeed = 20240601;

std::uint64_t env_or(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::strtoull(v, nullptr, 10) : fallback;
}

/// Uniform integer in [lo, hi].
int uniform(std::mt19937_64& rng, int lo, int hi) {
  return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
}

/// A random map for trial `seed`: mostly small maps (many queries, every corner case), some
/// medium and a few up to 300 x 300.
struct Trial {
  Grid grid{1, 1};
  GridLayer layer;
};

Trial make_trial(std::mt19937_64& rng) {
  const int cls = uniform(rng, 0, 99);
  const int max_side = cls < 70 ? 16 : (cls < 95 ? 80 : 300);
  const int w = uniform(rng, 1, max_side);
  const int h = uniform(rng, 1, max_side);
  const double density = static_cast<double>(uniform(rng, 0, 60)) / 100.0;
  const int tags = uniform(rng, 1, 4);
  Trial t;
  t.grid = random_grid(rng, w, h, density, tags);
  // Tag 0 always passable (cost 1..3), others 0..9; blocked cells usually impassable. One map in
  // three gets a uniform-cost layer (every passable cell costs 1: the JPS searches run too).
  t.layer =
      GridLayer{uniform(rng, 1, 3), uniform(rng, 0, 9), uniform(rng, 0, 9), uniform(rng, 0, 9)}
          .with_blocked_cost(static_cast<std::uint8_t>(uniform(rng, 0, 9) == 0 ? 4 : 0));
  if (uniform(rng, 0, 2) == 0) {
    t.layer =
        GridLayer{1, uniform(rng, 0, 1), uniform(rng, 0, 1), uniform(rng, 0, 1)}.with_blocked_cost(
            static_cast<std::uint8_t>(uniform(rng, 0, 9) == 0 ? 1 : 0));
  }
  return t;
}

GridCoord random_cell(std::mt19937_64& rng, const Grid& g) {
  return {uniform(rng, 0, g.cols() - 1), uniform(rng, 0, g.rows() - 1)};
}

SearchLimits random_limits(std::mt19937_64& rng) {
  SearchLimits limits;
  const int k = uniform(rng, 0, 7);
  if (k == 0) limits.max_expansions = static_cast<std::uint64_t>(uniform(rng, 0, 200));
  if (k == 1) limits.max_cost = uniform(rng, 0, 400) / 4.0;
  return limits;
}

TEST(Differential, UnboundedSearchesAgreeWithTheReferenceDijkstra) {
  const std::uint64_t first = env_or("PATHING_DIFFERENTIAL_SEED", kBaseSeed);
  const std::uint64_t trials = env_or("PATHING_DIFFERENTIAL_TRIALS", 260);
  std::vector<UnboundedSearch> searches = unbounded_searches();
  std::vector<GridCoord> out;
  std::uint64_t found = 0;
  std::uint64_t queries = 0;
  for (std::uint64_t seed = first; seed < first + trials; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed) + " (rerun: PATHING_DIFFERENTIAL_SEED=" +
                 std::to_string(seed) + " PATHING_DIFFERENTIAL_TRIALS=1)");
    std::mt19937_64 rng(seed);
    const Trial t = make_trial(rng);
    const GridCoord from = random_cell(rng, t.grid);
    // A wrap-around of the generation counters somewhere in the next queries, now and then.
    if (seed % 16 == 0) {
      for (UnboundedSearch& s : searches)
        if (s.force_generation)
          s.force_generation(detail::GenerationMap::kLastGeneration -
                             2 * static_cast<std::uint32_t>(uniform(rng, 0, 6)));
    }
    const int per_map = t.grid.cell_count() > 10000 ? 3 : 8;
    for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      const ReferenceField ref = reference_field(t.grid, t.layer, from, conn);
      for (int q = 0; q < per_map; ++q) {
        const GridCoord to = random_cell(rng, t.grid);
        const SearchLimits limits = random_limits(rng);
        for (const UnboundedSearch& s : searches) {
          if (!s.takes(t.layer, conn)) continue;
          SCOPED_TRACE(s.name + (conn == Connectivity::four ? " 4" : " 8") + "-connected " +
                       to_text(from) + " -> " + to_text(to) + " on " +
                       std::to_string(t.grid.cols()) + " x " + std::to_string(t.grid.rows()));
          PathResult r;
          ASSERT_EQ(check_unbounded(s, t.grid, from, to, t.layer, conn, limits, &ref, out, &r), "");
          found += r.found() ? 1 : 0;
          ++queries;
        }
      }
    }
  }
  // The trials exercise both outcomes.
  EXPECT_GT(found, queries / 4);
  EXPECT_LT(found, queries);
}

TEST(Differential, BoundedSearchesAgreeWithTheReferenceDijkstra) {
  const std::uint64_t first = env_or("PATHING_DIFFERENTIAL_SEED", kBaseSeed);
  const std::uint64_t trials = env_or("PATHING_DIFFERENTIAL_TRIALS", 260);
  std::vector<BoundedSearch> searches = bounded_searches();
  std::uint64_t checked_optimal = 0;
  for (std::uint64_t seed = first; seed < first + trials; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed) + " (rerun: PATHING_DIFFERENTIAL_SEED=" +
                 std::to_string(seed) + " PATHING_DIFFERENTIAL_TRIALS=1)");
    std::mt19937_64 rng(seed ^ 0x5bd1e995u);
    const Trial t = make_trial(rng);
    const GridCoord from = random_cell(rng, t.grid);
    if (seed % 16 == 0) {
      for (BoundedSearch& s : searches)
        s.force_generation(detail::GenerationMap::kLastGeneration -
                           2 * static_cast<std::uint32_t>(uniform(rng, 0, 6)));
    }
    const ReferenceField ref = reference_field(t.grid, t.layer, from, Connectivity::four);
    for (int q = 0; q < 8; ++q) {
      // Goals near the start (most optima within 56 steps), some anywhere, some off the grid.
      GridCoord to = random_cell(rng, t.grid);
      if (q < 5) to = from + GridCoord{uniform(rng, -40, 40), uniform(rng, -40, 40)};
      if (!t.grid.in_bounds(to) && q < 4) to = random_cell(rng, t.grid);
      for (const BoundedSearch& s : searches) {
        SCOPED_TRACE(s.name + " bounded " + to_text(from) + " -> " + to_text(to) + " on " +
                     std::to_string(t.grid.cols()) + " x " + std::to_string(t.grid.rows()));
        ASSERT_EQ(check_bounded(s, t.grid, from, to, t.layer, &ref), "");
        if (s.bound == kOptimal && t.grid.in_bounds(to) && ref.reachable(to) &&
            ref.steps_at(to) <= GridPath::kMaxSteps)
          ++checked_optimal;
      }
    }
  }
  EXPECT_GT(checked_optimal, 500u);
}

// The start cell's own cost is ignored, wherever the start is; the queries from an impassable
// start still agree with the reference (which ignores it too).
TEST(Differential, ImpassableStartCellsAgreeWithTheReference) {
  std::vector<UnboundedSearch> searches = unbounded_searches();
  std::vector<BoundedSearch> bsearches = bounded_searches();
  std::vector<GridCoord> out;
  for (std::uint64_t seed = kBaseSeed; seed < kBaseSeed + 200; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed ^ 0xabcdefu);
    Trial t = make_trial(rng);
    const GridCoord from = random_cell(rng, t.grid);
    t.grid.set_blocked(from, true);
    const GridLayer layer = t.layer.with_blocked_cost(0);
    for (Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      const ReferenceField ref = reference_field(t.grid, layer, from, conn);
      const GridCoord to = random_cell(rng, t.grid);
      for (const UnboundedSearch& s : searches) {
        if (!s.takes(layer, conn)) continue;
        ASSERT_EQ(check_unbounded(s, t.grid, from, to, layer, conn, {}, &ref, out), "");
      }
      if (conn == Connectivity::four) {
        for (const BoundedSearch& s : bsearches) {
          ASSERT_EQ(check_bounded(s, t.grid, from, to, layer, &ref), "");
        }
      }
    }
  }
}

}  // namespace
}  // namespace pathing::test
