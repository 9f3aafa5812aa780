// pathing: fast grid path-finding. MIT licensed.
//
// The precomputed-structure files (include/pathing/io/precomputed.hpp, docs/precomputed.md).
#include "pathing/io/precomputed.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pathing/io/movingai.hpp"
#include "pathing/version.hpp"
#include "text_scan.hpp"

namespace pathing::io {

namespace {

constexpr std::string_view kMagic = "PATHPREP";
constexpr std::size_t kVersionAt = 8;
constexpr std::size_t kKindAt = 12;
[[maybe_unused]] constexpr std::size_t kLibraryAt = 16;  // recorded, not checked on load
constexpr std::size_t kColsAt = 20;
constexpr std::size_t kRowsAt = 24;
constexpr std::size_t kHashAt = 28;
constexpr std::size_t kLayerAt = 36;
constexpr std::size_t kPayloadSizeAt = 52;
constexpr std::size_t kMinFile = kPrecomputedHeaderBytes + kPrecomputedChecksumBytes;
constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ull;
constexpr std::uint64_t kFnvPrime = 0x100000001b3ull;

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h = kFnvOffset) noexcept {
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

// Little-endian writer.
class Writer {
 public:
  void u8(std::uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void u16(std::uint16_t v) {
    u8(static_cast<std::uint8_t>(v & 0xFFu));
    u8(static_cast<std::uint8_t>(v >> 8));
  }
  void u32(std::uint32_t v) {
    u16(static_cast<std::uint16_t>(v & 0xFFFFu));
    u16(static_cast<std::uint16_t>(v >> 16));
  }
  void u64(std::uint64_t v) {
    u32(static_cast<std::uint32_t>(v & 0xFFFFFFFFu));
    u32(static_cast<std::uint32_t>(v >> 32));
  }
  void reserve(std::size_t n) { out_.reserve(n); }
  std::string& bytes() noexcept { return out_; }

 private:
  std::string out_;
};

// Little-endian reader over validated bounds (the caller checked the sizes first).
class Reader {
 public:
  Reader(std::string_view bytes, std::size_t pos) noexcept : bytes_(bytes), pos_(pos) {}
  std::uint8_t u8() noexcept { return static_cast<std::uint8_t>(bytes_[pos_++]); }
  std::uint16_t u16() noexcept {
    const std::uint16_t lo = u8();
    return static_cast<std::uint16_t>(lo | (u8() << 8));
  }
  std::uint32_t u32() noexcept {
    const std::uint32_t lo = u16();
    return lo | (std::uint32_t{u16()} << 16);
  }
  std::uint64_t u64() noexcept {
    const std::uint64_t lo = u32();
    return lo | (std::uint64_t{u32()} << 32);
  }
  [[nodiscard]] std::size_t pos() const noexcept { return pos_; }

 private:
  std::string_view bytes_;
  std::size_t pos_;
};

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

// Header and the payload's start for `kind`.
// Files are written at format version 1 unless they hold what only version 2 has (a hierarchy's
// landmarks or clusters), so files that version 1 could hold stay readable by older libraries.
void write_header(Writer& w, PrecomputedKind kind, const Grid& grid, const GridLayer& layer,
                  std::uint64_t payload, std::uint32_t version = 1) {
  for (const char c : kMagic) w.u8(static_cast<std::uint8_t>(c));
  w.u32(version);
  w.u32(static_cast<std::uint32_t>(kind));
  w.u32(static_cast<std::uint32_t>(PATHING_VERSION));
  w.u32(static_cast<std::uint32_t>(grid.cols()));
  w.u32(static_cast<std::uint32_t>(grid.rows()));
  w.u64(grid_hash(grid));
  for (const std::uint8_t c : layer_costs(layer)) w.u8(c);
  w.u64(payload);
}

void finish(Writer& w) {
  w.u64(fnv1a(w.bytes()));
}

// Checks magic and format version (1 or 2; `*version` gets it); returns the kind field
// (unchecked).
std::uint32_t check_prefix(std::string_view bytes, const std::string& name,
                           std::uint32_t* version_out = nullptr) {
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

// Checks everything up to the payload; returns the payload's size (a view of it starts at
// kPrecomputedHeaderBytes).
std::size_t check_header(std::string_view bytes, PrecomputedKind want, const Grid& grid,
                         const GridLayer& layer, const std::string& name,
                         std::uint32_t* version_out = nullptr) {
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
  if (version_out != nullptr) *version_out = version;
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
  return static_cast<std::size_t>(payload);
}

[[noreturn]] void bad_payload(const std::string& name, std::size_t at, const std::string& what) {
  throw PrecomputedError(name, static_cast<std::int64_t>(at),
                         "payload values out of range: " + what);
}

std::string cell_text(int x, int y) {
  // Appended piece by piece: GCC 12's -Wrestrict misfires on "(" + std::to_string(x) at -O3.
  std::string t = "(";
  t += std::to_string(x);
  t += ", ";
  t += std::to_string(y);
  t += ')';
  return t;
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

// "cells (x0, y0) to (x1, y1)" of a sector.
std::string rect_text(const pathing::detail::SectorRect& r) {
  std::string t = "cells ";
  t += cell_text(r.x0, r.y0);
  t += " to ";
  t += cell_text(r.x0 + r.w - 1, r.y0 + r.h - 1);
  return t;
}

// The most nodes a w x h sector can have: its border cells (every cell when w or h <= 2).
std::uint64_t border_cells(std::uint64_t w, std::uint64_t h) noexcept {
  return w <= 2 || h <= 2 ? w * h : 2 * (w + h) - 4;
}

template <class F>
bool guarded(Error* error, F&& f) noexcept {
  try {
    f();
    return true;
  } catch (const PrecomputedError& e) {
    pathing::detail::report(error, e.code(), e.what());
  } catch (const std::bad_alloc&) {
    pathing::detail::report(error, ErrorCode::out_of_memory, "pathing::io: out of memory");
  } catch (const std::exception& e) {
    pathing::detail::report(error, ErrorCode::invalid_argument, e.what());
  } catch (...) {
    pathing::detail::report(error, ErrorCode::invalid_argument, "pathing::io: unknown error");
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

namespace detail {

struct PrecomputedAccess {
  static constexpr std::size_t kLandmarkFixed = 16;  // count, connectivity, placed, bits
  // The high half of the fraction-bits field for 16-bit distances (0: 32-bit).
  static constexpr std::uint32_t kLandmarkWidth16 = 16;
  static constexpr std::size_t kHierarchyFixed = 20;  // side, connectivity, nodes, entries
  // Format version 2: landmark count, symmetric flag; cluster side, level-2 nodes, entries (u64).
  static constexpr std::size_t kHierarchyExtensionFixed = 24;
  // Format version 3 (units larger than a cell): max_unit_size (u32), unit matrix entries (u64).
  static constexpr std::size_t kHierarchyUnitsFixed = 12;

  static std::string save(const JpsPlusMap& map, const Grid& grid) {
    if (!map.is_current(grid)) {
      throw std::invalid_argument(
          "pathing::io::serialize_jps_plus: the table is not current for this grid (built for "
          "another grid object or version, or never built): sync it first");
    }
    const std::uint64_t payload = std::uint64_t{grid.cell_count()} * 16;
    Writer w;
    w.reserve(static_cast<std::size_t>(payload) + kMinFile);
    write_header(w, PrecomputedKind::jps_plus, grid, map.layer(), payload);
    for (const JpsPlusMap::Entry& e : map.dist_)
      for (const std::int16_t v : e) w.u16(static_cast<std::uint16_t>(v));
    finish(w);
    return std::move(w.bytes());
  }

  static JpsPlusMap load_jps_plus(std::string_view bytes, const Grid& grid, const GridLayer& layer,
                                  const std::string& name) {
    const std::size_t payload = check_header(bytes, PrecomputedKind::jps_plus, grid, layer, name);
    const std::uint64_t want = std::uint64_t{grid.cell_count()} * 16;
    if (payload != want) {
      throw PrecomputedError(name, kPayloadSizeAt,
                             "payload of " + std::to_string(payload) +
                                 " bytes; a JPS+ table of a " + std::to_string(grid.cols()) +
                                 " x " + std::to_string(grid.rows()) + " grid has " +
                                 std::to_string(want));
    }
    JpsPlusMap m;
    m.bits_.build(grid, layer);
    m.cols_ = grid.cols();
    m.rows_ = grid.rows();
    m.dist_.resize(grid.cell_count());
    Reader r(bytes, kPrecomputedHeaderBytes);
    for (JpsPlusMap::Entry& e : m.dist_)
      for (std::int16_t& v : e) v = static_cast<std::int16_t>(r.u16());
    // Every entry must be what build computes from its neighbour (the recurrence of
    // JpsPlusMap::build): then, by induction from the walls and edges, the table is the built one.
    static constexpr int kDx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
    static constexpr int kDy[8] = {0, 1, 0, -1, 1, 1, -1, -1};
    static constexpr const char* kNames[8] = {"right",      "down",      "left",    "up",
                                              "down-right", "down-left", "up-left", "up-right"};
    for (int y = 0; y < m.rows_; ++y) {
      for (int x = 0; x < m.cols_; ++x) {
        const JpsPlusMap::Entry& e = m.at(x, y);
        for (unsigned d = 0; d < 8; ++d) {
          const int expect = d < 4 ? m.straight_value(x, y, kDx[d], kDy[d], d)
                                   : m.diagonal_value(x, y, kDx[d], kDy[d]);
          if (e[d] != expect) {
            const std::size_t at =
                kPrecomputedHeaderBytes +
                (static_cast<std::size_t>(y) * static_cast<std::size_t>(m.cols_) +
                 static_cast<std::size_t>(x)) *
                    16 +
                d * 2;
            bad_payload(name, at,
                        "jump distance " + std::to_string(e[d]) + " of cell " + cell_text(x, y) +
                            " " + kNames[d] + " is not the one this grid gives (" +
                            std::to_string(expect) + ")");
          }
        }
      }
    }
    return m;
  }

  static std::string save(const LandmarkMap& map, const Grid& grid, const GridLayer& layer) {
    if (!map.is_current(grid, layer)) {
      throw std::invalid_argument(
          "pathing::io::serialize_landmarks: the map is not current for this grid and layer "
          "(built for another grid object, version or layer, or never built): sync it first");
    }
    const auto k = static_cast<std::uint64_t>(map.count_);
    const bool narrow = map.storage_ == LandmarkStorage::bits16;
    const std::uint64_t width = narrow ? 2 : 4;
    const std::uint64_t payload =
        kLandmarkFixed + 8 * k + width * k * std::uint64_t{grid.cell_count()};
    Writer w;
    w.reserve(static_cast<std::size_t>(payload) + kMinFile);
    write_header(w, PrecomputedKind::landmarks, grid, layer, payload);
    w.u32(static_cast<std::uint32_t>(map.options_.count));
    w.u32(static_cast<std::uint32_t>(map.options_.connectivity));
    w.u32(static_cast<std::uint32_t>(map.count_));
    // Fraction bits in the low half; the high half 0 for 32-bit distances (the layout of every
    // file before 16-bit storage, byte for byte), kLandmarkWidth16 for 16-bit ones.
    w.u32(static_cast<std::uint32_t>(map.fraction_bits_) | (narrow ? kLandmarkWidth16 << 16 : 0u));
    for (const GridCoord c : map.landmarks_) {
      w.u32(static_cast<std::uint32_t>(c.x));
      w.u32(static_cast<std::uint32_t>(c.y));
    }
    if (narrow) {
      for (const std::uint16_t d : map.dist16_) w.u16(d);
    } else {
      for (const std::uint32_t d : map.dist_) w.u32(d);
    }
    finish(w);
    return std::move(w.bytes());
  }

  static LandmarkMap load_landmarks(std::string_view bytes, const Grid& grid,
                                    const GridLayer& layer, const std::string& name) {
    const std::size_t payload = check_header(bytes, PrecomputedKind::landmarks, grid, layer, name);
    const std::size_t base = kPrecomputedHeaderBytes;
    if (payload < kLandmarkFixed) {
      throw PrecomputedError(name, kPayloadSizeAt,
                             "payload of " + std::to_string(payload) +
                                 " bytes; a landmark map has at least " +
                                 std::to_string(kLandmarkFixed));
    }
    Reader r(bytes, base);
    const std::uint32_t asked = r.u32();
    const std::uint32_t conn = r.u32();
    const std::uint32_t placed = r.u32();
    const std::uint32_t bits_field = r.u32();
    const std::uint32_t bits = bits_field & 0xFFFFu;
    const std::uint32_t width_code = bits_field >> 16;
    if (asked < 1 || asked > static_cast<std::uint32_t>(LandmarkMap::kMaxLandmarks)) {
      bad_payload(name, base,
                  "landmark count " + std::to_string(asked) + " is outside [1, " +
                      std::to_string(LandmarkMap::kMaxLandmarks) + "]");
    }
    if (conn != 4 && conn != 8) {
      bad_payload(name, base + 4, "connectivity " + std::to_string(conn) + " is not 4 or 8");
    }
    if (placed > asked) {
      bad_payload(name, base + 8,
                  std::to_string(placed) + " landmarks placed, more than the " +
                      std::to_string(asked) + " asked for");
    }
    if (width_code != 0 && width_code != kLandmarkWidth16) {
      bad_payload(name, base + 12,
                  "distance width code " + std::to_string(width_code) + " is not 0 (32-bit) or " +
                      std::to_string(kLandmarkWidth16) + " (16-bit)");
    }
    const bool narrow = width_code == kLandmarkWidth16;
    const std::uint32_t fewest = narrow ? 0 : 1;
    if (bits < fewest || bits > static_cast<std::uint32_t>(cost::kFractionBits)) {
      bad_payload(name, base + 12,
                  "fraction bits " + std::to_string(bits) + " is outside [" +
                      std::to_string(fewest) + ", " + std::to_string(cost::kFractionBits) + "]" +
                      (narrow ? " (16-bit distances)" : ""));
    }
    const std::uint64_t cells = grid.cell_count();
    const std::uint64_t width = narrow ? 2 : 4;
    const std::uint64_t want = kLandmarkFixed + 8 * std::uint64_t{placed} + width * placed * cells;
    if (payload != want) {
      throw PrecomputedError(name, kPayloadSizeAt,
                             "payload of " + std::to_string(payload) + " bytes; a map of " +
                                 std::to_string(placed) + (narrow ? " 16-bit" : "") +
                                 " landmarks on a " + std::to_string(grid.cols()) + " x " +
                                 std::to_string(grid.rows()) + " grid has " + std::to_string(want));
    }
    LandmarkMap m;
    m.options_.count = static_cast<int>(asked);
    m.options_.connectivity = conn == 4 ? Connectivity::four : Connectivity::eight;
    m.stamp_.layer = layer;
    m.stamp_.cols = grid.cols();
    m.stamp_.rows = grid.rows();
    m.count_ = static_cast<int>(placed);
    m.fraction_bits_ = static_cast<int>(bits);
    m.storage_ = narrow ? LandmarkStorage::bits16 : LandmarkStorage::bits32;
    m.options_.storage = m.storage_;
    const auto n = static_cast<std::size_t>(cells);
    m.costs_.resize(n);
    bool any_passable = false;
    for (int y = 0; y < m.stamp_.rows; ++y) {
      for (int x = 0; x < m.stamp_.cols; ++x) {
        const std::uint8_t c = layer.cost_of_cell(grid.cell_unchecked(x, y));
        m.costs_[m.index(GridCoord{x, y})] = c;
        any_passable = any_passable || c != 0;
      }
    }
    if (placed == 0 && any_passable) {
      bad_payload(name, base + 8, "no landmark placed on a grid with passable cells");
    }
    const std::size_t lm_at = base + kLandmarkFixed;
    m.landmarks_.reserve(placed);
    for (std::uint32_t i = 0; i < placed; ++i) {
      const std::uint32_t x = r.u32();
      const std::uint32_t y = r.u32();
      if (x >= static_cast<std::uint32_t>(m.stamp_.cols) ||
          y >= static_cast<std::uint32_t>(m.stamp_.rows)) {
        bad_payload(name, lm_at + 8 * i,
                    "landmark " + std::to_string(i) + " at (" + std::to_string(x) + ", " +
                        std::to_string(y) + ") is off the grid");
      }
      const GridCoord c{static_cast<int>(x), static_cast<int>(y)};
      if (m.costs_[m.index(c)] == 0) {
        bad_payload(name, lm_at + 8 * i,
                    "landmark " + std::to_string(i) + " at " + cell_text(c.x, c.y) +
                        " is on an impassable cell");
      }
      m.landmarks_.push_back(c);
    }
    const std::size_t dist_at = lm_at + 8 * static_cast<std::size_t>(placed);
    if (narrow) {
      m.dist16_.resize(n * placed);
      for (std::uint16_t& d : m.dist16_) d = r.u16();
    } else {
      m.dist_.resize(n * placed);
      for (std::uint32_t& d : m.dist_) d = r.u32();
    }
    const std::size_t k = placed;
    const auto dist_byte = [&](std::size_t cell, std::size_t i) {
      return dist_at + static_cast<std::size_t>(width) * (cell * k + i);
    };
    // Every distance widened to 32 bits (kUnreached16 to kUnreached).
    const auto dist = [&](std::size_t cell, std::size_t i) {
      return m.distance(cell, static_cast<int>(i));
    };
    for (std::size_t i = 0; i < k; ++i) {
      const std::size_t c = m.index(m.landmarks_[i]);
      if (dist(c, i) != 0) {
        bad_payload(name, dist_byte(c, i),
                    "landmark " + std::to_string(i) + " is at distance " +
                        std::to_string(dist(c, i)) + " from itself");
      }
    }
    // The landmarks' area (build places them all in one connected area): its cells are reached
    // from every landmark, every other cell from none.
    std::vector<std::uint8_t> area(n, 0);
    if (k > 0) {
      std::vector<std::size_t> stack(1, m.index(m.landmarks_[0]));
      area[stack[0]] = 1;
      while (!stack.empty()) {
        const std::size_t v = stack.back();
        stack.pop_back();
        m.for_each_move(v, [&](std::size_t u, bool) {
          if (area[u] == 0) {
            area[u] = 1;
            stack.push_back(u);
          }
        });
      }
    }
    for (std::size_t v = 0; v < n; ++v) {
      for (std::size_t i = 0; i < k; ++i) {
        const bool reached = dist(v, i) != LandmarkMap::kUnreached;
        if (reached != (area[v] != 0)) {
          const int x = static_cast<int>(v % static_cast<std::size_t>(m.stamp_.cols));
          const int y = static_cast<int>(v / static_cast<std::size_t>(m.stamp_.cols));
          bad_payload(name, dist_byte(v, i),
                      std::string(m.costs_[v] == 0 ? "impassable " : "") + "cell " +
                          cell_text(x, y) + (reached ? " has distance " : " is unreached from ") +
                          (reached ? std::to_string(dist(v, i)) + " from " : "") + "landmark " +
                          std::to_string(i) + (area[v] != 0 ? ", in" : ", outside") +
                          " the landmarks' area");
        }
      }
    }
    // The bound's contract, move by move (the metric of LandmarkMap::dijkstra at `bits`).
    const std::uint64_t su = std::uint64_t{1} << bits;
    const std::uint64_t du = cost::kDiagonal >> (cost::kFractionBits - static_cast<int>(bits));
    for (std::size_t v = 0; v < n; ++v) {
      const int x = static_cast<int>(v % static_cast<std::size_t>(m.stamp_.cols));
      const int y = static_cast<int>(v / static_cast<std::size_t>(m.stamp_.cols));
      if (area[v] == 0) continue;  // unreached from every landmark (checked above)
      const std::uint64_t cv = m.costs_[v];
      m.for_each_move(v, [&](std::size_t u, bool diagonal) {
        const std::uint64_t w = LandmarkMap::move_length(cv, m.costs_[u], diagonal, su, du);
        for (std::size_t i = 0; i < k; ++i) {
          const std::uint64_t a = dist(v, i);
          const std::uint64_t b = dist(u, i);
          const std::uint64_t gap = a > b ? a - b : b - a;
          if (gap > w) {
            const int ux = static_cast<int>(u % static_cast<std::size_t>(m.stamp_.cols));
            const int uy = static_cast<int>(u / static_cast<std::size_t>(m.stamp_.cols));
            bad_payload(name, dist_byte(v, i),
                        "the distances of neighbours " + cell_text(x, y) + " and " +
                            cell_text(ux, uy) + " from landmark " + std::to_string(i) + " (" +
                            std::to_string(a) + ", " + std::to_string(b) +
                            ") break the bound (they differ by more than the move's " +
                            std::to_string(w) + ")");
          }
        }
      });
    }
    m.stamp_.record(grid, layer);
    return m;
  }

  // The file's number of node `id`'s cell: y * cols + x (whatever the map's own packing).
  static std::uint32_t cell_index(const HierarchyMap& map, std::uint32_t id) noexcept {
    const GridCoord c = map.cell_of(map.node_cell_[id]);
    return static_cast<std::uint32_t>(c.y) * static_cast<std::uint32_t>(map.stamp_.cols) +
           static_cast<std::uint32_t>(c.x);
  }

  static std::string save(const HierarchyMap& map, const Grid& grid) {
    if (!map.is_current(grid, map.stamp_.layer)) {
      throw std::invalid_argument(
          "pathing::io::serialize_hierarchy: the map is not current for this grid (built for "
          "another grid object or version, or never built): sync it first");
    }
    const int units = map.options_.max_unit_size;
    std::uint64_t unit_entries = 0;
    for (int u = 2; u <= units; ++u)
      for (std::uint32_t t = 0; t < map.sectors_.size(); ++t)
        unit_entries += std::uint64_t{map.unit_sector(t, u).count} * map.unit_sector(t, u).count;
    std::uint64_t nodes = 0;
    std::uint64_t entries = 0;
    for (const HierarchyMap::Sector& sec : map.sectors_) {
      nodes += sec.count;
      entries += std::uint64_t{sec.count} * sec.count;
    }
    const auto k = static_cast<std::uint64_t>(map.lm_count_);
    const bool symmetric = k == 0 || map.lm_symmetric_;
    std::uint64_t l2_entries = 0;
    for (const HierarchyMap::Cluster& cl : map.clusters_)
      l2_entries += std::uint64_t{cl.count} * cl.count;
    const bool extended = k > 0 || map.cluster_sectors_ > 0 || units > 1;
    const std::uint64_t payload =
        kHierarchyFixed + (units > 1 ? kHierarchyUnitsFixed : 0) +
        2 * std::uint64_t{map.sectors_.size()} + 4 * nodes + 4 * entries +
        (extended ? kHierarchyExtensionFixed + 4 * k + 4 * nodes * k * (symmetric ? 1 : 2) +
                        4 * std::uint64_t{map.clusters_.size()} + 8 * l2_entries
                  : 0) +
        4 * unit_entries;
    Writer w;
    w.reserve(static_cast<std::size_t>(payload) + kMinFile);
    write_header(w, PrecomputedKind::hierarchy, grid, map.stamp_.layer, payload,
                 units > 1 ? 3 : (extended ? 2 : 1));
    w.u32(static_cast<std::uint32_t>(map.options_.sector_size));
    w.u32(static_cast<std::uint32_t>(map.options_.connectivity));
    w.u32(static_cast<std::uint32_t>(nodes));
    w.u64(entries);
    if (units > 1) {
      w.u32(static_cast<std::uint32_t>(units));
      w.u64(unit_entries);
    }
    for (const HierarchyMap::Sector& sec : map.sectors_) w.u16(sec.count);
    for (const HierarchyMap::Sector& sec : map.sectors_)
      for (std::uint32_t i = 0; i < sec.count; ++i) w.u32(cell_index(map, sec.first + i));
    for (const HierarchyMap::Sector& sec : map.sectors_)
      for (std::uint32_t i = 0; i < std::uint32_t{sec.count} * sec.count; ++i)
        w.u32(map.dist_[sec.dist_first + i]);
    if (extended) save_hierarchy_extension(w, map);
    for (int u = 2; u <= units; ++u) {
      for (std::uint32_t t = 0; t < map.sectors_.size(); ++t) {
        const HierarchyMap::UnitSector& us = map.unit_sector(t, u);
        for (std::size_t i = 0; i < std::size_t{us.count} * us.count; ++i)
          w.u32(map.unit_dist_[us.dist_first + i]);
      }
    }
    finish(w);
    return std::move(w.bytes());
  }

  // Format version 2's part of a hierarchy: landmarks and clusters, their nodes numbered as the
  // file numbers them (sector by sector, compactly, whatever slots a synced map's nodes sit in).
  static void save_hierarchy_extension(Writer& w, const HierarchyMap& map) {
    const auto k = static_cast<std::size_t>(map.lm_count_);
    w.u32(static_cast<std::uint32_t>(k));
    w.u32(k == 0 || map.lm_symmetric_ ? 1u : 0u);
    for (const std::uint32_t id : map.lm_nodes_) {
      std::uint32_t number = 0;
      const std::uint32_t t = map.sector_of(map.cell_of(map.node_cell_[id]));
      for (std::uint32_t s = 0; s < t; ++s) number += map.sectors_[s].count;
      w.u32(number + (id - map.sectors_[t].first));
    }
    const auto table = [&](const std::vector<std::uint32_t>& d) {
      for (const HierarchyMap::Sector& sec : map.sectors_)
        for (std::uint32_t i = 0; i < sec.count; ++i)
          for (std::size_t l = 0; l < k; ++l) w.u32(d[std::size_t{sec.first + i} * k + l]);
    };
    if (k > 0) table(map.lm_from_);
    if (k > 0 && !map.lm_symmetric_) table(map.lm_to_);
    std::uint64_t l2_nodes = 0;
    std::uint64_t l2_entries = 0;
    for (const HierarchyMap::Cluster& cl : map.clusters_) {
      l2_nodes += cl.count;
      l2_entries += std::uint64_t{cl.count} * cl.count;
    }
    w.u32(static_cast<std::uint32_t>(map.cluster_sectors_));
    w.u32(static_cast<std::uint32_t>(l2_nodes));
    w.u64(l2_entries);
    for (const HierarchyMap::Cluster& cl : map.clusters_) w.u32(cl.count);
    for (const HierarchyMap::Cluster& cl : map.clusters_)
      for (std::size_t i = 0; i < std::size_t{cl.count} * cl.count; ++i)
        w.u64(map.l2_dist_[cl.dist_first + i]);
  }

  static HierarchyMap load_hierarchy(std::string_view bytes, const Grid& grid,
                                     const GridLayer& layer, const std::string& name) {
    std::uint32_t version = 1;
    const std::size_t payload =
        check_header(bytes, PrecomputedKind::hierarchy, grid, layer, name, &version);
    const std::size_t base = kPrecomputedHeaderBytes;
    if (payload < kHierarchyFixed) {
      throw PrecomputedError(name, kPayloadSizeAt,
                             "payload of " + std::to_string(payload) +
                                 " bytes; a hierarchy has at least " +
                                 std::to_string(kHierarchyFixed));
    }
    Reader r(bytes, base);
    const std::uint32_t side = r.u32();
    const std::uint32_t conn = r.u32();
    const std::uint32_t file_nodes = r.u32();
    const std::uint64_t file_entries = r.u64();
    if (side < static_cast<std::uint32_t>(HierarchyMap::kMinSectorSize) ||
        side > static_cast<std::uint32_t>(HierarchyMap::kMaxSectorSize)) {
      bad_payload(name, base,
                  "sector size " + std::to_string(side) + " is outside [" +
                      std::to_string(HierarchyMap::kMinSectorSize) + ", " +
                      std::to_string(HierarchyMap::kMaxSectorSize) + "]");
    }
    if (conn != 4 && conn != 8) {
      bad_payload(name, base + 4, "connectivity " + std::to_string(conn) + " is not 4 or 8");
    }
    // Format version 3: a map for units of 1..units cells a side.
    std::uint32_t units = 1;
    std::uint64_t file_unit_entries = 0;
    if (version >= 3) {
      if (payload < kHierarchyFixed + kHierarchyUnitsFixed) {
        throw PrecomputedError(name, kPayloadSizeAt,
                               "payload of " + std::to_string(payload) +
                                   " bytes; a hierarchy of format version 3 has at least " +
                                   std::to_string(kHierarchyFixed + kHierarchyUnitsFixed));
      }
      units = r.u32();
      file_unit_entries = r.u64();
      if (units < 2 || units > static_cast<std::uint32_t>(ClearanceMap::kMaxUnitSize)) {
        bad_payload(name, base + kHierarchyFixed,
                    "max_unit_size " + std::to_string(units) + " is outside [2, " +
                        std::to_string(ClearanceMap::kMaxUnitSize) +
                        "] (format version 3 holds maps for units larger than a cell)");
      }
      if (Error e; !ClearanceMap::check_options(layer, static_cast<int>(units), &e))
        bad_payload(name, base + kHierarchyFixed, e.message);
    }
    // The map's shape and nodes, recomputed from the grid (as HierarchyMap::compute lays them
    // out: one compact slot a sector, in sector order); the file must match them exactly.
    HierarchyMap m;
    m.options_.sector_size = static_cast<int>(side);
    m.options_.connectivity = conn == 4 ? Connectivity::four : Connectivity::eight;
    m.options_.max_unit_size = static_cast<int>(units);
    m.stamp_.layer = layer;
    m.stamp_.cols = grid.cols();
    m.stamp_.rows = grid.rows();
    const int s = static_cast<int>(side);
    m.sectors_x_ = (m.stamp_.cols + s - 1) / s;
    m.sectors_y_ = (m.stamp_.rows + s - 1) / s;
    const std::size_t sectors =
        static_cast<std::size_t>(m.sectors_x_) * static_cast<std::size_t>(m.sectors_y_);
    m.sectors_.assign(sectors, HierarchyMap::Sector{});
    const std::size_t extra = units - 1;
    if (units > 1) {
      m.clearance_.build(grid, layer, static_cast<int>(units));
      m.unit_sectors_.assign(sectors * extra, HierarchyMap::UnitSector{});
    }
    std::uint64_t nodes = 0;
    std::uint64_t entries = 0;
    std::uint64_t unit_entries = 0;
    for (std::uint32_t k = 0; k < sectors; ++k) {
      m.transitions(grid, k);
      HierarchyMap::Sector& sec = m.sectors_[k];
      const auto count = static_cast<std::uint16_t>(m.scratch_nodes_.size());
      sec.first = static_cast<std::uint32_t>(nodes);
      sec.dist_first = static_cast<std::uint32_t>(entries);
      sec.count = sec.capacity = count;
      m.node_cell_.insert(m.node_cell_.end(), m.scratch_nodes_.begin(), m.scratch_nodes_.end());
      nodes += count;
      entries += std::uint64_t{count} * count;
      if (units > 1) {  // each size's list of serving nodes (its matrix comes from the file)
        m.unit_cost_.resize(m.node_cell_.size() * extra, 0);
        m.unit_pos_.resize(m.node_cell_.size() * extra, HierarchyMap::kNotServed);
        for (int u = 2; u <= static_cast<int>(units); ++u) {
          m.build_unit_sector(k, u, false);
          const HierarchyMap::UnitSector& us = m.unit_sector(k, u);
          unit_entries += std::uint64_t{us.count} * us.count;
        }
      }
    }
    m.scratch_nodes_ = {};
    m.scratch_sizes_ = {};
    m.scratch_pairs_ = {};
    m.scratch_list_ = {};
    m.chosen_ = {};
    m.node_cell_.shrink_to_fit();  // as compute leaves it (memory_bytes equal a build's)
    m.unit_cost_.shrink_to_fit();
    m.unit_pos_.shrink_to_fit();
    m.unit_list_.shrink_to_fit();
    m.unit_dist_.shrink_to_fit();
    m.node_cost_.resize(m.node_cell_.size());
    for (std::size_t i = 0; i < m.node_cell_.size(); ++i) {
      const GridCoord c = m.cell_of(m.node_cell_[i]);
      m.node_cost_[i] = layer.cost_of_cell(grid.cell_unchecked(c.x, c.y));
    }
    if (file_nodes != nodes) {
      bad_payload(name, base + 8,
                  std::to_string(file_nodes) + " nodes; this grid's transitions at sector size " +
                      std::to_string(side) + " are " + std::to_string(nodes));
    }
    if (file_entries != entries) {
      bad_payload(name, base + 12,
                  std::to_string(file_entries) + " matrix entries; this grid's sectors at size " +
                      std::to_string(side) + " have " + std::to_string(entries));
    }
    if (units > 1 && file_unit_entries != unit_entries) {
      bad_payload(name, base + kHierarchyFixed + 4,
                  std::to_string(file_unit_entries) +
                      " unit matrix entries; this grid's sectors at size " + std::to_string(side) +
                      " for units up to " + std::to_string(units) + " have " +
                      std::to_string(unit_entries));
    }
    const std::size_t fixed = kHierarchyFixed + (units > 1 ? kHierarchyUnitsFixed : 0);
    const std::uint64_t want = fixed + 2 * std::uint64_t{sectors} + 4 * nodes + 4 * entries;
    if (version == 1 && payload != want) {
      throw PrecomputedError(name, kPayloadSizeAt,
                             "payload of " + std::to_string(payload) +
                                 " bytes; a hierarchy of this grid at sector size " +
                                 std::to_string(side) + " has " + std::to_string(want));
    }
    if (version >= 2 && payload < want + kHierarchyExtensionFixed + 4 * unit_entries) {
      throw PrecomputedError(
          name, kPayloadSizeAt,
          "payload of " + std::to_string(payload) + " bytes; a hierarchy of format version " +
              std::to_string(version) + " of this grid at sector size " + std::to_string(side) +
              " has at least " +
              std::to_string(want + kHierarchyExtensionFixed + 4 * unit_entries));
    }
    const std::size_t count_at = base + fixed;
    for (std::size_t k = 0; k < sectors; ++k) {
      const std::uint16_t count = r.u16();
      if (count != m.sectors_[k].count) {
        bad_payload(name, count_at + 2 * k,
                    "sector " + std::to_string(k) + " (" +
                        rect_text(m.sector_rect(static_cast<std::uint32_t>(k))) + ") has " +
                        std::to_string(count) + " nodes; this grid gives it " +
                        std::to_string(m.sectors_[k].count));
      }
    }
    const std::size_t cell_at = count_at + 2 * sectors;
    for (std::uint32_t k = 0; k < sectors; ++k) {
      const HierarchyMap::Sector& sec = m.sectors_[k];
      for (std::uint32_t i = 0; i < sec.count; ++i) {
        const std::uint32_t index = r.u32();
        const std::uint32_t expect = cell_index(m, sec.first + i);
        if (index != expect) {
          const GridCoord e = m.cell_of(m.node_cell_[sec.first + i]);
          std::string what = "node " + std::to_string(i) + " of sector " + std::to_string(k);
          what += " is cell ";
          if (index < grid.cell_count()) {
            const auto cols = static_cast<std::uint32_t>(grid.cols());
            what += cell_text(static_cast<int>(index % cols), static_cast<int>(index / cols));
            what += " (number ";
            what += std::to_string(index);
            what += ')';
          } else {
            what += "number ";
            what += std::to_string(index);
            what += " (off the grid)";
          }
          what += "; this grid's transition there is ";
          what += cell_text(e.x, e.y);
          what += " (number ";
          what += std::to_string(expect);
          what += ')';
          bad_payload(name, cell_at + 4 * (std::size_t{sec.first} + i), what);
        }
      }
    }
    const std::size_t dist_at = cell_at + 4 * static_cast<std::size_t>(nodes);
    m.dist_.resize(static_cast<std::size_t>(entries));
    for (std::uint32_t& d : m.dist_) d = r.u32();
    check_matrices(m, grid, layer, name, dist_at);
    if (version >= 2) {
      load_hierarchy_extension(m, bytes, base + static_cast<std::size_t>(want),
                               static_cast<std::uint64_t>(payload) - want - 4 * unit_entries, grid,
                               layer, name);
    }
    if (units > 1) {  // each size's matrices, size by size, sector by sector
      const std::size_t unit_at = base + payload - static_cast<std::size_t>(4 * unit_entries);
      Reader u(bytes, unit_at);
      for (int size = 2; size <= static_cast<int>(units); ++size) {
        for (std::uint32_t t = 0; t < sectors; ++t) {
          const HierarchyMap::UnitSector& us = m.unit_sector(t, size);
          for (std::size_t i = 0; i < std::size_t{us.count} * us.count; ++i)
            m.unit_dist_[us.dist_first + i] = u.u32();
        }
      }
      check_unit_matrices(m, name, unit_at);
    }
    m.stamp_.record(grid, layer);
    return m;
  }

  // Format version 2's part of a hierarchy (save_hierarchy_extension), `size` bytes from `at`,
  // into `m` (its sectors loaded and checked): the landmarks checked to be a feasible potential of
  // the graph `m` holds on every edge (so their bound stays admissible and consistent, whatever
  // the file), the level-2 nodes recomputed, each cluster matrix checked against the cluster's
  // graph (parse_hierarchy's contract).
  static void load_hierarchy_extension(HierarchyMap& m, std::string_view bytes, std::size_t at,
                                       std::uint64_t size, const Grid& grid, const GridLayer& layer,
                                       const std::string& name) {
    const std::uint64_t nodes = m.node_cell_.size();
    const std::string shape =
        "a hierarchy of this grid at sector size " + std::to_string(m.options_.sector_size);
    const auto landmarks_text = [](std::uint32_t n) {
      return std::to_string(n) + (n == 1 ? " landmark" : " landmarks");
    };
    Reader r(bytes, at);
    const std::uint32_t k = r.u32();
    const std::uint32_t symmetric = r.u32();
    if (k > static_cast<std::uint32_t>(HierarchyMap::kMaxLandmarks)) {
      bad_payload(name, at,
                  std::to_string(k) + " landmarks; a hierarchy holds at most " +
                      std::to_string(HierarchyMap::kMaxLandmarks));
    }
    if (symmetric > 1 || (k == 0 && symmetric != 1)) {
      bad_payload(name, at + 4,
                  "symmetric flag " + std::to_string(symmetric) +
                      (k == 0 ? " with no landmarks (it is 1 then)" : " is not 0 or 1"));
    }
    const std::uint64_t tables = symmetric == 1 ? 1 : 2;
    const std::uint64_t lm_bytes = 4 * std::uint64_t{k} + 4 * nodes * k * tables;
    const std::uint64_t fixed = kHierarchyExtensionFixed;
    if (size < fixed + lm_bytes) {
      throw PrecomputedError(name, kPayloadSizeAt,
                             "payload of " + std::to_string(bytes.size() - kMinFile) +
                                 " bytes ends inside the landmarks: " + shape + " with " +
                                 landmarks_text(k) + " has at least " +
                                 std::to_string(at - kPrecomputedHeaderBytes + fixed + lm_bytes) +
                                 " bytes");
    }
    const std::size_t cl_at = at + 8 + static_cast<std::size_t>(lm_bytes);
    Reader c(bytes, cl_at);
    const std::uint32_t sectors = c.u32();
    const std::uint32_t file_l2 = c.u32();
    const std::uint64_t file_l2_entries = c.u64();
    if (sectors != 0 && (sectors < static_cast<std::uint32_t>(HierarchyMap::kMinClusterSectors) ||
                         sectors > static_cast<std::uint32_t>(HierarchyMap::kMaxClusterSectors))) {
      bad_payload(name, cl_at,
                  "cluster side " + std::to_string(sectors) + " is outside [" +
                      std::to_string(HierarchyMap::kMinClusterSectors) + ", " +
                      std::to_string(HierarchyMap::kMaxClusterSectors) + "] (0: no clusters)");
    }
    if (sectors != 0 && m.options_.max_unit_size > 1) {
      bad_payload(name, cl_at,
                  "cluster side " + std::to_string(sectors) + " in a map for units up to " +
                      std::to_string(m.options_.max_unit_size) +
                      " (clusters serve only maps of one-cell units)");
    }
    if (k == 0 && sectors == 0 && m.options_.max_unit_size == 1) {
      bad_payload(name, at,
                  "format version 2 without landmarks or clusters (such a hierarchy is "
                  "format version 1)");
    }
    std::uint64_t l2 = 0;
    std::uint64_t l2_entries = 0;
    if (sectors > 0) {
      m.compute_clusters(static_cast<int>(sectors), false);  // level-2 nodes, from the grid
      for (const HierarchyMap::Cluster& cl : m.clusters_) {
        l2 += cl.count;
        l2_entries += std::uint64_t{cl.count} * cl.count;
      }
    }
    if (file_l2 != l2) {
      bad_payload(name, cl_at + 4,
                  std::to_string(file_l2) + " level-2 nodes; this grid's clusters of " +
                      std::to_string(sectors) + " sectors have " + std::to_string(l2));
    }
    if (file_l2_entries != l2_entries) {
      bad_payload(name, cl_at + 8,
                  std::to_string(file_l2_entries) + " level-2 matrix entries; this grid's " +
                      "clusters of " + std::to_string(sectors) + " sectors have " +
                      std::to_string(l2_entries));
    }
    const std::uint64_t want = fixed + lm_bytes +
                               (sectors > 0 ? 4 * std::uint64_t{m.clusters_.size()} : 0) +
                               8 * l2_entries;
    if (size != want) {
      throw PrecomputedError(
          name, kPayloadSizeAt,
          "payload of " + std::to_string(bytes.size() - kMinFile) + " bytes; " + shape + " with " +
              landmarks_text(k) + " and " +
              (sectors > 0 ? "clusters of " + std::to_string(sectors) + " sectors"
                           : std::string("no clusters")) +
              " has " + std::to_string(at - kPrecomputedHeaderBytes + want));
    }
    // Landmarks.
    if (k > 0) {
      const std::size_t nodes_at = at + 8;
      std::vector<std::uint32_t> lm_nodes(k);
      for (std::uint32_t l = 0; l < k; ++l) {
        lm_nodes[l] = r.u32();
        if (lm_nodes[l] >= nodes) {
          bad_payload(name, nodes_at + 4 * std::size_t{l},
                      "landmark " + std::to_string(l) + " is node " + std::to_string(lm_nodes[l]) +
                          "; the map has " + std::to_string(nodes) + " nodes");
        }
      }
      const std::size_t n = static_cast<std::size_t>(nodes) * k;
      std::vector<std::uint32_t> from(n);
      for (std::uint32_t& d : from) d = r.u32();
      std::vector<std::uint32_t> to;
      if (symmetric == 0) {
        to.resize(n);
        for (std::uint32_t& d : to) d = r.u32();
      }
      const std::size_t from_at = nodes_at + 4 * std::size_t{k};
      const std::size_t to_at = symmetric == 1 ? from_at : from_at + 4 * n;
      check_landmarks(m, from, symmetric == 1 ? from : to, lm_nodes, name, from_at, to_at);
      m.lm_count_ = static_cast<int>(k);
      m.lm_symmetric_ = symmetric == 1;
      m.lm_nodes_ = std::move(lm_nodes);
      m.lm_from_ = std::move(from);
      m.lm_to_ = std::move(to);
    }
    // Clusters.
    if (sectors > 0) {
      const std::size_t count_at = cl_at + 16;
      for (std::size_t i = 0; i < m.clusters_.size(); ++i) {
        const std::uint32_t count = c.u32();
        if (count != m.clusters_[i].count) {
          bad_payload(name, count_at + 4 * i,
                      "cluster " + std::to_string(i) + " has " + std::to_string(count) +
                          " level-2 nodes; this grid gives it " +
                          std::to_string(m.clusters_[i].count));
        }
      }
      for (std::uint64_t& d : m.l2_dist_) d = c.u64();
      check_cluster_matrices(m, grid, layer, name, count_at + 4 * m.clusters_.size());
    }
  }

  // The landmark tables of a loaded map against the graph it holds: on every edge u -> v of cost
  // c (a sector matrix entry or a transition), for each landmark, d(L, u) known implies d(L, v)
  // known and d(L, v) <= d(L, u) + c; d(v, L) known implies d(u, L) known and d(u, L) <= c +
  // d(v, L); each landmark at distance 0 from itself. O(edges x landmarks).
  static void check_landmarks(const HierarchyMap& m, const std::vector<std::uint32_t>& from,
                              const std::vector<std::uint32_t>& to,
                              const std::vector<std::uint32_t>& lm_nodes, const std::string& name,
                              std::size_t from_at, std::size_t to_at) {
    const std::size_t k = lm_nodes.size();
    constexpr std::uint32_t kNone = HierarchyMap::kNoPath;
    const auto node_text = [&](std::uint32_t v) {
      const GridCoord p = m.cell_of(m.node_cell_[v]);
      return "node " + std::to_string(v) + " " + cell_text(p.x, p.y);
    };
    for (std::size_t l = 0; l < k; ++l) {
      const std::size_t e = std::size_t{lm_nodes[l]} * k + l;
      if (from[e] != 0) {
        bad_payload(name, from_at + 4 * e,
                    "landmark " + std::to_string(l) + " (" + node_text(lm_nodes[l]) +
                        ") is at distance " + std::to_string(from[e]) + " from itself, not 0");
      }
      if (to[e] != 0) {
        bad_payload(name, to_at + 4 * e,
                    "landmark " + std::to_string(l) + " (" + node_text(lm_nodes[l]) +
                        ") is at distance " + std::to_string(to[e]) + " to itself, not 0");
      }
    }
    const auto edge = [&](std::uint32_t u, std::uint32_t v, std::uint64_t cost) {
      for (std::size_t l = 0; l < k; ++l) {
        const std::size_t eu = std::size_t{u} * k + l;
        const std::size_t ev = std::size_t{v} * k + l;
        const auto fail = [&](std::size_t byte, const std::string& what) {
          bad_payload(name, byte,
                      "landmark " + std::to_string(l) + ": " + what + " across the edge from " +
                          node_text(u) + " to " + node_text(v) + " of cost " +
                          std::to_string(cost) + ": not distances of this graph");
        };
        if (from[eu] != kNone &&
            (from[ev] == kNone || std::uint64_t{from[ev]} > std::uint64_t{from[eu]} + cost)) {
          fail(from_at + 4 * ev,
               "d(L, v) = " +
                   (from[ev] == kNone ? std::string("unreached") : std::to_string(from[ev])) +
                   " but d(L, u) = " + std::to_string(from[eu]));
        }
        if (to[ev] != kNone &&
            (to[eu] == kNone || std::uint64_t{to[eu]} > cost + std::uint64_t{to[ev]})) {
          fail(
              to_at + 4 * eu,
              "d(u, L) = " + (to[eu] == kNone ? std::string("unreached") : std::to_string(to[eu])) +
                  " but d(v, L) = " + std::to_string(to[ev]));
        }
      }
    };
    for (std::uint32_t t = 0; t < m.sectors_.size(); ++t) {
      const HierarchyMap::Sector& sec = m.sectors_[t];
      for (std::uint32_t i = 0; i < sec.count; ++i) {
        const std::uint32_t u = sec.first + i;
        for (std::uint32_t j = 0; j < sec.count; ++j) {
          const std::uint32_t d = m.dist_[sec.dist_first + i * sec.count + j];
          if (j != i && d != HierarchyMap::kNoPath) edge(u, sec.first + j, d);
        }
        m.for_each_transition<false>(
            u, m.cell_of(m.node_cell_[u]), t, [](std::uint32_t) { return true; },
            [&](std::uint32_t v, std::uint64_t cost) { edge(u, v, cost); });
      }
    }
  }

  // One off-diagonal entry `d` of a sector or cluster matrix (`where`), from cell a to cell b:
  // `none` exactly when no path inside the sector or cluster joins them (`joined`), otherwise
  // within [the octile (four: Manhattan) bound at the least cost `cmin`, `most`]. Returns false
  // when d is `none` (nothing more to check).
  template <class Text>
  static bool check_entry(const std::string& name, std::size_t byte, const Text& pair_text,
                          std::uint64_t d, std::uint64_t none, bool joined, GridCoord a,
                          GridCoord b, bool eight, std::uint64_t cmin, std::uint64_t most,
                          const char* where) {
    if (!joined || d == none) {
      if (joined != (d != none)) {
        bad_payload(
            name, byte,
            pair_text() + (joined ? std::string(" says no path, but a path inside the ") + where +
                                        " joins them"
                                  : " is " + std::to_string(d) + ", but no path inside the " +
                                        where + " joins them"));
      }
      return false;
    }
    const std::uint64_t straight = pathing::detail::kSectorStraight;
    const std::uint64_t diagonal = pathing::detail::kSectorDiagonal;
    const auto dx = static_cast<std::uint64_t>(a.x > b.x ? a.x - b.x : b.x - a.x);
    const auto dy = static_cast<std::uint64_t>(a.y > b.y ? a.y - b.y : b.y - a.y);
    const std::uint64_t lo = dx < dy ? dx : dy;
    const std::uint64_t hi = dx < dy ? dy : dx;
    const std::uint64_t least =
        (eight ? (hi - lo) * straight + lo * diagonal : (dx + dy) * straight) * cmin;
    if (d < least || d > most) {
      bad_payload(name, byte,
                  pair_text() + " is " + std::to_string(d) + ", outside [" + std::to_string(least) +
                      ", " + std::to_string(most) +
                      "] (the least and the most its moves can cost)");
    }
    return true;
  }

  // Every cluster matrix of a loaded map against the cluster's graph: diagonal 0,
  // kNoClusterPath exactly between level-2 nodes no path of the graph inside the cluster joins,
  // other entries within [the octile bound at the least cost, (cluster cells - 1) x the dearest
  // move] and, between two nodes of one sector, at most that sector's entry (a path the cluster
  // holds). O(edges + level-2 node pairs).
  static void check_cluster_matrices(const HierarchyMap& m, const Grid& grid,
                                     const GridLayer& layer, const std::string& name,
                                     std::size_t dist_at) {
    (void)grid;
    const bool eight = m.options_.connectivity == Connectivity::eight;
    const std::uint64_t cmin = layer.min_passable_cost();
    const std::uint64_t cmax = layer.max_cost();
    const std::uint64_t straight = pathing::detail::kSectorStraight;
    const std::uint64_t diagonal = pathing::detail::kSectorDiagonal;
    // Components of each cluster's graph: its edges joined (every edge of the abstract graph goes
    // both ways: a sector's kNoPath entries are symmetric, checked above).
    pathing::detail::NodeSets sets(m.node_cell_.size());
    m.join_edges(sets, [&](std::uint32_t t, std::uint32_t other) {
      return m.cluster_of_sector(other) == m.cluster_of_sector(t);
    });
    const std::uint64_t side = static_cast<std::uint64_t>(m.options_.sector_size) *
                               static_cast<std::uint64_t>(m.cluster_sectors_);
    for (std::uint32_t k = 0; k < m.clusters_.size(); ++k) {
      const HierarchyMap::Cluster& cl = m.clusters_[k];
      const std::uint64_t x0 = (k % static_cast<std::uint32_t>(m.clusters_x_)) * side;
      const std::uint64_t y0 = (k / static_cast<std::uint32_t>(m.clusters_x_)) * side;
      const std::uint64_t w =
          std::min<std::uint64_t>(side, static_cast<std::uint64_t>(m.stamp_.cols) - x0);
      const std::uint64_t h =
          std::min<std::uint64_t>(side, static_cast<std::uint64_t>(m.stamp_.rows) - y0);
      const std::uint64_t most = (w * h - 1) * (eight ? diagonal : straight) * cmax;
      for (std::uint32_t i = 0; i < cl.count; ++i) {
        const std::uint32_t u = m.l2_node_[cl.first + i];
        const GridCoord a = m.cell_of(m.node_cell_[u]);
        for (std::uint32_t j = 0; j < cl.count; ++j) {
          const std::uint32_t v = m.l2_node_[cl.first + j];
          const GridCoord b = m.cell_of(m.node_cell_[v]);
          const std::size_t e = cl.dist_first + std::size_t{i} * cl.count + j;
          const std::uint64_t d = m.l2_dist_[e];
          const std::size_t byte = dist_at + 8 * e;
          const auto pair_text = [&] {
            std::string t = "the cost from level-2 node " + std::to_string(i) + " ";
            t += cell_text(a.x, a.y);
            t += " to level-2 node " + std::to_string(j) + " ";
            t += cell_text(b.x, b.y);
            t += " of cluster " + std::to_string(k);
            return t;
          };
          if (i == j) {
            if (d != 0)
              bad_payload(name, byte, pair_text() + " is " + std::to_string(d) + ", not 0");
            continue;
          }
          if (!check_entry(name, byte, pair_text, d, HierarchyMap::kNoClusterPath,
                           sets.find(u) == sets.find(v), a, b, eight, cmin, most, "cluster"))
            continue;
          const std::uint32_t t = m.sector_of(a);
          if (t == m.sector_of(b)) {
            const HierarchyMap::Sector& sec = m.sectors_[t];
            const std::uint64_t direct =
                m.dist_[sec.dist_first + (u - sec.first) * sec.count + (v - sec.first)];
            if (d > direct) {
              bad_payload(name, byte,
                          pair_text() + " is " + std::to_string(d) +
                              ", dearer than the edge of their sector, " + std::to_string(direct));
            }
          }
        }
      }
    }
  }

  // Every sector's matrix against its cells (parse_hierarchy's contract): diagonal 0, kNoPath
  // exactly between nodes that no path inside the sector joins, other entries within the bounds
  // of the moves. One flood fill a sector: O(cells) in all, plus O(node pairs).
  static void check_matrices(const HierarchyMap& m, const Grid& grid, const GridLayer& layer,
                             const std::string& name, std::size_t dist_at) {
    check_sector_matrices(
        m, grid, layer, name, [&](std::uint32_t k) { return std::uint32_t{m.sectors_[k].count}; },
        [&](std::uint32_t k, std::uint32_t i) { return m.sectors_[k].first + i; },
        [&](std::uint32_t k, std::uint32_t i, std::uint32_t j) {
          const HierarchyMap::Sector& sec = m.sectors_[k];
          const std::size_t e = std::size_t{sec.dist_first} + i * sec.count + j;
          return std::pair<std::uint32_t, std::size_t>{m.dist_[e], dist_at + 4 * e};
        },
        "");
  }

  // Format version 3: each unit size's matrices, as check_matrices, against unit grid k (the
  // nodes serving the size; their numbers in the messages are the sector's node numbers).
  static void check_unit_matrices(const HierarchyMap& m, const std::string& name,
                                  std::size_t unit_at) {
    std::size_t at = unit_at;
    for (int size = 2; size <= m.options_.max_unit_size; ++size) {
      const std::size_t size_at = at;
      check_sector_matrices(
          m, *m.clearance_.unit_grid(size), m.clearance_.unit_layer(), name,
          [&](std::uint32_t k) { return std::uint32_t{m.unit_sector(k, size).count}; },
          [&](std::uint32_t k, std::uint32_t i) {
            const HierarchyMap::UnitSector& us = m.unit_sector(k, size);
            return m.sectors_[k].first + m.unit_list_[us.list_first + i];
          },
          [&](std::uint32_t k, std::uint32_t i, std::uint32_t j) {
            const HierarchyMap::UnitSector& us = m.unit_sector(k, size);
            const std::size_t e = us.dist_first + std::size_t{i} * us.count + j;
            std::size_t before = 0;  // the file's entries of this size before sector k
            for (std::uint32_t t = 0; t < k; ++t)
              before += std::size_t{m.unit_sector(t, size).count} * m.unit_sector(t, size).count;
            return std::pair<std::uint32_t, std::size_t>{
                m.unit_dist_[e], size_at + 4 * (before + std::size_t{i} * us.count + j)};
          },
          " for units of size " + std::to_string(size));
      for (std::uint32_t t = 0; t < m.sectors_.size(); ++t)
        at += 4 * std::size_t{m.unit_sector(t, size).count} * m.unit_sector(t, size).count;
    }
  }

  // The checks of check_matrices over `grid` and `layer`: sector k's `count(k)` nodes are node
  // slots `slot(k, i)`; `entry(k, i, j)` gives the cost from i to j and its byte in the file.
  template <class Count, class Slot, class Entry>
  static void check_sector_matrices(const HierarchyMap& m, const Grid& grid, const GridLayer& layer,
                                    const std::string& name, Count&& count, Slot&& slot,
                                    Entry&& entry, const std::string& suffix) {
    const bool eight = m.options_.connectivity == Connectivity::eight;
    const std::uint64_t cmin = layer.min_passable_cost();
    const std::uint64_t cmax = layer.max_cost();
    const std::uint64_t straight = pathing::detail::kSectorStraight;
    const std::uint64_t diagonal = pathing::detail::kSectorDiagonal;
    const auto side = static_cast<std::size_t>(m.options_.sector_size);
    std::vector<std::uint32_t> label(side * side);
    std::vector<std::uint32_t> stack;
    std::vector<std::uint32_t> node_label;
    for (std::uint32_t k = 0; k < m.sectors_.size(); ++k) {
      const std::uint32_t n = count(k);
      if (n == 0) continue;
      const std::uint32_t first = m.sectors_[k].first;
      const pathing::detail::SectorRect rect = m.sector_rect(k);
      const auto w = static_cast<std::uint32_t>(rect.w);
      const auto h = static_cast<std::uint32_t>(rect.h);
      std::fill(label.begin(), label.begin() + static_cast<std::ptrdiff_t>(w * h), 0u);
      const auto open = [&](std::uint32_t x, std::uint32_t y) {
        return layer.cost_of_cell(grid.cell_unchecked(rect.x0 + static_cast<int>(x),
                                                      rect.y0 + static_cast<int>(y))) != 0;
      };
      // The components (as SectorSearch moves: no corner cutting) of the nodes' cells.
      node_label.assign(n, 0);
      std::uint32_t next = 0;
      for (std::uint32_t i = 0; i < n; ++i) {
        const GridCoord c = m.cell_of(m.node_cell_[slot(k, i)]);
        const auto local = static_cast<std::uint32_t>((c.y - rect.y0) * rect.w + (c.x - rect.x0));
        if (label[local] == 0) {
          label[local] = ++next;
          stack.assign(1, local);
          while (!stack.empty()) {
            const std::uint32_t u = stack.back();
            stack.pop_back();
            const std::uint32_t ux = u % w;
            const std::uint32_t uy = u / w;
            for (int dy = -1; dy <= 1; ++dy) {
              for (int dx = -1; dx <= 1; ++dx) {
                if ((dx == 0 && dy == 0) || (!eight && dx != 0 && dy != 0)) continue;
                const auto vx = static_cast<std::uint32_t>(static_cast<int>(ux) + dx);
                const auto vy = static_cast<std::uint32_t>(static_cast<int>(uy) + dy);
                if (vx >= w || vy >= h || label[vy * w + vx] != 0 || !open(vx, vy)) continue;
                if (dx != 0 && dy != 0 && (!open(vx, uy) || !open(ux, vy))) continue;
                label[vy * w + vx] = next;
                stack.push_back(vy * w + vx);
              }
            }
          }
        }
        node_label[i] = label[local];
      }
      const std::uint64_t most = (std::uint64_t{w} * h - 1) * (eight ? diagonal : straight) * cmax;
      for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t si = slot(k, i);
        const GridCoord a = m.cell_of(m.node_cell_[si]);
        for (std::uint32_t j = 0; j < n; ++j) {
          const std::uint32_t sj = slot(k, j);
          const auto [d, at] = entry(k, i, j);
          const GridCoord b = m.cell_of(m.node_cell_[sj]);
          const auto pair_text = [&] {
            std::string t = "the cost from node " + std::to_string(si - first) + " ";
            t += cell_text(a.x, a.y);
            t += " to node " + std::to_string(sj - first) + " ";
            t += cell_text(b.x, b.y);
            t += " of sector " + std::to_string(k);
            t += suffix;
            return t;
          };
          if (i == j) {
            if (d != 0) bad_payload(name, at, pair_text() + " is " + std::to_string(d) + ", not 0");
            continue;
          }
          check_entry(name, at, pair_text, d, HierarchyMap::kNoPath, node_label[i] == node_label[j],
                      a, b, eight, cmin, most, "sector");
        }
      }
    }
  }

  // --- Subgoal graphs (kind 4) ---------------------------------------------------------------

  static constexpr std::size_t kSubgoalFixed = 36;  // options (20), N, C, E
  // The most contracted edges a file may hold, a cell on average (a built graph has at most a few).
  static constexpr std::uint64_t kSubgoalEdgesPerCell = 32;

  // Whether the scan of subgoal a emits b (the graph's direct edge a -> b).
  static bool scan_edge(const SubgoalGraph& g, std::uint32_t a, std::uint32_t b) noexcept {
    const std::uint32_t key = g.subgoals_[b];
    for (std::uint32_t e = g.offsets_[a]; e < g.offsets_[a + 1]; ++e)
      if (g.edges_[e] == key) return true;
    return false;
  }

  static std::string subgoal_text(const SubgoalGraph& g, std::uint32_t id) {
    const GridCoord c = g.subgoal_cell(id);
    return "subgoal " + std::to_string(id) + " " + cell_text(c.x, c.y);
  }

  static std::string save(const SubgoalGraph& g, const Grid& grid) {
    if (!g.is_current(grid)) {
      throw std::invalid_argument(
          "pathing::io::serialize_subgoal_graph: the graph is not current for this grid (built "
          "for another grid object or version, or never built): sync it first");
    }
    const auto n = static_cast<std::uint64_t>(g.subgoals_.size());
    const std::uint64_t contracted = n - g.core_count_;
    const std::uint64_t e = g.ch_edges_.size();
    if (e > kSubgoalEdgesPerCell * std::uint64_t{grid.cell_count()}) {
      throw std::invalid_argument("pathing::io::serialize_subgoal_graph: " + std::to_string(e) +
                                  " contracted edges, more than a file may hold (" +
                                  std::to_string(kSubgoalEdgesPerCell) + " a cell)");
    }
    const std::uint64_t payload = kSubgoalFixed + (contracted > 0 ? 5 * n + 16 * e : 0);
    Writer w;
    w.reserve(static_cast<std::size_t>(payload) + kMinFile);
    write_header(w, PrecomputedKind::subgoal_graph, grid, g.layer(), payload);
    w.u32(g.options_.contract ? 1u : 0u);
    w.u32(static_cast<std::uint32_t>(g.options_.max_edge_difference));
    w.u32(static_cast<std::uint32_t>(g.options_.witness_settle_limit));
    w.u64(g.options_.max_witness_work);
    w.u32(static_cast<std::uint32_t>(n));
    w.u32(static_cast<std::uint32_t>(contracted));
    w.u64(e);
    if (contracted > 0) {
      for (const std::uint8_t c : g.core_) w.u8(c);
      for (std::uint64_t i = 0; i < n; ++i) w.u32(g.ch_offsets_[i + 1] - g.ch_offsets_[i]);
      for (const SubgoalEdge& x : g.ch_edges_) {
        w.u32(x.to);
        w.u32(x.mid);
        w.u64(x.cost);
      }
    }
    finish(w);
    return std::move(w.bytes());
  }

  static SubgoalGraph load_subgoal_graph(std::string_view bytes, const Grid& grid,
                                         const GridLayer& layer, const std::string& name) {
    const std::size_t payload =
        check_header(bytes, PrecomputedKind::subgoal_graph, grid, layer, name);
    const std::size_t base = kPrecomputedHeaderBytes;
    if (payload < kSubgoalFixed) {
      throw PrecomputedError(name, kPayloadSizeAt,
                             "payload of " + std::to_string(payload) +
                                 " bytes; a subgoal graph has at least " +
                                 std::to_string(kSubgoalFixed));
    }
    Reader r(bytes, base);
    const std::uint32_t contract = r.u32();
    SubgoalOptions o;
    o.max_edge_difference = static_cast<int>(static_cast<std::int32_t>(r.u32()));
    const std::uint32_t settle = r.u32();
    o.max_witness_work = r.u64();
    const std::uint32_t file_n = r.u32();
    const std::uint32_t file_contracted = r.u32();
    const std::uint64_t file_e = r.u64();
    if (contract > 1)
      bad_payload(name, base, "contract flag " + std::to_string(contract) + " is not 0 or 1");
    o.contract = contract == 1;
    if (settle > 65536u) {
      bad_payload(name, base + 8,
                  "pathing::SubgoalGraph: witness_settle_limit = " + std::to_string(settle) +
                      " is outside [1, 65536]");
    }
    o.witness_settle_limit = static_cast<int>(settle);
    if (Error e; !SubgoalGraph::validate(o, &e)) {
      bad_payload(name,
                  o.max_edge_difference < -64 || o.max_edge_difference > 64 ? base + 4 : base + 8,
                  e.message);
    }
    // The subgoals, clearances and scan edges, recomputed from the grid (a build without the
    // contraction); the file must name exactly as many subgoals.
    SubgoalGraph g;
    SubgoalOptions plain = o;
    plain.contract = false;
    g.compute(grid, layer, plain);
    g.options_ = o;
    const auto n = static_cast<std::uint32_t>(g.subgoals_.size());
    if (file_n != n) {
      bad_payload(name, base + 20,
                  std::to_string(file_n) + " subgoals; this grid has " + std::to_string(n));
    }
    if (file_contracted > n || (!o.contract && file_contracted != 0)) {
      bad_payload(name, base + 24,
                  std::to_string(file_contracted) + " contracted subgoals, " +
                      (o.contract ? "more than the " + std::to_string(n) + " subgoals"
                                  : std::string("in a graph saved without contraction")));
    }
    if (file_contracted == 0 && file_e != 0) {
      bad_payload(
          name, base + 28,
          std::to_string(file_e) + " contracted edges in a graph with no contracted subgoal");
    }
    if (file_e > kSubgoalEdgesPerCell * std::uint64_t{grid.cell_count()}) {
      bad_payload(name, base + 28,
                  std::to_string(file_e) + " contracted edges, more than " +
                      std::to_string(kSubgoalEdgesPerCell) + " a cell");
    }
    const std::uint64_t want =
        kSubgoalFixed + (file_contracted > 0 ? 5 * std::uint64_t{n} + 16 * file_e : 0);
    if (payload != want) {
      throw PrecomputedError(name, kPayloadSizeAt,
                             "payload of " + std::to_string(payload) +
                                 " bytes; a subgoal graph of " + std::to_string(n) +
                                 " subgoals and " + std::to_string(file_e) +
                                 " contracted edges has " + std::to_string(want));
    }
    if (file_contracted == 0) return g;  // searched as the plain graph
    const std::size_t core_at = base + kSubgoalFixed;
    const std::size_t count_at = core_at + n;
    const std::size_t edge_at = count_at + 4 * std::size_t{n};
    std::uint32_t contracted = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint8_t c = r.u8();
      if (c > 1) {
        bad_payload(
            name, core_at + i,
            "core flag " + std::to_string(c) + " of " + subgoal_text(g, i) + " is not 0 or 1");
      }
      g.core_[i] = c;
      if (c == 0) ++contracted;
    }
    if (contracted != file_contracted) {
      bad_payload(name, base + 24,
                  std::to_string(file_contracted) + " contracted subgoals; the core flags say " +
                      std::to_string(contracted));
    }
    g.core_count_ = n - contracted;
    g.ch_offsets_.assign(std::size_t{n} + 1, 0);
    std::uint64_t total = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
      total += r.u32();
      if (total > file_e) {
        bad_payload(name, count_at + 4 * std::size_t{i},
                    "the edge counts of subgoals 0 to " + std::to_string(i) + " add up to " +
                        std::to_string(total) + ", more than the " + std::to_string(file_e) +
                        " contracted edges");
      }
      g.ch_offsets_[i + 1] = static_cast<std::uint32_t>(total);
    }
    if (total != file_e) {
      bad_payload(
          name, count_at,
          "the edge counts add up to " + std::to_string(total) + ", not " + std::to_string(file_e));
    }
    g.ch_edges_.resize(static_cast<std::size_t>(file_e));
    for (SubgoalEdge& x : g.ch_edges_) {
      x.to = r.u32();
      x.mid = r.u32();
      x.cost = r.u64();
    }
    check_contraction(g, name, edge_at);
    return g;
  }

  // The contracted edges against the recomputed graph (parse_subgoal_graph's contract): every
  // edge that is no shortcut is a scan edge (either way) at the octile distance of its ends; a
  // shortcut's middle is a contracted subgoal whose own edges reach both ends and cost exactly
  // the shortcut's cost (the cheapest of each, as the path unpacking takes them); core subgoals
  // keep to the core; and the edges of contracted subgoals form no cycle. So every edge unpacks,
  // in finitely many steps, into a walk of the grid of exactly its cost.
  static void check_contraction(const SubgoalGraph& g, const std::string& name,
                                std::size_t edge_at) {
    const auto n = static_cast<std::uint32_t>(g.subgoals_.size());
    auto at = [&](std::uint32_t e, std::size_t field) {
      return edge_at + 16 * std::size_t{e} + field;
    };
    // The cheapest edge from subgoal a to b in a's list, or nullptr.
    auto cheapest = [&](std::uint32_t a, std::uint32_t b) -> const SubgoalEdge* {
      const SubgoalEdge* best = nullptr;
      for (std::uint32_t e = g.ch_offsets_[a]; e < g.ch_offsets_[a + 1]; ++e)
        if (g.ch_edges_[e].to == b && (best == nullptr || g.ch_edges_[e].cost < best->cost))
          best = &g.ch_edges_[e];
      return best;
    };
    std::vector<std::uint32_t> indegree(n, 0);
    for (std::uint32_t u = 0; u < n; ++u) {
      for (std::uint32_t e = g.ch_offsets_[u]; e < g.ch_offsets_[u + 1]; ++e) {
        const SubgoalEdge& x = g.ch_edges_[e];
        const std::string from =
            "edge " + std::to_string(e - g.ch_offsets_[u]) + " of " + subgoal_text(g, u);
        if (x.to >= n || x.to == u) {
          bad_payload(name, at(e, 0),
                      from + " leads to subgoal " + std::to_string(x.to) +
                          (x.to == u ? " (itself)" : " (there are " + std::to_string(n) + ")"));
        }
        if (g.core_[u] != 0 && g.core_[x.to] == 0) {
          bad_payload(name, at(e, 0),
                      from + " (in the core) leads to contracted " + subgoal_text(g, x.to));
        }
        if (g.core_[u] == 0 && g.core_[x.to] == 0) ++indegree[x.to];
        if (x.mid == SubgoalEdge::kNoMiddle) {
          const std::uint64_t octile =
              octile_distance_fixed(g.subgoal_cell(u), g.subgoal_cell(x.to));
          if (!scan_edge(g, u, x.to) && !scan_edge(g, x.to, u)) {
            bad_payload(name, at(e, 4),
                        from + " to " + subgoal_text(g, x.to) +
                            " is no shortcut, but neither subgoal reaches the other directly");
          }
          if (x.cost != octile) {
            bad_payload(name, at(e, 8),
                        from + " costs " + std::to_string(x.cost) +
                            "; the octile distance of its ends is " + std::to_string(octile));
          }
          continue;
        }
        const std::uint32_t m = x.mid;
        if (m >= n || m == u || m == x.to || g.core_[m] != 0) {
          bad_payload(name, at(e, 4),
                      from + " is a shortcut through subgoal " + std::to_string(m) +
                          ", which is not a contracted subgoal other than its ends");
        }
        const SubgoalEdge* a = cheapest(m, u);
        const SubgoalEdge* b = cheapest(m, x.to);
        if (a == nullptr || b == nullptr || a->cost + b->cost != x.cost) {
          bad_payload(name, at(e, 8),
                      from + " is a shortcut through " + subgoal_text(g, m) + " costing " +
                          std::to_string(x.cost) + ", but that subgoal's edges to its ends " +
                          (a == nullptr || b == nullptr ? std::string("are missing")
                                                        : "cost " + std::to_string(a->cost) +
                                                              " + " + std::to_string(b->cost)));
        }
      }
    }
    // No cycle among the contracted subgoals' edges (Kahn's algorithm): a contraction order.
    std::vector<std::uint32_t> ready;
    std::uint32_t contracted = 0;
    for (std::uint32_t u = 0; u < n; ++u) {
      if (g.core_[u] != 0) continue;
      ++contracted;
      if (indegree[u] == 0) ready.push_back(u);
    }
    std::uint32_t ordered = 0;
    while (!ready.empty()) {
      const std::uint32_t u = ready.back();
      ready.pop_back();
      ++ordered;
      for (std::uint32_t e = g.ch_offsets_[u]; e < g.ch_offsets_[u + 1]; ++e) {
        const std::uint32_t v = g.ch_edges_[e].to;
        if (g.core_[v] == 0 && --indegree[v] == 0) ready.push_back(v);
      }
    }
    if (ordered != contracted) {
      std::uint32_t u = 0;
      while (g.core_[u] != 0 || indegree[u] == 0) ++u;
      bad_payload(name, at(g.ch_offsets_[u], 0),
                  "the contracted subgoals' edges form a cycle (through " + subgoal_text(g, u) +
                      "): no contraction order gives them");
    }
  }
};

}  // namespace detail

std::uint64_t grid_hash(const Grid& grid) noexcept {
  std::uint64_t h = kFnvOffset;
  for (int y = 0; y < grid.rows(); ++y) {
    for (int x = 0; x < grid.cols(); ++x) {
      h ^= grid.cell_unchecked(x, y);
      h *= kFnvPrime;
    }
  }
  return h;
}

std::string serialize_jps_plus(const JpsPlusMap& map, const Grid& grid) {
  return detail::PrecomputedAccess::save(map, grid);
}

std::string serialize_landmarks(const LandmarkMap& map, const Grid& grid, const GridLayer& layer) {
  return detail::PrecomputedAccess::save(map, grid, layer);
}

std::string serialize_hierarchy(const HierarchyMap& map, const Grid& grid) {
  return detail::PrecomputedAccess::save(map, grid);
}

JpsPlusMap parse_jps_plus(std::string_view bytes, const Grid& grid, const GridLayer& layer,
                          const std::string& name) {
  return detail::PrecomputedAccess::load_jps_plus(bytes, grid, layer, name);
}

LandmarkMap parse_landmarks(std::string_view bytes, const Grid& grid, const GridLayer& layer,
                            const std::string& name) {
  return detail::PrecomputedAccess::load_landmarks(bytes, grid, layer, name);
}

HierarchyMap parse_hierarchy(std::string_view bytes, const Grid& grid, const GridLayer& layer,
                             const std::string& name) {
  return detail::PrecomputedAccess::load_hierarchy(bytes, grid, layer, name);
}

std::uint64_t max_jps_plus_file_bytes(const Grid& grid) noexcept {
  return kMinFile + 16 * std::uint64_t{grid.cell_count()};
}

std::uint64_t max_landmarks_file_bytes(const Grid& grid) noexcept {
  const auto k = static_cast<std::uint64_t>(LandmarkMap::kMaxLandmarks);
  return kMinFile + detail::PrecomputedAccess::kLandmarkFixed + 8 * k +
         4 * k * std::uint64_t{grid.cell_count()};
}

std::uint64_t max_hierarchy_file_bytes(const Grid& grid) noexcept {
  const auto cols = static_cast<std::uint64_t>(grid.cols());
  const auto rows = static_cast<std::uint64_t>(grid.rows());
  std::uint64_t most = 0;
  for (std::uint64_t side = HierarchyMap::kMinSectorSize; side <= HierarchyMap::kMaxSectorSize;
       ++side) {
    // Full sectors, the last column's, the last row's and the corner one, each with every border
    // cell a node.
    const std::uint64_t sx = (cols + side - 1) / side;
    const std::uint64_t sy = (rows + side - 1) / side;
    std::uint64_t bytes = 2 * sx * sy;
    std::uint64_t nodes = 0;
    std::uint64_t matrix_bytes = 0;
    if (sx > 0 && sy > 0) {
      const std::uint64_t wr = cols - (sx - 1) * side;
      const std::uint64_t hr = rows - (sy - 1) * side;
      const std::uint64_t ws[2] = {side, wr};
      const std::uint64_t hs[2] = {side, hr};
      const std::uint64_t ns[2] = {sx - 1, 1};
      const std::uint64_t ms[2] = {sy - 1, 1};
      for (int a = 0; a < 2; ++a) {
        for (int b = 0; b < 2; ++b) {
          const std::uint64_t n = border_cells(ws[a], hs[b]);
          bytes += ns[a] * ms[b] * (4 * n + 4 * n * n);
          matrix_bytes += ns[a] * ms[b] * 4 * n * n;
          nodes += ns[a] * ms[b] * n;
        }
      }
      // Format version 2: 16 landmarks with both tables, and the largest clusters' matrices with
      // every border cell of every cluster a level-2 node.
      const auto k = static_cast<std::uint64_t>(HierarchyMap::kMaxLandmarks);
      std::uint64_t clusters_most = 0;
      for (std::uint64_t c = HierarchyMap::kMinClusterSectors;
           c <= HierarchyMap::kMaxClusterSectors; ++c) {
        const std::uint64_t cs = c * side;
        const std::uint64_t cx = (cols + cs - 1) / cs;
        const std::uint64_t cy = (rows + cs - 1) / cs;
        const std::uint64_t cws[2] = {cs, cols - (cx - 1) * cs};
        const std::uint64_t chs[2] = {cs, rows - (cy - 1) * cs};
        const std::uint64_t cns[2] = {cx - 1, 1};
        const std::uint64_t cms[2] = {cy - 1, 1};
        std::uint64_t cb = 4 * cx * cy;
        for (int a = 0; a < 2; ++a) {
          for (int b = 0; b < 2; ++b) {
            const std::uint64_t n = border_cells(cws[a], chs[b]);
            cb += cns[a] * cms[b] * 8 * n * n;
          }
        }
        clusters_most = cb > clusters_most ? cb : clusters_most;
      }
      bytes += detail::PrecomputedAccess::kHierarchyExtensionFixed + 4 * k + 8 * k * nodes +
               clusters_most;
    }
    // Format version 3: a matrix a unit size above 1 in every sector, none larger than size 1's.
    bytes += detail::PrecomputedAccess::kHierarchyUnitsFixed +
             static_cast<std::uint64_t>(ClearanceMap::kMaxUnitSize - 1) * matrix_bytes;
    most = bytes > most ? bytes : most;
  }
  return kMinFile + detail::PrecomputedAccess::kHierarchyFixed + most;
}

JpsPlusMap load_jps_plus(const std::filesystem::path& file, const Grid& grid,
                         const GridLayer& layer) {
  const std::string bytes =
      read_whole(file, max_jps_plus_file_bytes(grid),
                 "the size of a JPS+ file for a " + std::to_string(grid.cols()) + " x " +
                     std::to_string(grid.rows()) + " grid");
  return parse_jps_plus(bytes, grid, layer, file.string());
}

LandmarkMap load_landmarks(const std::filesystem::path& file, const Grid& grid,
                           const GridLayer& layer) {
  const std::string bytes =
      read_whole(file, max_landmarks_file_bytes(grid),
                 "the largest landmark file for a " + std::to_string(grid.cols()) + " x " +
                     std::to_string(grid.rows()) + " grid");
  return parse_landmarks(bytes, grid, layer, file.string());
}

HierarchyMap load_hierarchy(const std::filesystem::path& file, const Grid& grid,
                            const GridLayer& layer) {
  const std::string bytes =
      read_whole(file, max_hierarchy_file_bytes(grid),
                 "the largest hierarchy file for a " + std::to_string(grid.cols()) + " x " +
                     std::to_string(grid.rows()) + " grid");
  return parse_hierarchy(bytes, grid, layer, file.string());
}

std::string serialize_subgoal_graph(const SubgoalGraph& graph, const Grid& grid) {
  return detail::PrecomputedAccess::save(graph, grid);
}

SubgoalGraph parse_subgoal_graph(std::string_view bytes, const Grid& grid, const GridLayer& layer,
                                 const std::string& name) {
  return detail::PrecomputedAccess::load_subgoal_graph(bytes, grid, layer, name);
}

std::uint64_t max_subgoal_graph_file_bytes(const Grid& grid) noexcept {
  const std::uint64_t cells = grid.cell_count();
  return kMinFile + detail::PrecomputedAccess::kSubgoalFixed + 5 * cells +
         16 * detail::PrecomputedAccess::kSubgoalEdgesPerCell * cells;
}

SubgoalGraph load_subgoal_graph(const std::filesystem::path& file, const Grid& grid,
                                const GridLayer& layer) {
  const std::string bytes =
      read_whole(file, max_subgoal_graph_file_bytes(grid),
                 "the largest subgoal graph file for a " + std::to_string(grid.cols()) + " x " +
                     std::to_string(grid.rows()) + " grid");
  return parse_subgoal_graph(bytes, grid, layer, file.string());
}

std::optional<SubgoalGraph> try_parse_subgoal_graph(std::string_view bytes, const Grid& grid,
                                                    const GridLayer& layer, const std::string& name,
                                                    Error* error) noexcept {
  return guarded_value<SubgoalGraph>(error,
                                     [&] { return parse_subgoal_graph(bytes, grid, layer, name); });
}

std::optional<SubgoalGraph> try_load_subgoal_graph(const std::filesystem::path& file,
                                                   const Grid& grid, const GridLayer& layer,
                                                   Error* error) noexcept {
  return guarded_value<SubgoalGraph>(error, [&] { return load_subgoal_graph(file, grid, layer); });
}

std::optional<std::string> try_serialize_subgoal_graph(const SubgoalGraph& graph, const Grid& grid,
                                                       Error* error) noexcept {
  return guarded_value<std::string>(error, [&] { return serialize_subgoal_graph(graph, grid); });
}

PrecomputedKind precomputed_kind(std::string_view bytes, const std::string& name) {
  const std::uint32_t kind = check_prefix(bytes, name);
  if (kind != static_cast<std::uint32_t>(PrecomputedKind::jps_plus) &&
      kind != static_cast<std::uint32_t>(PrecomputedKind::landmarks) &&
      kind != static_cast<std::uint32_t>(PrecomputedKind::hierarchy) &&
      kind != static_cast<std::uint32_t>(PrecomputedKind::subgoal_graph)) {
    throw PrecomputedError(name, kKindAt, "unknown kind " + std::to_string(kind));
  }
  return static_cast<PrecomputedKind>(kind);
}

std::optional<JpsPlusMap> try_parse_jps_plus(std::string_view bytes, const Grid& grid,
                                             const GridLayer& layer, const std::string& name,
                                             Error* error) noexcept {
  return guarded_value<JpsPlusMap>(error, [&] { return parse_jps_plus(bytes, grid, layer, name); });
}

std::optional<LandmarkMap> try_parse_landmarks(std::string_view bytes, const Grid& grid,
                                               const GridLayer& layer, const std::string& name,
                                               Error* error) noexcept {
  return guarded_value<LandmarkMap>(error,
                                    [&] { return parse_landmarks(bytes, grid, layer, name); });
}

std::optional<HierarchyMap> try_parse_hierarchy(std::string_view bytes, const Grid& grid,
                                                const GridLayer& layer, const std::string& name,
                                                Error* error) noexcept {
  return guarded_value<HierarchyMap>(error,
                                     [&] { return parse_hierarchy(bytes, grid, layer, name); });
}

std::optional<JpsPlusMap> try_load_jps_plus(const std::filesystem::path& file, const Grid& grid,
                                            const GridLayer& layer, Error* error) noexcept {
  return guarded_value<JpsPlusMap>(error, [&] { return load_jps_plus(file, grid, layer); });
}

std::optional<LandmarkMap> try_load_landmarks(const std::filesystem::path& file, const Grid& grid,
                                              const GridLayer& layer, Error* error) noexcept {
  return guarded_value<LandmarkMap>(error, [&] { return load_landmarks(file, grid, layer); });
}

std::optional<HierarchyMap> try_load_hierarchy(const std::filesystem::path& file, const Grid& grid,
                                               const GridLayer& layer, Error* error) noexcept {
  return guarded_value<HierarchyMap>(error, [&] { return load_hierarchy(file, grid, layer); });
}

std::optional<std::string> try_serialize_jps_plus(const JpsPlusMap& map, const Grid& grid,
                                                  Error* error) noexcept {
  return guarded_value<std::string>(error, [&] { return serialize_jps_plus(map, grid); });
}

std::optional<std::string> try_serialize_landmarks(const LandmarkMap& map, const Grid& grid,
                                                   const GridLayer& layer, Error* error) noexcept {
  return guarded_value<std::string>(error, [&] { return serialize_landmarks(map, grid, layer); });
}

std::optional<std::string> try_serialize_hierarchy(const HierarchyMap& map, const Grid& grid,
                                                   Error* error) noexcept {
  return guarded_value<std::string>(error, [&] { return serialize_hierarchy(map, grid); });
}

}  // namespace pathing::io
