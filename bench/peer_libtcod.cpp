// Peer: libtcod's A* (TCOD_path_compute), as a roguelike would call it.
//
// 4-connected: TCOD_path_new_using_map(map, 0.0f) (diagonals off), the call the seeds compared
// with. 8-connected: libtcod's map mode lets diagonals cut corners, which the Moving AI rules
// forbid, so the 8-connected runs use TCOD_path_new_using_function with a callback that refuses
// corner-cutting diagonals (cost 1, diagonal factor sqrt(2)): the same problem as ours. libtcod's
// heuristic is the Euclidean distance and it stops when the goal is first reached (generated),
// so its paths need not be optimal; its O(cells) clear per query is part of what it costs.
#include <libtcod.h>

#include <cmath>

#include "bench.hpp"

namespace pathing::bench {
namespace {

struct CallbackData {
  const Grid* grid = nullptr;
  const GridLayer* layer = nullptr;
  bool diagonals = false;
  std::uint64_t expanded = 0;
  int last_x = -1;
  int last_y = -1;
};

bool passable(const CallbackData& d, int x, int y) {
  return d.layer->cost_at(*d.grid, GridCoord{x, y}) != 0;
}

// Walk cost callback: 0 = impassable. Counts expansions: libtcod calls it for the neighbours of
// one popped cell after another, and pops each cell at most once.
float walk_cost(int xf, int yf, int xt, int yt, void* user) {
  auto& d = *static_cast<CallbackData*>(user);
  if (xf != d.last_x || yf != d.last_y) {
    ++d.expanded;
    d.last_x = xf;
    d.last_y = yf;
  }
  if (!passable(d, xt, yt)) return 0.0f;
  if (xt != xf && yt != yf && (!passable(d, xt, yf) || !passable(d, xf, yt))) return 0.0f;
  return 1.0f;
}

class Libtcod final : public Searcher {
 public:
  explicit Libtcod(const Input& in) : grid_(in.grid), layer_(in.layer) {
    const int w = in.grid.cols();
    const int h = in.grid.rows();
    map_ = TCOD_map_new(w, h);
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const bool ok = in.layer.cost_at(in.grid, GridCoord{x, y}) != 0;
        TCOD_map_set_properties(map_, x, y, ok, ok);
      }
    }
    data_.grid = &grid_;
    data_.layer = &layer_;
    diagonals_ = in.conn == Connectivity::eight;
    const float diag = diagonals_ ? static_cast<float>(std::sqrt(2.0)) : 0.0f;
    counting_ = TCOD_path_new_using_function(w, h, walk_cost, &data_, diag);
    timed_ = diagonals_ ? counting_ : TCOD_path_new_using_map(map_, 0.0f);
  }
  ~Libtcod() override {
    if (timed_ != counting_) TCOD_path_delete(timed_);
    TCOD_path_delete(counting_);
    TCOD_map_delete(map_);
  }
  Libtcod(const Libtcod&) = delete;
  Libtcod& operator=(const Libtcod&) = delete;

  Outcome run(const Query& q) override {
    Outcome o;
    o.found = TCOD_path_compute(timed_, q.from.x, q.from.y, q.to.x, q.to.y);
    return o;
  }

  Outcome run_checked(const Query& q) override {
    data_.expanded = 0;
    data_.last_x = data_.last_y = -1;
    Outcome o;
    o.found = TCOD_path_compute(counting_, q.from.x, q.from.y, q.to.x, q.to.y);
    o.expanded = data_.expanded;
    cells_.assign(1, q.from);
    const int n = TCOD_path_size(counting_);
    for (int i = 0; i < n; ++i) {  // TCOD_path_get is O(i): fine outside the timed loop
      GridCoord c;
      TCOD_path_get(counting_, i, &c.x, &c.y);
      cells_.push_back(c);
    }
    o.cost = path_length(grid_, layer_, cells_);
    return o;
  }

 private:
  Grid grid_;
  GridLayer layer_;
  TCOD_Map* map_ = nullptr;
  TCOD_path_t timed_ = nullptr;
  TCOD_path_t counting_ = nullptr;
  CallbackData data_;
  bool diagonals_ = false;
  std::vector<GridCoord> cells_;
};

// libtcod's Dijkstra. 4-connected: TCOD_dijkstra_new(map, 0.0f) (diagonal cost 0: no
// diagonals). 8-connected: TCOD_dijkstra_new_using_function with the corner-refusing callback
// above (diagonal factor sqrt(2)), as for the 8-connected A*. libtcod stores distances as integers
// in hundredths of a cell (a diagonal counts 1.41), so its distances are close to, not equal to,
// ours; its O(cells) clear per computation is part of what it costs.
class LibtcodDijkstra final : public FieldPeer {
 public:
  LibtcodDijkstra(const Grid& grid, const GridLayer& layer, Connectivity conn)
      : grid_(grid), layer_(layer) {
    const int w = grid.cols();
    const int h = grid.rows();
    data_.grid = &grid_;
    data_.layer = &layer_;
    if (conn == Connectivity::four) {
      map_ = TCOD_map_new(w, h);
      for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
          const bool ok = layer.cost_at(grid, GridCoord{x, y}) != 0;
          TCOD_map_set_properties(map_, x, y, ok, ok);
        }
      }
      dijkstra_ = TCOD_dijkstra_new(map_, 0.0f);
    } else {
      dijkstra_ = TCOD_dijkstra_new_using_function(w, h, walk_cost, &data_,
                                                   static_cast<float>(std::sqrt(2.0)));
    }
  }
  ~LibtcodDijkstra() override {
    TCOD_dijkstra_delete(dijkstra_);
    if (map_ != nullptr) TCOD_map_delete(map_);
  }
  LibtcodDijkstra(const LibtcodDijkstra&) = delete;
  LibtcodDijkstra& operator=(const LibtcodDijkstra&) = delete;

  void compute(GridCoord root) override { TCOD_dijkstra_compute(dijkstra_, root.x, root.y); }
  [[nodiscard]] double distance(int x, int y) const override {
    return TCOD_dijkstra_get_distance(dijkstra_, x, y);
  }

 private:
  Grid grid_;
  GridLayer layer_;
  TCOD_Map* map_ = nullptr;
  TCOD_dijkstra_t dijkstra_ = nullptr;
  CallbackData data_;
};

}  // namespace

std::unique_ptr<Searcher> make_libtcod(const Input& in) {
  return std::make_unique<Libtcod>(in);
}

std::unique_ptr<FieldPeer> make_libtcod_dijkstra(const Grid& grid, const GridLayer& layer,
                                                 Connectivity conn) {
  return std::make_unique<LibtcodDijkstra>(grid, layer, conn);
}

}  // namespace pathing::bench
