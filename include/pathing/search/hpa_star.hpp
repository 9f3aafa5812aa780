// pathing: fast grid path-finding. MIT licensed.
//
// HPA*: the search over a `HierarchyMap`, its lazy refinement and its path shortcutting.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/queue/binary_heap.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/precompute/hierarchy/cluster_work.hpp"
#include "pathing/precompute/hierarchy/sector_astar.hpp"
#include "pathing/precompute/hierarchy/sector_search.hpp"
#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/search/query/query_start.hpp"
#include "pathing/search/result.hpp"

namespace pathing {

/// Hierarchical A* (HPA*: Botea, Mueller & Schaeffer 2004) over a `HierarchyMap`;
/// docs/hierarchy.md.
///
/// A query (`plan`) inserts the start and the goal into the abstract graph (a Dijkstra inside the
/// start's sector to its nodes, a backward one inside the goal's sector from its nodes), then runs
/// A* over the abstract graph (h: octile or Manhattan distance times the layer's smallest cost, or
/// the larger of that and the landmarks' bound when the map has landmarks;
/// open list: a binary heap by f, then the larger g, then the smaller node number). The result is
/// the abstract path: the start, the transition cells it crosses, the goal. Refinement turns it
/// into cells one segment at a time (`refine_next`: a Dijkstra inside one sector, or one move
/// across a border), so a unit has its first steps after one segment instead of the whole route
/// (lazy refinement). `find_path` does both, then optionally shortcuts the cells
/// (`set_smoothing`).
///
/// Two levels: on a map with clusters (`HierarchyMap::build_clusters`; `set_clusters`), `plan`
/// inserts the endpoints into the second level instead (a Dijkstra over the abstract graph
/// confined to the start's cluster, from the start's sector search; a backward one in the goal's
/// cluster) and runs the same A* over the level-2 graph (h: the same octile and landmark bounds),
/// whose cheapest path costs exactly what the cheapest abstract path does. Refinement then turns
/// one level-2 segment at a time into abstract waypoints (an A* confined to one cluster, toward
/// the segment's end, or one transition between clusters) just before it refines them into cells,
/// so the first steps need one cluster search, not the whole route (Botea et al., section 5). A
/// start on an impassable cell takes the one-level search.
///
/// Units larger than a cell (HAA*, Harabor & Botea 2008): on a map built with
/// `HierarchyOptions::max_unit_size` K above 1, `SearchOptions::unit_size` k in [1, K] searches
/// the nodes and edges of size k and refines on the map's unit grid k (`map.clearance()`): the
/// path is of anchors (top-left cells of the k x k body), valid on that unit grid, and its cost
/// is the body's (docs/clearance.md), as `AStar` with the same clearance reports it.
///
/// Cost: the path is the cheapest one that crosses sector borders only at transitions, through
/// the sectors' own cells between them; it is never cheaper than the optimum and often dearer
/// (HPA* is near-optimal, not optimal). `PathResult::cost` is the exact cost of the cells
/// returned, as every search reports it. Paths follow the map's connectivity and the corner
/// rule; the start's own cost is ignored, the goal must be passable.
///
/// Memory: 16 bytes an abstract node of the map searched (node records, grown on first use; 16
/// more a node and 16 a level-2 node with clusters) plus the open list and one sector's search
/// scratch (about 13 bytes a sector cell); nothing allocated per query once warm. Complexity:
/// O(side^2 log side) to insert the endpoints (plus O(E_c log V_c) for a cluster of V_c nodes
/// and E_c edges with clusters), O(E log V) for the abstract search over V nodes and E edges (at
/// most the map's, or its level 2's), O(side^2 log side) a refined segment (plus O(E_c log V_c)
/// for each level-2 segment expanded). Thread-safety: one HpaStar per thread; many may search one
/// const map and grid.
class HpaStar {
 public:
  /// A searcher with no memory yet; it grows on first use.
  HpaStar() = default;

  /// Whether `find_path` shortcuts the refined cells, and how far: 0 (the default) leaves them as
  /// refined; w > 0 replaces, greedily from the start, the cells between a cell and one up to w
  /// cells further along the path by a straight digital line (8-connected moves only, every cell
  /// passable, corner rule kept) when that line costs no more (the longest such line from each
  /// cell, looking no further once a line is blocked). The cost never rises. HPA*'s "path
  /// smoothing" step (Botea et al., section 4.4). O(n w) for n cells.
  void set_smoothing(int window) noexcept { smoothing_ = window < 0 ? 0 : window; }
  /// The smoothing window (0: off).
  [[nodiscard]] int smoothing() const noexcept { return smoothing_; }

  /// Whether the abstract search reads the map's landmarks when it has them
  /// (`HierarchyMap::build_landmarks`; default true). Off, it uses the octile bound alone (to
  /// compare, or to keep the search's order of a map without them). The abstract path's cost at
  /// weight 1 is the same either way; ties between equal-cost paths may break differently.
  void set_landmarks(bool use) noexcept { use_landmarks_ = use; }
  /// See `set_landmarks`.
  [[nodiscard]] bool landmarks() const noexcept { return use_landmarks_; }

  /// The abstract search alone: checks the arguments, inserts the endpoints, searches the abstract
  /// graph and keeps the abstract path for `refine_next`. Writes no cells.
  /// @param grid the map; must stay alive and unwritten until refinement ends (a write makes
  ///   later `refine_next` calls answer `stale`).
  /// @param layer move costs (0 = impassable); must be the map's (`map.is_current`).
  /// @param map the hierarchy of `grid` under `layer`.
  /// @param from start cell (its own cost is ignored). @param to goal cell.
  /// @param options connectivity (must be the map's) and limits (`max_expansions` counts abstract
  ///   expansions, level-2 ones with clusters; `max_cost` bounds the abstract cost) and the
  ///   heuristic weight w >= 1 of the abstract search (weighted A*, Pohl 1970: f = g + w h; the
  ///   abstract path then costs at most w times the cheapest abstract path, and far fewer nodes are
  ///   expanded: docs/hierarchy.md); `unit_size` k in [1, `map.max_unit_size()`] (a k x k unit,
  ///   searched on the map's own unit grid k: `SearchOptions::clearance` is not read); region and
  ///   landmark maps and `nearest_if_unreachable` are not supported.
  /// @return `found` with `cost` = the abstract path's cost (the refined path costs the same
  ///   within 1/256 of a unit a move; `moves` 0) and `finish = to`; `unreachable` (no path),
  ///   `expansion_limit`, `cost_limit` with `finish = from` (refinement then gives {from});
  ///   nothing searched, the first check that fails deciding, in the order of every grid
  ///   search's front-end (`detail::start_grid_query`: unit size, options, endpoints):
  ///   `invalid_argument` (a unit size outside [1, `map.max_unit_size()`]), `stale` (the map's
  ///   unit grids not current), `invalid_argument` (weight below 1 or NaN), `stale` (map not
  ///   current), `unsupported` (other connectivity or an unsupported option), `invalid_endpoint`
  ///   (`from` or `to` off the grid). `stats`: expanded = abstract nodes expanded plus the cells
  ///   the two insertion searches expanded (with clusters: level-2 nodes expanded, plus the
  ///   cells and the abstract nodes the insertion searches expanded); generated = abstract (or
  ///   level-2) nodes pushed.
  PathResult plan(const Grid& grid, const GridLayer& layer, const HierarchyMap& map, GridCoord from,
                  GridCoord to, const SearchOptions& options = {}) {
    active_ = false;
    waypoints_.clear();
    next_ = 0;
    l2_path_.clear();
    l2_cells_.clear();
    l2_next_ = 0;
    first_ready_ = false;
    // A unit of size k moves as one cell on the map's unit grid k (body costs, body corner rule).
    const detail::QueryStart q = detail::start_grid_query(
        grid, layer, from, to, nullptr, options, detail::UnitSource{&map.clearance(), false},
        [&](const Grid&, const GridLayer&) { return check(grid, layer, map, options); });
    PathResult r = detail::refused_query(from, q.status);
    if (q.status != SearchStatus::found) return r;
    base_grid_ = &grid;
    base_layer_ = layer;
    plan_version_ = grid.version();
    unit_ = options.unit_size;
    grid_ = q.grid;
    layer_ = *q.layer;
    map_ = &map;
    conn_ = options.connectivity;
    from_ = from;
    to_ = to;
    straight_ = 0;
    diagonal_ = 0;
    refine_expanded_ = 0;
    active_ = true;
    waypoints_.push_back(from);
    if (from == to) {
      r.finish = to;
      return r;
    }
    plan_status_ = SearchStatus::found;
    if (layer_.cost_at(*grid_, to) == 0) {
      r.status = plan_status_ = SearchStatus::unreachable;
      return r;
    }
    // Two levels when the map has clusters (a start on an impassable cell, whose first moves are
    // edges of their own, takes the one-level search).
    r.status = use_clusters_ && map.clusters_.side > 0 && layer_.cost_at(*grid_, from) != 0
                   ? search_clusters(options, r)
                   : search(options, r);
    if (r.status == SearchStatus::found) r.finish = to;
    return r;
  }

  /// Refines the next segment of the planned abstract path, appending its cells to `out` (the
  /// first call appends the start first; earlier contents are kept). Segments are taken in order
  /// from the start.
  /// @return `in_progress` while segments remain, `found` once the goal was appended (then, and
  ///   on later calls, nothing more is appended), `unreachable` / limits: the plan's status after
  ///   appending {from} once; `stale` (nothing appended) when the grid was written since `plan`
  ///   (also after the map was synced: the plan is of the old grid; plan again) or the map
  ///   changed; `invalid_argument` (nothing appended) with no plan.
  /// Complexity: O(side^2 log side). Allocation: none once warm (`out` aside).
  SearchStatus refine_next(std::vector<GridCoord>& out) {
    if (!active_) return SearchStatus::invalid_argument;
    // Written since the plan (even if the map was synced since: the plan is of the old grid).
    if (base_grid_->version() != plan_version_ || !map_->is_current(*base_grid_, base_layer_))
      return SearchStatus::stale;
    // Two levels: the level-2 segments become abstract waypoints as they are needed.
    while (waypoints_.size() < next_ + 2 && l2_next_ + 1 < l2_path_.size())
      expand_cluster_segment();
    if (next_ == 0) {
      out.push_back(from_);
      if (waypoints_.size() < 2) {
        next_ = 1;
        return waypoints_.back() == to_ ? SearchStatus::found : plan_status_;
      }
    }
    if (next_ + 1 >= waypoints_.size())
      return waypoints_.back() == to_ ? SearchStatus::found : plan_status_;
    const GridCoord a = waypoints_[next_];
    const GridCoord b = waypoints_[next_ + 1];
    const std::uint32_t sa = map_->sector_of(a);
    if (sa != map_->sector_of(b)) {  // a transition: one straight move
      add_move(a, b);
      out.push_back(b);
    } else {
      refine_.run(*grid_, layer_, conn_, map_->sector_rect(sa), a, b, refine_expanded_);
      segment_.clear();
      for (GridCoord c = b; c != a; c = refine_.parent(c)) segment_.push_back(c);
      GridCoord p = a;
      for (auto it = segment_.rbegin(); it != segment_.rend(); ++it) {
        add_move(p, *it);
        out.push_back(*it);
        p = *it;
      }
    }
    ++next_;
    return next_ + 1 >= waypoints_.size() && l2_next_ + 1 >= l2_path_.size()
               ? SearchStatus::found
               : SearchStatus::in_progress;
  }

  /// Refines segments until `out` holds at least `min_cells` cells or the path is complete (the
  /// first steps of a unit). Returns the last `refine_next` status.
  SearchStatus refine_until(std::size_t min_cells, std::vector<GridCoord>& out) {
    SearchStatus s = refine_next(out);
    while (s == SearchStatus::in_progress && out.size() < min_cells) s = refine_next(out);
    return s;
  }

  /// The abstract path of the last `plan`: start, transition cells, goal (just the start when
  /// the plan found no path). After a two-level plan (`cluster_path`), the part of it known so
  /// far: refinement fills it in one level-2 segment at a time.
  [[nodiscard]] std::span<const GridCoord> abstract_path() const noexcept { return waypoints_; }

  /// The level-2 path of the last `plan` on a map with clusters: the start, the cells of the
  /// level-2 nodes it crosses (transitions between clusters), the goal; empty after a one-level
  /// plan or when no path was found.
  [[nodiscard]] std::span<const GridCoord> cluster_path() const noexcept { return l2_cells_; }

  /// Whether `plan` searches the map's clusters when it has them (`HierarchyMap::build_clusters`;
  /// default true). The abstract path's cost at weight 1 is the same either way (ties between
  /// equal-cost paths may break differently); with clusters far fewer nodes are expanded.
  void set_clusters(bool use) noexcept { use_clusters_ = use; }
  /// See `set_clusters`.
  [[nodiscard]] bool clusters() const noexcept { return use_clusters_; }

  /// The exact cost (cost units) of the cells refined so far.
  [[nodiscard]] double refined_cost() const noexcept {
    return cost::exact_length(straight_, diagonal_);
  }
  /// Cells expanded by refinement so far.
  [[nodiscard]] std::uint64_t refine_expanded() const noexcept { return refine_expanded_; }

  /// `plan`, then every segment refined into `out` (cleared first; left unchanged when nothing
  /// was searched: `stale`, `unsupported`, `invalid_argument`, `invalid_endpoint`), then the
  /// shortcuts of `set_smoothing`. @return the status of `plan`; `found`: `cost` is the exact cost
  /// of `out`, `moves` its moves; otherwise `out` = {from}, cost 0. `stats.expanded` adds the
  /// refinement's expanded cells.
  PathResult find_path(const Grid& grid, const GridLayer& layer, const HierarchyMap& map,
                       GridCoord from, GridCoord to, std::vector<GridCoord>& out,
                       const SearchOptions& options = {}) {
    PathResult r = plan(grid, layer, map, from, to, options);
    if (!active_) return r;
    out.clear();
    while (refine_next(out) == SearchStatus::in_progress) {
    }
    r.stats.expanded += refine_expanded_;
    if (r.status != SearchStatus::found) {
      r.cost = 0;
      return r;
    }
    if (smoothing_ > 0 && conn_ == Connectivity::eight && out.size() > 2) shortcut(out);
    std::uint64_t straight = 0;
    std::uint64_t diagonal = 0;
    for (std::size_t i = 1; i < out.size(); ++i) {
      const std::uint64_t c = layer_.cost_at(*grid_, out[i]);
      (out[i].x != out[i - 1].x && out[i].y != out[i - 1].y ? diagonal : straight) += c;
    }
    r.cost = cost::exact_length(straight, diagonal);
    r.moves = static_cast<std::uint32_t>(out.size() - 1);
    return r;
  }

  /// Bytes of working memory held.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return nodes_.capacity() * sizeof(NodeRecord) + open_.capacity() * sizeof(OpenEntry) +
           search_.bytes() + refine_.bytes() +
           (start_cost_.capacity() + goal_cost_.capacity()) * 4 +
           (waypoints_.capacity() + segment_.capacity()) * sizeof(GridCoord) +
           prefix_.capacity() * 8 + line_.capacity() * sizeof(GridCoord) + cluster_.bytes() +
           l2_records_.capacity() * sizeof(NodeRecord) +
           (l2_path_.capacity() + segment_ids_.capacity()) * 4 +
           l2_cells_.capacity() * sizeof(GridCoord) +
           (start_l2_.capacity() + goal_l2_.capacity()) * 8;
  }

 private:
  struct OpenEntry {
    std::uint64_t f;
    std::uint64_t g;
    std::uint32_t id;
    std::uint32_t sector;  // of the node (the goal's sector for the goal)
  };
  struct NodeRecord {
    std::uint64_t g;
    std::uint32_t parent;
    std::uint32_t stamp;  // open_mark or closed_mark of the query that last touched it
  };
  struct Earlier {  // the open list's order: smaller f, then larger g, then smaller id first
    bool operator()(const OpenEntry& a, const OpenEntry& b) const noexcept {
      if (a.f != b.f) return a.f < b.f;
      if (a.g != b.g) return a.g > b.g;
      return a.id < b.id;
    }
  };
  static constexpr std::uint32_t kNone = HierarchyMap::kNoPath;
  static constexpr std::uint32_t kLastGeneration = 0xFFFFFFF0u;

  // The options step of the front-end (`detail::start_grid_query`, which checks the weight, the
  // unit size against the map's clearance map, the endpoints): `stale` unless the map is current
  // for the caller's (grid, layer); `unsupported` for another connectivity than the map's, region
  // or landmark maps, or `nearest_if_unreachable`.
  static SearchStatus check(const Grid& grid, const GridLayer& layer, const HierarchyMap& map,
                            const SearchOptions& o) noexcept {
    if (!map.is_current(grid, layer)) return SearchStatus::stale;
    if (o.connectivity != map.options().connectivity || o.regions != nullptr ||
        o.landmarks != nullptr || o.nearest_if_unreachable)
      return SearchStatus::unsupported;
    return SearchStatus::found;
  }

  [[nodiscard]] std::uint64_t heuristic(GridCoord c) const noexcept { return bound(c, to_); }

  // The octile (4-connected: Manhattan) distance from c to t times the layer's smallest cost, in
  // 1/256 units: a consistent lower bound on every abstract and level-2 distance.
  [[nodiscard]] std::uint64_t bound(GridCoord c, GridCoord t) const noexcept {
    const std::uint64_t dx = static_cast<std::uint64_t>(std::abs(c.x - t.x));
    const std::uint64_t dy = static_cast<std::uint64_t>(std::abs(c.y - t.y));
    if (conn_ == Connectivity::four) return (dx + dy) * detail::kSectorStraight * min_cost_;
    const std::uint64_t lo = std::min(dx, dy);
    const std::uint64_t hi = std::max(dx, dy);
    return (hi * detail::kSectorStraight +
            lo * (detail::kSectorDiagonal - detail::kSectorStraight)) *
           min_cost_;
  }

  // The landmarks' distances of the goal (HierarchyMap::build_landmarks), through the nodes b of
  // its sector that reach it inside the sector at cost gc(b) (goal_cost_): every path to the goal
  // ends with such a move, so d(n, goal) = min over b of d(n, b) + gc(b), and
  //   d(L, goal) = min over b of d(L, b) + gc(b) (goal_from_: the exact distance);
  //   d(n, goal) >= d(n, L) - max over b of (d(b, L) - gc(b)) (goal_to_: the max), from the
  //   triangle inequality d(n, L) <= d(n, b) + d(b, L) in the abstract graph.
  // Both hold on any graph the map holds (a loaded one too), with no symmetry assumed, and each
  // term is consistent (a move n -> m changes it by at most the move's cost; a move b -> goal by
  // at most gc(b)). kNoDistance / kNoBound where a term is unknown for the query.
  void landmark_goal(const HierarchyMap::Sector& g_sec) {
    const HierarchyMap& map = *map_;
    const std::size_t k = lm_count_;
    const std::uint32_t* to_table =
        map.landmarks_.symmetric ? map.landmarks_.from.data() : map.landmarks_.to.data();
    std::fill(goal_from_.begin(), goal_from_.begin() + static_cast<std::ptrdiff_t>(k), kNoDistance);
    std::fill(goal_to_.begin(), goal_to_.begin() + static_cast<std::ptrdiff_t>(k),
              std::numeric_limits<std::int64_t>::min());
    bool any = false;
    for (std::uint32_t j = 0; j < g_sec.count; ++j) {
      if (goal_cost_[j] == kNone) continue;
      any = true;
      const std::size_t row = std::size_t{g_sec.first + j} * k;
      const std::uint32_t* f = map.landmarks_.from.data() + row;
      const std::uint32_t* t = to_table + row;
      for (std::size_t l = 0; l < k; ++l) {
        if (f[l] != kNone)
          goal_from_[l] = std::min(goal_from_[l], std::uint64_t{f[l]} + goal_cost_[j]);
        if (t[l] == kNone) {
          goal_to_[l] = kNoBound;  // a node that cannot reach L: no bound through it
        } else if (goal_to_[l] != kNoBound) {
          goal_to_[l] = std::max(goal_to_[l], std::int64_t{t[l]} - std::int64_t{goal_cost_[j]});
        }
      }
    }
    if (!any)
      std::fill(goal_to_.begin(), goal_to_.begin() + static_cast<std::ptrdiff_t>(k), kNoBound);
  }

  // The landmarks' lower bound on the abstract distance from node `id` to the goal: max over L of
  // d(L, goal) - d(L, id) and d(id, L) - goal_to_ (landmark_goal; 0 where a term is unknown).
  [[nodiscard]] std::uint64_t landmark_bound(std::uint32_t id) const noexcept {
    const HierarchyMap& map = *map_;
    const std::size_t k = lm_count_;
    const std::size_t row = std::size_t{id} * k;
    const std::uint32_t* f = map.landmarks_.from.data() + row;
    const std::uint32_t* t =
        (map.landmarks_.symmetric ? map.landmarks_.from.data() : map.landmarks_.to.data()) + row;
    std::int64_t best = 0;
    for (std::size_t l = 0; l < k; ++l) {
      if (f[l] != kNone && goal_from_[l] != kNoDistance)
        best = std::max(best, static_cast<std::int64_t>(goal_from_[l]) - std::int64_t{f[l]});
      if (t[l] != kNone && goal_to_[l] != kNoBound)
        best = std::max(best, std::int64_t{t[l]} - goal_to_[l]);
    }
    return static_cast<std::uint64_t>(best);
  }

  // w h for the weight of the query (saturating at 2^62; exact for w = 1).
  [[nodiscard]] std::uint64_t weighted(std::uint64_t h) const noexcept {
    if (weight_ == 1.0) return h;
    const double v = weight_ * static_cast<double>(h);
    return v >= 4.6e18 ? std::uint64_t{1} << 62 : static_cast<std::uint64_t>(v);
  }

  void add_move(GridCoord p, GridCoord q) noexcept {
    const std::uint64_t c = layer_.cost_at(*grid_, q);
    (p.x != q.x && p.y != q.y ? diagonal_ : straight_) += c;
  }

  // Sizes `records` for `slots` node numbers and returns the open and closed marks of a new
  // search (clearing every stamp when the generation is about to wrap).
  static std::pair<std::uint32_t, std::uint32_t> new_marks(std::vector<NodeRecord>& records,
                                                           std::size_t slots,
                                                           std::uint32_t& generation) {
    if (records.size() < slots) records.resize(slots, NodeRecord{0, 0, 0});
    if (generation >= kLastGeneration) {
      for (NodeRecord& rec : records) rec.stamp = 0;
      generation = 0;
    }
    const std::uint32_t open_mark = ++generation;
    return {open_mark, ++generation};
  }

  // The endpoints' sector searches, shared by both searches: start_cost_ (start -> the nodes of
  // its sector), direct_ (start -> goal when they share a sector), goal_cost_ (the nodes of the
  // goal's sector -> goal) and the landmarks' goal terms. Returns the cells expanded.
  std::uint64_t insert_endpoints(const SearchOptions& options) {
    const HierarchyMap& map = *map_;
    const Grid& grid = *grid_;
    min_cost_ = layer_.min_passable_cost();
    weight_ = options.weight;
    const std::uint32_t ss = map.sector_of(from_);
    const std::uint32_t gs = map.sector_of(to_);
    goal_sector_ = gs;
    const HierarchyMap::Sector& s_sec = map.sectors_[ss];
    const HierarchyMap::Sector& g_sec = map.sectors_[gs];
    std::uint64_t expanded = search_.run<false>(grid, layer_, conn_, map.sector_rect(ss), from_);
    start_cost_.resize(s_sec.count);
    for (std::uint32_t k = 0; k < s_sec.count; ++k)
      start_cost_[k] = search_.dist(map.cell_of(map.node_cell_[s_sec.first + k]));
    direct_ = ss == gs ? search_.dist(to_) : kNone;
    expanded += search_.run<true>(grid, layer_, conn_, map.sector_rect(gs), to_);
    goal_cost_.resize(g_sec.count);
    for (std::uint32_t k = 0; k < g_sec.count; ++k)
      goal_cost_[k] = search_.dist(map.cell_of(map.node_cell_[g_sec.first + k]));
    lm_count_ = use_landmarks_ ? static_cast<std::size_t>(map.landmarks_.count) : 0;
    if (lm_count_ > 0) landmark_goal(g_sec);
    return expanded;
  }

  // The A* loop of both searches over `records` (open_ holds the start): pops by f, skips stale
  // entries, stops at the goal or a limit, closes and counts the node, then expand(entry).
  template <class Expand>
  SearchStatus run_astar(std::vector<NodeRecord>& records, std::uint32_t closed_mark,
                         std::uint32_t goal_id, const SearchOptions& options,
                         std::uint64_t& expanded, Expand&& expand) {
    const std::uint64_t max_cost =
        options.limits.max_cost == std::numeric_limits<double>::infinity()
            ? ~std::uint64_t{0}
            : static_cast<std::uint64_t>(std::max(0.0, options.limits.max_cost) * 256.0);
    while (!open_.empty()) {
      const OpenEntry e = open_.pop();
      NodeRecord& rec = records[e.id];
      if (rec.stamp == closed_mark || e.g != rec.g) continue;
      if (e.id == goal_id) return SearchStatus::found;
      if (e.g > max_cost) return SearchStatus::cost_limit;
      if (expanded >= options.limits.max_expansions) return SearchStatus::expansion_limit;
      rec.stamp = closed_mark;
      ++expanded;
      expand(e);
    }
    return SearchStatus::unreachable;
  }

  SearchStatus search(const SearchOptions& options, PathResult& r);

  // The forward insertion of a two-level query: a Dijkstra from the start (seeded with the costs
  // of the start's sector search, and the direct path when the goal shares that sector) over the
  // abstract graph confined to the start's cluster, into cluster_; stops once `target` is settled
  // (kNone: never). Node numbers: the map's, then start (slots) and goal (slots + 1).
  void start_search(std::uint32_t target) {
    const HierarchyMap& map = *map_;
    const auto n = static_cast<std::uint32_t>(map.node_cell_.size());
    const HierarchyMap::Sector& s_sec = map.sectors_[map.sector_of(from_)];
    cluster_.begin(std::size_t{n} + 2);
    for (std::uint32_t k = 0; k < s_sec.count; ++k)
      if (start_cost_[k] != kNone) cluster_.relax(s_sec.first + k, start_cost_[k], n);
    if (direct_ != kNone) cluster_.relax(n + 1, direct_, n);
    map.clusters_.dijkstra<false>(map, cluster_, start_cluster_, target, goal_edges());
  }

  // The edges into the goal of a forward cluster search: from each node of the goal's sector that
  // reaches it inside the sector (goal_cost_).
  struct GoalEdges {
    HpaStar* self;
    void operator()(std::uint32_t u, std::uint64_t g) const {
      const HierarchyMap& map = *self->map_;
      const HierarchyMap::Sector& g_sec = map.sectors_[self->goal_sector_];
      if (u < g_sec.first || u >= g_sec.first + g_sec.count) return;
      const std::uint32_t c = self->goal_cost_[u - g_sec.first];
      if (c != kNone)
        self->cluster_.relax(static_cast<std::uint32_t>(map.node_cell_.size()) + 1, g + c, u);
    }
  };
  [[nodiscard]] GoalEdges goal_edges() noexcept { return GoalEdges{this}; }

  // The two-level search (HierarchyMap::build_clusters): the endpoints' sector searches as in
  // `search`, a backward cluster search from the goal (its cluster's level-2 nodes' distances to
  // the goal), a forward one from the start, then A* over the level-2 graph (h as `search`: the
  // octile bound and the landmarks' bound of the level-2 node's abstract node, both below the
  // level-2 distance, which is never below the abstract one). Keeps the level-2 path (l2_path_:
  // level-2 slots, start = slots, goal = slots + 1) for expand_cluster_segment.
  SearchStatus search_clusters(const SearchOptions& options, PathResult& r);

  // Turns the next level-2 segment of l2_path_ into abstract waypoints: a transition between
  // clusters is one waypoint; a segment inside a cluster, the abstract nodes of a cluster search
  // from its first node to its last (the start's segment reads the forward insertion's records
  // while they last).
  void expand_cluster_segment();

  // The edges of an impassable start out of its sector: for each legal first move into another
  // sector, a search of that sector from the cell entered; pushes its nodes (and the goal) and
  // records the cell entered for the abstract path. Returns the cells expanded.
  template <class Push>
  std::uint64_t blocked_start_exits(Push& push, std::uint32_t gs, std::uint32_t goal_id);

  // Shortcutting (set_smoothing): see its comment.
  void shortcut(std::vector<GridCoord>& cells);

  // The k-th cell (1 <= k <= steps) of the digital line from a to b, steps = max(|dx|, |dy|).
  static GridCoord line_at(GridCoord a, GridCoord b, std::int64_t k, std::int64_t steps) noexcept {
    const std::int64_t dx = b.x - a.x;
    const std::int64_t dy = b.y - a.y;
    const auto off = [&](std::int64_t d) {
      const std::int64_t m = d < 0 ? -d : d;
      const std::int64_t v = (2 * k * m + steps) / (2 * steps);
      return static_cast<int>(d < 0 ? -v : v);
    };
    return {a.x + off(dx), a.y + off(dy)};
  }

  // The cost (fixed point) of the digital line from a to b, or kInfinite when a cell is
  // impassable or a diagonal step cuts a corner.
  [[nodiscard]] std::uint64_t line_cost(GridCoord a, GridCoord b) const noexcept {
    const std::int64_t steps = std::max(std::abs(b.x - a.x), std::abs(b.y - a.y));
    std::uint64_t total = 0;
    GridCoord p = a;
    for (std::int64_t k = 1; k <= steps; ++k) {
      const GridCoord q = line_at(a, b, k, steps);
      const std::uint64_t c = layer_.cost_at(*grid_, q);
      if (c == 0) return cost::kInfinite;
      if (p.x != q.x && p.y != q.y) {
        if (layer_.cost_at(*grid_, {q.x, p.y}) == 0 || layer_.cost_at(*grid_, {p.x, q.y}) == 0)
          return cost::kInfinite;
        total += c * cost::kDiagonal;
      } else {
        total += c * cost::kStraight;
      }
      p = q;
    }
    return total;
  }

  void line_cells(GridCoord a, GridCoord b) {
    const std::int64_t steps = std::max(std::abs(b.x - a.x), std::abs(b.y - a.y));
    line_.clear();
    for (std::int64_t k = 1; k <= steps; ++k) line_.push_back(line_at(a, b, k, steps));
  }

  static constexpr int kMaxMisses = 8;  // dearer lines in a row before a cell stops looking

  // Query state. grid_ and layer_ are what the query searches (a unit grid and the unit layer for
  // a unit larger than a cell), base_grid_ and base_layer_ the caller's (the map's staleness).
  const Grid* grid_ = nullptr;
  const HierarchyMap* map_ = nullptr;
  GridLayer layer_;
  const Grid* base_grid_ = nullptr;
  GridLayer base_layer_;
  std::uint64_t plan_version_ = 0;  // base_grid_'s version at the plan
  int unit_ = 1;
  Connectivity conn_ = Connectivity::eight;
  GridCoord from_;
  GridCoord to_;
  std::uint8_t min_cost_ = 1;
  bool active_ = false;
  SearchStatus plan_status_ = SearchStatus::found;
  std::size_t next_ = 0;
  std::uint64_t straight_ = 0;
  std::uint64_t diagonal_ = 0;
  std::uint64_t refine_expanded_ = 0;
  int smoothing_ = 0;
  double weight_ = 1.0;
  bool use_landmarks_ = true;
  bool use_clusters_ = true;
  // Two-level query state (search_clusters).
  std::uint32_t direct_ = kNone;  // start -> goal inside their shared sector
  std::uint32_t goal_sector_ = 0;
  std::uint32_t start_cluster_ = 0;
  bool first_ready_ = false;            // cluster_ holds the forward insertion
  std::size_t l2_next_ = 0;             // next level-2 segment to expand
  std::vector<std::uint32_t> l2_path_;  // level-2 slots, start = slots, goal = slots + 1
  std::vector<GridCoord> l2_cells_;
  std::vector<std::uint64_t> start_l2_;
  std::vector<std::uint64_t> goal_l2_;
  std::vector<std::uint32_t> segment_ids_;
  std::vector<NodeRecord> l2_records_;
  std::uint32_t l2_generation_ = 0;
  detail::ClusterWork cluster_;
  std::size_t lm_count_ = 0;  // landmarks the query reads (0: octile bound alone)
  static constexpr std::uint64_t kNoDistance = ~std::uint64_t{0};
  std::array<std::uint64_t, HierarchyMap::kMaxLandmarks> goal_from_{};
  static constexpr std::int64_t kNoBound = std::numeric_limits<std::int64_t>::max();
  std::array<std::int64_t, HierarchyMap::kMaxLandmarks> goal_to_{};
  // Workspace.
  std::vector<NodeRecord> nodes_;
  std::uint32_t generation_ = 0;
  detail::BinaryHeap<OpenEntry, Earlier, 4> open_;
  struct Exit {
    std::uint32_t id;
    GridCoord via;
  };
  std::vector<Exit> exits_;  // edges of an impassable start: the node reached, the cell entered
  std::vector<std::uint32_t> start_cost_;
  std::vector<std::uint32_t> goal_cost_;
  std::vector<GridCoord> waypoints_;
  std::vector<GridCoord> segment_;
  std::vector<std::uint64_t> prefix_;
  std::vector<GridCoord> line_;
  detail::SectorSearch search_;
  detail::SectorAStar refine_;
};

inline SearchStatus HpaStar::search(const SearchOptions& options, PathResult& r) {
  const HierarchyMap& map = *map_;
  const Grid& grid = *grid_;
  const auto n = static_cast<std::uint32_t>(map.node_cell_.size());
  const std::uint32_t start_id = n;
  const std::uint32_t goal_id = n + 1;
  const auto marks = new_marks(nodes_, std::size_t{n} + 2, generation_);
  // (Not a structured binding: clang 14 cannot capture those in a lambda.)
  const std::uint32_t open_mark = marks.first;
  const std::uint32_t closed_mark = marks.second;
  std::uint64_t expanded = insert_endpoints(options);
  const std::uint32_t ss = map.sector_of(from_);
  const std::uint32_t gs = goal_sector_;
  const HierarchyMap::Sector& s_sec = map.sectors_[ss];
  const std::uint32_t direct = direct_;
  const std::uint8_t* entry_costs = map.node_costs(unit_);
  const std::size_t cost_stride = map.cost_stride(unit_);

  open_.clear();
  exits_.clear();
  const auto push = [&](std::uint32_t id, std::uint64_t g, std::uint32_t from_id,
                        std::uint32_t packed, std::uint32_t sector) PATHING_ALWAYS_INLINE {
    NodeRecord& rec = nodes_[id];
    if (rec.stamp == closed_mark) return false;
    if (rec.stamp == open_mark && rec.g <= g) return false;
    rec.stamp = open_mark;
    rec.g = g;
    rec.parent = from_id;
    std::uint64_t h = heuristic(HierarchyMap::cell_of(packed));
    if (lm_count_ > 0 && id < n) h = std::max(h, landmark_bound(id));
    open_.push({g + weighted(h), g, id, sector});
    ++r.stats.generated;
    return true;
  };
  const std::uint32_t to_packed = HierarchyMap::pack(to_);
  push(start_id, 0, kNone, HierarchyMap::pack(from_), ss);
  std::uint64_t abstract_expanded = 0;
  const SearchStatus status = run_astar(
      nodes_, closed_mark, goal_id, options, abstract_expanded,
      [&](const OpenEntry& e) PATHING_ALWAYS_INLINE {
        if (e.id == start_id) {
          for (std::uint32_t k = 0; k < s_sec.count; ++k)
            if (start_cost_[k] != kNone && entry_costs[(s_sec.first + k) * cost_stride] != 0)
              push(s_sec.first + k, start_cost_[k], start_id, map.node_cell_[s_sec.first + k], ss);
          if (direct != kNone) push(goal_id, direct, start_id, to_packed, gs);
          // A start on an impassable cell is on no transition: its moves out of its sector are
          // edges of their own, to the nodes the cell entered reaches inside its sector.
          if (layer_.cost_at(grid, from_) == 0) expanded += blocked_start_exits(push, gs, goal_id);
          return;
        }
        const std::uint32_t t = e.sector;
        const GridCoord c = HierarchyMap::cell_of(map.node_cell_[e.id]);
        const HierarchyMap::Sector& sec = map.sectors_[t];
        const std::uint32_t i = e.id - sec.first;
        const std::uint32_t* row = map.dist_.data() + sec.dist_first + i * sec.count;
        // The transitions: the straight neighbours of c across its sector's border (right, down,
        // left, up; all four on a sector one cell wide and high).
        const detail::SectorRect rect = map.sector_rect(t);
        const auto row_of_sectors = static_cast<std::uint32_t>(map.sectors_x_);
        GridCoord across_cell[4];
        std::uint32_t across_sector[4];
        int across_count = 0;
        const auto add_across = [&](GridCoord nb, std::uint32_t u) {
          across_cell[across_count] = nb;
          across_sector[across_count++] = u;
          PATHING_PREFETCH(&map.sectors_[u]);
        };
        if (c.x == rect.x0 + rect.w - 1 && c.x + 1 < grid.cols()) add_across({c.x + 1, c.y}, t + 1);
        if (c.y == rect.y0 + rect.h - 1 && c.y + 1 < grid.rows())
          add_across({c.x, c.y + 1}, t + row_of_sectors);
        if (c.x == rect.x0 && c.x > 0) add_across({c.x - 1, c.y}, t - 1);
        if (c.y == rect.y0 && c.y > 0) add_across({c.x, c.y - 1}, t - row_of_sectors);
        // What the pushes below read, fetched ahead so that the misses overlap: the sector's node
        // records and landmark rows.
        detail::prefetch_bytes(nodes_.data() + sec.first, sec.count * sizeof(NodeRecord));
        if (lm_count_ > 0) {
          const std::size_t bytes = sec.count * lm_count_ * sizeof(std::uint32_t);
          detail::prefetch_bytes(map.landmarks_.from.data() + std::size_t{sec.first} * lm_count_,
                                 bytes);
          if (!map.landmarks_.symmetric)
            detail::prefetch_bytes(map.landmarks_.to.data() + std::size_t{sec.first} * lm_count_,
                                   bytes);
        }
        if (unit_ == 1) {
          for (std::uint32_t j = 0; j < sec.count; ++j)
            if (j != i && row[j] != kNone)
              push(sec.first + j, e.g + row[j], e.id, map.node_cell_[sec.first + j], t);
        } else {  // a unit's own graph: the sector's nodes serving its size
          const detail::HierarchyUnits::UnitSector& us = map.units_.sector(t, unit_);
          const std::uint32_t p = map.units_.position(e.id, unit_);
          const std::uint32_t* unit_row = map.units_.dist.data() + us.dist_first + p * us.count;
          const std::uint16_t* list = map.units_.list.data() + us.list_first;
          for (std::uint32_t j = 0; j < us.count; ++j) {
            const std::uint32_t v = sec.first + list[j];
            if (j != p && unit_row[j] != kNone)
              push(v, e.g + unit_row[j], e.id, map.node_cell_[v], t);
          }
        }
        if (t == gs && goal_cost_[i] != kNone)
          push(goal_id, e.g + goal_cost_[i], e.id, to_packed, gs);
        // Entering the node across costs its cell's cost, which the map keeps beside the node
        // (node_cost_): no read of the grid.
        for (int a = 0; a < across_count; ++a) {
          const std::uint32_t packed = HierarchyMap::pack(across_cell[a]);
          const std::uint32_t v = map.node_at(across_sector[a], packed);
          if (v == kNone) continue;
          const std::uint64_t enter = entry_costs[v * cost_stride];
          if (enter == 0) continue;  // a unit's body does not fit there
          push(v, e.g + enter * detail::kSectorStraight, e.id, packed, across_sector[a]);
        }
      });
  r.stats.expanded = expanded + abstract_expanded;
  plan_status_ = status;
  if (status != SearchStatus::found) return status;
  r.cost = static_cast<double>(nodes_[goal_id].g) / static_cast<double>(detail::kSectorStraight);
  // The abstract path, goal back to start, then reversed.
  for (std::uint32_t id = goal_id; id != start_id; id = nodes_[id].parent) {
    waypoints_.push_back(id == goal_id ? to_ : map.cell_of(map.node_cell_[id]));
    if (nodes_[id].parent != start_id) continue;
    for (auto it = exits_.rbegin(); it != exits_.rend(); ++it) {
      if (it->id == id) {
        waypoints_.push_back(it->via);
        break;
      }
    }
  }
  std::reverse(waypoints_.begin() + 1, waypoints_.end());
  // A start or goal that is itself a node appears twice; keep one.
  waypoints_.erase(std::unique(waypoints_.begin(), waypoints_.end()), waypoints_.end());
  return status;
}

inline SearchStatus HpaStar::search_clusters(const SearchOptions& options, PathResult& r) {
  const HierarchyMap& map = *map_;
  const detail::HierarchyClusters& level2 = map.clusters_;
  const auto n = static_cast<std::uint32_t>(map.node_cell_.size());
  const auto n2 = static_cast<std::uint32_t>(level2.node.size());
  const std::uint32_t start2 = n2;
  const std::uint32_t goal2 = n2 + 1;
  std::uint64_t expanded = insert_endpoints(options);
  const std::uint32_t gs = goal_sector_;
  start_cluster_ = level2.of_sector(map.sector_of(from_));
  const std::uint32_t kg = level2.of_sector(gs);
  const HierarchyMap::Sector& g_sec = map.sectors_[gs];
  // The goal's cluster, backward: d(v, goal) for its level-2 nodes v.
  cluster_.expanded = 0;
  cluster_.begin(std::size_t{n} + 2);
  for (std::uint32_t k = 0; k < g_sec.count; ++k)
    if (goal_cost_[k] != kNone) cluster_.relax(g_sec.first + k, goal_cost_[k], n + 1);
  level2.dijkstra<true>(map, cluster_, kg, kNone, [](std::uint32_t, std::uint64_t) {});
  const detail::HierarchyClusters::Cluster& g_cl = level2.list[kg];
  goal_l2_.resize(g_cl.count);
  for (std::uint32_t i = 0; i < g_cl.count; ++i) {
    const std::uint32_t v = level2.node[g_cl.first + i];
    goal_l2_[i] = cluster_.settled(v) ? cluster_.records[v].g : kNoDistance;
  }
  // The start's cluster, forward: d(start, v); its records stay for the first segment.
  start_search(kNone);
  const detail::HierarchyClusters::Cluster& s_cl = level2.list[start_cluster_];
  start_l2_.resize(s_cl.count);
  for (std::uint32_t i = 0; i < s_cl.count; ++i) {
    const std::uint32_t v = level2.node[s_cl.first + i];
    start_l2_[i] = cluster_.settled(v) ? cluster_.records[v].g : kNoDistance;
  }
  const std::uint64_t start_goal =
      cluster_.settled(n + 1) ? cluster_.records[n + 1].g : kNoDistance;
  expanded += cluster_.expanded;
  first_ready_ = true;

  // A* over level 2.
  const auto marks = new_marks(l2_records_, std::size_t{n2} + 2, l2_generation_);
  const std::uint32_t open_mark = marks.first;
  const std::uint32_t closed_mark = marks.second;
  open_.clear();
  // id: a level-2 slot (or start2 / goal2); node: its abstract node (kNone for start and goal).
  const auto push = [&](std::uint32_t id, std::uint64_t g, std::uint32_t from_id,
                        std::uint32_t node, std::uint32_t cluster) PATHING_ALWAYS_INLINE {
    NodeRecord& rec = l2_records_[id];
    if (rec.stamp == closed_mark) return;
    if (rec.stamp == open_mark && rec.g <= g) return;
    rec.stamp = open_mark;
    rec.g = g;
    rec.parent = from_id;
    std::uint64_t h = 0;
    if (node != kNone) {
      h = heuristic(HierarchyMap::cell_of(map.node_cell_[node]));
      if (lm_count_ > 0) h = std::max(h, landmark_bound(node));
    } else if (id == start2) {
      h = heuristic(from_);
    }
    open_.push({g + weighted(h), g, id, cluster});
    ++r.stats.generated;
  };
  push(start2, 0, kNone, kNone, start_cluster_);
  std::uint64_t abstract_expanded = 0;
  const SearchStatus status = run_astar(
      l2_records_, closed_mark, goal2, options, abstract_expanded,
      [&](const OpenEntry& e) PATHING_ALWAYS_INLINE {
        if (e.id == start2) {
          for (std::uint32_t i = 0; i < s_cl.count; ++i)
            if (start_l2_[i] != kNoDistance)
              push(s_cl.first + i, start_l2_[i], start2, level2.node[s_cl.first + i],
                   start_cluster_);
          if (start_goal != kNoDistance) push(goal2, start_goal, start2, kNone, kg);
          return;
        }
        const std::uint32_t k = e.sector;
        const detail::HierarchyClusters::Cluster& cl = level2.list[k];
        const std::uint32_t i = e.id - cl.first;
        const std::uint64_t* row = level2.dist.data() + cl.dist_first + std::size_t{i} * cl.count;
        for (std::uint32_t j = 0; j < cl.count; ++j)
          if (j != i && row[j] != HierarchyMap::kNoClusterPath)
            push(cl.first + j, e.g + row[j], e.id, level2.node[cl.first + j], k);
        if (k == kg && goal_l2_[i] != kNoDistance) push(goal2, e.g + goal_l2_[i], e.id, kNone, kg);
        const std::uint32_t u = level2.node[e.id];
        const GridCoord c = HierarchyMap::cell_of(map.node_cell_[u]);
        map.for_each_transition<false>(
            u, c, map.sector_of(c),
            [&](std::uint32_t other) { return level2.of_sector(other) != k; },
            [&](std::uint32_t v, std::uint64_t cost) {
              const std::uint32_t v2 = level2.slot_of[v];
              if (v2 == kNone) return;  // (never on a map built or synced by HierarchyMap)
              push(v2, e.g + cost, e.id, v,
                   map.cluster_of(HierarchyMap::cell_of(map.node_cell_[v])));
            });
      });
  r.stats.expanded = expanded + abstract_expanded;
  plan_status_ = status;
  if (status != SearchStatus::found) return status;
  r.cost = static_cast<double>(l2_records_[goal2].g) / static_cast<double>(detail::kSectorStraight);
  for (std::uint32_t id = goal2; id != kNone; id = l2_records_[id].parent) l2_path_.push_back(id);
  std::reverse(l2_path_.begin(), l2_path_.end());
  for (const std::uint32_t id : l2_path_)
    l2_cells_.push_back(id == start2  ? from_
                        : id == goal2 ? to_
                                      : HierarchyMap::cell_of(map.node_cell_[level2.node[id]]));
  return status;
}

inline void HpaStar::expand_cluster_segment() {
  const HierarchyMap& map = *map_;
  const auto n = static_cast<std::uint32_t>(map.node_cell_.size());
  const auto n2 = static_cast<std::uint32_t>(map.clusters_.node.size());
  const std::uint32_t p = l2_path_[l2_next_];
  const std::uint32_t q = l2_path_[l2_next_ + 1];
  ++l2_next_;
  const std::uint32_t target = q == n2 + 1 ? n + 1 : map.clusters_.node[q];
  const std::uint64_t before = cluster_.expanded;
  std::uint32_t source = n;
  if (p == n2) {
    if (!first_ready_) start_search(target);
  } else {
    source = map.clusters_.node[p];
    const std::uint32_t k = map.cluster_of(HierarchyMap::cell_of(map.node_cell_[source]));
    if (q != n2 + 1 &&
        map.cluster_of(HierarchyMap::cell_of(map.node_cell_[target])) != k) {  // a transition
      waypoints_.push_back(HierarchyMap::cell_of(map.node_cell_[target]));
      return;
    }
    // A* toward the segment's end (the octile bound: consistent, so the first time the end is
    // settled its cost is the level-2 edge's).
    const GridCoord end = target == n + 1 ? to_ : HierarchyMap::cell_of(map.node_cell_[target]);
    cluster_.begin(std::size_t{n} + 2);
    cluster_.relax(source, 0, kNone);
    map.clusters_.dijkstra<false>(map, cluster_, k, target, goal_edges(),
                                  [&](GridCoord c) { return bound(c, end); });
  }
  first_ready_ = false;
  refine_expanded_ += cluster_.expanded - before;
  if (!cluster_.settled(target)) {  // (never: the level-2 edge came from this very search)
    l2_next_ = l2_path_.size();
    plan_status_ = SearchStatus::unreachable;
    return;
  }
  segment_ids_.clear();
  for (std::uint32_t id = target; id != source; id = cluster_.records[id].parent)
    segment_ids_.push_back(id);
  for (auto it = segment_ids_.rbegin(); it != segment_ids_.rend(); ++it) {
    const GridCoord c = *it == n + 1 ? to_ : HierarchyMap::cell_of(map.node_cell_[*it]);
    if (c != waypoints_.back()) waypoints_.push_back(c);
  }
}

template <class Push>
inline std::uint64_t HpaStar::blocked_start_exits(Push& push, std::uint32_t gs,
                                                  std::uint32_t goal_id) {
  const HierarchyMap& map = *map_;
  const Grid& grid = *grid_;
  const std::uint32_t ss = map.sector_of(from_);
  const std::uint32_t start_id = goal_id - 1;
  std::uint64_t expanded = 0;
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      if ((dx == 0 && dy == 0) || (conn_ == Connectivity::four && dx != 0 && dy != 0)) continue;
      const GridCoord nb{from_.x + dx, from_.y + dy};
      if (!grid.in_bounds(nb) || map.sector_of(nb) == ss) continue;
      const std::uint64_t c = layer_.cost_at(grid, nb);
      if (c == 0) continue;
      if (dx != 0 && dy != 0 &&
          (layer_.cost_at(grid, {nb.x, from_.y}) == 0 ||
           layer_.cost_at(grid, {from_.x, nb.y}) == 0))
        continue;
      const std::uint64_t first =
          c * (dx != 0 && dy != 0 ? detail::kSectorDiagonal : detail::kSectorStraight);
      const std::uint32_t u = map.sector_of(nb);
      expanded += search_.run<false>(grid, layer_, conn_, map.sector_rect(u), nb);
      const HierarchyMap::Sector& sec = map.sectors_[u];
      for (std::uint32_t k = 0; k < sec.count; ++k) {
        const GridCoord cell = map.cell_of(map.node_cell_[sec.first + k]);
        const std::uint32_t d = search_.dist(cell);
        if (d != kNone && map.node_costs(unit_)[(sec.first + k) * map.cost_stride(unit_)] != 0 &&
            push(sec.first + k, first + d, start_id, map.node_cell_[sec.first + k], u))
          exits_.push_back({sec.first + k, nb});
      }
      const std::uint32_t d = u == gs ? search_.dist(to_) : kNone;
      if (d != kNone && push(goal_id, first + d, start_id, HierarchyMap::pack(to_), gs))
        exits_.push_back({goal_id, nb});
    }
  }
  return expanded;
}

inline void HpaStar::shortcut(std::vector<GridCoord>& cells) {
  const Grid& grid = *grid_;
  const std::size_t n = cells.size();
  prefix_.resize(n);
  prefix_[0] = 0;
  for (std::size_t i = 1; i < n; ++i) {
    const std::uint64_t c = layer_.cost_at(grid, cells[i]);
    const bool diag = cells[i].x != cells[i - 1].x && cells[i].y != cells[i - 1].y;
    prefix_[i] = prefix_[i - 1] + c * (diag ? cost::kDiagonal : cost::kStraight);
  }
  std::size_t w = 0;
  std::size_t i = 0;
  const auto window = static_cast<std::size_t>(smoothing_);
  while (i + 1 < n) {
    std::size_t best = 0;
    int misses = 0;
    for (std::size_t j = i + 2; j < n && j <= i + window; ++j) {
      const std::uint64_t line = line_cost(cells[i], cells[j]);
      if (line == cost::kInfinite) break;
      if (line <= prefix_[j] - prefix_[i]) {
        best = j;
        misses = 0;
      } else if (++misses > kMaxMisses) {
        break;
      }
    }
    if (best == 0) {
      cells[++w] = cells[i + 1];
      ++i;
      continue;
    }
    line_cells(cells[i], cells[best]);
    for (const GridCoord c : line_) cells[++w] = c;
    i = best;
  }
  cells.resize(w + 1);
}

}  // namespace pathing
