// pathing: fast grid path-finding. MIT licensed.
//
// LandmarkMap's payload in a precomputed file (docs/precomputed.md): the
// options, the landmarks and their distances, checked against the bound's
// contract on the grid.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pathing/precompute/landmark_map.hpp"
#include "precomputed_container.hpp"

namespace pathing {

using io::kPrecomputedHeaderBytes;
using io::PrecomputedError;
using namespace io::detail;  // the container: Reader, PayloadWriter, checks, messages

namespace {

// Fixed fields of the payload: count, connectivity, placed, fraction bits (u32
// each).
constexpr std::size_t kLandmarkFixed = 16;
// The high half of the fraction-bits field for 16-bit distances (0: 32-bit).
constexpr std::uint32_t kLandmarkWidth16 = 16;

}  // namespace

void LandmarkMap::save_payload(io::detail::PayloadWriter& w) const {
  const LandmarkMap& map = *this;
  const auto k = static_cast<std::uint64_t>(map.count_);
  const bool narrow = map.storage_ == LandmarkStorage::bits16;
  const std::uint64_t width = narrow ? 2 : 4;
  const std::uint64_t payload =
      kLandmarkFixed + 8 * k + width * k * std::uint64_t{map.costs_.size()};
  w.reserve_payload(payload);
  w.u32(static_cast<std::uint32_t>(map.options_.count));
  w.u32(static_cast<std::uint32_t>(map.options_.connectivity));
  w.u32(static_cast<std::uint32_t>(map.count_));
  // Fraction bits in the low half; the high half 0 for 32-bit distances (the
  // layout of every file before 16-bit storage, byte for byte),
  // kLandmarkWidth16 for 16-bit ones.
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
}

LandmarkMap LandmarkMap::load_payload(const io::detail::PayloadReader& in, const Grid& grid,
                                      const GridLayer& layer) {
  const std::string& name = in.name();
  const std::size_t payload = in.size();
  const std::size_t base = kPrecomputedHeaderBytes;
  if (payload < kLandmarkFixed) {
    throw PrecomputedError(name, kPayloadSizeAt,
                           "payload of " + std::to_string(payload) +
                               " bytes; a landmark map has at least " +
                               std::to_string(kLandmarkFixed));
  }
  Reader r = in.at(base);
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
                "fraction bits " + std::to_string(bits) + " is outside [" + std::to_string(fewest) +
                    ", " + std::to_string(cost::kFractionBits) + "]" +
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
  // The landmarks' area (build places them all in one connected area): its
  // cells are reached from every landmark, every other cell from none.
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
                    std::string(m.costs_[v] == 0 ? "impassable " : "") + "cell " + cell_text(x, y) +
                        (reached ? " has distance " : " is unreached from ") +
                        (reached ? std::to_string(dist(v, i)) + " from " : "") + "landmark " +
                        std::to_string(i) + (area[v] != 0 ? ", in" : ", outside") +
                        " the landmarks' area");
      }
    }
  }
  // The bound's contract, move by move (the metric of LandmarkMap::dijkstra at
  // `bits`).
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

namespace io {

std::uint64_t max_landmarks_file_bytes(const Grid& grid) noexcept {
  const auto k = static_cast<std::uint64_t>(LandmarkMap::kMaxLandmarks);
  return detail::kMinFile + kLandmarkFixed + 8 * k + 4 * k * std::uint64_t{grid.cell_count()};
}

}  // namespace io

}  // namespace pathing
