// pathing: fast grid path-finding. MIT licensed.
//
// Moving AI .map and .scen reader and writer (see include/pathing/io/movingai.hpp).
#include "pathing/io/movingai.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <system_error>

#include "charconv_compat.hpp"
#include "text_scan.hpp"

namespace pathing::io {

namespace {

using detail::Field;
using detail::Line;
using detail::LineReader;
using detail::quote;

/// The 4-bit cell value of a map character, or -1 for an unknown character.
int cell_of_char(char c) noexcept {
  switch (c) {
    case '.':
    case 'G':
      return tag::kGround;
    case 'S':
      return tag::kSwamp;
    case 'W':
      return tag::kWater;
    case 'T':
      return tag::kTrees;
    case '@':
      return Grid::kBlockedBit | 0;
    case 'O':
      return Grid::kBlockedBit | tag::kOutOfBounds;
    default:
      return -1;
  }
}

/// Reads header line `keyword` (with a value unless `keyword` is "map") and returns the value
/// field (empty for "map").
Field read_header(LineReader& lines, std::vector<Field>& fields, std::string_view keyword,
                  bool has_value, const std::string& name) {
  Line line;
  if (!lines.next(line)) {
    throw ParseError(name, lines.number() + 1, 1,
                     "the file ends before the '" + std::string(keyword) + "' header line");
  }
  detail::split_fields(line.text, fields);
  if (fields.empty()) {
    throw ParseError(
        name, line.number, 1,
        "expected the '" + std::string(keyword) + "' header line, found an empty line");
  }
  if (fields[0].text != keyword) {
    throw ParseError(name, line.number, fields[0].column,
                     "expected '" + std::string(keyword) + "', found " + quote(fields[0].text));
  }
  const std::size_t want = has_value ? 2 : 1;
  if (fields.size() < want) {
    throw ParseError(name, line.number, static_cast<int>(line.text.size()) + 1,
                     "missing value after '" + std::string(keyword) + "'");
  }
  if (fields.size() > want) {
    throw ParseError(name, line.number, fields[want].column,
                     "unexpected " + quote(fields[want].text) + " after the '" +
                         std::string(keyword) + "' header");
  }
  return has_value ? fields[1] : Field{};
}

/// The four header lines of a map.
struct MapHeader {
  std::string type;
  int width = 0;
  int height = 0;
};

/// Reads the first `count` (at most 4) header lines: `type`, `height`, `width` (and their cell
/// count), `map`. @throws ParseError as parse_map.
MapHeader read_map_header(LineReader& lines, std::vector<Field>& fields, const std::string& name,
                          int count = 4) {
  MapHeader h;
  if (count < 1) return h;
  h.type = std::string(read_header(lines, fields, "type", true, name).text);
  if (count < 2) return h;
  const Field hf = read_header(lines, fields, "height", true, name);
  h.height = static_cast<int>(
      detail::parse_integer(hf, name, lines.number(), "height", 1, Grid::kMaxSide));
  if (count < 3) return h;
  const Field wf = read_header(lines, fields, "width", true, name);
  h.width =
      static_cast<int>(detail::parse_integer(wf, name, lines.number(), "width", 1, Grid::kMaxSide));
  if (std::int64_t{h.width} * h.height > Grid::kMaxCells) {
    throw ParseError(name, lines.number(), wf.column,
                     "width " + std::to_string(h.width) + " x height " + std::to_string(h.height) +
                         " exceeds the limit of " + std::to_string(Grid::kMaxCells) + " cells");
  }
  if (count < 4) return h;
  read_header(lines, fields, "map", false, name);
  return h;
}

}  // namespace

Map parse_map(std::string_view text, const std::string& name) {
  detail::reject_nul(text, name);
  LineReader lines(text);
  std::vector<Field> fields;
  const MapHeader header = read_map_header(lines, fields, name);
  const int height = header.height;
  const int width = header.width;
  const std::string& type_name = header.type;

  // First pass: check every row, remember where it is; only then allocate the grid.
  std::vector<std::string_view> rows;
  rows.reserve(static_cast<std::size_t>(height));
  Line line;
  for (int r = 0; r < height; ++r) {
    if (!lines.next(line)) {
      throw ParseError(name, lines.number() + 1, 1,
                       "the file ends after " + std::to_string(r) + " of " +
                           std::to_string(height) + " map rows");
    }
    const std::string_view row = line.text;
    const std::size_t n =
        row.size() < static_cast<std::size_t>(width) ? row.size() : static_cast<std::size_t>(width);
    for (std::size_t i = 0; i < n; ++i) {
      if (cell_of_char(row[i]) < 0) {
        throw ParseError(name, line.number, static_cast<int>(i) + 1,
                         "unknown map character " + quote(row.substr(i, 1)) +
                             " (expected one of . G @ O T S W)");
      }
    }
    if (row.size() != static_cast<std::size_t>(width)) {
      const bool short_row = row.size() < static_cast<std::size_t>(width);
      throw ParseError(name, line.number, static_cast<int>(n) + 1,
                       std::string(short_row ? "short" : "long") + " map row " +
                           std::to_string(r + 1) + ": " + std::to_string(row.size()) +
                           " characters, expected width " + std::to_string(width));
    }
    rows.push_back(row);
  }
  while (lines.next(line)) {
    if (!detail::is_blank(line.text)) {
      const std::size_t c = line.text.find_first_not_of(" \t");
      throw ParseError(name, line.number, static_cast<int>(c) + 1,
                       "unexpected text after the " + std::to_string(height) +
                           " map rows: " + quote(line.text.substr(c)));
    }
  }

  Map map{Grid(width, height), type_name};
  for (int y = 0; y < height; ++y) {
    const std::string_view row = rows[static_cast<std::size_t>(y)];
    for (int x = 0; x < width; ++x) {
      const int v = cell_of_char(row[static_cast<std::size_t>(x)]);
      if (v != 0) map.grid.set_cell({x, y}, static_cast<std::uint8_t>(v));
    }
  }
  return map;
}

Map load_map(const std::filesystem::path& file) {
  const std::string name = file.string();
  detail::InputFile in(file);
  std::string text;
  bool nul = false;
  // The header: read until its 4 lines are complete (or the end of the file, a NUL byte, or
  // kMaxMapHeaderBytes bytes without them).
  std::size_t header_end = 0;  // just after the 4th '\n', once found
  int newlines = 0;
  std::size_t scanned = 0;
  bool at_end = false;
  while (header_end == 0) {
    const std::size_t scan_end = text.size() < kMaxMapHeaderBytes
                                     ? text.size()
                                     : static_cast<std::size_t>(kMaxMapHeaderBytes);
    for (; scanned < scan_end && header_end == 0; ++scanned) {
      if (text[scanned] == '\n' && ++newlines == 4) header_end = scanned + 1;
    }
    if (header_end != 0 || at_end || nul || text.size() > kMaxMapHeaderBytes) break;
    // One byte past the limit tells a header of exactly kMaxMapHeaderBytes from a longer one.
    at_end = detail::read_until(in, text, kMaxMapHeaderBytes + 1, nul);
  }
  if (nul) return parse_map(text, name);  // the parse reports the first NUL byte
  if (header_end == 0) {
    if (at_end) return parse_map(text, name);  // fewer than 4 lines: a header error
    // kMaxMapHeaderBytes bytes hold fewer than 4 lines: report an error in the complete lines,
    // if any, else the limit.
    const std::string_view head(text.data(), kMaxMapHeaderBytes);
    const std::size_t last = head.rfind('\n');
    const std::string_view complete =
        last == std::string_view::npos ? std::string_view{} : head.substr(0, last + 1);
    LineReader lines(complete);
    std::vector<Field> fields;
    static_cast<void>(read_map_header(lines, fields, name, newlines));
    detail::throw_too_long(head, name, kMaxMapHeaderBytes, "for the 4 header lines of a map");
  }
  LineReader lines(std::string_view(text.data(), header_end));
  std::vector<Field> fields;
  const MapHeader h = read_map_header(lines, fields, name);
  // The rows take at most H * (W + 2) bytes (CRLF line ends); blank lines may follow.
  const std::uint64_t limit =
      header_end +
      static_cast<std::uint64_t>(h.height) * (static_cast<std::uint64_t>(h.width) + 2) +
      kMapTrailingBlankBytes;
  if (!at_end) {
    // One byte past the limit tells a file of exactly `limit` bytes from a longer one.
    static_cast<void>(detail::read_until(in, text, limit + 1, nul));
    if (nul) return parse_map(text, name);
  }
  if (text.size() > limit) {
    // Longer than any map of this size: report the first error in the first `limit` bytes (the
    // same error as in the whole file: the rows of a well-formed map end before the cut), or the
    // limit itself.
    text.resize(static_cast<std::size_t>(limit));
    static_cast<void>(parse_map(text, name));
    detail::throw_too_long(text, name, limit,
                           "for a " + std::to_string(h.width) + " x " + std::to_string(h.height) +
                               " map (its header, " + std::to_string(h.height) +
                               " rows of at most " + std::to_string(h.width + 2) + " bytes, and " +
                               std::to_string(kMapTrailingBlankBytes) + " bytes of blank lines)");
  }
  return parse_map(text, name);
}

std::string format_map(const Grid& grid) {
  static constexpr char kFree[8] = {'.', 'S', 'W', 'T', 0, 0, 0, 0};
  static constexpr char kBlocked[8] = {'@', 'O', 0, 0, 0, 0, 0, 0};
  std::string out = "type octile\nheight " + std::to_string(grid.rows()) + "\nwidth " +
                    std::to_string(grid.cols()) + "\nmap\n";
  out.reserve(out.size() + grid.cell_count() + static_cast<std::size_t>(grid.rows()));
  for (int y = 0; y < grid.rows(); ++y) {
    for (int x = 0; x < grid.cols(); ++x) {
      const std::uint8_t v = grid.cell_unchecked(x, y);
      const std::uint8_t t = v & Grid::kTagMask;
      const char c = (v & Grid::kBlockedBit) ? kBlocked[t] : kFree[t];
      if (c == 0) {
        throw std::invalid_argument("pathing::io::format_map: cell (" + std::to_string(x) + ", " +
                                    std::to_string(y) + ") is " +
                                    ((v & Grid::kBlockedBit) ? "blocked " : "") + "with tag " +
                                    std::to_string(t) + ", which has no Moving AI map character");
      }
      out += c;
    }
    out += '\n';
  }
  return out;
}

double ScenarioEntry::tolerance() const noexcept {
  return 0.5 * std::pow(10.0, -decimals) + std::ldexp(std::fabs(optimal_length), -23);
}

namespace {

/// Parses the optimal-length field: digits, optionally '.' and digits. Sets the decimals.
double parse_length(const Field& f, const std::string& name, int line, int& decimals) {
  const std::string_view s = f.text;
  const std::size_t dot = s.find('.');
  const std::string_view whole = s.substr(0, dot);
  const std::string_view frac =
      dot == std::string_view::npos ? std::string_view{} : s.substr(dot + 1);
  auto all_digits = [](std::string_view d) {
    return d.find_first_not_of("0123456789") == std::string_view::npos;
  };
  const bool ok = !whole.empty() && all_digits(whole) &&
                  (dot == std::string_view::npos || (!frac.empty() && all_digits(frac)));
  if (!ok) {
    throw ParseError(name, line, f.column,
                     "bad optimal length " + quote(s) + ": expected a number such as 12.5");
  }
  double v = 0;
  const auto [ptr, ec] = compat::parse_double(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || ptr != s.data() + s.size() || !std::isfinite(v) || v > 1e15 ||
      frac.size() > 17) {
    throw ParseError(name, line, f.column, "optimal length " + quote(s) + " is out of range");
  }
  decimals = static_cast<int>(frac.size());
  return v;
}

}  // namespace

Scenario parse_scenario(std::string_view text, const std::string& name) {
  detail::reject_nul(text, name);
  LineReader lines(text);
  std::vector<Field> fields;
  Scenario scen;
  Line line;
  if (!lines.next(line)) throw ParseError(name, 1, 1, "empty file: expected 'version 1'");
  detail::split_fields(line.text, fields);
  if (fields.empty() || fields[0].text != "version") {
    throw ParseError(name, 1, fields.empty() ? 1 : fields[0].column,
                     "expected 'version 1' as the first line, found " +
                         (fields.empty() ? std::string("an empty line") : quote(fields[0].text)));
  }
  if (fields.size() < 2) {
    throw ParseError(name, 1, static_cast<int>(line.text.size()) + 1,
                     "missing version number after 'version'");
  }
  if (fields[1].text != "1" && fields[1].text != "1.0") {
    throw ParseError(
        name, 1, fields[1].column,
        "unsupported scenario version " + quote(fields[1].text) + " (supported: 1, 1.0)");
  }
  if (fields.size() > 2) {
    throw ParseError(name, 1, fields[2].column,
                     "unexpected " + quote(fields[2].text) + " after the version");
  }
  scen.version = std::string(fields[1].text);

  static constexpr std::int64_t kIntMax = 2147483647;
  while (lines.next(line)) {
    if (detail::is_blank(line.text)) continue;
    detail::split_fields(line.text, fields);
    if (fields.size() < 9) {
      throw ParseError(name, line.number, static_cast<int>(line.text.size()) + 1,
                       "expected 9 fields (bucket map width height start-x start-y goal-x goal-y "
                       "optimal-length), found " +
                           std::to_string(fields.size()));
    }
    if (fields.size() > 9) {
      throw ParseError(name, line.number, fields[9].column,
                       "unexpected 10th field " + quote(fields[9].text) + " (expected 9 fields)");
    }
    ScenarioEntry e;
    e.line = line.number;
    for (std::size_t i = 0; i < 9; ++i) e.columns[i] = fields[i].column;
    auto integer = [&](std::size_t i, std::string_view what) {
      return static_cast<int>(
          detail::parse_integer(fields[i], name, line.number, what, 0, kIntMax));
    };
    e.bucket = integer(0, "bucket");
    // The map column becomes a file name: a control character there (a stray CR of a corrupt
    // file, say) is an error here rather than an unopenable file later.
    for (std::size_t i = 0; i < fields[1].text.size(); ++i) {
      const auto c = static_cast<unsigned char>(fields[1].text[i]);
      if (c < 0x20 || c == 0x7f) {
        throw ParseError(name, line.number, fields[1].column + static_cast<int>(i),
                         "control character in the map column " + quote(fields[1].text));
      }
    }
    e.map = std::string(fields[1].text);
    e.map_width = integer(2, "map width");
    e.map_height = integer(3, "map height");
    e.start_x = integer(4, "start x");
    e.start_y = integer(5, "start y");
    e.goal_x = integer(6, "goal x");
    e.goal_y = integer(7, "goal y");
    e.optimal_length = parse_length(fields[8], name, line.number, e.decimals);
    scen.entries.push_back(std::move(e));
  }
  return scen;
}

Scenario load_scenario(const std::filesystem::path& file, std::uint64_t max_bytes) {
  return parse_scenario(detail::read_file(file, max_bytes, "for a scenario file"), file.string());
}

void validate_scenario(const Scenario& scen, const Grid& grid, const std::string& name) {
  const std::string size = std::to_string(grid.cols()) + " x " + std::to_string(grid.rows());
  for (const ScenarioEntry& e : scen.entries) {
    if (e.map_width != grid.cols()) {
      throw ParseError(
          name, e.line, e.columns[2],
          "map width " + std::to_string(e.map_width) + " does not match the map (" + size + ")");
    }
    if (e.map_height != grid.rows()) {
      throw ParseError(
          name, e.line, e.columns[3],
          "map height " + std::to_string(e.map_height) + " does not match the map (" + size + ")");
    }
    auto check = [&](int v, int limit, std::size_t col, const char* what) {
      if (v < 0 || v >= limit) {
        throw ParseError(
            name, e.line, e.columns[col],
            std::string(what) + " " + std::to_string(v) + " is outside the map (" + size + ")");
      }
    };
    check(e.start_x, grid.cols(), 4, "start x");
    check(e.start_y, grid.rows(), 5, "start y");
    check(e.goal_x, grid.cols(), 6, "goal x");
    check(e.goal_y, grid.rows(), 7, "goal y");
  }
}

std::filesystem::path scenario_map_path(const Scenario& scen,
                                        const std::filesystem::path& scen_file) {
  if (scen.entries.empty()) {
    throw ParseError(scen_file.string(), 0, 0, "the scenario has no entries, so no map file");
  }
  const auto base_of = [](const std::string& column) {
    const std::size_t cut = column.find_last_of("/\\");
    return cut == std::string::npos ? column : column.substr(cut + 1);
  };
  const ScenarioEntry& e = scen.entries.front();
  const std::string base = base_of(e.map);
  if (base.empty()) {
    throw ParseError(scen_file.string(), e.line, e.columns[1],
                     "map column " + quote(e.map) + " has no file name");
  }
  if (base.size() > kMaxMapFileNameBytes) {
    throw ParseError(scen_file.string(), e.line, e.columns[1],
                     "map column " + quote(e.map) + " names a file name of " +
                         std::to_string(base.size()) + " bytes: at most " +
                         std::to_string(kMaxMapFileNameBytes));
  }
  for (const ScenarioEntry& other : scen.entries) {
    if (base_of(other.map) != base) {
      throw ParseError(scen_file.string(), other.line, other.columns[1],
                       "map column " + quote(other.map) + " names another map than line " +
                           std::to_string(e.line) + " (" + quote(e.map) +
                           "): a scenario runs on one map");
    }
  }
  return scen_file.parent_path() / base;
}

}  // namespace pathing::io
