// A roguelike turn loop: a goblin chases the player with A* (one bounded 4-connected search a
// turn, the seed library's use), and a kobold flees the player on a flee map (a Dijkstra map
// toward the player, scaled by -1.2 and relaxed again: roguebasin, "The Incredible Power of
// Dijkstra Maps"). Everything is reused from turn to turn: no allocation after the first turn.
#include <pathing/pathing.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

// '#' wall, '.' floor, '~' shallow water (costs 3 to wade through).
const char* const kDungeon[] = {
    "##########################", "#........#.......~~~.....#", "#........#.......~~~.....#",
    "#...............~~~......#", "#........#......~~~......#", "#####.####.......~~......#",
    "#........#######.#########", "#........................#", "#........#...............#",
    "##########################",
};
constexpr int kRows = sizeof(kDungeon) / sizeof(kDungeon[0]);

constexpr std::uint8_t kWaterTag = 1;

pathing::Grid make_dungeon() {
  const int cols = static_cast<int>(std::string(kDungeon[0]).size());
  pathing::Grid grid(cols, kRows);
  for (int y = 0; y < kRows; ++y) {
    for (int x = 0; x < cols; ++x) {
      if (kDungeon[y][x] == '#') grid.set_blocked({x, y}, true);
      if (kDungeon[y][x] == '~') grid.set_tile({x, y}, kWaterTag);
    }
  }
  return grid;
}

void draw(const pathing::Grid& grid, pathing::GridCoord player, pathing::GridCoord goblin,
          pathing::GridCoord kobold) {
  for (int y = 0; y < grid.rows(); ++y) {
    std::string row(kDungeon[y]);
    auto put = [&](pathing::GridCoord c, char ch) {
      if (c.y == y) row[static_cast<std::size_t>(c.x)] = ch;
    };
    put(kobold, 'k');
    put(goblin, 'g');
    put(player, '@');
    std::printf("%s\n", row.c_str());
  }
}

}  // namespace

int main() {
  pathing::Grid grid = make_dungeon();
  const pathing::GridLayer walkers{1, 3};  // floor 1, water 3; walls (blocked) impassable

  pathing::GridCoord player{2, 7};
  pathing::GridCoord goblin{22, 2};
  pathing::GridCoord kobold{6, 2};

  pathing::AStar astar;        // the goblin's searcher, reused every turn
  pathing::Dijkstra dijkstra;  // builds the Dijkstra maps
  pathing::DistanceField toward_player;
  pathing::DistanceField flee;
  pathing::FlowField flee_flow;
  pathing::FieldOptions four;
  four.connectivity = pathing::Connectivity::four;

  // The player walks right along the corridor; the monsters react each turn.
  int turn = 1;
  for (; turn <= 12; ++turn) {
    player.x += 1;

    // Goblin: one A* step toward the player (monsters block each other: mark the kobold).
    grid.set_blocked(kobold, true);
    const pathing::BoundedResult chase = astar.build_path(grid, walkers, goblin, player);
    grid.set_blocked(kobold, false);
    if (chase.path.has_next()) {
      pathing::GridPath steps = chase.path;
      const pathing::GridCoord next = goblin + pathing::step_offset(steps.next());
      if (!(next == player)) goblin = next;
    }

    // Kobold: roll downhill on the flee map.
    dijkstra.compute(grid, walkers, player, toward_player, four);
    dijkstra.compute_flee(grid, walkers, toward_player, flee, -1.2);
    flee_flow.build(grid, walkers, flee);
    if (const auto step = flee_flow.next_step(kobold)) {
      const pathing::GridCoord next = kobold + pathing::step_offset(*step);
      if (!(next == goblin) && !(next == player)) kobold = next;
    }

    if (pathing::manhattan_distance(goblin, player) == 1) break;
  }
  draw(grid, player, goblin, kobold);
  std::printf(
      "turn %d: goblin at (%d, %d) next to the player at (%d, %d); kobold fled to (%d, %d), "
      "%d steps from the player\n",
      turn, goblin.x, goblin.y, player.x, player.y, kobold.x, kobold.y,
      static_cast<int>(toward_player.cost(kobold)));
  return pathing::manhattan_distance(goblin, player) == 1 ? 0 : 1;
}
