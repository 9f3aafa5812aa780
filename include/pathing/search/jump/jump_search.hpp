// pathing: fast grid path-finding. MIT licensed.
//
// The A* skeleton shared by the jump point searches (Jps, JpsPlus): open list, per-node state,
// parents between jump points, and the expansion of a jump-point chain into every cell.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "pathing/detail/compiler.hpp"
#include "pathing/detail/nodes/cell_key.hpp"
#include "pathing/detail/nodes/node_table.hpp"
#include "pathing/detail/queue/hot_stack.hpp"
#include "pathing/detail/queue/radix_heap.hpp"
#include "pathing/map/coord.hpp"
#include "pathing/map/grid.hpp"
#include "pathing/map/layer.hpp"
#include "pathing/map/moves.hpp"
#include "pathing/search/result.hpp"

namespace pathing::detail {

/// Travel code of a JPS node that only continues a diagonal jump: `kDiagonalContinuation | d`
/// for the diagonal `Direction8` d (see `jps_directions`).
inline constexpr std::uint8_t kDiagonalContinuation = 0x10;

/// The travel code of a node entered by a move in direction `d`.
[[nodiscard]] PATHING_ALWAYS_INLINE constexpr std::uint8_t travel_code(Direction8 d) noexcept {
  return static_cast<std::uint8_t>(d);
}

/// The cost of a jump-point segment of `diagonal` diagonal moves and `straight` straight moves,
/// in fixed-point units (equal to `octile_distance_fixed` between its ends). O(1).
[[nodiscard]] PATHING_ALWAYS_INLINE constexpr std::uint64_t segment_cost(int diagonal,
                                                                         int straight) noexcept {
  return static_cast<std::uint64_t>(diagonal) * cost::kDiagonal +
         static_cast<std::uint64_t>(straight) * cost::kStraight;
}

/// What the jump point searches can search: `status` is `found` when they can (then `unit_cost`
/// is the cost, 1..255, shared by every passable cell value of the layer), else the status to
/// return without searching: `invalid_argument` for a weight below 1 or NaN, `unsupported` for
/// another weight than 1, 4-connected moves, landmark heuristics (`SearchOptions::landmarks`), or a
/// layer whose passable cell values do not all cost the same (or that has none). O(16).
/// `start_jump_query` also fills `target` (where to search to: the goal, or with
/// `SearchOptions::nearest_if_unreachable` the nearest reachable cell) and `partial` (the search
/// stands in for an unreachable goal: a `found` becomes `unreachable`).
struct JumpSearchCheck {
  SearchStatus status = SearchStatus::found;
  std::uint8_t unit_cost = 1;
  GridCoord target{};
  bool partial = false;
  const Grid* grid =
      nullptr;  // the grid searched (`start_jump_query`: a unit grid, or the one given)
};
[[nodiscard]] inline JumpSearchCheck check_jump_search(const GridLayer& layer,
                                                       const SearchOptions& options) noexcept {
  if (!(options.weight >= 1.0)) return {SearchStatus::invalid_argument, 0};
  if (options.weight != 1.0 || options.connectivity != Connectivity::eight ||
      options.landmarks != nullptr) {
    return {SearchStatus::unsupported, 0};
  }
  const std::uint8_t unit = layer.uniform_cost();
  if (unit == 0) return {SearchStatus::unsupported, 0};
  return {SearchStatus::found, unit};
}

/// A* over jump points (Harabor & Grastien, "Online Graph Pruning for Pathfinding on Grid Maps",
/// AAAI 2011): nodes are cells, an edge joins a node to a successor its caller's `expand` found
/// by jumping, and costs 8-connected octile distance between them (the segment between two jump
/// points is always diagonal-first: at most min(|dx|, |dy|) diagonal moves, then straight moves,
/// all of them through passable cells, so its length is exactly the octile distance). Every
/// passable cell costs 1: layer costs other than "0 = impassable" are ignored.
///
/// Per node (row-major index): one 16-byte record of a generation-stamped `BasicNodeTable`: g
/// and the node's travel code (the direction of the last move into the node, which JPS prunes
/// with) in one word, the open/closed stamp, and the cell of the jump point it was reached from,
/// so generating a node touches one cache line. Cells travel through the open list as 32-bit
/// keys y * 2^15 + x (Grid::kMaxSide is 2^15), so expanding a node needs no division.
///
/// Open list: a LIFO "hot" stack for successors whose f equals the current minimum f (expanded
/// next: they are among the best and deeper), and for the others a monotone radix heap
/// (`PooledRadixHeap`) of 64-bit keys: f exactly in the high bits, h truncated in the low bits, so
/// among equal f larger g comes first (h's resolution: 2^-11 of a cell on 512 x 512 maps, 1/4 of a
/// cell on 4096 x 4096, 32 cells on the largest grids; it only weakens that tie-break, never the
/// order of f; see `run` for the room left to f). Its pushes are always above the current f (the
/// octile heuristic is consistent: a successor's f is at least its parent's, and those equal to
/// it go to the hot stack), so the monotone queue applies; unlike a binary heap it needs no
/// comparisons between entries, whose outcomes branches predict badly. Entries of equal keys leave
/// it in an order fixed by the pushes: the same query always gives the same path. A successor
/// reached again with a strictly smaller g is pushed again (the older entry is skipped when
/// popped); with an equal g the first parent is kept.
///
/// Memory: 36 bytes a cell: the 16-byte node record, 16 bytes of open-list pool and 4 of hot
/// stack (both sized by `ensure` for the worst query, see there). Allocation: none after
/// `ensure(n)` for any query on a grid of at most n cells (whatever the map, the limits or the
/// searches run before). Not thread-safe: one per searcher.
class JumpPointSearch {
 public:
  /// Grows the per-node arrays, the open list's pool and the hot stack to `n` cells each (never
  /// shrinks), after which no `run` on a grid of at most n cells allocates. Why n entries are
  /// enough for each (the bounds hold for every map, query and limit):
  ///
  /// - Successors are never better than their parent: a segment costs the octile distance
  ///   between its ends and the octile h obeys the triangle inequality, so a successor's f =
  ///   g + seg + h(succ) >= g + h(parent) = f_cur. Hence nodes leave the open list in
  ///   nondecreasing f, and no node can improve once its f equals f_cur.
  /// - Hot stack: it only receives nodes whose f equals f_cur, which can then not be pushed
  ///   again (a second push needs a strictly smaller g, so f < f_cur), and each leaves it only
  ///   by being expanded (closed). So it holds distinct open cells: at most n - 1 (the start is
  ///   closed once anything is pushed).
  /// - Radix heap: lazy deletion leaves stale duplicates (a node improved later, or closed by a
  ///   hot-stack entry), and the pool keeps the entries of popped items until the next clear, so
  ///   the entries used grow with the pushes, which have no small bound (a node may improve once
  ///   per expanded parent that sees it). So when a query has used n pool entries, the next push
  ///   first rebuilds the heap in place keeping only the current entries (`purge_stale`): an
  ///   entry is current when its cell is open and its key's f is the cell's g + h (one per open
  ///   cell at most: pushes of a cell have distinct g, hence distinct f). The cell being pushed
  ///   is already open with its new g and has no current entry yet, and the expanding node is
  ///   closed, so at most n - 2 entries survive and the push fits. Rebuilds free the entries of
  ///   popped items as well, so they are rare (at most one per n pushes) and cost O(n) each;
  ///   they happen at a point fixed by the query (`run` triggers them at the grid's cell count,
  ///   not at the pool's capacity), so a query gives the same path whatever was reserved.
  /// - Re-keying the open list by f alone (`widen_keys`) is done in place too.
  ///
  /// The output path is the caller's vector (`write_path` reuses its capacity: a path has at
  /// most n cells).
  void ensure(std::size_t n) {
    nodes_.ensure(n);
    if (heap_.capacity() < n) heap_.reserve(n);
    hot_.ensure(n);
  }

  /// Bytes held (per-node arrays and open list).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return nodes_.bytes() + heap_.bytes() + hot_.bytes();
  }

  /// Runs A* from `from` to `to` on a grid `cols` wide (both cells on the grid, `ensure` called
  /// for the grid's size). For each expanded node, calls `expand(x, y, travel, gen)`, where
  /// `travel` is the code the node was generated with (`kNoParent` for the start) and
  /// `gen(nx, ny, travel, cost)` generates the successor (nx, ny) with a travel code of the
  /// caller's choosing (the JPS searches use the `Direction8` value of the segment's last move,
  /// or a `kDiagonalContinuation` code) and `cost`, the segment's cost from (x, y): its
  /// `segment_cost`, which must equal the octile distance between the two cells. Fills status,
  /// finish and stats of `r`; `r.finish` is the goal or, for a partial result, the expanded node
  /// closest to the goal (octile distance, earliest on ties).
  /// g counts every cell as cost 1; `unit_cost` (the layer's one passable cost) scales
  /// `limits.max_cost` here and the result's costs in `write_path`.
  template <class Expand>
  void run(int cols, int rows, GridCoord from, GridCoord to, const SearchLimits& limits,
           std::uint8_t unit_cost, Expand&& expand, PathResult& r) {
    run_loop<false>(cols, rows, from, to, limits, unit_cost, expand, r);
  }

  /// `run` a slice at a time (sliced queries: `Jps::start_query`, docs/sliced.md): the first call
  /// after `start_slices()` initialises the search as `run` does, every call expands at most
  /// `budget` nodes and pauses between two pops once the budget is spent (`r.status` =
  /// `in_progress`, stats so far, `r.finish` the closest expanded node so far); the next call
  /// resumes there, with the same arguments. Once the search ends, `r` is exactly `run`'s result
  /// (same expansions, same ties). Calls of `run` in between start over (`start_slices` first).
  /// Complexity: as `run`, per slice. Allocates nothing after `ensure`.
  template <class Expand>
  void run_slice(int cols, int rows, GridCoord from, GridCoord to, const SearchLimits& limits,
                 std::uint8_t unit_cost, std::uint64_t budget, Expand&& expand, PathResult& r) {
    cursor_.budget = budget;
    run_loop<true>(cols, rows, from, to, limits, unit_cost, expand, r);
  }
  /// Makes the next `run_slice` start a new search. O(1).
  void start_slices() noexcept { cursor_.started = false; }

 private:
  // The open list's key layout for a cols x rows grid (see `run_loop`): f in the high bits from
  // `f_shift` on (f_limit the largest it holds), h >> h_shift in the low f_shift bits. O(1).
  struct KeyLayout {
    int f_shift;
    int h_shift;
    std::uint64_t f_limit;
  };
  [[nodiscard]] KeyLayout key_layout(int cols, int rows) const noexcept {
    const auto side = static_cast<std::uint64_t>(cols > rows ? cols : rows);
    const std::uint64_t f_bound =
        (static_cast<std::uint64_t>(cols) * static_cast<std::uint64_t>(rows) + 2 * side) *
        cost::kDiagonal;
    const int f_shift =
        64 - (debug_f_bits_ > 0 ? debug_f_bits_ : static_cast<int>(std::bit_width(f_bound)));
    const int h_bits = static_cast<int>(std::bit_width(side * cost::kDiagonal));
    return {f_shift, h_bits > f_shift ? h_bits - f_shift : 0, ~std::uint64_t{0} >> f_shift};
  }

  template <bool Sliced, class Expand>
  void run_loop(int cols, int rows, GridCoord from, GridCoord to, const SearchLimits& limits,
                std::uint8_t unit_cost, Expand& expand, PathResult& r) {
    // Sliced: a call after the first resumes where the last one paused (the open list, hot stack
    // and node records are as it left them; its carried locals come back from `cursor_`).
    const bool resume = Sliced && cursor_.started;
    cols_ = cols;
    std::uint64_t max_g = cost::from_units(limits.max_cost);            // NaN, < 0: 0; +inf: none
    if (max_g != cost::kInfinite && unit_cost > 1) max_g /= unit_cost;  // g * unit <= limit
    if (!resume) {
      nodes_.next_generation();
      heap_.clear();
    }
    const std::uint32_t open = nodes_.open_stamp();
    const std::uint32_t closed = nodes_.closed_stamp();
    const std::uint32_t goal_key = cell_key(to.x, to.y);
    // Open-list keys: f in the high bits, exact; h in the f_shift low bits, truncated, breaks ties
    // (larger g first). The room for f: a shortest path has at most cells - 1 moves, a successor
    // adds one segment to it and h one more, each under `side` diagonal moves, so f < (cells + 2 *
    // side) * kDiagonal for nodes reached along shortest paths. JPS may reach a node first along
    // a longer one, so a larger f is possible: it re-keys the open list by f alone
    // (`widen_keys`), and the order stays exact.
    const KeyLayout layout = key_layout(cols, rows);
    int f_shift = layout.f_shift;
    int h_shift = layout.h_shift;
    std::uint64_t f_limit = layout.f_limit;  // the largest f a key can hold
    Node* const nodes = nodes_.data();
    // Pool entries this query may use before stale ones are purged (see `ensure`).
    std::size_t pool_limit = static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows);
    if (debug_pool_limit_ != 0 && debug_pool_limit_ < pool_limit) pool_limit = debug_pool_limit_;
    std::uint32_t* hot = hot_.data();  // the hot stack: hot_[0 .. hot_top - 1] (a local count,
    std::size_t hot_top = 0;           // kept in a register)
    if (!resume) {
      nodes[index(from.x, from.y)] = Node{kNoParent, open, cell_key(from.x, from.y)};
      hot[hot_top++] = cell_key(from.x, from.y);
    }
    std::uint64_t f_cur = octile_distance_fixed(from, to);
    std::uint64_t generated = 1;
    std::uint64_t expanded = 0;
    std::uint32_t best = cell_key(from.x, from.y);  // of the partial result
    std::uint64_t best_dist = f_cur;
    r.status = SearchStatus::unreachable;
    bool pruned = false;
    [[maybe_unused]] std::uint64_t stop_at = 0;  // sliced: pause once `expanded` reaches it
    if constexpr (Sliced) {
      if (resume) {
        const Cursor& k = cursor_;
        f_shift = k.f_shift;
        h_shift = k.h_shift;
        f_limit = k.f_limit;
        pool_limit = k.pool_limit;
        hot_top = k.hot_top;
        f_cur = k.f_cur;
        generated = k.generated;
        expanded = k.expanded;
        best = k.best;
        best_dist = k.best_dist;
        pruned = k.pruned;
      }
      const std::uint64_t room = ~std::uint64_t{0} - expanded;
      stop_at = expanded + (cursor_.budget < room ? cursor_.budget : room);
    }

    for (;;) {
      if constexpr (Sliced) {
        // Out of budget: pause between two pops (nothing half done), keeping the carried locals.
        if (expanded >= stop_at && (hot_top != 0 || !heap_.empty())) {
          cursor_ =
              Cursor{cursor_.budget, true,  pruned,    f_shift,  h_shift,   f_limit, pool_limit,
                     hot_top,        f_cur, generated, expanded, best_dist, best};
          r.status = SearchStatus::in_progress;
          r.stats.expanded = expanded;
          r.stats.generated = generated;
          r.finish = cell_of_key(best);
          return;
        }
      }
      std::uint32_t key;
      if (hot_top != 0) {
        key = hot[--hot_top];
      } else if (!heap_.empty()) {
        const auto top = heap_.pop();
        key = top.value;
        f_cur = top.key >> f_shift;
      } else {
        break;
      }
      const GridCoord c = cell_of_key(key);
      Node& rec = nodes[index(c.x, c.y)];
      if (rec.stamp != open) continue;  // closed already: a stale duplicate
      if (key == goal_key) {
        r.status = SearchStatus::found;
        best = key;
        break;
      }
      if (expanded >= limits.max_expansions) {
        r.status = SearchStatus::expansion_limit;
        break;
      }
      rec.stamp = closed;
      ++expanded;
      const std::uint64_t g = rec.g_travel >> 8;
      // Closer to the goal (h: octile distance to `to`)? Without a branch.
      const std::uint64_t d = f_cur - g;
      best = d < best_dist ? key : best;
      best_dist = d < best_dist ? d : best_dist;
      auto gen = [&](int nx, int ny, std::uint8_t travel, std::uint64_t seg) PATHING_ALWAYS_INLINE {
        const std::uint64_t ng = g + seg;
        Node& nr = nodes[index(nx, ny)];
        // Closed, or open with a g no larger? One branch (the tests are cheap, the branches
        // unpredictable).
        const std::uint32_t st = nr.stamp;
        if ((st > open) | ((st == open) & (ng >= nr.g_travel >> 8))) return;
        if (ng > max_g) {
          pruned = true;
          return;
        }
        const std::uint32_t n = cell_key(nx, ny);
        nr = Node{(ng << 8) | travel, open, key};
        const std::uint64_t h = octile_distance_fixed(GridCoord{nx, ny}, to);
        if (ng + h == f_cur) {
          // Among the best open nodes, and deeper: expand it next.
          if (hot_top == hot_.size()) [[unlikely]] {
            hot = hot_.grow();
          }
          hot[hot_top++] = n;
        } else {
          if (ng + h > f_limit) [[unlikely]] {
            widen_keys(f_shift);  // the keys become f alone
            f_shift = 0;
            h_shift = 63;  // h < 2^63: no tie-break bits
            f_limit = ~std::uint64_t{0};
          }
          if (heap_.pool_used() >= pool_limit) [[unlikely]] {
            pool_limit = purge_stale(open, f_shift, to, pool_limit);
          }
          heap_.push(((ng + h) << f_shift) | (h >> h_shift), n);
        }
        ++generated;
      };
      expand(c.x, c.y, static_cast<std::uint8_t>(rec.g_travel), gen);
    }
    if (r.status == SearchStatus::unreachable && pruned) r.status = SearchStatus::cost_limit;
    r.stats.expanded = expanded;
    r.stats.generated = generated;
    r.finish = cell_of_key(best);
    last_finish_ = r.finish;
    has_last_ = true;
    if constexpr (Sliced) cursor_.started = false;
  }

 public:
  /// Writes every cell of the path from the start to `r.finish` (both included) into `out`,
  /// reusing its capacity, and sets `r.moves` and `r.cost` (exact, `cost::exact_length`, times
  /// the layer's uniform cost `unit_cost`). Call right after `run`. O(path length).
  void write_path(PathResult& r, std::vector<GridCoord>& out, std::uint8_t unit_cost = 1) const {
    std::uint64_t steps = 0;
    const std::uint32_t finish = cell_key(r.finish.x, r.finish.y);
    for (std::uint32_t k = finish; parent(k) != k; k = parent(k)) {
      const GridCoord a = cell_of_key(parent(k));
      const GridCoord b = cell_of_key(k);
      const int adx = std::abs(b.x - a.x);
      const int ady = std::abs(b.y - a.y);
      steps += static_cast<std::uint64_t>(adx > ady ? adx : ady);
    }
    out.resize(static_cast<std::size_t>(steps) + 1);
    GridCoord* pos = out.data() + steps;
    *pos = r.finish;
    std::uint64_t straight = 0;
    std::uint64_t diagonal = 0;
    for (std::uint32_t k = finish; parent(k) != k; k = parent(k)) {
      const GridCoord a = cell_of_key(parent(k));
      GridCoord c = cell_of_key(k);
      const int sx = c.x > a.x ? 1 : (c.x < a.x ? -1 : 0);
      const int sy = c.y > a.y ? 1 : (c.y < a.y ? -1 : 0);
      const int adx = std::abs(c.x - a.x);
      const int ady = std::abs(c.y - a.y);
      // Diagonal-first from a: walking back from c, the straight part comes first.
      const int diag = adx < ady ? adx : ady;
      const int rest = (adx > ady ? adx : ady) - diag;
      const int rx = adx > ady ? sx : 0;
      const int ry = adx > ady ? 0 : sy;
      // Each cell from its distance to c (no chain through the previous cell: vectorisable).
      pos -= rest;
      for (int i = 0; i < rest; ++i)
        pos[i] = GridCoord{c.x - (rest - i) * rx, c.y - (rest - i) * ry};
      c.x -= rest * rx;
      c.y -= rest * ry;
      pos -= diag;
      for (int i = 0; i < diag; ++i)
        pos[i] = GridCoord{c.x - (diag - i) * sx, c.y - (diag - i) * sy};
      straight += static_cast<std::uint64_t>(rest);
      diagonal += static_cast<std::uint64_t>(diag);
    }
    r.moves = static_cast<std::uint32_t>(steps);
    r.cost = cost::exact_length(straight * unit_cost, diagonal * unit_cost);
  }

  /// The turning points of the path `write_path` would write, into `out` (capacity reused): the
  /// start, every cell where the direction of the next move differs from that of the move into
  /// it, and `r.finish` (the start alone when they are the same cell). Consecutive points are
  /// joined by a straight or 45-degree diagonal run of the path's cells. Sets `r.moves` and
  /// `r.cost` as `write_path` does. Call right after `run`. O(jump points); allocates only when
  /// `out` holds less than twice the jump points.
  void write_turning_points(PathResult& r, std::vector<GridCoord>& out,
                            std::uint8_t unit_cost = 1) const {
    const std::uint32_t finish = cell_key(r.finish.x, r.finish.y);
    std::size_t count = 1;  // jump points
    std::uint64_t straight = 0;
    std::uint64_t diagonal = 0;
    for (std::uint32_t k = finish; parent(k) != k; k = parent(k)) {
      const GridCoord a = cell_of_key(parent(k));
      const GridCoord b = cell_of_key(k);
      const int adx = std::abs(b.x - a.x);
      const int ady = std::abs(b.y - a.y);
      const int diag = adx < ady ? adx : ady;
      diagonal += static_cast<std::uint64_t>(diag);
      straight += static_cast<std::uint64_t>((adx > ady ? adx : ady) - diag);
      ++count;
    }
    // Backwards from the finish into the top of `out`: each segment adds its bend (when it has a
    // diagonal and a straight part) and its start; a point between two runs of one direction is
    // overwritten by the next one. At most 2 * count - 1 points.
    out.resize(2 * count);
    GridCoord* const o = out.data();
    std::size_t top = out.size() - 1;
    o[top] = r.finish;
    GridCoord run{0, 0};  // direction from o[top] to the point after it (none yet)
    auto add = [&](GridCoord p) PATHING_ALWAYS_INLINE {
      const GridCoord n = o[top];
      const GridCoord d{(n.x > p.x) - (n.x < p.x), (n.y > p.y) - (n.y < p.y)};
      if (d == run) {
        o[top] = p;
      } else {
        o[--top] = p;
        run = d;
      }
    };
    for (std::uint32_t k = finish; parent(k) != k; k = parent(k)) {
      const GridCoord a = cell_of_key(parent(k));
      const GridCoord c = cell_of_key(k);
      const int sx = (c.x > a.x) - (c.x < a.x);
      const int sy = (c.y > a.y) - (c.y < a.y);
      const int adx = std::abs(c.x - a.x);
      const int ady = std::abs(c.y - a.y);
      const int diag = adx < ady ? adx : ady;
      // Diagonal-first from a: the bend is diag diagonal moves from a.
      if (diag != 0 && adx != ady) add(GridCoord{a.x + diag * sx, a.y + diag * sy});
      add(a);
    }
    const std::size_t n = out.size() - top;
    for (std::size_t i = 0; i < n; ++i) o[i] = o[top + i];
    out.resize(n);
    r.moves = static_cast<std::uint32_t>(straight + diagonal);
    r.cost = cost::exact_length(straight * unit_cost, diagonal * unit_cost);
  }

  /// The jump points of the last path `run` produced (start, every node on the chain, finish),
  /// into `out` (capacity reused). Empty when no search ran yet. O(jump points).
  void write_jump_points(std::vector<GridCoord>& out) const {
    out.clear();
    if (!has_last_) return;
    const std::uint32_t finish = cell_key(last_finish_.x, last_finish_.y);
    std::size_t count = 1;
    for (std::uint32_t k = finish; parent(k) != k; k = parent(k)) ++count;
    out.resize(count);
    std::uint32_t k = finish;
    for (std::size_t i = count; i-- > 0; k = parent(k)) out[i] = cell_of_key(k);
  }

  /// Forgets the last path (e.g. after an `invalid_endpoint` query).
  void forget_last() noexcept { has_last_ = false; }

  /// Testing hook: sets the generation counter, e.g. near 2^32 to force the wrap-around.
  void debug_force_generation(std::uint32_t g) noexcept { nodes_.force_generation(g); }

  /// Testing hook: the open-list keys of later queries make room for f values of `bits` bits
  /// only (1..63; 0: the normal room), so that a larger f re-keys the open list as a pathological
  /// grid would; `debug_widenings()` counts those re-keyings.
  void debug_limit_key_room(int bits) noexcept { debug_f_bits_ = bits; }
  /// Testing hook: how many times an f outgrew the open-list keys (see `run`).
  [[nodiscard]] std::uint64_t debug_widenings() const noexcept { return widenings_; }
  /// Testing hook: later queries purge stale open-list entries once they used `entries` pool
  /// entries (0: the normal trigger, the grid's cell count; see `ensure`), to exercise purges on
  /// small maps.
  void debug_limit_pool(std::size_t entries) noexcept { debug_pool_limit_ = entries; }
  /// Testing hook: how many times a query purged stale open-list entries (see `ensure`).
  [[nodiscard]] std::uint64_t debug_purges() const noexcept { return purges_; }

 private:
  // One node: g << 8 | travel code (g < 2^53 for any grid), the generation stamp, and the cell
  // key of the jump point it was reached from (its own key at the start).
  struct Node {
    std::uint64_t g_travel = 0;
    std::uint32_t stamp = 0;
    std::uint32_t from = 0;
  };
  static_assert(sizeof(Node) == 16);

  // Re-keys the open list by f alone, from keys made with `f_shift`: for an f beyond the room
  // `run` made for it. In place (shifting right keeps the keys' order). Allocates nothing.
  PATHING_NOINLINE void widen_keys(int f_shift) {
    heap_.rebuild(heap_.last_key() >> f_shift, [f_shift](std::uint64_t& key, std::uint32_t) {
      key >>= f_shift;
      return true;
    });
    ++widenings_;
  }
  // Drops the open list's stale entries in place (see `ensure`): an entry is kept when its cell
  // is open (stamp `open`) and the f of its key (keys made with `f_shift`) is the cell's g + h,
  // h the octile distance to `to`. O(pool entries used). Allocates nothing. Returns the pool
  // limit for the next purge: `limit` unchanged, but for a `debug_limit_pool` limit below the
  // entries kept (then twice those, within the pool's capacity: no purge at every push).
  PATHING_NOINLINE std::size_t purge_stale(std::uint32_t open, int f_shift, GridCoord to,
                                           std::size_t limit) {
    const Node* const nodes = nodes_.data();
    heap_.rebuild(heap_.last_key(), [&](std::uint64_t& key, std::uint32_t value) {
      const GridCoord c = cell_of_key(value);
      const Node& rec = nodes[index(c.x, c.y)];
      return rec.stamp == open &&
             (rec.g_travel >> 8) + octile_distance_fixed(c, to) == key >> f_shift;
    });
    ++purges_;
    const std::size_t used = heap_.pool_used();
    if (used < limit) return limit;
    return 2 * used < heap_.capacity() ? 2 * used : heap_.capacity();
  }

  [[nodiscard]] PATHING_ALWAYS_INLINE std::size_t index(int x, int y) const noexcept {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(cols_) +
           static_cast<std::size_t>(x);
  }
  [[nodiscard]] std::uint32_t parent(std::uint32_t key) const noexcept {
    const GridCoord c = cell_of_key(key);
    return nodes_[index(c.x, c.y)].from;
  }

  // The loop's carried locals between the calls of a sliced search (`run_slice`).
  struct Cursor {
    std::uint64_t budget = 0;  // expansions this call may make
    bool started = false;      // the loop ran before: resume instead of initialising
    bool pruned = false;
    int f_shift = 0;
    int h_shift = 0;
    std::uint64_t f_limit = 0;
    std::size_t pool_limit = 0;
    std::size_t hot_top = 0;
    std::uint64_t f_cur = 0;
    std::uint64_t generated = 0;
    std::uint64_t expanded = 0;
    std::uint64_t best_dist = 0;
    std::uint32_t best = 0;
  };

  BasicNodeTable<Node> nodes_;
  PooledRadixHeap<std::uint32_t> heap_;
  // Cell keys of successors with f equal to the minimum (LIFO; the count lives in `run`).
  HotStack<std::uint32_t> hot_;
  int cols_ = 1;
  GridCoord last_finish_;
  bool has_last_ = false;
  int debug_f_bits_ = 0;
  std::uint64_t widenings_ = 0;
  std::uint64_t purges_ = 0;
  std::size_t debug_pool_limit_ = 0;
  Cursor cursor_;
};

}  // namespace pathing::detail
