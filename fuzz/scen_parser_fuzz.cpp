// Fuzz target: the Moving AI .scen parser on any bytes. Either parsing succeeds, every entry's
// fields are in range, the scenario survives format_scenario / parse_scenario, validation
// against a small grid agrees with an independent check, or it throws a ParseError whose
// message starts with "name:line:column: "; any other exception, crash, leak or undefined
// behaviour is a defect.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"

namespace {

using namespace pathing;

void check_prefix(const io::ParseError& e, const std::string& name) {
  const std::string prefix =
      name + ":" + std::to_string(e.line()) + ":" + std::to_string(e.column()) + ": ";
  fuzz::check(std::string_view(e.what()).substr(0, prefix.size()) == prefix,
              std::string("error message without its position: ") + e.what());
  fuzz::check(e.line() >= 0 && e.column() >= 0, "negative error position");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  io::Scenario s;
  try {
    s = io::parse_scenario(text, "fuzz.scen");
  } catch (const io::ParseError& e) {
    check_prefix(e, "fuzz.scen");
    fuzz::check(e.line() >= 1, "a parse error must name a line");
    return 0;
  }
  fuzz::check(s.version == "1" || s.version == "1.0", "unexpected version " + s.version);
  int last_line = 1;
  for (const io::ScenarioEntry& e : s.entries) {
    fuzz::check(e.line > last_line, "entry lines not increasing");
    last_line = e.line;
    fuzz::check(e.bucket >= 0 && e.map_width >= 0 && e.map_height >= 0 && e.start_x >= 0 &&
                    e.start_y >= 0 && e.goal_x >= 0 && e.goal_y >= 0,
                "negative field");
    fuzz::check(!e.map.empty() && e.map.find_first_of(" \t\r\n") == std::string::npos,
                "map column with blanks");
    fuzz::check(std::isfinite(e.optimal_length) && e.optimal_length >= 0, "bad length");
    fuzz::check(e.decimals >= 0 && e.decimals <= 17, "bad decimals");
    fuzz::check(std::isfinite(e.tolerance()) && e.tolerance() > 0, "bad tolerance");
    for (std::size_t i = 1; i < e.columns.size(); ++i)
      fuzz::check(e.columns[i] > e.columns[i - 1], "field columns not increasing");
  }

  // Written back and read again: the same entries (the length within its tolerance).
  const std::string again = io::format_scenario(s);
  io::Scenario s2;
  try {
    s2 = io::parse_scenario(again, "again.scen");
  } catch (const io::ParseError& e) {
    fuzz::fail(std::string("format_scenario wrote an unreadable scenario: ") + e.what());
  }
  fuzz::check(s2.entries.size() == s.entries.size(), "round trip lost entries");
  for (std::size_t i = 0; i < s.entries.size(); ++i) {
    const io::ScenarioEntry& a = s.entries[i];
    const io::ScenarioEntry& b = s2.entries[i];
    fuzz::check(a.bucket == b.bucket && a.map == b.map && a.map_width == b.map_width &&
                    a.map_height == b.map_height && a.start() == b.start() &&
                    a.goal() == b.goal() && a.decimals == b.decimals,
                "round trip changed entry " + std::to_string(i));
    fuzz::check(std::fabs(a.optimal_length - b.optimal_length) <= a.tolerance(),
                "round trip changed a length beyond its tolerance");
  }

  // Validation against a grid of the first entry's size (when small), else 3 x 2.
  int cols = 3;
  int rows = 2;
  if (!s.entries.empty() && s.entries[0].map_width >= 1 && s.entries[0].map_width <= 256 &&
      s.entries[0].map_height >= 1 && s.entries[0].map_height <= 256) {
    cols = s.entries[0].map_width;
    rows = s.entries[0].map_height;
  }
  const Grid g(cols, rows);
  bool all_good = true;
  for (const io::ScenarioEntry& e : s.entries)
    all_good = all_good && e.map_width == cols && e.map_height == rows && g.in_bounds(e.start()) &&
               g.in_bounds(e.goal());
  try {
    io::validate_scenario(s, g, "v.scen");
    fuzz::check(all_good, "validate_scenario accepted a bad entry");
  } catch (const io::ParseError& e) {
    fuzz::check(!all_good, std::string("validate_scenario rejected good entries: ") + e.what());
    check_prefix(e, "v.scen");
    fuzz::check(e.line() >= 2, "validation error without a line");
  }
  try {
    const auto p = io::scenario_map_path(s, "dir/x.scen");
    fuzz::check(!s.entries.empty() && !p.filename().empty(), "map path without a file name");
  } catch (const io::ParseError& e) {
    check_prefix(e, "dir/x.scen");
  }
  return 0;
}
