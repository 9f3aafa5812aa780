// The error policy (docs/errors.md): the non-throwing forms with their exact codes and messages,
// and (in a build without exceptions: the noexcept preset) the fallbacks of the throwing forms.
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "pathing/agent/path_convert.hpp"
#include "pathing/agent/smoothing.hpp"
#include "pathing/detail/compiler.hpp"
#include "pathing/error.hpp"
#include "pathing/map/graph.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/path.hpp"
#include "pathing/map/world.hpp"
#include "pathing/search/astar.hpp"
#include "pathing/search/greedy_best_first.hpp"

namespace pathing {
namespace {

// --- Grid::create -----------------------------------------------------------------------------

TEST(GridCreate, GoodSizesMakeTheSameGridAsTheConstructor) {
  Error e;
  const std::optional<Grid> g = Grid::create(5, 3, 2, &e);
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(*g, Grid(5, 3, 2));
  EXPECT_FALSE(g->empty());
  EXPECT_EQ(e.code, ErrorCode::none);
  EXPECT_EQ(e.message, "");
  EXPECT_TRUE(Grid::create(1, 1).has_value());  // no Error* needed
}

TEST(GridCreate, BadSizesGiveTheCodeAndAMessageNamingTheValue) {
  const auto fail = [](int cols, int rows, std::uint8_t tile) {
    Error e;
    EXPECT_FALSE(Grid::create(cols, rows, tile, &e).has_value());
    return e;
  };
  Error e = fail(0, 5, 0);
  EXPECT_EQ(e.code, ErrorCode::invalid_size);
  EXPECT_EQ(e.message, "pathing::Grid: cols = 0 is outside [1, 32768]");
  e = fail(5, -3, 0);
  EXPECT_EQ(e.code, ErrorCode::invalid_size);
  EXPECT_EQ(e.message, "pathing::Grid: rows = -3 is outside [1, 32768]");
  e = fail(INT_MAX, 5, 0);
  EXPECT_EQ(e.message, "pathing::Grid: cols = 2147483647 is outside [1, 32768]");
  e = fail(32768, 32768, 0);
  EXPECT_EQ(e.code, ErrorCode::invalid_size);
  EXPECT_EQ(e.message, "pathing::Grid: 32768 x 32768 cells exceeds the limit of 268435456 cells");
  e = fail(5, 5, 8);
  EXPECT_EQ(e.code, ErrorCode::invalid_tile);
  EXPECT_EQ(e.message, "pathing::Grid: default_tile = 8 is outside [0, 7]");
  EXPECT_FALSE(Grid::create(0, 0).has_value());  // a null Error* is allowed
}

TEST(ErrorCode, NamesAreStable) {
  EXPECT_EQ(to_string(ErrorCode::none), "none");
  EXPECT_EQ(to_string(ErrorCode::invalid_size), "invalid_size");
  EXPECT_EQ(to_string(ErrorCode::invalid_tile), "invalid_tile");
  EXPECT_EQ(to_string(ErrorCode::invalid_cost), "invalid_cost");
  EXPECT_EQ(to_string(ErrorCode::invalid_argument), "invalid_argument");
  EXPECT_EQ(to_string(ErrorCode::too_long), "too_long");
  EXPECT_EQ(to_string(ErrorCode::parse_error), "parse_error");
  EXPECT_EQ(to_string(ErrorCode::io_error), "io_error");
  EXPECT_EQ(to_string(ErrorCode::out_of_memory), "out_of_memory");
}

// --- cell setters ------------------------------------------------------------------------------

TEST(GridSetters, TagAboveSevenIsRejectedAndChangesNothing) {
  Grid g(2, 2);
  ASSERT_TRUE(g.set_tile({1, 1}, 5));
  ASSERT_TRUE(g.set_blocked({1, 1}, true));
  const std::uint64_t v = g.version();
  EXPECT_FALSE(g.set_tile({1, 1}, 8));
  EXPECT_FALSE(g.set_tile({1, 1}, 9));
  EXPECT_FALSE(g.set_tile({1, 1}, 0xFF));
  EXPECT_EQ(g.cell({1, 1}), 0xD);
  EXPECT_EQ(g.version(), v);
  EXPECT_TRUE(g.set_tile({1, 1}, 7));
  EXPECT_EQ(g.cell({1, 1}), 0xF);
}

TEST(GridSetters, CellValueAboveFifteenIsRejectedAndChangesNothing) {
  Grid g(3, 1, 2);
  const std::uint64_t v = g.version();
  EXPECT_FALSE(g.set_cell({1, 0}, 16));
  EXPECT_FALSE(g.set_cell({1, 0}, 0x1B));
  EXPECT_EQ(g.cell({1, 0}), 2);
  EXPECT_EQ(g.version(), v);
  EXPECT_TRUE(g.set_cell({1, 0}, 15));
  EXPECT_EQ(g.cell({1, 0}), 15);
  EXPECT_EQ(g.cell({0, 0}), 2);
  EXPECT_EQ(g.cell({2, 0}), 2);
}

// --- GridLayer::create -------------------------------------------------------------------------

TEST(GridLayerCreate, GoodCostsMakeTheSameLayer) {
  const std::optional<GridLayer> l = GridLayer::create({1, 2, 0}, 9);
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(*l, (GridLayer({1, 2, 0}, 9)));
  EXPECT_EQ(l->tag_cost(1), 2);
  EXPECT_EQ(l->blocked_cost(), 9);
}

TEST(GridLayerCreate, BadCostsGiveInvalidCostNamingTheValue) {
  Error e;
  EXPECT_FALSE(GridLayer::create({1, 2, 3, 4, 5, 6, 7, 8, 9}, 0, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_cost);
  EXPECT_EQ(e.message, "pathing::GridLayer: 9 tag costs given, at most 8 tags exist");
  EXPECT_FALSE(GridLayer::create({1, 256}, 0, &e).has_value());
  EXPECT_EQ(e.message, "pathing::GridLayer: tag cost 256 is outside [0, 255]");
  EXPECT_FALSE(GridLayer::create({1}, -1, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_cost);
  EXPECT_EQ(e.message, "pathing::GridLayer: blocked cost -1 is outside [0, 255]");
}

// --- try_reserve -------------------------------------------------------------------------------

TEST(TryReserve, BadSizesAreRejectedNamingTheValue) {
  AStar a;
  GreedyBestFirst b;
  Error e;
  EXPECT_FALSE(a.try_reserve(-1, 5, &e));
  EXPECT_EQ(e.code, ErrorCode::invalid_size);
  EXPECT_EQ(e.message, "pathing::AStar::reserve: cols = -1 is outside [0, 32768]");
  EXPECT_EQ(a.memory_bytes(), AStar().memory_bytes());  // nothing reserved
  EXPECT_FALSE(b.try_reserve(5, INT_MIN, &e));
  EXPECT_EQ(e.message,
            "pathing::GreedyBestFirst::reserve: rows = -2147483648 is outside [0, 32768]");
  EXPECT_FALSE(a.try_reserve(32768, 32768, &e));
  EXPECT_EQ(e.message,
            "pathing::AStar::reserve: cols * rows = 1073741824 is outside [0, 268435456]");
  EXPECT_FALSE(b.try_reserve(32768, 16385));  // a null Error* is allowed
}

TEST(TryReserve, GoodSizesReserveAsReserveDoes) {
  AStar a;
  AStar ref;
  ref.reserve(64, 32);
  Error e;
  EXPECT_TRUE(a.try_reserve(64, 32, &e));
  EXPECT_EQ(e.code, ErrorCode::none);
  EXPECT_EQ(a.memory_bytes(), ref.memory_bytes());
  GreedyBestFirst b;
  EXPECT_TRUE(b.try_reserve(0, 0));
  std::vector<GridCoord> out;
  EXPECT_TRUE(a.find_path(Grid(3, 3), GridLayer{}, {0, 0}, {2, 2}, out).found());
  EXPECT_EQ(out.size(), 3u);
}

// --- other non-throwing forms ------------------------------------------------------------------

TEST(WorldMappingCreate, NonPositiveOrNonFiniteSizesAreRejected) {
  Error e;
  const std::optional<WorldMapping> m = WorldMapping::create(16, 8, &e);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->cell_width(), 16.0);
  EXPECT_EQ(m->cell_height(), 8.0);
  EXPECT_FALSE(WorldMapping::create(0, 1, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_EQ(e.message, "pathing::WorldMapping: cell_width = 0 must be finite and > 0");
  EXPECT_FALSE(WorldMapping::create(1, -2, &e).has_value());
  EXPECT_EQ(e.message, "pathing::WorldMapping: cell_height = -2 must be finite and > 0");
  EXPECT_FALSE(WorldMapping::create(1, std::numeric_limits<double>::infinity()).has_value());
}

// Issue #19 D3: the message names the value as given (std::to_string printed -1e-9 as
// "-0.000000", which reads as a valid-looking zero).
TEST(WorldMappingCreate, MessageShowsTinyAndNonFiniteValuesRecognisably) {
  Error e;
  EXPECT_FALSE(WorldMapping::create(-1e-9, 1, &e).has_value());
  EXPECT_EQ(e.message, "pathing::WorldMapping: cell_width = -1e-09 must be finite and > 0");
  EXPECT_FALSE(WorldMapping::create(1, -0.1, &e).has_value());
  EXPECT_EQ(e.message, "pathing::WorldMapping: cell_height = -0.1 must be finite and > 0");
  EXPECT_FALSE(WorldMapping::create(1, -1.0000001, &e).has_value());
  EXPECT_EQ(e.message, "pathing::WorldMapping: cell_height = -1.0000001 must be finite and > 0");
  EXPECT_FALSE(WorldMapping::create(std::numeric_limits<double>::infinity(), 1, &e).has_value());
  EXPECT_EQ(e.message, "pathing::WorldMapping: cell_width = inf must be finite and > 0");
  EXPECT_FALSE(WorldMapping::create(std::numeric_limits<double>::quiet_NaN(), 1, &e).has_value());
  EXPECT_NE(e.message.find("cell_width = nan must be"), std::string::npos) << e.message;
}

TEST(TryPathFromCells, ReportsTheFirstBadPairAndTooLongPaths) {
  Error e;
  const std::vector<GridCoord> ok{{0, 0}, {1, 0}, {1, 1}};
  const std::optional<GridPath> p = try_path_from_cells(ok, &e);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->len(), 2);
  EXPECT_FALSE(try_path_from_cells(std::vector<GridCoord>{}, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::invalid_argument);
  EXPECT_EQ(e.message, "pathing::path_from_cells: no cells given (need at least the start)");
  EXPECT_FALSE(try_path_from_cells(std::vector<GridCoord>{{0, 0}, {1, 0}, {2, 1}}, &e));
  EXPECT_EQ(e.message,
            "pathing::path_from_cells: cells 1 (1, 0) and 2 (2, 1) are not 4-connected neighbours");
  std::vector<GridCoord> line;
  for (int x = 0; x <= 57; ++x) line.push_back({x, 0});
  EXPECT_FALSE(try_path_from_cells(line, &e).has_value());
  EXPECT_EQ(e.code, ErrorCode::too_long);
  EXPECT_EQ(e.message, "pathing::path_from_cells: 57 steps given, at most 56 fit in a GridPath");
}

TEST(NodeInternerNoThrow, TryInternAndFindKey) {
  NodeInterner<std::uint64_t, std::uint8_t> ids;
  for (std::uint64_t k = 0; k < 255; ++k) ASSERT_EQ(ids.try_intern(k << 40), k);
  Error e;
  EXPECT_EQ(ids.try_intern(std::uint64_t{1} << 63, &e), std::nullopt);
  EXPECT_EQ(e.code, ErrorCode::too_long);
  EXPECT_EQ(e.message, "pathing::NodeInterner: more than 255 keys do not fit the id type");
  EXPECT_EQ(ids.size(), 255u);
  EXPECT_EQ(ids.try_intern(std::uint64_t{3} << 40), std::optional<std::uint8_t>(3));
  ASSERT_NE(ids.find_key(3), nullptr);
  EXPECT_EQ(*ids.find_key(3), std::uint64_t{3} << 40);
  NodeInterner<std::string> names;
  EXPECT_EQ(names.find_key(0), nullptr);
}

#if PATHING_HAS_EXCEPTIONS
// --- with exceptions: the throwing forms say what the non-throwing ones say --------------------

TEST(ThrowingForms, ThrowTheMessageOfTheNonThrowingForm) {
  const auto what = [](auto&& f) -> std::string {
    try {
      f();
    } catch (const std::exception& ex) {
      return ex.what();
    }
    return "no exception";
  };
  EXPECT_EQ(what([] { Grid g(5, 5, 8); }), "pathing::Grid: default_tile = 8 is outside [0, 7]");
  EXPECT_EQ(what([] { GridLayer l({1}, 300); }),
            "pathing::GridLayer: blocked cost 300 is outside [0, 255]");
  EXPECT_EQ(what([] {
              AStar a;
              a.reserve(-1, 0);
            }),
            "pathing::AStar::reserve: cols = -1 is outside [0, 32768]");
  EXPECT_EQ(what([] { WorldMapping m(0, 1); }),
            "pathing::WorldMapping: cell_width = 0 must be finite and > 0");
  EXPECT_THROW(
      (GridPath{
          Direction::up, Direction::up, Direction::up, Direction::up, Direction::up, Direction::up,
          Direction::up, Direction::up, Direction::up, Direction::up, Direction::up, Direction::up,
          Direction::up, Direction::up, Direction::up, Direction::up, Direction::up, Direction::up,
          Direction::up, Direction::up, Direction::up, Direction::up, Direction::up, Direction::up,
          Direction::up, Direction::up, Direction::up, Direction::up, Direction::up, Direction::up,
          Direction::up, Direction::up, Direction::up, Direction::up, Direction::up, Direction::up,
          Direction::up, Direction::up, Direction::up, Direction::up, Direction::up, Direction::up,
          Direction::up, Direction::up, Direction::up, Direction::up, Direction::up, Direction::up,
          Direction::up, Direction::up, Direction::up, Direction::up, Direction::up, Direction::up,
          Direction::up, Direction::up, Direction::up}),
      std::length_error);
}
#else
// --- without exceptions: the documented fallbacks of the throwing forms ------------------------

TEST(NoExceptionsFallback, BadGridIsTheEmptyGridAndEverySearchRejectsIt) {
  Grid g(0, 5);
  EXPECT_TRUE(g.empty());
  EXPECT_EQ(g.cols(), 0);
  EXPECT_EQ(g.rows(), 0);
  EXPECT_EQ(g.cell_count(), 0u);
  EXPECT_EQ(g.memory_bytes(), 0u);
  EXPECT_FALSE(g.in_bounds({0, 0}));
  EXPECT_FALSE(g.set_tile({0, 0}, 1));
  EXPECT_FALSE(g.set_blocked({0, 0}, true));
  EXPECT_EQ(g.cell({0, 0}), 0);
  EXPECT_TRUE(Grid(5, 5, 8).empty());
  EXPECT_TRUE(Grid(32768, 32768).empty());

  std::vector<GridCoord> out{{7, 7}};
  AStar a;
  for (Connectivity c : {Connectivity::four, Connectivity::eight}) {
    EXPECT_EQ(a.find_path(g, GridLayer{}, {0, 0}, {0, 0}, out, {c}).status,
              SearchStatus::invalid_endpoint);
  }
  EXPECT_EQ(a.build_path(g, GridLayer{}, {0, 0}, {1, 0}).status, SearchStatus::invalid_endpoint);
  GreedyBestFirst b;
  EXPECT_EQ(b.find_path(g, GridLayer{}, {0, 0}, {0, 0}, out).status,
            SearchStatus::invalid_endpoint);
  EXPECT_EQ(b.build_path(g, GridLayer{}, {0, 0}, {1, 0}).status, SearchStatus::invalid_endpoint);
  EXPECT_EQ(out, (std::vector<GridCoord>{{7, 7}}));
  std::vector<GridCoord> waypoints;
  EXPECT_EQ(smooth_path(g, GridLayer{}, out, waypoints), 1u);
}

TEST(NoExceptionsFallback, BadLayerIsImpassableEverywhere) {
  const GridLayer l{1, 256};
  for (unsigned v = 0; v < 16; ++v) EXPECT_EQ(l.cost_of_cell(static_cast<std::uint8_t>(v)), 0);
  std::vector<GridCoord> out;
  AStar a;
  EXPECT_EQ(a.find_path(Grid(4, 4), l, {0, 0}, {3, 3}, out).status, SearchStatus::unreachable);
}

TEST(NoExceptionsFallback, OtherThrowingFormsFallBackToInertValues) {
  AStar a(-1, 5);  // reserves nothing, still works
  std::vector<GridCoord> out;
  EXPECT_TRUE(a.find_path(Grid(3, 3), GridLayer{}, {0, 0}, {2, 2}, out).found());
  a.reserve(INT_MAX, 1);
  EXPECT_TRUE(a.find_path(Grid(3, 3), GridLayer{}, {0, 0}, {2, 2}, out).found());
  GreedyBestFirst b(5, INT_MIN);
  EXPECT_TRUE(b.find_path(Grid(3, 3), GridLayer{}, {0, 0}, {2, 2}, out).found());

  const WorldMapping m(0, 1);
  EXPECT_EQ(m.cell_width(), 32.0);
  EXPECT_EQ(m.cell_height(), 32.0);

  EXPECT_EQ(path_from_cells(std::vector<GridCoord>{}).len(), 0);
  EXPECT_EQ(path_from_cells(std::vector<GridCoord>{{0, 0}, {2, 0}}).len(), 0);

  NodeInterner<std::uint64_t, std::uint8_t> ids;
  for (std::uint64_t k = 0; k < 255; ++k) ASSERT_EQ(ids.intern(k), k);
  EXPECT_EQ(ids.intern(1000), 255);
  EXPECT_EQ(ids.size(), 255u);
  EXPECT_EQ(ids.key(255), 0u);  // a value-initialized key

  std::vector<GridCoord> cells{{0, 0}, {1, 0}};
  EXPECT_EQ(smooth_path(Grid(2, 1), GridLayer{}, cells, cells), 0u);
  EXPECT_EQ(cells.size(), 2u);
}
#endif

}  // namespace
}  // namespace pathing
