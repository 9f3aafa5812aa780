// An RTS tick with units of three sizes: 60 units of 1 x 1, 2 x 2 and 3 x 3 cells cross a 96 x 96
// map of rooms whose doors are 1 to 4 cells wide (a 3 x 3 tank only gets through the wide ones),
// among 6 units that wander about (moving blockers), while 2 doors close for a while. It shows:
// - a `ClearanceMap` (the clearance values of HAA*: Harabor & Botea, "Hierarchical path planning
//   for multi-size agents in heterogeneous environments", IEEE CIG 2008) and its unit grids kept
//   in sync with a grid on which units move: a unit's body is the blocked bit of its k x k cells,
//   a soft cost for planning (a path may go through a crowd, at a price), while walls (tile tag
//   1, cost 0) can never be entered;
// - sliced A* queries for every size (`SearchOptions::unit_size` and `clearance`) served by one
//   queue with a budget of expansions a tick shared by all requests (Detour's
//   initSlicedFindPath / updateSlicedFindPath / finalizeSlicedFindPath, as its dtPathQueue
//   serves them);
// - every step checked with `check_move` on the unit grid of the unit's size before it is taken:
//   a unit whose next position is taken by another body waits, then asks for a path round the
//   units next to it (those, and the units that arrived, are walls for that query only).
// A sliced query turns `stale` as soon as its grid is written, and units write the grid every
// tick, so the queries run on a planning copy of the grid with its own ClearanceMap, brought up
// to date (with the requesting unit's own body taken off) only before a query starts.
// Checked (exit 1 otherwise): every step taken is legal for the body (brute force over its cells),
// check_move never refuses a legal step, every sliced result equals find_path's on the same grid,
// no tick spends more expansions than its budget, and at least 80% of the units arrive.
#include <pathing/clearance.hpp>
#include <pathing/pathing.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <utility>
#include <vector>

namespace {

using pathing::GridCoord;

constexpr int kSide = 96;
constexpr int kRoom = 16;  // 15 cells of floor, then a wall line (x or y = 15, 31, ..., 79)
constexpr std::uint8_t kWallTag = 1;
constexpr std::uint8_t kHardTag = 2;  // planning grid only: a unit to go round (cost 0)
constexpr std::uint8_t kFloorCost = 1;
constexpr std::uint8_t kCrowdCost = 4;  // a cell under a unit, for planning
constexpr int kMaxSize = 3;
constexpr int kUnits = 60;     // units with a goal, sizes 1, 2, 3 (index % 3 + 1)
constexpr int kWanderers = 6;  // moving blockers, sizes 1 and 2
constexpr int kBudget = 2500;  // expansions a tick, all requests together
constexpr int kMaxTicks = 1000;
constexpr int kMaxWait = 3;      // ticks a unit waits for a taken cell before asking for a new path
constexpr int kRetryTicks = 16;  // ticks before asking again after a search that found no path

// A small deterministic generator (the same run on every platform).
std::uint32_t next_random(std::uint64_t& state) {
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  return static_cast<std::uint32_t>(state >> 33);
}

int random_below(std::uint64_t& state, int n) {
  return static_cast<int>(next_random(state) % static_cast<std::uint32_t>(n));
}

struct Door {
  bool vertical = false;  // in a wall line x = const, between rooms (c, r) and (c + 1, r)
  int c = 0;
  int r = 0;
  std::vector<GridCoord> cells;
};

// Rooms of 15 x 15 cells (16 in the last row and column) with one door in each wall between two
// rooms, 1 to 4 cells wide. The east-west doors of room rows 1 and 4, and the north-south ones
// but those between room rows 2 and 3 (except in columns 0 and 3), are 3 or 4 wide, so a 3 x 3
// unit reaches every room, if not always by the shortest way; a 2 x 2 pillar stands in every
// other room.
pathing::Grid make_map(std::vector<Door>& doors) {
  pathing::Grid grid(kSide, kSide);
  const int rooms = kSide / kRoom;
  for (int y = 0; y < kSide; ++y) {
    for (int x = 0; x < kSide; ++x) {
      const bool wall_x = x % kRoom == kRoom - 1 && x < kSide - 1;
      const bool wall_y = y % kRoom == kRoom - 1 && y < kSide - 1;
      if (wall_x || wall_y) grid.set_tile({x, y}, kWallTag);
    }
  }
  std::uint64_t rng = 2008;
  for (int vertical = 1; vertical >= 0; --vertical) {
    for (int r = 0; r < (vertical ? rooms : rooms - 1); ++r) {
      for (int c = 0; c < (vertical ? rooms - 1 : rooms); ++c) {
        const bool wide = vertical ? (r == 1 || r == 4) : (r != 2 || c == 0 || c == 3);
        const int width = wide ? 3 + random_below(rng, 2) : 1 + random_below(rng, 4);
        const int offset = 2 + random_below(rng, kRoom - 1 - width - 3);
        Door d;
        d.vertical = vertical != 0;
        d.c = c;
        d.r = r;
        for (int i = 0; i < width; ++i) {
          d.cells.push_back(vertical ? GridCoord{c * kRoom + kRoom - 1, r * kRoom + offset + i}
                                     : GridCoord{c * kRoom + offset + i, r * kRoom + kRoom - 1});
        }
        for (const GridCoord cell : d.cells) grid.set_tile(cell, 0);
        doors.push_back(d);
      }
    }
  }
  for (int r = 0; r < rooms; ++r) {
    for (int c = 0; c < rooms; ++c) {
      if ((r + c) % 2 != 0) continue;
      for (int i = 0; i < 4; ++i)
        grid.set_tile({c * kRoom + 6 + i % 2, r * kRoom + 6 + i / 2}, kWallTag);
    }
  }
  return grid;
}

struct Unit {
  int size = 1;
  bool wanderer = false;
  GridCoord at;
  GridCoord goal;
  std::vector<GridCoord> path;  // anchors from `at` (path[pos]) to the goal; empty: none
  std::size_t pos = 0;
  bool requested = false;  // in the queue, waiting for its path (it stays where it is)
  bool arrived = false;
  int waited = 0;            // ticks waited on a taken next position
  int stuck = 0;             // new paths asked for in a row without a step taken
  int retry_tick = 0;        // asks for no path before this tick (after a search that found none)
  int heading = 0;           // wanderers: a Direction8
  bool round_units = false;  // the next path goes round the units next to it (it was stuck)
};

struct Stats {
  int failures = 0;
  int steps = 0;
  int waits = 0;
  int give_ways = 0;
  int replans_blocked = 0;  // new paths asked for after waiting on a unit
  int invalidated = 0;      // paths cut by a closing door (before or after delivery)
  int planned = 0;          // sliced queries finished (each compared with find_path)
  int not_found = 0;
  int plan_updated = 0;  // planning ClearanceMap brought up to date from the edit log
  int plan_rebuilt = 0;  // ... or rebuilt (more than 64 cells written since)
};

void fail(Stats& stats, const char* what, const Unit& u, GridCoord to) {
  if (++stats.failures <= 10) {
    std::printf("FAILED: %s (unit of size %d at (%d, %d), to (%d, %d))\n", what, u.size, u.at.x,
                u.at.y, to.x, to.y);
  }
}

// The live world: the grid, who stands where, and the clearance map the moves are checked on.
struct World {
  World(pathing::Grid g, const pathing::GridLayer& l)
      : grid(std::move(g)),
        layer(l),
        occupancy(static_cast<std::size_t>(kSide * kSide), 0),
        clearance(grid, layer, kMaxSize) {
    // Moves: a body may not step onto another (a unit is soft only for planning). The unit
    // layer's codes cost the distinct costs of `layer`, smallest first (1: floor, 4: crowd), so
    // a body whose cost there is above the floor's overlaps a unit: those codes are refused.
    move_layer = clearance.unit_layer();
    for (std::uint8_t t = 0; t < 8; ++t) {
      if (move_layer.tag_cost(t) != kFloorCost) move_layer = move_layer.with_tag_cost(t, 0);
    }
  }

  [[nodiscard]] std::size_t index(GridCoord c) const {
    return static_cast<std::size_t>(c.y) * kSide + static_cast<std::size_t>(c.x);
  }

  // Adds (delta 1) or takes off (delta -1) a body of `size` at anchor `at`: a cell's blocked bit
  // is set while some body covers it. Then the clearance map catches up (from the edit log).
  void place(GridCoord at, int size, int delta) {
    for (int dy = 0; dy < size; ++dy) {
      for (int dx = 0; dx < size; ++dx) {
        const GridCoord c{at.x + dx, at.y + dy};
        std::uint8_t& n = occupancy[index(c)];
        n = static_cast<std::uint8_t>(n + delta);
        if ((n > 0) != grid.is_blocked(c)) grid.set_blocked(c, n > 0);
      }
    }
    clearance.sync(grid, layer);
  }

  // Brute force, from the tiles and the occupancy: the k x k body at `p` is on the grid, on no
  // wall and on no other unit.
  [[nodiscard]] bool body_free(GridCoord p, int size) const {
    for (int dy = 0; dy < size; ++dy) {
      for (int dx = 0; dx < size; ++dx) {
        const GridCoord c{p.x + dx, p.y + dy};
        if (!grid.in_bounds(c) || grid.tile(c) == kWallTag || occupancy[index(c)] != 0)
          return false;
      }
    }
    return true;
  }

  // Brute force: a step to a neighbour whose body is free; a diagonal needs the bodies at both
  // orthogonal neighbours free too (no corner cut).
  [[nodiscard]] bool legal_step(GridCoord a, GridCoord b, int size) const {
    const int dx = b.x - a.x;
    const int dy = b.y - a.y;
    if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0)) return false;
    if (!body_free(b, size)) return false;
    return dx == 0 || dy == 0 || (body_free({b.x, a.y}, size) && body_free({a.x, b.y}, size));
  }

  // The step a -> b for a unit of `size` (its own body off the grid): onto free cells only.
  [[nodiscard]] pathing::MoveCheck check(GridCoord a, GridCoord b, int size) const {
    return pathing::check_move(*clearance.unit_grid(size), move_layer, a, b);
  }

  // Whether the rest of a path avoids every wall (units do not count: they may move).
  [[nodiscard]] bool path_valid(const std::vector<GridCoord>& path, std::size_t from,
                                int size) const {
    for (std::size_t i = from; i + 1 < path.size(); ++i) {
      if (!pathing::check_move(*clearance.unit_grid(size), clearance.unit_layer(), path[i],
                               path[i + 1]))
        return false;
    }
    return true;
  }

  pathing::Grid grid;
  pathing::GridLayer layer;
  pathing::GridLayer move_layer;
  std::vector<std::uint8_t> occupancy;  // bodies covering each cell (row-major)
  pathing::ClearanceMap clearance;
};

// Takes the step a -> b if check_move allows it (the unit's body is off the grid), after checking
// check_move against the brute force. Returns whether the unit moved.
bool try_step(World& world, Unit& u, GridCoord to, Stats& stats) {
  const bool allowed = world.check(u.at, to, u.size).allowed;
  const bool legal = world.legal_step(u.at, to, u.size);
  if (allowed && !legal) fail(stats, "check_move allowed an illegal step", u, to);
  if (!allowed && legal) fail(stats, "check_move refused a legal step", u, to);
  if (!allowed) return false;
  u.at = to;
  ++stats.steps;
  return true;
}

// Path requests served in turn by one A* searcher, `budget` expansions a tick in all. The queries
// run on `plan_`, a copy of the live grid brought up to date before each query starts (with the
// requesting unit's own body off it) and left alone while the query runs: the live grid changes
// every tick, which would turn a query spanning ticks `stale`.
class PathService {
 public:
  explicit PathService(const World& world)
      : plan_(world.grid),
        plan_clearance_(plan_, world.layer, kMaxSize),
        searcher_(kSide, kSide),
        checker_(kSide, kSide) {}

  void request(Unit& u, int unit) {
    u.requested = true;
    queue_.push_back(unit);
  }

  // Serves the queue with at most `budget` expansions; returns the expansions spent.
  int tick(int budget, int now, World& world, std::vector<Unit>& units, Stats& stats) {
    int spent = 0;
    while (spent < budget) {
      if (!searcher_.query_active()) {
        if (queue_.empty()) break;
        current_ = queue_.front();
        queue_.pop_front();
        const Unit& u = units[static_cast<std::size_t>(current_)];
        refresh(world, units, u, stats);
        options_ = {};
        options_.unit_size = u.size;
        options_.clearance = &plan_clearance_;
        from_ = u.at;
        searcher_.start_query(plan_, world.layer, u.at, u.goal, options_);  // nothing expanded
        before_ = 0;
      }
      const pathing::PathResult r = searcher_.continue_query(budget - spent);
      spent += static_cast<int>(r.stats.expanded - before_);
      before_ = r.stats.expanded;
      if (r.status == pathing::SearchStatus::in_progress) break;  // budget spent: next tick
      deliver(now, world, units[static_cast<std::size_t>(current_)], stats);
    }
    return spent;
  }

 private:
  // The planning grid: the live tiles, blocked where a body other than `u`'s stands, except
  // that units which arrived (they stay), and when `u.round_units` those next to `u`, are walls
  // (kHardTag). Only the cells that differ are written, so the planning ClearanceMap catches up
  // from the edit log when few did (a rebuild otherwise).
  void refresh(const World& world, const std::vector<Unit>& units, const Unit& u, Stats& stats) {
    hard_.assign(world.occupancy.size(), 0);
    for (const Unit& o : units) {
      const bool near = u.round_units && &o != &u && o.at.x <= u.at.x + u.size &&
                        u.at.x <= o.at.x + o.size && o.at.y <= u.at.y + u.size &&
                        u.at.y <= o.at.y + o.size;
      if (!o.arrived && !near) continue;
      for (int dy = 0; dy < o.size; ++dy) {
        for (int dx = 0; dx < o.size; ++dx) hard_[world.index({o.at.x + dx, o.at.y + dy})] = 1;
      }
    }
    for (int y = 0; y < kSide; ++y) {
      for (int x = 0; x < kSide; ++x) {
        const std::size_t i = world.index({x, y});
        const bool own = x >= u.at.x && x < u.at.x + u.size && y >= u.at.y && y < u.at.y + u.size;
        const int others = world.occupancy[i] - (own ? 1 : 0);
        const auto want =
            hard_[i] != 0
                ? kHardTag
                : static_cast<std::uint8_t>(world.grid.tile({x, y}) |
                                            (others > 0 ? pathing::Grid::kBlockedBit : 0));
        if (plan_.cell_unchecked(x, y) != want) plan_.set_cell({x, y}, want);
      }
    }
    const pathing::MapSync s = plan_clearance_.sync(plan_, world.layer);
    stats.plan_updated += s == pathing::MapSync::updated;
    stats.plan_rebuilt += s == pathing::MapSync::rebuilt;
  }

  // Ends the query, compares it with a one-shot find_path on the same grid, and hands the path
  // to the unit if no door closed on it meanwhile.
  void deliver(int now, const World& world, Unit& u, Stats& stats) {
    const pathing::PathResult r = searcher_.finish_query(path_);
    const pathing::PathResult one_shot =
        checker_.find_path(plan_, world.layer, from_, u.goal, check_path_, options_);
    ++stats.planned;
    if (r.status != one_shot.status || r.cost != one_shot.cost || r.moves != one_shot.moves ||
        r.finish != one_shot.finish || r.stats.expanded != one_shot.stats.expanded ||
        r.stats.generated != one_shot.stats.generated || path_ != check_path_)
      fail(stats, "a sliced query differs from find_path", u, u.goal);
    u.requested = false;
    if (!r.found()) {
      ++stats.not_found;
      // Round the units next to it: no way; else try again later (a door may open).
      u.retry_tick = u.round_units ? now + 1 : now + kRetryTicks;
      u.round_units = false;
      return;
    }
    u.round_units = false;
    if (path_.front() != u.at) fail(stats, "a path does not start at the unit", u, path_.front());
    if (!world.path_valid(path_, 0, u.size)) {  // a door closed since the query started
      ++stats.invalidated;
      return;  // asks again next tick
    }
    u.path.swap(path_);
    u.pos = 0;
    u.waited = 0;
  }

  pathing::Grid plan_;
  pathing::ClearanceMap plan_clearance_;
  pathing::AStar searcher_;
  pathing::AStar checker_;
  std::deque<int> queue_;
  int current_ = 0;
  GridCoord from_;
  pathing::SearchOptions options_;
  std::uint64_t before_ = 0;
  std::vector<GridCoord> path_;
  std::vector<GridCoord> check_path_;
  std::vector<std::uint8_t> hard_;  // cells the next query may not enter
};

// The k x k body at `p` lies inside one room, 3 cells or more from its walls (a unit parked
// there leaves a ring round the room wide enough for every size, from door to door), and with a
// margin of one cell around it, off every cell `taken` marks.
bool good_spot(const World& world, const std::vector<std::uint8_t>& taken, GridCoord p, int size) {
  if (!world.clearance.fits(p, size)) return false;
  for (int dy = -1; dy <= size; ++dy) {
    for (int dx = -1; dx <= size; ++dx) {
      const GridCoord c{p.x + dx, p.y + dy};
      const bool body = dx >= 0 && dy >= 0 && dx < size && dy < size;
      if (!world.grid.in_bounds(c)) {
        if (body) return false;
        continue;
      }
      if (body && (c.x % kRoom < 3 || c.x % kRoom > kRoom - 5 || c.y % kRoom < 3 ||
                   c.y % kRoom > kRoom - 5))
        return false;
      if (taken[world.index(c)] != 0) return false;
    }
  }
  return true;
}

// Labels the components of the anchors where a body of `size` fits (4-connected: an 8-connected
// move that cuts no corner joins anchors that 4-connected ones join too).
std::vector<int> components(const World& world, int size) {
  std::vector<int> label(static_cast<std::size_t>(kSide * kSide), 0);
  int next = 0;
  std::vector<GridCoord> stack;
  for (int y = 0; y < kSide; ++y) {
    for (int x = 0; x < kSide; ++x) {
      if (label[world.index({x, y})] != 0 || !world.clearance.fits({x, y}, size)) continue;
      label[world.index({x, y})] = ++next;
      stack.push_back({x, y});
      while (!stack.empty()) {
        const GridCoord c = stack.back();
        stack.pop_back();
        for (int d = 0; d < 4; ++d) {
          const GridCoord n = c + pathing::step_offset(static_cast<pathing::Direction8>(d));
          if (!world.clearance.fits(n, size) || label[world.index(n)] != 0) continue;
          label[world.index(n)] = next;
          stack.push_back(n);
        }
      }
    }
  }
  return label;
}

// A random cell where `ok` holds (at most 100000 tries); false when none was found.
template <class Ok>
bool random_spot(std::uint64_t& rng, GridCoord& out, const Ok& ok) {
  for (int tries = 0; tries < 100000; ++tries) {
    out = {random_below(rng, kSide), random_below(rng, kSide)};
    if (ok(out)) return true;
  }
  return false;
}

void mark(const World& world, std::vector<std::uint8_t>& taken, GridCoord p, int size) {
  for (int dy = 0; dy < size; ++dy) {
    for (int dx = 0; dx < size; ++dx) taken[world.index({p.x + dx, p.y + dy})] = 1;
  }
}

}  // namespace

int main() {
  std::vector<Door> doors;
  // Floor costs 1 and a wall (tag 1) cannot be entered; a cell under a unit (blocked bit) costs
  // 4 on the floor and stays impassable on a wall (per-tag blocked costs).
  const pathing::GridLayer layer(std::array<std::uint8_t, 8>{kFloorCost, 0, 0, 0, 0, 0, 0, 0},
                                 std::array<std::uint8_t, 8>{kCrowdCost, 0, 0, 0, 0, 0, 0, 0});
  World world(make_map(doors), layer);

  // Units: starts and goals inside rooms, bodies a cell apart, each goal reachable from its
  // start for the unit's size (doors open) and at least 32 cells away on one axis.
  std::uint64_t rng = 16;
  std::vector<std::vector<int>> labels;
  for (int k = 1; k <= kMaxSize; ++k) labels.push_back(components(world, k));
  std::vector<Unit> units(kUnits + kWanderers);
  std::vector<std::uint8_t> taken(static_cast<std::size_t>(kSide * kSide), 0);
  for (int i = 0; i < kUnits + kWanderers; ++i) {
    Unit& u = units[static_cast<std::size_t>(i)];
    u.wanderer = i >= kUnits;
    u.size = u.wanderer ? 1 + i % 2 : 1 + i % 3;
    u.heading = random_below(rng, 8);
    if (!random_spot(rng, u.at, [&](GridCoord p) { return good_spot(world, taken, p, u.size); })) {
      std::printf("FAILED: no room for unit %d\n", i);
      return 1;
    }
    mark(world, taken, u.at, u.size);
  }
  for (Unit& u : units) {
    if (u.wanderer) continue;
    const std::vector<int>& label = labels[static_cast<std::size_t>(u.size - 1)];
    const auto far_and_free = [&](GridCoord p) {
      return (std::abs(p.x - u.at.x) >= 32 || std::abs(p.y - u.at.y) >= 32) &&
             good_spot(world, taken, p, u.size) &&
             label[world.index(p)] == label[world.index(u.at)];
    };
    if (!random_spot(rng, u.goal, far_and_free)) {
      std::printf("FAILED: no goal for the unit at (%d, %d)\n", u.at.x, u.at.y);
      return 1;
    }
    mark(world, taken, u.goal, u.size);
  }
  for (const Unit& u : units) world.place(u.at, u.size, 1);

  // Two doors close for a while: a wide one on the north-south way of room column 3, and the
  // east-west one between rooms (2, 2) and (3, 2).
  struct Closing {
    std::size_t door;
    int close_tick;
    int open_tick;
    bool closed;
  };
  std::vector<Closing> closings;
  for (std::size_t d = 0; d < doors.size(); ++d) {
    if (!doors[d].vertical && doors[d].c == 3 && doors[d].r == 2)
      closings.push_back({d, 40, 160, false});
    if (doors[d].vertical && doors[d].c == 2 && doors[d].r == 2)
      closings.push_back({d, 80, 220, false});
  }

  PathService service(world);
  Stats stats;
  std::array<int, kMaxSize + 1> arrived{};
  std::array<int, kMaxSize + 1> of_size{};
  for (const Unit& u : units) of_size[static_cast<std::size_t>(u.size)] += !u.wanderer;
  int arrivals = 0;
  long long expansions = 0;
  int max_expansions = 0;
  int tick = 0;
  for (; tick < kMaxTicks && arrivals < kUnits; ++tick) {
    // 1. Doors: a door closes once no body stands in it; paths through it are dropped.
    bool walls_changed = false;
    for (Closing& cl : closings) {
      const Door& door = doors[cl.door];
      if (!cl.closed && tick >= cl.close_tick && tick < cl.open_tick) {
        bool clear = true;
        for (const GridCoord c : door.cells) clear = clear && world.occupancy[world.index(c)] == 0;
        if (!clear) continue;
        for (const GridCoord c : door.cells) world.grid.set_tile(c, kWallTag);
        cl.closed = walls_changed = true;
      } else if (cl.closed && tick >= cl.open_tick) {
        for (const GridCoord c : door.cells) world.grid.set_tile(c, 0);
        cl.closed = false;
        walls_changed = true;
      }
    }
    if (walls_changed) {
      world.clearance.sync(world.grid, world.layer);
      for (Unit& u : units) {
        if (!u.path.empty() && !world.path_valid(u.path, u.pos, u.size)) {
          u.path.clear();
          ++stats.invalidated;
        }
      }
    }

    // 2. Units with no path ask for one; the queue serves them with this tick's budget.
    for (int i = 0; i < kUnits; ++i) {
      Unit& u = units[static_cast<std::size_t>(i)];
      if (!u.arrived && !u.requested && u.path.empty() && tick >= u.retry_tick)
        service.request(u, i);
    }
    const int spent = service.tick(kBudget, tick, world, units, stats);
    if (spent > kBudget) {
      std::printf("FAILED: tick %d spent %d expansions, over the budget of %d\n", tick, spent,
                  kBudget);
      ++stats.failures;
    }
    expansions += spent;
    max_expansions = spent > max_expansions ? spent : max_expansions;

    // 3. Moves, one step a unit: each takes its own body off the grid, checks its step on the
    // unit grid of its size, and puts its body back where it stands.
    for (Unit& u : units) {
      if (u.arrived || u.requested || (!u.wanderer && u.path.empty())) continue;
      world.place(u.at, u.size, -1);
      if (u.wanderer) {  // on in its heading, else the first free one from a random turn
        const int turn = random_below(rng, 8);
        for (int t = 0; t <= 8; ++t) {
          const int d = t == 0 ? u.heading : (turn + t) % 8;
          if (try_step(world, u, u.at + pathing::step_offset(static_cast<pathing::Direction8>(d)),
                       stats)) {
            u.heading = d;
            break;
          }
        }
      } else if (const GridCoord next = u.path[u.pos + 1]; try_step(world, u, next, stats)) {
        ++u.pos;
        u.waited = 0;
        u.stuck = 0;
        if (u.at == u.goal) {
          u.arrived = true;
          ++arrived[static_cast<std::size_t>(u.size)];
          ++arrivals;
        }
      } else if (!pathing::check_move(*world.clearance.unit_grid(u.size),
                                      world.clearance.unit_layer(), u.at, next)) {
        u.path.clear();  // a wall (a door closed): a new path next tick
        ++stats.invalidated;
      } else if (++u.waited > kMaxWait) {  // a unit in the way: ask for a path round it
        ++stats.replans_blocked;
        u.round_units = true;
        if (++u.stuck >= 2) {  // twice in a row: give way, one step anywhere free
          const int turn = random_below(rng, 8);
          for (int t = 0; t < 8; ++t) {
            const GridCoord to =
                u.at + pathing::step_offset(static_cast<pathing::Direction8>((turn + t) % 8));
            if (try_step(world, u, to, stats)) {
              ++stats.give_ways;
              u.stuck = 0;
              break;
            }
          }
        }
        u.path.clear();
      } else {
        ++stats.waits;
      }
      world.place(u.at, u.size, 1);
    }
  }

  std::printf("%d units (%d, %d, %d of sizes 1, 2, 3) and %d wanderers on a %d x %d map of rooms\n",
              kUnits, of_size[1], of_size[2], of_size[3], kWanderers, kSide, kSide);
  std::printf("%d ticks: %d of %d units arrived (size 1: %d, size 2: %d, size 3: %d)\n", tick,
              arrivals, kUnits, arrived[1], arrived[2], arrived[3]);
  std::printf(
      "%d paths planned by sliced A* (%d found none), each compared with find_path; %d steps, %d "
      "waits, %d new paths after waiting, %d give-ways, %d paths cut by doors\n",
      stats.planned, stats.not_found, stats.steps, stats.waits, stats.replans_blocked,
      stats.give_ways, stats.invalidated);
  std::printf(
      "expansions a tick: mean %.1f, max %d (budget %d); planning map synced %d times from the "
      "edit log, %d rebuilds\n",
      static_cast<double>(expansions) / tick, max_expansions, kBudget, stats.plan_updated,
      stats.plan_rebuilt);
  if (arrivals * 5 < kUnits * 4) {
    std::printf("FAILED: only %d of %d units arrived (80%% needed)\n", arrivals, kUnits);
    ++stats.failures;
  }
  if (stats.failures > 0) {
    std::printf("%d checks FAILED\n", stats.failures);
    return 1;
  }
  std::printf("every check passed\n");
  return 0;
}
