// pathing: fast grid path-finding. MIT licensed.
//
// JpsPlusMap's payload in a precomputed file (docs/precomputed.md): the jump
// distances, checked entry by entry against the recurrence of `build` on the
// grid.
#include <cstddef>
#include <cstdint>
#include <string>

#include "pathing/precompute/jps_plus_map.hpp"
#include "precomputed_container.hpp"

namespace pathing {

using io::kPrecomputedHeaderBytes;
using io::PrecomputedError;
using namespace io::detail;  // the container: Reader, PayloadWriter, checks, messages

void JpsPlusMap::save_payload(io::detail::PayloadWriter& w) const {
  w.reserve_payload(std::uint64_t{dist_.size()} * 16);
  for (const Entry& e : dist_)
    for (const std::int16_t v : e) w.u16(static_cast<std::uint16_t>(v));
}

JpsPlusMap JpsPlusMap::load_payload(const io::detail::PayloadReader& in, const Grid& grid,
                                    const GridLayer& layer) {
  const std::string& name = in.name();
  const std::size_t payload = in.size();
  const std::uint64_t want = std::uint64_t{grid.cell_count()} * 16;
  if (payload != want) {
    throw PrecomputedError(name, kPayloadSizeAt,
                           "payload of " + std::to_string(payload) + " bytes; a JPS+ table of a " +
                               std::to_string(grid.cols()) + " x " + std::to_string(grid.rows()) +
                               " grid has " + std::to_string(want));
  }
  JpsPlusMap m;
  m.bits_.build(grid, layer);
  m.cols_ = grid.cols();
  m.rows_ = grid.rows();
  m.dist_.resize(grid.cell_count());
  Reader r = in.at(kPrecomputedHeaderBytes);
  for (Entry& e : m.dist_)
    for (std::int16_t& v : e) v = static_cast<std::int16_t>(r.u16());
  // Every entry must be what build computes from its neighbour (the recurrence
  // of JpsPlusMap::build): then, by induction from the walls and edges, the
  // table is the built one.
  static constexpr int kDx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
  static constexpr int kDy[8] = {0, 1, 0, -1, 1, 1, -1, -1};
  static constexpr const char* kNames[8] = {"right",      "down",      "left",    "up",
                                            "down-right", "down-left", "up-left", "up-right"};
  for (int y = 0; y < m.rows_; ++y) {
    for (int x = 0; x < m.cols_; ++x) {
      const Entry& e = m.at(x, y);
      for (unsigned d = 0; d < 8; ++d) {
        const int expect = d < 4 ? m.straight_value(x, y, kDx[d], kDy[d], d)
                                 : m.diagonal_value(x, y, kDx[d], kDy[d]);
        if (e[d] != expect) {
          const std::size_t at = kPrecomputedHeaderBytes +
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

namespace io {

std::uint64_t max_jps_plus_file_bytes(const Grid& grid) noexcept {
  return detail::kMinFile + 16 * std::uint64_t{grid.cell_count()};
}

}  // namespace io

}  // namespace pathing
