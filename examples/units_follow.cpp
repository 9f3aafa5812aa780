// Units that move: three units cross a small map with a PathFollower each (one A* searcher for
// all of them), standing on their cells (the grid's blocked bit: a unit in the way makes the
// others wait, side-step or replan) while walls appear in front of them. Every tick prints what
// each unit does; the program fails (exit 1) unless every unit reaches its goal.
#include <pathing/pathing.hpp>

#include <array>
#include <cstdio>
#include <string>
#include <vector>

namespace {

// '#' wall (tag 1: no unit can enter it), '.' floor.
const char* const kMap[] = {
    "####################",  //
    "#..................#",  //
    "#..................#",  //
    "#.......#..........#",  //
    "#.......#..........#",  //
    "#.......#..........#",  //
    "#..................#",  //
    "####################",  //
};
constexpr int kRows = sizeof(kMap) / sizeof(kMap[0]);
constexpr std::uint8_t kWallTag = 1;

struct Unit {
  char name;
  pathing::GridCoord at;
  pathing::GridCoord goal;
  pathing::PathFollower follower;
};

}  // namespace

int main() {
  const int cols = static_cast<int>(std::string(kMap[0]).size());
  pathing::Grid grid(cols, kRows);
  for (int y = 0; y < kRows; ++y) {
    for (int x = 0; x < cols; ++x) {
      if (kMap[y][x] == '#') grid.set_tile({x, y}, kWallTag);
    }
  }
  // Floor costs 1, walls cannot be entered, a cell taken by a unit (blocked bit) neither.
  const pathing::GridLayer walkers({1, 0, 0, 0, 0, 0, 0, 0}, std::array<std::uint8_t, 8>{});

  pathing::FollowPolicy policy;  // look 4 steps ahead, wait 2 ticks, then side-step or replan
  policy.max_wait_ticks = 2;
  std::vector<Unit> units = {
      {'a', {1, 4}, {18, 5}, pathing::PathFollower(policy)},
      {'b', {18, 4}, {1, 3}, pathing::PathFollower(policy)},  // head-on against a
      {'c', {2, 1}, {17, 6}, pathing::PathFollower(policy)},
  };
  pathing::AStar astar(cols, kRows);  // one searcher for every unit: reused, allocation-free
  for (Unit& u : units) {
    u.follower.reserve(static_cast<std::size_t>(cols * kRows));
    grid.set_blocked(u.at, true);
    u.follower.set_goal(astar, grid, walkers, u.at, u.goal);
  }

  int moves = 0, waits = 0, side_steps = 0, searches = 0, arrived = 0, tick = 0;
  for (; tick < 60 && arrived < static_cast<int>(units.size()); ++tick) {
    if (tick == 3) {  // a wall closes the gap above the pillar
      for (int y = 1; y <= 2; ++y) grid.set_tile({8, y}, kWallTag);
    }
    if (tick == 6) grid.set_tile({14, 6}, kWallTag);  // and one drops in c's way
    std::printf("tick %2d:", tick);
    arrived = 0;
    for (Unit& u : units) {
      const pathing::FollowStep s = u.follower.advance(astar, grid, walkers, u.at);
      std::printf("  %c %-9s", u.name, std::string(pathing::to_string(s.action)).c_str());
      searches += s.searched;
      switch (s.action) {
        case pathing::FollowAction::move:
        case pathing::FollowAction::side_step:
        case pathing::FollowAction::replanned:
          if (!pathing::check_move(grid, walkers, u.at, s.cell)) return 1;  // never happens
          grid.set_blocked(u.at, false);
          grid.set_blocked(s.cell, true);
          u.at = s.cell;
          ++moves;
          side_steps += s.action == pathing::FollowAction::side_step;
          break;
        case pathing::FollowAction::wait:
          ++waits;
          break;
        case pathing::FollowAction::arrived:
          ++arrived;
          break;
        default:
          break;
      }
    }
    std::printf("\n");
  }
  std::printf("%d units arrived in %d ticks: %d moves, %d waits, %d side-steps, %d searches\n",
              arrived, tick, moves, waits, side_steps, searches);
  return arrived == static_cast<int>(units.size()) ? 0 : 1;
}
