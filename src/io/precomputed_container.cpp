// pathing: fast grid path-finding. MIT licensed.
//
// The container every precomputed file shares (precomputed_container.hpp):
// header, checksum, their checks, whole-file reads.
#include "precomputed_container.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>

#include "pathing/io/movingai.hpp"
#include "pathing/version.hpp"
#include "text_scan.hpp"

namespace pathing::io::detail {

namespace {

constexpr std::string_view kMagic = "PATHPREP";
[[maybe_unused]] constexpr std::size_t kLibraryAt = 16;  // recorded, not checked on load

const char* kind_name(std::uint32_t kind) noexcept {
  switch (kind) {
    case static_cast<std::uint32_t>(PrecomputedKind::jps_plus):
      return "a JPS+ table";
    case static_cast<std::uint32_t>(PrecomputedKind::landmarks):
      return "a landmark map";
    case static_cast<std::uint32_t>(PrecomputedKind::hierarchy):
      return "a hierarchy";
    case static_cast<std::uint32_t>(PrecomputedKind::subgoal_graph):
      return "a subgoal graph";
    default:
      return "an unknown kind";
  }
}

std::string layer_text(const std::array<std::uint8_t, 16>& costs) {
  std::string s = "[";
  for (std::size_t i = 0; i < costs.size(); ++i) {
    if (i > 0) s += ' ';
    s += std::to_string(costs[i]);
  }
  return s + "]";
}

std::array<std::uint8_t, 16> layer_costs(const GridLayer& layer) noexcept {
  std::array<std::uint8_t, 16> c{};
  for (std::size_t v = 0; v < 16; ++v) c[v] = layer.cost_of_cell(static_cast<std::uint8_t>(v));
  return c;
}

}  // namespace

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h) noexcept {
  for (const char c : bytes) {
    h ^= static_cast<std::uint8_t>(c);
    h *= kFnvPrime;
  }
  return h;
}

std::string hex64(std::uint64_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s = "0x0000000000000000";
  for (int i = 17; i >= 2; --i) {
    s[static_cast<std::size_t>(i)] = kDigits[v & 15u];
    v >>= 4;
  }
  return s;
}

std::string cell_text(int x, int y) {
  // Appended piece by piece: GCC 12's -Wrestrict misfires on "(" +
  // std::to_string(x) at -O3.
  std::string t = "(";
  t += std::to_string(x);
  t += ", ";
  t += std::to_string(y);
  t += ')';
  return t;
}

PayloadWriter::PayloadWriter(PrecomputedKind kind, const Grid& grid, const GridLayer& layer) {
  for (const char c : kMagic) u8(static_cast<std::uint8_t>(c));
  u32(1);  // the version, set by finish
  u32(static_cast<std::uint32_t>(kind));
  u32(static_cast<std::uint32_t>(PATHING_VERSION));
  u32(static_cast<std::uint32_t>(grid.cols()));
  u32(static_cast<std::uint32_t>(grid.rows()));
  u64(grid_hash(grid));
  for (const std::uint8_t c : layer_costs(layer)) u8(c);
  u64(0);  // the payload's size, set by finish
}

void PayloadWriter::reserve_payload(std::uint64_t bytes) {
  out_.reserve(static_cast<std::size_t>(bytes) + kMinFile);
}

std::string PayloadWriter::finish() && {
  const auto put = [&](std::size_t at, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i, v >>= 8)
      out_[at + static_cast<std::size_t>(i)] = static_cast<char>(v & 0xFFu);
  };
  put(kVersionAt, version_, 4);
  put(kPayloadSizeAt, std::uint64_t{out_.size()} - kPrecomputedHeaderBytes, 8);
  u64(fnv1a(out_));
  return std::move(out_);
}

std::uint32_t check_prefix(std::string_view bytes, const std::string& name,
                           std::uint32_t* version_out) {
  const std::size_t have = bytes.size() < kMagic.size() ? bytes.size() : kMagic.size();
  if (bytes.substr(0, have) != kMagic.substr(0, have)) {
    throw PrecomputedError(name, 0,
                           "bad magic: not a pathing precomputed file (it starts with \"" +
                               std::string(kMagic) + "\")");
  }
  if (bytes.size() < kMinFile) {
    throw PrecomputedError(name, -1,
                           "truncated: " + std::to_string(bytes.size()) +
                               " bytes, a file has at least " + std::to_string(kMinFile));
  }
  Reader r(bytes, kVersionAt);
  const std::uint32_t version = r.u32();
  if (version < 1 || version > kPrecomputedFormatVersion) {
    throw PrecomputedError(name, kVersionAt,
                           "made for format version " + std::to_string(version) +
                               ", this library reads 1 to " +
                               std::to_string(kPrecomputedFormatVersion));
  }
  if (version_out != nullptr) *version_out = version;
  return r.u32();
}

PayloadReader open_payload(std::string_view bytes, PrecomputedKind want, const Grid& grid,
                           const GridLayer& layer, const std::string& name) {
  std::uint32_t version = 1;
  const std::uint32_t kind = check_prefix(bytes, name, &version);
  Reader r(bytes, kPayloadSizeAt);
  const std::uint64_t payload = r.u64();
  const std::uint64_t room = std::uint64_t{bytes.size()} - kMinFile;
  if (payload > room) {
    const std::string says = payload > (~std::uint64_t{0} - kMinFile)
                                 ? "more than 2^64"
                                 : std::to_string(payload + kMinFile);
    throw PrecomputedError(
        name, -1, "truncated: " + std::to_string(bytes.size()) + " bytes, the header says " + says);
  }
  if (payload < room) {
    throw PrecomputedError(name, static_cast<std::int64_t>(payload + kMinFile),
                           std::to_string(room - payload) +
                               " bytes after the checksum (the header says the file has " +
                               std::to_string(payload + kMinFile) + " bytes)");
  }
  const std::size_t sum_at = kPrecomputedHeaderBytes + static_cast<std::size_t>(payload);
  const std::uint64_t stored = Reader(bytes, sum_at).u64();
  const std::uint64_t actual = fnv1a(bytes.substr(0, sum_at));
  if (stored != actual) {
    throw PrecomputedError(name, static_cast<std::int64_t>(sum_at),
                           "checksum mismatch: the file says " + hex64(stored) +
                               ", its bytes hash to " + hex64(actual) + " (FNV-1a 64): corrupted");
  }
  if (kind != static_cast<std::uint32_t>(want)) {
    throw PrecomputedError(name, kKindAt,
                           std::string("holds ") + kind_name(kind) + " (kind " +
                               std::to_string(kind) + "), not " +
                               kind_name(static_cast<std::uint32_t>(want)));
  }
  if (version != 1 && want != PrecomputedKind::hierarchy) {
    throw PrecomputedError(
        name, kVersionAt,
        std::string("format version ") + std::to_string(version) +
            (version == 2 ? " holds only hierarchies with landmarks or clusters; "
                          : " holds only hierarchies for units larger than a "
                            "cell; ") +
            kind_name(kind) + " is format version 1");
  }
  Reader g(bytes, kColsAt);
  const std::uint32_t cols = g.u32();
  const std::uint32_t rows = g.u32();
  const std::uint64_t hash = g.u64();
  const std::uint64_t here = grid_hash(grid);
  if (cols != static_cast<std::uint32_t>(grid.cols()) ||
      rows != static_cast<std::uint32_t>(grid.rows()) || hash != here) {
    const std::size_t at = cols != static_cast<std::uint32_t>(grid.cols())   ? kColsAt
                           : rows != static_cast<std::uint32_t>(grid.rows()) ? kRowsAt
                                                                             : kHashAt;
    throw PrecomputedError(name, static_cast<std::int64_t>(at),
                           "made for a " + std::to_string(cols) + " x " + std::to_string(rows) +
                               " grid whose cells hash to " + hex64(hash) + "; this grid is " +
                               std::to_string(grid.cols()) + " x " + std::to_string(grid.rows()) +
                               " and its cells hash to " + hex64(here));
  }
  std::array<std::uint8_t, 16> costs{};
  Reader l(bytes, kLayerAt);
  for (std::uint8_t& c : costs) c = l.u8();
  if (costs != layer_costs(layer)) {
    throw PrecomputedError(name, kLayerAt,
                           "made for the layer with cell costs " + layer_text(costs) +
                               "; this layer's are " + layer_text(layer_costs(layer)));
  }
  return PayloadReader(bytes, static_cast<std::size_t>(payload), version, name);
}

[[noreturn]] void bad_payload(const std::string& name, std::size_t at, const std::string& what) {
  throw PrecomputedError(name, static_cast<std::int64_t>(at),
                         "payload values out of range: " + what);
}

std::string read_whole(const std::filesystem::path& file, std::uint64_t max_bytes,
                       const std::string& what) {
  const std::string name = file.string();
  try {
    detail::InputFile in(file);
    std::string bytes;
    constexpr std::size_t kChunk = std::size_t{1} << 16;
    const std::uint64_t limit = max_bytes + 1;
    while (bytes.size() < limit) {
      const std::uint64_t room = limit - bytes.size();
      if (in.read_some(bytes, room < kChunk ? static_cast<std::size_t>(room) : kChunk) == 0) {
        return bytes;
      }
    }
  } catch (const ParseError& e) {
    // InputFile's errors: "FILE:0:0: message".
    const std::string text = e.what();
    const std::string prefix = name + ":0:0: ";
    throw PrecomputedError(
        name, -1, text.compare(0, prefix.size(), prefix) == 0 ? text.substr(prefix.size()) : text,
        ErrorCode::io_error);
  }
  throw PrecomputedError(name, static_cast<std::int64_t>(max_bytes),
                         "the file goes on past " + std::to_string(max_bytes) + " bytes, " + what);
}

}  // namespace pathing::io::detail
