// pathing: fast grid path-finding. MIT licensed.
//
// The subcommands of the `pathing` command-line tool.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "pathing/map/layer.hpp"
#include "pathing/precompute/landmark_map.hpp"

namespace CLI {
class App;  // CLI11 (command_options.cpp registers the subcommands)
}  // namespace CLI

namespace pathing::cli {

/// Exit codes of the tool.
inline constexpr int kExitOk = 0;
/// `scen --check` found a non-optimal or unsolved query; `path` found no path.
inline constexpr int kExitFailed = 1;
/// Bad input: a malformed or unreadable file, coordinates off the map, an unwritable output.
inline constexpr int kExitBadInput = 2;

/// `pathing scen`: runs every query of a Moving AI scenario.
struct ScenOptions {
  std::string scen_file;
  std::string map_file;  ///< Empty: the map named by the scenario, beside it.
  std::string algo = "astar";
  int moves = 8;
  bool check = false;
  bool json = false;
  std::string tsv_file;   ///< Empty: no TSV.
  int landmarks = 8;      ///< `--algo alt`: landmarks to place.
  int hpa_landmarks = 0;  ///< `--algo hpa`: landmarks on the abstract graph (0: none).
  /// `--algo alt`: the width of the landmark distances built ("32", "16" or "auto"; empty: not
  /// given, 32; refused with `--prep`, whose file keeps its own width).
  std::string landmark_bits;
  std::vector<int> costs;  ///< Tag costs (0 = impassable); empty: the Moving AI rules.
  std::string prep_file;   ///< `--prep`: a saved structure (`pathing prep`); empty: build.
  int sector = 32;         ///< `--algo hpa`: side of a sector, in cells.
  int clusters = 0;        ///< `--algo hpa`: side of a level-2 cluster, in sectors (0: one level).
  int smooth = 0;          ///< `--algo hpa`: shortcut window in cells (0: off).
  double weight = 1.0;     ///< `--algo astar|hpa`: heuristic weight (weighted A*).
  bool contract = false;   ///< `--algo subgoal`: contract the subgoal graph.
};
int run_scen(const ScenOptions& options);
/// Registers `pathing scen` and its options into `app`, writing them into `options`.
CLI::App* add_scen_command(CLI::App& app, ScenOptions& options);

/// `pathing prep`: a JPS+ table, a subgoal graph, landmarks or an HPA* hierarchy of a map, saved
/// for `scen --prep` and `path --prep`.
struct PrepOptions {
  std::string map_file;
  std::string out_file;
  std::string algo = "alt";   ///< "jps+", "subgoal", "alt" or "hpa".
  bool contract = false;      ///< subgoal: contract the graph.
  int landmarks = 8;          ///< alt: landmarks to place.
  std::string landmark_bits;  ///< alt: distance width, "32", "16" or "auto" (empty: 32).
  int moves = 8;              ///< alt: 4- or 8-connected distances; hpa: moves.
  int sector = 32;            ///< hpa: side of a sector, in cells.
  int hpa_landmarks = 0;  ///< hpa: landmarks on the abstract graph (0: none; set from --landmarks).
  int clusters = 0;       ///< hpa: cluster side in sectors (0: one level).
  int max_unit_size = 1;  ///< hpa: serve units of 1..K cells a side (HAA*).
  std::vector<int> costs;  ///< Tag costs; empty: the Moving AI rules.
};
int run_prep(const PrepOptions& options);
/// Registers `pathing prep` and its options into `app`, writing them into `options`.
CLI::App* add_prep_command(CLI::App& app, PrepOptions& options);

/// The landmark storage named by `--landmark-bits` ("32", "16" or "auto"; checked by the option).
LandmarkStorage landmark_storage(const std::string& bits);

/// The layer of `--costs C0,C1,...` (tag i costs Ci, 0 = impassable, blocked cells impassable;
/// at most 8 values in [0, 255], checked by the option), or `fallback` when none were given.
GridLayer layer_from_costs(const std::vector<int>& costs, const GridLayer& fallback);

/// `pathing path`: one query, drawn as text and optionally SVG.
struct PathOptions {
  std::string map_file;
  int sx = 0;
  int sy = 0;
  int gx = 0;
  int gy = 0;
  std::string algo = "astar";
  int moves = 8;
  std::string svg_file;   ///< Empty: no SVG.
  bool smooth = false;    ///< Also string-pull the path into line-of-sight waypoints.
  int size = 1;           ///< Unit size K (a K x K body; start, goal, path: its top-left cells).
  int sector = 32;        ///< `--algo hpa`: side of a sector, in cells.
  int clusters = 0;       ///< `--algo hpa`: side of a level-2 cluster, in sectors (0: one level).
  std::string prep_file;  ///< `--prep`: a saved structure (`pathing prep`); empty: build.
  bool contract = false;  ///< `--algo subgoal`: contract the subgoal graph.
};
int run_path(const PathOptions& options);
/// Registers `pathing path` and its options into `app`, writing them into `options`.
CLI::App* add_path_command(CLI::App& app, PathOptions& options);

/// `pathing gen`: a generated map and its scenario; kind "tile": a huge map tiled from `source`
/// (`io::tile_map`) with long queries (`io::generate_long_scenario`).
struct GenOptions {
  std::string kind;
  std::string source;  ///< tile: the Moving AI map to tile.
  int width = 0;
  int height = 0;
  double density = 0.2;
  std::uint64_t seed = 1;
  int queries = 20;
  int room_size = 7;
  int corridor = 1;  ///< maze: corridor width in cells.
  std::string out_file;
  std::vector<int> costs;  ///< Tag costs of the scenario's lengths; empty: the kind's default.
};
int run_gen(const GenOptions& options);
/// Registers `pathing gen` and its options into `app`, writing them into `options`.
CLI::App* add_gen_command(CLI::App& app, GenOptions& options);

/// `pathing field`: a distance field (Dijkstra map) to one goal, its flow field, an SVG.
struct FieldCommandOptions {
  std::string map_file;
  int gx = 0;
  int gy = 0;
  int moves = 8;
  bool flee = false;          ///< Draw the flee map made from the field.
  double flee_factor = -1.2;  ///< Scale of the flee map (negative).
  std::string svg_file;       ///< Empty: no SVG.
  int size = 1;               ///< Unit size K: the field of a K x K body's top-left cell.
};
int run_field(const FieldCommandOptions& options);
/// Registers `pathing field` and its options into `app`, writing them into `options`.
CLI::App* add_field_command(CLI::App& app, FieldCommandOptions& options);

/// `pathing td`: a tower-defence demo on a map: towers placed one by one on the spawns' paths,
/// each checked with `FieldRepair::would_block` (refused when it would cut a spawn off) and the
/// goal's field repaired; an SVG of the final field, towers and paths.
struct TdOptions {
  std::string map_file;
  int gx = 0;
  int gy = 0;
  std::vector<std::string> spawns;  ///< "X,Y" each; none: the reached cell farthest from the goal.
  int towers = 20;                  ///< Towers to place.
  int tower_size = 2;               ///< Side of a tower, in cells.
  std::uint64_t seed = 1;           ///< Where the towers go (deterministic for a seed).
  int moves = 8;
  std::string svg_file;  ///< Empty: no SVG.
};
int run_td(const TdOptions& options);
/// Registers `pathing td` and its options into `app`, writing them into `options`.
CLI::App* add_td_command(CLI::App& app, TdOptions& options);

}  // namespace pathing::cli
