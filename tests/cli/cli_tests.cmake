# CTest tests of the `pathing` command-line tool: each runs the binary once through
# tests/cli/run_cli.cmake and checks its exit code, stdout, stderr and the files it writes.
# Included from tests/CMakeLists.txt when the pathing_cli target exists.

set(PATHING_CLI_DATA ${PROJECT_SOURCE_DIR}/data)
set(PATHING_CLI_FIX ${CMAKE_CURRENT_SOURCE_DIR}/cli)
set(PATHING_CLI_OUT ${CMAKE_CURRENT_BINARY_DIR}/cli-out)
set(PATHING_CLI_SHARED ${PROJECT_SOURCE_DIR}/../shared/data/movingai)
file(MAKE_DIRECTORY ${PATHING_CLI_OUT})

# pathing_cli_test(NAME ARGS a b c [EXPECT_RC rc] [STDOUT_REGEX re] [STDERR_REGEX re] ...)
function(pathing_cli_test name)
  set(keys EXPECT_RC STDOUT_REGEX STDOUT_NOT_REGEX STDERR_REGEX REQUIRE_PATH EXPECT_FILE
      FILE_REGEX SAME_FILES STDOUT_FILE FSIZE_LIMIT_KB DIR_HOLDS KEEP_FILES)
  cmake_parse_arguments(T "" "${keys}" "ARGS" ${ARGN})
  list(JOIN T_ARGS "|" joined)
  set(defs "-DCLI=$<TARGET_FILE:pathing_cli>" "-DARGS=${joined}")
  foreach(k IN LISTS keys)
    if(DEFINED T_${k})
      list(APPEND defs "-D${k}=${T_${k}}")
    endif()
  endforeach()
  add_test(NAME cli.${name}
           COMMAND ${CMAKE_COMMAND} ${defs} -P ${PATHING_CLI_FIX}/run_cli.cmake)
  set_tests_properties(cli.${name} PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED:")
endfunction()

# --- general ----------------------------------------------------------------------------------
pathing_cli_test(version ARGS --version STDOUT_REGEX "^pathing 0\\.1\\.0")
pathing_cli_test(help ARGS --help STDOUT_REGEX "scen.*path.*gen.*field.*Exit codes")
pathing_cli_test(no_subcommand ARGS EXPECT_RC nonzero)
pathing_cli_test(unknown_subcommand ARGS frobnicate EXPECT_RC nonzero)

# --- scen ---------------------------------------------------------------------------------------
foreach(sample random-64 rooms-64 maze-32)
  if(sample STREQUAL "maze-32")
    set(n 30)
  else()
    set(n 40)
  endif()
  pathing_cli_test(scen_check_${sample} ARGS scen ${PATHING_CLI_DATA}/${sample}.map.scen --check
    STDOUT_REGEX "solved +${n} of ${n}\noptimal +${n} of ${n} .*allocations +0 during")
endforeach()
pathing_cli_test(scen_json ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --json
  STDOUT_REGEX "^{\"queries\": 40, \"solved\": 40, \"optimal\": 40, \"mean_us\": [0-9.]+, \"median_us\": [0-9.]+, \"p99_us\": [0-9.]+, \"mean_expanded\": [0-9.]+, \"allocations\": 0, [^\n]*}\n$")
pathing_cli_test(scen_greedy_4 ARGS scen ${PATHING_CLI_DATA}/maze-32.map.scen --algo greedy --moves 4 --check
  STDOUT_REGEX "search +greedy, 4-connected\nqueries +30\nsolved +30 of 30\noptimal +n/a")
pathing_cli_test(scen_tsv ARGS scen ${PATHING_CLI_DATA}/maze-32.map.scen --tsv ${PATHING_CLI_OUT}/maze-32.tsv
  EXPECT_FILE ${PATHING_CLI_OUT}/maze-32.tsv
  FILE_REGEX "^id\talg\texpanded\tgenerated\tnanos\tplen\tpcost\tscost\n0\tastar\t[0-9]+\t[0-9]+\t[0-9]+\t[0-9]+\t[0-9]+\\.[0-9]+\t[0-9]+\\.[0-9]+\n")
pathing_cli_test(scen_check_fails
  ARGS scen ${PATHING_CLI_FIX}/wrong-length.map.scen --map ${PATHING_CLI_DATA}/rooms-64.map --check
  EXPECT_RC 1 STDOUT_REGEX "optimal +2 of 3"
  STDERR_REGEX "wrong-length\\.map\\.scen:3: query 1 \\(16, 32\\) -> \\(16, 26\\): length 7\\.41421356, expected 7\\.40000000.*check failed: 1 of 3")
pathing_cli_test(scen_bad_field ARGS scen ${PATHING_CLI_FIX}/bad.map.scen EXPECT_RC 2
  STDERR_REGEX "bad\\.map\\.scen:3:25: bad start y '3x'")
pathing_cli_test(scen_outside ARGS scen ${PATHING_CLI_FIX}/outside.map.scen --map ${PATHING_CLI_DATA}/rooms-64.map
  EXPECT_RC 2 STDERR_REGEX "outside\\.map\\.scen:3:22: start x 64 is outside the map \\(64 x 64\\)")
pathing_cli_test(scen_bad_map ARGS scen ${PATHING_CLI_FIX}/bad-char.map.scen EXPECT_RC 2
  STDERR_REGEX "bad-char\\.map:6:3: unknown map character 'x'")
pathing_cli_test(scen_missing ARGS scen ${PATHING_CLI_OUT}/no-such.map.scen EXPECT_RC 2
  STDERR_REGEX "no-such\\.map\\.scen:0:0: cannot open the file")
pathing_cli_test(scen_map_missing ARGS scen ${PATHING_CLI_FIX}/missing-map.map.scen EXPECT_RC 2
  STDERR_REGEX "no-such\\.map:0:0: cannot open the file")
pathing_cli_test(scen_map_other_size ARGS scen ${PATHING_CLI_FIX}/other-size.map.scen --map ${PATHING_CLI_DATA}/rooms-64.map
  EXPECT_RC 2 STDERR_REGEX "other-size\\.map\\.scen:2:[0-9]+: map width 32 does not match the map \\(64 x 64\\)")
pathing_cli_test(scen_not_a_scenario ARGS scen ${PATHING_CLI_DATA}/rooms-64.map EXPECT_RC 2
  STDERR_REGEX "rooms-64\\.map:1:1: expected 'version 1' as the first line, found 'type'")
pathing_cli_test(scen_bad_algo ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo foo EXPECT_RC nonzero)
pathing_cli_test(scen_bad_moves ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --moves 6 EXPECT_RC nonzero)

# Standard output that cannot be written (issue #19 D4): exit 2 and the reason, never 0.
if(EXISTS /dev/full)
  pathing_cli_test(scen_json_stdout_full ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --json
    STDOUT_FILE /dev/full EXPECT_RC 2 STDERR_REGEX "cannot write to standard output: No space left on device")
  pathing_cli_test(path_stdout_full ARGS path ${PATHING_CLI_DATA}/maze-32.map 0 0 30 30
    STDOUT_FILE /dev/full EXPECT_RC 2 STDERR_REGEX "cannot write to standard output: No space left on device")
endif()

# --- path ---------------------------------------------------------------------------------------
pathing_cli_test(path_maze ARGS path ${PATHING_CLI_DATA}/maze-32.map 0 0 30 30 --svg ${PATHING_CLI_OUT}/maze-32.svg
  STDOUT_REGEX "path found: 272 steps, cost 272\\.00000000 \\(astar, 8-connected. 440 expanded.*\nS@\\.\\.\\.\\.\\.\\.\\.\\.\\.\\.\\.\\.\\.@.*\\*G@\n"
  EXPECT_FILE ${PATHING_CLI_OUT}/maze-32.svg FILE_REGEX "^<svg .*<polyline .*</svg>\n$")
# --smooth: the README's smoothed-path picture (docs/img/smoothed.svg is this command's output)
pathing_cli_test(path_smooth ARGS path ${PATHING_CLI_DATA}/rooms-64.map 2 2 61 60 --smooth --svg ${PATHING_CLI_OUT}/smoothed.svg
  STDOUT_REGEX "path found: 93 steps, cost 103\\.76955262 .*\nsmoothed: 19 waypoints, 100\\.26949765 cells of straight segments \\(path: 94 cells\\)\n  \\(2, 2\\) \\(3, 8\\) .* \\(46, 60\\) \\(61, 60\\)\n"
  EXPECT_FILE ${PATHING_CLI_OUT}/smoothed.svg FILE_REGEX "stroke=\"#1060e0\".*fill=\"#1060e0\"")
# --algo hpa: the README's HPA* picture (docs/img/hpa.svg is this command's output): sectors,
# transition cells, the abstract path (dashed) and the refined path.
pathing_cli_test(path_hpa ARGS path ${PATHING_CLI_DATA}/rooms-64.map 2 2 61 60 --algo hpa --sector 16 --svg ${PATHING_CLI_OUT}/hpa.svg
  STDOUT_REGEX "path found: 93 steps, cost 103\\.76955262 \\(hpa, 8-connected. 702 expanded, 45 generated\\)"
  EXPECT_FILE ${PATHING_CLI_OUT}/hpa.svg FILE_REGEX "<line x1=.*fill=\"#8a8a8a\".*stroke=\"#a040c0\".*stroke=\"#e02020\""
  SAME_FILES "${PATHING_CLI_OUT}/hpa.svg|${PROJECT_SOURCE_DIR}/docs/img/hpa.svg")
# --algo hpa --clusters: the two-level picture (docs/img/hpa-clusters.svg is this command's
# output): sectors of 8, clusters of 4 x 4 sectors (amber), the level-2 path (dashed green); the
# same cost as one level.
pathing_cli_test(path_hpa_clusters ARGS path ${PATHING_CLI_DATA}/rooms-64.map 2 2 61 60 --algo hpa --sector 8 --clusters 4 --svg ${PATHING_CLI_OUT}/hpa-clusters.svg
  STDOUT_REGEX "path found: 93 steps, cost 103\\.76955262 \\(hpa, 8-connected. 343 expanded, 21 generated\\)"
  EXPECT_FILE ${PATHING_CLI_OUT}/hpa-clusters.svg FILE_REGEX "stroke=\"#a040c0\".*stroke=\"#e0a000\".*stroke=\"#10a050\".*stroke=\"#e02020\""
  SAME_FILES "${PATHING_CLI_OUT}/hpa-clusters.svg|${PROJECT_SOURCE_DIR}/docs/img/hpa-clusters.svg")
pathing_cli_test(path_clusters_refused ARGS path ${PATHING_CLI_DATA}/rooms-64.map 2 2 61 60 --clusters 2
  EXPECT_RC 2 STDERR_REGEX "--clusters needs --algo hpa")
pathing_cli_test(path_rooms_greedy ARGS path ${PATHING_CLI_DATA}/rooms-64.map 0 0 62 62 --algo greedy --moves 4
  STDOUT_REGEX "path found: [0-9]+ steps, cost [0-9]+\\.00000000 \\(greedy, 4-connected")
# The former name of --algo greedy is still accepted (and reported under the new name).
pathing_cli_test(path_rooms_bfs_former_name ARGS path ${PATHING_CLI_DATA}/rooms-64.map 0 0 62 62 --algo bfs --moves 4
  STDOUT_REGEX "path found: [0-9]+ steps, cost [0-9]+\\.00000000 \\(greedy, 4-connected")
pathing_cli_test(path_outside ARGS path ${PATHING_CLI_DATA}/maze-32.map 0 0 40 3 EXPECT_RC 2
  STDERR_REGEX "goal \\(40, 3\\) is outside the map .*maze-32\\.map \\(32 x 32\\)")
pathing_cli_test(path_no_path ARGS path ${PATHING_CLI_DATA}/maze-32.map 0 0 1 1 EXPECT_RC 1
  STDOUT_REGEX "no path: unreachable")
pathing_cli_test(path_bad_number ARGS path ${PATHING_CLI_DATA}/maze-32.map 0 zero 1 1 EXPECT_RC nonzero)
pathing_cli_test(path_huge_number ARGS path ${PATHING_CLI_DATA}/maze-32.map 0 0 99999999999 1 EXPECT_RC nonzero)
pathing_cli_test(path_bad_map ARGS path ${PATHING_CLI_FIX}/bad-char.map 0 0 1 0 EXPECT_RC 2
  STDERR_REGEX "bad-char\\.map:6:3: unknown map character 'x'")

# --- gen: the commands of data/README.md reproduce the shipped samples byte for byte ----------
pathing_cli_test(gen_random
  ARGS gen random --width 64 --height 64 --density 0.2 --seed 1 --queries 40 -o ${PATHING_CLI_OUT}/random-64.map
  STDOUT_REGEX "wrote .*random-64\\.map .*40 queries"
  SAME_FILES "${PATHING_CLI_OUT}/random-64.map|${PATHING_CLI_DATA}/random-64.map|${PATHING_CLI_OUT}/random-64.map.scen|${PATHING_CLI_DATA}/random-64.map.scen")
pathing_cli_test(gen_rooms
  ARGS gen rooms --width 64 --height 64 --density 0.2 --seed 2 --queries 40 -o ${PATHING_CLI_OUT}/rooms-64.map
  SAME_FILES "${PATHING_CLI_OUT}/rooms-64.map|${PATHING_CLI_DATA}/rooms-64.map|${PATHING_CLI_OUT}/rooms-64.map.scen|${PATHING_CLI_DATA}/rooms-64.map.scen")
pathing_cli_test(gen_maze
  ARGS gen maze --width 32 --height 32 --seed 3 --queries 30 -o ${PATHING_CLI_OUT}/maze-32.map
  SAME_FILES "${PATHING_CLI_OUT}/maze-32.map|${PATHING_CLI_DATA}/maze-32.map|${PATHING_CLI_OUT}/maze-32.map.scen|${PATHING_CLI_DATA}/maze-32.map.scen")
pathing_cli_test(gen_terrain
  ARGS gen terrain --width 64 --height 64 --density 0.2 --seed 4 --queries 40 -o ${PATHING_CLI_OUT}/terrain-64.map
  STDOUT_REGEX "wrote .*terrain-64\\.map \\(terrain 64 x 64.*optimal lengths under --costs 1,3,5"
  SAME_FILES "${PATHING_CLI_OUT}/terrain-64.map|${PATHING_CLI_DATA}/terrain-64.map|${PATHING_CLI_OUT}/terrain-64.map.scen|${PATHING_CLI_DATA}/terrain-64.map.scen")
# --corridor W (issue #20): corridors W cells wide, walls 1 cell; a small map pinned cell by cell.
pathing_cli_test(gen_maze_corridor
  ARGS gen maze --width 9 --height 9 --corridor 2 --seed 3 --queries 0 -o ${PATHING_CLI_OUT}/maze-corridor.map
  STDOUT_REGEX "wrote .*maze-corridor\\.map \\(maze 9 x 9, 29 blocked cells\\)"
  EXPECT_FILE ${PATHING_CLI_OUT}/maze-corridor.map
  FILE_REGEX "^type octile\nheight 9\nwidth 9\nmap\n\\.\\.@\\.\\.\\.\\.\\.@\n\\.\\.@\\.\\.\\.\\.\\.@\n\\.\\.@\\.\\.@\\.\\.@\n\\.\\.@\\.\\.@\\.\\.@\n\\.\\.@\\.\\.@\\.\\.@\n\\.\\.@\\.\\.@\\.\\.@\n\\.\\.\\.\\.\\.@\\.\\.@\n\\.\\.\\.\\.\\.@\\.\\.@\n@@@@@@@@@\n$")
pathing_cli_test(gen_maze_corridor_zero
  ARGS gen maze --width 9 --height 9 --corridor 0 -o ${PATHING_CLI_OUT}/x.map
  EXPECT_RC 105 STDERR_REGEX "--corridor: Value 0 not in range 1 to 32768")
pathing_cli_test(gen_bad_size ARGS gen random --width 0 --height 5 -o ${PATHING_CLI_OUT}/x.map EXPECT_RC nonzero)
# Issue #19 D7: seeds outside 0 .. 2^64 - 1 were read as 2^64 - 1 (CLI11's strtoull); now a
# usage error naming the value, exit code 105 like `--width 0` (CLI11's ValidationError).
foreach(seed 18446744073709551616 100000000000000000000000 -1 -18446744073709551616)
  string(REPLACE "-" "minus_" seed_name "${seed}")
  pathing_cli_test(gen_seed_out_of_range_${seed_name}
    ARGS gen random --width 4 --height 4 --seed ${seed} -o ${PATHING_CLI_OUT}/seed-bad.map
    EXPECT_RC 105 STDERR_REGEX "--seed: Value ${seed} not in range 0 to 18446744073709551615")
endforeach()
pathing_cli_test(gen_seed_largest
  ARGS gen random --width 4 --height 4 --seed 18446744073709551615 -o ${PATHING_CLI_OUT}/seed-max.map
  EXPECT_FILE ${PATHING_CLI_OUT}/seed-max.map)
pathing_cli_test(gen_seed_7
  ARGS gen random --width 8 --height 8 --density 0.3 --seed 7 --queries 5 -o ${PATHING_CLI_OUT}/seed-7.map
  STDOUT_REGEX "wrote .*seed-7\\.map .*5 queries" EXPECT_FILE ${PATHING_CLI_OUT}/seed-7.map)
pathing_cli_test(gen_bad_kind ARGS gen caves --width 5 --height 5 -o ${PATHING_CLI_OUT}/x.map EXPECT_RC nonzero)
pathing_cli_test(gen_unwritable ARGS gen maze --width 5 --height 5 -o ${PATHING_CLI_OUT}/no/such/dir/x.map
  EXPECT_RC 2 STDERR_REGEX "cannot write .*x\\.map")
pathing_cli_test(gen_no_pairs ARGS gen random --width 4 --height 4 --density 1 --queries 3 -o ${PATHING_CLI_OUT}/full.map
  EXPECT_RC 2 STDERR_REGEX "the map has 0 passable cells")

# gen tile (issue #17 item 6): a shipped map tiled (mirrored, joined by ports) to W x H with long
# queries whose lengths come from our exact search; `scen --check` agrees with every length.
pathing_cli_test(gen_tile
  ARGS gen tile --source ${PATHING_CLI_DATA}/rooms-64.map --width 150 --height 100 --queries 12 --seed 3 -o ${PATHING_CLI_OUT}/tile-rooms.map
  STDOUT_REGEX "wrote .*tile-rooms\\.map \\(tile of .*rooms-64\\.map \\(64 x 64\\), 150 x 100, [0-9]+ blocked cells\\) and .*tile-rooms\\.map\\.scen \\(12 queries\\)"
  EXPECT_FILE ${PATHING_CLI_OUT}/tile-rooms.map FILE_REGEX "^type octile\nheight 100\nwidth 150\nmap\n")
set_tests_properties(cli.gen_tile PROPERTIES FIXTURES_SETUP cli_gen_tile)
pathing_cli_test(gen_tile_check
  ARGS scen ${PATHING_CLI_OUT}/tile-rooms.map.scen --check STDOUT_REGEX "solved +12 of 12.*optimal +12 of 12")
set_tests_properties(cli.gen_tile_check PROPERTIES FIXTURES_REQUIRED cli_gen_tile)
pathing_cli_test(gen_tile_no_source ARGS gen tile --width 10 --height 10 -o ${PATHING_CLI_OUT}/x.map
  EXPECT_RC 2 STDERR_REGEX "gen tile needs --source MAP")
pathing_cli_test(gen_source_not_tile
  ARGS gen maze --source ${PATHING_CLI_DATA}/maze-32.map --width 10 --height 10 -o ${PATHING_CLI_OUT}/x.map
  EXPECT_RC 2 STDERR_REGEX "--source is for `gen tile` only, not `gen maze`")
pathing_cli_test(gen_tile_bad_source
  ARGS gen tile --source ${PATHING_CLI_FIX}/bad-char.map --width 10 --height 10 -o ${PATHING_CLI_OUT}/x.map
  EXPECT_RC 2 STDERR_REGEX "bad-char\\.map:6:3: unknown map character 'x'")
pathing_cli_test(gen_tile_too_many_cells
  ARGS gen tile --source ${PATHING_CLI_DATA}/maze-32.map --width 32768 --height 16385 -o ${PATHING_CLI_OUT}/x.map
  EXPECT_RC 2 STDERR_REGEX "pathing::io::tile_map: size 32768 x 16385 is outside \\[1, 32768\\] per side / 268435456 cells")

# --- output files written all or nothing (issue #19 D5) ----------------------------------------
# A write that fails part way (RLIMIT_FSIZE of 1 KiB: "File too large") exits 2 naming the file
# and the reason, and leaves the old file as it was and no temporary file. Before: a truncated
# file, "cannot write FILE" without the reason, and `gen` left a new OUT.map without its .scen.
set(d5 ${PATHING_CLI_OUT}/d5)
pathing_cli_test(path_svg_write_fails ARGS path ${PATHING_CLI_DATA}/maze-32.map 0 0 30 30 --svg ${d5}-path/maze.svg
  FSIZE_LIMIT_KB 1 EXPECT_RC 2 STDERR_REGEX "pathing: cannot write [^\n]*d5-path/maze\.svg: File too large\n"
  DIR_HOLDS "${d5}-path|maze.svg" KEEP_FILES "${d5}-path/maze.svg|old picture")
pathing_cli_test(field_svg_write_fails ARGS field ${PATHING_CLI_DATA}/rooms-64.map 32 32 --svg ${d5}-field/field.svg
  FSIZE_LIMIT_KB 1 EXPECT_RC 2 STDERR_REGEX "pathing: cannot write [^\n]*d5-field/field\.svg: File too large\n"
  DIR_HOLDS "${d5}-field|field.svg" KEEP_FILES "${d5}-field/field.svg|old picture")
pathing_cli_test(scen_tsv_write_fails ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --tsv ${d5}-scen/rooms.tsv
  FSIZE_LIMIT_KB 1 EXPECT_RC 2 STDERR_REGEX "pathing: cannot write [^\n]*d5-scen/rooms\.tsv: File too large\n"
  DIR_HOLDS "${d5}-scen" STDOUT_NOT_REGEX "scenario")
# gen: the map (4 KiB) cannot be written; then the map (300 bytes) can but not its scenario
# (100 queries): both times neither file changes.
pathing_cli_test(gen_map_write_fails ARGS gen random --width 64 --height 64 -o ${d5}-gen1/out.map
  FSIZE_LIMIT_KB 1 EXPECT_RC 2 STDERR_REGEX "pathing: cannot write [^\n]*d5-gen1/out\.map: File too large\n"
  DIR_HOLDS "${d5}-gen1|out.map|out.map.scen" KEEP_FILES "${d5}-gen1/out.map|old map|${d5}-gen1/out.map.scen|old scen")
pathing_cli_test(gen_scen_write_fails ARGS gen random --width 16 --height 16 --queries 100 -o ${d5}-gen2/out.map
  FSIZE_LIMIT_KB 1 EXPECT_RC 2 STDERR_REGEX "pathing: cannot write [^\n]*d5-gen2/out\.map\.scen: File too large\n"
  DIR_HOLDS "${d5}-gen2|out.map|out.map.scen" KEEP_FILES "${d5}-gen2/out.map|old map|${d5}-gen2/out.map.scen|old scen")
pathing_cli_test(gen_scen_write_fails_no_old_files ARGS gen random --width 16 --height 16 --queries 100 -o ${d5}-gen3/out.map
  FSIZE_LIMIT_KB 1 EXPECT_RC 2 STDERR_REGEX "out\.map\.scen: File too large" DIR_HOLDS "${d5}-gen3")
# Written in full: both files replaced, no temporary file left.
pathing_cli_test(gen_replaces_both ARGS gen maze --width 32 --height 32 --seed 3 --queries 30 -o ${d5}-gen4/maze-32.map
  DIR_HOLDS "${d5}-gen4|maze-32.map|maze-32.map.scen"
  SAME_FILES "${d5}-gen4/maze-32.map|${PATHING_CLI_DATA}/maze-32.map|${d5}-gen4/maze-32.map.scen|${PATHING_CLI_DATA}/maze-32.map.scen")
# A target that exists and is not a regular file is written directly (never renamed over).
if(EXISTS /dev/full)
  pathing_cli_test(path_svg_dev_full ARGS path ${PATHING_CLI_DATA}/maze-32.map 0 0 30 30 --svg /dev/full
    EXPECT_RC 2 STDERR_REGEX "pathing: cannot write /dev/full: No space left on device")
endif()
if(EXISTS /dev/null)
  pathing_cli_test(path_svg_dev_null ARGS path ${PATHING_CLI_DATA}/maze-32.map 0 0 30 30 --svg /dev/null
    STDOUT_REGEX "path found: 272 steps")
endif()
pathing_cli_test(path_svg_to_directory ARGS path ${PATHING_CLI_DATA}/maze-32.map 0 0 30 30 --svg ${PATHING_CLI_OUT}
  EXPECT_RC 2 STDERR_REGEX "pathing: cannot write [^\n]*cli-out: Is a directory")

# --- input files that are not regular files, read errors (issue #19 D8, D9) --------------------
if(EXISTS /dev/null)
  pathing_cli_test(path_map_is_a_device ARGS path /dev/null 0 0 1 1 EXPECT_RC 2
    STDERR_REGEX "pathing: /dev/null:0:0: is not a regular file \\(a character device\\)")
endif()
pathing_cli_test(scen_is_a_directory ARGS scen ${PATHING_CLI_OUT} EXPECT_RC 2
  STDERR_REGEX "cli-out:0:0: is not a regular file \\(a directory\\)")
pathing_cli_test(path_map_read_error ARGS path /proc/self/mem 0 0 1 1 REQUIRE_PATH /proc/self/mem
  EXPECT_RC 2 STDERR_REGEX "/proc/self/mem:0:0: cannot read the file: Input/output error")

# --- the shared Moving AI data (skipped when ../shared/data is absent) -------------------------
pathing_cli_test(shared_arena ARGS scen ${PATHING_CLI_SHARED}/dao/arena.map.scen --check --json
  REQUIRE_PATH ${PATHING_CLI_SHARED}/dao/arena.map.scen
  STDOUT_REGEX "^{\"queries\": 160, \"solved\": 160, \"optimal\": 160, .*\"allocations\": 0,")
# The issue's done-when check; ~2 s in Release, several times that under the sanitizers.
if(NOT CMAKE_BUILD_TYPE STREQUAL "Debug")
  pathing_cli_test(shared_den520d ARGS scen ${PATHING_CLI_SHARED}/dao/den520d.map.scen --check
    REQUIRE_PATH ${PATHING_CLI_SHARED}/dao/den520d.map.scen
    STDOUT_REGEX "optimal +888 of 888 .*allocations +0 during the 888 queries")
  pathing_cli_test(shared_den520d_json ARGS scen ${PATHING_CLI_SHARED}/dao/den520d.map.scen --json
    REQUIRE_PATH ${PATHING_CLI_SHARED}/dao/den520d.map.scen
    STDOUT_REGEX "^{\"queries\": 888, \"solved\": 888, \"optimal\": 888, .*\"allocations\": 0,")
endif()

# --- field --------------------------------------------------------------------------------------
pathing_cli_test(field_svg ARGS field ${PATHING_CLI_DATA}/rooms-64.map 32 32 --svg ${PATHING_CLI_OUT}/field.svg
  STDOUT_REGEX "distance field to \\(32, 32\\), 8-connected: 4049 cells settled.*wrote "
  EXPECT_FILE ${PATHING_CLI_OUT}/field.svg FILE_REGEX "^<svg .*marker-end=\"url\\(#a\\)\".*<line .*</svg>\n$")
pathing_cli_test(field_flee_4 ARGS field ${PATHING_CLI_DATA}/maze-32.map 26 25 --moves 4 --flee
  STDOUT_REGEX "4-connected: [0-9]+ cells settled.*flee map \\(factor -1\\.2\\): [0-9]+ cells settled")
# A goal on a wall: exit 1 like `path` with no path (issue #19 D10; it exited 0).
pathing_cli_test(field_goal_on_wall ARGS field ${PATHING_CLI_DATA}/maze-32.map 1 0 EXPECT_RC 1
  STDOUT_REGEX "1 cells settled" STDERR_REGEX "goal \\(1, 0\\) is impassable: no other cell reaches it")
pathing_cli_test(path_goal_on_wall ARGS path ${PATHING_CLI_DATA}/maze-32.map 0 0 1 0 EXPECT_RC 1
  STDOUT_REGEX "no path: unreachable")
pathing_cli_test(field_outside ARGS field ${PATHING_CLI_DATA}/maze-32.map 40 2 EXPECT_RC 2
  STDERR_REGEX "goal \\(40, 2\\) is outside the map .*maze-32\\.map \\(32 x 32\\)")

# --- td (FieldRepair demo, issue #16) ---------------------------------------------------------------
# Towers of one cell on rooms-64 (1-cell doors): two would cut a spawn off and are refused; the
# placements and the refusals are fixed by the seed (the times are not checked).
pathing_cli_test(td_rooms ARGS td ${PATHING_CLI_DATA}/rooms-64.map 3 3 --spawn 60,60 --spawn 60,3 --towers 30
  --tower-size 1 --seed 5 --svg ${PATHING_CLI_OUT}/td.svg
  STDOUT_REGEX "goal \\(3, 3\\), 2 spawns.*tower 17 at \\(59, 22\\): refused, it would cut spawn \\(60, 3\\) off.*tower 28 at \\(6, 12\\): refused, it would cut spawn \\(60, 60\\) off.*placed 30 towers, refused 2; repair median.*wrote "
  EXPECT_FILE ${PATHING_CLI_OUT}/td.svg FILE_REGEX "^<svg .*fill=\"#f08c00\".*stroke=\"#d01010\".*<polyline .*</svg>\n$")
pathing_cli_test(td_bad_spawn ARGS td ${PATHING_CLI_DATA}/rooms-64.map 3 3 --spawn 60x60 EXPECT_RC 2
  STDERR_REGEX "--spawn \"60x60\": expected X,Y")
pathing_cli_test(td_spawn_on_wall ARGS td ${PATHING_CLI_DATA}/rooms-64.map 3 3 --spawn 7,0 EXPECT_RC 2
  STDERR_REGEX "--spawn 7,0: not a cell of .*rooms-64\\.map from which the goal is reached")
pathing_cli_test(td_goal_wall ARGS td ${PATHING_CLI_DATA}/rooms-64.map 7 0 EXPECT_RC 2
  STDERR_REGEX "goal \\(7, 0\\) is a wall")

# --- jump point search ----------------------------------------------------------------------------
foreach(algo jps jps+ subgoal)
  string(REPLACE "+" "plus" tag ${algo})
  string(REPLACE "+" "\\+" algo_re ${algo})
  pathing_cli_test(scen_${tag} ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo ${algo} --check
    STDOUT_REGEX "search +${algo_re}, 8-connected\n.*optimal +40 of 40 .*allocations +0 during.*precomputed +[0-9]+ bytes")
  pathing_cli_test(path_${tag}_svg ARGS path ${PATHING_CLI_DATA}/rooms-64.map 2 2 61 60 --algo ${algo} --svg ${PATHING_CLI_OUT}/${tag}.svg
    STDOUT_REGEX "^path found: 93 steps, cost 103\\.76955262 \\(${algo_re}, 8-connected"
    EXPECT_FILE ${PATHING_CLI_OUT}/${tag}.svg FILE_REGEX "fill=\"#ff9900\"")
  pathing_cli_test(scen_${tag}_needs_8 ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo ${algo} --moves 4
    EXPECT_RC 2 STDERR_REGEX "--algo ${algo_re} needs 8-connected moves")
endforeach()
pathing_cli_test(scen_subgoal_contract ARGS scen ${PATHING_CLI_DATA}/maze-32.map.scen --algo subgoal --contract --check
  STDOUT_REGEX "search +subgoal, 8-connected\n.*optimal +30 of 30 .*allocations +0 during.*precomputed +[0-9]+ bytes")
pathing_cli_test(path_subgoal_contract ARGS path ${PATHING_CLI_DATA}/rooms-64.map 2 2 61 60 --algo subgoal --contract
  STDOUT_REGEX "^path found: 93 steps, cost 103\\.76955262 \\(subgoal, 8-connected")
pathing_cli_test(scen_contract_needs_subgoal ARGS scen ${PATHING_CLI_DATA}/maze-32.map.scen --contract
  EXPECT_RC 2 STDERR_REGEX "--contract needs --algo subgoal")
pathing_cli_test(scen_json_jpsplus ARGS scen ${PATHING_CLI_DATA}/maze-32.map.scen --algo jps+ --json
  STDOUT_REGEX "\"optimal\": 30, .*\"allocations\": 0, \"algo\": \"jps\\+\", \"moves\": 8, \"table_bytes\": [0-9]+, \"table_build_ms\": [0-9.]+}")

# --- units of k x k cells (--size; docs/clearance.md) -------------------------------------------
# data/units-48.map: a wall across the map with gaps of 1, 2 and 3 cells; each size takes the
# first gap it fits through. The README's picture docs/img/units.svg is the size-3 command's SVG.
pathing_cli_test(path_size_1 ARGS path ${PATHING_CLI_DATA}/units-48.map 3 3 5 27
  STDOUT_REGEX "path found: 24 steps, cost 28\\.97056275 \\(astar, 8-connected")
pathing_cli_test(path_size_2_jps ARGS path ${PATHING_CLI_DATA}/units-48.map 3 3 5 27 --size 2 --algo jps
  STDOUT_REGEX "path found: 42 steps, cost 49\\.45584412 \\(jps, unit 2x2, 8-connected")
pathing_cli_test(path_size_3 ARGS path ${PATHING_CLI_DATA}/units-48.map 3 3 5 27 --size 3 --svg ${PATHING_CLI_OUT}/units.svg
  STDOUT_REGEX "path found: 78 steps, cost 86\\.28427125 \\(astar, unit 3x3, 8-connected"
  EXPECT_FILE ${PATHING_CLI_OUT}/units.svg FILE_REGEX "fill-opacity=\"0\\.18\">\n<rect x=\"3\" y=\"3\" width=\"3\" height=\"3\"/>")
pathing_cli_test(path_size_4_no_path ARGS path ${PATHING_CLI_DATA}/units-48.map 3 3 5 27 --size 4 EXPECT_RC 1
  STDOUT_REGEX "no path: unreachable.*unit 4x4")
pathing_cli_test(path_size_out_of_range ARGS path ${PATHING_CLI_DATA}/units-48.map 3 3 5 27 --size 33 EXPECT_RC nonzero)
pathing_cli_test(field_size_2 ARGS field ${PATHING_CLI_DATA}/units-48.map 5 27 --size 2 --svg ${PATHING_CLI_OUT}/units-field.svg
  STDOUT_REGEX "unit 2x2 \\(top-left cells\\)\ndistance field to \\(5, 27\\), 8-connected: [0-9]+ cells settled"
  EXPECT_FILE ${PATHING_CLI_OUT}/units-field.svg FILE_REGEX "<g fill=\"#c8c8c8\">")
pathing_cli_test(field_size_goal_does_not_fit ARGS field ${PATHING_CLI_DATA}/units-48.map 45 29 --size 3 EXPECT_RC 1
  STDERR_REGEX "goal \\(45, 29\\) is impassable for a 3x3 unit")

# --- weighted terrain and landmarks (issue #17) ------------------------------------------------
# The terrain sample's lengths hold under its costs (--costs 1,3,5), for A* and for A* with
# landmarks; under the Moving AI rules (W impassable, S costing 1) they do not: --check fails.
pathing_cli_test(scen_terrain_astar
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --check
  STDOUT_REGEX "optimal +40 of 40")
pathing_cli_test(scen_terrain_alt
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo alt --landmarks 4 --check
  STDOUT_REGEX "search +alt, 8-connected.*optimal +40 of 40.*allocations +0 during.*precomputed +[0-9]+ bytes \\(17\\.[0-9]+ bytes a cell\\), built in")
# --landmark-bits: 16-bit distances, half the bytes (4 landmarks: 9 bytes a cell with the cost
# byte), the same optimal costs; the search line names the width in use.
pathing_cli_test(scen_terrain_alt16
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo alt --landmarks 4 --landmark-bits 16 --check
  STDOUT_REGEX "search +alt, 8-connected \\(4 landmarks, 16-bit distances, 7 fraction bits\\)\n.*optimal +40 of 40.*precomputed +[0-9]+ bytes \\(9\\.[0-9]+ bytes a cell\\), built in")
pathing_cli_test(scen_landmark_bits_refused
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo astar --landmark-bits 16 EXPECT_RC 2
  STDERR_REGEX "--landmark-bits needs --algo alt")
pathing_cli_test(scen_bad_landmark_bits
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo alt --landmark-bits 8 EXPECT_RC nonzero
  STDERR_REGEX "--landmark-bits: 8 not in")
pathing_cli_test(scen_terrain_wrong_costs
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --check EXPECT_RC 1
  STDERR_REGEX "check failed")
# --algo hpa (HPA*, near-optimal): rooms-64 in sectors of 16 cells happens to be exact on all 40
# queries; weighted terrain is not (cost / optimal reported), and shortcutting lowers it.
pathing_cli_test(scen_hpa_json
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo hpa --sector 16 --check --json
  STDOUT_REGEX "\"solved\": 40, \"optimal\": 40,.*\"algo\": \"hpa\", \"moves\": 8, \"suboptimality_mean\": 1\\.000000, \"suboptimality_p99\": 1\\.000000, \"suboptimality_max\": 1\\.000000, \"table_bytes\": [0-9]+, \"table_build_ms\"")
pathing_cli_test(scen_hpa_terrain
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo hpa --sector 16 --check
  STDOUT_REGEX "search +hpa, 8-connected \\(sectors of 16 cells, smoothing window 0\\)\nqueries +40\nsolved +40 of 40\noptimal +2 of 40 .*\nsuboptimal +cost / optimal: mean 1\\.0658, p99 1\\.2694, max 1\\.2694\n")
pathing_cli_test(scen_hpa_terrain_smoothed
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo hpa --sector 16 --smooth 32 --check
  STDOUT_REGEX "optimal +8 of 40 .*\nsuboptimal +cost / optimal: mean 1\\.0405, p99 1\\.1763, max 1\\.1763\n")
# --landmarks with --algo hpa: landmarks on the abstract graph; the same costs at weight 1, fewer
# nodes expanded (435 a query without them).
pathing_cli_test(scen_hpa_terrain_landmarks
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo hpa --sector 16 --landmarks 4 --check
  STDOUT_REGEX "search +hpa, 8-connected \\(sectors of 16 cells, smoothing window 0, 4 landmarks\\)\nqueries +40\nsolved +40 of 40\noptimal +2 of 40 .*\nsuboptimal +cost / optimal: mean 1\\.0658, p99 1\\.2694, max 1\\.2694\n.*\nexpanded +mean [0-9.]+ per query")
# --clusters with --algo hpa: a second level of clusters of 2 x 2 sectors; the same costs at
# weight 1 as one level (and as with landmarks).
pathing_cli_test(scen_hpa_terrain_clusters
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo hpa --sector 16 --landmarks 4 --clusters 2 --check
  STDOUT_REGEX "search +hpa, 8-connected \\(sectors of 16 cells, smoothing window 0, 4 landmarks, clusters of 2 x 2 sectors\\)\nqueries +40\nsolved +40 of 40\noptimal +2 of 40 .*\nsuboptimal +cost / optimal: mean 1\\.0658, p99 1\\.2694, max 1\\.2694\n")
pathing_cli_test(scen_hpa_clusters_refused
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo astar --clusters 2
  EXPECT_RC 2
  STDERR_REGEX "--clusters needs --algo hpa")
pathing_cli_test(scen_hpa_bad_clusters
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo hpa --clusters 17
  EXPECT_RC nonzero
  STDERR_REGEX "--clusters")
pathing_cli_test(scen_hpa_landmarks_refused
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo hpa --landmarks 17
  EXPECT_RC 2
  STDERR_REGEX "build_landmarks: count = 17 is outside \\[1, 16\\]")
pathing_cli_test(scen_hpa_weight
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo hpa --sector 16 --weight 2 --check
  STDOUT_REGEX "search +hpa, 8-connected, weight 2 \\(sectors of 16 cells.*\nsuboptimal +cost / optimal: mean 1\\.0732, p99 1\\.2694, max 1\\.2694\n")
pathing_cli_test(scen_astar_weight
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --weight 1.5 --check --json
  STDOUT_REGEX "\"solved\": 40, \"optimal\": 14,.*\"algo\": \"astar\", \"moves\": 8, \"suboptimality_mean\": 1\\.019877, \"suboptimality_p99\": 1\\.091871, \"suboptimality_max\": 1\\.091871}")
pathing_cli_test(scen_weight_refused
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo jps --weight 1.5 EXPECT_RC 2
  STDERR_REGEX "--weight needs --algo astar or hpa")
pathing_cli_test(scen_hpa_4
  ARGS scen ${PATHING_CLI_DATA}/maze-32.map.scen --algo hpa --sector 8 --moves 4 --check
  STDOUT_REGEX "search +hpa, 4-connected.*solved +30 of 30\noptimal +n/a")
pathing_cli_test(scen_hpa_bad_sector
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo hpa --sector 3 EXPECT_RC nonzero
  STDERR_REGEX "--sector: Value 3 not in range 4 to 128")
pathing_cli_test(scen_alt_json
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo alt --check --json
  STDOUT_REGEX "\"optimal\": 40,.*\"allocations\": 0, \"algo\": \"alt\".*\"table_bytes\": [0-9]+, \"table_build_ms\"")
pathing_cli_test(scen_jps_weighted_refused
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo jps EXPECT_RC 2
  STDERR_REGEX "--algo jps needs every passable cell to cost the same")
pathing_cli_test(scen_bad_costs
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,300 EXPECT_RC nonzero
  STDERR_REGEX "--costs")
pathing_cli_test(scen_bad_landmarks
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo alt --landmarks 33 EXPECT_RC nonzero
  STDERR_REGEX "--landmarks")

# --- prep: precomputed structures saved and loaded (docs/precomputed.md) --------------------------
pathing_cli_test(prep_alt
  ARGS prep ${PATHING_CLI_DATA}/terrain-64.map --costs 1,3,5 -o ${PATHING_CLI_OUT}/terrain-64.alt
  STDOUT_REGEX "wrote .*terrain-64\\.alt \\(8 landmarks, 8-connected, 32-bit distances, [0-9]+ fraction bits; 131220 bytes"
  EXPECT_FILE ${PATHING_CLI_OUT}/terrain-64.alt)
pathing_cli_test(prep_jps_plus
  ARGS prep ${PATHING_CLI_DATA}/rooms-64.map --algo jps+ -o ${PATHING_CLI_OUT}/rooms-64.jpp
  STDOUT_REGEX "wrote .*rooms-64\\.jpp \\(JPS\\+ table; 65604 bytes"
  EXPECT_FILE ${PATHING_CLI_OUT}/rooms-64.jpp)
pathing_cli_test(prep_alt16
  ARGS prep ${PATHING_CLI_DATA}/terrain-64.map --costs 1,3,5 --landmark-bits 16 -o ${PATHING_CLI_OUT}/terrain-64-16.alt
  STDOUT_REGEX "wrote .*terrain-64-16\\.alt \\(8 landmarks, 8-connected, 16-bit distances, 7 fraction bits; 65684 bytes"
  EXPECT_FILE ${PATHING_CLI_OUT}/terrain-64-16.alt)
pathing_cli_test(prep_landmark_bits_refused
  ARGS prep ${PATHING_CLI_DATA}/rooms-64.map --algo hpa --landmark-bits 16 -o ${PATHING_CLI_OUT}/x.hpa
  EXPECT_RC 2 STDERR_REGEX "--landmark-bits needs --algo alt")
set_tests_properties(cli.prep_alt PROPERTIES FIXTURES_SETUP cli_prep_alt)
set_tests_properties(cli.prep_alt16 PROPERTIES FIXTURES_SETUP cli_prep_alt16)
set_tests_properties(cli.prep_jps_plus PROPERTIES FIXTURES_SETUP cli_prep_jpp)
pathing_cli_test(scen_prep_alt
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo alt --prep ${PATHING_CLI_OUT}/terrain-64.alt --check
  STDOUT_REGEX "optimal +40 of 40.*precomputed .*loaded in")
pathing_cli_test(scen_prep_jps_plus
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo jps+ --prep ${PATHING_CLI_OUT}/rooms-64.jpp --check
  STDOUT_REGEX "optimal +40 of 40.*precomputed .*loaded in")
pathing_cli_test(scen_prep_other_map
  ARGS scen ${PATHING_CLI_DATA}/random-64.map.scen --algo jps+ --prep ${PATHING_CLI_OUT}/rooms-64.jpp
  EXPECT_RC 2 STDERR_REGEX "rooms-64\\.jpp: byte [0-9]+: made for a 64 x 64 grid whose cells hash to 0x[0-9a-f]+; this grid is 64 x 64")
pathing_cli_test(scen_prep_other_layer
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --algo alt --prep ${PATHING_CLI_OUT}/terrain-64.alt
  EXPECT_RC 2 STDERR_REGEX "terrain-64\\.alt: byte [0-9]+: ")
pathing_cli_test(scen_prep_alt16
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo alt --prep ${PATHING_CLI_OUT}/terrain-64-16.alt --check
  STDOUT_REGEX "search +alt, 8-connected \\(8 landmarks, 16-bit distances, 7 fraction bits\\)\n.*optimal +40 of 40.*precomputed .*loaded in")
pathing_cli_test(scen_prep_landmark_bits_refused
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo alt --prep ${PATHING_CLI_OUT}/terrain-64-16.alt --landmark-bits 16
  EXPECT_RC 2 STDERR_REGEX "--landmark-bits and --prep: loaded landmarks keep the width they were saved with")
set_tests_properties(cli.scen_prep_alt16 cli.scen_prep_landmark_bits_refused PROPERTIES FIXTURES_REQUIRED cli_prep_alt16)
set_tests_properties(cli.scen_prep_alt cli.scen_prep_other_layer PROPERTIES FIXTURES_REQUIRED cli_prep_alt)
set_tests_properties(cli.scen_prep_jps_plus cli.scen_prep_other_map PROPERTIES FIXTURES_REQUIRED cli_prep_jpp)
pathing_cli_test(scen_prep_needs_algo
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --prep ${PATHING_CLI_OUT}/rooms-64.jpp
  EXPECT_RC 2 STDERR_REGEX "--prep needs --algo jps\\+, subgoal, alt or hpa")
pathing_cli_test(prep_jps_plus_weighted
  ARGS prep ${PATHING_CLI_DATA}/terrain-64.map --algo jps+ --costs 1,3,5 -o ${PATHING_CLI_OUT}/x.jpp
  EXPECT_RC 2 STDERR_REGEX "--algo jps\\+ needs every passable cell to cost the same")
# HPA* hierarchies: a loaded one searches exactly as a built one (the numbers of scen_hpa_json and
# scen_hpa_terrain), with the file's sector size whatever --sector says.
pathing_cli_test(prep_hpa
  ARGS prep ${PATHING_CLI_DATA}/rooms-64.map --algo hpa --sector 16 -o ${PATHING_CLI_OUT}/rooms-64.hpa
  STDOUT_REGEX "wrote .*rooms-64\\.hpa \\(hierarchy, sectors of 16 cells, 8-connected, [0-9]+ nodes, [0-9]+ edges; [0-9]+ bytes"
  EXPECT_FILE ${PATHING_CLI_OUT}/rooms-64.hpa)
pathing_cli_test(prep_hpa_terrain
  ARGS prep ${PATHING_CLI_DATA}/terrain-64.map --costs 1,3,5 --algo hpa --sector 16 -o ${PATHING_CLI_OUT}/terrain-64.hpa
  EXPECT_FILE ${PATHING_CLI_OUT}/terrain-64.hpa)
set_tests_properties(cli.prep_hpa cli.prep_hpa_terrain PROPERTIES FIXTURES_SETUP cli_prep_hpa)
pathing_cli_test(scen_prep_hpa_json
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo hpa --prep ${PATHING_CLI_OUT}/rooms-64.hpa --check --json
  STDOUT_REGEX "\"solved\": 40, \"optimal\": 40,.*\"algo\": \"hpa\", \"moves\": 8, \"suboptimality_mean\": 1\\.000000, \"suboptimality_p99\": 1\\.000000, \"suboptimality_max\": 1\\.000000, \"table_bytes\": [0-9]+, \"table_build_ms\"")
pathing_cli_test(scen_prep_hpa_terrain
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo hpa --prep ${PATHING_CLI_OUT}/terrain-64.hpa --check
  STDOUT_REGEX "search +hpa, 8-connected \\(sectors of 16 cells, smoothing window 0\\)\nqueries +40\nsolved +40 of 40\noptimal +2 of 40 .*\nsuboptimal +cost / optimal: mean 1\\.0658, p99 1\\.2694, max 1\\.2694\n.*precomputed .*loaded in")
# path --prep: the same path as built (path_hpa's numbers; the jps+ path of a loaded table).
pathing_cli_test(path_prep_hpa
  ARGS path ${PATHING_CLI_DATA}/rooms-64.map 2 2 61 60 --algo hpa --prep ${PATHING_CLI_OUT}/rooms-64.hpa
  STDOUT_REGEX "path found: 93 steps, cost 103\\.76955262 \\(hpa, 8-connected. 702 expanded, 45 generated\\)")
pathing_cli_test(path_prep_jps_plus
  ARGS path ${PATHING_CLI_DATA}/rooms-64.map 2 2 61 60 --algo jps+ --prep ${PATHING_CLI_OUT}/rooms-64.jpp
  STDOUT_REGEX "path found: 93 steps, cost 103\\.76955262 \\(jps\\+, 8-connected")
pathing_cli_test(path_prep_other_map
  ARGS path ${PATHING_CLI_DATA}/random-64.map 0 0 5 5 --algo hpa --prep ${PATHING_CLI_OUT}/rooms-64.hpa
  EXPECT_RC 2 STDERR_REGEX "rooms-64\\.hpa: byte [0-9]+: made for a 64 x 64 grid")
pathing_cli_test(path_prep_needs_algo
  ARGS path ${PATHING_CLI_DATA}/rooms-64.map 2 2 61 60 --prep ${PATHING_CLI_OUT}/rooms-64.hpa
  EXPECT_RC 2 STDERR_REGEX "--prep needs --algo jps\\+, subgoal or hpa")
pathing_cli_test(path_prep_size
  ARGS path ${PATHING_CLI_DATA}/rooms-64.map 2 2 61 60 --algo hpa --size 2 --prep ${PATHING_CLI_OUT}/rooms-64.hpa
  EXPECT_RC 2 STDERR_REGEX "rooms-64\\.hpa: the hierarchy serves units up to 1 x 1 cells; --size 2 needs a file made with prep --max-unit-size 2 or more")
pathing_cli_test(path_prep_size_jps_plus
  ARGS path ${PATHING_CLI_DATA}/rooms-64.map 2 2 61 60 --algo jps+ --size 2 --prep ${PATHING_CLI_OUT}/rooms-64.jpp
  EXPECT_RC 2 STDERR_REGEX "a unit of 2 x 2 cells searches its clearance grid")
set_tests_properties(cli.path_prep_hpa cli.path_prep_other_map cli.path_prep_size PROPERTIES FIXTURES_REQUIRED cli_prep_hpa)
# One hierarchy for units of every size (HAA*, format version 3): a 2 x 2 and a 3 x 3 unit search
# the saved map.
pathing_cli_test(prep_hpa_units
  ARGS prep ${PATHING_CLI_DATA}/terrain-64.map --algo hpa --sector 16 --max-unit-size 3 -o ${PATHING_CLI_OUT}/terrain-64-units.hpa
  STDOUT_REGEX "wrote .*terrain-64-units\\.hpa \\(hierarchy, sectors of 16 cells, 8-connected, 59 nodes, 158 edges, units up to 3 x 3 cells; 2500 bytes"
  EXPECT_FILE ${PATHING_CLI_OUT}/terrain-64-units.hpa)
set_tests_properties(cli.prep_hpa_units PROPERTIES FIXTURES_SETUP cli_prep_hpa_units)
pathing_cli_test(path_prep_hpa_units
  ARGS path ${PATHING_CLI_DATA}/terrain-64.map 2 2 40 20 --algo hpa --size 2 --prep ${PATHING_CLI_OUT}/terrain-64-units.hpa
  STDOUT_REGEX "path found: 39 steps, cost 46\\.04163056 \\(hpa, unit 2x2, 8-connected; 560 expanded, 17 generated\\)")
pathing_cli_test(path_prep_hpa_units3
  ARGS path ${PATHING_CLI_DATA}/terrain-64.map 0 0 30 30 --algo hpa --size 3 --prep ${PATHING_CLI_OUT}/terrain-64-units.hpa
  STDOUT_REGEX "path found: 43 steps, cost 50\\.04163056 \\(hpa, unit 3x3, 8-connected")
pathing_cli_test(path_prep_hpa_units_too_big
  ARGS path ${PATHING_CLI_DATA}/terrain-64.map 0 0 30 30 --algo hpa --size 4 --prep ${PATHING_CLI_OUT}/terrain-64-units.hpa
  EXPECT_RC 2 STDERR_REGEX "the hierarchy serves units up to 3 x 3 cells; --size 4 needs")
set_tests_properties(cli.path_prep_hpa_units cli.path_prep_hpa_units3 cli.path_prep_hpa_units_too_big PROPERTIES FIXTURES_REQUIRED cli_prep_hpa_units)
pathing_cli_test(prep_max_unit_size_refused
  ARGS prep ${PATHING_CLI_DATA}/rooms-64.map --algo alt --max-unit-size 2 -o ${PATHING_CLI_OUT}/x.alt
  EXPECT_RC 2 STDERR_REGEX "--max-unit-size needs --algo hpa")
pathing_cli_test(prep_hpa_units_clusters_refused
  ARGS prep ${PATHING_CLI_DATA}/rooms-64.map --algo hpa --max-unit-size 2 --clusters 2 -o ${PATHING_CLI_OUT}/x.hpa
  EXPECT_RC 2 STDERR_REGEX "clusters serve only maps of one-cell units; this map has max_unit_size = 2")
# A hierarchy saved with its landmarks and clusters (format version 2): loaded, it answers as the
# built one (scen_hpa_terrain_clusters: the same costs), with nothing rebuilt.
pathing_cli_test(prep_hpa_levels
  ARGS prep ${PATHING_CLI_DATA}/terrain-64.map --costs 1,3,5 --algo hpa --sector 16 --landmarks 4 --clusters 2 -o ${PATHING_CLI_OUT}/terrain-64-levels.hpa
  STDOUT_REGEX "wrote .*terrain-64-levels\\.hpa \\(hierarchy, sectors of 16 cells, 8-connected, [0-9]+ nodes, [0-9]+ edges, 4 landmarks, clusters of 2 x 2 sectors, [0-9]+ level-2 nodes; [0-9]+ bytes"
  EXPECT_FILE ${PATHING_CLI_OUT}/terrain-64-levels.hpa)
set_tests_properties(cli.prep_hpa_levels PROPERTIES FIXTURES_SETUP cli_prep_hpa_levels)
pathing_cli_test(scen_prep_hpa_levels
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo hpa --prep ${PATHING_CLI_OUT}/terrain-64-levels.hpa --check
  STDOUT_REGEX "search +hpa, 8-connected \\(sectors of 16 cells, smoothing window 0, 4 landmarks, clusters of 2 x 2 sectors\\)\nqueries +40\nsolved +40 of 40\noptimal +2 of 40 .*\nsuboptimal +cost / optimal: mean 1\\.0658, p99 1\\.2694, max 1\\.2694\n.*precomputed .*loaded in")
# --landmarks other than the file's rebuild them (the file's clusters are kept).
pathing_cli_test(scen_prep_hpa_levels_rebuilt
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --costs 1,3,5 --algo hpa --prep ${PATHING_CLI_OUT}/terrain-64-levels.hpa --landmarks 2 --check
  STDOUT_REGEX "search +hpa, 8-connected \\(sectors of 16 cells, smoothing window 0, 2 landmarks, clusters of 2 x 2 sectors\\)\nqueries +40\nsolved +40 of 40\n")
pathing_cli_test(prep_clusters_refused
  ARGS prep ${PATHING_CLI_DATA}/rooms-64.map --algo alt --clusters 2 -o ${PATHING_CLI_OUT}/x.alt
  EXPECT_RC 2 STDERR_REGEX "--clusters needs --algo hpa")
set_tests_properties(cli.scen_prep_hpa_levels cli.scen_prep_hpa_levels_rebuilt PROPERTIES FIXTURES_REQUIRED cli_prep_hpa_levels)
set_tests_properties(cli.path_prep_jps_plus PROPERTIES FIXTURES_REQUIRED cli_prep_jpp)
# Subgoal graphs: a loaded contracted graph answers every row optimally, as a built one.
pathing_cli_test(prep_subgoal
  ARGS prep ${PATHING_CLI_DATA}/maze-32.map --algo subgoal --contract -o ${PATHING_CLI_OUT}/maze-32.sg
  STDOUT_REGEX "wrote .*maze-32\\.sg \\(subgoal graph, contracted, [0-9]+ subgoals, [0-9]+ edges, core [0-9]+, [0-9]+ contracted edges; [0-9]+ bytes"
  EXPECT_FILE ${PATHING_CLI_OUT}/maze-32.sg)
pathing_cli_test(prep_subgoal_rooms
  ARGS prep ${PATHING_CLI_DATA}/rooms-64.map --algo subgoal -o ${PATHING_CLI_OUT}/rooms-64.sg
  STDOUT_REGEX "wrote .*rooms-64\\.sg \\(subgoal graph, [0-9]+ subgoals, [0-9]+ edges; 104 bytes"
  EXPECT_FILE ${PATHING_CLI_OUT}/rooms-64.sg)
set_tests_properties(cli.prep_subgoal cli.prep_subgoal_rooms PROPERTIES FIXTURES_SETUP cli_prep_subgoal)
pathing_cli_test(scen_prep_subgoal
  ARGS scen ${PATHING_CLI_DATA}/maze-32.map.scen --algo subgoal --prep ${PATHING_CLI_OUT}/maze-32.sg --check
  STDOUT_REGEX "search +subgoal, 8-connected\n.*optimal +30 of 30 .*allocations +0 during.*precomputed .*loaded in")
pathing_cli_test(path_prep_subgoal
  ARGS path ${PATHING_CLI_DATA}/rooms-64.map 2 2 61 60 --algo subgoal --prep ${PATHING_CLI_OUT}/rooms-64.sg
  STDOUT_REGEX "^path found: 93 steps, cost 103\\.76955262 \\(subgoal, 8-connected")
pathing_cli_test(scen_prep_subgoal_other_map
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo subgoal --prep ${PATHING_CLI_OUT}/maze-32.sg
  EXPECT_RC 2 STDERR_REGEX "maze-32\\.sg: byte [0-9]+: made for a [0-9]+ x [0-9]+ grid whose cells hash to 0x[0-9a-f]+")
pathing_cli_test(scen_prep_subgoal_contract
  ARGS scen ${PATHING_CLI_DATA}/maze-32.map.scen --algo subgoal --contract --prep ${PATHING_CLI_OUT}/maze-32.sg
  EXPECT_RC 2 STDERR_REGEX "--contract and --prep: a loaded subgoal graph is as it was saved")
set_tests_properties(cli.scen_prep_subgoal cli.path_prep_subgoal cli.scen_prep_subgoal_other_map
  PROPERTIES FIXTURES_REQUIRED cli_prep_subgoal)
pathing_cli_test(prep_contract_needs_subgoal
  ARGS prep ${PATHING_CLI_DATA}/rooms-64.map --algo jps+ --contract -o ${PATHING_CLI_OUT}/x.jpp
  EXPECT_RC 2 STDERR_REGEX "--contract needs --algo subgoal")
pathing_cli_test(scen_prep_hpa_moves
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo hpa --moves 4 --prep ${PATHING_CLI_OUT}/rooms-64.hpa
  EXPECT_RC 2 STDERR_REGEX "rooms-64\\.hpa: the hierarchy is 8-connected; --moves 4 needs 4")
pathing_cli_test(scen_prep_hpa_other_map
  ARGS scen ${PATHING_CLI_DATA}/random-64.map.scen --algo hpa --prep ${PATHING_CLI_OUT}/rooms-64.hpa
  EXPECT_RC 2 STDERR_REGEX "rooms-64\\.hpa: byte [0-9]+: made for a 64 x 64 grid whose cells hash to 0x[0-9a-f]+; this grid is 64 x 64")
pathing_cli_test(scen_prep_hpa_other_layer
  ARGS scen ${PATHING_CLI_DATA}/terrain-64.map.scen --algo hpa --prep ${PATHING_CLI_OUT}/terrain-64.hpa
  EXPECT_RC 2 STDERR_REGEX "terrain-64\\.hpa: byte 36: made for the layer with cell costs")
set_tests_properties(cli.scen_prep_hpa_json cli.scen_prep_hpa_terrain cli.scen_prep_hpa_moves
  cli.scen_prep_hpa_other_map cli.scen_prep_hpa_other_layer PROPERTIES FIXTURES_REQUIRED cli_prep_hpa)
pathing_cli_test(scen_prep_hpa_kind
  ARGS scen ${PATHING_CLI_DATA}/rooms-64.map.scen --algo hpa --prep ${PATHING_CLI_OUT}/rooms-64.jpp
  EXPECT_RC 2 STDERR_REGEX "rooms-64\\.jpp: byte 12: holds a JPS\\+ table \\(kind 1\\), not a hierarchy")
set_tests_properties(cli.scen_prep_hpa_kind PROPERTIES FIXTURES_REQUIRED cli_prep_jpp)
pathing_cli_test(prep_hpa_bad_sector
  ARGS prep ${PATHING_CLI_DATA}/rooms-64.map --algo hpa --sector 129 -o ${PATHING_CLI_OUT}/x.hpa
  EXPECT_RC nonzero STDERR_REGEX "--sector: Value 129 not in range 4 to 128")
