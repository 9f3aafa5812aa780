// pathing: fast grid path-finding. MIT licensed.
//
// Hierarchical path-finding for large maps (HPA*): the sector graph (`HierarchyMap`) and its
// search (`HpaStar`), with lazy refinement and path smoothing.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/payload_fwd.hpp"
#include "pathing/error.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/grid_stamp.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/map_sync.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/precompute/clearance_map.hpp"
#include "pathing/precompute/hierarchy/abstract_landmarks.hpp"
#include "pathing/precompute/hierarchy/cluster_work.hpp"
#include "pathing/precompute/hierarchy/clusters.hpp"
#include "pathing/precompute/hierarchy/entrances.hpp"
#include "pathing/precompute/hierarchy/node_sets.hpp"
#include "pathing/precompute/hierarchy/sector_search.hpp"
#include "pathing/precompute/hierarchy/unit_sizes.hpp"

namespace pathing {

/// How a `HierarchyMap` is built.
struct HierarchyOptions {
  /// Side of a square sector, in cells, in [`HierarchyMap::kMinSectorSize`,
  /// `HierarchyMap::kMaxSectorSize`]. Default 32. Larger sectors: fewer abstract nodes (a faster
  /// abstract search, less memory), dearer refinement and edits (both O(side^2 log side)).
  int sector_size = 32;
  /// The moves of the searches it serves (default 8: octile, no corner cutting).
  Connectivity connectivity = Connectivity::eight;
  /// The largest unit (a k x k body, docs/clearance.md) the map serves, in [1,
  /// `ClearanceMap::kMaxUnitSize`]. Default 1: one-cell units only. Above 1 the map is the
  /// annotated hierarchy of HAA* (Harabor & Botea 2008): one node set shared by every size, each
  /// size's own nodes and edges among them, and a clearance map of its own
  /// (`HierarchyMap::clearance`); see the class comment. Memory and build time grow about linearly
  /// with it.
  int max_unit_size = 1;
};

/// The abstract graph of HPA* (Botea, Mueller & Schaeffer, "Near optimal hierarchical
/// path-finding", Journal of Game Development 1(1), 2004) over a `Grid` read through a
/// `GridLayer`; docs/hierarchy.md. Searched by `HpaStar`.
///
/// Sectors: the grid is cut into squares of `sector_size` cells (the last column and row of
/// sectors may be narrower). Entrances: along each border between two side-by-side sectors, every
/// maximal run of cell pairs that are both passable and cost the same (the sum of the two layer
/// costs: on uniform layers, every run of open pairs) is an entrance; a run shorter than 6 pairs
/// gets one transition (its middle pair, the lower index on ties), a longer one two (its end
/// pairs). Each transition's two cells are abstract nodes, one in each sector (a cell of two
/// transitions is one node). Edges: a transition's two cells are joined both ways (one straight
/// move, the cost of the cell entered); two nodes of one sector are joined by the cost of the
/// cheapest path between them that stays inside the sector (stored as a matrix per sector, in
/// 1/256 cost units: straight 256 c, diagonal 362 c). Transitions sit on straight crossings only:
/// under the corner rule a diagonal move between sectors passes beside a straight crossing, so
/// every path of the grid has an abstract counterpart (HPA* is complete: it finds a path whenever
/// one exists) but not always one as cheap (HPA* is not optimal; `HpaStar` reports the cost).
///
/// Units larger than a cell (`HierarchyOptions::max_unit_size` K above 1): the annotated
/// hierarchy of HAA* (Harabor & Botea, "Hierarchical path planning for multi-size agents in
/// heterogeneous environments", IEEE CIG 2008) over the unit grids of a `ClearanceMap` the map
/// builds and keeps current itself (`clearance()`): a unit of size k moves as one cell on unit grid
/// k (anchors, body costs, the body's corner rule). One node set serves every size. Along each
/// border, for k = K down to 1, each entrance of unit grid k (a run of anchor pairs where a body
/// of size k fits on both sides and the crossing costs the same) is served by the transitions of
/// the rule above, except that a transition already chosen for a larger size inside a short run,
/// or within K - 1 pairs of a long run's end, serves that run (or end) instead of a new one: so
/// every size-k entrance has a transition a size-k body can cross (the map stays complete for
/// every size), and the sizes share most nodes. Size 1 searches every node with the matrix above;
/// each size k above 1 has, per sector, the list of the nodes serving it and the matrix between
/// them of the cheapest paths on unit grid k inside the sector. `HpaStar` takes
/// `SearchOptions::unit_size` k in [1, K] and searches that size's nodes and edges, refining on
/// unit grid k. Landmarks are computed on the size-1 graph and bound every size (a bigger body's
/// graph has a subset of the nodes, each edge at least as dear); clusters serve only maps with K =
/// 1; io::serialize_hierarchy saves such a map as format version 3. Measured beside one map a
/// size on the same unit grids: docs/hierarchy.md.
///
/// Staying current: the map records the grid's `instance_id()` and `version()` and the layer;
/// `is_current` compares them in O(1) and `HpaStar` answers `stale` for a map that is not current.
/// `sync` replays the grid's edit log and rebuilds only the sectors the edits touch (the sector
/// of each edited cell, and the sector across the border when the cell lies on one): O(sectors
/// touched x nodes x side^2 log side); past the edit log, or for another grid object or layer,
/// it rebuilds everything.
///
/// Limits: sector_size in [4, 128]; any layer (costs 1..255; with K above 1, at most
/// `ClearanceMap::kMaxCosts` distinct passable costs). Memory (`memory_bytes`): 12 bytes a sector,
/// 4 bytes a node and 4 bytes a node pair of each sector (e.g. 0.25 to 1 byte a cell at side 32 on
/// game maps); with K above 1, 3 (K - 1) bytes more a node, per sector and size above 1 2 bytes
/// a node serving it and 4 bytes a pair of them, plus the clearance map (1 + K / 2 bytes a
/// cell); `build` holds the scratch of one sector search
/// (about 13 bytes a sector cell), `build_clusters` that of one cluster search (16 bytes a node
/// slot, kept for `sync`). Complexity of `build`: one sector-confined Dijkstra per node, O(nodes x
/// side^2 log side) in all. Thread-safety: const members may run concurrently (any number of
/// `HpaStar`s may search one map); `build` and `sync` must not run concurrently with anything else
/// on it. Errors: `build` (and the constructor) throw `std::invalid_argument` naming the value for
/// a sector size outside [4, 128], a unit size outside [1, 32] or (K above 1) a layer with too many
/// distinct costs (`create` is the non-throwing form; without exceptions such a call changes
/// nothing); queries never throw.
class HierarchyMap {
 public:
  /// The smallest sector side.
  static constexpr int kMinSectorSize = 4;
  /// The largest sector side (sector-confined costs then stay below 2^31 units of 1/256).
  static constexpr int kMaxSectorSize = 128;
  /// A pair of nodes of one sector that no path inside the sector joins.
  static constexpr std::uint32_t kNoPath = detail::kSectorNoPath;

  /// An empty map (never built: current for no grid). Allocates nothing.
  HierarchyMap() = default;

  /// The map of `grid` under `layer` (`build`). @throws std::invalid_argument as `build`.
  HierarchyMap(const Grid& grid, const GridLayer& layer, const HierarchyOptions& options = {}) {
    build(grid, layer, options);
  }

  /// The non-throwing form of the constructor: the map, or nothing when `build` would throw;
  /// then `*error` (when not null) holds `ErrorCode::invalid_argument` and the message naming the
  /// value. O(as build).
  [[nodiscard]] static std::optional<HierarchyMap> create(const Grid& grid, const GridLayer& layer,
                                                          const HierarchyOptions& options = {},
                                                          Error* error = nullptr) {
    if (!validate(options, layer, error)) return std::nullopt;
    HierarchyMap m;
    m.compute(grid, layer, options);
    return m;
  }

  /// Builds the sectors, entrances and edges from scratch (class comment). Allocates.
  /// @throws std::invalid_argument, changing nothing, for `options.sector_size` outside [4, 128],
  ///   a connectivity other than four or eight, `options.max_unit_size` outside [1, 32], or (a
  ///   size above 1) a layer with more than `ClearanceMap::kMaxCosts` distinct passable costs;
  ///   std::bad_alloc.
  void build(const Grid& grid, const GridLayer& layer, const HierarchyOptions& options = {}) {
    Error e;
    if (!validate(options, layer, &e)) {
      PATHING_THROW(std::invalid_argument(e.message));
      return;
    }
    compute(grid, layer, options);
  }

  /// True when the map was built (or synced) from this very grid object at its current
  /// `version()` and with `layer`. O(1).
  [[nodiscard]] bool is_current(const Grid& grid, const GridLayer& layer) const noexcept {
    return stamp_.is_current(grid, layer);
  }
  /// True when built (or synced) from this very grid object at its current `version()`, whatever
  /// the layer. O(1).
  [[nodiscard]] bool is_current(const Grid& grid) const noexcept { return stamp_.is_current(grid); }

  /// Brings the map up to date with `grid` under `layer`: nothing when `is_current` (`current`);
  /// when it was built from this grid object with this layer and the grid's edit log holds every
  /// write since (at most `Grid::kEditLogCapacity`), rebuilds the sectors those cells touch
  /// (`updated`); otherwise rebuilds the whole map with the options of the last build
  /// (`rebuilt`). Afterwards `is_current(grid, layer)` holds and the map equals a fresh `build`
  /// (same nodes, same edges; node numbers may differ). @throws std::bad_alloc only.
  MapSync sync(const Grid& grid, const GridLayer& layer) {
    last_sync_sectors_ = 0;  // (what a sync that finds the map current reports)
    clusters_.last_sync = 0;
    return detail::sync_stamped(
        grid, layer, stamp_,
        [&](std::span<const GridCoord> cells) {
          dirty_.clear();
          const int k = options_.max_unit_size;
          if (k > 1) units_.clearance.update_cells(grid, cells);
          // A cell's write changes unit grid k at the anchors whose k x k body covers it: the
          // K x K anchors up and left of it (k = 1: the cell).
          for (const GridCoord c : cells)
            for (int dy = 0; dy < k; ++dy)
              for (int dx = 0; dx < k; ++dx) mark_dirty({c.x - dx, c.y - dy});
          std::sort(dirty_.begin(), dirty_.end());
          dirty_.erase(std::unique(dirty_.begin(), dirty_.end()), dirty_.end());
          for (const std::uint32_t s : dirty_) {
            if (landmarks_.count == 0) {
              build_sector(grid, s);
            } else if (!rebuild_sector_keeps_landmarks(grid, s)) {
              drop_landmarks();
            }
          }
          stamp_.record_version(grid);
          last_sync_sectors_ = dirty_.size();
          clusters_.last_sync = 0;
          if (clusters_.side > 0) clusters_.sync(*this, dirty_);
        },
        [&] {
          const int landmarks = landmarks_.count;
          const int clusters = clusters_.side;
          compute(grid, layer, options_);
          if (landmarks > 0) compute_landmarks(landmarks);
          if (clusters > 0) clusters_.compute(*this, clusters);
          last_sync_sectors_ = sectors_.size();
          clusters_.last_sync = clusters_.list.size();
        });
  }

  /// The largest landmark count `build_landmarks` takes.
  static constexpr int kMaxLandmarks = 16;

  /// Builds landmarks on the abstract graph (ALT, Goldberg & Harrelson, SODA 2005, applied to
  /// HPA*'s graph): `count` nodes placed by farthest-point selection in the largest connected
  /// part of the graph (the first landmark the node farthest from that part's first node, each
  /// next one the node farthest from every landmark so far; ties: the smaller node number), and
  /// for each landmark L and node n the exact abstract distances d(L, n) and, unless the graph is
  /// symmetric (uniform layer costs and symmetric sector matrices, as every build has; a loaded
  /// map's are checked), d(n, L). `HpaStar` then bounds the abstract distance from n to the goal g
  /// by the octile bound and, for each L, d(L, g) - d(L, n) and d(n, L) - max over b of
  /// (d(b, L) - gc(b)), where b runs over the nodes of g's sector that reach g inside it at cost
  /// gc(b), and d(L, g) = min over b of d(L, b) + gc(b): triangle inequalities in the abstract
  /// graph itself, so admissible and consistent on any graph the map holds; the abstract path is
  /// the same cheapest one (weight 1) with far fewer expansions, and weighted searches keep their
  /// bound (docs/hierarchy.md, "Faster abstract search: landmarks on the abstract graph").
  /// Distances are 32-bit, in 1/256 cost units, saturated (never above the true distance: still
  /// admissible and consistent).
  ///
  /// Staying current: landmarks belong to the graph they were computed on. `sync` keeps them when
  /// the sectors it rebuilds keep their nodes and no edge gets cheaper (walls added, costs raised
  /// inside sectors: the old distances still bound the new ones from below); any other partial
  /// sync drops them (`landmark_count()` becomes 0, queries use the octile bound) until
  /// `build_landmarks` runs again, so edits stay cheap and nothing stale is used. A `sync` that
  /// rebuilds everything (past the edit log) recomputes them with the same count; `build` gives a
  /// map without landmarks. A saved map (io::serialize_hierarchy) keeps them; loading checks them
  /// against the graph it holds (docs/precomputed.md).
  ///
  /// Cost: 1 + count Dijkstra searches over the abstract graph (2 count + 1 when it is not
  /// symmetric), O(count E log V), plus a union-find over its edges; memory 4 count bytes a node
  /// slot (8 count when not symmetric; `memory_bytes` includes it). Allocates.
  /// @param grid the grid the map is current for (`is_current(grid, layer())`).
  /// @param count landmarks wanted, in [1, `kMaxLandmarks`] (fewer when the largest part has
  ///   fewer nodes).
  /// @param error when not null and the call fails, the reason.
  /// @return false, changing nothing, when `count` is outside [1, 16] (`invalid_argument`) or
  ///   the map is not current for `grid` (also `invalid_argument`).
  bool build_landmarks(const Grid& grid, int count, Error* error = nullptr) {
    if (!ready_for("build_landmarks", "count", count, 1, kMaxLandmarks, grid, error)) return false;
    compute_landmarks(count);
    return true;
  }

  /// Forgets the landmarks (`landmark_count()` 0) and frees their memory. O(1).
  void drop_landmarks() noexcept { landmarks_.drop(); }

  /// Landmarks held (0: none built, or dropped by `sync`).
  [[nodiscard]] int landmark_count() const noexcept { return landmarks_.count; }
  /// The cell of landmark `i` (< `landmark_count()`).
  [[nodiscard]] GridCoord landmark(int i) const noexcept {
    return cell_of(node_cell_[landmarks_.nodes[static_cast<std::size_t>(i)]]);
  }

  /// The smallest cluster side, in sectors (`build_clusters`).
  static constexpr int kMinClusterSectors = 2;
  /// The largest cluster side, in sectors.
  static constexpr int kMaxClusterSectors = 16;
  /// No path inside a cluster (`cluster_cost`).
  static constexpr std::uint64_t kNoClusterPath = detail::HierarchyClusters::kNoClusterPath;

  /// Builds the second level of the hierarchy (multi-level HPA*: Botea, Mueller & Schaeffer 2004,
  /// section 5): clusters of `sectors` x `sectors` sectors (the last column and row of clusters
  /// may be narrower), row-major. A level-2 node is a node of the map with a transition into
  /// another cluster; two level-2 nodes of one cluster are joined by the cost of the cheapest path
  /// between them in the abstract graph that stays inside the cluster (a Dijkstra over the
  /// cluster's nodes and edges from each level-2 node; a matrix a cluster, 64-bit, in 1/256 cost
  /// units); transitions between clusters are the map's own. Every path of the abstract graph
  /// splits at its crossings between clusters into pieces that stay inside one cluster, so the
  /// cheapest level-2 path costs exactly what the cheapest abstract path does: `HpaStar` then
  /// searches far fewer nodes for the same answer (docs/hierarchy.md, "Two levels").
  ///
  /// Staying current: a partial `sync` rebuilds the clusters of the sectors it rebuilds
  /// (`last_sync_clusters`); a `sync` that rebuilds everything rebuilds them with the same side;
  /// `build` gives a map without clusters; a saved map keeps them (io::serialize_hierarchy: the
  /// loader recomputes the level-2 nodes and checks the matrices). Landmarks (`build_landmarks`)
  /// bound level-2 distances too (a level-2 distance is never below the abstract one), so both can
  /// be held at once.
  ///
  /// Cost: one confined Dijkstra a level-2 node, O(V2 (V_c + E_c) log V_c) for V2 level-2 nodes
  /// and clusters of V_c nodes and E_c edges (timings: docs/benchmarks.md); memory: 12 bytes a
  /// level-2 node, 8 a pair of level-2 nodes of one cluster, 4 a node slot of the map
  /// (`memory_bytes` includes it). Allocates.
  /// @param grid the grid the map is current for (`is_current(grid, layer())`).
  /// @param sectors cluster side in sectors, in [`kMinClusterSectors`, `kMaxClusterSectors`].
  /// @param error when not null and the call fails, the reason.
  /// @return false, changing nothing, when `sectors` is outside [2, 16], the map is not current
  ///   for `grid`, or it serves units larger than a cell (`max_unit_size()` above 1)
  ///   (`invalid_argument` all three).
  bool build_clusters(const Grid& grid, int sectors, Error* error = nullptr) {
    if (!ready_for("build_clusters", "sectors", sectors, kMinClusterSectors, kMaxClusterSectors,
                   grid, error))
      return false;
    if (options_.max_unit_size > 1) {
      detail::report(error, ErrorCode::invalid_argument,
                     "pathing::HierarchyMap::build_clusters: clusters serve only maps of one-cell "
                     "units; this map has max_unit_size = " +
                         std::to_string(options_.max_unit_size));
      return false;
    }
    clusters_.compute(*this, sectors);
    return true;
  }

  /// Forgets the clusters (`cluster_sectors()` 0) and frees their memory. O(1).
  void drop_clusters() noexcept { clusters_.drop(); }

  /// Cluster side in sectors (0: no clusters built).
  [[nodiscard]] int cluster_sectors() const noexcept { return clusters_.side; }
  /// Clusters across and down (0 without clusters).
  [[nodiscard]] int clusters_x() const noexcept { return clusters_.across; }
  /// See `clusters_x`.
  [[nodiscard]] int clusters_y() const noexcept { return clusters_.down; }
  /// Clusters in all (0 without clusters).
  [[nodiscard]] std::size_t cluster_count() const noexcept { return clusters_.list.size(); }
  /// The cluster holding cell `c` (on the grid), row-major; `kNoPath` without clusters.
  [[nodiscard]] std::uint32_t cluster_of(GridCoord c) const noexcept {
    return clusters_.side > 0 ? clusters_.of_sector(sector_of(c)) : kNoPath;
  }
  /// Level-2 nodes of cluster `k`, in sector row-major order, then cell row-major.
  [[nodiscard]] std::uint32_t cluster_node_count(std::uint32_t k) const noexcept {
    return clusters_.list[k].count;
  }
  /// The cell of level-2 node `i` (< `cluster_node_count(k)`) of cluster `k`.
  [[nodiscard]] GridCoord cluster_node(std::uint32_t k, std::uint32_t i) const noexcept {
    return cell_of(node_cell_[clusters_.node[clusters_.list[k].first + i]]);
  }
  /// The cost (1/256 cost units) of the cheapest abstract path inside cluster `k` from its
  /// level-2 node `i` to its node `j`, `kNoClusterPath` when there is none.
  [[nodiscard]] std::uint64_t cluster_cost(std::uint32_t k, std::uint32_t i,
                                           std::uint32_t j) const noexcept {
    return clusters_.cost(k, i, j);
  }
  /// Level-2 nodes in all. O(clusters).
  [[nodiscard]] std::size_t cluster_node_total() const noexcept { return clusters_.node_total(); }
  /// Clusters the last `sync` rebuilt (0 when it found the map current).
  [[nodiscard]] std::size_t last_sync_clusters() const noexcept { return clusters_.last_sync; }

  /// Sectors the last `sync` rebuilt (0 when it found the map current).
  [[nodiscard]] std::size_t last_sync_sectors() const noexcept { return last_sync_sectors_; }

  /// The options of the last build.
  [[nodiscard]] const HierarchyOptions& options() const noexcept { return options_; }
  /// The largest unit size the map serves (`HierarchyOptions::max_unit_size`; 1 before a build).
  [[nodiscard]] int max_unit_size() const noexcept { return options_.max_unit_size; }
  /// The map's own clearance map, current whenever the map is (built and synced with it), when
  /// `max_unit_size()` is above 1; an empty map (`max_unit_size()` 0) otherwise. A search of a
  /// big unit may use it as `SearchOptions::clearance` (`AStar` beside `HpaStar`, without a
  /// second copy).
  [[nodiscard]] const ClearanceMap& clearance() const noexcept { return units_.clearance; }
  /// Side of a sector, in cells.
  [[nodiscard]] int sector_size() const noexcept { return options_.sector_size; }
  /// Sectors across (ceil(cols / sector_size)).
  [[nodiscard]] int sectors_x() const noexcept { return sectors_x_; }
  /// Sectors down (ceil(rows / sector_size)).
  [[nodiscard]] int sectors_y() const noexcept { return sectors_y_; }
  /// Sectors in all (0 before the first build).
  [[nodiscard]] std::size_t sector_count() const noexcept { return sectors_.size(); }
  /// Abstract nodes (transition cells) in all. O(sectors).
  [[nodiscard]] std::size_t node_count() const noexcept {
    std::size_t n = 0;
    for (const Sector& s : sectors_) n += s.count;
    return n;
  }
  /// Intra-sector edges (ordered pairs of nodes of one sector joined inside it). O(node pairs).
  [[nodiscard]] std::size_t edge_count() const noexcept {
    std::size_t n = 0;
    for (const Sector& s : sectors_)
      for (std::uint32_t i = 0; i < std::uint32_t{s.count} * s.count; ++i)
        n += dist_[s.dist_first + i] != kNoPath && i % (s.count + 1u) != 0;
    return n;
  }
  /// Columns of the grid it was built from.
  [[nodiscard]] int cols() const noexcept { return stamp_.cols; }
  /// Rows of the grid it was built from.
  [[nodiscard]] int rows() const noexcept { return stamp_.rows; }
  /// The layer it was built with.
  [[nodiscard]] const GridLayer& layer() const noexcept { return stamp_.layer; }
  /// `instance_id()` of the grid it was built (or last synced) from; 0 before the first build.
  [[nodiscard]] std::uint64_t grid_id() const noexcept { return stamp_.grid_id; }
  /// `version()` of that grid when it was built or last synced.
  [[nodiscard]] std::uint64_t grid_version() const noexcept { return stamp_.grid_version; }
  /// Bytes held by the map (sectors, nodes, edge matrices, landmarks, the clearance map of a map
  /// for big units; not the build scratch).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return sectors_.capacity() * sizeof(Sector) + node_cell_.capacity() * 4 + dist_.capacity() * 4 +
           node_cost_.capacity() + units_.bytes() + landmarks_.bytes() + clusters_.bytes();
  }

  /// Appends this map's payload to a precomputed file being written (pathing::io's format,
  /// docs/precomputed.md; `io::serialize_hierarchy` writes the container around it and checks first
  /// that the map is current for the file's grid). O(nodes + matrix entries); sets the file's
  /// format version (1 to 3) by what the map holds. Defined in the compiled pathing_io library
  /// (src/io/hierarchy_map_io.cpp), like `load_payload`: only code that links pathing::io calls
  /// them.
  /// @throws std::bad_alloc.
  void save_payload(io::detail::PayloadWriter& out) const;
  /// The map held by the payload of a file whose container was checked for `grid` under
  /// `layer` (the nodes recomputed from the grid and every matrix, landmark table and cluster
  /// matrix checked against the graph they give, as io::parse_hierarchy documents), current for
  /// `grid`. O(as build).
  /// @throws io::PrecomputedError naming the byte of the first field that does not fit;
  /// std::bad_alloc.
  [[nodiscard]] static HierarchyMap load_payload(const io::detail::PayloadReader& in,
                                                 const Grid& grid, const GridLayer& layer);

  /// The sector holding cell `c` (on the grid), row-major.
  [[nodiscard]] std::uint32_t sector_of(GridCoord c) const noexcept {
    const int s = options_.sector_size;
    return static_cast<std::uint32_t>((c.y / s) * sectors_x_ + c.x / s);
  }
  /// The cells of sector `s`.
  [[nodiscard]] detail::SectorRect sector_rect(std::uint32_t s) const noexcept {
    const int side = options_.sector_size;
    const int sx = static_cast<int>(s % static_cast<std::uint32_t>(sectors_x_));
    const int sy = static_cast<int>(s / static_cast<std::uint32_t>(sectors_x_));
    return {sx * side, sy * side, std::min(side, stamp_.cols - sx * side),
            std::min(side, stamp_.rows - sy * side)};
  }
  /// The nodes of sector `s`: their cells, in row-major order.
  [[nodiscard]] std::vector<GridCoord> sector_nodes(std::uint32_t s) const {
    std::vector<GridCoord> out;
    const Sector& sec = sectors_[s];
    for (std::uint32_t i = 0; i < sec.count; ++i) out.push_back(cell_of(node_cell_[sec.first + i]));
    return out;
  }
  /// The cost (1/256 cost units) of the cheapest path inside sector `s` from its node `i` to its
  /// node `j` (`sector_nodes` order) for a unit of `unit_size` (in [1, `max_unit_size()`]; on
  /// unit grid `unit_size`), `kNoPath` when there is none or (sizes above 1) `i` or `j` does not
  /// serve the size (`sector_node_cost` 0).
  [[nodiscard]] std::uint32_t sector_cost(std::uint32_t s, std::uint32_t i, std::uint32_t j,
                                          int unit_size = 1) const noexcept {
    const Sector& sec = sectors_[s];
    if (unit_size <= 1) return dist_[sec.dist_first + i * sec.count + j];
    const std::uint16_t pi = units_.position(sec.first + i, unit_size);
    const std::uint16_t pj = units_.position(sec.first + j, unit_size);
    if (pi == detail::HierarchyUnits::kNotServed || pj == detail::HierarchyUnits::kNotServed)
      return kNoPath;
    const detail::HierarchyUnits::UnitSector& us = units_.sector(s, unit_size);
    return units_.dist[us.dist_first + std::size_t{pi} * us.count + pj];
  }
  /// The cost of entering node `i` of sector `s` for a unit of `unit_size` (the layer cost of its
  /// cell; above size 1 the body's cost there); 0 when the node does not serve the size (for a
  /// size above 1: the body does not fit there, or the node is no transition of that size, see
  /// the class comment). O(1).
  [[nodiscard]] std::uint8_t sector_node_cost(std::uint32_t s, std::uint32_t i,
                                              int unit_size = 1) const noexcept {
    return node_costs(unit_size)[(sectors_[s].first + i) * cost_stride(unit_size)];
  }
  /// The number of nodes of sector `s`. O(1).
  [[nodiscard]] std::uint32_t sector_node_count(std::uint32_t s) const noexcept {
    return sectors_[s].count;
  }
  /// The cell of node `i` (< `sector_node_count(s)`) of sector `s`, in `sector_nodes` order
  /// (row-major). O(1), allocates nothing.
  [[nodiscard]] GridCoord sector_node(std::uint32_t s, std::uint32_t i) const noexcept {
    return cell_of(node_cell_[sectors_[s].first + i]);
  }

 private:
  friend class HpaStar;
  friend class detail::AbstractLandmarks;
  friend class detail::HierarchyClusters;
  friend class detail::HierarchyUnits;
  friend struct detail::ClusterWork;
  struct Payload;  // save_payload's and load_payload's parts and checks (src/io)
  struct Sector {
    std::uint32_t first = 0;       // first node in node_cell_
    std::uint32_t dist_first = 0;  // first entry of its matrix in dist_
    std::uint16_t count = 0;       // nodes
    std::uint16_t capacity = 0;    // node slots reserved at first and dist_first (capacity^2)
  };
  [[nodiscard]] static bool validate(const HierarchyOptions& o, const GridLayer& layer,
                                     Error* error) noexcept {
    if (o.max_unit_size < 1 || o.max_unit_size > ClearanceMap::kMaxUnitSize) {
      detail::report(error, ErrorCode::invalid_argument,
                     "pathing::HierarchyMap: max_unit_size = " + std::to_string(o.max_unit_size) +
                         " is outside [1, " + std::to_string(ClearanceMap::kMaxUnitSize) + "]");
      return false;
    }
    if (o.max_unit_size > 1 && !ClearanceMap::check_options(layer, o.max_unit_size, error)) {
      if (error != nullptr) error->message = "pathing::HierarchyMap: " + error->message;
      return false;
    }
    if (o.sector_size < kMinSectorSize || o.sector_size > kMaxSectorSize) {
      detail::report(error, ErrorCode::invalid_argument,
                     "pathing::HierarchyMap: sector_size = " + std::to_string(o.sector_size) +
                         " is outside [4, 128]");
      return false;
    }
    if (o.connectivity != Connectivity::four && o.connectivity != Connectivity::eight) {
      detail::report(error, ErrorCode::invalid_argument,
                     "pathing::HierarchyMap: connectivity = " +
                         std::to_string(static_cast<int>(o.connectivity)) + " is not 4 or 8");
      return false;
    }
    return true;
  }

  // Node cells are packed as y * 2^16 + x (sides are at most 2^15): row-major order, no division.
  [[nodiscard]] static GridCoord cell_of(std::uint32_t packed) noexcept {
    return detail::unpack_cell(packed);
  }
  [[nodiscard]] static std::uint32_t pack(GridCoord c) noexcept { return detail::pack_cell(c); }

  // The node of sector `s` at cell `packed`, as a global node number, or kNoPath.
  [[nodiscard]] std::uint32_t node_at(std::uint32_t s, std::uint32_t packed) const noexcept {
    const Sector& sec = sectors_[s];
    const auto* b = node_cell_.data() + sec.first;
    const auto* e = b + sec.count;
    const auto* it = std::lower_bound(b, e, packed);
    return it != e && *it == packed ? static_cast<std::uint32_t>(it - node_cell_.data()) : kNoPath;
  }

  void mark_dirty(GridCoord c) {
    if (!(c.x >= 0 && c.y >= 0 && c.x < stamp_.cols && c.y < stamp_.rows)) return;
    const int side = options_.sector_size;
    const std::uint32_t s = sector_of(c);
    dirty_.push_back(s);
    const int lx = c.x % side;
    const int ly = c.y % side;
    if (lx == 0 && c.x > 0) dirty_.push_back(s - 1);
    if (lx == side - 1 && c.x + 1 < stamp_.cols) dirty_.push_back(s + 1);
    if (ly == 0 && c.y > 0) dirty_.push_back(s - static_cast<std::uint32_t>(sectors_x_));
    if (ly == side - 1 && c.y + 1 < stamp_.rows)
      dirty_.push_back(s + static_cast<std::uint32_t>(sectors_x_));
  }

  // The nodes of sector `s` (its transition cells) into entrances_.nodes and, with unit sizes,
  // each one's sizes served into entrances_.sizes (detail::SectorEntrances::compute). (Also the
  // loader's check of a saved map's nodes.)
  void transitions(const Grid& grid, std::uint32_t s) {
    entrances_.compute(grid, stamp_.layer, sector_rect(s), stamp_.cols, stamp_.rows,
                       options_.max_unit_size, units_.clearance);
  }

  // (Re)computes the nodes and the edge matrix of sector `s` (and those of the unit sizes).
  void build_sector(const Grid& grid, std::uint32_t s) {
    transitions(grid, s);
    Sector& sec = sectors_[s];
    const auto count = static_cast<std::uint16_t>(entrances_.nodes.size());
    if (count > sec.capacity) {  // a new slot at the end (the old one stays unused)
      sec.first = static_cast<std::uint32_t>(node_cell_.size());
      sec.dist_first = static_cast<std::uint32_t>(dist_.size());
      sec.capacity = count;
      node_cell_.resize(node_cell_.size() + count, kNoPath);
      dist_.resize(dist_.size() + std::size_t{count} * count, kNoPath);
      units_.grow(node_cell_.size());
    }
    sec.count = count;
    std::copy(entrances_.nodes.begin(), entrances_.nodes.end(), node_cell_.begin() + sec.first);
    for (std::uint16_t k = count; k < sec.capacity; ++k) node_cell_[sec.first + k] = kNoPath;
    if (node_cost_.size() < node_cell_.size()) node_cost_.resize(node_cell_.size(), 0);
    for (std::uint32_t k = 0; k < count; ++k) {
      const GridCoord c = cell_of(entrances_.nodes[k]);
      node_cost_[sec.first + k] = stamp_.layer.cost_of_cell(grid.cell_unchecked(c.x, c.y));
    }
    const detail::SectorRect r = sector_rect(s);
    for (std::uint32_t i = 0; i < count; ++i) {
      search_.run<false>(grid, stamp_.layer, options_.connectivity, r,
                         cell_of(entrances_.nodes[i]));
      for (std::uint32_t j = 0; j < count; ++j)
        dist_[sec.dist_first + i * count + j] = search_.dist(cell_of(entrances_.nodes[j]));
    }
    for (int k = 2; k <= options_.max_unit_size; ++k)
      units_.build_sector(*this, s, k, entrances_.nodes, entrances_.sizes, search_);
  }

  // The entry costs of the node slots for `unit_size`: slot v's at [v * cost_stride()]; 0 for a
  // node that does not serve the size. O(1).
  [[nodiscard]] const std::uint8_t* node_costs(int unit_size) const noexcept {
    return unit_size <= 1 ? node_cost_.data() : units_.cost.data() + (unit_size - 2);
  }
  [[nodiscard]] std::size_t cost_stride(int unit_size) const noexcept {
    return unit_size > 1 ? units_.extra : 1;
  }

  void compute(const Grid& grid, const GridLayer& layer, const HierarchyOptions& options) {
    options_ = options;
    stamp_.layer = layer;
    stamp_.cols = grid.cols();
    stamp_.rows = grid.rows();
    const int side = options.sector_size;
    sectors_x_ = (stamp_.cols + side - 1) / side;
    sectors_y_ = (stamp_.rows + side - 1) / side;
    sectors_.assign(static_cast<std::size_t>(sectors_x_) * static_cast<std::size_t>(sectors_y_),
                    Sector{});
    node_cell_.clear();
    dist_.clear();
    node_cost_.clear();
    drop_landmarks();
    drop_clusters();
    units_.reset(grid, layer, sectors_.size(), options.max_unit_size);
    search_.reserve(static_cast<std::size_t>(side) * static_cast<std::size_t>(side));
    for (std::uint32_t s = 0; s < sectors_.size(); ++s) build_sector(grid, s);
    node_cell_.shrink_to_fit();
    dist_.shrink_to_fit();
    node_cost_.shrink_to_fit();
    units_.shrink();
    stamp_.record(grid, layer);
  }

  // Rebuilds sector `s` for a sync with landmarks; true when the landmarks stay valid
  // (detail::AbstractLandmarks::kept).
  bool rebuild_sector_keeps_landmarks(const Grid& grid, std::uint32_t s) {
    landmarks_.remember(*this, s);
    build_sector(grid, s);
    return landmarks_.kept(*this, s);
  }

  // build_landmarks without the checks.
  void compute_landmarks(int count) {
    landmarks_.compute(*this, count, clusters_.work);
    if (clusters_.side == 0) clusters_.work = {};  // (sync keeps it only for the clusters)
  }

  // Joins in `sets` the two nodes of every edge of the abstract graph (either direction): every
  // edge inside a sector, and the transitions from a node of sector t into a sector `other`
  // with accept(t, other).
  template <class Accept>
  void join_edges(detail::NodeSets& sets, Accept&& accept) const {
    for (std::uint32_t t = 0; t < sectors_.size(); ++t) {
      const Sector& sec = sectors_[t];
      for (std::uint32_t i = 0; i < sec.count; ++i) {
        const std::uint32_t u = sec.first + i;
        for (std::uint32_t j = i + 1; j < sec.count; ++j)
          if (dist_[sec.dist_first + i * sec.count + j] != kNoPath ||
              dist_[sec.dist_first + j * sec.count + i] != kNoPath)
            sets.join(u, sec.first + j);
        for_each_transition<false>(
            u, cell_of(node_cell_[u]), t, [&](std::uint32_t other) { return accept(t, other); },
            [&](std::uint32_t v, std::uint64_t) { sets.join(u, v); });
      }
    }
  }

  // The checks of build_landmarks and build_clusters: `value` (named `what`) in [lo, hi] and the
  // map current for `grid`; otherwise false and `invalid_argument` naming `fn` and the value.
  [[nodiscard]] bool ready_for(const char* fn, const char* what, int value, int lo, int hi,
                               const Grid& grid, Error* error) const {
    const std::string prefix = std::string("pathing::HierarchyMap::") + fn + ": ";
    if (value < lo || value > hi) {
      detail::report(error, ErrorCode::invalid_argument,
                     prefix + what + " = " + std::to_string(value) + " is outside [" +
                         std::to_string(lo) + ", " + std::to_string(hi) + "]");
      return false;
    }
    if (!is_current(grid, stamp_.layer)) {
      detail::report(error, ErrorCode::invalid_argument,
                     prefix + "the map is not current for this grid (sync it first)");
      return false;
    }
    return true;
  }

  // Calls visit(v, cost) for each transition of node u (cell c, sector t) into a node v of a
  // sector `other` with accept(other); forward, cost = v's cell cost, backward (Backward: the
  // move v -> u), u's; in 1/256 units. Right, down, left, up.
  template <bool Backward, class Accept, class Visit>
  void for_each_transition(std::uint32_t u, GridCoord c, std::uint32_t t, Accept&& accept,
                           Visit&& visit) const {
    const detail::SectorRect r = sector_rect(t);
    const auto row_of_sectors = static_cast<std::uint32_t>(sectors_x_);
    const auto across = [&](GridCoord nb, std::uint32_t other) {
      if (!accept(other)) return;
      const std::uint32_t v = node_at(other, pack(nb));
      if (v == kNoPath) return;
      visit(v, std::uint64_t{Backward ? node_cost_[u] : node_cost_[v]} * detail::kSectorStraight);
    };
    if (c.x == r.x0 + r.w - 1 && c.x + 1 < stamp_.cols) across({c.x + 1, c.y}, t + 1);
    if (c.y == r.y0 + r.h - 1 && c.y + 1 < stamp_.rows) across({c.x, c.y + 1}, t + row_of_sectors);
    if (c.x == r.x0 && c.x > 0) across({c.x - 1, c.y}, t - 1);
    if (c.y == r.y0 && c.y > 0) across({c.x, c.y - 1}, t - row_of_sectors);
  }

  HierarchyOptions options_;
  detail::GridStamp stamp_;  // the grid, version, size and layer it was built from
  int sectors_x_ = 0;
  int sectors_y_ = 0;
  std::vector<Sector> sectors_;
  std::vector<std::uint32_t> node_cell_;  // packed cells, sorted within each sector's slot
  std::vector<std::uint32_t> dist_;       // per sector: count x count matrix, row = from
  std::vector<std::uint8_t> node_cost_;   // per node slot: the layer cost of its cell
  detail::HierarchyUnits units_;          // max_unit_size above 1: the graphs of the sizes above 1
  detail::AbstractLandmarks landmarks_;   // build_landmarks
  detail::HierarchyClusters clusters_;    // build_clusters: the second level
  std::size_t last_sync_sectors_ = 0;
  // Build scratch.
  detail::SectorEntrances entrances_;
  std::vector<std::uint32_t> dirty_;
  detail::SectorSearch search_;
};

static_assert(GridDerived<HierarchyMap>);

}  // namespace pathing
