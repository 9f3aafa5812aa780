// Peer: Boost.Graph's astar_search on the grid as an adjacency_list (built once per map, outside
// the timed loop; boost::grid_graph has no diagonal edges). Edge weights are our fixed-point
// costs (straight 2^24, diagonal round(sqrt(2) 2^24)) and the heuristic is ours (Manhattan /
// octile), so its paths are optimal and its lengths comparable to the optimum exactly. The
// search stops at the goal by throwing from the visitor, the idiom of the Boost documentation;
// every property map is ours and reused, astar_search still initialises them over all vertices.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/astar_search.hpp>
#include <boost/property_map/property_map.hpp>

#include <algorithm>

#include "bench.hpp"

namespace pathing::bench {
namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                    boost::property<boost::edge_weight_t, std::uint64_t>>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

struct FoundGoal {};

class Heuristic : public boost::astar_heuristic<Graph, std::uint64_t> {
 public:
  Heuristic(int cols, GridCoord goal, Connectivity conn) : cols_(cols), goal_(goal), conn_(conn) {}
  std::uint64_t operator()(Vertex v) const {
    const GridCoord c{static_cast<int>(v % static_cast<std::size_t>(cols_)),
                      static_cast<int>(v / static_cast<std::size_t>(cols_))};
    return distance_fixed(conn_, c, goal_);
  }

 private:
  int cols_;
  GridCoord goal_;
  Connectivity conn_;
};

class Visitor : public boost::default_astar_visitor {
 public:
  Visitor(Vertex goal, std::uint64_t* expanded) : goal_(goal), expanded_(expanded) {}
  void examine_vertex(Vertex u, const Graph&) {
    if (u == goal_) throw FoundGoal{};
    ++*expanded_;
  }

 private:
  Vertex goal_;
  std::uint64_t* expanded_;
};

class BoostAStar final : public Searcher {
 public:
  explicit BoostAStar(const Input& in) : grid_(in.grid), layer_(in.layer), conn_(in.conn) {
    const int w = in.grid.cols();
    const int h = in.grid.rows();
    n_ = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
    graph_ = Graph(n_);
    auto cost = [&](int x, int y) -> std::uint8_t {
      return in.layer.cost_at(in.grid, GridCoord{x, y});
    };
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        if (cost(x, y) == 0) continue;
        const auto u = static_cast<Vertex>(y * w + x);
        for (int dy = -1; dy <= 1; ++dy) {
          for (int dx = -1; dx <= 1; ++dx) {
            if (dx == 0 && dy == 0) continue;
            const bool diag = dx != 0 && dy != 0;
            if (diag && conn_ == Connectivity::four) continue;
            const std::uint8_t c = cost(x + dx, y + dy);
            if (c == 0) continue;
            if (diag && (cost(x + dx, y) == 0 || cost(x, y + dy) == 0)) continue;
            const auto v = static_cast<Vertex>((y + dy) * w + (x + dx));
            boost::add_edge(u, v, c * (diag ? cost::kDiagonal : cost::kStraight), graph_);
          }
        }
      }
    }
    pred_.resize(n_);
    dist_.resize(n_);
    rank_.resize(n_);
    color_.resize(n_);
  }

  Outcome run(const Query& q) override {
    Outcome o;
    const auto s = index(q.from);
    const auto t = index(q.to);
    std::uint64_t expanded = 0;
    try {
      boost::astar_search(graph_, s, Heuristic(grid_.cols(), q.to, conn_),
                          boost::visitor(Visitor(t, &expanded))
                              .predecessor_map(boost::make_iterator_property_map(
                                  pred_.begin(), boost::get(boost::vertex_index, graph_)))
                              .distance_map(boost::make_iterator_property_map(
                                  dist_.begin(), boost::get(boost::vertex_index, graph_)))
                              .rank_map(boost::make_iterator_property_map(
                                  rank_.begin(), boost::get(boost::vertex_index, graph_)))
                              .color_map(boost::make_iterator_property_map(
                                  color_.begin(), boost::get(boost::vertex_index, graph_))));
    } catch (const FoundGoal&) {
      o.found = true;
    }
    if (s == t) o.found = true;
    o.expanded = expanded;
    return o;
  }

  Outcome run_checked(const Query& q) override {
    Outcome o = run(q);
    if (!o.found) return o;
    cells_.clear();
    for (Vertex v = index(q.to);; v = pred_[v]) {
      cells_.push_back(GridCoord{static_cast<int>(v % static_cast<std::size_t>(grid_.cols())),
                                 static_cast<int>(v / static_cast<std::size_t>(grid_.cols()))});
      if (v == index(q.from) || pred_[v] == v) break;
    }
    std::reverse(cells_.begin(), cells_.end());
    o.cost = path_length(grid_, layer_, cells_);
    return o;
  }

  [[nodiscard]] std::size_t memory_bytes() const override {
    return n_ * (sizeof(Vertex) + 2 * sizeof(std::uint64_t) + sizeof(boost::default_color_type));
  }

 private:
  [[nodiscard]] Vertex index(GridCoord c) const {
    return static_cast<Vertex>(c.y) * static_cast<Vertex>(grid_.cols()) + static_cast<Vertex>(c.x);
  }

  Grid grid_;
  GridLayer layer_;
  Connectivity conn_;
  std::size_t n_ = 0;
  Graph graph_;
  std::vector<Vertex> pred_;
  std::vector<std::uint64_t> dist_;
  std::vector<std::uint64_t> rank_;
  std::vector<boost::default_color_type> color_;
  std::vector<GridCoord> cells_;
};

}  // namespace

std::unique_ptr<Searcher> make_boost(const Input& in) {
  return std::make_unique<BoostAStar>(in);
}

}  // namespace pathing::bench
