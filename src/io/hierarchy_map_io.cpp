// pathing: fast grid path-finding. MIT licensed.
//
// HierarchyMap's payload in a precomputed file (docs/precomputed.md): nodes and sector matrices
// (format version 1), landmarks and clusters (2), each unit size's matrices (3), checked against
// the graph the grid gives.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pathing/precompute/hierarchy_map.hpp"
#include "precomputed_container.hpp"

namespace pathing {

using io::kPrecomputedHeaderBytes;
using io::PrecomputedError;
using namespace io::detail;  // the container: Reader, PayloadWriter, checks, messages

namespace {

// Fixed fields of the payload: side, connectivity, nodes (u32 each), matrix entries (u64).
constexpr std::size_t kHierarchyFixed = 20;
// Format version 2: landmark count, symmetric flag; cluster side, level-2 nodes, entries (u64).
constexpr std::size_t kHierarchyExtensionFixed = 24;
// Format version 3 (units larger than a cell): max_unit_size (u32), unit matrix entries (u64).
constexpr std::size_t kHierarchyUnitsFixed = 12;

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

}  // namespace

// The payload's writer, reader and checks: members of HierarchyMap (a nested class), so they read
// its private parts.
struct HierarchyMap::Payload {
  // The file's number of node `id`'s cell: y * cols + x (whatever the map's own packing).
  static std::uint32_t cell_index(const HierarchyMap& map, std::uint32_t id) noexcept {
    const GridCoord c = map.cell_of(map.node_cell_[id]);
    return static_cast<std::uint32_t>(c.y) * static_cast<std::uint32_t>(map.stamp_.cols) +
           static_cast<std::uint32_t>(c.x);
  }

  static void save(io::detail::PayloadWriter& w, const HierarchyMap& map) {
    const int units = map.options_.max_unit_size;
    std::uint64_t unit_entries = 0;
    for (int u = 2; u <= units; ++u)
      for (std::uint32_t t = 0; t < map.sectors_.size(); ++t)
        unit_entries +=
            std::uint64_t{map.units_.sector(t, u).count} * map.units_.sector(t, u).count;
    std::uint64_t nodes = 0;
    std::uint64_t entries = 0;
    for (const HierarchyMap::Sector& sec : map.sectors_) {
      nodes += sec.count;
      entries += std::uint64_t{sec.count} * sec.count;
    }
    const auto k = static_cast<std::uint64_t>(map.landmarks_.count);
    const bool symmetric = k == 0 || map.landmarks_.symmetric;
    std::uint64_t l2_entries = 0;
    for (const pathing::detail::HierarchyClusters::Cluster& cl : map.clusters_.list)
      l2_entries += std::uint64_t{cl.count} * cl.count;
    const bool extended = k > 0 || map.clusters_.side > 0 || units > 1;
    const std::uint64_t payload =
        kHierarchyFixed + (units > 1 ? kHierarchyUnitsFixed : 0) +
        2 * std::uint64_t{map.sectors_.size()} + 4 * nodes + 4 * entries +
        (extended ? kHierarchyExtensionFixed + 4 * k + 4 * nodes * k * (symmetric ? 1 : 2) +
                        4 * std::uint64_t{map.clusters_.list.size()} + 8 * l2_entries
                  : 0) +
        4 * unit_entries;
    w.reserve_payload(payload);
    w.set_version(units > 1 ? 3 : (extended ? 2 : 1));
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
        const pathing::detail::HierarchyUnits::UnitSector& us = map.units_.sector(t, u);
        for (std::size_t i = 0; i < std::size_t{us.count} * us.count; ++i)
          w.u32(map.units_.dist[us.dist_first + i]);
      }
    }
  }

  // Format version 2's part of a hierarchy: landmarks and clusters, their nodes numbered as the
  // file numbers them (sector by sector, compactly, whatever slots a synced map's nodes sit in).
  static void save_hierarchy_extension(io::detail::PayloadWriter& w, const HierarchyMap& map) {
    const auto k = static_cast<std::size_t>(map.landmarks_.count);
    w.u32(static_cast<std::uint32_t>(k));
    w.u32(k == 0 || map.landmarks_.symmetric ? 1u : 0u);
    for (const std::uint32_t id : map.landmarks_.nodes) {
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
    if (k > 0) table(map.landmarks_.from);
    if (k > 0 && !map.landmarks_.symmetric) table(map.landmarks_.to);
    std::uint64_t l2_nodes = 0;
    std::uint64_t l2_entries = 0;
    for (const pathing::detail::HierarchyClusters::Cluster& cl : map.clusters_.list) {
      l2_nodes += cl.count;
      l2_entries += std::uint64_t{cl.count} * cl.count;
    }
    w.u32(static_cast<std::uint32_t>(map.clusters_.side));
    w.u32(static_cast<std::uint32_t>(l2_nodes));
    w.u64(l2_entries);
    for (const pathing::detail::HierarchyClusters::Cluster& cl : map.clusters_.list)
      w.u32(cl.count);
    for (const pathing::detail::HierarchyClusters::Cluster& cl : map.clusters_.list)
      for (std::size_t i = 0; i < std::size_t{cl.count} * cl.count; ++i)
        w.u64(map.clusters_.dist[cl.dist_first + i]);
  }

  static HierarchyMap load(const io::detail::PayloadReader& in, const Grid& grid,
                           const GridLayer& layer) {
    const std::string_view bytes = in.bytes();
    const std::string& name = in.name();
    const std::uint32_t version = in.version();
    const std::size_t payload = in.size();
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
    m.units_.reset(grid, layer, sectors, static_cast<int>(units));
    std::uint64_t nodes = 0;
    std::uint64_t entries = 0;
    std::uint64_t unit_entries = 0;
    for (std::uint32_t k = 0; k < sectors; ++k) {
      m.transitions(grid, k);
      HierarchyMap::Sector& sec = m.sectors_[k];
      const auto count = static_cast<std::uint16_t>(m.entrances_.nodes.size());
      sec.first = static_cast<std::uint32_t>(nodes);
      sec.dist_first = static_cast<std::uint32_t>(entries);
      sec.count = sec.capacity = count;
      m.node_cell_.insert(m.node_cell_.end(), m.entrances_.nodes.begin(), m.entrances_.nodes.end());
      nodes += count;
      entries += std::uint64_t{count} * count;
      if (units > 1) {  // each size's list of serving nodes (its matrix comes from the file)
        m.units_.grow(m.node_cell_.size());
        for (int u = 2; u <= static_cast<int>(units); ++u) {
          m.units_.build_sector(m, k, u, m.entrances_.nodes, m.entrances_.sizes, m.search_, false);
          const pathing::detail::HierarchyUnits::UnitSector& us = m.units_.sector(k, u);
          unit_entries += std::uint64_t{us.count} * us.count;
        }
      }
    }
    m.entrances_.release();
    m.units_.release_scratch();
    m.node_cell_.shrink_to_fit();  // as compute leaves it (memory_bytes equal a build's)
    m.units_.shrink();
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
          const pathing::detail::HierarchyUnits::UnitSector& us = m.units_.sector(t, size);
          for (std::size_t i = 0; i < std::size_t{us.count} * us.count; ++i)
            m.units_.dist[us.dist_first + i] = u.u32();
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
      m.clusters_.compute(m, static_cast<int>(sectors), false);  // level-2 nodes, from the grid
      for (const pathing::detail::HierarchyClusters::Cluster& cl : m.clusters_.list) {
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
                               (sectors > 0 ? 4 * std::uint64_t{m.clusters_.list.size()} : 0) +
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
      m.landmarks_.count = static_cast<int>(k);
      m.landmarks_.symmetric = symmetric == 1;
      m.landmarks_.nodes = std::move(lm_nodes);
      m.landmarks_.from = std::move(from);
      m.landmarks_.to = std::move(to);
    }
    // Clusters.
    if (sectors > 0) {
      const std::size_t count_at = cl_at + 16;
      for (std::size_t i = 0; i < m.clusters_.list.size(); ++i) {
        const std::uint32_t count = c.u32();
        if (count != m.clusters_.list[i].count) {
          bad_payload(name, count_at + 4 * i,
                      "cluster " + std::to_string(i) + " has " + std::to_string(count) +
                          " level-2 nodes; this grid gives it " +
                          std::to_string(m.clusters_.list[i].count));
        }
      }
      for (std::uint64_t& d : m.clusters_.dist) d = c.u64();
      check_cluster_matrices(m, grid, layer, name, count_at + 4 * m.clusters_.list.size());
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
      return m.clusters_.of_sector(other) == m.clusters_.of_sector(t);
    });
    const std::uint64_t side = static_cast<std::uint64_t>(m.options_.sector_size) *
                               static_cast<std::uint64_t>(m.clusters_.side);
    for (std::uint32_t k = 0; k < m.clusters_.list.size(); ++k) {
      const pathing::detail::HierarchyClusters::Cluster& cl = m.clusters_.list[k];
      const std::uint64_t x0 = (k % static_cast<std::uint32_t>(m.clusters_.across)) * side;
      const std::uint64_t y0 = (k / static_cast<std::uint32_t>(m.clusters_.across)) * side;
      const std::uint64_t w =
          std::min<std::uint64_t>(side, static_cast<std::uint64_t>(m.stamp_.cols) - x0);
      const std::uint64_t h =
          std::min<std::uint64_t>(side, static_cast<std::uint64_t>(m.stamp_.rows) - y0);
      const std::uint64_t most = (w * h - 1) * (eight ? diagonal : straight) * cmax;
      for (std::uint32_t i = 0; i < cl.count; ++i) {
        const std::uint32_t u = m.clusters_.node[cl.first + i];
        const GridCoord a = m.cell_of(m.node_cell_[u]);
        for (std::uint32_t j = 0; j < cl.count; ++j) {
          const std::uint32_t v = m.clusters_.node[cl.first + j];
          const GridCoord b = m.cell_of(m.node_cell_[v]);
          const std::size_t e = cl.dist_first + std::size_t{i} * cl.count + j;
          const std::uint64_t d = m.clusters_.dist[e];
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
          m, *m.units_.clearance.unit_grid(size), m.units_.clearance.unit_layer(), name,
          [&](std::uint32_t k) { return std::uint32_t{m.units_.sector(k, size).count}; },
          [&](std::uint32_t k, std::uint32_t i) {
            const pathing::detail::HierarchyUnits::UnitSector& us = m.units_.sector(k, size);
            return m.sectors_[k].first + m.units_.list[us.list_first + i];
          },
          [&](std::uint32_t k, std::uint32_t i, std::uint32_t j) {
            const pathing::detail::HierarchyUnits::UnitSector& us = m.units_.sector(k, size);
            const std::size_t e = us.dist_first + std::size_t{i} * us.count + j;
            std::size_t before = 0;  // the file's entries of this size before sector k
            for (std::uint32_t t = 0; t < k; ++t)
              before +=
                  std::size_t{m.units_.sector(t, size).count} * m.units_.sector(t, size).count;
            return std::pair<std::uint32_t, std::size_t>{
                m.units_.dist[e], size_at + 4 * (before + std::size_t{i} * us.count + j)};
          },
          " for units of size " + std::to_string(size));
      for (std::uint32_t t = 0; t < m.sectors_.size(); ++t)
        at += 4 * std::size_t{m.units_.sector(t, size).count} * m.units_.sector(t, size).count;
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
};

void HierarchyMap::save_payload(io::detail::PayloadWriter& out) const {
  Payload::save(out, *this);
}

HierarchyMap HierarchyMap::load_payload(const io::detail::PayloadReader& in, const Grid& grid,
                                        const GridLayer& layer) {
  return Payload::load(in, grid, layer);
}

namespace io {

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
      bytes += kHierarchyExtensionFixed + 4 * k + 8 * k * nodes + clusters_most;
    }
    // Format version 3: a matrix a unit size above 1 in every sector, none larger than size 1's.
    bytes += kHierarchyUnitsFixed +
             static_cast<std::uint64_t>(ClearanceMap::kMaxUnitSize - 1) * matrix_bytes;
    most = bytes > most ? bytes : most;
  }
  return kMinFile + kHierarchyFixed + most;
}

}  // namespace io

}  // namespace pathing
