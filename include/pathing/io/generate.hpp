// pathing: fast grid path-finding. MIT licensed.
//
// Deterministic generators of test maps and Moving AI scenario files, and the reference
// (Dijkstra, double precision) optimal lengths they carry; huge maps tiled from a source map,
// with long queries whose lengths come from the library's exact searches.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pathing/io/movingai.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"

namespace pathing::io {

/// The shape of a generated map.
enum class MapKind : std::uint8_t {
  random,   ///< Every cell blocked independently with probability `density` (Moving AI "random").
  rooms,    ///< Square rooms separated by 1-cell walls, joined by 1-cell doors (Moving AI "room").
  maze,     ///< A perfect maze, walls 1 cell wide, corridors `corridor_width` cells wide (Moving AI
            ///< "maze512-W-..."; W = 1 by default).
  terrain,  ///< Weighted terrain: smooth patches of ground, grass and forest (tags 0, 1, 2:
            ///< `.`, `S`, `W`), impassable rock (`@`) and roads of ground across the map; read
            ///< it with `terrain_layer()` (costs 1 / 3 / 5).
};

/// The layer of `MapKind::terrain` maps: tag 0 (ground and roads, `.`) costs 1, tag 1 (grass,
/// `S`) 3, tag 2 (forest, `W`) 5; other tags and blocked cells are impassable. (The Moving AI
/// letters stand for tags here, not for the benchmark's swamp and water rules.)
[[nodiscard]] constexpr GridLayer terrain_layer() noexcept {
  return GridLayer(std::array<std::uint8_t, 8>{1, 3, 5, 0, 0, 0, 0, 0}, 0);
}

/// "random", "rooms", "maze" or "terrain".
[[nodiscard]] std::string_view to_string(MapKind kind) noexcept;
/// The kind named `name` ("random", "rooms", "maze", "terrain"), or nullopt.
[[nodiscard]] std::optional<MapKind> parse_map_kind(std::string_view name) noexcept;

/// What to generate. Sizes in cells.
struct MapSpec {
  MapKind kind = MapKind::random;  ///< Random obstacles, rooms with doors, or a maze.
  int width = 64;                  ///< Columns, in [1, Grid::kMaxSide].
  int height = 64;  ///< Rows, in [1, Grid::kMaxSide]; width * height <= Grid::kMaxCells.
  /// random: probability that a cell is blocked. rooms: probability that a wall between two
  /// adjacent rooms that the spanning tree did not open gets a door anyway (loops). maze: unused.
  /// terrain: the fraction of cells that are rock (impassable) before the roads are laid.
  /// In [0, 1].
  double density = 0.2;
  int room_size = 7;       ///< rooms: side of a room's interior, in cells (>= 1).
  std::uint64_t seed = 1;  ///< Seed of the generator: same spec -> same map, on every platform.
  int corridor_width = 1;  ///< maze: width of a corridor, in cells (>= 1); walls stay 1 cell.
};

/// Generates a map: free cells are tag 0 unblocked (`.`), obstacles are blocked tag 0 (`@`), so
/// `format_map` writes it in Moving AI format.
///
/// Determinism: all randomness comes from std::mt19937_64 (fully specified by the C++ standard)
/// seeded with `spec.seed`, through a bounded draw of our own (rejection sampling of the top of
/// the 64-bit range, then modulo; not std::uniform_int_distribution, whose algorithm each
/// standard library chooses) and a 53-bit fraction for probabilities: the same spec gives the
/// same grid with every compiler.
///
/// - random: cells in row-major order, one draw each.
/// - rooms: room (i, j) covers columns [i (R+1), i (R+1) + R) and rows likewise (R = room_size),
///   walls lie on the lines between; rooms at the right/bottom edge may be cut short. The walls
///   between adjacent rooms are shuffled (Fisher-Yates) and opened in that order when they join
///   two rooms not yet connected (Kruskal: every room reachable), otherwise with probability
///   `density`; a door is one cell at a uniform position along the wall.
/// - maze: with W = corridor_width (clamped to the map's smaller side), the maze's nodes are the
///   W x W squares at (i (W+1), j (W+1)), carved by a depth-first "recursive backtracker"
///   (explicit stack) from (0, 0): joining two nodes opens the W cells of wall between them;
///   columns/rows at the right/bottom edge too narrow for a whole node stay wall. W = 1 is the
///   classic maze (nodes at even (x, y)): every free cell is reachable from every other by
///   exactly one path; for W > 1, by exactly one path of corridors (cells of a corridor W wide).
/// - terrain: an integer value-noise field (two octaves: random values in [0, 2^16) on lattices
///   of 32 and 8 cells, bilinear, weights 3 and 1; integer arithmetic only), ranked: the lowest
///   30 % of the passable share is ground (tag 0), the next 40 % grass (tag 1), the rest forest
///   (tag 2), and the highest `density` of all cells rock (blocked, tag 0); ties by value go the
///   same way everywhere. Then 1 + (width + height) / 128 roads, alternately left to right and
///   top to bottom, from a uniform row (column) with a uniform step of -1, 0 or +1 across at
///   each column (row), 2 cells wide, turn every cell they cross into ground (rock too).
///
/// Complexity: O(width * height). Thread-safe (no shared state).
/// @throws std::invalid_argument naming the value for a size outside the Grid's limits, a
///         density outside [0, 1] (or NaN), a room_size < 1 or a corridor_width < 1.
[[nodiscard]] Grid generate_map(const MapSpec& spec);

/// The non-throwing form of `generate_map`: the grid, or nothing with `*error` (when not null)
/// set to `ErrorCode::invalid_argument` and the message naming the value (or `out_of_memory`).
[[nodiscard]] std::optional<Grid> try_generate_map(const MapSpec& spec,
                                                   Error* error = nullptr) noexcept;

/// The optimal 8-connected length from `from` to `to` (octile moves, no corner cutting: a
/// diagonal needs both orthogonal cells it passes to be passable), in cost units: a straight
/// move into a cell of layer cost c costs c, a diagonal one c * sqrt(2). Passability and costs
/// come from `layer` (default: the Moving AI rules). nullopt when `to` cannot be reached or an
/// endpoint is off the grid or impassable (the start's own cost is ignored).
///
/// This is the reference oracle of the generated scenarios: a plain Dijkstra (1959) written
/// independently of the library's searches, with a std::priority_queue of doubles (ties by cell
/// index), stopping when `to` is settled; the length is recomputed from the sums of straight and
/// diagonal costs of the path found. Allocates O(cells); O(n log n) for n cells settled. Not for
/// hot paths. Thread-safe.
[[nodiscard]] std::optional<double> reference_shortest_length(
    const Grid& grid, GridCoord from, GridCoord to, const GridLayer& layer = movingai_layer());

/// Generates `queries` scenario entries for `grid`: for each, a start drawn uniformly among the
/// passable cells and a goal drawn uniformly among the other cells of the start's connected
/// component (8-connected, no corner cutting), with the optimal length of
/// `reference_shortest_length` (8 decimals, bucket = floor(length / 4)). Entries are sorted by
/// bucket (stably), like the Moving AI files; `map` is `map_name` in every entry. Version "1".
///
/// Determinism: std::mt19937_64 seeded with `seed` and the bounded draw of `generate_map`.
/// Complexity: O(queries * component size * log). Thread-safe.
/// @throws std::invalid_argument when `queries` < 0, or when the map has no two connected
///         passable cells (after 64 * queries + 1024 start draws, std::runtime_error naming how
///         many queries were found).
[[nodiscard]] Scenario generate_scenario(const Grid& grid, const std::string& map_name, int queries,
                                         std::uint64_t seed,
                                         const GridLayer& layer = movingai_layer());

/// The non-throwing form of `generate_scenario`: nothing with `*error` (when not null) set to
/// `ErrorCode::invalid_argument` (the message of the exception `generate_scenario` throws).
[[nodiscard]] std::optional<Scenario> try_generate_scenario(
    const Grid& grid, const std::string& map_name, int queries, std::uint64_t seed,
    const GridLayer& layer = movingai_layer(), Error* error = nullptr) noexcept;

/// How `tile_map` repeats its source map.
struct TileOptions {
  /// Mirror alternate tiles: tile (i, j) (the i-th across, the j-th down, from 0) is the source
  /// flipped left to right when i is odd and upside down when j is odd, so the two cells facing
  /// each other across a seam are copies of the same border cell: an open border stays open
  /// across the seam and no seam joins unrelated halves of the map. false: plain repetition.
  bool mirror = true;
  /// Join the tiles: before tiling, carve two straight 1-cell "ports" into (a copy of) the source:
  /// in one row, from the left border to the leftmost cell of the source's largest connected
  /// component (8-connected, no corner cutting, under `layer`) and from its rightmost cell to
  /// the right border; in one column likewise from the top and to the bottom border. The row
  /// (column) is the one needing the fewest carved cells (ties: nearest the middle, then the
  /// smaller index); carved cells become ground (`.`: tag 0, unblocked). Both ports of a row end
  /// on the same row of both borders, so with either tiling the ports of neighbouring tiles meet
  /// across every seam, and the copies of that component in all the complete tiles form one
  /// connected component of the result. At most width + height cells of the source change; a
  /// source with no passable cell gets no port. false: the source's cells as they are.
  bool connect = true;
  /// Passability for `connect` (which cells are passable and so form components); it must
  /// make ground (tag 0, unblocked) passable when `connect` is set.
  GridLayer layer = movingai_layer();
};

/// Builds a `width` x `height` map by tiling `tile` (e.g. a Moving AI map into a huge map for
/// benchmarks): tile (i, j) covers columns [i w, (i + 1) w) and rows [j h, (j + 1) h) (w x h
/// the source's size), holds the source (after `options.connect`'s ports) mirrored as
/// `options.mirror` says, and the tiles of the last column and row are cut off at the map's
/// edge: cell (x, y) is the prepared source's cell (mx, my) with mx = x mod w, or w - 1 - (x
/// mod w) when mirroring and x / w is odd (my likewise). A tile cut short keeps the cells that
/// fit; the connectivity `connect` promises holds between complete tiles (a cut tile's part of
/// the component may be cut off from the rest).
///
/// Cell values (tag and blocked flag) are copied as they are, so `format_map` writes the result
/// when it could write the source. Deterministic (no randomness).
/// Complexity: O(width * height + source cells); memory: the result plus O(source cells).
/// Thread-safe (no shared state).
/// @throws std::invalid_argument naming the value for a size outside the Grid's limits (sides
///         in [1, Grid::kMaxSide], width * height <= Grid::kMaxCells), an empty (0 x 0) source,
///         or `connect` with a layer under which ground is impassable.
[[nodiscard]] Grid tile_map(const Grid& tile, int width, int height,
                            const TileOptions& options = {});

/// The non-throwing form of `tile_map`: the grid, or nothing with `*error` (when not null) set
/// to `ErrorCode::invalid_argument` and the message naming the value (or `out_of_memory`).
[[nodiscard]] std::optional<Grid> try_tile_map(const Grid& tile, int width, int height,
                                               const TileOptions& options = {},
                                               Error* error = nullptr) noexcept;

/// Generates `queries` long queries for benchmarking (hierarchical) searches on large maps,
/// e.g. those of `tile_map`. Every start and goal lie in the map's largest connected component
/// (8-connected, no corner cutting, under `layer`; ties: the one holding the first cell in
/// row-major order), in diagonally opposite quarters: query k goes from the top-left quarter to
/// the bottom-right one when k mod 4 = 0, top-right to bottom-left (1), bottom-right to top-left
/// (2), bottom-left to top-right (3). The quarters split the columns at width / 2 and the rows
/// at height / 2 (a side of 1 is not split: both "halves" are the whole side); a quarter the
/// component misses makes that query use the whole component for both ends. Start and goal are
/// drawn uniformly among the component's cells of their quarters, up to 64 pairs, until their
/// octile distance (dx, dy: max + (sqrt(2) - 1) min) is at least max(width, height) / 2; if none
/// is, the farthest pair drawn (the first of equals) is taken.
///
/// Optimal lengths come from the library's exact searches instead of the reference Dijkstra
/// (too slow for thousands of cells a side): `Jps::find_path` on layers whose passable cells all
/// cost the same (`GridLayer::uniform_cost() != 0`, e.g. the Moving AI rules), else
/// `AStar::find_path` (8-connected, octile heuristic: admissible and consistent). Both are
/// optimal and recompute the length from the path's integer sums of straight and diagonal costs,
/// so it equals `reference_shortest_length` bit for bit (tested). 8 decimals, bucket =
/// floor(length / 4) as in the Moving AI files; entries sorted by bucket (stably), `map` =
/// `map_name`, version "1".
///
/// Determinism: std::mt19937_64 seeded with `seed` and the bounded draw of `generate_map`.
/// Complexity: O(cells) for the component (bit sets: 2 bits a cell, plus a breadth-first queue),
/// O(log rows + cols / 64) a drawn cell, then one search a query (A*: O(n log k) for n expanded
/// cells, at most the component; JPS: typically far fewer nodes). Memory: the search's
/// workspace, JPS 36 bytes a cell (9 GiB for 16384 x 16384), A* 16 bytes a cell and its open
/// list (timings: docs/benchmarks.md, `pathing gen tile`). Thread-safe.
/// @throws std::invalid_argument when `queries` < 0 or the largest component has fewer than 2
///         cells (the message names the count); std::runtime_error if a search does not reach
///         the goal (a bug: the goal is in the start's component).
[[nodiscard]] Scenario generate_long_scenario(const Grid& grid, const std::string& map_name,
                                              int queries, std::uint64_t seed,
                                              const GridLayer& layer = movingai_layer());

/// The non-throwing form of `generate_long_scenario`: nothing with `*error` (when not null) set
/// to `ErrorCode::invalid_argument` (the exception's message) or `out_of_memory`.
[[nodiscard]] std::optional<Scenario> try_generate_long_scenario(
    const Grid& grid, const std::string& map_name, int queries, std::uint64_t seed,
    const GridLayer& layer = movingai_layer(), Error* error = nullptr) noexcept;

/// Writes a scenario in Moving AI format: `version 1` (or the scenario's version), then one
/// tab-separated line per entry with the optimal length printed with the entry's `decimals`
/// (fixed notation, '.' whatever the locale). Inverse of parse_scenario (up to spacing).
/// Complexity: O(entries).
[[nodiscard]] std::string format_scenario(const Scenario& scen);

}  // namespace pathing::io
