// pathing: fast grid path-finding. MIT licensed.
//
// The command-line options several subcommands of the `pathing` tool share.
#pragma once

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace pathing::cli {

// CLI11 reads an unsigned option with strtoull, which takes "-1" as 2^64 - 1 and clamps values
// past 2^64 to it: every out-of-range seed silently gave the map of seed 2^64 - 1. This check runs
// on the text before that conversion and rejects negative values and values over 2^64 - 1 (a usage
// error, like `--width 0`); text that is not a number is left to CLI11's own conversion error.
inline const CLI::Validator kSeedRange(
    [](std::string& text) -> std::string {
      const char* s = text.c_str();
      char* end = nullptr;
      errno = 0;
      const unsigned long long v = std::strtoull(s, &end, 0);  // the same parse as CLI11's
      if (text.empty() || end != s + text.size()) return {};   // not a number: CLI11 reports it
      const bool negative = text.find('-') != std::string::npos;
      if (errno == ERANGE || (negative && v != 0)) {
        return "Value " + text + " not in range 0 to 18446744073709551615";
      }
      return {};
    },
    "");  // no extra type text in --help: the option already shows UINT and the range

// --algo's former names, still accepted: `bfs` is greedy best-first search (not breadth-first).
inline const CLI::Transformer kFormerAlgoNames(std::map<std::string, std::string>{
    {"bfs", "greedy"}});

// `--costs C0,C1,...`: one to eight tag costs in [0, 255], comma-separated.
inline void add_costs_option(CLI::App* cmd, std::vector<int>& costs, const std::string& help) {
  cmd->add_option("--costs", costs, help)
      ->delimiter(',')
      ->expected(1, 8)
      ->check(CLI::Range(0, 255));
}

}  // namespace pathing::cli
