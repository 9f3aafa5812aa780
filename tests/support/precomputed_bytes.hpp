// Test support: editing the bytes of a precomputed-structure file (pathing/io/precomputed.hpp)
// the way a corrupted or tampered file would be, for the loaders' tests and fuzz target.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace pathing::test {

/// Writes FNV-1a 64 of all but the last 8 bytes into those 8 (little-endian): a tampered file
/// that passes the checksum, to reach the payload checks. Files under 8 bytes are left alone.
inline void fix_precomputed_checksum(std::string& bytes) {
  if (bytes.size() < 8) return;
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i + 8 < bytes.size(); ++i) {
    h ^= static_cast<std::uint8_t>(bytes[i]);
    h *= 0x100000001b3ull;
  }
  for (std::size_t i = 0; i < 8; ++i)
    bytes[bytes.size() - 8 + i] = static_cast<char>((h >> (8 * i)) & 0xFFu);
}

/// Writes the low `width` bytes of `v` at `at`, little-endian (the file's byte order). (Through
/// `at()`: with plain indexing, GCC 12 for AArch64 at -O2 misreads a copied string's size and
/// warns -Wstringop-overflow.)
inline void put_le(std::string& bytes, std::size_t at, std::uint64_t v, int width) {
  for (int i = 0; i < width; ++i)
    bytes.at(at + static_cast<std::size_t>(i)) = static_cast<char>((v >> (8 * i)) & 0xFFu);
}

/// Reads `width` bytes at `at`, little-endian.
inline std::uint64_t get_le(const std::string& bytes, std::size_t at, int width) {
  std::uint64_t v = 0;
  for (int i = width - 1; i >= 0; --i)
    v = v << 8 | static_cast<std::uint8_t>(bytes[at + static_cast<std::size_t>(i)]);
  return v;
}

}  // namespace pathing::test
