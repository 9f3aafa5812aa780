// Jps and JpsPlus on the Moving AI benchmark scenarios in ../shared/data/movingai: every
// queried row must come out at the printed optimal length, with a valid path.
//
// Rows: by default an evenly spaced sample of each scenario file (the rows are sorted by
// length bucket, so every bucket is represented): 400 rows a file in optimised builds, 40 in
// Debug, so that the suite stays fast on the 2-core CI machine (the maze set alone has 11960
// long rows). Set PATHING_MOVINGAI_ALL_ROWS=1 to check every row of every file.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "pathing/io/movingai.hpp"
#include "pathing/jps.hpp"
#include "pathing/jps_plus.hpp"
#include "support/reference.hpp"

namespace pathing::io {
namespace {

namespace fs = std::filesystem;

fs::path shared_movingai() {
  const char* env = std::getenv("PATHING_SHARED_DATA");
  return fs::path(env != nullptr ? env : "../shared/data") / "movingai";
}

bool all_rows() {
  const char* env = std::getenv("PATHING_MOVINGAI_ALL_ROWS");
  return env != nullptr && std::string(env) == "1";
}

#ifdef NDEBUG
constexpr std::size_t kSampleRows = 400;
#else
constexpr std::size_t kSampleRows = 40;
#endif

/// The accepted difference from the printed optimum. The files print 2, 3, 5 or 8 decimals, but
/// their lengths were not all rounded from exact values: some are truncated (arena2: 2 + 7 sqrt2 =
/// 11.899494937 is printed 11.89949493; brc202d prints 378.764 for 378.76450) and the street
/// and arena2 files deviate by up to 1.8e-7 on long 8-decimal rows (accumulated floating-point
/// error in the generator), always above the exact length. So: one unit in the last printed
/// place, at least 1e-6. Two 8-connected lengths that differ at all differ by more than 1e-4 for
/// paths of these lengths (see moves.hpp), so a suboptimal path still fails.
double accepted_error(const ScenarioEntry& e) {
  const double unit = 2.0 * e.tolerance();
  return unit > 1e-6 ? unit : 1e-6;
}

class JpsMovingAi : public ::testing::TestWithParam<const char*> {};

TEST_P(JpsMovingAi, EveryCheckedRowIsOptimal) {
  const fs::path scen_file = shared_movingai() / GetParam();
  if (!fs::exists(scen_file)) {
    GTEST_SKIP() << "shared data not found at " << scen_file << ": skipped";
  }
  const Scenario scen = load_scenario(scen_file);
  const Map map = load_map(scenario_map_path(scen, scen_file));
  ASSERT_NO_THROW(validate_scenario(scen, map.grid, scen_file.string()));
  const GridLayer layer = movingai_layer();
  const JpsMap bits(map.grid, layer);
  const JpsPlusMap table(map.grid, layer);
  Jps jps(map.grid.cols(), map.grid.rows());
  JpsPlus plus(map.grid.cols(), map.grid.rows());
  std::vector<GridCoord> a;
  std::vector<GridCoord> b;
  const std::size_t n = scen.entries.size();
  const std::size_t stride =
      (all_rows() || n <= kSampleRows) ? 1 : (n + kSampleRows - 1) / kSampleRows;
  std::size_t checked = 0;
  for (std::size_t i = 0; i < n; i += stride) {
    const ScenarioEntry& e = scen.entries[i];
    SCOPED_TRACE(scen_file.string() + ":" + std::to_string(e.line));
    const PathResult rj = jps.find_path(bits, e.start(), e.goal(), a);
    const PathResult rp = plus.find_path(table, e.start(), e.goal(), b);
    ASSERT_TRUE(rj.found());
    ASSERT_TRUE(rp.found());
    const double tol = accepted_error(e);
    ASSERT_NEAR(rj.cost, e.optimal_length, tol) << "Jps, optimum " << e.optimal_length;
    ASSERT_GE(rj.cost, e.optimal_length - e.tolerance()) << "shorter than the optimum?";
    ASSERT_EQ(rp.cost_fixed, rj.cost_fixed) << "JpsPlus and Jps disagree";
    ASSERT_EQ(rp.cost, rj.cost);
    ASSERT_EQ(test::validate_path(map.grid, layer, Connectivity::eight, e.start(), a), "");
    ASSERT_EQ(test::validate_path(map.grid, layer, Connectivity::eight, e.start(), b), "");
    ASSERT_EQ(a.back(), e.goal());
    ASSERT_EQ(b.back(), e.goal());
    ++checked;
  }
  EXPECT_EQ(checked, (n + stride - 1) / stride);
  if (stride > 1) {
    std::cout << "[ INFO     ] " << GetParam() << ": checked " << checked << " of " << n
              << " rows (set PATHING_MOVINGAI_ALL_ROWS=1 for all)\n";
  }
}

INSTANTIATE_TEST_SUITE_P(
    Scenarios, JpsMovingAi,
    ::testing::Values("dao/arena.map.scen", "dao/arena2.map.scen", "dao/brc202d.map.scen",
                      "dao/den011d.map.scen", "dao/den520d.map.scen", "dao/lak303d.map.scen",
                      "bg512/AR0011SR.map.scen", "maze/maze512-1-0.map.scen",
                      "random/random512-10-0.map.scen", "room/8room_000.map.scen",
                      "street/Berlin_0_256.map.scen", "street/Boston_0_512.map.scen"),
    [](const ::testing::TestParamInfo<const char*>& param_info) {
      std::string name = param_info.param;
      name = name.substr(name.find('/') + 1);
      name = name.substr(0, name.find('.'));
      for (char& c : name) {
        if (c == '-') c = '_';
      }
      return name;
    });

}  // namespace
}  // namespace pathing::io
