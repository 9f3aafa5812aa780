// Example: routes on a waypoint / road graph read from a text file, with pathing::GraphAStar.
//
// Usage: example_road_graph [roads.txt]
//
// Waypoints have names, which are sparse keys: pathing::NodeInterner turns them into the dense ids
// 0, 1, 2, ... a pathing::SearchGraph needs, once, while the file is read. Costs are kilometres
// as doubles; the heuristic is the straight-line distance, admissible because the loader refuses
// a road shorter than the straight line between its ends.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "pathing/map/graph.hpp"
#include "pathing/search/graph_astar.hpp"

namespace {

class RoadGraph {
 public:
  using node_type = std::uint32_t;
  using cost_type = double;  // kilometres

  // Reads `node NAME X Y` and `road A B [LENGTH]` lines ('#' starts a comment).
  // Throws std::runtime_error "FILE:LINE:COLUMN: message" on bad input.
  static RoadGraph load(const std::string& file) {
    std::ifstream in(file);
    if (!in) throw std::runtime_error(file + ":0:0: cannot open the file");
    RoadGraph g;
    std::string line;
    for (int line_no = 1; std::getline(in, line); ++line_no) {
      const auto tokens = split(line.substr(0, line.find('#')));
      if (tokens.empty()) continue;
      const auto fail = [&](const Token& t, const std::string& msg) {
        return std::runtime_error(file + ":" + std::to_string(line_no) + ":" +
                                  std::to_string(t.column) + ": " + msg);
      };
      const auto number = [&](const Token& t) {
        std::size_t used = 0;
        double v = 0;
        try {
          v = std::stod(t.text, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used != t.text.size() || !std::isfinite(v))
          throw fail(t, "'" + t.text + "' is not a number");
        return v;
      };
      const auto existing = [&](const Token& t) {
        const auto id = g.names_.find(t.text);
        if (!id)
          throw fail(t, "unknown waypoint '" + t.text + "' (declare it with a node line first)");
        return *id;
      };
      if (tokens[0].text == "node" && tokens.size() == 4) {
        if (g.names_.find(tokens[1].text))
          throw fail(tokens[1], "waypoint '" + tokens[1].text + "' declared twice");
        g.names_.intern(tokens[1].text);
        g.pos_.push_back({number(tokens[2]), number(tokens[3])});
        g.roads_.emplace_back();
      } else if (tokens[0].text == "road" && (tokens.size() == 3 || tokens.size() == 4)) {
        const node_type a = existing(tokens[1]);
        const node_type b = existing(tokens[2]);
        const double straight = g.heuristic(a, b);
        const double length = tokens.size() == 4 ? number(tokens[3]) : straight;
        if (length < straight) {
          throw fail(tokens[3], "road length " + tokens[3].text +
                                    " is shorter than the straight line (" +
                                    std::to_string(straight) + " km)");
        }
        g.roads_[a].push_back({b, length});
        g.roads_[b].push_back({a, length});
      } else {
        throw fail(tokens[0], "expected `node NAME X Y` or `road A B [LENGTH]`");
      }
    }
    return g;
  }

  const std::string& name(node_type n) const { return names_.key(n); }
  node_type id(const std::string& name) const { return names_.find(name).value(); }

  // --- what pathing::SearchGraph asks for --------------------------------------------------
  std::size_t node_count() const { return names_.size(); }
  template <class F>
  void for_each_neighbor(node_type n, F&& visit) const {
    for (const Road& r : roads_[n]) visit(r.to, r.length);
  }
  double heuristic(node_type a, node_type b) const {
    return std::hypot(pos_[a].x - pos_[b].x, pos_[a].y - pos_[b].y);
  }

 private:
  struct Token {
    std::string text;
    int column;
  };
  struct Pos {
    double x, y;
  };
  struct Road {
    node_type to;
    double length;
  };
  static std::vector<Token> split(const std::string& s) {
    std::vector<Token> out;
    for (std::size_t i = 0; i < s.size();) {
      if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
        ++i;
        continue;
      }
      const std::size_t j = s.find_first_of(" \t\r", i);
      const std::size_t end = j == std::string::npos ? s.size() : j;
      out.push_back({s.substr(i, end - i), static_cast<int>(i) + 1});
      i = end;
    }
    return out;
  }

  pathing::NodeInterner<std::string> names_;  // name <-> dense id
  std::vector<Pos> pos_;                      // by id
  std::vector<std::vector<Road>> roads_;      // by id
};

void route(const RoadGraph& g, pathing::GraphAStar<RoadGraph>& search, const std::string& from,
           const std::string& to) {
  std::vector<RoadGraph::node_type> path;
  const auto r = search.find_path(g, g.id(from), g.id(to), path);
  std::string text;
  for (const auto n : path) text += (text.empty() ? "" : " -> ") + g.name(n);
  if (r.found()) {
    std::printf("%s: %.2f km (%u roads, %llu waypoints expanded)\n", text.c_str(), r.cost, r.moves,
                static_cast<unsigned long long>(r.stats.expanded));
  } else {  // partial result: the route to the reachable waypoint closest to the goal
    std::printf("%s is unreachable from %s; closest reachable waypoint: %s, %.2f km from it (%s)\n",
                to.c_str(), from.c_str(), g.name(r.finish).c_str(), g.heuristic(r.finish, g.id(to)),
                text.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string file = argc > 1 ? argv[1] : "roads.txt";
  try {
    const RoadGraph roads = RoadGraph::load(file);
    pathing::GraphAStar<RoadGraph> search;
    route(roads, search, "Harbor", "Castle");
    route(roads, search, "Lighthouse", "Quarry");
    route(roads, search, "Harbor", "Island");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
