// pathing: fast grid path-finding. MIT licensed.
//
// Moving AI benchmark files (.map and .scen) -- the compiled pathing::io library.
//
// Format reference: N. Sturtevant, "Benchmarks for Grid-Based Pathfinding", IEEE Transactions on
// Computational Intelligence and AI in Games 4(2):144-148, 2012 (movingai.com/benchmarks).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pathing/error.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"

namespace pathing::io {

/// A malformed input file. `what()` reads "FILE:LINE:COLUMN: message" (line and column from 1;
/// 0 when the error is about the whole file, e.g. it cannot be opened).
class ParseError : public std::runtime_error {
 public:
  /// An error at `file`:`line`:`column` (1-based; 0 = not applicable) described by `message`.
  ParseError(std::string file, int line, int column, const std::string& message)
      : std::runtime_error(file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                           message),
        file_(std::move(file)),
        line_(line),
        column_(column) {}
  /// The file (or the name given to a parse function).
  [[nodiscard]] const std::string& file() const noexcept { return file_; }
  /// Line, from 1 (0: the whole file).
  [[nodiscard]] int line() const noexcept { return line_; }
  /// Column, from 1 (0: the whole line or file).
  [[nodiscard]] int column() const noexcept { return column_; }

 private:
  std::string file_;
  int line_;
  int column_;
};

/// Tile tags used for Moving AI terrain. `.` and `G` (ground) are tag 0 (both read back as `.`),
/// `S` swamp is tag 1, `W` water tag 2, `T` trees tag 3; `@` and `O` (out of bounds) are
/// blocked cells with tag 0 and tag 1 respectively, so a map written back is the same text
/// except that `G` becomes `.`.
namespace tag {
inline constexpr std::uint8_t kGround = 0;  ///< `.` and `G`: passable ground.
inline constexpr std::uint8_t kSwamp = 1;   ///< `S`: swamp, passable in the benchmarks.
inline constexpr std::uint8_t kWater = 2;   ///< `W`: water, passable only from water.
inline constexpr std::uint8_t kTrees = 3;   ///< `T`: trees, impassable.
/// Tag of an `O` cell (blocked); `@` is blocked with tag 0.
inline constexpr std::uint8_t kOutOfBounds = 1;
}  // namespace tag

/// The Moving AI benchmark rules as a layer: ground and swamp cost 1, trees, water and blocked
/// cells are impassable. (Water in the benchmarks is passable only from water; the benchmark
/// subset we use has none, and this layer treats it as impassable.)
[[nodiscard]] constexpr GridLayer movingai_layer() noexcept {
  return GridLayer(std::array<std::uint8_t, 8>{1, 1, 0, 0, 0, 0, 0, 0}, 0);
}

/// A Moving AI map: the grid and the `type` line (e.g. "octile").
struct Map {
  Grid grid{1, 1};              ///< cols = the `width` line, rows = the `height` line.
  std::string type = "octile";  ///< The word after `type` (not interpreted).
};

/// Parses a `.map` text: the header lines `type T`, `height H`, `width W`, `map` in that order
/// (fields separated by spaces or tabs), then H rows of exactly W characters from `.G@OTSW`
/// (see `tag`). CRLF line ends are accepted; blank lines after the last row are ignored.
///
/// Limits: H and W in [1, Grid::kMaxSide], H * W <= Grid::kMaxCells. The rows are checked before
/// the grid is allocated, so a short file claiming a huge size fails without allocating it.
/// Complexity: O(text size + H * W). Thread-safe (no shared state).
/// @param name used in error messages (a file name).
/// @throws ParseError "name:line:column: message" quoting the offending value for: a missing or
///         misspelt header line, an extra field on a header line, a bad or out-of-range number, a
///         row shorter or longer than W (column: where the row ended / the first extra
///         character), an unknown character, a NUL byte, a file that ends before H rows (line: the
///         line after the last one), text after the map rows. Nothing is returned on error.
[[nodiscard]] Map parse_map(std::string_view text, const std::string& name);

/// The most bytes `load_map` reads before it has the 4 header lines of a map.
inline constexpr std::uint64_t kMaxMapHeaderBytes = 65536;
/// The bytes of blank lines `load_map` reads after the rows of a map.
inline constexpr std::uint64_t kMapTrailingBlankBytes = 4096;

/// Reads and parses a `.map` file; error messages name `file` as given.
///
/// Only regular files are read: never a FIFO (which would block), a device (`/dev/zero` would
/// never end) or a directory. The file is read in chunks: the header first (at most
/// kMaxMapHeaderBytes bytes), then at most H * (W + 2) + kMapTrailingBlankBytes more bytes (H rows
/// of W characters with CRLF line ends, then blank lines), so a file of any size costs at most
/// that much memory. Reading stops at a chunk holding a NUL byte (reported as by parse_map).
/// @throws ParseError as parse_map; with line 0, column 0: "cannot open the file: REASON",
///         "cannot read the file: REASON" (REASON: strerror, e.g. "Input/output error"), "is not a
///         regular file (a FIFO): only regular files are read" (or a directory, a character
///         device, a block device, a socket); at the first byte past the limit: the first error
///         of parse_map in the bytes before it, else "the file goes on past N bytes, the limit for
///         a W x H map (...)" (or "for the 4 header lines of a map").
[[nodiscard]] Map load_map(const std::filesystem::path& file);

/// The non-throwing form of `parse_map`: the map, or nothing with `*error` (when not null) set to
/// `ErrorCode::parse_error` and the ParseError's text ("name:line:column: message"), or
/// `ErrorCode::out_of_memory`. Usable from code built with -fno-exceptions (pathing::io itself is
/// always compiled with exceptions; see docs/errors.md).
[[nodiscard]] std::optional<Map> try_parse_map(std::string_view text, const std::string& name,
                                               Error* error = nullptr) noexcept;
/// The non-throwing form of `load_map`: as `try_parse_map`, and `ErrorCode::io_error` (line 0,
/// column 0 in the message) when the file cannot be opened or read or is not a regular file.
[[nodiscard]] std::optional<Map> try_load_map(const std::filesystem::path& file,
                                              Error* error = nullptr) noexcept;

/// Writes a map in Moving AI format: `type octile`, `height`, `width`, `map` and one row of
/// characters per grid row, each line ending in '\n'. Inverse of parse_map up to `G` -> `.`.
/// Complexity: O(cells). Thread-safe for a const grid.
/// @throws std::invalid_argument naming the cell when a cell has no Moving AI character: an
///         unblocked cell with tag 4..7, or a blocked cell with a tag other than 0 (`@`) or 1
///         (`O`).
[[nodiscard]] std::string format_map(const Grid& grid);

/// One query of a scenario file.
struct ScenarioEntry {
  int bucket = 0;      ///< The bucket column (>= 0; by convention floor(optimal_length / 4)).
  std::string map;     ///< The map column as written (a bare name or a path).
  int map_width = 0;   ///< Width the scenario expects, in cells.
  int map_height = 0;  ///< Height the scenario expects, in cells.
  int start_x = 0;     ///< Start column, in cells from 0.
  int start_y = 0;     ///< Start row, in cells from 0.
  int goal_x = 0;      ///< Goal column.
  int goal_y = 0;      ///< Goal row.
  double optimal_length = 0;  ///< 8-connected optimal length, as printed (straight move = 1).
  int decimals = 0;           ///< Digits after the decimal point in the file.
  int line = 0;               ///< Line in the file, from 1 (for messages).
  /// Column (from 1) of each of the 9 fields in the file, in file order (bucket, map, width,
  /// height, start x, start y, goal x, goal y, optimal length), for messages.
  std::array<int, 9> columns{};

  /// The match tolerance, in cost units: half a unit in the last printed place plus one
  /// single-precision ulp, 0.5 * 10^-decimals + 2^-23 * |optimal_length|; a length L matches
  /// when |L - optimal_length| <= tolerance().
  ///
  /// Why the second term: the published lengths were not computed exactly. The 2- to 6-digit
  /// files hold float32 values printed with %g (e.g. 254.76450199 is stored as the float
  /// 254.764496 and printed "254.764", 0.502 units of the last place away), and the 8-decimal
  /// files (arena2, street) drift by up to 1.8e-7 at length 750 (a rounded sqrt(2)). The second
  /// term covers both (how many rows need it: docs/benchmarks.md). It stays below the gap between
  /// distinct path lengths a + b sqrt(2) (at least about 1 / (2.1 L) at length L) for L < 1900, so
  /// it does not hide a suboptimal path at the printed precision.
  [[nodiscard]] double tolerance() const noexcept;
  /// The start cell (start_x, start_y).
  [[nodiscard]] GridCoord start() const noexcept { return {start_x, start_y}; }
  /// The goal cell (goal_x, goal_y).
  [[nodiscard]] GridCoord goal() const noexcept { return {goal_x, goal_y}; }
};

/// A parsed `.scen` file.
struct Scenario {
  std::string version;                 ///< "1" or "1.0".
  std::vector<ScenarioEntry> entries;  ///< The queries, in file order.
};

/// Parses a `.scen` text: a first line `version 1` or `version 1.0`, then one query per line,
/// 9 fields separated by tabs or spaces: `bucket map map-width map-height start-x start-y goal-x
/// goal-y optimal-length`. Integers are decimal digits (coordinates and sizes in [0, 2^31-1]);
/// the length is digits with an optional fraction (`12`, `12.5`, `3.82842712`), and its number of
/// decimals is kept (see `ScenarioEntry::tolerance`). CRLF accepted; blank lines are skipped.
/// Complexity: O(text size). Thread-safe.
/// @throws ParseError "name:line:column: message" quoting the offending value for a missing or
///         unknown version, too few or too many fields, a bad or out-of-range number, a control
///         character (byte < 0x20 or 0x7f, e.g. a stray CR) in the map column, a NUL byte.
[[nodiscard]] Scenario parse_scenario(std::string_view text, const std::string& name);

/// The most bytes `load_scenario` reads by default: 1 GiB (the largest Moving AI scenario files
/// are a few MiB; a scenario of 1 GiB holds some 20 million queries).
inline constexpr std::uint64_t kMaxScenarioBytes = std::uint64_t{1} << 30;

/// Reads and parses a `.scen` file of at most `max_bytes` bytes; error messages name `file` as
/// given. Only regular files are read, as for load_map (never a FIFO, a device, a directory).
/// @throws ParseError as parse_scenario; with line 0, column 0 as load_map ("cannot open the
///         file: REASON", "cannot read the file: REASON", "is not a regular file (a FIFO): ...");
///         at the first byte past `max_bytes`: "the file goes on past N bytes, the limit for a
///         scenario file".
[[nodiscard]] Scenario load_scenario(const std::filesystem::path& file,
                                     std::uint64_t max_bytes = kMaxScenarioBytes);

/// The non-throwing form of `parse_scenario` (errors as for `try_parse_map`).
[[nodiscard]] std::optional<Scenario> try_parse_scenario(std::string_view text,
                                                         const std::string& name,
                                                         Error* error = nullptr) noexcept;
/// The non-throwing form of `load_scenario` (errors as for `try_load_map`).
[[nodiscard]] std::optional<Scenario> try_load_scenario(const std::filesystem::path& file,
                                                        Error* error = nullptr) noexcept;

/// Checks every entry against `grid`: `map_width` x `map_height` equals the grid's size, start
/// and goal lie on the grid. (Passability is not checked: that is the search's business.)
/// Complexity: O(entries). @throws ParseError "name:line:column" at the first offending field
/// of the first bad entry (name: the scenario's file name), naming the value and the map size.
void validate_scenario(const Scenario& scen, const Grid& grid, const std::string& name);
/// The non-throwing form of `validate_scenario`: true when valid, else false with `*error` (when
/// not null) set to `ErrorCode::parse_error` and the ParseError's text.
[[nodiscard]] bool try_validate_scenario(const Scenario& scen, const Grid& grid,
                                         const std::string& name, Error* error = nullptr) noexcept;

/// The longest base name `scenario_map_path` accepts, in bytes (NAME_MAX of common file systems).
inline constexpr std::size_t kMaxMapFileNameBytes = 255;

/// The map file of a scenario: the base name of the map column of its entries (after the
/// last '/' or '\\'), in the directory of `scen_file`. No file system access. O(entries).
/// @throws ParseError when the scenario has no entries, the map column ends with a separator, its
///         base name is longer than kMaxMapFileNameBytes ("map column 'aaaa...' names a file
///         name of 100000 bytes: at most 255", quoted cut to 40 characters), or an entry names
///         another map (another base name) than the first: "FILE:LINE:COLUMN: map column 'b.map'
///         names another map than line 2 ('a.map'): a scenario runs on one map".
[[nodiscard]] std::filesystem::path scenario_map_path(const Scenario& scen,
                                                      const std::filesystem::path& scen_file);

}  // namespace pathing::io
