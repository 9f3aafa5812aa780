// pathing: fast grid path-finding. MIT licensed.
//
// Reader of the seed library's benchmark text maps (see include/pathing/io/seed_map.hpp).
#include "pathing/io/seed_map.hpp"

#include <vector>

#include "text_scan.hpp"

namespace pathing::io {

SeedMap parse_seed_map(std::string_view text, const std::string& name) {
  detail::reject_nul(text, name);
  detail::LineReader lines(text);
  std::vector<std::string_view> rows;
  std::vector<int> numbers;
  detail::Line line;
  while (lines.next(line)) {
    rows.push_back(line.text);
    numbers.push_back(line.number);
  }
  while (!rows.empty() && rows.back().empty()) {
    rows.pop_back();
    numbers.pop_back();
  }
  if (rows.empty()) throw ParseError(name, 1, 1, "empty map: expected rows of 'x', ' ', 'S', 'F'");
  const std::size_t width = rows.front().size();
  if (width == 0) throw ParseError(name, 1, 1, "empty first row");
  if (width > static_cast<std::size_t>(Grid::kMaxSide)) {
    throw ParseError(name, 1, Grid::kMaxSide + 1,
                     "row of " + std::to_string(width) + " characters: at most " +
                         std::to_string(Grid::kMaxSide) + " columns");
  }
  if (rows.size() > static_cast<std::size_t>(Grid::kMaxSide)) {
    throw ParseError(name, numbers[static_cast<std::size_t>(Grid::kMaxSide)], 1,
                     "more than " + std::to_string(Grid::kMaxSide) + " rows");
  }
  if (rows.size() * width > static_cast<std::size_t>(Grid::kMaxCells)) {
    throw ParseError(name, numbers.back(), 1,
                     std::to_string(width) + " x " + std::to_string(rows.size()) +
                         " cells exceeds the limit of " + std::to_string(Grid::kMaxCells));
  }
  bool has_start = false;
  bool has_finish = false;
  GridCoord start;
  GridCoord finish;
  int start_line = 0;
  int start_col = 0;
  int finish_line = 0;
  int finish_col = 0;
  for (std::size_t y = 0; y < rows.size(); ++y) {
    const std::string_view row = rows[y];
    const int ln = numbers[y];
    if (row.size() != width) {
      const std::size_t n = row.size() < width ? row.size() : width;
      throw ParseError(name, ln, static_cast<int>(n) + 1,
                       std::string(row.size() < width ? "short" : "long") +
                           " row: " + std::to_string(row.size()) +
                           " characters, the first row has " + std::to_string(width));
    }
    for (std::size_t x = 0; x < width; ++x) {
      const char c = row[x];
      const int col = static_cast<int>(x) + 1;
      const GridCoord here{static_cast<int>(x), static_cast<int>(y)};
      if (c == 'S' || c == 'F') {
        const bool is_s = c == 'S';
        bool& seen = is_s ? has_start : has_finish;
        if (seen) {
          throw ParseError(name, ln, col,
                           std::string("second '") + c + "' (the first is at line " +
                               std::to_string(is_s ? start_line : finish_line) + ", column " +
                               std::to_string(is_s ? start_col : finish_col) + ")");
        }
        seen = true;
        (is_s ? start : finish) = here;
        (is_s ? start_line : finish_line) = ln;
        (is_s ? start_col : finish_col) = col;
      } else if (c != 'x' && c != ' ') {
        throw ParseError(name, ln, col,
                         "unknown map character " + detail::quote(row.substr(x, 1)) +
                             " (expected 'x', ' ', 'S' or 'F')");
      }
    }
  }
  if (!has_start) throw ParseError(name, 0, 0, "no start cell 'S' in the map");
  if (!has_finish) throw ParseError(name, 0, 0, "no finish cell 'F' in the map");

  SeedMap m{Grid(static_cast<int>(width), static_cast<int>(rows.size())), start, finish};
  for (std::size_t y = 0; y < rows.size(); ++y) {
    for (std::size_t x = 0; x < width; ++x) {
      if (rows[y][x] == 'x') m.grid.set_blocked({static_cast<int>(x), static_cast<int>(y)}, true);
    }
  }
  return m;
}

SeedMap load_seed_map(const std::filesystem::path& file) {
  return parse_seed_map(detail::read_file(file, kMaxSeedMapBytes, "for a seed map"), file.string());
}

}  // namespace pathing::io
