#include "pathing/field/flow_field.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/field/dijkstra.hpp"
#include "support/alloc_counter.hpp"
#include "support/field_reference.hpp"

namespace pathing {
namespace {
// This file's names (S, D, opts, ...) in a namespace of their own: in a unity batch
// (tests/CMakeLists.txt) other test files define the same names.
namespace flow_field_test {

using test::random_grid;
using test::random_layer;

constexpr std::uint64_t S = cost::kStraight;
constexpr std::uint64_t D = cost::kDiagonal;

FieldOptions opts(Connectivity c, FieldDirection d = FieldDirection::to_sources) {
  FieldOptions o;
  o.connectivity = c;
  o.direction = d;
  return o;
}

// The fixed-point cost of one move from a to its neighbour b, entering b (0: not a legal move).
std::uint64_t move_cost(const Grid& grid, const GridLayer& layer, GridCoord a, GridCoord b) {
  const std::uint64_t c = layer.cost_at(grid, b);
  if (c == 0) return 0;
  const bool diagonal = a.x != b.x && a.y != b.y;
  if (diagonal && (layer.cost_at(grid, {b.x, a.y}) == 0 || layer.cost_at(grid, {a.x, b.y}) == 0))
    return 0;
  return c * (diagonal ? D : S);
}

TEST(FlowField, TiesGoToTheFirstDirectionInDirection8Order) {
  const Grid grid(3, 3);
  Dijkstra dijkstra;
  DistanceField field;
  FlowField flow;
  dijkstra.compute(grid, GridLayer{}, {0, 0}, field, opts(Connectivity::four));
  flow.build(grid, GridLayer{}, field);
  // (1,1) can go left or up at equal cost: left comes first.
  EXPECT_EQ(flow.next_step({1, 1}), Direction8::left);
  EXPECT_EQ(flow.next_step({2, 2}), Direction8::left);
  EXPECT_EQ(flow.next_step({0, 2}), Direction8::up);
  EXPECT_EQ(flow.next_step({2, 0}), Direction8::left);
  EXPECT_EQ(flow.next_step({0, 0}), std::nullopt);
  dijkstra.compute(grid, GridLayer{}, {0, 0}, field, opts(Connectivity::eight));
  flow.build(grid, GridLayer{}, field);
  EXPECT_EQ(flow.next_step({1, 1}), Direction8::up_left);
  EXPECT_EQ(flow.next_step({2, 2}), Direction8::up_left);
  // (2,1): left to (1,1) costs 1 + sqrt2, up_left to (1,0) sqrt2 + 1: equal, straight first.
  EXPECT_EQ(flow.next_step({2, 1}), Direction8::left);
  EXPECT_EQ(flow.next_cell({2, 1}), (GridCoord{1, 1}));
}

TEST(FlowField, NoStepAtSourcesUnreachedCellsAndOffTheGrid) {
  Grid grid(6, 3);
  for (int y = 0; y < 3; ++y) grid.set_blocked({3, y}, true);  // cuts the map in two
  Dijkstra dijkstra;
  DistanceField field;
  FlowField flow;
  EXPECT_EQ(flow.next_step({0, 0}), std::nullopt);  // never built
  const std::vector<FieldSource> sources = {{{0, 1}, 0}, {{2, 2}, 0}};
  dijkstra.compute(grid, GridLayer{}, sources, field, opts(Connectivity::eight));
  flow.build(grid, GridLayer{}, field);
  EXPECT_EQ(flow.cols(), 6);
  EXPECT_EQ(flow.rows(), 3);
  EXPECT_EQ(flow.next_step({0, 1}), std::nullopt);
  EXPECT_EQ(flow.next_step({2, 2}), std::nullopt);
  EXPECT_EQ(flow.next_step({5, 1}), std::nullopt);  // unreached, beyond the wall
  EXPECT_EQ(flow.next_step({-1, 1}), std::nullopt);
  EXPECT_EQ(flow.next_step({0, 3}), std::nullopt);
  EXPECT_EQ(flow.next_cell({4, 0}), (GridCoord{4, 0}));
  EXPECT_EQ(flow.raw({4, 0}), FlowField::kNone);
  // The wall cells next to the area may be left toward a source.
  EXPECT_EQ(flow.next_step({3, 2}), Direction8::left);
  EXPECT_EQ(flow.next_step({1, 0}), Direction8::down_left);
}

// Every reached cell: the step chosen is the first optimal neighbour in Direction8 order, and the
// walk ends at a source after exactly the cost the field promises.
TEST(FlowField, WalksReachASourceWithExactlyThePromisedCost) {
  const GridLayer layer = random_layer();
  Dijkstra dijkstra;
  DistanceField field;
  FlowField flow;
  for (unsigned seed = 61; seed <= 66; ++seed) {
    const Grid grid = random_grid(41, 29, seed, 22, seed % 3 != 0);
    std::mt19937 rng(seed);
    std::vector<FieldSource> sources;
    for (int k = 0; k < 3; ++k) {
      sources.push_back({{static_cast<int>(rng() % 41), static_cast<int>(rng() % 29)},
                         k == 0 ? 0.0 : static_cast<double>(rng() % 4)});
    }
    for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
      for (const FieldDirection dir : {FieldDirection::to_sources, FieldDirection::from_sources}) {
        dijkstra.compute(grid, layer, sources, field, opts(conn, dir));
        flow.build(grid, layer, field);
        std::size_t walks = 0;
        for (int y = 0; y < grid.rows(); ++y) {
          for (int x = 0; x < grid.cols(); ++x) {
            const GridCoord start{x, y};
            if (!field.reached(start)) {
              ASSERT_EQ(flow.next_step(start), std::nullopt);
              continue;
            }
            // The chosen step is the first optimal one (brute force over the 8 offsets).
            std::optional<Direction8> want;
            for (unsigned d = 0; d < (conn == Connectivity::four ? 4u : 8u) && !want; ++d) {
              const GridCoord n = start + step_offset(static_cast<Direction8>(d));
              if (!field.reached(n)) continue;
              const std::uint64_t m = dir == FieldDirection::to_sources
                                          ? move_cost(grid, layer, start, n)
                                          : move_cost(grid, layer, n, start);
              if (m != 0 && field.cost_fixed(n) + m == field.cost_fixed(start))
                want = static_cast<Direction8>(d);
            }
            ASSERT_EQ(flow.next_step(start), want) << x << "," << y;
            // Walk.
            GridCoord c = start;
            std::uint64_t walked = 0;
            int steps = 0;
            while (const auto d = flow.next_step(c)) {
              const GridCoord n = c + step_offset(*d);
              const std::uint64_t m = dir == FieldDirection::to_sources
                                          ? move_cost(grid, layer, c, n)
                                          : move_cost(grid, layer, n, c);
              ASSERT_NE(m, 0u) << "illegal move from " << c.x << "," << c.y;
              walked += m;
              c = n;
              ASSERT_LT(++steps, 41 * 29);
            }
            const bool at_source =
                std::any_of(sources.begin(), sources.end(), [&](const FieldSource& s) {
                  return s.cell == c &&
                         DistanceField::initial_cost_fixed(s.initial_cost) == field.cost_fixed(c);
                });
            ASSERT_TRUE(at_source)
                << "walk from " << x << "," << y << " ends at " << c.x << "," << c.y;
            ASSERT_EQ(walked + field.cost_fixed(c), field.cost_fixed(start)) << x << "," << y;
            ++walks;
          }
        }
        EXPECT_GT(walks, 300u);
      }
    }
  }
}

TEST(FlowField, AFieldOfAnotherGridIsStaleAndKeepsTheFlow) {
  const Grid grid(5, 5);
  const Grid other(5, 4);
  Dijkstra dijkstra;
  DistanceField field;
  FlowField flow;
  dijkstra.compute(grid, GridLayer{}, {4, 4}, field);
  flow.build(grid, GridLayer{}, field);
  EXPECT_EQ(flow.build(other, GridLayer{}, field), SearchStatus::stale);
  EXPECT_EQ(flow.rows(), 5);
  EXPECT_EQ(flow.next_step({0, 0}), Direction8::down_right);
}

TEST(FlowField, WarmBuildAllocatesNothingAndNextStepIsConstant) {
  const GridLayer layer = random_layer();
  const Grid grid = random_grid(128, 96, 71, 20, true);
  Dijkstra dijkstra;
  DistanceField field;
  FlowField flow;
  dijkstra.compute(grid, layer, {64, 48}, field);
  flow.build(grid, layer, field);
  const auto first = std::vector<std::uint8_t>(flow.directions().begin(), flow.directions().end());
  const test::AllocationScope scope;
  dijkstra.compute(grid, layer, {64, 48}, field);
  flow.build(grid, layer, field);
  EXPECT_EQ(scope.count(), 0u);
  EXPECT_TRUE(std::equal(first.begin(), first.end(), flow.directions().begin()));
  EXPECT_EQ(flow.memory_bytes(), grid.cell_count() + 130 * 98);  // directions + unpacked costs
}

}  // namespace flow_field_test
}  // namespace
}  // namespace pathing
