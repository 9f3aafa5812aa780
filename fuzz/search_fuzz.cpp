// Fuzz target: the searches on fuzzer-built grids. The input bytes choose the grid (size 1..64
// a side, every cell's 4-bit value), the layer (9 costs), the start and goal (near the grid, or
// any int), the mode (bounded/unbounded), the connectivity, the limits, a forced generation
// counter and an A* heuristic weight; every search of tests/support/searches.hpp runs the query
// and is checked against the reference Dijkstra (tests/support/search_checks.hpp); bounded
// queries also run AStar and GreedyBestFirst at every vector level of the bit-parallel BFS, and
// again after blocking a cell of their path (one searcher against a fresh one).
//
// Input layout (bytes; missing bytes read as 0):
//   0      flags: 1 bounded, 2 eight-connected, 4 force the generation counters near 2^32,
//          8 max_expansions (u16 follows the layer), 16 max_cost (f64), 32 raw start (2 x i32),
//          64 raw goal (2 x i32), 128 an extra A* with a raw f64 heuristic weight
//   1      bits 0..6: how far below the last generation to force the counters (x 2); bit 7:
//          uniform costs (every non-zero layer cost becomes 1, so the JPS searches run too)
//   2, 3   width - 1, height - 1 (mod 64)
//   4..12  tag costs 0..7, blocked cost
//   then   [max_expansions u16] [max_cost f64] [weight f64] start goal
//          (start/goal without the raw flag: one byte each for x and y, mod side + 2, minus 1)
//   rest   cell values, two a byte (low nibble first), row-major; missing cells are 0.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "pathing/detail/nodes/generation_map.hpp"
#include "pathing/detail/test_access.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"
#include "support/reference.hpp"
#include "support/search_checks.hpp"
#include "support/searches.hpp"

namespace {

using namespace pathing;

GridCoord read_cell(fuzz::ByteReader& in, bool raw, const Grid& g) {
  if (raw) {
    const int x = in.i32();
    return {x, in.i32()};
  }
  const int x = static_cast<int>(in.u8() % static_cast<unsigned>(g.cols() + 2)) - 1;
  const int y = static_cast<int>(in.u8() % static_cast<unsigned>(g.rows() + 2)) - 1;
  return {x, y};
}

std::string query_text(const Grid& g, GridCoord from, GridCoord to, Connectivity conn,
                       bool bounded) {
  return std::to_string(g.cols()) + " x " + std::to_string(g.rows()) + ", " + test::to_text(from) +
         " -> " + test::to_text(to) +
         (bounded ? ", bounded" : (conn == Connectivity::four ? ", 4-connected" : ", 8-connected"));
}

// A bounded query at each vector level below the processor's widest gives the widest level's
// path, status, cost, finish and statistics.
template <class Searcher>
void check_vector_levels(const Grid& g, const GridLayer& layer, GridCoord from, GridCoord to,
                         const std::string& what) {
  Searcher widest;
  const int top = detail::TestAccess::limit_simd(widest, 2);
  const BoundedResult want = widest.build_path(g, layer, from, to);
  for (int level = 0; level < top; ++level) {
    Searcher s;
    detail::TestAccess::limit_simd(s, level);
    const BoundedResult r = s.build_path(g, layer, from, to);
    fuzz::check(r.path == want.path && r.status == want.status && r.cost == want.cost &&
                    r.finish == want.finish && r.stats.expanded == want.stats.expanded &&
                    r.stats.generated == want.stats.generated,
                what + " at vector level " + std::to_string(level) + " differs from level " +
                    std::to_string(top));
  }
}

// The same searcher after an edit (the bit-parallel BFS's passable-cell cache follows the grid's
// edit log): a cell of the path just found (its middle, else cell (0, 0)) made blocked, then the
// query again; it must give what a fresh searcher gives.
template <class Searcher>
void check_after_edit(Grid g, const GridLayer& layer, GridCoord from, GridCoord to,
                      const std::string& what) {
  Searcher warm;
  const BoundedResult first = warm.build_path(g, layer, from, to);
  GridCoord c{0, 0};
  if (first.path.len() >= 2) {
    c = from;
    for (int i = 0; i < first.path.len() / 2; ++i) c = c + step_offset(first.path.at(i));
  }
  g.set_blocked(c, true);
  const BoundedResult r = warm.build_path(g, layer, from, to);
  Searcher fresh;
  const BoundedResult want = fresh.build_path(g, layer, from, to);
  fuzz::check(r.path == want.path && r.status == want.status && r.cost == want.cost &&
                  r.finish == want.finish && r.stats.expanded == want.stats.expanded &&
                  r.stats.generated == want.stats.generated,
              what + " after blocking (" + std::to_string(c.x) + ", " + std::to_string(c.y) +
                  ") differs from a fresh searcher's");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader in(data, size);
  const std::uint8_t flags = in.u8();
  const bool is_bounded = (flags & 1) != 0;
  const Connectivity conn = (flags & 2) != 0 ? Connectivity::eight : Connectivity::four;
  const std::uint8_t b1 = in.u8();
  const std::uint32_t gen_back = 2u * (b1 & 0x7Fu);
  const bool uniform = (b1 & 0x80u) != 0;
  const int w = 1 + in.u8() % 64;
  const int h = 1 + in.u8() % 64;
  std::array<std::uint8_t, 8> costs{};
  in.fill(costs);
  std::uint8_t blocked_cost = in.u8();
  if (uniform) {
    for (std::uint8_t& c : costs) c = c != 0 ? 1 : 0;
    blocked_cost = blocked_cost != 0 ? 1 : 0;
  }
  const GridLayer layer(costs, blocked_cost);
  SearchLimits limits;
  if ((flags & 8) != 0) limits.max_expansions = in.u16();
  if ((flags & 16) != 0) limits.max_cost = in.f64();
  const bool weighted = (flags & 128) != 0;
  const double weight = weighted ? in.f64() : 1.0;
  Grid g(w, h);
  const GridCoord from = read_cell(in, (flags & 32) != 0, g);
  const GridCoord to = read_cell(in, (flags & 64) != 0, g);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; x += 2) {
      const std::uint8_t b = in.u8();
      g.set_cell({x, y}, b & 0xF);
      if (x + 1 < w) g.set_cell({x + 1, y}, static_cast<std::uint8_t>(b >> 4));
    }
  const std::string query = query_text(g, from, to, conn, is_bounded);

  if (is_bounded) {
    std::vector<test::BoundedSearch> searches = test::bounded_searches();
    const test::ReferenceField ref = g.in_bounds(from)
                                         ? test::reference_field(g, layer, from, Connectivity::four)
                                         : test::ReferenceField{};
    for (test::BoundedSearch& s : searches) {
      if ((flags & 4) != 0) s.force_generation(detail::GenerationMap::kLastGeneration - gen_back);
      BoundedResult first;
      const std::string e = test::check_bounded(s, g, from, to, layer, &ref, &first);
      fuzz::check(e.empty(), query + ": " + e);
      const BoundedResult again = s.build_path(g, layer, from, to);
      fuzz::check(
          again.path == first.path && again.status == first.status && again.cost == first.cost,
          query + ": " + s.name + " (bounded) gives another result the second time");
    }
    // Every vector level of the bit-parallel BFS (AVX-512, AVX2, portable; those this processor
    // has) gives the result and the statistics of the widest one.
    check_vector_levels<AStar>(g, layer, from, to, query + ": AStar");
    check_vector_levels<GreedyBestFirst>(g, layer, from, to, query + ": GreedyBestFirst");
    check_after_edit<AStar>(g, layer, from, to, query + ": AStar");
    check_after_edit<GreedyBestFirst>(g, layer, from, to, query + ": GreedyBestFirst");
    return 0;
  }

  std::vector<test::UnboundedSearch> searches = test::unbounded_searches();
  if (weighted) {
    searches.push_back(test::unbounded<AStar>("astar-raw-weight", test::kAnyCost, weight));
  }
  const bool on_grid = g.in_bounds(from) && g.in_bounds(to);
  const test::ReferenceField ref =
      g.in_bounds(from) ? test::reference_field(g, layer, from, conn) : test::ReferenceField{};
  for (test::UnboundedSearch& s : searches) {
    if (!s.takes(layer, conn)) continue;
    if ((flags & 4) != 0) s.force_generation(detail::GenerationMap::kLastGeneration - gen_back);
    std::vector<GridCoord> out{{-5, -5}};
    PathResult first;
    const std::string e =
        test::check_unbounded(s, g, from, to, layer, conn, limits, &ref, out, &first);
    fuzz::check(e.empty(), query + ": " + e);
    if (!on_grid) continue;
    const std::vector<GridCoord> first_cells = out;
    const PathResult again = s.find_path(g, layer, from, to, out, {conn, limits});
    fuzz::check(out == first_cells && again.status == first.status && again.cost == first.cost &&
                    again.stats.expanded == first.stats.expanded,
                query + ": " + s.name + " gives another result the second time");
  }
  return 0;
}
