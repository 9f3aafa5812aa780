// pathing: fast grid path-finding. MIT licensed.
//
// The options of every subcommand of the `pathing` tool: each `add_*_command` registers one
// subcommand and writes what it parses into that command's options (commands.hpp), which its
// `run_*` reads. (One file of their own: the searches compiled into the command files stay apart
// from the option parser's code.)
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "commands.hpp"
#include "options.hpp"

namespace pathing::cli {

CLI::App* add_scen_command(CLI::App& app, ScenOptions& scen) {
  CLI::App* scen_cmd = app.add_subcommand(
      "scen", "Run every query of a Moving AI scenario file and report time, work, optimality");
  scen_cmd->add_option("file", scen.scen_file, "Scenario file (.map.scen)")->required();
  scen_cmd->add_option("--map", scen.map_file,
                       "Map file (default: the scenario's map, by base name, beside it)");
  scen_cmd
      ->add_option("--algo", scen.algo,
                   "Search: astar (optimal), greedy (greedy best-first; 'bfs', its former name, is "
                   "still accepted), jps (jump point search, "
                   "8-connected, uniform cost), jps+ (JPS with precomputed jump distances), "
                   "subgoal (simple subgoal graph, 8-connected, uniform cost, optimal) or alt (A* "
                   "with landmark heuristics, optimal; --landmarks) or hpa "
                   "(hierarchical A*, near-optimal: reports suboptimality; --sector, --smooth)")
      ->transform(kFormerAlgoNames)
      ->check(CLI::IsMember({"astar", "greedy", "jps", "jps+", "subgoal", "alt", "hpa"}))
      ->capture_default_str();
  CLI::Option* scen_landmarks =
      scen_cmd
          ->add_option(
              "--landmarks", scen.landmarks,
              "--algo alt: landmarks to place (more: fewer expansions, 4 bytes a cell "
              "each); --algo hpa: landmarks on the abstract graph (1-16; off unless given)")
          ->check(CLI::Range(1, 32))
          ->capture_default_str();
  scen_cmd
      ->add_option("--landmark-bits", scen.landmark_bits,
                   "--algo alt: width of the stored distances: 32 (default), 16 (half the memory, "
                   "a little weaker; 32 where 16 bits cannot hold the map's distances) or auto "
                   "(16 where that keeps 4 fraction bits); the search line says which was used")
      ->check(CLI::IsMember({"32", "16", "auto"}));
  scen_cmd
      ->add_option("--weight", scen.weight,
                   "--algo astar or hpa: heuristic weight w >= 1 (weighted A*: cost at most w "
                   "times the optimum, or hpa's abstract optimum; reports suboptimality)")
      ->check(CLI::Range(1.0, 1e9))
      ->capture_default_str();
  scen_cmd->add_flag("--contract", scen.contract,
                     "--algo subgoal: contract the subgoal graph (contraction hierarchies; much "
                     "faster on mazes and rooms, a longer build)");
  scen_cmd->add_option("--sector", scen.sector, "--algo hpa: side of a sector, in cells")
      ->check(CLI::Range(4, 128))
      ->capture_default_str();
  scen_cmd
      ->add_option("--clusters", scen.clusters,
                   "--algo hpa: a second level of clusters of this many sectors a side (2-16; "
                   "the same costs at weight 1, far fewer expansions on big maps)")
      ->check(CLI::Range(2, 16));
  scen_cmd
      ->add_option("--smooth", scen.smooth,
                   "--algo hpa: shortcut the refined path, looking this many cells ahead (0: off)")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  add_costs_option(scen_cmd, scen.costs,
                   "Tag costs C0,C1,... (tag i of the map: . S W T for 0 1 2 3; 0 = impassable; "
                   "blocked cells impassable); default: the Moving AI rules (. and S cost 1)");
  scen_cmd->add_option("--moves", scen.moves, "4- or 8-connected moves (no corner cutting)")
      ->check(CLI::IsMember({4, 8}))
      ->capture_default_str();
  scen_cmd->add_flag("--check", scen.check,
                     "Exit with code 1 if a query is unsolved or (8-connected) not optimal; list "
                     "them on stderr");
  scen_cmd->add_flag("--json", scen.json, "Print the summary as one JSON object");
  scen_cmd->add_option("--tsv", scen.tsv_file,
                       "Write one row per query: id alg expanded generated nanos plen pcost scost");

  scen_cmd->add_option(
      "--prep", scen.prep_file,
      "With --algo jps+, subgoal, alt or hpa: load the table, subgoal graph, landmarks or "
      "hierarchy from this file (`pathing prep`; subgoal: contracted or not as saved; hpa: its "
      "sector size, moves, landmarks and clusters are the file's, and --landmarks or --clusters "
      "other than the file's rebuild those) "
      "instead of building them; refused when made for another map, layer or version");
  // --landmarks also sets the abstract graph's landmarks of --algo hpa, only when given.
  scen_cmd->callback([&scen, scen_landmarks] {
    scen.hpa_landmarks = scen_landmarks->count() > 0 ? scen.landmarks : 0;
  });
  return scen_cmd;
}

CLI::App* add_prep_command(CLI::App& app, PrepOptions& prep) {
  CLI::App* prep_cmd = app.add_subcommand(
      "prep",
      "Build a JPS+ table, a subgoal graph, landmarks or an HPA* hierarchy of a map and save it "
      "for `scen --prep` and `path --prep`");
  prep_cmd->add_option("map", prep.map_file, "Map file (.map)")->required();
  prep_cmd->add_option("-o,--output", prep.out_file, "File to write")->required();
  prep_cmd
      ->add_option("--algo", prep.algo,
                   "jps+ (JPS+ table), subgoal (subgoal graph), alt (landmarks) or hpa (hierarchy)")
      ->check(CLI::IsMember({"jps+", "subgoal", "alt", "hpa"}))
      ->capture_default_str();
  prep_cmd->add_flag("--contract", prep.contract,
                     "subgoal: contract the graph (contraction hierarchies; docs/subgoal.md)");
  CLI::Option* prep_landmarks =
      prep_cmd
          ->add_option("--landmarks", prep.landmarks,
                       "alt: landmarks to place; hpa: landmarks on the abstract graph, saved with "
                       "the hierarchy (1-16; none unless given)")
          ->check(CLI::Range(1, 32))
          ->capture_default_str();
  prep_cmd
      ->add_option("--clusters", prep.clusters,
                   "hpa: a second level of clusters of this many sectors a side, saved with the "
                   "hierarchy (2-16; one level unless given)")
      ->check(CLI::Range(2, 16));
  prep_cmd
      ->add_option(
          "--landmark-bits", prep.landmark_bits,
          "alt: width of the stored distances: 32 (default), 16 (half the memory; 32 where 16 "
          "bits cannot hold the map's distances) or auto (16 where that keeps 4 "
          "fraction bits); the output line says which was used")
      ->check(CLI::IsMember({"32", "16", "auto"}));
  prep_cmd->add_option("--moves", prep.moves, "alt: 4- or 8-connected distances; hpa: moves")
      ->check(CLI::IsMember({4, 8}))
      ->capture_default_str();
  prep_cmd
      ->add_option("--max-unit-size", prep.max_unit_size,
                   "hpa: serve units of 1..K cells a side (HAA*; `path --size K --prep FILE`)")
      ->check(CLI::Range(1, 32));
  prep_cmd->add_option("--sector", prep.sector, "hpa: side of a sector, in cells")
      ->check(CLI::Range(4, 128))
      ->capture_default_str();
  add_costs_option(prep_cmd, prep.costs,
                   "Tag costs C0,C1,... (0 = impassable); default: the Moving AI rules");
  // --landmarks also sets the abstract graph's landmarks of --algo hpa, only when given.
  prep_cmd->callback([&prep, prep_landmarks] {
    prep.hpa_landmarks = prep_landmarks->count() > 0 ? prep.landmarks : 0;
  });
  return prep_cmd;
}

CLI::App* add_path_command(CLI::App& app, PathOptions& path) {
  CLI::App* path_cmd =
      app.add_subcommand("path", "Find one path on a Moving AI map; print it, draw it as SVG");
  path_cmd->add_option("map", path.map_file, "Map file (.map)")->required();
  path_cmd->add_option("sx", path.sx, "Start column")->required();
  path_cmd->add_option("sy", path.sy, "Start row")->required();
  path_cmd->add_option("gx", path.gx, "Goal column")->required();
  path_cmd->add_option("gy", path.gy, "Goal row")->required();
  path_cmd
      ->add_option("--algo", path.algo,
                   "Search: astar, greedy (greedy best-first; 'bfs' still accepted), jps, jps+, "
                   "subgoal or hpa (hierarchical; the SVG shows its sectors, transitions and "
                   "abstract path)")
      ->transform(kFormerAlgoNames)
      ->check(CLI::IsMember({"astar", "greedy", "jps", "jps+", "subgoal", "hpa"}))
      ->capture_default_str();
  path_cmd->add_option(
      "--prep", path.prep_file,
      "With --algo jps+, subgoal or hpa: load the table, subgoal graph or hierarchy from this "
      "file (`pathing prep`; hpa: its sector size, moves and clusters are the file's, and "
      "--clusters other than the file's rebuilds them) instead of building it");
  path_cmd->add_flag("--contract", path.contract,
                     "--algo subgoal: contract the subgoal graph (contraction hierarchies)");
  path_cmd->add_option("--sector", path.sector, "--algo hpa: side of a sector, in cells")
      ->check(CLI::Range(4, 128))
      ->capture_default_str();
  path_cmd
      ->add_option("--clusters", path.clusters,
                   "--algo hpa: a second level of clusters of this many sectors a side (2-16; "
                   "the SVG shows the clusters and the level-2 path)")
      ->check(CLI::Range(2, 16));
  path_cmd->add_option("--moves", path.moves, "4- or 8-connected moves")
      ->check(CLI::IsMember({4, 8}))
      ->capture_default_str();
  path_cmd
      ->add_option("--size", path.size,
                   "Unit size: a square of K x K cells whose top-left cell is the position "
                   "(start, goal and path are top-left cells; see docs/clearance.md)")
      ->check(CLI::Range(1, 32));
  path_cmd->add_option("--svg", path.svg_file, "Write the map, expanded cells and path as SVG");
  path_cmd->add_flag("--smooth", path.smooth,
                     "Also smooth the path into line-of-sight waypoints (string pulling): print "
                     "them and draw them in the SVG");
  return path_cmd;
}

CLI::App* add_gen_command(CLI::App& app, GenOptions& gen) {
  CLI::App* gen_cmd = app.add_subcommand(
      "gen",
      "Generate a map (OUT) and a scenario (OUT.scen) with optimal lengths (the reference "
      "Dijkstra; tile: our JPS or A*)");
  gen_cmd
      ->add_option("kind", gen.kind,
                   "random, rooms, maze, terrain, or tile (--source MAP tiled, mirrored, to "
                   "W x H, joined by ports, with long cross-map queries)")
      ->required()
      ->check(CLI::IsMember({"random", "rooms", "maze", "terrain", "tile"}));
  gen_cmd->add_option("--source", gen.source, "tile: the Moving AI map to tile");
  gen_cmd->add_option("--width", gen.width, "Columns")->required()->check(CLI::Range(1, 32768));
  gen_cmd->add_option("--height", gen.height, "Rows")->required()->check(CLI::Range(1, 32768));
  gen_cmd
      ->add_option("--density", gen.density,
                   "random: blocked fraction; rooms: chance of an extra door; maze: unused")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  gen_cmd->add_option("--seed", gen.seed, "Seed, 0 to 18446744073709551615 (same seed, same files)")
      ->check(kSeedRange)
      ->capture_default_str();
  gen_cmd->add_option("--queries", gen.queries, "Scenario queries")
      ->check(CLI::Range(0, 10000000))
      ->capture_default_str();
  gen_cmd->add_option("--room-size", gen.room_size, "rooms: side of a room, in cells")
      ->check(CLI::Range(1, 32768))
      ->capture_default_str();
  gen_cmd
      ->add_option("--corridor", gen.corridor,
                   "maze: corridor width in cells (walls stay 1 cell; Moving AI mazes use 1, 2, "
                   "4, 8, 16, 32)")
      ->check(CLI::Range(1, 32768))
      ->capture_default_str();
  gen_cmd->add_option("-o,--output", gen.out_file, "Map file to write (OUT.map)")->required();
  add_costs_option(gen_cmd, gen.costs,
                   "Tag costs C0,C1,... of the scenario's optimal lengths (0 = impassable); "
                   "default: 1,3,5 for terrain, the Moving AI rules otherwise");
  return gen_cmd;
}

CLI::App* add_field_command(CLI::App& app, FieldCommandOptions& field) {
  CLI::App* field_cmd = app.add_subcommand(
      "field", "Distance field (Dijkstra map) and flow field to one goal; draw them as SVG");
  field_cmd->add_option("map", field.map_file, "Map file (.map)")->required();
  field_cmd->add_option("gx", field.gx, "Goal column")->required();
  field_cmd->add_option("gy", field.gy, "Goal row")->required();
  field_cmd->add_option("--moves", field.moves, "4- or 8-connected moves")
      ->check(CLI::IsMember({4, 8}))
      ->capture_default_str();
  field_cmd->add_flag("--flee", field.flee,
                      "Draw the flee map (the field scaled by --flee-factor and relaxed again)");
  field_cmd->add_option("--flee-factor", field.flee_factor, "Scale of the flee map")
      ->check(CLI::Range(-100.0, -0.01))
      ->capture_default_str();
  field_cmd
      ->add_option("--size", field.size,
                   "Unit size: the field of a K x K unit's top-left cell (docs/clearance.md)")
      ->check(CLI::Range(1, 32));
  field_cmd->add_option("--svg", field.svg_file, "Write a heat map with flow arrows as SVG");
  return field_cmd;
}

CLI::App* add_td_command(CLI::App& app, TdOptions& td) {
  CLI::App* td_cmd = app.add_subcommand(
      "td",
      "Tower defence demo: place towers one by one, refuse those that would cut a spawn "
      "off, repair the goal's field after each; draw it as SVG");
  td_cmd->add_option("map", td.map_file, "Map file (.map)")->required();
  td_cmd->add_option("gx", td.gx, "Goal column")->required();
  td_cmd->add_option("gy", td.gy, "Goal row")->required();
  td_cmd->add_option("--spawn", td.spawns,
                     "A spawn cell X,Y (repeatable; default: the cell farthest from the goal)");
  td_cmd->add_option("--towers", td.towers, "Towers to place")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  td_cmd->add_option("--tower-size", td.tower_size, "Side of a tower, in cells")
      ->check(CLI::Range(1, 16))
      ->capture_default_str();
  td_cmd->add_option("--seed", td.seed, "Seed of the placements")
      ->check(kSeedRange)
      ->capture_default_str();
  td_cmd->add_option("--moves", td.moves, "4- or 8-connected moves")
      ->check(CLI::IsMember({4, 8}))
      ->capture_default_str();
  td_cmd->add_option("--svg", td.svg_file, "Write the repaired field, towers and paths as SVG");
  return td_cmd;
}

}  // namespace pathing::cli
