// Must NOT compile: for_each_neighbor is not const (GraphAStar searches a const graph).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathing/search/graph_astar.hpp"

struct MutableNeighbors {
  using node_type = std::uint32_t;
  using cost_type = std::uint32_t;
  std::size_t node_count() const { return 4; }
  template <class F>
  void for_each_neighbor(node_type n, F&& f) {
    if (n + 1 < 4) f(n + 1, 1u);
  }
  cost_type heuristic(node_type n, node_type goal) const { return goal > n ? goal - n : 0; }
};

int main() {
  pathing::GraphAStar<MutableNeighbors> search;
  std::vector<std::uint32_t> out;
  return static_cast<int>(search.find_path(MutableNeighbors{}, 0, 3, out).cost);
}
