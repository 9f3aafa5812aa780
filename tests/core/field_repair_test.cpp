#include "pathing/field/field_repair.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "pathing/field/dijkstra.hpp"
#include "pathing/field/flow_field.hpp"
#include "support/alloc_counter.hpp"
#include "support/field_reference.hpp"

namespace pathing {
namespace {
// This file's names (S, opts, where, random_cell, ...) in a namespace of their own: in a unity
// batch (tests/CMakeLists.txt) other test files define the same names.
namespace field_repair_test {

using test::random_grid;
using test::random_layer;

constexpr std::uint64_t S = cost::kStraight;
constexpr double kNoCostLimit = std::numeric_limits<double>::infinity();

FieldOptions opts(Connectivity c, FieldDirection d, double max_cost) {
  FieldOptions o;
  o.connectivity = c;
  o.direction = d;
  o.max_cost = max_cost;
  return o;
}

std::string where(const char* what, unsigned seed, int batch) {
  return std::string(what) + " seed " + std::to_string(seed) + " batch " + std::to_string(batch);
}

// Field and flow equal, cell by cell, to a rebuild on the grid as it is now.
void expect_as_rebuilt(const Grid& grid, const GridLayer& layer,
                       std::span<const FieldSource> sources, const DistanceField& field,
                       const FlowField& flow, const FieldOptions& o, const std::string& ctx) {
  Dijkstra dijkstra;
  DistanceField fresh;
  ASSERT_TRUE(dijkstra.compute(grid, layer, sources, fresh, o).ok()) << ctx;
  ASSERT_TRUE(field.is_current(grid, layer)) << ctx;
  ASSERT_TRUE(flow.is_current(grid, layer)) << ctx;
  const auto got = field.costs_fixed();
  const auto want = fresh.costs_fixed();
  ASSERT_EQ(got.size(), want.size()) << ctx;
  for (std::size_t i = 0; i < got.size(); ++i) {
    ASSERT_EQ(got[i], want[i]) << ctx << " cell (" << i % static_cast<std::size_t>(grid.cols())
                               << ", " << i / static_cast<std::size_t>(grid.cols()) << ")";
  }
  FlowField fresh_flow;
  ASSERT_EQ(fresh_flow.build(grid, layer, fresh), SearchStatus::found) << ctx;
  const auto gd = flow.directions();
  const auto wd = fresh_flow.directions();
  ASSERT_EQ(gd.size(), wd.size()) << ctx;
  for (std::size_t i = 0; i < gd.size(); ++i) {
    ASSERT_EQ(int{gd[i]}, int{wd[i]})
        << ctx << " flow at (" << i % static_cast<std::size_t>(grid.cols()) << ", "
        << i / static_cast<std::size_t>(grid.cols()) << ")";
  }
}

GridCoord random_cell(std::mt19937& rng, const Grid& g) {
  return {static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
          static_cast<int>(rng() % static_cast<unsigned>(g.rows()))};
}

// One random edit: walls added or removed, costs raised or lowered (tags 0..3 cost 1, 3, 7,
// impassable under random_layer()).
void random_edit(std::mt19937& rng, Grid& g) {
  const GridCoord c = random_cell(rng, g);
  if (rng() % 2 == 0) {
    g.set_blocked(c, !g.is_blocked(c));
  } else {
    g.set_tile(c, static_cast<std::uint8_t>(rng() % 4));
  }
}

// Long random edit sequences, a batch of 1..6 edits (sometimes a 2 x 2 block, sometimes a source
// change) at a time; after every batch the repaired field and flow are compared with a rebuild.
void run_sequences(Connectivity conn, FieldDirection dir, bool weighted, bool limited,
                   unsigned seeds, int batches) {
  const GridLayer layer = random_layer();
  FieldRepair repair;
  repair.set_rebuild_fraction(kNoCostLimit);  // never give up: the repair itself is under test
  std::uint64_t updated = 0;
  std::uint64_t edited = 0;
  std::uint64_t changed = 0;
  for (unsigned seed = 1; seed <= seeds; ++seed) {
    std::mt19937 rng(seed * 7919u + static_cast<unsigned>(conn) * 13u +
                     static_cast<unsigned>(dir) * 5u + (weighted ? 3u : 0u) + (limited ? 1u : 0u));
    const int cols = 6 + static_cast<int>(rng() % 19);
    const int rows = 6 + static_cast<int>(rng() % 19);
    Grid grid = random_grid(cols, rows, seed, 25, weighted);
    std::vector<FieldSource> sources;
    const int n = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < n; ++k)
      sources.push_back({random_cell(rng, grid), static_cast<double>(rng() % 3)});
    const FieldOptions o =
        opts(conn, dir, limited ? static_cast<double>(3 + rng() % 10) : kNoCostLimit);
    Dijkstra dijkstra;
    DistanceField field;
    ASSERT_TRUE(dijkstra.compute(grid, layer, sources, field, o).ok());
    FlowField flow;
    ASSERT_EQ(flow.build(grid, layer, field), SearchStatus::found);
    for (int batch = 0; batch < batches; ++batch) {
      const unsigned kind = rng() % 8;
      bool sources_changed = false;
      if (kind == 0) {  // a 2 x 2 tower placed or taken away
        const GridCoord c = random_cell(rng, grid);
        const bool on = rng() % 3 != 0;
        for (int dy = 0; dy < 2; ++dy)
          for (int dx = 0; dx < 2; ++dx) grid.set_blocked({c.x + dx, c.y + dy}, on);
      } else if (kind == 1) {  // sources moved, added, removed or re-costed
        sources_changed = true;
        const unsigned what = rng() % 4;
        if (what == 0 && sources.size() > 1) {
          sources.erase(sources.begin() + static_cast<long>(rng() % sources.size()));
        } else if (what == 1) {
          sources.push_back({random_cell(rng, grid), static_cast<double>(rng() % 4)});
        } else if (what == 2) {
          sources[rng() % sources.size()].cell = random_cell(rng, grid);
        } else {
          sources[rng() % sources.size()].initial_cost = static_cast<double>(rng() % 5) * 0.5;
        }
        if (rng() % 2 == 0) random_edit(rng, grid);
      } else {
        const int edits = 1 + static_cast<int>(rng() % 6);
        for (int e = 0; e < edits; ++e) random_edit(rng, grid);
      }
      const FieldRepairStats st = sources_changed
                                      ? repair.repair(grid, layer, sources, field, &flow)
                                      : repair.repair(grid, layer, field, &flow);
      ASSERT_TRUE(st.ok()) << where("status", seed, batch);
      // (current: a source change that changes no source cost, and no edit)
      ASSERT_NE(st.sync, MapSync::rebuilt) << where("sync", seed, batch);
      ASSERT_FALSE(st.flow_rebuilt) << where("flow", seed, batch);
      ASSERT_EQ(st.changed, repair.changed_cells().size());
      ++updated;
      edited += st.sync == MapSync::updated ? 1 : 0;
      changed += st.changed;
      expect_as_rebuilt(grid, layer, sources, field, flow, o, where("repair", seed, batch));
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  EXPECT_EQ(updated, std::uint64_t{seeds} * static_cast<std::uint64_t>(batches));
  EXPECT_GT(edited, updated / 2);
  EXPECT_GT(changed, 0u);  // the sequences do change fields
}

TEST(FieldRepair, EightConnectedToSourcesMatchesRebuild) {
  run_sequences(Connectivity::eight, FieldDirection::to_sources, false, false, 150, 30);
}
TEST(FieldRepair, EightConnectedToSourcesWeightedMatchesRebuild) {
  run_sequences(Connectivity::eight, FieldDirection::to_sources, true, false, 150, 30);
}
TEST(FieldRepair, EightConnectedFromSourcesWeightedMatchesRebuild) {
  run_sequences(Connectivity::eight, FieldDirection::from_sources, true, false, 150, 30);
}
TEST(FieldRepair, FourConnectedToSourcesWeightedMatchesRebuild) {
  run_sequences(Connectivity::four, FieldDirection::to_sources, true, false, 150, 30);
}
TEST(FieldRepair, FourConnectedFromSourcesMatchesRebuild) {
  run_sequences(Connectivity::four, FieldDirection::from_sources, false, false, 150, 30);
}
TEST(FieldRepair, CostLimitMatchesRebuild) {
  run_sequences(Connectivity::eight, FieldDirection::to_sources, true, true, 100, 30);
  run_sequences(Connectivity::four, FieldDirection::from_sources, true, true, 100, 30);
}

// A 7 x 3 open map, the source at (0, 1), 4-connected: a wall at (3, 0) and (3, 1) leaves the
// gap (3, 2), which raises the six cells beyond the wall's two rows by exactly 2; closing the gap
// cuts the nine cells beyond column 3 off. The walls themselves keep their values (a unit may
// leave a wall cell toward the sources).
TEST(FieldRepair, WallRaisesAndCutsExactly) {
  Grid grid(7, 3);
  const GridLayer layer;
  Dijkstra dijkstra;
  DistanceField field;
  const FieldOptions o = opts(Connectivity::four, FieldDirection::to_sources, kNoCostLimit);
  ASSERT_TRUE(dijkstra.compute(grid, layer, GridCoord{0, 1}, field, o).ok());
  EXPECT_EQ(field.cost_fixed({6, 1}), 6 * S);
  grid.set_blocked({3, 0}, true);
  grid.set_blocked({3, 1}, true);
  FieldRepair repair;
  repair.set_rebuild_fraction(1);  // (a third of this tiny map changes)
  FieldRepairStats st = repair.repair(grid, layer, field);
  ASSERT_TRUE(st.ok());
  EXPECT_EQ(st.sync, MapSync::updated);
  EXPECT_EQ(st.edits, 2u);
  EXPECT_EQ(st.changed, 6u);
  EXPECT_EQ(field.cost_fixed({6, 1}), 8 * S);
  EXPECT_EQ(field.cost_fixed({4, 0}), 7 * S);
  EXPECT_EQ(field.cost_fixed({6, 0}), 9 * S);
  EXPECT_EQ(field.cost_fixed({6, 2}), 7 * S);
  EXPECT_EQ(field.cost_fixed({3, 1}), 3 * S);
  EXPECT_EQ(field.cost_fixed({3, 0}), 4 * S);
  std::vector<GridCoord> changed(repair.changed_cells().begin(), repair.changed_cells().end());
  std::sort(changed.begin(), changed.end(),
            [](GridCoord a, GridCoord b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
  const std::vector<GridCoord> want = {{4, 0}, {5, 0}, {6, 0}, {4, 1}, {5, 1}, {6, 1}};
  EXPECT_EQ(changed, want);
  grid.set_blocked({3, 2}, true);
  st = repair.repair(grid, layer, field);
  ASSERT_TRUE(st.ok());
  EXPECT_EQ(st.changed, 9u);
  EXPECT_FALSE(field.reached({6, 1}));
  EXPECT_FALSE(field.reached({4, 2}));
  EXPECT_EQ(field.cost_fixed({3, 2}), 4 * S);
  EXPECT_EQ(field.cost_fixed({2, 2}), 3 * S);
}

// Past rebuild_fraction() of the grid's cells a repair gives up, undoes its work and rebuilds;
// the result is the same. 0: every repair that invalidates a cell gives up.
TEST(FieldRepair, GivesUpPastTheRebuildFraction) {
  Grid grid(40, 20);
  const GridLayer layer;
  Dijkstra dijkstra;
  DistanceField field;
  const FieldOptions o = opts(Connectivity::eight, FieldDirection::to_sources, kNoCostLimit);
  const std::vector<FieldSource> sources = {{{2, 10}, 0}};
  ASSERT_TRUE(dijkstra.compute(grid, layer, sources, field, o).ok());
  FlowField flow;
  ASSERT_EQ(flow.build(grid, layer, field), SearchStatus::found);
  FieldRepair repair;
  EXPECT_EQ(repair.rebuild_fraction(), 0.125);
  // A wall across column 20 but for (20, 0): every cell beyond it (19 x 20 = 380 of 800) rises.
  for (int y = 1; y < 20; ++y) grid.set_blocked({20, y}, true);
  FieldRepairStats st = repair.repair(grid, layer, field, &flow);
  ASSERT_TRUE(st.ok());
  EXPECT_TRUE(st.gave_up);
  EXPECT_EQ(st.sync, MapSync::rebuilt);
  EXPECT_TRUE(st.flow_rebuilt);
  EXPECT_EQ(st.invalidated, 101u);  // gave up on the 101st (> 800 / 8)
  EXPECT_TRUE(repair.changed_cells().empty());
  expect_as_rebuilt(grid, layer, sources, field, flow, o, "gave up");
  // The same edit undone with no limit: repaired in place (380 cells fall back).
  repair.set_rebuild_fraction(std::numeric_limits<double>::infinity());
  const std::vector<std::uint64_t> walled(field.costs_fixed().begin(), field.costs_fixed().end());
  for (int y = 1; y < 20; ++y) grid.set_blocked({20, y}, false);
  st = repair.repair(grid, layer, field, &flow);
  ASSERT_TRUE(st.ok());
  EXPECT_FALSE(st.gave_up);
  EXPECT_EQ(st.sync, MapSync::updated);
  std::size_t differ = 0;
  for (std::size_t i = 0; i < walled.size(); ++i) differ += walled[i] != field.costs_fixed()[i];
  EXPECT_EQ(st.changed, differ);
  EXPECT_EQ(differ, 361u);  // of the 380 cells beyond the wall, 19 went through the gap anyway
  expect_as_rebuilt(grid, layer, sources, field, flow, o, "undone");
  // Fraction 0: the first invalidated cell gives up; NaN and negative values are ignored.
  repair.set_rebuild_fraction(0);
  repair.set_rebuild_fraction(-1);
  repair.set_rebuild_fraction(std::numeric_limits<double>::quiet_NaN());
  EXPECT_EQ(repair.rebuild_fraction(), 0.0);
  grid.set_blocked({30, 10}, true);
  st = repair.repair(grid, layer, field, &flow);
  EXPECT_TRUE(st.gave_up);
  EXPECT_EQ(st.invalidated, 1u);
  expect_as_rebuilt(grid, layer, sources, field, flow, o, "fraction 0");
}

TEST(FieldRepair, CurrentRebuiltAndUnsupported) {
  Grid grid = random_grid(20, 15, 3, 20, true);
  const GridLayer layer = random_layer();
  Dijkstra dijkstra;
  DistanceField field;
  const std::vector<FieldSource> sources = {{{2, 3}, 0}, {{15, 10}, 1.5}};
  const FieldOptions o = opts(Connectivity::eight, FieldDirection::to_sources, kNoCostLimit);
  ASSERT_TRUE(dijkstra.compute(grid, layer, sources, field, o).ok());
  FieldRepair repair;
  FlowField flow;  // never built: rebuilt by the repair
  FieldRepairStats st = repair.repair(grid, layer, field, &flow);
  ASSERT_TRUE(st.ok());
  EXPECT_EQ(st.sync, MapSync::current);
  EXPECT_TRUE(st.flow_rebuilt);
  expect_as_rebuilt(grid, layer, sources, field, flow, o, "current");

  // More edits than the log holds: rebuilt.
  for (int k = 0; k < static_cast<int>(Grid::kEditLogCapacity) + 1; ++k)
    grid.set_tile({k % 20, (k / 20) % 15}, static_cast<std::uint8_t>(k % 3));
  st = repair.repair(grid, layer, field, &flow);
  ASSERT_TRUE(st.ok());
  EXPECT_EQ(st.sync, MapSync::rebuilt);
  EXPECT_TRUE(repair.changed_cells().empty());
  expect_as_rebuilt(grid, layer, sources, field, flow, o, "log overflow");

  // Another layer, another grid: rebuilt with them.
  const GridLayer other({2, 1, 1, 1});
  st = repair.repair(grid, other, field, &flow);
  EXPECT_EQ(st.sync, MapSync::rebuilt);
  expect_as_rebuilt(grid, other, sources, field, flow, o, "other layer");
  const Grid copy = grid;
  st = repair.repair(copy, other, field, &flow);
  EXPECT_EQ(st.sync, MapSync::rebuilt);
  expect_as_rebuilt(copy, other, sources, field, flow, o, "other grid");

  // A bad source: nothing changes.
  const std::vector<std::uint64_t> before(field.costs_fixed().begin(), field.costs_fixed().end());
  const std::vector<FieldSource> bad = {{{2, 3}, 0}, {{20, 3}, 0}};
  st = repair.repair(copy, other, bad, field, &flow);
  EXPECT_EQ(st.status, SearchStatus::invalid_endpoint);
  EXPECT_EQ(st.bad_source, 1u);
  const std::vector<FieldSource> negative = {{{2, 3}, -1}};
  EXPECT_EQ(repair.repair(copy, other, negative, field).status, SearchStatus::invalid_argument);
  EXPECT_TRUE(std::equal(before.begin(), before.end(), field.costs_fixed().begin()));
  EXPECT_EQ(field.sources().size(), 2u);

  // Explore and flee fields keep no source list.
  DistanceField explore;
  std::vector<std::uint64_t> explored((20 * 15 + 63) / 64, ~std::uint64_t{0});
  explored[0] = 0;
  ASSERT_TRUE(dijkstra.compute_explore(copy, other, explored, explore).ok());
  EXPECT_FALSE(explore.has_source_list());
  EXPECT_EQ(repair.repair(copy, other, explore).status, SearchStatus::unsupported);
  DistanceField never;
  EXPECT_EQ(repair.repair(copy, other, never).status, SearchStatus::unsupported);
}

TEST(FieldRepair, FlowBuiltFromAnotherComputationIsRebuilt) {
  Grid grid = random_grid(16, 16, 9, 20, true);
  const GridLayer layer = random_layer();
  Dijkstra dijkstra;
  DistanceField a;
  DistanceField b;
  const std::vector<FieldSource> sa = {{{1, 1}, 0}};
  const std::vector<FieldSource> sb = {{{14, 14}, 0}};
  const FieldOptions o = opts(Connectivity::eight, FieldDirection::to_sources, kNoCostLimit);
  ASSERT_TRUE(dijkstra.compute(grid, layer, sa, a, o).ok());
  ASSERT_TRUE(dijkstra.compute(grid, layer, sb, b, o).ok());
  FlowField flow;
  ASSERT_EQ(flow.build(grid, layer, b), SearchStatus::found);  // b's flow, handed with a
  grid.set_blocked({5, 5}, true);
  FieldRepair repair;
  repair.set_rebuild_fraction(1);
  const FieldRepairStats st = repair.repair(grid, layer, a, &flow);
  ASSERT_TRUE(st.ok());
  EXPECT_EQ(st.sync, MapSync::updated);
  EXPECT_TRUE(st.flow_rebuilt);
  expect_as_rebuilt(grid, layer, sa, a, flow, o, "flow of b");
}

// would_block against the plain answer: block the cells on a copy, recompute, compare which
// spawns lost their value; the field must come back bit for bit, and committing the edit then
// repairing gives the rebuilt field.
TEST(FieldRepair, WouldBlockMatchesBruteForce) {
  const GridLayer layer = random_layer();
  FieldRepair repair;
  Dijkstra dijkstra;
  int blocking = 0;
  int answered = 0;
  for (unsigned seed = 1; seed <= 1500; ++seed) {
    std::mt19937 rng(seed);
    const int cols = 5 + static_cast<int>(rng() % 20);
    const int rows = 5 + static_cast<int>(rng() % 20);
    Grid grid =
        random_grid(cols, rows, seed + 100000, static_cast<int>(10 + rng() % 30), seed % 2 == 0);
    const Connectivity conn = seed % 3 == 0 ? Connectivity::four : Connectivity::eight;
    const FieldDirection dir =
        seed % 5 == 0 ? FieldDirection::from_sources : FieldDirection::to_sources;
    const double limit = seed % 7 == 0 ? 6.0 : kNoCostLimit;
    const FieldOptions o = opts(conn, dir, limit);
    const std::vector<FieldSource> sources = {{random_cell(rng, grid), 0}};
    DistanceField field;
    ASSERT_TRUE(dijkstra.compute(grid, layer, sources, field, o).ok());
    std::vector<GridCoord> cells;
    const GridCoord c = random_cell(rng, grid);
    const int side = 1 + static_cast<int>(rng() % 2);
    for (int dy = 0; dy < side; ++dy)
      for (int dx = 0; dx < side; ++dx)
        if (grid.in_bounds({c.x + dx, c.y + dy})) cells.push_back({c.x + dx, c.y + dy});
    std::vector<GridCoord> spawns;
    for (int k = 0; k < 4; ++k) spawns.push_back(random_cell(rng, grid));
    const std::vector<std::uint64_t> before(field.costs_fixed().begin(), field.costs_fixed().end());

    const BlockCheck bc = repair.would_block(grid, layer, field, cells, spawns);
    ASSERT_TRUE(bc.ok()) << seed;
    ASSERT_TRUE(std::equal(before.begin(), before.end(), field.costs_fixed().begin())) << seed;
    ASSERT_TRUE(field.is_current(grid, layer));

    Grid blocked = grid;
    for (const GridCoord b : cells) blocked.set_blocked(b, true);
    DistanceField after;
    ASSERT_TRUE(dijkstra.compute(blocked, layer, sources, after, o).ok());
    std::vector<std::uint32_t> cut_cells;
    std::size_t first = spawns.size();
    for (std::size_t k = 0; k < spawns.size(); ++k) {
      if (field.reached(spawns[k]) && !after.reached(spawns[k])) {
        const auto key = static_cast<std::uint32_t>(spawns[k].y * cols + spawns[k].x);
        if (std::find(cut_cells.begin(), cut_cells.end(), key) == cut_cells.end())
          cut_cells.push_back(key);
        first = std::min(first, k);
      }
    }
    ASSERT_EQ(bc.blocks, !cut_cells.empty()) << seed;
    ASSERT_EQ(bc.cut, cut_cells.size()) << seed;
    if (bc.blocks) {
      ASSERT_EQ(bc.first_cut, first) << seed;
    }
    blocking += bc.blocks ? 1 : 0;
    ++answered;

    // Commit and repair.
    for (const GridCoord b : cells) grid.set_blocked(b, true);
    FlowField flow;
    const FieldRepairStats st = repair.repair(grid, layer, field, &flow);
    ASSERT_TRUE(st.ok());
    expect_as_rebuilt(grid, layer, sources, field, flow, o, "commit " + std::to_string(seed));
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(answered, 1500);
  EXPECT_GT(blocking, 50);  // both answers are exercised
  EXPECT_LT(blocking, 1450);
}

TEST(FieldRepair, WouldBlockStatuses) {
  Grid grid(8, 8);
  const GridLayer layer;
  Dijkstra dijkstra;
  DistanceField field;
  FieldRepair repair;
  const std::vector<GridCoord> cells = {{3, 3}};
  const std::vector<GridCoord> spawns = {{7, 7}};
  EXPECT_EQ(repair.would_block(grid, layer, field, cells, spawns).status,
            SearchStatus::stale);  // never computed
  ASSERT_TRUE(dijkstra.compute(grid, layer, GridCoord{0, 0}, field).ok());
  const std::vector<GridCoord> off = {{3, 3}, {8, 0}};
  const BlockCheck bad = repair.would_block(grid, layer, field, off, spawns);
  EXPECT_EQ(bad.status, SearchStatus::invalid_endpoint);
  EXPECT_EQ(bad.bad_index, 1u);
  grid.set_blocked({5, 5}, true);
  EXPECT_EQ(repair.would_block(grid, layer, field, cells, spawns).status, SearchStatus::stale);
  // A wall across the map (column 4, all rows) would cut (7, 7) off.
  ASSERT_TRUE(repair.repair(grid, layer, field).ok());
  std::vector<GridCoord> wall;
  for (int y = 0; y < 8; ++y) wall.push_back({4, y});
  const BlockCheck bc = repair.would_block(grid, layer, field, wall, spawns);
  ASSERT_TRUE(bc.ok());
  EXPECT_TRUE(bc.blocks);
  EXPECT_EQ(bc.cut, 1u);
  EXPECT_EQ(bc.first_cut, 0u);
  wall.pop_back();
  const BlockCheck open = repair.would_block(grid, layer, field, wall, spawns);
  ASSERT_TRUE(open.ok());
  EXPECT_FALSE(open.blocks);
  EXPECT_EQ(open.cut, 0u);
}

// A tower defence loop (2 x 2 towers placed and removed, a check before each placement, the
// field and flow repaired after it) allocates nothing once warm.
TEST(FieldRepair, WarmRepairAllocatesNothing) {
  Grid grid = random_grid(64, 64, 5, 10, true);
  const GridLayer layer = random_layer();
  Dijkstra dijkstra;
  DistanceField field;
  ASSERT_TRUE(dijkstra.compute(grid, layer, GridCoord{1, 1}, field).ok());
  FlowField flow;
  ASSERT_EQ(flow.build(grid, layer, field), SearchStatus::found);
  FieldRepair repair;
  const std::vector<GridCoord> spawns = {{62, 62}, {62, 1}};
  std::vector<GridCoord> tower(4);
  int gave_up = 0;
  auto round = [&] {
    std::mt19937 rng(77);
    std::uint64_t changed = 0;
    for (int t = 0; t < 40; ++t) {
      const GridCoord c{2 + static_cast<int>(rng() % 58), 2 + static_cast<int>(rng() % 58)};
      tower = {c, {c.x + 1, c.y}, {c.x, c.y + 1}, {c.x + 1, c.y + 1}};
      const bool was = grid.is_blocked(c);
      const BlockCheck bc = repair.would_block(grid, layer, field, tower, spawns);
      if (!bc.ok()) return std::uint64_t{0};
      if (bc.blocks) continue;
      for (const GridCoord b : tower) grid.set_blocked(b, !was);
      const FieldRepairStats st = repair.repair(grid, layer, field, &flow);
      if (!st.ok() || st.sync == MapSync::current) return std::uint64_t{0};
      changed += st.changed;
      gave_up += st.gave_up ? 1 : 0;
    }
    return changed;
  };
  const std::uint64_t first = round();
  ASSERT_GT(first, 0u);
  ASSERT_GT(gave_up, 0);  // both ways are exercised: repairs and rebuilds after giving up
  for (int k = 0; k < 3; ++k) round();  // warm: the buffers reach their largest sizes
  const test::AllocationScope scope;
  const std::uint64_t again = round();
  EXPECT_EQ(scope.count(), 0u);
  EXPECT_GT(again, 0u);
}

}  // namespace field_repair_test
}  // namespace
}  // namespace pathing
