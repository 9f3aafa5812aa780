# Runs the `pathing` CLI once and checks its exit code, output and files (a CTest helper).
#
#   cmake -DCLI=<pathing> -DARGS=<a|b|c> [-DEXPECT_RC=0|nonzero|<n>] [-DSTDOUT_REGEX=<re>]
#         [-DSTDERR_REGEX=<re>] [-DSTDOUT_NOT_REGEX=<re>] [-DREQUIRE_PATH=<path>]
#         [-DEXPECT_FILE=<path>] [-DFILE_REGEX=<re>] [-DSAME_FILES=<a|b|c|d...>]
#         [-DWORKDIR=<dir>] [-DSTDOUT_FILE=<path>] -P run_cli.cmake
#
# ARGS separates arguments with '|'. When REQUIRE_PATH does not exist the test prints
# "SKIPPED: ..." (the test's SKIP_REGULAR_EXPRESSION). EXPECT_FILE is deleted before the run and
# must exist after it (and match FILE_REGEX, if given); SAME_FILES are pairs of files that must be
# byte-identical after the run.
string(REPLACE "|" ";" args "${ARGS}")
if(DEFINED REQUIRE_PATH AND NOT EXISTS "${REQUIRE_PATH}")
  message("SKIPPED: ${REQUIRE_PATH} not found")
  return()
endif()
if(NOT DEFINED EXPECT_RC)
  set(EXPECT_RC 0)
endif()
if(NOT DEFINED WORKDIR)
  set(WORKDIR ".")
endif()
if(DEFINED EXPECT_FILE)
  file(REMOVE "${EXPECT_FILE}")
endif()

if(DEFINED STDOUT_FILE)  # e.g. /dev/full: standard output goes there instead of being checked
  execute_process(COMMAND "${CLI}" ${args} WORKING_DIRECTORY "${WORKDIR}"
                  RESULT_VARIABLE rc OUTPUT_FILE "${STDOUT_FILE}" ERROR_VARIABLE err)
  set(out "")
else()
  execute_process(COMMAND "${CLI}" ${args} WORKING_DIRECTORY "${WORKDIR}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
endif()
message("exit code: ${rc}\n--- stdout ---\n${out}--- stderr ---\n${err}--------------")

set(failures "")
if(EXPECT_RC STREQUAL "nonzero")
  if(rc STREQUAL "0" OR NOT rc MATCHES "^[0-9]+$")
    string(APPEND failures "expected a non-zero exit code (and no crash), got '${rc}'\n")
  endif()
elseif(NOT rc STREQUAL EXPECT_RC)
  string(APPEND failures "expected exit code ${EXPECT_RC}, got '${rc}'\n")
endif()
if(DEFINED STDOUT_REGEX AND NOT out MATCHES "${STDOUT_REGEX}")
  string(APPEND failures "stdout does not match '${STDOUT_REGEX}'\n")
endif()
if(DEFINED STDOUT_NOT_REGEX AND out MATCHES "${STDOUT_NOT_REGEX}")
  string(APPEND failures "stdout matches '${STDOUT_NOT_REGEX}'\n")
endif()
if(DEFINED STDERR_REGEX AND NOT err MATCHES "${STDERR_REGEX}")
  string(APPEND failures "stderr does not match '${STDERR_REGEX}'\n")
endif()
if(DEFINED EXPECT_FILE AND NOT EXISTS "${EXPECT_FILE}")
  string(APPEND failures "file ${EXPECT_FILE} was not written\n")
endif()
if(DEFINED EXPECT_FILE AND EXISTS "${EXPECT_FILE}" AND DEFINED FILE_REGEX)
  file(READ "${EXPECT_FILE}" content)
  if(NOT content MATCHES "${FILE_REGEX}")
    string(APPEND failures "${EXPECT_FILE} does not match '${FILE_REGEX}'\n")
  endif()
endif()
if(DEFINED SAME_FILES)
  string(REPLACE "|" ";" files "${SAME_FILES}")
  list(LENGTH files n)
  math(EXPR last "${n} - 1")
  foreach(i RANGE 0 ${last} 2)
    math(EXPR j "${i} + 1")
    list(GET files ${i} a)
    list(GET files ${j} b)
    execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${a}" "${b}" RESULT_VARIABLE diff)
    if(NOT diff EQUAL 0)
      string(APPEND failures "${a} and ${b} differ\n")
    endif()
  endforeach()
endif()
if(failures)
  message(FATAL_ERROR "${failures}")
endif()
