// Sliced queries: 300 path requests spread over game ticks with a fixed budget of expansions a
// tick (Detour's initSlicedFindPath / updateSlicedFindPath / finalizeSlicedFindPath, as its
// dtPathQueue uses them). A queue of requests is served by one searcher: each tick continues the
// query in progress, starts the next when one ends, and stops once the tick's budget is spent, so
// no frame does more than about `budget` expansions whatever the requests. Every path is checked
// against a one-shot `find_path`: the same status, cost, moves, statistics and cells.
#include <pathing/pathing.hpp>

#include <cstdint>
#include <cstdio>
#include <deque>
#include <utility>
#include <vector>

namespace {

// Rooms of 11 x 11 cells with walls between them and doors in every wall.
pathing::Grid make_map(int side) {
  pathing::Grid grid(side, side);
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      const bool wall_x = x % 12 == 11;
      const bool wall_y = y % 12 == 11;
      const bool door = (wall_x && y % 12 == 5) || (wall_y && x % 12 == 5);
      if ((wall_x || wall_y) && !door) grid.set_blocked({x, y}, true);
    }
  }
  return grid;
}

// A small deterministic generator (the same requests on every platform).
std::uint32_t next_random(std::uint64_t& state) {
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  return static_cast<std::uint32_t>(state >> 33);
}

struct Request {
  int unit = 0;
  pathing::GridCoord from;
  pathing::GridCoord to;
};

struct Answer {
  int unit = 0;
  pathing::PathResult result;
  std::vector<pathing::GridCoord> path;
  int tick = 0;  // the tick it was answered in
};

// Requests served one at a time by one searcher (AStar, Jps or JpsPlus), `budget` expansions a
// tick. The searcher must not run other queries meanwhile: that would cancel the one in progress.
template <class Searcher>
class PathQueue {
 public:
  PathQueue(const pathing::Grid& grid, const pathing::GridLayer& layer)
      : grid_(grid), layer_(layer) {}

  void push(const Request& r) { waiting_.push_back(r); }
  [[nodiscard]] bool idle() const { return waiting_.empty() && !searcher_.query_active(); }

  // One tick: at most `budget` expansions; finished queries go to `done`.
  void tick(int budget, int now, std::vector<Answer>& done) {
    while (budget > 0) {
      if (!searcher_.query_active()) {
        if (waiting_.empty()) return;
        current_ = waiting_.front();
        waiting_.pop_front();
        searcher_.start_query(grid_, layer_, current_.from, current_.to);  // no expansion yet
        before_ = 0;
      }
      const pathing::PathResult r = searcher_.continue_query(budget);
      budget -= static_cast<int>(r.stats.expanded - before_);  // what this call spent
      before_ = r.stats.expanded;
      if (r.status == pathing::SearchStatus::in_progress) return;  // budget spent: next tick
      Answer a;
      a.unit = current_.unit;
      a.tick = now;
      a.result = searcher_.finish_query(a.path);  // the search is over: only writes the path
      done.push_back(std::move(a));
    }
  }

 private:
  const pathing::Grid& grid_;
  pathing::GridLayer layer_;
  Searcher searcher_;
  std::deque<Request> waiting_;
  Request current_;
  std::uint64_t before_ = 0;
};

// Serves `requests` with `budget` expansions a tick; checks every answer against find_path.
// Returns the number of ticks, or -1 on a mismatch.
template <class Searcher>
int serve(const char* name, const pathing::Grid& grid, const pathing::GridLayer& layer,
          const std::vector<Request>& requests, int budget, std::uint64_t& expansions) {
  PathQueue<Searcher> queue(grid, layer);
  for (const Request& r : requests) queue.push(r);
  std::vector<Answer> done;
  int ticks = 0;
  while (!queue.idle()) queue.tick(budget, ticks++, done);

  Searcher one_shot;
  std::vector<pathing::GridCoord> path;
  expansions = 0;
  for (const Answer& a : done) {
    const Request& q = requests[static_cast<std::size_t>(a.unit)];
    const pathing::PathResult r = one_shot.find_path(grid, layer, q.from, q.to, path);
    const bool same = r.status == a.result.status && r.cost == a.result.cost &&
                      r.moves == a.result.moves && r.finish == a.result.finish &&
                      r.stats.expanded == a.result.stats.expanded &&
                      r.stats.generated == a.result.stats.generated && path == a.path;
    if (!same) {
      std::printf("%s: MISMATCH for unit %d\n", name, a.unit);
      return -1;
    }
    expansions += r.stats.expanded;
  }
  if (done.size() != requests.size()) return -1;
  return ticks;
}

}  // namespace

int main() {
  const pathing::Grid grid = make_map(96);
  const pathing::GridLayer ground{1};

  std::vector<Request> requests;
  std::uint64_t rng = 7;
  const auto cell = [&] {
    for (;;) {
      const pathing::GridCoord c{static_cast<int>(next_random(rng) % 96),
                                 static_cast<int>(next_random(rng) % 96)};
      if (!grid.is_blocked(c)) return c;
    }
  };
  for (int unit = 0; unit < 300; ++unit) requests.push_back({unit, cell(), cell()});

  // Expansions a tick: a jump point costs more than a cell (it scans rows), so JPS gets fewer.
  const int astar_budget = 2000;
  const int jps_budget = 100;
  std::uint64_t astar_expanded = 0;
  std::uint64_t jps_expanded = 0;
  const int astar_ticks =
      serve<pathing::AStar>("A*", grid, ground, requests, astar_budget, astar_expanded);
  const int jps_ticks =
      serve<pathing::Jps>("JPS", grid, ground, requests, jps_budget, jps_expanded);
  if (astar_ticks < 0 || jps_ticks < 0) return 1;
  std::printf(
      "300 queries: A* %d ticks of %d expansions (%llu in all), JPS %d ticks of %d "
      "(%llu in all); every result equal to find_path's\n",
      astar_ticks, astar_budget, static_cast<unsigned long long>(astar_expanded), jps_ticks,
      jps_budget, static_cast<unsigned long long>(jps_expanded));
  return 0;
}
