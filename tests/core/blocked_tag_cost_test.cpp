// Per-tag blocked costs (issue #15, item 3): a GridLayer maps each (tag, blocked) pair to its own
// cost. Land (tag 0) and water (tag 1) with units marking cells blocked: walkers must not cross
// a river over a parked boat, boats stop at boats, ghosts ignore units, and blocked land can
// cost a soft 5. Every search agrees with the reference Dijkstra, exactly, on such layers.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <utility>
#include <vector>

#include "pathing/agent/path_convert.hpp"
#include "pathing/detail/moves/neighbors.hpp"
#include "pathing/field/dijkstra.hpp"
#include "pathing/precompute/jps_map.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/bit_bfs/bit_bfs.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "pathing/search/jps.hpp"
#include "pathing/search/jps_plus.hpp"
#include "support/reference.hpp"

namespace pathing {
namespace {

constexpr std::uint8_t kLand = 0;
constexpr std::uint8_t kWater = 1;
constexpr std::uint8_t kMud = 2;

using Costs = std::array<std::uint8_t, 8>;

// Walkers: land 1, mud 3, water 0; a unit on land is a soft 5, on mud 7; on water (a parked
// boat) impassable.
const GridLayer kSoftWalkers(Costs{1, 0, 3}, Costs{5, 0, 7});
// Walkers that units block everywhere (the seed's form, blocked cost 0).
const GridLayer kHardWalkers(Costs{1, 0, 3}, 0);
// The seed's only way to give units a soft cost: every blocked cell costs 5, water too.
const GridLayer kSeedSoftWalkers(Costs{1, 0, 3}, 5);
// Boats: water 1, land and mud 0; boats block boats.
const GridLayer kBoats(Costs{0, 1, 0}, Costs{0, 0, 0});
// Ghosts: blocked costs = unblocked costs (units ignored).
const GridLayer kGhosts(Costs{1, 0, 3}, Costs{1, 0, 3});
// Uniform per-tag layers (JPS can run on them): unit cost on land, units block on water only.
const GridLayer kUniformWalkers(Costs{1, 0, 1}, Costs{1, 0, 0});

/// A 40 x 24 map: land, a mud patch, a 3-wide river (columns 18..20, every row, no bridge), a
/// row of parked boats across the river at row 11, and units (blocked) on 20 % of the other
/// cells. Deterministic.
Grid river_map(unsigned seed) {
  Grid g(40, 24);
  std::mt19937 rng(seed);
  for (int y = 0; y < g.rows(); ++y) {
    for (int x = 0; x < g.cols(); ++x) {
      const bool water = x >= 18 && x <= 20;
      const bool mud = !water && x >= 4 && x < 12 && y >= 6 && y < 16;
      g.set_tile({x, y}, water ? kWater : (mud ? kMud : kLand));
      const bool boat = water && y == 11;
      if (boat || (!water && rng() % 5 == 0) || (water && rng() % 9 == 0)) {
        g.set_blocked({x, y}, true);
      }
    }
  }
  return g;
}

TEST(BlockedTagCost, LayerMembers) {
  EXPECT_EQ(kSoftWalkers.tag_cost(kLand), 1);
  EXPECT_EQ(kSoftWalkers.tag_cost(kWater), 0);
  EXPECT_EQ(kSoftWalkers.blocked_tag_cost(kLand), 5);
  EXPECT_EQ(kSoftWalkers.blocked_tag_cost(kWater), 0);
  EXPECT_EQ(kSoftWalkers.blocked_tag_cost(kMud), 7);
  EXPECT_EQ(kSoftWalkers.blocked_tag_cost(kMud | 8), 7);  // higher bits ignored
  EXPECT_EQ(kSoftWalkers.blocked_cost(), 5);              // tag 0's
  EXPECT_FALSE(kSoftWalkers.has_one_blocked_cost());
  // The 16-entry table: value = tag | blocked << 3.
  EXPECT_EQ(kSoftWalkers.cost_of_cell(kLand | 8), 5);
  EXPECT_EQ(kSoftWalkers.cost_of_cell(kWater | 8), 0);
  EXPECT_EQ(kSoftWalkers.cost_of_cell(kMud | 8), 7);
  EXPECT_EQ(kSoftWalkers.cost_of_cell(kMud), 3);

  // The seed's constructor keeps its meaning: one blocked cost for every tag.
  EXPECT_TRUE(kSeedSoftWalkers.has_one_blocked_cost());
  for (std::uint8_t t = 0; t < 8; ++t) EXPECT_EQ(kSeedSoftWalkers.blocked_tag_cost(t), 5);
  EXPECT_EQ(kSeedSoftWalkers, GridLayer(Costs{1, 0, 3}, Costs{5, 5, 5, 5, 5, 5, 5, 5}));
  EXPECT_EQ((GridLayer{1, 0, 3}), kHardWalkers);
  EXPECT_EQ(GridLayer::uniform(2, 4),
            GridLayer(Costs{2, 2, 2, 2, 2, 2, 2, 2}, Costs{4, 4, 4, 4, 4, 4, 4, 4}));

  // with_blocked_tag_cost changes one pair; with_blocked_cost sets all 8.
  const GridLayer w = kHardWalkers.with_blocked_tag_cost(kLand, 5).with_blocked_tag_cost(kMud, 7);
  EXPECT_EQ(w, kSoftWalkers);
  EXPECT_EQ(w.tag_cost(kLand), 1);  // unblocked costs untouched
  EXPECT_EQ(kSoftWalkers.with_blocked_cost(5), kSeedSoftWalkers);
  EXPECT_TRUE(kSoftWalkers.with_blocked_cost(5).has_one_blocked_cost());
  EXPECT_EQ(kSoftWalkers.with_blocked_tag_cost(kWater | 8, 2).blocked_tag_cost(kWater), 2);

  // min_passable_cost sees the blocked pairs too.
  EXPECT_EQ(GridLayer(Costs{0, 4}, Costs{0, 2}).min_passable_cost(), 2);
  EXPECT_EQ(GridLayer(Costs{}, Costs{0, 0, 0, 9}).min_passable_cost(), 9);
  static_assert(GridLayer(Costs{1}, Costs{0, 3}).blocked_tag_cost(1) == 3);
}

// uniform_cost and passable_mask run word-wide (SWAR) at run time and byte by byte at compile
// time: both equal a reference on random layers (costs drawn from few values, so uniform layers are
// common).
TEST(BlockedTagCost, UniformCostAndPassableMaskEqualTheByteByByteRule) {
  std::uint32_t seed = 12345;
  const auto next = [&seed] {
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
  };
  int uniform = 0;
  for (int round = 0; round < 20000; ++round) {
    Costs tags{};
    Costs blocked{};
    const std::uint8_t values[4] = {0, static_cast<std::uint8_t>(1 + next() % 255),
                                    static_cast<std::uint8_t>(1 + next() % 255), 255};
    const unsigned spread = 1 + next() % 4;  // how many of the values a layer draws from
    for (unsigned i = 0; i < 8; ++i) {
      tags[i] = values[next() % spread];
      blocked[i] = values[next() % spread];
    }
    const GridLayer layer(tags, blocked);
    std::uint8_t want = 0;
    bool mixed = false;
    for (unsigned v = 0; v < 16; ++v) {
      const std::uint8_t c = layer.cost_of_cell(static_cast<std::uint8_t>(v));
      if (c == 0) continue;
      if (want != 0 && c != want) mixed = true;
      want = c;
    }
    if (mixed) want = 0;
    ASSERT_EQ(layer.uniform_cost(), want) << "round " << round;
    unsigned mask = 0;
    for (unsigned v = 0; v < 16; ++v)
      mask |= (layer.cost_of_cell(static_cast<std::uint8_t>(v)) != 0 ? 1u : 0u) << v;
    ASSERT_EQ(layer.passable_mask(), mask) << "round " << round;
    uniform += want != 0;
  }
  EXPECT_GT(uniform, 2000);  // both answers are exercised
  static_assert(GridLayer(Costs{0, 7, 0, 7}, Costs{7}).uniform_cost() == 7);
  static_assert(GridLayer(Costs{0, 7, 0, 7}, Costs{6}).uniform_cost() == 0);
  static_assert(GridLayer(Costs{0, 7, 0, 7}, Costs{6}).passable_mask() == 0x010A);
}

TEST(BlockedTagCost, UniformityChecksSeeEveryPair) {
  // What the bit-parallel BFS, the 4-connected A* bucket queue and JPS rely on.
  EXPECT_TRUE(kUniformWalkers.uniform_cost() != 0);
  EXPECT_TRUE(kHardWalkers.with_tag_cost(kMud, 1).uniform_cost() != 0);
  EXPECT_FALSE(kSoftWalkers.uniform_cost() != 0);
  EXPECT_FALSE(GridLayer(Costs{1, 1}, Costs{1, 2}).uniform_cost() != 0);  // one blocked tag differs
  EXPECT_EQ(kUniformWalkers.uniform_cost(), 1);
  EXPECT_EQ(GridLayer(Costs{1, 1}, Costs{1, 2}).uniform_cost(), 0);
  EXPECT_EQ(GridLayer(Costs{0, 0}, Costs{0, 4}).uniform_cost(), 4);
  // Passable values: blocked land yes, blocked water no.
  EXPECT_EQ(kUniformWalkers.passable_mask(), (1u << kLand) | (1u << kMud) | (1u << 8));
  // The dearest pair, blocked ones included; 0 when nothing is passable.
  EXPECT_EQ(GridLayer(Costs{1, 3}, Costs{7, 0}).max_cost(), 7);
  EXPECT_EQ(GridLayer(Costs{}, Costs{}).max_cost(), 0);
  static_assert(GridLayer(Costs{2, 0, 9}, Costs{2}).max_cost() == 9);
  static_assert(GridLayer(Costs{2, 0, 2}, Costs{2}).uniform_cost() == 2);
}

TEST(BlockedTagCost, WalkersDoNotCrossTheRiverOverAParkedBoat) {
  const Grid g = river_map(1);
  // From the west bank to the east bank, both on free land of row 11 (the boats' row).
  GridCoord from{0, 11};
  GridCoord to{39, 11};
  while (g.is_blocked(from)) ++from.x;
  while (g.is_blocked(to)) --to.x;
  ASSERT_FALSE(g.is_blocked(from));
  ASSERT_FALSE(g.is_blocked(to));
  AStar astar;
  std::vector<GridCoord> out;
  // Per-tag: blocked water stays impassable for walkers, whatever the soft land cost.
  EXPECT_EQ(astar.find_path(g, kSoftWalkers, from, to, out).status, SearchStatus::unreachable);
  EXPECT_EQ(astar.find_path(g, kHardWalkers, from, to, out).status, SearchStatus::unreachable);
  EXPECT_EQ(astar.find_path(g, kGhosts, from, to, out).status, SearchStatus::unreachable);
  // The seed's single blocked cost of 5 lets walkers cross on the boats (the bug of the issue).
  const PathResult crossed = astar.find_path(g, kSeedSoftWalkers, from, to, out);
  ASSERT_EQ(crossed.status, SearchStatus::found);
  bool on_water = false;
  for (const GridCoord c : out) on_water = on_water || g.tile(c) == kWater;
  EXPECT_TRUE(on_water);
  // Boats: the row of parked boats splits the river; ghost boats pass it.
  const GridLayer ghost_boats(Costs{0, 1, 0}, Costs{0, 1, 0});
  GridCoord north{19, 2};
  GridCoord south{19, 21};
  if (g.is_blocked(north)) north.x = g.is_blocked({18, 2}) ? 20 : 18;
  if (g.is_blocked(south)) south.x = g.is_blocked({18, 21}) ? 20 : 18;
  EXPECT_EQ(astar.find_path(g, kBoats, north, south, out).status, SearchStatus::unreachable);
  const PathResult sail = astar.find_path(g, ghost_boats, north, south, out);
  ASSERT_EQ(sail.status, SearchStatus::found);
  for (const GridCoord c : out) EXPECT_EQ(g.tile(c), kWater);
  // Soft cost: a walker pays 5 to step onto a unit on land when that is the cheapest way.
  Grid corridor(5, 1);
  corridor.set_blocked({2, 0}, true);
  const PathResult through = astar.find_path(corridor, kSoftWalkers, {0, 0}, {4, 0}, out);
  ASSERT_EQ(through.status, SearchStatus::found);
  EXPECT_EQ(through.cost, 1.0 + 5 + 1 + 1);
  corridor.set_tile({2, 0}, kWater);  // now a parked boat: impassable
  EXPECT_EQ(astar.find_path(corridor, kSoftWalkers, {0, 0}, {4, 0}, out).status,
            SearchStatus::unreachable);
}

struct NamedLayer {
  const char* name;
  GridLayer layer;
};

const std::array<NamedLayer, 7> kLayers{{{"walkers", kSoftWalkers},
                                         {"hard walkers", kHardWalkers},
                                         {"seed soft walkers", kSeedSoftWalkers},
                                         {"boats", kBoats},
                                         {"ghosts", kGhosts},
                                         {"uniform walkers", kUniformWalkers},
                                         {"soft boats", GridLayer(Costs{0, 1}, Costs{0, 4})}}};

std::vector<std::pair<GridCoord, GridCoord>> queries_on(const Grid&, std::mt19937& rng, int count) {
  std::vector<std::pair<GridCoord, GridCoord>> q;
  for (int i = 0; i < count; ++i) {
    q.push_back({{static_cast<int>(rng() % 40), static_cast<int>(rng() % 24)},
                 {static_cast<int>(rng() % 40), static_cast<int>(rng() % 24)}});
  }
  return q;
}

std::size_t at(const Grid& g, GridCoord c) {
  return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(g.cols()) +
         static_cast<std::size_t>(c.x);
}

TEST(BlockedTagCost, AStarAndFieldsMatchTheReferenceExactly) {
  std::mt19937 rng(7);
  AStar astar;
  Dijkstra dijkstra;
  DistanceField field;
  std::vector<GridCoord> out;
  std::uint64_t found = 0;
  std::uint64_t unreachable = 0;
  for (unsigned seed = 1; seed <= 4; ++seed) {
    const Grid g = river_map(seed);
    for (const NamedLayer& nl : kLayers) {
      SCOPED_TRACE(nl.name);
      for (const auto& [from, to] : queries_on(g, rng, 12)) {
        for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
          const auto ref = test::reference_dijkstra(g, nl.layer, from, conn);
          const std::uint64_t want = ref[at(g, to)];
          const PathResult r = astar.find_path(g, nl.layer, from, to, out, {conn});
          if (from == to) {
            // no path to check (the start's own cost is ignored)
          } else if (want == cost::kInfinite) {
            ASSERT_EQ(r.status, SearchStatus::unreachable);
            ++unreachable;
          } else {
            ASSERT_EQ(r.status, SearchStatus::found);
            ASSERT_EQ(test::path_cost_fixed(g, nl.layer, out), want);
            std::uint64_t walked = 0;
            ASSERT_EQ(test::validate_path(g, nl.layer, conn, from, out, &walked), "");
            ASSERT_EQ(walked, want);
            ++found;
          }
          // Dijkstra field spreading from `from`: every cell's cost is the reference's.
          FieldOptions opt;
          opt.connectivity = conn;
          opt.direction = FieldDirection::from_sources;
          dijkstra.compute(g, nl.layer, from, field, opt);
          for (int y = 0; y < g.rows(); ++y) {
            for (int x = 0; x < g.cols(); ++x) {
              ASSERT_EQ(field.cost_fixed({x, y}), ref[at(g, {x, y})]) << x << "," << y;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(found, 100u);
  EXPECT_GT(unreachable, 50u);
}

TEST(BlockedTagCost, BoundedAndGreedySearchesRespectEveryPair) {
  std::mt19937 rng(8);
  AStar astar;
  GreedyBestFirst greedy;
  std::vector<GridCoord> out;
  std::vector<GridCoord> cells;
  std::uint64_t bounded_found = 0;
  for (unsigned seed = 1; seed <= 4; ++seed) {
    const Grid g = river_map(seed);
    for (const NamedLayer& nl : kLayers) {
      SCOPED_TRACE(nl.name);
      for (const auto& [from, to] : queries_on(g, rng, 12)) {
        // Bounded searches answer too_far beyond 56 steps of Manhattan distance.
        if (from == to || std::abs(to.x - from.x) + std::abs(to.y - from.y) > 56) continue;
        const auto ref = test::reference_dijkstra(g, nl.layer, from, Connectivity::four);
        const std::uint64_t want = ref[at(g, to)];
        // Bounded A* (4-connected; the goal within 56 steps of Manhattan distance): the cheapest
        // path, or unreachable, or too_far when the cheapest path has more than 56 steps.
        // Bit-parallel BFS on the uniform layers, A* otherwise; both ways.
        for (const bool bit_parallel : {true, false}) {
          astar.set_bit_parallel(bit_parallel);
          const BoundedResult b = astar.build_path(g, nl.layer, from, to);
          if (want == cost::kInfinite) {
            // too_far when the search's window was cut at 56 steps before it ran dry.
            ASSERT_TRUE(b.status == SearchStatus::unreachable || b.status == SearchStatus::too_far);
          } else if (b.status == SearchStatus::found) {
            ASSERT_EQ(static_cast<std::uint64_t>(b.cost) * cost::kStraight, want);
            path_to_cells(from, b.path, cells);
            std::uint64_t walked = 0;
            ASSERT_EQ(test::validate_path(g, nl.layer, Connectivity::four, from, cells, &walked),
                      "");
            ASSERT_EQ(walked, want);
            ++bounded_found;
          } else {
            // Only a path of more than 56 steps exists.
            ASSERT_EQ(b.status, SearchStatus::too_far);
          }
        }
        astar.set_bit_parallel(true);
        // Greedy best-first: not cheapest, but it finds a path exactly when one exists, and its
        // path and cost obey every pair.
        for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
          const auto ref_c = test::reference_dijkstra(g, nl.layer, from, conn);
          const PathResult r = greedy.find_path(g, nl.layer, from, to, out, {conn});
          if (ref_c[at(g, to)] == cost::kInfinite) {
            ASSERT_EQ(r.status, SearchStatus::unreachable);
          } else {
            ASSERT_EQ(r.status, SearchStatus::found);
            std::uint64_t walked = 0;
            ASSERT_EQ(test::validate_path(g, nl.layer, conn, from, out, &walked), "");
            ASSERT_EQ(r.cost, test::path_cost_units(g, nl.layer, out));
            ASSERT_GE(walked, ref_c[at(g, to)]);
          }
        }
        for (const bool bit_parallel : {true, false}) {
          greedy.set_bit_parallel(bit_parallel);
          const BoundedResult gb = greedy.build_path(g, nl.layer, from, to);
          if (want == cost::kInfinite) {
            // The greedy search's window is cut at 56 steps: too_far when it reached the cut.
            ASSERT_TRUE(gb.status == SearchStatus::unreachable ||
                        gb.status == SearchStatus::too_far);
          } else if (gb.status == SearchStatus::found) {
            path_to_cells(from, gb.path, cells);
            ASSERT_EQ(test::validate_path(g, nl.layer, Connectivity::four, from, cells), "");
            ASSERT_EQ(gb.moves + std::size_t{1}, cells.size());
            ASSERT_EQ(gb.cost * cost::kStraight,
                      static_cast<double>(test::path_cost_fixed(g, nl.layer, cells)));
          }
        }
        greedy.set_bit_parallel(true);
      }
    }
  }
  EXPECT_GT(bounded_found, 100u);
}

TEST(BlockedTagCost, JumpPointSearchesOnUniformPerTagLayers) {
  // JPS is exact where every passable pair costs the same: here on land (blocked or not) and
  // free mud, while units on mud and every water cell are impassable.
  ASSERT_TRUE(kUniformWalkers.uniform_cost() != 0);
  std::mt19937 rng(9);
  Jps jps;
  JpsPlus plus;
  std::vector<GridCoord> a;
  std::vector<GridCoord> b;
  std::uint64_t found = 0;
  for (unsigned seed = 1; seed <= 4; ++seed) {
    const Grid g = river_map(seed);
    const JpsMap bits(g, kUniformWalkers);
    const JpsPlusMap table(g, kUniformWalkers);
    for (const auto& [from, to] : queries_on(g, rng, 40)) {
      const auto ref = test::reference_dijkstra(g, kUniformWalkers, from, Connectivity::eight);
      const std::uint64_t want = ref[at(g, to)];
      // The start's own passability is ignored by JPS and the reference alike; skip queries
      // whose goal the reference reaches only because it is the start.
      if (from == to) continue;
      const PathResult rj = jps.find_path(g, bits, from, to, a);
      const PathResult rp = plus.find_path(g, table, from, to, b);
      if (want == cost::kInfinite) {
        EXPECT_EQ(rj.status, SearchStatus::unreachable);
        EXPECT_EQ(rp.status, SearchStatus::unreachable);
      } else {
        ASSERT_EQ(rj.status, SearchStatus::found);
        ASSERT_EQ(rp.status, SearchStatus::found);
        EXPECT_EQ(test::path_cost_fixed(g, kUniformWalkers, a), want);
        EXPECT_EQ(test::path_cost_fixed(g, kUniformWalkers, b), want);
        EXPECT_EQ(rj.cost, rp.cost);
        EXPECT_EQ(test::validate_path(g, kUniformWalkers, Connectivity::eight, from, a), "");
        ++found;
      }
    }
  }
  EXPECT_GT(found, 40u);
}

}  // namespace
}  // namespace pathing
