// pathing: fast grid path-finding. MIT licensed.
//
// The `pathing` command-line tool: run Moving AI scenarios, find and draw one path, generate
// maps. See `pathing --help`.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <new>
#include <string>

#include "commands.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/version.hpp"

namespace {

// The exit code after the command's output: `rc`, or kExitBadInput when standard output could not
// be written (a full disk, /dev/full, a closed pipe), with the reason on stderr: a report that
// did not reach its reader is not a success.
int checked_stdout(int rc) {
  errno = 0;
  if (std::fflush(stdout) == 0 && std::ferror(stdout) == 0) return rc;
  const int err = errno;
  std::fprintf(stderr, "pathing: cannot write to standard output: %s\n",
               err != 0 ? std::strerror(err) : "write error");
  return rc == pathing::cli::kExitOk || rc == pathing::cli::kExitFailed
             ? pathing::cli::kExitBadInput
             : rc;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace pathing::cli;
  CLI::App app{"pathing " PATHING_VERSION_STRING
               ": fast grid path-finding (A*, greedy best-first, JPS, Dijkstra maps)"};
  app.set_version_flag("--version", "pathing " PATHING_VERSION_STRING);
  app.require_subcommand(1);
  app.footer(
      "Exit codes: 0 success; 1 `scen --check` found a non-optimal or unsolved query, `path`\n"
      "found no path, or the goal of `field` is impassable; 2 bad input (malformed or unreadable "
      "file, off-map coordinates) or\n"
      "output that could not be written (standard output or a file: an output file is replaced\n"
      "only when written in full, so a failure leaves the old file); other non-zero codes: bad\n"
      "command-line usage.");

  // The subcommands: each registers its own options (add_*_command, beside its run_*).
  ScenOptions scen;
  PrepOptions prep;
  PathOptions path;
  GenOptions gen;
  FieldCommandOptions field;
  TdOptions td;
  struct Command {
    CLI::App* cmd;
    std::function<int()> run;
  };
  const Command commands[] = {
      {add_scen_command(app, scen), [&] { return run_scen(scen); }},
      {add_prep_command(app, prep), [&] { return run_prep(prep); }},
      {add_path_command(app, path), [&] { return run_path(path); }},
      {add_gen_command(app, gen), [&] { return run_gen(gen); }},
      {add_field_command(app, field), [&] { return run_field(field); }},
      {add_td_command(app, td), [&] { return run_td(td); }},
  };

  CLI11_PARSE(app, argc, argv);

  try {
    int rc = kExitBadInput;
    for (const Command& c : commands) {
      if (*c.cmd) rc = c.run();
    }
    return checked_stdout(rc);
  } catch (const pathing::io::ParseError& e) {
    fmt::print(stderr, "pathing: {}\n", e.what());
    return kExitBadInput;
  } catch (const std::bad_alloc&) {
    fmt::print(stderr, "pathing: out of memory\n");
    return kExitBadInput;
  } catch (const std::exception& e) {
    fmt::print(stderr, "pathing: error: {}\n", e.what());
    return kExitBadInput;
  }
  return kExitBadInput;
}
