// A tower defence: creeps walk from two spawns to the base along one flow field; the player
// places 2 x 2 towers between waves. Each placement is asked first (`FieldRepair::would_block`:
// a tower that would cut a spawn off from the base is refused), then committed and the field and
// flow repaired in place (`FieldRepair::repair`), so the creeps already on the map turn at once.
// The program checks as it goes that every repaired field equals a rebuild, and that every creep
// reaches the base; it fails (exit 1) otherwise.
#include <pathing/pathing.hpp>

#include <array>
#include <cstdio>
#include <vector>

namespace {

constexpr int kCols = 40;
constexpr int kRows = 24;
constexpr pathing::GridCoord kBase{38, 12};
constexpr std::array<pathing::GridCoord, 2> kSpawns = {{{1, 2}, {1, 21}}};

// Tower spots the player tries, in order (top-left cells of 2 x 2 towers), one every 20 ticks.
// The wall at column 20 leaves two gaps, rows 6..7 and 16..17: the last two towers close them
// one after the other, so the second is refused (it would cut both spawns off).
constexpr std::array<pathing::GridCoord, 10> kTowers = {{{10, 2},
                                                         {10, 19},
                                                         {14, 10},
                                                         {26, 12},
                                                         {30, 8},
                                                         {30, 15},
                                                         {34, 11},
                                                         {6, 11},
                                                         {20, 6},
                                                         {20, 16}}};

struct Creep {
  pathing::GridCoord at;
  bool home = false;
};

bool same_as_rebuild(const pathing::Grid& grid, const pathing::GridLayer& layer,
                     const pathing::DistanceField& field, const pathing::FlowField& flow) {
  pathing::Dijkstra dijkstra;
  pathing::DistanceField fresh;
  pathing::FlowField fresh_flow;
  dijkstra.compute(grid, layer, kBase, fresh);
  fresh_flow.build(grid, layer, fresh);
  const auto a = field.costs_fixed();
  const auto b = fresh.costs_fixed();
  const auto fa = flow.directions();
  const auto fb = fresh_flow.directions();
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i] || fa[i] != fb[i]) return false;
  }
  return true;
}

}  // namespace

int main() {
  pathing::Grid grid(kCols, kRows);
  // A wall down column 20 with two gaps.
  for (int y = 0; y < kRows; ++y) {
    if ((y < 6 || y > 7) && (y < 16 || y > 17)) grid.set_blocked({20, y}, true);
  }
  const pathing::GridLayer layer;  // tag 0 costs 1; blocked cells (walls, towers) impassable
  pathing::Dijkstra dijkstra;
  pathing::DistanceField field;
  dijkstra.compute(grid, layer, kBase, field);  // 8-connected, toward the base
  pathing::FlowField flow;
  flow.build(grid, layer, field);
  pathing::FieldRepair repair;

  std::vector<Creep> creeps;
  std::size_t next_tower = 0;
  int placed = 0;
  int refused = 0;
  int arrived = 0;
  bool ok = true;
  for (int tick = 0; tick < 400; ++tick) {
    // A wave of two creeps every 10 ticks: ticks 0..90, then 200..290 (after every tower).
    if (tick % 10 == 0 && (tick < 100 || (tick >= 200 && tick < 300))) {
      for (const pathing::GridCoord s : kSpawns) creeps.push_back({s});
    }
    // Between waves, the player tries the next tower.
    if (tick % 20 == 5 && next_tower < kTowers.size()) {
      const pathing::GridCoord t = kTowers[next_tower++];
      const std::array<pathing::GridCoord, 4> cells = {
          {t, {t.x + 1, t.y}, {t.x, t.y + 1}, {t.x + 1, t.y + 1}}};
      bool on_creep = false;  // (a tower is never built on a creep)
      for (const Creep& c : creeps)
        for (const pathing::GridCoord cell : cells) on_creep |= !c.home && c.at == cell;
      const pathing::BlockCheck check = repair.would_block(grid, layer, field, cells, kSpawns);
      if (!check.ok()) return 1;
      if (check.blocks) {
        ++refused;
        std::printf("tick %d: tower at (%d, %d) refused: it would cut %zu spawn(s) off\n", tick,
                    t.x, t.y, check.cut);
      } else if (on_creep) {
        ++refused;
        std::printf("tick %d: tower at (%d, %d) refused: a creep stands there\n", tick, t.x, t.y);
      } else {
        for (const pathing::GridCoord cell : cells) grid.set_blocked(cell, true);
        const pathing::FieldRepairStats st = repair.repair(grid, layer, field, &flow);
        ok = ok && st.ok() && same_as_rebuild(grid, layer, field, flow);
        ++placed;
        char what[64];
        if (st.gave_up) {  // the change was too large to repair: rebuilt instead
          std::snprintf(what, sizeof what, "field rebuilt");
        } else {
          std::snprintf(what, sizeof what, "%llu cells repaired",
                        static_cast<unsigned long long>(st.changed));
        }
        std::printf("tick %d: tower at (%d, %d) placed, %s; from (1, 2) to the base: %.2f\n", tick,
                    t.x, t.y, what, field.cost(kSpawns[0]));
      }
    }
    // Every creep takes one step down the flow.
    for (Creep& c : creeps) {
      if (c.home) continue;
      if (c.at == kBase) {
        c.home = true;
        ++arrived;
        continue;
      }
      if (!flow.next_step(c.at)) {
        std::printf("tick %d: a creep at (%d, %d) has no way to the base\n", tick, c.at.x, c.at.y);
        return 1;
      }
      c.at = flow.next_cell(c.at);
    }
  }
  std::printf("%d towers placed, %d refused; %d of %zu creeps reached the base; fields %s\n",
              placed, refused, arrived, creeps.size(),
              ok ? "equal to rebuilds" : "DIFFER FROM REBUILDS");
  return ok && arrived == static_cast<int>(creeps.size()) ? 0 : 1;
}
