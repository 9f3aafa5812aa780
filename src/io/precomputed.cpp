// pathing: fast grid path-finding. MIT licensed.
//
// The precomputed-structure files (include/pathing/io/precomputed.hpp, docs/precomputed.md).
#include "pathing/io/precomputed.hpp"

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
void write_header(Writer& w, PrecomputedKind kind, const Grid& grid, const GridLayer& layer,
                  std::uint64_t payload) {
  for (const char c : kMagic) w.u8(static_cast<std::uint8_t>(c));
  w.u32(kPrecomputedFormatVersion);
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

// Checks magic and format version; returns the kind field (unchecked).
std::uint32_t check_prefix(std::string_view bytes, const std::string& name) {
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
  if (version != kPrecomputedFormatVersion) {
    throw PrecomputedError(name, kVersionAt,
                           "made for format version " + std::to_string(version) +
                               ", this library reads " + std::to_string(kPrecomputedFormatVersion));
  }
  return r.u32();
}

// Checks everything up to the payload; returns the payload's size (a view of it starts at
// kPrecomputedHeaderBytes).
std::size_t check_header(std::string_view bytes, PrecomputedKind want, const Grid& grid,
                         const GridLayer& layer, const std::string& name) {
  const std::uint32_t kind = check_prefix(bytes, name);
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
  Reader g(bytes, kColsAt);
  const std::uint32_t cols = g.u32();
  const std::uint32_t rows = g.u32();
  const std::uint64_t hash = g.u64();
  const std::uint64_t here = grid_hash(grid);
  if (cols != static_cast<std::uint32_t>(grid.cols()) ||
      rows != static_cast<std::uint32_t>(grid.rows()) || hash != here) {
    throw PrecomputedError(name,
                           cols != static_cast<std::uint32_t>(grid.cols())   ? kColsAt
                           : rows != static_cast<std::uint32_t>(grid.rows()) ? kRowsAt
                                                                             : kHashAt,
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

  static std::string save(const JpsPlusMap& map, const Grid& grid) {
    if (!map.matches(grid)) {
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
    const std::uint64_t payload = kLandmarkFixed + 8 * k + 4 * k * std::uint64_t{grid.cell_count()};
    Writer w;
    w.reserve(static_cast<std::size_t>(payload) + kMinFile);
    write_header(w, PrecomputedKind::landmarks, grid, layer, payload);
    w.u32(static_cast<std::uint32_t>(map.options_.count));
    w.u32(static_cast<std::uint32_t>(map.options_.connectivity));
    w.u32(static_cast<std::uint32_t>(map.count_));
    w.u32(static_cast<std::uint32_t>(map.fraction_bits_));
    for (const GridCoord c : map.landmarks_) {
      w.u32(static_cast<std::uint32_t>(c.x));
      w.u32(static_cast<std::uint32_t>(c.y));
    }
    for (const std::uint32_t d : map.dist_) w.u32(d);
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
    const std::uint32_t bits = r.u32();
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
    if (bits < 1 || bits > static_cast<std::uint32_t>(cost::kFractionBits)) {
      bad_payload(name, base + 12,
                  "fraction bits " + std::to_string(bits) + " is outside [1, " +
                      std::to_string(cost::kFractionBits) + "]");
    }
    const std::uint64_t cells = grid.cell_count();
    const std::uint64_t want = kLandmarkFixed + 8 * std::uint64_t{placed} + 4 * placed * cells;
    if (payload != want) {
      throw PrecomputedError(name, kPayloadSizeAt,
                             "payload of " + std::to_string(payload) + " bytes; a map of " +
                                 std::to_string(placed) + " landmarks on a " +
                                 std::to_string(grid.cols()) + " x " + std::to_string(grid.rows()) +
                                 " grid has " + std::to_string(want));
    }
    LandmarkMap m;
    m.options_.count = static_cast<int>(asked);
    m.options_.connectivity = conn == 4 ? Connectivity::four : Connectivity::eight;
    m.layer_ = layer;
    m.cols_ = grid.cols();
    m.rows_ = grid.rows();
    m.count_ = static_cast<int>(placed);
    m.fraction_bits_ = static_cast<int>(bits);
    const auto n = static_cast<std::size_t>(cells);
    m.costs_.resize(n);
    bool any_passable = false;
    for (int y = 0; y < m.rows_; ++y) {
      for (int x = 0; x < m.cols_; ++x) {
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
      if (x >= static_cast<std::uint32_t>(m.cols_) || y >= static_cast<std::uint32_t>(m.rows_)) {
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
    m.dist_.resize(n * placed);
    for (std::uint32_t& d : m.dist_) d = r.u32();
    const std::size_t k = placed;
    const auto dist_byte = [&](std::size_t cell, std::size_t i) {
      return dist_at + 4 * (cell * k + i);
    };
    for (std::size_t i = 0; i < k; ++i) {
      const std::size_t c = m.index(m.landmarks_[i]);
      if (m.dist_[c * k + i] != 0) {
        bad_payload(name, dist_byte(c, i),
                    "landmark " + std::to_string(i) + " is at distance " +
                        std::to_string(m.dist_[c * k + i]) + " from itself");
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
        const bool reached = m.dist_[v * k + i] != LandmarkMap::kUnreached;
        if (reached != (area[v] != 0)) {
          const int x = static_cast<int>(v % static_cast<std::size_t>(m.cols_));
          const int y = static_cast<int>(v / static_cast<std::size_t>(m.cols_));
          bad_payload(name, dist_byte(v, i),
                      std::string(m.costs_[v] == 0 ? "impassable " : "") + "cell " +
                          cell_text(x, y) + (reached ? " has distance " : " is unreached from ") +
                          (reached ? std::to_string(m.dist_[v * k + i]) + " from " : "") +
                          "landmark " + std::to_string(i) + (area[v] != 0 ? ", in" : ", outside") +
                          " the landmarks' area");
        }
      }
    }
    // The bound's contract, move by move (the metric of LandmarkMap::dijkstra at `bits`).
    const std::uint64_t su = std::uint64_t{1} << bits;
    const std::uint64_t du = cost::kDiagonal >> (cost::kFractionBits - static_cast<int>(bits));
    const std::uint64_t half = su / 2;
    for (std::size_t v = 0; v < n; ++v) {
      const std::uint32_t* dv = m.dist_.data() + v * k;
      const int x = static_cast<int>(v % static_cast<std::size_t>(m.cols_));
      const int y = static_cast<int>(v / static_cast<std::size_t>(m.cols_));
      if (area[v] == 0) continue;  // unreached from every landmark (checked above)
      const std::uint64_t cv = m.costs_[v];
      m.for_each_move(v, [&](std::size_t u, bool diagonal) {
        const std::uint64_t cu = m.costs_[u];
        const std::uint64_t lo = cv < cu ? cv : cu;
        const std::uint64_t hi = cv < cu ? cu : cv;
        const std::uint64_t w = diagonal ? lo * (du - half) + hi * half : (cv + cu) * half;
        const std::uint32_t* du_ = m.dist_.data() + u * k;
        for (std::size_t i = 0; i < k; ++i) {
          const std::uint64_t gap = dv[i] > du_[i] ? dv[i] - du_[i] : du_[i] - dv[i];
          if (gap > w) {
            const int ux = static_cast<int>(u % static_cast<std::size_t>(m.cols_));
            const int uy = static_cast<int>(u / static_cast<std::size_t>(m.cols_));
            bad_payload(name, dist_byte(v, i),
                        "the distances of neighbours " + cell_text(x, y) + " and " +
                            cell_text(ux, uy) + " from landmark " + std::to_string(i) + " (" +
                            std::to_string(dv[i]) + ", " + std::to_string(du_[i]) +
                            ") break the bound (they differ by more than the move's " +
                            std::to_string(w) + ")");
          }
        }
      });
    }
    m.grid_id_ = grid.instance_id();
    m.grid_version_ = grid.version();
    m.built_ = true;
    return m;
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

JpsPlusMap parse_jps_plus(std::string_view bytes, const Grid& grid, const GridLayer& layer,
                          const std::string& name) {
  return detail::PrecomputedAccess::load_jps_plus(bytes, grid, layer, name);
}

LandmarkMap parse_landmarks(std::string_view bytes, const Grid& grid, const GridLayer& layer,
                            const std::string& name) {
  return detail::PrecomputedAccess::load_landmarks(bytes, grid, layer, name);
}

std::uint64_t max_jps_plus_file_bytes(const Grid& grid) noexcept {
  return kMinFile + 16 * std::uint64_t{grid.cell_count()};
}

std::uint64_t max_landmarks_file_bytes(const Grid& grid) noexcept {
  const auto k = static_cast<std::uint64_t>(LandmarkMap::kMaxLandmarks);
  return kMinFile + detail::PrecomputedAccess::kLandmarkFixed + 8 * k +
         4 * k * std::uint64_t{grid.cell_count()};
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

PrecomputedKind precomputed_kind(std::string_view bytes, const std::string& name) {
  const std::uint32_t kind = check_prefix(bytes, name);
  if (kind != static_cast<std::uint32_t>(PrecomputedKind::jps_plus) &&
      kind != static_cast<std::uint32_t>(PrecomputedKind::landmarks)) {
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

std::optional<JpsPlusMap> try_load_jps_plus(const std::filesystem::path& file, const Grid& grid,
                                            const GridLayer& layer, Error* error) noexcept {
  return guarded_value<JpsPlusMap>(error, [&] { return load_jps_plus(file, grid, layer); });
}

std::optional<LandmarkMap> try_load_landmarks(const std::filesystem::path& file, const Grid& grid,
                                              const GridLayer& layer, Error* error) noexcept {
  return guarded_value<LandmarkMap>(error, [&] { return load_landmarks(file, grid, layer); });
}

std::optional<std::string> try_serialize_jps_plus(const JpsPlusMap& map, const Grid& grid,
                                                  Error* error) noexcept {
  return guarded_value<std::string>(error, [&] { return serialize_jps_plus(map, grid); });
}

std::optional<std::string> try_serialize_landmarks(const LandmarkMap& map, const Grid& grid,
                                                   const GridLayer& layer, Error* error) noexcept {
  return guarded_value<std::string>(error, [&] { return serialize_landmarks(map, grid, layer); });
}

}  // namespace pathing::io
