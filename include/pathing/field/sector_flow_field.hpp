// pathing: fast grid path-finding. MIT licensed.
//
// Sector flow fields: the flow of a crowd toward one goal on a big map, built only for the sectors
// of a `HierarchyMap` the crowd walks through.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/precompute/hierarchy/sector_search.hpp"
#include "pathing/precompute/hierarchy_map.hpp"
#include "pathing/search/result.hpp"

namespace pathing {

/// Flow fields by sector for crowds on big maps (Emerson, "Crowd Pathfinding and Steering Using
/// Flow Field Tiles", Game AI Pro, 2013: the approach of Supreme Commander 2) over the sectors of
/// a `HierarchyMap` (HPA*'s abstract graph); docs/hierarchy.md, "Sector flow fields". Like
/// `FlowField`, every unit reads its next step in O(1); unlike it, only the sectors looked up
/// are ever filled.
///
/// How: `set_goal` inserts the goal as `HpaStar` does (a backward Dijkstra inside the goal's sector
/// to its nodes), then one backward Dijkstra over the whole abstract graph gives every node
/// (transition cell) its cost to the goal: O(side^2 log side + (V + E) log V) for V nodes and E
/// edges. A sector's field (for each of its cells: the cost to the goal and the next step) is
/// built the first time one of its cells is looked up: a multi-source backward Dijkstra confined
/// to the sector, started from its nodes' costs (and the goal, in its own sector), then the steps,
/// O(side^2 log side) (`detail::SectorSearch::run_multi_source`).
///
/// The cost it holds (`cost_fixed`, 1/256 cost units as `HierarchyMap`: 256 c a straight move into
/// a cell of layer cost c, 362 c a diagonal one): for every cell, the cost of the cheapest path to
/// the goal that crosses sector borders only by straight moves between two nodes, through any
/// cells inside a sector (the moves of moves.hpp: passable cells, no corner cutting); exactly the
/// cost `HpaStar::plan` reports from that cell. Never below the optimum, often a little above
/// (HPA* is near-optimal). Every cell from which the goal can be reached at all gets a cost
/// (HPA* is complete).
///
/// Steps: from a cell c, the first move in `Direction8` order (right, down, left, up, down_right,
/// down_left, up_left, up_right; the straight four only when 4-connected) that is allowed as above
/// and for which cost(c) = cost(cell entered) + the move's cost: deterministic, and following the
/// steps from any cell reaches the goal along a path of exactly cost(c) (every step lowers the cost
/// by its own). An impassable cell (a unit may stand on a cell it blocks itself, as `HpaStar`'s
/// start) is left by any allowed first move, also diagonally or across a border onto any cell:
/// its cost is the cheapest such move plus the cost of the cell entered, its step the first
/// cheapest in the order above; computed at each lookup (up to 8 lookups, which may build the
/// neighbouring sectors' fields) and never stored. No step: the goal (cost 0, also when impassable:
/// then no other cell reaches it), unreached cells (cost `kUnreached`), cells off the grid.
///
/// Cache: every sector field built is kept (until `set_goal`, or until `sync` finds it stale)
/// unless `set_cache_limit(n)`: then at most n are held and building one more reuses the least
/// recently looked-up one. A crowd spread over more sectors than the limit rebuilds fields every
/// tick: set the limit above the sectors a crowd occupies at once (or leave it off: the fields of
/// a whole map take 5 bytes a cell).
///
/// Staleness: the field records its grid and map (pointers: both must outlive its use), the
/// grid's `instance_id()` and `version()`, the layer and the map's sector size and connectivity.
/// `is_current()` (O(1)) holds while the grid is unwritten and the map is current for it. A
/// field that is not current never answers from old data: lookups give no step and `kUnreached`,
/// build nothing, and `sync()` brings it back once the map is synced: it recomputes the nodes'
/// costs and drops only the sector fields whose inputs changed (a cell of the sector written, or
/// the sector's nodes, their costs, or the costs of the nodes across its borders changed); the
/// result equals a fresh `set_goal`. Past the grid's edit log (`Grid::kEditLogCapacity` writes),
/// or for another grid object or other map options, it drops every field.
///
/// Memory (`memory_bytes`): a sector field takes 5 bytes a cell (the cost as a 32-bit offset from
/// the sector's smallest, the step; 9 bytes a cell in a sector whose costs span 2^32 or more:
/// exact in all cases) plus its inputs (16 bytes a node of the sector, 8 more for each of its
/// crossings to a node across a border) and about 130 bytes; the field itself holds 8 bytes a
/// node (costs), 8 bytes a sector (tables) and one sector search's scratch (about 25 bytes a sector
/// cell). A full-map `FlowField` takes 2 bytes a cell, plus the 8 of its `DistanceField`.
///
/// Complexity: lookups O(1) in a sector already built (an impassable cell: up to 8 lookups);
/// O(side^2 log side) for the first lookup in a sector. Allocation: lookups in sectors already
/// built never allocate; building a field allocates its slot (none when it reuses the slot of a
/// field dropped or evicted, unless the sector has more nodes than that slot's fields had);
/// `set_goal` and `sync` allocate only to grow their tables and open list (a repeated `set_goal`
/// on the same map allocates nothing). Errors: never throws but `std::bad_alloc` (growing).
/// Thread-safety: lookups build fields and keep the cache's order, so a field is used by one
/// thread at a time (one field per thread); any number of fields may share a const grid and map.
class SectorFlowField {
 public:
  /// A cell without a step (`raw`).
  static constexpr std::uint8_t kNone = 0xFF;
  /// The cost of a cell that does not reach the goal (or of any cell of a field not current).
  static constexpr std::uint64_t kUnreached = ~std::uint64_t{0};

  /// A field without a goal: every lookup answers no step. Allocates nothing.
  SectorFlowField() = default;

  /// Makes `goal` the field's goal on `grid` under `layer`, over `map` (the map's connectivity
  /// is the field's): computes every abstract node's cost to the goal (class comment) and drops
  /// the sector fields held (keeping their storage for reuse). `grid` and `map` must outlive the
  /// field's use (until the next `set_goal`).
  /// @return `found` (goal set; an impassable goal is set too: no other cell reaches it);
  ///   nothing changed: `stale` when `map.is_current(grid, layer)` is false, `invalid_endpoint`
  ///   when `goal` is off the grid. O(side^2 log side + (V + E) log V).
  SearchStatus set_goal(const Grid& grid, const GridLayer& layer, const HierarchyMap& map,
                        GridCoord goal) {
    if (!map.is_current(grid, layer)) return SearchStatus::stale;
    if (!grid.in_bounds(goal)) return SearchStatus::invalid_endpoint;
    drop_all();
    grid_ = &grid;
    map_ = &map;
    layer_ = layer;
    goal_ = goal;
    active_ = true;
    builds_ = 0;
    last_sync_sectors_ = 0;
    recompute();
    return SearchStatus::found;
  }

  /// Brings a field that is not current up to date after its grid was written and its map synced
  /// (class comment: only the sector fields whose inputs changed are dropped, `last_sync_sectors`
  /// counts them). @return `found` when current afterwards (at once when it already was);
  /// `stale` (nothing changed) while the map is not current for the grid (sync the map first);
  /// `invalid_endpoint` when the goal is now off the grid (the goal is then cleared);
  /// `invalid_argument` without a goal. O(edits + (V + E) log V + fields held x nodes).
  SearchStatus sync() {
    last_sync_sectors_ = 0;
    if (!active_) return SearchStatus::invalid_argument;
    if (is_current()) return SearchStatus::found;
    const Grid& grid = *grid_;
    const HierarchyMap& map = *map_;
    if (!map.is_current(grid, layer_)) return SearchStatus::stale;
    const std::size_t before = sectors_built();
    if (!grid.in_bounds(goal_)) {
      drop_all();
      active_ = false;
      last_sync_sectors_ = before;
      return SearchStatus::invalid_endpoint;
    }
    const bool same = grid.instance_id() == grid_id_ && grid.cols() == cols_ &&
                      grid.rows() == rows_ && map.sector_size() == side_ &&
                      map.options().connectivity == conn_;
    std::array<GridCoord, Grid::kEditLogCapacity> edits;
    const std::size_t n = same ? grid.edits_since(grid_version_, edits) : Grid::kEditsUnknown;
    if (n == Grid::kEditsUnknown) {
      drop_all();
    } else {
      for (std::size_t i = 0; i < n; ++i) {
        if (!grid.in_bounds(edits[i])) continue;
        const std::uint32_t k = slot_of_[locate(edits[i]).sector];
        if (k != kNoSlot) drop(k);
      }
    }
    recompute();
    for (std::uint32_t k = 0; k < slots_.size(); ++k) {
      if (slots_[k].sector == kNoSector) continue;
      inputs_of(slots_[k].sector, scratch_inputs_);
      if (scratch_inputs_ != slots_[k].inputs) drop(k);
    }
    last_sync_sectors_ = before - sectors_built();
    return SearchStatus::found;
  }

  /// True when a goal is set, the grid is unwritten since the field was computed (same object,
  /// same `instance_id()` and `version()`) and the map is current for it with the same sector
  /// size and connectivity. O(1).
  [[nodiscard]] bool is_current() const noexcept {
    // map_->is_current(*grid_, layer_), with the layers compared without a call to memcmp (this
    // runs on every lookup).
    return active_ && grid_->instance_id() == grid_id_ && grid_->version() == grid_version_ &&
           map_->grid_id() == grid_id_ && map_->grid_version() == grid_version_ &&
           map_->sector_size() == side_ && map_->options().connectivity == conn_ &&
           same_layer(map_->layer());
  }

  /// Whether a goal is set.
  [[nodiscard]] bool has_goal() const noexcept { return active_; }
  /// The goal (meaningful when `has_goal()`).
  [[nodiscard]] GridCoord goal() const noexcept { return goal_; }

  /// The direction of the next step from `c` (class comment), or nullopt for the goal, an
  /// unreached cell, a cell off the grid, or any cell while the field is not current. Builds the
  /// field of `c`'s sector on first use. O(1) once built.
  [[nodiscard]] std::optional<Direction8> next_step(GridCoord c) {
    const std::uint8_t d = raw(c);
    if (d == kNone) return std::nullopt;
    return static_cast<Direction8>(d);
  }

  /// The cell one step from `c` along the flow; `c` itself when it has no step. As `next_step`.
  [[nodiscard]] GridCoord next_cell(GridCoord c) {
    const std::uint8_t d = raw(c);
    return d == kNone ? c : GridCoord{c.x + kStepX[d & 7u], c.y + kStepY[d & 7u]};
  }

  /// The step of `c` as a `Direction8` value (0..7) or `kNone`. As `next_step`.
  [[nodiscard]] std::uint8_t raw(GridCoord c) {
    if (!ready(c)) return kNone;
    const Where at = locate(c);
    const std::uint8_t* steps = steps_of_[at.sector];
    if (steps == nullptr || limit_ != 0) steps = slots_[slot_for(at.sector)].step.data();
    const std::uint8_t d = steps[at.local];
    return d != kBlocked ? d : blocked_exit(c).step;
  }

  /// The cost from `c` to the goal (class comment), in 1/256 cost units; 0 at the goal;
  /// `kUnreached` for a cell that does not reach it, off the grid, or while not current. Builds
  /// the field of `c`'s sector on first use. O(1) once built.
  [[nodiscard]] std::uint64_t cost_fixed(GridCoord c) {
    if (!ready(c)) return kUnreached;
    if (c == goal_) return 0;
    const Where at = locate(c);
    const Slot& slot = slots_[slot_for(at.sector)];
    if (slot.step[at.local] == kBlocked) return blocked_exit(c).cost;
    return value(slot, at.local);
  }

  /// `cost_fixed` in cost units (a straight move onto a cell of cost 1 = 1.0; a diagonal one
  /// 362/256, the hierarchy's rounding of sqrt 2); +infinity when unreached.
  [[nodiscard]] double cost(GridCoord c) {
    const std::uint64_t f = cost_fixed(c);
    return f == kUnreached ? std::numeric_limits<double>::infinity()
                           : static_cast<double>(f) / static_cast<double>(detail::kSectorStraight);
  }

  /// Builds now the fields of the sectors of `cells` that are not built yet (e.g. the cells of a
  /// crowd, before its first tick); cells off the grid are skipped, and nothing is built while
  /// the field is not current. Returns the number of fields built.
  std::size_t prepare(std::span<const GridCoord> cells) {
    const std::uint64_t before = builds_;
    for (const GridCoord c : cells)
      if (ready(c)) static_cast<void>(slot_for(locate(c).sector));
    return static_cast<std::size_t>(builds_ - before);
  }

  /// At most `sectors` sector fields held from now on (0, the default: no limit); fields beyond
  /// it are evicted at once, least recently looked up first (their storage kept for reuse).
  void set_cache_limit(std::size_t sectors) {
    limit_ = sectors;
    while (limit_ != 0 && sectors_built() > limit_) drop(least_recent());
  }
  /// The cache limit (0: none).
  [[nodiscard]] std::size_t cache_limit() const noexcept { return limit_; }

  /// Frees the storage of the slots that hold no sector field (kept for reuse otherwise).
  void release() {
    std::uint32_t w = 0;
    for (std::uint32_t k = 0; k < slots_.size(); ++k) {
      if (slots_[k].sector == kNoSector) continue;
      if (w != k) slots_[w] = std::move(slots_[k]);
      slot_of_[slots_[w].sector] = w;
      ++w;
    }
    slots_.resize(w);
    slots_.shrink_to_fit();
    free_.clear();
    free_.shrink_to_fit();
  }

  /// Sector fields held now.
  [[nodiscard]] std::size_t sectors_built() const noexcept { return slots_.size() - free_.size(); }
  /// Whether the field of sector `s` is held.
  [[nodiscard]] bool sector_built(std::uint32_t s) const noexcept {
    return s < slot_of_.size() && slot_of_[s] != kNoSlot;
  }
  /// Sector fields built since `set_goal` (rebuilds after an eviction or a sync included).
  [[nodiscard]] std::uint64_t builds() const noexcept { return builds_; }
  /// Sector fields the last `sync` dropped.
  [[nodiscard]] std::size_t last_sync_sectors() const noexcept { return last_sync_sectors_; }
  /// Abstract nodes that reach the goal, as computed by the last `set_goal` or `sync`.
  [[nodiscard]] std::size_t reached_nodes() const noexcept { return reached_nodes_; }

  /// Bytes of the sector fields held (their costs, steps and inputs).
  [[nodiscard]] std::size_t field_bytes() const noexcept {
    std::size_t n = 0;
    for (const Slot& s : slots_)
      if (s.sector != kNoSector) n += s.bytes();
    return n;
  }
  /// Bytes held in all: the sector fields, the slots kept for reuse, the nodes' costs, the tables
  /// and the search scratch.
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    std::size_t n = slots_.capacity() * sizeof(Slot) - slots_.size() * sizeof(Slot);
    for (const Slot& s : slots_) n += s.bytes();
    return n + g_.capacity() * 8 + first_.capacity() * 4 + slot_of_.capacity() * 4 +
           free_.capacity() * 4 + steps_of_.capacity() * sizeof(void*) +
           open_.capacity() * sizeof(OpenEntry) +
           sources_.capacity() * sizeof(detail::SectorSource) + scratch_inputs_.capacity() * 8 +
           search_.bytes();
  }

 private:
  static constexpr std::uint8_t kBlocked = 0xFE;  // stored step of an impassable cell
  // step_offset as tables (step_offset's local array is copied to the stack on each call).
  static constexpr std::array<int, 8> kStepX{1, 0, -1, 0, 1, -1, -1, 1};
  static constexpr std::array<int, 8> kStepY{0, 1, 0, -1, 1, 1, -1, -1};
  static constexpr std::uint32_t kNoSlot = 0xFFFFFFFFu;
  static constexpr std::uint32_t kNoSector = 0xFFFFFFFFu;
  static constexpr std::uint32_t kNoNode = 0xFFFFFFFFu;
  static constexpr std::uint32_t kNoOffset = 0xFFFFFFFFu;  // an unreached cell, narrow sectors

  struct Slot {
    std::uint32_t sector = kNoSector;
    bool wide = false;                     // costs in `wide` (their span does not fit 32 bits)
    std::uint64_t base = 0;                // narrow: cost = base + offset
    std::uint64_t used = 0;                // the lookup clock when last looked up (eviction order)
    std::vector<std::uint32_t> offset;     // narrow: per cell, cost - base or kNoOffset
    std::vector<std::uint64_t> wide_cost;  // wide: per cell, the cost
    std::vector<std::uint8_t> step;        // per cell: a Direction8, kNone or kBlocked
    std::vector<std::uint64_t> inputs;     // what the field was built from (inputs_of)
    [[nodiscard]] std::size_t bytes() const noexcept {
      return sizeof(Slot) + offset.capacity() * 4 + wide_cost.capacity() * 8 + step.capacity() +
             inputs.capacity() * 8;
    }
  };
  struct OpenEntry {
    std::uint64_t g;
    std::uint32_t id;
    std::uint32_t sector;
  };
  struct Later {  // the heap's order: smaller g, then smaller node number, first
    bool operator()(const OpenEntry& a, const OpenEntry& b) const noexcept {
      return a.g != b.g ? a.g > b.g : a.id > b.id;
    }
  };
  struct Where {
    std::uint32_t sector;
    std::uint32_t local;  // (y - y0) * width + (x - x0) inside the sector
  };
  struct Exit {
    std::uint64_t cost = kUnreached;
    std::uint8_t step = kNone;
  };

  // The layers compared as two 64-bit words (a GridLayer is 16 bytes of costs, no padding): the
  // answer of operator==, in two compares.
  [[nodiscard]] bool same_layer(const GridLayer& other) const noexcept {
    static_assert(sizeof(GridLayer) == 16 && std::is_trivially_copyable_v<GridLayer>);
    std::array<std::uint64_t, 2> a{};
    std::array<std::uint64_t, 2> b{};
    std::memcpy(a.data(), &layer_, sizeof a);
    std::memcpy(b.data(), &other, sizeof b);
    return a[0] == b[0] && a[1] == b[1];
  }

  [[nodiscard]] bool ready(GridCoord c) const noexcept {
    return static_cast<unsigned>(c.x) < static_cast<unsigned>(cols_) &&
           static_cast<unsigned>(c.y) < static_cast<unsigned>(rows_) && is_current();
  }

  [[nodiscard]] Where locate(GridCoord c) const noexcept {
    int sx = 0;
    int sy = 0;
    if (shift_ >= 0) {
      sx = c.x >> shift_;
      sy = c.y >> shift_;
    } else {
      sx = c.x / side_;
      sy = c.y / side_;
    }
    const int x0 = sx * side_;
    const int y0 = sy * side_;
    const int w = std::min(side_, cols_ - x0);
    return {static_cast<std::uint32_t>(sy * sectors_x_ + sx),
            static_cast<std::uint32_t>((c.y - y0) * w + (c.x - x0))};
  }

  [[nodiscard]] static std::uint64_t value(const Slot& s, std::uint32_t local) noexcept {
    if (s.wide) return s.wide_cost[local];
    const std::uint32_t off = s.offset[local];
    return off == kNoOffset ? kUnreached : s.base + off;
  }

  // The slot of sector `s`'s field, built first when needed; marks it recently used.
  std::uint32_t slot_for(std::uint32_t s) {
    std::uint32_t k = slot_of_[s];
    if (k == kNoSlot) k = build(s);
    slots_[k].used = ++clock_;
    return k;
  }

  // The node of sector `s` at cell `c` (its index in the sector), or kNoNode. O(log nodes).
  [[nodiscard]] std::uint32_t find_node(std::uint32_t s, GridCoord c) const noexcept {
    const HierarchyMap& map = *map_;
    std::uint32_t lo = 0;
    std::uint32_t hi = map.sector_node_count(s);
    while (lo < hi) {
      const std::uint32_t mid = lo + (hi - lo) / 2;
      const GridCoord m = map.sector_node(s, mid);
      if (m.y < c.y || (m.y == c.y && m.x < c.x)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo < map.sector_node_count(s) && map.sector_node(s, lo) == c ? lo : kNoNode;
  }

  // The sector of cell `n` (a neighbour of a cell of sector `s`) when it is another sector of the
  // grid: `n` lies across a border of `s`; kNoSector otherwise (inside `s`, or off the grid).
  [[nodiscard]] std::uint32_t across(std::uint32_t s, GridCoord n) const noexcept {
    if (static_cast<unsigned>(n.x) >= static_cast<unsigned>(cols_) ||
        static_cast<unsigned>(n.y) >= static_cast<unsigned>(rows_))
      return kNoSector;
    const std::uint32_t u = locate(n).sector;
    return u == s ? kNoSector : u;
  }

  // The nodes' costs to the goal (set_goal's abstract Dijkstra) and the field's stamp.
  void recompute();

  // What the field of sector `s` is built from, besides its cells and the goal: for each node
  // (in order), its cell and the straight directions that cross to a node, its cost, and for
  // each such crossing the cost of taking it (the node across: its cost plus the move).
  void inputs_of(std::uint32_t s, std::vector<std::uint64_t>& out) const {
    const HierarchyMap& map = *map_;
    out.clear();
    const std::uint32_t count = map.sector_node_count(s);
    for (std::uint32_t i = 0; i < count; ++i) {
      const GridCoord c = map.sector_node(s, i);
      const std::size_t head = out.size();
      out.push_back(0);
      out.push_back(g_[first_[s] + i]);
      std::uint64_t mask = 0;
      for (unsigned d = 0; d < 4; ++d) {
        const GridCoord nb{c.x + kStepX[d], c.y + kStepY[d]};
        const std::uint32_t u = across(s, nb);
        if (u == kNoSector) continue;
        const std::uint32_t j = find_node(u, nb);
        if (j == kNoNode) continue;
        mask |= std::uint64_t{1} << d;
        out.push_back(exit_cost(u, j, nb));
      }
      out[head] =
          (static_cast<std::uint64_t>(c.y) << 36) | (static_cast<std::uint64_t>(c.x) << 4) | mask;
    }
  }

  // The cost of a straight move into node `j` of sector `u` (at cell `nb`) and on to the goal.
  [[nodiscard]] std::uint64_t exit_cost(std::uint32_t u, std::uint32_t j,
                                        GridCoord nb) const noexcept {
    const std::uint64_t g = g_[first_[u] + j];
    return g == kUnreached
               ? kUnreached
               : g + std::uint64_t{layer_.cost_at(*grid_, nb)} * detail::kSectorStraight;
  }

  // A slot for a new field: a free one, the least recently used one at the limit, or a new one.
  std::uint32_t acquire() {
    if (limit_ != 0 && sectors_built() >= limit_) {
      const std::uint32_t k = least_recent();
      drop(k);
      free_.pop_back();
      return k;
    }
    if (!free_.empty()) {
      const std::uint32_t k = free_.back();
      free_.pop_back();
      return k;
    }
    slots_.emplace_back();
    return static_cast<std::uint32_t>(slots_.size() - 1);
  }

  [[nodiscard]] std::uint32_t least_recent() const noexcept {
    std::uint32_t best = kNoSlot;
    for (std::uint32_t k = 0; k < slots_.size(); ++k)
      if (slots_[k].sector != kNoSector && (best == kNoSlot || slots_[k].used < slots_[best].used))
        best = k;
    return best;
  }

  void drop(std::uint32_t k) {
    slot_of_[slots_[k].sector] = kNoSlot;
    steps_of_[slots_[k].sector] = nullptr;
    slots_[k].sector = kNoSector;
    free_.push_back(k);
  }

  void drop_all() {
    for (std::uint32_t k = 0; k < slots_.size(); ++k)
      if (slots_[k].sector != kNoSector) drop(k);
  }

  // Builds the field of sector `s` (class comment) into a slot; returns the slot.
  std::uint32_t build(std::uint32_t s);

  // The cost and step of an impassable cell `c` (not the goal): its cheapest allowed first move.
  Exit blocked_exit(GridCoord c) {
    const Grid& grid = *grid_;
    Exit best;
    const int last_dir = conn_ == Connectivity::eight ? 8 : 4;
    for (int d = 0; d < last_dir; ++d) {
      const GridCoord o{kStepX[static_cast<unsigned>(d)], kStepY[static_cast<unsigned>(d)]};
      const GridCoord n = c + o;
      const std::uint64_t cn = layer_.cost_at(grid, n);
      if (cn == 0) continue;
      const bool diagonal = d >= 4;
      if (diagonal &&
          (layer_.cost_at(grid, {n.x, c.y}) == 0 || layer_.cost_at(grid, {c.x, n.y}) == 0))
        continue;
      const Where at = locate(n);
      const std::uint64_t v = value(slots_[slot_for(at.sector)], at.local);
      if (v == kUnreached) continue;
      const std::uint64_t total =
          v + cn * (diagonal ? detail::kSectorDiagonal : detail::kSectorStraight);
      if (total < best.cost) best = {total, static_cast<std::uint8_t>(d)};
    }
    return best;
  }

  // The query.
  const Grid* grid_ = nullptr;
  const HierarchyMap* map_ = nullptr;
  GridLayer layer_;
  GridCoord goal_;
  bool active_ = false;
  // The stamp and shape the field was computed for.
  std::uint64_t grid_id_ = 0;
  std::uint64_t grid_version_ = 0;
  int side_ = 0;
  int shift_ = -1;  // log2(side_) when side_ is a power of two
  Connectivity conn_ = Connectivity::eight;
  int cols_ = 0;
  int rows_ = 0;
  int sectors_x_ = 0;
  std::uint32_t goal_sector_ = 0;
  // The nodes: node id = first_[sector] + index in the sector (sector_node order).
  std::vector<std::uint32_t> first_;  // per sector, and one past the last
  std::vector<std::uint64_t> g_;      // per node: cost to the goal, or kUnreached
  std::size_t reached_nodes_ = 0;
  // The sector fields.
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> slot_of_;         // per sector: its slot, or kNoSlot
  std::vector<const std::uint8_t*> steps_of_;  // per sector: its slot's steps, or null
  std::vector<std::uint32_t> free_;            // slots holding no field
  std::size_t limit_ = 0;
  std::uint64_t clock_ = 0;
  std::uint64_t builds_ = 0;
  std::size_t last_sync_sectors_ = 0;
  // Scratch.
  std::vector<OpenEntry> open_;
  std::vector<detail::SectorSource> sources_;
  std::vector<std::uint64_t> scratch_inputs_;
  detail::SectorSearch search_;
};

inline void SectorFlowField::recompute() {
  const HierarchyMap& map = *map_;
  const Grid& grid = *grid_;
  side_ = map.sector_size();
  conn_ = map.options().connectivity;
  cols_ = grid.cols();
  rows_ = grid.rows();
  sectors_x_ = map.sectors_x();
  shift_ = -1;
  for (int b = 0; b < 8; ++b)
    if (side_ == (1 << b)) shift_ = b;
  const std::size_t sectors = map.sector_count();
  if (slot_of_.size() != sectors) {  // only after drop_all (other sizes or options)
    slot_of_.assign(sectors, kNoSlot);
    steps_of_.assign(sectors, nullptr);
  }
  first_.resize(sectors + 1);
  std::uint32_t nodes = 0;
  for (std::uint32_t s = 0; s < sectors; ++s) {
    first_[s] = nodes;
    nodes += map.sector_node_count(s);
  }
  first_[sectors] = nodes;
  g_.assign(nodes, kUnreached);
  open_.clear();
  reached_nodes_ = 0;
  goal_sector_ = locate(goal_).sector;
  const auto push = [&](std::uint32_t id, std::uint64_t g, std::uint32_t sector) {
    if (g >= g_[id]) return;
    g_[id] = g;
    open_.push_back({g, id, sector});
    std::push_heap(open_.begin(), open_.end(), Later{});
  };
  // The goal's insertion: its sector's nodes, by a backward search from it.
  if (layer_.cost_at(grid, goal_) != 0) {
    search_.run<true>(grid, layer_, conn_, map.sector_rect(goal_sector_), goal_);
    for (std::uint32_t i = 0; i < map.sector_node_count(goal_sector_); ++i) {
      const std::uint32_t d = search_.dist(map.sector_node(goal_sector_, i));
      if (d != detail::kSectorNoPath) push(first_[goal_sector_] + i, d, goal_sector_);
    }
  }
  // Backward Dijkstra: a settled node v relaxes the nodes u with an edge u -> v.
  while (!open_.empty()) {
    std::pop_heap(open_.begin(), open_.end(), Later{});
    const OpenEntry e = open_.back();
    open_.pop_back();
    if (e.g != g_[e.id]) continue;
    ++reached_nodes_;
    const std::uint32_t t = e.sector;
    const std::uint32_t first = first_[t];
    const std::uint32_t count = first_[t + 1] - first;
    const std::uint32_t i = e.id - first;
    for (std::uint32_t j = 0; j < count; ++j) {
      if (j == i) continue;
      const std::uint32_t w = map.sector_cost(t, j, i);
      if (w != HierarchyMap::kNoPath) push(first + j, e.g + w, t);
    }
    const GridCoord c = map.sector_node(t, i);
    const std::uint64_t enter = std::uint64_t{layer_.cost_at(grid, c)} * detail::kSectorStraight;
    for (unsigned d = 0; d < 4; ++d) {
      const GridCoord nb{c.x + kStepX[d], c.y + kStepY[d]};
      const std::uint32_t u = across(t, nb);
      if (u == kNoSector) continue;
      const std::uint32_t j = find_node(u, nb);
      if (j != kNoNode) push(first_[u] + j, e.g + enter, u);
    }
  }
  grid_id_ = grid.instance_id();
  grid_version_ = grid.version();
}

inline std::uint32_t SectorFlowField::build(std::uint32_t s) {
  const HierarchyMap& map = *map_;
  const Grid& grid = *grid_;
  const std::uint32_t k = acquire();
  Slot& slot = slots_[k];
  slot.sector = s;
  slot_of_[s] = k;
  ++builds_;
  const detail::SectorRect r = map.sector_rect(s);
  sources_.clear();
  const std::uint32_t count = map.sector_node_count(s);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint64_t g = g_[first_[s] + i];
    if (g != kUnreached) sources_.push_back({map.sector_node(s, i), g});
  }
  if (s == goal_sector_ && layer_.cost_at(grid, goal_) != 0) sources_.push_back({goal_, 0});
  search_.run_multi_source<true>(grid, layer_, conn_, r, sources_);
  const std::span<const std::uint64_t> dist = search_.multi_source_dists();
  const std::span<const std::uint8_t> cost = search_.multi_source_cell_costs();
  const std::size_t n = dist.size();
  // Costs: 32-bit offsets from the smallest when they fit, 64-bit costs otherwise.
  std::uint64_t lo = kUnreached;
  std::uint64_t hi = 0;
  for (const std::uint64_t d : dist) {
    if (d == kUnreached) continue;
    lo = std::min(lo, d);
    hi = std::max(hi, d);
  }
  slot.base = lo == kUnreached ? 0 : lo;
  slot.wide = lo != kUnreached && hi - lo >= kNoOffset;
  if (slot.wide) {
    slot.wide_cost.assign(dist.begin(), dist.end());
    slot.offset.clear();
  } else {
    slot.wide_cost.clear();
    slot.offset.resize(n);
    for (std::size_t i = 0; i < n; ++i)
      slot.offset[i] =
          dist[i] == kUnreached ? kNoOffset : static_cast<std::uint32_t>(dist[i] - slot.base);
  }
  // Steps.
  slot.step.resize(n);
  const int last_dir = conn_ == Connectivity::eight ? 8 : 4;
  for (int y = 0; y < r.h; ++y) {
    for (int x = 0; x < r.w; ++x) {
      const auto i = static_cast<std::size_t>(y * r.w + x);
      const GridCoord c{r.x0 + x, r.y0 + y};
      std::uint8_t best = kNone;
      if (cost[i] == 0) {
        best = c == goal_ ? kNone : kBlocked;
      } else if (dist[i] != kUnreached && c != goal_) {
        for (int d = 0; d < last_dir && best == kNone; ++d) {
          const GridCoord o{kStepX[static_cast<unsigned>(d)], kStepY[static_cast<unsigned>(d)]};
          const int nx = x + o.x;
          const int ny = y + o.y;
          if (nx >= 0 && ny >= 0 && nx < r.w && ny < r.h) {  // inside the sector
            const auto j = static_cast<std::size_t>(ny * r.w + nx);
            if (cost[j] == 0 || dist[j] == kUnreached) continue;
            const bool diagonal = d >= 4;
            if (diagonal && (cost[static_cast<std::size_t>(y * r.w + nx)] == 0 ||
                             cost[static_cast<std::size_t>(ny * r.w + x)] == 0))
              continue;
            const std::uint64_t move =
                std::uint64_t{cost[j]} *
                (diagonal ? detail::kSectorDiagonal : detail::kSectorStraight);
            if (dist[j] + move == dist[i]) best = static_cast<std::uint8_t>(d);
          } else if (d < 4) {  // across the border: between two nodes only
            const GridCoord nb = c + o;
            const std::uint32_t u = across(s, nb);
            if (u == kNoSector || find_node(s, c) == kNoNode) continue;
            const std::uint32_t j = find_node(u, nb);
            if (j != kNoNode && exit_cost(u, j, nb) == dist[i]) best = static_cast<std::uint8_t>(d);
          }
        }
      }
      slot.step[i] = best;
    }
  }
  steps_of_[s] = slot.step.data();
  inputs_of(s, scratch_inputs_);
  slot.inputs.assign(scratch_inputs_.begin(), scratch_inputs_.end());  // exact size when growing
  return k;
}

}  // namespace pathing
