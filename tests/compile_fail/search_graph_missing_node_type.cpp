// Must NOT compile: the graph declares no node_type (the seed's "position" id).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathing/search/graph_astar.hpp"

struct NoNodeType {
  using cost_type = std::uint32_t;
  std::size_t node_count() const { return 4; }
  template <class F>
  void for_each_neighbor(std::uint32_t n, F&& f) const {
    if (n + 1 < 4) f(n + 1, 1u);
  }
  cost_type heuristic(std::uint32_t, std::uint32_t) const { return 0; }
};

int main() {
  pathing::GraphAStar<NoNodeType> search;
  std::vector<std::uint32_t> out;
  return static_cast<int>(search.find_path(NoNodeType{}, 0, 3, out).cost);
}
