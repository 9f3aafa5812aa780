// Fuzz target: the Moving AI .map parser (and the seed benchmark map parser) on any bytes.
// Either parse succeeds and the map survives a write/read round trip, or it throws a ParseError
// whose message starts with "name:line:column: " and whose line and column lie in the text;
// any other exception, crash, leak or undefined behaviour is a defect.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/io/seed_map.hpp"

namespace {

using namespace pathing;

/// Lines in `text` (a final line without '\n' counts) and the longest line's length.
void measure(std::string_view text, int& lines, int& longest) {
  lines = 0;
  longest = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    ++lines;
    longest = std::max(longest, static_cast<int>(end - pos));
    pos = end + 1;
  }
}

void check_error(const io::ParseError& e, const std::string& name, std::string_view text) {
  int lines = 0;
  int longest = 0;
  measure(text, lines, longest);
  const std::string prefix =
      name + ":" + std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": ";
  fuzz::check(std::string_view(e.what()).substr(0, prefix.size()) == prefix,
              std::string("error message without its position: ") + e.what());
  fuzz::check(e.file() == name, "error names another file");
  fuzz::check(e.line() >= 0 && e.line() <= lines + 1,
              "error line outside the text: " + std::string(e.what()));
  fuzz::check(e.column() >= 0 && e.column() <= longest + 1,
              "error column outside the text: " + std::string(e.what()));
  fuzz::check(std::string_view(e.what()).size() > prefix.size(), "empty error message");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const io::Map m = io::parse_map(text, "fuzz.map");
    // A parsed map is written back and read again to the same grid.
    const std::string again = io::format_map(m.grid);
    const io::Map m2 = io::parse_map(again, "again.map");
    fuzz::check(m2.grid == m.grid, "format_map / parse_map round trip changed the grid");
    fuzz::check(io::format_map(m2.grid) == again, "format_map is not stable");
  } catch (const io::ParseError& e) {
    check_error(e, "fuzz.map", text);
  }
  try {
    const io::SeedMap s = io::parse_seed_map(text, "fuzz.txt");
    fuzz::check(s.grid.in_bounds(s.start) && s.grid.in_bounds(s.finish),
                "seed map endpoints off the grid");
    fuzz::check(!s.grid.is_blocked(s.start) && !s.grid.is_blocked(s.finish),
                "seed map endpoints blocked");
    fuzz::check(!(s.start == s.finish), "seed map start == finish");
  } catch (const io::ParseError& e) {
    // "no start cell" errors are about the whole file: line 0, column 0.
    check_error(e, "fuzz.txt", text);
  }
  return 0;
}
