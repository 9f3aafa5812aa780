// pathing: fast grid path-finding. MIT licensed.
//
// The non-throwing forms of the pathing::io loaders (try_parse_map, try_load_map, ...): each calls
// the throwing form and turns its exception into an Error. pathing::io is always compiled with
// exceptions (src/CMakeLists.txt adds -fexceptions), so these work from programs built with
// -fno-exceptions too: no exception ever leaves them.
#include <exception>
#include <filesystem>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "pathing/error.hpp"
#include "pathing/io/generate.hpp"
#include "pathing/io/movingai.hpp"
#include "pathing/io/seed_map.hpp"

namespace pathing::io {
namespace {

// Runs `f`; on an exception reports it in `*error` and returns false. `invalid` is the code of a
// std::invalid_argument / std::runtime_error (the argument errors of the generators).
template <class F>
bool guarded(Error* error, F&& f) noexcept {
  try {
    f();
    return true;
  } catch (const ParseError& e) {
    detail::report(error,
                   e.line() == 0 && e.column() == 0 ? ErrorCode::io_error : ErrorCode::parse_error,
                   e.what());
  } catch (const std::bad_alloc&) {
    detail::report(error, ErrorCode::out_of_memory, "pathing::io: out of memory");
  } catch (const std::exception& e) {
    detail::report(error, ErrorCode::invalid_argument, e.what());
  } catch (...) {
    detail::report(error, ErrorCode::invalid_argument, "pathing::io: unknown error");
  }
  return false;
}

template <class T, class F>
std::optional<T> guarded_value(Error* error, F&& f) noexcept {
  std::optional<T> out;
  if (!guarded(error, [&] { out.emplace(f()); })) out.reset();
  return out;
}

}  // namespace

std::optional<Map> try_parse_map(std::string_view text, const std::string& name,
                                 Error* error) noexcept {
  return guarded_value<Map>(error, [&] { return parse_map(text, name); });
}

std::optional<Map> try_load_map(const std::filesystem::path& file, Error* error) noexcept {
  return guarded_value<Map>(error, [&] { return load_map(file); });
}

std::optional<Scenario> try_parse_scenario(std::string_view text, const std::string& name,
                                           Error* error) noexcept {
  return guarded_value<Scenario>(error, [&] { return parse_scenario(text, name); });
}

std::optional<Scenario> try_load_scenario(const std::filesystem::path& file,
                                          Error* error) noexcept {
  return guarded_value<Scenario>(error, [&] { return load_scenario(file); });
}

bool try_validate_scenario(const Scenario& scen, const Grid& grid, const std::string& name,
                           Error* error) noexcept {
  return guarded(error, [&] { validate_scenario(scen, grid, name); });
}

std::optional<SeedMap> try_parse_seed_map(std::string_view text, const std::string& name,
                                          Error* error) noexcept {
  return guarded_value<SeedMap>(error, [&] { return parse_seed_map(text, name); });
}

std::optional<SeedMap> try_load_seed_map(const std::filesystem::path& file, Error* error) noexcept {
  return guarded_value<SeedMap>(error, [&] { return load_seed_map(file); });
}

std::optional<Grid> try_generate_map(const MapSpec& spec, Error* error) noexcept {
  return guarded_value<Grid>(error, [&] { return generate_map(spec); });
}

std::optional<Scenario> try_generate_scenario(const Grid& grid, const std::string& map_name,
                                              int queries, std::uint64_t seed,
                                              const GridLayer& layer, Error* error) noexcept {
  return guarded_value<Scenario>(
      error, [&] { return generate_scenario(grid, map_name, queries, seed, layer); });
}

std::optional<Grid> try_tile_map(const Grid& tile, int width, int height,
                                 const TileOptions& options, Error* error) noexcept {
  return guarded_value<Grid>(error, [&] { return tile_map(tile, width, height, options); });
}

std::optional<Scenario> try_generate_long_scenario(const Grid& grid, const std::string& map_name,
                                                   int queries, std::uint64_t seed,
                                                   const GridLayer& layer, Error* error) noexcept {
  return guarded_value<Scenario>(
      error, [&] { return generate_long_scenario(grid, map_name, queries, seed, layer); });
}

}  // namespace pathing::io
