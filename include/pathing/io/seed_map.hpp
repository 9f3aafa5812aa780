// pathing: fast grid path-finding. MIT licensed.
//
// The text maps of the seed library's benchmarks (quasilyte/pathing, _bench/bench_test.go).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "pathing/io/movingai.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"

namespace pathing::io {

/// A seed benchmark map: the grid (walls blocked, everything else free with tag 0) and the
/// query's two endpoints.
struct SeedMap {
  Grid grid{1, 1};   ///< cols = characters a row, rows = lines.
  GridCoord start;   ///< The `S` cell.
  GridCoord finish;  ///< The `F` cell.
};

/// Parses a seed benchmark map: lines of equal length (at least 1 character) made of `x` (wall:
/// blocked, tag 0), ` ` (free), `S` (start, free) and `F` (finish, free), exactly one `S` and one
/// `F`. CRLF accepted; blank lines after the last row are ignored (a row of spaces is a row:
/// only empty lines at the end are dropped).
///
/// Limits: as for `Grid` (sides up to 32768). Complexity: O(text size). Thread-safe.
/// @param name used in error messages (a file name).
/// @throws ParseError "name:line:column: message" for an unknown character, a row whose length
///         differs from the first row's, a missing or second `S` / `F`, an empty text, a NUL
///         byte, or a size beyond the Grid's limits.
[[nodiscard]] SeedMap parse_seed_map(std::string_view text, const std::string& name);

/// The most bytes `load_seed_map` reads: the largest map the Grid allows (2^28 cells, every row
/// ending in CRLF, at most 32768 rows) plus 4096 bytes of blank lines after it.
inline constexpr std::uint64_t kMaxSeedMapBytes =
    std::uint64_t{Grid::kMaxCells} + 2 * std::uint64_t{Grid::kMaxSide} + 4096;

/// Reads and parses a seed benchmark map file (e.g. ../shared/data/seed-bench/simple_wall.txt).
/// Only regular files are read (never a FIFO, a device or a directory, so it never blocks), at
/// most kMaxSeedMapBytes bytes.
/// @throws ParseError as parse_seed_map; with line 0, column 0 "cannot open the file: REASON",
///         "cannot read the file: REASON" (strerror), "is not a regular file (a FIFO): only
///         regular files are read"; at the first byte past the limit "the file goes on past N
///         bytes, the limit for a seed map".
[[nodiscard]] SeedMap load_seed_map(const std::filesystem::path& file);

/// The non-throwing form of `parse_seed_map` (errors as for `try_parse_map`).
[[nodiscard]] std::optional<SeedMap> try_parse_seed_map(std::string_view text,
                                                        const std::string& name,
                                                        Error* error = nullptr) noexcept;
/// The non-throwing form of `load_seed_map` (errors as for `try_load_map`).
[[nodiscard]] std::optional<SeedMap> try_load_seed_map(const std::filesystem::path& file,
                                                       Error* error = nullptr) noexcept;

}  // namespace pathing::io
