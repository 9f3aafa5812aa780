// Units that move (issue #16, item 5): the move check against a brute-force definition, and the
// path follower on static maps, with walls dropped ahead, units in the way, unreachable goals,
// pushes, thousands of random simulations of several units on changing maps, and no allocation
// once warm.
#include "pathing/agent/path_follower.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "pathing/search/jps.hpp"
#include "support/alloc_counter.hpp"
#include "support/reference.hpp"

namespace pathing {
namespace {

constexpr std::uint8_t kWall = 1;    // a tile tag no layer here can enter (a "hard" wall)
constexpr std::uint8_t kMudTag = 2;  // costs 3

// Tag 0 costs 1, walls impassable, mud 3; a blocked cell (a unit) is taken on every tag.
const GridLayer kWalkers({1, 0, 3, 0, 0, 0, 0, 0}, std::array<std::uint8_t, 8>{});

// The move check by its definition.
MoveCheck brute_move(const Grid& g, const GridLayer& layer, GridCoord from, GridCoord to,
                     Connectivity conn) {
  const auto cost = [&](GridCoord c) -> int {
    return g.in_bounds(c) ? layer.cost_of_cell(g.cell(c)) : 0;
  };
  const int dx = to.x - from.x;
  const int dy = to.y - from.y;
  MoveCheck m;
  if (!g.in_bounds(from) || std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0)) return m;
  const bool diag = dx != 0 && dy != 0;
  if (cost(to) == 0) return m;
  if (diag && (conn == Connectivity::four || cost({from.x + dx, from.y}) == 0 ||
               cost({from.x, from.y + dy}) == 0)) {
    return m;
  }
  m.allowed = true;
  m.diagonal = diag;
  m.layer_cost = static_cast<std::uint8_t>(cost(to));
  m.cost = diag ? m.layer_cost * std::sqrt(2.0) : m.layer_cost;
  return m;
}

TEST(MoveCheck, MatchesTheBruteForceDefinitionOnRandomMaps) {
  const GridLayer layers[] = {
      GridLayer{1},
      GridLayer({1, 2, 0, 5, 1, 1, 1, 1}, {0, 3, 0, 0, 7, 0, 0, 0}),
      GridLayer::uniform(4, 4),
  };
  std::uint64_t checks = 0;
  std::uint64_t allowed[2] = {0, 0};
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    std::mt19937_64 rng(seed);
    const Grid g = test::random_grid(rng, 11, 7, 0.3, 4);
    for (const GridLayer& layer : layers) {
      for (const Connectivity conn : {Connectivity::four, Connectivity::eight}) {
        for (int y = -1; y <= g.rows(); ++y) {
          for (int x = -1; x <= g.cols(); ++x) {
            for (int dy = -2; dy <= 2; ++dy) {
              for (int dx = -2; dx <= 2; ++dx) {
                const GridCoord from{x, y};
                const GridCoord to{x + dx, y + dy};
                const MoveCheck got = check_move(g, layer, from, to, conn);
                const MoveCheck want = brute_move(g, layer, from, to, conn);
                ASSERT_EQ(got.allowed, want.allowed) << x << "," << y << " +" << dx << "," << dy;
                ASSERT_EQ(got.diagonal, want.diagonal);
                ASSERT_EQ(got.layer_cost, want.layer_cost);
                ASSERT_EQ(got.cost, want.cost);
                ASSERT_EQ(static_cast<bool>(got), got.allowed);
                ++checks;
                allowed[conn == Connectivity::eight] += got.allowed;
              }
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(checks, 20u * 3 * 2 * 13 * 9 * 25);
  EXPECT_GT(allowed[0], 1000u);
  EXPECT_GT(allowed[1], allowed[0]);
}

TEST(MoveCheck, CostsAreThePathCostsOfOneMove) {
  Grid g(3, 3);
  g.set_tile({2, 2}, kMudTag);
  EXPECT_EQ(check_move(g, kWalkers, {1, 1}, {2, 2}).cost, cost::exact_length(0, 3));
  EXPECT_EQ(check_move(g, kWalkers, {1, 1}, {2, 1}).cost, 1.0);
  EXPECT_FALSE(check_move(g, kWalkers, {1, 1}, {2, 2}, Connectivity::four));
  g.set_blocked({2, 1}, true);  // a unit beside the diagonal: no corner cutting past it
  EXPECT_FALSE(check_move(g, kWalkers, {1, 1}, {2, 2}));
  EXPECT_FALSE(check_move(g, kWalkers, {1, 1}, {2, 1}));
  EXPECT_EQ(check_move(g, kWalkers.with_blocked_cost(5), {1, 1}, {2, 1}).cost, 5.0);
  EXPECT_FALSE(check_move(g, kWalkers, {1, 1}, {1, 1}));
  EXPECT_TRUE(check_move(g, kWalkers, {2, 1}, {1, 1}));  // the unit's own cell is not looked at
}

// A random passable cell.
GridCoord random_free(std::mt19937_64& rng, const Grid& g, const GridLayer& layer) {
  for (;;) {
    const GridCoord c{static_cast<int>(rng() % static_cast<unsigned>(g.cols())),
                      static_cast<int>(rng() % static_cast<unsigned>(g.rows()))};
    if (layer.cost_at(g, c) != 0) return c;
  }
}

Grid random_walls(std::mt19937_64& rng, int w, int h, double walls) {
  Grid g(w, h);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const double r = u(rng);
      if (r < walls) {
        g.set_tile({x, y}, kWall);
      } else if (r < walls + 0.1) {
        g.set_tile({x, y}, kMudTag);
      }
    }
  }
  return g;
}

bool moves_unit(FollowAction a) {
  return a == FollowAction::move || a == FollowAction::side_step || a == FollowAction::replanned;
}

TEST(PathFollower, FollowsTheSearchersPathExactlyOnAStaticMap) {
  int found = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    std::mt19937_64 rng(seed);
    const Grid g = random_walls(rng, 24, 20, 0.25);
    const Connectivity conn = seed % 2 ? Connectivity::four : Connectivity::eight;
    const GridCoord from = random_free(rng, g, kWalkers);
    const GridCoord goal = random_free(rng, g, kWalkers);
    AStar reference;
    std::vector<GridCoord> want;
    const PathResult expected = reference.find_path(g, kWalkers, from, goal, want, {conn});
    AStar astar;
    PathFollower f;
    const PathResult r = f.set_goal(astar, g, kWalkers, from, goal, {conn});
    ASSERT_EQ(r.status, expected.status);
    if (!r.found()) {
      EXPECT_TRUE(f.failed());
      EXPECT_EQ(f.advance(astar, g, kWalkers, from).action, FollowAction::failed);
      continue;
    }
    ++found;
    ASSERT_EQ(r.moves, expected.moves);
    GridCoord at = from;
    for (std::uint32_t i = 0; i < expected.moves; ++i) {
      const FollowStep s = f.advance(astar, g, kWalkers, at);
      ASSERT_EQ(f.path().size(), expected.moves + 1 - i);
      ASSERT_EQ(s.action, FollowAction::move) << "seed " << seed << " move " << i;
      ASSERT_EQ(s.cell, want[i + 1]);
      EXPECT_FALSE(s.searched);
      EXPECT_TRUE(check_move(g, kWalkers, at, s.cell, conn));
      at = s.cell;
    }
    const FollowStep end = f.advance(astar, g, kWalkers, at);
    EXPECT_EQ(end.action, FollowAction::arrived);
    EXPECT_EQ(end.cell, goal);
  }
  EXPECT_EQ(found, 59);
}

// A wall (hard) dropped on the path ahead, near (inside the look-ahead) or far: the follower
// replans that very tick, arrives, and walks a valid path as cheap as a fresh A* from there.
TEST(PathFollower, WallDroppedAheadReplansAndWalksAnOptimalPath) {
  int replans = 0;
  int unreachable = 0;
  int far = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    std::mt19937_64 rng(seed + 1000);
    Grid g = random_walls(rng, 20, 16, 0.2);
    const Connectivity conn = seed % 3 == 0 ? Connectivity::four : Connectivity::eight;
    const GridCoord from = random_free(rng, g, kWalkers);
    const GridCoord goal = random_free(rng, g, kWalkers);
    AStar astar;
    PathFollower f;
    const PathResult r = f.set_goal(astar, g, kWalkers, from, goal, {conn});
    if (!r.found() || r.moves < 4) continue;
    const std::uint32_t walk = static_cast<std::uint32_t>(rng() % (r.moves / 2));
    GridCoord at = from;
    for (std::uint32_t i = 0; i < walk; ++i) {
      const FollowStep s = f.advance(astar, g, kWalkers, at);
      ASSERT_EQ(s.action, FollowAction::move);
      at = s.cell;
    }
    // The path from the unit's cell (the follower has not seen the last move yet).
    const std::span<const GridCoord> rest = f.path().subspan(f.path()[0] == at ? 0 : 1);
    ASSERT_EQ(rest[0], at);
    const std::size_t left = rest.size() - 1;          // steps left
    const std::size_t ahead = 1 + rng() % (left - 1);  // never the goal
    const GridCoord wall = rest[ahead];
    far += ahead > static_cast<std::size_t>(f.policy().look_ahead);
    g.set_tile(wall, kWall);
    std::vector<GridCoord> fresh_cells;
    AStar fresh;
    const PathResult best = fresh.find_path(g, kWalkers, at, goal, fresh_cells, {conn});
    FollowStep s = f.advance(astar, g, kWalkers, at);
    ASSERT_TRUE(s.searched);
    if (!best.found()) {
      EXPECT_EQ(s.action, FollowAction::failed);
      EXPECT_EQ(s.status, SearchStatus::unreachable);
      ++unreachable;
      continue;
    }
    ++replans;
    ASSERT_EQ(s.action, FollowAction::replanned);
    std::vector<GridCoord> walked{at};
    while (s.action != FollowAction::arrived) {
      ASSERT_TRUE(moves_unit(s.action)) << to_string(s.action);
      ASSERT_TRUE(check_move(g, kWalkers, at, s.cell, conn));
      at = s.cell;
      walked.push_back(at);
      ASSERT_LE(walked.size(), fresh_cells.size());
      s = f.advance(astar, g, kWalkers, at);
    }
    EXPECT_EQ(at, goal);
    EXPECT_EQ(test::validate_path(g, kWalkers, conn, walked.front(), walked), "");
    EXPECT_EQ(test::path_cost_units(g, kWalkers, walked), best.cost);
  }
  EXPECT_EQ(replans, 172);
  EXPECT_EQ(unreachable, 5);
  EXPECT_EQ(far, 78);
}

// What a follower did, tick by tick.
std::string trace(PathFollower& f, AStar& astar, Grid& g, const GridLayer& layer, GridCoord at,
                  int ticks) {
  std::string out;
  for (int t = 0; t < ticks; ++t) {
    const FollowStep s = f.advance(astar, g, layer, at);
    out += std::string(to_string(s.action)) + "(" + std::to_string(s.cell.x) + "," +
           std::to_string(s.cell.y) + ")";
    if (s.status != SearchStatus::found) {
      // Appends, not "[" + std::string: GCC 12 -O3 warns (-Wrestrict) on that (GCC bug 105329).
      out += '[';
      out += to_string(s.status);
      out += ']';
    }
    out += s.searched ? "* " : " ";
    if (moves_unit(s.action)) {
      EXPECT_TRUE(check_move(g, layer, at, s.cell, f.options().connectivity));
      at = s.cell;
    }
    if (s.action == FollowAction::arrived) break;
  }
  return out;
}

// A path found elsewhere (here a sliced query) is followed as a planned one; a path through a
// wall, or an empty one, is refused and changes nothing.
TEST(PathFollower, FollowsAPathFoundElsewhere) {
  Grid g(8, 3);
  AStar astar;
  ASSERT_EQ(astar.start_query(g, kWalkers, {0, 1}, {7, 1}).status, SearchStatus::in_progress);
  while (astar.continue_query(2).status == SearchStatus::in_progress) {
  }
  std::vector<GridCoord> path;
  ASSERT_TRUE(astar.finish_query(path).found());
  PathFollower f(FollowPolicy{4, 2, true, true, 8});
  ASSERT_TRUE(f.set_path(g, kWalkers, {7, 1}, path));
  g.set_blocked({3, 1}, true);  // a unit on it: the same waits and side-step as a planned path
  EXPECT_EQ(trace(f, astar, g, kWalkers, {0, 1}, 20),
            "move(1,1) move(2,1) wait(2,1) wait(2,1) side_step(2,2) move(3,2) move(4,2) "
            "move(5,1) move(6,1) move(7,1) arrived(7,1) ");

  PathFollower idle;
  Grid walled(8, 3);
  walled.set_tile({4, 1}, 1);  // a wall (tag 1 is impassable for walkers) on the path
  EXPECT_FALSE(idle.set_path(walled, kWalkers, {7, 1}, path));
  EXPECT_FALSE(idle.set_path(walled, kWalkers, {7, 1}, std::span<const GridCoord>{}));
  const std::vector<GridCoord> jump{{0, 1}, {2, 1}};  // not a move
  EXPECT_FALSE(idle.set_path(g, kWalkers, {2, 1}, jump));
  EXPECT_EQ(idle.advance(astar, walled, kWalkers, {0, 1}).action, FollowAction::idle);
}

// A unit (blocked bit) stands on the path: wait max_wait_ticks, then side-step round it.
TEST(PathFollower, SoftBlockerWaitsThenSideSteps) {
  Grid g(8, 3);
  AStar astar;
  PathFollower f(FollowPolicy{4, 2, true, true, 8});
  ASSERT_TRUE(f.set_goal(astar, g, kWalkers, {0, 1}, {7, 1}).found());
  g.set_blocked({3, 1}, true);
  EXPECT_EQ(trace(f, astar, g, kWalkers, {0, 1}, 20),
            "move(1,1) move(2,1) wait(2,1) wait(2,1) side_step(2,2) move(3,2) move(4,2) "
            "move(5,1) move(6,1) move(7,1) arrived(7,1) ");

  // 4-connected: the detour rejoins one cell after the unit.
  Grid g4(8, 3);
  ASSERT_TRUE(f.set_goal(astar, g4, kWalkers, {0, 1}, {7, 1}, {Connectivity::four}).found());
  g4.set_blocked({3, 1}, true);
  EXPECT_EQ(trace(f, astar, g4, kWalkers, {0, 1}, 20),
            "move(1,1) move(2,1) wait(2,1) wait(2,1) side_step(2,2) move(3,2) move(4,2) "
            "move(4,1) move(5,1) move(6,1) move(7,1) arrived(7,1) ");

  // The unit walks away while we wait: no side-step.
  Grid g2(8, 3);
  ASSERT_TRUE(f.set_goal(astar, g2, kWalkers, {0, 1}, {7, 1}).found());
  g2.set_blocked({3, 1}, true);
  std::string t = trace(f, astar, g2, kWalkers, {0, 1}, 3);
  g2.set_blocked({3, 1}, false);
  t += trace(f, astar, g2, kWalkers, {2, 1}, 10);
  EXPECT_EQ(t,
            "move(1,1) move(2,1) wait(2,1) move(3,1) move(4,1) move(5,1) move(6,1) move(7,1) "
            "arrived(7,1) ");
}

// Side-steps off: wait, then replan round the unit; both off: wait, then blocked.
TEST(PathFollower, SoftBlockerWaitsThenReplansOrStaysBlocked) {
  Grid g(8, 3);
  AStar astar;
  PathFollower f(FollowPolicy{4, 1, false, true, 8});
  ASSERT_TRUE(f.set_goal(astar, g, kWalkers, {0, 1}, {7, 1}).found());
  g.set_blocked({3, 1}, true);
  std::vector<GridCoord> around;
  AStar fresh;
  const PathResult best = fresh.find_path(g, kWalkers, {2, 1}, {7, 1}, around);
  ASSERT_TRUE(best.found());
  EXPECT_EQ(best.moves, 6u);
  std::string want = "move(1,1) move(2,1) wait(2,1) ";
  for (std::size_t i = 1; i < around.size(); ++i) {
    want += std::string(i == 1 ? "replanned" : "move") + "(" + std::to_string(around[i].x) + "," +
            std::to_string(around[i].y) + (i == 1 ? ")* " : ") ");
  }
  want += "arrived(7,1) ";
  EXPECT_EQ(trace(f, astar, g, kWalkers, {0, 1}, 20), want);

  Grid g2(8, 3);
  f.set_policy(FollowPolicy{4, 2, false, false, 8});
  ASSERT_TRUE(f.set_goal(astar, g2, kWalkers, {0, 1}, {7, 1}).found());
  g2.set_blocked({3, 1}, true);
  EXPECT_EQ(trace(f, astar, g2, kWalkers, {0, 1}, 6),
            "move(1,1) move(2,1) wait(2,1) wait(2,1) blocked(2,1) blocked(2,1) ");

  // A corridor one cell wide, a unit in it: no side-step, no way round: the replan takes the
  // path through the unit (it may move) and waits; it tries again every retry_interval_ticks.
  Grid c(6, 1);
  f.set_policy(FollowPolicy{4, 1, true, true, 3});
  ASSERT_TRUE(f.set_goal(astar, c, kWalkers, {0, 0}, {5, 0}).found());
  c.set_blocked({3, 0}, true);
  EXPECT_EQ(trace(f, astar, c, kWalkers, {0, 0}, 11),
            "move(1,0) move(2,0) wait(2,0) wait(2,0)* wait(2,0) wait(2,0) wait(2,0) wait(2,0)* "
            "wait(2,0) wait(2,0) wait(2,0) ");
  c.set_blocked({3, 0}, false);
  EXPECT_EQ(trace(f, astar, c, kWalkers, {2, 0}, 7), "move(3,0) move(4,0) move(5,0) arrived(5,0) ");
}

// Walls cut the map: failed / unreachable, retries every retry_interval_ticks, and finds the
// way when a door opens.
TEST(PathFollower, UnreachableAfterAnEditFailsThenRetries) {
  Grid g(9, 3);
  AStar astar;
  PathFollower f(FollowPolicy{4, 2, true, true, 3});
  ASSERT_TRUE(f.set_goal(astar, g, kWalkers, {0, 1}, {8, 1}).found());
  std::string t = trace(f, astar, g, kWalkers, {0, 1}, 2);
  for (int y = 0; y < 3; ++y) g.set_tile({5, y}, kWall);
  std::vector<int> searched;
  for (int i = 0; i < 7; ++i) {
    const FollowStep s = f.advance(astar, g, kWalkers, {2, 1});
    t += std::string(to_string(s.action)) + "[" + std::string(to_string(s.status)) + "]" +
         (s.searched ? "*" : "") + " ";
  }
  EXPECT_EQ(t,
            "move(1,1) move(2,1) failed[unreachable]* failed[unreachable] failed[unreachable] "
            "failed[unreachable]* failed[unreachable] failed[unreachable] failed[unreachable]* ");
  EXPECT_TRUE(f.failed());
  EXPECT_TRUE(f.path().empty());
  g.set_tile({5, 2}, 0);  // a door
  EXPECT_EQ(trace(f, astar, g, kWalkers, {2, 1}, 12),
            "failed(2,1)[unreachable] failed(2,1)[unreachable] replanned(3,1)* move(4,2) move(5,2) "
            "move(6,2) move(7,1) move(8,1) arrived(8,1) ");
  // Replanning off: no retry.
  PathFollower g_off(FollowPolicy{4, 2, true, false, 1});
  for (int y = 0; y < 3; ++y) g.set_tile({5, y}, kWall);
  EXPECT_EQ(g_off.set_goal(astar, g, kWalkers, {0, 1}, {8, 1}).status, SearchStatus::unreachable);
  g.set_tile({5, 2}, 0);
  EXPECT_EQ(trace(g_off, astar, g, kWalkers, {0, 1}, 3),
            "failed(0,1)[unreachable] failed(0,1)[unreachable] failed(0,1)[unreachable] ");
}

// A unit pushed off its path rejoins it: onto a path cell ahead, or next to one; else replans.
TEST(PathFollower, PushedUnitRejoinsOrReplans) {
  Grid g(12, 5);
  AStar astar;
  PathFollower f;
  ASSERT_TRUE(f.set_goal(astar, g, kWalkers, {0, 2}, {11, 2}).found());
  EXPECT_EQ(trace(f, astar, g, kWalkers, {0, 2}, 2), "move(1,2) move(2,2) ");
  // Pushed to (3, 3): next to path cells (3, 2) and (4, 2): steps onto the farther one.
  EXPECT_EQ(trace(f, astar, g, kWalkers, {3, 3}, 1), "move(4,2) ");
  // Moved by the game two cells along its path: continues from there.
  EXPECT_EQ(trace(f, astar, g, kWalkers, {6, 2}, 1), "move(7,2) ");
  // Thrown far off: replans.
  const FollowStep s = f.advance(astar, g, kWalkers, {7, 0});
  EXPECT_EQ(s.action, FollowAction::replanned);
  EXPECT_TRUE(s.searched);
  EXPECT_EQ(f.path().front(), (GridCoord{7, 0}));
  EXPECT_EQ(f.path().back(), (GridCoord{11, 2}));
}

// Another grid object (a copy with a wall on the path): never used stale, the path is re-checked
// in full and replanned.
TEST(PathFollower, AnotherGridIsCheckedInFull) {
  Grid g(12, 3);
  AStar astar;
  PathFollower f;
  ASSERT_TRUE(f.set_goal(astar, g, kWalkers, {0, 1}, {11, 1}).found());
  Grid other = g;
  other.set_tile({9, 1}, kWall);
  const FollowStep s = f.advance(astar, other, kWalkers, {0, 1});
  EXPECT_EQ(s.action, FollowAction::replanned);
  for (const GridCoord c : f.path()) EXPECT_FALSE(c == (GridCoord{9, 1}));
  // More than 64 edits since (the log cannot tell which cells): checked in full, still valid.
  for (int i = 0; i < 70; ++i) other.set_tile({0, 0}, 0);
  EXPECT_EQ(f.advance(astar, other, kWalkers, s.cell).action, FollowAction::move);
  // A new layer: checked in full under it (mud everywhere costs 3, still walkable).
  EXPECT_EQ(f.advance(astar, other, kWalkers.with_tag_cost(0, 3), s.cell).action,
            FollowAction::move);
  EXPECT_EQ(f.advance(astar, other, kWalkers.with_tag_cost(0, 0), s.cell).action,
            FollowAction::failed);
}

// Any GridSearcher: greedy best-first (a valid path) and JPS (optimal, as A*), on a
// uniform-cost layer with a wall dropped on the way; JPS cannot do 4-connected moves: failed,
// unsupported.
template <class S>
int follow_with(S& searcher, std::uint64_t seed, bool optimal) {
  const GridLayer layer{1, 0};  // floor 1, wall tag impassable, units taken: uniform cost
  std::mt19937_64 rng(seed);
  Grid g(24, 16);
  for (int i = 0; i < 60; ++i) {
    g.set_tile({static_cast<int>(rng() % 24), static_cast<int>(rng() % 16)}, kWall);
  }
  const GridCoord from = random_free(rng, g, layer);
  const GridCoord goal = random_free(rng, g, layer);
  PathFollower f;
  if (!f.set_goal(searcher, g, layer, from, goal).found()) return 0;
  GridCoord at = from;
  std::vector<GridCoord> walked{at};
  for (int t = 0; t < 200; ++t) {
    if (t == 2 && f.path().size() > 4) {
      g.set_tile(f.path()[3], kWall);
      walked = {at};  // from here on: the replanned path
    }
    const FollowStep s = f.advance(searcher, g, layer, at);
    if (s.action == FollowAction::arrived || s.action == FollowAction::failed) break;
    if (!moves_unit(s.action) || !check_move(g, layer, at, s.cell)) {
      ADD_FAILURE() << "seed " << seed << ": " << to_string(s.action);
      return 0;
    }
    at = s.cell;
    walked.push_back(at);
  }
  AStar astar;
  std::vector<GridCoord> cells;
  const PathResult best = astar.find_path(g, layer, walked.front(), goal, cells);
  if (!best.found()) return 0;
  EXPECT_EQ(at, goal) << "seed " << seed;
  EXPECT_EQ(test::validate_path(g, layer, Connectivity::eight, walked.front(), walked), "");
  if (optimal) {
    EXPECT_EQ(test::path_cost_units(g, layer, walked), best.cost) << "seed " << seed;
  }
  return 1;
}

TEST(PathFollower, WorksWithAnyGridSearcher) {
  GreedyBestFirst greedy;
  Jps jps;
  int checked[2] = {0, 0};
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    checked[0] += follow_with(greedy, seed, false);
    checked[1] += follow_with(jps, seed, true);
  }
  EXPECT_EQ(checked[0], 30);
  EXPECT_EQ(checked[1], 30);
  Grid g(8, 8);
  PathFollower f;
  EXPECT_EQ(f.set_goal(jps, g, GridLayer{1}, {0, 0}, {7, 7}, {Connectivity::four}).status,
            SearchStatus::unsupported);
  const FollowStep s = f.advance(jps, g, GridLayer{1}, {0, 0});
  EXPECT_EQ(s.action, FollowAction::failed);
  EXPECT_EQ(s.status, SearchStatus::unsupported);
}

// Random maps, random edits every tick (walls, crates), several units that take their cells
// (blocked bit): every move passes the move check on the grid of that tick and never enters a
// cost-0 cell; once the world stops changing each unit arrives when a path exists (and only
// then); two runs give the same trace.
struct SimResult {
  std::vector<std::uint64_t> trace;
  int arrived = 0;
  int stuck = 0;  // no path once the world stopped changing
  int moves = 0;
  int waits = 0;
  int side_steps = 0;
  int replans = 0;
  int failures = 0;
  int blocked = 0;
};

SimResult simulate(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const int w = 10 + static_cast<int>(rng() % 8);
  const int h = 6 + static_cast<int>(rng() % 8);
  Grid g = random_walls(rng, w, h, 0.15 + 0.1 * static_cast<double>(rng() % 3));
  const Connectivity conn = rng() % 3 == 0 ? Connectivity::four : Connectivity::eight;
  FollowPolicy policy;
  policy.look_ahead = 1 + static_cast<int>(rng() % 5);
  policy.max_wait_ticks = static_cast<int>(rng() % 4);
  policy.side_step = rng() % 4 != 0;
  policy.retry_interval_ticks = 1 + static_cast<int>(rng() % 6);
  policy.replan = rng() % 6 != 0;
  const int units = 2 + static_cast<int>(rng() % 4);
  std::vector<GridCoord> at;
  std::vector<PathFollower> followers(static_cast<std::size_t>(units), PathFollower(policy));
  AStar astar;
  SimResult out;
  for (int u = 0; u < units; ++u) {
    const GridCoord c = random_free(rng, g, kWalkers);
    g.set_blocked(c, true);
    at.push_back(c);
  }
  for (int u = 0; u < units; ++u) {
    const GridCoord goal = random_free(rng, g, kWalkers);
    (void)followers[static_cast<std::size_t>(u)].set_goal(
        astar, g, kWalkers, at[static_cast<std::size_t>(u)], goal, {conn});
  }
  const auto step = [&](int u) {
    const auto k = static_cast<std::size_t>(u);
    const FollowStep s = followers[k].advance(astar, g, kWalkers, at[k]);
    out.trace.push_back((static_cast<std::uint64_t>(s.action) << 56) |
                        (static_cast<std::uint64_t>(s.status) << 48) |
                        (static_cast<std::uint64_t>(static_cast<std::uint32_t>(s.cell.x)) << 24) |
                        static_cast<std::uint32_t>(s.cell.y));
    out.waits += s.action == FollowAction::wait;
    out.side_steps += s.action == FollowAction::side_step;
    out.replans += s.searched;
    out.failures += s.action == FollowAction::failed;
    out.blocked += s.action == FollowAction::blocked;
    if (!moves_unit(s.action)) return s.action;
    EXPECT_TRUE(check_move(g, kWalkers, at[k], s.cell, conn)) << "seed " << seed;
    EXPECT_NE(kWalkers.cost_at(g, s.cell), 0) << "seed " << seed;
    g.set_blocked(at[k], false);
    g.set_blocked(s.cell, true);
    at[k] = s.cell;
    ++out.moves;
    return s.action;
  };
  // The world changes: every tick a few cells become walls, mud or floor, crates (blocked bits)
  // come and go, and sometimes a burst of writes overflows the grid's edit log.
  for (int tick = 0; tick < 40; ++tick) {
    for (int e = 0; e < 3; ++e) {
      const GridCoord c{static_cast<int>(rng() % static_cast<unsigned>(w)),
                        static_cast<int>(rng() % static_cast<unsigned>(h))};
      bool unit_here = false;
      for (const GridCoord a : at) unit_here = unit_here || a == c;
      if (unit_here) continue;
      const unsigned kind = static_cast<unsigned>(rng() % 5);
      if (kind == 4) {
        g.set_blocked(c, !g.is_blocked(c));
      } else {
        g.set_tile(c, kind == 0 ? kWall : kind == 1 ? kMudTag : std::uint8_t{0});
      }
    }
    if (rng() % 10 == 0) {
      for (int i = 0; i < 70; ++i) g.set_tile({0, 0}, g.tile({0, 0}));
    }
    for (int u = 0; u < units; ++u) step(u);
  }
  // The world stops changing: each unit in turn, the others standing still.
  for (int u = 0; u < units; ++u) {
    const auto k = static_cast<std::size_t>(u);
    std::vector<GridCoord> cells;
    AStar fresh;
    const bool exists =
        fresh.find_path(g, kWalkers, at[k], followers[k].goal(), cells, {conn}).found();
    FollowAction last = FollowAction::idle;
    for (int t = 0; t < 600 && last != FollowAction::arrived; ++t) last = step(u);
    if (policy.replan) {
      EXPECT_EQ(last == FollowAction::arrived, exists) << "seed " << seed << " unit " << u;
    } else if (!exists) {
      EXPECT_NE(last, FollowAction::arrived) << "seed " << seed << " unit " << u;
    }
    if (last == FollowAction::arrived) {
      EXPECT_EQ(at[k], followers[k].goal());
      ++out.arrived;
    } else {
      ++out.stuck;
    }
  }
  return out;
}

TEST(PathFollower, RandomSimulationsKeepTheInvariantsAndAreDeterministic) {
#ifdef NDEBUG
  constexpr std::uint64_t kSims = 3000;
#else
  constexpr std::uint64_t kSims = 200;
#endif
  SimResult total;
  for (std::uint64_t seed = 0; seed < kSims; ++seed) {
    const SimResult a = simulate(seed);
    const SimResult b = simulate(seed);
    ASSERT_EQ(a.trace, b.trace) << "seed " << seed;
    total.arrived += a.arrived;
    total.stuck += a.stuck;
    total.moves += a.moves;
    total.waits += a.waits;
    total.side_steps += a.side_steps;
    total.replans += a.replans;
    total.failures += a.failures;
    total.blocked += a.blocked;
  }
  // Every behaviour was exercised.
  EXPECT_GT(total.arrived, 0);
  EXPECT_GT(total.stuck, 0);
  EXPECT_GT(total.waits, 0);
  EXPECT_GT(total.side_steps, 0);
  EXPECT_GT(total.replans, 0);
  EXPECT_GT(total.failures, 0);
  EXPECT_GT(total.blocked, 0);
  std::printf(
      "%llu simulations: %d arrived, %d without a path, %d moves, %d waits, %d side-steps, "
      "%d searches, %d failed ticks, %d blocked ticks\n",
      static_cast<unsigned long long>(kSims), total.arrived, total.stuck, total.moves, total.waits,
      total.side_steps, total.replans, total.failures, total.blocked);
}

// Warm ticks, warm replans and side-steps allocate nothing.
TEST(PathFollower, WarmTicksAndReplansDoNotAllocate) {
  const auto run = [](Grid& g, AStar& astar, PathFollower& f, int* counts) {
    // Down a 32 x 9 hall; a unit steps into the way, a wall is dropped ahead, a far one too.
    const PathResult r = f.set_goal(astar, g, kWalkers, {0, 4}, {31, 4});
    EXPECT_TRUE(r.found());
    GridCoord at{0, 4};
    for (int t = 0; t < 200; ++t) {
      if (t == 3) g.set_blocked({5, 4}, true);
      if (t == 12) g.set_tile(f.path()[3], kWall);
      if (t == 14) g.set_tile(f.path()[9], kWall);
      const FollowStep s = f.advance(astar, g, kWalkers, at);
      counts[static_cast<int>(s.action)]++;
      if (s.action == FollowAction::arrived) break;
      if (moves_unit(s.action)) at = s.cell;
    }
    EXPECT_EQ(at, (GridCoord{31, 4}));
  };
  AStar astar(32, 9);
  PathFollower f;
  f.reserve(32 * 9 + 8);
  int warm[8] = {};
  {
    Grid g(32, 9);
    run(g, astar, f, warm);  // warms the searcher and both buffers
  }
  Grid g(32, 9);
  int counts[8] = {};
  const test::AllocationScope scope;
  run(g, astar, f, counts);
  EXPECT_EQ(scope.count(), 0u);
  EXPECT_EQ(counts[static_cast<int>(FollowAction::side_step)], 1);
  EXPECT_EQ(counts[static_cast<int>(FollowAction::replanned)], 2);
  EXPECT_EQ(counts[static_cast<int>(FollowAction::wait)], 4);
  EXPECT_EQ(counts[static_cast<int>(FollowAction::arrived)], 1);
}

}  // namespace
}  // namespace pathing
