// pathing: fast grid path-finding. MIT licensed.
//
// Moving AI benchmark files (.map and .scen) -- the compiled pathing::io library.
//
// Format reference: N. Sturtevant, "Benchmarks for Grid-Based Pathfinding", IEEE Transactions on
// Computational Intelligence and AI in Games 4(2):144-148, 2012 (movingai.com/benchmarks).
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pathing/grid.hpp"
#include "pathing/layer.hpp"

namespace pathing::io {

/// A malformed input file. `what()` reads "FILE:LINE:COLUMN: message" (line and column from 1;
/// 0 when the error is about the whole file, e.g. it cannot be opened).
class ParseError : public std::runtime_error {
 public:
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
inline constexpr std::uint8_t kGround = 0;
inline constexpr std::uint8_t kSwamp = 1;
inline constexpr std::uint8_t kWater = 2;
inline constexpr std::uint8_t kTrees = 3;
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
  Grid grid{1, 1};
  std::string type = "octile";
};

/// Parses a `.map` text: `type T`, `height H`, `width W`, `map`, then H rows of W characters
/// (CRLF accepted; trailing blank lines ignored).
/// @param name used in error messages (a file name).
/// @throws ParseError naming name:line:column for a bad header, a short or long row, an unknown
///         character, a bad number or a size beyond the Grid's limits.
[[nodiscard]] Map parse_map(std::string_view text, const std::string& name);

/// Reads and parses a `.map` file. @throws ParseError (also when the file cannot be read).
[[nodiscard]] Map load_map(const std::filesystem::path& file);

/// Writes a map in Moving AI format (`type octile`). Inverse of parse_map up to `G` -> `.`.
[[nodiscard]] std::string format_map(const Grid& grid);

/// One query of a scenario file.
struct ScenarioEntry {
  int bucket = 0;
  std::string map;        ///< The map column as written (a bare name or a path).
  int map_width = 0;      ///< Width the scenario expects, in cells.
  int map_height = 0;     ///< Height the scenario expects, in cells.
  int start_x = 0;
  int start_y = 0;
  int goal_x = 0;
  int goal_y = 0;
  double optimal_length = 0;  ///< 8-connected optimal length, as printed.
  int decimals = 0;           ///< Digits after the decimal point in the file.
  int line = 0;               ///< Line in the file, from 1 (for messages).

  /// Half a unit in the last printed place: |ours - optimal_length| <= tolerance() matches.
  [[nodiscard]] double tolerance() const noexcept;
};

/// A parsed `.scen` file.
struct Scenario {
  std::string version;  ///< "1" or "1.0".
  std::vector<ScenarioEntry> entries;
};

/// Parses a `.scen` text (`version 1` / `version 1.0`, tab- or space-separated, blank lines at the
/// end allowed, CRLF accepted). @throws ParseError naming name:line:column.
[[nodiscard]] Scenario parse_scenario(std::string_view text, const std::string& name);

/// Reads and parses a `.scen` file. @throws ParseError.
[[nodiscard]] Scenario load_scenario(const std::filesystem::path& file);

/// Checks every entry against `grid`: size matches `map_width` x `map_height`, start and goal lie
/// on the map. @throws ParseError naming the scenario line and the column of the offending field.
void validate_scenario(const Scenario& scen, const Grid& grid, const std::string& name);

/// The map file of a scenario: the base name of the map column of its first entry, next to the
/// scenario file. @throws ParseError when the scenario is empty.
[[nodiscard]] std::filesystem::path scenario_map_path(const Scenario& scen,
                                                      const std::filesystem::path& scen_file);

}  // namespace pathing::io
