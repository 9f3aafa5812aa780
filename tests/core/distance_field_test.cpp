#include "pathing/field/dijkstra.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/detail/queue/radix_heap.hpp"
#include "pathing/field/flow_field.hpp"
#include "pathing/search/astar.hpp"
#include "support/alloc_counter.hpp"
#include "support/field_reference.hpp"
#include "support/reference.hpp"

namespace pathing {
namespace {
// This file's names (S, D, opts, ...) in a namespace of their own: in a unity batch
// (tests/CMakeLists.txt) other test files define the same names.
namespace distance_field_test {

using test::costs_of;
using test::random_grid;
using test::random_layer;
using test::reference_field;

constexpr std::uint64_t S = cost::kStraight;
constexpr std::uint64_t D = cost::kDiagonal;

// A limit given in fixed point, as FieldOptions takes it: cost units (exact: fixed / 2^24 is a
// double, read back by cost::from_units unchanged).
double units(std::uint64_t fixed) {
  return fixed == cost::kInfinite ? std::numeric_limits<double>::infinity()
                                  : cost::to_double(fixed);
}

FieldOptions opts(Connectivity c, FieldDirection d = FieldDirection::to_sources,
                  std::uint64_t max_cost = cost::kInfinite) {
  FieldOptions o;
  o.connectivity = c;
  o.direction = d;
  o.max_cost = units(max_cost);
  return o;
}

std::size_t count_reached(const DistanceField& f) {
  return static_cast<std::size_t>(
      std::count_if(f.costs_fixed().begin(), f.costs_fixed().end(),
                    [](auto c) { return c != DistanceField::kUnreached; }));
}

TEST(DistanceField, OpenGridFourConnectedIsManhattan) {
  const Grid grid(7, 5);
  Dijkstra dijkstra;
  DistanceField field;
  const FieldStats st =
      dijkstra.compute(grid, GridLayer{}, {3, 2}, field, opts(Connectivity::four));
  ASSERT_EQ(field.cols(), 7);
  ASSERT_EQ(field.rows(), 5);
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 7; ++x)
      EXPECT_EQ(field.cost_fixed({x, y}),
                static_cast<std::uint64_t>(std::abs(x - 3) + std::abs(y - 2)) * S)
          << x << "," << y;
  EXPECT_EQ(st.sources, 1u);
  EXPECT_EQ(st.settled, 35u);
  EXPECT_GE(st.generated, 35u);
  EXPECT_EQ(field.bias_fixed(), 0u);
  EXPECT_EQ(field.value_fixed({0, 0}), static_cast<std::int64_t>(5 * S));
  EXPECT_DOUBLE_EQ(field.cost({0, 0}), 5.0);
}

TEST(DistanceField, OpenGridEightConnectedIsOctile) {
  const Grid grid(9, 6);
  Dijkstra dijkstra;
  DistanceField field;
  dijkstra.compute(grid, GridLayer{}, {2, 4}, field, opts(Connectivity::eight));
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 9; ++x)
      EXPECT_EQ(field.cost_fixed({x, y}), octile_distance_fixed({x, y}, {2, 4})) << x << "," << y;
}

// 3x3, wall at (1,0), source (0,0): corner cutting is forbidden; the wall can be left, not entered.
TEST(DistanceField, CornerRuleAndBlockedCellsExact) {
  Grid grid(3, 3);
  grid.set_blocked({1, 0}, true);
  Dijkstra dijkstra;
  DistanceField from;
  dijkstra.compute(grid, GridLayer{}, {0, 0}, from,
                   opts(Connectivity::eight, FieldDirection::from_sources));
  const std::vector<std::uint64_t> expect_from = {
      0,         DistanceField::kUnreached,
      4 * S,  //
      S,         2 * S,
      3 * S,  //
      2 * S,     S + D,
      2 * S + D,  //
  };
  EXPECT_EQ(costs_of(from), expect_from);
  DistanceField to;
  dijkstra.compute(grid, GridLayer{}, {0, 0}, to, opts(Connectivity::eight));
  std::vector<std::uint64_t> expect_to = expect_from;
  expect_to[1] = S;  // a unit standing on the wall may step off it to the source
  EXPECT_EQ(costs_of(to), expect_to);
}

TEST(DistanceField, RandomMapsMatchTextbookDijkstra) {
  const GridLayer layer = random_layer();
  Dijkstra dijkstra;
  DistanceField field;  // reused across every size and option: exercises the partial reset
  for (unsigned seed = 1; seed <= 6; ++seed) {
    const int cols = 20 + static_cast<int>(seed) * 7;
    const int rows = 15 + static_cast<int>(seed) * 3;
    const Grid grid = random_grid(cols, rows, seed, 25, seed % 2 == 0);
    std::mt19937 rng(seed * 77);
    for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      for (const FieldDirection dir : {FieldDirection::to_sources, FieldDirection::from_sources}) {
        std::vector<FieldSource> sources;
        const int n_sources = 1 + static_cast<int>(rng() % 4);
        for (int k = 0; k < n_sources; ++k) {
          sources.push_back({{static_cast<int>(rng() % static_cast<unsigned>(cols)),
                              static_cast<int>(rng() % static_cast<unsigned>(rows))},
                             units((rng() % 3) * (rng() % 5) * S + (rng() % 2) * 12345)});
        }
        const FieldStats st = dijkstra.compute(grid, layer, sources, field, opts(conn, dir));
        const auto expected = reference_field(grid, layer, sources, conn, dir);
        ASSERT_EQ(costs_of(field), expected)
            << "seed " << seed << " conn " << static_cast<int>(conn) << " dir "
            << static_cast<int>(dir);
        EXPECT_EQ(st.settled, count_reached(field));
        EXPECT_GE(st.generated, st.settled);
      }
    }
  }
}

// The unpacked grid is reused between computations only while the grid's contents and the layer
// are unchanged: each step below changes one of them (or the cost limit, which unpacks a box) and
// the field must follow.
TEST(DistanceField, ReusedUnpackFollowsGridLayerAndLimitChanges) {
  const GridLayer layer = random_layer();
  Dijkstra dijkstra;
  DistanceField field;
  Grid grid = random_grid(41, 29, 3, 20, true);
  const std::vector<FieldSource> sources = {{{20, 14}, 0}};
  auto check = [&](const Grid& g, const GridLayer& l, std::uint64_t max_cost, const char* step) {
    for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      const FieldOptions o = opts(conn, FieldDirection::to_sources, max_cost);
      dijkstra.compute(g, l, sources, field, o);
      auto expected = reference_field(g, l, sources, conn, FieldDirection::to_sources);
      for (auto& c : expected) c = c > max_cost ? DistanceField::kUnreached : c;
      ASSERT_EQ(costs_of(field), expected) << step << " conn " << static_cast<int>(conn);
    }
  };
  check(grid, layer, cost::kInfinite, "first");
  check(grid, layer, cost::kInfinite, "same grid again (unpack reused)");
  grid.set_blocked({21, 14}, true);  // version bump: a wall next to the source
  grid.set_blocked({20, 15}, true);
  check(grid, layer, cost::kInfinite, "cells changed");
  check(grid, layer, 6 * S, "cost limit (a box around the source)");
  grid.set_blocked({21, 14}, false);
  check(grid, layer, 6 * S, "cell changed under a cost limit");
  check(grid, layer, cost::kInfinite, "whole grid after a box");
  check(grid, GridLayer({1, 1, 1, 1}), cost::kInfinite, "other layer");
  const Grid other = random_grid(41, 29, 4, 35, true);  // same size, other contents
  check(other, layer, cost::kInfinite, "other grid of the same size");
  Grid copy = other;  // equal contents, another object
  copy.set_blocked({20, 14}, false);
  check(copy, layer, cost::kInfinite, "copy");
}

// Canonical ordering (8-connected, uniform costs) gives exactly the textbook costs: forced on for
// every map (obstacle-rich ones included) and in its automatic mode, with one or many sources,
// initial costs on and off the step grid, both directions, cost limits, blocked cells passable
// or not, and a step cost other than 1.
TEST(DistanceField, CanonicalOrderingMatchesTextbookDijkstra) {
  using Ordering = Dijkstra::CanonicalOrdering;
  Dijkstra dijkstra;
  DistanceField field;
  std::mt19937 rng(2026);
  constexpr std::array<int, 7> kDensity = {0, 2, 5, 10, 20, 35, 50};
  constexpr std::array<std::uint8_t, 4> kCost = {1, 1, 3, 255};
  for (unsigned trial = 0; trial < 420; ++trial) {
    const int cols = 1 + static_cast<int>(rng() % 48);
    const int rows = 1 + static_cast<int>(rng() % 40);
    Grid grid = random_grid(cols, rows, trial, kDensity[trial % 7], false);
    if (trial % 3 == 0) {  // long walls with gaps, the kind of map canonical ordering is for
      for (int w = 0; w < 3; ++w) {
        const bool horizontal = (rng() & 1) != 0;
        const int at = static_cast<int>(rng() % static_cast<unsigned>(horizontal ? rows : cols));
        const int gap = static_cast<int>(rng() % static_cast<unsigned>(horizontal ? cols : rows));
        for (int k = 0; k < (horizontal ? cols : rows); ++k) {
          if (k != gap) grid.set_blocked(horizontal ? GridCoord{k, at} : GridCoord{at, k}, true);
        }
      }
    }
    const std::uint8_t c = kCost[trial % 4];
    const GridLayer layer = GridLayer::uniform(c, trial % 5 == 0 ? c : 0);
    const std::uint64_t step = std::uint64_t{c} * S;
    std::vector<FieldSource> sources;
    const int n_sources = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < n_sources; ++k) {
      const std::uint64_t initial =
          (rng() & 1) != 0 ? (rng() % 4) * step : rng() % (3 * step);  // on / off the step grid
      sources.push_back({{static_cast<int>(rng() % static_cast<unsigned>(cols)),
                          static_cast<int>(rng() % static_cast<unsigned>(rows))},
                         units(initial)});
    }
    const FieldDirection dir =
        trial % 2 == 0 ? FieldDirection::to_sources : FieldDirection::from_sources;
    const std::uint64_t limit = trial % 4 == 1 ? (rng() % 24) * step / 2 : cost::kInfinite;
    auto expected = reference_field(grid, layer, sources, Connectivity::eight, dir);
    for (auto& e : expected) e = e > limit ? DistanceField::kUnreached : e;
    for (const Ordering ordering : {Ordering::always, Ordering::automatic}) {
      dijkstra.set_canonical_ordering(ordering);
      const FieldStats st =
          dijkstra.compute(grid, layer, sources, field, opts(Connectivity::eight, dir, limit));
      ASSERT_EQ(costs_of(field), expected)
          << "trial " << trial << " (" << cols << " x " << rows << ", walls " << kDensity[trial % 7]
          << "%, cost " << int{c} << ", dir " << static_cast<int>(dir) << ", ordering "
          << static_cast<int>(ordering) << ")";
      EXPECT_EQ(st.settled, count_reached(field)) << "trial " << trial;
    }
  }
}

// The automatic policy takes canonical ordering on an open map and not among scattered
// obstacles, never with 4-connected moves or uneven costs; the costs are the same either way.
TEST(DistanceField, CanonicalOrderingIsChosenOnOpenMapsOnly) {
  using Ordering = Dijkstra::CanonicalOrdering;
  auto canonical = [&](const Grid& grid, const GridLayer& layer, Ordering ordering,
                       Connectivity conn = Connectivity::eight) {
    Dijkstra dijkstra;
    DistanceField field;
    dijkstra.set_canonical_ordering(ordering);
    const bool used = dijkstra.compute(grid, layer, GridCoord{3, 4}, field, opts(conn)).canonical;
    EXPECT_EQ(costs_of(field),
              reference_field(grid, layer, {{{3, 4}, 0}}, conn, FieldDirection::to_sources));
    return used;
  };
  const GridLayer walk = GridLayer::uniform(1);
  const Grid open(60, 50);
  EXPECT_TRUE(canonical(open, walk, Ordering::automatic));
  EXPECT_TRUE(canonical(open, walk, Ordering::always));
  EXPECT_FALSE(canonical(open, walk, Ordering::never));
  EXPECT_FALSE(canonical(open, walk, Ordering::automatic, Connectivity::four));
  EXPECT_FALSE(canonical(open, random_layer(), Ordering::always));  // uneven costs
  const Grid cluttered = random_grid(60, 50, 9, 30, false);         // most cells touch a wall
  EXPECT_FALSE(canonical(cluttered, walk, Ordering::automatic));
  EXPECT_TRUE(canonical(cluttered, walk, Ordering::always));
}

TEST(DistanceField, SingleSourceEqualsAStarCostToEveryCell) {
  const GridLayer layer = random_layer();
  Dijkstra dijkstra;
  DistanceField field;
  AStar astar;
  std::vector<GridCoord> path;
  for (unsigned seed = 11; seed <= 13; ++seed) {
    const Grid grid = random_grid(18, 13, seed, 22, true);
    const GridCoord source{static_cast<int>(seed % 18), static_cast<int>((seed * 5) % 13)};
    for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      for (const FieldDirection dir : {FieldDirection::to_sources, FieldDirection::from_sources}) {
        dijkstra.compute(grid, layer, source, field, opts(conn, dir));
        std::size_t found = 0;
        for (int y = 0; y < grid.rows(); ++y) {
          for (int x = 0; x < grid.cols(); ++x) {
            const GridCoord c{x, y};
            const PathResult r = dir == FieldDirection::to_sources
                                     ? astar.find_path(grid, layer, c, source, path, {conn})
                                     : astar.find_path(grid, layer, source, c, path, {conn});
            if (r.found()) {
              ++found;
              EXPECT_EQ(field.cost_fixed(c), test::path_cost_fixed(grid, layer, path))
                  << "seed " << seed << " cell " << x << "," << y;
            } else {
              EXPECT_EQ(field.cost_fixed(c), DistanceField::kUnreached) << x << "," << y;
            }
          }
        }
        EXPECT_EQ(found, count_reached(field));
        EXPECT_GT(found, 20u);  // the maps are not trivially walled in
      }
    }
  }
}

TEST(DistanceField, MultiSourceIsMinimumOfSingleSources) {
  const GridLayer layer = random_layer();
  const Grid grid = random_grid(31, 23, 5, 20, true);
  Dijkstra dijkstra;
  const std::vector<FieldSource> sources = {
      {{2, 3}, 0}, {{28, 20}, 7.0}, {{15, 11}, units(3 * S + 99)}, {{2, 3}, 5.0}, {{29, 1}, 0}};
  for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
    for (const FieldDirection dir : {FieldDirection::to_sources, FieldDirection::from_sources}) {
      DistanceField all;
      const FieldStats st = dijkstra.compute(grid, layer, sources, all, opts(conn, dir));
      EXPECT_EQ(st.sources, 4u);  // the second (2,3) does not lower its cost
      std::vector<std::uint64_t> expected(grid.cell_count(), cost::kInfinite);
      DistanceField one;
      for (const FieldSource& s : sources) {
        dijkstra.compute(grid, layer, std::span<const FieldSource>(&s, 1), one, opts(conn, dir));
        for (std::size_t i = 0; i < expected.size(); ++i) {
          const std::uint64_t c = one.costs_fixed()[i];
          expected[i] = std::min(expected[i], c);
        }
      }
      EXPECT_EQ(costs_of(all), expected);
    }
  }
}

TEST(DistanceField, CostLimitCutsExactly) {
  const GridLayer layer = random_layer();
  const Grid grid = random_grid(40, 30, 9, 20, true);
  Dijkstra dijkstra;
  DistanceField full;
  DistanceField cut;
  for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
    for (const FieldDirection dir : {FieldDirection::to_sources, FieldDirection::from_sources}) {
      dijkstra.compute(grid, layer, {20, 15}, full, opts(conn, dir));
      std::vector<std::uint64_t> values;
      for (const auto c : full.costs_fixed())
        if (c != DistanceField::kUnreached) values.push_back(c);
      std::sort(values.begin(), values.end());
      ASSERT_GT(values.size(), 100u);
      const std::vector<std::uint64_t> limits = {0,
                                                 values[values.size() / 5],
                                                 values[values.size() / 5] - 1,
                                                 values[values.size() / 2] + 1,
                                                 cost::from_units(6.5),
                                                 values.back(),
                                                 values.back() - 1};
      for (const std::uint64_t limit : limits) {
        const FieldStats st = dijkstra.compute(grid, layer, {20, 15}, cut, opts(conn, dir, limit));
        std::size_t reached = 0;
        for (std::size_t i = 0; i < grid.cell_count(); ++i) {
          const std::uint64_t want =
              full.costs_fixed()[i] <= limit ? full.costs_fixed()[i] : cost::kInfinite;
          ASSERT_EQ(cut.costs_fixed()[i], want) << "limit " << limit << " cell " << i;
          reached += want != cost::kInfinite;
        }
        EXPECT_EQ(st.settled, reached);
        EXPECT_EQ(cut.max_cost_fixed(), limit);
        EXPECT_EQ(cut.max_cost(), units(limit));
      }
    }
  }
  // Limits that reach exactly the last cell of a straight line of cheapest cells (the unpacked
  // box must include it), with cheapest costs 1 and 2.
  const Grid open(31, 31);
  for (const GridLayer& l : {GridLayer::uniform(1), GridLayer::uniform(2)}) {
    for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      for (const FieldDirection dir : {FieldDirection::to_sources, FieldDirection::from_sources}) {
        const std::uint64_t limit = 7 * l.tag_cost(0) * S;
        dijkstra.compute(open, l, {15, 15}, cut, opts(conn, dir, limit));
        EXPECT_EQ(cut.cost_fixed({22, 15}), limit);
        EXPECT_EQ(cut.cost_fixed({15, 8}), limit);
        EXPECT_FALSE(cut.reached({23, 15}));
        EXPECT_EQ(costs_of(cut), reference_field(open, l, {{{15, 15}, 0}}, conn, dir, limit));
      }
    }
  }
  // A source whose initial cost is above the limit is not even seeded.
  const FieldSource far{{3, 3}, 10.0};
  const FieldStats st =
      dijkstra.compute(grid, layer, std::span<const FieldSource>(&far, 1), cut,
                       opts(Connectivity::eight, FieldDirection::to_sources, 9 * S));
  EXPECT_EQ(st.sources, 0u);
  EXPECT_EQ(st.settled, 0u);
  EXPECT_EQ(count_reached(cut), 0u);
}

TEST(DistanceField, RecomputingAfterALimitedFieldClearsEverything) {
  const GridLayer layer = random_layer();
  const Grid grid = random_grid(50, 40, 21, 15, true);
  const Grid small = random_grid(12, 9, 22, 15, true);
  Dijkstra dijkstra;
  DistanceField reused;
  DistanceField fresh;
  const auto o = opts(Connectivity::eight, FieldDirection::to_sources, 6 * S);
  dijkstra.compute(grid, layer, {5, 5}, reused, o);
  dijkstra.compute(grid, layer, {40, 30}, reused, o);
  Dijkstra other;
  other.compute(grid, layer, {40, 30}, fresh, o);
  EXPECT_EQ(costs_of(reused), costs_of(fresh));
  EXPECT_EQ(reused.cost_fixed({5, 5}), DistanceField::kUnreached);
  dijkstra.compute(small, layer, {1, 1}, reused, o);
  other.compute(small, layer, {1, 1}, fresh, o);
  EXPECT_EQ(costs_of(reused), costs_of(fresh));
  dijkstra.compute(grid, layer, {25, 20}, reused, opts(Connectivity::four));
  other.compute(grid, layer, {25, 20}, fresh, opts(Connectivity::four));
  EXPECT_EQ(costs_of(reused), costs_of(fresh));
}

TEST(DistanceField, ImpassableSourceSpreadsOnlyAwayFromItself) {
  Grid grid(5, 1);
  grid.set_blocked({2, 0}, true);
  Dijkstra dijkstra;
  DistanceField f;
  // Away from a blocked source: a unit may leave its own blocked cell.
  dijkstra.compute(grid, GridLayer{}, {2, 0}, f,
                   opts(Connectivity::four, FieldDirection::from_sources));
  EXPECT_EQ(costs_of(f), (std::vector<std::uint64_t>{2 * S, S, 0, S, 2 * S}));
  // Toward it: nobody can enter it, so only the source itself is reached.
  dijkstra.compute(grid, GridLayer{}, {2, 0}, f,
                   opts(Connectivity::four, FieldDirection::to_sources));
  const auto U = DistanceField::kUnreached;
  EXPECT_EQ(costs_of(f), (std::vector<std::uint64_t>{U, U, 0, U, U}));
}

TEST(DistanceField, NoSourcesLeavesEveryCellUnreached) {
  const Grid grid(4, 4);
  Dijkstra dijkstra;
  DistanceField f;
  const FieldStats st = dijkstra.compute(grid, GridLayer{}, std::span<const FieldSource>{}, f);
  EXPECT_EQ(st.settled, 0u);
  EXPECT_EQ(st.generated, 0u);
  EXPECT_EQ(count_reached(f), 0u);
  EXPECT_EQ(f.cols(), 4);
  EXPECT_FALSE(f.reached({0, 0}));
  EXPECT_EQ(f.cost_fixed({-1, 0}), DistanceField::kUnreached);
  EXPECT_EQ(f.value_fixed({9, 0}), std::numeric_limits<std::int64_t>::max());
  EXPECT_TRUE(std::isinf(f.cost({0, 0})));
}

TEST(DistanceField, BadSourcesThrowAndLeaveTheFieldUnchanged) {
  const Grid grid(8, 6);
  Dijkstra dijkstra;
  DistanceField f;
  dijkstra.compute(grid, GridLayer{}, {1, 1}, f);
  const auto before = costs_of(f);
  const std::uint64_t version = f.grid_version();
  const std::vector<FieldSource> bad = {{{0, 0}, 0}, {{8, 2}, 0}};
  const FieldStats off = dijkstra.compute(grid, GridLayer{}, bad, f);
  EXPECT_EQ(off.status, SearchStatus::invalid_endpoint);
  EXPECT_EQ(off.bad_source, 1u);
  EXPECT_FALSE(off.ok());
  const std::vector<FieldSource> costly = {
      {{0, 0}, 0}, {{1, 0}, 0}, {{0, 0}, DistanceField::kMaxInitialCost * 2}};
  const FieldStats dear = dijkstra.compute(grid, GridLayer{}, costly, f);
  EXPECT_EQ(dear.status, SearchStatus::invalid_argument);
  EXPECT_EQ(dear.bad_source, 2u);
  for (const double v : {-1.0, -0.0 - 1e-9, std::numeric_limits<double>::quiet_NaN(),
                         std::numeric_limits<double>::infinity()}) {
    const std::vector<FieldSource> odd = {{{0, 0}, 0}, {{1, 0}, v}};
    const FieldStats st = dijkstra.compute(grid, GridLayer{}, odd, f);
    EXPECT_EQ(st.status, SearchStatus::invalid_argument) << v;
    EXPECT_EQ(st.bad_source, 1u) << v;
  }
  EXPECT_EQ(dijkstra.compute(grid, GridLayer{}, GridCoord{-1, 0}, f).status,
            SearchStatus::invalid_endpoint);
  EXPECT_EQ(dijkstra.compute(grid, GridLayer{}, GridCoord{INT_MAX, INT_MIN}, f).status,
            SearchStatus::invalid_endpoint);
  EXPECT_EQ(costs_of(f), before);
  EXPECT_EQ(f.grid_version(), version);
  EXPECT_TRUE(f.is_current(grid, GridLayer{}));
  const std::vector<FieldSource> max_ok = {{{0, 0}, DistanceField::kMaxInitialCost}};
  dijkstra.compute(grid, GridLayer{}, max_ok, f);
  EXPECT_EQ(f.cost_fixed({7, 5}), (std::uint64_t{1} << 62) + 7 * S + 5 * (D - S));
}

TEST(DistanceField, AutoExploreBitmapPredicateAndSourcesAgree) {
  const GridLayer layer = random_layer();
  const Grid grid = random_grid(37, 21, 31, 20, true);  // 777 cells: the last word is partial
  std::vector<std::uint64_t> bits((grid.cell_count() + 63) / 64, 0);
  std::vector<FieldSource> unexplored;
  for (int y = 0; y < grid.rows(); ++y) {
    for (int x = 0; x < grid.cols(); ++x) {
      const bool explored = x < 25 && y > 2;  // everything but a strip on the right and the top
      const std::size_t i = static_cast<std::size_t>(y * grid.cols() + x);
      if (explored)
        bits[i / 64] |= std::uint64_t{1} << (i % 64);
      else
        unexplored.push_back({{x, y}, 0});
    }
  }
  Dijkstra dijkstra;
  for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
    DistanceField by_bits;
    DistanceField by_pred;
    DistanceField by_sources;
    const FieldStats a = dijkstra.compute_explore(grid, layer, bits, by_bits, opts(conn));
    const FieldStats b = dijkstra.compute_explore_if(
        grid, layer, [](GridCoord c) { return c.x < 25 && c.y > 2; }, by_pred, opts(conn));
    const FieldStats c = dijkstra.compute(grid, layer, unexplored, by_sources, opts(conn));
    EXPECT_EQ(costs_of(by_bits), costs_of(by_sources));
    EXPECT_EQ(costs_of(by_pred), costs_of(by_sources));
    EXPECT_EQ(a.sources, unexplored.size());
    EXPECT_EQ(b.sources, unexplored.size());
    EXPECT_EQ(a.settled, c.settled);
    EXPECT_EQ(costs_of(by_bits),
              reference_field(grid, layer, unexplored, conn, FieldDirection::to_sources));
  }
  // Everything explored: nothing to go to.
  std::vector<std::uint64_t> all(bits.size(), ~std::uint64_t{0});
  DistanceField f;
  EXPECT_EQ(dijkstra.compute_explore(grid, layer, all, f).settled, 0u);
  // A short bitmap is rejected.
  std::vector<std::uint64_t> short_bits(bits.size() - 1, 0);
  EXPECT_EQ(dijkstra.compute_explore(grid, layer, short_bits, f).status,
            SearchStatus::invalid_argument);
  EXPECT_EQ(f.cols(), 37);  // unchanged: the field of `all` (every cell unreached)
  EXPECT_EQ(f.cost_fixed({0, 0}), DistanceField::kUnreached);
}

TEST(DistanceField, FleeMapMatchesRelaxedScaledReference) {
  const GridLayer layer = random_layer();
  Dijkstra dijkstra;
  for (unsigned seed = 41; seed <= 43; ++seed) {
    Grid grid = random_grid(33, 19, seed, 18, seed != 42);
    grid.set_cell({16, 9}, 0);  // the player stands on open ground
    for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      DistanceField toward;
      dijkstra.compute(grid, layer, {16, 9}, toward, opts(conn));
      for (const double factor : {-1.2, -2.0, 0.5}) {
        DistanceField flee;
        const FieldStats st = dijkstra.compute_flee(grid, layer, toward, flee, factor);
        // Reference: every reached cell a source at llround(factor * value) + bias.
        std::int64_t lowest = 0;
        std::vector<std::int64_t> scaled(grid.cell_count(), 0);
        for (std::size_t i = 0; i < grid.cell_count(); ++i) {
          if (toward.costs_fixed()[i] == cost::kInfinite) continue;
          scaled[i] = std::llround(factor * static_cast<double>(toward.costs_fixed()[i]));
          lowest = std::min(lowest, scaled[i]);
        }
        const auto bias = static_cast<std::uint64_t>(-lowest);
        std::vector<FieldSource> sources;
        for (std::size_t i = 0; i < grid.cell_count(); ++i) {
          if (toward.costs_fixed()[i] == cost::kInfinite) continue;
          sources.push_back(
              {{static_cast<int>(i % 33), static_cast<int>(i / 33)},
               units(static_cast<std::uint64_t>(scaled[i] + static_cast<std::int64_t>(bias)))});
        }
        EXPECT_EQ(flee.bias_fixed(), bias);
        EXPECT_EQ(st.sources, sources.size());
        EXPECT_EQ(costs_of(flee),
                  reference_field(grid, layer, sources, conn, FieldDirection::to_sources));
        EXPECT_EQ(flee.connectivity(), conn);
        if (factor < 0) {
          EXPECT_LT(flee.value_fixed({16, 9}),
                    0);  // even the player's cell is "downhill" somewhere
        }
        // In place gives the same.
        DistanceField in_place = toward;
        dijkstra.compute_flee(grid, layer, in_place, in_place, factor);
        EXPECT_EQ(costs_of(in_place), costs_of(flee));
        EXPECT_EQ(in_place.bias_fixed(), flee.bias_fixed());
      }
    }
  }
}

// A 10-cell corridor with the player at x = 2: fleeing with -1.2 leads from x >= 2 to the far end
// but from x = 1 to the dead end at x = 0 (close, and farther from the player than x = 1).
TEST(DistanceField, FleeMapInACorridor) {
  const Grid grid(10, 1);
  Dijkstra dijkstra;
  DistanceField toward;
  DistanceField flee;
  dijkstra.compute(grid, GridLayer{}, {2, 0}, toward, opts(Connectivity::four));
  dijkstra.compute_flee(grid, GridLayer{}, toward, flee, -1.2);
  const auto u = [](double v) { return std::llround(v * static_cast<double>(S)); };
  EXPECT_EQ(flee.value_fixed({9, 0}), -u(8.4));
  EXPECT_EQ(flee.value_fixed({8, 0}), -u(8.4) + static_cast<std::int64_t>(S));
  EXPECT_EQ(flee.value_fixed({0, 0}), -u(2.4));
  EXPECT_EQ(flee.value_fixed({1, 0}), -u(2.4) + static_cast<std::int64_t>(S));
  EXPECT_EQ(flee.value_fixed({2, 0}), -u(8.4) + 7 * static_cast<std::int64_t>(S));
  FlowField flow;
  flow.build(grid, GridLayer{}, flee);
  EXPECT_EQ(flow.next_step({1, 0}), Direction8::left);
  EXPECT_EQ(flow.next_step({0, 0}), std::nullopt);
  for (int x = 2; x < 9; ++x) EXPECT_EQ(flow.next_step({x, 0}), Direction8::right) << x;
  EXPECT_EQ(flow.next_step({9, 0}), std::nullopt);
}

TEST(DistanceField, FleeRejectsBadInput) {
  const Grid grid(6, 6);
  const Grid other(5, 6);
  Dijkstra dijkstra;
  DistanceField toward;
  DistanceField out;
  dijkstra.compute(grid, GridLayer{}, {0, 0}, toward);
  dijkstra.compute(grid, GridLayer{}, {3, 3}, out);
  const auto before = costs_of(out);
  EXPECT_EQ(dijkstra.compute_flee(other, GridLayer{}, toward, out).status, SearchStatus::stale);
  EXPECT_EQ(dijkstra.compute_flee(grid, GridLayer{}, toward, out, std::nan("")).status,
            SearchStatus::invalid_argument);
  EXPECT_EQ(dijkstra.compute_flee(grid, GridLayer{}, toward, out, 1e300).status,
            SearchStatus::invalid_argument);
  EXPECT_EQ(dijkstra.compute_flee(grid, GridLayer{1, 1}, toward, out).status,
            SearchStatus::stale);  // another layer than toward's
  EXPECT_EQ(costs_of(out), before);
  DistanceField never;
  EXPECT_EQ(dijkstra.compute_flee(grid, GridLayer{}, never, out).status, SearchStatus::stale);
  EXPECT_EQ(costs_of(out), before);
}

class DistanceFieldWarm : public ::testing::TestWithParam<bool> {};

// Uneven costs (param false) and uniform costs on an open map, where 8-connected fields take
// canonical ordering (param true).
TEST_P(DistanceFieldWarm, ComputationsAllocateNothing) {
  const bool uniform = GetParam();
  const GridLayer layer = uniform ? GridLayer::uniform(1) : random_layer();
  const Grid grid = random_grid(96, 64, 51, uniform ? 2 : 20, !uniform);
  std::vector<std::uint64_t> bits((grid.cell_count() + 63) / 64, ~std::uint64_t{0});
  bits[10] = 0;
  bits[50] = 0x00FF00FF00FF00FFu;
  const std::vector<FieldSource> sources = {{{3, 3}, 0}, {{90, 60}, 2 * S}, {{50, 30}, 0}};
  Dijkstra dijkstra;
  DistanceField field;
  DistanceField flee;
  FlowField flow;
  auto all = [&] {
    std::uint64_t settled = 0;
    for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      for (const FieldDirection dir : {FieldDirection::to_sources, FieldDirection::from_sources}) {
        settled += dijkstra.compute(grid, layer, sources, field, opts(conn, dir)).settled;
        settled += dijkstra.compute(grid, layer, {40, 40}, field, opts(conn, dir, 9 * S)).settled;
      }
      settled += dijkstra.compute_explore(grid, layer, bits, field, opts(conn)).settled;
      settled += dijkstra.compute(grid, layer, sources, field, opts(conn)).settled;
      settled += dijkstra.compute_flee(grid, layer, field, flee).settled;
      flow.build(grid, layer, flee);
    }
    return settled;
  };
  const std::uint64_t cold = all();
  const test::AllocationScope scope;
  const std::uint64_t warm = all();
  EXPECT_EQ(scope.count(), 0u);
  EXPECT_EQ(warm, cold);
  EXPECT_GT(warm, 10000u);
  EXPECT_GT(dijkstra.memory_bytes(), 0u);
  EXPECT_EQ(field.memory_bytes(),
            grid.cell_count() * 8 + 3 * sizeof(FieldSource));  // + sources kept
  EXPECT_EQ(dijkstra.compute(grid, layer, sources, field, opts(Connectivity::eight)).canonical,
            uniform);
}

INSTANTIATE_TEST_SUITE_P(DistanceField, DistanceFieldWarm, ::testing::Bool());

TEST(Cost, FromUnits) {
  EXPECT_EQ(cost::from_units(8.0), 8 * S);
  EXPECT_EQ(cost::from_units(0.5), S / 2);
  EXPECT_EQ(cost::from_units(-3.0), 0u);
  EXPECT_EQ(cost::from_units(std::nan("")), 0u);
  EXPECT_EQ(cost::from_units(std::numeric_limits<double>::infinity()), cost::kInfinite);
  EXPECT_EQ(cost::from_units(1e30), cost::kInfinite);
}

}  // namespace distance_field_test
}  // namespace
}  // namespace pathing

namespace pathing {
namespace {
namespace distance_field_test {

// Dear layers move the bucket width (2^24 * largest power of two <= cheapest cost) and the bucket
// span (up to 255 * sqrt(2) buckets); limits near the corners clamp the unpacked box.
TEST(DistanceField, DearAndUnevenLayersMatchTextbookDijkstra) {
  const std::vector<GridLayer> layers = {GridLayer({200, 255, 130, 0}), GridLayer({2, 255, 3, 1}),
                                         GridLayer({255, 255, 255, 255}, 255),
                                         GridLayer({1, 255, 0, 0}, 9)};
  Dijkstra dijkstra;
  DistanceField field;
  unsigned seed = 300;
  for (const GridLayer& layer : layers) {
    const Grid grid = test::random_grid(29, 23, ++seed, 20, true);
    const std::vector<FieldSource> sources = {{{0, 0}, 0}, {{28, 22}, 3.0}, {{14, 3}, units(77)}};
    for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      for (const FieldDirection dir : {FieldDirection::to_sources, FieldDirection::from_sources}) {
        for (const std::uint64_t limit :
             {cost::kInfinite, 900 * cost::kStraight, 5 * cost::kStraight}) {
          FieldOptions o;
          o.connectivity = conn;
          o.direction = dir;
          o.max_cost = units(limit);
          dijkstra.compute(grid, layer, sources, field, o);
          ASSERT_EQ(test::costs_of(field),
                    test::reference_field(grid, layer, sources, conn, dir, limit))
              << "layer " << static_cast<int>(layer.tag_cost(0)) << " conn "
              << static_cast<int>(conn) << " dir " << static_cast<int>(dir) << " limit " << limit;
        }
      }
    }
  }
}

TEST(RadixHeap, PopsInKeyOrderUnderMonotonePushes) {
  detail::RadixHeap<std::uint32_t> heap;
  std::mt19937_64 rng(5);
  std::vector<std::uint64_t> popped;
  std::multiset<std::uint64_t> held;
  for (int round = 0; round < 2; ++round) {
    heap.clear();
    popped.clear();
    std::uint64_t last = 0;
    for (int i = 0; i < 3000; ++i) {
      if (rng() % 3 != 0 || heap.empty()) {
        const std::uint64_t k =
            last + (rng() % 4 == 0 ? rng() % (std::uint64_t{1} << 40) : rng() % 100);
        heap.push(k, static_cast<std::uint32_t>(i));
        held.insert(k);
      } else {
        EXPECT_EQ(heap.min_key(), *held.begin());
        const auto item = heap.pop();
        EXPECT_EQ(item.key, *held.begin());
        held.erase(held.begin());
        last = item.key;
        popped.push_back(item.key);
      }
    }
    while (!heap.empty()) {
      popped.push_back(heap.pop().key);
      held.erase(held.begin());
    }
    EXPECT_TRUE(std::is_sorted(popped.begin(), popped.end()));
    EXPECT_TRUE(held.empty());
  }
}

}  // namespace distance_field_test
}  // namespace
}  // namespace pathing
