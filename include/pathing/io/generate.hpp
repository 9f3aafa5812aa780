// pathing: fast grid path-finding. MIT licensed.
//
// Deterministic generators of test maps and Moving AI scenario files, and the reference
// (Dijkstra, double precision) optimal lengths they carry.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pathing/coord.hpp"
#include "pathing/grid.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/layer.hpp"

namespace pathing::io {

/// The shape of a generated map.
enum class MapKind : std::uint8_t {
  random,   ///< Every cell blocked independently with probability `density` (Moving AI "random").
  rooms,    ///< Square rooms separated by 1-cell walls, joined by 1-cell doors (Moving AI "room").
  maze,     ///< A perfect maze with corridors and walls 1 cell wide (Moving AI "maze ... -1-").
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
/// - maze: cells at even (x, y) are the maze's nodes, carved by a depth-first "recursive
///   backtracker" (explicit stack) from (0, 0); the odd column/row at an even-sized edge stays
///   wall. Every free cell is reachable from every other by exactly one path.
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
///         density outside [0, 1] (or NaN), or a room_size < 1.
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

/// Writes a scenario in Moving AI format: `version 1` (or the scenario's version), then one
/// tab-separated line per entry with the optimal length printed with the entry's `decimals`
/// (fixed notation, '.' whatever the locale). Inverse of parse_scenario (up to spacing).
/// Complexity: O(entries).
[[nodiscard]] std::string format_scenario(const Scenario& scen);

}  // namespace pathing::io
