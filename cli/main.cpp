#include <CLI/CLI.hpp>

#include "pathing/version.hpp"

int main(int argc, char** argv) {
  CLI::App app{"pathing: fast grid path-finding"};
  app.set_version_flag("--version", PATHING_VERSION_STRING);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
