// The textbook A* of the targets: std::priority_queue, f-ties broken toward larger g (then the
// smaller node index), fresh O(cells) arrays each query, nothing clever. Same move model and
// fixed-point costs as the library, so its expansion counts and lengths compare exactly.
#pragma once

#include <algorithm>
#include <cstdint>
#include <queue>
#include <vector>

#include "bench.hpp"
#include "pathing/map/moves.hpp"

namespace pathing::bench {

class TextbookAStar final : public Searcher {
 public:
  explicit TextbookAStar(const Input& in) : grid_(in.grid), layer_(in.layer), conn_(in.conn) {}

  Outcome run(const Query& q) override {
    const int w = grid_.cols();
    const std::size_t n = grid_.cell_count();
    g_.assign(n, cost::kInfinite);
    closed_.assign(n, 0);
    parent_.assign(n, -1);
    struct Item {
      std::uint64_t f;
      std::uint64_t g;
      std::uint32_t node;
    };
    // priority_queue pops the "largest": order so that the largest is the smallest f, then the
    // largest g, then the smallest node.
    const auto lower = [](const Item& a, const Item& b) {
      if (a.f != b.f) return a.f > b.f;
      if (a.g != b.g) return a.g < b.g;
      return a.node > b.node;
    };
    std::priority_queue<Item, std::vector<Item>, decltype(lower)> open(lower);
    const auto idx = [w](GridCoord c) { return static_cast<std::uint32_t>(c.y * w + c.x); };
    const std::uint32_t goal = idx(q.to);
    g_[idx(q.from)] = 0;
    open.push(Item{distance_fixed(conn_, q.from, q.to), 0, idx(q.from)});
    Outcome o;
    while (!open.empty()) {
      const Item it = open.top();
      open.pop();
      if (closed_[it.node] || it.g != g_[it.node]) continue;
      if (it.node == goal) {
        o.found = true;
        break;
      }
      closed_[it.node] = 1;
      ++o.expanded;
      const GridCoord c{static_cast<int>(it.node % static_cast<std::uint32_t>(w)),
                        static_cast<int>(it.node / static_cast<std::uint32_t>(w))};
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          if (dx == 0 && dy == 0) continue;
          const bool diag = dx != 0 && dy != 0;
          if (diag && conn_ == Connectivity::four) continue;
          const GridCoord nc{c.x + dx, c.y + dy};
          const std::uint8_t cost = layer_.cost_at(grid_, nc);
          if (cost == 0) continue;
          if (diag && (layer_.cost_at(grid_, {nc.x, c.y}) == 0 ||
                       layer_.cost_at(grid_, {c.x, nc.y}) == 0)) {
            continue;
          }
          const std::uint32_t m = idx(nc);
          if (closed_[m]) continue;
          const std::uint64_t ng = it.g + cost * (diag ? cost::kDiagonal : cost::kStraight);
          if (ng >= g_[m]) continue;
          g_[m] = ng;
          parent_[m] = static_cast<std::int64_t>(it.node);
          open.push(Item{ng + distance_fixed(conn_, nc, q.to), ng, m});
        }
      }
    }
    if (q.from == q.to) o.found = true;
    if (o.found) {
      cells_.clear();
      for (std::int64_t v = goal; v >= 0; v = parent_[static_cast<std::size_t>(v)]) {
        cells_.push_back(GridCoord{static_cast<int>(v % w), static_cast<int>(v / w)});
        if (v == static_cast<std::int64_t>(idx(q.from))) break;
      }
      std::reverse(cells_.begin(), cells_.end());
      o.cost = path_length(grid_, layer_, cells_);
    }
    return o;
  }

 private:
  Grid grid_;
  GridLayer layer_;
  Connectivity conn_;
  std::vector<std::uint64_t> g_;
  std::vector<std::uint8_t> closed_;
  std::vector<std::int64_t> parent_;
  std::vector<GridCoord> cells_;
};

}  // namespace pathing::bench
