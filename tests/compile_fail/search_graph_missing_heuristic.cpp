// Must NOT compile: the graph has no heuristic. The CTest case checks that the compiler's message
// names the missing member (pathing::SearchGraph's static_assert), see tests/CMakeLists.txt.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathing/search/graph_astar.hpp"

struct NoHeuristic {
  using node_type = std::uint32_t;
  using cost_type = std::uint32_t;
  std::size_t node_count() const { return 4; }
  template <class F>
  void for_each_neighbor(node_type n, F&& f) const {
    if (n + 1 < 4) f(n + 1, 1u);
  }
};

int main() {
  pathing::GraphAStar<NoHeuristic> search;
  std::vector<std::uint32_t> out;
  return static_cast<int>(search.find_path(NoHeuristic{}, 0, 3, out).cost);
}
