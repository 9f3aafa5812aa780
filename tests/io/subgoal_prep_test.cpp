// Subgoal graph files (pathing/io/precomputed.hpp, kind 4): round trips that answer as the built
// graph, refusals with their exact messages, every single-byte corruption and truncation, and
// random tampering with a valid checksum: refused, or still answering with valid paths.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "pathing/io/movingai.hpp"
#include "pathing/io/precomputed.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/subgoal_search.hpp"
#include "support/precomputed_bytes.hpp"
#include "support/reference.hpp"

namespace subgoal_prep_test {

using namespace pathing;

const GridLayer kWalk = io::movingai_layer();

using test::fix_precomputed_checksum;

void put(std::string& bytes, std::size_t at, std::uint64_t v, int width) {
  test::put_le(bytes, at, v, width);
}

std::uint64_t get(const std::string& bytes, std::size_t at, int width) {
  return test::get_le(bytes, at, width);
}

template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const io::PrecomputedError& e) {
    return e.what();
  }
  return "";
}

// The comb: horizontal walls every other row, open at alternate ends (a long winding corridor
// whose bends are subgoals; contraction shrinks its core to a few subgoals).
Grid comb(int side) {
  Grid g(side, side);
  for (int y = 1; y < side; y += 2)
    for (int x = 0; x < side; ++x)
      if ((y % 4 == 1 && x != side - 1) || (y % 4 == 3 && x != 0)) g.set_blocked({x, y}, true);
  return g;
}

// `queries` random queries on `grid`: the built and the loaded graph give the same result and
// cells, found exactly when A* finds a path, at its cost.
void expect_same_answers(const Grid& grid, const SubgoalGraph& built, const SubgoalGraph& loaded,
                         std::mt19937_64& rng, int queries, const std::string& what) {
  SubgoalSearch a;
  SubgoalSearch b;
  AStar astar;
  std::vector<GridCoord> pa;
  std::vector<GridCoord> pb;
  std::vector<GridCoord> ref;
  for (int q = 0; q < queries; ++q) {
    const GridCoord s{static_cast<int>(rng() % static_cast<unsigned>(grid.cols())),
                      static_cast<int>(rng() % static_cast<unsigned>(grid.rows()))};
    const GridCoord t{static_cast<int>(rng() % static_cast<unsigned>(grid.cols())),
                      static_cast<int>(rng() % static_cast<unsigned>(grid.rows()))};
    const PathResult ra = a.find_path(grid, built, s, t, pa);
    const PathResult rb = b.find_path(grid, loaded, s, t, pb);
    ASSERT_EQ(ra.status, rb.status) << what << " query " << q;
    EXPECT_EQ(ra.cost, rb.cost) << what << " query " << q;
    EXPECT_EQ(ra.stats.expanded, rb.stats.expanded) << what << " query " << q;
    EXPECT_EQ(pa, pb) << what << " query " << q;
    const PathResult rr = astar.find_path(grid, kWalk, s, t, ref, {Connectivity::eight});
    ASSERT_EQ(rb.status, rr.status) << what << " query " << q;
    if (rr.found()) {
      EXPECT_EQ(rb.cost, rr.cost) << what << " query " << q;
    }
  }
}

TEST(SubgoalGraphFile, RoundTripAnswersAsTheBuiltGraph) {
  std::mt19937_64 rng(20261127);
  const SubgoalOptions variants[] = {
      {false, 2, 64, std::uint64_t{1} << 25},
      {true, 2, 64, std::uint64_t{1} << 25},
      {true, 64, 64, std::uint64_t{1} << 25},
      {true, -3, 3, 1000},
      {true, 2, 64, 0},
  };
  int contracted_files = 0;
  for (int m = 0; m < 150; ++m) {
    const SubgoalOptions& o = variants[static_cast<std::size_t>(m) % std::size(variants)];
    // One draw a statement: the order in which a call's arguments are evaluated is unspecified
    // (it differs between the x86-64 and AArch64 builds), and the maps must not.
    const int w = 1 + static_cast<int>(rng() % 40);
    const int h = 1 + static_cast<int>(rng() % 40);
    const double density = static_cast<double>(rng() % 40) / 100.0;
    const Grid grid = m % 15 == 14 ? comb(21 + m % 7) : test::random_grid(rng, w, h, density);
    const std::string what = "map " + std::to_string(m);
    const SubgoalGraph built(grid, kWalk, o);
    const std::string bytes = io::serialize_subgoal_graph(built, grid);
    EXPECT_LE(bytes.size(), io::max_subgoal_graph_file_bytes(grid)) << what;
    const std::size_t contracted = built.subgoal_count() - built.core_count();
    EXPECT_EQ(bytes.size(), 104u + (contracted > 0 ? 5 * built.subgoal_count() +
                                                         16 * built.contracted_edge_count()
                                                   : 0u))
        << what;
    if (contracted > 0) ++contracted_files;
    const SubgoalGraph loaded = io::parse_subgoal_graph(bytes, grid, kWalk, "s.prep");
    EXPECT_TRUE(loaded.is_current(grid, kWalk)) << what;
    EXPECT_EQ(loaded.options(), o) << what;
    EXPECT_EQ(loaded.subgoal_count(), built.subgoal_count()) << what;
    EXPECT_EQ(loaded.edge_count(), built.edge_count()) << what;
    EXPECT_EQ(loaded.core_count(), built.core_count()) << what;
    EXPECT_EQ(loaded.contracted_edge_count(), built.contracted_edge_count()) << what;
    EXPECT_EQ(io::serialize_subgoal_graph(loaded, grid), bytes) << what;
    expect_same_answers(grid, built, loaded, rng, 6, what);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(contracted_files, 40);  // of the 90 maps with a contracting option
}

TEST(SubgoalGraphFile, RefusesAnotherGridLayerKindVersionOrAStaleGraph) {
  Grid grid = comb(9);
  SubgoalOptions o;
  o.contract = true;
  const std::string bytes = io::serialize_subgoal_graph(SubgoalGraph(grid, kWalk, o), grid);
  EXPECT_EQ(io::precomputed_kind(bytes, "s.prep"), io::PrecomputedKind::subgoal_graph);
  Grid other = grid;
  other.set_blocked({0, 0}, true);
  EXPECT_EQ(error_of([&] {
              (void)io::parse_subgoal_graph(bytes, other, kWalk, "s.prep");
            }).rfind("s.prep: byte 28: made for a 9 x 9 grid whose cells hash to 0x", 0),
            0u);
  EXPECT_EQ(
      error_of([&] {
        (void)io::parse_subgoal_graph(bytes, grid, GridLayer{1, 2}, "s.prep");
      }),
      "s.prep: byte 36: made for the layer with cell costs [1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0]; "
      "this layer's are [1 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0]");
  EXPECT_EQ(error_of([&] { (void)io::parse_hierarchy(bytes, grid, kWalk, "s.prep"); }),
            "s.prep: byte 12: holds a subgoal graph (kind 4), not a hierarchy");
  const std::string jps = io::serialize_jps_plus(JpsPlusMap(grid, kWalk), grid);
  EXPECT_EQ(error_of([&] { (void)io::parse_subgoal_graph(jps, grid, kWalk, "j.prep"); }),
            "j.prep: byte 12: holds a JPS+ table (kind 1), not a subgoal graph");
  std::string v4 = bytes;
  put(v4, 8, 4, 4);
  fix_precomputed_checksum(v4);
  EXPECT_EQ(error_of([&] { (void)io::parse_subgoal_graph(v4, grid, kWalk, "s.prep"); }),
            "s.prep: byte 8: made for format version 4, this library reads 1 to 3");
  std::string v2 = bytes;
  put(v2, 8, 2, 4);
  fix_precomputed_checksum(v2);
  EXPECT_EQ(error_of([&] { (void)io::parse_subgoal_graph(v2, grid, kWalk, "s.prep"); }),
            "s.prep: byte 8: format version 2 holds only hierarchies with landmarks or clusters; "
            "a subgoal graph is format version 1");
  const SubgoalGraph stale(grid, kWalk, o);
  grid.set_blocked({4, 4}, true);
  Error e;
  EXPECT_FALSE(io::try_serialize_subgoal_graph(stale, grid, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_NE(e.message.find("not current for this grid"), std::string::npos) << e.message;
  EXPECT_FALSE(io::try_serialize_subgoal_graph(SubgoalGraph(), grid, &e).has_value());
  EXPECT_FALSE(io::try_parse_subgoal_graph(bytes, grid, kWalk, "s.prep", &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::parse_error);
  EXPECT_EQ(e.message.rfind("s.prep: byte 28: made for a 9 x 9 grid", 0), 0u) << e.message;
}

// The comb of side 9, contracted: the file the tampering tests start from, and its layout.
struct CombFile {
  Grid grid = comb(9);
  SubgoalGraph graph;
  std::string bytes;
  std::size_t n = 0;
  std::size_t core_at = 96;  // 60 + 36
  std::size_t count_at = 0;
  std::size_t edge_at = 0;
  CombFile() {
    SubgoalOptions o;
    o.contract = true;
    graph.build(grid, kWalk, o);
    bytes = io::serialize_subgoal_graph(graph, grid);
    n = graph.subgoal_count();
    count_at = core_at + n;
    edge_at = count_at + 4 * n;
  }
  // The file with `width` bytes at `at` set to v and the checksum fixed.
  [[nodiscard]] std::string with(std::size_t at, std::uint64_t v, int width) const {
    std::string t = bytes;
    put(t, at, v, width);
    fix_precomputed_checksum(t);
    return t;
  }
  [[nodiscard]] std::string refusal(const std::string& t) const {
    return error_of([&] { (void)io::parse_subgoal_graph(t, grid, kWalk, "c.prep"); });
  }
};

TEST(SubgoalGraphFile, TamperedPayloadWithValidChecksumIsRefusedByName) {
  const CombFile f;
  ASSERT_GT(f.graph.subgoal_count() - f.graph.core_count(), 2u);
  ASSERT_GT(f.graph.contracted_edge_count(), 2u);
  EXPECT_EQ(f.refusal(f.with(60, 2, 4)),
            "c.prep: byte 60: payload values out of range: contract flag 2 is not 0 or 1");
  EXPECT_EQ(f.refusal(f.with(68, 0, 4)),
            "c.prep: byte 68: payload values out of range: pathing::SubgoalGraph: "
            "witness_settle_limit = 0 is outside [1, 65536]");
  EXPECT_EQ(f.refusal(f.with(64, 65, 4)),
            "c.prep: byte 64: payload values out of range: pathing::SubgoalGraph: "
            "max_edge_difference = 65 is outside [-64, 64]");
  EXPECT_EQ(f.refusal(f.with(80, f.n + 1, 4)),
            "c.prep: byte 80: payload values out of range: " + std::to_string(f.n + 1) +
                " subgoals; this grid has " + std::to_string(f.n));
  EXPECT_EQ(f.refusal(f.with(60, 0, 4)),
            "c.prep: byte 84: payload values out of range: " +
                std::to_string(f.graph.subgoal_count() - f.graph.core_count()) +
                " contracted subgoals, in a graph saved without contraction");
  EXPECT_EQ(f.refusal(f.with(88, f.graph.contracted_edge_count() + 1, 8))
                .rfind("c.prep: byte 52: payload of ", 0),
            0u);
  // A core flag of 2; a contracted subgoal marked core (the counts disagree).
  EXPECT_EQ(f.refusal(f.with(f.core_at, 2, 1))
                .rfind("c.prep: byte 96: payload values out of "
                       "range: core flag 2 of subgoal 0 (",
                       0),
            0u);
  std::size_t first_contracted = 0;
  while (f.graph.in_core(static_cast<std::uint32_t>(first_contracted))) ++first_contracted;
  EXPECT_NE(f.refusal(f.with(f.core_at + first_contracted, 1, 1))
                .find("contracted subgoals; the "
                      "core flags say"),
            std::string::npos);
  // Edge counts that add up wrong.
  const std::uint64_t c0 = get(f.bytes, f.count_at, 4);
  EXPECT_NE(f.refusal(f.with(f.count_at, c0 + 1, 4)).find("the edge counts"), std::string::npos);
  // Each edge field: a target off the graph or itself, a direct edge that is no scan edge or at
  // the wrong cost, a shortcut through a core subgoal or at the wrong cost.
  const SubgoalEdge* edges = f.graph.contracted_edges();
  std::size_t direct = f.graph.contracted_edge_count();
  std::size_t shortcut = direct;
  for (std::size_t e = 0; e < f.graph.contracted_edge_count(); ++e) {
    if (edges[e].mid == SubgoalEdge::kNoMiddle && direct == f.graph.contracted_edge_count())
      direct = e;
    if (edges[e].mid != SubgoalEdge::kNoMiddle && shortcut == f.graph.contracted_edge_count())
      shortcut = e;
  }
  ASSERT_LT(direct, f.graph.contracted_edge_count());
  ASSERT_LT(shortcut, f.graph.contracted_edge_count());
  const std::size_t d_at = f.edge_at + 16 * direct;
  const std::size_t s_at = f.edge_at + 16 * shortcut;
  EXPECT_NE(f.refusal(f.with(d_at, f.n, 4))
                .find("leads to subgoal " + std::to_string(f.n) + " (there are " +
                      std::to_string(f.n) + ")"),
            std::string::npos);
  EXPECT_NE(f.refusal(f.with(d_at + 8, edges[direct].cost + 1, 8))
                .find("the octile distance of its ends is"),
            std::string::npos);
  EXPECT_NE(f.refusal(f.with(s_at + 8, edges[shortcut].cost + 1, 8))
                .find("but that subgoal's edges to its ends cost"),
            std::string::npos);
  EXPECT_NE(f.refusal(f.with(s_at + 4, f.n, 4))
                .find("which is not a contracted subgoal other than its ends"),
            std::string::npos);
  // A shortcut made a direct edge between subgoals that do not see each other.
  EXPECT_NE(f.refusal(f.with(s_at + 4, SubgoalEdge::kNoMiddle, 4))
                .find("neither subgoal reaches the other directly"),
            std::string::npos);
}

TEST(SubgoalGraphFile, EveryCorruptionAndTruncationIsRefused) {
  const CombFile f;
  for (std::size_t i = 0; i < f.bytes.size(); ++i) {
    std::string t = f.bytes;
    t[i] = static_cast<char>(t[i] ^ 0x01);
    EXPECT_NE(f.refusal(t), "") << "byte " << i;
    EXPECT_NE(f.refusal(f.bytes.substr(0, i)), "") << "truncated to " << i;
  }
  EXPECT_NE(f.refusal(f.bytes + "x"), "");
}

// Random tampering with a fixed checksum: whatever loads still answers with valid paths of the
// grid, of their exact cost, never cheaper than A*'s (a tampered edge may hide a path).
TEST(SubgoalGraphFile, RandomTamperingIsRefusedOrStaysSound) {
  const CombFile f;
  std::mt19937_64 rng(7);
  SubgoalSearch search;
  AStar astar;
  std::vector<GridCoord> out;
  std::vector<GridCoord> ref;
  int loaded = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string t = f.bytes;
    const int changes = 1 + static_cast<int>(rng() % 3);
    for (int c = 0; c < changes; ++c) {
      const std::size_t at = 84 + rng() % (t.size() - 8 - 84);  // counts, flags, edges
      t[at] = static_cast<char>(
          rng() % 4 == 0 ? rng() : static_cast<std::uint64_t>(t[at]) ^ (1u << (rng() % 8)));
    }
    fix_precomputed_checksum(t);
    Error e;
    const std::optional<SubgoalGraph> g = io::try_parse_subgoal_graph(t, f.grid, kWalk, "r", &e);
    if (!g) {
      EXPECT_EQ(e.code, ErrorCode::parse_error) << e.message;
      continue;
    }
    ++loaded;
    for (int q = 0; q < 8; ++q) {
      const GridCoord s{static_cast<int>(rng() % 9), static_cast<int>(rng() % 9)};
      const GridCoord goal{static_cast<int>(rng() % 9), static_cast<int>(rng() % 9)};
      const PathResult r = search.find_path(f.grid, *g, s, goal, out);
      const PathResult rr = astar.find_path(f.grid, kWalk, s, goal, ref, {Connectivity::eight});
      if (!r.found()) continue;  // a tampered edge may hide a path, never invent one
      ASSERT_TRUE(rr.found()) << "round " << round;
      std::uint64_t fixed = 0;
      ASSERT_EQ(test::validate_path(f.grid, kWalk, Connectivity::eight, s, out, &fixed), "")
          << "round " << round;
      EXPECT_EQ(out.back(), goal);
      EXPECT_EQ(r.cost, test::path_cost_units(f.grid, kWalk, out)) << "round " << round;
      EXPECT_GE(r.cost, rr.cost) << "round " << round;
    }
  }
  EXPECT_GT(loaded, 0);  // some tampering (e.g. a witness option) loads
}

TEST(SubgoalGraphFile, FileErrorsAndTheReadLimit) {
  const Grid grid(4, 4);
  Error e;
  EXPECT_FALSE(io::try_load_subgoal_graph("/nonexistent/s.prep", grid, kWalk, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::io_error);
  EXPECT_EQ(e.message.rfind("/nonexistent/s.prep: cannot open the file: ", 0), 0u) << e.message;
  // 68 + 36 + 5 x 16 + 16 x 32 x 16 bytes.
  EXPECT_EQ(io::max_subgoal_graph_file_bytes(grid), 68u + 36u + 80u + 8192u);
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() /
      ("pathing_prep_subgoal_" + std::to_string(std::random_device{}()));
  std::ofstream(file, std::ios::binary) << std::string(9000, 'P');
  EXPECT_EQ(error_of([&] { (void)io::load_subgoal_graph(file, grid, kWalk); }),
            file.string() +
                ": byte 8376: the file goes on past 8376 bytes, the largest subgoal graph file for "
                "a 4 x 4 grid");
  const Grid c = comb(13);
  SubgoalOptions o;
  o.contract = true;
  const SubgoalGraph built(c, kWalk, o);
  std::ofstream(file, std::ios::binary) << io::serialize_subgoal_graph(built, c);
  const std::optional<SubgoalGraph> g = io::try_load_subgoal_graph(file, c, kWalk, &e);
  ASSERT_TRUE(g.has_value()) << e.message;
  EXPECT_TRUE(g->is_current(c, kWalk));
  EXPECT_EQ(g->core_count(), built.core_count());
  std::filesystem::remove(file);
}

}  // namespace subgoal_prep_test
