// pathing: fast grid path-finding. MIT licensed.
//
// Private helper of pathing::io: std::from_chars / std::to_chars for double, or, where the
// standard library lacks them (libc++ before 17, e.g. Emscripten 3.1's: no __cpp_lib_to_chars),
// strtod / snprintf in the "C" locale, which give the same results on the inputs io passes
// (plain decimal numbers; fixed notation with a given precision). Not installed.
#pragma once

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <system_error>

namespace pathing::io::compat {

/// std::from_chars(first, last, value) for a double in plain decimal notation (digits, an
/// optional '.' and digits: the callers check that form first).
inline std::from_chars_result parse_double(const char* first, const char* last, double& value) {
#if defined(__cpp_lib_to_chars)
  return std::from_chars(first, last, value);
#else
  const std::string copy(first, last);  // strtod needs a terminated string
  char* end = nullptr;
  const double v = std::strtod(copy.c_str(), &end);
  if (end == copy.c_str()) return {first, std::errc::invalid_argument};
  value = v;
  return {first + (end - copy.c_str()), std::errc{}};
#endif
}

/// std::to_chars(first, last, value, std::chars_format::fixed, precision).
inline std::to_chars_result format_fixed(char* first, char* last, double value, int precision) {
#if defined(__cpp_lib_to_chars)
  return std::to_chars(first, last, value, std::chars_format::fixed, precision);
#else
  const int n =
      std::snprintf(first, static_cast<std::size_t>(last - first), "%.*f", precision, value);
  if (n < 0 || n >= last - first) return {last, std::errc::value_too_large};
  return {first + n, std::errc{}};
#endif
}

}  // namespace pathing::io::compat
