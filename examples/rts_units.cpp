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
// - a `PathFollower` per unit walking the path its query found (`set_path`, refused when a door
//   closed on it meanwhile: the unit asks again): each tick `advance` on the unit's follow grid
//   (its size's unit grid with units as blocked bits, see `World`) says move, wait for a unit in
//   the way, side-step it, or replan (round a closed door, round a jam), each replan bounded by
//   `limits.max_expansions`; a follower that finds no way within that hands its unit back to
//   the queue, and a unit that has not stepped for kStuckTicks gives way (one step aside).
// A sliced query turns `stale` as soon as its grid is written, and units write the grid every
// tick, so the queries run on a planning copy of the grid with its own ClearanceMap, brought up
// to date (with the requesting unit's own body taken off) only before a query starts. A unit
// takes its own body off the live grid while its follower advances and it steps.
// Checked (exit 1 otherwise): every step taken is legal for the body (brute force over its cells),
// check_move never refuses a legal step, every step a follower gives can be taken, every sliced
// result equals find_path's on the same grid, no tick spends more expansions than the queue's
// budget (sliced queries) nor than the followers' allowance (their replans, counted through
// their searcher), and at least 80% of the units arrive.
#include <pathing/pathing.hpp>
#include <pathing/precompute/clearance_map.hpp>

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
constexpr int kUnits = 60;         // units with a goal, sizes 1, 2, 3 (index % 3 + 1)
constexpr int kWanderers = 6;      // moving blockers, sizes 1 and 2
constexpr int kBudget = 2500;      // expansions a tick, all sliced requests together
constexpr int kReplanLimit = 600;  // expansions a follower search may spend (limits.max_expansions)
// Expansions a tick all the followers' replans may spend together: a follower is advanced only
// while a full planning (two searches of kReplanLimit) still fits; the others stay this tick.
constexpr int kFollowBudget = 4 * 2 * kReplanLimit;
constexpr int kMaxTicks = 1000;
constexpr int kRetryTicks = 16;  // ticks before asking again after a search that found no path
constexpr int kStuckTicks = 24;  // ticks without a step before a unit gives way (one step aside)

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
  pathing::PathFollower follower;  // idle: no path (none asked for yet, or handed back)
  bool requested = false;          // in the queue, waiting for its path (it stays where it is)
  bool arrived = false;
  int still = 0;       // ticks with a path but without a step
  int retry_tick = 0;  // asks for no path before this tick (after a search that found none)
  int heading = 0;     // wanderers: a Direction8
};

struct Stats {
  int failures = 0;
  int steps = 0;
  int moves = 0;       // follower actions: move
  int waits = 0;       // ... wait
  int side_steps = 0;  // ... side_step
  int replans = 0;     // ... advances that searched (replanned, or a wait / failed after a search)
  int follow_failed = 0;  // followers whose replan failed (`failed`): handed back to the queue
  int deferred = 0;       // unit-ticks not advanced: the tick's follower allowance was spent
  int give_ways = 0;
  int refused = 0;  // sliced paths set_path refused (a door closed on them meanwhile)
  int planned = 0;  // sliced queries finished (each compared with find_path)
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

// The live world: the grid, who stands where, its clearance map, and the grids the followers
// move on.
//
// The follow grids: a unit grid codes a body's cost, not the blocked bit, so with the crowd's
// soft cost a body overlapping a unit reads "tag 1, cost 4" there: a `PathFollower` on it would
// either walk into units (under `unit_layer()`) or, with that code made impassable, take every
// unit for a wall (replanning instead of waiting, and re-checking its whole path whenever a unit
// stands on it). So each size has a follow grid, the unit grid with its codes translated: a body
// that fits on floor only is 0, one that overlaps a unit is 0 with the blocked bit (a taken cell
// under `follow_layer`, soft for the follower: it waits, side-steps or replans round it), one
// that does not fit is `kNoFit` (a wall). It is kept in sync from the unit grid's edit log.
struct World {
  World(pathing::Grid g, const pathing::GridLayer& l)
      : grid(std::move(g)),
        layer(l),
        follow_layer(std::array<std::uint8_t, 8>{kFloorCost, 0, 0, 0, 0, 0, 0, 0},
                     std::array<std::uint8_t, 8>{0, 0, 0, 0, 0, 0, 0, 0}),
        occupancy(static_cast<std::size_t>(kSide * kSide), 0),
        clearance(grid, layer, kMaxSize) {
    for (int k = 0; k < kMaxSize; ++k) follow.emplace_back(kSide, kSide);
    follow_version.assign(kMaxSize, 0);
    sync_follow(true);
  }

  [[nodiscard]] std::size_t index(GridCoord c) const {
    return static_cast<std::size_t>(c.y) * kSide + static_cast<std::size_t>(c.x);
  }

  [[nodiscard]] const pathing::Grid& follow_grid(int size) const {
    return follow[static_cast<std::size_t>(size - 1)];
  }

  // Brings the clearance map and the follow grids up to date with the grid.
  void sync() {
    clearance.sync(grid, layer);
    sync_follow(false);
  }

  // Adds (delta 1) or takes off (delta -1) a body of `size` at anchor `at`: a cell's blocked bit
  // is set while some body covers it. Then the clearance map and follow grids catch up.
  void place(GridCoord at, int size, int delta) {
    for (int dy = 0; dy < size; ++dy) {
      for (int dx = 0; dx < size; ++dx) {
        const GridCoord c{at.x + dx, at.y + dy};
        std::uint8_t& n = occupancy[index(c)];
        n = static_cast<std::uint8_t>(n + delta);
        if ((n > 0) != grid.is_blocked(c)) grid.set_blocked(c, n > 0);
      }
    }
    sync();
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
    return pathing::check_move(follow_grid(size), follow_layer, a, b);
  }

  pathing::Grid grid;
  pathing::GridLayer layer;
  pathing::GridLayer follow_layer;      // floor 1; blocked (a unit under the body) and kNoFit: 0
  std::vector<std::uint8_t> occupancy;  // bodies covering each cell (row-major)
  pathing::ClearanceMap clearance;
  std::vector<pathing::Grid> follow;  // size k at k - 1 (see above)

 private:
  [[nodiscard]] std::uint8_t translate(std::uint8_t code) const {
    const std::uint8_t cost = clearance.unit_layer().cost_of_cell(code);
    if (cost == 0) return pathing::ClearanceMap::kNoFit;
    return cost == kFloorCost ? std::uint8_t{0} : pathing::Grid::kBlockedBit;
  }

  void copy_cell(pathing::Grid& to, const pathing::Grid& from, int x, int y) {
    const std::uint8_t v = translate(from.cell_unchecked(x, y));
    if (to.cell_unchecked(x, y) != v) to.set_cell({x, y}, v);
  }

  // Copies the anchors the unit grids' edit logs name (every anchor when a log cannot tell).
  void sync_follow(bool all) {
    std::array<GridCoord, pathing::Grid::kEditLogCapacity> edits;
    for (int k = 1; k <= kMaxSize; ++k) {
      const pathing::Grid& unit = *clearance.unit_grid(k);
      pathing::Grid& to = follow[static_cast<std::size_t>(k - 1)];
      std::uint64_t& version = follow_version[static_cast<std::size_t>(k - 1)];
      const std::size_t n = all ? pathing::Grid::kEditsUnknown : unit.edits_since(version, edits);
      if (n == pathing::Grid::kEditsUnknown) {
        for (int y = 0; y < kSide; ++y) {
          for (int x = 0; x < kSide; ++x) copy_cell(to, unit, x, y);
        }
      } else {
        for (std::size_t i = 0; i < n; ++i) copy_cell(to, unit, edits[i].x, edits[i].y);
      }
      version = unit.version();
    }
  }

  std::vector<std::uint64_t> follow_version;
};

// The followers' searcher: one A* for all, counting the expansions of every replan.
struct CountingSearcher {
  pathing::AStar astar{kSide, kSide};
  std::uint64_t expanded = 0;

  pathing::PathResult find_path(const pathing::Grid& g, const pathing::GridLayer& l, GridCoord from,
                                GridCoord to, std::vector<GridCoord>& out,
                                const pathing::SearchOptions& options = {}) {
    const pathing::PathResult r = astar.find_path(g, l, from, to, out, options);
    expanded += r.stats.expanded;
    return r;
  }
  void reserve(int cols, int rows) { astar.reserve(cols, rows); }
  [[nodiscard]] std::size_t memory_bytes() const { return astar.memory_bytes(); }
};
static_assert(pathing::GridSearcher<CountingSearcher>);

// The follower's options: one-cell moves on the follow grid of the unit's size, replans bounded.
pathing::SearchOptions follow_options() {
  pathing::SearchOptions o;
  o.limits.max_expansions = kReplanLimit;
  return o;
}

// Takes the step a -> b if check_move allows it on the follow grid (the unit's body is off the
// grid), after checking check_move against the brute force. Returns whether the unit moved.
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
// every tick, which would turn a query spanning ticks `stale`. A path found is handed to the
// unit's follower (`set_path` on the live follow grid of its size).
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
  // that units which arrived (they stay) are walls (kHardTag). Only the cells that differ are
  // written, so the planning ClearanceMap catches up from the edit log when few did (a rebuild
  // otherwise).
  void refresh(const World& world, const std::vector<Unit>& units, const Unit& u, Stats& stats) {
    hard_.assign(world.occupancy.size(), 0);
    for (const Unit& o : units) {
      if (!o.arrived) continue;
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
  // to the unit's follower, which refuses it if a door closed on it meanwhile (checked on the
  // live follow grid, the one it will follow on: the unit has not moved since it asked).
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
      u.retry_tick = now + kRetryTicks;  // a door may open
      return;
    }
    if (path_.front() != u.at) fail(stats, "a path does not start at the unit", u, path_.front());
    if (!u.follower.set_path(world.follow_grid(u.size), world.follow_layer, u.goal, path_,
                             follow_options())) {
      ++stats.refused;  // asks again next tick
      return;
    }
    u.still = 0;
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
  CountingSearcher follow_searcher;
  for (Unit& u : units) u.follower.reserve(static_cast<std::size_t>(kSide * kSide) + 8);
  Stats stats;
  std::array<int, kMaxSize + 1> arrived{};
  std::array<int, kMaxSize + 1> of_size{};
  for (const Unit& u : units) of_size[static_cast<std::size_t>(u.size)] += !u.wanderer;
  int arrivals = 0;
  long long queue_expansions = 0;
  long long follow_expansions = 0;
  int max_queue = 0;
  int max_follow = 0;
  int tick = 0;
  for (; tick < kMaxTicks && arrivals < kUnits; ++tick) {
    // 1. Doors: a door closes once no body stands in it (the followers see the wall on their
    // path and replan, or hand the unit back to the queue).
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
    if (walls_changed) world.sync();

    // 2. Units with no path ask for one; the queue serves them with this tick's budget.
    for (int i = 0; i < kUnits; ++i) {
      Unit& u = units[static_cast<std::size_t>(i)];
      if (!u.arrived && !u.requested && u.follower.idle() && tick >= u.retry_tick)
        service.request(u, i);
    }
    const int spent = service.tick(kBudget, tick, world, units, stats);
    if (spent > kBudget) {
      std::printf("FAILED: tick %d: the queue spent %d expansions, over its budget of %d\n", tick,
                  spent, kBudget);
      ++stats.failures;
    }
    queue_expansions += spent;
    max_queue = spent > max_queue ? spent : max_queue;

    // 3. Moves, one step a unit: each takes its own body off the grid, is advanced by its
    // follower on the follow grid of its size (or wanders), and puts its body back where it
    // stands. Followers are advanced while a full replan still fits this tick's allowance.
    const std::uint64_t follow_before = follow_searcher.expanded;
    for (std::size_t n = 0; n < units.size(); ++n) {
      const std::size_t i = (n + static_cast<std::size_t>(tick)) % units.size();  // fair turns
      Unit& u = units[i];
      if (u.arrived || u.requested || (!u.wanderer && u.follower.idle())) continue;
      if (!u.wanderer &&
          follow_searcher.expanded - follow_before + 2 * kReplanLimit > kFollowBudget) {
        ++stats.deferred;
        continue;
      }
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
      } else {
        const pathing::FollowStep s = u.follower.advance(follow_searcher, world.follow_grid(u.size),
                                                         world.follow_layer, u.at);
        stats.replans += s.searched;
        bool moved = false;
        switch (s.action) {
          case pathing::FollowAction::move:
          case pathing::FollowAction::side_step:
          case pathing::FollowAction::replanned:
            stats.moves += s.action == pathing::FollowAction::move;
            stats.side_steps += s.action == pathing::FollowAction::side_step;
            moved = try_step(world, u, s.cell, stats);
            if (!moved) fail(stats, "the follower gave a step the body cannot take", u, s.cell);
            break;
          case pathing::FollowAction::wait:
            ++stats.waits;
            break;
          case pathing::FollowAction::failed:
          case pathing::FollowAction::blocked:
          case pathing::FollowAction::idle:
            // No way within the replan limit (or a wall): a full path from the queue.
            ++stats.follow_failed;
            u.follower.clear();
            break;
          case pathing::FollowAction::arrived:
            break;
        }
        if (moved) {
          u.still = 0;
          if (u.at == u.goal) {
            u.arrived = true;
            u.follower.clear();
            ++arrived[static_cast<std::size_t>(u.size)];
            ++arrivals;
          }
        } else if (++u.still >= kStuckTicks) {  // long in a jam: give way, one step anywhere free
          const int turn = random_below(rng, 8);
          for (int t = 0; t < 8; ++t) {
            const GridCoord to =
                u.at + pathing::step_offset(static_cast<pathing::Direction8>((turn + t) % 8));
            if (try_step(world, u, to, stats)) {
              ++stats.give_ways;
              u.still = 0;
              break;
            }
          }
        }
      }
      world.place(u.at, u.size, 1);
    }
    const auto follow_spent = static_cast<int>(follow_searcher.expanded - follow_before);
    if (follow_spent > kFollowBudget) {
      std::printf(
          "FAILED: tick %d: the followers spent %d expansions, over their allowance of %d\n", tick,
          follow_spent, kFollowBudget);
      ++stats.failures;
    }
    follow_expansions += follow_spent;
    max_follow = follow_spent > max_follow ? follow_spent : max_follow;
  }

  std::printf("%d units (%d, %d, %d of sizes 1, 2, 3) and %d wanderers on a %d x %d map of rooms\n",
              kUnits, of_size[1], of_size[2], of_size[3], kWanderers, kSide, kSide);
  std::printf("%d ticks: %d of %d units arrived (size 1: %d, size 2: %d, size 3: %d)\n", tick,
              arrivals, kUnits, arrived[1], arrived[2], arrived[3]);
  std::printf(
      "%d paths planned by sliced A* (%d found none, %d refused by set_path), each compared with "
      "find_path; %d steps\n",
      stats.planned, stats.not_found, stats.refused, stats.steps);
  std::printf(
      "followers: %d moves, %d waits, %d side-steps, %d replans (%d handed back to the queue), %d "
      "give-ways, %d turns deferred\n",
      stats.moves, stats.waits, stats.side_steps, stats.replans, stats.follow_failed,
      stats.give_ways, stats.deferred);
  std::printf(
      "expansions a tick: queue mean %.1f, max %d (budget %d); follower replans mean %.1f, max %d "
      "(allowance %d); planning map synced %d times from the edit log, %d rebuilds\n",
      static_cast<double>(queue_expansions) / tick, max_queue, kBudget,
      static_cast<double>(follow_expansions) / tick, max_follow, kFollowBudget, stats.plan_updated,
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
